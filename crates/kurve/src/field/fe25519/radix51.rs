//! GF(2^255 − 19) in radix 2^51: five unsigned 64-bit limbs, products in
//! `u128` (the ref10 / curve25519-donna-64 / curve25519-dalek `u64` layout).
//!
//! a = l₀ + l₁·2^51 + l₂·2^102 + l₃·2^153 + l₄·2^204.
//!
//! **Invariant:** between operations every limb is < 2^52 (operations in fact
//! return limbs < 2^51 + 2^18). The value Σ lᵢ·2^(51i) is not necessarily
//! canonical (it may exceed p) and stands for its residue mod p;
//! [`Fe51::to_le_bytes`] and every comparison go through the canonical form.
//! Zero is all-zero limbs. Outputs may alias inputs (every operation takes
//! its operands by value or shared reference and returns a new element).
//!
//! Every operation ends with a carry pass, so there is no lazy reduction that
//! callers must track: any chain of `Field` operations keeps the invariant,
//! which the operations `debug_assert!` on entry.

/// 2^51 − 1.
const LOW_51_BIT_MASK: u64 = (1 << 51) - 1;

/// Exclusive bound on every limb between operations (the type invariant).
const LIMB_BOUND: u64 = 1 << 52;

/// 4p in radix 2^51 (limbs 4·(2^51 − 19), 4·(2^51 − 1), …), added before a
/// subtraction so that each limb difference stays nonnegative: 4p limbs are
/// ≥ 2^53 − 76 > 2^52 > any subtrahend limb.
const FOUR_P: [u64; 5] = [
    4 * ((1 << 51) - 19),
    4 * ((1 << 51) - 1),
    4 * ((1 << 51) - 1),
    4 * ((1 << 51) - 1),
    4 * ((1 << 51) - 1),
];

/// An element of GF(2^255 − 19) as five 51-bit limbs (see the module doc for
/// the invariant). Constant time throughout.
#[derive(Clone, Copy)]
pub struct Fe51([u64; 5]);

/// 64×64 → 128-bit product.
#[inline(always)]
const fn m(x: u64, y: u64) -> u128 {
    (x as u128) * (y as u128)
}

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

impl Fe51 {
    const ZERO_IMPL: Self = Fe51([0; 5]);
    const ONE_IMPL: Self = Fe51([1, 0, 0, 0, 0]);

    /// Checks the type invariant (debug builds only).
    #[inline(always)]
    const fn debug_check(&self) {
        if cfg!(debug_assertions) {
            let mut i = 0;
            while i < 5 {
                assert!(self.0[i] < LIMB_BOUND, "Fe51 limb bound violated");
                i += 1;
            }
        }
    }

    /// Loads 255 bits (bit 255 dropped), limbs < 2^51.
    const fn from_le_bytes_masked_impl(bytes: &[u8; 32]) -> Self {
        let w0 = load8(bytes, 0);
        let w1 = load8(bytes, 1);
        let w2 = load8(bytes, 2);
        let w3 = load8(bytes, 3);
        Fe51([
            w0 & LOW_51_BIT_MASK,
            ((w0 >> 51) | (w1 << 13)) & LOW_51_BIT_MASK,
            ((w1 >> 38) | (w2 << 26)) & LOW_51_BIT_MASK,
            ((w2 >> 25) | (w3 << 39)) & LOW_51_BIT_MASK,
            (w3 >> 12) & LOW_51_BIT_MASK,
        ])
    }

    /// One parallel carry pass for limbs < 2^64: carries cᵢ = lᵢ >> 51 < 2^13
    /// move up one limb, the top one wraps around times 19 (2^255 ≡ 19).
    /// Output limbs: l₀ < 2^51 + 19·2^13 < 2^51 + 2^18, others < 2^51 + 2^13.
    #[inline(always)]
    const fn weak_reduce(l: [u64; 5]) -> Self {
        let c0 = l[0] >> 51;
        let c1 = l[1] >> 51;
        let c2 = l[2] >> 51;
        let c3 = l[3] >> 51;
        let c4 = l[4] >> 51;
        Fe51([
            (l[0] & LOW_51_BIT_MASK) + c4 * 19,
            (l[1] & LOW_51_BIT_MASK) + c0,
            (l[2] & LOW_51_BIT_MASK) + c1,
            (l[3] & LOW_51_BIT_MASK) + c2,
            (l[4] & LOW_51_BIT_MASK) + c3,
        ])
    }

    /// Carry pass for the five 128-bit column sums of a product, with a
    /// short dependency chain: every column is split at bit 51 at once, the
    /// high parts move up one column (the top one wraps around times 19),
    /// then one parallel 64-bit carry pass ([`Self::weak_reduce`]).
    /// Requires c₀..c₃ < 2^114 and c₄ < 2^110 (products of limbs < 2^52
    /// give c₀ < 77·2^104 < 2^111 and c₄ < 5·2^104 < 2^107), so that
    /// h₀..h₃ < 2^63 and 19·h₄ < 2^64 − 2^62, and every sum below is < 2^64.
    /// Output limbs: l₀ < 2^51 + 2^18, others < 2^51 + 2^13.
    #[inline(always)]
    const fn carry_wide(c: [u128; 5]) -> Self {
        debug_assert!(c[0] >> 114 == 0 && c[1] >> 114 == 0 && c[2] >> 114 == 0);
        debug_assert!(c[3] >> 114 == 0 && c[4] >> 110 == 0);
        let h0 = (c[0] >> 51) as u64;
        let h1 = (c[1] >> 51) as u64;
        let h2 = (c[2] >> 51) as u64;
        let h3 = (c[3] >> 51) as u64;
        let h4 = (c[4] >> 51) as u64;
        Self::weak_reduce([
            ((c[0] as u64) & LOW_51_BIT_MASK) + h4 * 19,
            ((c[1] as u64) & LOW_51_BIT_MASK) + h0,
            ((c[2] as u64) & LOW_51_BIT_MASK) + h1,
            ((c[3] as u64) & LOW_51_BIT_MASK) + h2,
            ((c[4] as u64) & LOW_51_BIT_MASK) + h3,
        ])
    }

    /// Canonical little-endian bytes.
    fn to_le_bytes_impl(self) -> [u8; 32] {
        self.debug_check();
        // Procedure: after a carry pass the value v is < 2^255 + 2^218 < 2p.
        //   q ← ⌊(v + 19)/2^255⌋  (1 iff v ≥ p), by a carry chain on limbs
        //   v ← v + 19q, carried, then bit 255 dropped   (= v − qp)
        let mut l = Self::weak_reduce(self.0).0;
        let mut q = (l[0] + 19) >> 51;
        q = (l[1] + q) >> 51;
        q = (l[2] + q) >> 51;
        q = (l[3] + q) >> 51;
        q = (l[4] + q) >> 51;
        l[0] += 19 * q;
        l[1] += l[0] >> 51;
        l[0] &= LOW_51_BIT_MASK;
        l[2] += l[1] >> 51;
        l[1] &= LOW_51_BIT_MASK;
        l[3] += l[2] >> 51;
        l[2] &= LOW_51_BIT_MASK;
        l[4] += l[3] >> 51;
        l[3] &= LOW_51_BIT_MASK;
        l[4] &= LOW_51_BIT_MASK;

        let w = [
            l[0] | (l[1] << 51),
            (l[1] >> 13) | (l[2] << 38),
            (l[2] >> 26) | (l[3] << 25),
            (l[3] >> 39) | (l[4] << 12),
        ];
        let mut out = [0u8; 32];
        for (chunk, word) in out.chunks_exact_mut(8).zip(w.iter()) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        out
    }

    #[inline(always)]
    const fn add_impl(&self, rhs: &Self) -> Self {
        self.debug_check();
        rhs.debug_check();
        let (a, b) = (&self.0, &rhs.0);
        Self::weak_reduce([a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4]])
    }

    #[inline(always)]
    const fn sub_impl(&self, rhs: &Self) -> Self {
        self.debug_check();
        rhs.debug_check();
        let (a, b) = (&self.0, &rhs.0);
        Self::weak_reduce([
            (a[0] + FOUR_P[0]) - b[0],
            (a[1] + FOUR_P[1]) - b[1],
            (a[2] + FOUR_P[2]) - b[2],
            (a[3] + FOUR_P[3]) - b[3],
            (a[4] + FOUR_P[4]) - b[4],
        ])
    }

    #[inline(always)]
    const fn neg_impl(&self) -> Self {
        self.debug_check();
        let a = &self.0;
        Self::weak_reduce([
            FOUR_P[0] - a[0],
            FOUR_P[1] - a[1],
            FOUR_P[2] - a[2],
            FOUR_P[3] - a[3],
            FOUR_P[4] - a[4],
        ])
    }

    /// Schoolbook 5×5 with the wrap-around folded in: the product of limbs i
    /// and j with i + j ≥ 5 lands in column i + j − 5 times 19. 25 `mul`s.
    #[inline(always)]
    const fn mul_impl(&self, rhs: &Self) -> Self {
        self.debug_check();
        rhs.debug_check();
        let (a, b) = (&self.0, &rhs.0);
        // bᵢ·19 < 2^57.
        let b1_19 = b[1] * 19;
        let b2_19 = b[2] * 19;
        let b3_19 = b[3] * 19;
        let b4_19 = b[4] * 19;
        // Each column < 5·19·2^104 < 2^111.
        let c0 = m(a[0], b[0]) + m(a[4], b1_19) + m(a[3], b2_19) + m(a[2], b3_19) + m(a[1], b4_19);
        let c1 = m(a[1], b[0]) + m(a[0], b[1]) + m(a[4], b2_19) + m(a[3], b3_19) + m(a[2], b4_19);
        let c2 = m(a[2], b[0]) + m(a[1], b[1]) + m(a[0], b[2]) + m(a[4], b3_19) + m(a[3], b4_19);
        let c3 = m(a[3], b[0]) + m(a[2], b[1]) + m(a[1], b[2]) + m(a[0], b[3]) + m(a[4], b4_19);
        let c4 = m(a[4], b[0]) + m(a[3], b[1]) + m(a[2], b[2]) + m(a[1], b[3]) + m(a[0], b[4]);
        Self::carry_wide([c0, c1, c2, c3, c4])
    }

    /// Squaring: the 10 distinct cross products, doubled, 15 `mul`s.
    #[inline(always)]
    const fn square_impl(&self) -> Self {
        self.debug_check();
        let a = &self.0;
        let a3_19 = a[3] * 19;
        let a4_19 = a[4] * 19;
        let c0 = m(a[0], a[0]) + 2 * (m(a[1], a4_19) + m(a[2], a3_19));
        let c1 = m(a[3], a3_19) + 2 * (m(a[0], a[1]) + m(a[2], a4_19));
        let c2 = m(a[1], a[1]) + 2 * (m(a[0], a[2]) + m(a[4], a3_19));
        let c3 = m(a[4], a4_19) + 2 * (m(a[0], a[3]) + m(a[1], a[2]));
        let c4 = m(a[2], a[2]) + 2 * (m(a[0], a[4]) + m(a[1], a[3]));
        Self::carry_wide([c0, c1, c2, c3, c4])
    }

    /// Each limb times c (< 2^84), then one wide carry pass.
    #[inline(always)]
    const fn mul_small_impl(&self, c: u32) -> Self {
        self.debug_check();
        let a = &self.0;
        let c = c as u64;
        Self::carry_wide([m(a[0], c), m(a[1], c), m(a[2], c), m(a[3], c), m(a[4], c)])
    }

    /// Compile-time a + b (the same code as `+`), for tables built by const
    /// evaluation ([`crate::group::edwards::AffineNielsPoint`] tables).
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))] // tables use Fe64 there
    pub(crate) const fn const_add(&self, rhs: &Self) -> Self {
        self.add_impl(rhs)
    }
    /// Compile-time a − b (the same code as `-`).
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))] // tables use Fe64 there
    pub(crate) const fn const_sub(&self, rhs: &Self) -> Self {
        self.sub_impl(rhs)
    }
    /// Compile-time a·b (the same code as `*`).
    #[cfg_attr(target_arch = "x86_64", allow(dead_code))] // tables use Fe64 there
    pub(crate) const fn const_mul(&self, rhs: &Self) -> Self {
        self.mul_impl(rhs)
    }
    fe25519_const_invert!(#[cfg_attr(target_arch = "x86_64", allow(dead_code))] square_impl, mul_impl);

    /// `b` where `mask` is all ones, `a` where it is zero.
    #[inline(always)]
    fn select_impl(a: &Self, b: &Self, mask: u64) -> Self {
        Fe51(crate::arith::select(&a.0, &b.0, mask))
    }
}

fe25519_common!(Fe51);
