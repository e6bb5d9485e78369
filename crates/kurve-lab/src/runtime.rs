//! The runtime section: median ns/op of every operation on every curve,
//! and, with `--peers`, the same operations in the peer libraries.
//!
//! Method: for each (curve, op), every implementation being compared (kurve
//! and, with `--peers`, each peer that offers the op) is calibrated and
//! warmed up, then `batches` rounds are run; in each round every
//! implementation runs one batch of its own `iters` calls, one after the
//! other (kurve, peer 1, peer 2, kurve, peer 1, …), so machine noise hits
//! all of them alike. The per-call time of each batch is recorded, and the
//! median, min and max over batches are reported; a kurve row also carries
//! the fastest peer's median and the ratio kurve / best peer. The `mul` of a
//! short-Weierstrass curve is timed the same way next to the `mul` of the
//! SEC random curve of its field size (secp256r1 beside brainpoolP256t1,
//! …), the reference of the field-size target ([`field_size_rows`]). Inputs and
//! results pass through `std::hint::black_box`. kurve is timed through the
//! byte-level registry (`CurveOps`), so decoding and encoding are included
//! where the op implies them (ECDH decodes the peer key; verify decodes the
//! key and signature), as `shared/PEERS.md` defines them; the peers are
//! timed doing the same work from the same bytes (see `peers.rs`).
//!
//! Sign rows use a prepared key, as the peers do: `eddsa_sign` signs with an
//! `Ed25519SigningKey` / `Ed448SigningKey` expanded once from the seed
//! outside the timed closure (RFC 8032 §5.1.5 / §5.2.5: seed hash, clamped
//! scalar s, nonce prefix and A = [s]B), and the setup checks that its
//! signature is byte-equal to the registry's `eddsa_sign` from the seed.
//! The peers' key objects are also built once, but not all of them cache the
//! whole expansion: ring and ed448-goldilocks do; ed25519-dalek's
//! `SigningKey::sign`, AWS-LC (`ED25519_sign`) and OpenSSL re-hash the seed on
//! every call and keep only A (OpenSSL and aws-lc-rs also set up an EVP
//! context per call). `ecdsa_sign` goes through the registry, whose only
//! per-call key preparation is decoding and range-checking the 32–66 byte
//! private key (the peers build a key pair object once).

use kurve::curves::{self, CurveOps, EddsaVariant, Model};
use kurve::proto::{HashAlg, SigFormat};
use serde_json::json;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// How long to measure.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Few batches: a quick look.
    Quick,
    /// The default budget.
    Default,
    /// More batches for stable numbers.
    Full,
}

/// One runtime row: a measured implementation of one (curve, op), or a peer
/// that could not be timed because its result disagreed with kurve's.
pub struct Row {
    /// Registry name of the curve.
    pub curve: String,
    /// Operation name (`mul`, `ecdh`, `ecdsa_sign`, …).
    pub op: &'static str,
    /// `kurve` or the peer's crate name (`ring`, `aws-lc-rs`, `openssl`, …).
    pub implementation: &'static str,
    /// Median ns per call over the batches (NaN on an error row).
    pub median_ns: f64,
    /// Fastest batch, ns per call.
    pub min_ns: f64,
    /// Slowest batch, ns per call.
    pub max_ns: f64,
    /// On kurve rows timed next to peers: the fastest peer and its median.
    pub best_peer: Option<(&'static str, f64)>,
    /// On kurve `mul` rows of a short-Weierstrass curve whose field size has
    /// a SEC random curve (secp192r1, secp224r1, secp256r1, secp384r1) other
    /// than itself: that curve and the median of its `mul`, timed in the
    /// same rounds as this row (the reference of the field-size target,
    /// [`field_size_rows`]).
    pub size_ref: Option<(&'static str, f64)>,
    /// What the implementation's timing includes or leaves out, where that
    /// differs from the op's definition.
    pub note: Option<String>,
    /// Why this peer was not timed (a disagreement with kurve, or a setup
    /// failure). Error rows carry no times.
    pub error: Option<String>,
}

impl Row {
    /// kurve median / best peer median, where there is a peer.
    pub fn ratio(&self) -> Option<f64> {
        self.best_peer.map(|(_, ns)| self.median_ns / ns)
    }
}

/// One implementation of one op offered for timing next to kurve's: a
/// closure that performs the op once on the shared inputs, ready to time
/// because its result was checked against kurve's, or the reason it was not.
pub struct Contender<'a> {
    /// The op, as named in kurve's rows.
    pub op: &'static str,
    /// The peer's crate name.
    pub implementation: &'static str,
    /// What the timing includes, where it differs from the op's definition.
    pub note: Option<&'static str>,
    /// The checked closure, or why it is not timed.
    pub run: Result<Box<dyn FnMut() + 'a>, String>,
}

/// The inputs of one short-Weierstrass curve, shared by kurve and every
/// peer, with kurve's results that the peers are checked against.
// Without the `peers` feature only kurve reads these inputs.
#[cfg_attr(not(feature = "peers"), allow(dead_code))]
pub struct EcInputs {
    /// The curve.
    pub c: &'static dyn CurveOps,
    /// The ECDSA hash (SHA-256/384/512 by field size).
    pub hash: HashAlg,
    /// The private key d (big-endian, `scalar_bytes()` long).
    pub d: Vec<u8>,
    /// [d]G, uncompressed SEC1: kurve's keygen result.
    pub pk: Vec<u8>,
    /// The other party's private key d₂.
    pub peer_d: Vec<u8>,
    /// [d₂]G, uncompressed SEC1: the ECDH peer key.
    pub peer: Vec<u8>,
    /// The message signed (32 bytes; hashed by the signer).
    pub msg: [u8; 32],
    /// kurve's RFC 6979 signature of `msg` under d, r‖s, s not normalized.
    pub sig: Vec<u8>,
    /// The same signature with s normalized to ≤ n/2 (BIP 62): the one every
    /// implementation verifies, and what libsecp256k1 / k256 produce.
    pub sig_low_s: Vec<u8>,
    /// kurve's ECDH result: x([d]·peer), `field_bytes()` long.
    pub shared: Vec<u8>,
}

/// The inputs of an Edwards curve with EdDSA (edwards25519, edwards448).
// Without the `peers` feature only kurve reads these inputs.
#[cfg_attr(not(feature = "peers"), allow(dead_code))]
pub struct EdInputs {
    /// The curve.
    pub c: &'static dyn CurveOps,
    /// Group-op scalars k₁, k₂ (big-endian, reduced mod L by every side).
    pub k1: Vec<u8>,
    /// See `k1`.
    pub k2: Vec<u8>,
    /// The generator, encoded.
    pub g: Vec<u8>,
    /// [k₁]B, encoded.
    pub p: Vec<u8>,
    /// kurve's [k₂]P.
    pub mul: Vec<u8>,
    /// kurve's [k₂]B.
    pub mul_base: Vec<u8>,
    /// kurve's [k₁]B + [k₂]G (the `double_mul_vartime` row, P = G).
    pub double_mul: Vec<u8>,
    /// The EdDSA seed (private key, RFC 8032).
    pub seed: Vec<u8>,
    /// kurve's public key of `seed`.
    pub pk: Vec<u8>,
    /// The message signed.
    pub msg: [u8; 32],
    /// kurve's pure EdDSA signature of `msg` (empty context).
    pub sig: Vec<u8>,
}

/// The inputs of X25519 / X448.
// Without the `peers` feature only kurve reads these inputs.
#[cfg_attr(not(feature = "peers"), allow(dead_code))]
pub struct XdhInputs {
    /// The curve.
    pub c: &'static dyn CurveOps,
    /// Our scalar k₁ (RFC 7748 bytes, clamped by the function).
    pub k1: Vec<u8>,
    /// The other party's scalar k₂.
    pub k2: Vec<u8>,
    /// kurve's public key of k₁.
    pub pk1: Vec<u8>,
    /// The peer's u-coordinate: kurve's public key of k₂.
    pub u: Vec<u8>,
    /// kurve's X25519/X448(k₁, u).
    pub shared: Vec<u8>,
}

fn hash_for(c: &dyn CurveOps) -> HashAlg {
    match c.field_bytes() {
        0..=32 => HashAlg::Sha256,
        33..=48 => HashAlg::Sha384,
        _ => HashAlg::Sha512,
    }
}

/// Calibrates `f`: calls it once (lazy initialisation, cold caches), then
/// counts calls for ≥ 200 µs; returns the calls per batch that fill
/// `target_batch_ns`.
fn calibrate(target_batch_ns: f64, f: &mut dyn FnMut()) -> usize {
    f();
    let t = Instant::now();
    let mut n = 0u32;
    while n < 2 || t.elapsed() < Duration::from_micros(200) {
        f();
        n += 1;
    }
    let once = (t.elapsed().as_nanos() as f64 / f64::from(n)).max(1.0);
    ((target_batch_ns / once) as usize).clamp(1, 100_000)
}

fn stats(mut per: Vec<f64>) -> (f64, f64, f64) {
    per.sort_by(|a, b| a.total_cmp(b));
    match (per.first(), per.get(per.len() / 2), per.last()) {
        (Some(&lo), Some(&med), Some(&hi)) => (med, lo, hi),
        _ => (f64::NAN, f64::NAN, f64::NAN),
    }
}

/// Times every closure of `fs` interleaved: `batches` rounds, each running
/// one batch of every closure in turn. Returns (median, min, max) ns per call
/// for each closure, in order.
fn measure_interleaved(batches: usize, target_batch_ns: f64, fs: &mut [&mut dyn FnMut()]) -> Vec<(f64, f64, f64)> {
    let iters: Vec<usize> = fs.iter_mut().map(|f| calibrate(target_batch_ns, &mut **f)).collect();
    let mut per: Vec<Vec<f64>> = fs.iter().map(|_| Vec::with_capacity(batches)).collect();
    for _ in 0..batches {
        for ((f, &n), out) in fs.iter_mut().zip(&iters).zip(per.iter_mut()) {
            let t = Instant::now();
            for _ in 0..n {
                f();
            }
            out.push(t.elapsed().as_nanos() as f64 / n as f64);
        }
    }
    per.into_iter().map(stats).collect()
}

/// A fixed, curve-sized scalar in [1, n−1] derived from a seed (deterministic).
fn scalar_for(c: &dyn CurveOps, seed: u8) -> Vec<u8> {
    let n = c.order();
    let mut k: Vec<u8> = (0..n.len()).map(|i| (i as u8).wrapping_mul(151).wrapping_add(seed) ^ 0x5a).collect();
    // keep it below n: clear the top byte's bits above n's top bit, and make it nonzero
    k[0] &= n[0] >> 1;
    k[n.len() - 1] |= 1;
    k
}

/// Builds the shared inputs of a short-Weierstrass curve (kurve computes
/// the reference results). `None` if kurve cannot (then no row is timed).
pub fn ec_inputs(c: &'static dyn CurveOps) -> Option<EcInputs> {
    let d = scalar_for(c, 1);
    let peer_d = scalar_for(c, 2);
    let hash = hash_for(c);
    let msg = [0x42u8; 32];
    let pk = c.public_key(&d, false).ok()?.to_vec();
    let peer = c.public_key(&peer_d, false).ok()?.to_vec();
    let sig = c.ecdsa_sign(hash, &d, &msg, SigFormat::P1363, &[], false).ok()?.to_vec();
    let sig_low_s = c.ecdsa_sign(hash, &d, &msg, SigFormat::P1363, &[], true).ok()?.to_vec();
    let shared = c.ecdh(&d, &peer).ok()?.to_vec();
    Some(EcInputs { c, hash, d, pk, peer_d, peer, msg, sig, sig_low_s, shared })
}

/// Builds the shared inputs of an Edwards curve with EdDSA.
pub fn ed_inputs(c: &'static dyn CurveOps) -> Option<EdInputs> {
    let k1 = scalar_for(c, 1);
    let k2 = scalar_for(c, 2);
    let g = c.generator(false).to_vec();
    let p = c.mul_base(&k1).ok()?.to_vec();
    let mul = c.mul(&k2, &p).ok()?.to_vec();
    let mul_base = c.mul_base(&k2).ok()?.to_vec();
    let double_mul = c.double_mul_vartime(&k1, &k2, &g).ok()?.to_vec();
    // EdDSA: the seed is as long as a point encoding (32 / 57 bytes).
    let seed: Vec<u8> = (0..g.len()).map(|i| (i as u8).wrapping_mul(151) ^ 0x5a).collect();
    let msg = [0x42u8; 32];
    let pk = c.eddsa_public_key(&seed).ok()?.to_vec();
    let sig = c.eddsa_sign(EddsaVariant::Pure, &seed, &[], &msg).ok()?.to_vec();
    Some(EdInputs { c, k1, k2, g, p, mul, mul_base, double_mul, seed, pk, msg, sig })
}

/// Builds the shared inputs of X25519 / X448.
pub fn xdh_inputs(c: &'static dyn CurveOps) -> Option<XdhInputs> {
    let k1: Vec<u8> = (0..c.scalar_bytes()).map(|i| (i as u8).wrapping_mul(151).wrapping_add(1) ^ 0x5a).collect();
    let k2: Vec<u8> = (0..c.scalar_bytes()).map(|i| (i as u8).wrapping_mul(151).wrapping_add(2) ^ 0x5a).collect();
    let pk1 = c.xdh_public_key(&k1).ok()?.to_vec();
    let u = c.xdh_public_key(&k2).ok()?.to_vec();
    let shared = c.xdh(&k1, &u).ok()?.to_vec();
    Some(XdhInputs { c, k1, k2, pk1, u, shared })
}

/// Per-curve timing state: the measurement budget, the rows so far, and the
/// peers' contenders not yet timed.
struct Bench<'r, 'a> {
    curve: &'static str,
    batches: usize,
    batch_ns: f64,
    rows: &'r mut Vec<Row>,
    contenders: Vec<Contender<'a>>,
    /// Time only this op (`kurve-lab runtime --op`); `None`: every op.
    only_op: Option<&'r str>,
}

impl Bench<'_, '_> {
    /// Times kurve's `op` interleaved with every checked peer contender of
    /// the same op, and records the rows (error rows for unchecked peers).
    fn op(&mut self, op: &'static str, kurve: impl FnMut()) {
        self.op_noted(op, None, kurve);
    }

    /// As [`Bench::op`], with a note on the kurve row saying how kurve's
    /// timing is set up (e.g. a prepared key).
    fn op_noted(&mut self, op: &'static str, kurve_note: Option<&str>, kurve: impl FnMut()) {
        self.op_full(op, kurve_note, None, kurve);
    }

    /// As [`Bench::op`], with kurve's same op on the SEC curve of this
    /// curve's field size (`size_ref`: its name and a closure running it)
    /// in the same rounds, after the peers; its median becomes the kurve
    /// row's [`Row::size_ref`] (no row of its own: that curve has its own
    /// rows from its own pass).
    fn op_with_size_ref(&mut self, op: &'static str, size_ref: Option<(&'static str, Box<dyn FnMut() + '_>)>, kurve: impl FnMut()) {
        self.op_full(op, None, size_ref, kurve);
    }

    fn op_full(
        &mut self,
        op: &'static str,
        kurve_note: Option<&str>,
        mut size_ref: Option<(&'static str, Box<dyn FnMut() + '_>)>,
        mut kurve: impl FnMut(),
    ) {
        let (mine, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.contenders).into_iter().partition(|c| c.op == op);
        self.contenders = rest;
        if self.only_op.is_some_and(|o| o != op) {
            return;
        }
        let mut timed: Vec<(&'static str, Option<&'static str>, Box<dyn FnMut() + '_>)> = Vec::new();
        for c in mine {
            match c.run {
                Ok(f) => timed.push((c.implementation, c.note, f)),
                Err(e) => self.rows.push(error_row(self.curve, op, c.implementation, e)),
            }
        }
        let results = {
            let mut fs: Vec<&mut dyn FnMut()> = Vec::with_capacity(timed.len() + 1);
            fs.push(&mut kurve);
            for (_, _, f) in timed.iter_mut() {
                fs.push(&mut **f);
            }
            if let Some((_, f)) = size_ref.as_mut() {
                fs.push(&mut **f);
            }
            measure_interleaved(self.batches, self.batch_ns, &mut fs)
        };
        let reference = size_ref.as_ref().zip(results.get(timed.len() + 1)).map(|((name, _), r)| (*name, r.0));
        let best = timed
            .iter()
            .zip(results.iter().skip(1))
            .map(|((name, _, _), r)| (*name, r.0))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        let row = |implementation, r: (f64, f64, f64)| Row {
            curve: self.curve.to_string(),
            op,
            implementation,
            median_ns: r.0,
            min_ns: r.1,
            max_ns: r.2,
            best_peer: None,
            size_ref: None,
            note: None,
            error: None,
        };
        let Some(&k) = results.first() else { return };
        self.rows.push(Row { best_peer: best, size_ref: reference, note: kurve_note.map(str::to_string), ..row("kurve", k) });
        for ((name, note, _), r) in timed.iter().zip(results.iter().skip(1)) {
            self.rows.push(Row { note: note.map(str::to_string), ..row(name, *r) });
        }
    }

    /// Peers' contenders for ops kurve did not time become error rows.
    fn finish(self) {
        for c in self.contenders {
            let e = match c.run {
                Err(e) => e,
                Ok(_) => "kurve has no row for this op".to_string(),
            };
            self.rows.push(error_row(self.curve, c.op, c.implementation, e));
        }
    }
}

fn error_row(curve: &str, op: &'static str, implementation: &'static str, error: String) -> Row {
    Row {
        curve: curve.to_string(),
        op,
        implementation,
        median_ns: f64::NAN,
        min_ns: f64::NAN,
        max_ns: f64::NAN,
        best_peer: None,
        size_ref: None,
        note: None,
        error: Some(error),
    }
}

/// Runs the runtime section (every registry curve, or only `only`); with
/// `peers`, also times the peer libraries (needs the `peers` feature; without
/// it the flag is ignored here, and `main` refuses it earlier).
pub fn run(mode: Mode, only: Option<&str>, peers: bool) -> Vec<Row> {
    run_filtered(mode, only, None, peers)
}

/// [`run`] timing only the op named `op` (every op when `None`): the other
/// ops are skipped, not timed and dropped (`kurve-lab runtime --op`).
pub fn run_filtered(mode: Mode, only: Option<&str>, op: Option<&str>, peers: bool) -> Vec<Row> {
    let (batches, batch_ns) = match mode {
        // Many short batches rather than a few long ones: on a shared
        // 2-core machine a batch longer than a scheduler time slice is
        // nearly always preempted, while the median of many ~1–5 ms batches
        // is not (same total time per implementation and op).
        Mode::Quick => (31, 1.0e6),
        Mode::Default => (61, 2.0e6),
        Mode::Full => (101, 5.0e6),
    };
    let mut rows = Vec::new();
    for &c in curves::all() {
        if let Some(o) = only {
            if !c.name().eq_ignore_ascii_case(o) {
                continue;
            }
        }
        eprintln!("  timing {}", c.name());
        match c.model() {
            Model::ShortWeierstrass => {
                let Some(inp) = ec_inputs(c) else { continue };
                let mut b = Bench { curve: c.name(), batches, batch_ns, rows: &mut rows, only_op: op, contenders: ec_peers(&inp, peers) };
                time_weierstrass(&inp, &mut b);
                b.finish();
            }
            Model::Edwards | Model::Montgomery => {
                let eddsa = c.eddsa_public_key(&c.generator(false)).is_ok();
                let inp = if eddsa { ed_inputs(c) } else { None };
                let contenders = inp.as_ref().map(|i| ed_peers(i, peers)).unwrap_or_default();
                let mut b = Bench { curve: c.name(), batches, batch_ns, rows: &mut rows, only_op: op, contenders };
                time_edwards(c, inp.as_ref(), &mut b);
                b.finish();
            }
            Model::MontgomeryXOnly => {
                let Some(inp) = xdh_inputs(c) else { continue };
                let mut b = Bench { curve: c.name(), batches, batch_ns, rows: &mut rows, only_op: op, contenders: xdh_peers(&inp, peers) };
                time_xdh(&inp, &mut b);
                b.finish();
            }
        }
    }
    rows
}

#[cfg(feature = "peers")]
fn ec_peers(inp: &EcInputs, peers: bool) -> Vec<Contender<'_>> {
    if peers { crate::peers::weierstrass(inp) } else { Vec::new() }
}
#[cfg(feature = "peers")]
fn ed_peers(inp: &EdInputs, peers: bool) -> Vec<Contender<'_>> {
    if peers { crate::peers::edwards(inp) } else { Vec::new() }
}
#[cfg(feature = "peers")]
fn xdh_peers(inp: &XdhInputs, peers: bool) -> Vec<Contender<'_>> {
    if peers { crate::peers::xdh(inp) } else { Vec::new() }
}
#[cfg(not(feature = "peers"))]
fn ec_peers(_: &EcInputs, _: bool) -> Vec<Contender<'static>> {
    Vec::new()
}
#[cfg(not(feature = "peers"))]
fn ed_peers(_: &EdInputs, _: bool) -> Vec<Contender<'static>> {
    Vec::new()
}
#[cfg(not(feature = "peers"))]
fn xdh_peers(_: &XdhInputs, _: bool) -> Vec<Contender<'static>> {
    Vec::new()
}

/// Short Weierstrass: group ops, ECDH, ECDSA.
fn time_weierstrass(inp: &EcInputs, b: &mut Bench<'_, '_>) {
    let c = inp.c;
    let g = c.generator(false);
    let (d1, p) = (&inp.d, &inp.pk);
    let (d2, q) = (&inp.peer_d, &inp.peer);
    let (h, msg) = (inp.hash, &inp.msg);
    b.op("add", || {
        black_box(c.add(black_box(p), black_box(q)).ok());
    });
    b.op("double", || {
        black_box(c.double(black_box(p)).ok());
    });
    b.op("decode", || {
        black_box(c.encode_point(black_box(p), false).ok());
    });
    // The field-size target compares this `mul` with the SEC curve's of
    // the same field size: both are timed in the same rounds.
    let sec = size_reference(c).and_then(ec_inputs);
    let size_ref = sec.as_ref().map(|s| {
        let run: Box<dyn FnMut() + '_> = Box::new(move || {
            black_box(s.c.mul(black_box(&s.peer_d), black_box(&s.pk)).ok());
        });
        (s.c.name(), run)
    });
    b.op_with_size_ref("mul", size_ref, || {
        black_box(c.mul(black_box(d2), black_box(p)).ok());
    });
    b.op("mul_base", || {
        black_box(c.mul_base(black_box(d2)).ok());
    });
    b.op("mul_vartime", || {
        black_box(c.mul_vartime(black_box(d2), black_box(p)).ok());
    });
    b.op("double_mul_vartime", || {
        black_box(c.double_mul_vartime(black_box(d1), black_box(d2), black_box(&g)).ok());
    });
    b.op("ecdh", || {
        black_box(c.ecdh(black_box(d1), black_box(q)).ok());
    });
    b.op("keygen", || {
        black_box(c.public_key(black_box(d1), false).ok());
    });
    b.op("ecdsa_sign", || {
        black_box(c.ecdsa_sign(h, black_box(d1), black_box(msg), SigFormat::P1363, &[], false).ok());
    });
    b.op("ecdsa_verify", || {
        black_box(c.ecdsa_verify(h, black_box(p), black_box(msg), black_box(&inp.sig_low_s), SigFormat::P1363, false).ok());
    });
}

/// Edwards and Montgomery (u, v): group ops on encoded points, and EdDSA
/// (keygen = public key from a seed, sign, verify under RFC 8032's strict
/// profile) where the curve has it (`inp` is `Some`).
fn time_edwards(c: &dyn CurveOps, inp: Option<&EdInputs>, b: &mut Bench<'_, '_>) {
    let g = c.generator(false);
    let d1 = scalar_for(c, 1);
    let d2 = scalar_for(c, 2);
    let (Ok(p), Ok(q)) = (c.mul_base(&d1), c.mul_base(&d2)) else {
        return;
    };
    b.op("add", || {
        black_box(c.add(black_box(&p), black_box(&q)).ok());
    });
    b.op("double", || {
        black_box(c.double(black_box(&p)).ok());
    });
    b.op("decode", || {
        black_box(c.encode_point(black_box(&p), false).ok());
    });
    b.op("mul", || {
        black_box(c.mul(black_box(&d2), black_box(&p)).ok());
    });
    b.op("mul_base", || {
        black_box(c.mul_base(black_box(&d2)).ok());
    });
    b.op("mul_vartime", || {
        black_box(c.mul_vartime(black_box(&d2), black_box(&p)).ok());
    });
    b.op("double_mul_vartime", || {
        black_box(c.double_mul_vartime(black_box(&d1), black_box(&d2), black_box(&g)).ok());
    });
    let Some(inp) = inp else { return };
    let (seed, msg, pk, sig) = (&inp.seed, &inp.msg, &inp.pk, &inp.sig);
    b.op("keygen", || {
        black_box(c.eddsa_public_key(black_box(seed)).ok());
    });
    // Sign with a key expanded once, outside the timed closure; its
    // signature must equal the registry's (checked here, not timed).
    let check = |mine: &[u8]| {
        assert_eq!(mine, &sig[..], "{}: the expanded key's signature differs from the registry's eddsa_sign", c.name());
    };
    match PreparedSigner::new(c, seed) {
        Some(PreparedSigner::Ed25519(key)) => {
            check(&key.sign(msg));
            b.op_noted("eddsa_sign", Some(PreparedSigner::NOTE), || {
                black_box(key.sign(black_box(msg)));
            });
        }
        Some(PreparedSigner::Ed448(key)) => {
            check(&key.sign(&[], msg).unwrap_or([0u8; 114]));
            b.op_noted("eddsa_sign", Some(PreparedSigner::NOTE), || {
                black_box(key.sign(&[], black_box(msg)).ok());
            });
        }
        // An EdDSA curve this harness does not know by type: the registry
        // expands the seed on every call, and the row says so.
        None => b.op_noted("eddsa_sign", Some("registry eddsa_sign: the seed is expanded (hash + [s]B) on every call"), || {
            black_box(c.eddsa_sign(EddsaVariant::Pure, black_box(seed), &[], black_box(msg)).ok());
        }),
    }
    b.op("eddsa_verify", || {
        black_box(c.eddsa_verify(EddsaVariant::Pure, "rfc8032", black_box(pk), &[], black_box(msg), black_box(sig)).ok());
    });
}

/// A kurve EdDSA signing key expanded once from its seed (RFC 8032
/// §5.1.5 / §5.2.5), for the `eddsa_sign` row: the peers sign with a key
/// object built once, so kurve's row does not redo the seed hash and [s]B
/// per call either.
enum PreparedSigner {
    Ed25519(kurve::proto::eddsa::Ed25519SigningKey),
    Ed448(kurve::proto::eddsa::Ed448SigningKey),
}

impl PreparedSigner {
    /// The footnote of the kurve `eddsa_sign` rows.
    const NOTE: &'static str = "key expanded once outside the timed loop (Ed25519SigningKey / Ed448SigningKey::from_seed), like the peers' key objects; signature checked byte-equal to the registry's eddsa_sign";

    /// The prepared key of `seed` on edwards25519 / edwards448 (the registry
    /// entries with EdDSA); `None` for any other curve or a wrong seed length.
    fn new(c: &dyn CurveOps, seed: &[u8]) -> Option<Self> {
        match c.name() {
            "edwards25519" => Some(Self::Ed25519(kurve::proto::eddsa::Ed25519SigningKey::from_seed(seed.try_into().ok()?))),
            "edwards448" => Some(Self::Ed448(kurve::proto::eddsa::Ed448SigningKey::from_seed(seed.try_into().ok()?))),
            _ => None,
        }
    }
}

/// X25519 / X448: the Diffie–Hellman function and keygen (u of [clamp(k)]B).
fn time_xdh(inp: &XdhInputs, b: &mut Bench<'_, '_>) {
    let c = inp.c;
    b.op("xdh", || {
        black_box(c.xdh(black_box(&inp.k1), black_box(&inp.u)).ok());
    });
    b.op("keygen", || {
        black_box(c.xdh_public_key(black_box(&inp.k1)).ok());
    });
}

fn fmt_ns(ns: f64) -> String {
    if ns.is_nan() {
        "-".into()
    } else {
        format!("{ns:.0}")
    }
}

/// Prints the runtime table; where peers were timed, a ratio column
/// (kurve / fastest peer; < 1 means kurve is faster), the rows' notes as
/// footnotes (kurve's `eddsa_sign`: prepared key; peers: what their timing
/// includes), a summary of kurve against its best peer per row, and the
/// field-size comparison of `mul` ([`field_size_rows`]).
pub fn print(rows: &[Row]) {
    let with_peers = rows.iter().any(|r| r.implementation != "kurve");
    println!("\n== Runtime: median ns/op (min … max over batches) ==");
    if with_peers {
        println!("(peers timed interleaved with kurve in the same batches; ratio = kurve median / best peer median)");
    }
    let w_impl = rows.iter().map(|r| r.implementation.len()).max().unwrap_or(4).max(6);
    println!(
        "{:<16} {:<20} {:<w_impl$} {:>12} {:>12} {:>12}{}",
        "curve",
        "op",
        "impl",
        "median_ns",
        "min_ns",
        "max_ns",
        if with_peers { "   ratio  best peer" } else { "" }
    );
    let mut notes: Vec<(&str, &str)> = Vec::new();
    for r in rows {
        if let Some(e) = &r.error {
            println!("{:<16} {:<20} {:<w_impl$} ERROR: {e}", r.curve, r.op, r.implementation);
            continue;
        }
        let mut tail = String::new();
        if let (Some(ratio), Some((peer, _))) = (r.ratio(), r.best_peer) {
            tail = format!("  {ratio:>6.2}  {peer}");
        }
        if let Some(n) = &r.note {
            let idx = match notes.iter().position(|&(i, t)| i == r.implementation && t == n) {
                Some(i) => i,
                None => {
                    notes.push((r.implementation, n));
                    notes.len() - 1
                }
            };
            tail = format!("{tail}  [{}]", idx + 1);
        }
        println!(
            "{:<16} {:<20} {:<w_impl$} {:>12} {:>12} {:>12}{tail}",
            r.curve,
            r.op,
            r.implementation,
            fmt_ns(r.median_ns),
            fmt_ns(r.min_ns),
            fmt_ns(r.max_ns)
        );
    }
    for (i, (imp, n)) in notes.iter().enumerate() {
        println!("  [{}] {imp}: {n}", i + 1);
    }
    if with_peers {
        println!("\n== Runtime: kurve vs best peer ==");
        println!("{:<16} {:<20} {:>10} {:<w_impl$} {:>10} {:>7}", "curve", "op", "kurve_ns", "best peer", "peer_ns", "ratio");
        for r in rows.iter().filter(|r| r.implementation == "kurve") {
            if let (Some(ratio), Some((peer, ns))) = (r.ratio(), r.best_peer) {
                println!(
                    "{:<16} {:<20} {:>10} {:<w_impl$} {:>10} {:>7.2}",
                    r.curve,
                    r.op,
                    fmt_ns(r.median_ns),
                    peer,
                    fmt_ns(ns),
                    ratio
                );
            }
        }
        let errors = rows.iter().filter(|r| r.error.is_some()).count();
        if errors > 0 {
            println!("{errors} peer row(s) not timed: disagreement with kurve or setup failure (ERROR rows above)");
        }
    }
    print_field_size(rows);
}

/// Bits of the field prime of a named curve (0 when the name is unknown).
fn field_bits(curve: &str) -> usize {
    let Some(c) = curves::by_name(curve) else { return 0 };
    let p = c.modulus();
    let lead = p.iter().position(|&b| b != 0).unwrap_or(p.len());
    match p.get(lead) {
        Some(&b) => 8 * (p.len() - lead - 1) + (8 - b.leading_zeros() as usize),
        None => 0,
    }
}

/// Largest ratio "worst curve of a field size / the SEC curve of that size"
/// that the performance issue accepts for `mul` on the short-Weierstrass
/// curves.
pub const FIELD_SIZE_TARGET: f64 = 1.5;

/// The SEC random curve (secp192r1, secp224r1, secp256r1, secp384r1)
/// whose field has as many bits as `c`'s, when that is another curve: the
/// reference of the field-size target. `None` for the SEC curves
/// themselves, for sizes without one, and for other curve models.
fn size_reference(c: &dyn CurveOps) -> Option<&'static dyn CurveOps> {
    if c.model() != Model::ShortWeierstrass {
        return None;
    }
    let bits = field_bits(c.name());
    curves::all().iter().copied().find(|s| is_sec_random(s.name()) && s.name() != c.name() && field_bits(s.name()) == bits)
}

/// secp…r1: the SEC random curves, the references of the field-size target.
fn is_sec_random(name: &str) -> bool {
    name.starts_with("secp") && name.ends_with("r1")
}

/// The field-size comparison of kurve's `mul` (variable-base scalar
/// multiplication) on the short-Weierstrass curves: for every field size
/// with a SEC random curve (secp192r1, secp224r1, secp256r1, secp384r1),
/// the curve of that size with the largest ratio to it, with the target
/// [`FIELD_SIZE_TARGET`]. A curve's ratio is its median over the SEC
/// curve's median timed in the same rounds ([`Row::size_ref`]), as the
/// peer ratios are: timed in separate passes, minutes apart, the two
/// medians would see different machine load. A row without `size_ref`
/// (JSON from before it existed) falls back to the SEC curve's own row.
/// Sizes without a SEC curve (160, 320, 512, 521 bits) are listed for
/// reference without a ratio (their slowest curve). Rows: (bits, worst
/// curve, its median ns, SEC curve and its median ns if any).
pub fn field_size_rows(rows: &[Row]) -> Vec<(usize, String, f64, Option<(String, f64)>)> {
    let mut by_size: std::collections::BTreeMap<usize, Vec<(&str, f64, Option<(&str, f64)>)>> = std::collections::BTreeMap::new();
    for r in rows.iter().filter(|r| r.implementation == "kurve" && r.op == "mul" && r.error.is_none()) {
        let Some(c) = curves::by_name(&r.curve) else { continue };
        if c.model() != Model::ShortWeierstrass {
            continue;
        }
        by_size.entry(field_bits(&r.curve)).or_default().push((c.name(), r.median_ns, r.size_ref));
    }
    by_size
        .into_iter()
        .filter_map(|(bits, cs)| {
            let own_sec = cs.iter().find(|(n, _, _)| is_sec_random(n)).map(|&(n, t, _)| (n, t));
            // each curve's (median, reference median): the same rounds where timed so
            let paired: Vec<(&str, f64, (&str, f64))> = cs
                .iter()
                .filter_map(|&(n, t, r)| {
                    if is_sec_random(n) {
                        return Some((n, t, (n, t)));
                    }
                    Some((n, t, r.or(own_sec)?))
                })
                .collect();
            if let Some(&(worst, ns, (sec, sec_ns))) = paired.iter().max_by(|a, b| (a.1 / a.2 .1).total_cmp(&(b.1 / b.2 .1))) {
                return Some((bits, worst.to_string(), ns, Some((sec.to_string(), sec_ns))));
            }
            let &(worst, ns, _) = cs.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
            Some((bits, worst.to_string(), ns, None))
        })
        .collect()
}

/// Prints [`field_size_rows`] (nothing when no short-Weierstrass `mul` was
/// timed).
fn print_field_size(rows: &[Row]) {
    let fs = field_size_rows(rows);
    if fs.is_empty() {
        return;
    }
    println!("\n== Runtime: mul by field size (slowest curve / SEC curve of the size timed in the same rounds, target <= {FIELD_SIZE_TARGET}) ==");
    println!("{:>5} {:<16} {:>10} {:<16} {:>10} {:>7}", "bits", "slowest", "ns", "SEC curve", "ns", "ratio");
    for (bits, worst, ns, sec) in fs {
        match sec {
            Some((name, sec_ns)) => {
                let ratio = ns / sec_ns;
                let verdict = if ratio <= FIELD_SIZE_TARGET { "met" } else { "MISSED" };
                println!("{bits:>5} {worst:<16} {:>10} {name:<16} {:>10} {ratio:>7.2}  {verdict}", fmt_ns(ns), fmt_ns(sec_ns));
            }
            None => println!("{bits:>5} {worst:<16} {:>10} {:<16} {:>10} {:>7}", fmt_ns(ns), "-", "-", "-"),
        }
    }
}

/// The runtime rows as JSON (DESIGN.md shape; kurve rows timed next to
/// peers add `best_peer`, `best_peer_ns` and `ratio`, `mul` rows timed next
/// to their field size's SEC curve add `size_ref` and `size_ref_ns`; peer rows may add a
/// `note`; error rows are `{"curve", "op", "impl", "error"}`).
pub fn to_json(rows: &[Row]) -> serde_json::Value {
    serde_json::Value::Array(
        rows.iter()
            .map(|r| {
                if let Some(e) = &r.error {
                    return json!({"curve": r.curve, "op": r.op, "impl": r.implementation, "error": e});
                }
                let mut v = json!({"curve": r.curve, "op": r.op, "impl": r.implementation,
                                   "median_ns": r.median_ns, "min_ns": r.min_ns, "max_ns": r.max_ns});
                if let (Some((peer, ns)), Some(ratio)) = (r.best_peer, r.ratio()) {
                    v["best_peer"] = json!(peer);
                    v["best_peer_ns"] = json!(ns);
                    v["ratio"] = json!(ratio);
                }
                if let Some((sec, ns)) = r.size_ref {
                    v["size_ref"] = json!(sec);
                    v["size_ref_ns"] = json!(ns);
                }
                if let Some(n) = &r.note {
                    v["note"] = json!(n);
                }
                v
            })
            .collect(),
    )
}

/// CPU model and detected features.
pub fn machine_description() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string()))
        .unwrap_or_else(|| "unknown cpu".into());
    let mut feats = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("adx") {
            feats.push("adx");
        }
        if std::is_x86_feature_detected!("bmi2") {
            feats.push("bmi2");
        }
        if std::is_x86_feature_detected!("avx2") {
            feats.push("avx2");
        }
        if std::is_x86_feature_detected!("avx512ifma") {
            feats.push("avx512ifma");
        }
    }
    format!("{model}; {} cores; features: {}", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1), feats.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(curve: &str, op: &'static str, implementation: &'static str, median_ns: f64) -> Row {
        Row {
            curve: curve.to_string(),
            op,
            implementation,
            median_ns,
            min_ns: median_ns,
            max_ns: median_ns,
            best_peer: None,
            size_ref: None,
            note: None,
            error: None,
        }
    }

    #[test]
    fn field_bits_of_named_curves() {
        assert_eq!(field_bits("secp192r1"), 192);
        assert_eq!(field_bits("brainpoolP320r1"), 320);
        assert_eq!(field_bits("secp521r1"), 521);
        assert_eq!(field_bits("no-such-curve"), 0);
    }

    #[test]
    fn field_size_rows_pick_the_slowest_curve_and_the_sec_curve() {
        let rows = [
            row("secp256r1", "mul", "kurve", 36_000.0),
            row("secp256k1", "mul", "kurve", 21_000.0),
            row("brainpoolP256r1", "mul", "kurve", 54_000.0),
            row("brainpoolP256t1", "mul", "kurve", 55_000.0),
            // ignored: another op, a peer, a non-Weierstrass curve
            row("brainpoolP256t1", "ecdh", "kurve", 99_000.0),
            row("secp256r1", "mul", "openssl", 1.0),
            row("edwards25519", "mul", "kurve", 1e9),
            row("brainpoolP320r1", "mul", "kurve", 99_000.0),
        ];
        let fs = field_size_rows(&rows);
        assert_eq!(fs.len(), 2);
        let (bits, worst, ns, sec) = &fs[0];
        assert_eq!((*bits, worst.as_str(), *ns), (256, "brainpoolP256t1", 55_000.0));
        assert_eq!(sec.as_ref().map(|(n, t)| (n.as_str(), *t)), Some(("secp256r1", 36_000.0)));
        assert!(55_000.0 / 36_000.0 > FIELD_SIZE_TARGET);
        let (bits, worst, _, sec) = &fs[1];
        assert_eq!((*bits, worst.as_str()), (320, "brainpoolP320r1"));
        assert!(sec.is_none());
    }

    #[test]
    fn field_size_rows_use_the_reference_timed_in_the_same_rounds() {
        let with_ref = |curve, ns, sec_ns| Row { size_ref: Some(("secp256r1", sec_ns)), ..row(curve, "mul", "kurve", ns) };
        let rows = [
            // the SEC curve's own pass ran on a quiet machine
            row("secp256r1", "mul", "kurve", 30_000.0),
            with_ref("brainpoolP256r1", 54_000.0, 40_000.0),
            with_ref("brainpoolP256t1", 55_000.0, 44_000.0),
            with_ref("secp256k1", 21_000.0, 41_000.0),
        ];
        let fs = field_size_rows(&rows);
        assert_eq!(fs.len(), 1);
        let (bits, worst, ns, sec) = &fs[0];
        // 54/40 = 1.35 > 55/44 = 1.25: the largest ratio, not the largest median
        assert_eq!((*bits, worst.as_str(), *ns), (256, "brainpoolP256r1", 54_000.0));
        assert_eq!(sec.as_ref().map(|(n, t)| (n.as_str(), *t)), Some(("secp256r1", 40_000.0)));
        // the reference alone, the SEC curve not timed (`--only`)
        let fs = field_size_rows(&rows[1..2]);
        assert_eq!(fs[0].3.as_ref().map(|(_, t)| *t), Some(40_000.0));
    }

    #[test]
    fn size_reference_is_the_sec_random_curve_of_the_field_size() {
        let name = |c: &str| size_reference(curves::by_name(c).unwrap()).map(|s| s.name());
        assert_eq!(name("brainpoolP256t1"), Some("secp256r1"));
        assert_eq!(name("secp256k1"), Some("secp256r1"));
        assert_eq!(name("brainpoolP384r1"), Some("secp384r1"));
        assert_eq!(name("secp192k1"), Some("secp192r1"));
        assert_eq!(name("secp256r1"), None);
        assert_eq!(name("brainpoolP320r1"), None);
        assert_eq!(name("secp521r1"), None);
        assert_eq!(name("edwards25519"), None);
    }
}
