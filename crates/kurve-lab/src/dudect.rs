//! Statistical timing evidence: a dudect-style Welch t-test per curve × secret
//! operation.
//!
//! Method (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?",
//! DATE 2017, and its reference implementation `dudect.h`):
//!
//! 1. Two or more *input classes*: class 0 is "random" (a fresh uniformly
//!    random secret, and a random public point where the op takes one);
//!    every other class fixes one input to a special value (scalar 0, 1,
//!    2^32−1, 2^k, n−1, a low-Hamming-weight scalar; a point whose x has all
//!    high limbs zero; a low-order point for the curve25519/curve448 family).
//!    The other inputs of a special class stay random.
//! 2. Inputs for a batch are prepared first, outside the timed region, with
//!    each sample's class drawn at random (xorshift64*, fixed seed), so the
//!    classes are interleaved and see the same machine noise.
//! 3. Each call is timed alone with `std::time::Instant`, inputs and output
//!    passed through `std::hint::black_box`; the output is dropped (and
//!    zeroized) after the clock is read.
//! 4. Welch's t-statistic of each special class against "random", on the raw
//!    samples and on the samples cropped below each of dudect's 100
//!    percentile thresholds p_i = 1 − 0.5^(10·(i+1)/100) of the pooled data
//!    (a crop is used only when both classes keep ≥ [`MIN_CROP_SAMPLES`]);
//!    the largest |t| over all of them is reported. |t| ≥ 4.5 ([`THRESHOLD`])
//!    means "possible leak"; smaller means "no leak found" *at this sample
//!    count* — a statistical test never proves the absence of a leak.
//!
//! Public output form: the registry encodes the identity as the single
//! byte `00` (short Weierstrass, SEC 1; the Montgomery (u, v) entries) and
//! skips serializing coordinates after declassifying "is the identity", so
//! `mul`/`mul_base` with k = 0 (or `mul` of a point of order 2 by an even
//! k) return a few tens of ns sooner — a time that depends only on the
//! public output (curve448 `mul` zero vs random was flagged at |t| ≈ 10,
//! secp256r1 `mul_base` at |t| ≈ 20 before this was handled). Before
//! measuring, each class is probed untimed ([`output_form_differs`]); a
//! special class whose results take a form (encoding length, or an error)
//! that random results never take is split off into its own row, where both
//! it and "random" are timed through the group operation *without* the
//! encoding ([`group_only`]: the registry's `mul_unencoded` /
//! `mul_base_unencoded` — decode, scalar reduction, constant-time
//! multiplication, affine conversion — checked against the registry's
//! bytes once the encoding call is added). The row says so (`timed`, `comparison` in
//! the JSON; "(group op, encoding not timed)" in the table). Comparing
//! against another identity-producing class (k = n) was not chosen: after
//! the reduction mod n both are the same scalar, so it would test nothing
//! of the multiplication. X25519/X448 with a low-order u run the full
//! ladder and then reject the all-zero result with `ZeroResult`, where a
//! random u returns 32 (56) bytes: those classes are compared against
//! "random" through the registry's `xdh_unchecked` (the same ladder without
//! the public zero check; session 12 saw this public error path flagged at
//! |t| 19–27 in the low crops once the ladder was fast). Where no such path
//! exists the class stays in the registry row, the JSON lists it under
//! `output_form_differs`, and a flagged verdict says that the time of the
//! public output is included. Edwards entries encode the identity like any
//! point, so nothing is split there; `keygen`, `ecdh` and the sign ops take
//! no zero scalar (it is rejected as a private key).
//!
//! Multiple testing: the table has ~150 rows and each row takes the maximum
//! over ~100 crops, so machine noise can push a constant-time row over 4.5.
//! Such a row is measured once more with four times the samples before a
//! verdict, and both runs are recorded.
//!
//! Positive control: the same harness, same budget, on `mul_vartime` (wNAF,
//! variable time on purpose) with a random scalar against a low-Hamming-weight
//! scalar (on the GLV curves secp256k1, secp224k1 and secp192k1, whose
//! `mul_vartime` splits the scalar, one whose two halves have low Hamming
//! weight). It must exceed 4.5, which shows the harness can see a leak of that
//! size at this noise level and sample count.
//!
//! Sample counts: `--quick` and the default mode size each row to a fixed
//! time budget ([`budget_s`]) from a calibration of the op's cost, with a
//! floor of [`MIN_PER_CLASS`] samples per class; `--full` takes 10^6 samples
//! per class and every special class of the op. The environment variable
//! `KURVE_DUDECT_PER_CLASS` overrides the per-class count in any mode.

use crate::group_only;
use crate::runtime::Mode;
use kurve::curves::{self, CurveOps, EddsaVariant, Model};
use kurve::proto::{HashAlg, SigFormat};
use kurve::{ByteBuf, Error};
use serde_json::{json, Value};
use std::hint::black_box;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// The |t| above which a row is flagged as a possible leak (dudect's
/// threshold for "definitely not constant time" is 10; 4.5 is the usual
/// TVLA threshold and the one the issue asks for).
pub const THRESHOLD: f64 = 4.5;
/// Number of percentile crops (dudect's `DUDECT_NUMBER_PERCENTILES`).
pub const CROP_PERCENTILES: usize = 100;
/// A crop is used only when each class keeps at least this many samples.
pub const MIN_CROP_SAMPLES: usize = 20;
/// The floor on samples per class, whatever the budget.
pub const MIN_PER_CLASS: usize = 50;
/// Per-class sample count of `--full`.
pub const FULL_PER_CLASS: usize = 1_000_000;
/// Histogram bins.
pub const BINS: usize = 40;

/// Time budget of one row in seconds (calibrated sample count), by mode.
pub fn budget_s(mode: Mode) -> f64 {
    match mode {
        Mode::Quick => 0.035,
        Mode::Default => 0.25,
        Mode::Full => f64::INFINITY,
    }
}

// ---------------------------------------------------------------------------
// Randomness (public test inputs only; not a cryptographic generator)
// ---------------------------------------------------------------------------

/// xorshift64* (Vigna 2016): a small, fast, seeded generator for test
/// inputs and class order. Not cryptographically secure; used only to
/// produce public test data.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is mapped to a fixed non-zero state).
    pub fn new(seed: u64) -> Self {
        Rng(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }
    /// The next 64 pseudo-random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A value in `[0, n)` (n > 0; slight modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// Fills `out` with pseudo-random bytes.
    pub fn fill(&mut self, out: &mut [u8]) {
        for chunk in out.chunks_mut(8) {
            let v = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&v[..chunk.len()]);
        }
    }
}

// ---------------------------------------------------------------------------
// Statistics
// ---------------------------------------------------------------------------

/// Welch's t-statistic of two samples:
/// t = (mean_a − mean_b) / sqrt(var_a/n_a + var_b/n_b), with the unbiased
/// sample variances. `None` when a sample has fewer than two values or both
/// variances are zero (t undefined).
pub fn welch_t(a: &[f64], b: &[f64]) -> Option<f64> {
    let (na, ma, va) = mean_var(a)?;
    let (nb, mb, vb) = mean_var(b)?;
    let se2 = va / na + vb / nb;
    if se2 <= 0.0 {
        return None;
    }
    Some((ma - mb) / se2.sqrt())
}

/// (n, mean, unbiased variance), Welford's update; `None` below 2 values.
fn mean_var(x: &[f64]) -> Option<(f64, f64, f64)> {
    if x.len() < 2 {
        return None;
    }
    let (mut mean, mut m2) = (0.0f64, 0.0f64);
    for (i, &v) in x.iter().enumerate() {
        let d = v - mean;
        mean += d / (i + 1) as f64;
        m2 += d * (v - mean);
    }
    let n = x.len() as f64;
    Some((n, mean, m2 / (n - 1.0)))
}

/// dudect's crop thresholds: for i in 0..N the value at quantile
/// p_i = 1 − 0.5^(10·(i+1)/N) of the sorted pooled samples (dudect's
/// `percentile()`: the element at index ⌊p·len⌋). Empty input → empty.
pub fn crop_thresholds(pooled_sorted: &[f64], n: usize) -> Vec<f64> {
    if pooled_sorted.is_empty() {
        return Vec::new();
    }
    (0..n)
        .map(|i| {
            let p = 1.0 - 0.5f64.powf(10.0 * (i + 1) as f64 / n as f64);
            let idx = ((pooled_sorted.len() as f64 * p) as usize).min(pooled_sorted.len() - 1);
            pooled_sorted[idx]
        })
        .collect()
}

/// Result of the t-tests of one special class against the random class.
#[derive(Clone, Debug, PartialEq)]
pub struct TTest {
    /// Welch's t on the raw samples (`None` if undefined).
    pub raw_t: Option<f64>,
    /// The largest |t| over the raw test and every usable crop (0 if none).
    pub max_abs_t: f64,
    /// How many of the [`CROP_PERCENTILES`] crops had enough samples.
    pub crops_used: usize,
}

/// Welch's t of `b` against `a` on the raw data and on the data cropped
/// below each dudect percentile threshold of the pooled samples (values
/// strictly below the threshold are kept, as in dudect); the maximum |t|.
pub fn max_abs_t(a: &[f64], b: &[f64]) -> TTest {
    let mut pooled: Vec<f64> = a.iter().chain(b).copied().collect();
    pooled.sort_by(|x, y| x.total_cmp(y));
    let mut sa = a.to_vec();
    let mut sb = b.to_vec();
    sa.sort_by(|x, y| x.total_cmp(y));
    sb.sort_by(|x, y| x.total_cmp(y));
    let raw_t = welch_t(&sa, &sb);
    let mut max = raw_t.map(f64::abs).unwrap_or(0.0);
    let mut crops_used = 0;
    for thr in crop_thresholds(&pooled, CROP_PERCENTILES) {
        let ka = sa.partition_point(|&v| v < thr);
        let kb = sb.partition_point(|&v| v < thr);
        if ka < MIN_CROP_SAMPLES || kb < MIN_CROP_SAMPLES {
            continue;
        }
        if let Some(t) = welch_t(&sa[..ka], &sb[..kb]) {
            crops_used += 1;
            max = max.max(t.abs());
        }
    }
    TTest { raw_t, max_abs_t: max, crops_used }
}

/// The value at quantile `q` of a sorted slice (index ⌊q·(len−1)⌋).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() - 1) as f64 * q) as usize]
}

/// Histogram of every class over [min, 99th percentile] of the pooled
/// samples, [`BINS`] bins; values above the range go to the last bin. On a
/// loaded machine more than 1 % of the calls can be preempted and the 99th
/// percentile then lies far in the tail (all the mass in the first bin), so
/// the upper end is capped at 1.5 × the pooled median.
pub fn histogram(classes: &[Vec<f64>]) -> Value {
    let mut pooled: Vec<f64> = classes.iter().flatten().copied().collect();
    pooled.sort_by(|x, y| x.total_cmp(y));
    let lo = pooled.first().copied().unwrap_or(0.0);
    let hi = quantile(&pooled, 0.99).min(1.5 * quantile(&pooled, 0.5)).max(lo + 1.0);
    let counts: Vec<Vec<u64>> = classes
        .iter()
        .map(|c| {
            let mut h = vec![0u64; BINS];
            for &v in c {
                let b = (((v - lo) / (hi - lo)) * BINS as f64).floor();
                let b = if b.is_nan() || b < 0.0 { 0 } else { (b as usize).min(BINS - 1) };
                h[b] += 1;
            }
            h
        })
        .collect();
    json!({"lo_ns": lo, "hi_ns": hi, "counts": counts})
}

// ---------------------------------------------------------------------------
// Targets: what is measured
// ---------------------------------------------------------------------------

type Call = Box<dyn Fn(&[u8]) -> Result<ByteBuf, Error>>;
type Fill = Box<dyn Fn(&mut Rng, usize, &mut [u8])>;

/// One measurable (curve, op) with its input classes.
struct Target {
    curve: &'static dyn CurveOps,
    op: &'static str,
    /// Class names; class 0 is always "random".
    classes: Vec<String>,
    /// Bytes of one prepared input.
    input_len: usize,
    /// Writes one input of the given class.
    fill: Fill,
    /// The timed call.
    call: Call,
    positive_control: bool,
    /// `Some` when `call` is the group operation without the output
    /// encoding ([`group_only`]) rather than the registry call: what it times.
    group_only: Option<(&'static str, &'static str)>,
}

/// A special value of one input: its name and its bytes.
#[derive(Clone)]
struct Special {
    name: String,
    bytes: Vec<u8>,
    /// Which input it replaces: 0 = the secret (scalar/key/seed), 1 = the point.
    slot: usize,
}

fn be_bits(n: &[u8]) -> usize {
    match n.iter().position(|&b| b != 0) {
        Some(i) => (n.len() - i) * 8 - n[i].leading_zeros() as usize,
        None => 0,
    }
}

fn set_bit(v: &mut [u8], bit: usize) {
    let len = v.len();
    if bit < len * 8 {
        v[len - 1 - bit / 8] |= 1 << (bit % 8);
    }
}

/// A uniformly random scalar in [1, n−1], big-endian, n's length
/// (rejection sampling with n's bit mask).
fn random_below_n(rng: &mut Rng, n: &[u8], out: &mut [u8]) {
    let bits = be_bits(n);
    let top_bits = bits - (n.len() - 1) * 8;
    let mask = if top_bits >= 8 { 0xff } else { (1u16 << top_bits) as u8 - 1 };
    loop {
        rng.fill(out);
        out[0] &= mask;
        if out[..] < n[..] && out.iter().any(|&b| b != 0) {
            return;
        }
    }
}

/// Special scalars for an op. With `zero`, the scalar 0 is included (it is a
/// meaningful input of `mul`/`mul_base`; private keys must be in [1, n−1]).
fn scalar_specials(c: &dyn CurveOps, zero: bool) -> Vec<Special> {
    let n = c.order();
    let len = n.len();
    let bits = be_bits(&n);
    let mk = |name: String, bytes: Vec<u8>| Special { name, bytes, slot: 0 };
    let mut v = Vec::new();
    if zero {
        v.push(mk("zero".into(), vec![0u8; len]));
    }
    let mut one = vec![0u8; len];
    one[len - 1] = 1;
    v.push(mk("one".into(), one));
    let mut small = vec![0u8; len];
    for b in &mut small[len - 4..] {
        *b = 0xff;
    }
    v.push(mk("small 2^32-1".into(), small));
    let mut p2 = vec![0u8; len];
    set_bit(&mut p2, bits / 2);
    v.push(mk(format!("2^{}", bits / 2), p2));
    let mut nm1 = n.to_vec();
    nm1[len - 1] = nm1[len - 1].wrapping_sub(1); // n is odd: no borrow
    v.push(mk("n-1".into(), nm1));
    v.push(mk("low Hamming weight".into(), low_hw(len, bits)));
    v
}

/// A scalar of full length (bit bits−2 set, so below n) with 4 bits set.
fn low_hw(len: usize, bits: usize) -> Vec<u8> {
    let mut l = vec![0u8; len];
    for b in [bits - 2, bits / 2 + 3, bits / 4 + 1, 0] {
        set_bit(&mut l, b);
    }
    l
}

/// Weierstrass: the point with the smallest x ≥ 0 on the curve (x has every
/// limb but the lowest zero), SEC1 uncompressed.
fn small_x_point(c: &dyn CurveOps) -> Option<Special> {
    let fb = c.field_bytes();
    for x in 0u32..2000 {
        let mut xb = vec![0u8; fb];
        xb[fb - 4..].copy_from_slice(&x.to_be_bytes());
        if let Ok(p) = c.point_from_x(&xb, false) {
            return Some(Special { name: format!("point x={x}"), bytes: p.to_vec(), slot: 1 });
        }
    }
    None
}

/// Candidate low-order / special points of the Edwards and Montgomery
/// entries (encodings), kept only if `accept` takes them.
fn low_order_points(c: &dyn CurveOps, accept: &dyn Fn(&[u8]) -> bool) -> Vec<Special> {
    let enc_len = c.generator(false).len();
    let p_le: Vec<u8> = c.modulus().iter().rev().copied().collect();
    let mut cands: Vec<(String, Vec<u8>)> = Vec::new();
    match c.model() {
        Model::Edwards => {
            // y = 0 (order 4), y = −1 (order 2), y = 1 (identity); RFC 8032 encoding: y little-endian, sign bit of x.
            cands.push(("low-order y=0 (order 4)".into(), vec![0u8; enc_len]));
            let mut m1 = vec![0u8; enc_len];
            m1[..p_le.len()].copy_from_slice(&p_le);
            m1[0] = m1[0].wrapping_sub(1);
            cands.push(("low-order y=-1 (order 2)".into(), m1));
            let mut id = vec![0u8; enc_len];
            id[0] = 1;
            cands.push(("identity y=1".into(), id));
        }
        Model::Montgomery => {
            // (0, 0): order 2; raw u‖v little-endian.
            cands.push(("low-order (0,0) (order 2)".into(), vec![0u8; enc_len]));
        }
        Model::MontgomeryXOnly => {
            let fb = c.scalar_bytes();
            cands.push(("low-order u=0".into(), vec![0u8; fb]));
            let mut one = vec![0u8; fb];
            one[0] = 1;
            cands.push(("low-order u=1".into(), one));
            let mut m1 = vec![0u8; fb];
            m1[..p_le.len().min(fb)].copy_from_slice(&p_le[..p_le.len().min(fb)]);
            m1[0] = m1[0].wrapping_sub(1);
            cands.push(("low-order u=p-1".into(), m1));
        }
        Model::ShortWeierstrass => {}
    }
    cands
        .into_iter()
        .filter(|(_, b)| accept(b))
        .map(|(name, bytes)| Special { name, bytes, slot: 1 })
        .collect()
}

fn hash_for(c: &dyn CurveOps) -> HashAlg {
    match c.field_bytes() {
        0..=32 => HashAlg::Sha256,
        33..=48 => HashAlg::Sha384,
        _ => HashAlg::Sha512,
    }
}

/// A pool of random public points [r]G (the "random" point of a class).
fn point_pool(c: &'static dyn CurveOps, rng: &mut Rng, size: usize) -> Vec<Vec<u8>> {
    let n = c.order();
    let mut k = vec![0u8; n.len()];
    let mut out = Vec::new();
    for _ in 0..size * 4 {
        if out.len() == size {
            break;
        }
        random_below_n(rng, &n, &mut k);
        if let Ok(p) = c.mul_base(&k) {
            out.push(p.to_vec());
        }
    }
    out
}

/// How the secret input of an op is drawn.
#[derive(Clone, Copy)]
enum SecretKind {
    /// A scalar in [1, n−1], `scalar_bytes()` long.
    Scalar,
    /// Uniform random bytes of this length (EdDSA seeds, X25519/X448 keys).
    Bytes(usize),
}

/// Builds a two-input target (secret ‖ point) or a one-input target
/// (secret only, `pool` empty). `specials` may replace either input.
#[allow(clippy::too_many_arguments)]
fn target(
    c: &'static dyn CurveOps,
    op: &'static str,
    secret: SecretKind,
    pool: Vec<Vec<u8>>,
    specials: Vec<Special>,
    positive_control: bool,
    call: Call,
) -> Target {
    target_with(c, op, secret, pool, specials, positive_control, call, false)
}

/// As [`target`]; with `fresh_public`, the second input is fresh random
/// bytes of the pool's length for every sample (used for messages: a small
/// pool would give the fixed-key class a fixed sample of RFC 6979 retry
/// counts, while the random-key class sees the population average).
#[allow(clippy::too_many_arguments)]
fn target_with(
    c: &'static dyn CurveOps,
    op: &'static str,
    secret: SecretKind,
    pool: Vec<Vec<u8>>,
    specials: Vec<Special>,
    positive_control: bool,
    call: Call,
    fresh_public: bool,
) -> Target {
    let n = c.order();
    let slen = match secret {
        SecretKind::Scalar => n.len(),
        SecretKind::Bytes(l) => l,
    };
    let plen = pool.first().map(Vec::len).unwrap_or(0);
    let mut classes = vec!["random".to_string()];
    classes.extend(specials.iter().map(|s| s.name.clone()));
    let fill: Fill = Box::new(move |rng, class, out| {
        let (s, p) = out.split_at_mut(slen);
        let special = class.checked_sub(1).and_then(|i| specials.get(i));
        match special {
            Some(sp) if sp.slot == 0 => s.copy_from_slice(&sp.bytes),
            _ => match secret {
                SecretKind::Scalar => random_below_n(rng, &n, s),
                SecretKind::Bytes(_) => rng.fill(s),
            },
        }
        if !p.is_empty() {
            match special {
                Some(sp) if sp.slot == 1 => p.copy_from_slice(&sp.bytes),
                _ if fresh_public => rng.fill(p),
                _ => p.copy_from_slice(&pool[rng.below(pool.len())]),
            }
        }
    });
    Target { curve: c, op, classes, input_len: slen + plen, fill, call, positive_control, group_only: None }
}

/// Every (op, specials, builder) of a curve, in the op order of `kurve-ct`.
/// `pick` chooses which specials to run (all, or one by rotation).
fn targets_for(c: &'static dyn CurveOps, rng: &mut Rng, pick: &mut dyn FnMut(Vec<Special>) -> Vec<Special>) -> Vec<Target> {
    let mut v = Vec::new();
    let model = c.model();
    let sb = c.scalar_bytes();
    let group = matches!(model, Model::ShortWeierstrass | Model::Edwards | Model::Montgomery);
    if group {
        let pool = point_pool(c, rng, 32);
        let plen = pool.first().map(Vec::len).unwrap_or(0);
        let mut sp = scalar_specials(c, true);
        if model == Model::ShortWeierstrass {
            sp.extend(small_x_point(c));
        } else {
            let k = low_hw(sb, be_bits(&c.order()));
            sp.extend(low_order_points(c, &|p| p.len() == plen && c.mul(&k, p).is_ok()));
        }
        // Scalar 0 (and a point of order 2 times an even k) give the identity,
        // which the registry encodes as `00`: those classes are compared
        // through the unencoded group operation without the encoding (see `push_split`).
        let mul_pool = pool.clone();
        let mk_mul = move |sp: Vec<Special>, call: Call| target(c, "mul", SecretKind::Scalar, mul_pool.clone(), sp, false, call);
        let reg_mul = move || -> Call {
            Box::new(move |i| {
                let (k, p) = i.split_at(sb);
                c.mul(k, p)
            })
        };
        push_split(&mut v, c, "mul", pick(sp), &mk_mul, &reg_mul, rng);
        let mk_mul_base = move |sp: Vec<Special>, call: Call| target(c, "mul_base", SecretKind::Scalar, Vec::new(), sp, false, call);
        let reg_mul_base = move || -> Call { Box::new(move |k| c.mul_base(k)) };
        push_split(&mut v, c, "mul_base", pick(scalar_specials(c, true)), &mk_mul_base, &reg_mul_base, rng);
        if model == Model::ShortWeierstrass {
            v.push(target(c, "keygen", SecretKind::Scalar, Vec::new(), pick(scalar_specials(c, false)), false, Box::new(move |k| c.public_key(k, false))));
            let mut sp = scalar_specials(c, false);
            sp.extend(small_x_point(c));
            v.push(target(c, "ecdh", SecretKind::Scalar, pool.clone(), pick(sp), false, Box::new(move |i| {
                let (k, p) = i.split_at(sb);
                c.ecdh(k, p)
            })));
            let h = hash_for(c);
            // Both classes sign messages drawn from the same random pool: the
            // message is public and not under test, and with one fixed message
            // the fixed-key class would always take the same number of
            // RFC 6979 candidate retries (a public, key-independent-looking
            // but deterministic count), which the t-test would flag.
            let msgs = message_pool(rng, 1);
            v.push(target_with(c, "ecdsa_sign", SecretKind::Scalar, msgs.clone(), pick(scalar_specials(c, false)), false, Box::new(move |i| {
                let (k, m) = i.split_at(sb);
                c.ecdsa_sign(h, k, m, SigFormat::P1363, &[], false)
            }), true));
            v.push(target_with(c, "ecdsa_sign_hedged", SecretKind::Scalar, msgs, pick(scalar_specials(c, false)), false, Box::new(move |i| {
                let (k, m) = i.split_at(sb);
                c.ecdsa_sign(h, k, m, SigFormat::Der, &[7u8; 32], true)
            }), true));
        }
    }
    if model == Model::MontgomeryXOnly {
        let mut pool = Vec::new();
        for _ in 0..32 {
            let mut u = vec![0u8; sb];
            rng.fill(&mut u);
            pool.push(u);
        }
        let mut ks = vec![
            Special { name: "k=0 (clamped)".into(), bytes: vec![0u8; sb], slot: 0 },
            Special { name: "k=ff..ff (clamped)".into(), bytes: vec![0xffu8; sb], slot: 0 },
        ];
        let mut lh = vec![0u8; sb];
        lh[sb - 1] = 0x40;
        lh[sb / 2] = 0x10;
        lh[0] = 0x08;
        ks.push(Special { name: "low Hamming weight".into(), bytes: lh, slot: 0 });
        let mut sp = ks.clone();
        // low-order u: the full ladder runs, then the all-zero output is
        // rejected (ZeroResult), a public form random u never gives: those
        // classes are compared through `xdh_unchecked` (see `push_split`).
        sp.extend(low_order_points(c, &|u| c.xdh(&[0x55u8; 56][..sb], u) == Err(Error::ZeroResult)));
        let mk_xdh = move |sp: Vec<Special>, call: Call| target(c, "xdh", SecretKind::Bytes(sb), pool.clone(), sp, false, call);
        let reg_xdh = move || -> Call {
            Box::new(move |i| {
                let (k, u) = i.split_at(sb);
                c.xdh(k, u)
            })
        };
        push_split(&mut v, c, "xdh", pick(sp), &mk_xdh, &reg_xdh, rng);
        v.push(target(c, "xdh_keygen", SecretKind::Bytes(sb), Vec::new(), pick(ks), false, Box::new(move |k| c.xdh_public_key(k))));
    }
    let seed_len = c.generator(false).len();
    if model == Model::Edwards && c.eddsa_public_key(&vec![1u8; seed_len]) != Err(Error::Unsupported) {
        let seeds = || {
            let mut one = vec![0u8; seed_len];
            one[0] = 1;
            vec![
                Special { name: "seed=00..00".into(), bytes: vec![0u8; seed_len], slot: 0 },
                Special { name: "seed=ff..ff".into(), bytes: vec![0xffu8; seed_len], slot: 0 },
                Special { name: "seed=1 (one bit)".into(), bytes: one, slot: 0 },
            ]
        };
        v.push(target(c, "eddsa_keygen", SecretKind::Bytes(seed_len), Vec::new(), pick(seeds()), false, Box::new(move |s| c.eddsa_public_key(s))));
        let msgs = message_pool(rng, 1);
        v.push(target_with(c, "eddsa_sign", SecretKind::Bytes(seed_len), msgs, pick(seeds()), false, Box::new(move |i| {
            let (s, m) = i.split_at(seed_len);
            c.eddsa_sign(EddsaVariant::Pure, s, b"", m)
        }), true));
        v.push(target(c, "eddsa_sign_ph", SecretKind::Bytes(seed_len), Vec::new(), pick(seeds()), false, Box::new(move |s| {
            c.eddsa_sign(EddsaVariant::Ph, s, b"ctx", b"kurve-lab dudect message")
        })));
    }
    v
}

/// Probes per class when comparing the public form of results.
const FORM_PROBES: usize = 16;

/// The public form of a result: the length of its encoding, or the error.
type Form = Result<usize, Error>;

/// For each special class of `t` (index `i` ↔ class `i + 1`), whether some of
/// its results take a public form (encoding length or error) that none of
/// the random class's results take, over [`FORM_PROBES`] untimed calls per
/// class. E.g. `mul` with k = 0 returns the identity `00` where a random k
/// returns a full point encoding.
fn output_form_differs(t: &Target, rng: &mut Rng) -> Vec<bool> {
    let mut buf = vec![0u8; t.input_len];
    let mut forms = |class: usize, rng: &mut Rng| -> Vec<Form> {
        let mut v: Vec<Form> = Vec::new();
        for _ in 0..FORM_PROBES {
            (t.fill)(rng, class, &mut buf);
            let f: Form = (t.call)(&buf).map(|b| b.len());
            if !v.contains(&f) {
                v.push(f);
            }
        }
        v
    };
    let random = forms(0, rng);
    (1..t.classes.len()).map(|class| forms(class, rng).iter().any(|f| !random.contains(f))).collect()
}

/// Pushes the target(s) of one registry op (`mk` builds a target from
/// specials and a call; `registry` makes the registry call). Special classes
/// whose results have a different public form than the random class's
/// ([`output_form_differs`]) are split off into a second row timed through
/// [`group_only`] — the same decode, scalar reduction and constant-time
/// multiplication, without the encoding (for `xdh`: the same ladder without
/// the all-zero check) — after checking on every class that the unencoded
/// call plus the encoding call (the check) gives the registry's result. The
/// other classes keep the registry row. Without an unencoded path (or with no
/// such class) the row stays as it is, and `run_row` records the
/// difference in the row.
fn push_split(
    v: &mut Vec<Target>,
    c: &'static dyn CurveOps,
    op: &'static str,
    specials: Vec<Special>,
    mk: &dyn Fn(Vec<Special>, Call) -> Target,
    registry: &dyn Fn() -> Call,
    rng: &mut Rng,
) {
    let whole = mk(specials.clone(), registry());
    let differs = output_form_differs(&whole, rng);
    let typed = group_only::group_only(c, op);
    let Some(typed) = typed.filter(|_| differs.iter().any(|&d| d)) else {
        v.push(whole);
        return;
    };
    let (diff, same): (Vec<(Special, bool)>, Vec<(Special, bool)>) = specials.into_iter().zip(differs).partition(|(_, d)| *d);
    if !same.is_empty() {
        v.push(mk(same.into_iter().map(|(s, _)| s).collect(), registry()));
    }
    let t = mk(diff.into_iter().map(|(s, _)| s).collect(), typed.timed);
    let reg = registry();
    let mut buf = vec![0u8; t.input_len];
    for class in 0..t.classes.len() {
        for _ in 0..FORM_PROBES {
            (t.fill)(rng, class, &mut buf);
            assert_eq!(
                (typed.encoded)(&buf),
                reg(&buf),
                "{} {op}: the unencoded group operation + encoding differs from the registry (class {})",
                c.name(),
                t.classes[class]
            );
        }
    }
    v.push(Target { group_only: Some((typed.description, typed.why)), ..t });
}

/// `count` random 32-byte messages (the length template for a fresh-public
/// target, whose messages are then drawn anew for every sample of every
/// class, so they cannot separate the classes).
fn message_pool(rng: &mut Rng, count: usize) -> Vec<Vec<u8>> {
    (0..count)
        .map(|_| {
            let mut m = vec![0u8; 32];
            rng.fill(&mut m);
            m
        })
        .collect()
}

/// The control scalar of a GLV curve (secp256k1, secp224k1, secp192k1):
/// its `mul_vartime` splits k = k₁ + k₂·λ (mod n) into halves below 2^h
/// (h = `half_bits`: 128, 112, 96) before the wNAF, so a
/// low-Hamming-weight k has ordinary halves and runs like a random one;
/// this k = k₁ + k₂·λ with k₁ = 2^(h−28) + 2³⁷ + 1 and
/// k₂ = 2^(h−38) + 2¹² + 1 (far below √n, so the split returns exactly
/// these halves; on secp256k1 2¹⁰⁰ + 2³⁷ + 1 and 2⁹⁰ + 2¹² + 1) has few
/// wNAF digits in both. `None` on the other curves.
fn glv_low_hw(name: &str) -> Option<Vec<u8>> {
    use kurve::curves::{secp192k1::Secp192k1, secp224k1::Secp224k1, secp256k1::Secp256k1};
    match name {
        "secp256k1" => glv_low_hw_on::<Secp256k1>(),
        "secp224k1" => glv_low_hw_on::<Secp224k1>(),
        "secp192k1" => glv_low_hw_on::<Secp192k1>(),
        _ => None,
    }
}

/// [`glv_low_hw`] on one curve (`None` without GLV constants).
fn glv_low_hw_on<C: kurve::group::weierstrass::WeierstrassCurve>() -> Option<Vec<u8>> {
    use kurve::field::Field;
    let g = C::GLV?;
    let (h, len) = (g.half_bits, <C::ScalarField as Field>::BYTES);
    let k1: C::ScalarField = Option::from(C::ScalarField::from_be_bytes(&low_hw_bits(len, &[h - 28, 37, 0])))?;
    let k2: C::ScalarField = Option::from(C::ScalarField::from_be_bytes(&low_hw_bits(len, &[h - 38, 12, 0])))?;
    let mut out = vec![0u8; len];
    (k1 + k2 * g.lambda).write_be_bytes(&mut out);
    Some(out)
}

/// `len` big-endian bytes with exactly the given bits set.
fn low_hw_bits(len: usize, bits: &[usize]) -> Vec<u8> {
    let mut l = vec![0u8; len];
    for &b in bits {
        set_bit(&mut l, b);
    }
    l
}

/// The positive control of a curve: `mul_vartime` (variable time on
/// purpose), random scalar vs a low-Hamming-weight scalar (on the GLV
/// curves, one with low-Hamming-weight halves, [`glv_low_hw`]), random
/// points.
fn control_for(c: &'static dyn CurveOps, rng: &mut Rng) -> Option<Target> {
    if !matches!(c.model(), Model::ShortWeierstrass | Model::Edwards | Model::Montgomery) {
        return None;
    }
    let pool = point_pool(c, rng, 32);
    let sb = c.scalar_bytes();
    let p0 = pool.first()?;
    if c.mul_vartime(&low_hw(sb, be_bits(&c.order())), p0).is_err() {
        return None;
    }
    let (name, bytes) = match glv_low_hw(c.name()) {
        Some(k) => ("low Hamming weight halves (GLV)", k),
        None => ("low Hamming weight", low_hw(sb, be_bits(&c.order()))),
    };
    let lh = Special { name: name.into(), bytes, slot: 0 };
    Some(target(c, "mul_vartime", SecretKind::Scalar, pool, vec![lh], true, Box::new(move |i| {
        let (k, p) = i.split_at(sb);
        c.mul_vartime(k, p)
    })))
}

// ---------------------------------------------------------------------------
// Measurement
// ---------------------------------------------------------------------------

/// Samples (ns) of each class, and how many calls failed (by class).
struct Measured {
    per_class: Vec<Vec<f64>>,
    errors: Vec<usize>,
    seconds: f64,
}

const BATCH: usize = 128;

/// Cost of one call in ns: the median of 5 calls of each class, after one
/// warm-up call of each (a median, so a preempted call does not shrink the
/// sample count).
fn calibrate(t: &Target, rng: &mut Rng) -> f64 {
    let mut buf = vec![0u8; t.input_len];
    let mut times = Vec::new();
    for round in 0..6 {
        for class in 0..t.classes.len() {
            (t.fill)(rng, class, &mut buf);
            let t0 = Instant::now();
            let r = (t.call)(black_box(&buf));
            let dt = t0.elapsed().as_nanos() as f64;
            drop(black_box(r));
            if round > 0 {
                times.push(dt);
            }
        }
    }
    times.sort_by(|a, b| a.total_cmp(b));
    quantile(&times, 0.5).max(1.0)
}

/// Runs `total` timed calls, each class drawn at random per sample.
fn measure(t: &Target, total: usize, rng: &mut Rng) -> Measured {
    let k = t.classes.len();
    let mut per_class: Vec<Vec<f64>> = (0..k).map(|_| Vec::with_capacity(total / k + BATCH)).collect();
    let mut errors = vec![0usize; k];
    let mut inputs = vec![0u8; t.input_len * BATCH];
    let mut labels = [0usize; BATCH];
    let start = Instant::now();
    let mut done = 0;
    while done < total {
        let m = BATCH.min(total - done);
        // prepare the batch outside the timed region
        for (j, label) in labels.iter_mut().enumerate().take(m) {
            *label = rng.below(k);
            (t.fill)(rng, *label, &mut inputs[j * t.input_len..(j + 1) * t.input_len]);
        }
        for (j, &label) in labels.iter().enumerate().take(m) {
            let inp = &inputs[j * t.input_len..(j + 1) * t.input_len];
            let t0 = Instant::now();
            let r = (t.call)(black_box(inp));
            let dt = t0.elapsed();
            if black_box(&r).is_err() {
                errors[label] += 1;
            }
            drop(r);
            per_class[label].push(dt.as_nanos() as f64);
        }
        done += m;
    }
    Measured { per_class, errors, seconds: start.elapsed().as_secs_f64() }
}

/// One finished row's numbers.
struct RunResult {
    measured: Measured,
    max_abs_t: f64,
    raw_t: Vec<Option<f64>>,
    crops_used: usize,
    /// Special class with the largest |t|.
    worst_class: usize,
}

fn analyse(m: Measured) -> RunResult {
    let mut max_t = 0.0;
    let mut raw_t = Vec::new();
    let mut crops_used = 0;
    let mut worst_class = 1;
    for (i, c) in m.per_class.iter().enumerate().skip(1) {
        let r = max_abs_t(&m.per_class[0], c);
        raw_t.push(r.raw_t);
        crops_used = crops_used.max(r.crops_used);
        if r.max_abs_t > max_t {
            max_t = r.max_abs_t;
            worst_class = i;
        }
    }
    RunResult { measured: m, max_abs_t: max_t, raw_t, crops_used, worst_class }
}

fn per_class_override() -> Option<usize> {
    std::env::var("KURVE_DUDECT_PER_CLASS").ok()?.trim().parse().ok()
}

/// One dudect row, ready for the table and the JSON.
pub struct Row {
    /// Curve name.
    pub curve: String,
    /// Operation (kurve-ct op names; `mul_vartime` for controls).
    pub op: String,
    /// The JSON row (DESIGN.md hardening shape plus dudect fields).
    pub json: Value,
    /// Final max |t|.
    pub max_abs_t: f64,
    /// Whether this is a positive control.
    pub positive_control: bool,
    /// Whether the row timed the group operation without the output
    /// encoding ([`group_only`]) instead of the registry call.
    pub group_only: bool,
    /// The verdict text.
    pub verdict: String,
    /// Class names.
    pub classes: Vec<String>,
    /// Total samples of the final run.
    pub samples: usize,
}

/// Runs the dudect section over every curve of the registry (or `only`):
/// every secret op of every curve, plus one positive control per curve
/// that has `mul_vartime`. Progress goes to stderr.
pub fn run(mode: Mode, only: Option<&str>) -> Vec<Row> {
    let mut rng = Rng::new(0x6b75_7276_655f_6474); // "kurve_dt"
    let budget = budget_s(mode);
    let fixed = per_class_override().or((mode == Mode::Full).then_some(FULL_PER_CLASS));
    // Collect targets first (to show a total in the progress line).
    let mut all: Vec<Target> = Vec::new();
    let mut rotation = 0usize;
    for c in curves::all() {
        if let Some(o) = only {
            if !c.name().eq_ignore_ascii_case(o) {
                continue;
            }
        }
        let mut pick = |sp: Vec<Special>| -> Vec<Special> {
            if mode == Mode::Full || sp.is_empty() {
                return sp;
            }
            rotation += 1;
            let i = rotation % sp.len();
            vec![sp[i].clone()]
        };
        all.extend(targets_for(*c, &mut rng, &mut pick));
        all.extend(control_for(*c, &mut rng));
    }
    let tty = std::io::stderr().is_terminal();
    let total = all.len();
    let mut rows = Vec::new();
    for (idx, t) in all.iter().enumerate() {
        let msg = format!("  dudect {}/{} {} {}", idx + 1, total, t.curve.name(), t.op);
        if tty {
            eprint!("\r{msg:<60}");
            let _ = std::io::stderr().flush();
        } else {
            eprintln!("{msg}");
        }
        rows.push(run_row(t, mode, budget, fixed, &mut rng));
    }
    if tty {
        eprintln!();
    }
    rows
}

fn run_row(t: &Target, mode: Mode, budget: f64, fixed: Option<usize>, rng: &mut Rng) -> Row {
    let k = t.classes.len();
    // Classes whose results still differ in public form from the random
    // class's (where no unencoded path split them off): recorded, not hidden.
    let form_differs: Vec<&str> = if t.group_only.is_some() || t.positive_control {
        Vec::new()
    } else {
        output_form_differs(t, rng)
            .into_iter()
            .zip(t.classes.iter().skip(1))
            .filter(|(d, _)| *d)
            .map(|(_, name)| name.as_str())
            .collect()
    };
    let est_ns = calibrate(t, rng);
    let (per_class, note) = match fixed {
        Some(n) => (n, format!("{n} samples per class (fixed: {})", if per_class_override().is_some() { "KURVE_DUDECT_PER_CLASS" } else { "--full" })),
        None => {
            let n = ((budget * 1e9 / est_ns) as usize / k).max(MIN_PER_CLASS);
            (n, format!("sample count sized to a {budget} s budget (~{:.0} µs/call; floor {MIN_PER_CLASS} per class)", est_ns / 1e3))
        }
    };
    let first = analyse(measure(t, per_class * k, rng));
    let mut rerun: Option<RunResult> = None;
    if !t.positive_control && first.max_abs_t >= THRESHOLD {
        // Multiple testing: confirm with 4× the samples before declaring.
        rerun = Some(analyse(measure(t, per_class * k * 4, rng)));
    }
    let fin = rerun.as_ref().unwrap_or(&first);
    let verdict = if t.positive_control {
        if fin.max_abs_t >= THRESHOLD {
            "positive control: leak caught (as it must be)".to_string()
        } else {
            "positive control NOT caught — harness too weak at this sample size".to_string()
        }
    } else if fin.max_abs_t < THRESHOLD {
        if rerun.is_some() {
            format!("no leak found (first run |t| = {:.2} not confirmed by a 4x re-run)", first.max_abs_t)
        } else {
            "no leak found".to_string()
        }
    } else if rerun.is_some() {
        "possible leak (|t| >= 4.5 in the run and in a 4x re-run)".to_string()
    } else {
        "possible leak".to_string()
    };
    let retry = if t.op.starts_with("ecdsa_sign") { Some(rfc6979_retry_probability(&t.curve.order())) } else { None };
    let verdict = match retry {
        Some(p) if !t.positive_control && fin.max_abs_t >= THRESHOLD && p > 1e-3 => format!(
            "{verdict}: expected — the RFC 6979 retry (candidate k >= n, probability {:.1} % on this curve) is declassified by design",
            100.0 * p
        ),
        _ => verdict,
    };
    let worst = t.classes.get(fin.worst_class).map(String::as_str).unwrap_or("");
    let verdict = if !t.positive_control && fin.max_abs_t >= THRESHOLD && form_differs.contains(&worst) {
        format!("{verdict} (note: class \"{worst}\" returns a result of a different public form than random — e.g. an error or the identity — so the time of producing that public output is included)")
    } else {
        verdict
    };
    let counts: Vec<usize> = fin.measured.per_class.iter().map(Vec::len).collect();
    let samples: usize = counts.iter().sum();
    let errs: usize = fin.measured.errors.iter().sum();
    let budget_json = if budget.is_finite() { json!(budget) } else { Value::Null };
    let mut j = json!({
        "curve": t.curve.name(), "op": t.op, "method": "dudect",
        "classes": t.classes, "samples": samples, "samples_per_class": counts,
        "max_abs_t": round3(fin.max_abs_t), "threshold": THRESHOLD,
        "crop_percentiles": CROP_PERCENTILES, "crops_used": fin.crops_used,
        "raw_t": fin.raw_t.iter().map(|t| t.map(round3)).collect::<Vec<_>>(),
        "worst_class": t.classes.get(fin.worst_class),
        "verdict": verdict, "positive_control": t.positive_control,
        "budget_s": budget_json, "mode": mode_name(mode), "note": note,
        "seconds": round3(fin.measured.seconds),
        "median_ns": fin.measured.per_class.iter().map(|c| {
            let mut s = c.clone(); s.sort_by(|a, b| a.total_cmp(b)); quantile(&s, 0.5)
        }).collect::<Vec<_>>(),
        "failed_calls": errs,
        "histogram": histogram(&fin.measured.per_class),
    });
    if let Some((what, why)) = t.group_only {
        j["timed"] = json!(what);
        j["comparison"] = json!(format!("random vs {}: {why}", t.classes[1..].join(", ")));
    }
    if !form_differs.is_empty() {
        j["output_form_differs"] = json!(form_differs);
    }
    if let Some(p) = retry {
        j["rfc6979_retry_probability"] = json!(p);
        j["explanation"] = json!("RFC 6979 §3.2 step h.3 rejects a nonce candidate k >= n and draws another; kurve declassifies exactly that accept/retry bit (proto/rfc6979.rs, `ct::declassify`), so the number of HMAC-DRBG rounds (a function of key and message, independent of the accepted nonce) is visible in the time. A fixed key always takes the same number of rounds, random keys a mix, so the t-test sees it wherever the retry probability 1 − n/2^qlen is not negligible.");
    }
    if errs > 0 {
        j["failed_calls_note"] = json!("calls that returned an error were timed too");
    }
    if rerun.is_some() {
        let fc: Vec<usize> = first.measured.per_class.iter().map(Vec::len).collect();
        j["first_run"] = json!({"max_abs_t": round3(first.max_abs_t), "samples": fc.iter().sum::<usize>(), "samples_per_class": fc});
    }
    Row {
        curve: t.curve.name().to_string(),
        op: t.op.to_string(),
        group_only: t.group_only.is_some(),
        max_abs_t: fin.max_abs_t,
        positive_control: t.positive_control,
        verdict,
        classes: t.classes.clone(),
        samples,
        json: j,
    }
}

/// 1 − n / 2^qlen, the probability that an RFC 6979 nonce candidate
/// (a qlen-bit string) is ≥ n and is retried (from n's top 64 bits).
fn rfc6979_retry_probability(n: &[u8]) -> f64 {
    let start = n.iter().position(|&b| b != 0).unwrap_or(0);
    let mut top = [0u8; 8];
    for (i, b) in n.iter().skip(start).take(8).enumerate() {
        top[i] = *b;
    }
    let v = u64::from_be_bytes(top);
    // normalize so that the top bit is bit 63: v / 2^64 = n / 2^qlen
    let v = v << v.leading_zeros();
    1.0 - v as f64 / 18_446_744_073_709_551_616.0
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Quick => "quick",
        Mode::Default => "default",
        Mode::Full => "full",
    }
}

/// Prints the dudect table and a summary line.
pub fn print(rows: &[Row]) {
    println!("\n== Hardening: statistical timing (dudect, Welch t, threshold {THRESHOLD}) ==");
    let wc = rows.iter().map(|r| r.curve.len()).max().unwrap_or(5).max(5);
    let wo = rows.iter().map(|r| r.op.len()).max().unwrap_or(2).max(2);
    let classes = |r: &Row| {
        let c = r.classes.join(" vs ");
        if r.group_only {
            format!("{c} (group op, encoding not timed)")
        } else {
            c
        }
    };
    let wk = rows.iter().map(|r| classes(r).len()).max().unwrap_or(7).max(7);
    println!("{:<wc$}  {:<wo$}  {:<wk$}  {:>9}  {:>7}  verdict", "curve", "op", "classes", "samples", "max|t|");
    for r in rows {
        println!("{:<wc$}  {:<wo$}  {:<wk$}  {:>9}  {:>7.2}  {}", r.curve, r.op, classes(r), r.samples, r.max_abs_t, r.verdict);
    }
    let ct: Vec<&Row> = rows.iter().filter(|r| !r.positive_control).collect();
    let leaks = ct.iter().filter(|r| r.max_abs_t >= THRESHOLD).count();
    let worst = ct.iter().map(|r| r.max_abs_t).fold(0.0, f64::max);
    let pc: Vec<&Row> = rows.iter().filter(|r| r.positive_control).collect();
    let caught = pc.iter().filter(|r| r.max_abs_t >= THRESHOLD).count();
    let min_pc = pc.iter().map(|r| r.max_abs_t).fold(f64::INFINITY, f64::min);
    println!(
        "constant-time rows: {} ({} possible leaks, largest max|t| {:.2}); positive controls caught: {}/{} (smallest max|t| {:.2})",
        ct.len(),
        leaks,
        worst,
        caught,
        pc.len(),
        if pc.is_empty() { 0.0 } else { min_pc }
    );
}

/// The JSON rows (appended to the "hardening" array).
pub fn to_json(rows: &[Row]) -> Vec<Value> {
    rows.iter().map(|r| r.json.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn welch_t_hand_computed() {
        // a: mean 2, var 1 (n=3); b: mean 5, var 4 (n=3):
        // t = (2 − 5) / sqrt(1/3 + 4/3) = −3 / sqrt(5/3) = −2.32379000772445
        let t = welch_t(&[1.0, 2.0, 3.0], &[3.0, 5.0, 7.0]).unwrap();
        assert!((t - (-2.323_790_007_724_45)).abs() < 1e-12, "t = {t}");
        // unequal sizes: a = {0, 10} (mean 5, var 50), b = {1, 2, 3, 4} (mean 2.5, var 5/3)
        // t = 2.5 / sqrt(25 + 5/12) = 2.5 / sqrt(305/12) = 0.49588470368046 …
        let t = welch_t(&[0.0, 10.0], &[1.0, 2.0, 3.0, 4.0]).unwrap();
        assert!((t - 2.5 / (305.0f64 / 12.0).sqrt()).abs() < 1e-12, "t = {t}");
        assert!((t - 0.495_884_703_680_464_7).abs() < 1e-12, "t = {t}");
        assert_eq!(welch_t(&[1.0], &[1.0, 2.0]), None);
        assert_eq!(welch_t(&[1.0, 1.0], &[2.0, 2.0]), None);
    }

    #[test]
    fn crop_thresholds_follow_dudect() {
        let sorted: Vec<f64> = (0..1000).map(f64::from).collect();
        let th = crop_thresholds(&sorted, 100);
        assert_eq!(th.len(), 100);
        // p_0 = 1 − 0.5^0.1 = 0.066967 → index 66; p_9 = 1 − 0.5^1 = 0.5 → 500;
        // p_19 = 0.75 → 750; p_99 = 1 − 0.5^10 = 0.99902 → index 999.
        assert_eq!(th[0], 66.0);
        assert_eq!(th[9], 500.0);
        assert_eq!(th[19], 750.0);
        assert_eq!(th[99], 999.0);
        assert!(th.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn cropping_removes_outliers() {
        // Same distribution, but class b has a few huge outliers (preemptions):
        // the raw t is diluted by the outliers' variance; the crops remove them
        // and still find no difference; a real shift is found after cropping.
        let mut rng = Rng::new(7);
        let a: Vec<f64> = (0..2000).map(|_| 1000.0 + (rng.next_u64() % 100) as f64).collect();
        let mut b: Vec<f64> = (0..2000).map(|_| 1000.0 + (rng.next_u64() % 100) as f64).collect();
        for v in b.iter_mut().step_by(200) {
            *v += 1e6;
        }
        let r = max_abs_t(&a, &b);
        assert!(r.crops_used >= 90, "crops used {}", r.crops_used);
        // the outliers sit above every crop below the 99th percentile: the cropped tests see equal classes
        assert!(r.max_abs_t < 4.5, "{r:?}");
        // a shift of 10 ns under the same outliers: raw t is drowned, a crop finds it
        let c: Vec<f64> = b.iter().map(|v| v + 10.0).collect();
        let r2 = max_abs_t(&a, &c);
        assert!(r2.raw_t.unwrap().abs() < 4.5, "{r2:?}");
        assert!(r2.max_abs_t > 4.5, "{r2:?}");
    }

    #[test]
    fn histogram_counts_every_sample() {
        let h = histogram(&[vec![1.0, 2.0, 3.0], vec![2.0, 1000.0]]);
        let counts = h["counts"].as_array().unwrap();
        let total: u64 = counts.iter().flat_map(|c| c.as_array().unwrap()).map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(total, 5);
        assert_eq!(counts[0].as_array().unwrap().len(), BINS);
    }

    #[test]
    fn rfc6979_retry_probabilities() {
        // secp224k1: n = 0x01 0000…0001DCE8… (qlen 225): n/2^225 ≈ 1/2
        let p = rfc6979_retry_probability(&curves::by_name("secp224k1").unwrap().order());
        assert!((p - 0.5).abs() < 1e-9, "{p}");
        // P-256: n = 0xFFFFFFFF00000000FFFF…: 1 − n/2^256 ≈ 2^-32
        let p = rfc6979_retry_probability(&curves::by_name("secp256r1").unwrap().order());
        assert!(p > 0.0 && p < 1e-9, "{p}");
        // brainpoolP256r1: n = 0xA9FB57DBA1EEA9BC…: 1 − 0xA9FB…/2^64 ≈ 0.3370
        let p = rfc6979_retry_probability(&curves::by_name("brainpoolP256r1").unwrap().order());
        assert!((p - (1.0 - 0xA9FB57DBA1EEA9BCu64 as f64 / 2f64.powi(64))).abs() < 1e-12, "{p}");
    }

    #[test]
    fn random_below_n_is_in_range() {
        let c = curves::by_name("secp192r1").unwrap();
        let n = c.order();
        let mut rng = Rng::new(1);
        let mut k = vec![0u8; n.len()];
        for _ in 0..1000 {
            random_below_n(&mut rng, &n, &mut k);
            assert!(k[..] < n[..] && k.iter().any(|&b| b != 0));
        }
        for s in scalar_specials(c, true) {
            assert!(s.bytes[..] < n[..], "{}", s.name);
        }
    }

    /// `mul` with k = 0 returns the identity (`00`) on short Weierstrass and
    /// on the Montgomery (u, v) entries: its class is split off into a
    /// group-only row, checked against the registry; k = 1 stays in the
    /// registry row. On edwards25519 the identity is an ordinary 32-byte
    /// encoding, so nothing is split.
    #[test]
    fn identity_classes_are_split_off() {
        for (name, split) in [("secp192r1", true), ("curve25519", true), ("edwards25519", false)] {
            let c = curves::by_name(name).unwrap();
            let mut rng = Rng::new(5);
            let pool = point_pool(c, &mut rng, 4);
            let sb = c.scalar_bytes();
            let specials: Vec<Special> = scalar_specials(c, true).into_iter().filter(|s| s.name == "zero" || s.name == "one").collect();
            assert_eq!(specials.len(), 2);
            let mk = move |sp: Vec<Special>, call: Call| target(c, "mul", SecretKind::Scalar, pool.clone(), sp, false, call);
            let reg = move || -> Call {
                Box::new(move |i| {
                    let (k, p) = i.split_at(sb);
                    c.mul(k, p)
                })
            };
            let probe = mk(specials.clone(), reg());
            assert_eq!(output_form_differs(&probe, &mut rng), vec![split, false], "{name}");
            let mut v = Vec::new();
            push_split(&mut v, c, "mul", specials, &mk, &reg, &mut rng);
            if split {
                assert_eq!(v.len(), 2, "{name}");
                assert_eq!((v[0].classes.clone(), v[0].group_only.is_some()), (vec!["random".to_string(), "one".into()], false));
                assert_eq!((v[1].classes.clone(), v[1].group_only.is_some()), (vec!["random".to_string(), "zero".into()], true));
                // the group-only call returns no encoding, but succeeds on both classes
                let mut buf = vec![0u8; v[1].input_len];
                for class in 0..2 {
                    (v[1].fill)(&mut rng, class, &mut buf);
                    assert_eq!((v[1].call)(&buf).map(|b| b.len()), Ok(0));
                }
            } else {
                assert_eq!(v.len(), 1, "{name}");
                assert_eq!(v[0].classes.len(), 3);
                assert!(v[0].group_only.is_none());
            }
        }
    }

    /// A low-order u on X25519 makes `xdh` fail (ZeroResult) where a random
    /// u succeeds: a different public result form, which `run_row` records.
    #[test]
    fn xdh_low_order_class_differs_in_form() {
        let c = curves::by_name("x25519").unwrap();
        let mut rng = Rng::new(9);
        let pool: Vec<Vec<u8>> = (0..4).map(|_| { let mut u = vec![0u8; 32]; rng.fill(&mut u); u }).collect();
        let sp = low_order_points(c, &|u| c.xdh(&[0x55u8; 32], u) == Err(Error::ZeroResult));
        assert!(!sp.is_empty());
        let n = sp.len();
        let t = target(c, "xdh", SecretKind::Bytes(32), pool, sp, false, Box::new(move |i| {
            let (k, u) = i.split_at(32);
            c.xdh(k, u)
        }));
        assert_eq!(output_form_differs(&t, &mut rng), vec![true; n]);
    }

    /// The positive control on secp192r1: `mul_vartime` with a random scalar
    /// vs the scalar 0 ("zero" class), a few thousand samples: |t| > 4.5.
    #[test]
    fn positive_control_is_caught_on_secp192r1() {
        let c = curves::by_name("secp192r1").unwrap();
        let mut rng = Rng::new(3);
        let pool = point_pool(c, &mut rng, 8);
        let sb = c.scalar_bytes();
        let zero = Special { name: "zero".into(), bytes: vec![0u8; sb], slot: 0 };
        let t = target(c, "mul_vartime", SecretKind::Scalar, pool, vec![zero], true, Box::new(move |i| {
            let (k, p) = i.split_at(sb);
            c.mul_vartime(k, p)
        }));
        let r = analyse(measure(&t, 3000, &mut rng));
        assert!(r.max_abs_t > THRESHOLD, "max |t| = {}", r.max_abs_t);
        assert_eq!(r.measured.per_class.iter().map(Vec::len).sum::<usize>(), 3000);
    }
}
