//! GF(2^448 − 2^224 − 1) in seven saturated 64-bit limbs, Solinas reduction.
//!
//! Kept as a measured alternative to [`super::Fe448`] (radix 2^56) and as a
//! differential oracle in tests; see the table in the parent module.

// Limb code walks several arrays in lockstep; explicit indices read best.
#![allow(clippy::needless_range_loop)]

use crate::arith::{self, mac};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

/// p = 2^448 − 2^224 − 1, little-endian 64-bit limbs (bit 224 = bit 32 of
/// limb 3 is its only zero bit).
const MODULUS: [u64; 7] = [
    u64::MAX,
    u64::MAX,
    u64::MAX,
    0xffff_fffe_ffff_ffff,
    u64::MAX,
    u64::MAX,
    u64::MAX,
];

/// 2^448 − p = 2^224 + 1, the Solinas fold constant.
const C: [u64; 7] = [1, 0, 0, 1 << 32, 0, 0, 0];

/// An element of GF(2^448 − 2^224 − 1): seven 64-bit limbs, little-endian.
///
/// Invariant: the limbs hold the canonical value, < p (so equality of limbs
/// is equality of values). Outputs may alias inputs. Every operation is
/// constant time.
#[derive(Clone, Copy)]
pub struct Fe448Sat64 {
    limbs: [u64; 7],
}

#[inline(always)]
fn select7(a: &[u64; 7], b: &[u64; 7], mask: u64) -> [u64; 7] {
    arith::select(a, b, core::hint::black_box(mask))
}

impl Fe448Sat64 {
    /// 0.
    pub const ZERO: Self = Fe448Sat64 { limbs: [0; 7] };
    /// 1.
    pub const ONE: Self = Fe448Sat64 { limbs: [1, 0, 0, 0, 0, 0, 0] };
    /// 2^448 mod p = 2^224 + 1.
    const TWO_TO_THE_448: Self = Fe448Sat64 { limbs: C };

    #[inline(always)]
    fn is_canonical(l: &[u64; 7]) -> bool {
        arith::lt_mask(l, &MODULUS) != 0
    }

    /// V mod p for V = s + c·2^448 < 2p (c ∈ {0, 1}).
    ///
    /// y = s + 2^224 + 1 (carry c′). V ≥ p ⇔ s + 2^224 + 1 + c·2^448 ≥ 2^448
    /// ⇔ c = 1 or c′ = 1, and then V − p = y mod 2^448.
    #[inline(always)]
    fn reduce_once(s: &[u64; 7], c: u64) -> Self {
        let (y, c2) = arith::add(s, &C);
        let mask = (c | c2).wrapping_neg();
        let r = Fe448Sat64 { limbs: select7(s, &y, mask) };
        debug_assert!(Self::is_canonical(&r.limbs));
        r
    }

    /// self + rhs: one add chain, then [`Self::reduce_once`] (sum < 2p).
    #[inline(always)]
    fn add_impl(&self, rhs: &Self) -> Self {
        let (s, c) = arith::add(&self.limbs, &rhs.limbs);
        Self::reduce_once(&s, c)
    }

    /// self − rhs: d = self − rhs mod 2^448; on borrow the true result is
    /// d − 2^448 + p = d − (2^224 + 1) ≥ 0, so subtract C masked.
    #[inline(always)]
    fn sub_impl(&self, rhs: &Self) -> Self {
        let (d, borrow) = arith::sub(&self.limbs, &rhs.limbs);
        let m = core::hint::black_box(borrow);
        let (r, _) = arith::sub(&d, &[C[0] & m, 0, 0, C[3] & m, 0, 0, 0]);
        debug_assert!(Self::is_canonical(&r));
        Fe448Sat64 { limbs: r }
    }

    #[inline(always)]
    fn neg_impl(&self) -> Self {
        Self::ZERO.sub_impl(self)
    }

    /// Reduces a 896-bit product t < p² to the canonical value.
    ///
    /// Procedure: t = L + H·2^448 with L, H < 2^448; H = H_lo + H_hi·2^224.
    ///   H·2^448 ≡ H·(2^224 + 1) = H + H_lo·2^224 + H_hi·2^448
    ///           ≡ H + H_hi + (H_lo + H_hi)·2^224,
    /// so S = L + H + H_hi + X·2^224 with X = H_lo + H_hi < 2^225. S < 2^451:
    /// the top word `top` (< 8) folds again as top·(2^224 + 1), leaving
    /// V < 2^448 + 2^228 < 2p for [`Self::reduce_once`].
    #[inline(always)]
    fn reduce_wide(t: &[u64; 14]) -> Self {
        let h = &t[7..14];
        let lo32 = 0xffff_ffffu64;
        // H_hi = H >> 224 (4 limbs, the last < 2^32); H_lo = H mod 2^224.
        let hhi = [
            (h[3] >> 32) | (h[4] << 32),
            (h[4] >> 32) | (h[5] << 32),
            (h[5] >> 32) | (h[6] << 32),
            h[6] >> 32,
        ];
        let hlo = [h[0], h[1], h[2], h[3] & lo32];
        // X = H_lo + H_hi, x[3] < 2^33.
        let (x, _) = arith::add(&hlo, &hhi);
        // X·2^224: limbs 3..6 plus one bit of limb 7.
        let sx = [
            0,
            0,
            0,
            x[0] << 32,
            (x[0] >> 32) | (x[1] << 32),
            (x[1] >> 32) | (x[2] << 32),
            (x[2] >> 32) | (x[3] << 32),
        ];
        let sx7 = x[3] >> 32;
        let mut s = [0u64; 7];
        let mut acc: u128 = 0;
        for i in 0..7 {
            acc += t[i] as u128 + h[i] as u128 + sx[i] as u128;
            if i < 4 {
                acc += hhi[i] as u128;
            }
            s[i] = acc as u64;
            acc >>= 64;
        }
        let top = acc as u64 + sx7;
        debug_assert!(top < 8);
        let (r, c) = arith::add(&s, &[top, 0, 0, top << 32, 0, 0, 0]);
        Self::reduce_once(&r, c)
    }

    /// self·rhs: schoolbook 7×7 (49 multiplications), then Solinas.
    #[inline(always)]
    fn mul_impl(&self, rhs: &Self) -> Self {
        let a = &self.limbs;
        let b = &rhs.limbs;
        let mut t = [0u64; 14];
        for i in 0..7 {
            let mut carry = 0;
            for j in 0..7 {
                (t[i + j], carry) = mac(t[i + j], a[i], b[j], carry);
            }
            t[i + 7] = carry;
        }
        Self::reduce_wide(&t)
    }

    /// self²: 21 cross products doubled plus 7 squares (28 multiplications).
    #[inline(always)]
    fn square_impl(&self) -> Self {
        let a = &self.limbs;
        let mut t = [0u64; 14];
        for i in 0..6 {
            let mut carry = 0;
            for j in (i + 1)..7 {
                (t[i + j], carry) = mac(t[i + j], a[i], a[j], carry);
            }
            t[i + 7] = carry;
        }
        // Double (cross products < 2^894, so no bit is lost).
        t[13] = t[12] >> 63;
        let mut i = 12;
        while i > 0 {
            t[i] = (t[i] << 1) | (t[i - 1] >> 63);
            i -= 1;
        }
        t[0] <<= 1;
        // Add the squares a_i² at position 2i.
        let mut carry = 0u64;
        for i in 0..7 {
            let sq = (a[i] as u128) * (a[i] as u128);
            (t[2 * i], carry) = arith::adc(t[2 * i], sq as u64, carry);
            (t[2 * i + 1], carry) = arith::adc(t[2 * i + 1], (sq >> 64) as u64, carry);
        }
        Self::reduce_wide(&t)
    }

    /// self·c for a small constant c < 2^32. 7 multiplications; the top word
    /// w < 2^32 folds as w·(2^224 + 1). Constant time.
    pub fn mul_small(&self, c: u32) -> Self {
        let mut r = [0u64; 7];
        let mut carry = 0;
        for i in 0..7 {
            (r[i], carry) = mac(0, self.limbs[i], c as u64, carry);
        }
        let (s, c2) = arith::add(&r, &[carry, 0, 0, carry << 32, 0, 0, 0]);
        Self::reduce_once(&s, c2)
    }

    /// The canonical 56-byte little-endian encoding. Constant time.
    pub fn to_le_bytes(&self) -> [u8; 56] {
        let mut out = [0u8; 56];
        for i in 0..7 {
            out[8 * i..8 * i + 8].copy_from_slice(&self.limbs[i].to_le_bytes());
        }
        out
    }

    /// Decodes 56 little-endian bytes as an integer < 2^448 and reduces it
    /// mod p (RFC 7748 §5 `decodeUCoordinate` semantics). Never fails.
    /// Constant time.
    pub fn from_le_bytes_reduced(bytes: &[u8; 56]) -> Self {
        let mut l = [0u64; 7];
        for i in 0..7 {
            let mut w = [0u8; 8];
            w.copy_from_slice(&bytes[8 * i..8 * i + 8]);
            l[i] = u64::from_le_bytes(w);
        }
        Self::reduce_once(&l, 0)
    }
}

impl ConditionallySelectable for Fe448Sat64 {
    #[inline(always)]
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        let mask = (choice.unwrap_u8() as u64).wrapping_neg();
        Fe448Sat64 { limbs: select7(&a.limbs, &b.limbs, mask) }
    }
}

impl ConstantTimeEq for Fe448Sat64 {
    #[inline(always)]
    fn ct_eq(&self, other: &Self) -> Choice {
        let mut acc = 0u64;
        for i in 0..7 {
            acc |= self.limbs[i] ^ other.limbs[i];
        }
        acc.ct_eq(&0)
    }
}

impl_fe448_common!(Fe448Sat64, "Fe448Sat64");
