//! The generic prime field `Fp<P, N>`.
//!
//! Representation: N little-endian 64-bit limbs holding a·R mod p, always
//! fully reduced (< p); zero is all-zero limbs. Two forms:
//! * Montgomery form, R = 2^(64N) (every field but the ones below):
//!   multiplication is CIOS Montgomery multiplication and squaring a
//!   dedicated Montgomery squaring;
//! * plain form, R = 1, for the pseudo-Mersenne primes p = 2^(64N) − c,
//!   c < 2³⁴ ([`FieldParams::PLAIN`]: secp256k1, secp192k1): the full
//!   product is folded with 2^(64N) ≡ c, which needs no word-serial rounds.
//!
//! Both go through [`crate::arith::backend`] (portable Rust, or x86-64
//! MULX/ADCX/ADOX assembly where it measured faster, selected once at run
//! time); compile-time constants use the `const fn` [`crate::arith::mont_mul`].
//! Addition, subtraction, halving and small multiples are the same maps in
//! both forms (they are linear).

use super::Field;
use crate::arith;
use crate::arith::barrier::value_barrier;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::DefaultIsZeroes;

/// The parameters of one prime field: the modulus and two facts the square
/// root needs. All other constants are derived at compile time.
pub trait FieldParams<const N: usize>:
    'static + Copy + Clone + fmt::Debug + Default + Send + Sync + PartialEq + Eq
{
    /// A short name for debugging output (e.g. `"secp256r1.p"`).
    const NAME: &'static str;
    /// The odd prime modulus p, little-endian limbs, p < 2^(64N).
    const MODULUS: [u64; N];
    /// The 2-adicity s of p − 1 (p − 1 = 2^s · t with t odd).
    const TWO_ADICITY: u32;
    /// A quadratic non-residue mod p (the smallest ≥ 2).
    const NON_RESIDUE: u64;

    /// Bits in p.
    const BITS: u32 = arith::bits_vartime(&Self::MODULUS);
    /// Bytes in a canonical encoding.
    const BYTES: usize = (Self::BITS as usize + 7) / 8;
    /// −p⁻¹ mod 2⁶⁴.
    const INV: u64 = arith::mont_inv(Self::MODULUS[0]);
    /// c for a pseudo-Mersenne p = 2^(64N) − c, c < 2³⁴; else 0
    /// ([`arith::pseudo_mersenne_c`]).
    const PSEUDO_MERSENNE_C: u64 = arith::pseudo_mersenne_c(&Self::MODULUS);
    /// Plain form (R = 1, the limbs hold a itself) instead of Montgomery
    /// form (R = 2^(64N)). On by default exactly for the pseudo-Mersenne
    /// primes ([`Self::PSEUDO_MERSENNE_C`] ≠ 0), where the product reduced by
    /// folding with 2^(64N) ≡ c beats Montgomery reduction's word-serial
    /// rounds (secp256k1, x86-64 assembly, ns per dependent / independent
    /// multiplication: 14.4 / 9.8 against 16.9 / 14.5). Must stay false for
    /// any other prime (checked at compile time).
    const PLAIN: bool = Self::PSEUDO_MERSENNE_C != 0;
    /// R mod p = 2^(64N) mod p (the Montgomery form of 1).
    const R: [u64; N] = arith::pow2_mod(64 * N, &Self::MODULUS);
    /// R² mod p (converts into Montgomery form).
    const R2: [u64; N] = arith::pow2_mod(128 * N, &Self::MODULUS);
    /// R³ mod p (converts a value times R into Montgomery form).
    const R3: [u64; N] = arith::pow2_mod(192 * N, &Self::MODULUS);
    /// p − 2, the Fermat inversion exponent.
    const P_MINUS_2: [u64; N] = arith::sub_small(&Self::MODULUS, 2);
    /// (p − 1)/2, the Euler-criterion exponent.
    const P_MINUS_1_OVER_2: [u64; N] = arith::shr(&arith::sub_small(&Self::MODULUS, 1), 1);
    /// (p + 1)/4, the square-root exponent when p ≡ 3 (mod 4).
    /// Computed as (p >> 2) + 1, valid because p ≡ 3 (mod 4) there.
    const P_PLUS_1_OVER_4: [u64; N] = arith::add_small(&arith::shr(&Self::MODULUS, 2), 1);
    /// t = (p − 1)/2^s, the odd part of p − 1 (Tonelli–Shanks c2).
    const TS_T: [u64; N] = arith::shr(&arith::sub_small(&Self::MODULUS, 1), Self::TWO_ADICITY);
    /// (t − 1)/2 (Tonelli–Shanks c3).
    const TS_T_MINUS_1_OVER_2: [u64; N] = arith::shr(&Self::TS_T, 1);
}

/// An element of the prime field defined by `P`, in Montgomery form (or in
/// plain form for the [`FieldParams::PLAIN`] fields).
///
/// Invariant: the limbs hold a·R mod p, fully reduced (< p), with
/// R = 2^(64N), or R = 1 in plain form. Every operation
/// is constant time; `pow` is constant time in the base and takes a public
/// exponent.
pub struct Fp<P: FieldParams<N>, const N: usize> {
    limbs: [u64; N],
    _params: PhantomData<P>,
}

impl<P: FieldParams<N>, const N: usize> Clone for Fp<P, N> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<P: FieldParams<N>, const N: usize> Copy for Fp<P, N> {}

impl<P: FieldParams<N>, const N: usize> Default for Fp<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FieldParams<N>, const N: usize> DefaultIsZeroes for Fp<P, N> {}

impl<P: FieldParams<N>, const N: usize> Fp<P, N> {
    /// 0.
    pub const ZERO: Self = Self::from_repr([0u64; N]);
    /// 1.
    pub const ONE: Self = Self::from_repr(Self::REPR_ONE);

    /// The representation of 1: R mod p, or 1 in plain form.
    const REPR_ONE: [u64; N] = if P::PLAIN { arith::limbs_of_u64(1) } else { P::R };
    /// The representation of 2^(64N) (the Horner step of
    /// `from_be_bytes_reduced`): R² mod p, or R mod p in plain form.
    const REPR_R: [u64; N] = if P::PLAIN { P::R } else { P::R2 };
    /// The safegcd multiplier that turns x⁻¹ of the limbs x = a·R into the
    /// representation of a⁻¹: R²·x⁻¹ = a⁻¹·R, or 1 in plain form.
    const INVERT_MUL: [u64; N] = if P::PLAIN { arith::limbs_of_u64(1) } else { P::R2 };
    /// c of the plain form, checked: plain form only for a pseudo-Mersenne p.
    const PLAIN_C: u64 = {
        assert!(!P::PLAIN || P::PSEUDO_MERSENNE_C != 0, "plain form needs a pseudo-Mersenne prime");
        P::PSEUDO_MERSENNE_C
    };

    /// Wraps limbs that are already in the field's representation, a·R mod p
    /// (Montgomery form, or plain form for [`FieldParams::PLAIN`] fields;
    /// must be < p).
    #[inline(always)]
    pub const fn from_repr(limbs: [u64; N]) -> Self {
        Fp { limbs, _params: PhantomData }
    }

    /// The limbs of the representation (a·R mod p; a itself in plain form).
    #[inline(always)]
    pub const fn to_repr(&self) -> [u64; N] {
        self.limbs
    }

    /// The element with canonical value `limbs` (must be < p; for constants).
    pub const fn from_canonical_const(limbs: &[u64; N]) -> Self {
        if P::PLAIN {
            Self::from_repr(*limbs)
        } else {
            Self::from_repr(arith::mont_mul(limbs, &P::R2, &P::MODULUS, P::INV))
        }
    }

    /// The element written as big-endian hex (for compile-time constants;
    /// the value must be < p, checked at compile time).
    pub const fn from_hex(s: &str) -> Self {
        let v = arith::from_hex::<N>(s);
        assert!(arith::lt_mask(&v, &P::MODULUS) != 0, "constant not below the modulus");
        Self::from_canonical_const(&v)
    }

    /// self + rhs at compile time (same result as `+`).
    pub const fn const_add(&self, rhs: &Self) -> Self {
        Self::from_repr(arith::add_mod(&self.limbs, &rhs.limbs, &P::MODULUS))
    }

    /// self − rhs at compile time (same result as `-`).
    pub const fn const_sub(&self, rhs: &Self) -> Self {
        Self::from_repr(arith::sub_mod(&self.limbs, &rhs.limbs, &P::MODULUS))
    }

    /// self · rhs at compile time (same result as `*`).
    pub const fn const_mul(&self, rhs: &Self) -> Self {
        let m = arith::mont_mul(&self.limbs, &rhs.limbs, &P::MODULUS, P::INV);
        if P::PLAIN {
            // (ab·R⁻¹)·R²·R⁻¹ = ab with R = 2^(64N)
            Self::from_repr(arith::mont_mul(&m, &P::R2, &P::MODULUS, P::INV))
        } else {
            Self::from_repr(m)
        }
    }

    /// self == rhs at compile time (variable time: for constants only).
    pub const fn const_eq(&self, rhs: &Self) -> bool {
        let mut i = 0;
        while i < N {
            if self.limbs[i] != rhs.limbs[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The canonical value as little-endian limbs (< p).
    #[inline(always)]
    pub const fn to_canonical(&self) -> [u64; N] {
        if P::PLAIN {
            self.limbs
        } else {
            arith::mont_reduce(&self.limbs, &P::MODULUS, P::INV)
        }
    }

    /// The element with canonical value `limbs mod p`; any `limbs < 2^(64N)`
    /// is accepted. Constant time.
    #[inline(always)]
    pub fn from_canonical_reduced(limbs: &[u64; N]) -> Self {
        if P::PLAIN {
            // x < 2^(64N) = p + c < 2p: one conditional subtraction
            return Self::from_repr(arith::backend::portable::final_sub(limbs, 0, &P::MODULUS));
        }
        // mont_mul(x, R²) = x·R mod p, fully reduced even for x ≥ p (x < R).
        Self::from_repr(arith::backend::mont_mul(limbs, &P::R2, &P::MODULUS, P::INV))
    }

    /// self^e for a public exponent `e` (little-endian limbs). Constant time
    /// in self; the sequence of operations depends only on e.
    /// 4-bit fixed window: 16-entry table, then 4 squarings and one multiply
    /// per nonzero window.
    pub fn pow_public(&self, e: &[u64; N]) -> Self {
        let mut table = [Self::ONE; 16];
        let mut i = 1;
        while i < 16 {
            table[i] = table[i - 1] * *self;
            i += 1;
        }
        let mut acc = Self::ONE;
        let mut started = false;
        let mut w = 16 * N;
        while w > 0 {
            w -= 1;
            let nib = ((e[w / 16] >> (4 * (w % 16))) & 0xf) as usize;
            if started {
                acc = acc.square().square().square().square();
            }
            if nib != 0 {
                acc = if started { acc * table[nib] } else { table[nib] };
                started = true;
            }
        }
        acc
    }

    /// a⁻¹ by Fermat's little theorem, a^(p−2) ([`Fp::pow_public`]); 0 ↦ 0,
    /// flagged as None. Constant time in a. The reference that the safegcd
    /// [`Field::invert`] is tested against. Measured (x86-64, field_bench,
    /// min of 41 batches): 4.6 µs vs 1.6 µs for safegcd on P-256, 16.7 vs
    /// 2.5 µs on P-384, 31.7 vs 3.5 µs on P-521, 41.0 vs 3.5 µs on bp512.
    pub fn invert_fermat(&self) -> CtOption<Self> {
        CtOption::new(self.pow_public(&P::P_MINUS_2), !self.is_zero())
    }

    /// Montgomery multiplication, or the product folded modulo the
    /// pseudo-Mersenne p in plain form.
    #[inline(always)]
    fn mul_impl(&self, rhs: &Self) -> Self {
        if P::PLAIN {
            return Self::from_repr(arith::backend::pm_mul(&self.limbs, &rhs.limbs, Self::PLAIN_C));
        }
        if Self::OUTLINED {
            return Self::mul_outlined(self, rhs);
        }
        Self::from_repr(arith::backend::mont_mul(&self.limbs, &rhs.limbs, &P::MODULUS, P::INV))
    }

    /// True when the multiplications, squarings and sums of products of
    /// this field run behind one call each (the `*_outlined` functions
    /// below) instead of being inlined at every site: for the 5- and 6-limb
    /// Montgomery fields other than P-384 (brainpool 320 and 384), where the
    /// inlined assembly and portable code of every site made the window loop
    /// of `mul` outgrow the instruction cache. Measured (`mul`, same run, µs):
    /// brainpoolP384r1 171–182 → 152–156, brainpoolP320r1 109–112 →
    /// 101–103; with the 4-limb fields and P-384 outlined too, brainpoolP224r1
    /// went 50.5 → 60, P-384 129 → 135 and P-256 38 → 39, so they stay
    /// inlined.
    const OUTLINED: bool = (N == 5 || N == 6) && !arith::backend::p384::is_p384(&P::MODULUS);

    /// [`Self::mul_impl`] for [`Self::OUTLINED`] fields: one shared
    /// out-of-line copy. Constant time; never fails.
    #[inline(never)]
    fn mul_outlined(&self, rhs: &Self) -> Self {
        Self::from_repr(arith::backend::mont_mul(&self.limbs, &rhs.limbs, &P::MODULUS, P::INV))
    }

    /// The squaring, out of line for [`Self::OUTLINED`] fields. Constant
    /// time; never fails.
    #[inline(never)]
    fn sqr_outlined(&self) -> Self {
        Self::from_repr(arith::backend::mont_sqr(&self.limbs, &P::MODULUS, P::INV))
    }

    /// [`Field::sum_of_products`], out of line for [`Self::OUTLINED`]
    /// fields. Constant time; never fails.
    #[inline(never)]
    fn sop_outlined(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        Self::from_repr(arith::backend::mont_sum_of_products(&a.limbs, &b.limbs, &c.limbs, &d.limbs, &P::MODULUS, P::INV))
    }

    /// [`Field::difference_of_products`], out of line for
    /// [`Self::OUTLINED`] fields. Constant time; never fails.
    #[inline(never)]
    fn dop_outlined(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        Self::from_repr(arith::backend::mont_difference_of_products(&a.limbs, &b.limbs, &c.limbs, &d.limbs, &P::MODULUS, P::INV))
    }

    /// Constant-time Tonelli–Shanks (RFC 9380 Appendix I.4, `sqrt_ts`):
    /// with p − 1 = 2^s·t, z a non-residue, c = z^t:
    ///   r ← x^((t−1)/2); tt ← r²·x; r ← r·x; b ← tt;
    ///   for i = s down to 2: b ← tt^(2^(i−2)); if b ≠ 1 { r ← r·c; tt ← tt·c² }; c ← c²
    /// (the "if" is a masked select). The result squares to x iff x is a square.
    fn sqrt_tonelli_shanks(&self) -> Self {
        let c_init = Self::from_u64(P::NON_RESIDUE).pow_public(&P::TS_T);
        let mut z = self.pow_public(&P::TS_T_MINUS_1_OVER_2);
        let mut t = z.square() * *self;
        z *= *self;
        let mut c = c_init;
        let mut i = P::TWO_ADICITY;
        while i >= 2 {
            let mut b = t;
            let mut j = 1;
            while j + 1 < i {
                b = b.square();
                j += 1;
            }
            let not_one = !b.ct_eq(&Self::ONE);
            z = Self::conditional_select(&z, &(z * c), not_one);
            c = c.square();
            t = Self::conditional_select(&t, &(t * c), not_one);
            i -= 1;
        }
        z
    }
}

impl<P: FieldParams<N>, const N: usize> Field for Fp<P, N> {
    const ZERO: Self = Self::from_repr([0u64; N]);
    const ONE: Self = Self::from_repr(Self::REPR_ONE);
    const BYTES: usize = P::BYTES;
    const BITS: u32 = P::BITS;

    #[inline(always)]
    fn swap_masked(a: &mut Self, b: &mut Self, mask: u64) {
        for (x, y) in a.limbs.iter_mut().zip(b.limbs.iter_mut()) {
            let t = mask & (*x ^ *y);
            *x ^= t;
            *y ^= t;
        }
    }

    #[inline(always)]
    fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    #[inline(always)]
    fn limbs_mut(&mut self) -> &mut [u64] {
        &mut self.limbs
    }

    #[inline(always)]
    fn or_masked(&mut self, other: &Self, mask: u64) {
        for (a, b) in self.limbs.iter_mut().zip(other.limbs.iter()) {
            *a |= mask & *b;
        }
    }

    /// 2a: a rotation for the P-521 prime ([`arith::backend::p521::double`]),
    /// else a + a.
    #[inline(always)]
    fn double(&self) -> Self {
        if arith::backend::p521::is_p521(&P::MODULUS) {
            let r = arith::backend::p521::double(&arith::backend::limbs_resize(&self.limbs));
            return Self::from_repr(arith::backend::limbs_resize(&r));
        }
        *self + *self
    }

    /// k·a for a public small integer k. On a pseudo-Mersenne prime
    /// p = 2^(64N) − c (c < 2³⁴, `FieldParams::PSEUDO_MERSENNE_C`) and
    /// k < 2³²: the N×1-word product t + q·2^(64N), q < k, is reduced by
    /// the fold of the plain-form products,
    /// [`arith::backend::portable::pm_reduce`] (2^(64N) ≡ c), about a third
    /// of a multiplication on secp256k1. Other primes and k multiply by the
    /// field element k. The same map on Montgomery
    /// representatives (k·aR = (ka)R). Constant time in a; never fails.
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        let c = P::PSEUDO_MERSENNE_C;
        if c == 0 || k >= 1 << 32 {
            return *self * Self::from_u64(k);
        }
        let a = &self.limbs;
        let mut t = [0u64; N];
        let mut hi = [0u64; N];
        for i in 0..N {
            (t[i], hi[0]) = arith::mac(0, a[i], k, hi[0]);
        }
        // t + q·2^(64N), q = hi[0] < k: the pseudo-Mersenne fold
        Self::from_repr(arith::backend::portable::pm_reduce(&t, &hi, c))
    }

    /// a/2: (a + p·(a mod 2)) / 2, one masked addition and a one-bit shift
    /// (the same map on Montgomery representatives, since (aR)/2 = (a/2)R).
    /// Constant time (the parity selects p by a mask); never fails.
    #[inline(always)]
    fn half(&self) -> Self {
        let a = &self.limbs;
        let mask = value_barrier((a[0] & 1).wrapping_neg());
        let mut s = [0u64; N];
        let mut carry = false;
        for i in 0..N {
            let (x, c1) = a[i].overflowing_add(P::MODULUS[i] & mask);
            let (x, c2) = x.overflowing_add(carry as u64);
            s[i] = x;
            carry = c1 | c2;
        }
        let mut r = [0u64; N];
        for i in 0..N {
            let next = if i + 1 < N { s[i + 1] } else { carry as u64 };
            r[i] = (s[i] >> 1) | (next << 63);
        }
        Self::from_repr(r)
    }

    const FUSED_SUM_OF_PRODUCTS: bool = !P::PLAIN && arith::backend::sop_fused_for(&P::MODULUS);

    /// Through [`arith::backend::jacobian_double_n_add_a_minus_3`] for the
    /// Montgomery-form fields (the routines exist for the P-256, P-384 and
    /// P-521 primes and every four-word prime, with BMI2 + ADX); plain
    /// fields have none.
    #[inline(always)]
    fn jacobian_double_n_add_a_minus_3(
        xyz: &mut [Self; 3],
        q: arith::backend::WindowAdd<'_, Self>,
        k: u32,
        scratch: &mut arith::backend::DoubleNAddScratch,
    ) -> bool {
        // a constant: the other fields skip the call altogether
        if P::PLAIN || !arith::backend::has_jacobian_double_n_add(&P::MODULUS) {
            return false;
        }
        let [x, y, z] = xyz;
        let q = q.map(|c| &c.limbs);
        arith::backend::jacobian_double_n_add_a_minus_3(
            scratch,
            [&mut x.limbs, &mut y.limbs, &mut z.limbs],
            q,
            k,
            &P::MODULUS,
            P::INV,
        )
    }

    /// Through [`arith::backend::jacobian_double_n_add_a_zero`] for the
    /// plain-form fields (the routine exists for the secp256k1 prime, with
    /// BMI2 + ADX); Montgomery-form fields have none.
    #[inline(always)]
    fn jacobian_double_n_add_a_zero(
        xyz: &mut [Self; 3],
        q: arith::backend::WindowAdd<'_, Self>,
        k: u32,
        scratch: &mut arith::backend::DoubleNAddScratch,
    ) -> bool {
        // a constant: the other fields skip the call altogether
        if !P::PLAIN || !arith::backend::has_jacobian_double_n_add_a_zero(&P::MODULUS) {
            return false;
        }
        let [x, y, z] = xyz;
        let q = q.map(|c| &c.limbs);
        arith::backend::jacobian_double_n_add_a_zero(
            scratch,
            [&mut x.limbs, &mut y.limbs, &mut z.limbs],
            q,
            k,
            &P::MODULUS,
        )
    }

    /// a·b + c·d: in Montgomery form through
    /// [`arith::backend::mont_sum_of_products`] (one reduction for both
    /// products where the backend has it); plain fields multiply twice.
    #[inline(always)]
    fn sum_of_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        if P::PLAIN {
            return *a * *b + *c * *d;
        }
        if Self::OUTLINED {
            return Self::sop_outlined(a, b, c, d);
        }
        Self::from_repr(arith::backend::mont_sum_of_products(
            &a.limbs,
            &b.limbs,
            &c.limbs,
            &d.limbs,
            &P::MODULUS,
            P::INV,
        ))
    }

    /// a·b − c·d: in Montgomery form through
    /// [`arith::backend::mont_difference_of_products`]; plain fields
    /// multiply twice.
    #[inline(always)]
    fn difference_of_products(a: &Self, b: &Self, c: &Self, d: &Self) -> Self {
        if P::PLAIN {
            return *a * *b - *c * *d;
        }
        if Self::OUTLINED {
            return Self::dop_outlined(a, b, c, d);
        }
        Self::from_repr(arith::backend::mont_difference_of_products(
            &a.limbs,
            &b.limbs,
            &c.limbs,
            &d.limbs,
            &P::MODULUS,
            P::INV,
        ))
    }

    #[inline(always)]
    fn square(&self) -> Self {
        if P::PLAIN {
            return Self::from_repr(arith::backend::pm_sqr(&self.limbs, Self::PLAIN_C));
        }
        if Self::OUTLINED {
            return self.sqr_outlined();
        }
        Self::from_repr(arith::backend::mont_sqr(&self.limbs, &P::MODULUS, P::INV))
    }

    /// a⁻¹ by Bernstein–Yang safegcd ([`arith::safegcd`]), constant time;
    /// 0 ↦ 0, flagged as None. The limbs x = a·R are inverted as an integer
    /// mod p with multiplier R² mod p: R²·x⁻¹ = R²·a⁻¹·R⁻¹ = a⁻¹·R, the
    /// Montgomery form of a⁻¹, with no extra multiplication (multiplier 1 in
    /// plain form). For N beyond
    /// [`arith::safegcd::MAX_LIMBS`] (no such field in kurve) it falls back
    /// to [`Fp::invert_fermat`]; N is a compile-time constant.
    fn invert(&self) -> CtOption<Self> {
        let r = match arith::safegcd::mul_inverse(&self.limbs, &Self::INVERT_MUL, &P::MODULUS) {
            Some(l) => Self::from_repr(l),
            None => self.pow_public(&P::P_MINUS_2),
        };
        CtOption::new(r, !self.is_zero())
    }

    /// a⁻¹ by the variable-time safegcd
    /// ([`arith::safegcd::mul_inverse_vartime`]) with the same multiplier
    /// as [`Field::invert`]; `None` for 0. Variable time: public values only.
    /// Measured against the constant-time [`Field::invert`] (x86-64, one
    /// value, ns): 863 vs 1780 on the secp256k1 scalar field, 845 vs 1797 on
    /// P-256's, 1356 vs 2925 on P-384's.
    fn invert_vartime(&self) -> Option<Self> {
        if bool::from(self.is_zero()) {
            return None;
        }
        match arith::safegcd::mul_inverse_vartime(&self.limbs, &Self::INVERT_MUL, &P::MODULUS) {
            Some(l) => Some(Self::from_repr(l)),
            None => Option::from(self.invert()),
        }
    }

    fn sqrt(&self) -> CtOption<Self> {
        let r = if P::MODULUS[0] & 3 == 3 {
            self.pow_public(&P::P_PLUS_1_OVER_4)
        } else {
            self.sqrt_tonelli_shanks()
        };
        CtOption::new(r, r.square().ct_eq(self))
    }

    fn is_square(&self) -> Choice {
        let l = self.pow_public(&P::P_MINUS_1_OVER_2);
        l.ct_eq(&Self::ONE) | self.is_zero()
    }

    #[inline(always)]
    fn is_zero(&self) -> Choice {
        Choice::from((arith::is_zero_mask(&self.limbs) & 1) as u8)
    }

    fn is_odd(&self) -> Choice {
        Choice::from((self.to_canonical()[0] & 1) as u8)
    }

    fn from_u64(v: u64) -> Self {
        let mut l = [0u64; N];
        l[0] = v;
        Self::from_canonical_reduced(&l)
    }

    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self> {
        if bytes.len() != P::BYTES {
            return CtOption::new(Self::ZERO, Choice::from(0));
        }
        let v = arith::from_be_bytes::<N>(bytes);
        let ok = Choice::from((arith::lt_mask(&v, &P::MODULUS) & 1) as u8);
        CtOption::new(Self::from_canonical_reduced(&v), ok)
    }

    fn from_be_bytes_reduced(bytes: &[u8]) -> Self {
        // Horner over chunks of 8N bytes, most significant first:
        // acc ← acc·2^(64N) + chunk, the factor 2^(64N) in the field's
        // representation (R² in Montgomery form, R in plain form).
        let chunk = 8 * N;
        let first = bytes.len() % chunk;
        let mut acc = Self::ZERO;
        let mut pos = 0;
        if first != 0 {
            acc = Self::from_canonical_reduced(&arith::from_be_bytes::<N>(&bytes[..first]));
            pos = first;
        }
        let r2 = Self::from_repr(Self::REPR_R);
        while pos < bytes.len() {
            let c = Self::from_canonical_reduced(&arith::from_be_bytes::<N>(&bytes[pos..pos + chunk]));
            acc = acc.mul_impl(&r2) + c;
            pos += chunk;
        }
        acc
    }

    fn write_modulus_be_bytes(out: &mut [u8]) {
        let start = out.len().saturating_sub(P::BYTES);
        for b in out[..start].iter_mut() {
            *b = 0;
        }
        arith::to_be_bytes(&P::MODULUS, &mut out[start..]);
    }

    fn write_be_bytes(&self, out: &mut [u8]) {
        let c = self.to_canonical();
        let start = out.len().saturating_sub(P::BYTES);
        for b in out[..start].iter_mut() {
            *b = 0;
        }
        arith::to_be_bytes(&c, &mut out[start..]);
    }
}

impl<P: FieldParams<N>, const N: usize> ConditionallySelectable for Fp<P, N> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let mask = (choice.unwrap_u8() as u64).wrapping_neg();
        Self::from_repr(arith::select(&a.limbs, &b.limbs, core::hint::black_box(mask)))
    }
}

impl<P: FieldParams<N>, const N: usize> ConstantTimeEq for Fp<P, N> {
    #[inline(always)]
    fn ct_eq(&self, other: &Self) -> Choice {
        let mut acc = 0u64;
        for i in 0..N {
            acc |= self.limbs[i] ^ other.limbs[i];
        }
        acc.ct_eq(&0)
    }
}

impl<P: FieldParams<N>, const N: usize> PartialEq for Fp<P, N> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<P: FieldParams<N>, const N: usize> Eq for Fp<P, N> {}

impl<P: FieldParams<N>, const N: usize> fmt::Debug for Fp<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(0x", P::NAME)?;
        let c = self.to_canonical();
        for l in c.iter().rev() {
            write!(f, "{:016x}", l)?;
        }
        write!(f, ")")
    }
}

impl<P: FieldParams<N>, const N: usize> Add for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::from_repr(arith::backend::add_mod(&self.limbs, &rhs.limbs, &P::MODULUS))
    }
}
impl<P: FieldParams<N>, const N: usize> Sub for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self::from_repr(arith::backend::sub_mod(&self.limbs, &rhs.limbs, &P::MODULUS))
    }
}
impl<P: FieldParams<N>, const N: usize> Mul for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        self.mul_impl(&rhs)
    }
}
impl<P: FieldParams<N>, const N: usize> Neg for Fp<P, N> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::ZERO - self
    }
}
impl<P: FieldParams<N>, const N: usize> AddAssign for Fp<P, N> {
    #[inline(always)]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}
impl<P: FieldParams<N>, const N: usize> SubAssign for Fp<P, N> {
    #[inline(always)]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}
impl<P: FieldParams<N>, const N: usize> MulAssign for Fp<P, N> {
    #[inline(always)]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}
