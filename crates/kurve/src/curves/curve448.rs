//! curve448, edwards448 and curve448's birationally equivalent Edwards curve.
//!
//! - Field: F_p with p = 2⁴⁴⁸ − 2²²⁴ − 1 (p ≡ 3 mod 4, "Goldilocks"), the
//!   radix-2⁵⁶ Karatsuba field `field::fe448::Fe448` (chosen by measurement;
//!   see that module). The scalar field F_L is the generic Montgomery
//!   [`GenericFp`] with 7 limbs.
//! - Group order of all three curves: 4·L with the prime
//!   L = 2⁴⁴⁶ − 13818066809895115352007386748515426880336692474882178609894547503885;
//!   cofactor 4, cyclic 4-torsion.
//! - **edwards448** (RFC 8032 §5.2, "Ed448-Goldilocks"): x² + y² = 1 + d·x²·y²
//!   with d = −39081. Points are encoded in 57 bytes (y little-endian in 56
//!   bytes, then a byte whose top bit is the low bit of x and whose other
//!   seven bits are zero). It is **4-isogenous**, not isomorphic, to curve448
//!   (RFC 7748 §4.2): see [`edwards448_to_curve448`] / [`curve448_to_edwards448`].
//! - **curve448** (RFC 7748 §4.2): v² = u³ + 156326·u² + u; base point u = 5.
//!   X448 is the ladder on u alone ([`crate::proto::xdh`]).
//! - **curve448's Edwards form** ([`Curve448Edwards`]): x² + y² = 1 + d'·x²·y²
//!   with d' = 39082/39081 (RFC 7748 §4.2), isomorphic to curve448 by
//!   (x, y) = (c·u/v, (u + 1)/(u − 1)), (u, v) = ((y + 1)/(y − 1), c·u/x),
//!   c = √156324 ([`SQRT_156324`]). The (u, v) group of curve448 is computed
//!   on it.
//!
//! **Why not the map printed in RFC 7748 §4.2.** The RFC gives, for the
//! d' = 39082/39081 curve, (u, v) = ((y − 1)/(y + 1), √156324·u/x) and
//! (x, y) = (√156324·u/v, (1 + u)/(1 − u)). That map is a birational
//! equivalence of the curves but not a group isomorphism: it sends the
//! 2-torsion point (0, 0) to the Edwards identity (0, 1) (it is the
//! isomorphism above composed with a translation by (0, −1), i.e.
//! (x, y) ↦ (−x, −y)). Consequently the Edwards base point the RFC prints for
//! that curve, (3453974930…0732, 3634193621…2718) = (X, −3/2), has order 2L,
//! not L. The isomorphism used here sends u = 5 to
//! (−X, 3/2) = [`CURVE448_EDWARDS_BASE_X`], [`CURVE448_EDWARDS_BASE_Y`],
//! which does have order L. The tests check both facts.

use crate::arith;
use crate::field::{Field, FieldParams, Fp as GenericFp};
use crate::group::edwards::{self, EdwardsCurve};
use crate::group::montgomery::{self, MontgomeryCurve};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// Parameters of the base field F_p, p = 2⁴⁴⁸ − 2²²⁴ − 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaseParams;
impl FieldParams<7> for BaseParams {
    const NAME: &'static str = "curve448.p";
    const MODULUS: [u64; 7] = arith::from_hex(
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffe\
         ffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    );
    /// p − 1 = 2·(2⁴⁴⁷ − 2²²³ − 1).
    const TWO_ADICITY: u32 = 1;
    /// The smallest non-residue ≥ 2 (−1 is one too, as p ≡ 3 mod 4).
    const NON_RESIDUE: u64 = 7;
}

/// Parameters of the scalar field F_L,
/// L = 2⁴⁴⁶ − 13818066809895115352007386748515426880336692474882178609894547503885.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarParams;
impl FieldParams<7> for ScalarParams {
    const NAME: &'static str = "curve448.l";
    const MODULUS: [u64; 7] = arith::from_hex(
        "3fffffffffffffffffffffffffffffffffffffffffffffffffffffff\
         7cca23e9c44edb49aed63690216cc2728dc58f552378c292ab5844f3",
    );
    /// L − 1 = 2·t, t odd.
    const TWO_ADICITY: u32 = 1;
    /// The smallest non-residue mod L.
    const NON_RESIDUE: u64 = 2;
}

/// The base field F_p, p = 2⁴⁴⁸ − 2²²⁴ − 1 (radix-2⁵⁶ Karatsuba arithmetic).
pub type Fp = crate::field::fe448::Fe448;
/// The scalar field F_L.
pub type Fq = GenericFp<ScalarParams, 7>;

/// edwards448 d = −39081 mod p (RFC 8032 §5.2).
pub const EDWARDS448_D: Fp = Fp::from_hex(
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffe\
     ffffffffffffffffffffffffffffffffffffffffffffffffffff6756",
);
/// 2·d for edwards448 (unused by the a = 1 formulas; kept for the trait).
pub const EDWARDS448_D2: Fp = Fp::from_hex(
    "fffffffffffffffffffffffffffffffffffffffffffffffffffffffe\
     fffffffffffffffffffffffffffffffffffffffffffffffffffecead",
);
/// edwards448 base point x (RFC 8032 §5.2, RFC 7748 §4.2:
/// 224580040295924300187604334099896036246789641632564134246125461686950415467406032909029192869357953282578032075146446173674602635247710).
pub const EDWARDS448_BASE_X: Fp = Fp::from_hex(
    "4f1970c66bed0ded221d15a622bf36da9e146570470f1767ea6de324\
     a3d3a46412ae1af72ab66511433b80e18b00938e2626a82bc70cc05e",
);
/// edwards448 base point y (RFC 8032 §5.2, RFC 7748 §4.2:
/// 298819210078481492676017930443930673437544040154080242095928241372331506189835876003536878655418784733982303233503462500531545062832660).
pub const EDWARDS448_BASE_Y: Fp = Fp::from_hex(
    "693f46716eb6bc248876203756c9c7624bea73736ca3984087789c1e\
     05a0c2d73ad3ff1ce67c39c4fdbd132c4ed7c8ad9808795bf230fa14",
);

/// d' = 39082/39081 mod p, the d of curve448's Edwards form (RFC 7748 §4.2:
/// 611975850744529176160423220965553317543219696871016626328968936415087860042636474891785599283666020414768678979989378147065462815545017).
pub const CURVE448_EDWARDS_D: Fp = Fp::from_hex(
    "d78b4bdc7f0daf19f24f38c29373a2ccad46157242a50f37809b1da3\
     412a12e79ccc9c81264cfe9ad080997058fb61c4243cc32dbaa156b9",
);
/// 2·d' (unused by the a = 1 formulas; kept for the trait).
pub const CURVE448_EDWARDS_D2: Fp = Fp::from_hex(
    "af1697b8fe1b5e33e49e718526e745995a8c2ae4854a1e6f01363b47\
     825425cf399939024c99fd35a10132e0b1f6c3884879865b7542ad73",
);
/// Base point x of curve448's Edwards form: c·5/v₀ with c = [`SQRT_156324`]
/// and v₀ = [`CURVE448_BASE_V`] (the image of the curve448 base point).
pub const CURVE448_EDWARDS_BASE_X: Fp = Fp::from_hex(
    "8658f4d48fbffaac5183620be9386d39eed78ae536d696dbf3da5f81\
     8d74236c1de0887812968ddb6218cd0c7b6932ee9678ecf6c163fb03",
);
/// Base point y of curve448's Edwards form: (5 + 1)/(5 − 1) = 3/2.
pub const CURVE448_EDWARDS_BASE_Y: Fp = Fp::from_hex(
    "7fffffffffffffffffffffffffffffffffffffffffffffffffffffff\
     80000000000000000000000000000000000000000000000000000001",
);

/// curve448 A = 156326 (RFC 7748 §4.2).
pub const CURVE448_A: Fp = Fp::from_hex("262a6");
/// a24 = (A − 2)/4 = 39081, the X448 ladder constant (RFC 7748 §5).
pub const CURVE448_A24: Fp = Fp::from_hex("98a9");
/// Base point u = 5 (RFC 7748 §4.2).
pub const CURVE448_BASE_U: Fp = Fp::from_hex("5");
/// Base point v (RFC 7748 §4.2:
/// 355293926785568175264127502063783334808976399387714271831880898435169088786967410002932673765864550910142774147268105838985595290606362).
pub const CURVE448_BASE_V: Fp = Fp::from_hex(
    "7d235d1295f5b1f66c98ab6e58326fcecbae5d34f55545d060f75dc2\
     8df3f6edb8027e2346430d211312c4b150677af76fd7223d457b5b1a",
);
/// √156324 = √(A − 2), the c of x = c·u/v: the root that is itself a square,
/// 156324^((p+1)/4). (A + 2 = 156328 is a non-square mod p, so no a = 1
/// Edwards form is reachable through y = (u − 1)/(u + 1).)
pub const SQRT_156324: Fp = Fp::from_hex(
    "ba4d3a0829b6112f8812e51ba0bb2abebc1cb08eb48e556936ba50fd\
     d2e7d68af8cb32160522425b3f990812abbe635ad37a21e17551b193",
);

/// edwards448 (RFC 8032 §5.2): x² + y² = 1 − 39081·x²·y² over F_(2⁴⁴⁸−2²²⁴−1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edwards448;

impl EdwardsCurve for Edwards448 {
    type Base = Fp;
    type ScalarField = Fq;
    type Encoding = [u8; 57];
    const NAME: &'static str = "edwards448";
    const A_IS_MINUS_ONE: bool = false;
    const D: Fp = EDWARDS448_D;
    const D2: Fp = EDWARDS448_D2;
    const GX: Fp = EDWARDS448_BASE_X;
    const GY: Fp = EDWARDS448_BASE_Y;
    const COFACTOR: u64 = 4;
    const BASE_TABLE: &'static [[edwards::AffineNielsPoint<Self>; 8]] = &EDWARDS448_BASE_TABLE;
    const BASE_ODD_MULTIPLES: &'static [edwards::AffineNielsPoint<Self>] = &EDWARDS448_BASE_ODD_MULTIPLES;
    const BASE_SPLIT_BITS: u32 = BASE_SPLIT_BITS;
    const BASE_HI_ODD_MULTIPLES: &'static [edwards::AffineNielsPoint<Self>] = &EDWARDS448_BASE_HI_ODD_MULTIPLES;

    /// [`Fp::sqrt_ratio`]: one exponentiation instead of an inversion and
    /// a square root (RFC 8032 §5.2.3).
    fn sqrt_ratio(u: &Fp, v: &Fp) -> (Choice, Fp) {
        Fp::sqrt_ratio(u, v)
    }
}

/// Signed radix-16 windows of the edwards448 fixed-base table: one per two
/// digits of a scalar mod L (⌈446/4⌉ + 1 = 113 digits → 57 rows).
const BASE_TABLE_ROWS: usize = ((<Fq as Field>::BITS as usize).div_ceil(4) + 2) / 2;

/// The split point H of a base scalar in half-size EdDSA verification:
/// ⌈log₂(4L)/2⌉ = 224 (4L < 2^448), the size of the short lattice vectors
/// (`crate::scalar::lattice`); the high half of a scalar below L < 2^446 then
/// has 222 bits.
const BASE_SPLIT_BITS: u32 = 224;

edwards::define_base_table! {
    /// \[(j + 1)·256ⁱ\]B for i < 57, j < 8, in affine Niels form for a = 1
    /// (x, y, d·x·y): the fixed-base table of
    /// [`edwards::EdwardsPoint::mul_base`] for edwards448 (57 × 8 × 3 field
    /// elements ≈ 86 KiB), computed by const evaluation at build time.
    pub static EDWARDS448_BASE_TABLE,
    /// \[2j + 1\]B for j < 64 in affine Niels form: the width-8 wNAF table of
    /// B used by [`edwards::EdwardsPoint::double_mul_vartime`] (EdDSA
    /// verification) on edwards448, computed by const evaluation at build time.
    static EDWARDS448_BASE_ODD_MULTIPLES,
    /// \[(2j + 1)·2^224\]B for j < 64 in affine Niels form: the table of the
    /// high half of the base scalar in half-size EdDSA verification
    /// ([`edwards::EdwardsPoint::base_and_two_half_mul_vartime`]), computed by
    /// const evaluation at build time.
    static EDWARDS448_BASE_HI_ODD_MULTIPLES: Edwards448, field = Fp, windows = BASE_TABLE_ROWS, split = BASE_SPLIT_BITS,
        a_is_minus_one = false, d = EDWARDS448_D, gx = EDWARDS448_BASE_X, gy = EDWARDS448_BASE_Y,
}

/// curve448's birationally equivalent Edwards curve (RFC 7748 §4.2):
/// x² + y² = 1 + (39082/39081)·x²·y². Used to compute the (u, v) group of
/// curve448; it has no standard encoding (the RFC 8032 layout, 57 bytes, is
/// used for tests and debugging only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Curve448Edwards;

impl EdwardsCurve for Curve448Edwards {
    type Base = Fp;
    type ScalarField = Fq;
    type Encoding = [u8; 57];
    const NAME: &'static str = "curve448Edwards";
    const A_IS_MINUS_ONE: bool = false;
    const D: Fp = CURVE448_EDWARDS_D;
    const D2: Fp = CURVE448_EDWARDS_D2;
    const GX: Fp = CURVE448_EDWARDS_BASE_X;
    const GY: Fp = CURVE448_EDWARDS_BASE_Y;
    const COFACTOR: u64 = 4;
}

/// curve448 (RFC 7748 §4.2): v² = u³ + 156326·u² + u over F_(2⁴⁴⁸−2²²⁴−1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Curve448;

impl MontgomeryCurve for Curve448 {
    type Base = Fp;
    type ScalarField = Fq;
    type Edwards = Curve448Edwards;
    type Bytes = [u8; 56];
    const NAME: &'static str = "curve448";
    const A: Fp = CURVE448_A;
    const B: Fp = Fp::ONE;
    const A24: Fp = CURVE448_A24;
    const BASE_U: Fp = CURVE448_BASE_U;
    const BASE_V: Fp = CURVE448_BASE_V;
    const COFACTOR: u64 = 4;
    const EDWARDS_MAP_SCALE: Fp = SQRT_156324;
    const EDWARDS_MAP_Y_INVERTED: bool = true;

    /// 39081·x by [`Fp::mul_small`] (8 products instead of 48).
    #[inline(always)]
    fn mul_a24(x: &Fp) -> Fp {
        x.mul_small(39_081)
    }

    /// [`Fp::add_lazy`]: no carry pass before the multiplication.
    #[inline(always)]
    fn add_for_mul(x: &Fp, y: &Fp) -> Fp {
        x.add_lazy(y)
    }

    /// [`Fp::sub_lazy`]: no carry pass before the multiplication.
    #[inline(always)]
    fn sub_for_mul(x: &Fp, y: &Fp) -> Fp {
        x.sub_lazy(y)
    }

    /// The four-lane AVX-512 IFMA ladder
    /// ([`arith::backend::x86_64_ifma448::x448_ladder_if_selected`]) when
    /// [`arith::backend::ifma_selected`], then x₂·z₂⁻¹; else the scalar
    /// [`montgomery::ladder`]. The same function either way (RFC 7748 §5,
    /// all 448 bits of k, 0 for the identity). Constant time in k and u.
    fn ladder_dispatched(k: &[u8; 56], u: &Fp) -> Fp {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            let mut ub = u.to_le_bytes();
            let mut words = [0u64; 7];
            for (w, c) in words.iter_mut().zip(ub.chunks_exact(8)) {
                let mut b = [0u8; 8];
                b.copy_from_slice(c);
                *w = u64::from_le_bytes(b);
            }
            zeroize::Zeroize::zeroize(&mut ub);
            let r = arith::backend::x86_64_ifma448::x448_ladder_if_selected(k, &words);
            zeroize::Zeroize::zeroize(&mut words);
            if let Some((mut xw, mut zw)) = r {
                let fe = |w: &[u64; 7]| {
                    let mut b = [0u8; 56];
                    for (c, x) in b.chunks_exact_mut(8).zip(w.iter()) {
                        c.copy_from_slice(&x.to_le_bytes());
                    }
                    let f = Fp::from_le_bytes_reduced(&b);
                    zeroize::Zeroize::zeroize(&mut b);
                    f
                };
                let (x2, z2) = (fe(&xw), fe(&zw));
                zeroize::Zeroize::zeroize(&mut xw);
                zeroize::Zeroize::zeroize(&mut zw);
                return x2 * z2.invert().unwrap_or(Fp::ZERO);
            }
        }
        montgomery::ladder::<Curve448>(k, u)
    }

    /// u of \[k\]·(5, v₀) by the edwards448 fixed-base table and the
    /// 4-isogeny φ of [`edwards448_to_curve448`]: φ is a homomorphism with
    /// φ(B) = (5, v₀), so u(\[k\](5, v₀)) = u(φ(\[k mod L\]B)) = y²/x² =
    /// (Y/X)². The identity (X = 0) gives u = 0 like the ladder. Constant
    /// time in k; one inversion.
    fn base_u(k_clamped: &[u8; 56]) -> Fp {
        let s = crate::scalar::SecretScalar::new(edwards::le::decode_reduced::<Fq>(k_clamped));
        let mut p = Ed448Point::mul_base(&s);
        let y_over_x = p.y * p.x.invert().unwrap_or(Fp::ZERO);
        zeroize::Zeroize::zeroize(&mut p);
        y_over_x.square()
    }
}

/// An edwards448 point (extended coordinates).
pub type Ed448Point = edwards::EdwardsPoint<Edwards448>;
/// An edwards448 point in affine coordinates.
pub type Ed448Affine = edwards::AffinePoint<Edwards448>;
/// A point of curve448's Edwards form (extended coordinates).
pub type Curve448EdwardsPoint = edwards::EdwardsPoint<Curve448Edwards>;
/// A curve448 point (u, v).
pub type MontgomeryPoint = montgomery::MontgomeryPoint<Curve448>;
/// A public scalar mod L.
pub type Scalar = crate::scalar::Scalar<Fq>;
/// A secret scalar mod L.
pub type SecretScalar = crate::scalar::SecretScalar<Fq>;

/// The 4-isogeny φ: edwards448 → curve448 of RFC 7748 §4.2:
/// (u, v) = (y²/x², (2 − x² − y²)·y/x³). A group homomorphism with
/// φ(edwards448 base point) = curve448 base point (u = 5); its rational
/// kernel is {(0, 1), (0, −1)} (x = 0), sent to the identity. Constant time;
/// one inversion (of x³).
pub fn edwards448_to_curve448(p: &Ed448Point) -> MontgomeryPoint {
    let a = p.to_affine();
    let xx = a.x.square();
    let yy = a.y.square();
    let inv_x3 = (xx * a.x).invert().unwrap_or(Fp::ZERO);
    let u = yy * a.x * inv_x3;
    let v = (Fp::from_u64(2) - xx - yy) * a.y * inv_x3;
    MontgomeryPoint::from_parts(u, v, a.x.is_zero())
}

/// The dual 4-isogeny ψ: curve448 → edwards448 of RFC 7748 §4.2:
/// x = 4v(u² − 1)/(u⁴ − 2u² + 4v² + 1),
/// y = −(u⁵ − 2u³ − 4uv² + u)/(u⁵ − 2u²v² − 2u³ − 2v² + u).
/// ψ∘φ = \[4\]. Its rational kernel is the 4-torsion {O, (0, 0), (−1, ±√(A−2))};
/// the points where the y-denominator vanishes ((0, 0)) and the identity go
/// to (0, 1). Constant time; one inversion (the two denominators share it).
pub fn curve448_to_edwards448(p: &MontgomeryPoint) -> Ed448Point {
    let (u, v) = (p.u(), p.v());
    let uu = u.square();
    let vv = v.square();
    let two = Fp::from_u64(2);
    let four = Fp::from_u64(4);
    let u3 = uu * u;
    let u5 = u3 * uu;
    let uu_minus_1 = uu - Fp::ONE;
    // den1 = (u² − 1)² + 4v² is never 0 for a point: −1 is a non-square.
    let den1 = uu_minus_1.square() + four * vv;
    let den2 = u5 - two * uu * vv - two * u3 - two * vv + u;
    let inv = (den1 * den2).invert().unwrap_or(Fp::ZERO);
    let x = four * v * uu_minus_1 * den2 * inv;
    let y = -(u5 - two * u3 - four * u * vv + u) * den1 * inv;
    let q = Ed448Affine { x, y }.to_extended();
    let to_identity: Choice = p.is_identity() | den2.ct_eq(&Fp::ZERO);
    Ed448Point::conditional_select(&q, &Ed448Point::IDENTITY, to_identity)
}
