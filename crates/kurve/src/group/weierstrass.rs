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
//! Scalar multiplication:
//! - [`ProjectivePoint::mul`]: constant time; unsigned 4-bit fixed window,
//!   table of [0..15]P read with a full masked scan.
//! - [`ProjectivePoint::mul_vartime`]: width-5 wNAF (public scalars only).
//! - [`ProjectivePoint::double_mul_vartime`]: [a]G + [b]P by interleaved
//!   wNAF (Straus–Shamir), for signature verification.

use crate::field::Field;
use crate::scalar::{recode, Scalar, ScalarInput};
use core::fmt;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};
use zeroize::Zeroize;

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
    /// Generator x.
    const GX: Self::Base;
    /// Generator y.
    const GY: Self::Base;
    /// Cofactor h = #E / n.
    const COFACTOR: u64;
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

    /// RCB16 Algorithm 1: complete addition for any a. 12M + 3m_a + 2m_3b + 23a.
    pub fn add_general(&self, rhs: &Self) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let b3 = C::B3;
        let mut t0 = x1 * x2;
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
        x3 = b3 * t2;
        z3 = x3 + z3;
        x3 = t1 - z3;
        z3 = t1 + z3;
        let mut y3 = x3 * z3;
        t1 = t0 + t0;
        t1 = t1 + t0;
        t2 = mul_a::<C>(t2);
        t4 = b3 * t4;
        t1 = t1 + t2;
        t2 = t0 - t2;
        t2 = mul_a::<C>(t2);
        t4 = t4 + t2;
        t0 = t1 * t4;
        y3 = y3 + t0;
        t0 = t5 * t4;
        x3 = t3 * x3;
        x3 = x3 - t0;
        t0 = t3 * t1;
        z3 = t5 * z3;
        z3 = z3 + t0;
        ProjectivePoint { x: x3, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 3: complete doubling for any a. 8M + 3S + 3m_a + 2m_3b + 15a.
    pub fn double_general(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let b3 = C::B3;
        let mut t0 = x * x;
        let t1 = y * y;
        let mut t2 = z * z;
        let mut t3 = x * y;
        t3 = t3 + t3;
        let mut z3 = x * z;
        z3 = z3 + z3;
        let mut x3 = mul_a::<C>(z3);
        let mut y3 = b3 * t2;
        y3 = x3 + y3;
        x3 = t1 - y3;
        y3 = t1 + y3;
        y3 = x3 * y3;
        x3 = t3 * x3;
        z3 = b3 * z3;
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
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let (x2, y2, z2) = (rhs.x, rhs.y, rhs.z);
        let b = C::B;
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
        t1 = t4 * y3;
        t2 = t0 * y3;
        y3 = x3 * z3;
        y3 = y3 + t2;
        x3 = t3 * x3;
        x3 = x3 - t1;
        z3 = t4 * z3;
        t1 = t3 * t0;
        z3 = z3 + t1;
        ProjectivePoint { x: x3, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 6: complete doubling for a = −3. 8M + 3S + 2m_b + 21a.
    pub fn double_a_minus_3(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let b = C::B;
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
        let b3 = C::B3;
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
        t2 = b3 * t2;
        let mut z3 = t1 + t2;
        t1 = t1 - t2;
        y3 = b3 * y3;
        x3 = t4 * y3;
        t2 = t3 * t1;
        x3 = t2 - x3;
        y3 = y3 * t0;
        t1 = t1 * z3;
        y3 = t1 + y3;
        t0 = t0 * t3;
        z3 = z3 * t4;
        z3 = z3 + t0;
        ProjectivePoint { x: x3, y: y3, z: z3 }
    }

    /// RCB16 Algorithm 9: complete doubling for a = 0. 6M + 2S + 1m_3b + 9a.
    pub fn double_a_zero(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let b3 = C::B3;
        let mut t0 = y * y;
        let mut z3 = t0 + t0;
        z3 = z3 + z3;
        z3 = z3 + z3;
        let mut t1 = y * z;
        let mut t2 = z * z;
        t2 = b3 * t2;
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
    /// Procedure (fixed 4-bit window): T[i] = [i]P for i in 0..16;
    /// Q ← O; for each nibble d of k from the top: Q ← [16]Q; Q ← Q + T[d],
    /// where T[d] is read by scanning all 16 entries with masked selects.
    pub fn mul<S: ScalarInput<C::ScalarField>>(&self, k: &S) -> Self {
        let mut table = [Self::IDENTITY; 16];
        table[1] = *self;
        for i in 2..16 {
            table[i] = if i % 2 == 0 { table[i / 2].double() } else { table[i - 1].add(self) };
        }
        let (mut buf, len) = recode::to_be_buffer(k.as_field());
        let windows = 2 * len;
        let mut acc = Self::IDENTITY;
        for w in (0..windows).rev() {
            acc = acc.double().double().double().double();
            let d = recode::nibble(&buf, w);
            acc = acc.add(&Self::lookup(&table, d));
        }
        buf.zeroize();
        for t in table.iter_mut() {
            t.zeroize();
        }
        acc
    }

    /// Reads `table[d]` by touching every entry (masked select), so the
    /// memory access pattern does not depend on the secret index d.
    #[inline(always)]
    fn lookup(table: &[Self; 16], d: u8) -> Self {
        let mut r = Self::IDENTITY;
        for (i, t) in table.iter().enumerate() {
            r.conditional_assign(t, (i as u8).ct_eq(&d));
        }
        r
    }

    /// [k]G for the standard generator, constant time in k.
    pub fn mul_base<S: ScalarInput<C::ScalarField>>(k: &S) -> Self {
        Self::generator().mul(k)
    }

    /// [k]P in variable time: width-5 wNAF. Public k and P only.
    pub fn mul_vartime(&self, k: &Scalar<C::ScalarField>) -> Self {
        let table = self.odd_multiples_vartime();
        let mut digits = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let len = recode::wnaf_vartime(&k.0, 5, &mut digits);
        let mut acc = Self::IDENTITY;
        for i in (0..len).rev() {
            acc = acc.double();
            acc = Self::add_digit_vartime(acc, &table, digits[i]);
        }
        acc
    }

    /// [a]G + [b]P in variable time (Straus–Shamir with interleaved width-5
    /// wNAF). Public inputs only: this is the verification equation.
    pub fn double_mul_vartime(
        a: &Scalar<C::ScalarField>,
        b: &Scalar<C::ScalarField>,
        p: &Self,
    ) -> Self {
        let tg = Self::generator().odd_multiples_vartime();
        let tp = p.odd_multiples_vartime();
        let mut da = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let mut db = [0i8; 8 * recode::MAX_SCALAR_BYTES + 1];
        let la = recode::wnaf_vartime(&a.0, 5, &mut da);
        let lb = recode::wnaf_vartime(&b.0, 5, &mut db);
        let mut acc = Self::IDENTITY;
        for i in (0..la.max(lb)).rev() {
            acc = acc.double();
            acc = Self::add_digit_vartime(acc, &tg, da[i]);
            acc = Self::add_digit_vartime(acc, &tp, db[i]);
        }
        acc
    }

    /// [1]P, [3]P, …, [15]P (for width-5 wNAF).
    fn odd_multiples_vartime(&self) -> [Self; 8] {
        let mut t = [*self; 8];
        let p2 = self.double();
        for i in 1..8 {
            t[i] = t[i - 1].add(&p2);
        }
        t
    }

    #[inline(always)]
    fn add_digit_vartime(acc: Self, table: &[Self; 8], d: i8) -> Self {
        if d > 0 {
            acc.add(&table[(d as usize) / 2])
        } else if d < 0 {
            acc.add(&table[((-d) as usize) / 2].neg())
        } else {
            acc
        }
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
