//! Differential tests: the base field F_p, the scalar field F_n and the
//! short-Weierstrass group of every one of the 22 curves, checked against a
//! slow, obviously-correct num-bigint reference (textbook modular arithmetic,
//! affine chord-and-tangent addition with explicit infinity, double-and-add).
//!
//! Every curve gets its own module with six `#[test]`s (see `differential!`).
//! Inputs are edge values plus values from a deterministic per-curve RNG; the
//! seed is printed when a test fails and can be overridden with the
//! environment variable `KURVE_DIFF_SEED` (hex or decimal).

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::curves::params::{AKind, CurveParams};
use kurve::encoding::sec1;
use kurve::field::{Field, FieldParams, Fp};
use kurve::group::weierstrass::{
    xs_from_y_vartime, AffinePoint, ProjectivePoint, WeierstrassCurve,
};
use kurve::scalar::{Scalar, SecretScalar};
use kurve::Error;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use subtle::Choice;

// ---------------------------------------------------------------------------
// Deterministic RNG and seed reporting
// ---------------------------------------------------------------------------

impl Rng {
    /// Uniform-ish in [0, m) (bias < 2^-64).
    fn below(&mut self, m: &BigUint) -> BigUint {
        let len = (m.bits() as usize).div_ceil(8) + 8;
        BigUint::from_bytes_be(&self.bytes(len)) % m
    }
    /// `limbs` 64-bit limbs each drawn from {0, all-ones, 1, 2^63, random}:
    /// values that exercise carries and zero limbs.
    fn structured(&mut self, limbs: usize) -> BigUint {
        let mut v = BigUint::zero();
        for _ in 0..limbs {
            let l = match self.next_u64() % 6 {
                0 => 0,
                1 => u64::MAX,
                2 => 1,
                3 => 1 << 63,
                _ => self.next_u64(),
            };
            v = (v << 64u32) + BigUint::from(l);
        }
        v
    }
    /// A uniform value (2/3 of the time) or a structured one, reduced mod m.
    fn elem(&mut self, m: &BigUint) -> BigUint {
        if self.next_u64() % 3 == 0 {
            let limbs = (m.bits() as usize).div_ceil(64);
            self.structured(limbs) % m
        } else {
            self.below(m)
        }
    }
}

/// Holds the seed of one test and prints it if the test panics.
struct Ctx {
    name: String,
    base_seed: u64,
    rng: Rng,
}

impl Ctx {
    fn new(curve: &str, test: &str) -> Self {
        let base_seed = match std::env::var("KURVE_DIFF_SEED") {
            Ok(s) => {
                let s = s.trim();
                if let Some(h) = s.strip_prefix("0x") {
                    u64::from_str_radix(h, 16).expect("KURVE_DIFF_SEED")
                } else {
                    s.parse().expect("KURVE_DIFF_SEED")
                }
            }
            Err(_) => 0x6b75_7276_655f_6466,
        };
        // FNV-1a of "curve/test" mixed into the base seed.
        let name = format!("{curve}/{test}");
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        Ctx {
            name,
            base_seed,
            rng: Rng(base_seed ^ h),
        }
    }
}

impl Drop for Ctx {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "differential {} failed with KURVE_DIFF_SEED={:#x} (set it to reproduce)",
                self.name, self.base_seed
            );
        }
    }
}

// ---------------------------------------------------------------------------
// Bigint helpers
// ---------------------------------------------------------------------------

fn big(v: u64) -> BigUint {
    BigUint::from(v)
}

fn hex_big(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).expect("hex parameter")
}

fn pow2(k: u64) -> BigUint {
    BigUint::one() << k
}

/// Big-endian, left-padded to exactly `len` bytes (panics if it does not fit).
fn be(v: &BigUint, len: usize) -> Vec<u8> {
    let b = if v.is_zero() { vec![] } else { v.to_bytes_be() };
    assert!(b.len() <= len, "{v:#x} does not fit in {len} bytes");
    let mut out = vec![0u8; len - b.len()];
    out.extend_from_slice(&b);
    out
}

fn limbs_to_big(l: &[u64]) -> BigUint {
    l.iter()
        .rev()
        .fold(BigUint::zero(), |acc, &x| (acc << 64u32) + BigUint::from(x))
}

fn modsub(a: &BigUint, b: &BigUint, p: &BigUint) -> BigUint {
    ((a % p) + p - (b % p)) % p
}

/// Euler's criterion: a is a square mod p (zero counts as a square).
fn is_qr(a: &BigUint, p: &BigUint) -> bool {
    let a = a % p;
    a.is_zero() || a.modpow(&((p - 1u32) >> 1u32), p).is_one()
}

/// The canonical integer of a field element (via its big-endian encoding).
fn fe<F: Field>(x: &F) -> BigUint {
    let mut buf = vec![0u8; F::BYTES];
    x.write_be_bytes(&mut buf);
    BigUint::from_bytes_be(&buf)
}

/// The field element with canonical value v (must be < modulus).
fn to_fe<F: Field>(v: &BigUint) -> F {
    Option::<F>::from(F::from_be_bytes(&be(v, F::BYTES)))
        .unwrap_or_else(|| panic!("{v:#x} rejected by from_be_bytes"))
}

// ---------------------------------------------------------------------------
// 1. Fields
// ---------------------------------------------------------------------------

/// Edge values mod m for a field of `limbs` 64-bit limbs.
fn edge_values(m: &BigUint, limbs: usize) -> Vec<BigUint> {
    let bits = m.bits();
    let one = BigUint::one();
    let mut v: Vec<BigUint> = vec![
        big(0),
        big(1),
        big(2),
        big(3),
        m - 1u32,
        m - 2u32,
        m - 3u32,
        (m - 1u32) >> 1u32,
        (m + 1u32) >> 1u32,
        ((m + 1u32) >> 1u32) + 1u32,
        m >> 2u32,
    ];
    for k in [0u64, 1, 32, 63, 64, 65, 127, 128, bits - 2, bits - 1] {
        v.push(pow2(k));
        v.push(pow2(k) + 1u32);
        if k > 0 {
            v.push(pow2(k) - 1u32);
        }
    }
    // many zero limbs: one limb set (to 1 or all-ones), the rest zero
    for i in 0..limbs as u64 {
        v.push(pow2(64 * i));
        v.push(BigUint::from(u64::MAX) << (64 * i));
        v.push(m - pow2(64 * i).min(m - 1u32));
    }
    // all-ones limbs, reduced; Montgomery-specific constants
    let r = pow2(64 * limbs as u64);
    v.push(&r - 1u32);
    v.push((&r - 1u32) >> 1u32);
    v.push(pow2(bits) - 1u32);
    v.push(r.clone());
    v.push(&r * &r);
    v.push((&r % m).modinv(m).unwrap_or_else(|| one.clone()));
    let mut v: Vec<BigUint> = v.into_iter().map(|x| x % m).collect();
    v.sort();
    v.dedup();
    v
}

/// Differential test of one `Fp<P, N>` against bigint arithmetic mod `m_hex`.
/// The first argument only fixes the type.
fn check_field<P: FieldParams<N>, const N: usize>(
    _witness: Fp<P, N>,
    m_hex: &str,
    expect_bits: u32,
    expect_two_adicity: u32,
    expect_non_residue: u64,
    ctx: &mut Ctx,
) {
    type F<P, const N: usize> = Fp<P, N>;
    let m = hex_big(m_hex);
    let bytes = <F<P, N> as Field>::BYTES;
    let bits = <F<P, N> as Field>::BITS;
    let name = P::NAME;
    let iters = 256;

    // ---- parameters --------------------------------------------------
    assert_eq!(limbs_to_big(&P::MODULUS), m, "{name}: MODULUS limbs");
    assert_eq!(bits as u64, m.bits(), "{name}: BITS");
    assert_eq!(bits, expect_bits, "{name}: BITS vs params");
    assert_eq!(bytes, (m.bits() as usize).div_ceil(8), "{name}: BYTES");
    assert!(64 * N as u64 >= m.bits(), "{name}: limbs");
    for extra in [0usize, 3] {
        let mut out = vec![0xaau8; bytes + extra];
        <F<P, N> as Field>::write_modulus_be_bytes(&mut out);
        assert_eq!(
            out,
            be(&m, bytes + extra),
            "{name}: write_modulus_be_bytes (+{extra})"
        );
    }
    let m1 = &m - 1u32;
    assert_eq!(
        m1.trailing_zeros(),
        Some(P::TWO_ADICITY as u64),
        "{name}: TWO_ADICITY"
    );
    assert_eq!(
        P::TWO_ADICITY,
        expect_two_adicity,
        "{name}: two-adicity vs params"
    );
    assert_eq!(
        P::NON_RESIDUE,
        expect_non_residue,
        "{name}: non-residue vs params"
    );
    assert!(
        !is_qr(&big(P::NON_RESIDUE), &m),
        "{name}: NON_RESIDUE is a residue"
    );
    for z in 2..P::NON_RESIDUE {
        assert!(
            is_qr(&big(z), &m),
            "{name}: {z} < NON_RESIDUE is not a residue"
        );
    }
    for base in [2u32, 3, 5, 7, 11] {
        assert!(
            big(base as u64).modpow(&m1, &m).is_one(),
            "{name}: modulus fails Fermat base {base}"
        );
    }
    assert_eq!(fe(&<F<P, N> as Field>::ZERO), big(0), "{name}: ZERO");
    assert_eq!(fe(&<F<P, N> as Field>::ONE), big(1), "{name}: ONE");
    assert_eq!(
        F::<P, N>::ONE,
        <F<P, N> as Field>::ONE,
        "{name}: inherent ONE"
    );

    // ---- inputs ----------------------------------------------------------
    let edges = edge_values(&m, N);
    let rng = &mut ctx.rng;
    let randoms: Vec<BigUint> = (0..iters).map(|_| rng.elem(&m)).collect();
    // random squares (guaranteed residues) and residue × non-residue
    let nr = big(P::NON_RESIDUE);
    let mut unary: Vec<BigUint> = edges.clone();
    unary.extend(randoms.iter().cloned());
    for r in randoms.iter().take(32) {
        unary.push(r * r % &m);
        unary.push(r * r * &nr % &m);
    }

    // ---- unary ops -------------------------------------------------------
    let (mut n_sq, mut n_nonsq) = (0usize, 0usize);
    let half_exp = &m1 >> 1u32;
    for a in &unary {
        let x: F<P, N> = to_fe(a);
        assert_eq!(&fe(&x), a, "{name}: encode/decode {a:#x}");
        assert_eq!(
            limbs_to_big(&x.to_canonical()),
            *a,
            "{name}: to_canonical {a:#x}"
        );
        assert_eq!(fe(&-x), modsub(&big(0), a, &m), "{name}: neg {a:#x}");
        assert_eq!(fe(&x.double()), (a << 1u32) % &m, "{name}: double {a:#x}");
        assert_eq!(fe(&x.square()), a * a % &m, "{name}: square {a:#x}");
        assert_eq!(
            bool::from(x.is_zero()),
            a.is_zero(),
            "{name}: is_zero {a:#x}"
        );
        assert_eq!(bool::from(x.is_odd()), a.bit(0), "{name}: is_odd {a:#x}");
        // invert
        let inv = Option::<F<P, N>>::from(x.invert());
        if a.is_zero() {
            assert!(inv.is_none(), "{name}: invert(0) must be None");
        } else {
            let inv = inv.unwrap_or_else(|| panic!("{name}: invert({a:#x}) returned None"));
            let want = a.modinv(&m).expect("bigint inverse");
            assert_eq!(fe(&inv), want, "{name}: invert {a:#x}");
            assert!((a * fe(&inv) % &m).is_one(), "{name}: a·a⁻¹ ≠ 1 for {a:#x}");
        }
        // sqrt / is_square vs Euler's criterion
        let euler = a.modpow(&half_exp, &m);
        let residue = a.is_zero() || euler.is_one();
        assert!(
            residue || euler == m1,
            "{name}: Euler criterion not ±1 for {a:#x}"
        );
        if residue {
            n_sq += 1;
        } else {
            n_nonsq += 1;
        }
        assert_eq!(
            bool::from(x.is_square()),
            residue,
            "{name}: is_square {a:#x}"
        );
        let s = Option::<F<P, N>>::from(x.sqrt());
        assert_eq!(
            s.is_some(),
            residue,
            "{name}: sqrt is_some vs Euler for {a:#x}"
        );
        if let Some(s) = s {
            let sb = fe(&s);
            assert_eq!(&sb * &sb % &m, *a, "{name}: sqrt({a:#x})² ≠ a");
        }
        // write_be_bytes into a longer buffer: leading bytes zeroed
        let mut out = vec![0x5au8; bytes + 5];
        x.write_be_bytes(&mut out);
        assert_eq!(
            out,
            be(a, bytes + 5),
            "{name}: write_be_bytes (long buffer) {a:#x}"
        );
        let mut out = vec![0xffu8; bytes];
        x.write_be_bytes(&mut out);
        let back = Option::<F<P, N>>::from(<F<P, N> as Field>::from_be_bytes(&out));
        assert_eq!(
            back,
            Some(x),
            "{name}: write/from_be_bytes round trip {a:#x}"
        );
    }
    assert!(
        n_sq >= 50 && n_nonsq >= 50,
        "{name}: too few residues/non-residues tested"
    );

    // ---- binary ops ------------------------------------------------------
    let mut pairs: Vec<(&BigUint, &BigUint)> = Vec::new();
    for a in &edges {
        for b in &edges {
            pairs.push((a, b));
        }
    }
    for i in 0..iters {
        pairs.push((&randoms[i], &randoms[(i * 7 + 3) % iters]));
        pairs.push((&randoms[i], &edges[i % edges.len()]));
    }
    for (a, b) in pairs {
        let (x, y): (F<P, N>, F<P, N>) = (to_fe(a), to_fe(b));
        assert_eq!(fe(&(x + y)), (a + b) % &m, "{name}: {a:#x} + {b:#x}");
        assert_eq!(fe(&(x - y)), modsub(a, b, &m), "{name}: {a:#x} - {b:#x}");
        assert_eq!(fe(&(x * y)), a * b % &m, "{name}: {a:#x} * {b:#x}");
        assert_eq!(x == y, a == b, "{name}: eq {a:#x} {b:#x}");
    }

    // ---- pow_public ------------------------------------------------------
    let limbs_of = |e: &BigUint| -> [u64; N] {
        let d = e.to_u64_digits();
        let mut l = [0u64; N];
        l[..d.len()].copy_from_slice(&d);
        l
    };
    let exps: Vec<BigUint> = vec![
        big(0),
        big(1),
        big(2),
        big(15),
        big(16),
        big(17),
        m1.clone(),
        &m - 2u32,
        half_exp.clone(),
        pow2(64 * N as u64) - 1u32,
    ];
    let mut bases: Vec<BigUint> = vec![big(0), big(1), big(2), m1.clone(), nr.clone()];
    for _ in 0..4 {
        bases.push(rng.elem(&m));
    }
    let mut pow_cases: Vec<(BigUint, BigUint)> = Vec::new();
    for b in &bases {
        for e in &exps {
            pow_cases.push((b.clone(), e.clone()));
        }
    }
    for (i, b) in randoms.iter().enumerate() {
        let e = if i % 2 == 0 {
            rng.structured(N)
        } else {
            BigUint::from_bytes_be(&rng.bytes(8 * N))
        };
        pow_cases.push((b.clone(), e));
    }
    for (b, e) in &pow_cases {
        let x: F<P, N> = to_fe(b);
        let got = x.pow_public(&limbs_of(e));
        assert_eq!(
            fe(&got),
            b.modpow(e, &m),
            "{name}: pow_public({b:#x}, {e:#x})"
        );
    }

    // ---- from_u64 --------------------------------------------------------
    let mut u64s = vec![
        0u64,
        1,
        2,
        3,
        u64::MAX,
        u64::MAX - 1,
        1 << 63,
        1 << 32,
        (1 << 32) - 1,
    ];
    u64s.extend((0..iters).map(|_| rng.next_u64()));
    for v in u64s {
        let x = <F<P, N> as Field>::from_u64(v);
        assert_eq!(fe(&x), big(v) % &m, "{name}: from_u64({v:#x})");
    }

    // ---- from_be_bytes: rejections --------------------------------------
    let top = pow2(8 * bytes as u64); // 2^(8·BYTES)
    let mut reject: Vec<BigUint> =
        vec![m.clone(), &m + 1u32, pow2(bits as u64) - 1u32, &top - 1u32];
    for _ in 0..32 {
        let span = &top - &m;
        reject.push(&m + rng.below(&span));
    }
    for v in &reject {
        if v >= &top {
            continue; // cannot be written in BYTES bytes (not the case for these primes)
        }
        assert!(v >= &m);
        let r = <F<P, N> as Field>::from_be_bytes(&be(v, bytes));
        assert!(
            bool::from(r.is_none()),
            "{name}: from_be_bytes accepted {v:#x} ≥ p"
        );
    }
    assert!(
        &m + 1u32 < top,
        "{name}: p+1 must be representable (tested above)"
    );
    // wrong lengths, with otherwise valid content
    for len in [0usize, 1, bytes - 1, bytes + 1, 2 * bytes, bytes + 8] {
        let enc = be(&big(1), len.max(1));
        let enc = &enc[enc.len() - len..];
        let r = <F<P, N> as Field>::from_be_bytes(enc);
        assert!(
            bool::from(r.is_none()),
            "{name}: from_be_bytes accepted length {len}"
        );
    }
    // accepted: p − 1 and 0 (the bounds)
    for v in [m1.clone(), big(0)] {
        let r = Option::<F<P, N>>::from(<F<P, N> as Field>::from_be_bytes(&be(&v, bytes)));
        assert_eq!(
            r.map(|x| fe(&x)),
            Some(v.clone()),
            "{name}: from_be_bytes({v:#x})"
        );
    }

    // ---- from_be_bytes_reduced ------------------------------------------
    let lens = [
        0usize,
        1,
        bytes - 1,
        bytes,
        bytes + 1,
        2 * bytes,
        3 * bytes + 5,
        8 * N - 1,
        8 * N,
        8 * N + 1,
        16 * N,
        16 * N + 1,
        24 * N + 7,
    ];
    let mut total = 0;
    for &len in &lens {
        let mut inputs: Vec<Vec<u8>> = vec![vec![0u8; len], vec![0xffu8; len]];
        if len > 0 {
            let mut hi = vec![0u8; len];
            hi[0] = 0x80;
            inputs.push(hi);
            inputs.push(be(&(&m % pow2(8 * len as u64)), len));
        }
        if len >= bytes {
            // m·2^k, m·2^k − 1, m·2^k + 1 when they fit
            let shift = 8 * (len - bytes) as u64;
            let mk = &m << shift;
            inputs.push(be(&mk, len));
            inputs.push(be(&(&mk - 1u32), len));
            if &mk + 1u32 < pow2(8 * len as u64) {
                inputs.push(be(&(&mk + 1u32), len));
            }
        }
        for _ in 0..(iters / lens.len() + 4) {
            inputs.push(rng.bytes(len));
        }
        for inp in inputs {
            let x = <F<P, N> as Field>::from_be_bytes_reduced(&inp);
            let want = BigUint::from_bytes_be(&inp) % &m;
            assert_eq!(
                fe(&x),
                want,
                "{name}: from_be_bytes_reduced({}) len {len}",
                hex::encode(&inp)
            );
            total += 1;
        }
    }
    assert!(total >= 200);
}

// ---------------------------------------------------------------------------
// 2. The bigint reference curve
// ---------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq, Eq)]
enum Pt {
    Inf,
    Aff(BigUint, BigUint),
}

struct RefCurve {
    p: BigUint,
    a: BigUint,
    b: BigUint,
    n: BigUint,
    g: Pt,
}

impl RefCurve {
    fn new(cp: &CurveParams) -> Self {
        let rc = RefCurve {
            p: hex_big(cp.p),
            a: hex_big(cp.a),
            b: hex_big(cp.b),
            n: hex_big(cp.n),
            g: Pt::Aff(hex_big(cp.gx), hex_big(cp.gy)),
        };
        assert!(rc.on_curve(&rc.g), "{}: G not on the curve", cp.name);
        rc
    }
    /// x³ + a·x + b mod p.
    fn rhs(&self, x: &BigUint) -> BigUint {
        (x * x * x + &self.a * x + &self.b) % &self.p
    }
    fn on_curve(&self, pt: &Pt) -> bool {
        match pt {
            Pt::Inf => true,
            Pt::Aff(x, y) => x < &self.p && y < &self.p && y * y % &self.p == self.rhs(x),
        }
    }
    fn inv(&self, v: &BigUint) -> BigUint {
        v.modinv(&self.p).expect("inverse of zero in reference")
    }
    fn neg(&self, pt: &Pt) -> Pt {
        match pt {
            Pt::Inf => Pt::Inf,
            Pt::Aff(x, y) => Pt::Aff(x.clone(), modsub(&BigUint::zero(), y, &self.p)),
        }
    }
    fn double(&self, pt: &Pt) -> Pt {
        let p = &self.p;
        match pt {
            Pt::Inf => Pt::Inf,
            Pt::Aff(x, y) => {
                if y.is_zero() {
                    return Pt::Inf;
                }
                let l = (big(3) * x * x + &self.a) % p * self.inv(&((y << 1u32) % p)) % p;
                let x3 = modsub(&(&l * &l), &((x << 1u32) % p), p);
                let y3 = modsub(&(&l * modsub(x, &x3, p)), y, p);
                Pt::Aff(x3, y3)
            }
        }
    }
    fn add(&self, a: &Pt, b: &Pt) -> Pt {
        let p = &self.p;
        match (a, b) {
            (Pt::Inf, q) | (q, Pt::Inf) => q.clone(),
            (Pt::Aff(x1, y1), Pt::Aff(x2, y2)) => {
                if x1 == x2 {
                    if ((y1 + y2) % p).is_zero() {
                        Pt::Inf
                    } else {
                        self.double(a)
                    }
                } else {
                    let l = modsub(y2, y1, p) * self.inv(&modsub(x2, x1, p)) % p;
                    let x3 = modsub(&modsub(&(&l * &l), x1, p), x2, p);
                    let y3 = modsub(&(&l * modsub(x1, &x3, p)), y1, p);
                    Pt::Aff(x3, y3)
                }
            }
        }
    }
    /// Left-to-right double-and-add on the integer k (no reduction mod n).
    fn mul(&self, k: &BigUint, pt: &Pt) -> Pt {
        let mut acc = Pt::Inf;
        for i in (0..k.bits()).rev() {
            acc = self.double(&acc);
            if k.bit(i) {
                acc = self.add(&acc, pt);
            }
        }
        acc
    }
    /// A random affine point: random x until x³+ax+b is a square; the root
    /// is taken with the library's sqrt and checked here.
    fn random_point<C: WeierstrassCurve>(&self, rng: &mut Rng) -> Pt {
        loop {
            let x = rng.below(&self.p);
            let r = self.rhs(&x);
            if !is_qr(&r, &self.p) {
                continue;
            }
            let s =
                Option::<C::Base>::from(to_fe::<C::Base>(&r).sqrt()).expect("sqrt of a residue");
            let mut y = fe(&s);
            assert_eq!(&y * &y % &self.p, r);
            if rng.next_u64() & 1 == 1 {
                y = modsub(&BigUint::zero(), &y, &self.p);
            }
            let pt = Pt::Aff(x, y);
            assert!(self.on_curve(&pt));
            return pt;
        }
    }
}

fn affine_to_ref<C: WeierstrassCurve>(a: &AffinePoint<C>) -> Pt {
    if bool::from(a.is_identity()) {
        assert!(
            bool::from(a.x().is_zero() & a.y().is_zero()),
            "identity must have x = y = 0"
        );
        Pt::Inf
    } else {
        Pt::Aff(fe(&a.x()), fe(&a.y()))
    }
}

fn to_ref<C: WeierstrassCurve>(q: &ProjectivePoint<C>) -> Pt {
    let a = q.to_affine();
    assert_eq!(
        bool::from(a.is_identity()),
        bool::from(q.is_identity()),
        "is_identity vs to_affine"
    );
    affine_to_ref(&a)
}

fn from_ref<C: WeierstrassCurve>(r: &Pt) -> ProjectivePoint<C> {
    match r {
        Pt::Inf => ProjectivePoint::IDENTITY,
        Pt::Aff(x, y) => {
            Option::<AffinePoint<C>>::from(AffinePoint::from_coordinates(to_fe(x), to_fe(y)))
                .expect("reference point rejected by from_coordinates")
                .to_projective()
        }
    }
}

/// The same point with a non-trivial Z coordinate: 2P − P.
fn rerandomized<C: WeierstrassCurve>(q: &ProjectivePoint<C>) -> ProjectivePoint<C> {
    let r = q.double().add(&q.neg());
    assert_eq!(to_ref(&r), to_ref(q), "2P − P ≠ P");
    r
}

fn sc<C: WeierstrassCurve>(k: &BigUint) -> Scalar<C::ScalarField> {
    Scalar::from_be_bytes(&be(k, <C::ScalarField as Field>::BYTES)).expect("scalar < n")
}

fn secret<C: WeierstrassCurve>(k: &BigUint) -> SecretScalar<C::ScalarField> {
    SecretScalar::from_be_bytes_reduced(&be(k, <C::ScalarField as Field>::BYTES))
}

/// Checks the curve constants against the hex parameters.
fn check_curve_constants<C: WeierstrassCurve>(cp: &CurveParams, rc: &RefCurve) {
    let name = cp.name;
    assert_eq!(C::NAME, name);
    assert_eq!(fe(&C::A), rc.a, "{name}: A");
    assert_eq!(fe(&C::B), rc.b, "{name}: B");
    assert_eq!(fe(&C::B3), big(3) * &rc.b % &rc.p, "{name}: B3");
    assert_eq!(Pt::Aff(fe(&C::GX), fe(&C::GY)), rc.g, "{name}: G");
    assert_eq!(C::COFACTOR, 1, "{name}: cofactor");
    assert_eq!(C::A_KIND, cp.a_kind, "{name}: A_KIND");
    match C::A_KIND {
        AKind::Zero => assert!(rc.a.is_zero(), "{name}: a = 0"),
        AKind::MinusThree => assert_eq!(rc.a, &rc.p - 3u32, "{name}: a = −3"),
        AKind::General => assert!(!rc.a.is_zero() && rc.a != &rc.p - 3u32, "{name}: general a"),
    }
    // nonsingular: 4a³ + 27b² ≠ 0
    let disc = (big(4) * &rc.a * &rc.a * &rc.a + big(27) * &rc.b * &rc.b) % &rc.p;
    assert!(!disc.is_zero(), "{name}: singular curve");
    assert_eq!(<C::Base as Field>::BITS, cp.p_bits);
    assert_eq!(<C::ScalarField as Field>::BITS, cp.n_bits);
    assert_eq!(
        to_ref(&ProjectivePoint::<C>::generator()),
        rc.g,
        "{name}: generator()"
    );
    assert_eq!(
        affine_to_ref(&AffinePoint::<C>::generator()),
        rc.g,
        "{name}: affine generator()"
    );
    assert_eq!(to_ref(&ProjectivePoint::<C>::IDENTITY), Pt::Inf);
    assert_eq!(affine_to_ref(&AffinePoint::<C>::identity()), Pt::Inf);
}

/// A random scalar in [1, n).
fn rc_rand_scalar(n: &BigUint, rng: &mut Rng) -> BigUint {
    rng.below(&(n - 1u32)) + 1u32
}

/// Scalars of interest below n.
fn scalar_list(n: &BigUint, rng: &mut Rng, n_random: usize) -> Vec<BigUint> {
    let nbits = n.bits();
    let mut ks: Vec<BigUint> = [0u64, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 255, 256]
        .iter()
        .map(|&v| big(v))
        .collect();
    ks.extend([
        n - 1u32,
        n - 2u32,
        n - 3u32,
        n - 16u32,
        (n - 1u32) >> 1u32,
        (n + 1u32) >> 1u32,
    ]);
    for k in [0u64, 32, 63, 64, 65, 127, 128, nbits - 1] {
        ks.push(pow2(k));
    }
    let limbs = (nbits as usize).div_ceil(64);
    for i in 0..n_random {
        ks.push(if i % 3 == 2 {
            rng.structured(limbs) % n
        } else {
            rng.below(n)
        });
    }
    for k in &ks {
        assert!(k < n);
    }
    ks
}

fn n_random_for(bits: u32) -> usize {
    if bits > 400 {
        3
    } else {
        8
    }
}

// ---------------------------------------------------------------------------
// 2a. Group operations: add, double, neg, to_affine, add_general, double_general
// ---------------------------------------------------------------------------

fn check_group_ops<C: WeierstrassCurve>(_w: ProjectivePoint<C>, cp: &CurveParams, ctx: &mut Ctx) {
    let name = cp.name;
    let rc = RefCurve::new(cp);
    check_curve_constants::<C>(cp, &rc);
    let rng = &mut ctx.rng;

    // (reference, library) pairs, several with non-trivial Z and several
    // representations of the identity.
    let g = ProjectivePoint::<C>::generator();
    let mut pts: Vec<(Pt, ProjectivePoint<C>)> = vec![
        (Pt::Inf, ProjectivePoint::IDENTITY),
        (Pt::Inf, g.add(&g.neg())), // O with nontrivial coordinates
        (Pt::Inf, ProjectivePoint::IDENTITY.double()),
        (rc.g.clone(), g),
        (rc.g.clone(), rerandomized(&g)),
        (rc.neg(&rc.g), g.neg()),
    ];
    let g2 = rc.double(&rc.g);
    pts.push((g2.clone(), from_ref(&g2)));
    let g3 = rc.add(&g2, &rc.g);
    pts.push((g3.clone(), rerandomized(&from_ref(&g3))));
    for i in 0..4 {
        let p = rc.random_point::<C>(rng);
        let lp = from_ref::<C>(&p);
        let lp = if i % 2 == 0 { rerandomized(&lp) } else { lp };
        pts.push((rc.neg(&p), lp.neg()));
        pts.push((p, lp));
    }
    // random multiples of G (library ladder output, so Z ≠ 1)
    for _ in 0..2 {
        let k = rc_rand_scalar(&rc.n, rng);
        pts.push((rc.mul(&k, &rc.g), g.mul(&sc::<C>(&k))));
    }
    let (p0, l0) = pts[pts.len() - 1].clone();
    let p0g = rc.add(&p0, &rc.g);
    pts.push((p0g, l0.add(&g)));

    for (r, l) in &pts {
        assert!(rc.on_curve(r));
        assert_eq!(&to_ref(l), r, "{name}: library point vs reference");
    }

    // unary
    for (r, l) in &pts {
        let want = rc.double(r);
        assert_eq!(to_ref(&l.double()), want, "{name}: double({r:?})");
        assert_eq!(
            to_ref(&l.double_general()),
            want,
            "{name}: double_general({r:?})"
        );
        assert_eq!(to_ref(&l.add(l)), want, "{name}: P + P ({r:?})");
        assert_eq!(
            to_ref(&l.add_general(l)),
            want,
            "{name}: add_general(P, P) ({r:?})"
        );
        assert!(
            l.double() == l.double_general(),
            "{name}: double vs double_general"
        );
        assert_eq!(to_ref(&l.neg()), rc.neg(r), "{name}: neg({r:?})");
        assert!(
            bool::from(l.add(&l.neg()).is_identity()),
            "{name}: P + (−P) ≠ O for {r:?}"
        );
        assert!(
            bool::from(l.add_general(&l.neg()).is_identity()),
            "{name}: add_general P + (−P)"
        );
        assert!(l.add(&ProjectivePoint::IDENTITY) == *l, "{name}: P + O ≠ P");
        assert!(ProjectivePoint::IDENTITY.add(l) == *l, "{name}: O + P ≠ P");
        assert_eq!(bool::from(l.is_identity()), *r == Pt::Inf);
        // affine round trip
        let a = l.to_affine();
        assert!(
            a.to_projective() == *l,
            "{name}: to_affine/to_projective round trip"
        );
        assert_eq!(affine_to_ref(&a), *r);
        // 4P three ways
        let want4 = rc.double(&want);
        assert_eq!(to_ref(&l.double().double()), want4, "{name}: 4P");
        assert_eq!(
            to_ref(&l.double_general().double_general()),
            want4,
            "{name}: 4P general"
        );
    }

    // binary: all pairs
    for (ra, la) in &pts {
        for (rb, lb) in &pts {
            let want = rc.add(ra, rb);
            let got = la.add(lb);
            assert_eq!(to_ref(&got), want, "{name}: add({ra:?}, {rb:?})");
            let gen = la.add_general(lb);
            assert!(gen == got, "{name}: add_general ≠ add for ({ra:?}, {rb:?})");
            assert!(got == lb.add(la), "{name}: add not commutative");
            assert_eq!(
                (la == lb),
                (ra == rb),
                "{name}: projective equality ({ra:?}, {rb:?})"
            );
        }
    }
}

// ---------------------------------------------------------------------------
// 2b. Scalar multiplication: mul (CT), mul_vartime, mul_base, double_mul_vartime
// ---------------------------------------------------------------------------

fn check_scalar_mul<C: WeierstrassCurve>(_w: ProjectivePoint<C>, cp: &CurveParams, ctx: &mut Ctx) {
    let name = cp.name;
    let rc = RefCurve::new(cp);
    let n = rc.n.clone();
    let rng = &mut ctx.rng;
    let sbytes = <C::ScalarField as Field>::BYTES;
    let g = ProjectivePoint::<C>::generator();

    // Order of G in the reference: [n]G = O and [n−1]G = −G.
    assert_eq!(rc.mul(&n, &rc.g), Pt::Inf, "{name}: reference [n]G ≠ O");

    let ks = scalar_list(&n, rng, n_random_for(cp.p_bits));
    let mut kg: Vec<Pt> = Vec::with_capacity(ks.len());
    for k in &ks {
        let want = rc.mul(k, &rc.g);
        let s = sc::<C>(k);
        let ss = secret::<C>(k);
        assert_eq!(to_ref(&g.mul(&s)), want, "{name}: mul(G, {k:#x})");
        assert_eq!(to_ref(&g.mul(&ss)), want, "{name}: mul(G, secret {k:#x})");
        assert_eq!(
            to_ref(&g.mul_vartime(&s)),
            want,
            "{name}: mul_vartime(G, {k:#x})"
        );
        assert_eq!(
            to_ref(&ProjectivePoint::<C>::mul_base(&s)),
            want,
            "{name}: mul_base({k:#x})"
        );
        assert_eq!(
            to_ref(&ProjectivePoint::<C>::mul_base(&ss)),
            want,
            "{name}: mul_base(secret {k:#x})"
        );
        assert!(
            bool::from(ProjectivePoint::<C>::IDENTITY.mul(&s).is_identity()),
            "{name}: [k]O"
        );
        assert!(
            bool::from(ProjectivePoint::<C>::IDENTITY.mul_vartime(&s).is_identity()),
            "{name}: [k]O vt"
        );
        kg.push(want);
    }
    assert_eq!(
        kg[ks.iter().position(|k| *k == &n - 1u32).unwrap()],
        rc.neg(&rc.g),
        "{name}: [n−1]G"
    );

    // [k]P for a random P (non-trivial Z) and a subset of scalars.
    let p_ref = rc.random_point::<C>(rng);
    let p_lib = rerandomized(&from_ref::<C>(&p_ref));
    let subset: Vec<usize> = (0..ks.len())
        .filter(|i| i % 3 == 0 || *i >= ks.len() - 2)
        .collect();
    let mut kp: Vec<(usize, Pt)> = Vec::new();
    for &i in &subset {
        let k = &ks[i];
        let want = rc.mul(k, &p_ref);
        let s = sc::<C>(k);
        assert_eq!(to_ref(&p_lib.mul(&s)), want, "{name}: mul(P, {k:#x})");
        assert_eq!(
            to_ref(&p_lib.mul(&secret::<C>(k))),
            want,
            "{name}: mul(P, secret {k:#x})"
        );
        assert_eq!(
            to_ref(&p_lib.mul_vartime(&s)),
            want,
            "{name}: mul_vartime(P, {k:#x})"
        );
        kp.push((i, want));
    }

    // double_mul_vartime: [a]G + [b]P.
    for (ib, bp) in &kp {
        let ib = *ib;
        for &ja in &subset {
            let want = rc.add(&kg[ja], bp);
            let got =
                ProjectivePoint::double_mul_vartime(&sc::<C>(&ks[ja]), &sc::<C>(&ks[ib]), &p_lib);
            assert_eq!(
                to_ref(&got),
                want,
                "{name}: double_mul({:#x}, {:#x}, P)",
                ks[ja],
                ks[ib]
            );
        }
    }
    // with P = G, −G, O (colliding tables and cancellation)
    for (ia, ib) in [(1usize, 1usize), (2, 3), (0, 5), (5, 0)] {
        let (a, b) = (&ks[ia], &ks[ib]);
        let want = rc.mul(&((a + b) % &n), &rc.g);
        let got = ProjectivePoint::double_mul_vartime(&sc::<C>(a), &sc::<C>(b), &g);
        assert_eq!(to_ref(&got), want, "{name}: double_mul({a}, {b}, G)");
        let want = rc.mul(&modsub(a, b, &n), &rc.g);
        let got = ProjectivePoint::double_mul_vartime(&sc::<C>(a), &sc::<C>(b), &g.neg());
        assert_eq!(to_ref(&got), want, "{name}: double_mul({a}, {b}, −G)");
        let got = ProjectivePoint::<C>::double_mul_vartime(
            &sc::<C>(a),
            &sc::<C>(b),
            &ProjectivePoint::IDENTITY,
        );
        assert_eq!(to_ref(&got), kg[ia], "{name}: double_mul({a}, {b}, O)");
    }
    let last = ks.len() - 1;
    let got =
        ProjectivePoint::double_mul_vartime(&sc::<C>(&ks[last]), &sc::<C>(&(&n - &ks[last])), &g);
    assert!(bool::from(got.is_identity()), "{name}: [k]G + [n−k]G ≠ O");

    // Scalars ≥ n through from_be_bytes_reduced; the reference multiplies by
    // the unreduced integer (so this also checks that n is the order).
    let top = pow2(8 * sbytes as u64);
    let wide: Vec<Vec<u8>> = vec![
        be(&n, sbytes),
        be(&(&n + 1u32), sbytes + 1),
        be(&(&n + 1u32), sbytes),
        be(&(&top - 1u32), sbytes),
        be(&(&n * 2u32 - 1u32), sbytes + 1),
        rng.bytes(sbytes + 1),
        rng.bytes(2 * sbytes),
        vec![],
        vec![7],
    ];
    for bytes in &wide {
        let v = BigUint::from_bytes_be(bytes);
        let s = Scalar::<C::ScalarField>::from_be_bytes_reduced(bytes);
        assert_eq!(
            fe(&s.0),
            &v % &n,
            "{name}: Scalar::from_be_bytes_reduced({})",
            hex::encode(bytes)
        );
        let want = rc.mul(&v, &rc.g);
        assert_eq!(
            want,
            rc.mul(&(&v % &n), &rc.g),
            "{name}: reference [v]G ≠ [v mod n]G"
        );
        assert_eq!(
            to_ref(&g.mul(&s)),
            want,
            "{name}: [v]G, v = {}",
            hex::encode(bytes)
        );
        assert_eq!(
            to_ref(&g.mul_vartime(&s)),
            want,
            "{name}: vartime [v]G, v = {}",
            hex::encode(bytes)
        );
        let ss = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(bytes);
        assert_eq!(
            to_ref(&ProjectivePoint::<C>::mul_base(&ss)),
            want,
            "{name}: secret [v]G"
        );
    }
    // strict decoding of scalars
    assert!(Scalar::<C::ScalarField>::from_be_bytes(&be(&(&n - 1u32), sbytes)).is_ok());
    assert_eq!(
        Scalar::<C::ScalarField>::from_be_bytes(&be(&n, sbytes)),
        Err(Error::InvalidScalar)
    );
    assert_eq!(
        Scalar::<C::ScalarField>::from_be_bytes(&be(&(&top - 1u32), sbytes)),
        Err(Error::InvalidScalar)
    );
    assert_eq!(
        Scalar::<C::ScalarField>::from_be_bytes(&be(&big(1), sbytes + 1)),
        Err(Error::InvalidLength)
    );
    assert_eq!(
        Scalar::<C::ScalarField>::from_be_bytes(&be(&big(1), sbytes - 1)),
        Err(Error::InvalidLength)
    );
    assert_eq!(
        SecretScalar::<C::ScalarField>::from_be_bytes(&be(&big(0), sbytes)).err(),
        Some(Error::InvalidScalar)
    );
    assert_eq!(
        SecretScalar::<C::ScalarField>::from_be_bytes(&be(&n, sbytes)).err(),
        Some(Error::InvalidScalar)
    );
    assert!(SecretScalar::<C::ScalarField>::from_be_bytes(&be(&(&n - 1u32), sbytes)).is_ok());
}

// ---------------------------------------------------------------------------
// 3. Soundness laws and SEC1
// ---------------------------------------------------------------------------

fn check_laws<C: WeierstrassCurve>(_w: ProjectivePoint<C>, cp: &CurveParams, ctx: &mut Ctx) {
    let name = cp.name;
    let rc = RefCurve::new(cp);
    let n = rc.n.clone();
    let rng = &mut ctx.rng;
    let g = ProjectivePoint::<C>::generator();
    let o = ProjectivePoint::<C>::IDENTITY;
    let trials = if cp.p_bits > 400 { 3 } else { 6 };

    // n·G = O (library: [n−1]G + G; reference: [n]G), also for random P.
    let nm1 = sc::<C>(&(&n - 1u32));
    assert!(
        bool::from(g.mul(&nm1).add(&g).is_identity()),
        "{name}: [n−1]G + G ≠ O"
    );
    assert!(
        bool::from(g.mul_vartime(&nm1).add(&g).is_identity()),
        "{name}: vt [n−1]G + G ≠ O"
    );
    let half = sc::<C>(&((&n - 1u32) >> 1u32));
    assert!(
        bool::from(g.mul(&half).double().add(&g).is_identity()),
        "{name}: 2·[(n−1)/2]G + G ≠ O"
    );

    let mut rand_pts: Vec<(Pt, ProjectivePoint<C>)> = Vec::new();
    for _ in 0..4 {
        let r = rc.random_point::<C>(rng);
        let l = rerandomized(&from_ref::<C>(&r));
        assert!(
            bool::from(l.mul(&nm1).add(&l).is_identity()),
            "{name}: [n]P ≠ O for {r:?}"
        );
        rand_pts.push((r, l));
    }
    assert_eq!(
        rc.mul(&n, &rand_pts[0].0),
        Pt::Inf,
        "{name}: reference [n]P ≠ O (cofactor 1)"
    );

    // associativity / commutativity / identity, with duplicates and inverses
    let (p, q, r) = (rand_pts[0].1, rand_pts[1].1, rand_pts[2].1);
    let triples = [
        (p, q, r),
        (p, p, q),
        (p, p.neg(), q),
        (p, q, q.neg()),
        (o, p, q),
        (p, o, p),
        (p, p, p),
        (g, p, g.neg()),
        (p.neg(), p, p),
    ];
    for (a, b, c) in triples.iter() {
        let l = a.add(b).add(c);
        let rr = a.add(&b.add(c));
        assert!(l == rr, "{name}: (A+B)+C ≠ A+(B+C)");
        assert!(a.add(b) == b.add(a), "{name}: A+B ≠ B+A");
        assert!(a.add(&o) == *a && o.add(a) == *a, "{name}: A + O ≠ A");
        // and against the reference
        let (ra, rb, rcc) = (to_ref(a), to_ref(b), to_ref(c));
        assert_eq!(
            to_ref(&l),
            rc.add(&rc.add(&ra, &rb), &rcc),
            "{name}: (A+B)+C vs reference"
        );
    }

    // [a]([b]P) = [ab]P and [a]P + [b]P = [a+b]P
    let mut pairs: Vec<(BigUint, BigUint)> = vec![
        (&n - 1u32, &n - 1u32),
        (&n - 1u32, big(2)),
        (big(2), (&n + 1u32) >> 1u32),
        (big(0), rng.below(&n)),
    ];
    let b0 = rng.below(&n);
    pairs.push((modsub(&big(0), &b0, &n), b0));
    for _ in 0..trials {
        pairs.push((rng.below(&n), rng.below(&n)));
    }
    for (i, (a, b)) in pairs.iter().enumerate() {
        let (_, pl) = &rand_pts[i % rand_pts.len()];
        let (sa, sb) = (sc::<C>(a), sc::<C>(b));
        let ab = sc::<C>(&(a * b % &n));
        let apb = sc::<C>(&((a + b) % &n));
        let bp = pl.mul(&sb);
        assert!(
            bp.mul(&sa) == pl.mul(&ab),
            "{name}: [a]([b]P) ≠ [ab]P for a={a:#x} b={b:#x}"
        );
        assert!(
            pl.mul_vartime(&sb).mul_vartime(&sa) == pl.mul_vartime(&ab),
            "{name}: vartime [a]([b]P) ≠ [ab]P"
        );
        assert!(
            pl.mul(&sa).add(&bp) == pl.mul(&apb),
            "{name}: [a]P + [b]P ≠ [a+b]P for a={a:#x} b={b:#x}"
        );
        assert!(
            ProjectivePoint::double_mul_vartime(&sa, &sb, &g) == g.mul(&apb),
            "{name}: double_mul(a, b, G) ≠ [a+b]G"
        );
        // Fq arithmetic agrees with the bigint products used above
        assert_eq!(fe(&(sa.0 * sb.0)), a * b % &n, "{name}: Fq mul");
        assert_eq!(fe(&(sa.0 + sb.0)), (a + b) % &n, "{name}: Fq add");
    }

    // SEC1 round trips against a reference encoding.
    let fb = <C::Base as Field>::BYTES;
    let mut enc_pts: Vec<Pt> = vec![rc.g.clone(), rc.neg(&rc.g), rc.double(&rc.g)];
    enc_pts.extend(rand_pts.iter().map(|(r, _)| r.clone()));
    enc_pts.extend(rand_pts.iter().map(|(r, _)| rc.neg(r)));
    for r in &enc_pts {
        let (x, y) = match r {
            Pt::Aff(x, y) => (x, y),
            Pt::Inf => unreachable!(),
        };
        let a = from_ref::<C>(r).to_affine();
        let mut unc = vec![4u8];
        unc.extend(be(x, fb));
        unc.extend(be(y, fb));
        let mut cmp = vec![2u8 | y.bit(0) as u8];
        cmp.extend(be(x, fb));
        assert_eq!(
            sec1::encode(&a, false).as_slice(),
            &unc[..],
            "{name}: uncompressed encoding of {r:?}"
        );
        assert_eq!(
            sec1::encode(&a, true).as_slice(),
            &cmp[..],
            "{name}: compressed encoding of {r:?}"
        );
        for e in [&unc, &cmp] {
            let d = sec1::decode::<C>(e)
                .unwrap_or_else(|err| panic!("{name}: decode {}: {err:?}", hex::encode(e)));
            assert_eq!(affine_to_ref(&d), *r, "{name}: decode {}", hex::encode(e));
            let d2 = sec1::decode_allow_identity::<C>(e).expect("decode_allow_identity");
            assert!(d2 == d);
        }
        // a coordinate ≥ p, an off-curve y, the other parity, bad tags and lengths
        let mut bad = unc.clone();
        bad[1..1 + fb].copy_from_slice(&be(&rc.p, fb));
        assert_eq!(
            sec1::decode::<C>(&bad).err(),
            Some(Error::NonCanonicalField),
            "{name}: x = p"
        );
        let mut bad = unc.clone();
        bad[1 + fb..].copy_from_slice(&be(&((y + 1u32) % &rc.p), fb));
        assert_eq!(
            sec1::decode::<C>(&bad).err(),
            Some(Error::NotOnCurve),
            "{name}: y + 1"
        );
        let mut bad = unc.clone();
        bad[1 + fb..].copy_from_slice(&be(&(y + &rc.p), fb + 1)[1..]);
        if y + &rc.p < pow2(8 * fb as u64) {
            assert_eq!(
                sec1::decode::<C>(&bad).err(),
                Some(Error::NonCanonicalField),
                "{name}: y + p"
            );
        }
        let mut flip = cmp.clone();
        flip[0] ^= 1;
        let d = sec1::decode::<C>(&flip).expect("other parity");
        assert_eq!(
            affine_to_ref(&d),
            rc.neg(r),
            "{name}: flipped parity must give −P"
        );
        for tag in [0x01u8, 0x05, 0x06, 0x07, 0xff] {
            let mut b = unc.clone();
            b[0] = tag;
            assert_eq!(
                sec1::decode::<C>(&b).err(),
                Some(Error::InvalidEncoding),
                "{name}: tag {tag:#x}"
            );
        }
        assert_eq!(
            sec1::decode::<C>(&unc[..unc.len() - 1]).err(),
            Some(Error::InvalidLength)
        );
        assert_eq!(
            sec1::decode::<C>(&cmp[..cmp.len() - 1]).err(),
            Some(Error::InvalidLength)
        );
        let mut long = cmp.clone();
        long.push(0);
        assert_eq!(sec1::decode::<C>(&long).err(), Some(Error::InvalidLength));
    }
    // identity
    let id = AffinePoint::<C>::identity();
    assert_eq!(sec1::encode(&id, false).as_slice(), &[0u8]);
    assert_eq!(sec1::encode(&id, true).as_slice(), &[0u8]);
    assert_eq!(sec1::decode::<C>(&[0]).err(), Some(Error::IdentityPoint));
    assert!(bool::from(
        sec1::decode_allow_identity::<C>(&[0])
            .expect("00")
            .is_identity()
    ));
    assert_eq!(
        sec1::decode_allow_identity::<C>(&[0, 0]).err(),
        Some(Error::InvalidLength)
    );
    assert_eq!(sec1::decode::<C>(&[]).err(), Some(Error::InvalidLength));
    // compressed x: decodes iff x³+ax+b is a residue (Euler), to a root of the right parity
    let (mut yes, mut no) = (0, 0);
    let mut x = rng.below(&rc.p);
    while yes < 4 || no < 4 {
        let rhs = rc.rhs(&x);
        for tag in [2u8, 3] {
            let mut e = vec![tag];
            e.extend(be(&x, fb));
            let d = sec1::decode::<C>(&e);
            if is_qr(&rhs, &rc.p) {
                let d = d.unwrap_or_else(|err| {
                    panic!("{name}: compressed {}: {err:?}", hex::encode(&e))
                });
                match affine_to_ref(&d) {
                    Pt::Aff(dx, dy) => {
                        assert_eq!(dx, x);
                        assert_eq!(&dy * &dy % &rc.p, rhs);
                        assert_eq!(dy.bit(0), tag == 3, "{name}: parity");
                    }
                    Pt::Inf => panic!("identity from compressed"),
                }
            } else {
                assert_eq!(
                    d.err(),
                    Some(Error::NotOnCurve),
                    "{name}: compressed non-residue x {x:#x}"
                );
            }
        }
        if is_qr(&rhs, &rc.p) {
            yes += 1
        } else {
            no += 1
        }
        x = (x + 1u32) % &rc.p;
    }
    // from_x / from_coordinates on the same inputs
    let (gx, gy) = match &rc.g {
        Pt::Aff(x, y) => (x.clone(), y.clone()),
        Pt::Inf => unreachable!(),
    };
    let a = Option::<AffinePoint<C>>::from(AffinePoint::from_x(
        to_fe(&gx),
        Choice::from(gy.bit(0) as u8),
    ));
    assert_eq!(
        a.map(|a| affine_to_ref(&a)),
        Some(rc.g.clone()),
        "{name}: from_x(Gx)"
    );
    let bad = AffinePoint::<C>::from_coordinates(to_fe(&gx), to_fe(&((&gy + 1u32) % &rc.p)));
    assert!(
        bool::from(bad.is_none()),
        "{name}: from_coordinates accepted an off-curve point"
    );
}

// ---------------------------------------------------------------------------
// 3b. xs_from_y_vartime
// ---------------------------------------------------------------------------

fn hexes(v: &[BigUint]) -> String {
    let items: Vec<String> = v.iter().map(|x| format!("{x:#x}")).collect();
    format!("[{}]", items.join(", "))
}

/// Polynomials of degree ≤ 2 modulo the monic cubic f = x³ + a·x + c.
fn poly_mulmod(
    u: &[BigUint; 3],
    v: &[BigUint; 3],
    a: &BigUint,
    c: &BigUint,
    p: &BigUint,
) -> [BigUint; 3] {
    let mut t: Vec<BigUint> = vec![BigUint::zero(); 5];
    for i in 0..3 {
        for j in 0..3 {
            t[i + j] = (&t[i + j] + &u[i] * &v[j]) % p;
        }
    }
    // x⁴ = −a·x² − c·x ; x³ = −a·x − c
    let t4 = t[4].clone();
    t[2] = modsub(&t[2], &(a * &t4), p);
    t[1] = modsub(&t[1], &(c * &t4), p);
    let t3 = t[3].clone();
    t[1] = modsub(&t[1], &(a * &t3), p);
    t[0] = modsub(&t[0], &(c * &t3), p);
    [t[0].clone(), t[1].clone(), t[2].clone()]
}

/// What the reference knows about the x with x³ + a·x + b = y².
enum Roots {
    /// The number of distinct roots (f squarefree).
    Count(usize),
    /// f has a repeated root; the exact set of distinct roots.
    Exactly(Vec<BigUint>),
}

fn reference_roots(rc: &RefCurve, y: &BigUint) -> Roots {
    let p = &rc.p;
    let a = &rc.a;
    let c = modsub(&rc.b, &(y * y), p); // f = x³ + a x + c
                                        // discriminant of x³ + a x + c: −4a³ − 27c²
    let d = (big(4) * a * a * a + big(27) * &c * &c) % p;
    let disc = modsub(&BigUint::zero(), &d, p);
    if disc.is_zero() {
        // repeated root
        if a.is_zero() {
            assert!(c.is_zero());
            return Roots::Exactly(vec![BigUint::zero()]); // x³
        }
        // double root −3c/(2a), simple root 3c/a
        let ainv = a.modinv(p).unwrap();
        let simple = big(3) * &c % p * &ainv % p;
        let double = modsub(
            &BigUint::zero(),
            &(big(3) * &c % p * &ainv % p * (big(2).modinv(p).unwrap()) % p),
            p,
        );
        for r in [&simple, &double] {
            assert!(
                (r * r * r + a * r + &c) % p == BigUint::zero(),
                "reference repeated-root formula"
            );
        }
        assert_eq!(
            (big(3) * &double * &double + a) % p,
            BigUint::zero(),
            "reference double root"
        );
        return Roots::Exactly(vec![simple, double]);
    }
    // Squarefree: x^p ≡ x (mod f) iff f splits completely (3 roots);
    // otherwise Stickelberger: disc square ⇒ f irreducible (0 roots),
    // disc non-square ⇒ linear × irreducible quadratic (1 root).
    let xpoly = [BigUint::zero(), BigUint::one(), BigUint::zero()];
    let mut acc = [BigUint::one(), BigUint::zero(), BigUint::zero()];
    for i in (0..p.bits()).rev() {
        acc = poly_mulmod(&acc, &acc, a, &c, p);
        if p.bit(i) {
            acc = poly_mulmod(&acc, &xpoly, a, &c, p);
        }
    }
    let disc_sq = is_qr(&disc, p);
    if acc == xpoly {
        assert!(disc_sq, "split cubic must have a square discriminant");
        Roots::Count(3)
    } else if disc_sq {
        Roots::Count(0)
    } else {
        Roots::Count(1)
    }
}

fn check_xs_from_y<C: WeierstrassCurve>(_w: ProjectivePoint<C>, cp: &CurveParams, ctx: &mut Ctx) {
    let name = cp.name;
    let rc = RefCurve::new(cp);
    let p = rc.p.clone();
    let rng = &mut ctx.rng;
    let n_rand = if cp.p_bits > 400 { 4 } else { 8 };

    // (y, an x known to be a root)
    let mut cases: Vec<(BigUint, Option<BigUint>)> = Vec::new();
    if let Pt::Aff(x, y) = &rc.g {
        cases.push((y.clone(), Some(x.clone())));
    }
    let g2 = rc.double(&rc.g);
    if let Pt::Aff(x, y) = &g2 {
        cases.push((y.clone(), Some(x.clone())));
    }
    // Random points, until both "x(P) is the only root" and "three roots"
    // occurred at least twice. Given the root x0, the other roots are those
    // of x² + x0·x + (x0² + a), whose discriminant is −3x0² − 4a.
    // For a = 0 the other roots are x0·ω, x0·ω² (ω a cube root of unity):
    // all three exist iff p ≡ 1 (mod 3), so only one of the cases can occur.
    let a_zero = rc.a.is_zero();
    let p_1_mod_3 = (&p % 3u32).is_one();
    let need_one = if a_zero { !p_1_mod_3 } else { true };
    let need_three = if a_zero { p_1_mod_3 } else { true };
    let (mut one, mut three, mut tries) = (0, 0, 0);
    while tries < n_rand || (need_one && one < 2) || (need_three && three < 2) {
        tries += 1;
        assert!(
            tries < 200,
            "{name}: could not find points with 1 and 3 roots"
        );
        if let Pt::Aff(x, y) = rc.random_point::<C>(rng) {
            let d = modsub(&BigUint::zero(), &(big(3) * &x * &x + big(4) * &rc.a), &p);
            if is_qr(&d, &p) && !d.is_zero() {
                three += 1;
            } else if !is_qr(&d, &p) {
                one += 1;
            }
            cases.push((y, Some(x)));
        }
    }
    for y in [big(0), big(1), big(2), &p - 1u32] {
        cases.push((y, None));
    }
    // Random y, until at least two had no root at all (per the reference).
    let (mut none, mut tries) = (0, 0);
    while tries < n_rand || none < 2 {
        tries += 1;
        assert!(tries < 200, "{name}: could not find y without roots");
        let y = rng.below(&p);
        if let Roots::Count(0) = reference_roots(&rc, &y) {
            none += 1;
        }
        cases.push((y, None));
    }
    // Tangent points (3x² + a = 0): the cubic has a repeated root there.
    let mut tangent = 0;
    if rc.a.is_zero() {
        // x = 0, y² = b: f = x³ (triple root)
        if is_qr(&rc.b, &p) {
            let s = Option::<C::Base>::from(to_fe::<C::Base>(&rc.b).sqrt()).expect("sqrt b");
            let y = fe(&s);
            assert_eq!(&y * &y % &p, rc.b);
            cases.push((y, Some(BigUint::zero())));
            tangent += 1;
        }
    } else {
        let x2 = modsub(&BigUint::zero(), &rc.a, &p) * big(3).modinv(&p).unwrap() % &p; // −a/3
        if is_qr(&x2, &p) {
            let s = Option::<C::Base>::from(to_fe::<C::Base>(&x2).sqrt()).expect("sqrt(−a/3)");
            let x0 = fe(&s);
            assert_eq!(&x0 * &x0 % &p, x2);
            for x in [x0.clone(), modsub(&BigUint::zero(), &x0, &p)] {
                let r = rc.rhs(&x);
                if is_qr(&r, &p) {
                    let s = Option::<C::Base>::from(to_fe::<C::Base>(&r).sqrt()).expect("sqrt rhs");
                    let y = fe(&s);
                    assert_eq!(&y * &y % &p, r);
                    cases.push((y, Some(x)));
                    tangent += 1;
                }
            }
        }
    }
    println!(
        "{name}: {} y values, {tangent} with a repeated root",
        cases.len()
    );

    let mut counts = [0usize; 4];
    for (y, known_x) in &cases {
        let (xs, cnt) = xs_from_y_vartime::<C>(&to_fe(y));
        assert!(cnt <= 3, "{name}: count {cnt}");
        let got: Vec<BigUint> = xs[..cnt].iter().map(fe).collect();
        let y2 = y * y % &p;
        for x in &got {
            assert_eq!(
                rc.rhs(x),
                y2,
                "{name}: xs_from_y({y:#x}) returned non-root {x:#x}"
            );
        }
        for i in 0..got.len() {
            for j in 0..i {
                assert_ne!(got[i], got[j], "{name}: xs_from_y({y:#x}) repeated root");
            }
        }
        if let Some(x) = known_x {
            assert!(
                got.contains(x),
                "{name}: xs_from_y({y:#x}) misses x = {x:#x} (got {})",
                hexes(&got)
            );
        }
        match reference_roots(&rc, y) {
            Roots::Count(k) => {
                assert_eq!(
                    cnt,
                    k,
                    "{name}: xs_from_y({y:#x}) returned {cnt} roots {}, reference {k}",
                    hexes(&got)
                )
            }
            Roots::Exactly(mut want) => {
                let mut g = got.clone();
                g.sort();
                want.sort();
                assert_eq!(g, want, "{name}: xs_from_y({y:#x}) with a repeated root");
            }
        }
        counts[cnt] += 1;
        // −y has the same roots
        let (xs2, cnt2) = xs_from_y_vartime::<C>(&to_fe(&modsub(&BigUint::zero(), y, &p)));
        let mut a: Vec<BigUint> = got.clone();
        let mut b: Vec<BigUint> = xs2[..cnt2].iter().map(fe).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{name}: xs_from_y(−y) ≠ xs_from_y(y)");
    }
    // prime order: no 2-torsion, so y = 0 has no x
    assert_eq!(
        xs_from_y_vartime::<C>(&<C::Base as Field>::ZERO).1,
        0,
        "{name}: y = 0 must have no x"
    );
    println!("{name}: root counts 0/1/2/3: {counts:?}");
    assert!(
        counts[0] >= 2 && (!need_one || counts[1] >= 2) && (!need_three || counts[3] >= 2),
        "{name}: root-count coverage {counts:?}"
    );
}

// ---------------------------------------------------------------------------
// One module of tests per curve
// ---------------------------------------------------------------------------

macro_rules! differential {
    ($m:ident, $params:ident) => {
        mod $m {
            use super::*;
            use kurve::curves::params::$params as PARAMS;
            use kurve::curves::$m as c;

            #[test]
            fn base_field() {
                let mut ctx = Ctx::new(stringify!($m), "base_field");
                check_field(
                    c::Fp::ZERO,
                    PARAMS.p,
                    PARAMS.p_bits,
                    PARAMS.p_two_adicity,
                    PARAMS.p_non_residue,
                    &mut ctx,
                );
            }

            #[test]
            fn scalar_field() {
                let mut ctx = Ctx::new(stringify!($m), "scalar_field");
                check_field(
                    c::Fq::ZERO,
                    PARAMS.n,
                    PARAMS.n_bits,
                    PARAMS.n_two_adicity,
                    PARAMS.n_non_residue,
                    &mut ctx,
                );
            }

            #[test]
            fn group_ops() {
                let mut ctx = Ctx::new(stringify!($m), "group_ops");
                check_group_ops(c::ProjectivePoint::IDENTITY, &PARAMS, &mut ctx);
            }

            #[test]
            fn scalar_mul() {
                let mut ctx = Ctx::new(stringify!($m), "scalar_mul");
                check_scalar_mul(c::ProjectivePoint::IDENTITY, &PARAMS, &mut ctx);
            }

            #[test]
            fn laws_and_sec1() {
                let mut ctx = Ctx::new(stringify!($m), "laws_and_sec1");
                check_laws(c::ProjectivePoint::IDENTITY, &PARAMS, &mut ctx);
            }

            #[test]
            fn xs_from_y() {
                let mut ctx = Ctx::new(stringify!($m), "xs_from_y");
                check_xs_from_y(c::ProjectivePoint::IDENTITY, &PARAMS, &mut ctx);
            }
        }
    };
}

differential!(secp192k1, SECP192K1);
differential!(secp192r1, SECP192R1);
differential!(secp224k1, SECP224K1);
differential!(secp224r1, SECP224R1);
differential!(secp256k1, SECP256K1);
differential!(secp256r1, SECP256R1);
differential!(secp384r1, SECP384R1);
differential!(secp521r1, SECP521R1);
differential!(brainpool_p160r1, BRAINPOOLP160R1);
differential!(brainpool_p160t1, BRAINPOOLP160T1);
differential!(brainpool_p192r1, BRAINPOOLP192R1);
differential!(brainpool_p192t1, BRAINPOOLP192T1);
differential!(brainpool_p224r1, BRAINPOOLP224R1);
differential!(brainpool_p224t1, BRAINPOOLP224T1);
differential!(brainpool_p256r1, BRAINPOOLP256R1);
differential!(brainpool_p256t1, BRAINPOOLP256T1);
differential!(brainpool_p320r1, BRAINPOOLP320R1);
differential!(brainpool_p320t1, BRAINPOOLP320T1);
differential!(brainpool_p384r1, BRAINPOOLP384R1);
differential!(brainpool_p384t1, BRAINPOOLP384T1);
differential!(brainpool_p512r1, BRAINPOOLP512R1);
differential!(brainpool_p512t1, BRAINPOOLP512T1);

/// The 22 modules above are exactly the library's registry.
#[test]
fn covers_every_registered_curve() {
    let mut names: Vec<&str> = kurve::curves::all()
        .iter()
        .filter(|c| c.model() == kurve::curves::Model::ShortWeierstrass)
        .map(|c| c.name())
        .collect();
    names.sort();
    let mut ours: Vec<&str> = vec![
        "secp192k1",
        "secp192r1",
        "secp224k1",
        "secp224r1",
        "secp256k1",
        "secp256r1",
        "secp384r1",
        "secp521r1",
        "brainpoolP160r1",
        "brainpoolP160t1",
        "brainpoolP192r1",
        "brainpoolP192t1",
        "brainpoolP224r1",
        "brainpoolP224t1",
        "brainpoolP256r1",
        "brainpoolP256t1",
        "brainpoolP320r1",
        "brainpoolP320t1",
        "brainpoolP384r1",
        "brainpoolP384t1",
        "brainpoolP512r1",
        "brainpoolP512t1",
    ];
    ours.sort();
    assert_eq!(names, ours);
}
