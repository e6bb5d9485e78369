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
    /// The element whose value is the 256-bit number `w` (little-endian
    /// words; any value, congruent mod p — this representation's
    /// invariant), e.g. an output of the four-lane backend
    /// `arith::backend::x86_64_ifma25519`. Constant time; never fails.
    #[inline(always)]
    pub const fn from_words(w: [u64; 4]) -> Self {
        Fe64(w)
    }

    /// The 256-bit number held (not reduced mod p), e.g. an input of the
    /// four-lane backend. Constant time; never fails.
    #[inline(always)]
    pub const fn to_words(&self) -> [u64; 4] {
        self.0
    }

    const ZERO_IMPL: Self = Fe64([0; 4]);
    const ONE_IMPL: Self = Fe64([1, 0, 0, 0]);

    /// Loads 255 bits (bit 255 dropped); the value may be ≥ p.
    const fn from_le_bytes_masked_impl(bytes: &[u8; 32]) -> Self {
        Fe64([load8(bytes, 0), load8(bytes, 1), load8(bytes, 2), load8(bytes, 3) & (u64::MAX >> 1)])
    }

    /// r + top·2^256 ≡ r + 38·top, for top < 2^58; result < 2^256.
    #[inline(always)]
    const fn fold(r: [u64; 4], top: u64) -> Self {
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
    const fn reduce_wide(t: [u64; 8]) -> Self {
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

    /// a + b: [`crate::arith::backend::x86_64_fe25519::add`] on x86-64
    /// (baseline instructions, unless the `force-portable` feature is on),
    /// else [`Fe64::add_portable`]; the same 256-bit value either way.
    #[inline(always)]
    fn add_impl(&self, rhs: &Self) -> Self {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            Fe64(crate::arith::backend::x86_64_fe25519::add(&self.0, &rhs.0))
        }
        #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
        {
            self.add_portable(rhs)
        }
    }

    /// a − b, dispatched as [`Fe64::add_impl`].
    #[inline(always)]
    fn sub_impl(&self, rhs: &Self) -> Self {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            Fe64(crate::arith::backend::x86_64_fe25519::sub(&self.0, &rhs.0))
        }
        #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
        {
            self.sub_portable(rhs)
        }
    }

    /// a + b in portable Rust.
    #[inline(always)]
    pub(crate) const fn add_portable(&self, rhs: &Self) -> Self {
        let (a, b) = (&self.0, &rhs.0);
        let (r0, c) = adc(a[0], b[0], 0);
        let (r1, c) = adc(a[1], b[1], c);
        let (r2, c) = adc(a[2], b[2], c);
        let (r3, c) = adc(a[3], b[3], c);
        Self::fold([r0, r1, r2, r3], c)
    }

    /// a − b in portable Rust.
    #[inline(always)]
    pub(crate) const fn sub_portable(&self, rhs: &Self) -> Self {
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

    /// a·b: the MULX/ADCX/ADOX routine
    /// [`crate::arith::backend::x86_64_fe25519::mul`] when
    /// [`crate::arith::backend::fe25519_mulx_selected`] (BMI2 and ADX, and
    /// the IFMA lanes not taking the variable-base chains), else
    /// [`Fe64::mul_portable`]; the same value either way. Constant time; never fails.
    #[inline(always)]
    fn mul_impl(&self, rhs: &Self) -> Self {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if crate::arith::backend::fe25519_mulx_selected() {
                return Fe64(crate::arith::backend::x86_64_fe25519::mul(&self.0, &rhs.0));
            }
        }
        self.mul_portable(rhs)
    }

    /// a², dispatched as [`Fe64::mul_impl`]
    /// ([`crate::arith::backend::x86_64_fe25519::sqr`] or
    /// [`Fe64::square_portable`]). Constant time; never fails.
    #[inline(always)]
    fn square_impl(&self) -> Self {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if crate::arith::backend::fe25519_mulx_selected() {
                return Fe64(crate::arith::backend::x86_64_fe25519::sqr(&self.0));
            }
        }
        self.square_portable()
    }

    /// Schoolbook 4×4 by rows into 512 bits (16 `mul`s), then ·38 folding.
    #[inline(always)]
    pub(crate) const fn mul_portable(&self, rhs: &Self) -> Self {
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
    pub(crate) const fn square_portable(&self) -> Self {
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

    /// Compile-time a + b (the same code as `+`), for tables built by const
    /// evaluation ([`crate::group::edwards::AffineNielsPoint`] tables).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // tables use Fe51 there
    pub(crate) const fn const_add(&self, rhs: &Self) -> Self {
        self.add_portable(rhs)
    }
    /// Compile-time a − b (the portable difference; same value as `-`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // tables use Fe51 there
    pub(crate) const fn const_sub(&self, rhs: &Self) -> Self {
        self.sub_portable(rhs)
    }
    /// Compile-time a·b (the portable product; same value as `*`).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // tables use Fe51 there
    pub(crate) const fn const_mul(&self, rhs: &Self) -> Self {
        self.mul_portable(rhs)
    }
    fe25519_const_invert!(#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] square_portable, mul_portable);

    /// `b` where `mask` is all ones, `a` where it is zero.
    #[inline(always)]
    fn select_impl(a: &Self, b: &Self, mask: u64) -> Self {
        Fe64(crate::arith::select(&a.0, &b.0, mask))
    }
}

fe25519_common!(Fe64);

#[cfg(test)]
mod tests {
    use super::Fe64;

    /// Edge words: 0, 1, 19, 38, 2⁶³ ± 1, 2⁶⁴ − 1, 2⁶⁴ − 19, 2⁶⁴ − 38, …
    const EDGE: [u64; 10] = [
        0,
        1,
        19,
        38,
        1 << 63,
        (1 << 63) - 1,
        (1 << 63) + 1,
        u64::MAX,
        u64::MAX - 18,
        u64::MAX - 37,
    ];

    /// The assembly (MULX/ADX products only when this CPU has BMI2 and ADX;
    /// the baseline additions on every x86-64) and the portable code return
    /// the same 256-bit words on all-edge-word inputs (every limb from
    /// `EDGE`, including values ≥ 2^255 and ≥ p) and on 20 000 xorshift
    /// inputs.
    #[test]
    fn selected_backend_matches_portable() {
        #[cfg(target_arch = "x86_64")]
        let adx = crate::arith::backend::x86_64_adx::cpu_has_bmi2_adx();
        let check = |a: &Fe64, b: &Fe64| {
            #[cfg(target_arch = "x86_64")]
            if adx {
                use crate::arith::backend::x86_64_fe25519 as asm;
                assert_eq!(asm::mul(&a.0, &b.0), a.mul_portable(b).0, "mul {:x?} {:x?}", a.0, b.0);
                assert_eq!(asm::sqr(&a.0), a.square_portable().0, "sqr {:x?}", a.0);
            }
            assert_eq!(a.add_impl(b).0, a.add_portable(b).0, "add {:x?} {:x?}", a.0, b.0);
            assert_eq!(a.sub_impl(b).0, a.sub_portable(b).0, "sub {:x?} {:x?}", a.0, b.0);
        };
        let n = EDGE.len();
        for i in 0..n {
            for j in 0..n {
                let a = Fe64([EDGE[i], EDGE[j], EDGE[(i + j) % n], EDGE[(i * 3 + j) % n]]);
                let b = Fe64([EDGE[j], EDGE[i], EDGE[i], EDGE[j]]);
                let c = Fe64([EDGE[i]; 4]);
                check(&a, &b);
                check(&b, &c);
                check(&c, &a);
            }
        }
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for _ in 0..20_000 {
            let a = Fe64([next(), next(), next(), next()]);
            let b = Fe64([next(), next(), next(), next()]);
            check(&a, &b);
        }
    }
}
