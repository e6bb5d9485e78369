//! The GLV endomorphism of secp256k1, secp224k1 and secp192k1: the
//! constants and the scalar split, per curve (`glv_curve_tests!`):
//! - λ³ = 1 (mod n), λ ≠ 1; β³ = 1 (mod p), β ≠ 1;
//! - [λ]P = (β·x, y) for G and for random points (checked with the plain
//!   double-and-add `kurve_tests::reference_mul`, since every kurve
//!   multiplication on these curves splits the scalar with λ);
//! - the basis behind −b₁, −b₂: aᵢ ≡ −bᵢ·λ (mod n) short, a₁b₂ − a₂b₁ = n
//!   (so the rounding solves the right system); g₁, g₂ are the roundings of
//!   2ˢ·b₂/n, 2ˢ·(−b₁)/n for the curve's shift s; the rounded products
//!   k·gᵢ/2ˢ fit 128 bits; and the curve's `half_bits` bounds
//!   (1/2 + 2⁻⁶⁴)·(|a₁| + |a₂|) and (1/2 + 2⁻⁶⁴)·(|b₁| + |b₂|), the split's
//!   worst case;
//! - k ≡ k₁ + k₂·λ with min(kᵢ, n − kᵢ) < 2^half_bits on edge and random
//!   scalars, and random scalars reach the bound's bit length;
//! - the constant-time signed window recoding of the split's halves
//!   (`recode::signed_window_bytes`, what `mul_glv` reads) sums back to the
//!   magnitude, with digits in [−2^(w−1), 2^(w−1)] and a final carry of 0 or 1;
//! - `double_mul_glv_vartime` (four-way Straus over the split scalars)
//!   equals the plain `double_mul_vartime` without the endomorphism and the
//!   constant-time `mul_base(a) + mul(P, b)` on edge and ≥ 500 random
//!   (a, b, P), P including the identity, G and −G; the dispatching
//!   `double_mul_vartime` and ECDSA verification use it.
//!
//! Curve-independent: the wNAF of half-size magnitudes and of full words
//! sums back to the value and has the wNAF shape (odd digits below
//! 2^(w−1), w − 1 zeros after each).

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::field::Field;
use kurve::group::weierstrass::glv;
use num_bigint::{BigInt, BigUint};

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

/// min(x, n − x) for x in [0, n).
fn abs_mod(x: &BigUint, n: &BigUint) -> BigUint {
    core::cmp::min(x.clone(), n - x)
}

macro_rules! glv_curve_tests {
    ($module:ident, $Curve:ident) => {
        mod $module {
            use super::common::Rng;
            use super::{abs_mod, big, limbs_big, modulus};
            use kurve::curves::$module::{Fp, Fq, ProjectivePoint, $Curve};
            use kurve::field::Field;
            use kurve::group::weierstrass::{glv, WeierstrassCurve};
            use kurve::scalar::{Scalar, SecretScalar};
            use num_bigint::{BigInt, BigUint};

            fn params() -> glv::GlvParams<$Curve> {
                $Curve::GLV.expect("the curve has GLV constants")
            }

            /// The curve's bound h on the split's halves.
            fn h() -> u32 {
                params().half_bits as u32
            }

            fn scalar(rng: &mut Rng) -> Fq {
                Fq::from_be_bytes_reduced(&rng.array::<40>())
            }

            fn pow2(k: u32) -> Fq {
                let mut v = Fq::ONE;
                for _ in 0..k {
                    v = v.double();
                }
                v
            }

            #[test]
            fn cube_roots_of_unity() {
                let g = params();
                let l = g.lambda;
                assert!(l * l * l == Fq::ONE && l != Fq::ONE);
                let b = g.beta;
                assert!(b * b * b == Fp::ONE && b != Fp::ONE);
            }


            #[test]
            fn endomorphism_is_multiplication_by_lambda() {
                let g = params();
                let mut p = ProjectivePoint::generator();
                for i in 0..8u64 {
                    let lp = kurve_tests::reference_mul(&p, &g.lambda).to_affine();
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
                // b₁ = −minus_b1 (negative, short), b₂ = n − minus_b2 (positive, short)
                let minus_b1 = big(&g.minus_b1);
                let b2 = &n - big(&g.minus_b2);
                let root = BigUint::from(1u8) << (n.bits() / 2 + 1);
                assert!(minus_b1 < root && b2 < root, "b₁, b₂ short");
                // aᵢ ≡ −bᵢ·λ: a₁ = minus_b1·λ mod n, a₂ = −b₂·λ mod n, both
                // positive and short in this basis
                let a1 = (&minus_b1 * &lambda) % &n;
                let a2 = (&n - (&b2 * &lambda) % &n) % &n;
                assert!(a1 < root && a2 < root, "a₁, a₂ short: {a1:x}, {a2:x}");
                // det = a₁b₂ − a₂b₁ = a₁b₂ + a₂·minus_b1 = n: a basis of the
                // whole lattice, and the system the rounding solves
                assert_eq!(&a1 * &b2 + &a2 * &minus_b1, n, "a₁b₂ − a₂b₁ = n");
                // gᵢ = round(2ˢ·…/n)
                let shift = 64 * g.shift_words as u32;
                let two_s = BigUint::from(1u8) << shift;
                let round = |x: BigUint| (x + (&n >> 1u32)) / &n;
                assert_eq!(limbs_big(&g.g1), round(&two_s * &b2));
                assert_eq!(limbs_big(&g.g2), round(&two_s * &minus_b1));
                // k·gᵢ/2ˢ + 1/2 below 2¹²⁸ for every k < n
                for gi in [&g.g1, &g.g2] {
                    let c = ((&n - 1u8) * limbs_big(gi) + (&two_s >> 1u32)) >> shift;
                    assert!(c.bits() <= 128, "rounded product too long");
                }
                // the rounding error of cᵢ against the real solution is at
                // most 1/2 + n/2^(s+1) ≤ 1/2 + 2⁻⁶⁴, so
                // |k₁| ≤ (1/2 + 2⁻⁶⁴)(a₁ + a₂), |k₂| ≤ (1/2 + 2⁻⁶⁴)(|b₁| + b₂)
                assert!(n.bits() + 64 <= u64::from(shift), "shift too small for ε ≤ 2⁻⁶⁴");
                let hb = g.half_bits as u32;
                assert!(g.half_bits <= glv::HALF_BITS);
                for sum in [&a1 + &a2, &minus_b1 + &b2] {
                    // (1/2 + 2⁻⁶⁴)·sum < 2^h ⟺ sum·(2⁶³ + 1) < 2^(h + 64)
                    let worst = &sum * ((BigUint::from(1u8) << 63u32) + 1u8);
                    assert!(worst < BigUint::from(1u8) << (hb + 64), "half_bits {hb} below the worst case");
                    // and the bound is tight to the bit
                    assert!(sum.bits() == u64::from(hb) + 1 || sum.bits() == u64::from(hb), "half_bits {hb} loose");
                }
            }

            /// The bound behind `mul_glv`'s incomplete additions: the least
            /// max(|x|, |y|) over the nonzero (x, y) with x + λ·y ≡ 0
            /// (mod n) is |b₁| (the value its documentation gives) and
            /// exceeds 2^(h−5) + 48, the largest such vector its additions
            /// above the last digit pair could meet.
            #[test]
            fn mul_glv_incomplete_additions_bound() {
                let g = params();
                let n = BigInt::from(modulus::<Fq>());
                let lambda = BigInt::from(big(&g.lambda));
                type V = (BigInt, BigInt);
                let dot = |u: &V, v: &V| &u.0 * &v.0 + &u.1 * &v.1;
                let floor_div = |a: &BigInt, b: &BigInt| {
                    let zero = BigInt::from(0u8);
                    if *a >= zero { a / b } else { -((-a + b - 1u8) / b) }
                };
                // Lagrange–Gauss reduction of the basis (n, 0), (−λ, 1)
                let (mut u, mut v): (V, V) = ((n.clone(), BigInt::from(0u8)), (-lambda.clone(), BigInt::from(1u8)));
                loop {
                    if dot(&u, &u) < dot(&v, &v) {
                        core::mem::swap(&mut u, &mut v);
                    }
                    let vv = dot(&v, &v);
                    let m = floor_div(&(dot(&u, &v) * 2u8 + &vv), &(vv * 2u8));
                    u = (&u.0 - &m * &v.0, &u.1 - &m * &v.1);
                    if dot(&u, &u) >= dot(&v, &v) {
                        break;
                    }
                }
                // every nonzero combination with coefficients up to R
                const R: i32 = 50;
                let mut mu: Option<BigInt> = None;
                for a in -R..=R {
                    for b in -R..=R {
                        if a == 0 && b == 0 {
                            continue;
                        }
                        let w = (&u.0 * a + &v.0 * b, &u.1 * a + &v.1 * b);
                        assert!(((&w.0 + &lambda * &w.1) % &n) == BigInt::from(0u8));
                        let s = core::cmp::max(w.0.magnitude().clone(), w.1.magnitude().clone());
                        let s = BigInt::from(s);
                        if mu.as_ref().map_or(true, |m| s < *m) {
                            mu = Some(s);
                        }
                    }
                }
                let mu = mu.expect("combinations enumerated");
                // Cramer: a vector of sup norm ≤ μ has coefficients of
                // absolute value ≤ μ·√2·max(|u|, |v|)/n, here below R
                let longest = core::cmp::max(dot(&u, &u), dot(&v, &v));
                assert!(&mu * &mu * 2u8 * longest < BigInt::from(R * R) * &n * &n, "R too small");
                assert_eq!(mu, BigInt::from(big(&g.minus_b1)), "μ = |b₁|");
                let need = (BigInt::from(1u8) << (h() - 5)) + 48u8;
                assert!(need < mu, "2^(h−5) + 48 below μ");
            }

            #[test]
            fn split_reconstructs_and_is_short() {
                let g = params();
                let n = modulus::<Fq>();
                let half_bound = BigUint::from(1u8) << h();
                let mut ks = vec![Fq::ZERO, Fq::ONE, -Fq::ONE, -Fq::from_u64(2), g.lambda, -g.lambda, g.lambda * g.lambda];
                let mut rng = Rng(0x243f_6a88_85a3_08d3);
                for _ in 0..2000 {
                    ks.push(scalar(&mut rng));
                }
                for i in 0..Fq::BITS {
                    ks.push(pow2(i));
                    ks.push(-pow2(i));
                }
                let mut longest = 0;
                for k in &ks {
                    let (k1, k2) = glv::split_values(&g, k);
                    assert!(k1 + k2 * g.lambda == *k, "split of {k:?}");
                    for v in [k1, k2] {
                        let m = abs_mod(&big(&v), &n);
                        assert!(m < half_bound, "half of {k:?} too long: {} bits", m.bits());
                        longest = longest.max(m.bits());
                    }
                }
                assert_eq!(longest, u64::from(h()), "random scalars reach the bound's length");
            }

            /// `recode::signed_window_bytes` over h bits for w = 4..=7 and
            /// over ⌈h/5⌉·5 bits for w = 5 (what `mul_glv` reads):
            /// ⌈bits/w⌉ + 1 digits, each in [−2^(w−1), 2^(w−1)], the last 0
            /// or 1, and Σ dᵢ·2^(wi) equal to the magnitude; on every single
            /// bit, all-ones prefixes and random h-bit values, and on the
            /// halves of real splits.
            #[test]
            fn signed_window_of_half_magnitudes() {
                use kurve::scalar::recode::{signed_window_bytes, SIGNED4_MAX_DIGITS};
                let hb = h() as usize;
                let mut values: Vec<[u8; glv::HALF_BYTES]> = Vec::new();
                for bit in 0..hb {
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
                    let r = BigUint::from_bytes_be(&rng.array::<{ glv::HALF_BYTES }>()) % (BigUint::from(1u8) << hb);
                    let b = r.to_bytes_be();
                    let mut v = [0u8; glv::HALF_BYTES];
                    v[glv::HALF_BYTES - b.len()..].copy_from_slice(&b);
                    values.push(v);
                }
                let g = params();
                for _ in 0..300 {
                    let s = glv::split(&g, &scalar(&mut rng));
                    values.push(s.k1);
                    values.push(s.k2);
                }
                let mut digits = [0i8; SIGNED4_MAX_DIGITS];
                for v in &values {
                    let want = BigUint::from_bytes_be(v);
                    assert!(want.bits() <= hb as u64);
                    for (w, bits) in (4..=7u32).map(|w| (w, hb)).chain([(5, hb.next_multiple_of(5))]) {
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

            /// Edge scalars for the double multiplication: 0, 1, n − 1, λ,
            /// n − λ, λ², powers of two around the half size, and scalars
            /// whose split halves sit at the 2^h bound (built as
            /// ±(2^h − 1) ± (2^h − 1)·λ and picked from random scalars by
            /// the length of their halves).
            fn edge_scalars() -> Vec<Fq> {
                let g = params();
                let l = g.lambda;
                let hb = h();
                let mut v = vec![Fq::ZERO, Fq::ONE, -Fq::ONE, Fq::from_u64(2), -Fq::from_u64(2), l, -l, l * l, -(l * l), l + Fq::ONE, l - Fq::ONE];
                for k in [hb / 2, hb - 1, hb, hb + 1, Fq::BITS - 1] {
                    v.push(pow2(k));
                    v.push(-pow2(k));
                    v.push(pow2(k) - Fq::ONE);
                    v.push(pow2(k) * l);
                }
                let m = pow2(hb) - Fq::ONE;
                let half = pow2(hb - 1);
                for (x, y) in [(m, m), (m, -m), (-m, m), (-m, -m), (half, half), (half, -half), (m, Fq::ZERO), (Fq::ZERO, m)] {
                    v.push(x + y * l);
                }
                // random scalars whose halves are the longest seen
                let n = modulus::<Fq>();
                let mut rng = Rng(0x5eed_0002);
                let mut best: Vec<(u64, Fq)> = Vec::new();
                for _ in 0..4000 {
                    let k = scalar(&mut rng);
                    let (k1, k2) = glv::split_values(&g, &k);
                    let bits = [k1, k2].iter().map(|x| abs_mod(&big(x), &n).bits()).max().unwrap_or(0);
                    best.push((bits, k));
                }
                best.sort_by_key(|x| core::cmp::Reverse(x.0));
                assert!(best[0].0 == u64::from(hb), "a random scalar with an h-bit half");
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
                    ("[2^h]G", gen.mul_vartime(&Scalar(pow2(h())))),
                    ("random", gen.mul_vartime(&Scalar(Fq::from_u64(0x0123_4567_89ab_cdef)))),
                ];
                let edges = edge_scalars();
                let mut count = 0;
                for (name, p) in &points {
                    for a in &edges {
                        for b in [Fq::ZERO, Fq::ONE, -Fq::ONE, g.lambda, -g.lambda, *a, -*a, pow2(h())] {
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

            /// Inputs that drive the accumulator onto the table entry being
            /// added, so the chain meets doubling-in-addition and P + (−P)
            /// (the cases an incomplete addition formula would get wrong):
            /// with P = [1/2]T for T ∈ {G, φ(G)} and b = 2, the b-part sets
            /// the accumulator to P one position above the last, the
            /// doubling makes it T, and a = ±1 or ±λ then adds ±T from the
            /// G tables; b = ±1 on P = G makes the P table add ±G onto an
            /// accumulator holding G.
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
                    let a = scalar(&mut rng);
                    let b = scalar(&mut rng);
                    let p = match i % 10 {
                        0 => ProjectivePoint::IDENTITY,
                        1 => gen,
                        2 => gen.neg(),
                        _ => gen.mul_vartime(&Scalar(scalar(&mut rng))),
                    };
                    check_double_mul(&a, &b, &p, &format!("random case {i}"));
                }
            }

            #[test]
            fn ecdsa_verify_takes_the_glv_path() {
                use kurve::proto::{ecdsa, HashAlg};
                let mut rng = Rng(0x5eed_0004);
                for i in 0..64 {
                    let d = SecretScalar::new(scalar(&mut rng));
                    if bool::from(d.is_zero()) {
                        continue;
                    }
                    let q = ProjectivePoint::mul_base(&d).to_affine();
                    let msg = rng.array::<32>();
                    let (r, s) = ecdsa::sign::<$Curve>(HashAlg::Sha256, &d, &msg, &[], i % 2 == 0).expect("sign");
                    assert!(ecdsa::verify::<$Curve>(HashAlg::Sha256, &q, &msg, &r, &s, false).is_ok(), "case {i}");
                    let mut bad = msg;
                    bad[i % 32] ^= 1 << (i % 8);
                    assert!(ecdsa::verify::<$Curve>(HashAlg::Sha256, &q, &bad, &r, &s, false).is_err(), "tampered {i}");
                    let s_neg = Scalar(-s.0);
                    assert!(ecdsa::verify::<$Curve>(HashAlg::Sha256, &q, &msg, &r, &s_neg, false).is_ok(), "n − s {i}");
                    let q_neg = ProjectivePoint::mul_base(&d).neg().to_affine();
                    assert!(ecdsa::verify::<$Curve>(HashAlg::Sha256, &q_neg, &msg, &r, &s, false).is_err(), "−Q {i}");
                }
            }
        }
    };
}

glv_curve_tests!(secp256k1, Secp256k1);
glv_curve_tests!(secp224k1, Secp224k1);
glv_curve_tests!(secp192k1, Secp192k1);

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

