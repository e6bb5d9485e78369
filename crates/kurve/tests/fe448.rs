//! GF(2^448 − 2^224 − 1): differential tests of both representations
//! ([`Fe448`], radix 2^56; [`Fe448Sat64`], 7×64 Solinas) against num-bigint
//! and against the generic Montgomery `Fp<P, 7>`, edge values, non-canonical
//! encodings, aliasing, Euler's criterion, and RFC 7748 §5.2 X448 known
//! answers (which run the field through a full Montgomery ladder).

// Aliasing tests deliberately write `x - x`, and the by-value operators
// (`a = a + b`) are themselves under test.
#![allow(clippy::eq_op, clippy::assign_op_pattern)]

mod common;
use common::Rng;
use kurve::field::fe448::{sat64::Fe448Sat64, Fe448};
use kurve::field::{Field, FieldParams, Fp};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use subtle::{Choice, CtOption};

// ---------------------------------------------------------------- oracle ---

fn p() -> BigUint {
    (BigUint::one() << 448u32) - (BigUint::one() << 224u32) - 1u32
}

fn pow2(k: u32) -> BigUint {
    BigUint::one() << k
}

fn modp(x: &BigUint) -> BigUint {
    x % p()
}

fn le56(x: &BigUint) -> [u8; 56] {
    let v = x.to_bytes_le();
    assert!(v.len() <= 56);
    let mut b = [0u8; 56];
    b[..v.len()].copy_from_slice(&v);
    b
}

fn legendre(x: &BigUint) -> BigUint {
    x.modpow(&((p() - 1u32) >> 1u32), &p())
}

impl Rng {
    /// A random integer < 2^448, with a bias toward limbs that are all ones
    /// or zero (in both radix 2^56 and 2^64), to hit carry and fold edges.
    fn wide(&mut self) -> BigUint {
        let mut b = [0u8; 56];
        for chunk in b.chunks_mut(8) {
            let r = self.next_u64();
            let w = match r % 8 {
                0 => u64::MAX,
                1 => 0,
                2 => self.next_u64() | 0xffff_ffff_0000_0000,
                _ => self.next_u64(),
            };
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        if self.next_u64() % 8 == 0 {
            let i = (self.next_u64() % 56) as usize;
            b[i] = 0xff;
        }
        BigUint::from_bytes_le(&b)
    }
    /// A random field value (< p).
    fn elem(&mut self) -> BigUint {
        modp(&self.wide())
    }
}

// -------------------------------------------------- representation glue ---

/// The inherent API both representations share, as a trait for generic tests.
trait Fe: Field + core::ops::AddAssign + core::ops::SubAssign + core::ops::MulAssign {
    fn from_le(b: &[u8; 56]) -> CtOption<Self>;
    fn from_le_reduced(b: &[u8; 56]) -> Self;
    fn to_le(&self) -> [u8; 56];
    fn mul_small(&self, c: u32) -> Self;
    fn pow2k(&self, k: u32) -> Self;
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self);
    fn pow_p34(&self) -> Self;
    fn invert_fermat(&self) -> Self;
}

macro_rules! impl_fe {
    ($T:ty) => {
        impl Fe for $T {
            fn from_le(b: &[u8; 56]) -> CtOption<Self> {
                <$T>::from_le_bytes(b)
            }
            fn from_le_reduced(b: &[u8; 56]) -> Self {
                <$T>::from_le_bytes_reduced(b)
            }
            fn to_le(&self) -> [u8; 56] {
                self.to_le_bytes()
            }
            fn mul_small(&self, c: u32) -> Self {
                <$T>::mul_small(self, c)
            }
            fn pow2k(&self, k: u32) -> Self {
                <$T>::pow2k(self, k)
            }
            fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
                <$T>::sqrt_ratio(u, v)
            }
            fn pow_p34(&self) -> Self {
                <$T>::pow_p34(self)
            }
            fn invert_fermat(&self) -> Self {
                <$T>::invert_fermat(self)
            }
        }
    };
}
impl_fe!(Fe448);
impl_fe!(Fe448Sat64);

/// The generic Montgomery field on the same prime, as a third implementation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct P448;
impl FieldParams<7> for P448 {
    const NAME: &'static str = "p448";
    const MODULUS: [u64; 7] = [
        u64::MAX,
        u64::MAX,
        u64::MAX,
        0xffff_fffe_ffff_ffff,
        u64::MAX,
        u64::MAX,
        u64::MAX,
    ];
    const TWO_ADICITY: u32 = 1;
    const NON_RESIDUE: u64 = 7;
}
type Mont448 = Fp<P448, 7>;

fn big<F: Field>(x: &F) -> BigUint {
    let mut b = [0u8; 56];
    x.write_be_bytes(&mut b);
    BigUint::from_bytes_be(&b)
}

/// Builds the element for x < 2^448 through the lax decoder (so values in
/// [p, 2^448) give non-canonical internal states in radix 2^56).
fn fe<F: Fe>(x: &BigUint) -> F {
    F::from_le_reduced(&le56(x))
}

fn edge_values() -> Vec<BigUint> {
    let p = p();
    let mut v = vec![
        BigUint::zero(),
        BigUint::one(),
        BigUint::from(2u32),
        BigUint::from(3u32),
        BigUint::from(7u32),
        &p - 1u32,
        &p - 2u32,
        &p - 3u32,
        pow2(224),
        pow2(224) + 1u32,
        pow2(224) - 1u32,
        modp(&(pow2(448) - 1u32)), // = 2^224
        (&p - 1u32) >> 1u32,
        (&p + 1u32) >> 1u32,
        pow2(447),
        &p - pow2(224),
        pow2(448) - pow2(225), // 2^448 − 2^225 = p − 2^224 + 1
        BigUint::from(u64::MAX),
    ];
    // Radix-boundary values: 2^(56k), 2^(56k) − 1, a full 56-bit limb; the
    // same for 64-bit limbs.
    for k in 1..8u32 {
        v.push(pow2(56 * k));
        v.push(pow2(56 * k) - 1u32);
        v.push(pow2(56 * k) + 1u32);
    }
    for k in 0..8u32 {
        v.push((pow2(56) - 1u32) << (56 * k));
    }
    for k in 1..7u32 {
        v.push(pow2(64 * k));
        v.push(pow2(64 * k) - 1u32);
    }
    for k in 0..7u32 {
        v.push((pow2(64) - 1u32) << (64 * k));
    }
    // Alternating limb patterns.
    let mut a = BigUint::zero();
    let mut b = BigUint::zero();
    for k in 0..8u32 {
        if k % 2 == 0 {
            a += (pow2(56) - 1u32) << (56 * k);
        } else {
            b += (pow2(56) - 1u32) << (56 * k);
        }
    }
    v.push(a);
    v.push(b);
    v.into_iter().map(|x| modp(&x)).collect()
}

/// Values ≥ p that still fit in 448 bits (non-canonical encodings).
fn non_canonical_values(rng: &mut Rng, n: usize) -> Vec<BigUint> {
    let p = p();
    let mut v = vec![
        p.clone(),
        &p + 1u32,
        &p + 2u32,
        &p + pow2(224) - 1u32,
        &p + pow2(224), // 2^448 − 1
        pow2(448) - 2u32,
        pow2(448) - pow2(56),
        &p + pow2(56) - 1u32,
    ];
    let span = pow2(224) + 1u32; // 2^448 − p
    for _ in 0..n {
        v.push(&p + rng.wide() % &span);
    }
    for x in &v {
        assert!(x >= &p && x < &pow2(448));
    }
    v
}

// ------------------------------------------------------------ the checks ---

/// Every operation on (a, b), compared with num-bigint.
fn check_pair<F: Fe>(x: &BigUint, y: &BigUint, xr: &BigUint, yr: &BigUint) {
    // x, y < 2^448 may be non-canonical; xr, yr are their values mod p.
    let p = p();
    let a: F = fe(x);
    let b: F = fe(y);
    assert_eq!(big(&a), *xr, "decode {x:x}");
    assert_eq!(big(&(a + b)), modp(&(xr + yr)), "add {x:x} {y:x}");
    assert_eq!(big(&(a - b)), modp(&(xr + &p - yr)), "sub {x:x} {y:x}");
    assert_eq!(big(&(a * b)), modp(&(xr * yr)), "mul {x:x} {y:x}");
    let mut c = a;
    c += b;
    c -= b;
    c *= b;
    assert_eq!(big(&c), modp(&(xr * yr)), "assign ops {x:x} {y:x}");
    assert_eq!(bool::from(a.ct_eq(&b)), xr == yr);
    assert_eq!(a == b, xr == yr);
    let s0 = F::conditional_select(&a, &b, Choice::from(0));
    let s1 = F::conditional_select(&a, &b, Choice::from(1));
    assert_eq!(big(&s0), *xr);
    assert_eq!(big(&s1), *yr);
}

fn check_single<F: Fe>(x: &BigUint, xr: &BigUint) {
    let p = p();
    let a: F = fe(x);
    assert_eq!(big(&a), *xr);
    assert_eq!(big(&(-a)), modp(&(&p - xr)), "neg {x:x}");
    assert_eq!(big(&a.double()), modp(&(xr * 2u32)), "double {x:x}");
    assert_eq!(big(&a.square()), modp(&(xr * xr)), "square {x:x}");
    for c in [0u32, 1, 2, 39081, 39082, 156326, u32::MAX] {
        assert_eq!(big(&Fe::mul_small(&a, c)), modp(&(xr * c)), "mul_small {x:x} {c}");
    }
    for k in [0u32, 1, 2, 7, 64] {
        assert_eq!(big(&a.pow2k(k)), xr.modpow(&pow2(k), &p), "pow2k {x:x} {k}");
    }
    assert_eq!(
        big(&a.pow_p34()),
        xr.modpow(&((&p - 3u32) >> 2u32), &p),
        "pow_p34 {x:x}"
    );
    // Inversion (safegcd behind `invert`, the Fermat chain as reference).
    assert_eq!(big(&a.invert_fermat()), xr.modpow(&(&p - 2u32), &p), "invert_fermat {x:x}");
    assert_eq!(a.invert().unwrap_or(F::ZERO), a.invert_fermat(), "safegcd vs Fermat {x:x}");
    let inv = a.invert();
    if xr.is_zero() {
        assert!(bool::from(inv.is_none()));
    } else {
        let i = inv.unwrap();
        assert_eq!(big(&i), xr.modpow(&(&p - 2u32), &p), "invert {x:x}");
        assert_eq!(a * i, F::ONE);
    }
    // Square roots against Euler's criterion.
    let chi = legendre(xr);
    let is_sq = chi.is_zero() || chi.is_one();
    assert_eq!(bool::from(a.is_square()), is_sq, "is_square {x:x}");
    let r = a.sqrt();
    assert_eq!(bool::from(r.is_some()), is_sq, "sqrt {x:x}");
    if is_sq {
        let r = r.unwrap();
        assert_eq!(big(&(r * r)), *xr, "sqrt^2 {x:x}");
    } else {
        assert_eq!(chi, &p - 1u32);
        // −x is then a square (−1 is a non-residue).
        assert!(bool::from((-a).sqrt().is_some()));
    }
    assert_eq!(bool::from(a.is_zero()), xr.is_zero());
    assert_eq!(bool::from(a.is_odd()), xr.bit(0));
    // Canonical encodings.
    assert_eq!(a.to_le(), le56(xr));
    let mut be = [0u8; 56];
    a.write_be_bytes(&mut be);
    let mut le = le56(xr);
    le.reverse();
    assert_eq!(be, le);
    assert_eq!(F::from_be_bytes(&be).unwrap(), a);
    assert_eq!(F::from_le(&le56(xr)).unwrap(), a);
    assert_eq!(F::from_be_bytes_reduced(&be), a);
}

fn check_sqrt_ratio<F: Fe>(ur: &BigUint, vr: &BigUint) {
    let p = p();
    let u: F = fe(ur);
    let v: F = fe(vr);
    let (ok, x) = F::sqrt_ratio(&u, &v);
    let vx2 = big(&(v * x.square()));
    if vr.is_zero() {
        assert_eq!(bool::from(ok), ur.is_zero());
        assert!(bool::from(x.is_zero()));
        return;
    }
    if ur.is_zero() {
        assert!(bool::from(ok));
        assert!(bool::from(x.is_zero()));
        return;
    }
    let w = modp(&(ur * vr.modpow(&(&p - 2u32), &p)));
    let is_sq = legendre(&w).is_one();
    assert_eq!(bool::from(ok), is_sq, "sqrt_ratio {ur:x} / {vr:x}");
    if is_sq {
        assert_eq!(vx2, *ur);
    } else {
        assert_eq!(vx2, modp(&(&p - ur)));
    }
}

fn run_edge<F: Fe>() {
    let ev = edge_values();
    for x in &ev {
        check_single::<F>(x, x);
        for y in &ev {
            check_pair::<F>(x, y, x, y);
        }
    }
    // A subset for sqrt_ratio (each call is an exponentiation).
    for x in ev.iter().step_by(3) {
        for y in ev.iter().step_by(5) {
            check_sqrt_ratio::<F>(x, y);
        }
    }
}

fn run_random<F: Fe>(seed: u64, n: usize) {
    let mut rng = Rng(seed);
    for _ in 0..n {
        let x = rng.elem();
        let y = rng.elem();
        check_pair::<F>(&x, &y, &x, &y);
        check_single::<F>(&x, &x);
        check_sqrt_ratio::<F>(&x, &y);
        // u/v a square by construction: u = v·w².
        let w = rng.elem();
        let u = modp(&(&y * &w * &w));
        check_sqrt_ratio::<F>(&u, &y);
    }
}

fn run_non_canonical<F: Fe>() {
    let mut rng = Rng(0xdead_beef);
    let nc = non_canonical_values(&mut rng, 200);
    let ev = edge_values();
    for x in &nc {
        let xr = modp(x);
        let b = le56(x);
        // The canonical decoders reject, the lax decoders reduce.
        assert!(bool::from(F::from_le(&b).is_none()), "from_le {x:x}");
        let mut be = b;
        be.reverse();
        assert!(bool::from(F::from_be_bytes(&be).is_none()), "from_be {x:x}");
        assert_eq!(big(&F::from_le_reduced(&b)), xr);
        assert_eq!(big(&F::from_be_bytes_reduced(&be)), xr);
        // Every operation on the non-canonical internal state.
        check_single::<F>(x, &xr);
        for y in ev.iter().step_by(4) {
            check_pair::<F>(x, y, &xr, y);
            check_pair::<F>(y, x, y, &xr);
        }
    }
    // Canonical boundary: p − 1 accepted, p rejected.
    assert!(bool::from(F::from_le(&le56(&(p() - 1u32))).is_some()));
    assert!(bool::from(F::from_le(&le56(&p())).is_none()));
}

fn run_bytes<F: Fe>() {
    let mut rng = Rng(42);
    // from_be_bytes_reduced on many lengths.
    for len in [0usize, 1, 8, 55, 56, 57, 64, 111, 112, 113, 200, 1000] {
        for _ in 0..8 {
            let bytes: Vec<u8> = (0..len)
                .map(|_| if rng.next_u64() % 5 == 0 { 0xff } else { rng.next_u64() as u8 })
                .collect();
            let want = modp(&BigUint::from_bytes_be(&bytes));
            assert_eq!(big(&F::from_be_bytes_reduced(&bytes)), want, "len {len}");
        }
        let ones = vec![0xffu8; len];
        assert_eq!(big(&F::from_be_bytes_reduced(&ones)), modp(&BigUint::from_bytes_be(&ones)));
    }
    // Wrong lengths are rejected.
    for len in [0usize, 55, 57, 112] {
        assert!(bool::from(F::from_be_bytes(&vec![0u8; len]).is_none()));
    }
    // Output placement matches the generic field.
    let x = rng.elem();
    let a: F = fe(&x);
    let m = Mont448::from_be_bytes_reduced(&x.to_bytes_be());
    for n in [10usize, 56, 57, 66] {
        let mut o1 = vec![0xaau8; n];
        let mut o2 = vec![0x55u8; n];
        a.write_be_bytes(&mut o1);
        m.write_be_bytes(&mut o2);
        assert_eq!(o1, o2, "write_be_bytes len {n}");
        F::write_modulus_be_bytes(&mut o1);
        Mont448::write_modulus_be_bytes(&mut o2);
        assert_eq!(o1, o2, "write_modulus_be_bytes len {n}");
    }
    let mut pm = [0u8; 56];
    F::write_modulus_be_bytes(&mut pm);
    assert_eq!(BigUint::from_bytes_be(&pm), p());
    // from_u64.
    for v in [0u64, 1, 39081, u64::MAX, rng.next_u64()] {
        assert_eq!(big(&F::from_u64(v)), BigUint::from(v));
    }
}

fn run_laws<F: Fe>() {
    let mut rng = Rng(7);
    assert_eq!(F::BYTES, 56);
    assert_eq!(F::BITS, 448);
    assert_eq!(F::default(), F::ZERO);
    assert_eq!(big(&F::ONE), BigUint::one());
    // The smallest non-residue is 7 (2, 3, 5, 6 are squares).
    for (n, sq) in [(2u64, true), (3, true), (4, true), (5, true), (6, true), (7, false)] {
        assert_eq!(bool::from(F::from_u64(n).is_square()), sq, "{n}");
    }
    assert!(!bool::from((-F::ONE).is_square()));
    for _ in 0..100 {
        let x: F = fe(&rng.elem());
        let y: F = fe(&rng.elem());
        // Aliasing: the same value on both sides, and in-place updates.
        assert_eq!(x * x, x.square());
        assert_eq!(x + x, x.double());
        assert!(bool::from((x - x).is_zero()));
        let mut z = x;
        z *= z;
        assert_eq!(z, x.square());
        let mut z = x;
        z += z;
        assert_eq!(z, x.double());
        let mut z = x;
        z -= z;
        assert_eq!(z, F::ZERO);
        if !bool::from(x.is_zero()) {
            let (ok, r) = F::sqrt_ratio(&x, &x);
            assert!(bool::from(ok));
            assert_eq!(r.square(), F::ONE);
        }
        // Ring laws.
        assert_eq!((x + y) * (x - y), x.square() - y.square());
        assert_eq!(-(-x), x);
        let mut s = x;
        s.conditional_assign(&y, Choice::from(1));
        assert_eq!(s, y);
        let mut zz = x;
        zeroize::Zeroize::zeroize(&mut zz);
        assert_eq!(zz, F::ZERO);
    }
    // Debug prints the canonical value.
    let d = format!("{:?}", F::from_u64(0x1234));
    assert!(d.ends_with("1234)"), "{d}");
    assert!(d.contains("(0x00000000"), "{d}");
    // A non-canonical state is equal to its canonical twin.
    assert_eq!(F::from_le_reduced(&le56(&p())), F::ZERO);
    assert_eq!(F::from_le_reduced(&le56(&(p() + 1u32))), F::ONE);
}

/// Long random chains, bounded only by the invariant: checks that the
/// loose radix-2^56 limbs never overflow (debug assertions are on in the
/// test profile) and that all three implementations agree step by step.
#[test]
fn representations_agree_on_random_chains() {
    let mut rng = Rng(2024);
    let x0 = rng.elem();
    let mut a: Fe448 = fe(&x0);
    let mut b: Fe448Sat64 = fe(&x0);
    let mut m = Mont448::from_be_bytes_reduced(&x0.to_bytes_be());
    let mut oracle = x0;
    let p = p();
    for step in 0..20_000 {
        let y = if rng.next_u64() % 4 == 0 { non_canonical_values(&mut rng, 1).pop().unwrap() } else { rng.wide() };
        let yr = modp(&y);
        let ya: Fe448 = fe(&y);
        let yb: Fe448Sat64 = fe(&y);
        let ym = Mont448::from_be_bytes_reduced(&y.to_bytes_be());
        match rng.next_u64() % 9 {
            0 => {
                a = a + ya;
                b = b + yb;
                m = m + ym;
                oracle = modp(&(&oracle + &yr));
            }
            1 => {
                a = a - ya;
                b = b - yb;
                m = m - ym;
                oracle = modp(&(&oracle + &p - &yr));
            }
            2 => {
                a = a * ya;
                b = b * yb;
                m = m * ym;
                oracle = modp(&(&oracle * &yr));
            }
            3 => {
                a = a.square();
                b = b.square();
                m = m.square();
                oracle = modp(&(&oracle * &oracle));
            }
            4 => {
                a = -a;
                b = -b;
                m = -m;
                oracle = modp(&(&p - &oracle));
            }
            5 => {
                a = a.double();
                b = b.double();
                m = m.double();
                oracle = modp(&(&oracle * 2u32));
            }
            6 => {
                let c = rng.next_u64() as u32;
                a = a.mul_small(c);
                b = b.mul_small(c);
                m = m * Mont448::from_u64(c as u64);
                oracle = modp(&(&oracle * c));
            }
            7 => {
                // Repeated additions of the same loose value.
                for _ in 0..16 {
                    a = a + (-a) + ya + ya;
                    b = b + (-b) + yb + yb;
                    m = m + (-m) + ym + ym;
                }
                oracle = modp(&(&yr * 2u32));
            }
            _ => {
                a = a - ya - ya - ya;
                b = b - yb - yb - yb;
                m = m - ym - ym - ym;
                oracle = modp(&(&oracle + &p * 3u32 - &yr * 3u32));
            }
        }
        assert_eq!(a.to_le_bytes(), b.to_le_bytes(), "step {step}");
        assert_eq!(big(&a), oracle, "step {step}");
        assert_eq!(big(&m), oracle, "step {step}");
        if step % 1000 == 0 {
            // Keep the chain from collapsing to zero.
            if bool::from(a.is_zero()) {
                a = Fe448::ONE;
                b = Fe448Sat64::ONE;
                m = Mont448::ONE;
                oracle = BigUint::one();
            }
        }
    }
}

#[test]
fn representations_agree_on_exponentiations() {
    let mut rng = Rng(99);
    for _ in 0..200 {
        let x = rng.elem();
        let a: Fe448 = fe(&x);
        let b: Fe448Sat64 = fe(&x);
        let m = Mont448::from_be_bytes_reduced(&x.to_bytes_be());
        let ia = a.invert().unwrap_or(Fe448::ZERO);
        let ib = b.invert().unwrap_or(Fe448Sat64::ZERO);
        let im = m.invert().unwrap_or(Mont448::ZERO);
        assert_eq!(big(&ia), big(&ib));
        assert_eq!(big(&ia), big(&im));
        assert_eq!(bool::from(a.is_square()), bool::from(m.is_square()));
        // Roots may differ in sign between implementations; squares agree.
        let (sa, sb, sm) = (a.sqrt(), b.sqrt(), m.sqrt());
        assert_eq!(bool::from(sa.is_some()), bool::from(sm.is_some()));
        assert_eq!(bool::from(sb.is_some()), bool::from(sm.is_some()));
        if bool::from(sm.is_some()) {
            assert_eq!(big(&sa.unwrap()), big(&sb.unwrap()));
            assert_eq!(big(&sa.unwrap().square()), big(&sm.unwrap().square()));
        }
    }
}

#[test]
fn montgomery_reference_params() {
    // 2-adicity 1 and smallest non-residue 7, computed from the modulus.
    let p = p();
    let pm1 = &p - 1u32;
    assert!(!pm1.bit(0) && pm1.bit(1));
    let nr = (2u32..)
        .find(|&n| legendre(&BigUint::from(n)) == pm1)
        .unwrap();
    assert_eq!(nr as u64, P448::NON_RESIDUE);
    let mut limbs = [0u64; 7];
    for (i, d) in p.to_u64_digits().iter().enumerate() {
        limbs[i] = *d;
    }
    assert_eq!(limbs, P448::MODULUS);
}

#[test]
fn radix56_edge_values() {
    run_edge::<Fe448>();
}
#[test]
fn sat64_edge_values() {
    run_edge::<Fe448Sat64>();
}
#[test]
fn radix56_random_1000() {
    run_random::<Fe448>(1, 1000);
}
#[test]
fn sat64_random_1000() {
    run_random::<Fe448Sat64>(2, 1000);
}
#[test]
fn radix56_non_canonical() {
    run_non_canonical::<Fe448>();
}
#[test]
fn sat64_non_canonical() {
    run_non_canonical::<Fe448Sat64>();
}
#[test]
fn radix56_bytes() {
    run_bytes::<Fe448>();
}
#[test]
fn sat64_bytes() {
    run_bytes::<Fe448Sat64>();
}
#[test]
fn radix56_laws_and_aliasing() {
    run_laws::<Fe448>();
}
#[test]
fn sat64_laws_and_aliasing() {
    run_laws::<Fe448Sat64>();
}

// ------------------------------------------------ RFC 7748 X448 vectors ---

fn unhex56(s: &str) -> [u8; 56] {
    let v = hex::decode(s).unwrap();
    v.try_into().unwrap()
}

/// X448(k, u), RFC 7748 §5: the Montgomery ladder with a24 = 39081.
/// (Test-only; the field is what is under test.)
fn x448<F: Fe>(k: &[u8; 56], u: &[u8; 56]) -> [u8; 56] {
    let mut k = *k;
    k[0] &= 252;
    k[55] |= 128;
    let x1 = F::from_le_reduced(u);
    let (mut x2, mut z2, mut x3, mut z3) = (F::ONE, F::ZERO, x1, F::ONE);
    let mut swap = Choice::from(0);
    for t in (0..448).rev() {
        let kt = Choice::from((k[t / 8] >> (t % 8)) & 1);
        swap ^= kt;
        F::conditional_swap(&mut x2, &mut x3, swap);
        F::conditional_swap(&mut z2, &mut z3, swap);
        swap = kt;
        let a = x2 + z2;
        let aa = a.square();
        let b = x2 - z2;
        let bb = b.square();
        let e = aa - bb;
        let c = x3 + z3;
        let d = x3 - z3;
        let da = d * a;
        let cb = c * b;
        x3 = (da + cb).square();
        z3 = x1 * (da - cb).square();
        x2 = aa * bb;
        z2 = e * (aa + Fe::mul_small(&e, 39081));
    }
    F::conditional_swap(&mut x2, &mut x3, swap);
    F::conditional_swap(&mut z2, &mut z3, swap);
    (x2 * z2.invert().unwrap_or(F::ZERO)).to_le()
}

fn run_x448<F: Fe>() {
    let cases = [
        (
            "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
            "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
            "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f",
        ),
        (
            "203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
            "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
            "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d",
        ),
    ];
    for (k, u, out) in cases {
        assert_eq!(x448::<F>(&unhex56(k), &unhex56(u)), unhex56(out));
    }
    // Iterated: k = u = 5; (k, u) ← (X448(k, u), k).
    let mut k = [0u8; 56];
    k[0] = 5;
    let mut u = k;
    for i in 1..=1000 {
        let r = x448::<F>(&k, &u);
        u = k;
        k = r;
        if i == 1 {
            assert_eq!(k, unhex56("3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113"));
        }
    }
    assert_eq!(k, unhex56("aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38"));
}

#[test]
fn radix56_rfc7748_x448() {
    run_x448::<Fe448>();
}
#[test]
fn sat64_rfc7748_x448() {
    run_x448::<Fe448Sat64>();
}

/// RFC 7748 §5: u-coordinates ≥ p are accepted and reduced by X448.
#[test]
fn x448_non_canonical_u_is_reduced() {
    let k = unhex56("3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3");
    // u = p + 1 ≡ 1, u = p + 5 ≡ 5 (the base point), u = 2^448 − 1 ≡ 2^224.
    for (nc, c) in [
        (p() + 1u32, BigUint::one()),
        (p() + 5u32, BigUint::from(5u32)),
        (pow2(448) - 1u32, pow2(224)),
    ] {
        assert_eq!(x448::<Fe448>(&k, &le56(&nc)), x448::<Fe448>(&k, &le56(&c)));
        assert_eq!(x448::<Fe448Sat64>(&k, &le56(&nc)), x448::<Fe448>(&k, &le56(&c)));
    }
}
