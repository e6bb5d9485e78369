//! Short-Weierstrass curves E: y² = x³ + a·x + b over F_p (p > 3).
//!
//! Points are kept in homogeneous projective coordinates (X : Y : Z) with
//! x = X/Z, y = Y/Z; the identity is (0 : 1 : 0). Addition and doubling use
//! the *complete* formulas of Renes, Costello and Batina, "Complete addition
//! formulas for prime order elliptic curves" (EUROCRYPT 2016), which are
//! correct for every pair of inputs on a curve of odd order — P = Q, P = −Q
//! and the identity need no branch:
//!
//! | a     | addition          | doubling        |
//! |-------|-------------------|-----------------|
//! | any   | Alg. 1, 12M+3m_a+2m_3b | Alg. 3, 8M+3S… |
//! | −3    | Alg. 4, 12M+2m_b  | Alg. 6, 8M+3S+2m_b |
//! | 0     | Alg. 7, 12M+2m_3b | Alg. 9, 6M+2S+1m_3b |
//!
//! Mixed addition (second operand affine, Z₂ = 1) is the same formula with
//! Z₂ = 1 substituted (RCB16 Alg. 2 / 5 / 8, 11M): it stays complete for
//! every projective first operand, including the identity, as long as the
//! affine operand is a curve point (the affine form cannot hold the identity;
//! callers that may add "nothing" discard the result with a masked select).
//!
//! Scalar multiplication:
//! - [`ProjectivePoint::mul`]: constant time; regular odd-digit fixed
//!   window (k or n − k made odd, every digit odd and nonzero), 4-bit
//!   (digits odd in [−15, 15], table [1, 3, …, 15]P) for fields up to 200
//!   bits and 5-bit (odd in [−31, 31], table [1, 3, …, 31]P) above; the
//!   table affine (co-Z additions and one constant-time inversion), read
//!   with a full masked scan and a masked negation; each window w − 1
//!   doublings and one doubling-addition 2Q + E, no exceptional case
//!   possible, so nothing masked in the chain (GLV curves: `mul_glv`).
//! - [`ProjectivePoint::mul_base`]: constant time; signed w-bit fixed
//!   window over a compile-time table of ((j+1)·2^(w·i))·G in affine form
//!   ([`precomp`]; w = 7 on secp256r1, secp256k1, secp384r1 and secp521r1,
//!   4 elsewhere), no doublings, one masked scan ([`Field::lookup`]) and
//!   one mixed addition per window.
//! - [`ProjectivePoint::mul_vartime`]: width-5 wNAF (public scalars only);
//!   on a = 0 curves over the "effective affine" odd multiples of P
//!   (`IsoOddMultiples` (`jacobian.rs`): affine on an isomorphic curve, so every
//!   addition is mixed), and on GLV curves over the split scalar.
//! - [`ProjectivePoint::double_mul_vartime`]: [a]G + [b]P by interleaved
//!   wNAF (Straus–Shamir), width `G_WNAF_W` for G over a compile-time affine table
//!   (8, or 14 on secp256r1 and secp256k1),
//!   width 5 for P, for signature verification
//!   ([`ProjectivePoint::double_mul_plain_vartime`]); on GLV curves both
//!   scalars are split first and four half-size wNAFs share one chain
//!   ([`ProjectivePoint::double_mul_glv_vartime`]); a = 0 curves use the
//!   effective-affine table of P (secp256k1 verification chain 47.1 →
//!   41.4 µs, `mul_vartime` 54.2 → 33.3 µs with GLV), and curves with an
//!   a = −3 isomorph ([`WeierstrassCurve::ISO_A_MINUS_3`], brainpool r1) run
//!   both variable-time chains there (brainpoolP256r1 chain ≈ 145 → 123 µs).

pub mod glv;
mod jacobian;
pub mod precomp;

use jacobian::JacobianPoint;

use crate::arith::backend::DoubleNAddScratch;
use crate::field::Field;
use crate::scalar::{recode, Scalar, ScalarInput};
use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

/// Fields wider than this many bits use a 5-bit window (16-entry table) in
/// the constant-time [`ProjectivePoint::mul`], narrower ones a 4-bit window:
/// above it the additions saved outweigh the 8 extra precomputed points and
/// the longer masked scans. Measured (`mul`, µs, w = 4 → 5): secp224r1
/// 52.3 → 50.5, secp256r1 39.7 → 38.1, brainpoolP256r1 67.7 → 65.4; it
/// was 320 until the doublings and additions became about as fast as they
/// are now (the extra table points cost additions, the windows saved cost
/// additions and homogeneous conversions).
const WINDOW5_MIN_BITS: u32 = 200;

pub use crate::curves::params::AKind;

/// A short-Weierstrass curve with its field types and constants.
///
/// Implemented by zero-sized marker types (`Secp256r1`, `BrainpoolP256r1`, …).
pub trait WeierstrassCurve:
    'static + Copy + Clone + fmt::Debug + Default + Send + Sync + PartialEq + Eq
{
    /// The base field F_p.
    type Base: Field;
    /// The scalar field F_n (n the order of G).
    type ScalarField: Field;
    /// Canonical name (SEC 2 / RFC 5639).
    const NAME: &'static str;
    /// Which formula family a selects.
    const A_KIND: AKind;
    /// Coefficient a.
    const A: Self::Base;
    /// Coefficient b.
    const B: Self::Base;
    /// 3·b, used by RCB16 Algorithms 1, 3, 7, 9.
    const B3: Self::Base;
    /// 3·b as an integer when b is a small integer (b < 2³⁰: the Koblitz
    /// curves secp192k1, secp224k1, secp256k1), so that the formulas
    /// multiply by it with [`Field::mul_small`]; else `None`.
    const B3_SMALL: Option<u64>;
    /// Generator x.
    const GX: Self::Base;
    /// Generator y.
    const GY: Self::Base;
    /// Cofactor h = #E / n.
    const COFACTOR: u64;

    /// Window width w of the fixed-base table (4 ≤ w ≤ 7; per curve, see
    /// [`precomp`]).
    const BASE_W: u32;

    /// The fixed-base table for [`ProjectivePoint::mul_base`], row after
    /// row: entry `i·E + j` is `((j+1)·2^(w·i))·G` as affine (x, y), with
    /// w = [`Self::BASE_W`], E = [`precomp::base_entries`]`(w)` entries per
    /// row and [`precomp::base_rows`]`(n bits, w)` rows. Generated by
    /// tools/gen_weierstrass_tables.py and checked at compile time against
    /// G; none of the entries is the identity.
    fn base_table() -> &'static [[Self::Base; 2]];

    /// Width v of the wNAF of G in [`ProjectivePoint::double_mul_vartime`]
    /// ([`precomp::G_WNAF_MIN_W`] ≤ v ≤ [`precomp::G_WNAF_MAX_W`], checked
    /// at compile time; per curve, see [`precomp`]).
    const G_WNAF_W: u32;

    /// The odd multiples `(2j+1)·G`, affine (x, y), j in
    /// 0..[`precomp::g_odd_entries`]`(v)` = 2^(v−2) for v =
    /// [`Self::G_WNAF_W`], the table of the width-v wNAF of G in
    /// [`ProjectivePoint::double_mul_vartime`]. Built by
    /// tools/gen_weierstrass_tables.py; its length is fixed at compile time.
    fn g_odd_multiples() -> &'static [[Self::Base; 2]];

    /// The GLV endomorphism constants, for curves that have one
    /// (secp256k1, secp224k1, secp192k1); [`ProjectivePoint::mul`] and
    /// [`ProjectivePoint::double_mul_vartime`] then split the scalars.
    const GLV: Option<glv::GlvParams<Self>> = None;

    /// For the Brainpool r1 curves: the RFC 5639 §3 isomorphism to the
    /// a = −3 curve (the t1 twist), which [`ProjectivePoint::mul`] uses.
    const ISO_A_MINUS_3: Option<IsoAMinus3<Self>> = None;
}

/// The isomorphism (x, y) ↦ (Z²·x, Z³·y) from y² = x³ + a·x + b onto
/// y² = x³ − 3x + b·Z⁶, for a Z with a·Z⁴ = −3 (RFC 5639 §3: it maps each
/// Brainpool r1 curve onto its t1 twist). The a = −3 formulas are cheaper
/// (RCB16 addition 12M + 2m_b against 12M + 3m_a + 2m_3b; Jacobian doubling
/// 4M + 4S against 1M + 8S + 1m_a), and the maps cost 2M each way, with no
/// inversion: (X : Y : Z_P) ↦ (Z²X : Z³Y : Z_P) and back by
/// (X : Y : Z_P) ↦ (Z·X : Y : Z³·Z_P).
#[derive(Clone, Copy, Debug)]
pub struct IsoAMinus3<C: WeierstrassCurve> {
    /// Z.
    pub z: C::Base,
    /// Z².
    pub z2: C::Base,
    /// Z³.
    pub z3: C::Base,
    /// b·Z⁶, the b of the a = −3 curve.
    pub b: C::Base,
}

/// A point in affine coordinates, or the identity.
#[derive(Clone, Copy)]
pub struct AffinePoint<C: WeierstrassCurve> {
    /// x (zero for the identity).
    pub(crate) x: C::Base,
    /// y (zero for the identity).
    pub(crate) y: C::Base,
    /// 1 for the identity.
    pub(crate) infinity: Choice,
}

/// A point in homogeneous projective coordinates (X : Y : Z).
#[derive(Clone, Copy)]
pub struct ProjectivePoint<C: WeierstrassCurve> {
    x: C::Base,
    y: C::Base,
    z: C::Base,
}

impl<C: WeierstrassCurve> fmt::Debug for AffinePoint<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if bool::from(self.infinity) {
            write!(f, "AffinePoint<{}>(identity)", C::NAME)
        } else {
            write!(f, "AffinePoint<{}>({:?}, {:?})", C::NAME, self.x, self.y)
        }
    }
}

impl<C: WeierstrassCurve> fmt::Debug for ProjectivePoint<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.to_affine())
    }
}

/// x³ + a·x + b, the right-hand side of the curve equation.
#[inline]
pub fn curve_rhs<C: WeierstrassCurve>(x: &C::Base) -> C::Base {
    let x2 = x.square();
    let ax = match C::A_KIND {
        AKind::Zero => C::Base::ZERO,
        AKind::MinusThree => -(x.double() + *x),
        AKind::General => C::A * *x,
    };
    x2 * *x + ax + C::B
}

/// Multiplication by the curve coefficient a (cheap for a = 0 and a = −3).
#[inline(always)]
fn mul_a<C: WeierstrassCurve>(v: C::Base) -> C::Base {
    match C::A_KIND {
        AKind::Zero => C::Base::ZERO,
        AKind::MinusThree => -(v.double() + v),
        AKind::General => C::A * v,
    }
}

impl<C: WeierstrassCurve> AffinePoint<C> {
    /// The identity (point at infinity).
    pub fn identity() -> Self {
        AffinePoint { x: C::Base::ZERO, y: C::Base::ZERO, infinity: Choice::from(1) }
    }

    /// The standard generator G.
    pub fn generator() -> Self {
        AffinePoint { x: C::GX, y: C::GY, infinity: Choice::from(0) }
    }

    /// The point (x, y) if it lies on the curve; `None` otherwise.
    /// Constant time.
    pub fn from_coordinates(x: C::Base, y: C::Base) -> CtOption<Self> {
        let on = y.square().ct_eq(&curve_rhs::<C>(&x));
        CtOption::new(AffinePoint { x, y, infinity: Choice::from(0) }, on)
    }

    /// The point with x-coordinate x and y of the requested parity, if
    /// x³ + ax + b is a square. Constant time.
    pub fn from_x(x: C::Base, y_odd: Choice) -> CtOption<Self> {
        let rhs = curve_rhs::<C>(&x);
        rhs.sqrt().map(|y| {
            let flip = y.is_odd() ^ y_odd;
            let y = C::Base::conditional_select(&y, &-y, flip);
            AffinePoint { x, y, infinity: Choice::from(0) }
        })
    }

    /// x-coordinate (zero for the identity).
    pub fn x(&self) -> C::Base {
        self.x
    }
    /// y-coordinate (zero for the identity).
    pub fn y(&self) -> C::Base {
        self.y
    }
    /// True for the identity.
    pub fn is_identity(&self) -> Choice {
        self.infinity
    }
    /// The projective form.
    pub fn to_projective(&self) -> ProjectivePoint<C> {
        let p = ProjectivePoint { x: self.x, y: self.y, z: C::Base::ONE };
        ProjectivePoint::conditional_select(&p, &ProjectivePoint::IDENTITY, self.infinity)
    }
    /// True when n·P = O (always true on a prime-order curve; checked by
    /// multiplication when the cofactor is not 1). Variable time in P only
    /// through its public value.
    pub fn is_torsion_free(&self) -> Choice {
        if C::COFACTOR == 1 {
            return Choice::from(1);
        }
        // [n]P = [n-1]P + P
        let n_minus_1 = Scalar(-C::ScalarField::ONE);
        let p = self.to_projective();
        p.mul_vartime(&n_minus_1).add(&p).is_identity()
    }
}

impl<C: WeierstrassCurve> ConditionallySelectable for AffinePoint<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        AffinePoint {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            infinity: Choice::conditional_select(&a.infinity, &b.infinity, choice),
        }
    }
}

impl<C: WeierstrassCurve> ConstantTimeEq for AffinePoint<C> {
    fn ct_eq(&self, other: &Self) -> Choice {
        (self.infinity & other.infinity)
            | (!self.infinity & !other.infinity & self.x.ct_eq(&other.x) & self.y.ct_eq(&other.y))
    }
}

impl<C: WeierstrassCurve> PartialEq for AffinePoint<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: WeierstrassCurve> Eq for AffinePoint<C> {}

impl<C: WeierstrassCurve> Zeroize for ProjectivePoint<C> {
    fn zeroize(&mut self) {
        self.x.zeroize();
        self.y.zeroize();
        self.z.zeroize();
    }
}

impl<C: WeierstrassCurve> ProjectivePoint<C> {
    /// The identity (0 : 1 : 0).
    pub const IDENTITY: Self = ProjectivePoint {
        x: <C::Base as Field>::ZERO,
        y: <C::Base as Field>::ONE,
        z: <C::Base as Field>::ZERO,
    };

    /// The standard generator G.
    pub fn generator() -> Self {
        ProjectivePoint { x: C::GX, y: C::GY, z: C::Base::ONE }
    }

    /// True for the identity (Z = 0). Constant time.
    pub fn is_identity(&self) -> Choice {
        self.z.is_zero()
    }

    /// The affine form. One constant-time inversion; the identity maps to
    /// [`AffinePoint::identity`].
    pub fn to_affine(&self) -> AffinePoint<C> {
        let zinv = self.z.invert().unwrap_or(C::Base::ZERO);
        AffinePoint { x: self.x * zinv, y: self.y * zinv, infinity: self.z.is_zero() }
    }

    /// P + Q by the complete RCB16 addition (Alg. 1 / 4 / 7 by a). Constant
    /// time; correct for all inputs, including P = Q, P = −Q and the identity.
    pub fn add(&self, rhs: &Self) -> Self {
        match C::A_KIND {
            AKind::MinusThree => self.add_a_minus_3(rhs),
            AKind::Zero => self.add_a_zero(rhs),
            AKind::General => self.add_general(rhs),
        }
    }

    /// 2P by the complete RCB16 doubling (Alg. 3 / 6 / 9 by a). Constant time.
    pub fn double(&self) -> Self {
        match C::A_KIND {
            AKind::MinusThree => self.double_a_minus_3(),
            AKind::Zero => self.double_a_zero(),
            AKind::General => self.double_general(),
        }
    }

    /// −P = (X : −Y : Z). Constant time.
    pub fn neg(&self) -> Self {
        ProjectivePoint { x: self.x, y: -self.y, z: self.z }
    }

    /// 3b·v: by [`Field::mul_small`] when b is a small integer
    /// ([`WeierstrassCurve::B3_SMALL`]), else one multiplication by the
    /// constant 3b. Constant time in v.
    #[inline(always)]
    fn mul_b3(v: C::Base) -> C::Base {
        match C::B3_SMALL {
            Some(k) => v.mul_small(k),
            None => C::B3 * v,
        }
    }

    /// P + (x₂, y₂) for an affine point (x₂, y₂) on the curve (not the
    /// identity), by the complete mixed addition of RCB16 (Alg. 2 / 5 / 8
    /// by a; 11M). Constant time; correct for every projective P, including
    /// the identity, P = Q and P = −Q. If (x₂, y₂) is not a curve point the
    /// result is meaningless (callers mask it away).
    #[inline]
    pub fn add_mixed(&self, x2: &C::Base, y2: &C::Base) -> Self {
        match C::A_KIND {
            AKind::MinusThree => self.add_mixed_a_minus_3(x2, y2),
            AKind::Zero => self.add_mixed_a_zero(x2, y2),
            AKind::General => self.add_mixed_general(x2, y2),
        }
    }

    /// RCB16 Algorithm 2: complete mixed addition for any a (Alg. 1 with
    /// Z₂ = 1). 11M + 3m_a + 2m_3b.
    fn add_mixed_general(&self, x2: &C::Base, y2: &C::Base) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (*x2, *y2);
        let t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t3 = x2 + y2;
        let mut t4 = x1 + y1;
        t3 = t3 * t4;
        t4 = t0 + t1;
        t3 = t3 - t4;
        t4 = x2 * z1;
        t4 = t4 + x1;
        let mut t5 = y2 * z1;
        t5 = t5 + y1;
        let mut z3 = mul_a::<C>(t4);
        let mut x3 = Self::mul_b3(z1);
        z3 = x3 + z3;
        x3 = t1 - z3;
        z3 = t1 + z3;
        t1 = t0 + t0;
        t1 = t1 + t0;
        let mut t2 = mul_a::<C>(z1);
        t4 = Self::mul_b3(t4);
        t1 = t1 + t2;
        t2 = t0 - t2;
        t2 = mul_a::<C>(t2);
        t4 = t4 + t2;
        // Y3 = X3·Z3 + t1·t4, X3 = t3·X3 − t5·t4, Z3 = t5·Z3 + t3·t1 (one
        // reduction each where the field has the fused routine)
        let y3 = C::Base::sum_of_products(&x3, &z3, &t1, &t4);
        let x3n = C::Base::difference_of_products(&t3, &x3, &t5, &t4);
        let z3 = C::Base::sum_of_products(&t5, &z3, &t3, &t1);
        ProjectivePoint { x: x3n, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 5: complete mixed addition for a = −3 (Alg. 4 with
    /// Z₂ = 1). 11M + 2m_b.
    fn add_mixed_a_minus_3(&self, x2: &C::Base, y2: &C::Base) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (*x2, *y2);
        let b = C::B;
        let mut t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t3 = x2 + y2;
        let mut t4 = x1 + y1;
        t3 = t3 * t4;
        t4 = t0 + t1;
        t3 = t3 - t4;
        t4 = y2 * z1;
        t4 = t4 + y1;
        let mut y3 = x2 * z1;
        y3 = y3 + x1;
        let mut z3 = b * z1;
        let mut x3 = y3 - z3;
        z3 = x3 + x3;
        x3 = x3 + z3;
        z3 = t1 - x3;
        x3 = t1 + x3;
        y3 = b * y3;
        t1 = z1 + z1;
        let t2 = t1 + z1;
        y3 = y3 - t2;
        y3 = y3 - t0;
        t1 = y3 + y3;
        y3 = t1 + y3;
        t1 = t0 + t0;
        t0 = t1 + t0;
        t0 = t0 - t2;
        Self::finish_a_minus_3(&t0, &t3, &t4, &x3, &y3, &z3)
    }

    /// RCB16 Algorithm 8: complete mixed addition for a = 0 (Alg. 7 with
    /// Z₂ = 1). 11M + 2m_3b.
    fn add_mixed_a_zero(&self, x2: &C::Base, y2: &C::Base) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2) = (*x2, *y2);
        let mut t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t3 = x2 + y2;
        let mut t4 = x1 + y1;
        t3 = t3 * t4;
        t4 = t0 + t1;
        t3 = t3 - t4;
        t4 = y2 * z1;
        t4 = t4 + y1;
        let mut y3 = x2 * z1;
        y3 = y3 + x1;
        let x3 = t0 + t0;
        t0 = x3 + t0;
        let t2 = Self::mul_b3(z1);
        let z3 = t1 + t2;
        t1 = t1 - t2;
        y3 = Self::mul_b3(y3);
        Self::finish_a_zero(&t0, &t1, &t3, &t4, &y3, &z3)
    }

    /// The common last step of RCB16 Algorithms 4 and 5 (a = −3):
    /// (X3 : Y3 : Z3) = (t3·X3 − t4·Y3 : X3·Z3 + t0·Y3 : t4·Z3 + t3·t0)
    /// from the algorithms' values at that point. With
    /// [`Field::FUSED_SUM_OF_PRODUCTS`] each coordinate is one sum of
    /// products with one reduction, else six products and three additions
    /// in the algorithms' order. Constant time.
    #[inline(always)]
    fn finish_a_minus_3(t0: &C::Base, t3: &C::Base, t4: &C::Base, x3: &C::Base, y3: &C::Base, z3: &C::Base) -> Self {
        if C::Base::FUSED_SUM_OF_PRODUCTS {
            let y = C::Base::sum_of_products(x3, z3, t0, y3);
            let x = C::Base::difference_of_products(t3, x3, t4, y3);
            let z = C::Base::sum_of_products(t4, z3, t3, t0);
            return ProjectivePoint { x, y, z };
        }
        let t4y = *t4 * *y3;
        let t0y = *t0 * *y3;
        let y = *x3 * *z3 + t0y;
        let x = *t3 * *x3 - t4y;
        let z = *t4 * *z3 + *t3 * *t0;
        ProjectivePoint { x, y, z }
    }

    /// The common last step of RCB16 Algorithms 7 and 8 (a = 0):
    /// (X3 : Y3 : Z3) = (t3·t1 − t4·Y3 : t1·Z3 + Y3·t0 : Z3·t4 + t0·t3)
    /// from the algorithms' values at that point, one sum of products per
    /// coordinate with [`Field::FUSED_SUM_OF_PRODUCTS`], else in the
    /// algorithms' order. Constant time.
    #[inline(always)]
    fn finish_a_zero(t0: &C::Base, t1: &C::Base, t3: &C::Base, t4: &C::Base, y3: &C::Base, z3: &C::Base) -> Self {
        if C::Base::FUSED_SUM_OF_PRODUCTS {
            let x = C::Base::difference_of_products(t3, t1, t4, y3);
            let y = C::Base::sum_of_products(t1, z3, y3, t0);
            let z = C::Base::sum_of_products(z3, t4, t0, t3);
            return ProjectivePoint { x, y, z };
        }
        let t4y = *t4 * *y3;
        let x = *t3 * *t1 - t4y;
        let y = *y3 * *t0 + *t1 * *z3;
        let t03 = *t0 * *t3;
        let z = *z3 * *t4 + t03;
        ProjectivePoint { x, y, z }
    }

    /// True when P ≠ O and its affine x-coordinate equals `x`, checked
    /// without an inversion as X = x·Z. Variable time (public inputs:
    /// signature verification).
    pub fn has_affine_x_vartime(&self, x: &C::Base) -> bool {
        !bool::from(self.z.is_zero()) && bool::from((*x * self.z).ct_eq(&self.x))
    }

    /// RCB16 Algorithm 1: complete addition for any a. 12M + 3m_a + 2m_3b + 23a.
    pub fn add_general(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t2 = z1 * z2;
        let mut t3 = x1 + y1;
        let mut t4 = x2 + y2;
        t3 = t3 * t4;
        t4 = t0 + t1;
        t3 = t3 - t4;
        t4 = x1 + z1;
        let mut t5 = x2 + z2;
        t4 = t4 * t5;
        t5 = t0 + t2;
        t4 = t4 - t5;
        t5 = y1 + z1;
        let mut x3 = y2 + z2;
        t5 = t5 * x3;
        x3 = t1 + t2;
        t5 = t5 - x3;
        let mut z3 = mul_a::<C>(t4);
        x3 = Self::mul_b3(t2);
        z3 = x3 + z3;
        x3 = t1 - z3;
        z3 = t1 + z3;
        t1 = t0 + t0;
        t1 = t1 + t0;
        t2 = mul_a::<C>(t2);
        t4 = Self::mul_b3(t4);
        t1 = t1 + t2;
        t2 = t0 - t2;
        t2 = mul_a::<C>(t2);
        t4 = t4 + t2;
        // Y3 = X3·Z3 + t1·t4, X3 = t3·X3 − t5·t4, Z3 = t5·Z3 + t3·t1 (one
        // reduction each where the field has the fused routine)
        let y3 = C::Base::sum_of_products(&x3, &z3, &t1, &t4);
        let x3n = C::Base::difference_of_products(&t3, &x3, &t5, &t4);
        let z3 = C::Base::sum_of_products(&t5, &z3, &t3, &t1);
        ProjectivePoint { x: x3n, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 3: complete doubling for any a. 8M + 3S + 3m_a + 2m_3b + 15a.
    pub fn double_general(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let mut t0 = x * x;
        let t1 = y * y;
        let mut t2 = z * z;
        let mut t3 = x * y;
        t3 = t3 + t3;
        let mut z3 = x * z;
        z3 = z3 + z3;
        let mut x3 = mul_a::<C>(z3);
        let mut y3 = Self::mul_b3(t2);
        y3 = x3 + y3;
        x3 = t1 - y3;
        y3 = t1 + y3;
        y3 = x3 * y3;
        x3 = t3 * x3;
        z3 = Self::mul_b3(z3);
        t2 = mul_a::<C>(t2);
        t3 = t0 - t2;
        t3 = mul_a::<C>(t3);
        t3 = t3 + z3;
        z3 = t0 + t0;
        t0 = z3 + t0;
        t0 = t0 + t2;
        t0 = t0 * t3;
        y3 = y3 + t0;
        t2 = y * z;
        t2 = t2 + t2;
        t0 = t2 * t3;
        x3 = x3 - t0;
        z3 = t2 * t1;
        z3 = z3 + z3;
        z3 = z3 + z3;
        ProjectivePoint { x: x3, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 4: complete addition for a = −3. 12M + 2m_b + 29a.
    pub fn add_a_minus_3(&self, rhs: &Self) -> Self {
        self.add_a_minus_3_b(rhs, &C::B)
    }

    /// RCB16 Algorithm 4 on the curve y² = x³ − 3x + b for the given b (the
    /// a = −3 curve isomorphic to this one, see [`IsoAMinus3`]).
    #[inline(always)]
    fn add_a_minus_3_b(&self, rhs: &Self, b: &C::Base) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let b = *b;
        let mut t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t2 = z1 * z2;
        let mut t3 = x1 + y1;
        let mut t4 = x2 + y2;
        t3 = t3 * t4;
        t4 = t0 + t1;
        t3 = t3 - t4;
        t4 = y1 + z1;
        let mut x3 = y2 + z2;
        t4 = t4 * x3;
        x3 = t1 + t2;
        t4 = t4 - x3;
        x3 = x1 + z1;
        let mut y3 = x2 + z2;
        x3 = x3 * y3;
        y3 = t0 + t2;
        y3 = x3 - y3;
        let mut z3 = b * t2;
        x3 = y3 - z3;
        z3 = x3 + x3;
        x3 = x3 + z3;
        z3 = t1 - x3;
        x3 = t1 + x3;
        y3 = b * y3;
        t1 = t2 + t2;
        t2 = t1 + t2;
        y3 = y3 - t2;
        y3 = y3 - t0;
        t1 = y3 + y3;
        y3 = t1 + y3;
        t1 = t0 + t0;
        t0 = t1 + t0;
        t0 = t0 - t2;
        Self::finish_a_minus_3(&t0, &t3, &t4, &x3, &y3, &z3)
    }

    /// RCB16 Algorithm 6: complete doubling for a = −3. 8M + 3S + 2m_b + 21a.
    pub fn double_a_minus_3(&self) -> Self {
        self.double_a_minus_3_b(&C::B)
    }

    /// RCB16 Algorithm 6 on the curve y² = x³ − 3x + b for the given b.
    #[inline(always)]
    fn double_a_minus_3_b(&self, b: &C::Base) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let b = *b;
        let mut t0 = x * x;
        let t1 = y * y;
        let mut t2 = z * z;
        let mut t3 = x * y;
        t3 = t3 + t3;
        let mut z3 = x * z;
        z3 = z3 + z3;
        let mut y3 = b * t2;
        y3 = y3 - z3;
        let mut x3 = y3 + y3;
        y3 = x3 + y3;
        x3 = t1 - y3;
        y3 = t1 + y3;
        y3 = x3 * y3;
        x3 = x3 * t3;
        t3 = t2 + t2;
        t2 = t2 + t3;
        z3 = b * z3;
        z3 = z3 - t2;
        z3 = z3 - t0;
        t3 = z3 + z3;
        z3 = z3 + t3;
        t3 = t0 + t0;
        t0 = t3 + t0;
        t0 = t0 - t2;
        t0 = t0 * z3;
        y3 = y3 + t0;
        t0 = y * z;
        t0 = t0 + t0;
        z3 = t0 * z3;
        x3 = x3 - z3;
        z3 = t0 * t1;
        z3 = z3 + z3;
        z3 = z3 + z3;
        ProjectivePoint { x: x3, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 7: complete addition for a = 0. 12M + 2m_3b + 19a.
    pub fn add_a_zero(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let mut t0 = x1 * x2;
        let mut t1 = y1 * y2;
        let mut t2 = z1 * z2;
        let mut t3 = x1 + y1;
        let mut t4 = x2 + y2;
        t3 = t3 * t4;
        t4 = t0 + t1;
        t3 = t3 - t4;
        t4 = y1 + z1;
        let mut x3 = y2 + z2;
        t4 = t4 * x3;
        x3 = t1 + t2;
        t4 = t4 - x3;
        x3 = x1 + z1;
        let mut y3 = x2 + z2;
        x3 = x3 * y3;
        y3 = t0 + t2;
        y3 = x3 - y3;
        x3 = t0 + t0;
        t0 = x3 + t0;
        t2 = Self::mul_b3(t2);
        let z3 = t1 + t2;
        t1 = t1 - t2;
        y3 = Self::mul_b3(y3);
        Self::finish_a_zero(&t0, &t1, &t3, &t4, &y3, &z3)
    }

    /// RCB16 Algorithm 9: complete doubling for a = 0. 6M + 2S + 1m_3b + 9a.
    pub fn double_a_zero(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let mut t0 = y * y;
        let mut z3 = t0 + t0;
        z3 = z3 + z3;
        z3 = z3 + z3;
        let mut t1 = y * z;
        let mut t2 = z * z;
        t2 = Self::mul_b3(t2);
        let mut x3 = t2 * z3;
        let mut y3 = t0 + t2;
        z3 = t1 * z3;
        t1 = t2 + t2;
        t2 = t1 + t2;
        t0 = t0 - t2;
        y3 = t0 * y3;
        y3 = x3 + y3;
        t1 = x * y;
        x3 = t0 * t1;
        x3 = x3 + x3;
        ProjectivePoint { x: x3, y: y3, z: z3 }
    }

    /// [k]P, constant time in k and P. Never fails; [0]P and [k]O are the
    /// identity.
    ///
    /// Procedure (regular odd-digit fixed window, [`recode::odd_window`];
    /// w = 4 for fields up to 200 bits, w = 5 above): k is made odd (n − k
    /// for an even k, the result then negated); k = Σ dᵢ·2^(wi) with every
    /// dᵢ odd in [−(2^w − 1), 2^w − 1]; T[j] = [2j+1]P for j in
    /// 0..2^(w−1), in affine form; Q ← T(d_top); for each lower digit d:
    /// Q ← [2^(w−1)]Q, then Q ← 2Q + sign(d)·T[(|d|−1)/2] in one
    /// doubling-addition, where the entry is read by scanning every entry
    /// with masked selects and negated by a masked select. The whole chain
    /// runs in Jacobian coordinates: the doublings are exception-free on
    /// these odd-order curves (see `jacobian.rs`), and no digit is 0 and no
    /// doubling-addition meets the summands it cannot handle, for every
    /// k (argument at `mul_window`), so no input needs a branch or a mask.
    ///
    /// On curves with a GLV endomorphism ([`WeierstrassCurve::GLV`]) the
    /// scalar is split instead (see [`Self::mul_glv`]).
    pub fn mul<S: ScalarInput<C::ScalarField>>(&self, k: &S) -> Self {
        if let Some(g) = C::GLV {
            return self.mul_glv(&g, k.as_field());
        }
        if let Some(iso) = C::ISO_A_MINUS_3 {
            // (X : Y : Z) ↦ (Z²·X : Z³·Y : Z) on the a = −3 curve, multiply
            // there, and map back by (X·Z : Y : Z³·Z) (no inversion).
            let p = Self { x: self.x * iso.z2, y: self.y * iso.z3, z: self.z };
            let r = p.mul_window_auto(k.as_field(), Some(&iso.b));
            return Self { x: r.x * iso.z, y: r.y, z: r.z * iso.z3 };
        }
        self.mul_window_auto(k.as_field(), None)
    }

    /// The regular odd-digit fixed-window chain of [`Self::mul`] with
    /// window width w = log₂(T) + 1 (T = 2^(w−1) table entries, the odd
    /// multiples [1]P … [2^w − 1]P; `mul` uses T = 8, w = 4, for fields up
    /// to 200 bits and T = 16, w = 5, above). With `iso_b = Some(b)` the
    /// point is on y² = x³ − 3x + b (the a = −3 isomorph of this curve)
    /// and the a = −3 doubling is used throughout.
    ///
    /// Procedure: k′ = k if k is odd, n − k if it is even (then [k]P =
    /// −[k′]P), 1 for k = 0 (the result replaced by the identity); the
    /// table T[j] = [2j+1]P in affine (x, y), by co-Z additions of 2P and
    /// one constant-time inversion ([`JacobianPoint::multiples_odd_affine_coz`]);
    /// k′ = Σ dᵢ·2^(w·i) with every dᵢ odd, |dᵢ| ≤ 2^w − 1, the top one
    /// positive ([`recode::odd_window`], the regular recoding of
    /// Joye–Tunstall); Q ← T(d_top); for i from the top − 1 down to 0:
    /// Q ← [2^(w−1)]Q, then Q ← 2Q + dᵢ·P by the doubling-addition
    /// [`JacobianPoint::double_add_affine`] ((Q + E) + Q in one formula,
    /// 13M + 5S, no identity handling;
    /// [`JacobianPoint::double_n_double_add_affine_on`] runs the window in
    /// the field's assembly block where it has one); each entry is read by
    /// a full masked scan of the table and negated by a masked select. The
    /// result leaves in homogeneous form, negated by a masked select for
    /// an even k.
    ///
    /// Why no window meets an exceptional case (P of prime order n,
    /// cofactor 1, 1 ≤ k′ < n). Let kᵢ = Σ_{j ≥ i} dⱼ·2^(w(j−i)), the value
    /// recoded from window i up: odd, so kᵢ ≥ 1, and kᵢ < k′/2^(wi) + 1
    /// (the lower digits sum to less than 2^(wi) in absolute value), so
    /// k₀ = k′ < n and kᵢ ≤ n/2^w + 1 for i ≥ 1. Window i starts from
    /// Q = [kᵢ₊₁]P and forms A = [2^(w−1)·kᵢ₊₁]P, then (A + E) + A with
    /// E = dᵢ·P. The formula needs A ≠ O, E ≠ O, A ≠ ±E and
    /// A + E ≠ −A. A = O needs n | 2^(w−1)·kᵢ₊₁, but
    /// 0 < 2^(w−1)·kᵢ₊₁ ≤ n/2 + 2^(w−1) < n; E ≠ O as 0 < |dᵢ| < n;
    /// A = ±E needs n | 2^(w−1)·kᵢ₊₁ ∓ dᵢ, an odd number (dᵢ is odd) of
    /// absolute value at most n/2 + 2^(w−1) + 2^w − 1 < n, so nonzero and
    /// not a multiple; A + E = −A needs n | 2^w·kᵢ₊₁ + dᵢ = kᵢ, and
    /// 1 ≤ kᵢ < n. The doublings are exception-free (odd order). The
    /// table's co-Z additions are safe too (see
    /// `multiples_odd_affine_coz`). So every k, 0 and n − 1 included, runs
    /// the same straight-line chain, and the complete formula the
    /// signed-digit chain needed for its last digit is gone.
    ///
    /// P = O makes the table (0, 0) throughout (its Z's are 0 and the
    /// inverse of 0 is taken as 0); the chain then computes a meaningless
    /// value without failing, and the result is replaced by the identity
    /// with a masked select on P's Z.
    ///
    /// History, measured interleaved in one process (min of rounds of 8
    /// scalars, AMD EPYC Zen 3, BMI2 + ADX, µs):
    /// - the Jacobian chain with the RCB16 addition in every window (12M +
    ///   2m_b and 29 field additions, plus the conversions to and from
    ///   homogeneous form) → the incomplete Jacobian `add-1998-cmo-2`
    ///   (12M + 4S): secp521r1 351 → 329, secp384r1 0.89–1.01, secp256r1
    ///   0.94–1.00, brainpoolP256t1 0.99;
    /// - each window's w doublings and its addition in the field's fused
    ///   assembly routine where it has one
    ///   ([`JacobianPoint::double_n_add_affine_on`]: P-384, P-521): secp384r1
    ///   196 → 181, secp521r1 335 → 316;
    /// - the Jacobian table → the affine one with mixed additions (the
    ///   inversion and 6M + 1S per entry against 4M + 1S saved per window,
    ///   and a third less to scan), Rust formulas: secp256r1 52.0 → 50.8,
    ///   secp224r1 65.3 → 63.1, secp192r1 33.2 → 31.0, brainpoolP256r1
    ///   74.1 → 71.6, brainpoolP384t1 236.7 → 223.4, brainpoolP512t1
    ///   462.2 → 430.8, brainpoolP160r1 36.3 → 34.8, secp384r1 179.5 →
    ///   173.8 and secp521r1 319.1 → 296.3 with their fused doublings and
    ///   the Rust mixed addition; with the mixed addition in the fused
    ///   routines too (`x86_64_weierstrass`, min of 150 rounds), secp384r1
    ///   0.976–0.985 of that (178.2 → 173.9), secp521r1 0.998 (kept: one
    ///   path for both primes);
    /// - the table by seven doublings, eight Jacobian additions and a
    ///   simultaneous inversion of its Z's → by co-Z additions
    ///   ([`JacobianPoint::multiples_affine_coz`], min of 150 rounds, three
    ///   runs): secp256r1 0.99–1.00 (50.2 → 49.7), secp384r1 0.95–0.96
    ///   (173.2 → 164.7), secp521r1 0.98–0.99, secp224r1 0.95–0.96,
    ///   brainpoolP256r1 0.87–0.94, brainpoolP256t1 0.95–0.96,
    ///   brainpoolP384t1 0.88–0.98, brainpoolP160r1 0.97–0.99, secp192r1
    ///   and brainpoolP512t1 unchanged (0.93–1.02);
    /// - the P-256 window step in the generated assembly too, and one
    ///   scratch state for the fused routines of the whole chain (zeroized
    ///   once, when dropped) instead of one wiped after every window: in
    ///   one process, the P-256 routine switched on and off in alternate
    ///   rounds (min of 1500 rounds of 8 scalars), secp256r1 48.6 → 47.3;
    ///   while the state was still wiped per window, 49.3–49.6 → 49.6;
    /// - the generic four-word window block (modulus in the state) for the
    ///   other four-word a = −3 fields, then a product with row 0 as a
    ///   plain product (Intel Xeon, min of 300 alternating rounds):
    ///   brainpoolP256t1 66.0 → 62.7 → 59.8 (the Rust formulas on the new
    ///   product 64.3), brainpoolP256r1 65.4 → 62.7 → 59.9, brainpoolP224r1
    ///   57.6 → 55.0 → 52.5, secp224r1 64.2 → 55.3 → 53.0; secp256r1
    ///   unchanged (47.7).
    ///
    /// - the signed digits dᵢ ∈ [−2^(w−1), 2^(w−1)] with w doublings and
    ///   the masked mixed addition per window (the identity and the digit 0
    ///   selected by masks) and the complete RCB16 addition for the last
    ///   digit → the odd digits with w − 1 doublings and the
    ///   doubling-addition per window, nothing masked (Intel Xeon with
    ///   IFMA, family 6 model 167): one window in the assembly blocks
    ///   called from C (TSC cycles, min of 3000 interleaved rounds of ten)
    ///   P-256 1460 → 1413 (0.968), P-384 3502 → 3408 (0.973), P-521
    ///   3679 → 3643 (0.990); ECDH against aws-lc-rs in the same `--peers`
    ///   runs (three alternating runs of the two binaries) secp384r1
    ///   1.007–1.010 → 0.973–0.976, secp256r1 0.974–0.978 → 0.940–0.944,
    ///   secp521r1 0.987–0.994 → 0.971–0.977; lab `mul`, new/old over
    ///   the sums of three alternating runs, secp256r1 0.91, secp384r1
    ///   0.94, secp521r1 0.98, secp224r1 0.97, secp192r1 0.99, the
    ///   brainpool curves 0.92–0.98 (the curves whose `mul` did not
    ///   change came out 0.98–1.03: the noise of these runs).
    ///
    /// Constant time: the loop counts depend on T and the public scalar
    /// size only, the inversion is the constant-time safegcd, every table
    /// read is a full masked scan, the parity of k and the cases k = 0 and
    /// P = O are masked selects.
    #[inline(always)]
    fn mul_window<const T: usize>(&self, k: &C::ScalarField, iso_b: Option<&C::Base>) -> Self {
        const { assert!(C::COFACTOR == 1, "mul_window: the chain's exception-free argument needs a prime-order group") };
        let mut scratch = DoubleNAddScratch::new();
        let w = T.trailing_zeros() + 1;
        // k′: odd, in [1, n)
        let even = !k.is_odd();
        let k_zero = k.is_zero();
        let mut kk = C::ScalarField::conditional_select(k, &-*k, even);
        kk = C::ScalarField::conditional_select(&kk, &C::ScalarField::ONE, k_zero);
        let (mut buf, _) = recode::to_be_buffer(&kk);
        kk.zeroize();
        let mut digits = [0i8; recode::SIGNED4_MAX_DIGITS];
        let n = recode::odd_window(&buf, C::ScalarField::BITS as usize, w, &mut digits);
        buf.zeroize();
        debug_assert!(n >= 2);
        // xy[j] = [2j+1]P, affine
        let p1 = JacobianPoint::from_projective(self);
        let mut xy = match iso_b {
            Some(_) => p1.multiples_odd_affine_coz::<true, T>(),
            None => p1.multiples_odd_affine_coz::<false, T>(),
        };
        // (x, ±y) of the entry for the odd digit d: index (|d| + 1)/2 of
        // the 1-based masked scan
        let lookup = |d: i8| {
            let (mag, neg) = recode::signed_abs(d);
            let [x, y] = C::Base::lookup(&xy, (mag >> 1) + 1);
            [x, C::Base::conditional_select(&y, &-y, neg)]
        };
        let [x, y] = lookup(digits[n - 1]);
        let mut acc = JacobianPoint::from_affine_vartime(&x, &y);
        for &d in digits[..n - 1].iter().rev() {
            let [x, y] = lookup(d);
            acc = match iso_b {
                Some(_) => acc.double_n_double_add_affine_on::<true>(w - 1, &x, &y, &mut scratch),
                None => acc.double_n_double_add_affine_on::<false>(w - 1, &x, &y, &mut scratch),
            };
        }
        let r = acc.to_projective();
        acc.zeroize();
        digits.zeroize();
        xy.zeroize();
        let r = Self::conditional_select(&r, &r.neg(), even);
        Self::conditional_select(&r, &Self::IDENTITY, k_zero | self.z.is_zero())
    }

    /// [`Self::mul_window`] with the width chosen by field size: w = 4 up to
    /// 200-bit fields, w = 5 above (measured: see `WINDOW5_MIN_BITS`).
    #[inline(always)]
    fn mul_window_auto(&self, k: &C::ScalarField, iso_b: Option<&C::Base>) -> Self {
        if C::Base::BITS > WINDOW5_MIN_BITS {
            self.mul_window::<16>(k, iso_b)
        } else {
            self.mul_window::<8>(k, iso_b)
        }
    }

    /// [k]P by the GLV method, constant time in k and P.
    ///
    /// Procedure: k ≡ (−1)^s₁|k₁| + (−1)^s₂|k₂|·λ with |kᵢ| < 2^h
    /// ([`glv::split`], h = [`glv::GlvParams::half_bits`]: 128 on
    /// secp256k1, 112 on secp224k1, 96 on secp192k1); T₁[j] = [j+1]P for
    /// j < 16 in affine (x, y), by co-Z additions and one constant-time
    /// inversion ([`JacobianPoint::multiples_affine_coz`]), and
    /// T₂[j] = φ(T₁[j]) = (β·x, y); both magnitudes recoded
    /// into signed 5-bit digits over their low ⌈h/5⌉·5 bits
    /// ([`recode::signed_window_bytes`]: 27 digits on secp256k1, 24 on
    /// secp224k1, 21 on secp192k1, the top one a carry); the chain starts
    /// from the top-digit entry of T₁ plus that of T₂, then for each lower
    /// digit pair: Q ← [32]Q + ((−1)^s₁·d₁ᵢ)·T₁ + ((−1)^s₂·d₂ᵢ)·T₂, each
    /// entry read by a full masked scan and negated by a masked select.
    /// The additions above the last digit pair are the incomplete mixed
    /// `madd-2004-hmv` in Jacobian coordinates (identities by masks,
    /// [`JacobianPoint::double_n_add_affine_on`]: in the field's assembly
    /// block with the window's doublings where it has one, secp256k1 on
    /// x86-64 with BMI2 + ADX); the last pair's, the complete RCB16 mixed
    /// addition ([`Self::add_mixed`]).
    ///
    /// Why the incomplete additions are safe there (P of prime order n,
    /// cofactor 1). Write L = {(x, y) : x + λ·y ≡ 0 (mod n)} and μ for the
    /// least max(|x|, |y|) over L ∖ {0}: μ = |b₁| of the split's basis,
    /// 0xe4437ed6010e88286f547fa90abfe4c3 ≈ 2^127.83 on secp256k1,
    /// 0xb8adf1378a6eb73409fa6c9c637d ≈ 2^111.53 on secp224k1,
    /// 0xb3fb3400dec5c4adceb8655c ≈ 2^95.49 on secp192k1 (a
    /// Gauss-reduced basis and every combination with coefficients up to
    /// 50 in absolute value, which Cramer's rule shows to be enough;
    /// checked by `kurve-tests/tests/glv.rs`). An addition [a + λb]P +
    /// [c + λe]P meets equal (or opposite) summands only if
    /// (a ∓ c, b ∓ e) ∈ L. With aᵢ = Σ_{j≥i} d₁ⱼ·32^(j−i), so that
    /// |aᵢ| < |k₁|/32^i + 1 (the lower digits sum to less than 32^i in
    /// absolute value), and bᵢ likewise: before the digit pair i ≥ 1
    /// the chain holds [±32·aᵢ₊₁ ± λ·32·bᵢ₊₁]P; the first addition differs
    /// from its entry ±d₁ᵢ·P by a vector with entries below
    /// 2^h/32^i + 48 ≤ 2^(h−5) + 48 < μ, the second from ±λ·d₂ᵢ·P
    /// likewise (its a-part is aᵢ), so both vectors are 0: then every
    /// summand is the identity, which the masks handle. The top pair sums
    /// ±d₁·P and ±λ·d₂·P with |d| ≤ 16. For i = 0 the bound is 2^h + 48,
    /// above μ: hence the complete formula there.
    ///
    /// P = O makes the table (0, 0) throughout; the chain then computes a
    /// meaningless value without failing, and the result is replaced by
    /// the identity with a masked select on P's Z.
    ///
    /// Measured (secp256k1 ECDH, µs): 4-bit windows over
    /// 136 bits (35 digit pairs, the chain starting from O) 24.4 → 5-bit
    /// windows over 128 bits 22.4; 6-bit windows (32-entry tables) 24.0.
    /// The four Jacobian doublings of each window in the field's fused
    /// routine (secp256k1 on x86-64 with BMI2 + ADX): lab `mul` 35.5 →
    /// 33.4 (Intel Xeon). Projective tables with the complete RCB16
    /// addition in every window → these affine tables with the incomplete
    /// mixed additions (lab `mul`, min of three alternating runs, Intel
    /// Xeon): secp256k1 33.4 → 28.6 (in the block), secp224k1 54.5 → 46.1
    /// and secp192k1 23.5 → 21.4 (Rust formulas, no block).
    ///
    /// Constant time: the loop counts depend on the public h only, the
    /// inversion is the constant-time safegcd, every table read is a full
    /// masked scan, the identity cases and signs are masked selects.
    pub fn mul_glv(&self, g: &glv::GlvParams<C>, k: &C::ScalarField) -> Self {
        const { assert!(C::COFACTOR == 1, "mul_glv: the incomplete additions need a prime-order group") };
        const T: usize = 16;
        const W: u32 = 5;
        // T₁ = [1..16]P and T₂ = φ(T₁), affine
        let mut t1 = JacobianPoint::from_projective(self).multiples_affine_coz::<false, T>();
        let mut t2 = t1;
        for e in t2.iter_mut() {
            e[0] = e[0] * g.beta;
        }
        let s = glv::split(g, k);
        let mut d1 = [0i8; recode::SIGNED4_MAX_DIGITS];
        let mut d2 = [0i8; recode::SIGNED4_MAX_DIGITS];
        // whole windows over the proven bound (secp256k1: 26 windows,
        // 130 bits, the proven 128 and two spare)
        let bits = g.half_bits.min(glv::HALF_BITS).next_multiple_of(W as usize);
        let n = recode::signed_window_bytes(&s.k1, W, bits, &mut d1);
        recode::signed_window_bytes(&s.k2, W, bits, &mut d2);
        // (x, ±y) of the entry |d| with the sign of d times the half's,
        // and whether d = 0 (then (0, 0))
        let entry = |t: &[[C::Base; 2]; T], d: i8, neg: Choice| {
            let (mag, dneg) = recode::signed_abs(d);
            let [x, y] = C::Base::lookup(t, mag);
            ([x, C::Base::conditional_select(&y, &-y, dneg ^ neg)], mag.ct_eq(&0))
        };
        // one scratch for the fused routine of the whole chain, zeroized
        // when dropped
        let mut scratch = DoubleNAddScratch::new();
        let ([x, y], zero) = entry(&t1, d1[n - 1], s.neg1);
        let mut acc = JacobianPoint::conditional_select(
            &JacobianPoint::from_affine_vartime(&x, &y),
            &JacobianPoint::IDENTITY_VARTIME,
            zero,
        );
        let ([x, y], zero) = entry(&t2, d2[n - 1], s.neg2);
        acc = acc.double_n_add_affine_on::<false>(0, &x, &y, zero, &mut scratch);
        for i in (1..n - 1).rev() {
            let ([x, y], zero) = entry(&t1, d1[i], s.neg1);
            acc = acc.double_n_add_affine_on::<false>(W, &x, &y, zero, &mut scratch);
            let ([x, y], zero) = entry(&t2, d2[i], s.neg2);
            acc = acc.double_n_add_affine_on::<false>(0, &x, &y, zero, &mut scratch);
        }
        // the last digit pair by the complete formula
        let mut r = acc.double_n_on::<false>(W, &mut scratch).to_projective();
        for (t, d, neg) in [(&t1, d1[0], s.neg1), (&t2, d2[0], s.neg2)] {
            let ([x, y], zero) = entry(t, d, neg);
            let sum = r.add_mixed(&x, &y);
            r = Self::conditional_select(&sum, &r, zero);
        }
        acc.zeroize();
        d1.zeroize();
        d2.zeroize();
        t1.zeroize();
        t2.zeroize();
        Self::conditional_select(&r, &Self::IDENTITY, self.z.is_zero())
    }

    /// [k]G for the standard generator, constant time in k. Never fails;
    /// [0]G is the identity.
    ///
    /// Procedure (signed w-bit fixed window, w = [`WeierstrassCurve::BASE_W`],
    /// over the compile-time table T[i][j] = ((j+1)·2^(w·i))·G of
    /// [`WeierstrassCurve::base_table`]): k = Σ dᵢ·2^(w·i) with
    /// dᵢ ∈ [−2^(w−1), 2^(w−1)] ([`recode::signed_window`]); Q ← O; for each
    /// row i: (x, y) ← T[i][|dᵢ|−1] by a full masked scan of the row (all
    /// zero when dᵢ = 0); y ← −y if dᵢ < 0 (masked); S ← Q + (x, y);
    /// Q ← S unless dᵢ = 0 (masked select — the affine table cannot hold
    /// the identity). No doublings: one scan and one mixed addition per
    /// row, [`precomp::base_rows`] rows (65 for a 256-bit n at w = 4, 37 at
    /// w = 7).
    ///
    /// The additions: rows i with w·(i + 1) ≤ bits(n) − 1 (all but the last
    /// one or two) add in Jacobian coordinates by the incomplete
    /// `madd-2004-hmv` (8M + 3S, [`JacobianPoint::add_affine_unless_equal_on`],
    /// Q = O by a mask; in the field's assembly block where it has one,
    /// the k = 0 call of the window blocks of [`Self::mul_window`]); the rest, after one conversion to homogeneous
    /// form (2M + 1S), by the complete mixed addition of
    /// Renes–Costello–Batina (11M and about twenty additions). Why the
    /// incomplete formula is safe there: before row i, Q = [aᵢ]G with
    /// aᵢ = Σ_{j<i} dⱼ·2^(w·j), |aᵢ| ≤ 2^(w−1)·(2^(w·i) − 1)/(2^w − 1)
    /// < 2^(w·i), and the entry is [bᵢ]G with bᵢ = dᵢ·2^(w·i), 2^(w·i) ≤
    /// |bᵢ| ≤ 2^(w−1)·2^(w·i) when dᵢ ≠ 0 (dᵢ = 0 discards the sum). The
    /// failing case Q = entry needs aᵢ ≡ bᵢ (mod n), but 0 < |bᵢ| − |aᵢ|
    /// ≤ |aᵢ − bᵢ| < (1 + 2^(w−1))·2^(w·i) ≤ 2^(w·(i+1)) ≤ 2^(bits(n)−1) < n.
    /// The same bound gives aᵢ + bᵢ ≢ 0, so Q is O only before the first
    /// nonzero digit (the masked case). For the last rows the bound fails,
    /// and k = n − 2m gives Q = entry in the top row (as in
    /// [`Self::mul_window`]'s last digit), hence the complete formula there.
    /// Measured (public-key generation, this mul_base plus the affine
    /// conversion and encoding; Zen 3, interleaved against all-complete
    /// additions, min of 31 batches): secp256r1 0.80–0.84, secp384r1 0.83,
    /// secp521r1 0.79, brainpoolP256r1 0.70, secp256k1 0.96. The incomplete
    /// additions in the assembly blocks instead of the Rust formulas (lab
    /// keygen, Intel Xeon, min of three alternating runs, µs): secp256r1
    /// 10.9 → 10.3, secp384r1 36.1 → 32.3, secp521r1 58.1 → 52.6,
    /// secp256k1 11.3 → 9.9, secp224r1 18.9 → 16.1, brainpoolP256r1
    /// 18.5 → 18.0.
    pub fn mul_base<S: ScalarInput<C::ScalarField>>(k: &S) -> Self {
        let entries = precomp::base_entries(C::BASE_W);
        let table = C::base_table();
        let mut digits = [0i8; recode::SIGNED4_MAX_DIGITS];
        let n = recode::signed_window(k.as_field(), C::BASE_W, &mut digits);
        let rows = table.len() / entries;
        debug_assert!(digits[rows..n].iter().all(|&d| d == 0));
        // rows 0..fast: w·(i + 1) ≤ bits(n) − 1 (public)
        let fast = ((<C::ScalarField as Field>::BITS as usize - 1) / C::BASE_W as usize).min(rows);
        let mut jac = JacobianPoint::<C>::from_coords(&Self::IDENTITY);
        let mut acc = Self::IDENTITY;
        // the state of the field's fused routine, zeroized when dropped
        let mut scratch = DoubleNAddScratch::new();
        for (i, (row, &d)) in table.chunks_exact(entries).zip(digits[..n].iter()).enumerate() {
            let (mag, neg) = recode::signed_abs(d);
            let [x, mut y] = C::Base::lookup(row, mag);
            y = C::Base::conditional_select(&y, &-y, neg);
            if i < fast {
                jac = jac.add_affine_unless_equal_on(&x, &y, mag.ct_eq(&0), &mut scratch);
                continue;
            }
            if i == fast {
                acc = jac.to_projective();
            }
            let sum = acc.add_mixed(&x, &y);
            acc.conditional_assign(&sum, !mag.ct_eq(&0));
        }
        if fast >= rows {
            acc = jac.to_projective();
        }
        jac.zeroize();
        digits.zeroize();
        acc
    }

    /// [k]P in variable time: width-5 wNAF, accumulated in Jacobian
    /// coordinates (doubling 4M + 4S for a = −3, addition 12M + 4S with its
    /// exceptional cases branched on, see `jacobian.rs`). Public k and P only.
    ///
    /// On a = 0 curves the table is `IsoOddMultiples` (`jacobian.rs`) (mixed
    /// additions); on GLV curves k is split first
    /// ([`Self::glv_vartime`]: ≈128 doublings instead of ≈256).
    pub fn mul_vartime(&self, k: &Scalar<C::ScalarField>) -> Self {
        if let Some(g) = C::GLV {
            return Self::glv_vartime(&g, None, k, self);
        }
        let pj = JacobianPoint::from_projective(self);
        if let Some(iso) = pj.odd_multiples_iso_vartime() {
            let mut digits = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
            let len = recode::wnaf_vartime(&k.0, 5, &mut digits);
            let mut acc = JacobianPoint::IDENTITY_VARTIME;
            for i in (0..len).rev() {
                acc = acc.double();
                acc = Self::add_iso_digit_vartime(acc, &iso.xy, digits[i].into(), false);
            }
            return acc.unscale_iso_vartime(&iso.s).to_projective();
        }
        if let Some(iso) = C::ISO_A_MINUS_3 {
            let p = JacobianPoint::from_projective(&Self { x: self.x * iso.z2, y: self.y * iso.z3, z: self.z });
            return Self::wnaf_vartime_on::<true>(&p, k).unscale_iso_vartime(&iso.z).to_projective();
        }
        Self::wnaf_vartime_on::<false>(&pj, k).to_projective()
    }

    /// The width-5 wNAF chain of [`Self::mul_vartime`] in Jacobian
    /// coordinates, with the a = −3 doubling when `M3` (P on the a = −3
    /// isomorph), over P's affine odd multiples where it has them (mixed
    /// additions; [`Self::odd_multiples_affine_vartime_on`]). Variable
    /// time: public inputs only.
    fn wnaf_vartime_on<const M3: bool>(p: &JacobianPoint<C>, k: &Scalar<C::ScalarField>) -> JacobianPoint<C> {
        let (table, affine) = Self::odd_multiples_affine_vartime_on::<M3>(p);
        let mut digits = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let len = recode::wnaf_vartime(&k.0, 5, &mut digits);
        let mut acc = JacobianPoint::IDENTITY_VARTIME;
        // the doublings up to each nonzero digit and its addition in one
        // call (the field's fused routine where it has one; see
        // `straus_vartime_on`)
        let mut scratch = DoubleNAddScratch::new();
        let mut pending = 0u32;
        for &d in digits[..len].iter().rev() {
            pending += 1;
            if d != 0 {
                acc = Self::double_n_add_digit_vartime_on::<M3>(&acc, pending, &table, affine.as_ref(), d, &mut scratch);
                pending = 0;
            }
        }
        acc.double_n_on::<M3>(pending, &mut scratch)
    }

    /// \[a\]G + \[b\]P in variable time. Public inputs only: this is the
    /// verification equation. Never fails; any of a, b, P may be zero or
    /// the identity.
    ///
    /// On curves with a GLV endomorphism ([`WeierstrassCurve::GLV`],
    /// secp256k1) both scalars are split and the four half-size products
    /// share one chain of about 128 doublings
    /// ([`Self::double_mul_glv_vartime`]); on the others it is
    /// [`Self::double_mul_plain_vartime`].
    pub fn double_mul_vartime(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        if let Some(g) = C::GLV {
            return Self::double_mul_glv_vartime(&g, a, b, p);
        }
        Self::double_mul_plain_vartime(a, b, p)
    }

    /// \[a\]G + \[b\]P in variable time without an endomorphism (Straus–Shamir:
    /// one doubling chain, width-v wNAF of a (v = [`WeierstrassCurve::G_WNAF_W`]) over the compile-time affine
    /// odd multiples of G with mixed additions, width-5 wNAF of b over
    /// [1, 3, …, 15]P, made affine so that P's additions are mixed too —
    /// by co-Z additions and one inversion for a P with Z = 1
    /// ([`JacobianPoint::odd_multiples_affine_coz_vartime`]), else by full
    /// additions and one batch inversion (the batch inversion took
    /// double_mul_vartime µs, P-256 53.5 → 51.6, P-384 123.5 → 118.0,
    /// brainpoolP256r1 82.2 → 78.9), accumulated in
    /// Jacobian coordinates with the EFD
    /// formulas and their exceptional cases branched on (`jacobian.rs`),
    /// the doublings between two nonzero digits in one
    /// [`JacobianPoint::double_n_on`] call, hence in the field's fused
    /// assembly routine where it has one (lab, min ns before → after,
    /// Intel Xeon: secp521r1 281 → 245–257 µs, brainpoolP256r1 69.4–70.3 →
    /// 64.4–64.7, secp256r1 54.9–60.3 → 49.3–49.7; `mul_vartime`'s wNAF
    /// chain likewise: secp384r1 182 → 160–163, secp521r1 273–276 → 230,
    /// brainpoolP256r1 65.6–70.7 → 60.0); then those doublings and the
    /// digit's mixed addition in one
    /// [`JacobianPoint::double_n_add_affine_vartime_on`] call, the
    /// addition in the routine too (lab `ecdsa_verify`, min of three
    /// alternating runs, µs: secp256r1 44.6 → 44.0, secp384r1 167.5 →
    /// 161.8, secp521r1 237.1 → 222.5, brainpoolP256r1 64.5 → 64.0;
    /// `mul_vartime`, whose wNAF chain now takes P's affine odd multiples
    /// and the same calls: secp256r1 43.9 → 41.3, secp384r1 156.2 → 142.2,
    /// brainpoolP256r1 59.9 → 55.7).
    /// Public inputs only. Never fails. On every curve;
    /// [`Self::double_mul_vartime`] picks it where there is no GLV.
    pub fn double_mul_plain_vartime(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        let pj = JacobianPoint::from_projective(p);
        if let Some(iso) = pj.odd_multiples_iso_vartime() {
            return Self::double_mul_iso_vartime(a, b, &iso);
        }
        if let Some(iso) = C::ISO_A_MINUS_3 {
            // on the a = −3 isomorph E_u (u = iso.z): P ↦ (u²·X : u³·Y : Z)
            // in Jacobian form, G's entries ↦ (u²·x, u³·y)
            let p = JacobianPoint::from_projective(&Self { x: p.x * iso.z2, y: p.y * iso.z3, z: p.z });
            let r = Self::straus_vartime_on::<true>(a, b, &p, Some((&iso.z2, &iso.z3)));
            return r.unscale_iso_vartime(&iso.z).to_projective();
        }
        Self::straus_vartime_on::<false>(a, b, &pj, None).to_projective()
    }

    /// The Straus–Shamir chain of [`Self::double_mul_plain_vartime`] in
    /// Jacobian coordinates: with `M3` on the a = −3 isomorph E_u of the
    /// curve (a = −3 doublings; `g_scale` = (u², u³) maps G's affine entries
    /// there, +2M per addition). Variable time: public inputs only.
    fn straus_vartime_on<const M3: bool>(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &JacobianPoint<C>,
        g_scale: Option<(&C::Base, &C::Base)>,
    ) -> JacobianPoint<C> {
        let tg = C::g_odd_multiples();
        let (tp, tpa) = Self::odd_multiples_affine_vartime_on::<M3>(p);
        let mut da = [0i16; 8 * recode::MAX_SCALAR_BYTES + 1];
        let mut db = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let la = recode::wnaf_vartime(&a.0, C::G_WNAF_W, &mut da);
        let lb = recode::wnaf_vartime(&b.0, 5, &mut db);
        let mut acc = JacobianPoint::IDENTITY_VARTIME;
        let mut started = false;
        // the doublings pending before a nonzero digit and its mixed
        // addition in one call: the field's fused routine where it has one
        // (`JacobianPoint::double_n_add_affine_vartime_on`), the Rust
        // formulas elsewhere
        let mut scratch = DoubleNAddScratch::new();
        let mut pending = 0u32;
        for i in (0..la.max(lb)).rev() {
            if started {
                pending += 1;
            }
            if da[i] == 0 && db[i] == 0 {
                continue;
            }
            let d = da[i];
            if d != 0 {
                let e = &tg[(d.unsigned_abs() / 2) as usize];
                let (x, y) = match g_scale {
                    Some((u2, u3)) => (e[0] * *u2, e[1] * *u3),
                    None => (e[0], e[1]),
                };
                acc = acc.double_n_add_affine_vartime_on::<M3>(pending, &x, &if d > 0 { y } else { -y }, &mut scratch);
                pending = 0;
                started = true;
            }
            let d = db[i];
            if d != 0 {
                acc = Self::double_n_add_digit_vartime_on::<M3>(&acc, pending, &tp, tpa.as_ref(), d, &mut scratch);
                pending = 0;
                started = true;
            }
        }
        acc.double_n_on::<M3>(pending, &mut scratch)
    }

    /// [1, 3, …, 15]P for a wNAF chain, with the affine (x, y) of each
    /// (public data: the variable-time safegcd) so that the chain's
    /// additions are mixed ones (8M + 3S instead of 12M + 4S): by co-Z
    /// additions when P comes with Z = 1 (a decoded public key; the
    /// Jacobian table is then not built and left as identities), else by
    /// full additions and one batch inversion; `None` for P = O (then the
    /// Jacobian table serves). `M3`: P on the a = −3 isomorph. Variable
    /// time: public points only.
    fn odd_multiples_affine_vartime_on<const M3: bool>(
        p: &JacobianPoint<C>,
    ) -> ([JacobianPoint<C>; 8], Option<[[C::Base; 2]; 8]>) {
        let coz = p.odd_multiples_affine_coz_vartime::<M3>();
        let tp = match coz {
            Some(_) => [JacobianPoint::IDENTITY_VARTIME; 8],
            None => p.odd_multiples_vartime_on::<M3>(),
        };
        let tpa = coz.or_else(|| JacobianPoint::batch_to_affine_vartime(&tp));
        (tp, tpa)
    }

    /// [2^k]acc + sign(d)·[|d|]P for an odd wNAF digit d, over the tables of
    /// [`Self::odd_multiples_affine_vartime_on`]: the affine entry by
    /// [`JacobianPoint::double_n_add_affine_vartime_on`] (the field's fused
    /// routine for the doublings and the addition where it has one), or,
    /// without affine entries, the doublings and a full addition of the
    /// Jacobian one. Variable time: public inputs only.
    fn double_n_add_digit_vartime_on<const M3: bool>(
        acc: &JacobianPoint<C>,
        k: u32,
        tp: &[JacobianPoint<C>; 8],
        tpa: Option<&[[C::Base; 2]; 8]>,
        d: i8,
        scratch: &mut DoubleNAddScratch,
    ) -> JacobianPoint<C> {
        match tpa {
            Some(t) => {
                let e = &t[(d.unsigned_abs() / 2) as usize];
                let y = if d > 0 { e[1] } else { -e[1] };
                acc.double_n_add_affine_vartime_on::<M3>(k, &e[0], &y, scratch)
            }
            None => acc.double_n_on::<M3>(k, scratch).add_digit_vartime_on::<M3>(tp, d),
        }
    }

    /// \[a\]G + \[b\]P in variable time by the GLV method (the libsecp256k1
    /// `ecmult` strategy, GLV 2001 §4 with Straus–Shamir). Public inputs
    /// only: this is the verification equation. Never fails; any of a, b, P
    /// may be zero or the identity.
    ///
    /// Procedure: a ≡ (−1)^s₁|a₁| + (−1)^s₂|a₂|·λ and
    /// b ≡ (−1)^s₃|b₁| + (−1)^s₄|b₂|·λ with halves below 2^h
    /// ([`glv::split`], h = [`glv::GlvParams::half_bits`] ≤ 128), so
    ///   \[a\]G + \[b\]P = \[±|a₁|\]G + \[±|a₂|\]φ(G) + \[±|b₁|\]P + \[±|b₂|\]φ(P),
    /// φ(x, y) = (β·x, y). Tables: the compile-time affine odd multiples
    /// (2j+1)·G of [`WeierstrassCurve::g_odd_multiples`] serve G (width
    /// [`WeierstrassCurve::G_WNAF_W`], 14 here)
    /// and, with x multiplied by β at each use (one multiplication per
    /// addition), φ(G); T_P = [1, 3, …, 15]P (width 5) and
    /// T_φ = (β·X : Y : Z) of T_P. The four magnitudes are recoded in wNAF
    /// ([`glv::wnaf_half_vartime`]); one chain of at most h + 1 doublings
    /// (skipped while the accumulator is still the identity) adds each
    /// nonzero digit's entry, negated when the digit's sign and the half's
    /// sign differ.
    ///
    /// Cost on secp256k1: ≈128 doublings, ≈2×8.5 mixed additions of G's
    /// entries (+2M each for the isomorphism) and ≈2×22 of P's, against
    /// ≈256 doublings for [`Self::double_mul_plain_vartime`]. On x86-64
    /// with BMI2 + ADX the doublings before each nonzero digit and its
    /// addition run in one call of the secp256k1 assembly block
    /// ([`Field::jacobian_double_n_add_a_zero`]; lab min, `ecdsa_verify`
    /// 32.8 → 27.9 µs).
    pub fn double_mul_glv_vartime(
        g: &glv::GlvParams<C>,
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        Self::glv_vartime(g, Some(a), b, p)
    }

    /// \[a\]G + \[b\]P (a = `None`: \[b\]P) on a GLV curve, the chain of
    /// [`Self::double_mul_glv_vartime`]: Jacobian doublings (3M + 4S, a = 0)
    /// on the isomorphic curve E_s of `IsoOddMultiples` (`jacobian.rs`), where the
    /// P and φ(P) entries are affine (mixed additions, 8M + 3S) and G's
    /// entries enter as (s²·x, s³·y) (+2M); the doublings pending before a
    /// digit and its addition in one
    /// [`JacobianPoint::double_n_add_affine_vartime_on`] call (the field's
    /// fused routine where it has one). P = O drops the P halves.
    /// Variable time: public inputs only.
    fn glv_vartime(
        g: &glv::GlvParams<C>,
        a: Option<&Scalar<C::ScalarField>>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        let tg = C::g_odd_multiples();
        let iso = JacobianPoint::from_projective(p).odd_multiples_iso_vartime();
        let (tp, s) = match &iso {
            Some(t) => (t.xy, t.s),
            None => ([[C::Base::ZERO; 2]; 8], C::Base::ONE),
        };
        let mut tphi = tp;
        for e in tphi.iter_mut() {
            e[0] = e[0] * g.beta;
        }
        let s2 = s.square();
        let s3 = s2 * s;
        let s2_beta = s2 * g.beta;
        let mut da1 = [0i16; glv::WNAF_HALF_DIGITS];
        let mut da2 = [0i16; glv::WNAF_HALF_DIGITS];
        let mut db1 = [0i16; glv::WNAF_HALF_DIGITS];
        let mut db2 = [0i16; glv::WNAF_HALF_DIGITS];
        let (mut na1, mut na2, mut la) = (false, false, 0);
        if let Some(a) = a {
            let sa = glv::split(g, &a.0);
            (na1, na2) = (bool::from(sa.neg1), bool::from(sa.neg2));
            let la1 = glv::wnaf_half_vartime(&sa.k1, C::G_WNAF_W, &mut da1);
            let la2 = glv::wnaf_half_vartime(&sa.k2, C::G_WNAF_W, &mut da2);
            la = la1.max(la2);
        }
        let (mut nb1, mut nb2, mut lb) = (false, false, 0);
        if iso.is_some() {
            let sb = glv::split(g, &b.0);
            (nb1, nb2) = (bool::from(sb.neg1), bool::from(sb.neg2));
            let lb1 = glv::wnaf_half_vartime(&sb.k1, 5, &mut db1);
            let lb2 = glv::wnaf_half_vartime(&sb.k2, 5, &mut db2);
            lb = lb1.max(lb2);
        }
        let mut acc = JacobianPoint::IDENTITY_VARTIME;
        // the doublings before each nonzero digit and its addition in one
        // call (the field's fused routine where it has one: secp256k1 on
        // x86-64 with BMI2 + ADX), none while the accumulator is still the
        // identity
        let mut scratch = DoubleNAddScratch::new();
        let mut pending = 0u32;
        for i in (0..la.max(lb)).rev() {
            if !acc.is_identity_vartime() {
                pending += 1;
            }
            for (d, neg, t) in [(da1[i], na1, 0), (da2[i], na2, 1), (db1[i], nb1, 2), (db2[i], nb2, 3)] {
                if d == 0 {
                    continue;
                }
                let j = (d.unsigned_abs() / 2) as usize;
                let (x, y) = match t {
                    0 => (tg[j][0] * s2, tg[j][1] * s3),
                    1 => (tg[j][0] * s2_beta, tg[j][1] * s3),
                    2 => (tp[j][0], tp[j][1]),
                    _ => (tphi[j][0], tphi[j][1]),
                };
                let y = if (d < 0) != neg { -y } else { y };
                acc = acc.double_n_add_affine_vartime_on::<false>(pending, &x, &y, &mut scratch);
                pending = 0;
            }
        }
        acc.double_n_on::<false>(pending, &mut scratch).unscale_iso_vartime(&s).to_projective()
    }

    /// \[a\]G + \[b\]P on an a = 0 curve without an endomorphism, given P's
    /// `IsoOddMultiples` (`jacobian.rs`): the Straus–Shamir chain of
    /// [`Self::double_mul_plain_vartime`] run on E_s (G's entries enter as
    /// (s²·x, s³·y), +2M). Variable time: public inputs only.
    fn double_mul_iso_vartime(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        iso: &jacobian::IsoOddMultiples<C>,
    ) -> Self {
        let tg = C::g_odd_multiples();
        let s2 = iso.s.square();
        let s3 = s2 * iso.s;
        let mut da = [0i16; 8 * recode::MAX_SCALAR_BYTES + 1];
        let mut db = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let la = recode::wnaf_vartime(&a.0, C::G_WNAF_W, &mut da);
        let lb = recode::wnaf_vartime(&b.0, 5, &mut db);
        let mut acc = JacobianPoint::IDENTITY_VARTIME;
        for i in (0..la.max(lb)).rev() {
            acc = acc.double();
            let d = da[i];
            if d != 0 {
                let e = &tg[(d.unsigned_abs() / 2) as usize];
                let y = e[1] * s3;
                acc = acc.add_affine_vartime(&(e[0] * s2), &if d > 0 { y } else { -y });
            }
            acc = Self::add_iso_digit_vartime(acc, &iso.xy, db[i].into(), false);
        }
        acc.unscale_iso_vartime(&iso.s).to_projective()
    }

    /// acc + sign(d)·(−1)^neg·table[|d|/2] for an odd wNAF digit d (acc for
    /// d = 0), table entries affine. Variable time.
    #[inline(always)]
    fn add_iso_digit_vartime(acc: JacobianPoint<C>, table: &[[C::Base; 2]; 8], d: i16, neg: bool) -> JacobianPoint<C> {
        if d == 0 {
            return acc;
        }
        let e = &table[(d.unsigned_abs() / 2) as usize];
        let y = if (d < 0) != neg { -e[1] } else { e[1] };
        acc.add_affine_vartime(&e[0], &y)
    }
}

impl<C: WeierstrassCurve> ConditionallySelectable for ProjectivePoint<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        ProjectivePoint {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            z: C::Base::conditional_select(&a.z, &b.z, choice),
        }
    }
}

impl<C: WeierstrassCurve> ConstantTimeEq for ProjectivePoint<C> {
    /// Projective equality: X₁Z₂ = X₂Z₁ and Y₁Z₂ = Y₂Z₁ (correct for the
    /// identity, whose only representatives are (0 : y : 0)).
    fn ct_eq(&self, other: &Self) -> Choice {
        (self.x * other.z).ct_eq(&(other.x * self.z)) & (self.y * other.z).ct_eq(&(other.y * self.z))
    }
}

impl<C: WeierstrassCurve> PartialEq for ProjectivePoint<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: WeierstrassCurve> Eq for ProjectivePoint<C> {}

impl<C: WeierstrassCurve> From<AffinePoint<C>> for ProjectivePoint<C> {
    fn from(p: AffinePoint<C>) -> Self {
        p.to_projective()
    }
}

/// The x-coordinates with x³ + a·x + b = y² (0 to 3 of them), found by
/// factoring the cubic over F_p (Cantor–Zassenhaus): h = gcd(f, x^p − x) is
/// the product of f's linear factors; a quadratic h is solved by the
/// quadratic formula, a cubic one is split by gcd(f, (x+δ)^((p−1)/2) − 1)
/// for δ = 0, 1, 2, … Variable time (y is public).
pub fn xs_from_y_vartime<C: WeierstrassCurve>(y: &C::Base) -> ([C::Base; 3], usize) {
    type Poly<F> = ([F; 4], usize); // coefficients low→high, and degree+1 (0 = zero poly)
    fn trim<F: Field>(p: &mut Poly<F>) {
        while p.1 > 0 && bool::from(p.0[p.1 - 1].is_zero()) {
            p.1 -= 1;
        }
    }
    // f = x³ + a·x + (b − y²), monic
    let f: Poly<C::Base> = ([C::B - y.square(), C::A, C::Base::ZERO, C::Base::ONE], 4);
    // multiply two polys of degree ≤ 2 modulo f
    fn mulmod<F: Field>(u: &[F; 3], v: &[F; 3], f: &[F; 4]) -> [F; 3] {
        let mut t = [F::ZERO; 5];
        for i in 0..3 {
            for j in 0..3 {
                t[i + j] = t[i + j] + u[i] * v[j];
            }
        }
        // reduce: x³ = −(f2 x² + f1 x + f0), f monic of degree 3
        for k in (3..5).rev() {
            let c = t[k];
            t[k] = F::ZERO;
            t[k - 1] = t[k - 1] - c * f[2];
            t[k - 2] = t[k - 2] - c * f[1];
            t[k - 3] = t[k - 3] - c * f[0];
        }
        [t[0], t[1], t[2]]
    }
    fn powmod<F: Field>(base: &[F; 3], exp_be: &[u8], f: &[F; 4]) -> [F; 3] {
        let mut acc = [F::ONE, F::ZERO, F::ZERO];
        for byte in exp_be {
            for bit in (0..8).rev() {
                acc = mulmod(&acc, &acc, f);
                if (byte >> bit) & 1 == 1 {
                    acc = mulmod(&acc, base, f);
                }
            }
        }
        acc
    }
    fn gcd<F: Field>(mut a: Poly<F>, mut b: Poly<F>) -> Poly<F> {
        trim(&mut a);
        trim(&mut b);
        while b.1 > 0 {
            // a ← a mod b
            let lead_inv = b.0[b.1 - 1].invert().unwrap_or(F::ZERO);
            while a.1 >= b.1 {
                let c = a.0[a.1 - 1] * lead_inv;
                let shift = a.1 - b.1;
                for i in 0..b.1 {
                    a.0[i + shift] = a.0[i + shift] - c * b.0[i];
                }
                a.1 -= 1;
                trim(&mut a);
                if a.1 == 0 {
                    break;
                }
            }
            core::mem::swap(&mut a, &mut b);
        }
        // make monic
        if a.1 > 0 {
            let inv = a.0[a.1 - 1].invert().unwrap_or(F::ZERO);
            for i in 0..a.1 {
                a.0[i] = a.0[i] * inv;
            }
        }
        a
    }
    fn quadratic_roots<F: Field>(c0: F, c1: F, out: &mut [F; 3], n: &mut usize) {
        // x² + c1 x + c0: x = (−c1 ± √(c1² − 4c0)) / 2
        let disc = c1.square() - c0.double().double();
        if let Some(s) = Option::<F>::from(disc.sqrt()) {
            let half = F::from_u64(2).invert().unwrap_or(F::ZERO);
            out[*n] = (-c1 + s) * half;
            *n += 1;
            if !bool::from(s.is_zero()) {
                out[*n] = (-c1 - s) * half;
                *n += 1;
            }
        }
    }
    let mut pbytes = [0u8; 72];
    let fb = C::Base::BYTES;
    C::Base::write_modulus_be_bytes(&mut pbytes[..fb]);
    let p_be = &pbytes[..fb];
    let xpoly = [C::Base::ZERO, C::Base::ONE, C::Base::ZERO];
    let fc = f.0;
    let xp = powmod(&xpoly, p_be, &fc);
    let g: Poly<C::Base> = ([xp[0], xp[1] - C::Base::ONE, xp[2], C::Base::ZERO], 3);
    let h = gcd(f, g);
    let mut roots = [C::Base::ZERO; 3];
    let mut n = 0;
    match h.1 {
        2 => {
            roots[0] = -h.0[0];
            n = 1;
        }
        3 => quadratic_roots(h.0[0], h.0[1], &mut roots, &mut n),
        4 => {
            // three distinct roots: split off one linear factor
            // (p − 1)/2 as big-endian bytes
            let mut e = [0u8; 72];
            e[..fb].copy_from_slice(p_be);
            let mut carry = 0u8;
            for byte in e[..fb].iter_mut() {
                let v = *byte;
                *byte = (v >> 1) | carry;
                carry = v << 7;
            }
            let mut delta = C::Base::ZERO;
            for _ in 0..64 {
                let t = powmod(&[delta, C::Base::ONE, C::Base::ZERO], &e[..fb], &fc);
                let g2: Poly<C::Base> = ([t[0] - C::Base::ONE, t[1], t[2], C::Base::ZERO], 3);
                let d = gcd(f, g2);
                if d.1 == 2 || d.1 == 3 {
                    // a linear factor is d itself (deg 1) or f / d (deg 2 → f/d deg 1)
                    let r = if d.1 == 2 {
                        -d.0[0]
                    } else {
                        // f / d: f = (x² + d1 x + d0)(x + c) ⇒ c = f2 − d1 = −d1
                        d.0[1]
                    };
                    roots[0] = r;
                    n = 1;
                    // f / (x − r) = x² + r x + (r² + a)
                    quadratic_roots(r.square() + C::A, r, &mut roots, &mut n);
                    break;
                }
                delta = delta + C::Base::ONE;
            }
        }
        _ => {}
    }
    (roots, n)
}
