//! (Twisted) Edwards curves E: a·x² + y² = 1 + d·x²·y² over F_p, with
//! a ∈ {−1, 1}, a a square and d a non-square in F_p.
//!
//! Under those two conditions the addition law is *complete* (Bernstein–Lange
//! 2007, Thm 3.3; Bernstein–Birkner–Joye–Lange–Peters 2008, Thm 6.1): one
//! formula adds any two points, doubling and the identity (0, 1) included, and
//! the curve has no points at infinity over F_p. Every group operation here is
//! therefore branch-free.
//!
//! Points are kept in *extended* coordinates (X : Y : Z : T) with x = X/Z,
//! y = Y/Z, x·y = T/Z, Z ≠ 0 (Hisil, Wong, Carter, Dawson, "Twisted Edwards
//! curves revisited", ASIACRYPT 2008). Formula names follow the Explicit-Formulas
//! Database (EFD, `g1p/auto-twisted-extended`):
//!
//! | operation | a = −1 (edwards25519)           | a = 1 (edwards448, curve448's Edwards form) |
//! |-----------|---------------------------------|------------------------------|
//! | addition  | `add-2008-hwcd-3`, 8M + 1m_2d   | `add-2008-hwcd`, 9M + 1m_d   |
//! | doubling  | `dbl-2008-hwcd`, 4M + 4S        | `dbl-2008-hwcd`, 4M + 4S     |
//!
//! RFC 8032 §5.2.4 gives Ed448 in plain projective coordinates (X : Y : Z);
//! `add-2008-hwcd` is the same complete group law in extended coordinates
//! (the extra T saves a multiplication per addition), so one representation
//! serves both curves.
//!
//! Scalar multiplication:
//! - [`EdwardsPoint::mul`]: constant time; signed 4-bit fixed window, digits in
//!   [−8, 8), table of \[1..8\]P read with a full masked scan, then a masked
//!   conditional negation (negation is free on Edwards curves).
//! - [`EdwardsPoint::mul_vartime`]: width-5 wNAF (public scalars only).
//! - [`EdwardsPoint::double_mul_vartime`]: \[a\]B + \[b\]P by interleaved wNAF.
//!
//! Encoding: RFC 8032 §5.1.2 / §5.2.2 — y little-endian, with the low bit of x
//! ("sign") in the top bit of the last byte; 32 bytes for a 255-bit field,
//! 57 bytes (one extra byte, bits 0–6 zero) for a 448-bit field. In general
//! the encoding is ⌊BITS/8⌋ + 1 bytes long.

use crate::field::Field;
use crate::scalar::{recode, Scalar, ScalarInput};
use crate::Error;
use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

/// A fixed-length byte array `[u8; N]` whose length is a property of a curve
/// (the length of an RFC 8032 point encoding, of an RFC 7748 u-coordinate or
/// scalar). Implemented for every `[u8; N]`.
pub trait ByteArray:
    Copy + AsRef<[u8]> + AsMut<[u8]> + fmt::Debug + PartialEq + Eq + Send + Sync + Zeroize + 'static
{
    /// The length N.
    const LEN: usize;
    /// All-zero bytes.
    fn zeroed() -> Self;
}

impl<const N: usize> ByteArray for [u8; N] {
    const LEN: usize = N;
    fn zeroed() -> Self {
        [0u8; N]
    }
}

/// Little-endian field-element I/O (RFC 7748 and RFC 8032 are little-endian,
/// the [`Field`] trait is big-endian). Constant time in the byte values.
pub(crate) mod le {
    use crate::field::Field;
    use subtle::CtOption;
    use zeroize::Zeroize;

    /// Largest input accepted (bytes); ≥ every field's encoding + 1.
    const MAX: usize = 80;

    /// Decodes exactly `F::BYTES` little-endian bytes; `None` if the value is ≥ p.
    pub(crate) fn decode_canonical<F: Field>(bytes: &[u8]) -> CtOption<F> {
        debug_assert_eq!(bytes.len(), F::BYTES);
        let mut be = [0u8; MAX];
        let n = bytes.len().min(MAX);
        for i in 0..n {
            be[n - 1 - i] = bytes[i];
        }
        let r = F::from_be_bytes(&be[..n]);
        be.zeroize();
        r
    }

    /// Reduces a little-endian integer of any length ≤ 80 bytes modulo p.
    pub(crate) fn decode_reduced<F: Field>(bytes: &[u8]) -> F {
        debug_assert!(bytes.len() <= MAX);
        let mut be = [0u8; MAX];
        let n = bytes.len().min(MAX);
        for i in 0..n {
            be[n - 1 - i] = bytes[i];
        }
        let r = F::from_be_bytes_reduced(&be[..n]);
        be.zeroize();
        r
    }

    /// Writes the canonical value little-endian into `out` (`out.len()` ≥
    /// `F::BYTES`; bytes past `F::BYTES` are zeroed).
    pub(crate) fn encode<F: Field>(f: &F, out: &mut [u8]) {
        debug_assert!(out.len() >= F::BYTES && out.len() <= MAX);
        let mut be = [0u8; MAX];
        let n = out.len().min(MAX);
        f.write_be_bytes(&mut be[..n]);
        for i in 0..n {
            out[i] = be[n - 1 - i];
        }
        be.zeroize();
    }
}

/// An Edwards curve a·x² + y² = 1 + d·x²·y² with its field types and constants.
///
/// Implemented by zero-sized marker types (`Edwards25519`, `Edwards448`, …).
/// Requirements (checked by the tests of each curve, relied on by the
/// complete formulas): a ∈ {−1, 1} is a square in F_p, d is a non-square.
pub trait EdwardsCurve:
    'static + Copy + Clone + fmt::Debug + Default + Send + Sync + PartialEq + Eq
{
    /// The base field F_p.
    type Base: Field;
    /// The scalar field F_L (L the prime order of the base point).
    type ScalarField: Field;
    /// The RFC 8032 point encoding, `[u8; ⌊BITS/8⌋ + 1]` (32 or 57 bytes).
    type Encoding: ByteArray;
    /// Canonical name (`edwards25519`, `edwards448`, …).
    const NAME: &'static str;
    /// True for a = −1 (twisted, edwards25519); false for a = 1 (edwards448).
    const A_IS_MINUS_ONE: bool;
    /// The coefficient d (a non-square).
    const D: Self::Base;
    /// 2·d, the constant k of `add-2008-hwcd-3`.
    const D2: Self::Base;
    /// Base point x.
    const GX: Self::Base;
    /// Base point y.
    const GY: Self::Base;
    /// Cofactor h = #E / L.
    const COFACTOR: u64;

    /// The fixed-base table used by [`EdwardsPoint::mul_base`]:
    /// `BASE_TABLE[i][j]` = \[(j + 1)·256ⁱ\]B in [`AffineNielsPoint`] form,
    /// for i in 0..⌈n/2⌉ where n = ⌈log₂ L / 4⌉ + 1 is the number of signed
    /// radix-16 digits of a scalar. Empty (the default) means "no table":
    /// `mul_base` then falls back to the variable-base [`EdwardsPoint::mul`]
    /// on B. Tables are built at compile time by
    /// [`crate::group::edwards::define_base_table`].
    const BASE_TABLE: &'static [[AffineNielsPoint<Self>; 8]] = &[];

    /// \[1\]B, \[3\]B, …, \[127\]B in [`AffineNielsPoint`] form: the width-8
    /// wNAF table of B for [`EdwardsPoint::double_mul_vartime`] (64 entries).
    /// Empty (the default) means "none": a width-5 table of B is then
    /// computed at each call. Built at compile time by
    /// [`crate::group::edwards::define_base_table`].
    const BASE_ODD_MULTIPLES: &'static [AffineNielsPoint<Self>] = &[];

    /// H, the split point of a base-point scalar in half-size verification:
    /// t = t₀ + 2^H·t₁ with t₀ < 2^H (about half the bits of h·L). Zero (the
    /// default) means the curve has no [`EdwardsCurve::BASE_HI_ODD_MULTIPLES`].
    const BASE_SPLIT_BITS: u32 = 0;

    /// \[1\]B′, \[3\]B′, …, \[127\]B′ for B′ = \[2^H\]B (H =
    /// [`EdwardsCurve::BASE_SPLIT_BITS`]) in [`AffineNielsPoint`] form: the
    /// width-8 wNAF table of the high half t₁ in
    /// [`EdwardsPoint::base_and_two_half_mul_vartime`] (64 entries). Empty
    /// (the default) when `BASE_SPLIT_BITS` = 0. Built at compile time by
    /// [`crate::group::edwards::define_base_table`].
    const BASE_HI_ODD_MULTIPLES: &'static [AffineNielsPoint<Self>] = &[];

    /// \[k\]B from the signed radix-16 digits of k (as [`EdwardsPoint::mul_base`]
    /// recodes them) and [`EdwardsCurve::BASE_TABLE`], or from k itself and
    /// a table of the backend's own, on a faster backend where the CPU has
    /// one: edwards25519 runs the same method with the point in the four
    /// lanes of AVX-512 IFMA registers, or signed radix-32 windows over a
    /// wider table on the MULX/ADX assembly. `None` (the default) means "no
    /// such backend": `mul_base` runs its own loop. Constant time in k and
    /// the digits; never fails.
    fn mul_base_accelerated(
        table: &[[AffineNielsPoint<Self>; 8]],
        digits: &[i8],
        k: &Self::ScalarField,
    ) -> Option<EdwardsPoint<Self>> {
        let _ = (table, digits, k);
        None
    }

    /// \[k\]B on a faster backend that recodes k itself, tried by
    /// [`EdwardsPoint::mul_base`] before its radix-16 recoding (which such a
    /// backend would not read): edwards25519's signed radix-32 windows on
    /// the MULX/ADX assembly. `None` (the default) means "no such backend";
    /// `mul_base` then recodes k and tries
    /// [`EdwardsCurve::mul_base_accelerated`]. Constant time in k; never
    /// fails.
    fn mul_base_direct(k: &Self::ScalarField) -> Option<EdwardsPoint<Self>> {
        let _ = k;
        None
    }

    /// \[k\]P from the signed radix-16 digits of k (as [`EdwardsPoint::mul`]
    /// recodes them) on a faster backend where the CPU has one
    /// (edwards25519: AVX-512 IFMA, the point in four lanes). `None` (the
    /// default) means "no such backend". Constant time in the digits and
    /// in P; never fails.
    fn mul_accelerated(p: &EdwardsPoint<Self>, digits: &[i8]) -> Option<EdwardsPoint<Self>> {
        let _ = (p, digits);
        None
    }

    /// Σ \[kᵢ\]Pᵢ + Σ \[lⱼ\]Qⱼ in variable time on a faster backend where
    /// the CPU has one (edwards25519: AVX-512 IFMA): `points` are (Pᵢ,
    /// width-5 wNAF digits of kᵢ), `fixed` are (the odd multiples \[1\]Q,
    /// \[3\]Q, … of a fixed point in [`AffineNielsPoint`] form, wNAF digits
    /// of lⱼ), all digit slices `len` long. The Straus–Shamir loop of
    /// [`EdwardsPoint::double_mul_vartime`] and
    /// [`EdwardsPoint::base_and_two_half_mul_vartime`]. `None` (the default)
    /// means "no such backend". Public inputs only; never fails.
    fn straus_vartime_accelerated(
        points: &[(&EdwardsPoint<Self>, &[i8])],
        fixed: &[(&[AffineNielsPoint<Self>], &[i8])],
        len: usize,
    ) -> Option<EdwardsPoint<Self>> {
        let _ = (points, fixed, len);
        None
    }

    /// A square root of u/v and whether u/v is a square (v ≠ 0), used by
    /// point decompression. The default is one inversion and one generic
    /// square root; curves whose field has a fused `sqrt_ratio` (one
    /// exponentiation, RFC 8032 §5.1.3 / §5.2.3) override it. The sign of
    /// the root is unspecified. Constant time.
    fn sqrt_ratio(u: &Self::Base, v: &Self::Base) -> (Choice, Self::Base) {
        let r = (*u * v.invert().unwrap_or(Self::Base::ZERO)).sqrt();
        (r.is_some(), r.unwrap_or(Self::Base::ZERO))
    }
}

/// A point in "affine Niels" form, the precomputed operand of a mixed
/// addition (Niels 2002 via ref10 `ge_precomp` and curve25519-dalek's
/// `AffineNielsPoint`; for a = 1 the analogue with x, y kept apart):
///
/// | curve  | stored (`p`, `m`, `k`)     | mixed addition            |
/// |--------|----------------------------|---------------------------|
/// | a = −1 | (y + x, y − x, 2d·x·y)     | `madd-2008-hwcd-3`, 7M    |
/// | a = 1  | (x, y, d·x·y)              | `madd-2008-hwcd`, 8M      |
///
/// The identity is (1, 1, 0) for a = −1 and (0, 1, 0) for a = 1. Used for
/// compile-time fixed-base tables ([`EdwardsCurve::BASE_TABLE`]).
#[derive(Clone, Copy)]
pub struct AffineNielsPoint<C: EdwardsCurve> {
    pub(crate) p: C::Base,
    pub(crate) m: C::Base,
    pub(crate) k: C::Base,
}

impl<C: EdwardsCurve> fmt::Debug for AffineNielsPoint<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AffineNiels<{}>({:?}, {:?}, {:?})", C::NAME, self.p, self.m, self.k)
    }
}

impl<C: EdwardsCurve> AffineNielsPoint<C> {
    /// The identity in Niels form. Constant.
    pub fn identity() -> Self {
        if C::A_IS_MINUS_ONE {
            AffineNielsPoint { p: C::Base::ONE, m: C::Base::ONE, k: C::Base::ZERO }
        } else {
            AffineNielsPoint { p: C::Base::ZERO, m: C::Base::ONE, k: C::Base::ZERO }
        }
    }

    /// The Niels form of an affine point (2 multiplications). Constant time.
    pub fn from_affine(a: &AffinePoint<C>) -> Self {
        let xy = a.x * a.y;
        if C::A_IS_MINUS_ONE {
            AffineNielsPoint { p: a.y + a.x, m: a.y - a.x, k: C::D2 * xy }
        } else {
            AffineNielsPoint { p: a.x, m: a.y, k: C::D * xy }
        }
    }

    /// The affine point back (a = −1: x = (p − m)/2, y = (p + m)/2; one
    /// inversion of 2). For tests and debugging. Constant time.
    pub fn to_affine(&self) -> AffinePoint<C> {
        if C::A_IS_MINUS_ONE {
            let half = C::Base::ONE.double().invert().unwrap_or(C::Base::ZERO);
            AffinePoint { x: (self.p - self.m) * half, y: (self.p + self.m) * half }
        } else {
            AffinePoint { x: self.p, y: self.m }
        }
    }

    /// −P: (m, p, −k) for a = −1, (−x, y, −k) for a = 1. Constant time.
    pub fn neg(&self) -> Self {
        if C::A_IS_MINUS_ONE {
            AffineNielsPoint { p: self.m, m: self.p, k: -self.k }
        } else {
            AffineNielsPoint { p: -self.p, m: self.m, k: -self.k }
        }
    }

    /// sign(d)·row\[|d| − 1\] (the identity for d = 0), reading all 8 entries
    /// with masked selects and negating with a masked select, so neither
    /// memory address nor branch depends on d. Constant time in d.
    #[inline(always)]
    pub(crate) fn lookup_signed(row: &[Self; 8], d: i8) -> Self {
        let mask = d >> 7; // 0 or −1
        let abs = ((d ^ mask).wrapping_sub(mask)) as u8; // |d| in 0..=8
        // masked scan (see `Field::lookup`): the identity under mask
        // [abs = 0], then every entry under [abs = j + 1]
        let masks: [u64; 9] = core::array::from_fn(|j| crate::arith::eq_mask(j as u64, abs as u64));
        let id = Self::identity();
        let mut r: Self = AffineNielsPoint { p: C::Base::ZERO, m: C::Base::ZERO, k: C::Base::ZERO };
        r.p.or_masked(&id.p, masks[0]);
        r.m.or_masked(&id.m, masks[0]);
        r.k.or_masked(&id.k, masks[0]);
        for (t, &c) in row.iter().zip(masks[1..].iter()) {
            r.p.or_masked(&t.p, c);
            r.m.or_masked(&t.m, c);
            r.k.or_masked(&t.k, c);
        }
        let neg = Choice::from((mask as u8) & 1);
        let n = r.neg();
        AffineNielsPoint {
            p: C::Base::conditional_select(&r.p, &n.p, neg),
            m: C::Base::conditional_select(&r.m, &n.m, neg),
            k: C::Base::conditional_select(&r.k, &n.k, neg),
        }
    }
}

/// A point in "cached" (projective Niels) form: the operand of
/// [`EdwardsPoint::add`] with its own share of the work done once, for
/// tables that are added many times (HWCD08 §3.1, "precomputed" operand;
/// curve25519-dalek's `ProjectiveNielsPoint`):
///
/// | curve  | u     | v     | s     | w     | z   | k     |
/// |--------|-------|-------|-------|-------|-----|-------|
/// | a = −1 | Y − X | Y + X | (0)   | (0)   | 2Z  | 2d·T  |
/// | a = 1  | X     | Y     | X + Y | Y − X | Z   | d·T   |
///
/// (w is kept for a = 1 so that negation needs no arithmetic.)
#[derive(Clone, Copy)]
struct CachedPoint<C: EdwardsCurve> {
    u: C::Base,
    v: C::Base,
    s: C::Base,
    w: C::Base,
    z: C::Base,
    k: C::Base,
}

impl<C: EdwardsCurve> CachedPoint<C> {
    /// The cached form of P. Constant time.
    fn from_point(p: &EdwardsPoint<C>) -> Self {
        if C::A_IS_MINUS_ONE {
            let zero = C::Base::ZERO;
            CachedPoint { u: p.y - p.x, v: p.y + p.x, s: zero, w: zero, z: p.z.double(), k: p.t * C::D2 }
        } else {
            CachedPoint { u: p.x, v: p.y, s: p.x + p.y, w: p.y - p.x, z: p.z, k: p.t * C::D }
        }
    }

    /// The cached form of −P = (−X : Y : Z : −T). Constant time.
    fn neg(&self) -> Self {
        if C::A_IS_MINUS_ONE {
            CachedPoint { u: self.v, v: self.u, s: self.s, w: self.w, z: self.z, k: -self.k }
        } else {
            CachedPoint { u: -self.u, v: self.v, s: self.w, w: self.s, z: self.z, k: -self.k }
        }
    }
}

/// Defines the three compile-time tables of an Edwards curve, computed
/// entirely by const evaluation (no build script, no checked-in data):
///
/// - `$table` for [`EdwardsCurve::BASE_TABLE`]: `$table[i][j]` =
///   \[(j + 1)·256ⁱ\]B, i < `$w`, j < 8;
/// - `$odd` for [`EdwardsCurve::BASE_ODD_MULTIPLES`]: `$odd[j]` =
///   \[2j + 1\]B, j < 64 (the width-8 wNAF table of verification);
/// - `$odd_hi` for [`EdwardsCurve::BASE_HI_ODD_MULTIPLES`]: `$odd_hi[j]` =
///   \[(2j + 1)·2^`$split`\]B, j < 64 (the second base table of half-size
///   verification);
///
/// all in [`AffineNielsPoint`] form.
///
/// Procedure (on the concrete field type `$F`, which must provide the
/// crate-internal `const_add`, `const_sub`, `const_mul` and `const_invert`):
/// 1. the points in extended coordinates by the complete HWCD08 addition
///    (the same group law as at run time): for each row i, Q ← P and
///    8 times (store Q, Q ← Q + P), then P ← \[256\]P (8 doublings); the odd
///    multiples by repeated addition of 2B (of 2B′ for B′ = \[2^`$split`\]B,
///    `$split` doublings of B);
/// 2. all Z's normalized with one batch inversion (Montgomery's trick:
///    prefix products, one inversion, walk back);
/// 3. each (x, y) converted to Niels form.
///
/// `crates/kurve-tests/tests/fixed_base.rs` recomputes every entry at run time.
macro_rules! define_base_table {
    ($(#[$meta:meta])* $vis:vis static $table:ident, $(#[$meta2:meta])* static $odd:ident,
     $(#[$meta3:meta])* static $odd_hi:ident:
     $curve:ty, field = $F:ty, windows = $w:expr, split = $split:expr,
     a_is_minus_one = $am1:expr, d = $d:expr, gx = $gx:expr, gy = $gy:expr $(,)?) => {
        /// Compile-time helpers of the fixed-base tables (see
        /// `define_base_table!`).
        mod base_table_const {
            use super::*;
            pub(super) type F = $F;
            pub(super) type Niels = $crate::group::edwards::AffineNielsPoint<$curve>;
            const AM1: bool = $am1;
            const D: F = $d;
            /// HWCD08 `add-2008-hwcd` (a = ±1), 9M + 1m_d, complete.
            pub(super) const fn add(p: &[F; 4], q: &[F; 4]) -> [F; 4] {
                let a = p[0].const_mul(&q[0]);
                let b = p[1].const_mul(&q[1]);
                let c = p[3].const_mul(&D).const_mul(&q[3]);
                let d = p[2].const_mul(&q[2]);
                let e = p[0].const_add(&p[1]).const_mul(&q[0].const_add(&q[1])).const_sub(&a).const_sub(&b);
                let f = d.const_sub(&c);
                let g = d.const_add(&c);
                // H = B − a·A.
                let h = if AM1 { b.const_add(&a) } else { b.const_sub(&a) };
                [e.const_mul(&f), g.const_mul(&h), f.const_mul(&g), e.const_mul(&h)]
            }
            /// B in extended coordinates.
            pub(super) const fn base() -> [F; 4] {
                [$gx, $gy, F::ONE, $gx.const_mul(&$gy)]
            }
            /// The N = rows·E points \[(j + 1)·2^(s·i)\]B, row i after row
            /// i − 1, each row E = `per_row` entries (j < E), the rows
            /// `shift` = s doublings apart: for each row, Q ← P and E times
            /// (store Q, Q ← Q + P), then P ← \[2^s\]P.
            pub(super) const fn rows<const N: usize>(per_row: usize, shift: u32) -> [[F; 4]; N] {
                let mut pts = [[F::ZERO; 4]; N];
                let mut p = base();
                let mut i = 0;
                while i < N {
                    let mut q = p;
                    let mut j = 0;
                    while j < per_row {
                        pts[i + j] = q;
                        q = add(&q, &p);
                        j += 1;
                    }
                    let mut t = 0;
                    while t < shift {
                        p = add(&p, &p);
                        t += 1;
                    }
                    i += per_row;
                }
                pts
            }
            /// \[1\]P, \[3\]P, …, \[127\]P in affine Niels form.
            pub(super) const fn odd_multiples(p: &[F; 4]) -> [Niels; 64] {
                let mut pts = [[F::ZERO; 4]; 64];
                let p2 = add(p, p);
                let mut q = *p;
                let mut j = 0;
                while j < 64 {
                    pts[j] = q;
                    q = add(&q, &p2);
                    j += 1;
                }
                to_niels(&pts)
            }
            /// Affine Niels forms of N extended points, one batch inversion.
            pub(super) const fn to_niels<const N: usize>(pts: &[[F; 4]; N]) -> [Niels; N] {
                // pre[k] = Z₀·…·Z_(k−1).
                let mut pre = [F::ONE; N];
                let mut acc = F::ONE;
                let mut k = 0;
                while k < N {
                    pre[k] = acc;
                    acc = acc.const_mul(&pts[k][2]);
                    k += 1;
                }
                let mut inv = acc.const_invert(); // (Z₀·…·Z_(N−1))⁻¹
                let mut out = [Niels { p: F::ZERO, m: F::ZERO, k: F::ZERO }; N];
                let mut k = N;
                while k > 0 {
                    k -= 1;
                    let zinv = inv.const_mul(&pre[k]); // Z_k⁻¹
                    inv = inv.const_mul(&pts[k][2]); // (Z₀·…·Z_(k−1))⁻¹
                    let x = pts[k][0].const_mul(&zinv);
                    let y = pts[k][1].const_mul(&zinv);
                    let xy = x.const_mul(&y);
                    out[k] = if AM1 {
                        Niels { p: y.const_add(&x), m: y.const_sub(&x), k: xy.const_mul(&D.const_add(&D)) }
                    } else {
                        Niels { p: x, m: y, k: xy.const_mul(&D) }
                    };
                }
                out
            }
        }

        $(#[$meta])*
        $vis static $table: [[$crate::group::edwards::AffineNielsPoint<$curve>; 8]; $w] = {
            use base_table_const::{rows, to_niels, Niels, F};
            const W: usize = $w;
            const fn build() -> [[Niels; 8]; W] {
                let flat = to_niels(&rows::<{ 8 * W }>(8, 8));
                let mut out = [[Niels { p: F::ZERO, m: F::ZERO, k: F::ZERO }; 8]; W];
                let mut k = 0;
                while k < 8 * W {
                    out[k / 8][k % 8] = flat[k];
                    k += 1;
                }
                out
            }
            build()
        };

        $(#[$meta2])*
        $vis static $odd: [$crate::group::edwards::AffineNielsPoint<$curve>; 64] =
            base_table_const::odd_multiples(&base_table_const::base());

        $(#[$meta3])*
        $vis static $odd_hi: [$crate::group::edwards::AffineNielsPoint<$curve>; 64] = {
            use base_table_const::{add, base, odd_multiples};
            let mut b = base();
            let mut i = 0;
            while i < $split {
                b = add(&b, &b);
                i += 1;
            }
            odd_multiples(&b)
        };
    };
}
pub(crate) use define_base_table;

/// a·v for the curve coefficient a ∈ {−1, 1}.
#[inline(always)]
fn mul_a<C: EdwardsCurve>(v: C::Base) -> C::Base {
    if C::A_IS_MINUS_ONE {
        -v
    } else {
        v
    }
}

/// A point in affine coordinates (x, y). The identity is (0, 1); there are no
/// points at infinity on a complete Edwards curve.
#[derive(Clone, Copy)]
pub struct AffinePoint<C: EdwardsCurve> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
}

/// A point in extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z,
/// T = XY/Z, Z ≠ 0.
#[derive(Clone, Copy)]
pub struct EdwardsPoint<C: EdwardsCurve> {
    pub(crate) x: C::Base,
    pub(crate) y: C::Base,
    pub(crate) z: C::Base,
    pub(crate) t: C::Base,
}

impl<C: EdwardsCurve> fmt::Debug for AffinePoint<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EdwardsAffine<{}>({:?}, {:?})", C::NAME, self.x, self.y)
    }
}

impl<C: EdwardsCurve> fmt::Debug for EdwardsPoint<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_affine())
    }
}

/// x² = (y² − 1) / (d·y² − a), the curve equation solved for x²
/// (RFC 8032 §5.1.3 step 2 for a = −1, §5.2.3 step 2 for a = 1).
/// Returns a square root of it (unspecified sign) and whether one exists.
/// The denominator never vanishes: d·y² = a would make d/a = d·a a square.
/// Constant time.
fn recover_x<C: EdwardsCurve>(y: &C::Base) -> (C::Base, Choice) {
    let yy = y.square();
    let u = yy - C::Base::ONE;
    let v = C::D * yy - mul_a::<C>(C::Base::ONE);
    let (is_square, r) = C::sqrt_ratio(&u, &v);
    (r, is_square)
}

impl<C: EdwardsCurve> AffinePoint<C> {
    /// The identity (0, 1).
    pub fn identity() -> Self {
        AffinePoint { x: C::Base::ZERO, y: C::Base::ONE }
    }

    /// The standard base point B.
    pub fn generator() -> Self {
        AffinePoint { x: C::GX, y: C::GY }
    }

    /// The point (x, y) if a·x² + y² = 1 + d·x²·y²; `None` otherwise.
    /// Constant time.
    pub fn from_coordinates(x: C::Base, y: C::Base) -> CtOption<Self> {
        let p = AffinePoint { x, y };
        CtOption::new(p, p.is_on_curve())
    }

    /// The point with this y whose x has low bit `sign` (RFC 8032 §5.1.3
    /// steps 2–4, on a field element rather than bytes). `None` if no x
    /// exists, or if x = 0 and `sign` is 1 (−0 has no distinct encoding).
    /// Constant time.
    pub fn from_y(y: C::Base, sign: Choice) -> CtOption<Self> {
        let (x, ok) = recover_x::<C>(&y);
        let flip = x.is_odd() ^ sign;
        let x = C::Base::conditional_select(&x, &-x, flip);
        CtOption::new(AffinePoint { x, y }, ok & !(x.is_zero() & sign))
    }

    /// True when the coordinates satisfy the curve equation. Constant time.
    pub fn is_on_curve(&self) -> Choice {
        let xx = self.x.square();
        let yy = self.y.square();
        (mul_a::<C>(xx) + yy).ct_eq(&(C::Base::ONE + C::D * xx * yy))
    }

    /// x-coordinate.
    pub fn x(&self) -> C::Base {
        self.x
    }
    /// y-coordinate.
    pub fn y(&self) -> C::Base {
        self.y
    }
    /// The extended-coordinate form (x : y : 1 : xy).
    pub fn to_extended(&self) -> EdwardsPoint<C> {
        EdwardsPoint { x: self.x, y: self.y, z: C::Base::ONE, t: self.x * self.y }
    }
    /// True for the identity (0, 1). Constant time.
    pub fn is_identity(&self) -> Choice {
        self.x.is_zero() & self.y.ct_eq(&C::Base::ONE)
    }
}

impl<C: EdwardsCurve> ConditionallySelectable for AffinePoint<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        AffinePoint {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
        }
    }
}

impl<C: EdwardsCurve> ConstantTimeEq for AffinePoint<C> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.x.ct_eq(&other.x) & self.y.ct_eq(&other.y)
    }
}

impl<C: EdwardsCurve> PartialEq for AffinePoint<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: EdwardsCurve> Eq for AffinePoint<C> {}

impl<C: EdwardsCurve> From<AffinePoint<C>> for EdwardsPoint<C> {
    fn from(p: AffinePoint<C>) -> Self {
        p.to_extended()
    }
}

impl<C: EdwardsCurve> Zeroize for EdwardsPoint<C> {
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y.zeroize();
        self.z.zeroize();
        self.t.zeroize();
    }
}

/// Number of signed radix-16 digits of a scalar: one per nibble of the
/// canonical value plus a final carry digit.
const MAX_SIGNED_DIGITS: usize = 2 * recode::MAX_SCALAR_BYTES + 1;

/// The split of an RFC 8032 encoding into y (reduced mod p), whether y was
/// canonical (< p), and the sign bit. Constant time in the bytes.
fn decode_y<C: EdwardsCurve>(bytes: &[u8]) -> (C::Base, Choice, Choice) {
    let len = C::Encoding::LEN;
    debug_assert_eq!(bytes.len(), len);
    debug_assert_eq!(len, C::Base::BITS as usize / 8 + 1);
    let mut buf = [0u8; 80];
    buf[..len].copy_from_slice(&bytes[..len]);
    let sign = Choice::from(buf[len - 1] >> 7);
    buf[len - 1] &= 0x7f;
    // y is the integer with the sign bit cleared; it is canonical iff < p.
    // Bytes past the field's BYTES (the 57th byte of Ed448) must then be 0.
    let fb = C::Base::BYTES;
    let mut high = 0u8;
    for b in buf[fb..len].iter() {
        high |= *b;
    }
    let canonical = le::decode_canonical::<C::Base>(&buf[..fb]).is_some() & high.ct_eq(&0);
    let y = le::decode_reduced::<C::Base>(&buf[..len]);
    (y, canonical, sign)
}

impl<C: EdwardsCurve> EdwardsPoint<C> {
    /// The identity (0 : 1 : 1 : 0).
    pub const IDENTITY: Self = EdwardsPoint {
        x: <C::Base as Field>::ZERO,
        y: <C::Base as Field>::ONE,
        z: <C::Base as Field>::ONE,
        t: <C::Base as Field>::ZERO,
    };

    /// Bytes in the RFC 8032 encoding (⌊BITS/8⌋ + 1: 32 or 57).
    pub const ENCODED_LEN: usize = C::Base::BITS as usize / 8 + 1;

    /// The identity (0, 1).
    pub fn identity() -> Self {
        Self::IDENTITY
    }

    /// The standard base point B.
    pub fn generator() -> Self {
        AffinePoint::<C>::generator().to_extended()
    }

    /// The extended form of an affine point.
    pub fn from_affine(p: &AffinePoint<C>) -> Self {
        p.to_extended()
    }

    /// The affine form (x, y) = (X/Z, Y/Z). One constant-time inversion.
    pub fn to_affine(&self) -> AffinePoint<C> {
        let zinv = self.z.invert().unwrap_or(C::Base::ZERO);
        AffinePoint { x: self.x * zinv, y: self.y * zinv }
    }

    /// True for the identity (X = 0 and Y = Z). Constant time.
    pub fn is_identity(&self) -> Choice {
        self.x.is_zero() & self.y.ct_eq(&self.z)
    }

    /// True when the representation is a valid point: Z ≠ 0,
    /// (a·X² + Y²)·Z² = Z⁴ + d·X²·Y² and X·Y = Z·T. Constant time.
    pub fn is_on_curve(&self) -> Choice {
        let xx = self.x.square();
        let yy = self.y.square();
        let zz = self.z.square();
        let lhs = (mul_a::<C>(xx) + yy) * zz;
        let rhs = zz.square() + C::D * xx * yy;
        !self.z.is_zero() & lhs.ct_eq(&rhs) & (self.x * self.y).ct_eq(&(self.z * self.t))
    }

    /// P + Q, complete and unified: correct for every pair of points,
    /// including P = Q, P = −Q and the identity. Constant time.
    ///
    /// a = −1: HWCD08 `add-2008-hwcd-3`, 8M + 1m_2d:
    /// A = (Y₁−X₁)(Y₂−X₂), B = (Y₁+X₁)(Y₂+X₂), C = T₁·2d·T₂, D = 2Z₁Z₂,
    /// E = B−A, F = D−C, G = D+C, H = B+A; X₃ = EF, Y₃ = GH, T₃ = EH, Z₃ = FG.
    ///
    /// a = 1: HWCD08 `add-2008-hwcd`, 9M + 1m_d:
    /// A = X₁X₂, B = Y₁Y₂, C = T₁·d·T₂, D = Z₁Z₂, E = (X₁+Y₁)(X₂+Y₂)−A−B,
    /// F = D−C, G = D+C, H = B−A; X₃ = EF, Y₃ = GH, T₃ = EH, Z₃ = FG.
    pub fn add(&self, rhs: &Self) -> Self {
        let mut r = *self;
        r.add_assign_point(rhs);
        r
    }

    /// self ← self + rhs ([`Self::add`] in place: the result is written into
    /// the point's own coordinates, which saves the copy of a returned value
    /// in hot loops). Constant time.
    #[inline]
    pub fn add_assign_point(&mut self, rhs: &Self) {
        if C::A_IS_MINUS_ONE {
            let a = (self.y - self.x) * (rhs.y - rhs.x);
            let b = (self.y + self.x) * (rhs.y + rhs.x);
            let c = self.t * C::D2 * rhs.t;
            let d = (self.z * rhs.z).double();
            let e = b - a;
            let f = d - c;
            let g = d + c;
            let h = b + a;
            *self = EdwardsPoint { x: e * f, y: g * h, z: f * g, t: e * h };
        } else {
            let a = self.x * rhs.x;
            let b = self.y * rhs.y;
            let c = self.t * C::D * rhs.t;
            let d = self.z * rhs.z;
            let e = (self.x + self.y) * (rhs.x + rhs.y) - a - b;
            let f = d - c;
            let g = d + c;
            let h = b - a;
            *self = EdwardsPoint { x: e * f, y: g * h, z: f * g, t: e * h };
        }
    }

    /// P − Q. Constant time.
    pub fn sub(&self, rhs: &Self) -> Self {
        self.add(&rhs.neg())
    }

    /// 2P by HWCD08 `dbl-2008-hwcd`, 4M + 4S (T₁ unused):
    /// A = X₁², B = Y₁², C = 2Z₁², D = a·A, E = (X₁+Y₁)² − A − B, G = D+B,
    /// F = G−C, H = D−B; X₃ = EF, Y₃ = GH, T₃ = EH, Z₃ = FG.
    /// Complete (valid for every point). Constant time.
    pub fn double(&self) -> Self {
        let mut r = *self;
        r.double_assign();
        r
    }

    /// self ← 2·self ([`Self::double`] in place). Constant time.
    #[inline]
    pub fn double_assign(&mut self) {
        let a = self.x.square();
        let b = self.y.square();
        let c = self.z.square().double();
        let d = mul_a::<C>(a);
        let e = (self.x + self.y).square() - a - b;
        let g = d + b;
        let f = g - c;
        let h = d - b;
        *self = EdwardsPoint { x: e * f, y: g * h, z: f * g, t: e * h };
    }

    /// −P = (−X : Y : Z : −T). Constant time.
    pub fn neg(&self) -> Self {
        EdwardsPoint { x: -self.x, y: self.y, z: self.z, t: -self.t }
    }

    /// \[k\]P, constant time in k and P. Never fails; \[0\]P and \[k\]O are the
    /// identity. k is taken as its canonical integer in [0, L), so for a
    /// point P outside the prime-order subgroup this is \[k\]P with that
    /// integer, not with any other representative of k mod L.
    ///
    /// Procedure (signed fixed 4-bit window):
    /// 1. T\[j\] = \[j+1\]P for j = 0..8.
    /// 2. Recode k = Σ eᵢ·16ⁱ with eᵢ ∈ [−8, 8) (constant-time carry chain).
    /// 3. Q ← T(e_top); for each lower digit: Q ← \[16\]Q; Q ← Q + sign(eᵢ)·T\[|eᵢ|−1\],
    ///    where the entry is read by scanning all 8 entries with masked
    ///    selects (|eᵢ| = 0 selects the identity) and negated by a masked select.
    ///
    /// Where [`EdwardsCurve::mul_accelerated`] has a backend (edwards25519
    /// with AVX-512 IFMA) the same windows run there.
    pub fn mul<S: ScalarInput<C::ScalarField>>(&self, k: &S) -> Self {
        let mut digits = [0i8; MAX_SIGNED_DIGITS];
        let n = signed_radix16(k.as_field(), &mut digits);
        if let Some(r) = C::mul_accelerated(self, &digits[..n]) {
            digits.zeroize();
            return r;
        }
        let mut table = [*self; 8];
        for j in 1..8 {
            table[j] = if j % 2 == 1 { table[j / 2].double() } else { table[j - 1].add(self) };
        }
        let mut acc = Self::lookup_signed(&table, digits[n - 1]);
        for i in (0..n - 1).rev() {
            // Only the last doubling's T is read (by the addition).
            acc.double_without_t_assign();
            acc.double_without_t_assign();
            acc.double_without_t_assign();
            acc.double_assign();
            acc.add_assign_point(&Self::lookup_signed(&table, digits[i]));
        }
        digits.zeroize();
        for t in table.iter_mut() {
            t.zeroize();
        }
        acc
    }

    /// sign(d)·T\[|d| − 1\] (identity for d = 0), reading every entry of the
    /// table and negating with a masked select. Constant time in d.
    #[inline(always)]
    fn lookup_signed(table: &[Self; 8], d: i8) -> Self {
        let mask = d >> 7; // 0 or −1
        let abs = ((d ^ mask).wrapping_sub(mask)) as u8; // |d| in 0..=8
        // masked scan (see `Field::lookup`): the identity under mask
        // [abs = 0], then every entry under [abs = j + 1]
        let masks: [u64; 9] = core::array::from_fn(|j| crate::arith::eq_mask(j as u64, abs as u64));
        let z = C::Base::ZERO;
        let mut r: Self = EdwardsPoint { x: z, y: z, z, t: z };
        r.y.or_masked(&C::Base::ONE, masks[0]);
        r.z.or_masked(&C::Base::ONE, masks[0]);
        for (e, &c) in table.iter().zip(masks[1..].iter()) {
            r.x.or_masked(&e.x, c);
            r.y.or_masked(&e.y, c);
            r.z.or_masked(&e.z, c);
            r.t.or_masked(&e.t, c);
        }
        let neg = Choice::from((mask as u8) & 1);
        Self::conditional_select(&r, &r.neg(), neg)
    }

    /// P + Q for Q in [`AffineNielsPoint`] form (mixed addition, Z_Q = 1).
    /// Complete and unified like [`EdwardsPoint::add`]. Constant time.
    ///
    /// a = −1, `madd-2008-hwcd-3`, 7M: A = (Y₁−X₁)·m, B = (Y₁+X₁)·p,
    /// C = T₁·k, D = 2Z₁, E = B−A, F = D−C, G = D+C, H = B+A.
    ///
    /// a = 1, `madd-2008-hwcd`, 8M: A = X₁·x, B = Y₁·y, C = T₁·k, D = Z₁,
    /// E = (X₁+Y₁)(x+y)−A−B, F = D−C, G = D+C, H = B−A.
    ///
    /// Both: X₃ = EF, Y₃ = GH, T₃ = EH, Z₃ = FG.
    pub fn add_affine_niels(&self, q: &AffineNielsPoint<C>) -> Self {
        let mut r = *self;
        r.add_affine_niels_assign(q);
        r
    }

    /// self ← self + Q ([`Self::add_affine_niels`] in place). Constant time.
    #[inline]
    pub fn add_affine_niels_assign(&mut self, q: &AffineNielsPoint<C>) {
        let (e, f, g, h);
        if C::A_IS_MINUS_ONE {
            let a = (self.y - self.x) * q.m;
            let b = (self.y + self.x) * q.p;
            let c = self.t * q.k;
            let d = self.z.double();
            e = b - a;
            f = d - c;
            g = d + c;
            h = b + a;
        } else {
            let a = self.x * q.p;
            let b = self.y * q.m;
            let c = self.t * q.k;
            let d = self.z;
            e = (self.x + self.y) * (q.p + q.m) - a - b;
            f = d - c;
            g = d + c;
            h = b - a;
        }
        *self = EdwardsPoint { x: e * f, y: g * h, z: f * g, t: e * h };
    }

    /// \[k\]B for the standard base point, constant time in k. Never fails;
    /// \[0\]B is the identity.
    ///
    /// With a [`EdwardsCurve::BASE_TABLE`] (edwards25519, edwards448), the
    /// fixed-base method of ref10 `ge_scalarmult_base` (Bernstein–Duif–Lange–
    /// Schwabe–Yang 2011, §4):
    /// 1. recode k = Σ eᵢ·16ⁱ, eᵢ ∈ [−8, 8), n digits (constant-time carries);
    /// 2. Q ← Σ_{i odd} eᵢ·256^⌊i/2⌋·B, one mixed addition per digit with
    ///    the entry read from row ⌊i/2⌋ by a full masked scan;
    /// 3. Q ← \[16\]Q (four doublings);
    /// 4. Q ← Q + Σ_{i even} eᵢ·256^(i/2)·B, likewise.
    ///
    /// That is n mixed additions and 4 doublings (edwards25519: 65 × 7M;
    /// edwards448: 113 × 8M). Without a table: [`EdwardsPoint::mul`] on B.
    /// Where [`EdwardsCurve::mul_base_accelerated`] has a backend
    /// (edwards25519 with AVX-512 IFMA) the same steps run there.
    pub fn mul_base<S: ScalarInput<C::ScalarField>>(k: &S) -> Self {
        if let Some(p) = C::mul_base_direct(k.as_field()) {
            return p;
        }
        let table = C::BASE_TABLE;
        let mut digits = [0i8; MAX_SIGNED_DIGITS];
        let n = signed_radix16(k.as_field(), &mut digits);
        // Public sizes only: a curve without (or with a too short) table
        // takes the generic path.
        if 2 * table.len() < n {
            digits.zeroize();
            return Self::generator().mul(k);
        }
        if let Some(p) = C::mul_base_accelerated(table, &digits[..n], k.as_field()) {
            digits.zeroize();
            return p;
        }
        let mut acc = Self::IDENTITY;
        for (row, pair) in table.iter().zip(digits[..n].chunks(2)) {
            if let Some(&d) = pair.get(1) {
                acc.add_affine_niels_assign(&AffineNielsPoint::lookup_signed(row, d));
            }
        }
        acc.double_without_t_assign();
        acc.double_without_t_assign();
        acc.double_without_t_assign();
        acc.double_assign();
        for (row, pair) in table.iter().zip(digits[..n].chunks(2)) {
            if let Some(&d) = pair.first() {
                acc.add_affine_niels_assign(&AffineNielsPoint::lookup_signed(row, d));
            }
        }
        digits.zeroize();
        acc
    }

    /// \[k\]P in variable time: width-5 wNAF. Public k and P only.
    pub fn mul_vartime(&self, k: &Scalar<C::ScalarField>) -> Self {
        let table = self.odd_multiples_vartime();
        let mut digits = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let len = recode::wnaf_vartime(&k.0, 5, &mut digits);
        let mut acc = Self::IDENTITY;
        for i in (0..len).rev() {
            let d = digits[i];
            // T is only needed by an addition, or for the result.
            if d != 0 || i == 0 {
                acc.double_assign();
            } else {
                acc.double_without_t_assign();
            }
            Self::add_digit_vartime(&mut acc, &table, d);
        }
        acc
    }

    /// \[a\]B + \[b\]P in variable time (Straus–Shamir, interleaved wNAF).
    /// Public inputs only: this is the EdDSA verification equation.
    ///
    /// B's digits are width-8 wNAF read from the compile-time table
    /// [`EdwardsCurve::BASE_ODD_MULTIPLES`] (mixed additions, 7M / 8M) when
    /// the curve has one, width-5 with a table built per call otherwise;
    /// P's digits are width-5 wNAF. A doubling that is followed by another
    /// doubling skips its T coordinate (3M + 4S instead of 4M + 4S).
    pub fn double_mul_vartime(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        let tb_static = C::BASE_ODD_MULTIPLES;
        let use_static = tb_static.len() == 64;
        let tb = if use_static { [Self::IDENTITY; 8] } else { Self::generator().odd_multiples_vartime() };
        let tp = p.odd_multiples_vartime();
        let mut da = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let mut db = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let la = recode::wnaf_vartime(&a.0, if use_static { 8 } else { 5 }, &mut da);
        let lb = recode::wnaf_vartime(&b.0, 5, &mut db);
        if use_static {
            let len = la.max(lb);
            if let Some(r) = C::straus_vartime_accelerated(&[(p, &db[..len])], &[(tb_static, &da[..len])], len) {
                return r;
            }
        }
        let mut acc = Self::IDENTITY;
        for i in (0..la.max(lb)).rev() {
            let (x, y) = (da[i], db[i]);
            // Updates go through the in-place `_assign` forms: `acc =
            // acc.double()` made LLVM copy the returned point into `acc`
            // through `memcpy` on every step (12 % of an Ed25519
            // verification).
            if x != 0 || y != 0 || i == 0 {
                acc.double_assign();
            } else {
                acc.double_without_t_assign();
            }
            if use_static {
                Self::add_niels_digit_vartime(&mut acc, tb_static, x);
            } else {
                Self::add_digit_vartime(&mut acc, &tb, x);
            }
            Self::add_digit_vartime(&mut acc, &tp, y);
        }
        acc
    }

    /// \[t\]B + \[u\]P + \[v\]Q in variable time, for a scalar t and
    /// non-negative integers u, v of about half its size (little-endian
    /// 64-bit words): the multi-scalar multiplication of half-size EdDSA
    /// verification ([`crate::scalar::lattice`]). Public inputs only.
    ///
    /// Procedure: t = t₀ + 2^H·t₁ with H = [`EdwardsCurve::BASE_SPLIT_BITS`],
    /// so \[t\]B = \[t₀\]B + \[t₁\]B′ with B′ = \[2^H\]B; width-8 wNAF of t₀
    /// over [`EdwardsCurve::BASE_ODD_MULTIPLES`] and of t₁ over
    /// [`EdwardsCurve::BASE_HI_ODD_MULTIPLES`] (mixed additions, 7M / 8M),
    /// width-5 wNAF of u and v over \[1, 3, …, 15\]P and Q (8M / 9M), all
    /// interleaved on one doubling chain as long as the longest of the four
    /// (Straus–Shamir; about H + 1 doublings when u, v have H bits, half of
    /// [`Self::double_mul_vartime`]'s). A doubling that is followed by
    /// another skips its T coordinate.
    ///
    /// Returns `None` when the curve has no split table (H = 0). Otherwise
    /// never fails: u and v of any length (up to 576 bits) give the right
    /// point, only more slowly.
    pub fn base_and_two_half_mul_vartime(
        t: &Scalar<C::ScalarField>,
        u: &[u64],
        p: &Self,
        v: &[u64],
        q: &Self,
    ) -> Option<Self> {
        let h = C::BASE_SPLIT_BITS as usize;
        let (lo_table, hi_table) = (C::BASE_ODD_MULTIPLES, C::BASE_HI_ODD_MULTIPLES);
        if h == 0 || lo_table.len() != 64 || hi_table.len() != 64 {
            return None;
        }
        let words = recode::to_words(&t.0);
        let n = words.len();
        let (hw, hb) = (h / 64, h % 64);
        let mut t0 = [0u64; recode::MAX_SCALAR_BYTES / 8];
        let mut t1 = [0u64; recode::MAX_SCALAR_BYTES / 8];
        for i in 0..n {
            if i < hw {
                t0[i] = words[i];
            } else if i == hw && hb != 0 {
                t0[i] = words[i] & ((1u64 << hb) - 1);
            }
            let lo = words.get(i + hw).map_or(0, |w| if hb == 0 { *w } else { *w >> hb });
            let hi = if hb == 0 { 0 } else { words.get(i + hw + 1).map_or(0, |w| *w << (64 - hb)) };
            t1[i] = lo | hi;
        }
        const D: usize = 8 * recode::MAX_SCALAR_BYTES + 1;
        let (mut d0, mut d1, mut du, mut dv) = ([0i8; D], [0i8; D], [0i8; D], [0i8; D]);
        let len = recode::wnaf_words_vartime(&t0, 8, &mut d0)
            .max(recode::wnaf_words_vartime(&t1, 8, &mut d1))
            .max(recode::wnaf_words_vartime(u, 5, &mut du))
            .max(recode::wnaf_words_vartime(v, 5, &mut dv));
        if let Some(r) = C::straus_vartime_accelerated(
            &[(p, &du[..len]), (q, &dv[..len])],
            &[(lo_table, &d0[..len]), (hi_table, &d1[..len])],
            len,
        ) {
            return Some(r);
        }
        let tp = p.odd_multiples_vartime().map(|e| CachedPoint::from_point(&e));
        let tq = q.odd_multiples_vartime().map(|e| CachedPoint::from_point(&e));
        let mut acc = Self::IDENTITY;
        for i in (0..len).rev() {
            let (a, b, c, d) = (d0[i], d1[i], du[i], dv[i]);
            if a != 0 || b != 0 || c != 0 || d != 0 || i == 0 {
                acc.double_assign();
            } else {
                acc.double_without_t_assign();
            }
            Self::add_niels_digit_vartime(&mut acc, lo_table, a);
            Self::add_niels_digit_vartime(&mut acc, hi_table, b);
            Self::add_cached_digit_vartime(&mut acc, &tp, c);
            Self::add_cached_digit_vartime(&mut acc, &tq, d);
        }
        Some(acc)
    }

    /// acc ← acc + sign(d)·table\[|d|/2\] for an odd wNAF digit d (nothing
    /// for d = 0). Variable time.
    #[inline(always)]
    fn add_cached_digit_vartime(acc: &mut Self, table: &[CachedPoint<C>; 8], d: i8) {
        if d > 0 {
            acc.add_cached_assign(&table[(d as usize) / 2]);
        } else if d < 0 {
            acc.add_cached_assign(&table[((-d) as usize) / 2].neg());
        }
    }

    /// self ← self + Q for Q in [`CachedPoint`] form: the formulas of
    /// [`Self::add`] with Q's share precomputed (a = −1: 8M instead of
    /// 9M; a = 1: 9M instead of 10M, and one addition fewer). Complete and
    /// unified. Constant time (used by variable-time callers only).
    #[inline]
    fn add_cached_assign(&mut self, q: &CachedPoint<C>) {
        let (e, f, g, h);
        if C::A_IS_MINUS_ONE {
            let a = (self.y - self.x) * q.u;
            let b = (self.y + self.x) * q.v;
            let c = self.t * q.k;
            let d = self.z * q.z;
            e = b - a;
            f = d - c;
            g = d + c;
            h = b + a;
        } else {
            let a = self.x * q.u;
            let b = self.y * q.v;
            let c = self.t * q.k;
            let d = self.z * q.z;
            e = (self.x + self.y) * q.s - a - b;
            f = d - c;
            g = d + c;
            h = b - a;
        }
        *self = EdwardsPoint { x: e * f, y: g * h, z: f * g, t: e * h };
    }

    /// acc ← acc + sign(d)·table\[|d|/2\] for an odd wNAF digit d (nothing
    /// for d = 0 or an index past the table). Variable time.
    #[inline(always)]
    fn add_niels_digit_vartime(acc: &mut Self, table: &[AffineNielsPoint<C>], d: i8) {
        if d > 0 {
            if let Some(e) = table.get((d as usize) / 2) {
                acc.add_affine_niels_assign(e);
            }
        } else if d < 0 {
            if let Some(e) = table.get((-(d as i16)) as usize / 2) {
                acc.add_affine_niels_assign(&e.neg());
            }
        }
    }

    /// 2P without the T coordinate (3M + 4S): X, Y, Z as in [`Self::double`],
    /// T left as 0. Only valid as the input of another doubling (which
    /// never reads T); callers must not use the result otherwise.
    #[inline]
    fn double_without_t_assign(&mut self) {
        let a = self.x.square();
        let b = self.y.square();
        let c = self.z.square().double();
        let d = mul_a::<C>(a);
        let e = (self.x + self.y).square() - a - b;
        let g = d + b;
        let f = g - c;
        let h = d - b;
        *self = EdwardsPoint { x: e * f, y: g * h, z: f * g, t: C::Base::ZERO };
    }

    /// \[1\]P, \[3\]P, …, \[15\]P (for width-5 wNAF).
    fn odd_multiples_vartime(&self) -> [Self; 8] {
        let mut t = [*self; 8];
        let p2 = self.double();
        for i in 1..8 {
            t[i] = t[i - 1].add(&p2);
        }
        t
    }

    #[inline(always)]
    fn add_digit_vartime(acc: &mut Self, table: &[Self; 8], d: i8) {
        if d > 0 {
            acc.add_assign_point(&table[(d as usize) / 2]);
        } else if d < 0 {
            acc.add_assign_point(&table[((-d) as usize) / 2].neg());
        }
    }

    /// \[h\]P for the cofactor h (three doublings for h = 8, two for h = 4).
    /// Constant time (h is a public constant).
    pub fn mul_by_cofactor(&self) -> Self {
        let h = C::COFACTOR;
        if h.is_power_of_two() {
            let mut r = *self;
            for _ in 0..h.trailing_zeros() {
                r = r.double();
            }
            r
        } else {
            // double-and-add over the bits of the public constant h
            let mut r = Self::IDENTITY;
            for i in (0..64 - h.leading_zeros()).rev() {
                r = r.double();
                if (h >> i) & 1 == 1 {
                    r = r.add(self);
                }
            }
            r
        }
    }

    /// True when \[h\]P = O, i.e. P lies in the small torsion subgroup E\[h\]
    /// (the identity included). Constant time.
    pub fn is_small_order(&self) -> Choice {
        self.mul_by_cofactor().is_identity()
    }

    /// True when \[L\]P = O, i.e. P lies in the prime-order subgroup (the
    /// identity included). Computed as \[L − 1\]P + P with the constant-time
    /// [`EdwardsPoint::mul`], so it is safe on secret points too; about the
    /// cost of one scalar multiplication.
    pub fn is_torsion_free(&self) -> Choice {
        let l_minus_1 = Scalar(-C::ScalarField::ONE);
        self.mul(&l_minus_1).add(self).is_identity()
    }

    /// The RFC 8032 encoding (§5.1.2 for edwards25519, §5.2.2 for
    /// edwards448): y little-endian in ⌊BITS/8⌋ + 1 bytes, the low bit of x
    /// in the top bit of the last byte. Constant time; never fails.
    pub fn compress(&self) -> C::Encoding {
        let a = self.to_affine();
        let mut out = C::Encoding::zeroed();
        let o = out.as_mut();
        le::encode(&a.y, &mut o[..C::Base::BYTES]);
        let last = o.len() - 1;
        o[last] |= a.x.is_odd().unwrap_u8() << 7;
        out
    }

    /// Decodes an RFC 8032 point encoding, exactly as RFC 8032 §5.1.3
    /// (edwards25519) / §5.2.3 (edwards448) specify:
    /// 1. y is the integer with the top bit cleared; y ≥ p fails
    ///    ([`Error::NonCanonicalField`]; for Ed448 this includes any of bits
    ///    448–454 set);
    /// 2. x² = (y² − 1)/(d·y² − a); no square root fails ([`Error::NotOnCurve`]);
    /// 3. x = 0 with the sign bit set fails ([`Error::InvalidEncoding`]);
    /// 4. x is negated if its low bit differs from the sign bit.
    ///
    /// Like the RFC, this accepts points of small and mixed order; use
    /// [`EdwardsPoint::decompress_torsion_free`] to require the prime-order
    /// subgroup. Variable time in the *validity* of the input only (public
    /// data); the arithmetic is constant time.
    pub fn decompress(bytes: &C::Encoding) -> Result<Self, Error> {
        let (y, canonical, sign) = decode_y::<C>(bytes.as_ref());
        if !bool::from(canonical) {
            return Err(Error::NonCanonicalField);
        }
        let (x, is_square) = recover_x::<C>(&y);
        if !bool::from(is_square) {
            return Err(Error::NotOnCurve);
        }
        if bool::from(x.is_zero() & sign) {
            return Err(Error::InvalidEncoding);
        }
        let x = C::Base::conditional_select(&x, &-x, x.is_odd() ^ sign);
        Ok(AffinePoint::<C> { x, y }.to_extended())
    }

    /// [`EdwardsPoint::decompress`] on a byte slice, which must be exactly
    /// [`EdwardsPoint::ENCODED_LEN`] bytes ([`Error::InvalidLength`] otherwise).
    pub fn decompress_slice(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != C::Encoding::LEN {
            return Err(Error::InvalidLength);
        }
        let mut enc = C::Encoding::zeroed();
        enc.as_mut().copy_from_slice(bytes);
        Self::decompress(&enc)
    }

    /// [`EdwardsPoint::decompress`], then also rejects points outside the
    /// prime-order subgroup (\[L\]P ≠ O) with [`Error::NotInSubgroup`]. The
    /// identity is accepted.
    pub fn decompress_torsion_free(bytes: &C::Encoding) -> Result<Self, Error> {
        let p = Self::decompress(bytes)?;
        if !bool::from(p.is_torsion_free()) {
            return Err(Error::NotInSubgroup);
        }
        Ok(p)
    }

    /// The lax decoder behind ZIP 215 (exposed for edwards25519 only, as
    /// `decompress_zip215` in [`crate::curves::curve25519`]): y is reduced
    /// mod p instead of rejected when ≥ p, and x = 0 with the sign bit set
    /// decodes to x = 0. Non-squares are still rejected ([`Error::NotOnCurve`]).
    pub(crate) fn decompress_lax(bytes: &C::Encoding) -> Result<Self, Error> {
        let (y, _canonical, sign) = decode_y::<C>(bytes.as_ref());
        let (x, is_square) = recover_x::<C>(&y);
        if !bool::from(is_square) {
            return Err(Error::NotOnCurve);
        }
        // −0 = 0, so a set sign bit on x = 0 is simply ignored.
        let x = C::Base::conditional_select(&x, &-x, x.is_odd() ^ sign);
        Ok(AffinePoint::<C> { x, y }.to_extended())
    }
}

/// Signed radix-16 recoding of a scalar: k = Σ digits\[i\]·16ⁱ with
/// digits\[i\] ∈ [−8, 8) for i < n−1 and the last digit the final carry (0 or 1).
/// Returns n = ⌈BITS/4⌉ + 1. Constant time in k: the carry is computed
/// arithmetically, never branched on.
fn signed_radix16<F: Field>(k: &F, digits: &mut [i8; MAX_SIGNED_DIGITS]) -> usize {
    let (mut buf, _len) = recode::to_be_buffer(k);
    let nibbles = (F::BITS as usize).div_ceil(4);
    let mut carry = 0i8;
    for (i, d) in digits.iter_mut().enumerate().take(nibbles) {
        let v = recode::nibble(&buf, i) as i8 + carry; // 0..=16
        carry = (v + 8) >> 4; // 1 iff v ≥ 8
        *d = v - (carry << 4);
    }
    digits[nibbles] = carry;
    buf.zeroize();
    nibbles + 1
}

impl<C: EdwardsCurve> ConditionallySelectable for EdwardsPoint<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        EdwardsPoint {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            z: C::Base::conditional_select(&a.z, &b.z, choice),
            t: C::Base::conditional_select(&a.t, &b.t, choice),
        }
    }
}

impl<C: EdwardsCurve> ConstantTimeEq for EdwardsPoint<C> {
    /// Projective equality: X₁Z₂ = X₂Z₁ and Y₁Z₂ = Y₂Z₁ (Z ≠ 0 always).
    fn ct_eq(&self, other: &Self) -> Choice {
        (self.x * other.z).ct_eq(&(other.x * self.z)) & (self.y * other.z).ct_eq(&(other.y * self.z))
    }
}

impl<C: EdwardsCurve> PartialEq for EdwardsPoint<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: EdwardsCurve> Eq for EdwardsPoint<C> {}

impl<C: EdwardsCurve> Default for EdwardsPoint<C> {
    fn default() -> Self {
        Self::IDENTITY
    }
}
