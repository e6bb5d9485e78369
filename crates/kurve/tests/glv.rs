//! GLV endomorphism of secp256k1: the constants and the scalar split.
//! - λ³ = 1 (mod n), λ ≠ 1; β³ = 1 (mod p), β ≠ 1;
//! - [λ]P = (β·x, y) for G and for random points (checked with the
//!   double-and-add-free `mul_vartime`, which does not use GLV);
//! - (a₁ + b₁λ) ≡ 0 and (a₂ + b₂λ) ≡ 0 (mod n) for the basis behind
//!   g₁, g₂, −b₁, −b₂, and g₁, g₂ are the roundings of 2³⁸⁴·b₂/n, 2³⁸⁴·(−b₁)/n;
//! - k ≡ k₁ + k₂·λ with min(kᵢ, n − kᵢ) < 2¹²⁸ on edge and random scalars.

use kurve::curves::secp256k1::{Fp, Fq, ProjectivePoint, Secp256k1};
use kurve::field::Field;
use kurve::group::weierstrass::{glv, WeierstrassCurve};
use kurve::scalar::Scalar;
use num_bigint::BigUint;

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

#[test]
fn endomorphism_is_multiplication_by_lambda() {
    let g = params();
    let mut p = ProjectivePoint::generator();
    for i in 0..8u64 {
        let lp = p.mul_vartime(&Scalar(g.lambda)).to_affine();
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
