//! GF(2^255 − 19) in radix 2^64: four 64-bit limbs, reduction by 38
//! (2^256 ≡ 38 mod p), products in `u128`.
//!
//! a = l₀ + l₁·2^64 + l₂·2^128 + l₃·2^192.
//!
//! **Invariant:** any 256-bit value is allowed and stands for its residue mod
//! p ("partially reduced", as in the amd64-64 code of Bernstein et al.); no
//! limb bound can be violated. Only [`Fe64::to_le_bytes`] and the
//! comparisons compute the canonical form (< p). Zero is all-zero limbs.
//! Outputs may alias inputs. The folding steps `debug_assert!` the carry
//! facts that make them exact.

use crate::arith::{adc, mac, sbb};

/// An element of GF(2^255 − 19) as four 64-bit limbs, value < 2^256 (see the
/// module doc). Constant time throughout.
#[derive(Clone, Copy)]
pub struct Fe64([u64; 4]);

/// Little-endian 64-bit word `i` (bytes 8i..8i+8) of a 32-byte string.
#[inline(always)]
const fn load8(b: &[u8; 32], i: usize) -> u64 {
    let mut r = 0u64;
    let mut j = 0;
    while j < 8 {
        r |= (b[8 * i + j] as u64) << (8 * j);
        j += 1;
    }
    r
}

impl Fe64 {
    const ZERO_IMPL: Self = Fe64([0; 4]);
    const ONE_IMPL: Self = Fe64([1, 0, 0, 0]);

    /// Loads 255 bits (bit 255 dropped); the value may be ≥ p.
    const fn from_le_bytes_masked_impl(bytes: &[u8; 32]) -> Self {
        Fe64([load8(bytes, 0), load8(bytes, 1), load8(bytes, 2), load8(bytes, 3) & (u64::MAX >> 1)])
    }

    /// r + top·2^256 ≡ r + 38·top, for top < 2^58; result < 2^256.
    #[inline(always)]
    fn fold(r: [u64; 4], top: u64) -> Self {
        debug_assert!(top < 1 << 58);
        // Procedure: r ← r + 38·top (carry k ∈ {0, 1}); if k = 1 the sum
        // wrapped, so now r < 38·top < 2^64 − 38 and r₀ + 38 cannot overflow.
        let (r0, k) = mac(r[0], top, 38, 0);
        let (r1, k) = adc(r[1], 0, k);
        let (r2, k) = adc(r[2], 0, k);
        let (r3, k) = adc(r[3], 0, k);
        debug_assert!(k == 0 || (r1 | r2 | r3) == 0);
        Fe64([r0 + 38 * k, r1, r2, r3])
    }

    /// The 512-bit product t reduced: t_lo + 38·t_hi, then the top word folded.
    #[inline(always)]
    fn reduce_wide(t: [u64; 8]) -> Self {
        let (r0, c) = mac(t[0], t[4], 38, 0);
        let (r1, c) = mac(t[1], t[5], 38, c);
        let (r2, c) = mac(t[2], t[6], 38, c);
        let (r3, c) = mac(t[3], t[7], 38, c);
        // c ≤ 38.
        Self::fold([r0, r1, r2, r3], c)
    }

    /// Canonical little-endian bytes.
    fn to_le_bytes_impl(self) -> [u8; 32] {
        // Procedure:
        //   v ← (v mod 2^255) + 19·⌊v/2^255⌋        now v < 2^255 + 19 < 2p
        //   q ← ⌊(v + 19)/2^255⌋                    1 iff v ≥ p
        //   v ← (v + 19q) mod 2^255                 = v − qp
        let l = self.0;
        let top = l[3] >> 63;
        let (v0, k) = adc(l[0], 19 * top, 0);
        let (v1, k) = adc(l[1], 0, k);
        let (v2, k) = adc(l[2], 0, k);
        let (v3, k) = adc(l[3] & (u64::MAX >> 1), 0, k);
        debug_assert!(k == 0);
        let (_, k) = adc(v0, 19, 0);
        let (_, k) = adc(v1, 0, k);
        let (_, k) = adc(v2, 0, k);
        let (s3, _) = adc(v3, 0, k);
        let q = s3 >> 63;
        let (v0, k) = adc(v0, 19 * q, 0);
        let (v1, k) = adc(v1, 0, k);
        let (v2, k) = adc(v2, 0, k);
        let (v3, _) = adc(v3, 0, k);
        let w = [v0, v1, v2, v3 & (u64::MAX >> 1)];
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(w.iter()) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }

    #[inline(always)]
    fn add_impl(&self, rhs: &Self) -> Self {
        let (a, b) = (&self.0, &rhs.0);
        let (r0, c) = adc(a[0], b[0], 0);
        let (r1, c) = adc(a[1], b[1], c);
        let (r2, c) = adc(a[2], b[2], c);
        let (r3, c) = adc(a[3], b[3], c);
        Self::fold([r0, r1, r2, r3], c)
    }

    #[inline(always)]
    fn sub_impl(&self, rhs: &Self) -> Self {
        // Procedure: r ← a − b mod 2^256 (borrow β); the true difference is
        // r − 2^256·β ≡ r − 38·β. Subtract 38β (borrow β'); if β' = 1 then
        // r wrapped again to ≥ 2^256 − 38, so r₀ − 38 cannot borrow.
        let (a, b) = (&self.0, &rhs.0);
        let (r0, br) = sbb(a[0], b[0], 0);
        let (r1, br) = sbb(a[1], b[1], br);
        let (r2, br) = sbb(a[2], b[2], br);
        let (r3, br) = sbb(a[3], b[3], br);
        let (r0, br) = sbb(r0, 38 & br, 0);
        let (r1, br) = sbb(r1, 0, br);
        let (r2, br) = sbb(r2, 0, br);
        let (r3, br) = sbb(r3, 0, br);
        debug_assert!(br == 0 || (r1 & r2 & r3) == u64::MAX);
        Fe64([r0.wrapping_sub(38 & br), r1, r2, r3])
    }

    #[inline(always)]
    fn neg_impl(&self) -> Self {
        Self::ZERO_IMPL.sub_impl(self)
    }

    /// Schoolbook 4×4 by rows into 512 bits (16 `mul`s), then ·38 folding.
    #[inline(always)]
    fn mul_impl(&self, rhs: &Self) -> Self {
        let (a, b) = (&self.0, &rhs.0);
        let (t0, c) = mac(0, a[0], b[0], 0);
        let (t1, c) = mac(0, a[0], b[1], c);
        let (t2, c) = mac(0, a[0], b[2], c);
        let (t3, t4) = mac(0, a[0], b[3], c);

        let (t1, c) = mac(t1, a[1], b[0], 0);
        let (t2, c) = mac(t2, a[1], b[1], c);
        let (t3, c) = mac(t3, a[1], b[2], c);
        let (t4, t5) = mac(t4, a[1], b[3], c);

        let (t2, c) = mac(t2, a[2], b[0], 0);
        let (t3, c) = mac(t3, a[2], b[1], c);
        let (t4, c) = mac(t4, a[2], b[2], c);
        let (t5, t6) = mac(t5, a[2], b[3], c);

        let (t3, c) = mac(t3, a[3], b[0], 0);
        let (t4, c) = mac(t4, a[3], b[1], c);
        let (t5, c) = mac(t5, a[3], b[2], c);
        let (t6, t7) = mac(t6, a[3], b[3], c);

        Self::reduce_wide([t0, t1, t2, t3, t4, t5, t6, t7])
    }

    /// Squaring: 6 cross products, doubled by a shift, plus 4 diagonal
    /// squares (10 `mul`s), then ·38 folding.
    #[inline(always)]
    fn square_impl(&self) -> Self {
        let a = &self.0;
        // Cross products Σ_{i<j} aᵢaⱼ·2^(64(i+j)) in t1..t6.
        let (t1, c) = mac(0, a[0], a[1], 0);
        let (t2, c) = mac(0, a[0], a[2], c);
        let (t3, t4) = mac(0, a[0], a[3], c);
        let (t3, c) = mac(t3, a[1], a[2], 0);
        let (t4, t5) = mac(t4, a[1], a[3], c);
        let (t5, t6) = mac(t5, a[2], a[3], 0);
        // Doubled.
        let t7 = t6 >> 63;
        let t6 = (t6 << 1) | (t5 >> 63);
        let t5 = (t5 << 1) | (t4 >> 63);
        let t4 = (t4 << 1) | (t3 >> 63);
        let t3 = (t3 << 1) | (t2 >> 63);
        let t2 = (t2 << 1) | (t1 >> 63);
        let t1 = t1 << 1;
        // Plus the squares aᵢ²·2^(128 i).
        let (t0, h) = mac(0, a[0], a[0], 0);
        let (t1, c) = adc(t1, h, 0);
        let (l, h) = mac(0, a[1], a[1], 0);
        let (t2, c) = adc(t2, l, c);
        let (t3, c) = adc(t3, h, c);
        let (l, h) = mac(0, a[2], a[2], 0);
        let (t4, c) = adc(t4, l, c);
        let (t5, c) = adc(t5, h, c);
        let (l, h) = mac(0, a[3], a[3], 0);
        let (t6, c) = adc(t6, l, c);
        let (t7, c) = adc(t7, h, c);
        debug_assert!(c == 0);
        Self::reduce_wide([t0, t1, t2, t3, t4, t5, t6, t7])
    }

    /// Each limb times c into five words (top word < 2^32), then one fold.
    #[inline(always)]
    fn mul_small_impl(&self, c: u32) -> Self {
        let a = &self.0;
        let c = c as u64;
        let (r0, k) = mac(0, a[0], c, 0);
        let (r1, k) = mac(0, a[1], c, k);
        let (r2, k) = mac(0, a[2], c, k);
        let (r3, k) = mac(0, a[3], c, k);
        Self::fold([r0, r1, r2, r3], k)
    }

    /// `b` where `mask` is all ones, `a` where it is zero.
    #[inline(always)]
    fn select_impl(a: &Self, b: &Self, mask: u64) -> Self {
        Fe64(crate::arith::select(&a.0, &b.0, mask))
    }
}

fe25519_common!(Fe64);
