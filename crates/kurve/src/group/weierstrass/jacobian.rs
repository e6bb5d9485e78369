//! Jacobian coordinates (X : Y : Z) ↦ (X/Z², Y/Z³) for the doubling chains
//! of the windowed scalar multiplications.
//!
//! Why: on a curve of odd order the Jacobian doubling formulas are
//! exception-free — the only point with 2P = O is O itself, and the formulas
//! map every representative (λ² : λ³ : 0) of O to another representative
//! (λ⁸ : λ¹² : 0) of O (checked by expanding them with Z = 0; see below) —
//! and they cost 4M + 4S (a = −3), 3M + 4S (a = 0) or 1M + 8S + 1m_a
//! (any a), against 8M + 3S + 2m_b, 6M + 2S + 1m_3b and 8M + 3S + 3m_a +
//! 2m_3b for the complete homogeneous doublings of Renes–Costello–Batina
//! (EUROCRYPT 2016). The constant-time additions are incomplete Jacobian
//! formulas where the caller proves that equal summands cannot meet — the
//! window chain of `ProjectivePoint::mul` (the doubling-addition
//! [`JacobianPoint::double_add_affine`] on its affine table of odd
//! multiples, [`JacobianPoint::double_n_double_add_affine_on`], and the
//! co-Z additions building that table,
//! [`JacobianPoint::multiples_odd_affine_coz`]), the fixed-base sum of
//! `ProjectivePoint::mul_base` (`madd-2004-hmv`,
//! [`JacobianPoint::add_affine_unless_equal_on`]) and the GLV chain of
//! `ProjectivePoint::mul_glv` (the mixed `madd-2004-hmv`,
//! [`JacobianPoint::double_n_add_affine_on`], on tables built by
//! [`JacobianPoint::multiples_affine_coz`]), the identity handled by
//! masks — and the complete homogeneous RCB16 formulas for the last
//! digits of those two, where that proof does not hold.
//!
//! Formulas (Bernstein–Lange, Explicit-Formulas Database, `g1p/shortw-jacobian`):
//! * a = −3, `dbl-2001-b`: δ = Z², γ = Y², β = X·γ, α = 3(X − δ)(X + δ),
//!   X₃ = α² − 8β, Z₃ = 2YZ (in place of the EFD's (Y + Z)² − γ − δ,
//!   3M + 5S, which needs three more additions), Y₃ = α(4β − X₃) − 8γ²;
//!   computed from Y' = 2Y so that 4γ, 4β and 8γ² come from one doubling
//!   and one halving.
//! * a = 0, `dbl-2009-l`: A = X², B = Y², C = B², D = 2((X + B)² − A − C),
//!   E = 3A, X₃ = E² − 2D, Y₃ = E(D − X₃) − 8C, Z₃ = 2YZ; computed from
//!   Y' = 2Y with D = X·(Y')² (3M + 4S).
//! * any a, `dbl-2007-bl`: XX = X², YY = Y², YYYY = YY², ZZ = Z²,
//!   S = 2((X + YY)² − XX − YYYY), M = 3XX + a·ZZ², X₃ = M² − 2S,
//!   Y₃ = M(S − X₃) − 8·YYYY, Z₃ = (Y + Z)² − YY − ZZ.
//!
//! With Z = 0 all three give Z₃ = 2YZ = 0, X₃ = 9X⁴ − 8XY² and
//! Y₃ = 3X²(4XY² − X₃) − 8Y⁴; for (X, Y) = (λ², λ³) that is (λ⁸, λ¹²): the
//! identity again, with nonzero X and Y. Every function here is constant
//! time and never fails.

use super::{AKind, ProjectivePoint, WeierstrassCurve};
use crate::arith::backend::{DoubleNAddScratch, WindowAdd};
use crate::field::Field;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

/// a·b − c²/2, the last step of every doubling here: as the sum of
/// products a·b + c·(−c/2) where the field reduces such a sum once
/// ([`Field::FUSED_SUM_OF_PRODUCTS`]: one reduction instead of two, for a
/// general product in place of the square), else as written. Together
/// with the sums of products at the end of the RCB16 additions this took
/// brainpoolP256r1 `mul` from 58.0 to 53.4 µs and brainpoolP384r1 from 195
/// to 175 µs (same binary, fused routine switched off and on). Constant
/// time; never fails.
/// Meloni's co-Z addition `ZADDU` ("New point addition formulae for ECC
/// applications", WAIFI 2007) of two points (X₁, Y₁), (X₂, Y₂) over one
/// Z: H = X₂ − X₁, B = X₁·H², C = X₂·H², R = Y₂ − Y₁, X₃ = R² − B − C,
/// Y₃ = R(B − X₃) − Y₁(C − B). Returns ((X₃, Y₃), (B, Y₁(C − B)),
/// (H, H², H³)): the sum and the first point, both over Z·H, and the
/// powers of the ratio H that the callers' walks back to affine use
/// (H² as computed, H³ = C − B). 4M + 2S. Wrong for H = 0 (equal x: the
/// points are equal or opposite), which callers rule out or test through
/// the returned H. Constant time; never fails.
#[inline(always)]
fn zaddu<F: Field>(p1: &[F; 2], p2: &[F; 2]) -> ([F; 2], [F; 2], [F; 3]) {
    let ([x1, y1], [x2, y2]) = (*p1, *p2);
    let h = x2 - x1;
    let hh = h.square();
    let b = x1 * hh;
    let c = x2 * hh;
    let r = y2 - y1;
    let hhh = c - b;
    let e = y1 * hhh;
    let x3 = r.square() - b - c;
    ([x3, r * (b - x3) - e], [b, e], [h, hh, hhh])
}

#[inline(always)]
fn mul_sub_half_square<F: Field>(a: &F, b: &F, c: &F) -> F {
    if F::FUSED_SUM_OF_PRODUCTS {
        F::sum_of_products(a, b, c, &-c.half())
    } else {
        *a * *b - c.square().half()
    }
}

/// A point in Jacobian coordinates (X : Y : Z), x = X/Z², y = Y/Z³; the
/// identity is any (λ² : λ³ : 0) with λ ≠ 0. Only inside the scalar
/// multiplications (their doubling chains and the additions whose
/// exceptional cases they rule out); results leave as [`ProjectivePoint`].
#[derive(Clone, Copy)]
pub(crate) struct JacobianPoint<C: WeierstrassCurve> {
    x: C::Base,
    y: C::Base,
    z: C::Base,
}


impl<C: WeierstrassCurve> JacobianPoint<C> {

    /// The homogeneous point P = (X : Y : Z) in Jacobian form:
    /// (X·Z : Y·Z² : Z), 2M + 1S. That map sends the identity (0 : Y : 0) to
    /// (0 : 0 : 0), which is no point, so for Z = 0 the result is replaced by
    /// the identity (1 : 1 : 0) with a masked select. Constant time.
    #[inline(always)]
    pub(crate) fn from_projective(p: &ProjectivePoint<C>) -> Self {
        let zz = p.z.square();
        let j = JacobianPoint { x: p.x * p.z, y: p.y * zz, z: p.z };
        let id = JacobianPoint { x: C::Base::ONE, y: C::Base::ONE, z: C::Base::ZERO };
        Self::conditional_select(&j, &id, p.z.is_zero())
    }

    /// The homogeneous form (X·Z : Y : Z³), 2M + 1S. The identity
    /// (λ² : λ³ : 0) maps to (0 : λ³ : 0), the homogeneous identity, since
    /// every Jacobian identity produced here has Y ≠ 0. Constant time.
    #[inline(always)]
    pub(crate) fn to_projective(&self) -> ProjectivePoint<C> {
        let zz = self.z.square();
        ProjectivePoint { x: self.x * self.z, y: self.y, z: zz * self.z }
    }

    /// 2P by the Jacobian doubling for the curve's a (module docs).
    /// Exception-free on the odd-order curves kurve has (cofactor 1).
    /// Constant time; never fails.
    #[inline(always)]
    pub(crate) fn double(&self) -> Self {
        match C::A_KIND {
            AKind::MinusThree => self.double_a_minus_3(),
            AKind::Zero => self.double_a_zero(),
            AKind::General => self.double_general(),
        }
    }

    /// [2^k]P: k doublings by [`Self::double_on`]. Where the field has a
    /// fused routine for the doubling ([`Field::jacobian_double_n_add_a_minus_3`]:
    /// P-256, P-384, P-521 and the four-word primes;
    /// [`Field::jacobian_double_n_add_a_zero`]: secp256k1; on x86-64 with
    /// BMI2 + ADX), that routine, the same formula in one assembly block, on
    /// the caller's `scratch` (one for the whole chain).
    /// Constant time in P (k is public); never fails.
    #[inline(always)]
    pub(crate) fn double_n_on<const M3: bool>(&self, k: u32, scratch: &mut DoubleNAddScratch) -> Self {
        if let Some(r) = self.fused_double_n_add::<M3>(WindowAdd::None, k, scratch) {
            return r;
        }
        let mut r = *self;
        for _ in 0..k {
            r = r.double_on::<M3>();
        }
        r
    }

    /// [2^k]P + (x₂, y₂) for an affine table entry, or [2^k]P alone when
    /// `skip` is set (the digit 0), by [`Self::double_n_on`] and
    /// [`Self::add_affine_unless_equal`] with a masked select, or by the
    /// field's fused routine for both where it has one (the entry passed
    /// as (x₂ : y₂ : 1), or with Z = 0 when skipped; the same values). The
    /// contract of `add_affine_unless_equal`: [2^k]P = (x₂, y₂) must be
    /// ruled out by the caller. `scratch` as for [`Self::double_n_on`].
    /// Constant time in P, the entry and `skip` (k is public); never fails.
    #[inline(always)]
    pub(crate) fn double_n_add_affine_on<const M3: bool>(
        &self,
        k: u32,
        x2: &C::Base,
        y2: &C::Base,
        skip: Choice,
        scratch: &mut DoubleNAddScratch,
    ) -> Self {
        let qz = C::Base::conditional_select(&C::Base::ONE, &C::Base::ZERO, skip);
        if let Some(r) = self.fused_double_n_add::<M3>(WindowAdd::Mixed([x2, y2, &qz]), k, scratch) {
            return r;
        }
        let d = self.double_n_on::<M3>(k, scratch);
        let sum = d.add_affine_unless_equal(x2, y2);
        Self::conditional_select(&sum, &d, skip)
    }

    /// [2^(k+1)]P + (x₂, y₂) for an affine (x₂, y₂): k doublings by
    /// [`Self::double_n_on`], then [`Self::double_add_affine`], or the
    /// field's fused routine for all of it where it has one (the same
    /// values). The contract of `double_add_affine`: with R = [2^k]P, the
    /// caller rules out R = O, R = ±(x₂, y₂) and 2R = −(x₂, y₂). `scratch`
    /// as for [`Self::double_n_on`]. Constant time in P and the entry (k
    /// is public); never fails.
    #[inline(always)]
    pub(crate) fn double_n_double_add_affine_on<const M3: bool>(
        &self,
        k: u32,
        x2: &C::Base,
        y2: &C::Base,
        scratch: &mut DoubleNAddScratch,
    ) -> Self {
        if let Some(r) = self.fused_double_n_add::<M3>(WindowAdd::DoubleMixed([x2, y2]), k, scratch) {
            return r;
        }
        self.double_n_on::<M3>(k, scratch).double_add_affine(x2, y2)
    }

    /// 2P + Q for an affine Q = (x₂, y₂), as (P + Q) + P in one formula:
    /// the co-Z doubling-addition of Longa–Miri ("New composite operations
    /// and precomputation scheme for elliptic curve cryptosystems over
    /// prime fields", PKC 2008) with the slope of Eisenträger–Lauter–
    /// Montgomery ("Fast elliptic curve arithmetic and improved Weil
    /// pairing evaluation", CT-RSA 2003), which never forms the y of P + Q.
    ///
    /// Procedure: P + Q by `madd-2004-hmv` over Z₃ = Z₁·H (Z1Z1 = Z₁²,
    /// U₂ = x₂·Z1Z1, S₂ = y₂·Z₁·Z1Z1, H = U₂ − X₁, r = S₂ − Y₁, HH = H²,
    /// HHH = H·HH, X₃ = r² − HHH − 2V), with P over the same Z₃ as
    /// (V, J) = (X₁·HH, Y₁·HHH); then D = X₃ − V, N = r·D + 2J (the slope
    /// through P + Q and P is −N/(Z₃·D)), DD = D², DDD = D·DD, W = V·DD,
    /// X₄ = N² − 2W − DDD, Y₄ = N(X₄ − W) − J·DDD, Z₄ = Z₃·D. 13M + 5S,
    /// against 12M + 7S (a = −3) for a doubling and the mixed addition,
    /// with fewer linear operations and no curve constant (every a).
    ///
    /// Correct unless P = O, Q = O, P = ±Q (H = 0) or P + Q = −P
    /// (D = 0): the caller rules these out (`ProjectivePoint::mul_window`:
    /// they need digits the odd recoding never produces). Constant time;
    /// never fails.
    #[inline(always)]
    pub(crate) fn double_add_affine(&self, x2: &C::Base, y2: &C::Base) -> Self {
        let (x1, y1, z1) = (self.x, self.y, self.z);
        let z1z1 = z1.square();
        let h = *x2 * z1z1 - x1;
        let r = *y2 * (z1 * z1z1) - y1;
        let hh = h.square();
        let hhh = h * hh;
        let v = x1 * hh;
        let j = y1 * hhh;
        let d = r.square() - hhh - v.double() - v;
        let dd = d.square();
        let ddd = d * dd;
        let w = v * dd;
        let n = r * d + j.double();
        let x4 = n.square() - w.double() - ddd;
        let y4 = if C::Base::FUSED_SUM_OF_PRODUCTS {
            C::Base::sum_of_products(&n, &(x4 - w), &-j, &ddd)
        } else {
            n * (x4 - w) - j * ddd
        };
        let z4 = (z1 * h) * d;
        JacobianPoint { x: x4, y: y4, z: z4 }
    }

    /// The fused routine of [`Field::jacobian_double_n_add_a_minus_3`] when
    /// the doubling is the a = −3 one, or of
    /// [`Field::jacobian_double_n_add_a_zero`] when it is the a = 0 one, and
    /// the field has it, with the step `q` after the doublings
    /// ([`WindowAdd`]); else `None`.
    #[inline(always)]
    fn fused_double_n_add<const M3: bool>(
        &self,
        q: WindowAdd<'_, C::Base>,
        k: u32,
        scratch: &mut DoubleNAddScratch,
    ) -> Option<Self> {
        let a_minus_3 = M3 || matches!(C::A_KIND, AKind::MinusThree);
        if !a_minus_3 && !matches!(C::A_KIND, AKind::Zero) {
            return None;
        }
        let mut xyz = [self.x, self.y, self.z];
        let done = if a_minus_3 {
            C::Base::jacobian_double_n_add_a_minus_3(&mut xyz, q, k, scratch)
        } else {
            C::Base::jacobian_double_n_add_a_zero(&mut xyz, q, k, scratch)
        };
        if done {
            let [x, y, z] = xyz;
            return Some(JacobianPoint { x, y, z });
        }
        None
    }

    /// `dbl-2001-b`, a = −3, 4M + 4S, rewritten around Y' = 2Y: with
    /// γ' = Y'² = 4γ and β' = X·γ' = 4β, X₃ = α² − 2β',
    /// Y₃ = α(β' − X₃) − γ'²/2 (= 8γ²) and Z₃ = Y'·Z. Ten additions,
    /// doublings and halvings instead of the fourteen of the EFD listing
    /// (4β, 8β and 8γ² by repeated doubling); the multiplication count is the
    /// same (Z₃ = 2·Y·Z instead of (Y + Z)² − γ − δ, as in `dbl-2009-l`).
    #[inline(always)]
    fn double_a_minus_3(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let delta = z.square();
        let y2 = y.double();
        let gamma4 = y2.square();
        let t = (x - delta) * (x + delta);
        let beta4 = x * gamma4;
        let alpha = t.double() + t;
        let aa = alpha.square();
        // Z₃ between α² and X₃ (and t before β'): the subtractions forming
        // X₃ and β' − X₃ can run while this product does. Measured, one
        // window of doublings (the first from homogeneous form, four
        // Jacobian ones, back to homogeneous), alternating runs of the two
        // binaries: secp384r1 1188–1193 → 1165–1166 ns, secp521r1
        // 1397–1398 → 1379–1382, secp256r1 447–448 → 441–443
        let z3 = y2 * z;
        let x3 = aa - beta4.double();
        let y3 = mul_sub_half_square(&alpha, &(beta4 - x3), &gamma4);
        JacobianPoint { x: x3, y: y3, z: z3 }
    }

    /// The affine (x, y) of the multiples [1]P, [2]P, …, [T]P, by co-Z
    /// arithmetic and one constant-time inversion, for P ≠ O of prime
    /// order n > T + 1 (with `M3`, on the a = −3 isomorph).
    ///
    /// Procedure: D = 2P by the co-Z doubling of Goundar–Joye–Miyaji
    /// ("Co-Z addition formulæ and binary ladders on elliptic curves",
    /// CHES 2010, `DBLU`), here from Jacobian (X : Y : Z): with
    /// M = 3X² + a·Z⁴ (3(X − Z²)(X + Z²) for a = −3), S = X·(2Y)² and
    /// Z_D = 2Y·Z, D = (M² − 2S, M(S − X_D) − 8Y⁴) and P = (S, 8Y⁴) share
    /// Z_D (4M + 4S for a = −3). Then [i+1]P = P + [i]P for i = 2…T − 1 by
    /// Meloni's co-Z addition (WAIFI 2007, `ZADDU`: for (X₁, Y₁), (X₂, Y₂)
    /// over one Z, H = X₂ − X₁, B = X₁·H², C = X₂·H², R = Y₂ − Y₁,
    /// X₃ = R² − B − C, Y₃ = R(B − X₃) − Y₁(C − B) over Z·H, and
    /// (B, Y₁(C − B)) is the first point over Z·H; 4M + 2S, and 1M for the
    /// running Z), P carried along to each new Z. Each multiple keeps its
    /// own Zᵢ = Zᵢ₋₁·Hᵢ; one inversion of the last Z and a backward walk
    /// Zᵢ₋₁⁻² = Hᵢ²·Zᵢ⁻², Zᵢ₋₁⁻³ = Hᵢ³·Zᵢ⁻³ (Hᵢ² and Hᵢ³ come out of
    /// `ZADDU`) give x = X·Zᵢ⁻², y = Y·Zᵢ⁻³ (4M each, where walking 1/Zᵢ
    /// and squaring it takes 4M + 1S). For
    /// T = 16: about 136M + 34S and one inversion, against 217M + 76S for
    /// seven doublings, eight `add-1998-cmo-2` additions and a
    /// simultaneous inversion of the sixteen Z's.
    ///
    /// No exceptional case: y ≠ 0 (odd order), and H = 0 would need
    /// [i]P = ±P, so n | i − 1 or n | i + 1, where 1 ≤ i − 1 and
    /// i + 1 ≤ T < n. P = O
    /// (Z = 0) gives Z_D = 0 and every Z 0; the inverse of 0 is taken as 0
    /// and all entries come out as (0, 0), which the caller must discard
    /// (`ProjectivePoint::mul_glv` replaces its result by the
    /// identity). Constant time (straight-line formulas, the constant-time
    /// safegcd); never fails.
    pub(crate) fn multiples_affine_coz<const M3: bool, const T: usize>(&self) -> [[C::Base; 2]; T] {
        self.multiples_coz::<M3, T, false>()
    }

    /// The affine (x, y) of the odd multiples [1]P, [3]P, …, [2T − 1]P,
    /// the same way as [`Self::multiples_affine_coz`] but adding D = 2P
    /// each time: [2i + 1]P = D + [2i − 1]P for i = 1…T − 1 by `ZADDU`
    /// (one more than there: T − 1 additions), D carried along. For P ≠ O
    /// of prime order n > 2T + 1 (with `M3`, on the a = −3 isomorph).
    /// No exceptional case: H = 0 would need [2i − 1]P = ±2P, so
    /// n | 2i − 3 or n | 2i + 1, both odd and below n. P = O gives (0, 0)
    /// throughout, which the caller discards (`ProjectivePoint::mul_window`).
    /// Constant time; never fails.
    pub(crate) fn multiples_odd_affine_coz<const M3: bool, const T: usize>(&self) -> [[C::Base; 2]; T] {
        self.multiples_coz::<M3, T, true>()
    }

    /// The body of [`Self::multiples_affine_coz`] (`ODD` false: [i + 1]P
    /// for i < T) and [`Self::multiples_odd_affine_coz`] (`ODD`: [2i + 1]P).
    #[inline(always)]
    fn multiples_coz<const M3: bool, const T: usize, const ODD: bool>(&self) -> [[C::Base; 2]; T] {
        const { assert!(T >= 2) };
        let (x, y, z) = (self.x, self.y, self.z);
        let m = if M3 || matches!(C::A_KIND, AKind::MinusThree) {
            let zz = z.square();
            let t = (x - zz) * (x + zz);
            t.double() + t
        } else {
            let xx = x.square();
            match C::A_KIND {
                AKind::Zero => xx.double() + xx,
                _ => xx.double() + xx + C::A * z.square().square(),
            }
        };
        let y2 = y.double();
        let yy4 = y2.square();
        let s = x * yy4;
        let mut zc = y2 * z;
        let dx = m.square() - s.double();
        // Y_D = M(S − X_D) − (4Y²)²/2 and 8Y⁴ = (4Y²)²/2
        let dy = mul_sub_half_square(&m, &(s - dx), &yy4);
        // the addend (P, or D = 2P for the odd multiples) over the running Z
        let (mut px, mut py) = (s, yy4.square().half());
        let mut t = [[px, py]; T];
        // the first multiple made by an addition
        let first = if ODD {
            [px, py] = [dx, dy];
            1
        } else {
            t[1] = [dx, dy];
            2
        };
        // Hᵢ² and Hᵢ³ of each new Z (indices below `first` unused)
        let mut ratio = [[C::Base::ONE; 2]; T];
        for i in first..T {
            let (sum, p, [h, hh, hhh]) = zaddu(&[px, py], &t[i - 1]);
            t[i] = sum;
            [px, py] = p;
            ratio[i] = [hh, hhh];
            zc = zc * h;
        }
        let mut zinv = zc.invert().unwrap_or(C::Base::ZERO);
        let mut zi2 = zinv.square();
        let mut zi3 = zi2 * zinv;
        zinv.zeroize();
        let mut out = [[C::Base::ZERO; 2]; T];
        for i in (0..T).rev() {
            out[i] = [t[i][0] * zi2, t[i][1] * zi3];
            if i >= first {
                zi2 = zi2 * ratio[i][0];
                zi3 = zi3 * ratio[i][1];
            }
        }
        t.zeroize();
        ratio.zeroize();
        zi2.zeroize();
        zi3.zeroize();
        px.zeroize();
        py.zeroize();
        zc.zeroize();
        out
    }

    /// The `add-1998-cmo-2` formula (Cohen–Miyaji–Ono 1998; EFD
    /// `g1p/shortw/jacobian`, 12M + 4S) of [`Self::add_vartime_on`] alone,
    /// no identity or equality handling:
    /// Z1Z1 = Z₁², Z2Z2 = Z₂², U₁ = X₁·Z2Z2, U₂ = X₂·Z1Z1,
    /// S₁ = Y₁·(Z₂·Z2Z2), S₂ = Y₂·(Z₁·Z1Z1), H = U₂ − U₁, r = S₂ − S₁,
    /// HH = H², HHH = H·HH, V = U₁·HH, X₃ = r² − HHH − 2V,
    /// Y₃ = r(V − X₃) − S₁·HHH (a fused sum of products where the field
    /// has one), Z₃ = (Z₁·Z₂)·H. Returns (X₃ : Y₃ : Z₃) with H and r, from
    /// which the callers tell the exceptional cases apart (H = 0: P = ±Q;
    /// r = 0 too: P = Q).
    ///
    /// Why this and not `add-2007-bl` (11M + 5S, I = (2H)², J = H·I,
    /// r = 2(S₂ − S₁), V = U₁·I, Z₃ = ((Z₁ + Z₂)² − Z1Z1 − Z2Z2)·H), which
    /// the chain used before: one squaring becomes a multiplication, and
    /// six of its thirteen additions, doublings and subtractions go. The
    /// additions are bound by the throughput of the field operations, so
    /// fewer linear passes win: ns per constant-time addition (min of 1000
    /// interleaved batches, AMD EPYC Zen 3, BMI2 + ADX) secp256r1 271 → 250
    /// and 298 → 285, brainpoolP256r1 375 → 364, secp384r1 663 → 651,
    /// secp521r1 829 → 822, when it was also the window addition of the
    /// constant-time `mul` (now the mixed addition of an affine table).
    /// Constant time; never fails.
    #[inline(always)]
    fn add_1998_cmo_2(&self, q: &Self) -> (Self, C::Base, C::Base) {
        let z1z1 = self.z.square();
        let z2z2 = q.z.square();
        let u1 = self.x * z2z2;
        let u2 = q.x * z1z1;
        let s1 = self.y * (q.z * z2z2);
        let s2 = q.y * (self.z * z1z1);
        let h = u2 - u1;
        let r = s2 - s1;
        let hh = h.square();
        let hhh = h * hh;
        let v = u1 * hh;
        let x3 = r.square() - hhh - v.double();
        let y3 = if C::Base::FUSED_SUM_OF_PRODUCTS {
            C::Base::sum_of_products(&r, &(v - x3), &-s1, &hhh)
        } else {
            r * (v - x3) - s1 * hhh
        };
        let z3 = (self.z * q.z) * h;
        (JacobianPoint { x: x3, y: y3, z: z3 }, h, r)
    }

    /// The triple (X, Y, Z) of a homogeneous point read as Jacobian
    /// coordinates, no conversion: for the homogeneous identity (0 : 1 : 0),
    /// also a Jacobian identity (Y ≠ 0), where `ProjectivePoint::mul_base`
    /// starts.
    #[inline(always)]
    pub(crate) fn from_coords(p: &ProjectivePoint<C>) -> Self {
        JacobianPoint { x: p.x, y: p.y, z: p.z }
    }

    /// `dbl-2009-l`, a = 0, rewritten around Y' = 2Y: B' = Y'² = 4B,
    /// D = X·B' (= 2((X + B)² − A − C) = 4XB), E = 3A, X₃ = E² − 2D,
    /// Y₃ = E(D − X₃) − B'²/2 (= 8C), Z₃ = Y'·Z. 3M + 4S and eight
    /// additions, doublings and halvings, against 2M + 5S and fourteen.
    #[inline(always)]
    fn double_a_zero(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let a = x.square();
        let y2 = y.double();
        let b4 = y2.square();
        let d = x * b4;
        let e = a.double() + a;
        let ee = e.square();
        // Z₃ between E² and X₃, as in `double_a_minus_3`
        let z3 = y2 * z;
        let x3 = ee - d.double();
        let y3 = mul_sub_half_square(&e, &(d - x3), &b4);
        JacobianPoint { x: x3, y: y3, z: z3 }
    }

    /// `dbl-2007-bl`, any a: 1M + 8S + 1m_a.
    #[inline(always)]
    fn double_general(&self) -> Self {
        let (x, y, z) = (self.x, self.y, self.z);
        let xx = x.square();
        let yy = y.square();
        let yyyy = yy.square();
        let zz = z.square();
        let s = ((x + yy).square() - xx - yyyy).double();
        let m = xx.double() + xx + C::A * zz.square();
        let x3 = m.square() - s.double();
        let y3 = m * (s - x3) - yyyy.double().double().double();
        let z3 = (y + z).square() - yy - zz;
        JacobianPoint { x: x3, y: y3, z: z3 }
    }
}

/// Variable-time Jacobian arithmetic for public inputs (signature
/// verification, `mul_vartime`): the incomplete EFD addition formulas with
/// their exceptional cases (an input at infinity, P = Q, P = −Q) handled by
/// branches, which is only acceptable because every input is public.
impl<C: WeierstrassCurve> JacobianPoint<C> {
    /// The identity (1 : 1 : 0).
    pub(crate) const IDENTITY_VARTIME: Self =
        JacobianPoint { x: <C::Base as Field>::ONE, y: <C::Base as Field>::ONE, z: <C::Base as Field>::ZERO };

    /// The affine point (x, y) (not the identity) as (x : y : 1).
    #[inline(always)]
    pub(crate) fn from_affine_vartime(x: &C::Base, y: &C::Base) -> Self {
        JacobianPoint { x: *x, y: *y, z: C::Base::ONE }
    }

    /// True for the identity (Z = 0). Variable time.
    #[inline(always)]
    pub(crate) fn is_identity_vartime(&self) -> bool {
        bool::from(self.z.is_zero())
    }

    /// [1]P, [3]P, …, [15]P (the width-5 wNAF table), by one doubling and
    /// seven additions, doubling by [`Self::double_on`]. Variable time:
    /// public points only.
    pub(crate) fn odd_multiples_vartime_on<const M3: bool>(&self) -> [Self; 8] {
        let mut t = [*self; 8];
        let p2 = self.double_on::<M3>();
        for i in 1..8 {
            t[i] = t[i - 1].add_vartime_on::<M3>(&p2);
        }
        t
    }

    /// 2P by the a = −3 doubling when `M3` (for points of the a = −3
    /// isomorph of a curve, `IsoAMinus3`), else by the curve's own
    /// ([`Self::double`]). Constant time.
    #[inline(always)]
    pub(crate) fn double_on<const M3: bool>(&self) -> Self {
        if M3 {
            self.double_a_minus_3()
        } else {
            self.double()
        }
    }

    /// acc + sign(d)·table[|d|/2] for an odd wNAF digit d (acc for d = 0).
    #[inline(always)]
    pub(crate) fn add_digit_vartime_on<const M3: bool>(&self, table: &[Self; 8], d: i8) -> Self {
        if d > 0 {
            self.add_vartime_on::<M3>(&table[(d as usize) / 2])
        } else if d < 0 {
            self.add_vartime_on::<M3>(&table[((-d) as usize) / 2].neg_vartime())
        } else {
            *self
        }
    }

    /// The affine (x, y) of each of the eight points, by one batch inversion
    /// (Montgomery's trick: prefix products of the Z's, one
    /// [`Field::invert_vartime`], then back; 3·7M + 8 × (3M + 1S) and one
    /// variable-time safegcd). `None` if any point is the identity.
    /// Variable time: public points only.
    pub(crate) fn batch_to_affine_vartime(t: &[Self; 8]) -> Option<[[C::Base; 2]; 8]> {
        let mut prefix = [C::Base::ONE; 8];
        let mut acc = C::Base::ONE;
        for (p, q) in prefix.iter_mut().zip(t.iter()) {
            if q.is_identity_vartime() {
                return None;
            }
            *p = acc;
            acc = acc * q.z;
        }
        // inv = 1 / (Z₀·…·Z₇); walking back, zi = 1/Zᵢ = inv·prefixᵢ
        let mut inv = acc.invert_vartime()?;
        let mut out = [[C::Base::ZERO; 2]; 8];
        for i in (0..8).rev() {
            let zi = inv * prefix[i];
            inv = inv * t[i].z;
            let zi2 = zi.square();
            out[i] = [t[i].x * zi2, t[i].y * zi2 * zi];
        }
        Some(out)
    }

    /// The affine odd multiples \[1\]P, \[3\]P, …, \[15\]P of a point
    /// given with Z = 1, by co-Z arithmetic and one inversion; `None` when
    /// Z ≠ 1, y = 0 or an addition meets equal x (never for a point of
    /// prime order above 15), and the caller falls back to
    /// [`Self::odd_multiples_vartime_on`] and [`Self::batch_to_affine_vartime`].
    ///
    /// Procedure: D = 2P by the doubling with co-Z update of an affine point
    /// (Goundar–Joye–Miyaji, "Co-Z addition formulæ and binary ladders on
    /// elliptic curves", CHES 2010, `DBLU`): with Z = 2y, M = 3x² + a and
    /// S = x·Z², D = (M² − 2S, M(S − X_D) − 8y⁴, Z) and P = (S, 8y⁴, Z)
    /// share Z (2M + 4S). Then seven co-Z additions (Meloni, "New point
    /// addition formulae for ECC applications", WAIFI 2007, `ZADDU`: for
    /// (X₁, Y₁), (X₂, Y₂) over one Z, H = X₂ − X₁, A = H², B = X₁·A,
    /// C = X₂·A, R = Y₂ − Y₁, X₃ = R² − B − C, Y₃ = R(B − X₃) − Y₁(C − B),
    /// Z₃ = Z·H, and (B, Y₁(C − B)) is the first point over Z₃; 5M + 2S)
    /// give Tᵢ = Tᵢ₋₁ + D with D carried along to each new Z. Each Tᵢ keeps
    /// its own Zᵢ = Zᵢ₋₁·Hᵢ; one inversion of Z₇ and a backward walk
    /// 1/Zᵢ₋₁ = Hᵢ/Zᵢ give x = X·Zᵢ⁻², y = Y·Zᵢ⁻³ (4M + 1S each). No
    /// doubling formula after the first, so `M3` (a = −3 isomorph) only
    /// chooses the a of M. Cost ≈ 2M + 4S + 7 × (5M + 2S) + 8 × (4M + 1S)
    /// and one variable-time safegcd, against one doubling, seven full
    /// additions (12M + 4S) and a batch inversion. Variable time: public
    /// points only.
    pub(crate) fn odd_multiples_affine_coz_vartime<const M3: bool>(&self) -> Option<[[C::Base; 2]; 8]> {
        let one = <C::Base as Field>::ONE;
        if !bool::from(self.z.ct_eq(&one)) || bool::from(self.y.is_zero()) {
            return None;
        }
        let (x, y) = (self.x, self.y);
        let a = if M3 { -C::Base::from_u64(3) } else { C::A };
        let xx = x.square();
        let z0 = y.double();
        let zz = z0.square();
        let s = x * zz;
        let y4_8 = zz.square().half();
        let m = xx.double() + xx + a;
        let mut dx = m.square() - s.double();
        let mut dy = m * (s - dx) - y4_8;
        let mut t = [[s, y4_8]; 8];
        let mut ratio = [one; 8];
        let mut z = z0;
        for i in 1..8 {
            // the formula runs to the end before the H = 0 test (public data)
            let (sum, d, [h, ..]) = zaddu(&[dx, dy], &t[i - 1]);
            if bool::from(h.is_zero()) {
                return None;
            }
            t[i] = sum;
            [dx, dy] = d;
            ratio[i] = h;
            z = z * h;
        }
        let mut zinv = z.invert_vartime()?;
        let mut out = [[<C::Base as Field>::ZERO; 2]; 8];
        for i in (0..8).rev() {
            let zi2 = zinv.square();
            out[i] = [t[i][0] * zi2, t[i][1] * zi2 * zinv];
            zinv = zinv * ratio[i];
        }
        Some(out)
    }

    /// −P = (X : −Y : Z).
    #[inline(always)]
    pub(crate) fn neg_vartime(&self) -> Self {
        JacobianPoint { x: self.x, y: -self.y, z: self.z }
    }

    /// P + Q by `add-1998-cmo-2` (12M + 4S, [`Self::add_1998_cmo_2`]);
    /// H = 0 falls back to doubling
    /// (r = 0, by [`Self::double_on`]) or the identity. Variable time:
    /// public points only.
    pub(crate) fn add_vartime_on<const M3: bool>(&self, q: &Self) -> Self {
        if self.is_identity_vartime() {
            return *q;
        }
        if q.is_identity_vartime() {
            return *self;
        }
        // the formula runs to the end before the H = 0 test: that case is
        // rare and the data public
        let (sum, h, r) = self.add_1998_cmo_2(q);
        if bool::from(h.is_zero()) {
            return if bool::from(r.is_zero()) { self.double_on::<M3>() } else { Self::IDENTITY_VARTIME };
        }
        sum
    }

    /// P + (x₂, y₂) for an affine curve point by `madd-2004-hmv` (8M + 3S,
    /// also the mixed addition of Gueron–Krasnov's P-256 code):
    /// Z1Z1 = Z₁², U₂ = x₂·Z1Z1, S₂ = y₂·(Z₁·Z1Z1), H = U₂ − X₁,
    /// R = S₂ − Y₁, HH = H², HHH = H·HH, V = X₁·HH, X₃ = R² − HHH − 2V,
    /// Y₃ = R(V − X₃) − Y₁·HHH, Z₃ = Z₁·H; exceptional cases as in
    /// [`Self::add_vartime_on`]. Against `madd-2007-bl` (7M + 4S) it trades
    /// one squaring for a multiplication and saves seven of its fourteen
    /// additions and doublings: the point formulas are bound by the
    /// throughput of the field operations, not their latency (P-256, ns per
    /// mixed addition 122.8 → 117.0). Variable time: public points only.
    pub(crate) fn add_affine_vartime(&self, x2: &C::Base, y2: &C::Base) -> Self {
        self.add_affine_vartime_on::<false>(x2, y2)
    }

    /// [2^k]P + (x₂, y₂) for public inputs, (x₂, y₂) an affine point (not
    /// the identity), k ≥ 0, the doublings those of [`Self::double_on`]:
    /// by the field's fused routine for the doublings and the mixed
    /// addition where it has one ([`Field::jacobian_double_n_add_a_minus_3`]
    /// for the a = −3 doublings, `M3` or the curve's own: P-256, P-384,
    /// P-521 and the four-word Montgomery primes;
    /// [`Field::jacobian_double_n_add_a_zero`] for the a = 0 ones:
    /// secp256k1; on x86-64 with BMI2 + ADX), with its one unhandled case
    /// mended here: when [2^k]P = (x₂, y₂) its sum is (0 : 0 : 0) (H = R =
    /// 0), the only result with Z₃ = 0 and X₃ = 0 (for H = 0 ≠ R, X₃ =
    /// R²), and the answer is the doubling of (x₂, y₂); an identity [2^k]P
    /// is handled inside (Q selected). Elsewhere [`Self::double_n_on`] and
    /// [`Self::add_affine_vartime_on`]. Variable time: public inputs only.
    #[inline(always)]
    pub(crate) fn double_n_add_affine_vartime_on<const M3: bool>(
        &self,
        k: u32,
        x2: &C::Base,
        y2: &C::Base,
        scratch: &mut DoubleNAddScratch,
    ) -> Self {
        let q = Self::from_affine_vartime(x2, y2);
        if let Some(r) = self.fused_double_n_add::<M3>(WindowAdd::Mixed([x2, y2, &q.z]), k, scratch) {
            if r.is_identity_vartime() && bool::from(r.x.is_zero()) {
                return q.double_on::<M3>();
            }
            return r;
        }
        self.double_n_on::<M3>(k, scratch).add_affine_vartime_on::<M3>(x2, y2)
    }

    /// [`Self::add_affine_vartime`] whose P = Q case doubles by
    /// [`Self::double_on`]. Variable time: public points only.
    pub(crate) fn add_affine_vartime_on<const M3: bool>(&self, x2: &C::Base, y2: &C::Base) -> Self {
        if self.is_identity_vartime() {
            return Self::from_affine_vartime(x2, y2);
        }
        let (sum, h, r) = self.madd_2004_hmv(x2, y2);
        if bool::from(h.is_zero()) {
            return if bool::from(r.is_zero()) { self.double_on::<M3>() } else { Self::IDENTITY_VARTIME };
        }
        sum
    }

    /// P + (x₂, y₂) by the `madd-2004-hmv` formula of
    /// [`Self::add_affine_vartime`] (8M + 3S) with the identity P handled
    /// by a mask, for the fixed-base sum of `ProjectivePoint::mul_base`
    /// where it may skip the complete formula: the sum is replaced by
    /// (x₂ : y₂ : 1) when Z₁ = 0.
    ///
    /// Correct for every P and affine point (x₂, y₂) except P = (x₂, y₂):
    /// there H = R = 0 and the result is (0 : 0 : 0), no point. The caller
    /// must rule that case out for every input it can be given (see
    /// `ProjectivePoint::mul_base`). P = −(x₂, y₂) gives H = 0, R ≠ 0 and
    /// (R² : −R³ : 0), the identity with Y ≠ 0. Constant time: the identity
    /// test is a masked select; never fails.
    #[inline(always)]
    pub(crate) fn add_affine_unless_equal(&self, x2: &C::Base, y2: &C::Base) -> Self {
        let (sum, _, _) = self.madd_2004_hmv(x2, y2);
        Self::conditional_select(&sum, &Self::from_affine_vartime(x2, y2), self.z.is_zero())
    }

    /// [`Self::add_affine_unless_equal`] with the sum discarded when `skip`
    /// is set (the digit 0): [`Self::double_n_add_affine_on`] with k = 0,
    /// hence the field's fused routine where it has one. The mixed addition
    /// reads no curve constant, so the a = −3 routine
    /// ([`Field::jacobian_double_n_add_a_minus_3`]) serves every curve but
    /// the a = 0 ones (brainpoolP256r1's a included), which take
    /// [`Field::jacobian_double_n_add_a_zero`]'s. The contract of
    /// `add_affine_unless_equal`: P = (x₂, y₂) must be ruled out by the
    /// caller. Constant time in P, the entry and `skip`; never fails.
    #[inline(always)]
    pub(crate) fn add_affine_unless_equal_on(
        &self,
        x2: &C::Base,
        y2: &C::Base,
        skip: Choice,
        scratch: &mut DoubleNAddScratch,
    ) -> Self {
        match C::A_KIND {
            AKind::Zero => self.double_n_add_affine_on::<false>(0, x2, y2, skip, scratch),
            _ => self.double_n_add_affine_on::<true>(0, x2, y2, skip, scratch),
        }
    }

    /// The `madd-2004-hmv` formula alone, no identity or equality handling:
    /// returns (X₃ : Y₃ : Z₃) with H and R (H = 0: P = ±(x₂, y₂); R = 0
    /// too: P = (x₂, y₂)). Y₃ as a fused sum of products where the field has
    /// one. Constant time; never fails.
    #[inline(always)]
    fn madd_2004_hmv(&self, x2: &C::Base, y2: &C::Base) -> (Self, C::Base, C::Base) {
        let z1z1 = self.z.square();
        let u2 = *x2 * z1z1;
        let s2 = *y2 * (self.z * z1z1);
        let h = u2 - self.x;
        let r = s2 - self.y;
        let hh = h.square();
        let hhh = h * hh;
        let v = self.x * hh;
        let x3 = r.square() - hhh - v.double();
        let y3 = if C::Base::FUSED_SUM_OF_PRODUCTS {
            C::Base::sum_of_products(&r, &(v - x3), &-self.y, &hhh)
        } else {
            r * (v - x3) - self.y * hhh
        };
        let z3 = self.z * h;
        (JacobianPoint { x: x3, y: y3, z: z3 }, h, r)
    }
}

/// The odd multiples \[1\]P, \[3\]P, …, \[15\]P of a point P on an a = 0
/// curve E, as *affine* points of the isomorphic curve
/// E_s: y² = x³ + b·s⁶ under ψ_s(x, y) = (s²·x, s³·y) ("effective affine",
/// the libsecp256k1 `ecmult` table). The Jacobian formulas for a = 0 never
/// read b, so a chain can run on E_s with mixed additions of these entries
/// (7M + 4S instead of 11M + 5S), and its result (X : Y : Z) on E_s is
/// (X : Y : Z·s) on E ([`JacobianPoint::unscale_iso_vartime`]). Affine
/// points of E enter the chain as ψ_s(x, y) (2M). Public points only.
#[derive(Clone, Copy)]
pub(crate) struct IsoOddMultiples<C: WeierstrassCurve> {
    /// (x, y) of ψ_s(\[2i + 1\]P), i = 0..8.
    pub(crate) xy: [[C::Base; 2]; 8],
    /// The isomorphism scale s.
    pub(crate) s: C::Base,
}

impl<C: WeierstrassCurve> JacobianPoint<C> {
    /// P + (x₂, y₂) by `madd-2007-bl` as [`Self::add_affine_vartime`], with
    /// Z₃ = 2·Z₁·H (1M in place of (Z₁ + H)² − Z1Z1 − HH), returning the
    /// ratio Z₃/Z₁ = 2H too; `None` for the exceptional cases (P the
    /// identity, or x(P) = x₂). Variable time: public points only.
    fn add_affine_zr_vartime(&self, x2: &C::Base, y2: &C::Base) -> Option<(Self, C::Base)> {
        if self.is_identity_vartime() {
            return None;
        }
        let z1z1 = self.z.square();
        let u2 = *x2 * z1z1;
        let s2 = *y2 * self.z * z1z1;
        let h = u2 - self.x;
        if bool::from(h.is_zero()) {
            return None;
        }
        let r = (s2 - self.y).double();
        let i = h.square().double().double();
        let j = h * i;
        let v = self.x * i;
        let x3 = r.square() - j - v.double();
        let y3 = r * (v - x3) - (self.y * j).double();
        let zr = h.double();
        Some((JacobianPoint { x: x3, y: y3, z: self.z * zr }, zr))
    }

    /// [`IsoOddMultiples`] of this point (libsecp256k1's
    /// `ecmult_odd_multiples_table` method): D = 2P = (X_D : Y_D : Z_D) is
    /// the affine point (X_D, Y_D) of E_(Z_D), where P is
    /// (Z_D²·X : Z_D³·Y : Z); seven mixed additions of D give Tᵢ = \[2i+1\]P
    /// there with Zᵢ = Zᵢ₋₁·rᵢ, and a backward pass scales each Tᵢ to the
    /// last Z, f = Z₇/Zᵢ = ∏ r (x·f², y·f³), which makes all eight affine on
    /// E_s with s = Z_D·Z₇. Cost 1 doubling + 7 × (7M + 4S) + 7 × (4M + 1S).
    /// `None` unless a = 0 and P ≠ O (the additions have no exceptional case
    /// then: \[2i+1\]P = ±2P needs an order dividing 2i + 1 ± 2 ≤ 15, and
    /// every a = 0 curve here has prime order above 2¹⁹⁰). Variable time.
    pub(crate) fn odd_multiples_iso_vartime(&self) -> Option<IsoOddMultiples<C>> {
        if !matches!(C::A_KIND, AKind::Zero) || self.is_identity_vartime() {
            return None;
        }
        let d = self.double();
        if d.is_identity_vartime() {
            return None;
        }
        let zd2 = d.z.square();
        let mut t: [Self; 8] = [JacobianPoint { x: self.x * zd2, y: self.y * zd2 * d.z, z: self.z }; 8];
        let mut zr = [C::Base::ONE; 8];
        for i in 1..8 {
            let (q, r) = t[i - 1].add_affine_zr_vartime(&d.x, &d.y)?;
            t[i] = q;
            zr[i] = r;
        }
        let mut xy = [[C::Base::ZERO; 2]; 8];
        let mut f = C::Base::ONE;
        for i in (0..8).rev() {
            if i < 7 {
                f = f * zr[i + 1];
            }
            let f2 = f.square();
            xy[i] = [t[i].x * f2, t[i].y * f2 * f];
        }
        Some(IsoOddMultiples { xy, s: d.z * t[7].z })
    }

    /// The point (X : Y : Z) of E_s (see [`IsoOddMultiples`]) as the point
    /// (X : Y : Z·s) of E. Variable time (1M).
    #[inline(always)]
    pub(crate) fn unscale_iso_vartime(&self, s: &C::Base) -> Self {
        JacobianPoint { x: self.x, y: self.y, z: self.z * *s }
    }
}

impl<C: WeierstrassCurve> ConditionallySelectable for JacobianPoint<C> {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        JacobianPoint {
            x: C::Base::conditional_select(&a.x, &b.x, choice),
            y: C::Base::conditional_select(&a.y, &b.y, choice),
            z: C::Base::conditional_select(&a.z, &b.z, choice),
        }
    }
}

impl<C: WeierstrassCurve> Zeroize for JacobianPoint<C> {
    fn zeroize(&mut self) {
        self.x = C::Base::ZERO;
        self.y = C::Base::ZERO;
        self.z = C::Base::ZERO;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{
        BrainpoolP224t1, BrainpoolP256t1, Secp192k1, Secp192r1, Secp224k1, Secp224r1, Secp256k1, Secp256r1, Secp384r1,
        Secp521r1,
    };

    /// A field element whose representation limbs are `m − d` for the
    /// modulus m (d ≥ 1), or pseudo-random limbs reduced below m.
    fn raw<F: Field>(seed: &mut u64, d: Option<u64>) -> F {
        let mut be = [0u8; 66];
        let n = F::BYTES;
        F::write_modulus_be_bytes(&mut be[..n]);
        let mut x = F::ZERO;
        match d {
            Some(d) => {
                // m − d by big-endian subtraction, then read as limbs
                let mut borrow = d;
                for b in be[..n].iter_mut().rev() {
                    let (v, o) = (*b as u64).overflowing_sub(borrow & 0xff);
                    *b = v as u8;
                    borrow = (borrow >> 8) + o as u64;
                }
                for (i, l) in x.limbs_mut().iter_mut().enumerate() {
                    for k in 0..8 {
                        let pos = n as isize - 1 - (8 * i + k) as isize;
                        if pos >= 0 {
                            *l |= (be[pos as usize] as u64) << (8 * k);
                        }
                    }
                }
            }
            None => {
                for b in be[..n].iter_mut() {
                    *seed ^= *seed << 13;
                    *seed ^= *seed >> 7;
                    *seed ^= *seed << 17;
                    *b = *seed as u8;
                }
                x = F::from_be_bytes_reduced(&be[..n]);
            }
        }
        x
    }

    /// The fused routine (where the field has one) against k doublings by
    /// `double_a_minus_3` (by `double_a_zero` and the a = 0 routine on an
    /// a = 0 curve) and then, with Q = (x₂ : y₂ : 1), the mixed
    /// `add_affine_unless_equal`, or nothing for Q's Z = 0, coordinate by
    /// coordinate: both compute the same polynomials of the inputs (Z₃ =
    /// 2YZ and (Y + Z)² − γ − δ are equal, and so on) and select the same
    /// identity cases, so they must agree exactly on every input, on the
    /// curve or not, including representations at m − 1, m − 2 and 0,
    /// which drive the carries of the linear combinations, and Z = 0 on
    /// either side of the addition.
    fn fused_matches<C: WeierstrassCurve>() -> bool {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let specials = [Some(1), Some(2), Some(3), Some(1 << 40), None];
        let mut ran = false;
        let a_zero = matches!(C::A_KIND, AKind::Zero);
        // one scratch throughout, as a chain uses it (the routine must not
        // depend on what an earlier call left there)
        let mut scratch = DoubleNAddScratch::new();
        for round in 0..160 {
            let pick = |seed: &mut u64, i: usize| {
                let s = if round < 75 { specials[(round / [1, 5, 25][i % 3]) % 5] } else { None };
                raw::<C::Base>(seed, s)
            };
            let mut p = JacobianPoint::<C> { x: pick(&mut seed, 0), y: pick(&mut seed, 1), z: pick(&mut seed, 2) };
            let mut q = JacobianPoint::<C> { x: pick(&mut seed, 4), y: pick(&mut seed, 5), z: pick(&mut seed, 3) };
            if round % 7 == 3 {
                p.z = C::Base::ZERO;
            }
            // an affine entry (Z = 1) or none (Z = 0): the routine's inputs
            q.z = if round % 11 == 5 { C::Base::ZERO } else { C::Base::ONE };
            // k = 0: every routine adds alone, and declines without Q
            for k in [0u32, 1, 2, 5] {
                let mut r = p;
                for _ in 0..k {
                    r = if a_zero { r.double_a_zero() } else { r.double_a_minus_3() };
                }
                let skip = q.z.is_zero();
                let sum = JacobianPoint::conditional_select(&r.add_affine_unless_equal(&q.x, &q.y), &r, skip);
                // the doubling-addition: its formula on arbitrary triples
                // (no case is selected, so every input has one answer)
                let dbl_add = r.double_add_affine(&q.x, &q.y);
                let steps = [
                    (WindowAdd::None, r),
                    (WindowAdd::Mixed([&q.x, &q.y, &q.z]), sum),
                    (WindowAdd::DoubleMixed([&q.x, &q.y]), dbl_add),
                ];
                for (qq, want) in steps {
                    let mut xyz = [p.x, p.y, p.z];
                    let word = qq.word();
                    let fused = if a_zero {
                        C::Base::jacobian_double_n_add_a_zero(&mut xyz, qq, k, &mut scratch)
                    } else {
                        C::Base::jacobian_double_n_add_a_minus_3(&mut xyz, qq, k, &mut scratch)
                    };
                    if k == 0 && word == 0 {
                        assert!(!fused, "k = 0 without Q, round {round}");
                    }
                    if !fused {
                        continue;
                    }
                    ran = true;
                    assert_eq!(xyz[0].limbs(), want.x.limbs(), "X, round {round}, k {k}, step {word}");
                    assert_eq!(xyz[1].limbs(), want.y.limbs(), "Y, round {round}, k {k}, step {word}");
                    assert_eq!(xyz[2].limbs(), want.z.limbs(), "Z, round {round}, k {k}, step {word}");
                }
                let m3 = !a_zero;
                let via = if m3 {
                    p.double_n_double_add_affine_on::<true>(k, &q.x, &q.y, &mut scratch)
                } else {
                    p.double_n_double_add_affine_on::<false>(k, &q.x, &q.y, &mut scratch)
                };
                assert_eq!([via.x.limbs(), via.y.limbs(), via.z.limbs()], [dbl_add.x.limbs(), dbl_add.y.limbs(), dbl_add.z.limbs()], "round {round}, k {k}");
                assert_eq!(p.double_n_on::<false>(k, &mut scratch).x.limbs(), r.x.limbs());
                if k == 0 {
                    // the fixed-base sum (`mul_base`), fused where it can be
                    let s = p.add_affine_unless_equal_on(&q.x, &q.y, skip, &mut scratch);
                    assert_eq!([s.x.limbs(), s.y.limbs(), s.z.limbs()], [sum.x.limbs(), sum.y.limbs(), sum.z.limbs()], "round {round}");
                }
                assert_eq!(p.double_n_add_affine_on::<false>(k, &q.x, &q.y, skip, &mut scratch).y.limbs(), sum.y.limbs());
            }
        }
        ran
    }

    #[test]
    fn fused_double_n_p256_p384_p521() {
        let ran = [fused_matches::<Secp256r1>(), fused_matches::<Secp384r1>(), fused_matches::<Secp521r1>()];
        // the routines run exactly when the assembly backend is selected
        assert_eq!(ran, [crate::arith::backend::adx_selected(); 3]);
    }

    /// The generic four-word block (modulus in the state) on the brainpool
    /// 224- and 256-bit primes (the t1 curves, a = −3; the r1 curves share
    /// these fields and run the block on their a = −3 isomorphs) and the
    /// secp224r1 prime (m₀ = 1, so −m⁻¹ = 2⁶⁴ − 1), one scratch per field;
    /// a three-word field has no routine.
    #[test]
    fn fused_double_n_four_word_montgomery() {
        let ran = [fused_matches::<BrainpoolP256t1>(), fused_matches::<BrainpoolP224t1>(), fused_matches::<Secp224r1>()];
        assert_eq!(ran, [crate::arith::backend::adx_selected(); 3]);
        assert!(!fused_matches::<Secp192r1>());
    }

    /// [`JacobianPoint::double_n_add_affine_vartime_on`] on points of the curve,
    /// the fused routine's exceptional cases included, against
    /// `double_n_on` and `add_affine_vartime`: [2^k]P = Q (its sum is
    /// (0 : 0 : 0), mended to 2Q), [2^k]P = −Q (the identity), P the
    /// identity (Q), and generic sums, for k = 0, 1, 5, with P in Jacobian
    /// form with Z ≠ 1.
    fn vartime_add_matches<C: WeierstrassCurve>() {
        let mut scratch = DoubleNAddScratch::new();
        let g = ProjectivePoint::<C>::generator();
        // P = 3G with Z ≠ 1 (a Jacobian doubling and a mixed addition)
        let p = JacobianPoint::from_projective(&g).double().add_affine_vartime(&C::GX, &C::GY);
        assert!(!bool::from(p.z.ct_eq(&C::Base::ONE)));
        let affine = |j: &JacobianPoint<C>| j.to_projective().to_affine();
        for k in [0u32, 1, 5] {
            let pk = p.double_n_on::<false>(k, &mut scratch);
            let pk_aff = affine(&pk);
            let other = affine(&JacobianPoint::from_projective(&g.double()));
            let cases = [
                (p, pk_aff.x, pk_aff.y, "equal"),
                (p, pk_aff.x, -pk_aff.y, "opposite"),
                (JacobianPoint::IDENTITY_VARTIME, other.x, other.y, "identity"),
                (p, other.x, other.y, "generic"),
            ];
            for (a, x2, y2, what) in cases {
                let want = a.double_n_on::<false>(k, &mut scratch).add_affine_vartime(&x2, &y2);
                let got = a.double_n_add_affine_vartime_on::<false>(k, &x2, &y2, &mut scratch);
                assert_eq!(got.is_identity_vartime(), want.is_identity_vartime(), "{} k {k} {what}", C::NAME);
                assert!(got.to_projective() == want.to_projective(), "{} k {k} {what}", C::NAME);
            }
            // the doubling case is 2Q, the opposite one the identity
            let two = p.double_n_add_affine_vartime_on::<false>(k, &pk_aff.x, &pk_aff.y, &mut scratch);
            assert!(two.to_projective() == pk.double().to_projective());
            assert!(p.double_n_add_affine_vartime_on::<false>(k, &pk_aff.x, &-pk_aff.y, &mut scratch).is_identity_vartime());
        }
    }

    #[test]
    fn double_n_add_affine_vartime_exceptional_cases() {
        vartime_add_matches::<Secp256k1>();
        vartime_add_matches::<Secp224k1>();
        vartime_add_matches::<Secp256r1>();
        vartime_add_matches::<Secp384r1>();
        vartime_add_matches::<Secp521r1>();
        vartime_add_matches::<BrainpoolP256t1>();
    }

    /// The secp256k1 block (a = 0, plain representatives) against
    /// `double_a_zero` and the mixed addition; the other a = 0 curves
    /// (secp224k1, secp192k1) have no routine.
    #[test]
    fn fused_double_n_secp256k1() {
        assert_eq!(fused_matches::<Secp256k1>(), crate::arith::backend::adx_selected());
        assert!(!fused_matches::<Secp224k1>());
        assert!(!fused_matches::<Secp192k1>());
    }
}
