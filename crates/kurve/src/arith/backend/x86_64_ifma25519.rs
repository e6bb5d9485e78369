//! Four elements of GF(2²⁵⁵ − 19) at once with AVX-512 IFMA (`F52x4`).
//!
//! The building block of a four-way parallel edwards25519 / curve25519
//! backend in the style of the parallel extended-coordinate formulas of
//! Hisil–Wong–Carter–Dawson ("Twisted Edwards curves revisited", Asiacrypt
//! 2008, §3.2/§4.2), as used by the IFMA backend of curve25519-dalek
//! (de Valence, 2018): the four coordinates of one point sit in the four
//! 64-bit lanes of a YMM register, so one `F52x4` multiplication does the
//! four independent field multiplications of a formula step.
//!
//! Representation: radix 2⁵¹, five limbs, limb i of all four elements in
//! one `__m256i` (lane k = element k). Value = Σ lᵢ·2^(51·i), any value
//! congruent mod p. Every operation returns *loosely carried* limbs:
//! lᵢ < B = 2⁵¹ + 2¹⁵ for all i (so the value is < 2²⁵⁶). B < 2⁵², and
//! VPMADD52LUQ / VPMADD52HUQ read bits 0..51 of their sources, so every
//! output is a valid multiplier input; the 51-bit radix leaves each limb a
//! bit of headroom, which is what lets one *parallel* carry round (every
//! limb at once, [`carry`]) restore the bound instead of a carry chain
//! through all five limbs (the radix-2⁵¹-in-52-bit-multipliers layout of
//! the IFMA backend of curve25519-dalek, de Valence 2018).
//!
//! * `mul`: the 25 products a_i·b_j by VPMADD52LUQ (bits 0..51 of the
//!   product, weight 2^(51(i+j)), into lo_{i+j}) and VPMADD52HUQ (bits
//!   52..103, weight 2^(51(i+j)+52) = 2·2^(51(i+j+1)), into hi_{i+j+1}); the
//!   columns z_k = lo_k + 2·hi_k; 2²⁵⁵ ≡ 19 (mod p) folds them:
//!   r_k = z_k + 19·z_{k+5} (VPMULLQ, AVX-512 DQ); then [`carry`]. The
//!   products are issued by descending column: the high columns go through
//!   the fold, so they are needed first. Bounds (inputs < B): a product is < B² < 2¹⁰³ so each lo
//!   term is < 2⁵² and each hi term ≤ 2⁵⁰ + 2¹⁵; a column has at most five
//!   of each, z_k < 5·2⁵² + 10·(2⁵⁰ + 2¹⁵) < 2⁵⁵, r_k < 20·2⁵⁵ < 2⁶⁰.
//! * `square`: the 10 cross products once, doubled by a shift, plus the 5
//!   squares (15 IFMA pairs instead of 25); same column bounds.
//! * `add`: limbwise (< 2⁵² + 2¹⁶), then [`carry`]; `sub`: a − b + 4p with
//!   4p in limbs (2⁵³ − 76, 2⁵³ − 4, …) each ≥ B, so no limb goes negative
//!   (< 2⁵⁴), then [`carry`].
//! * [`carry`], for limbs below 2⁶¹: cᵢ = lᵢ ≫ 51 (< 2¹⁰), every limb at
//!   once: lᵢ ← (lᵢ mod 2⁵¹) + cᵢ₋₁, l₀ ← (l₀ mod 2⁵¹) + 19·c₄ (2²⁵⁵ ≡ 19):
//!   each result < 2⁵¹ + 19·2¹⁰ < B.
//!
//! Measured on the AMD EPYC (Zen 5, 4.2 GHz) machine of 2026-11-24,
//! dependent chains, before → after the move from radix 2⁵² with a
//! sequential carry to radix 2⁵¹ with one parallel carry round: one `F52x4`
//! multiplication (four products) 12.7 → 10.2 ns, squaring 13.1 → 7.9 ns,
//! addition 5.7 → 2.2 ns (against 10.4 ns for one `Fe64` multiplication);
//! [`x25519_ladder`] (255 steps) 18.6 → 12.0 µs (46.9 ns a step). Zen 5
//! has 2-cycle latency on simple vector integer operations and 4 on IFMA,
//! so the carry chain through five limbs cost about 20 cycles on every
//! addition; the radix-2⁵¹ headroom removes it. (Earlier, on a Zen 4
//! machine: multiplication 13.7–14.0 ns, ladder 16.3 µs.)
//!
//! **Dispatched** for edwards25519 `mul` and `mul_base` (the curve's
//! `EdwardsCurve::mul_accelerated` / `mul_base_accelerated` hooks, through
//! [`edwards25519_mul_if_selected`] and [`edwards25519_mul_base_if_selected`]:
//! the point (X, Y, Z, T) in the four lanes, `edwards_add_cached` and
//! `edwards_double` doing two and one-plus-one `F52x4` products, the same
//! signed radix-16 digits and masked table scans as the scalar code; `mul`
//! and the Straus sums only where [`super::ifma_chains_selected`], which
//! leaves them to the MULX path on Intel CPUs, where that measured faster).
//! In kurve-lab (20 000 dudect samples per class, same build): `mul` 47.5 →
//! 24.0 µs (curve25519-dalek 29.8 µs), `mul_base` 10.8 → 7.2 µs, Ed25519
//! keygen 11.2 → 7.6 µs and sign 12.4 → 8.0 µs (aws-lc-rs 7.7 and 8.3 µs);
//! dudect clean on every class: `mul` max |t| 3.46 (ten classes including
//! k = 0, 1, the identity and low-order points), `mul_base` 2.81,
//! `eddsa_keygen` 2.84, `eddsa_sign` 2.53. `mul_base` reads its rows from
//! a compile-time copy of the fixed-base table in this module's lane layout
//! ([`NielsLanes`]: five aligned loads an entry, no conversion per
//! addition); before, each row was scanned in 64-bit words by a callback
//! and converted to lanes per addition (on the Zen 5 machine, with the
//! radix-2⁵¹ arithmetic: Ed25519 keygen 5.73 → 4.53 µs, X25519 keygen 5.47
//! → 4.29 µs). Since 2026-12-01 `mul_base` runs two accumulators side by
//! side over a table with one row per radix-16 digit, without doublings
//! (see `edwards25519_mul_base`). On an Intel machine with IFMA, where one
//! chain had lost to the MULX path (keygen 1.23× aws-lc-rs), kurve-lab
//! went: `mul_base` 7.5–7.7 → 4.3 µs, Ed25519 keygen 7.7–8.0 → 4.6 µs,
//! sign 8.2 → 4.9 µs, X25519 keygen 7.5–8.1 → 4.3 µs (aws-lc-rs 6.3, 6.9
//! and 6.0 µs).
//!
//! **Dispatched** for X25519 (curve25519's `MontgomeryCurve::ladder_dispatched`,
//! through [`x25519_ladder_if_selected`]) when [`super::ifma_selected`]:
//! X25519 18.4 µs in kurve-lab against about 38 µs for the scalar ladder
//! (aws-lc-rs 24.2 µs). Every X25519 vector passes on it (Wycheproof,
//! RFC 7748 including the iterated vectors, the OpenSSL differential), and
//! `x25519_dispatched_ladder_matches_the_rfc_ladder` compares it with the
//! reference ladder.
//!
//! History of the dudect evidence: in session 12 the full-class check
//! (`KURVE_DUDECT_PER_CLASS=20000 kurve-lab report --full --only x25519`)
//! flagged `xdh` in 2 of 2 runs (max |t| 19.3 and 27.5), always on a
//! low-order-u class, whose call ends in `Err(ZeroResult)` where a random u
//! returns 32 bytes — raw t below 2.1, equal medians, signal only in the
//! low crops. So the harness now compares those classes through the
//! registry's `xdh_unchecked` (same clamp, decode, ladder and encoding; no
//! zero check, so every class returns 32 bytes). On that comparison, with
//! this ladder dispatched, two runs at 20 000 per class were clean: low-order
//! u against random u max |t| 2.97 and 2.44; the k classes (0, ff..ff, low
//! Hamming weight) 3.35 and 2.83; `xdh_keygen` 2.65 and 2.40. The session-12
//! flag was therefore the public ZeroResult path (a few ns less work than
//! copying out a result), which the faster ladder made visible in the low
//! crops, not the ladder.
//!
//! Evidence caveat: valgrind cannot execute AVX-512, so the secret-taint
//! check can never run this code (its harness selects backends without a
//! probe); dudect can, and the ladder is one straight-line loop body (the
//! swap is a masked blend).
//!
//! Constant time: straight-line vector code, no branch or memory index on
//! data; VPMADD52*, shifts, AND and adds have data-independent timing.
//! One of the audited `unsafe` places of the crate (see `lib.rs`): the CPU
//! probe and the `#[target_feature]` entry points. Callers must have checked
//! [`cpu_has_ifma`] before calling any function here.

#![allow(unsafe_code)]

use core::arch::x86_64::*;

/// True when the CPUID vendor string (leaf 0: EBX, EDX, ECX) is
/// "GenuineIntel": on the Intel machine measured, edwards25519's
/// variable-base chains ran faster on the MULX path than on these lanes
/// (see [`super::ifma_chains_selected`]). Never fails.
pub fn cpu_is_intel() -> bool {
    // SAFETY: CPUID leaf 0 exists on every x86-64 processor.
    #[allow(unused_unsafe)]
    let r = unsafe { __cpuid(0) };
    (r.ebx, r.edx, r.ecx) == (0x756e_6547, 0x4965_6e69, 0x6c65_746e)
}

/// 2⁵¹ − 1.
const MASK51: i64 = (1i64 << 51) - 1;

/// True when the CPU has AVX-512 F, VL, DQ and IFMA and the OS saves the
/// AVX-512 state: CPUID leaf 1 ECX bit 27 (OSXSAVE); XCR0 bits 1, 2 (SSE,
/// AVX) and 5, 6, 7 (opmask, ZMM upper halves, ZMM16–31), as EVEX-encoded
/// instructions need even on YMM registers; CPUID leaf 7 EBX bits 16
/// (AVX512F), 17 (AVX512DQ: VPMULLQ in the reduction), 21 (AVX512_IFMA) and
/// 31 (AVX512VL). Every CPU with IFMA so far has DQ. Never fails.
pub fn cpu_has_ifma() -> bool {
    match super::x86_64_avx2::os_xcr0_and_leaf7_ebx() {
        Some((xcr0, ebx7)) => {
            xcr0 & 0xe6 == 0xe6
                && (ebx7 >> 16) & 1 == 1
                && (ebx7 >> 17) & 1 == 1
                && (ebx7 >> 21) & 1 == 1
                && (ebx7 >> 31) & 1 == 1
        }
        None => false,
    }
}

/// Four elements of GF(2²⁵⁵ − 19), radix 2⁵¹ in 52-bit multiplier limbs,
/// limb-major (module doc). Limbs are always loosely carried: lᵢ < 2⁵¹ + 2¹⁵.
#[derive(Clone, Copy, Debug)]
pub struct F52x4(pub(crate) [__m256i; 5]);

/// An affine Niels point (y − x, y + x, 2, 2d·x·y) of edwards25519 stored in
/// the four-lane layout: `self.0[i]` holds limb i (radix 2⁵¹, each below
/// 2⁵¹ + 19) of the four lanes, so one aligned load per limb gives the
/// `F52x4` operand of `edwards_add_cached` (the right operand of a mixed
/// addition: 2Z = 2 for an affine point). Built at compile time
/// ([`NielsLanes::from_words`]) for the fixed-base table.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub struct NielsLanes(pub [[u64; 4]; 5]);

/// The radix-2⁵¹ limbs of a 256-bit value w (any value: bits 0..50, 51..101,
/// 102..152, 153..203, 204..254, and bit 255 folded back as 19 into limb 0,
/// since 2²⁵⁵ ≡ 19): every limb < 2⁵¹ + 19, the value congruent to w mod p.
const fn limbs51(w: [u64; 4]) -> [u64; 5] {
    let m = (1u64 << 51) - 1;
    [
        (w[0] & m) + 19 * (w[3] >> 63),
        ((w[0] >> 51) | (w[1] << 13)) & m,
        ((w[1] >> 38) | (w[2] << 26)) & m,
        ((w[2] >> 25) | (w[3] << 39)) & m,
        (w[3] >> 12) & m,
    ]
}

impl NielsLanes {
    /// The lanes (y − x, y + x, 2, 2d·x·y) from the words of y + x (`p`),
    /// y − x (`m`) and 2d·x·y (`k`), each any 256-bit value standing for
    /// its residue. Compile-time or run time; never fails.
    pub const fn from_words(p: [u64; 4], m: [u64; 4], k: [u64; 4]) -> NielsLanes {
        let (lp, lm, lk) = (limbs51(p), limbs51(m), limbs51(k));
        let mut r = [[0u64; 4]; 5];
        let mut i = 0;
        while i < 5 {
            r[i] = [lm[i], lp[i], if i == 0 { 2 } else { 0 }, lk[i]];
            i += 1;
        }
        NielsLanes(r)
    }

    /// The identity (1, 1, 2, 0) in this layout.
    pub const IDENTITY: NielsLanes = NielsLanes::from_words([1, 0, 0, 0], [1, 0, 0, 0], [0; 4]);
}

/// 4p in radix 2⁵¹, the `sub` bias: (2⁵³ − 76, 2⁵³ − 4, 2⁵³ − 4, 2⁵³ − 4,
/// 2⁵³ − 4) — four times the digits (2⁵¹ − 19, 2⁵¹ − 1, …) of p; each limb
/// is ≥ 2⁵¹ + 2¹⁵, above any carried limb of b.
const BIAS_4P: [i64; 5] = [(1 << 53) - 76, (1 << 53) - 4, (1 << 53) - 4, (1 << 53) - 4, (1 << 53) - 4];

/// The parallel carry round: cᵢ = lᵢ ≫ 51, then, all limbs at once,
/// lᵢ ← (lᵢ mod 2⁵¹) + cᵢ₋₁ and l₀ ← (l₀ mod 2⁵¹) + 19·c₄ (2²⁵⁵ ≡ 19).
/// Input limbs below 2⁶¹ (so cᵢ < 2¹⁰); output limbs < 2⁵¹ + 19·2¹⁰ < 2⁵¹ +
/// 2¹⁵. 19·c₄ is one VPMADD52LUQ (c₄ < 2⁵²). The value mod p is unchanged.
/// Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn carry(l: [__m256i; 5]) -> F52x4 {
    let m51 = _mm256_set1_epi64x(MASK51);
    let c: [__m256i; 5] = core::array::from_fn(|i| _mm256_srli_epi64::<51>(l[i]));
    F52x4(core::array::from_fn(|i| {
        let low = _mm256_and_si256(l[i], m51);
        if i == 0 {
            _mm256_madd52lo_epu64(low, c[4], _mm256_set1_epi64x(19))
        } else {
            _mm256_add_epi64(low, c[i - 1])
        }
    }))
}

/// Folds the columns of a product into loosely carried limbs: z_k = lo_k +
/// 2·hi_k (the high halves of the 52-bit products weigh twice the next
/// 51-bit column), r_k = z_k + 19·z_{k+5} (2²⁵⁵ ≡ 19; VPMULLQ, 3 cycles on
/// Zen 5, against 6 for x + 2x + 16x by shifts and adds), then [`carry`].
/// Column sums below 2⁵⁵ (module doc), so r_k < 2⁶⁰. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn reduce_columns(lo: &[__m256i; 10], hi: &[__m256i; 10]) -> F52x4 {
    let z: [__m256i; 10] = core::array::from_fn(|k| _mm256_add_epi64(lo[k], _mm256_slli_epi64::<1>(hi[k])));
    carry(core::array::from_fn(|k| _mm256_add_epi64(z[k], _mm256_mullo_epi64(z[k + 5], _mm256_set1_epi64x(19)))))
}

impl F52x4 {
    /// Packs four 256-bit values (little-endian words, any value < 2²⁵⁶,
    /// e.g. the words of an `Fe64`) into loosely carried limbs (bits 0..50,
    /// 51..101, 102..152, 153..203 and 204..255, the last < 2⁵²; one
    /// [`carry`] round folds its bit 51, the value's bit 255). Constant time.
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn from_words(e: &[[u64; 4]; 4]) -> F52x4 {
        let w = |i: usize| {
            _mm256_set_epi64x(e[3][i] as i64, e[2][i] as i64, e[1][i] as i64, e[0][i] as i64)
        };
        let (w0, w1, w2, w3) = (w(0), w(1), w(2), w(3));
        let m51 = _mm256_set1_epi64x(MASK51);
        let l0 = _mm256_and_si256(w0, m51);
        let l1 = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64::<51>(w0), _mm256_slli_epi64::<13>(w1)), m51);
        let l2 = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64::<38>(w1), _mm256_slli_epi64::<26>(w2)), m51);
        let l3 = _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64::<25>(w2), _mm256_slli_epi64::<39>(w3)), m51);
        let l4 = _mm256_srli_epi64::<12>(w3);
        carry([l0, l1, l2, l3, l4])
    }

    /// The four values as little-endian 256-bit words (value < 2²⁵⁶, not
    /// reduced mod p): a sequential carry l₀ → l₁ → … → l₄ makes l₀..l₃ <
    /// 2⁵¹ and leaves l₄ < 2⁵² (the value Σ lᵢ·2^(51i) < 2²⁵⁵ + 2²²⁰ is
    /// unchanged), then the limbs are packed. Constant time.
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn to_words(&self) -> [[u64; 4]; 4] {
        let m51 = _mm256_set1_epi64x(MASK51);
        let mut l = self.0;
        for i in 0..4 {
            l[i + 1] = _mm256_add_epi64(l[i + 1], _mm256_srli_epi64::<51>(l[i]));
            l[i] = _mm256_and_si256(l[i], m51);
        }
        let w0 = _mm256_or_si256(l[0], _mm256_slli_epi64::<51>(l[1]));
        let w1 = _mm256_or_si256(_mm256_srli_epi64::<13>(l[1]), _mm256_slli_epi64::<38>(l[2]));
        let w2 = _mm256_or_si256(_mm256_srli_epi64::<26>(l[2]), _mm256_slli_epi64::<25>(l[3]));
        let w3 = _mm256_or_si256(_mm256_srli_epi64::<39>(l[3]), _mm256_slli_epi64::<12>(l[4]));
        let mut out = [[0u64; 4]; 4];
        for (i, w) in [w0, w1, w2, w3].into_iter().enumerate() {
            let mut lanes = [0u64; 4];
            // SAFETY: `lanes` is 32 writable bytes; the store is unaligned.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), w) };
            for (k, v) in lanes.into_iter().enumerate() {
                out[k][i] = v;
            }
        }
        out
    }

    /// Four zeros (carried). Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn zero() -> F52x4 {
        F52x4([_mm256_setzero_si256(); 5])
    }

    /// Lanewise a + b, carried. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn add(&self, b: &F52x4) -> F52x4 {
        let (a, b) = (&self.0, &b.0);
        carry(core::array::from_fn(|i| _mm256_add_epi64(a[i], b[i])))
    }

    /// Lanewise a − b + 4p, carried (limbs never go negative: every limb of
    /// the bias is ≥ 2⁵¹ + 2¹⁵ > any carried limb of b). Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn sub(&self, b: &F52x4) -> F52x4 {
        let (a, b) = (&self.0, &b.0);
        carry(core::array::from_fn(|i| {
            _mm256_sub_epi64(_mm256_add_epi64(a[i], _mm256_set1_epi64x(BIAS_4P[i])), b[i])
        }))
    }

    /// Lanewise a·b mod p (module doc), carried. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn mul(&self, b: &F52x4) -> F52x4 {
        let (a, b) = (&self.0, &b.0);
        let zero = _mm256_setzero_si256();
        let mut lo = [zero; 10];
        let mut hi = [zero; 10];
        // high columns first: they pass through the ×19 fold, so they are
        // needed first; products of limb 0 (the last limb the carry of the
        // previous operation finishes) come last
        macro_rules! products {
            ($(($i:literal, $j:literal)),*) => {$(
                lo[$i + $j] = _mm256_madd52lo_epu64(lo[$i + $j], a[$i], b[$j]);
                hi[$i + $j + 1] = _mm256_madd52hi_epu64(hi[$i + $j + 1], a[$i], b[$j]);
            )*};
        }
        products!((4, 4), (3, 4), (4, 3), (2, 4), (3, 3), (4, 2), (1, 4), (2, 3), (3, 2), (4, 1), (0, 4), (1, 3), (2, 2), (3, 1), (4, 0), (0, 3), (1, 2), (2, 1), (3, 0), (0, 2), (1, 1), (2, 0), (0, 1), (1, 0), (0, 0));
        reduce_columns(&lo, &hi)
    }

    /// Lanewise a² mod p: cross products once, doubled, plus the squares
    /// (module doc), carried. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
    pub fn square(&self) -> F52x4 {
        let a = &self.0;
        let zero = _mm256_setzero_si256();
        let mut lo = [zero; 10];
        let mut hi = [zero; 10];
        for i in 0..5 {
            for j in (i + 1)..5 {
                lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], a[i], a[j]);
                hi[i + j + 1] = _mm256_madd52hi_epu64(hi[i + j + 1], a[i], a[j]);
            }
        }
        for k in 0..10 {
            lo[k] = _mm256_slli_epi64::<1>(lo[k]);
            hi[k] = _mm256_slli_epi64::<1>(hi[k]);
        }
        for i in 0..5 {
            lo[2 * i] = _mm256_madd52lo_epu64(lo[2 * i], a[i], a[i]);
            hi[2 * i + 1] = _mm256_madd52hi_epu64(hi[2 * i + 1], a[i], a[i]);
        }
        reduce_columns(&lo, &hi)
    }
}

/// `permute` and `blend` for a four-lane field type `$T` (a tuple struct
/// over its limb vectors), compiled with the target features `$feat`;
/// shared by this module and [`super::x86_64_ifma448`].
macro_rules! lane_shuffles {
    ($T:ident, $feat:literal) => {
        /// Lane k of the result is lane (IMM ≫ 2k) & 3 of `a`, for each limb.
        #[inline]
        #[target_feature(enable = $feat)]
        fn permute<const IMM: i32>(a: &$T) -> $T {
            $T(core::array::from_fn(|i| _mm256_permute4x64_epi64::<IMM>(a.0[i])))
        }

        /// Lanes of `b` where the 32-bit mask IMM has its bits (two per
        /// 64-bit lane), else lanes of `a`, for each limb.
        #[inline]
        #[target_feature(enable = $feat)]
        fn blend<const IMM: i32>(a: &$T, b: &$T) -> $T {
            $T(core::array::from_fn(|i| _mm256_blend_epi32::<IMM>(a.0[i], b.0[i])))
        }
    };
}
pub(super) use lane_shuffles;
lane_shuffles!(F52x4, "avx512ifma,avx512vl,avx512dq");

/// Blend mask selecting 64-bit lane 0.
pub(super) const LANE0: i32 = 0b0000_0011;
/// Blend mask selecting 64-bit lane 1.
pub(super) const LANE1: i32 = 0b0000_1100;
/// Blend mask selecting 64-bit lane 2.
pub(super) const LANE2: i32 = 0b0011_0000;
/// Blend mask selecting 64-bit lane 3.
pub(super) const LANE3: i32 = 0b1100_0000;
/// Blend mask selecting 64-bit lanes 1 and 3.
pub(super) const LANES13: i32 = LANE1 | LANE3;

/// The loop of the four-lane Montgomery ladder, shared by the X25519
/// ladder ([`x25519_ladder`], whose documentation has the lane algebra) and
/// the X448 ladder ([`super::x86_64_ifma448::x448_ladder`]). `$T` is the
/// four-lane field type, a tuple struct over its limb vectors with `add`,
/// `sub` and `mul`, and the calling module has `permute` and `blend` for
/// it and the blend masks `LANE1`, `LANE2`, `LANE3`, `LANES13`; `$T::from_words`
/// takes four lanes of words. Arguments: k (little-endian bytes), the bit
/// count, `u` (a reference to the words of x₁), the words of 1 and of the
/// curve's a24. The state starts as (x₂, z₂, x₃, z₃) = (1, 0, x₁, 1), with
/// the constant vectors k3 = (1, −, 1, x₁) and (−, a24, −, −); the ladder
/// runs over bits `min(bits, 8·len k) − 1` down to 0 of k and the
/// expression is the final state, after the last conditional swap. Constant time in k and u: the swap is a
/// masked exchange of the lane pairs with the mask behind
/// `arith::barrier::value_barrier`, and every step runs the same
/// instructions.
macro_rules! four_lane_ladder {
    ($T:ident, $k:expr, $bits:expr, $u:expr, $one:expr, $a24:expr) => {{
        let (k, u, one): (&[u8], _, _) = ($k, $u, $one);
        let zero = one.map(|_| 0u64);
        let x1 = $T::from_words(&[*u; 4]);
        let mut s = $T::from_words(&[one, zero, *u, one]);
        // (1, −, 1, x₁) and (−, a24, −, −) as vectors
        let k3 = blend::<LANE3>(&$T::from_words(&[one, zero, one, *u]), &x1);
        let k3 = &k3;
        let a24 = &$T::from_words(&[$a24; 4]);
        let nbits = ($bits as usize).min(8 * k.len());
        let cswap = |s: &$T, swap: u8| {
            let m = crate::arith::barrier::value_barrier((swap as u64).wrapping_neg());
            let mv = _mm256_set1_epi64x(m as i64);
            let sw = permute::<0x4e>(s);
            $T(core::array::from_fn(|i| {
                _mm256_xor_si256(s.0[i], _mm256_and_si256(mv, _mm256_xor_si256(s.0[i], sw.0[i])))
            }))
        };
        let mut swap = 0u8;
        for t in (0..nbits).rev() {
            let k_t = (k.get(t / 8).copied().unwrap_or(0) >> (t % 8)) & 1;
            swap ^= k_t;
            s = cswap(&s, swap);
            swap = k_t;
            let sp = permute::<0xb1>(&s);
            let t4 = blend::<LANES13>(&s.add(&sp), &s.sub(&sp));
            let m1 = permute::<0xb4>(&t4).mul(&permute::<0x44>(&t4));
            let q = permute::<0xb1>(&m1);
            let sum = m1.add(&q);
            let diff = m1.sub(&q);
            // lanes: 0 from m1 / q, 1 from diff / a24, 2 from sum, 3 from diff
            let left2 = blend::<LANES13>(&blend::<LANE2>(&m1, &sum), &diff);
            let right2 = blend::<LANE3>(&blend::<LANE1>(&blend::<LANE2>(&q, &sum), a24), &diff);
            let m2 = left2.mul(&right2);
            let v = m2.sub(&q);
            s = blend::<LANE1>(&m2, &diff).mul(&blend::<LANE1>(k3, &v));
        }
        cswap(&s, swap)
    }};
}
pub(super) use four_lane_ladder;

/// The projective RFC 7748 §5 Montgomery ladder on curve25519 (a24 =
/// 121665) over the first `bits` bits of `k` (little-endian), from the
/// u-coordinate `u` (any 256-bit value, taken mod p): returns (x₂, z₂) of
/// \[k\]P as 256-bit words (not reduced). Same result as the scalar ladder
/// of `group::montgomery`; works for u on the curve or its twist.
///
/// The four ladder coordinates (x₂, z₂, x₃, z₃) sit in the four lanes of one
/// [`F52x4`]; a step is three lanewise multiplications (the ladder-step
/// vectorisation of Hisil–Egrice–Ozturk 2020 and Nath–Sarkar 2020, with the
/// sign tricks below so no value has to cross lanes except by whole-vector
/// permutations):
/// ```text
/// s = (x₂, z₂, x₃, z₃), conditionally swapped to (x₃, z₃, x₂, z₂)
/// T  = (A, −B, C, −D)          = blend(s + s', s − s'),  s' = (z₂, x₂, z₃, x₃)
/// M₁ = (A, −B, −D, C)·(A, −B, A, −B)  = (AA, BB, −DA, −CB)
/// Q  = (BB, AA, −CB, −DA);  Σ = M₁ + Q;  Δ = M₁ − Q = (E, −E, CB − DA, DA − CB)
/// M₂ = (AA, −E, Σ₂, Δ₃)·(BB, a24, Σ₂, Δ₃) = (AA·BB, −a24·E, (DA + CB)², (DA − CB)²)
/// M₃ = (M₂₀, −E, M₂₂, M₂₃)·(1, M₂₁ − AA, 1, x₁) = (x₄, z₄, x₅, z₅)
/// ```
/// with z₄ = (−E)·(−a24·E − AA) = E·(AA + a24·E) as in the RFC.
///
/// Constant time in k and u: the swap is a masked blend with the mask from
/// `arith::barrier::value_barrier`, every step runs the same instructions.
/// The caller must have checked [`cpu_has_ifma`]. Never fails.
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
pub fn x25519_ladder(k: &[u8], bits: u32, u: &[u64; 4]) -> ([u64; 4], [u64; 4]) {
    let s = four_lane_ladder!(F52x4, k, bits, u, [1u64, 0, 0, 0], [121_665u64, 0, 0, 0]);
    let w = s.to_words();
    (w[0], w[1])
}

/// [`x25519_ladder`] over all 255 bits of `k` when the IFMA backend is
/// selected ([`super::ifma_selected`]: probed CPU support, not forced
/// portable), else `None` (the caller runs the scalar ladder). The safe
/// entry point of curve25519's `ladder_dispatched`. Constant time in k and
/// u; never fails.
#[inline]
pub fn x25519_ladder_if_selected(k: &[u8; 32], u: &[u64; 4]) -> Option<([u64; 4], [u64; 4])> {
    if super::ifma_selected() {
        // SAFETY: `ifma_selected` holds only when `cpu_has_ifma` found
        // AVX-512 F/VL/IFMA and the OS support for their state.
        Some(unsafe { x25519_ladder(k, 255, u) })
    } else {
        None
    }
}


/// P + Q on edwards25519 (a = −1) for P = (X₁ : Y₁ : Z₁ : T₁) in extended
/// coordinates, one per lane, and Q in the lanes (Y₂ − X₂, Y₂ + X₂, 2Z₂,
/// 2d·T₂) (an affine Niels point with Z₂ = 1 gives 2Z₂ = 2): the unified
/// `add-2008-hwcd-3` of Hisil–Wong–Carter–Dawson ("Twisted Edwards curves
/// revisited", Asiacrypt 2008, §3.2) with its products four at a time:
/// ```text
/// u = (Y₁ − X₁, Y₁ + X₁, Z₁, T₁)
/// (A, B, D, C) = u·Q          A = (Y₁−X₁)(Y₂−X₂), B = (Y₁+X₁)(Y₂+X₂), D = 2Z₁Z₂, C = 2d·T₁T₂
/// E = B − A, F = D − C, G = D + C, H = B + A
/// (X₃, Y₃, Z₃, T₃) = (E, G, F, E)·(F, H, G, H)
/// ```
/// Two `F52x4` multiplications. Complete on edwards25519 (d is a
/// non-square): no input needs a special case. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards_add_cached(p: &F52x4, q: &F52x4) -> F52x4 {
    let [r] = edwards_add_cached_n([p], [q]);
    r
}

/// [`edwards_add_cached`] on N independent pairs (Pᵢ, Qᵢ), step by step:
/// each phase runs for every pair before the next phase starts, so the N
/// dependency chains interleave in program order. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards_add_cached_n<const N: usize>(p: [&F52x4; N], q: [&F52x4; N]) -> [F52x4; N] {
    let m: [F52x4; N] = core::array::from_fn(|i| {
        let s_sw = permute::<0xe1>(p[i]); // (Y, X, Z, T)
        let d = s_sw.sub(p[i]); // lane 0: Y − X
        let a = s_sw.add(p[i]); // lane 1: X + Y
        blend::<LANE1>(&blend::<LANE0>(p[i], &d), &a)
    });
    let m: [F52x4; N] = core::array::from_fn(|i| m[i].mul(q[i])); // (A, B, D, C)
    let lr: [(F52x4, F52x4); N] = core::array::from_fn(|i| {
        let m_sw = permute::<0xb1>(&m[i]); // (B, A, C, D)
        let sum = m[i].add(&m_sw); // (H, H, G, G)
        let dif = m_sw.sub(&m[i]); // (E, −E, −F, F)
        let left = blend::<LANE1>(&permute::<0x30>(&dif), &permute::<0xaa>(&sum)); // (E, G, F, E)
        let right = blend::<LANE0>(&permute::<0x20>(&sum), &permute::<0xff>(&dif)); // (F, H, G, H)
        (left, right)
    });
    core::array::from_fn(|i| lr[i].0.mul(&lr[i].1))
}

/// 2P on edwards25519 (a = −1) for P = (X : Y : Z : T) in the lanes: the
/// doubling `dbl-2008-hwcd` (HWCD08 §3.3) rearranged for four lanes as in
/// curve25519-dalek's vector backend:
/// ```text
/// (S₁, S₂, S₃, S₄) = (X, Y, Z, X + Y)²
/// S₅ = S₁ + S₂, S₆ = S₁ − S₂, S₈ = S₆ + 2S₃, S₉ = S₅ − S₄ (= −2XY)
/// (X₃, Y₃, Z₃, T₃) = (S₈, S₅, S₈, S₅)·(S₉, S₆, S₆, S₉)
/// ```
/// (X₃ = 2XY·(Y² − X² − 2Z²) = E·F, Y₃ = (X² − Y²)(X² + Y²) = G·H,
/// Z₃ = F·G, T₃ = E·H with HWCD's names.) One squaring and one
/// multiplication. Exception-free. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards_double(p: &F52x4) -> F52x4 {
    let xy = permute::<0x20>(p).add(&permute::<0x65>(p)); // lane 3: X + Y
    let sq = blend::<LANE3>(p, &xy).square(); // (S1, S2, S3, S4)
    let (s1, s2, s3, s4) = (permute::<0x00>(&sq), permute::<0x55>(&sq), permute::<0xaa>(&sq), permute::<0xff>(&sq));
    let s5 = s1.add(&s2);
    let s6 = s1.sub(&s2);
    let s8 = s6.add(&s3.add(&s3));
    let s9 = s5.sub(&s4);
    let left = blend::<LANES13>(&s8, &s5); // (S8, S5, S8, S5)
    let right = blend::<{ LANE1 | LANE2 }>(&s9, &s6); // (S9, S6, S6, S9)
    left.mul(&right)
}

/// sign(d)·row\[|d| − 1\] as an `F52x4` (the identity (1, 1, 2, 0) for
/// d = 0): every entry is loaded, AND-ed with an all-ones/zero mask and
/// OR-ed in, then −Q = (y + x, y − x, 2, −2d·x·y) is chosen by a mask, so
/// neither an address nor a branch depends on d. Constant time in d.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn lookup_niels(row: &[NielsLanes; 8], d: i8) -> F52x4 {
    let sign = d >> 7; // 0 or −1
    let abs = ((d ^ sign).wrapping_sub(sign)) as u8 as u64; // |d| in 0..=8
    let pick = |j: u64| _mm256_set1_epi64x(crate::arith::barrier::value_barrier(crate::arith::eq_mask(j, abs)) as i64);
    let m0 = pick(0);
    let load = |e: &NielsLanes, i: usize| {
        // SAFETY: `e.0[i]` is 32 readable bytes, 32-byte aligned (`repr(align(32))`
        // on a struct of five 32-byte rows).
        unsafe { _mm256_load_si256(e.0[i].as_ptr().cast()) }
    };
    let mut r: [__m256i; 5] = core::array::from_fn(|i| _mm256_and_si256(load(&NielsLanes::IDENTITY, i), m0));
    for (j, e) in row.iter().enumerate() {
        let m = pick(j as u64 + 1);
        for (i, ri) in r.iter_mut().enumerate() {
            *ri = _mm256_or_si256(*ri, _mm256_and_si256(load(e, i), m));
        }
    }
    negate_cached_if(&F52x4(r), sign)
}

/// The fixed-base multiplication of `group::edwards::EdwardsPoint::mul_base`
/// on edwards25519 with the point in the four lanes, on two independent
/// accumulators: `digits` are the signed radix-16 digits e₀, e₁, … of k
/// (eᵢ ∈ [−8, 8]), and `table[i][j]` is (j + 1)·16ⁱ·B in [`NielsLanes`]
/// layout (one row per digit), read by [`lookup_niels`]. A = Σ_{i even}
/// eᵢ·16ⁱ·B and C = Σ_{i odd} eᵢ·16ⁱ·B advance together, one addition
/// each per step ([`edwards_add_cached_n`]), and kB = A + C (C put in
/// cached form with `d2`, the words of 2d). No doubling; returns the words
/// of (X, Y, Z, T), not reduced. Digits beyond the table's rows are not
/// read (the caller passes a table that covers them), and a missing digit
/// adds the identity.
///
/// Why two accumulators: in a dependent chain one `F52x4` product took
/// about 23 ns on the machine below, far longer than issuing its 50 IFMA
/// takes, so a single chain of additions leaves the multipliers idle most
/// of the time.
/// Two chains fill them: on the Intel machine of 2026-12-01 (AVX-512 IFMA,
/// same digits, min of 51 batches) one chain over the radix-16 table of
/// ref10 (32 rows, the odd digits first, four doublings, the even ones)
/// took 5.70 µs; two chains (odd and even digits, the same doublings)
/// 2.71 µs; two chains on this table without doublings 2.49 µs; three
/// chains 2.96 µs, four (with doublings) 3.41 µs (the registers run out).
///
/// Constant time in the digits (every step runs the same instructions; no
/// branch or index on data here). The caller must have checked
/// [`cpu_has_ifma`].
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards25519_mul_base(digits: &[i8], table: &[[NielsLanes; 8]], d2: &[u64; 4]) -> [[u64; 4]; 4] {
    let (zero, one, two) = ([0u64; 4], [1u64, 0, 0, 0], [2u64, 0, 0, 0]);
    let id = F52x4::from_words(&[zero, one, one, zero]);
    let (mut a, mut b) = (id, id);
    for (rows, ds) in table.chunks_exact(2).zip(digits.chunks(2)) {
        let de = ds.first().copied().unwrap_or(0);
        let dodd = ds.get(1).copied().unwrap_or(0);
        let (qe, qo) = (lookup_niels(&rows[0], de), lookup_niels(&rows[1], dodd));
        [a, b] = edwards_add_cached_n([&a, &b], [&qe, &qo]);
    }
    let k = F52x4::from_words(&[one, one, two, *d2]);
    edwards_add_cached(&a, &edwards_to_cached(&b, &k)).to_words()
}

/// The cached form (Y − X, Y + X, 2Z, 2d·T) of P = (X : Y : Z : T) in the
/// lanes, the right operand of `edwards_add_cached`; `k` holds the lanes
/// (1, 1, 2, 2d). One multiplication. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards_to_cached(p: &F52x4, k: &F52x4) -> F52x4 {
    let s_sw = permute::<0xe1>(p); // (Y, X, Z, T)
    let d = s_sw.sub(p);
    let a = s_sw.add(p);
    blend::<LANE1>(&blend::<LANE0>(p, &d), &a).mul(k)
}

/// sign(d)·table\[|d| − 1\] in cached form (the cached identity (1, 1, 2, 0)
/// for d = 0): every entry is read under an all-ones/zero lane mask and
/// OR-ed in, and −Q = (Y + X, Y − X, 2Z, −2d·T) is chosen by a mask, so
/// neither an address nor a branch depends on d. Constant time in d.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn lookup_cached(table: &[F52x4; 8], d: i8, id: &F52x4) -> F52x4 {
    let sign = d >> 7; // 0 or −1
    let abs = ((d ^ sign).wrapping_sub(sign)) as u8 as u64; // |d| in 0..=8
    let pick = |j: u64| _mm256_set1_epi64x(crate::arith::barrier::value_barrier(crate::arith::eq_mask(j, abs)) as i64);
    let m0 = pick(0);
    let mut r: [__m256i; 5] = core::array::from_fn(|i| _mm256_and_si256(id.0[i], m0));
    for (j, e) in table.iter().enumerate() {
        let m = pick(j as u64 + 1);
        for i in 0..5 {
            r[i] = _mm256_or_si256(r[i], _mm256_and_si256(e.0[i], m));
        }
    }
    negate_cached_if(&F52x4(r), sign)
}

/// \[k\]P on edwards25519 with the point in the four lanes: the signed
/// fixed 4-bit window of `group::edwards::EdwardsPoint::mul` (T\[j\] =
/// \[j + 1\]P for j < 8, in cached form; from the top digit down: four
/// doublings, then the addition of sign(eᵢ)·T\[|eᵢ| − 1\] read by
/// `lookup_cached`). `p` holds the words of (X, Y, Z, T), `d2` those of
/// 2d, `digits` the signed radix-16 digits e₀, e₁, … of k (eᵢ ∈ [−8, 8]).
/// Returns the words of (X, Y, Z, T) of \[k\]P, not reduced. The table is
/// overwritten with zeros before returning.
///
/// Constant time in the digits and in P. The caller must have checked
/// [`cpu_has_ifma`].
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards25519_mul(p: &[[u64; 4]; 4], d2: &[u64; 4], digits: &[i8]) -> [[u64; 4]; 4] {
    let (zero, one, two) = ([0u64; 4], [1u64, 0, 0, 0], [2u64, 0, 0, 0]);
    let k = F52x4::from_words(&[one, one, two, *d2]);
    let id_cached = F52x4::from_words(&[one, one, two, zero]);
    let p1 = F52x4::from_words(p);
    let c1 = edwards_to_cached(&p1, &k);
    let mut table = [c1; 8];
    let mut e = edwards_double(&p1);
    for t in table.iter_mut().skip(1) {
        *t = edwards_to_cached(&e, &k);
        e = edwards_add_cached(&e, &c1);
    }
    let mut acc = F52x4::from_words(&[zero, one, one, zero]);
    for (i, &d) in digits.iter().enumerate().rev() {
        if i + 1 < digits.len() {
            for _ in 0..4 {
                acc = edwards_double(&acc);
            }
        }
        acc = edwards_add_cached(&acc, &lookup_cached(&table, d, &id_cached));
    }
    for t in table.iter_mut() {
        // SAFETY: `t` is a valid, aligned, exclusive reference.
        unsafe { core::ptr::write_volatile(t, F52x4::zero()) };
    }
    core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
    acc.to_words()
}

/// `edwards25519_mul` when the variable-base chains run on the lanes
/// ([`super::ifma_chains_selected`]: IFMA, not an Intel CPU), else `None`
/// (the caller runs the scalar code). The safe entry point of edwards25519's `mul_accelerated`.
/// Constant time in the digits and the point; never fails.
pub fn edwards25519_mul_if_selected(p: &[[u64; 4]; 4], d2: &[u64; 4], digits: &[i8]) -> Option<[[u64; 4]; 4]> {
    if super::ifma_chains_selected() {
        // SAFETY: `ifma_selected` holds only when `cpu_has_ifma` found
        // AVX-512 F/VL/IFMA and the OS support for their state.
        Some(unsafe { edwards25519_mul(p, d2, digits) })
    } else {
        None
    }
}

/// `edwards25519_mul_base` when the IFMA backend is selected
/// ([`super::ifma_selected`]), else `None` (the caller runs the scalar
/// code): `table[i][j]` = (j + 1)·16ⁱ·B, one row per digit, and `d2` the
/// words of 2d. The safe entry point of edwards25519's
/// `mul_base_accelerated`. Constant time in the digits; never fails.
pub fn edwards25519_mul_base_if_selected(digits: &[i8], table: &[[NielsLanes; 8]], d2: &[u64; 4]) -> Option<[[u64; 4]; 4]> {
    if super::ifma_selected() {
        // SAFETY: `ifma_selected` holds only when `cpu_has_ifma` found
        // AVX-512 F/VL/DQ/IFMA and the OS support for their state.
        Some(unsafe { edwards25519_mul_base(digits, table, d2) })
    } else {
        None
    }
}

/// −Q when `sign` is −1, Q when it is 0, for Q in cached form: both are
/// computed and one is kept under a mask ([`neg_cached`]), the tail of the
/// signed table reads. Constant time in `sign`.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn negate_cached_if(q: &F52x4, sign: i8) -> F52x4 {
    let neg = neg_cached(q);
    let mn = _mm256_set1_epi64x(crate::arith::barrier::value_barrier(sign as i64 as u64) as i64);
    F52x4(core::array::from_fn(|i| _mm256_xor_si256(q.0[i], _mm256_and_si256(mn, _mm256_xor_si256(q.0[i], neg.0[i])))))
}

/// −Q for Q = (Y − X, Y + X, 2Z, 2d·T) in cached form: (Y + X, Y − X, 2Z,
/// −2d·T). Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn neg_cached(q: &F52x4) -> F52x4 {
    let sw = permute::<0xe1>(q);
    blend::<LANE3>(&sw, &F52x4::zero().sub(&sw))
}

/// A fixed table of odd multiples for [`edwards25519_straus_vartime_if_selected`]:
/// `lookup(j)` returns the words (y + x, y − x, 2d·x·y) of \[2j + 1\]·Q.
pub type FixedOddMultiples<'a> = &'a dyn Fn(usize) -> [[u64; 4]; 3];

/// Σ \[kᵢ\]Pᵢ + Σ \[lⱼ\]Qⱼ on edwards25519 in variable time (Straus–Shamir,
/// interleaved wNAF, one doubling chain), with the point in the four lanes:
/// `points` are (words of (X, Y, Z, T) of Pᵢ, width-5 wNAF digits of kᵢ)
/// — at most two; the table \[1, 3, …, 15\]Pᵢ is built here in cached form —
/// and `fixed` are (odd-multiple lookup of Qⱼ, wNAF digits of lⱼ, any width
/// the lookup covers), e.g. the compile-time tables of B. Every digit slice
/// is read up to `len`. Returns the words of (X, Y, Z, T), not reduced.
/// Variable time: public inputs only. The caller must have checked
/// [`cpu_has_ifma`].
#[target_feature(enable = "avx512ifma,avx512vl,avx512dq")]
fn edwards25519_straus_vartime(
    d2: &[u64; 4],
    points: &[([[u64; 4]; 4], &[i8])],
    fixed: &[(FixedOddMultiples<'_>, &[i8])],
    len: usize,
) -> [[u64; 4]; 4] {
    let (zero, one, two) = ([0u64; 4], [1u64, 0, 0, 0], [2u64, 0, 0, 0]);
    let k = F52x4::from_words(&[one, one, two, *d2]);
    let mut tables = [[F52x4::zero(); 8]; 2];
    for (t, (pw, _)) in tables.iter_mut().zip(points.iter()) {
        let p1 = F52x4::from_words(pw);
        let p2 = edwards_to_cached(&edwards_double(&p1), &k);
        let mut e = p1;
        t[0] = edwards_to_cached(&p1, &k);
        for entry in t.iter_mut().skip(1) {
            e = edwards_add_cached(&e, &p2);
            *entry = edwards_to_cached(&e, &k);
        }
    }
    let mut acc = F52x4::from_words(&[zero, one, one, zero]);
    let mut started = false;
    for i in (0..len).rev() {
        if started {
            acc = edwards_double(&acc);
        }
        for (t, (_, digits)) in tables.iter().zip(points.iter()) {
            let d = digits.get(i).copied().unwrap_or(0);
            if d != 0 {
                let q = t[(d.unsigned_abs() / 2) as usize & 7];
                acc = edwards_add_cached(&acc, &if d > 0 { q } else { neg_cached(&q) });
                started = true;
            }
        }
        for (lookup, digits) in fixed.iter() {
            let d = digits.get(i).copied().unwrap_or(0);
            if d != 0 {
                let [p, m, kk] = lookup((d.unsigned_abs() / 2) as usize);
                let q = F52x4::from_words(&[m, p, two, kk]);
                acc = edwards_add_cached(&acc, &if d > 0 { q } else { neg_cached(&q) });
                started = true;
            }
        }
    }
    acc.to_words()
}

/// [`edwards25519_straus_vartime`] (at most two `points`) when the
/// variable-base chains run on the lanes ([`super::ifma_chains_selected`]),
/// else `None`. The safe
/// entry point of edwards25519's `straus_vartime_accelerated`. Variable
/// time (public inputs only); never fails.
pub fn edwards25519_straus_vartime_if_selected(
    d2: &[u64; 4],
    points: &[([[u64; 4]; 4], &[i8])],
    fixed: &[(FixedOddMultiples<'_>, &[i8])],
    len: usize,
) -> Option<[[u64; 4]; 4]> {
    if super::ifma_chains_selected() && points.len() <= 2 {
        // SAFETY: `ifma_selected` holds only when `cpu_has_ifma` found
        // AVX-512 F/VL/IFMA and the OS support for their state.
        Some(unsafe { edwards25519_straus_vartime(d2, points, fixed, len) })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use num_bigint::BigUint;
    use std::{eprintln, vec, vec::Vec};

    fn p() -> BigUint {
        (BigUint::from(1u8) << 255u32) - BigUint::from(19u8)
    }

    fn big(w: &[u64; 4]) -> BigUint {
        w.iter().rev().fold(BigUint::from(0u8), |acc, &x| (acc << 64u32) + BigUint::from(x))
    }

    /// xorshift64: deterministic inputs.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// Edge values (0, 1, p − 1, p, p + 1, 2²⁵⁵ − 1, 2²⁵⁶ − 1, 2p, single
    /// top bits, limbs of all ones) and random 256-bit words.
    fn inputs(n: usize) -> Vec<[u64; 4]> {
        let m = u64::MAX;
        let mut v = vec![
            [0, 0, 0, 0],
            [1, 0, 0, 0],
            [m - 19, m, m, m >> 1],
            [m - 18, m, m, m >> 1],
            [m - 17, m, m, m >> 1],
            [m, m, m, m >> 1],
            [m, m, m, m],
            [m - 37, m, m, m],
            [0, 0, 0, 1 << 63],
            [0, 0, 0, 1 << 62],
            [(1 << 52) - 1, 0, 0, 0],
            [m, 0, m, 0],
        ];
        let mut s = 0x2545_f491_4f6c_dd1du64;
        while v.len() < n {
            v.push([next(&mut s), next(&mut s), next(&mut s), next(&mut s)]);
        }
        v
    }

    #[test]
    fn f52x4_matches_bigint() {
        if !cpu_has_ifma() {
            eprintln!("no AVX-512 IFMA on this CPU: F52x4 not exercised");
            return;
        }
        let p = p();
        let xs = inputs(4000);
        for (n, chunk) in xs.chunks_exact(8).enumerate() {
            // rotate so every edge value meets every lane position
            let r = n % 4;
            let a: [[u64; 4]; 4] = core::array::from_fn(|k| chunk[(k + r) % 4]);
            let b: [[u64; 4]; 4] = core::array::from_fn(|k| chunk[4 + (k + 2 * r) % 4]);
            // SAFETY: the CPU has AVX-512 F/VL/IFMA (checked above).
            let (fa, fb) = unsafe { (F52x4::from_words(&a), F52x4::from_words(&b)) };
            let (rt, sum, diff, prod, sq) = unsafe {
                (
                    fa.to_words(),
                    fa.add(&fb).to_words(),
                    fa.sub(&fb).to_words(),
                    fa.mul(&fb).to_words(),
                    fa.square().to_words(),
                )
            };
            // chained operations keep the limb invariant
            let chained = unsafe { fa.mul(&fb).sub(&fa).square().add(&fb).mul(&fa).to_words() };
            for k in 0..4 {
                let (x, y) = (big(&a[k]), big(&b[k]));
                assert_eq!(big(&rt[k]) % &p, &x % &p, "round trip lane {k}");
                assert_eq!(big(&sum[k]) % &p, (&x + &y) % &p, "add lane {k}");
                assert_eq!(big(&diff[k]) % &p, (&x + &p * 2u8 - &y % &p) % &p, "sub lane {k}");
                assert_eq!(big(&prod[k]) % &p, (&x * &y) % &p, "mul lane {k}");
                assert_eq!(big(&sq[k]) % &p, (&x * &x) % &p, "square lane {k}");
                let want = ((((&x * &y) % &p + &p - &x % &p) % &p).pow(2) + &y) * &x % &p;
                assert_eq!(big(&chained[k]) % &p, want, "chain lane {k}");
                // carried: the value stays below 2^256 and the top limb below 2^48
                assert!(big(&prod[k]) < (BigUint::from(1u8) << 256u32));
            }
        }
    }

    /// The lanes of an `F52x4` as raw limbs (no carry): lane k, limb i.
    fn raw_limbs(a: &F52x4) -> [[u64; 5]; 4] {
        let mut out = [[0u64; 5]; 4];
        for (i, l) in a.0.iter().enumerate() {
            let mut lanes = [0u64; 4];
            // SAFETY: `lanes` is 32 writable bytes; the store is unaligned.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), *l) };
            for k in 0..4 {
                out[k][i] = lanes[k];
            }
        }
        out
    }

    fn limbs_value(l: &[u64; 5]) -> BigUint {
        l.iter().rev().fold(BigUint::from(0u8), |acc, &x| (acc << 51u32) + BigUint::from(x))
    }

    /// Every operation keeps every limb below B = 2⁵¹ + 2¹⁵ (so below 2⁵²,
    /// the multiplier's input width) and computes the right residue, for
    /// inputs whose limbs sit at the extremes of the invariant: B − 1 in
    /// every limb (the largest column sums and carries), 0, 2⁵¹ − 1, 2⁵¹,
    /// and random limbs below B.
    #[test]
    fn f52x4_limb_bounds_hold_at_the_extremes() {
        if !cpu_has_ifma() {
            eprintln!("no AVX-512 IFMA on this CPU: F52x4 not exercised");
            return;
        }
        let p = p();
        let bound = (1u64 << 51) + (1 << 15);
        let mut st = 0x0123_4567_89ab_cdefu64;
        let mut patterns: Vec<[u64; 5]> = vec![
            [bound - 1; 5],
            [0; 5],
            [(1 << 51) - 1; 5],
            [1 << 51; 5],
            [bound - 1, 0, bound - 1, 0, bound - 1],
            [0, bound - 1, 0, bound - 1, 0],
            [bound - 1, (1 << 51) - 1, 1 << 51, bound - 1, (1 << 51) - 1],
        ];
        while patterns.len() < 64 {
            let mut l = [0u64; 5];
            for x in l.iter_mut() {
                *x = next(&mut st) % bound;
            }
            patterns.push(l);
        }
        let vec_of = |ls: [[u64; 5]; 4]| {
            F52x4(core::array::from_fn(|i| {
                let lanes = [ls[0][i], ls[1][i], ls[2][i], ls[3][i]];
                // SAFETY: `lanes` is 32 readable bytes; the load is unaligned.
                unsafe { _mm256_loadu_si256(lanes.as_ptr().cast()) }
            }))
        };
        for a_i in 0..patterns.len() {
            for b_i in (0..patterns.len()).step_by(7) {
                let la: [[u64; 5]; 4] = core::array::from_fn(|k| patterns[(a_i + k) % patterns.len()]);
                let lb: [[u64; 5]; 4] = core::array::from_fn(|k| patterns[(b_i + 3 * k) % patterns.len()]);
                let (fa, fb) = (vec_of(la), vec_of(lb));
                // SAFETY: the CPU has AVX-512 F/VL/DQ/IFMA (checked above).
                let outs = unsafe { [fa.mul(&fb), fa.square(), fa.add(&fb), fa.sub(&fb)] };
                for (n, out) in outs.iter().enumerate() {
                    let raw = raw_limbs(out);
                    for k in 0..4 {
                        assert!(raw[k].iter().all(|&x| x < bound), "op {n} lane {k}: limb bound {:x?}", raw[k]);
                        let (x, y) = (limbs_value(&la[k]), limbs_value(&lb[k]));
                        let want = match n {
                            0 => &x * &y % &p,
                            1 => &x * &x % &p,
                            2 => (&x + &y) % &p,
                            _ => (&x + &p * 8u8 - &y) % &p,
                        };
                        assert_eq!(limbs_value(&raw[k]) % &p, want, "op {n} lane {k}");
                    }
                }
            }
        }
    }

    /// `NielsLanes::from_words` gives the lanes (m, p, 2, k) with every limb
    /// below 2⁵¹ + 19 and the right residues, including words ≥ p and ≥ 2²⁵⁵.
    #[test]
    fn niels_lanes_match_the_words() {
        let p = p();
        for (n, w) in inputs(200).chunks_exact(3).enumerate() {
            let e = NielsLanes::from_words(w[0], w[1], w[2]);
            let lane = |k: usize| -> [u64; 5] { core::array::from_fn(|i| e.0[i][k]) };
            for k in 0..4 {
                assert!(lane(k).iter().all(|&x| x < (1 << 51) + 19), "#{n} lane {k}");
            }
            assert_eq!(limbs_value(&lane(0)) % &p, big(&w[1]) % &p, "#{n} y − x");
            assert_eq!(limbs_value(&lane(1)) % &p, big(&w[0]) % &p, "#{n} y + x");
            assert_eq!(limbs_value(&lane(2)), BigUint::from(2u8), "#{n} 2Z");
            assert_eq!(limbs_value(&lane(3)) % &p, big(&w[2]) % &p, "#{n} 2d·x·y");
        }
    }

    #[test]
    fn x25519_ladder_matches_scalar_ladder() {
        use crate::curves::curve25519::{Curve25519, Fp};
        use crate::field::fe25519::radix64::Fe64;
        use crate::field::Field;
        if !cpu_has_ifma() {
            eprintln!("no AVX-512 IFMA on this CPU: the vector ladder not exercised");
            return;
        }
        let mut st = 0x9e37_79b9_7f4a_7c15u64;
        let m = u64::MAX;
        let mut us: Vec<[u64; 4]> = vec![
            [0, 0, 0, 0],
            [1, 0, 0, 0],
            [9, 0, 0, 0],
            [m - 19, m, m, m >> 1],
            [m - 18, m, m, m >> 1],
            [m, m, m, m >> 1],
            [2, 0, 0, 0],
        ];
        for _ in 0..40 {
            us.push([next(&mut st), next(&mut st), next(&mut st), next(&mut st) >> 1]);
        }
        for (n, u) in us.iter().enumerate() {
            let mut k = [0u8; 32];
            for b in k.iter_mut() {
                *b = next(&mut st) as u8;
            }
            if n % 3 == 0 {
                k[0] &= 248;
                k[31] = (k[31] & 127) | 64;
            }
            let mut ub = [0u8; 32];
            for (i, w) in u.iter().enumerate() {
                ub[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
            }
            let fu = Fp::from_le_bytes_masked(&ub);
            let want = crate::group::montgomery::ladder::<Curve25519>(&k, &fu);
            // SAFETY: the CPU has AVX-512 F/VL/IFMA (checked above).
            let (x2, z2) = unsafe { x25519_ladder(&k, 255, u) };
            let (x2, z2) = (Fe64::from_words(x2), Fe64::from_words(z2));
            let got = x2 * z2.invert().unwrap_or(Fe64::ZERO);
            assert_eq!(got.to_le_bytes(), want.to_le_bytes(), "u #{n}");
        }
    }
}
