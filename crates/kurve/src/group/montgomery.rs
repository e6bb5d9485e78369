//! Montgomery curves M: B·v² = u³ + A·u² + u over F_p.
//!
//! Two views of the same curve:
//!
//! - **x-only** ([`ladder`]): the Montgomery ladder on the u-coordinate alone,
//!   exactly as RFC 7748 §5 specifies it (projective (X : Z), differential
//!   addition and doubling with a24 = (A − 2)/4, constant-time conditional
//!   swap). This is X25519 / X448.
//! - **(u, v) group** ([`MontgomeryPoint`]): affine points with an identity
//!   flag. Every group operation is computed through a birational group
//!   isomorphism with an Edwards curve ([`MontgomeryCurve::Edwards`]), whose
//!   complete formulas need no case analysis; results come back through the
//!   inverse map. This is for completeness and cross-checking (one field
//!   inversion per operation), not for speed.
//!
//! The isomorphism to Edwards form (RFC 7748 §4.1; Bernstein–Birkner–Joye–
//! Lange–Peters 2008, Thm 3.2), with c = [`MontgomeryCurve::EDWARDS_MAP_SCALE`]:
//!
//! | `EDWARDS_MAP_Y_INVERTED` | Montgomery → Edwards                  | Edwards → Montgomery                 |
//! |--------------------------|---------------------------------------|--------------------------------------|
//! | false (curve25519)       | x = c·u/v, y = (u − 1)/(u + 1)        | u = (1 + y)/(1 − y), v = c·u/x       |
//! | true (curve448)          | x = c·u/v, y = (u + 1)/(u − 1)        | u = (y + 1)/(y − 1), v = c·u/x       |
//!
//! Both send the identity to (0, 1) and the 2-torsion point (0, 0) to
//! (0, −1). The inverted form is needed for curve448, where A + 2 is not a
//! square, so the Edwards curve with a = 1 is reached through y ↦ 1/y; see
//! [`crate::curves::curve448`] for why the map printed in RFC 7748 §4.2 is
//! *not* used. Exceptional points (the identity, (0, 0), and x = 0 on the
//! Edwards side) are handled by masked selects, never by branches.
//!
//! Assumption (true for curve25519 and curve448, checked by their tests):
//! A² − 4 is a non-square, so (0, 0) is the only point with v = 0 and the
//! Edwards curve is complete.

use crate::field::Field;
use crate::group::edwards::{ByteArray, EdwardsCurve, EdwardsPoint};
use crate::scalar::{Scalar, ScalarInput};
use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// A Montgomery curve with its constants and its Edwards twin.
pub trait MontgomeryCurve:
    'static + Copy + Clone + fmt::Debug + Default + Send + Sync + PartialEq + Eq
{
    /// The base field F_p.
    type Base: Field;
    /// The scalar field F_L (L the prime order of the base point).
    type ScalarField: Field;
    /// The Edwards curve the (u, v) group is computed on.
    type Edwards: EdwardsCurve<Base = Self::Base, ScalarField = Self::ScalarField>;
    /// RFC 7748 byte strings for u-coordinates and scalars: `[u8; ⌈BITS/8⌉]`
    /// (32 for X25519, 56 for X448).
    type Bytes: ByteArray;
    /// Canonical name (`curve25519`, `curve448`).
    const NAME: &'static str;
    /// The coefficient A.
    const A: Self::Base;
    /// The coefficient B (1 for both RFC 7748 curves).
    const B: Self::Base;
    /// a24 = (A − 2)/4, the ladder constant of RFC 7748 §5
    /// (z₂ = E·(AA + a24·E)): 121665 for X25519, 39081 for X448.
    const A24: Self::Base;
    /// Base point u.
    const BASE_U: Self::Base;
    /// Base point v.
    const BASE_V: Self::Base;
    /// Cofactor h = #M / L.
    const COFACTOR: u64;
    /// c in x = c·u/v of the map to Edwards form.
    const EDWARDS_MAP_SCALE: Self::Base;
    /// Which y-map is used (see the module doc).
    const EDWARDS_MAP_Y_INVERTED: bool;

    /// a24·x, the ladder's multiplication by the constant a24. The default
    /// is a full field multiplication; curves override it with a
    /// small-constant multiply (121665 and 39081 fit in 32 bits).
    /// Constant time.
    #[inline(always)]
    fn mul_a24(x: &Self::Base) -> Self::Base {
        Self::A24 * *x
    }

    /// x + y where the sum is only multiplied or squared next (the ladder's
    /// A, C, DA + CB, AA + a24·E). The default is `+`; a field may skip its
    /// carry pass here (curve448: `Fe448::add_lazy`). Constant time.
    #[inline(always)]
    fn add_for_mul(x: &Self::Base, y: &Self::Base) -> Self::Base {
        *x + *y
    }

    /// x − y where the difference is only multiplied or squared next (the
    /// ladder's B, D, DA − CB). Default `-`. Constant time.
    #[inline(always)]
    fn sub_for_mul(x: &Self::Base, y: &Self::Base) -> Self::Base {
        *x - *y
    }

    /// The u-coordinate of \[k\]·(base point) for an already clamped k
    /// (RFC 7748 §5 / §6: the public key of k), with the RFC's convention
    /// u = 0 for the identity. The default runs the [`ladder`] on
    /// [`MontgomeryCurve::BASE_U`]; curves with a fixed-base Edwards table
    /// override it (curve25519: [k]B on edwards25519 and u = (1 + y)/(1 − y);
    /// curve448: [k]B on edwards448 and the 4-isogeny u = y²/x²), which
    /// gives the same value since the clamped k acts on a point of prime
    /// order L through k mod L. Constant time in k.
    fn base_u(k_clamped: &Self::Bytes) -> Self::Base {
        ladder::<Self>(k_clamped, &Self::BASE_U)
    }

    /// The u-coordinate of \[k\]P for P with u-coordinate `u`: the same
    /// function as [`ladder`] (RFC 7748 §5, all `BITS` bits of k, 0 for the
    /// identity), on the fastest backend the CPU offers. The default is
    /// [`ladder`]; curve25519 and curve448 override it with their four-lane
    /// AVX-512 IFMA ladders when [`crate::arith::backend::ifma_selected`]. This is what
    /// X25519 / X448 ([`crate::proto::xdh`]) call, through
    /// [`Self::ladder_clamped`]. Constant time in k and u; never fails.
    fn ladder_dispatched(k: &Self::Bytes, u: &Self::Base) -> Self::Base {
        ladder::<Self>(k, u)
    }

    /// [`Self::ladder_dispatched`] for a clamped k (RFC 7748 decodeScalar:
    /// the cofactor's low bits clear, the top bit set; the caller's
    /// guarantee, not checked), which an override may use: curve25519's
    /// MULX ladder stops at bit 3 and doubles three times. The default is
    /// [`Self::ladder_dispatched`]. This is what X25519 / X448 call.
    /// Constant time in k and u; never fails.
    fn ladder_clamped(k_clamped: &Self::Bytes, u: &Self::Base) -> Self::Base {
        Self::ladder_dispatched(k_clamped, u)
    }
}

/// The u-coordinate of \[k\]P for the point P with u-coordinate `u`, by the
/// RFC 7748 §5 Montgomery ladder over all `C::Base::BITS` bits of `k`
/// (little-endian bytes, used exactly as given: clamping is the caller's
/// job, see [`crate::encoding::rfc7748`]). The result for the identity is 0
/// (the RFC's convention: x₂·z₂^(p−2) with z₂ = 0). Works for u on the curve
/// or on its quadratic twist. Constant time in k and u.
///
/// Procedure (RFC 7748 §5, same names):
/// ```text
/// x_1 = u; x_2 = 1; z_2 = 0; x_3 = u; z_3 = 1; swap = 0
/// for t = bits−1 down to 0:
///     k_t = (k >> t) & 1
///     swap ^= k_t; cswap(swap, x_2, x_3); cswap(swap, z_2, z_3); swap = k_t
///     A = x_2 + z_2; AA = A²; B = x_2 − z_2; BB = B²; E = AA − BB
///     C = x_3 + z_3; D = x_3 − z_3; DA = D·A; CB = C·B
///     x_3 = (DA + CB)²; z_3 = x_1·(DA − CB)²
///     x_2 = AA·BB; z_2 = E·(AA + a24·E)
/// cswap(swap, x_2, x_3); cswap(swap, z_2, z_3)
/// return x_2 · z_2^(p−2)
/// ```
pub fn ladder<C: MontgomeryCurve>(k: &C::Bytes, u: &C::Base) -> C::Base {
    let (x2, z2) = ladder_projective::<C>(k.as_ref(), C::Base::BITS, u);
    x2 * z2.invert().unwrap_or(C::Base::ZERO)
}

/// The ladder of [`ladder`] on the first `bits` bits of `k`, returning the
/// projective (X : Z) of \[k\]P. Constant time in k and u.
fn ladder_projective<C: MontgomeryCurve>(k: &[u8], bits: u32, u: &C::Base) -> (C::Base, C::Base) {
    debug_assert!(bits as usize <= 8 * k.len());
    let x1 = *u;
    let mut x2 = C::Base::ONE;
    let mut z2 = C::Base::ZERO;
    let mut x3 = *u;
    let mut z3 = C::Base::ONE;
    let mut swap = 0u8;
    for t in (0..bits as usize).rev() {
        let k_t = (k[t / 8] >> (t % 8)) & 1;
        swap ^= k_t;
        // one value barrier per step on the all-ones/zero mask, then plain
        // limb arithmetic (Field::swap_masked)
        let mask = crate::arith::barrier::value_barrier((swap as u64).wrapping_neg());
        C::Base::swap_masked(&mut x2, &mut x3, mask);
        C::Base::swap_masked(&mut z2, &mut z3, mask);
        swap = k_t;
        let a = C::add_for_mul(&x2, &z2);
        let aa = a.square();
        let b = C::sub_for_mul(&x2, &z2);
        let bb = b.square();
        let e = aa - bb;
        let cc = C::add_for_mul(&x3, &z3);
        let d = C::sub_for_mul(&x3, &z3);
        let da = d * a;
        let cb = cc * b;
        x3 = C::add_for_mul(&da, &cb).square();
        z3 = x1 * C::sub_for_mul(&da, &cb).square();
        x2 = aa * bb;
        z2 = e * C::add_for_mul(&aa, &C::mul_a24(&e));
    }
    let mask = crate::arith::barrier::value_barrier((swap as u64).wrapping_neg());
    C::Base::swap_masked(&mut x2, &mut x3, mask);
    C::Base::swap_masked(&mut z2, &mut z3, mask);
    (x2, z2)
}

/// A point (u, v) of the Montgomery curve, or the identity (point at
/// infinity, stored as u = v = 0 with the flag set).
#[derive(Clone, Copy)]
pub struct MontgomeryPoint<C: MontgomeryCurve> {
    u: C::Base,
    v: C::Base,
    identity: Choice,
}

impl<C: MontgomeryCurve> fmt::Debug for MontgomeryPoint<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if bool::from(self.identity) {
            write!(f, "MontgomeryPoint<{}>(identity)", C::NAME)
        } else {
            write!(f, "MontgomeryPoint<{}>({:?}, {:?})", C::NAME, self.u, self.v)
        }
    }
}

/// u³ + A·u² + u.
fn rhs<C: MontgomeryCurve>(u: &C::Base) -> C::Base {
    let uu = u.square();
    uu * *u + C::A * uu + *u
}

impl<C: MontgomeryCurve> MontgomeryPoint<C> {
    /// Builds a point from parts already known to be valid (crate-internal:
    /// the isogenies of [`crate::curves::curve448`]). Normalizes the identity
    /// to u = v = 0.
    pub(crate) fn from_parts(u: C::Base, v: C::Base, identity: Choice) -> Self {
        let p = MontgomeryPoint { u, v, identity };
        Self::conditional_select(&p, &Self::identity(), identity)
    }

    /// The identity (point at infinity).
    pub fn identity() -> Self {
        MontgomeryPoint { u: C::Base::ZERO, v: C::Base::ZERO, identity: Choice::from(1) }
    }

    /// The standard base point (u, v) = (BASE_U, BASE_V).
    pub fn generator() -> Self {
        MontgomeryPoint { u: C::BASE_U, v: C::BASE_V, identity: Choice::from(0) }
    }

    /// The point (u, v) if B·v² = u³ + A·u² + u; `None` otherwise. Constant time.
    /// Checks the curve equation only, **not** the prime-order subgroup: the
    /// result may have a small-order component (use [`Self::is_torsion_free`]
    /// or [`Self::mul_by_cofactor`] when the protocol needs it).
    pub fn from_coordinates(u: C::Base, v: C::Base) -> CtOption<Self> {
        let on = (C::B * v.square()).ct_eq(&rhs::<C>(&u));
        CtOption::new(MontgomeryPoint { u, v, identity: Choice::from(0) }, on)
    }

    /// The point with this u whose v has low bit `v_odd`, if
    /// (u³ + A·u² + u)/B is a square (`None` for a u on the twist). Like
    /// [`Self::from_coordinates`], no subgroup check.
    /// For u = 0 the only point is (0, 0), returned for either parity.
    /// Constant time.
    pub fn from_u(u: C::Base, v_odd: Choice) -> CtOption<Self> {
        let binv = C::B.invert().unwrap_or(C::Base::ZERO);
        let r = (rhs::<C>(&u) * binv).sqrt();
        let v = r.unwrap_or(C::Base::ZERO);
        let v = C::Base::conditional_select(&v, &-v, v.is_odd() ^ v_odd);
        CtOption::new(MontgomeryPoint { u, v, identity: Choice::from(0) }, r.is_some())
    }

    /// u-coordinate (0 for the identity).
    pub fn u(&self) -> C::Base {
        self.u
    }
    /// v-coordinate (0 for the identity).
    pub fn v(&self) -> C::Base {
        self.v
    }
    /// True for the identity.
    pub fn is_identity(&self) -> Choice {
        self.identity
    }

    /// The image on the Edwards curve. Constant time, no inversion:
    /// with (num, den) = (u − 1, u + 1), or (u + 1, u − 1) when
    /// `EDWARDS_MAP_Y_INVERTED`,
    /// X = c·u·den, Y = num·v, Z = v·den, T = c·u·num
    /// (so X/Z = c·u/v, Y/Z = num/den, T/Z = x·y). Z = 0 only at (0, 0),
    /// which is sent to (0, −1); the identity is sent to (0, 1).
    pub fn to_edwards(&self) -> EdwardsPoint<C::Edwards> {
        let one = C::Base::ONE;
        let (num, den) = if C::EDWARDS_MAP_Y_INVERTED {
            (self.u + one, self.u - one)
        } else {
            (self.u - one, self.u + one)
        };
        let cu = C::EDWARDS_MAP_SCALE * self.u;
        let p = EdwardsPoint::<C::Edwards> { x: cu * den, y: num * self.v, z: self.v * den, t: cu * num };
        let two_torsion = EdwardsPoint::<C::Edwards> { x: C::Base::ZERO, y: -one, z: one, t: C::Base::ZERO };
        let p = EdwardsPoint::conditional_select(&p, &two_torsion, p.z.is_zero());
        EdwardsPoint::conditional_select(&p, &EdwardsPoint::IDENTITY, self.identity)
    }

    /// The image of an Edwards point. Constant time, one inversion: with
    /// num = Z + Y and den = Z − Y (Y − Z when `EDWARDS_MAP_Y_INVERTED`),
    /// W = den·X, u = num·X·W⁻¹ = num/den and v = c·num·Z·W⁻¹ = c·u/x.
    /// For X = 0 the inverse is taken as 0, which gives (0, 0) for (0, −1);
    /// (0, 1) (Y = Z) becomes the identity.
    pub fn from_edwards(p: &EdwardsPoint<C::Edwards>) -> Self {
        let num = p.z + p.y;
        let den = if C::EDWARDS_MAP_Y_INVERTED { p.y - p.z } else { p.z - p.y };
        let winv = (den * p.x).invert().unwrap_or(C::Base::ZERO);
        let u = num * p.x * winv;
        let v = C::EDWARDS_MAP_SCALE * num * p.z * winv;
        let identity = p.y.ct_eq(&p.z);
        Self::from_parts(u, v, identity)
    }

    /// P + Q, through the Edwards form. Constant time.
    pub fn add(&self, rhs: &Self) -> Self {
        Self::from_edwards(&self.to_edwards().add(&rhs.to_edwards()))
    }

    /// 2P, through the Edwards form. Constant time.
    pub fn double(&self) -> Self {
        Self::from_edwards(&self.to_edwards().double())
    }

    /// −P = (u, −v). Constant time.
    pub fn neg(&self) -> Self {
        MontgomeryPoint { u: self.u, v: -self.v, identity: self.identity }
    }

    /// \[k\]P, constant time in k and P (the Edwards [`EdwardsPoint::mul`]).
    pub fn mul<S: ScalarInput<C::ScalarField>>(&self, k: &S) -> Self {
        Self::from_edwards(&self.to_edwards().mul(k))
    }

    /// \[k\]·(base point), constant time in k.
    pub fn mul_base<S: ScalarInput<C::ScalarField>>(k: &S) -> Self {
        // The Edwards base point is the image of the Montgomery base point
        // (checked by the curve tests), so the Edwards fixed-base method
        // (a precomputed table where the curve has one) applies.
        Self::from_edwards(&EdwardsPoint::mul_base(k))
    }

    /// \[k\]P in variable time. Public k and P only.
    pub fn mul_vartime(&self, k: &Scalar<C::ScalarField>) -> Self {
        Self::from_edwards(&self.to_edwards().mul_vartime(k))
    }

    /// \[a\]·(base point) + \[b\]P in variable time. Public inputs only.
    pub fn double_mul_vartime(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        // The Edwards base point is the image of the Montgomery base point
        // (checked by the curve tests), so [a]B is computed on the Edwards side.
        Self::from_edwards(&EdwardsPoint::double_mul_vartime(a, b, &p.to_edwards()))
    }

    /// \[h\]P for the cofactor h (computed on the Edwards form, whose map
    /// is a group isomorphism). Constant time; never fails.
    pub fn mul_by_cofactor(&self) -> Self {
        Self::from_edwards(&self.to_edwards().mul_by_cofactor())
    }

    /// True when \[h\]P = O. Constant time.
    pub fn is_small_order(&self) -> Choice {
        self.to_edwards().is_small_order()
    }

    /// True when \[L\]P = O. Constant time.
    pub fn is_torsion_free(&self) -> Choice {
        self.to_edwards().is_torsion_free()
    }
}

impl<C: MontgomeryCurve> ConditionallySelectable for MontgomeryPoint<C> {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        MontgomeryPoint {
            u: C::Base::conditional_select(&a.u, &b.u, choice),
            v: C::Base::conditional_select(&a.v, &b.v, choice),
            identity: Choice::conditional_select(&a.identity, &b.identity, choice),
        }
    }
}

impl<C: MontgomeryCurve> ConstantTimeEq for MontgomeryPoint<C> {
    fn ct_eq(&self, other: &Self) -> Choice {
        (self.identity & other.identity)
            | (!self.identity & !other.identity & self.u.ct_eq(&other.u) & self.v.ct_eq(&other.v))
    }
}

impl<C: MontgomeryCurve> PartialEq for MontgomeryPoint<C> {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl<C: MontgomeryCurve> Eq for MontgomeryPoint<C> {}
