//! GF(2^255 − 19): both representations (`Fe51`, `Fe64`) against a
//! num-bigint oracle on edge values and random inputs, against each other
//! and against the generic Montgomery `Fp<P, 4>`; decoders on non-canonical
//! encodings; square roots against Euler's criterion; aliasing.
//!
//! Inputs are fed both canonically and in non-canonical internal forms
//! (values produced by additions and subtractions, which neither
//! representation fully reduces), since that is what formulas feed in.
//! Randomness is a fixed-seed SplitMix64, so failures reproduce.

mod common;
use common::Rng;
use kurve::field::fe25519::{radix51::Fe51, radix64::Fe64, Fe25519};
use kurve::field::{Field, FieldParams, Fp};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, CtOption};

// ---------------------------------------------------------------- harness

/// The inherent 25519 API, as a trait so the tests are written once.
trait Fe:
    Field + core::ops::AddAssign + core::ops::SubAssign + core::ops::MulAssign + ConditionallyNegatable
{
    const SQRT_M1: Self;
    fn from_le(b: &[u8; 32]) -> CtOption<Self>;
    fn from_le_masked(b: &[u8; 32]) -> Self;
    fn to_le(&self) -> [u8; 32];
    fn mul_small(&self, c: u32) -> Self;
    fn pow2k(&self, k: u32) -> Self;
    fn invert_or_zero(&self) -> Self;
    fn invert_fermat(&self) -> Self;
    fn pow_p58(&self) -> Self;
    fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self);
    fn invsqrt(&self) -> (Choice, Self);
    fn from_hex(s: &str) -> Self;
    const NAME: &'static str;
}

macro_rules! impl_fe {
    ($T:ident) => {
        impl Fe for $T {
            const SQRT_M1: Self = $T::SQRT_M1;
            const NAME: &'static str = stringify!($T);
            fn from_le(b: &[u8; 32]) -> CtOption<Self> {
                $T::from_le_bytes(b)
            }
            fn from_le_masked(b: &[u8; 32]) -> Self {
                $T::from_le_bytes_masked(b)
            }
            fn to_le(&self) -> [u8; 32] {
                $T::to_le_bytes(self)
            }
            fn mul_small(&self, c: u32) -> Self {
                $T::mul_small(self, c)
            }
            fn pow2k(&self, k: u32) -> Self {
                $T::pow2k(self, k)
            }
            fn invert_or_zero(&self) -> Self {
                $T::invert_or_zero(self)
            }
            fn invert_fermat(&self) -> Self {
                $T::invert_fermat(self)
            }
            fn pow_p58(&self) -> Self {
                $T::pow_p58(self)
            }
            fn sqrt_ratio(u: &Self, v: &Self) -> (Choice, Self) {
                $T::sqrt_ratio(u, v)
            }
            fn invsqrt(&self) -> (Choice, Self) {
                $T::invsqrt(self)
            }
            fn from_hex(s: &str) -> Self {
                $T::from_hex(s)
            }
        }
    };
}
impl_fe!(Fe51);
impl_fe!(Fe64);

/// p = 2^255 − 19 for the generic Montgomery field (third opinion).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct P25519;
impl FieldParams<4> for P25519 {
    const NAME: &'static str = "p25519";
    const MODULUS: [u64; 4] =
        [0xffff_ffff_ffff_ffed, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x7fff_ffff_ffff_ffff];
    const TWO_ADICITY: u32 = 2;
    const NON_RESIDUE: u64 = 2;
}
type FpMont = Fp<P25519, 4>;

impl Rng {
    fn bytes32(&mut self) -> [u8; 32] {
        let mut b = [0u8; 32];
        for c in b.chunks_exact_mut(8) {
            c.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        b
    }
    /// Uniform-ish below p (256 random bits reduced), with occasional
    /// small or near-p values.
    fn elem(&mut self) -> BigUint {
        let p = p();
        match self.next_u64() % 16 {
            0 => BigUint::from(self.next_u64() % 64),
            1 => &p - 1u32 - BigUint::from(self.next_u64() % 64),
            2 => BigUint::one() << (self.next_u64() % 255),
            _ => BigUint::from_bytes_le(&self.bytes32()) % &p,
        }
    }
}

fn p() -> BigUint {
    (BigUint::one() << 255) - 19u32
}

fn le32(x: &BigUint) -> [u8; 32] {
    let v = x.to_bytes_le();
    assert!(v.len() <= 32);
    let mut b = [0u8; 32];
    b[..v.len()].copy_from_slice(&v);
    b
}

/// The canonical value of a field element, checked to be < p.
fn val<F: Fe>(a: &F) -> BigUint {
    let v = BigUint::from_bytes_le(&a.to_le());
    assert!(v < p(), "{}: to_le_bytes not canonical", F::NAME);
    v
}

/// x (< p) as an element, in one of several internal forms:
/// 0 canonical decode; 1 (x + (p−1)) + 1; 2 x − 0; 3 −(−x) ; 4 x·1 + 0·x.
fn elem<F: Fe>(x: &BigUint, form: u64) -> F {
    let c = F::from_le(&le32(x)).unwrap();
    let pm1 = F::from_le(&le32(&(p() - 1u32))).unwrap();
    let r = match form % 5 {
        0 => c,
        1 => (c + pm1) + F::ONE,
        2 => c - F::ZERO,
        3 => -(-c),
        _ => c * F::ONE + F::ZERO * c,
    };
    assert_eq!(val(&r), *x);
    r
}

fn modpow(b: &BigUint, e: &BigUint) -> BigUint {
    b.modpow(e, &p())
}
fn inv(x: &BigUint) -> BigUint {
    modpow(x, &(p() - 2u32))
}
/// Euler's criterion: x is a square (0 included).
fn is_sq(x: &BigUint) -> bool {
    let l = modpow(x, &((p() - 1u32) >> 1));
    l.is_zero() || l.is_one()
}
fn neg(x: &BigUint) -> BigUint {
    (p() - x) % p()
}
/// √−1 = 2^((p−1)/4) (checked against that definition in `constants`).
fn sqrt_m1() -> BigUint {
    BigUint::parse_bytes(b"2b8324804fc1df0b2b4d00993dfbd7a72f431806ad2fe478c4ee1b274a0ea0b0", 16).unwrap()
}

/// Edge values: 0, 1, 2, p−1, p−2, (p−1)/2, 2^255−1 mod p, powers of two,
/// limb boundaries of both representations, √−1, …
fn edges() -> Vec<BigUint> {
    let p = p();
    let one = BigUint::one();
    let mut v: Vec<BigUint> = [0u64, 1, 2, 3, 4, 5, 18, 19, 37, 38, 121665, 121666, u32::MAX as u64, u64::MAX]
        .iter()
        .map(|&x| BigUint::from(x))
        .collect();
    v.push(&p - 1u32);
    v.push(&p - 2u32);
    v.push(&p - 3u32);
    v.push(&p - 19u32);
    v.push(&p - 38u32);
    v.push((&p - 1u32) >> 1);
    v.push(((&p - 1u32) >> 1) + 1u32);
    v.push(((&p - 1u32) >> 1) - 1u32);
    v.push(((&one << 255) - 1u32) % &p);
    v.push(((&one << 256) - 1u32) % &p);
    v.push(sqrt_m1());
    v.push(neg(&sqrt_m1()));
    for k in 0..255u32 {
        v.push(&one << k);
    }
    for k in [13u32, 25, 26, 38, 39, 50, 51, 52, 63, 64, 65, 101, 102, 103, 127, 128, 129, 152, 153, 154, 191, 192, 193, 203, 204, 205, 253, 254] {
        v.push((&one << k) - 1u32);
        v.push((&one << k) + 1u32);
        v.push(&p - (&one << k));
    }
    // Every radix-2^51 limb at its maximum, one at a time and all at once.
    let m51 = (&one << 51) - 1u32;
    let mut all = BigUint::zero();
    for i in 0..5u32 {
        let l = &m51 << (51 * i);
        all += &l;
        v.push(l % &p);
    }
    v.push(all % &p);
    // Every 64-bit limb all-ones, one at a time.
    for i in 0..4u32 {
        v.push((((&one << 64) - 1u32) << (64 * i)) % &p);
    }
    for x in v.iter_mut() {
        *x = &*x % &p;
    }
    v.sort();
    v.dedup();
    v
}

// ---------------------------------------------------------------- oracle checks

/// Checks one unary operation set on x against the oracle (including the
/// aliased forms a·a, a + a, a − a on purpose).
#[allow(clippy::eq_op)]
fn check_unary<F: Fe>(x: &BigUint, a: F) {
    let p = p();
    let n = F::NAME;
    assert_eq!(val(&a.square()), (x * x) % &p, "{n} square {x}");
    assert_eq!(val(&(a * a)), (x * x) % &p, "{n} a*a {x}");
    assert_eq!(val(&a.double()), (x * 2u32) % &p, "{n} double {x}");
    assert_eq!(val(&(a + a)), (x * 2u32) % &p, "{n} a+a {x}");
    assert_eq!(val(&(a - a)), BigUint::zero(), "{n} a-a {x}");
    assert_eq!(val(&-a), neg(x), "{n} neg {x}");
    assert_eq!(bool::from(a.is_zero()), x.is_zero(), "{n} is_zero {x}");
    assert_eq!(bool::from(a.is_odd()), x.bit(0), "{n} is_odd {x}");
    for c in [0u32, 1, 2, 19, 38, 121665, 121666, u32::MAX] {
        assert_eq!(val(&Fe::mul_small(&a, c)), (x * c) % &p, "{n} mul_small {c} {x}");
    }
    for k in [0u32, 1, 2, 5, 51] {
        assert_eq!(val(&a.pow2k(k)), modpow(x, &(BigUint::one() << k)), "{n} pow2k {k} {x}");
    }
    // Inversion.
    let i = a.invert();
    assert_eq!(bool::from(i.is_some()), !x.is_zero(), "{n} invert some {x}");
    assert_eq!(val(&a.invert_or_zero()), inv(x), "{n} invert_or_zero {x}");
    assert_eq!(val(&a.invert_fermat()), inv(x), "{n} invert_fermat {x}");
    if !x.is_zero() {
        assert_eq!(val(&i.unwrap()), inv(x), "{n} invert {x}");
        assert_eq!(val(&(a * i.unwrap())), BigUint::one(), "{n} a*a^-1 {x}");
    }
    assert_eq!(val(&a.pow_p58()), modpow(x, &((&p - 5u32) >> 3)), "{n} pow_p58 {x}");
    // Square roots.
    let sq = is_sq(x);
    assert_eq!(bool::from(a.is_square()), sq, "{n} is_square {x}");
    let r = a.sqrt();
    assert_eq!(bool::from(r.is_some()), sq, "{n} sqrt some {x}");
    if sq {
        assert_eq!(val(&r.unwrap().square()), *x, "{n} sqrt^2 {x}");
    }
    let (ok, r) = a.invsqrt();
    check_sqrt_ratio_result(&BigUint::one(), x, ok, &val(&r), "invsqrt");
    // Encodings.
    assert_eq!(a.to_le(), le32(x), "{n} to_le_bytes {x}");
    let mut be = [0u8; 40];
    a.write_be_bytes(&mut be);
    assert_eq!(&be[..8], &[0u8; 8]);
    assert_eq!(BigUint::from_bytes_be(&be), *x, "{n} write_be_bytes {x}");
    assert_eq!(val(&F::from_be_bytes(&be[8..]).unwrap()), *x);
    assert_eq!(val(&F::from_be_bytes_reduced(&be)), *x);
    assert_eq!(val(&F::from_le(&a.to_le()).unwrap()), *x);
    assert_eq!(val(&F::from_le_masked(&a.to_le())), *x);
    let dbg = format!("{:?}", a);
    assert_eq!(dbg, format!("{}(0x{:0>64})", n, x.to_str_radix(16)), "{n} Debug");
}

/// sqrt_ratio(u, v) = (ok, r): the documented contract, checked with the oracle.
fn check_sqrt_ratio_result(u: &BigUint, v: &BigUint, ok: Choice, r: &BigUint, what: &str) {
    let p = p();
    assert!(!r.bit(0), "{what}: root not even ({u}, {v})");
    let ok = bool::from(ok);
    if v.is_zero() {
        assert_eq!(ok, u.is_zero(), "{what} v=0 flag");
        assert!(r.is_zero(), "{what} v=0 root");
        return;
    }
    let ratio = (u * inv(v)) % &p;
    let vr2 = (v * r * r) % &p;
    assert_eq!(ok, is_sq(&ratio), "{what}: was_square vs Euler ({u}, {v})");
    if ok {
        assert_eq!(vr2, *u, "{what}: v·r² = u");
    } else {
        assert_eq!(vr2, (sqrt_m1() * u) % &p, "{what}: v·r² = √−1·u");
    }
}

/// Checks the binary operations on (x, y) against the oracle.
fn check_binary<F: Fe>(x: &BigUint, y: &BigUint, a: F, b: F) {
    let p = p();
    let n = F::NAME;
    assert_eq!(val(&(a + b)), (x + y) % &p, "{n} add {x} {y}");
    assert_eq!(val(&(a - b)), (x + &p - y) % &p, "{n} sub {x} {y}");
    assert_eq!(val(&(a * b)), (x * y) % &p, "{n} mul {x} {y}");
    assert_eq!(bool::from(a.ct_eq(&b)), x == y, "{n} ct_eq {x} {y}");
    assert_eq!(a == b, x == y, "{n} eq");
    let mut c = a;
    c += b;
    c *= b;
    c -= a;
    assert_eq!(val(&c), ((x + y) * y + &p - x) % &p, "{n} assign ops");
    assert_eq!(val(&F::conditional_select(&a, &b, Choice::from(0))), *x);
    assert_eq!(val(&F::conditional_select(&a, &b, Choice::from(1))), *y);
}

fn check_ratio<F: Fe>(x: &BigUint, y: &BigUint, a: F, b: F) {
    let (ok, r) = F::sqrt_ratio(&a, &b);
    check_sqrt_ratio_result(x, y, ok, &val(&r), F::NAME);
}

// ---------------------------------------------------------------- tests

fn edge_unary<F: Fe>() {
    for x in edges() {
        for form in 0..5 {
            check_unary(&x, elem::<F>(&x, form));
        }
    }
}

fn edge_binary<F: Fe>() {
    let e = edges();
    for (i, x) in e.iter().enumerate() {
        for (j, y) in e.iter().enumerate() {
            let (fa, fb) = ((i + j) as u64, (i * 3 + j * 7) as u64);
            check_binary(x, y, elem::<F>(x, fa), elem::<F>(y, fb));
        }
    }
}

fn edge_sqrt_ratio<F: Fe>() {
    // A subset of edge pairs (each check costs two bigint exponentiations).
    let e: Vec<BigUint> = edges().into_iter().step_by(3).collect();
    for (i, x) in e.iter().enumerate() {
        for y in e.iter() {
            check_ratio(x, y, elem::<F>(x, i as u64), elem::<F>(y, 0));
        }
    }
    // Zero cases explicitly.
    let z = BigUint::zero();
    let o = BigUint::one();
    check_ratio(&z, &z, F::ZERO, F::ZERO);
    check_ratio(&o, &z, F::ONE, F::ZERO);
    check_ratio(&z, &o, F::ZERO, F::ONE);
}

fn random_ops<F: Fe>(seed: u64) {
    let mut rng = Rng(seed);
    for _ in 0..1500 {
        let (x, y) = (rng.elem(), rng.elem());
        let a = elem::<F>(&x, rng.next_u64());
        let b = elem::<F>(&y, rng.next_u64());
        check_binary(&x, &y, a, b);
        check_unary(&x, a);
        check_ratio(&x, &y, a, b);
    }
}

fn constants<F: Fe>() {
    let p = p();
    assert_eq!(F::BYTES, 32);
    assert_eq!(F::BITS, 255);
    assert_eq!(val(&F::ZERO), BigUint::zero());
    assert_eq!(val(&F::ONE), BigUint::one());
    assert_eq!(val(&F::default()), BigUint::zero());
    assert_eq!(sqrt_m1(), modpow(&BigUint::from(2u32), &((&p - 1u32) >> 2)));
    assert_eq!(val(&F::SQRT_M1), sqrt_m1());
    assert_eq!(val(&F::SQRT_M1.square()), &p - 1u32);
    assert_eq!(val(&F::from_hex("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec")), &p - 1u32);
    let mut m = [0u8; 40];
    m[0] = 0xaa;
    F::write_modulus_be_bytes(&mut m);
    assert_eq!(&m[..8], &[0u8; 8]);
    assert_eq!(BigUint::from_bytes_be(&m), p);
    let mut m = [0u8; 32];
    F::write_modulus_be_bytes(&mut m);
    assert_eq!(BigUint::from_bytes_be(&m), p);
    for v in [0u64, 1, 18, 19, 38, 1 << 51, (1 << 51) - 1, u64::MAX] {
        assert_eq!(val(&F::from_u64(v)), BigUint::from(v), "{} from_u64 {v}", F::NAME);
    }
    // Zeroize, ConditionallyNegatable.
    let mut z = F::SQRT_M1;
    z.zeroize();
    assert_eq!(z, F::ZERO);
    let mut n = F::from_u64(5);
    n.conditional_negate(Choice::from(0));
    assert_eq!(val(&n), BigUint::from(5u32));
    n.conditional_negate(Choice::from(1));
    assert_eq!(val(&n), &p - 5u32);
    // RFC 7748 §5 a24 = 121665 and (A + 2)/4 = 121666 act like full
    // multiplications.
    let x = F::from_u64(0xdead_beef);
    assert_eq!(Fe::mul_small(&x, 121666), x * F::from_u64(121666));
}

/// Non-canonical encodings: [p, 2^255) and anything with bit 255 set.
fn decoders<F: Fe>() {
    let p = p();
    let two255 = BigUint::one() << 255;
    let mut rng = Rng(7);
    let mut cases: Vec<BigUint> = (0u32..19).map(|i| &p + i).collect(); // p .. 2^255 − 1
    cases.extend((0..64).map(|_| rng.elem()));
    cases.extend([BigUint::zero(), BigUint::one(), &p - 1u32]);
    for v in cases {
        for top in [false, true] {
            let w = if top { &v + &two255 } else { v.clone() };
            let le = le32(&w);
            let canonical = !top && v < p;
            // from_le_bytes: canonical only.
            let d = F::from_le(&le);
            assert_eq!(bool::from(d.is_some()), canonical, "{} from_le_bytes {w}", F::NAME);
            if canonical {
                assert_eq!(val(&d.unwrap()), v);
            }
            // from_le_bytes_masked: RFC 7748 — ignore bit 255, reduce.
            assert_eq!(val(&F::from_le_masked(&le)), &v % &p, "{} masked {w}", F::NAME);
            // Big-endian: from_be_bytes canonical, reduced variant reduces.
            let mut be = le;
            be.reverse();
            let d = F::from_be_bytes(&be);
            assert_eq!(bool::from(d.is_some()), canonical, "{} from_be_bytes {w}", F::NAME);
            assert_eq!(val(&F::from_be_bytes_reduced(&be)), &w % &p, "{} be_reduced {w}", F::NAME);
        }
    }
    // Every value in [2^256 − 64, 2^256).
    for i in 0u32..64 {
        let w: BigUint = (BigUint::one() << 256u32) - 1u32 - i;
        let be = w.to_bytes_be();
        assert!(bool::from(F::from_be_bytes(&be).is_none()));
        assert_eq!(val(&F::from_be_bytes_reduced(&be)), &w % &p);
    }
    // Wrong lengths.
    for len in [0usize, 1, 31, 33, 64] {
        assert!(bool::from(F::from_be_bytes(&vec![0u8; len]).is_none()), "len {len}");
    }
    // from_be_bytes_reduced at every length 0..=100, all-ones and random.
    for len in 0..=100usize {
        let ones = vec![0xffu8; len];
        let w = BigUint::from_bytes_be(&ones);
        assert_eq!(val(&F::from_be_bytes_reduced(&ones)), &w % &p, "reduced ff×{len}");
        let r: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        let w = BigUint::from_bytes_be(&r);
        assert_eq!(val(&F::from_be_bytes_reduced(&r)), &w % &p, "reduced rnd×{len}");
    }
}

/// Aliasing: every operation with the same element in several positions,
/// and compound assignment onto itself.
fn aliasing<F: Fe>() {
    let mut rng = Rng(11);
    let p = p();
    for _ in 0..200 {
        let x = rng.elem();
        let a = elem::<F>(&x, rng.next_u64());
        let mut b = a;
        b *= b;
        assert_eq!(val(&b), (&x * &x) % &p);
        let mut b = a;
        b += b;
        assert_eq!(val(&b), (&x * 2u32) % &p);
        let mut b = a;
        b -= b;
        assert!(bool::from(b.is_zero()));
        let (ok, r) = F::sqrt_ratio(&a, &a);
        // u/u = 1 for u ≠ 0: roots ±1; the even one is −1 = p − 1.
        assert!(bool::from(ok));
        assert_eq!(val(&r), if x.is_zero() { BigUint::zero() } else { &p - 1u32 });
        let mut s = a;
        s = F::conditional_select(&s, &s.square(), Choice::from(1));
        assert_eq!(val(&s), (&x * &x) % &p);
    }
}

/// Fe51, Fe64 and the generic Montgomery Fp agree on random inputs and on a
/// long random chain of operations (whose intermediate values are mostly
/// non-canonical in the special representations), checked against the
/// oracle at every step.
#[test]
fn representations_agree() {
    let mut rng = Rng(0x2551_9255_1925_5190);
    for _ in 0..2000 {
        let x = rng.bytes32();
        let y = rng.bytes32();
        let (a1, b1) = (Fe51::from_be_bytes_reduced(&x), Fe51::from_be_bytes_reduced(&y));
        let (a2, b2) = (Fe64::from_be_bytes_reduced(&x), Fe64::from_be_bytes_reduced(&y));
        let (a3, b3) = (FpMont::from_be_bytes_reduced(&x), FpMont::from_be_bytes_reduced(&y));
        let enc = |v: &dyn Fn(&mut [u8])| {
            let mut o = [0u8; 32];
            v(&mut o);
            o
        };
        macro_rules! same {
            (|$a:ident, $b:ident| $e:expr) => {{
                let (r1, r2, r3) = {
                    #[allow(unused_variables)]
                    let f1 = |$a: Fe51, $b: Fe51| -> Fe51 { $e };
                    #[allow(unused_variables)]
                    let f2 = |$a: Fe64, $b: Fe64| -> Fe64 { $e };
                    #[allow(unused_variables)]
                    let f3 = |$a: FpMont, $b: FpMont| -> FpMont { $e };
                    (f1(a1, b1), f2(a2, b2), f3(a3, b3))
                };
                let e1 = enc(&|o| r1.write_be_bytes(o));
                assert_eq!(e1, enc(&|o| r2.write_be_bytes(o)), "Fe51 vs Fe64: {}", stringify!($e));
                assert_eq!(e1, enc(&|o| r3.write_be_bytes(o)), "Fe51 vs Fp: {}", stringify!($e));
            }};
        }
        same!(|a, b| a + b);
        same!(|a, b| a - b);
        same!(|a, b| a * b);
        same!(|a, b| -a);
        same!(|a, b| Field::square(&a));
        same!(|a, b| Field::double(&a));
        same!(|a, b| Field::invert(&a).unwrap_or(b));
        same!(|a, b| Field::sqrt(&a).map(|r| Field::square(&r)).unwrap_or(b));
        same!(|a, b| ConditionallySelectable::conditional_select(&a, &b, Field::is_square(&a)));
        same!(|a, b| ConditionallySelectable::conditional_select(&a, &b, Field::is_odd(&a)));
        assert_eq!(Fe51::sqrt_ratio(&a1, &b1).1.to_le_bytes(), Fe64::sqrt_ratio(&a2, &b2).1.to_le_bytes());
        assert_eq!(a1.mul_small(x[0] as u32 * 1000).to_le_bytes(), a2.mul_small(x[0] as u32 * 1000).to_le_bytes());
    }

    // Random operation chain on four registers.
    let p = p();
    let mut r51 = [Fe51::ONE; 4];
    let mut r64 = [Fe64::ONE; 4];
    let mut big = [BigUint::one(), BigUint::one(), BigUint::one(), BigUint::one()];
    for step in 0..20_000 {
        let w = rng.next_u64();
        let (d, s, t) = ((w % 4) as usize, ((w >> 2) % 4) as usize, ((w >> 4) % 4) as usize);
        match (w >> 8) % 10 {
            0 => {
                r51[d] = r51[s] + r51[t];
                r64[d] = r64[s] + r64[t];
                big[d] = (&big[s] + &big[t]) % &p;
            }
            1 | 2 => {
                r51[d] = r51[s] - r51[t];
                r64[d] = r64[s] - r64[t];
                big[d] = (&big[s] + &p - &big[t]) % &p;
            }
            3 | 4 => {
                r51[d] = r51[s] * r51[t];
                r64[d] = r64[s] * r64[t];
                big[d] = (&big[s] * &big[t]) % &p;
            }
            5 => {
                r51[d] = r51[s].square();
                r64[d] = r64[s].square();
                big[d] = (&big[s] * &big[s]) % &p;
            }
            6 => {
                r51[d] = -r51[s];
                r64[d] = -r64[s];
                big[d] = neg(&big[s]);
            }
            7 => {
                let c = (w >> 32) as u32;
                r51[d] = r51[s].mul_small(c);
                r64[d] = r64[s].mul_small(c);
                big[d] = (&big[s] * c) % &p;
            }
            8 => {
                // Inject a fresh random value (keeps the chain away from 0).
                let x = rng.elem();
                r51[d] = elem::<Fe51>(&x, w >> 40);
                r64[d] = elem::<Fe64>(&x, w >> 40);
                big[d] = x;
            }
            _ => {
                r51[d] = r51[s].double() + Fe51::ONE;
                r64[d] = r64[s].double() + Fe64::ONE;
                big[d] = (&big[s] * 2u32 + 1u32) % &p;
            }
        }
        assert_eq!(val(&r51[d]), big[d], "Fe51 chain step {step}");
        assert_eq!(val(&r64[d]), big[d], "Fe64 chain step {step}");
    }
}

/// The public type is one of the two representations (the measured choice).
#[test]
fn public_type() {
    let x: Fe25519 = Fe25519::from_u64(9);
    assert_eq!(x.to_le_bytes()[0], 9);
    assert_eq!(x.square(), Fe25519::from_u64(81));
}

/// RFC 7748 §5.2 first test vector: the Montgomery ladder written directly
/// on the public type (exercises mul_small(121665), masked decoding,
/// invert_or_zero and to_le_bytes as X25519 uses them).
#[test]
fn x25519_rfc7748_vector() {
    fn x25519(k: [u8; 32], u: [u8; 32]) -> [u8; 32] {
        let mut k = k;
        k[0] &= 248;
        k[31] &= 127;
        k[31] |= 64;
        let x1 = Fe25519::from_le_bytes_masked(&u);
        let (mut x2, mut z2, mut x3, mut z3) = (Fe25519::ONE, Fe25519::ZERO, x1, Fe25519::ONE);
        let mut swap = Choice::from(0);
        for t in (0..255).rev() {
            let kt = Choice::from((k[t / 8] >> (t % 8)) & 1);
            swap ^= kt;
            Fe25519::conditional_swap(&mut x2, &mut x3, swap);
            Fe25519::conditional_swap(&mut z2, &mut z3, swap);
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
            z2 = e * (aa + e.mul_small(121665));
        }
        Fe25519::conditional_swap(&mut x2, &mut x3, swap);
        Fe25519::conditional_swap(&mut z2, &mut z3, swap);
        (x2 * z2.invert_or_zero()).to_le_bytes()
    }
    let h = |s: &str| -> [u8; 32] { hex::decode(s).unwrap().try_into().unwrap() };
    assert_eq!(
        x25519(
            h("a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4"),
            h("e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c")
        ),
        h("c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552")
    );
}

macro_rules! per_repr {
    ($m:ident, $T:ident, $seed:expr) => {
        mod $m {
            use super::*;
            #[test]
            fn edge_unary() {
                super::edge_unary::<$T>();
            }
            #[test]
            fn edge_binary() {
                super::edge_binary::<$T>();
            }
            #[test]
            fn edge_sqrt_ratio() {
                super::edge_sqrt_ratio::<$T>();
            }
            #[test]
            fn random_ops() {
                super::random_ops::<$T>($seed);
            }
            #[test]
            fn constants() {
                super::constants::<$T>();
            }
            #[test]
            fn decoders() {
                super::decoders::<$T>();
            }
            #[test]
            fn aliasing() {
                super::aliasing::<$T>();
            }
        }
    };
}
per_repr!(fe51, Fe51, 0x5eed_0051);
per_repr!(fe64, Fe64, 0x5eed_0064);
