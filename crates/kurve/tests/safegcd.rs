//! Tests of the constant-time safegcd inversion (`kurve::arith::safegcd`) and
//! of `Fp::invert`, which now uses it.
//!
//! Oracles:
//! - Fermat inversion `Fp::invert_fermat` (a^(p−2), the previous method);
//! - the field law x·x⁻¹ = 1;
//! - num-bigint: `BigUint::modinv` (extended Euclid) and `modpow(p − 2)`.
//!
//! Coverage: the base field and the scalar field of all 22 short-Weierstrass
//! curves (N = 3, 4, 5, 6, 8, 9 limbs), each with 2,000 random inputs plus
//! edge cases (0, 1, 2, p−1, p−2, 2^k mod p for every k < 64N, values with
//! many leading zero or one bits, structured limbs); the raw
//! `safegcd::invert`/`mul_inverse` on random odd (also composite) moduli of
//! every limb count 1…9, each also against the variable-time
//! `mul_inverse_vartime` (same limbs, also for non-invertible x) and, on the
//! curve fields, `Fp::invert_vartime`; and a variable-time big-integer replay of the same
//! half-delta divsteps that counts the steps actually needed, which must stay
//! below the constant-time `divsteps_bound`.
//!
//! The RNG is deterministic (SplitMix64, fixed seed per field, overridable
//! with `KURVE_SAFEGCD_SEED`), so a failure reproduces.

mod common;
use common::Rng;
use kurve::arith::safegcd;
use kurve::curves;
use kurve::field::{Field, FieldParams, Fp};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};

impl Rng {
    fn new(salt: &str) -> Self {
        let base = std::env::var("KURVE_SAFEGCD_SEED")
            .ok()
            .and_then(|s| s.parse::<u64>().ok())
            .unwrap_or(0x5afe_6cd0_2019_0413);
        let mut h = base;
        for b in salt.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
        Rng(h)
    }
    /// Limbs drawn from {0, all-ones, 1, 2^63, random}: carries and zero limbs.
    fn structured<const N: usize>(&mut self) -> [u64; N] {
        core::array::from_fn(|_| match self.next_u64() % 6 {
            0 => 0,
            1 => u64::MAX,
            2 => 1,
            3 => 1 << 63,
            _ => self.next_u64(),
        })
    }
}

fn to_big<const N: usize>(l: &[u64; N]) -> BigUint {
    l.iter().rev().fold(BigUint::zero(), |acc, &w| (acc << 64u32) + BigUint::from(w))
}

fn from_big<const N: usize>(v: &BigUint) -> [u64; N] {
    let d = v.to_u64_digits();
    assert!(d.len() <= N, "value too wide");
    core::array::from_fn(|i| d.get(i).copied().unwrap_or(0))
}

/// Variable-time replay of the half-delta divsteps on big integers:
/// returns the number of steps until g = 0 (for the bound check only).
fn divsteps_needed(f: &BigUint, g: &BigUint) -> u32 {
    let (mut f, mut g) = (BigInt::from(f.clone()), BigInt::from(g.clone()));
    // 2δ, so that δ = ½ is the integer 1 and δ > 0 ⇔ 2δ > 0
    let mut delta2: i64 = 1;
    let mut n = 0;
    while !g.is_zero() {
        let g_odd = g.bit(0);
        if delta2 > 0 && g_odd {
            let t = (&g - &f) >> 1u32;
            f = g;
            g = t;
            delta2 = 2 - delta2;
        } else if g_odd {
            g = (&g + &f) >> 1u32;
            delta2 += 2;
        } else {
            g >>= 1u32;
            delta2 += 2;
        }
        n += 1;
    }
    assert!(f.abs().is_one(), "inputs are coprime: |f| ends at 1");
    n
}

/// All checks on one prime field. Returns the number of inputs tested.
fn check_field<P: FieldParams<N>, const N: usize>(_witness: Fp<P, N>) -> usize {
    type F<P, const N: usize> = Fp<P, N>;
    let p = to_big(&P::MODULUS);
    let bits = P::BITS;
    let mut rng = Rng::new(P::NAME);
    let mut values: Vec<BigUint> = Vec::new();
    // edge cases
    for v in [0u64, 1, 2, 3] {
        values.push(BigUint::from(v));
    }
    values.push(&p - 1u32);
    values.push(&p - 2u32);
    values.push(&p - 3u32);
    values.push((&p - 1u32) >> 1u32);
    values.push((&p + 1u32) >> 1u32);
    for k in 0..(64 * N as u32) {
        values.push((BigUint::one() << k) % &p);
        // many leading ones: 2^bits − 2^k − 1 reduced, and p − 2^k
        if k < bits {
            values.push(((BigUint::one() << bits) - (BigUint::one() << k) - 1u32) % &p);
        }
        if k < bits - 1 {
            values.push(&p - (BigUint::one() << k));
        }
    }
    // leading zeros: small values of 1…N−1 random limbs
    for _ in 0..64 {
        let w = (rng.next_u64() % N as u64) as u32 + 1;
        let v = to_big(&rng.limbs::<N>()) >> (64 * N as u32 - 64 * w + (rng.next_u64() % 64) as u32);
        values.push(v % &p);
    }
    for _ in 0..200 {
        values.push(to_big(&rng.structured::<N>()) % &p);
    }
    // 2,000 uniform values
    for _ in 0..2000 {
        values.push(to_big(&rng.limbs::<N>()) % &p);
    }

    let p_minus_2 = &p - 2u32;
    for (i, v) in values.iter().enumerate() {
        let a = F::<P, N>::from_canonical_reduced(&from_big::<N>(v));
        let inv = a.invert();
        let fermat = a.invert_fermat();
        // the variable-time safegcd: same limbs as the constant-time one
        // (raw, with multiplier R²; 0 ↦ 0) and the same field inverse
        let raw_ct = safegcd::mul_inverse(&a.to_repr(), &P::R2, &P::MODULUS).unwrap();
        let raw_vt = safegcd::mul_inverse_vartime(&a.to_repr(), &P::R2, &P::MODULUS).unwrap();
        assert_eq!(raw_vt, raw_ct, "{} #{i}: vartime safegcd for {v:x}", P::NAME);
        assert_eq!(a.invert_vartime(), Option::from(inv), "{} #{i}: invert_vartime for {v:x}", P::NAME);
        assert_eq!(bool::from(inv.is_some()), !v.is_zero(), "{} #{i}: flag for {v:x}", P::NAME);
        assert_eq!(bool::from(fermat.is_some()), !v.is_zero(), "{} #{i}: Fermat flag", P::NAME);
        let (inv, fermat) = (inv.unwrap_or(F::<P, N>::ONE), fermat.unwrap_or(F::<P, N>::ONE));
        if v.is_zero() {
            // 0 ↦ 0 in the value as well as the flag
            let raw = safegcd::mul_inverse(&a.to_repr(), &P::R2, &P::MODULUS).unwrap();
            assert_eq!(raw, [0u64; N], "{}: 0 must map to 0", P::NAME);
            continue;
        }
        assert_eq!(inv, fermat, "{} #{i}: safegcd vs Fermat for {v:x}", P::NAME);
        assert_eq!(a * inv, F::<P, N>::ONE, "{} #{i}: x·x⁻¹ for {v:x}", P::NAME);
        let got = to_big(&inv.to_canonical());
        assert!(got < p, "{} #{i}: not reduced", P::NAME);
        // num-bigint: extended Euclid, every 8th value also Fermat by modpow
        assert_eq!(Some(got.clone()), v.modinv(&p), "{} #{i}: vs BigUint::modinv for {v:x}", P::NAME);
        if i % 8 == 0 {
            assert_eq!(got, v.modpow(&p_minus_2, &p), "{} #{i}: vs modpow", P::NAME);
        }
        // the raw integer inverse of the canonical value (multiplier 1)
        if i % 4 == 0 {
            let raw = safegcd::invert(&from_big::<N>(v), &P::MODULUS).unwrap();
            assert_eq!(raw, inv.to_canonical(), "{} #{i}: raw invert", P::NAME);
        }
    }
    values.len()
}

macro_rules! field_tests {
    ($($m:ident),* $(,)?) => {
        $(
            #[test]
            fn $m() {
                let nb = check_field(curves::$m::Fp::ONE);
                let nq = check_field(curves::$m::Fq::ONE);
                println!("{}: {} base-field and {} scalar-field inputs", stringify!($m), nb, nq);
                assert!(nb >= 2000 && nq >= 2000);
            }
        )*
    };
}

mod fields {
    use super::*;
    field_tests!(
        secp192k1,
        secp192r1,
        secp224k1,
        secp224r1,
        secp256k1,
        secp256r1,
        secp384r1,
        secp521r1,
        brainpool_p160r1,
        brainpool_p160t1,
        brainpool_p192r1,
        brainpool_p192t1,
        brainpool_p224r1,
        brainpool_p224t1,
        brainpool_p256r1,
        brainpool_p256t1,
        brainpool_p320r1,
        brainpool_p320t1,
        brainpool_p384r1,
        brainpool_p384t1,
        brainpool_p512r1,
        brainpool_p512t1,
    );
}

/// Raw `safegcd::invert` and `mul_inverse` for random odd moduli (prime or
/// not) of every supported limb count, against `BigUint::modinv`; non-
/// invertible inputs are skipped by the oracle's verdict, not by us (each
/// modulus still gets ≥ 300 invertible inputs).
fn check_raw<const N: usize>() {
    let mut rng = Rng::new(&format!("raw{N}"));
    for round in 0..12 {
        let mut m = rng.limbs::<N>();
        m[0] |= 1;
        // vary the top: full width, short top limb, and 2^(64N) − small
        match round % 3 {
            0 => m[N - 1] |= 1 << 63,
            1 => m[N - 1] >>= rng.next_u64() % 63 + 1,
            _ => {
                for w in m.iter_mut().skip(1) {
                    *w = u64::MAX;
                }
            }
        }
        m[0] |= 1;
        if to_big(&m) <= BigUint::one() {
            m[0] = 3;
        }
        let mb = to_big(&m);
        let mut invertible = 0;
        let mut k = 0;
        while invertible < 300 {
            let x = if k < 4 {
                BigUint::from([1u64, 2, 3, 0][k]) % &mb
            } else if k % 5 == 0 {
                to_big(&rng.structured::<N>()) % &mb
            } else {
                to_big(&rng.limbs::<N>()) % &mb
            };
            k += 1;
            let xl = from_big::<N>(&x);
            let got = to_big(&safegcd::invert(&xl, &m).expect("N ≤ MAX_LIMBS"));
            assert!(got < mb, "N={N}: output not reduced");
            let mut one = [0u64; N];
            one[0] = 1;
            let vt = safegcd::mul_inverse_vartime(&xl, &one, &m).expect("N ≤ MAX_LIMBS");
            assert_eq!(to_big(&vt), got, "N={N}: vartime m={mb:x} x={x:x}");
            if x.is_zero() {
                assert!(got.is_zero(), "N={N}: 0 ↦ 0");
                continue;
            }
            if let Some(want) = x.modinv(&mb) {
                assert_eq!(got, want, "N={N}: m={mb:x} x={x:x}");
                // c/x for a random c < m
                let c = to_big(&rng.limbs::<N>()) % &mb;
                let q = to_big(&safegcd::mul_inverse(&xl, &from_big::<N>(&c), &m).unwrap());
                assert_eq!(q, (&c * &want) % &mb, "N={N}: c/x");
                let qv = to_big(&safegcd::mul_inverse_vartime(&xl, &from_big::<N>(&c), &m).unwrap());
                assert_eq!(qv, q, "N={N}: vartime c/x");
                invertible += 1;
            }
        }
    }
}

#[test]
fn raw_random_moduli_all_limb_counts() {
    check_raw::<1>();
    check_raw::<2>();
    check_raw::<3>();
    check_raw::<4>();
    check_raw::<5>();
    check_raw::<6>();
    check_raw::<7>();
    check_raw::<8>();
    check_raw::<9>();
}

#[test]
fn unsupported_width_is_refused_not_wrong() {
    let m = [u64::MAX; 10];
    assert_eq!(safegcd::invert(&[1u64; 10], &m), None);
    assert_eq!(safegcd::invert::<0>(&[], &[]), None);
}

/// The constant-time bound is an upper bound on what the divsteps really
/// need, on the edge inputs most likely to be slow and on random ones
/// (a sanity check of the variant and of the bound's use; the bound itself
/// comes from the hull computation cited in `safegcd::divsteps_bound`).
#[test]
fn divsteps_needed_stay_below_bound() {
    let mut rng = Rng::new("bound");
    let moduli: Vec<(String, BigUint, u32)> = vec![
        ("p192".into(), to_big(&<curves::secp192r1::BaseParams as FieldParams<3>>::MODULUS), 192),
        ("p256".into(), to_big(&<curves::secp256r1::BaseParams as FieldParams<4>>::MODULUS), 256),
        ("n256".into(), to_big(&<curves::secp256r1::ScalarParams as FieldParams<4>>::MODULUS), 256),
        ("k256".into(), to_big(&<curves::secp256k1::BaseParams as FieldParams<4>>::MODULUS), 256),
        ("p384".into(), to_big(&<curves::secp384r1::BaseParams as FieldParams<6>>::MODULUS), 384),
        ("bp512".into(), to_big(&<curves::brainpool_p512r1::BaseParams as FieldParams<8>>::MODULUS), 512),
        ("p521".into(), to_big(&<curves::secp521r1::BaseParams as FieldParams<9>>::MODULUS), 521),
    ];
    for (name, p, bits) in moduli {
        let bound = safegcd::divsteps_bound(bits);
        let mut worst = 0;
        let mut xs: Vec<BigUint> = vec![BigUint::one(), &p - 1u32, &p - 2u32, (&p - 1u32) >> 1u32];
        for k in 0..bits {
            xs.push((BigUint::one() << k) % &p);
        }
        for _ in 0..300 {
            let l: [u64; 9] = rng.limbs();
            xs.push(to_big(&l) % &p);
        }
        for x in &xs {
            worst = worst.max(divsteps_needed(&p, x));
        }
        let (batches, steps) = safegcd::schedule(bits);
        println!("{name}: worst divsteps seen {worst}, bound {bound}, run {batches}×{steps}");
        assert!(worst <= bound, "{name}: {worst} > {bound}");
        assert!(batches * steps >= bound && steps <= 62);
    }
}
