//! curve25519 and edwards25519.
//!
//! - Field: F_p with p = 2²⁵⁵ − 19 (p ≡ 5 mod 8), the special-reduction
//!   field `field::fe25519::Fe25519` (radix 2⁶⁴ on x86-64, radix 2⁵¹
//!   elsewhere; chosen by measurement, see that module). The
//!   scalar field F_L is the generic Montgomery [`GenericFp`] with 4 limbs.
//! - Group order: #E = 8·L with the prime
//!   L = 2²⁵² + 27742317777372353535851937790883648493
//!   (= 2²⁵² + 0x14def9dea2f79cd65812631a5cf5d3ed); cofactor 8. The torsion
//!   subgroup E\[8\] is cyclic.
//! - **edwards25519** (RFC 8032 §5.1, RFC 7748 §4.1): −x² + y² = 1 + d·x²·y²,
//!   d = −121665/121666; base point B = (x, 4/5) with x even. Points are
//!   encoded in 32 bytes (y little-endian, the low bit of x in bit 255).
//! - **curve25519** (RFC 7748 §4.1): v² = u³ + 486662·u² + u; base point u = 9.
//!   X25519 is the ladder on u alone ([`crate::proto::xdh`]).
//! - The isomorphism (RFC 7748 §4.1): (x, y) = (√−486664·u/v, (u − 1)/(u + 1)),
//!   (u, v) = ((1 + y)/(1 − y), √−486664·u/x), with the square root
//!   [`SQRT_MINUS_486664`] that sends the curve25519 base point to B.
//!
//! The base point's v printed in RFC 7748 §4.1 (1478161944…7401) maps to −B;
//! RFC 7748 Errata ID 4730 (verified) replaces it by its negative, which is
//! [`CURVE25519_BASE_V`] here.

use crate::arith;
use crate::field::{FieldParams, Fp as GenericFp};
use crate::group::edwards::{self, EdwardsCurve};
use crate::group::montgomery::{self, MontgomeryCurve};
use crate::field::Field;
use crate::Error;
use subtle::Choice;

/// Parameters of the base field F_p, p = 2²⁵⁵ − 19.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseParams;
impl FieldParams<4> for BaseParams {
    const NAME: &'static str = "curve25519.p";
    const MODULUS: [u64; 4] =
        arith::from_hex("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");
    /// p − 1 = 2²·(2²⁵³ − 5).
    const TWO_ADICITY: u32 = 2;
    /// 2 is a non-residue since p ≡ 5 (mod 8).
    const NON_RESIDUE: u64 = 2;
}

/// Parameters of the scalar field F_L, L = 2²⁵² + 27742317777372353535851937790883648493.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarParams;
impl FieldParams<4> for ScalarParams {
    const NAME: &'static str = "curve25519.l";
    const MODULUS: [u64; 4] =
        arith::from_hex("1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed");
    /// L − 1 = 2²·t, t odd.
    const TWO_ADICITY: u32 = 2;
    /// The smallest non-residue mod L.
    const NON_RESIDUE: u64 = 2;
}

/// The base field F_p, p = 2²⁵⁵ − 19: the special-reduction field
/// [`crate::field::fe25519::Fe25519`] (radix 2⁶⁴ on x86-64, radix 2⁵¹
/// elsewhere), chosen by measurement (about twice as fast as the generic
/// Montgomery field; see its module doc).
/// [`BaseParams`] keeps the generic parameters for differential tests.
pub type Fp = crate::field::fe25519::Fe25519;
/// The scalar field F_L.
pub type Fq = GenericFp<ScalarParams, 4>;

/// edwards25519 d = −121665/121666 mod p (RFC 8032 §5.1, RFC 7748 §4.1:
/// 37095705934669439343138083508754565189542113879843219016388785533085940283555).
pub const EDWARDS_D: Fp =
    Fp::from_hex("52036cee2b6ffe738cc740797779e89800700a4d4141d8ab75eb4dca135978a3");
/// 2·d, the constant k of the `add-2008-hwcd-3` addition.
pub const EDWARDS_D2: Fp =
    Fp::from_hex("2406d9dc56dffce7198e80f2eef3d13000e0149a8283b156ebd69b9426b2f159");
/// Base point x (RFC 8032 §5.1: 15112221349535400772501151409588531511454012693041857206046113283949847762202).
pub const EDWARDS_BASE_X: Fp =
    Fp::from_hex("216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51a");
/// Base point y = 4/5 (RFC 8032 §5.1: 46316835694926478169428394003475163141307993866256225615783033603165251855960).
pub const EDWARDS_BASE_Y: Fp =
    Fp::from_hex("6666666666666666666666666666666666666666666666666666666666666658");

/// curve25519 A = 486662 (RFC 7748 §4.1).
pub const CURVE25519_A: Fp = Fp::from_hex("76d06");
/// a24 = (A − 2)/4 = 121665, the X25519 ladder constant (RFC 7748 §5).
pub const CURVE25519_A24: Fp = Fp::from_hex("1db41");
/// Base point u = 9 (RFC 7748 §4.1).
pub const CURVE25519_BASE_U: Fp = Fp::from_hex("9");
/// Base point v = 43114425171068552920764898935933967039370386198203806730763910166200978582548
/// (RFC 7748 §4.1 as corrected by Errata ID 4730; maps to B, not −B).
pub const CURVE25519_BASE_V: Fp =
    Fp::from_hex("5f51e65e475f794b1fe122d388b72eb36dc2b28192839e4dd6163a5d81312c14");
/// The square root of −486664 = −(A + 2) used in the map x = √−486664·u/v:
/// the even one, which sends (9, [`CURVE25519_BASE_V`]) to B.
pub const SQRT_MINUS_486664: Fp =
    Fp::from_hex("0f26edf460a006bbd27b08dc03fc4f7ec5a1d3d14b7d1a82cc6e04aaff457e06");

/// edwards25519 (RFC 8032 §5.1): −x² + y² = 1 + d·x²·y² over F_(2²⁵⁵−19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edwards25519;

impl EdwardsCurve for Edwards25519 {
    type Base = Fp;
    type ScalarField = Fq;
    type Encoding = [u8; 32];
    const NAME: &'static str = "edwards25519";
    const A_IS_MINUS_ONE: bool = true;
    const D: Fp = EDWARDS_D;
    const D2: Fp = EDWARDS_D2;
    const GX: Fp = EDWARDS_BASE_X;
    const GY: Fp = EDWARDS_BASE_Y;
    const COFACTOR: u64 = 8;
    const BASE_TABLE: &'static [[edwards::AffineNielsPoint<Self>; 8]] = &EDWARDS25519_BASE_TABLE;
    const BASE_ODD_MULTIPLES: &'static [edwards::AffineNielsPoint<Self>] = &EDWARDS25519_BASE_ODD_MULTIPLES;
    const BASE_SPLIT_BITS: u32 = BASE_SPLIT_BITS;
    const BASE_HI_ODD_MULTIPLES: &'static [edwards::AffineNielsPoint<Self>] = &EDWARDS25519_BASE_HI_ODD_MULTIPLES;

    /// [`Fp::sqrt_ratio`]: one exponentiation instead of an inversion and
    /// a square root (RFC 8032 §5.1.3).
    fn sqrt_ratio(u: &Fp, v: &Fp) -> (Choice, Fp) {
        Fp::sqrt_ratio(u, v)
    }

    /// The four-lane AVX-512 IFMA fixed-base loop
    /// ([`arith::backend::x86_64_ifma25519::edwards25519_mul_base_if_selected`])
    /// when the CPU has it: the same digits, each added from its own row of
    /// [`EDWARDS25519_BASE_TABLE_LANES`] (read by a masked scan like
    /// [`edwards::AffineNielsPoint`]'s signed lookup) into one of two
    /// accumulators, four products at a time. `None` otherwise
    /// (with BMI2 and ADX, [`EdwardsCurve::mul_base_direct`] has already
    /// run). Constant time in the digits.
    fn mul_base_accelerated(
        table: &[[edwards::AffineNielsPoint<Self>; 8]],
        digits: &[i8],
        k: &Fq,
    ) -> Option<EdwardsPoint> {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            // `table` is EDWARDS25519_BASE_TABLE (a row per two digits);
            // the lanes table has a row per digit
            let _ = (table, k);
            if let Some(mut w) = arith::backend::x86_64_ifma25519::edwards25519_mul_base_if_selected(digits, &EDWARDS25519_BASE_TABLE_LANES, &EDWARDS_D2.to_words()) {
                return Some(point_from_words(&mut w));
            }
            return None;
        }
        #[allow(unreachable_code)]
        {
            let _ = (table, digits, k);
            None
        }
    }

    /// With BMI2 and ADX and without IFMA selected: signed radix-32 windows over
    /// the wider table on the assembly formulas of
    /// [`arith::backend::x86_64_curve25519::EdwardsAcc`] (`mul_base_mulx`),
    /// which recode k themselves, so `mul_base` skips its radix-16
    /// recoding. `None` otherwise (the IFMA code takes the radix-16 digits
    /// in [`EdwardsCurve::mul_base_accelerated`]). Constant time in k.
    fn mul_base_direct(k: &Fq) -> Option<EdwardsPoint> {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            return mul_base_mulx(k);
        }
        #[allow(unreachable_code)]
        {
            let _ = k;
            None
        }
    }

    /// The four-lane AVX-512 IFMA Straus–Shamir loop
    /// ([`arith::backend::x86_64_ifma25519::edwards25519_straus_vartime_if_selected`])
    /// where [`arith::backend::ifma_chains_selected`], else with BMI2 and
    /// ADX the same loop on the assembly formulas
    /// ([`arith::backend::x86_64_curve25519::edwards25519_straus_vartime_if_selected`]).
    /// `None` otherwise. Variable time (public inputs).
    fn straus_vartime_accelerated(
        points: &[(&EdwardsPoint, &[i8])],
        fixed: &[(&[edwards::AffineNielsPoint<Self>], &[i8])],
        len: usize,
    ) -> Option<EdwardsPoint> {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            use arith::backend::x86_64_ifma25519 as ifma;
            if points.len() > 2 || fixed.len() > 2 {
                return None;
            }
            let pts: [([[u64; 4]; 4], &[i8]); 2] = core::array::from_fn(|i| match points.get(i) {
                Some((p, d)) => (point_words(p), *d),
                None => ([[0; 4]; 4], &[][..]),
            });
            let lookups: [_; 2] = core::array::from_fn(|i| {
                let t: &[edwards::AffineNielsPoint<Self>] = fixed.get(i).map_or(&[][..], |f| f.0);
                move |j: usize| niels_words(t.get(j))
            });
            let fx: [(ifma::FixedOddMultiples<'_>, &[i8]); 2] =
                core::array::from_fn(|i| (&lookups[i] as ifma::FixedOddMultiples<'_>, fixed.get(i).map_or(&[][..], |f| f.1)));
            let d2 = EDWARDS_D2.to_words();
            let mut w = match ifma::edwards25519_straus_vartime_if_selected(&d2, &pts[..points.len()], &fx[..fixed.len()], len) {
                Some(w) => w,
                None => arith::backend::x86_64_curve25519::edwards25519_straus_vartime_if_selected(
                    &d2,
                    &pts[..points.len()],
                    &fx[..fixed.len()],
                    len,
                )?,
            };
            return Some(point_from_words(&mut w));
        }
        #[allow(unreachable_code)]
        {
            let _ = (points, fixed, len);
            None
        }
    }

    /// The four-lane AVX-512 IFMA window loop
    /// ([`arith::backend::x86_64_ifma25519::edwards25519_mul_if_selected`])
    /// where [`arith::backend::ifma_chains_selected`] (IFMA, not an Intel
    /// CPU): the same signed 4-bit windows and 8-entry table
    /// as the scalar `mul`, read by a masked scan; else, with BMI2 and ADX,
    /// the same loop on the assembly formulas
    /// ([`arith::backend::x86_64_curve25519::edwards25519_mul_if_selected`]).
    /// `None` otherwise.
    /// Constant time in the digits and in P.
    fn mul_accelerated(p: &EdwardsPoint, digits: &[i8]) -> Option<EdwardsPoint> {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            let mut w = match arith::backend::x86_64_ifma25519::edwards25519_mul_if_selected(&point_words(p), &EDWARDS_D2.to_words(), digits) {
                Some(w) => w,
                None => arith::backend::x86_64_curve25519::edwards25519_mul_if_selected(&point_words(p), &EDWARDS_D2.to_words(), digits)?,
            };
            return Some(point_from_words(&mut w));
        }
        #[allow(unreachable_code)]
        {
            let _ = (p, digits);
            None
        }
    }
}

/// \[k\]B on the assembly formulas of
/// [`arith::backend::x86_64_curve25519::EdwardsAcc`], with signed radix-32
/// windows over [`EDWARDS25519_BASE5_WORDS`]: k = Σ dᵢ·32ⁱ with
/// dᵢ ∈ [−16, 16] ([`recode::signed_window`], w = 5; 52 digits, of which
/// the last, the final carry, is 0 for every k < L < 2²⁵³: the top window
/// holds bits 250…254 of k, at most 7, plus a carry of at most 1, below
/// 16); Q ← Σ_{i < 51} dᵢ·32ⁱ·B, each term an entry of row i read by a
/// signed masked scan of every word and added with the 7M affine Niels
/// addition
/// ([`arith::backend::x86_64_curve25519::EdwardsAcc::add_niels_signed`]:
/// the scan writes into the assembly's operand slots and the sign costs no
/// field operation; 7.36 → 6.54 µs). 51 additions and no doubling, against
/// 65 additions and 4 doublings over the radix-16 table of the portable
/// `mul_base`. Measured (Zen 3 without IFMA, min of 31 batches):
/// 8.65 → 7.36 µs, X25519 public key 10.55 → 9.30 µs; the AVX2 scan of
/// the rows took the radix-16 loop 9.55 → 8.65 µs before.
///
/// Until 2026-11-28 the table had a row per two digits (26 rows, 39 KiB):
/// the odd digits were added first, then five doublings, then the even
/// ones. A row per digit streams the same 78 KB of table per call (each
/// row of the old table was scanned twice) and drops the doublings.
/// Interleaved in one process (min of 300 rounds of 20, Zen 3, same
/// results on 50 scalars): `mul_base` 6.37–6.38 → 5.99–6.00 µs (0.94), the
/// X25519 public key (with its inversion) 8.00 → 7.62 µs (0.95).
/// `None` when BMI2/ADX are not selected. Constant time in k.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn mul_base_mulx(k: &Fq) -> Option<EdwardsPoint> {
    use arith::backend::x86_64_curve25519::EdwardsAcc;
    use crate::scalar::recode;
    if arith::backend::ifma_selected() {
        // the lanes' two-chain fixed-base loop is the faster one wherever
        // IFMA is selected, Intel included (see `ifma_chains_selected`)
        return None;
    }
    let identity = [[0u64; 4], [1, 0, 0, 0], [1, 0, 0, 0], [0; 4]];
    let mut acc = EdwardsAcc::new_if_selected(&identity, &EDWARDS_D2.to_words())?;
    let mut digits = [0i8; recode::SIGNED4_MAX_DIGITS];
    let n = recode::signed_window(k, 5, &mut digits);
    debug_assert!(n == BASE5_ROWS + 1 && digits[n - 1] == 0);
    for (row, &d) in EDWARDS25519_BASE5_WORDS.iter().zip(digits[..BASE5_ROWS].iter()) {
        acc.add_niels_signed(row, d);
    }
    zeroize::Zeroize::zeroize(&mut digits);
    Some(point_from_words(&mut acc.point()))
}

/// (X, Y, Z, T) as 256-bit words, the operand layout of the four-lane
/// backend (`arith::backend::x86_64_ifma25519`). Constant time.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn point_words(p: &EdwardsPoint) -> [[u64; 4]; 4] {
    [p.x.to_words(), p.y.to_words(), p.z.to_words(), p.t.to_words()]
}

/// The point whose (X, Y, Z, T) words the four-lane backend returned;
/// the words are zeroized. Constant time.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn point_from_words(w: &mut [[u64; 4]; 4]) -> EdwardsPoint {
    let p = EdwardsPoint { x: Fp::from_words(w[0]), y: Fp::from_words(w[1]), z: Fp::from_words(w[2]), t: Fp::from_words(w[3]) };
    zeroize::Zeroize::zeroize(w);
    p
}

/// The words (y + x, y − x, 2d·x·y) of an affine Niels point, or of the
/// identity (1, 1, 0) for `None`. Constant time.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn niels_words(q: Option<&edwards::AffineNielsPoint<Edwards25519>>) -> [[u64; 4]; 3] {
    match q {
        Some(q) => [q.p.to_words(), q.m.to_words(), q.k.to_words()],
        None => [[1, 0, 0, 0], [1, 0, 0, 0], [0; 4]],
    }
}

/// Rows of [`EDWARDS25519_BASE5_WORDS`]: one per signed radix-32 digit
/// of a scalar below L (51 digits that can be non-zero).
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
const BASE5_ROWS: usize = 51;

/// \[(j + 1)·32ⁱ\]B for i < 51, j < 16, as the words (y − x, y + x,
/// 2d·x·y) of each affine Niels point: the fixed-base table of the
/// assembly `mul_base` (`mul_base_mulx`, signed radix-32 digits, one row
/// per digit), 51 × 16 × 96 bytes = 76.5 KiB, computed by
/// const evaluation at build time with the helpers of
/// `define_base_table!` (`rows`: complete HWCD08 additions; one batch
/// inversion).
/// Checked entry by entry against run-time multiples of B in this module's
/// tests.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
static EDWARDS25519_BASE5_WORDS: [[[[u64; 4]; 3]; 16]; BASE5_ROWS] = {
    use base_table_const::{rows, to_niels};
    let flat = to_niels(&rows::<{ 16 * BASE5_ROWS }>(16, 5));
    let mut out = [[[[0u64; 4]; 3]; 16]; BASE5_ROWS];
    let mut k = 0;
    while k < 16 * BASE5_ROWS {
        let e = &flat[k];
        out[k / 16][k % 16] = [e.m.to_words(), e.p.to_words(), e.k.to_words()];
        k += 1;
    }
    out
};

/// \[(j + 1)·16ⁱ\]B for i < 66, j < 8 — one row per signed radix-16 digit,
/// twice the rows of [`EDWARDS25519_BASE_TABLE`] (whose rows are 256ⁱ
/// apart) — in the lane layout of the four-lane AVX-512 IFMA backend
/// ([`arith::backend::x86_64_ifma25519::NielsLanes`]: radix 2⁵¹,
/// limb-major, lanes (y − x, y + x, 2, 2d·x·y)), computed by const
/// evaluation at build time with the helpers of `define_base_table!`
/// (66 × 8 × 160 bytes = 82.5 KiB), so the IFMA `mul_base` reads each
/// entry with five aligned vector loads and needs no doubling. Checked
/// entry by entry against run-time multiples of B in this module's tests.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
static EDWARDS25519_BASE_TABLE_LANES: [[arith::backend::x86_64_ifma25519::NielsLanes; 8]; 2 * BASE_TABLE_ROWS] = {
    use arith::backend::x86_64_ifma25519::NielsLanes;
    use base_table_const::{rows, to_niels};
    let flat = to_niels(&rows::<{ 8 * 2 * BASE_TABLE_ROWS }>(8, 4));
    let mut out = [[NielsLanes::IDENTITY; 8]; 2 * BASE_TABLE_ROWS];
    let mut k = 0;
    while k < 8 * 2 * BASE_TABLE_ROWS {
        let e = &flat[k];
        out[k / 8][k % 8] = NielsLanes::from_words(e.p.to_words(), e.m.to_words(), e.k.to_words());
        k += 1;
    }
    out
};

/// Signed radix-16 windows of the edwards25519 fixed-base table: one per
/// two digits of a scalar mod L (⌈253/4⌉ + 1 = 65 digits → 33 rows).
const BASE_TABLE_ROWS: usize = ((<Fq as Field>::BITS as usize).div_ceil(4) + 2) / 2;

/// The split point H of a base scalar in half-size EdDSA verification:
/// ⌈log₂(8L)/2⌉ = ⌈255.5/2⌉ = 128, the size of the short lattice vectors
/// (`crate::scalar::lattice`); the high half of a scalar below L < 2^253 then
/// has 125 bits.
const BASE_SPLIT_BITS: u32 = 128;

edwards::define_base_table! {
    /// \[(j + 1)·256ⁱ\]B for i < 33, j < 8, in affine Niels form
    /// (y + x, y − x, 2d·x·y): the fixed-base table of
    /// [`edwards::EdwardsPoint::mul_base`] (ref10 `ge_scalarmult_base`
    /// layout, 33 × 8 × 3 field elements ≈ 31 KiB), computed by const
    /// evaluation at build time.
    pub static EDWARDS25519_BASE_TABLE,
    /// \[2j + 1\]B for j < 64 in affine Niels form: the width-8 wNAF table of
    /// B used by [`edwards::EdwardsPoint::double_mul_vartime`] (EdDSA
    /// verification) on edwards25519, computed by const evaluation at build time.
    static EDWARDS25519_BASE_ODD_MULTIPLES,
    /// \[(2j + 1)·2^128\]B for j < 64 in affine Niels form: the table of the
    /// high half of the base scalar in half-size EdDSA verification
    /// ([`edwards::EdwardsPoint::base_and_two_half_mul_vartime`]), computed by
    /// const evaluation at build time.
    static EDWARDS25519_BASE_HI_ODD_MULTIPLES: Edwards25519, field = Fp, windows = BASE_TABLE_ROWS, split = BASE_SPLIT_BITS,
        a_is_minus_one = true, d = EDWARDS_D, gx = EDWARDS_BASE_X, gy = EDWARDS_BASE_Y,
}

/// curve25519 (RFC 7748 §4.1): v² = u³ + 486662·u² + u over F_(2²⁵⁵−19).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Curve25519;

impl MontgomeryCurve for Curve25519 {
    type Base = Fp;
    type ScalarField = Fq;
    type Edwards = Edwards25519;
    type Bytes = [u8; 32];
    const NAME: &'static str = "curve25519";
    const A: Fp = CURVE25519_A;
    const B: Fp = Fp::ONE;
    const A24: Fp = CURVE25519_A24;
    const BASE_U: Fp = CURVE25519_BASE_U;
    const BASE_V: Fp = CURVE25519_BASE_V;
    const COFACTOR: u64 = 8;
    const EDWARDS_MAP_SCALE: Fp = SQRT_MINUS_486664;
    const EDWARDS_MAP_Y_INVERTED: bool = false;

    /// 121665·x by [`Fp::mul_small`] (five 64×64 products, not 25).
    #[inline(always)]
    fn mul_a24(x: &Fp) -> Fp {
        x.mul_small(121_665)
    }

    /// u of \[k\]·(9, v₀) by the edwards25519 fixed-base table: P = \[k mod L\]B
    /// (the clamped k acts through k mod L, B having order L), then
    /// u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y) (RFC 7748 §4.1). The identity
    /// (Z = Y) gives u = 0 like the ladder. Constant time in k; about a
    /// quarter of the ladder's cost.
    fn base_u(k_clamped: &[u8; 32]) -> Fp {
        let s = crate::scalar::SecretScalar::new(edwards::le::decode_reduced::<Fq>(k_clamped));
        let mut p = EdwardsPoint::mul_base(&s);
        let u = (p.z + p.y) * (p.z - p.y).invert_or_zero();
        zeroize::Zeroize::zeroize(&mut p);
        u
    }

    /// The four-lane AVX-512 IFMA ladder
    /// ([`crate::arith::backend::x86_64_ifma25519::x25519_ladder`], (x₂, z₂,
    /// x₃, z₃) in the lanes of one register) when the CPU has it, else the
    /// MULX/ADCX/ADOX assembly ladder
    /// ([`crate::arith::backend::x86_64_curve25519`]) when it has BMI2 and ADX,
    /// else the scalar [`montgomery::ladder`]; then x₂·z₂⁻¹ (0 for the
    /// identity).
    /// Same function, tested against each other. Constant time in k and u.
    fn ladder_dispatched(k: &[u8; 32], u: &Fp) -> Fp {
        ladder_on_backend(k, u, false)
    }

    /// [`Self::ladder_dispatched`] for a clamped k, which lets the MULX
    /// ladder stop at bit 3 and double three times
    /// ([`arith::backend::x86_64_curve25519::x25519_clamped_ladder_if_selected`]);
    /// the IFMA and portable ladders run in full. Constant time in k and u.
    fn ladder_clamped(k_clamped: &[u8; 32], u: &Fp) -> Fp {
        ladder_on_backend(k_clamped, u, true)
    }
}

/// The ladders of [`Curve25519::ladder_dispatched`] (`clamped` false: any
/// k) and [`Curve25519::ladder_clamped`] (`clamped` true: bits 0–2 of k
/// clear, the caller's guarantee), then x₂·z₂⁻¹. Constant time in k and u
/// (`clamped` is public).
fn ladder_on_backend(k: &[u8; 32], u: &Fp, clamped: bool) -> Fp {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        use arith::backend::{x86_64_curve25519 as mulx, x86_64_ifma25519 as ifma};
        let words = u.to_words();
        type Ladder = fn(&[u8; 32], &[u64; 4]) -> Option<([u64; 4], [u64; 4])>;
        let run: Ladder = if clamped { mulx::x25519_clamped_ladder_if_selected } else { mulx::x25519_ladder_if_selected };
        if let Some((mut xw, mut zw)) = ifma::x25519_ladder_if_selected(k, &words).or_else(|| run(k, &words)) {
            let (x2, z2) = (Fp::from_words(xw), Fp::from_words(zw));
            zeroize::Zeroize::zeroize(&mut xw);
            zeroize::Zeroize::zeroize(&mut zw);
            return x2 * z2.invert_or_zero();
        }
    }
    let _ = clamped;
    montgomery::ladder::<Curve25519>(k, u)
}

/// An edwards25519 point (extended coordinates).
pub type EdwardsPoint = edwards::EdwardsPoint<Edwards25519>;
/// An edwards25519 point in affine coordinates.
pub type EdwardsAffine = edwards::AffinePoint<Edwards25519>;
/// A curve25519 point (u, v).
pub type MontgomeryPoint = montgomery::MontgomeryPoint<Curve25519>;
/// A public scalar mod L.
pub type Scalar = crate::scalar::Scalar<Fq>;
/// A secret scalar mod L.
pub type SecretScalar = crate::scalar::SecretScalar<Fq>;

impl edwards::EdwardsPoint<Edwards25519> {
    /// The ZIP 215 point decoder (Zcash ZIP 215, "Explicitly Defining and
    /// Modifying Ed25519 Validation Rules"), lax where RFC 8032 §5.1.3 is
    /// strict, for consensus-compatible Ed25519 verification:
    /// - a non-canonical y (y ≥ p, i.e. 2²⁵⁵ − 19 ≤ y < 2²⁵⁵) is reduced mod p
    ///   instead of rejected;
    /// - x = 0 with the sign bit set decodes to x = 0 instead of failing.
    ///
    /// A y for which no x exists still fails with [`Error::NotOnCurve`];
    /// small-order and mixed-order points are accepted. Use
    /// [`edwards::EdwardsPoint::decompress`] everywhere else.
    pub fn decompress_zip215(bytes: &[u8; 32]) -> Result<Self, Error> {
        Self::decompress_lax(bytes)
    }
}

#[cfg(all(test, target_arch = "x86_64", not(feature = "force-portable")))]
mod base_table_tests {
    use super::*;

    /// Calls `f(i, j, x, y)` with the affine coordinates of
    /// \[(j + 1)·2^(shift·i)\]B for i < `rows`, j < `per_row`, computed at
    /// run time.
    fn for_each_multiple(rows: usize, per_row: usize, shift: u32, mut f: impl FnMut(usize, usize, Fp, Fp)) {
        let mut row_base = EdwardsPoint::generator();
        for i in 0..rows {
            let mut q = row_base;
            for j in 0..per_row {
                let a = q.to_affine();
                f(i, j, a.x(), a.y());
                q = q.add(&row_base);
            }
            for _ in 0..shift {
                row_base = row_base.double();
            }
        }
    }

    /// Every entry of the compile-time radix-32 table is the words of
    /// (y − x, y + x, 2d·x·y) for \[(j + 1)·32ⁱ\]B computed at run time.
    #[test]
    fn base5_table_matches_runtime_multiples() {
        for_each_multiple(BASE5_ROWS, 16, 5, |i, j, x, y| {
            let e = &EDWARDS25519_BASE5_WORDS[i][j];
            assert_eq!(Fp::from_words(e[0]), y - x, "row {i} entry {j}: y - x");
            assert_eq!(Fp::from_words(e[1]), y + x, "row {i} entry {j}: y + x");
            assert_eq!(Fp::from_words(e[2]), EDWARDS_D2 * x * y, "row {i} entry {j}: 2dxy");
        });
    }

    /// Every entry of the compile-time lane table of the IFMA `mul_base`
    /// is (y − x, y + x, 2, 2d·x·y) of \[(j + 1)·16ⁱ\]B computed at run
    /// time, limb for limb ([`arith::backend::x86_64_ifma25519::NielsLanes::from_words`]
    /// of the canonical words).
    #[test]
    fn lanes_table_matches_runtime_multiples() {
        use arith::backend::x86_64_ifma25519::NielsLanes;
        for_each_multiple(EDWARDS25519_BASE_TABLE_LANES.len(), 8, 4, |i, j, x, y| {
            let want = NielsLanes::from_words((y + x).to_words(), (y - x).to_words(), (EDWARDS_D2 * x * y).to_words());
            assert_eq!(EDWARDS25519_BASE_TABLE_LANES[i][j].0, want.0, "row {i} entry {j}");
        });
    }
}

