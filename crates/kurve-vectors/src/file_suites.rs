//! Runners for the files of `shared/vectors`: every loader of this crate fed
//! to kurve through the run-time registry ([`kurve::curves::by_name`]).
//!
//! Each runner returns one [`SuiteResult`] per (source file × curve), curves
//! in the order they first appear in the file. The outcome policy is the one
//! of [`crate::suites`]; in addition:
//!
//! - a loader error (vectors directory or file missing, malformed file) gives
//!   one row with `failed = 1` and the error as its failure — never an empty
//!   or passing result; a file that loads but yields no record is a failure
//!   too;
//! - records on curves kurve does not have (the binary K-/B- curves of the
//!   CAVP and RFC 6979 files) are counted as skipped, grouped in one row per
//!   curve with the note `curve not in kurve`;
//! - a record whose hash kurve does not know is skipped (with a note); none
//!   occurs in these files, and the tests require `skipped == 0` on every
//!   curve kurve has.
//!
//! | suite | kind | what a case must satisfy (all of it) |
//! |---|---|---|
//! | `cavp/186-{2,3}/KeyPair` | `keypair` | `public_key(d)` = 04‖Qx‖Qy |
//! | `cavp/186-{2,3}/PKV` | `pkv` | `encode_point(04‖Qx‖Qy)` succeeds iff valid (a coordinate longer than `field_bytes` cannot be encoded: rejected); invalid ⇒ `ecdh(d₀, Q)` fails too; valid ⇒ `encode_point` returns Q unchanged and `ecdh(d₀, Q)` = x of `mul_vartime(d₀, Q)` |
//! | `cavp/186-{2,3}/SigGen` (`.txt`) | `ecdsa-siggen` | `ecdsa_sign_with_nonce_hazmat(d, k)` = r‖s (P1363) and = DER(r, s) (DER); `public_key(d)` = Q; `ecdsa_verify` accepts r‖s and DER(r, s) |
//! | `cavp/186-{2,3}/SigGen.rsp` | `ecdsa-siggen` | `ecdsa_verify` accepts r‖s and DER(r, s) under Q |
//! | `cavp/secp256k1/SigGen` | `ecdsa-siggen` | as `.rsp`, plus `public_key(d)` = Q |
//! | `cavp/186-{2,3}/SigVer`, `pycryptodome/SigVer_TruncatedSHAs` | `ecdsa-sigver` | `ecdsa_verify` of r‖s (P1363) and of DER(r, s) both return the record's validity (r, s longer than `scalar_bytes` or Q longer than `field_bytes`: rejected) |
//! | `rfc6979` | `ecdsa-rfc6979` | sign: `ecdsa_sign(Der, no extra entropy, no low-S)` = the file's DER signature byte for byte, `public_key(d)` = Q, and it verifies; verify: result = validity |
//! | `pycryptodome/KAS_ECC_CDH` | `ecdh-cdh` | `ecdh(dIUT, QCAVS)` = ZIUT; `public_key(dIUT)` = QIUT |
//! | `cavp/KASValidity_*` | `ecdh-kas` | see [`kas_validity`] for the reason → check mapping |
//! | `rfc7027/brainpool` | `ecdh-cdh` | `ecdh(dA, qB)` = `ecdh(dB, qA)` = x_Z; `mul(dA, qB)` = (x_Z, y_Z); `public_key(dA)` = qA, `public_key(dB)` = qB |
//! | `cryptography/compressed_points` | `compressed` | `encode_point(02/03‖x)` = 04‖x‖y and `encode_point(04‖x‖y, compressed)` = the file's point |
//! | `pycryptodome/kG` | `kG` | `mul_base(k)`, `mul(k, G)`, `mul_vartime(k, G)` all = (x, y) |
//! | `pycryptodome/wycheproof-bitcoin` | `ecdsa-sigver` | `ecdsa_verify(DER, require_low_s)` accepts valid, rejects invalid |

use crate::fips186::{Fips186, SigGenRecord, SigVerRecord};
use crate::kas::{KasFile, KasValidityRecord};
use crate::suites::SuiteResult;
use crate::wycheproof::WycheproofResult;
use crate::Error;
use kurve::curves::{self, CurveOps};
use kurve::encoding::der::encode_ecdsa_sig;
use kurve::proto::{HashAlg, SigFormat};

/// Note of the rows of curves kurve does not have.
pub const CURVE_NOT_IN_KURVE: &str = "curve not in kurve";

// ---------------------------------------------------------------------------
// Row bookkeeping
// ---------------------------------------------------------------------------

/// The rows of one source file: one per curve, in order of first appearance.
struct Rows {
    suite: String,
    kind: &'static str,
    rows: Vec<SuiteResult>,
}

impl Rows {
    fn new(suite: &str, kind: &'static str) -> Self {
        Rows { suite: suite.to_string(), kind, rows: Vec::new() }
    }

    fn row(&mut self, curve: &str) -> &mut SuiteResult {
        let i = match self.rows.iter().position(|r| r.curve == curve) {
            Some(i) => i,
            None => {
                self.rows.push(SuiteResult::new(curve, &self.suite, self.kind));
                self.rows.len() - 1
            }
        };
        &mut self.rows[i]
    }

    /// Runs `f` on the curve's row with kurve's entry for it, or counts the
    /// record as skipped when kurve has no such curve.
    fn run(&mut self, curve: &str, f: impl FnOnce(&dyn CurveOps, &mut SuiteResult)) {
        match curves::by_name(curve) {
            Some(c) => f(c, self.row(c.name())),
            None => {
                let r = self.row(curve);
                r.skipped += 1;
                r.note = Some(CURVE_NOT_IN_KURVE.to_string());
            }
        }
    }

    fn finish(self) -> Vec<SuiteResult> {
        if self.rows.is_empty() {
            let mut r = SuiteResult::new("-", &self.suite, self.kind);
            r.record(false, || "the file yielded no records".to_string());
            return vec![r];
        }
        self.rows
    }
}

/// The row of a file that could not be loaded: one failure saying why.
fn load_error(suite: &str, kind: &str, e: &Error) -> Vec<SuiteResult> {
    let mut r = SuiteResult::new("-", suite, kind);
    r.record(false, || format!("not run: {e}"));
    vec![r]
}

/// Collects what went wrong with one case.
#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if !ok {
            self.0.push(what());
        }
    }
    fn record(self, r: &mut SuiteResult, source: &str, line: usize) {
        let Problems(p) = self;
        r.record(p.is_empty(), || format!("{source}:{line}: {}", p.join("; ")));
    }
}

// ---------------------------------------------------------------------------
// Byte helpers
// ---------------------------------------------------------------------------

fn hx(b: &[u8]) -> String {
    hex::encode(b)
}

fn show(r: &Result<kurve::ByteBuf, kurve::Error>) -> String {
    match r {
        Ok(b) => hx(b.as_slice()),
        Err(e) => format!("Err({e:?})"),
    }
}

/// `v` left-padded to `len` bytes, or None if its value does not fit.
fn fit(v: &[u8], len: usize) -> Option<Vec<u8>> {
    let p = crate::pad_to(v, len);
    (p.len() == len).then_some(p)
}

/// 04‖x‖y with both coordinates `field_bytes()` long, or None if one of
/// them is too large to be encoded at all (an out-of-range PKV coordinate).
fn sec1(c: &dyn CurveOps, x: &[u8], y: &[u8]) -> Option<Vec<u8>> {
    let fb = c.field_bytes();
    let (x, y) = (fit(x, fb)?, fit(y, fb)?);
    let mut p = Vec::with_capacity(1 + 2 * fb);
    p.push(4);
    p.extend_from_slice(&x);
    p.extend_from_slice(&y);
    Some(p)
}

/// r‖s, each `scalar_bytes()` long, or None if r or s does not fit.
fn p1363(c: &dyn CurveOps, r: &[u8], s: &[u8]) -> Option<Vec<u8>> {
    let sb = c.scalar_bytes();
    let mut out = fit(r, sb)?;
    out.extend_from_slice(&fit(s, sb)?);
    Some(out)
}

/// A private key `scalar_bytes()` long (the loaders pad to the same length;
/// a value that does not fit is passed on unchanged, for kurve to reject).
fn key(c: &dyn CurveOps, d: &[u8]) -> Vec<u8> {
    crate::pad_to(d, c.scalar_bytes())
}

fn eq(got: &Result<kurve::ByteBuf, kurve::Error>, want: &[u8]) -> bool {
    matches!(got, Ok(b) if b.as_slice() == want)
}

/// kurve's hash for a normalized hash name, or None (record skipped).
fn hash_of(name: &str) -> Option<HashAlg> {
    HashAlg::from_name(name)
}

// ---------------------------------------------------------------------------
// FIPS 186-2 / 186-3 (cryptography-vectors, NIST CAVP)
// ---------------------------------------------------------------------------

fn ed_name(ed: Fips186) -> &'static str {
    match ed {
        Fips186::V2 => "186-2",
        Fips186::V3 => "186-3",
    }
}

/// `cavp/186-x/KeyPair` (`keypair`): `public_key(d)` = 04‖Qx‖Qy.
pub fn keypair(ed: Fips186) -> Vec<SuiteResult> {
    let suite = format!("cavp/{}/KeyPair", ed_name(ed));
    let recs = match crate::load_keypair(ed) {
        Ok(v) => v,
        Err(e) => return load_error(&suite, "keypair", &e),
    };
    let mut rows = Rows::new(&suite, "keypair");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            let want = sec1(c, &rec.qx, &rec.qy);
            let got = c.public_key(&key(c, &rec.d), false);
            p.check(want.as_deref().is_some_and(|w| eq(&got, w)), || {
                format!("public_key(d) = {}, want 04{}{}", show(&got), hx(&rec.qx), hx(&rec.qy))
            });
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

/// A fixed private key for the PKV ECDH check (any valid key would do).
fn pkv_key(c: &dyn CurveOps) -> Vec<u8> {
    let mut d = vec![0u8; c.scalar_bytes()];
    let n = d.len();
    d[n - 4..].copy_from_slice(&[0x1d, 0x2c, 0x3b, 0x4a]);
    d
}

/// `cavp/186-x/PKV` (`pkv`): public-key validation.
pub fn pkv(ed: Fips186) -> Vec<SuiteResult> {
    let suite = format!("cavp/{}/PKV", ed_name(ed));
    let recs = match crate::load_pkv(ed) {
        Ok(v) => v,
        Err(e) => return load_error(&suite, "pkv", &e),
    };
    let mut rows = Rows::new(&suite, "pkv");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            let d = pkv_key(c);
            // A coordinate longer than field_bytes cannot be encoded: the
            // point is rejected before kurve sees it (fine only if invalid).
            let q = sec1(c, &rec.qx, &rec.qy);
            let decoded = q.as_ref().map(|q| c.encode_point(q, false));
            let shared = q.as_ref().map(|q| c.ecdh(&d, q));
            let accepted = matches!(decoded, Some(Ok(_)));
            p.check(accepted == rec.valid, || {
                format!(
                    "encode_point {} but the record is {} ({})",
                    if accepted { "accepted" } else { "rejected" },
                    if rec.valid { "valid" } else { "invalid" },
                    rec.reason
                )
            });
            match (rec.valid, &q, &decoded, &shared) {
                (true, Some(q), Some(dec), Some(sh)) => {
                    p.check(eq(dec, q), || format!("encode_point changed the point: {}", show(dec)));
                    let m = c.mul_vartime(&d, q);
                    let want_x = m.as_ref().ok().map(|m| m.as_slice()[1..1 + c.field_bytes()].to_vec());
                    p.check(want_x.as_deref().is_some_and(|w| eq(sh, w)), || {
                        format!("ecdh = {}, mul_vartime = {}", show(sh), show(&m))
                    });
                }
                (true, ..) => {} // already reported: a valid point that could not be encoded
                (false, _, _, Some(Ok(z))) => {
                    p.check(false, || format!("ecdh accepted the invalid point: {}", hx(z.as_slice())))
                }
                (false, ..) => {}
            }
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

/// `cavp/186-x/SigGen` (`.txt`, with d and k; `ecdsa-siggen`): exact
/// signature with the given nonce, key pair, and verification.
pub fn siggen(ed: Fips186) -> Vec<SuiteResult> {
    let suite = format!("cavp/{}/SigGen", ed_name(ed));
    match crate::load_siggen(ed) {
        Ok(v) => run_siggen(&suite, &v),
        Err(e) => load_error(&suite, "ecdsa-siggen", &e),
    }
}

/// `cavp/186-x/SigGen.rsp` (no d, k; `ecdsa-siggen`): the given (r, s)
/// verifies under Q.
pub fn siggen_rsp(ed: Fips186) -> Vec<SuiteResult> {
    let suite = format!("cavp/{}/SigGen.rsp", ed_name(ed));
    match crate::load_siggen_rsp(ed) {
        Ok(v) => run_siggen(&suite, &v),
        Err(e) => load_error(&suite, "ecdsa-siggen", &e),
    }
}

/// `cavp/secp256k1/SigGen` (d but no k; `ecdsa-siggen`): key pair and
/// verification of the given (r, s).
pub fn secp256k1_siggen() -> Vec<SuiteResult> {
    let suite = "cavp/secp256k1/SigGen";
    match crate::load_secp256k1_siggen() {
        Ok(v) => run_siggen(suite, &v),
        Err(e) => load_error(suite, "ecdsa-siggen", &e),
    }
}

/// Every check a SigGen record allows: with d, the key pair; with d and k,
/// the exact signature (P1363 and DER); always, verification of (r, s) in
/// both encodings (a SigGen signature is valid by construction).
fn run_siggen(suite: &str, recs: &[SigGenRecord]) -> Vec<SuiteResult> {
    let mut rows = Rows::new(suite, "ecdsa-siggen");
    for rec in recs {
        rows.run(&rec.curve, |c, r| {
            let Some(h) = hash_of(&rec.hash) else {
                r.skip(&format!("hash {} not in kurve", rec.hash));
                return;
            };
            let mut p = Problems::default();
            let q = sec1(c, &rec.qx, &rec.qy).unwrap_or_default();
            let rs = p1363(c, &rec.r, &rec.s).unwrap_or_default();
            let der = encode_ecdsa_sig(&rec.r, &rec.s);
            if let Some(d) = &rec.d {
                let d = key(c, d);
                let pk = c.public_key(&d, false);
                p.check(eq(&pk, &q), || format!("public_key(d) = {}, want {}", show(&pk), hx(&q)));
                if let Some(k) = &rec.k {
                    let k = key(c, k);
                    let sig = c.ecdsa_sign_with_nonce_hazmat(h, &d, &rec.msg, &k, SigFormat::P1363);
                    p.check(eq(&sig, &rs), || format!("sign(P1363) = {}, want {}", show(&sig), hx(&rs)));
                    let sig = c.ecdsa_sign_with_nonce_hazmat(h, &d, &rec.msg, &k, SigFormat::Der);
                    p.check(der.as_ref().is_ok_and(|w| eq(&sig, w.as_slice())), || {
                        format!("sign(DER) = {}, want {}", show(&sig), show(&der))
                    });
                }
            }
            let v = c.ecdsa_verify(h, &q, &rec.msg, &rs, SigFormat::P1363, false);
            p.check(v.is_ok(), || format!("verify(P1363) = {v:?}"));
            match &der {
                Ok(der) => {
                    let v = c.ecdsa_verify(h, &q, &rec.msg, der.as_slice(), SigFormat::Der, false);
                    p.check(v.is_ok(), || format!("verify(DER) = {v:?}"));
                }
                Err(e) => p.check(false, || format!("encode_ecdsa_sig: {e:?}")),
            }
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

/// `cavp/186-x/SigVer` (`ecdsa-sigver`).
pub fn sigver(ed: Fips186) -> Vec<SuiteResult> {
    let suite = format!("cavp/{}/SigVer", ed_name(ed));
    match crate::load_sigver(ed) {
        Ok(v) => run_sigver(&suite, &v),
        Err(e) => load_error(&suite, "ecdsa-sigver", &e),
    }
}

/// `pycryptodome/SigVer_TruncatedSHAs` (`ecdsa-sigver`; SHA-512/224 and
/// SHA-512/256).
pub fn sigver_truncated_shas() -> Vec<SuiteResult> {
    let suite = "pycryptodome/SigVer_TruncatedSHAs";
    match crate::load_sigver_truncated_shas() {
        Ok(v) => run_sigver(suite, &v),
        Err(e) => load_error(suite, "ecdsa-sigver", &e),
    }
}

/// Verification must return the record's validity, for r‖s (P1363) and for
/// DER(r, s). A Q, r or s too long to encode counts as rejected.
fn run_sigver(suite: &str, recs: &[SigVerRecord]) -> Vec<SuiteResult> {
    let mut rows = Rows::new(suite, "ecdsa-sigver");
    for rec in recs {
        rows.run(&rec.curve, |c, r| {
            let Some(h) = hash_of(&rec.hash) else {
                r.skip(&format!("hash {} not in kurve", rec.hash));
                return;
            };
            let mut p = Problems::default();
            let q = sec1(c, &rec.qx, &rec.qy);
            let rs = p1363(c, &rec.r, &rec.s);
            let got = match (&q, &rs) {
                (Some(q), Some(rs)) => c.ecdsa_verify(h, q, &rec.msg, rs, SigFormat::P1363, false),
                _ => Err(kurve::Error::InvalidLength),
            };
            p.check(got.is_ok() == rec.valid, || {
                format!("verify(P1363) = {got:?}, record valid = {} ({})", rec.valid, rec.reason)
            });
            let got = match (&q, encode_ecdsa_sig(&rec.r, &rec.s)) {
                (Some(q), Ok(der)) => c.ecdsa_verify(h, q, &rec.msg, der.as_slice(), SigFormat::Der, false),
                (_, Err(e)) => Err(e),
                (None, _) => Err(kurve::Error::InvalidLength),
            };
            p.check(got.is_ok() == rec.valid, || {
                format!("verify(DER) = {got:?}, record valid = {} ({})", rec.valid, rec.reason)
            });
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

// ---------------------------------------------------------------------------
// RFC 6979 (cryptography-vectors, OpenSSL evp_test format)
// ---------------------------------------------------------------------------

/// `rfc6979` (`ecdsa-rfc6979`): deterministic signatures byte for byte, and
/// verification results.
pub fn rfc6979() -> Vec<SuiteResult> {
    let suite = "rfc6979";
    let recs = match crate::load_rfc6979() {
        Ok(v) => v,
        Err(e) => return load_error(suite, "ecdsa-rfc6979", &e),
    };
    let mut rows = Rows::new(suite, "ecdsa-rfc6979");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let Some(h) = hash_of(&rec.hash) else {
                r.skip(&format!("hash {} not in kurve", rec.hash));
                return;
            };
            let mut p = Problems::default();
            let q = sec1(c, &rec.qx, &rec.qy).unwrap_or_default();
            match rec.op {
                crate::Rfc6979Op::Sign => {
                    if !h.supports_hmac() {
                        r.skip("hash without HMAC cannot drive RFC 6979");
                        return;
                    }
                    let d = key(c, &rec.d);
                    let pk = c.public_key(&d, false);
                    p.check(eq(&pk, &q), || format!("public_key(d) = {}, want {}", show(&pk), hx(&q)));
                    let sig = c.ecdsa_sign(h, &d, &rec.msg, SigFormat::Der, &[], false);
                    p.check(eq(&sig, &rec.signature), || {
                        format!("sign = {}, want {}", show(&sig), hx(&rec.signature))
                    });
                    let v = c.ecdsa_verify(h, &q, &rec.msg, &rec.signature, SigFormat::Der, false);
                    p.check(v.is_ok(), || format!("verify = {v:?}"));
                }
                crate::Rfc6979Op::Verify => {
                    let v = c.ecdsa_verify(h, &q, &rec.msg, &rec.signature, SigFormat::Der, false);
                    p.check(v.is_ok() == rec.valid, || format!("verify = {v:?}, record valid = {}", rec.valid));
                }
            }
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

// ---------------------------------------------------------------------------
// ECDH: CAVP CDH primitive (pycryptodome), KAS validity (cryptography),
// RFC 7027 brainpool (cryptography)
// ---------------------------------------------------------------------------

/// `pycryptodome/KAS_ECC_CDH` (`ecdh-cdh`): `ecdh(dIUT, QCAVS)` = ZIUT and
/// `public_key(dIUT)` = QIUT (every record is valid).
pub fn cdh_primitive() -> Vec<SuiteResult> {
    let suite = "pycryptodome/KAS_ECC_CDH";
    let recs = match crate::load_cdh_primitive() {
        Ok(v) => v,
        Err(e) => return load_error(suite, "ecdh-cdh", &e),
    };
    let mut rows = Rows::new(suite, "ecdh-cdh");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            let d = key(c, &rec.d_iut);
            let peer = sec1(c, &rec.qcavs_x, &rec.qcavs_y).unwrap_or_default();
            let z = c.ecdh(&d, &peer);
            p.check(eq(&z, &rec.z_iut), || format!("ecdh = {}, want {}", show(&z), hx(&rec.z_iut)));
            let own = sec1(c, &rec.qiut_x, &rec.qiut_y).unwrap_or_default();
            let pk = c.public_key(&d, false);
            p.check(eq(&pk, &own), || format!("public_key(dIUT) = {}, want {}", show(&pk), hx(&own)));
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

/// What a KAS validity record tests, from the number that starts its
/// `Result` reason (the reason strings of the four files, with counts per
/// ZZ-only / KDF file, are listed on each variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KasCase {
    /// `P (0 - Correct)` (80 / 60), `P (13 - Z value should have leading 0
    /// nibble )` (10 / 20), `P (14 - DKM value should have leading 0 nibble )`
    /// (0 / 20): everything is right.
    Correct,
    /// `F (1 - CAVS's Static public key X fails PKV 5.6.2.5)`,
    /// `F (2 - CAVS's Static public key Y fails PKV 5.6.2.5)` (10+10 / 20+20):
    /// QsCAVS is not a valid public key.
    CavsKeyInvalid,
    /// `F (5 - IUT's Static public key X fails PKV 5.6.2.5)`,
    /// `F (6 - IUT's Static public key Y fails PKV 5.6.2.5)`: QsIUT is not a
    /// valid public key.
    IutKeyInvalid,
    /// `F (7 - IUT's Static private key d changed-prikey validity)`: dsIUT
    /// no longer matches QsIUT.
    IutKeyPairMismatch,
    /// `F (8 - Z changed )`: the file's Z is wrong.
    ZChanged,
    /// `F (9 - DKM changed )`, `F (10 - OI changed )`, `F (11 - MACData
    /// changed )`, `F (12 - Tag changed )` (KDF files only, 20 each): the
    /// failure is in the KDF / MAC layer, which kurve does not implement; Z
    /// and both key pairs are correct (see the [`crate::kas`] docs), so the
    /// record is checked as [`KasCase::Correct`] at the ECDH level.
    KdfOrMacOnly,
}

impl KasCase {
    /// The case for a `Result` reason, and the `Result` (P = true) it must
    /// come with; None for a reason this runner does not know (a failure).
    fn of(reason: &str) -> Option<(KasCase, bool)> {
        let num: u32 = reason.split(|ch: char| !ch.is_ascii_digit()).next()?.parse().ok()?;
        Some(match num {
            0 | 13 | 14 => (KasCase::Correct, true),
            1 | 2 => (KasCase::CavsKeyInvalid, false),
            5 | 6 => (KasCase::IutKeyInvalid, false),
            7 => (KasCase::IutKeyPairMismatch, false),
            8 => (KasCase::ZChanged, false),
            9..=12 => (KasCase::KdfOrMacOnly, false),
            _ => return None,
        })
    }
}

fn kas_suite(file: KasFile) -> &'static str {
    match file {
        KasFile::ZzOnlyInit => "cavp/KASValidity_ZZOnly_init",
        KasFile::ZzOnlyResp => "cavp/KASValidity_ZZOnly_resp",
        KasFile::KdfConcatInit => "cavp/KASValidity_KDFConcat_init",
        KasFile::KdfConcatResp => "cavp/KASValidity_KDFConcat_resp",
    }
}

/// `cavp/KASValidity_*` (`ecdh-kas`): the static-unified KAS validity tests
/// at the ECDH level. With `a = ecdh(dsIUT, QsCAVS)` (the IUT's view) and
/// `b = ecdh(dsCAVS, QsIUT)` (the CAVS's view), a record passes when:
///
/// | reason | Result | checks |
/// |---|---|---|
/// | 0, 13, 14 | P | a = b = Z; `public_key(dsIUT)` = QsIUT; `public_key(dsCAVS)` = QsCAVS |
/// | 9, 10, 11, 12 (KDF/MAC data changed) | F | the same as 0: Z is right, the KDF/MAC layer is not kurve's |
/// | 1, 2 (CAVS key fails PKV) | F | `encode_point(QsCAVS)` and a fail; the IUT half is right: b = Z, `public_key(dsIUT)` = QsIUT |
/// | 5, 6 (IUT key fails PKV) | F | `encode_point(QsIUT)` and b fail; `public_key(dsCAVS)` = QsCAVS |
/// | 7 (IUT private key changed) | F | `public_key(dsIUT)` ≠ QsIUT (an error when the changed d is ≥ n, as in 2 P-521 records per file) and a ≠ Z (or an error); the CAVS half is right: b = Z, `public_key(dsCAVS)` = QsCAVS |
/// | 8 (Z changed) | F | a succeeds, a ≠ Z, a = b; both key pairs match |
///
/// The "right half" checks hold for every record of the four files: the
/// files change one value and leave the rest consistent. An unknown reason,
/// or a reason with the wrong P/F, is a failure.
pub fn kas_validity(file: KasFile) -> Vec<SuiteResult> {
    let suite = kas_suite(file);
    let recs = match crate::load_kas_validity(file) {
        Ok(v) => v,
        Err(e) => return load_error(suite, "ecdh-kas", &e),
    };
    let mut rows = Rows::new(suite, "ecdh-kas");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            check_kas(c, rec, &mut p);
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

fn check_kas(c: &dyn CurveOps, rec: &KasValidityRecord, p: &mut Problems) {
    let Some((case, result)) = KasCase::of(&rec.reason) else {
        p.check(false, || format!("unknown reason {:?}", rec.reason));
        return;
    };
    if result != rec.valid {
        p.check(false, || format!("reason {:?} with Result {}", rec.reason, if rec.valid { "P" } else { "F" }));
        return;
    }
    let (ds_iut, ds_cavs) = (key(c, &rec.ds_iut), key(c, &rec.ds_cavs));
    // A coordinate too long to encode makes the point unencodable: the
    // ECDH / decoding below then count as failed (rejected).
    let qs_cavs = sec1(c, &rec.qs_cavs_x, &rec.qs_cavs_y);
    let qs_iut = sec1(c, &rec.qs_iut_x, &rec.qs_iut_y);
    let unencodable = || Err(kurve::Error::InvalidLength);
    let a = qs_cavs.as_ref().map_or_else(unencodable, |q| c.ecdh(&ds_iut, q));
    let b = qs_iut.as_ref().map_or_else(unencodable, |q| c.ecdh(&ds_cavs, q));
    let pk_iut = c.public_key(&ds_iut, false);
    let pk_cavs = c.public_key(&ds_cavs, false);
    let key_matches = |pk: &Result<kurve::ByteBuf, kurve::Error>, q: &Option<Vec<u8>>| {
        q.as_ref().is_some_and(|q| eq(pk, q))
    };
    match case {
        KasCase::Correct | KasCase::KdfOrMacOnly => {
            p.check(eq(&a, &rec.z), || format!("ecdh(dsIUT, QsCAVS) = {}, want Z = {}", show(&a), hx(&rec.z)));
            p.check(eq(&b, &rec.z), || format!("ecdh(dsCAVS, QsIUT) = {}, want Z = {}", show(&b), hx(&rec.z)));
            p.check(key_matches(&pk_iut, &qs_iut), || format!("public_key(dsIUT) = {} ≠ QsIUT", show(&pk_iut)));
            p.check(key_matches(&pk_cavs, &qs_cavs), || format!("public_key(dsCAVS) = {} ≠ QsCAVS", show(&pk_cavs)));
        }
        KasCase::CavsKeyInvalid => {
            let dec = qs_cavs.as_ref().map_or_else(unencodable, |q| c.encode_point(q, false));
            p.check(dec.is_err(), || format!("encode_point accepted the invalid QsCAVS: {}", show(&dec)));
            p.check(a.is_err(), || format!("ecdh(dsIUT, QsCAVS) accepted the invalid QsCAVS: {}", show(&a)));
            // The IUT's half of the record is untouched.
            p.check(eq(&b, &rec.z), || format!("ecdh(dsCAVS, QsIUT) = {}, want Z = {}", show(&b), hx(&rec.z)));
            p.check(key_matches(&pk_iut, &qs_iut), || format!("public_key(dsIUT) = {} ≠ QsIUT", show(&pk_iut)));
        }
        KasCase::IutKeyInvalid => {
            let dec = qs_iut.as_ref().map_or_else(unencodable, |q| c.encode_point(q, false));
            p.check(dec.is_err(), || format!("encode_point accepted the invalid QsIUT: {}", show(&dec)));
            p.check(b.is_err(), || format!("ecdh(dsCAVS, QsIUT) accepted the invalid QsIUT: {}", show(&b)));
            // The CAVS's key pair is untouched.
            p.check(key_matches(&pk_cavs, &qs_cavs), || format!("public_key(dsCAVS) = {} ≠ QsCAVS", show(&pk_cavs)));
        }
        KasCase::IutKeyPairMismatch => {
            // The changed dsIUT is detected by pair-wise consistency (or is
            // not a valid private key at all: ≥ n, rejected by kurve).
            p.check(!key_matches(&pk_iut, &qs_iut), || "public_key(dsIUT) = QsIUT although d was changed".to_string());
            p.check(!eq(&a, &rec.z), || "ecdh with the changed dsIUT still gives Z".to_string());
            // Z was computed with the original key: the CAVS's view gives it.
            p.check(eq(&b, &rec.z), || format!("ecdh(dsCAVS, QsIUT) = {}, want Z = {}", show(&b), hx(&rec.z)));
            p.check(key_matches(&pk_cavs, &qs_cavs), || format!("public_key(dsCAVS) = {} ≠ QsCAVS", show(&pk_cavs)));
        }
        KasCase::ZChanged => {
            p.check(a.is_ok() && !eq(&a, &rec.z), || format!("ecdh(dsIUT, QsCAVS) = {}, the changed Z is {}", show(&a), hx(&rec.z)));
            p.check(a == b, || format!("ecdh(dsIUT, QsCAVS) = {} ≠ ecdh(dsCAVS, QsIUT) = {}", show(&a), show(&b)));
            p.check(key_matches(&pk_iut, &qs_iut), || format!("public_key(dsIUT) = {} ≠ QsIUT", show(&pk_iut)));
            p.check(key_matches(&pk_cavs, &qs_cavs), || format!("public_key(dsCAVS) = {} ≠ QsCAVS", show(&pk_cavs)));
        }
    }
}

/// `rfc7027/brainpool` (`ecdh-cdh`): both directions and both key pairs.
pub fn brainpool() -> Vec<SuiteResult> {
    let suite = "rfc7027/brainpool";
    let recs = match crate::load_brainpool_ecdh() {
        Ok(v) => v,
        Err(e) => return load_error(suite, "ecdh-cdh", &e),
    };
    let mut rows = Rows::new(suite, "ecdh-cdh");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            let (da, db) = (key(c, &rec.d_a), key(c, &rec.d_b));
            let qa = sec1(c, &rec.qa_x, &rec.qa_y).unwrap_or_default();
            let qb = sec1(c, &rec.qb_x, &rec.qb_y).unwrap_or_default();
            let zp = sec1(c, &rec.z_x, &rec.z_y).unwrap_or_default();
            let pa = c.public_key(&da, false);
            let pb = c.public_key(&db, false);
            p.check(eq(&pa, &qa), || format!("public_key(dA) = {}, want {}", show(&pa), hx(&qa)));
            p.check(eq(&pb, &qb), || format!("public_key(dB) = {}, want {}", show(&pb), hx(&qb)));
            let zab = c.ecdh(&da, &qb);
            let zba = c.ecdh(&db, &qa);
            p.check(eq(&zab, &rec.z_x), || format!("ecdh(dA, qB) = {}, want {}", show(&zab), hx(&rec.z_x)));
            p.check(eq(&zba, &rec.z_x), || format!("ecdh(dB, qA) = {}, want {}", show(&zba), hx(&rec.z_x)));
            let m = c.mul(&da, &qb);
            p.check(eq(&m, &zp), || format!("mul(dA, qB) = {}, want {}", show(&m), hx(&zp)));
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

// ---------------------------------------------------------------------------
// Points: compressed points (cryptography), k·G tables (pycryptodome)
// ---------------------------------------------------------------------------

/// `cryptography/compressed_points` (`compressed`): decompression, and
/// compression back to the file's bytes.
pub fn compressed_points() -> Vec<SuiteResult> {
    let suite = "cryptography/compressed_points";
    let recs = match crate::load_compressed_points() {
        Ok(v) => v,
        Err(e) => return load_error(suite, "compressed", &e),
    };
    let mut rows = Rows::new(suite, "compressed");
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            let want = sec1(c, &rec.x, &rec.y).unwrap_or_default();
            let got = c.encode_point(&rec.point, false);
            p.check(eq(&got, &want), || format!("decompressed = {}, want {}", show(&got), hx(&want)));
            let back = c.encode_point(&want, true);
            p.check(eq(&back, &rec.point), || format!("compressed = {}, want {}", show(&back), hx(&rec.point)));
            p.record(r, &rec.source, rec.line);
        });
    }
    rows.finish()
}

/// `pycryptodome/kG` (`kG`): `mul_base(k)`, `mul(k, G)` and
/// `mul_vartime(k, G)` all equal (x, y). The tables hold k = 1..20, some
/// large k, and k = n−20..n−1 (all below n; the note counts any k ≥ n,
/// which kurve's `mul*` would reduce mod n).
pub fn kg_tables() -> Vec<SuiteResult> {
    let suite = "pycryptodome/kG";
    let recs = match crate::load_kg_tables() {
        Ok(v) => v,
        Err(e) => return load_error(suite, "kG", &e),
    };
    let mut rows = Rows::new(suite, "kG");
    let mut at_least_n: Vec<(String, usize)> = Vec::new();
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let mut p = Problems::default();
            let want = sec1(c, &rec.x, &rec.y).unwrap_or_default();
            // k ≥ n? (k is big-endian; compare at equal length.)
            let n = c.order();
            let k = crate::pad_to(&rec.k, n.len());
            if k.len() > n.len() || k.as_slice() >= n.as_slice() {
                match at_least_n.iter_mut().find(|(cv, _)| cv == c.name()) {
                    Some((_, cnt)) => *cnt += 1,
                    None => at_least_n.push((c.name().to_string(), 1)),
                }
            }
            let g = c.generator(false);
            let got = c.mul_base(&rec.k);
            p.check(eq(&got, &want), || format!("mul_base(k) = {}, want {}", show(&got), hx(&want)));
            let got = c.mul(&rec.k, g.as_slice());
            p.check(eq(&got, &want), || format!("mul(k, G) = {}, want {}", show(&got), hx(&want)));
            let got = c.mul_vartime(&rec.k, g.as_slice());
            p.check(eq(&got, &want), || format!("mul_vartime(k, G) = {}, want {}", show(&got), hx(&want)));
            p.record(r, &rec.source, rec.line);
        });
    }
    let mut out = rows.finish();
    for r in &mut out {
        if let Some((_, cnt)) = at_least_n.iter().find(|(cv, _)| *cv == r.curve) {
            r.note = Some(format!("{cnt} records with k ≥ n (reduced mod n)"));
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Wycheproof secp256k1 bitcoin (pycryptodome's copy)
// ---------------------------------------------------------------------------

/// `pycryptodome/wycheproof-bitcoin` (`ecdsa-sigver`): strict-DER
/// verification with the low-S rule (`require_low_s` for groups of type
/// `EcdsaBitcoinVerify`, i.e. every group of this file); valid must be
/// accepted, invalid rejected; acceptable passes either way (verification
/// has no result to compare), and is counted in the note.
pub fn wycheproof_bitcoin() -> Vec<SuiteResult> {
    let suite = "pycryptodome/wycheproof-bitcoin";
    let recs = match crate::load_secp256k1_bitcoin() {
        Ok(v) => v,
        Err(e) => return load_error(suite, "ecdsa-sigver", &e),
    };
    let mut rows = Rows::new(suite, "ecdsa-sigver");
    let (mut acc_accepted, mut acc_rejected) = (0usize, 0usize);
    for rec in &recs {
        rows.run(&rec.curve, |c, r| {
            let Some(h) = hash_of(&rec.hash) else {
                r.skip(&format!("hash {} not in kurve", rec.hash));
                return;
            };
            let got = c.ecdsa_verify(h, &rec.public_key_uncompressed, &rec.msg, &rec.sig, SigFormat::Der, rec.bitcoin);
            let ok = match rec.result {
                WycheproofResult::Valid => got.is_ok(),
                WycheproofResult::Invalid => got.is_err(),
                WycheproofResult::Acceptable => {
                    if got.is_ok() {
                        acc_accepted += 1;
                    } else {
                        acc_rejected += 1;
                    }
                    true
                }
            };
            r.record(ok, || {
                format!(
                    "{} group {} tcId {} ({:?}, {:?}, flags {:?}): verify = {got:?}",
                    rec.source, rec.group, rec.tc_id, rec.result, rec.comment, rec.flags
                )
            });
        });
    }
    let mut out = rows.finish();
    if acc_accepted + acc_rejected > 0 {
        for r in &mut out {
            r.note = Some(format!("acceptable: {acc_accepted} accepted, {acc_rejected} rejected"));
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Everything
// ---------------------------------------------------------------------------

/// Every file suite: one row per (source file × curve) for every loader of
/// this crate, in a fixed order (FIPS 186-2, FIPS 186-3, RFC 6979,
/// secp256k1, KAS validity, brainpool, compressed points, pycryptodome).
pub fn all() -> Vec<SuiteResult> {
    let mut out = Vec::new();
    for ed in [Fips186::V2, Fips186::V3] {
        out.extend(keypair(ed));
        out.extend(pkv(ed));
        out.extend(siggen(ed));
        out.extend(siggen_rsp(ed));
        out.extend(sigver(ed));
    }
    out.extend(rfc6979());
    out.extend(secp256k1_siggen());
    for f in KasFile::ALL {
        out.extend(kas_validity(f));
    }
    out.extend(brainpool());
    out.extend(compressed_points());
    out.extend(cdh_primitive());
    out.extend(kg_tables());
    out.extend(sigver_truncated_shas());
    out.extend(wycheproof_bitcoin());
    out
}
