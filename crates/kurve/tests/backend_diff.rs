//! Differential tests of the Montgomery multiplication backends against each
//! other and against a num-bigint reference, for the base-field modulus p and
//! the group order n of every one of the 22 short-Weierstrass curves.
//!
//! Checked for each modulus m (N limbs, R = 2^(64N)) and each input pair:
//! * `arith::backend::portable::mont_mul(a, b)` = r with r < m and
//!   r·R ≡ a·b (mod m) (bigint reference);
//! * `portable::mont_sqr(a)` = `portable::mont_mul(a, a)`;
//! * the `const fn` `arith::mont_mul` gives the same limbs;
//! * the dispatched `arith::backend::mont_mul` / `mont_sqr` give the same limbs
//!   (on the P-256 prime with BMI2 + ADX that is the dedicated assembly of
//!   `x86_64_p256`; on the P-384 and P-521
//!   primes, on every backend, the special-form reductions of
//!   `backend::p384` / `backend::p521`);
//! * for a, b < m, the run-time `portable::add_mod` / `sub_mod` (both operand
//!   orders) match the bigint reference and the `const fn` versions, and the
//!   dispatched `backend::add_mod` / `sub_mod` (the x86-64 assembly of
//!   `x86_64_add` for N = 4 with the assembly backends) give the same limbs;
//! * (`sum_of_products_matches_reference`) the sum of two products with one
//!   reduction, `a·b + c·d`, on the assembly and through the dispatcher;
//! * the MULX/ADCX/ADOX backend (`arith::backend::x86_64_adx::mont_mul`), when
//!   the CPU has BMI2+ADX and N ∈ {4, 5, 6, 8}, gives the same limbs. On such a
//!   CPU a missing result is a failure (the test asserts coverage).
//!
//! Inputs: edge values (0, 1, 2, m−1, m−2, (m−1)/2, R mod m, 2^(64k)±1 and
//! 2^(64k)−1 below m, limbs of all ones / single top bit below m), `a` also
//! above m (m, m+1, 2^(64N)−1: the first operand may be any N-limb value),
//! and 300 random pairs per modulus (deterministic SplitMix64).

mod common;
use common::Rng;
use kurve::arith::{self, backend};
use kurve::curves;
use kurve::field::FieldParams;
use num_bigint::BigUint;
use num_traits::{One, Zero};


fn to_big(l: &[u64]) -> BigUint {
    l.iter().rev().fold(BigUint::zero(), |acc, &x| (acc << 64u32) + BigUint::from(x))
}

fn to_limbs<const N: usize>(v: &BigUint) -> [u64; N] {
    let mut r = [0u64; N];
    for (i, d) in v.to_u64_digits().iter().enumerate() {
        r[i] = *d;
    }
    r
}

/// Edge values below m (valid for both operands).
fn edges_below<const N: usize>(m: &BigUint) -> Vec<BigUint> {
    let one = BigUint::one();
    let r = BigUint::one() << (64 * N);
    let mut v = vec![
        BigUint::zero(),
        one.clone(),
        BigUint::from(2u32),
        m - 1u32,
        m - 2u32,
        (m - 1u32) >> 1,
        &r % m,
        (&r * &r) % m,
    ];
    for k in 1..N {
        let p = BigUint::one() << (64 * k);
        v.push(&p - 1u32);
        v.push(p.clone());
        v.push(&p + 1u32);
        v.push(&p << 63u32);
    }
    // all-ones low limbs, and m with its low limbs cleared/set
    for k in 1..=N {
        v.push((BigUint::one() << (64 * k)) - 1u32);
        v.push((m >> (64 * (N - k))) << (64 * (N - k)));
    }
    v.retain(|x| x < m);
    v
}

fn check_modulus<const N: usize>(name: &str, m_l: &[u64; N], inv: u64, seed: u64) -> usize {
    let m = to_big(m_l);
    let r = BigUint::one() << (64 * N);
    let mut rng = Rng(seed);
    let below = edges_below::<N>(&m);
    let mut a_vals = below.clone();
    a_vals.push(m.clone());
    a_vals.push(&m + 1u32);
    a_vals.push(&r - 1u32);
    let mut pairs: Vec<(BigUint, BigUint)> = Vec::new();
    for a in &a_vals {
        for b in &below {
            pairs.push((a.clone(), b.clone()));
        }
    }
    for _ in 0..300 {
        let a: [u64; N] = core::array::from_fn(|_| rng.next_u64());
        let b: [u64; N] = core::array::from_fn(|_| rng.next_u64());
        pairs.push((to_big(&a), to_big(&b) % &m));
    }
    let adx_expected = backend::x86_64_adx::cpu_has_bmi2_adx() && backend::adx_covers(N);
    let mut adx_checked = 0usize;
    for (a, b) in &pairs {
        let (al, bl) = (to_limbs::<N>(a), to_limbs::<N>(b));
        let p = backend::portable::mont_mul(&al, &bl, m_l, inv);
        let pb = to_big(&p);
        assert!(pb < m, "{name}: portable result not reduced, a={a:x} b={b:x}");
        assert_eq!((&pb * &r) % &m, (a * b) % &m, "{name}: portable mont_mul a={a:x} b={b:x}");
        assert_eq!(arith::mont_mul(&al, &bl, m_l, inv), p, "{name}: const mont_mul a={a:x} b={b:x}");
        assert_eq!(backend::mont_mul(&al, &bl, m_l, inv), p, "{name}: dispatched mont_mul a={a:x} b={b:x}");
        if let Some(x) = backend::x86_64_adx::mont_mul(&al, &bl, m_l, inv) {
            assert_eq!(x, p, "{name}: adx mont_mul a={a:x} b={b:x}");
            adx_checked += 1;
        }
        // squaring, addition and subtraction need a < m
        if a < &m {
            let add = backend::portable::add_mod(&al, &bl, m_l);
            assert_eq!(to_big(&add), (a + b) % &m, "{name}: add_mod a={a:x} b={b:x}");
            assert_eq!(arith::add_mod(&al, &bl, m_l), add, "{name}: const add_mod a={a:x} b={b:x}");
            assert_eq!(backend::add_mod(&al, &bl, m_l), add, "{name}: dispatched add_mod a={a:x} b={b:x}");
            let sub = backend::portable::sub_mod(&al, &bl, m_l);
            assert_eq!(to_big(&sub), (a + &m - b) % &m, "{name}: sub_mod a={a:x} b={b:x}");
            assert_eq!(arith::sub_mod(&al, &bl, m_l), sub, "{name}: const sub_mod a={a:x} b={b:x}");
            assert_eq!(backend::sub_mod(&al, &bl, m_l), sub, "{name}: dispatched sub_mod a={a:x} b={b:x}");
            let sub_r = backend::portable::sub_mod(&bl, &al, m_l);
            assert_eq!(to_big(&sub_r), (b + &m - a) % &m, "{name}: sub_mod b={b:x} a={a:x}");
            assert_eq!(backend::sub_mod(&bl, &al, m_l), sub_r, "{name}: dispatched sub_mod b={b:x} a={a:x}");
            let sq = backend::portable::mont_sqr(&al, m_l, inv);
            let ref_sq = backend::portable::mont_mul(&al, &al, m_l, inv);
            assert_eq!(sq, ref_sq, "{name}: portable mont_sqr a={a:x}");
            assert_eq!(backend::mont_sqr(&al, m_l, inv), ref_sq, "{name}: dispatched mont_sqr a={a:x}");
            if let Some(x) = backend::x86_64_adx::mont_mul(&al, &al, m_l, inv) {
                assert_eq!(x, ref_sq, "{name}: adx square a={a:x}");
            }
        }
    }
    assert_eq!(adx_checked > 0, adx_expected, "{name}: ADX coverage for N = {N}");
    pairs.len()
}

/// The `inv1` assembly products (moduli with m₀ = 2⁶⁴ − 1, so −m⁻¹ ≡ 1
/// mod 2⁶⁴ and the reduction multiplier is t₀ itself), which no curve
/// modulus of 4 to 6 limbs other than the P-256 prime reaches: synthetic
/// odd moduli with a low word of all ones and random upper words (the top
/// word's high bit set), through `check_modulus` (direct assembly product,
/// dispatched product and squaring, against the portable code and
/// num-bigint; assembly coverage asserted).
#[test]
fn inv_one_moduli_match_reference() {
    fn modulus<const N: usize>(rng: &mut Rng) -> [u64; N] {
        let mut m: [u64; N] = core::array::from_fn(|_| rng.next_u64());
        m[0] = u64::MAX;
        m[N - 1] |= 1 << 63;
        m
    }
    let mut rng = Rng(0x1f1);
    for k in 0..2u64 {
        let m4 = modulus::<4>(&mut rng);
        let m5 = modulus::<5>(&mut rng);
        let m6 = modulus::<6>(&mut rng);
        assert_eq!(arith::mont_inv(m4[0]), 1);
        check_modulus("synthetic inv1 N=4", &m4, 1, 100 + k);
        check_modulus("synthetic inv1 N=5", &m5, 1, 200 + k);
        check_modulus("synthetic inv1 N=6", &m6, 1, 300 + k);
    }
}

/// The plain-form products of the pseudo-Mersenne fields (secp256k1 and
/// secp192k1 base fields, `FieldParams::PLAIN`): `portable::pm_mul` and
/// `pm_sqr` against a·b mod p and a² mod p (bigint), fully reduced, for
/// every operand below 2^(64N) (edge values, p, p + 1, 2^(64N) − 1 and the
/// values just below, 2,000 random pairs); the dispatched `backend::pm_mul`
/// / `pm_sqr` and, on a CPU with BMI2 + ADX, the secp256k1 assembly give the
/// same limbs (coverage asserted).
#[test]
fn pseudo_mersenne_products_match_reference() {
    fn check<const N: usize>(m_l: &[u64; N], seed: u64) -> (usize, usize) {
        let m = to_big(m_l);
        let c = arith::pseudo_mersenne_c(m_l);
        assert!(c != 0 && to_big(&[c]) + &m == BigUint::one() << (64 * N));
        let top = BigUint::one() << (64 * N);
        let mut vals = edges_below::<N>(&m);
        for k in 0..4u32 {
            vals.push(&m + k);
            vals.push(&top - 1u32 - k);
        }
        let mut pairs: Vec<(BigUint, BigUint)> = Vec::new();
        for a in &vals {
            for b in &vals {
                pairs.push((a.clone(), b.clone()));
            }
        }
        let mut rng = Rng(seed);
        for _ in 0..2000 {
            let a: [u64; N] = core::array::from_fn(|_| rng.next_u64());
            let b: [u64; N] = core::array::from_fn(|_| rng.next_u64());
            pairs.push((to_big(&a), to_big(&b)));
        }
        let mut asm = 0;
        for (a, b) in &pairs {
            let (al, bl) = (to_limbs::<N>(a), to_limbs::<N>(b));
            let p = backend::portable::pm_mul(&al, &bl, c);
            assert_eq!(to_big(&p), (a * b) % &m, "pm_mul a={a:x} b={b:x}");
            assert_eq!(backend::pm_mul(&al, &bl, c), p, "dispatched pm_mul a={a:x} b={b:x}");
            let s = backend::portable::pm_sqr(&al, c);
            assert_eq!(to_big(&s), (a * a) % &m, "pm_sqr a={a:x}");
            assert_eq!(backend::pm_sqr(&al, c), s, "dispatched pm_sqr a={a:x}");
            if let (Some(a4), Some(b4)) = (<&[u64; 4]>::try_from(&al[..]).ok(), <&[u64; 4]>::try_from(&bl[..]).ok()) {
                if let Some(x) = backend::x86_64_secp256k1::mul_checked(a4, b4) {
                    assert_eq!(&x[..], &p[..], "asm mul a={a:x} b={b:x}");
                    asm += 1;
                }
                if let Some(x) = backend::x86_64_secp256k1::sqr_checked(a4) {
                    assert_eq!(&x[..], &s[..], "asm sqr a={a:x}");
                    asm += 1;
                }
            }
        }
        (pairs.len(), asm)
    }
    let adx = backend::x86_64_adx::cpu_has_bmi2_adx();
    let k1 = &<curves::secp256k1::BaseParams as FieldParams<4>>::MODULUS;
    assert_eq!(k1, &backend::x86_64_secp256k1::MODULUS);
    assert!(<curves::secp256k1::BaseParams as FieldParams<4>>::PLAIN);
    let (n, asm) = check(k1, 21);
    assert!(n > 2000, "{n}");
    assert_eq!(asm == 2 * n, adx, "secp256k1 assembly coverage");
    let k192 = &<curves::secp192k1::BaseParams as FieldParams<3>>::MODULUS;
    assert!(<curves::secp192k1::BaseParams as FieldParams<3>>::PLAIN);
    let (n, asm) = check(k192, 22);
    assert!(n > 2000 && asm == 0, "{n} {asm}");
    // and no other field of the 22 curves is in plain form
    assert!(!<curves::secp256r1::BaseParams as FieldParams<4>>::PLAIN);
    assert!(!<curves::secp224k1::BaseParams as FieldParams<4>>::PLAIN);
    assert!(!<curves::secp256k1::ScalarParams as FieldParams<4>>::PLAIN);
}

/// `Field::half` and `Field::mul_small` on one field: 2·(a/2) = a and
/// a/2 + a/2 = a, and k·a equal to a times the element k for small and
/// large k, on 0, ±1, ±2 and 500 random elements (odd and even
/// representatives alike; on the pseudo-Mersenne fields this covers the
/// folded path and its carry).
fn check_small_ops<F: kurve::field::Field>(seed: u64) {
    let mut rng = Rng(seed);
    let mut vals = vec![F::ZERO, F::ONE, -F::ONE, F::ONE.double(), -F::ONE.double()];
    for _ in 0..500 {
        vals.push(F::from_u64(rng.next_u64()).square() * F::from_u64(rng.next_u64()));
    }
    let ks = [0u64, 1, 2, 3, 7, 9, 15, 21, (1 << 31) - 1, (1 << 32) - 1, 1 << 32, u64::MAX];
    for a in vals {
        let h = a.half();
        assert!(h.double() == a && h + h == a, "half");
        for k in ks {
            assert!(a.mul_small(k) == a * F::from_u64(k), "mul_small {k}");
        }
    }
    assert!(F::ONE.double().half() == F::ONE);
}

macro_rules! all_curves {
    ($($m:ident),* $(,)?) => {
        #[test]
        fn backends_agree_for_every_curve_modulus() {
            let mut total = 0;
            let mut moduli = 0;
            $(
                {
                    type Bp = curves::$m::BaseParams;
                    type Sp = curves::$m::ScalarParams;
                    total += check_modulus(Bp::NAME, &Bp::MODULUS, Bp::INV, 1 + moduli);
                    total += check_modulus(Sp::NAME, &Sp::MODULUS, Sp::INV, 2 + moduli);
                    check_small_ops::<curves::$m::Fp>(3 + moduli);
                    check_small_ops::<curves::$m::Fq>(4 + moduli);
                    moduli += 2;
                }
            )*
            assert_eq!(moduli, 44);
            println!("backend: {}; {moduli} moduli, {total} input pairs", backend::backend_name());
        }
    };
}

all_curves!(
    secp192k1, secp192r1, secp224k1, secp224r1, secp256k1, secp256r1, secp384r1, secp521r1,
    brainpool_p160r1, brainpool_p160t1, brainpool_p192r1, brainpool_p192t1, brainpool_p224r1,
    brainpool_p224t1, brainpool_p256r1, brainpool_p256t1, brainpool_p320r1, brainpool_p320t1,
    brainpool_p384r1, brainpool_p384t1, brainpool_p512r1, brainpool_p512t1,
);

#[test]
fn backend_name_is_known() {
    let n = backend::backend_name();
    assert!(n == "portable" || n == "x86_64-adx", "{n}");
    if cfg!(feature = "force-portable") {
        assert_eq!(n, "portable");
    }
    // The run-time switch (read under `std`), which CI's second pass uses.
    if cfg!(feature = "std") && std::env::var("KURVE_FORCE_PORTABLE").as_deref() == Ok("1") {
        assert_eq!(n, "portable", "KURVE_FORCE_PORTABLE=1 must select the portable backend");
    }
    // The IFMA switch, which CI's third pass uses.
    if cfg!(feature = "std") && std::env::var("KURVE_NO_IFMA").as_deref() == Ok("1") {
        assert!(!backend::ifma_selected(), "KURVE_NO_IFMA=1 must leave out the IFMA code");
        assert!(!backend::ifma_chains_selected(), "KURVE_NO_IFMA=1 must leave out the IFMA chains");
    }
    // The lane chains follow IFMA: never without it, always with
    // KURVE_IFMA_CHAINS=1 (CI's fourth pass), and never both they and the
    // MULX 25519 routines.
    if !backend::ifma_selected() {
        assert!(!backend::ifma_chains_selected(), "the IFMA chains without IFMA");
    } else if cfg!(feature = "std") && std::env::var("KURVE_IFMA_CHAINS").as_deref() == Ok("1") {
        assert!(backend::ifma_chains_selected(), "KURVE_IFMA_CHAINS=1 must select the IFMA chains");
    }
    assert!(!(backend::ifma_chains_selected() && backend::fe25519_mulx_selected()));
}

/// The dispatched masked table read (`Field::lookup`: the AVX2 scan with
/// vector compares and blends where the CPU has it) equals the portable loop
/// and the entry itself for every index, including 0 and indices past the
/// table (all zeros). Covered: every limb count in use (3, 4, 5, 6, 8, 9
/// limbs of `Fp`, the 5 of `Fe25519`, the 7 of `Fe448`: the vector scan
/// for 4 and 8 limbs, the AVX2-compiled loop for the others), one to three
/// coordinates an entry (4, 2 and 1 accumulators), and table lengths that
/// are and are not multiples of the accumulator count (1, 2, 3, 5, 7, 8,
/// 16, 17, 33, 64).
#[test]
fn lookup_backends_agree() {
    use kurve::field::{lookup_portable, Field};
    fn check<F: Field, const K: usize>(rng: &mut Rng) {
        for len in [1usize, 2, 3, 5, 7, 8, 16, 17, 33, 64] {
            let t: Vec<[F; K]> =
                (0..len).map(|_| core::array::from_fn(|_| F::from_u64(rng.next_u64()).square())).collect();
            for idx in 0..=u8::MAX {
                let (a, b) = (F::lookup(&t, idx), lookup_portable(&t, idx));
                let want = if idx >= 1 && usize::from(idx) <= len { t[usize::from(idx) - 1] } else { [F::ZERO; K] };
                for k in 0..K {
                    assert_eq!(a[k].limbs(), b[k].limbs(), "len {len} idx {idx} coordinate {k}");
                    assert_eq!(a[k].limbs(), want[k].limbs(), "len {len} idx {idx} coordinate {k}");
                }
            }
        }
    }
    fn all_k<F: Field>(rng: &mut Rng) {
        check::<F, 1>(rng);
        check::<F, 2>(rng);
        check::<F, 3>(rng);
    }
    let mut rng = Rng(7);
    all_k::<kurve::field::Fp<curves::secp192r1::BaseParams, 3>>(&mut rng);
    all_k::<kurve::field::Fp<curves::secp256r1::BaseParams, 4>>(&mut rng);
    all_k::<kurve::field::Fp<curves::brainpool_p320r1::BaseParams, 5>>(&mut rng);
    all_k::<kurve::field::Fp<curves::secp384r1::BaseParams, 6>>(&mut rng);
    all_k::<kurve::field::Fp<curves::brainpool_p512r1::BaseParams, 8>>(&mut rng);
    all_k::<kurve::field::Fp<curves::secp521r1::BaseParams, 9>>(&mut rng);
    all_k::<curves::curve25519::Fp>(&mut rng);
    all_k::<curves::curve448::Fp>(&mut rng);
    println!("avx2 scans selected: {}", backend::avx2_selected());
}

/// The special-prime routines called directly (not through the dispatcher,
/// so both the portable and the assembly versions run whatever the selected
/// backend): `p384::mul`/`sqr`, `p521::sqr` and, with BMI2 + ADX,
/// `x86_64_adx::mul_p384`/`sqr_p384`/`mul_p521`/`sqr_p521`/`mont_sqr_8`/`mont_sqr_4`, against the num-bigint reference
/// r·R ≡ a·b (mod p), r < p, on the edge values and 2,000 random pairs
/// (a up to 2^(64N) − 1 for the multiplications); and `p521::double`
/// against 2a mod p.
#[test]
fn special_prime_routines_match_reference() {
    fn check<const N: usize>(
        m_l: &[u64; N],
        mul: &dyn Fn(&[u64; N], &[u64; N]) -> Option<[u64; N]>,
        sqr: &dyn Fn(&[u64; N]) -> Option<[u64; N]>,
        seed: u64,
    ) -> usize {
        let m = to_big(m_l);
        let r = BigUint::one() << (64 * N);
        let below = edges_below::<N>(&m);
        let mut pairs: Vec<(BigUint, BigUint)> = Vec::new();
        for a in below.iter().chain([m.clone(), &m + 1u32, &r - 1u32].iter()) {
            for b in &below {
                pairs.push((a.clone(), b.clone()));
            }
        }
        let mut rng = Rng(seed);
        for _ in 0..2000 {
            let a: [u64; N] = core::array::from_fn(|_| rng.next_u64());
            let b: [u64; N] = core::array::from_fn(|_| rng.next_u64());
            pairs.push((to_big(&a), to_big(&b) % &m));
        }
        let mut checked = 0;
        for (a, b) in &pairs {
            let (al, bl) = (to_limbs::<N>(a), to_limbs::<N>(b));
            if let Some(x) = mul(&al, &bl) {
                let xb = to_big(&x);
                assert!(xb < m, "not reduced: a={a:x} b={b:x}");
                assert_eq!((&xb * &r) % &m, (a * b) % &m, "mul a={a:x} b={b:x}");
                checked += 1;
            }
            if b < &m {
                if let Some(x) = sqr(&bl) {
                    let xb = to_big(&x);
                    assert!(xb < m, "square not reduced: b={b:x}");
                    assert_eq!((&xb * &r) % &m, (b * b) % &m, "sqr b={b:x}");
                    checked += 1;
                }
            }
        }
        checked
    }
    let adx = backend::x86_64_adx::cpu_has_bmi2_adx();
    let p384 = &backend::p384::MODULUS;
    let p521 = &backend::p521::MODULUS;
    assert_eq!(p384, &curves::secp384r1::BaseParams::MODULUS);
    assert_eq!(p521, &curves::secp521r1::BaseParams::MODULUS);
    let n = check(p384, &|a, b| Some(backend::p384::mul(a, b)), &|a| Some(backend::p384::sqr(a)), 7);
    assert!(n > 4000, "{n}");
    let n = check(p521, &|_, _| None, &|a| Some(backend::p521::sqr(a)), 8);
    assert!(n > 2000, "{n}");
    let n = check(p384, &|a, b| backend::x86_64_adx::mul_p384(a, b), &|a| backend::x86_64_adx::sqr_p384(a), 9);
    assert_eq!(n > 0, adx);
    let n = check(p521, &|a, b| backend::x86_64_adx::mul_p521(a, b), &|a| backend::x86_64_adx::mul_p521(a, a), 10);
    assert_eq!(n > 0, adx);
    let n = check(p521, &|_, _| None, &|a| backend::x86_64_adx::sqr_p521(a), 11);
    assert_eq!(n > 0, adx);
    // the 8-limb assembly squaring (general modulus) on the brainpool
    // 512-bit field (r1 and t1 share it)
    let bp512 = &<curves::brainpool_p512r1::BaseParams as FieldParams<8>>::MODULUS;
    let inv = arith::mont_inv(bp512[0]);
    let n = check(bp512, &|_, _| None, &|a| backend::x86_64_adx::mont_sqr_8(a, bp512, inv), 13);
    assert_eq!(n > 0, adx);
    // the 4-limb assembly squaring (general modulus) on the brainpool 224-
    // and 256-bit primes and group orders (the moduli it is dispatched for)
    let four: [(&str, [u64; 4]); 4] = [
        ("brainpoolP224r1 p", <curves::brainpool_p224r1::BaseParams as FieldParams<4>>::MODULUS),
        ("brainpoolP224r1 n", <curves::brainpool_p224r1::ScalarParams as FieldParams<4>>::MODULUS),
        ("brainpoolP256r1 p", <curves::brainpool_p256r1::BaseParams as FieldParams<4>>::MODULUS),
        ("brainpoolP256r1 n", <curves::brainpool_p256r1::ScalarParams as FieldParams<4>>::MODULUS),
    ];
    for (i, (name, m4)) in four.iter().enumerate() {
        assert!(backend::adx_dispatched(m4), "{name}");
        let inv = arith::mont_inv(m4[0]);
        let n = check(m4, &|_, _| None, &|a| backend::x86_64_adx::mont_sqr_4(a, m4, inv), 20 + i as u64);
        assert_eq!(n > 0, adx, "{name}");
    }
    // the P-521 doubling (a rotation): 2a mod p, reduced, for a < p
    let m = to_big(p521);
    let mut vals = edges_below::<9>(&m);
    let mut rng = Rng(12);
    for _ in 0..2000 {
        let mut a: [u64; 9] = core::array::from_fn(|_| rng.next_u64());
        a[8] &= 0x1ff;
        vals.push(to_big(&a) % &m);
    }
    for a in &vals {
        let d = to_big(&backend::p521::double(&to_limbs::<9>(a)));
        assert!(d < m, "double not reduced: a={a:x}");
        assert_eq!(d, (a * 2u32) % &m, "double a={a:x}");
    }
    // the P-521 addition and subtraction (carry chains with the fold): every
    // edge value against every edge value and the random values, both orders
    let edges = edges_below::<9>(&m);
    for a in &vals {
        for b in &edges {
            for (x, y) in [(a, b), (b, a)] {
                let (xl, yl) = (to_limbs::<9>(x), to_limbs::<9>(y));
                let s = to_big(&backend::p521::add(&xl, &yl));
                assert_eq!(s, (x + y) % &m, "add x={x:x} y={y:x}");
                let d = to_big(&backend::p521::sub(&xl, &yl));
                assert_eq!(d, (x + &m - y) % &m, "sub x={x:x} y={y:x}");
            }
        }
    }
}

/// The Montgomery sum of two products against the num-bigint reference
/// r·R ≡ a·b + c·d (mod m), r < m: the assembly (`x86_64_adx::mont_sop`,
/// called directly, so it runs whatever the selected backend) on the
/// brainpool 224- and 256-bit primes and orders (4 limbs) and the
/// brainpool 320- and 384-bit primes (5 and 6 limbs),
/// and the dispatched `backend::mont_sum_of_products` on those, on the
/// P-256 prime and order, and on one modulus of each other limb count
/// (P-384 and P-521 among them: two products and an addition there). Inputs: every
/// quadruple of edge values below m drawn from {0, 1, m − 1, m − 2,
/// (m − 1)/2, R mod m} with a = c and b = d or a = b = c = d = m − 1 (the
/// largest sums), and 3,000 random quadruples per modulus.
#[test]
fn sum_of_products_matches_reference() {
    fn check<const N: usize>(m_l: &[u64; N], f: &dyn Fn(&[u64; N], &[u64; N], &[u64; N], &[u64; N]) -> Option<[u64; N]>, seed: u64) -> usize {
        let m = to_big(m_l);
        let r = BigUint::one() << (64 * N);
        let e: Vec<BigUint> = vec![BigUint::zero(), BigUint::one(), &m - 1u32, &m - 2u32, (&m - 1u32) >> 1, &r % &m];
        let mut quads: Vec<[BigUint; 4]> = Vec::new();
        for a in &e {
            for b in &e {
                quads.push([a.clone(), b.clone(), a.clone(), b.clone()]);
                quads.push([a.clone(), b.clone(), &m - 1u32, &m - 1u32]);
                quads.push([a.clone(), b.clone(), BigUint::zero(), b.clone()]);
            }
        }
        let mut rng = Rng(seed);
        for _ in 0..3000 {
            quads.push(core::array::from_fn(|_| to_big(&core::array::from_fn::<u64, N, _>(|_| rng.next_u64())) % &m));
        }
        let mut checked = 0;
        for [a, b, c, d] in &quads {
            let l = |v: &BigUint| to_limbs::<N>(v);
            if let Some(x) = f(&l(a), &l(b), &l(c), &l(d)) {
                let xb = to_big(&x);
                assert!(xb < m, "not reduced: a={a:x} b={b:x} c={c:x} d={d:x}");
                assert_eq!((&xb * &r) % &m, (a * b + c * d) % &m, "a={a:x} b={b:x} c={c:x} d={d:x}");
                checked += 1;
            }
        }
        checked
    }
    let adx = backend::x86_64_adx::cpu_has_bmi2_adx();
    let four: [(&str, [u64; 4]); 6] = [
        ("brainpoolP224r1 p", <curves::brainpool_p224r1::BaseParams as FieldParams<4>>::MODULUS),
        ("brainpoolP224r1 n", <curves::brainpool_p224r1::ScalarParams as FieldParams<4>>::MODULUS),
        ("brainpoolP256r1 p", <curves::brainpool_p256r1::BaseParams as FieldParams<4>>::MODULUS),
        ("brainpoolP256r1 n", <curves::brainpool_p256r1::ScalarParams as FieldParams<4>>::MODULUS),
        ("secp256r1 p", <curves::secp256r1::BaseParams as FieldParams<4>>::MODULUS),
        ("secp256r1 n", <curves::secp256r1::ScalarParams as FieldParams<4>>::MODULUS),
    ];
    for (i, (name, m4)) in four.iter().enumerate() {
        let inv = arith::mont_inv(m4[0]);
        if i < 4 {
            let n = check(m4, &|a, b, c, d| backend::x86_64_adx::mont_sop(a, b, c, d, m4, inv), 40 + i as u64);
            assert_eq!(n > 0, adx, "{name}");
        }
        let n = check(m4, &|a, b, c, d| Some(backend::mont_sum_of_products(a, b, c, d, m4, inv)), 50 + i as u64);
        assert!(n > 3000, "{name}");
    }
    macro_rules! direct {
        ($params:ty, $n:literal, $seed:expr) => {{
            let m = <$params as FieldParams<$n>>::MODULUS;
            let inv = arith::mont_inv(m[0]);
            assert!(backend::sop_fused_for(&m));
            let n = check(&m, &|a, b, c, d| backend::x86_64_adx::mont_sop(a, b, c, d, &m, inv), $seed);
            assert_eq!(n > 0, adx);
        }};
    }
    direct!(curves::brainpool_p320r1::BaseParams, 5, 70);
    direct!(curves::brainpool_p384r1::BaseParams, 6, 71);
    assert!(!backend::sop_fused_for(&<curves::secp384r1::BaseParams as FieldParams<6>>::MODULUS));
    macro_rules! dispatched {
        ($params:ty, $n:literal, $seed:expr) => {{
            let m = <$params as FieldParams<$n>>::MODULUS;
            let inv = arith::mont_inv(m[0]);
            let n = check(&m, &|a, b, c, d| Some(backend::mont_sum_of_products(a, b, c, d, &m, inv)), $seed);
            assert!(n > 3000);
        }};
    }
    dispatched!(curves::secp192r1::BaseParams, 3, 60);
    dispatched!(curves::brainpool_p320r1::BaseParams, 5, 61);
    dispatched!(curves::secp384r1::BaseParams, 6, 62);
    dispatched!(curves::brainpool_p512r1::BaseParams, 8, 63);
    dispatched!(curves::secp521r1::BaseParams, 9, 64);
}
