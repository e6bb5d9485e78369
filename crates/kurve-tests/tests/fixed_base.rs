//! Fixed-base scalar multiplication by the compile-time tables
//! (`EdwardsCurve::BASE_TABLE`) and the X25519 / X448 public-key paths that
//! use them.
//!
//! - Every table entry is recomputed at run time ([(j + 1)·256ⁱ]B by the
//!   generic group law) and compared.
//! - `mul_base` (table) against the variable-base `mul` on B, on random and
//!   edge scalars: 0, 1, 2, 15, 16, L − 1, L − 2, (L − 1)/2, 2^k for every k,
//!   2^k − 1, all-nibbles-8 patterns (the recoding's carry chain) and
//!   clamped RFC 7748 keys reduced mod L; through `Scalar` and `SecretScalar`.
//! - `MontgomeryPoint::mul_base` against the Montgomery `mul` on the
//!   generator (curve25519, curve448).
//! - `x25519_base` / `x448_base` (table + map to u) against the ladder
//!   `x25519(k, 9)` / `x448(k, 5)` on random keys and edge keys.

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::curves::curve25519::{self as c25519, Curve25519, Edwards25519};
use kurve::curves::curve448::{self as c448, Curve448, Edwards448};
use kurve::field::Field;
use kurve::group::edwards::{EdwardsCurve, EdwardsPoint};
use kurve::group::montgomery::{MontgomeryCurve, MontgomeryPoint};
use kurve::proto::xdh;
use kurve::scalar::{Scalar, SecretScalar};

impl Rng {
    fn scalar<F: Field>(&mut self) -> Scalar<F> {
        let b: [u8; 64] = self.array();
        Scalar(F::from_be_bytes_reduced(&b[..F::BYTES + 8]))
    }
}

fn small<F: Field>(n: u64) -> Scalar<F> {
    Scalar(F::from_u64(n))
}

/// 2^k mod L.
fn pow2<F: Field>(k: u32) -> Scalar<F> {
    let mut r = F::ONE;
    for _ in 0..k {
        r = r.double();
    }
    Scalar(r)
}

/// The edge scalars listed in the module doc.
fn edge_scalars<F: Field>() -> Vec<Scalar<F>> {
    let one = F::ONE;
    let l1 = -one; // L − 1
    let two_inv = one.double().invert().unwrap();
    let mut v = vec![
        small(0),
        small(1),
        small(2),
        small(7),
        small(8),
        small(9),
        small(15),
        small(16),
        small(0x88),
        Scalar(l1),
        Scalar(l1 - one),
        Scalar(l1 * two_inv), // (L − 1)/2
        Scalar(two_inv),      // (L + 1)/2
    ];
    for k in 0..F::BITS + 2 {
        v.push(pow2::<F>(k));
        v.push(Scalar(pow2::<F>(k).0 - one));
    }
    // Every nibble 8 (digit −8 with carry 1 everywhere), every nibble 7.
    let b8 = [0x88u8; 80];
    let b7 = [0x77u8; 80];
    v.push(Scalar(F::from_be_bytes_reduced(&b8[..F::BYTES])));
    v.push(Scalar(F::from_be_bytes_reduced(&b7[..F::BYTES])));
    v
}

/// [(j + 1)·256ⁱ]B recomputed by repeated doubling and addition equals
/// the compile-time table entry, for every i, j.
fn check_table<C: EdwardsCurve>() {
    let table = C::BASE_TABLE;
    let digits = (C::ScalarField::BITS as usize).div_ceil(4) + 1;
    assert_eq!(table.len(), digits.div_ceil(2), "{}: table rows", C::NAME);
    let mut base = EdwardsPoint::<C>::generator();
    for (i, row) in table.iter().enumerate() {
        let mut q = base;
        for (j, entry) in row.iter().enumerate() {
            assert_eq!(entry.to_affine(), q.to_affine(), "{}: table[{i}][{j}]", C::NAME);
            q = q.add(&base);
        }
        for _ in 0..8 {
            base = base.double();
        }
    }
}

#[test]
fn table_entries_edwards25519() {
    check_table::<Edwards25519>();
}

#[test]
fn table_entries_edwards448() {
    check_table::<Edwards448>();
}

fn mul_base_matches_mul<C: EdwardsCurve>(seed: u64) {
    let g = EdwardsPoint::<C>::generator();
    let mut rng = Rng(seed);
    let mut scalars = edge_scalars::<C::ScalarField>();
    for _ in 0..64 {
        scalars.push(rng.scalar());
    }
    for k in &scalars {
        let want = g.mul(k);
        let got = EdwardsPoint::<C>::mul_base(k);
        assert!(bool::from(got.is_on_curve()), "{}: on curve for {:?}", C::NAME, k.0);
        assert_eq!(got, want, "{}: mul_base({:?})", C::NAME, k.0);
        assert_eq!(got.compress(), want.compress());
        assert_eq!(got, g.mul_vartime(k), "{}: vs mul_vartime", C::NAME);
        let s = SecretScalar::new(k.0);
        assert_eq!(EdwardsPoint::<C>::mul_base(&s), want, "{}: SecretScalar input", C::NAME);
    }
    assert!(bool::from(EdwardsPoint::<C>::mul_base(&small::<C::ScalarField>(0)).is_identity()));
    assert_eq!(EdwardsPoint::<C>::mul_base(&small::<C::ScalarField>(1)), g);
    // [L − 1]B + B = O.
    let l1 = Scalar(-C::ScalarField::ONE);
    assert!(bool::from(EdwardsPoint::<C>::mul_base(&l1).add(&g).is_identity()));
    // Linearity: [a]B + [b]B = [a + b]B.
    for _ in 0..8 {
        let a: Scalar<C::ScalarField> = rng.scalar();
        let b: Scalar<C::ScalarField> = rng.scalar();
        assert_eq!(
            EdwardsPoint::<C>::mul_base(&a).add(&EdwardsPoint::<C>::mul_base(&b)),
            EdwardsPoint::<C>::mul_base(&Scalar(a.0 + b.0))
        );
    }
}

#[test]
fn mul_base_edwards25519() {
    mul_base_matches_mul::<Edwards25519>(0x25519_0b);
}

#[test]
fn mul_base_edwards448() {
    mul_base_matches_mul::<Edwards448>(0x448_0b);
}

fn montgomery_mul_base<C: MontgomeryCurve>(seed: u64) {
    let g = MontgomeryPoint::<C>::generator();
    let mut rng = Rng(seed);
    let mut scalars: Vec<Scalar<C::ScalarField>> = vec![small(0), small(1), small(2), Scalar(-C::ScalarField::ONE)];
    for _ in 0..16 {
        scalars.push(rng.scalar());
    }
    for k in &scalars {
        assert_eq!(MontgomeryPoint::<C>::mul_base(k), g.mul(k), "{}: mul_base({:?})", C::NAME, k.0);
    }
}

#[test]
fn mul_base_curve25519() {
    montgomery_mul_base::<Curve25519>(0x2551_9a);
}

#[test]
fn mul_base_curve448() {
    montgomery_mul_base::<Curve448>(0x4480_a);
}

#[test]
fn x25519_base_matches_ladder() {
    let mut rng = Rng(0x7748_25);
    let mut nine = [0u8; 32];
    nine[0] = 9;
    let mut keys: Vec<[u8; 32]> = vec![[0u8; 32], [0xff; 32], [0x80; 32], [0x01; 32]];
    for _ in 0..200 {
        keys.push(rng.array());
    }
    for k in &keys {
        let (ladder, zero) = xdh::x25519(k, &nine);
        assert!(!bool::from(zero));
        assert_eq!(xdh::x25519_base(k), ladder, "x25519_base({k:02x?})");
    }
    // The base-point path of the group API agrees too.
    assert_eq!(<Curve25519 as MontgomeryCurve>::base_u(&kurve::encoding::rfc7748::clamp_x25519(&keys[5])), {
        let (l, _) = xdh::x25519(&keys[5], &nine);
        c25519::Fp::from_le_bytes(&l).unwrap()
    });
}

#[test]
fn x448_base_matches_ladder() {
    let mut rng = Rng(0x7748_448);
    let mut five = [0u8; 56];
    five[0] = 5;
    let mut keys: Vec<[u8; 56]> = vec![[0u8; 56], [0xff; 56], [0x80; 56], [0x01; 56]];
    for _ in 0..100 {
        keys.push(rng.array());
    }
    for k in &keys {
        let (ladder, zero) = xdh::x448(k, &five);
        assert!(!bool::from(zero));
        assert_eq!(xdh::x448_base(k), ladder, "x448_base({k:02x?})");
    }
    assert_eq!(<Curve448 as MontgomeryCurve>::base_u(&kurve::encoding::rfc7748::clamp_x448(&keys[5])), {
        let (l, _) = xdh::x448(&keys[5], &five);
        c448::Fp::from_le_bytes(&l).unwrap()
    });
}

/// `BASE_ODD_MULTIPLES[j]` = [2j + 1]B, and `double_mul_vartime` (width-8
/// wNAF on B from that table) = [a]B + [b]P computed by the constant-time
/// `mul`, on random and edge scalars and points with a torsion component.
fn double_mul_checks<C: EdwardsCurve>(seed: u64) {
    let g = EdwardsPoint::<C>::generator();
    let odd = C::BASE_ODD_MULTIPLES;
    assert_eq!(odd.len(), 64, "{}: odd multiples", C::NAME);
    for (j, e) in odd.iter().enumerate() {
        assert_eq!(e.to_affine(), g.mul_vartime(&small((2 * j + 1) as u64)).to_affine(), "{}: [{}]B", C::NAME, 2 * j + 1);
    }
    let mut rng = Rng(seed);
    let edges = edge_scalars::<C::ScalarField>();
    // A point with a small-order component: B' = [r]B + T, T of order 2.
    let t2 = EdwardsPoint::<C>::from_affine(&kurve::group::edwards::AffinePoint::from_coordinates(C::Base::ZERO, -C::Base::ONE).unwrap());
    for i in 0..48 {
        let a: Scalar<C::ScalarField> = if i < 16 { edges[(i * 7) % edges.len()] } else { rng.scalar() };
        let b: Scalar<C::ScalarField> = if (16..24).contains(&i) { edges[(i * 5) % edges.len()] } else { rng.scalar() };
        let r: Scalar<C::ScalarField> = rng.scalar();
        let mut p = g.mul(&r);
        if i % 3 == 0 {
            p = p.add(&t2);
        }
        let want = g.mul(&a).add(&p.mul(&b));
        let got = EdwardsPoint::<C>::double_mul_vartime(&a, &b, &p);
        assert!(bool::from(got.is_on_curve()), "{}: on curve", C::NAME);
        assert_eq!(got, want, "{}: [a]B + [b]P", C::NAME);
        assert_eq!(p.mul_vartime(&b), p.mul(&b), "{}: mul_vartime", C::NAME);
    }
}

#[test]
fn double_mul_vartime_edwards25519() {
    double_mul_checks::<Edwards25519>(0x25519_0d);
}

#[test]
fn double_mul_vartime_edwards448() {
    double_mul_checks::<Edwards448>(0x448_0d);
}

/// `BASE_HI_ODD_MULTIPLES[j]` = [(2j + 1)·2^H]B, and
/// `base_and_two_half_mul_vartime(t, u, P, v, Q)` = [t]B + [u]P + [v]Q
/// computed by the constant-time `mul`, for half-size, zero and full-size
/// (up to 4 words, so also longer than H) u and v, on points with a torsion
/// component (u, v are integers, not reduced mod L, so [u]P must use u itself).
fn half_size_mul_checks<C: EdwardsCurve>(seed: u64) {
    let g = EdwardsPoint::<C>::generator();
    let h = C::BASE_SPLIT_BITS;
    assert!(h > 0, "{}: split table", C::NAME);
    let hi = C::BASE_HI_ODD_MULTIPLES;
    assert_eq!(hi.len(), 64, "{}: high odd multiples", C::NAME);
    let p2h = pow2::<C::ScalarField>(h).0;
    for (j, e) in hi.iter().enumerate() {
        let k = Scalar(p2h * small::<C::ScalarField>((2 * j + 1) as u64).0);
        assert_eq!(e.to_affine(), g.mul_vartime(&k).to_affine(), "{}: [{}·2^{h}]B", C::NAME, 2 * j + 1);
    }
    let mut rng = Rng(seed);
    let t2 = EdwardsPoint::<C>::from_affine(&kurve::group::edwards::AffinePoint::from_coordinates(C::Base::ZERO, -C::Base::ONE).unwrap());
    // [w]P for an integer w given as words, by double-and-add over the CT mul of 64-bit pieces.
    let mul_words = |p: &EdwardsPoint<C>, w: &[u64]| {
        let mut acc = EdwardsPoint::<C>::identity();
        for &x in w.iter().rev() {
            for _ in 0..64 {
                acc = acc.double();
            }
            acc = acc.add(&p.mul(&small::<C::ScalarField>(x)));
        }
        acc
    };
    for i in 0..40 {
        let t: Scalar<C::ScalarField> = if i == 0 { small(0) } else { rng.scalar() };
        let words = |rng: &mut Rng, n: usize| -> Vec<u64> { (0..n).map(|_| rng.next_u64()).collect() };
        let nu = [0, 1, 2, 4][i % 4];
        let nv = [2, 0, 4, 1][i % 4];
        let (u, v) = (words(&mut rng, nu), words(&mut rng, nv));
        let mut p = g.mul(&rng.scalar::<C::ScalarField>());
        let mut q = g.mul(&rng.scalar::<C::ScalarField>());
        if i % 3 == 0 {
            p = p.add(&t2);
        }
        if i % 5 == 0 {
            q = q.add(&t2);
        }
        let want = g.mul(&t).add(&mul_words(&p, &u)).add(&mul_words(&q, &v));
        let got = EdwardsPoint::<C>::base_and_two_half_mul_vartime(&t, &u, &p, &v, &q).expect("split table");
        assert!(bool::from(got.is_on_curve()), "{}: on curve", C::NAME);
        assert_eq!(got, want, "{}: [t]B + [u]P + [v]Q (case {i})", C::NAME);
    }
}

#[test]
fn half_size_mul_edwards25519() {
    half_size_mul_checks::<Edwards25519>(0x25519_4a);
}

#[test]
fn half_size_mul_edwards448() {
    half_size_mul_checks::<Edwards448>(0x448_4a);
}
