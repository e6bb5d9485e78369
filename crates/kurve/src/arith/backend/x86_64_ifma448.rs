//! Four elements of GF(2⁴⁴⁸ − 2²²⁴ − 1) at once with AVX-512 IFMA
//! (`F448x4`), and the four-lane X448 ladder built on it.
//!
//! The lane layout and the ladder are those of [`super::x86_64_ifma25519`]
//! (one element a lane, limb i of the four lanes in one YMM register; the
//! ladder's four coordinates in the four lanes, three lanewise products a
//! step). What differs is the field.
//!
//! **Representation.** Ten limbs in a mixed radix that keeps φ = 2²²⁴
//! limb-aligned: each half of 224 bits is five limbs of 45, 45, 45, 45 and
//! 44 bits, so limb i sits at bit Pᵢ = (0, 45, 90, 135, 180, 224, 269, 314,
//! 359, 404) and value = Σ lᵢ·2^Pᵢ (any value congruent mod p). Limbs are
//! kept below 2⁵² (what VPMADD52LUQ / VPMADD52HUQ read) with room to spare:
//! after a product, lᵢ < 2⁴⁵ + 2¹⁷; [`F448x4::add`] and [`F448x4::sub`]
//! do not carry (results below 2⁴⁸, which the product accepts).
//!
//! **Product** (the golden-ratio Karatsuba of `field/fe448/radix56.rs`
//! with this radix). For a half X = (x₀..x₄) and Y, the 25 products xᵢyⱼ
//! land in raw columns m = i + j of weight 2^(45m): VPMADD52LUQ adds the low
//! 52 bits to lo_m, VPMADD52HUQ the bits 52..103 to hi_(m+1), which weighs
//! 2⁵²·2^(45m) = 2⁷·2^(45(m+1)); so z_m = lo_m + 2⁷·hi_m (m = 0..9). Below
//! φ the raw weights are the limb positions; from m = 5 on, 2^(45m) =
//! 2²²⁵·2^(45(m−5)) = 2φ·2^P_(m−5), so a half product is Z_l + 2φ·Z_h with
//! Z_l = z₀..z₄ and Z_h = z₅..z₉ on the limb positions of a half. With
//! P = A₀B₀, Q = A₁B₁, K = (A₀ + A₁)(B₀ + B₁) and φ² ≡ φ + 1:
//! ```text
//! a·b = P + (K − P − Q)·φ + Q·φ²
//!     ≡ [P_l + Q_l + 2(K_h − P_h)] + φ·[K_l − P_l + 2(K_h + Q_h)]   (mod p)
//! ```
//! 75 products (150 IFMA) for four lanes. The columns of K − P are not
//! non-negative one by one (the 52-bit split is not linear), so the
//! output columns get 2¹⁴·p (limbwise, every limb ≥ 2⁵⁷ + 2⁵⁶) added
//! before the carry; with lazy inputs below 2⁴⁸ (sums below 2⁴⁹) every
//! z_m < 2⁵⁶ and every output column lies in [0, 2⁶⁰). The square takes
//! the three half squares with doubled operands (45 products).
//!
//! **Carry** (one parallel round, all limbs at once): cᵢ = lᵢ ≫ wᵢ (< 2¹⁶),
//! lᵢ ← (lᵢ mod 2^wᵢ) + cᵢ₋₁; the carry out of limb 4 (2²²⁴ = φ) lands on
//! limb 5 exactly, and the carry out of limb 9 (2⁴⁴⁸ ≡ φ + 1) on limbs 0
//! and 5. Output limbs < 2⁴⁵ + 2¹⁷.
//!
//! **Measured** (kurve-lab X448 `xdh`, the whole RFC 7748 function with
//! the decoding, the final inversion and the encoding; Intel Xeon with
//! AVX-512 IFMA, 2026-12-01, three alternating runs of the binaries before
//! and after): median 92.4–93.3 → 61.7–62.6 µs, min 89.2–91.1 → 60.0–61.8
//! µs, against OpenSSL's 132–142 µs (ratio 0.69–0.70 → 0.47). The scalar
//! radix-2⁵⁶ ladder spends about 205 ns a step in 5M + 4S (each product
//! about 26 ns of throughput here); this one about 135 ns in three
//! four-lane products. Before this, x86-64 MULX assembly for the scalar
//! radix-2⁵⁶ product and square (48 and 30 MULX, every column in two
//! registers, no spills) was measured and dropped: 24–25 ns per product
//! against 26–27 for the compiled Rust, no gain on the ladder (the
//! product is bound by its 48 MULX and 100 ADD/ADC on the ALU ports,
//! which the compiled code already saturates).
//!
//! Evidence caveat (as for the 25519 code): valgrind cannot execute
//! AVX-512, so the secret-taint check never runs this code; dudect does.
//! Constant time: straight-line vector code, no branch or memory index on
//! data; VPMADD52*, shifts, AND, adds, permutes and blends have
//! data-independent timing. One of the audited `unsafe` places of the
//! crate (see `lib.rs`): the `#[target_feature]` entry points. Callers must
//! have checked [`super::x86_64_ifma25519::cpu_has_ifma`] (through
//! [`super::ifma_selected`]).

#![allow(unsafe_code)]

use super::x86_64_ifma25519::{four_lane_ladder, lane_shuffles, LANE1, LANE2, LANE3, LANES13};
use core::arch::x86_64::*;

/// Limb widths in bits: two halves of 45 + 45 + 45 + 45 + 44 = 224.
const WIDTH: [u32; 10] = [45, 45, 45, 45, 44, 45, 45, 45, 45, 44];

/// Limb positions Pᵢ (bit offsets).
const POS: [u32; 10] = [0, 45, 90, 135, 180, 224, 269, 314, 359, 404];

/// p = 2⁴⁴⁸ − 2²²⁴ − 1 in this radix: every limb all ones (2^wᵢ − 1)
/// except limb 5 (bit 224 is p's only zero bit): 2⁴⁵ − 2.
const P_LIMBS: [u64; 10] = {
    let mut r = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        r[i] = (1u64 << WIDTH[i]) - 1;
        i += 1;
    }
    r[5] -= 1;
    r
};

/// c·p limbwise (no carries).
const fn p_times(c: u64) -> [u64; 10] {
    let mut r = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        r[i] = c * P_LIMBS[i];
        i += 1;
    }
    r
}

/// 4p, the bias of [`F448x4::sub`]: every limb ≥ 4·(2⁴⁴ − 1) = 2⁴⁶ − 4,
/// above any carried limb (< 2⁴⁵ + 2¹⁷).
const BIAS_SUB: [u64; 10] = p_times(4);

/// 2¹⁴·p, added to the product's output columns so that none is negative:
/// every limb ≥ 2¹⁴·(2⁴⁴ − 1) > 2⁵⁷ + 2⁵⁶ > 2·max z_m.
const BIAS_MUL: [u64; 10] = p_times(1 << 14);

/// Four elements of GF(2⁴⁴⁸ − 2²²⁴ − 1) in the mixed radix of the module
/// doc, limb-major: `self.0[i]` holds limb i of the four lanes.
#[derive(Clone, Copy, Debug)]
pub struct F448x4(pub(crate) [__m256i; 10]);

/// The ten limbs of a value below 2⁴⁴⁸ given as seven little-endian words:
/// bits Pᵢ .. Pᵢ + wᵢ. Constant time (public positions).
const fn limbs_of(w: &[u64; 7]) -> [u64; 10] {
    let mut r = [0u64; 10];
    let mut i = 0;
    while i < 10 {
        let (word, off) = ((POS[i] / 64) as usize, POS[i] % 64);
        let mut x = w[word] >> off;
        if off + WIDTH[i] > 64 && word + 1 < 7 {
            x |= w[word + 1] << (64 - off);
        }
        r[i] = x & ((1u64 << WIDTH[i]) - 1);
        i += 1;
    }
    r
}

/// The seven little-endian words of Σ lᵢ·2^Pᵢ for limbs of any size: a
/// sequential carry (lᵢ₊₁ += lᵢ ≫ wᵢ), the carry out of limb 9 (2⁴⁴⁸ ≡
/// 2²²⁴ + 1) added to limbs 0 and 5, three times over (after the first
/// pass the carry out is below 2²⁰, after the second at most 1, and a
/// value that carried out then is below 2²²⁵, so the third has none),
/// then the limbs, each below 2^wᵢ, packed. The value is below 2⁴⁴⁸ and
/// congruent mod p, not necessarily below p. Constant time.
fn words_of(l: &[u64; 10]) -> [u64; 7] {
    let mut l = *l;
    for _ in 0..3 {
        let mut c = 0u64;
        for i in 0..10 {
            let v = l[i] + c;
            l[i] = v & ((1u64 << WIDTH[i]) - 1);
            c = v >> WIDTH[i];
        }
        l[0] += c;
        l[5] += c;
    }
    let mut w = [0u64; 7];
    for i in 0..10 {
        let (word, off) = ((POS[i] / 64) as usize, POS[i] % 64);
        w[word] |= l[i] << off;
        if off + WIDTH[i] > 64 && word + 1 < 7 {
            w[word + 1] |= l[i] >> (64 - off);
        }
    }
    w
}

/// Logical right shift of every lane by the width of limb `i`.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn shr_width(x: __m256i, i: usize) -> __m256i {
    if WIDTH[i] == 45 {
        _mm256_srli_epi64::<45>(x)
    } else {
        _mm256_srli_epi64::<44>(x)
    }
}

/// The parallel carry round of the module doc, for limbs below 2⁶⁰:
/// outputs below 2⁴⁵ + 2¹⁷. The value mod p is unchanged. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn carry(l: [__m256i; 10]) -> F448x4 {
    let c: [__m256i; 10] = core::array::from_fn(|i| shr_width(l[i], i));
    F448x4(core::array::from_fn(|i| {
        let low = _mm256_and_si256(l[i], _mm256_set1_epi64x(((1u64 << WIDTH[i]) - 1) as i64));
        match i {
            0 => _mm256_add_epi64(low, c[9]),
            5 => _mm256_add_epi64(_mm256_add_epi64(low, c[4]), c[9]),
            _ => _mm256_add_epi64(low, c[i - 1]),
        }
    }))
}

/// The raw columns z_m = lo_m + 2⁷·hi_m (m = 0..9) of the product of two
/// halves (five limbs each, below 2⁵²). Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn half_product(x: &[__m256i; 5], y: &[__m256i; 5]) -> [__m256i; 10] {
    let zero = _mm256_setzero_si256();
    let mut lo = [zero; 10];
    let mut hi = [zero; 10];
    for i in 0..5 {
        for j in 0..5 {
            lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], x[i], y[j]);
            hi[i + j + 1] = _mm256_madd52hi_epu64(hi[i + j + 1], x[i], y[j]);
        }
    }
    core::array::from_fn(|m| _mm256_add_epi64(lo[m], _mm256_slli_epi64::<7>(hi[m])))
}

/// The raw columns of the square of a half: the cross products once with
/// a doubled operand (2xⱼ < 2⁵²), plus the five squares. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn half_square(x: &[__m256i; 5]) -> [__m256i; 10] {
    let zero = _mm256_setzero_si256();
    let d: [__m256i; 5] = core::array::from_fn(|j| _mm256_add_epi64(x[j], x[j]));
    let mut lo = [zero; 10];
    let mut hi = [zero; 10];
    for i in 0..5 {
        lo[2 * i] = _mm256_madd52lo_epu64(lo[2 * i], x[i], x[i]);
        hi[2 * i + 1] = _mm256_madd52hi_epu64(hi[2 * i + 1], x[i], x[i]);
        for j in (i + 1)..5 {
            lo[i + j] = _mm256_madd52lo_epu64(lo[i + j], x[i], d[j]);
            hi[i + j + 1] = _mm256_madd52hi_epu64(hi[i + j + 1], x[i], d[j]);
        }
    }
    core::array::from_fn(|m| _mm256_add_epi64(lo[m], _mm256_slli_epi64::<7>(hi[m])))
}

/// Combines the raw columns of P, Q and K into the output (module doc):
/// limb t = P_l + Q_l + 2(K_h − P_h), limb t + 5 = K_l − P_l + 2(K_h + Q_h),
/// plus [`BIAS_MUL`], then [`carry`]. Wrapping lane arithmetic: each
/// output column is in [0, 2⁶⁰) though partial sums may wrap. Constant time.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn combine(zp: &[__m256i; 10], zq: &[__m256i; 10], zk: &[__m256i; 10]) -> F448x4 {
    let bias = |i: usize| _mm256_set1_epi64x(BIAS_MUL[i] as i64);
    let mut o = [_mm256_setzero_si256(); 10];
    for t in 0..5 {
        let d = _mm256_sub_epi64(zk[t + 5], zp[t + 5]);
        let s = _mm256_add_epi64(zk[t + 5], zq[t + 5]);
        o[t] = _mm256_add_epi64(_mm256_add_epi64(zp[t], zq[t]), _mm256_add_epi64(_mm256_add_epi64(d, d), bias(t)));
        o[t + 5] =
            _mm256_add_epi64(_mm256_sub_epi64(zk[t], zp[t]), _mm256_add_epi64(_mm256_add_epi64(s, s), bias(t + 5)));
    }
    carry(o)
}

/// Splits into the halves (A₀, A₁) and their sum A₀ + A₁.
#[inline]
#[target_feature(enable = "avx512ifma,avx512vl")]
fn halves(a: &[__m256i; 10]) -> ([__m256i; 5], [__m256i; 5], [__m256i; 5]) {
    let a0: [__m256i; 5] = core::array::from_fn(|i| a[i]);
    let a1: [__m256i; 5] = core::array::from_fn(|i| a[i + 5]);
    let s: [__m256i; 5] = core::array::from_fn(|i| _mm256_add_epi64(a[i], a[i + 5]));
    (a0, a1, s)
}

impl F448x4 {
    /// Packs four values below 2⁴⁴⁸ (seven little-endian words each, e.g.
    /// canonical encodings) into limbs (each below 2^wᵢ). Constant time.
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub fn from_words(e: &[[u64; 7]; 4]) -> F448x4 {
        let l = [limbs_of(&e[0]), limbs_of(&e[1]), limbs_of(&e[2]), limbs_of(&e[3])];
        F448x4(core::array::from_fn(|i| _mm256_set_epi64x(l[3][i] as i64, l[2][i] as i64, l[1][i] as i64, l[0][i] as i64)))
    }

    /// The four values as seven little-endian words each (below 2⁴⁴⁸,
    /// congruent mod p, not necessarily below p; [`words_of`]). Constant time.
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub fn to_words(&self) -> [[u64; 7]; 4] {
        let mut l = [[0u64; 10]; 4];
        for (i, v) in self.0.iter().enumerate() {
            let mut lanes = [0u64; 4];
            // SAFETY: `lanes` is 32 writable bytes; the store is unaligned.
            unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), *v) };
            for (k, x) in lanes.into_iter().enumerate() {
                l[k][i] = x;
            }
        }
        let out = [words_of(&l[0]), words_of(&l[1]), words_of(&l[2]), words_of(&l[3])];
        zeroize::Zeroize::zeroize(&mut l);
        out
    }

    /// Lanewise a + b, not carried: limbs below 2⁴⁷ for carried inputs; only
    /// an input to [`F448x4::mul`] / [`F448x4::square`]. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub fn add(&self, b: &F448x4) -> F448x4 {
        F448x4(core::array::from_fn(|i| _mm256_add_epi64(self.0[i], b.0[i])))
    }

    /// Lanewise a − b + 4p, not carried; `b` must be carried (a product),
    /// so no limb goes negative, and for a carried `a` the limbs are below
    /// 2⁴⁸. Only an input to [`F448x4::mul`] / [`F448x4::square`] (or the
    /// `a` of another `sub`, whose result then stays below 2⁴⁹ — not used).
    /// Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub fn sub(&self, b: &F448x4) -> F448x4 {
        F448x4(core::array::from_fn(|i| {
            _mm256_sub_epi64(_mm256_add_epi64(self.0[i], _mm256_set1_epi64x(BIAS_SUB[i] as i64)), b.0[i])
        }))
    }

    /// Lanewise a·b mod p (module doc), carried. Inputs below 2⁴⁸.
    /// Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub fn mul(&self, b: &F448x4) -> F448x4 {
        let (a0, a1, aa) = halves(&self.0);
        let (b0, b1, bb) = halves(&b.0);
        combine(&half_product(&a0, &b0), &half_product(&a1, &b1), &half_product(&aa, &bb))
    }

    /// Lanewise a² mod p, carried. Inputs below 2⁴⁸. Constant time.
    #[inline]
    #[target_feature(enable = "avx512ifma,avx512vl")]
    pub fn square(&self) -> F448x4 {
        let (a0, a1, aa) = halves(&self.0);
        combine(&half_square(&a0), &half_square(&a1), &half_square(&aa))
    }
}

lane_shuffles!(F448x4, "avx512ifma,avx512vl");

/// The projective RFC 7748 §5 Montgomery ladder on curve448 (a24 = 39081)
/// over the first `bits` bits of `k` (little-endian), from the
/// u-coordinate `u` (seven little-endian words, any value below 2⁴⁴⁸):
/// returns (x₂, z₂) of \[k\]P as words (below 2⁴⁴⁸, not reduced). The same
/// result as the scalar ladder of `group::montgomery`; works for u on the
/// curve or its twist.
///
/// The loop is the one of [`super::x86_64_ifma25519::x25519_ladder`]
/// (`four_lane_ladder`; its documentation has the lane algebra): the four
/// coordinates (x₂, z₂, x₃, z₃) in the four lanes, three lanewise products
/// a step, the conditional swap a masked exchange of the lane pairs.
///
/// Constant time in k and u: the swap mask comes from
/// `arith::barrier::value_barrier`, every step runs the same instructions.
/// The caller must have checked the CPU (IFMA, VL). Never fails.
#[target_feature(enable = "avx512ifma,avx512vl")]
pub fn x448_ladder(k: &[u8], bits: u32, u: &[u64; 7]) -> ([u64; 7], [u64; 7]) {
    let s = four_lane_ladder!(F448x4, k, bits, u, [1u64, 0, 0, 0, 0, 0, 0], [39_081u64, 0, 0, 0, 0, 0, 0]);
    let w = s.to_words();
    (w[0], w[1])
}

/// [`x448_ladder`] over all 448 bits of `k` when the IFMA backend is
/// selected ([`super::ifma_selected`]: probed CPU support, not forced
/// portable), else `None` (the caller runs the scalar ladder). The safe
/// entry point of curve448's `ladder_dispatched`. Constant time in k and
/// u; never fails.
#[inline]
pub fn x448_ladder_if_selected(k: &[u8; 56], u: &[u64; 7]) -> Option<([u64; 7], [u64; 7])> {
    if super::ifma_selected() {
        // SAFETY: `ifma_selected` holds only when `cpu_has_ifma` found
        // AVX-512 F/VL/DQ/IFMA and the OS support for their state.
        Some(unsafe { x448_ladder(k, 448, u) })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use num_bigint::BigUint;
    use std::{eprintln, vec::Vec};

    fn p() -> BigUint {
        (BigUint::from(1u8) << 448u32) - (BigUint::from(1u8) << 224u32) - BigUint::from(1u8)
    }

    fn big(w: &[u64; 7]) -> BigUint {
        w.iter().rev().fold(BigUint::from(0u8), |acc, &x| (acc << 64u32) + BigUint::from(x))
    }

    fn limbs_value(l: &[u64; 10]) -> BigUint {
        (0..10).fold(BigUint::from(0u8), |acc, i| acc + (BigUint::from(l[i]) << POS[i]))
    }

    /// xorshift64: deterministic inputs.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// Edge values (0, 1, p − 1, p, p + 1, 2⁴⁴⁸ − 1, φ, φ ± 1, single top
    /// bits) and random 448-bit words.
    fn inputs(n: usize) -> Vec<[u64; 7]> {
        let m = u64::MAX;
        let pw = [m, m, m, 0xffff_fffe_ffff_ffff, m, m, m];
        let mut v = std::vec![
            [0; 7],
            [1, 0, 0, 0, 0, 0, 0],
            [m - 1, m, m, 0xffff_fffe_ffff_ffff, m, m, m],
            pw,
            [0, 0, 0, 0xffff_ffff_0000_0000, m, m, m],
            [m; 7],
            [0, 0, 0, 1 << 32, 0, 0, 0],
            [1, 0, 0, 1 << 32, 0, 0, 0],
            [m, m, m, (1 << 32) - 1, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 1 << 63],
            [(1 << 45) - 1, 0, 0, 0, 0, 0, 0],
            [m, 0, m, 0, m, 0, m],
        ];
        let mut s = 0x2545_f491_4f6c_dd1du64;
        while v.len() < n {
            v.push(core::array::from_fn(|_| next(&mut s)));
        }
        v
    }

    fn lanes(a: &F448x4) -> [[u64; 10]; 4] {
        let mut l = [[0u64; 10]; 4];
        for (i, v) in a.0.iter().enumerate() {
            let mut w = [0u64; 4];
            // SAFETY: 32 writable bytes, unaligned store.
            unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), *v) };
            for k in 0..4 {
                l[k][i] = w[k];
            }
        }
        l
    }

    /// Every operation against num-bigint on edge and random inputs, with
    /// the limb bounds checked: products and squares of carried, summed and
    /// biased-difference inputs (the largest the ladder forms), and the
    /// round trip through the words.
    #[test]
    fn f448x4_matches_bigint() {
        if !super::super::x86_64_ifma25519::cpu_has_ifma() {
            eprintln!("no AVX-512 IFMA on this CPU: F448x4 not exercised");
            return;
        }
        let p = p();
        let v = inputs(400);
        for c in v.chunks_exact(8) {
            let a: [[u64; 7]; 4] = [c[0], c[1], c[2], c[3]];
            let b: [[u64; 7]; 4] = [c[4], c[5], c[6], c[7]];
            // SAFETY: the CPU has IFMA and VL (checked above).
            unsafe {
                let (fa, fb) = (F448x4::from_words(&a), F448x4::from_words(&b));
                // carried operands: a product each (limbs < 2^45 + 2^17)
                let (ca, cb) = (fa.mul(&F448x4::from_words(&[[1, 0, 0, 0, 0, 0, 0]; 4])), fb.square());
                let sum = ca.add(&cb);
                let dif = ca.sub(&cb);
                for (x, y, name) in [(&ca, &cb, "carried"), (&sum, &dif, "lazy"), (&dif, &dif, "lazy²")] {
                    let (lx, ly) = (lanes(x), lanes(y));
                    for k in 0..4 {
                        assert!(lx[k].iter().chain(ly[k].iter()).all(|&l| l < 1 << 48), "{name}: input bound");
                    }
                    let m = x.mul(y);
                    let sq = x.square();
                    let (lm, ls) = (lanes(&m), lanes(&sq));
                    let mw = m.to_words();
                    for k in 0..4 {
                        let (vx, vy) = (limbs_value(&lx[k]) % &p, limbs_value(&ly[k]) % &p);
                        assert!(lm[k].iter().chain(ls[k].iter()).all(|&l| l < (1 << 45) + (1 << 17)), "{name}: output bound");
                        assert_eq!(limbs_value(&lm[k]) % &p, &vx * &vy % &p, "{name} mul lane {k}");
                        assert_eq!(limbs_value(&ls[k]) % &p, &vx * &vx % &p, "{name} square lane {k}");
                        assert!(big(&mw[k]) < (BigUint::from(1u8) << 448u32));
                        assert_eq!(big(&mw[k]) % &p, &vx * &vy % &p, "{name} words lane {k}");
                    }
                }
                // the raw encodings round-trip (values < 2^448 kept as they are)
                let back = fa.to_words();
                for k in 0..4 {
                    assert_eq!(big(&back[k]) % &p, big(&a[k]) % &p);
                }
            }
        }
    }

    #[test]
    fn x448_ladder_matches_scalar_ladder() {
        use crate::curves::curve448::{Curve448, Fp};
        if !super::super::x86_64_ifma25519::cpu_has_ifma() {
            eprintln!("no AVX-512 IFMA on this CPU: the vector ladder not exercised");
            return;
        }
        let mut st = 0x9e37_79b9_7f4a_7c15u64;
        let us = inputs(40);
        for (n, u) in us.iter().enumerate() {
            let mut k = [0u8; 56];
            for b in k.iter_mut() {
                *b = next(&mut st) as u8;
            }
            if n % 3 == 0 {
                k[0] &= 252;
                k[55] |= 128;
            }
            let mut ub = [0u8; 56];
            for (i, w) in u.iter().enumerate() {
                ub[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
            }
            let fu = Fp::from_le_bytes_reduced(&ub);
            let want = crate::group::montgomery::ladder::<Curve448>(&k, &fu);
            // SAFETY: the CPU has AVX-512 IFMA and VL (checked above).
            let (x2, z2) = unsafe { x448_ladder(&k, 448, u) };
            let fe = |w: [u64; 7]| {
                let mut b = [0u8; 56];
                for (i, x) in w.iter().enumerate() {
                    b[8 * i..8 * i + 8].copy_from_slice(&x.to_le_bytes());
                }
                Fp::from_le_bytes_reduced(&b)
            };
            let got = fe(x2) * crate::field::Field::invert(&fe(z2)).unwrap_or(Fp::ZERO);
            assert_eq!(got.to_le_bytes(), want.to_le_bytes(), "u #{n}");
        }
    }
}
