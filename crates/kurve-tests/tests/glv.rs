//! GLV endomorphism of secp256k1: the constants and the scalar split.
//! - λ³ = 1 (mod n), λ ≠ 1; β³ = 1 (mod p), β ≠ 1;
//! - [λ]P = (β·x, y) for G and for random points (checked with a plain
//!   double-and-add, since every kurve multiplication on secp256k1 splits
//!   the scalar with λ);
//! - (a₁ + b₁λ) ≡ 0 and (a₂ + b₂λ) ≡ 0 (mod n) for the basis behind
//!   g₁, g₂, −b₁, −b₂, and g₁, g₂ are the roundings of 2³⁸⁴·b₂/n, 2³⁸⁴·(−b₁)/n;
//! - k ≡ k₁ + k₂·λ with min(kᵢ, n − kᵢ) < 2¹²⁸ on edge and random scalars;
//! - the constant-time signed 5-bit recoding of the split's halves
//!   (`recode::signed_window_bytes`, what `mul_glv` reads) sums back to the
//!   magnitude, with digits in [−16, 16] and a final carry of 0 or 1;
//! - the wNAF of half-size magnitudes sums back to the magnitude and has the
//!   wNAF shape (odd digits below 2^(w−1), w − 1 zeros after each);
//! - `double_mul_glv_vartime` (four-way Straus over the split scalars)
//!   equals the plain `double_mul_vartime` without the endomorphism and the
//!   constant-time `mul_base(a) + mul(P, b)` on edge and ≥ 500 random
//!   (a, b, P), P including the identity, G and −G; the dispatching
//!   `double_mul_vartime` and ECDSA verification use it.

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::curves::secp256k1::{Fp, Fq, ProjectivePoint, Secp256k1};
use kurve::field::Field;
use kurve::group::weierstrass::{glv, WeierstrassCurve};
use kurve::scalar::{Scalar, SecretScalar};
use num_bigint::{BigInt, BigUint};

fn params() -> glv::GlvParams<Secp256k1> {
    Secp256k1::GLV.expect("secp256k1 has GLV constants")
}

fn big<F: Field>(v: &F) -> BigUint {
    let mut b = vec![0u8; F::BYTES];
    v.write_be_bytes(&mut b);
    BigUint::from_bytes_be(&b)
}

fn limbs_big(l: &[u64; 4]) -> BigUint {
    let mut v = BigUint::from(0u8);
    for x in l.iter().rev() {
        v = (v << 64u32) + BigUint::from(*x);
    }
    v
}

fn modulus<F: Field>() -> BigUint {
    let mut b = vec![0u8; F::BYTES];
    F::write_modulus_be_bytes(&mut b);
    BigUint::from_bytes_be(&b)
}

#[test]
fn cube_roots_of_unity() {
    let g = params();
    let l = g.lambda;
    assert!(l * l * l == Fq::ONE && l != Fq::ONE);
    let b = g.beta;
    assert!(b * b * b == Fp::ONE && b != Fp::ONE);
}

/// [k]P by left-to-right double-and-add over the bits of k (no GLV).
fn double_and_add(p: &ProjectivePoint, k: &Fq) -> ProjectivePoint {
    let mut acc = ProjectivePoint::IDENTITY;
    let mut bytes = [0u8; 32];
    k.write_be_bytes(&mut bytes);
    for byte in bytes {
        for bit in (0..8).rev() {
            acc = acc.double();
            if (byte >> bit) & 1 == 1 {
                acc = acc.add(p);
            }
        }
    }
    acc
}

#[test]
fn endomorphism_is_multiplication_by_lambda() {
    let g = params();
    let mut p = ProjectivePoint::generator();
    for i in 0..8u64 {
        let lp = double_and_add(&p, &g.lambda).to_affine();
        let a = p.to_affine();
        assert!(lp.x() == a.x() * g.beta && lp.y() == a.y(), "point {i}");
        p = p.mul_vartime(&Scalar(Fq::from_u64(0x1234_5678_9abc_def1 ^ i)));
    }
}

#[test]
fn lattice_basis_and_rounding_constants() {
    let g = params();
    let n = modulus::<Fq>();
    let lambda = big(&g.lambda);
    let minus_b1 = big(&g.minus_b1);
    let minus_b2 = big(&g.minus_b2);
    // b1 = −minus_b1 (negative, small), b2 = n − minus_b2 (positive, small)
    let b2 = &n - &minus_b2;
    let a1 = BigUint::parse_bytes(b"3086d221a7d46bcde86c90e49284eb15", 16).unwrap();
    let a2 = BigUint::parse_bytes(b"114ca50f7a8e2f3f657c1108d9d44cfd8", 16).unwrap();
    assert_eq!(b2, a1, "b2 = a1 for this basis");
    // a1 + b1·λ ≡ 0: a1 ≡ minus_b1·λ
    assert_eq!(&a1 % &n, (&minus_b1 * &lambda) % &n);
    // a2 + b2·λ ≡ 0
    assert_eq!((&a2 + &b2 * &lambda) % &n, BigUint::from(0u8));
    // both vectors are short (≈ √n)
    assert!(a1.bits() <= 128 && a2.bits() <= 129 && minus_b1.bits() <= 128 && b2.bits() <= 128);
    // g1 = round(2^384·b2/n), g2 = round(2^384·(−b1)/n)
    let two384 = BigUint::from(1u8) << 384u32;
    let round = |x: BigUint| (x + (&n >> 1u32)) / &n;
    assert_eq!(limbs_big(&g.g1), round(&two384 * &b2));
    assert_eq!(limbs_big(&g.g2), round(&two384 * &minus_b1));
}

#[test]
fn split_reconstructs_and_is_short() {
    let g = params();
    let n = modulus::<Fq>();
    let half_bound = BigUint::from(1u8) << 128u32;
    let mut ks = vec![Fq::ZERO, Fq::ONE, -Fq::ONE, -Fq::from_u64(2), g.lambda, -g.lambda, g.lambda * g.lambda];
    let mut s = 0x243f_6a88_85a3_08d3u64;
    for _ in 0..2000 {
        let mut b = [0u8; 40];
        for x in b.iter_mut() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *x = (s >> 56) as u8;
        }
        ks.push(Fq::from_be_bytes_reduced(&b));
    }
    for i in 0..256 {
        let mut v = Fq::ONE;
        for _ in 0..i {
            v = v.double();
        }
        ks.push(v);
        ks.push(-v);
    }
    for k in &ks {
        let (k1, k2) = glv::split_values(&g, k);
        assert!(k1 + k2 * g.lambda == *k, "split of {k:?}");
        for v in [k1, k2] {
            let x = big(&v);
            let m = core::cmp::min(x.clone(), &n - &x);
            assert!(m < half_bound, "half of {k:?} too long: {} bits", m.bits());
        }
    }
}

impl Rng {
    fn scalar(&mut self) -> Fq {
        Fq::from_be_bytes_reduced(&self.array::<40>())
    }
}

/// `recode::signed_window_bytes` over `glv::HALF_BITS` bits for w = 4..=7
/// and over 130 bits for w = 5: ⌈bits/w⌉ + 1 digits, each in [−2^(w−1), 2^(w−1)], the last 0 or 1, and
/// Σ dᵢ·2^(wi) equal to the magnitude; on every single bit, all-ones
/// prefixes and random 128-bit values, and on the halves of real splits.
#[test]
fn signed_window_of_half_magnitudes() {
    use kurve::scalar::recode::{signed_window_bytes, SIGNED4_MAX_DIGITS};
    let mut values: Vec<[u8; glv::HALF_BYTES]> = Vec::new();
    for bit in 0..glv::HALF_BITS {
        let mut one = [0u8; glv::HALF_BYTES];
        one[glv::HALF_BYTES - 1 - bit / 8] = 1 << (bit % 8);
        values.push(one);
        let mut ones = [0u8; glv::HALF_BYTES];
        for b in 0..=bit {
            ones[glv::HALF_BYTES - 1 - b / 8] |= 1 << (b % 8);
        }
        values.push(ones);
    }
    let mut rng = Rng(0x5eed_0151);
    for _ in 0..300 {
        let mut v = [0u8; glv::HALF_BYTES];
        v[1..].copy_from_slice(&rng.array::<16>());
        values.push(v);
    }
    let g = params();
    for _ in 0..300 {
        let s = glv::split(&g, &rng.scalar());
        values.push(s.k1);
        values.push(s.k2);
    }
    let mut digits = [0i8; SIGNED4_MAX_DIGITS];
    for v in &values {
        let want = BigUint::from_bytes_be(v);
        assert!(want.bits() <= glv::HALF_BITS as u64);
        // the bound itself, and the 130 bits `mul_glv` reads (26 windows of 5)
        for (w, bits) in (4..=7u32).map(|w| (w, glv::HALF_BITS)).chain([(5, 130)]) {
            let n = signed_window_bytes(v, w, bits, &mut digits);
            assert_eq!(n, bits.div_ceil(w as usize) + 1, "w = {w}");
            let half = 1i64 << (w - 1);
            let mut acc = BigInt::from(0);
            for (i, &d) in digits[..n].iter().enumerate().rev() {
                assert!((-half..=half).contains(&(d as i64)), "w = {w}: digit {d}");
                if i == n - 1 {
                    assert!(d == 0 || d == 1, "w = {w}: final carry {d}");
                }
                acc = (acc << w) + BigInt::from(d);
            }
            assert_eq!(acc, BigInt::from(want.clone()), "w = {w}: {v:02x?}");
        }
    }
}

fn pow2(k: u32) -> Fq {
    let mut v = Fq::ONE;
    for _ in 0..k {
        v = v.double();
    }
    v
}

#[test]
fn wnaf_of_half_magnitudes() {
    let mut rng = Rng(0x5eed_0001);
    let mut inputs: Vec<[u8; glv::HALF_BYTES]> = vec![[0u8; glv::HALF_BYTES], [0xffu8; glv::HALF_BYTES]];
    let mut one = [0u8; glv::HALF_BYTES];
    one[glv::HALF_BYTES - 1] = 1;
    inputs.push(one);
    for bit in [1usize, 7, 8, 63, 64, 127, 128, 129, 135] {
        let mut b = [0u8; glv::HALF_BYTES];
        b[glv::HALF_BYTES - 1 - bit / 8] = 1 << (bit % 8);
        inputs.push(b);
        // 2^bit − 1: a run of ones that carries through every window
        let mut m = [0u8; glv::HALF_BYTES];
        for i in 0..bit {
            m[glv::HALF_BYTES - 1 - i / 8] |= 1 << (i % 8);
        }
        inputs.push(m);
    }
    for _ in 0..300 {
        let mut b = rng.array::<{ glv::HALF_BYTES }>();
        // mostly 128-bit values, as the split produces
        if rng.next_u64() % 4 != 0 {
            b[0] = 0;
        }
        inputs.push(b);
    }
    let mut digits = [0i16; glv::WNAF_HALF_DIGITS];
    for k in &inputs {
        let want = BigInt::from(BigUint::from_bytes_be(k));
        for w in 2..=15u32 {
            // junk in the output buffer must be overwritten
            digits.fill(0x55);
            let len = glv::wnaf_half_vartime(k, w, &mut digits);
            let mut sum = BigInt::from(0);
            let mut last_nonzero: Option<usize> = None;
            for (i, &d) in digits.iter().enumerate() {
                if i >= len {
                    assert_eq!(d, 0, "digit {i} past len {len} (w = {w}, k = {want})");
                    continue;
                }
                if d != 0 {
                    assert!(d % 2 != 0 && (d.unsigned_abs() as u32) < (1 << (w - 1)), "digit {d} (w = {w})");
                    if let Some(j) = last_nonzero {
                        assert!(i - j >= w as usize, "nonzero digits {j}, {i} closer than w = {w}");
                    }
                    last_nonzero = Some(i);
                }
                sum += BigInt::from(d) << i;
            }
            assert_eq!(sum, want, "w = {w}");
            assert_eq!(len, last_nonzero.map_or(0, |j| j + 1), "len (w = {w})");
        }
    }
}

/// The full-size wNAF (`recode::wnaf_words_vartime`) in both digit types:
/// `i8` for widths 2..=8 (the P tables, Edwards) and `i16` for 2..=15 (the
/// wide G tables): digits odd and below 2^(w−1), at least w − 1 zeros
/// after each nonzero digit, Σ dᵢ·2^i = k, zeros past the returned length.
#[test]
fn wnaf_of_full_words() {
    use kurve::scalar::recode::{wnaf_words_vartime, WnafDigit, MAX_SCALAR_BYTES};
    const W: usize = MAX_SCALAR_BYTES / 8;
    const D: usize = 8 * MAX_SCALAR_BYTES + 1;
    fn check<T: WnafDigit + Into<i64>>(k: &[u64; W], widths: core::ops::RangeInclusive<u32>) {
        let mut want = BigInt::from(0);
        for (i, &v) in k.iter().enumerate() {
            want += BigInt::from(v) << (64 * i);
        }
        for w in widths {
            let mut digits = [T::from_i64(0x55); D];
            let len = wnaf_words_vartime(k, w, &mut digits);
            let mut sum = BigInt::from(0);
            let mut last: Option<usize> = None;
            for (i, &d) in digits.iter().enumerate() {
                let d: i64 = d.into();
                if i >= len {
                    assert_eq!(d, 0, "digit {i} past len {len} (w = {w})");
                    continue;
                }
                if d != 0 {
                    assert!(d % 2 != 0 && d.unsigned_abs() < (1 << (w - 1)), "digit {d} (w = {w})");
                    if let Some(j) = last {
                        assert!(i - j >= w as usize, "nonzero digits {j}, {i} closer than w = {w}");
                    }
                    last = Some(i);
                }
                sum += BigInt::from(d) << i;
            }
            assert_eq!(sum, want, "w = {w}");
            assert_eq!(len, last.map_or(0, |j| j + 1), "len (w = {w})");
        }
    }
    let mut rng = Rng(0x5eed_0002);
    let mut inputs = vec![[0u64; W], [u64::MAX; W]];
    for bit in [0usize, 1, 63, 64, 127, 255, 256, 383, 520, 575] {
        let mut b = [0u64; W];
        b[bit / 64] = 1 << (bit % 64);
        inputs.push(b);
        let mut m = [0u64; W];
        for i in 0..=bit {
            m[i / 64] |= 1 << (i % 64);
        }
        inputs.push(m);
    }
    for _ in 0..200 {
        let mut b = [0u64; W];
        let words = 1 + (rng.next_u64() % W as u64) as usize;
        for v in b.iter_mut().take(words) {
            *v = rng.next_u64();
        }
        inputs.push(b);
    }
    for k in &inputs {
        check::<i8>(k, 2..=8);
        check::<i16>(k, 2..=15);
    }
}

/// Edge scalars for the double multiplication: 0, 1, n − 1, λ, n − λ, λ²,
/// powers of two around the half size, and scalars whose split halves sit
/// at the 2¹²⁸ bound (built as ±(2¹²⁸ − 1) ± (2¹²⁸ − 1)·λ and picked from
/// random scalars by the length of their halves).
fn edge_scalars() -> Vec<Fq> {
    let g = params();
    let l = g.lambda;
    let mut v = vec![Fq::ZERO, Fq::ONE, -Fq::ONE, Fq::from_u64(2), -Fq::from_u64(2), l, -l, l * l, -(l * l), l + Fq::ONE, l - Fq::ONE];
    for k in [64u32, 127, 128, 129, 255] {
        v.push(pow2(k));
        v.push(-pow2(k));
        v.push(pow2(k) - Fq::ONE);
        v.push(pow2(k) * l);
    }
    let m = pow2(128) - Fq::ONE;
    let h = pow2(127);
    for (x, y) in [(m, m), (m, -m), (-m, m), (-m, -m), (h, h), (h, -h), (m, Fq::ZERO), (Fq::ZERO, m)] {
        v.push(x + y * l);
    }
    // random scalars whose halves are the longest seen
    let n = modulus::<Fq>();
    let mut rng = Rng(0x5eed_0002);
    let mut best: Vec<(u64, Fq)> = Vec::new();
    for _ in 0..4000 {
        let k = rng.scalar();
        let (k1, k2) = glv::split_values(&g, &k);
        let bits = [k1, k2]
            .iter()
            .map(|h| {
                let x = big(h);
                core::cmp::min(x.clone(), &n - &x).bits()
            })
            .max()
            .unwrap_or(0);
        best.push((bits, k));
    }
    best.sort_by_key(|x| core::cmp::Reverse(x.0));
    assert!(best[0].0 == 128, "a random scalar with a 128-bit half");
    v.extend(best.iter().take(16).map(|x| x.1));
    v
}

fn check_double_mul(a: &Fq, b: &Fq, p: &ProjectivePoint, what: &str) {
    let g = params();
    let (sa, sb) = (Scalar(*a), Scalar(*b));
    let glv_r = ProjectivePoint::double_mul_glv_vartime(&g, &sa, &sb, p);
    let plain = ProjectivePoint::double_mul_plain_vartime(&sa, &sb, p);
    let ct = ProjectivePoint::mul_base(&SecretScalar::new(*a)).add(&p.mul(&SecretScalar::new(*b)));
    assert!(glv_r == plain, "{what}: GLV != plain for a = {a:?}, b = {b:?}, P = {p:?}");
    assert!(glv_r == ct, "{what}: GLV != constant-time for a = {a:?}, b = {b:?}, P = {p:?}");
    assert!(ProjectivePoint::double_mul_vartime(&sa, &sb, p) == glv_r, "{what}: dispatch");
}

#[test]
fn double_mul_glv_edge_cases() {
    let gen = ProjectivePoint::generator();
    let g = params();
    let phi_g = ProjectivePoint::generator().mul_vartime(&Scalar(g.lambda));
    let points = [
        ("identity", ProjectivePoint::IDENTITY),
        ("G", gen),
        ("-G", gen.neg()),
        ("phi(G)", phi_g),
        ("[2^128]G", gen.mul_vartime(&Scalar(pow2(128)))),
        ("random", gen.mul_vartime(&Scalar(Fq::from_u64(0x0123_4567_89ab_cdef)))),
    ];
    let edges = edge_scalars();
    let mut count = 0;
    for (name, p) in &points {
        for a in &edges {
            for b in [Fq::ZERO, Fq::ONE, -Fq::ONE, g.lambda, -g.lambda, *a, -*a, pow2(128)] {
                check_double_mul(a, &b, p, name);
                check_double_mul(&b, a, p, name);
                count += 2;
            }
        }
    }
    // results that are the identity: [a]G + [n − a]G, [a]G + [a](−G)
    for a in &edges {
        let ga = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(*a), &Scalar(-*a), &gen);
        assert!(bool::from(ga.is_identity()), "[a]G + [−a]G for a = {a:?}");
        let gb = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(*a), &Scalar(*a), &gen.neg());
        assert!(bool::from(gb.is_identity()), "[a]G + [a](−G) for a = {a:?}");
        // [a]G + [b]φ(G) with a = −bλ cancels through the endomorphism
        let gc = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(-(*a * g.lambda)), &Scalar(*a), &phi_g);
        assert!(bool::from(gc.is_identity()), "[−aλ]G + [a]φ(G) for a = {a:?}");
    }
    assert!(count >= 500, "{count} cases");
}

/// Inputs that drive the accumulator onto the table entry being added, so
/// the chain meets doubling-in-addition and P + (−P) (the cases an
/// incomplete addition formula would get wrong): with P = [1/2]T for T ∈ {G, φ(G)} and b = 2, the
/// b-part sets the accumulator to P one position above the last, the
/// doubling makes it T, and a = ±1 or ±λ then adds ±T from the G tables;
/// b = ±1 on P = G makes the P table add ±G onto an accumulator holding G.
#[test]
fn double_mul_glv_exceptional_additions() {
    let g = params();
    let gen = ProjectivePoint::generator();
    let half = Option::<Fq>::from(Fq::from_u64(2).invert()).expect("2 is invertible");
    let phi_g = gen.mul_vartime(&Scalar(g.lambda));
    let two = Fq::from_u64(2);
    for (t, name) in [(gen, "G"), (phi_g, "phi(G)")] {
        let p = t.mul_vartime(&Scalar(half));
        for a in [Fq::ONE, -Fq::ONE, g.lambda, -g.lambda] {
            check_double_mul(&a, &two, &p, &format!("a = ±1/±λ, b = 2, P = [1/2]{name}"));
        }
        let got = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(-Fq::ONE), &Scalar(two), &p);
        assert!(bool::from(got.is_identity()) == (name == "G"), "[−1]G + [2]([1/2]{name})");
        let got = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(-g.lambda), &Scalar(two), &p);
        assert!(bool::from(got.is_identity()) == (name == "phi(G)"), "[−λ]G + [2]([1/2]{name})");
        let got = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(Fq::ONE), &Scalar(two), &p);
        assert!(got == t.add(&gen), "[1]G + [2]([1/2]{name})");
    }
    for b in [Fq::ONE, -Fq::ONE, two, -two] {
        check_double_mul(&Fq::ONE, &b, &gen, "a = 1, P = G");
        check_double_mul(&g.lambda, &(b * g.lambda), &gen, "a = λ, P = G");
    }
    let got = ProjectivePoint::double_mul_glv_vartime(&g, &Scalar(Fq::ONE), &Scalar(Fq::ONE), &gen);
    assert!(got == gen.double(), "[1]G + [1]G");
}

#[test]
fn double_mul_glv_random() {
    let gen = ProjectivePoint::generator();
    let mut rng = Rng(0x5eed_0003);
    for i in 0..600 {
        let a = rng.scalar();
        let b = rng.scalar();
        let p = match i % 10 {
            0 => ProjectivePoint::IDENTITY,
            1 => gen,
            2 => gen.neg(),
            _ => gen.mul_vartime(&Scalar(rng.scalar())),
        };
        check_double_mul(&a, &b, &p, &format!("random case {i}"));
    }
}

#[test]
fn ecdsa_verify_takes_the_glv_path() {
    use kurve::proto::{ecdsa, HashAlg};
    let mut rng = Rng(0x5eed_0004);
    for i in 0..64 {
        let d = SecretScalar::new(rng.scalar());
        if bool::from(d.is_zero()) {
            continue;
        }
        let q = ProjectivePoint::mul_base(&d).to_affine();
        let msg = rng.array::<32>();
        let (r, s) = ecdsa::sign::<Secp256k1>(HashAlg::Sha256, &d, &msg, &[], i % 2 == 0).expect("sign");
        assert!(ecdsa::verify::<Secp256k1>(HashAlg::Sha256, &q, &msg, &r, &s, false).is_ok(), "case {i}");
        let mut bad = msg;
        bad[i % 32] ^= 1 << (i % 8);
        assert!(ecdsa::verify::<Secp256k1>(HashAlg::Sha256, &q, &bad, &r, &s, false).is_err(), "tampered {i}");
        let s_neg = Scalar(-s.0);
        assert!(ecdsa::verify::<Secp256k1>(HashAlg::Sha256, &q, &msg, &r, &s_neg, false).is_ok(), "n − s {i}");
        let q_neg = ProjectivePoint::mul_base(&d).neg().to_affine();
        assert!(ecdsa::verify::<Secp256k1>(HashAlg::Sha256, &q_neg, &msg, &r, &s, false).is_err(), "−Q {i}");
    }
}
