//! Scalar multiplication paths of the 22 short-Weierstrass curves checked
//! against each other and against a plain double-and-add on the complete
//! formulas:
//! - the generated fixed-base table and odd-multiples table of G, entry by
//!   entry, against repeated additions;
//! - `mul_base` (signed fixed-base comb), `mul` (odd-digit 4- or 5-bit window) and
//!   `mul_vartime` (wNAF) against double-and-add, on edge scalars
//!   (0, 1, 2, n−1, n−2, (n−1)/2, 2^k, digit patterns that carry through
//!   every window) and on random scalars;
//! - `double_mul_vartime` (Straus with the width-v G table) against
//!   `mul_base(a) + mul(P, b)`.

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::field::Field;
use kurve::group::weierstrass::{ProjectivePoint, WeierstrassCurve};
use kurve::scalar::{Scalar, SecretScalar};
use kurve_tests::reference_mul;

fn pow2<F: Field>(k: u32) -> F {
    let mut v = F::ONE;
    for _ in 0..k {
        v = v.double();
    }
    v
}

/// Edge scalars for a curve whose order has `bits` bits.
fn edge_scalars<F: Field>() -> Vec<F> {
    let mut v = vec![F::ZERO, F::ONE, F::from_u64(2), F::from_u64(7), F::from_u64(8), F::from_u64(9), F::from_u64(15), F::from_u64(16)];
    v.push(-F::ONE);
    v.push(-F::from_u64(2));
    v.push(-F::from_u64(8));
    // n − j for small j: k = n − 2δ with δ ≡ n (mod 2^w) made the last
    // window of the signed-digit `mul` add [d₀]P to itself (d₀ = −δ); the
    // odd-digit chain recodes n − k for these even k (small odd values,
    // the top digits 0 below a single small one)
    for j in 3..=34 {
        if j != 8 {
            v.push(-F::from_u64(j));
        }
    }
    let half = F::from_u64(2).invert().unwrap(); // (n+1)/2
    v.push(half);
    v.push(half - F::ONE); // (n−1)/2
    for k in (1..F::BITS).step_by(13).chain([F::BITS - 1, F::BITS - 2, 4, 64, 128].into_iter().filter(|&k| k < F::BITS)) {
        v.push(pow2::<F>(k));
        v.push(pow2::<F>(k) - F::ONE);
    }
    // nibble patterns: all 8s (every digit carries), all 7s, all Fs, alternating
    for pat in [0x88u8, 0x77, 0xff, 0x80, 0x08, 0xf0, 0x0f, 0x78] {
        let bytes = vec![pat; F::BYTES];
        v.push(F::from_be_bytes_reduced(&bytes));
    }
    // 5-bit window patterns (the w = 5 chain above 320 bits): every window
    // 16 (each digit carries), 15, and 31.
    for c in [16u64, 15, 31] {
        let mut x = F::ZERO;
        for _ in 0..F::BITS.div_ceil(5) {
            x = x * F::from_u64(32) + F::from_u64(c);
        }
        v.push(x);
    }
    v
}

/// `recode::signed_window` for w = 4..=7: digits in [−2^(w−1), 2^(w−1)],
/// the final carry 0 or 1, and Σ dᵢ·2^(wi) = k (checked in the field).
fn check_recode<F: Field>(scalars: &[F]) {
    let mut digits = [0i8; kurve::scalar::recode::SIGNED4_MAX_DIGITS];
    for k in scalars {
        for w in 4..=7u32 {
            let n = kurve::scalar::recode::signed_window(k, w, &mut digits);
            assert_eq!(n, (F::BITS as usize).div_ceil(w as usize) + 1);
            let half = 1i16 << (w - 1);
            let mut acc = F::ZERO;
            for (i, &d) in digits[..n].iter().enumerate().rev() {
                assert!((-half..=half).contains(&(d as i16)), "w = {w}: digit {d}");
                if i == n - 1 {
                    assert!(d == 0 || d == 1, "w = {w}: final carry {d}");
                }
                acc = acc * F::from_u64(1 << w);
                let m = F::from_u64(d.unsigned_abs() as u64);
                acc = if d < 0 { acc - m } else { acc + m };
            }
            assert!(acc == *k, "w = {w}: reconstruction of {k:?}");
            if w == 4 {
                let mut d4 = [0i8; kurve::scalar::recode::SIGNED4_MAX_DIGITS];
                let n4 = kurve::scalar::recode::signed_window4(k, &mut d4);
                assert_eq!(&d4[..n4], &digits[..n], "w = 4 equals signed_window4");
            }
        }
    }
}

/// `recode::odd_window` for w = 4..=7 on the odd one of k and n − k (the
/// scalar `mul` recodes): ⌈bits/w⌉ digits, every one odd, in
/// [−(2^w − 1), 2^w − 1], the top one positive, and Σ dᵢ·2^(wi) = that
/// scalar (checked in the field).
fn check_odd_recode<F: Field>(scalars: &[F]) {
    use kurve::scalar::recode;
    let mut digits = [0i8; recode::SIGNED4_MAX_DIGITS];
    for k in scalars {
        if bool::from(k.is_zero()) {
            continue;
        }
        let odd = if bool::from(k.is_odd()) { *k } else { -*k };
        let (buf, _) = recode::to_be_buffer(&odd);
        for w in 4..=7u32 {
            let n = recode::odd_window(&buf, F::BITS as usize, w, &mut digits);
            assert_eq!(n, (F::BITS as usize).div_ceil(w as usize));
            let top = (1i16 << w) - 1;
            let mut acc = F::ZERO;
            for (i, &d) in digits[..n].iter().enumerate().rev() {
                assert!(d % 2 != 0 && (-top..=top).contains(&(d as i16)), "w = {w}: digit {d}");
                if i == n - 1 {
                    assert!(d > 0, "w = {w}: top digit {d}");
                }
                acc = acc * F::from_u64(1 << w);
                let m = F::from_u64(d.unsigned_abs() as u64);
                acc = if d < 0 { acc - m } else { acc + m };
            }
            assert!(acc == odd, "w = {w}: reconstruction of {odd:?}");
        }
    }
}

fn check_tables<C: WeierstrassCurve>() {
    use kurve::group::weierstrass::precomp;
    let w = C::BASE_W;
    assert!((4..=7).contains(&w), "{}: window width {w}", C::NAME);
    let entries = precomp::base_entries(w);
    let table = C::base_table();
    assert_eq!(table.len() % entries, 0, "{}", C::NAME);
    let rows = table.len() / entries;
    let mut base = ProjectivePoint::<C>::generator();
    for (i, row) in table.chunks_exact(entries).enumerate() {
        let mut p = base;
        for (j, e) in row.iter().enumerate() {
            let a = p.to_affine();
            assert!(a.x() == e[0] && a.y() == e[1], "{}: base_table[{i}][{j}]", C::NAME);
            p = p.add(&base);
        }
        for _ in 0..w {
            base = base.double();
        }
    }
    // the rows cover every nonzero signed w-bit digit of every canonical
    // scalar: the digits past the last row are zero for n − 1 and for
    // scalars with the top window set (n − 1 − 2^j for small j), and the
    // row count is the documented one
    assert_eq!(rows, precomp::base_rows(C::ScalarField::BITS, w), "{}", C::NAME);
    let n_minus_1 = -C::ScalarField::ONE;
    let mut pow = C::ScalarField::ONE;
    for j in 0..C::ScalarField::BITS {
        for k in [n_minus_1, n_minus_1 - pow, pow, pow + pow - C::ScalarField::ONE] {
            let mut digits = [0i8; kurve::scalar::recode::SIGNED4_MAX_DIGITS];
            let n = kurve::scalar::recode::signed_window(&k, w, &mut digits);
            assert!(n >= rows, "{}", C::NAME);
            assert!(digits[rows..n].iter().all(|&d| d == 0), "{}: digit past the table for 2^{j}", C::NAME);
        }
        pow = pow + pow;
    }
    let g = ProjectivePoint::<C>::generator();
    let g2 = g.double();
    let mut p = g;
    assert_eq!(C::g_odd_multiples().len(), kurve::group::weierstrass::precomp::g_odd_entries(C::G_WNAF_W), "{}", C::NAME);
    for (j, e) in C::g_odd_multiples().iter().enumerate() {
        let a = p.to_affine();
        assert!(a.x() == e[0] && a.y() == e[1], "{}: g_odd_multiples[{j}]", C::NAME);
        p = p.add(&g2);
    }
}

fn check_mul_paths<C: WeierstrassCurve>(seed: u64) {
    let g = ProjectivePoint::<C>::generator();
    let mut rng = Rng(seed);
    let mut scalars = edge_scalars::<C::ScalarField>();
    for _ in 0..12 {
        scalars.push(C::ScalarField::from_be_bytes_reduced(&rng.bytes(C::ScalarField::BYTES + 8)));
    }
    check_recode(&scalars);
    check_odd_recode(&scalars);
    // a second, random base point for mul
    let p = reference_mul(&g, &C::ScalarField::from_be_bytes_reduced(&rng.bytes(C::ScalarField::BYTES + 8)));
    for k in &scalars {
        let want_g = reference_mul(&g, k);
        let sk = SecretScalar::new(*k);
        let pk = Scalar(*k);
        assert!(ProjectivePoint::<C>::mul_base(&sk) == want_g, "{}: mul_base({k:?})", C::NAME);
        assert!(ProjectivePoint::<C>::mul_base(&pk) == want_g, "{}: mul_base(public {k:?})", C::NAME);
        assert!(g.mul(&sk) == want_g, "{}: mul(G, {k:?})", C::NAME);
        assert!(g.mul_vartime(&pk) == want_g, "{}: mul_vartime(G, {k:?})", C::NAME);
        let want_p = reference_mul(&p, k);
        assert!(p.mul(&sk) == want_p, "{}: mul(P, {k:?})", C::NAME);
        assert!(p.mul_vartime(&pk) == want_p, "{}: mul_vartime(P, {k:?})", C::NAME);
        assert!(g.neg().mul_vartime(&pk) == want_g.neg(), "{}: mul_vartime(−G, {k:?})", C::NAME);
        assert!(
            ProjectivePoint::<C>::IDENTITY.mul_vartime(&pk) == ProjectivePoint::<C>::IDENTITY,
            "{}: [k]O, variable time",
            C::NAME
        );
        assert!(ProjectivePoint::<C>::IDENTITY.mul(&sk) == ProjectivePoint::<C>::IDENTITY, "{}: [k]O", C::NAME);
    }
    // [0]G is the identity, [1]G is G
    assert!(bool::from(ProjectivePoint::<C>::mul_base(&Scalar(C::ScalarField::ZERO)).is_identity()));
    // double_mul_vartime against the constant-time paths
    let n = scalars.len();
    let p_affine = p.to_affine().to_projective();
    for i in 0..n {
        let a = scalars[i];
        let b = scalars[(i * 7 + 3) % n];
        let want = ProjectivePoint::<C>::mul_base(&Scalar(a)).add(&p.mul(&Scalar(b)));
        let got = ProjectivePoint::<C>::double_mul_vartime(&Scalar(a), &Scalar(b), &p);
        assert!(got == want, "{}: double_mul_vartime({a:?}, {b:?})", C::NAME);
        // the same P normalized to Z = 1 (P's table by co-Z additions; a P
        // with Z ≠ 1, as in differential.rs, takes full additions and a
        // batch inversion)
        let got = ProjectivePoint::<C>::double_mul_vartime(&Scalar(a), &Scalar(b), &p_affine);
        assert!(got == want, "{}: double_mul_vartime({a:?}, {b:?}) with Z = 1", C::NAME);
        // P = G and P = −G: the G table and the P table hit the same points
        let got = ProjectivePoint::<C>::double_mul_vartime(&Scalar(a), &Scalar(b), &g.neg());
        let want = reference_mul(&g, &(a - b));
        assert!(got == want, "{}: double_mul_vartime with P = −G", C::NAME);
    }
    // the verification inversion (now the constant-time safegcd) in F_n and F_p
    for k in &scalars {
        let inv = kurve::proto::ecdsa::invert_vartime(k);
        if bool::from(k.is_zero()) {
            assert!(inv.is_none());
        } else {
            assert!(inv == Some(k.invert().unwrap()), "{}: invert_vartime({k:?})", C::NAME);
        }
        let x = C::Base::from_be_bytes_reduced(&rng.bytes(C::Base::BYTES + 8));
        assert_eq!(kurve::proto::ecdsa::invert_vartime(&x), Option::from(x.invert()), "{}", C::NAME);
    }
    let o = ProjectivePoint::<C>::IDENTITY;
    assert!(ProjectivePoint::<C>::double_mul_vartime(&Scalar(scalars[5]), &Scalar(scalars[9]), &o) == reference_mul(&g, &scalars[5]));
}

macro_rules! per_curve {
    ($($m:ident : $C:ident),* $(,)?) => {$(
        mod $m {
            use kurve::curves::$m::$C;
            #[test]
            fn tables() {
                super::check_tables::<$C>();
            }
            #[test]
            fn mul_paths() {
                super::check_mul_paths::<$C>(0x6b75_7276_6500 ^ stringify!($m).len() as u64);
            }
        }
    )*};
}

per_curve!(
    secp192k1: Secp192k1,
    secp192r1: Secp192r1,
    secp224k1: Secp224k1,
    secp224r1: Secp224r1,
    secp256k1: Secp256k1,
    secp256r1: Secp256r1,
    secp384r1: Secp384r1,
    secp521r1: Secp521r1,
    brainpool_p160r1: BrainpoolP160r1,
    brainpool_p160t1: BrainpoolP160t1,
    brainpool_p192r1: BrainpoolP192r1,
    brainpool_p192t1: BrainpoolP192t1,
    brainpool_p224r1: BrainpoolP224r1,
    brainpool_p224t1: BrainpoolP224t1,
    brainpool_p256r1: BrainpoolP256r1,
    brainpool_p256t1: BrainpoolP256t1,
    brainpool_p320r1: BrainpoolP320r1,
    brainpool_p320t1: BrainpoolP320t1,
    brainpool_p384r1: BrainpoolP384r1,
    brainpool_p384t1: BrainpoolP384t1,
    brainpool_p512r1: BrainpoolP512r1,
    brainpool_p512t1: BrainpoolP512t1,
);
