//! AVX2 masked table scans, selected at run time.
//!
//! The scan of [`crate::field::lookup_portable`] reads every table entry and
//! ORs it in under a mask; with 64-entry rows (the w = 7 fixed-base tables
//! of `mul_base`) it dominates key generation after the additions. Here the
//! same read ([`lookup`]) runs on 256-bit registers for elements of 4 or 8
//! limbs (the portable loop compiled for AVX2 for the others): the limbs of
//! each coordinate as 256-bit chunks, the entry's mask a vector compare of its
//! counter with the index (no scalar mask and broadcast per entry), the
//! chunk blended in under it, and the entries dealt to up to four
//! independent accumulators so that the blend latency does not chain.
//!
//! Measured on the Zen 5 machine (dependent reads, ns): a 64-entry row of
//! two P-256 coordinates (4 KiB) 42.1 → 20.7, an 8-entry row of three
//! 10.8 → 7.6, a 16-entry row of three 15.5 → 10.6, against the earlier
//! version of this module (the portable loop compiled with AVX2 enabled:
//! LLVM's VPAND/VPOR per entry after a scalar mask and a broadcast, one
//! accumulator). With four accumulators and AND/OR instead of blends the
//! 64-entry row took 29.6 ns, with one accumulator and blends 34.5.
//! P-256 key generation 8.87 → 7.80 µs, ECDSA sign 11.81 → 10.65;
//! secp256k1 keygen 7.25 → 6.49.
//!
//! Constant time: every entry is read, in order, whatever the index; the
//! index enters only vector compares (VPCMPEQQ) and blends (VPBLENDVB),
//! whose timing does not depend on data. The valgrind taint check runs this
//! code (its harness selects it explicitly when the host has AVX2).
//! One of the audited `unsafe` places of the crate (see `lib.rs`): the CPU
//! probe (CPUID, XGETBV), the AVX2 intrinsics, and the loads and stores
//! inside the limb slices.

#![allow(unsafe_code)]

use core::arch::x86_64::*;

use crate::field::Field;

/// True when the CPU has AVX2 and the OS saves YMM state: CPUID leaf 1 ECX
/// bits 27 (OSXSAVE) and 28 (AVX), XCR0 bits 1 and 2 (SSE and AVX state)
/// from XGETBV, CPUID leaf 7 EBX bit 5 (AVX2). Never fails.
pub fn cpu_has_avx2() -> bool {
    match os_xcr0_and_leaf7_ebx() {
        // CPUID leaf 1 ECX bit 28: AVX
        Some((xcr0, ebx7)) => {
            let avx = (core::arch::x86_64::__cpuid(1).ecx >> 28) & 1 == 1;
            avx && xcr0 & 6 == 6 && (ebx7 >> 5) & 1 == 1
        }
        None => false,
    }
}

/// The low word of XCR0 (which register states the OS saves) and CPUID
/// leaf 7 EBX (the extended feature bits), or `None` when CPUID has no
/// leaf 7 or reports no OSXSAVE (then XGETBV does not exist). The shared
/// part of the CPU probes of this module and `x86_64_ifma25519`.
/// Never fails.
pub(super) fn os_xcr0_and_leaf7_ebx() -> Option<(u32, u32)> {
    // SAFETY: CPUID exists on every x86-64 processor; leaf 7 is read only
    // when leaf 0 reports it. XGETBV is executed only when CPUID reports
    // OSXSAVE, which is exactly when it is available.
    unsafe {
        use core::arch::x86_64::{__cpuid, __cpuid_count};
        if __cpuid(0).eax < 7 || (__cpuid(1).ecx >> 27) & 1 == 0 {
            return None;
        }
        let (xcr0_lo, _xcr0_hi): (u32, u32);
        core::arch::asm!(
            "xgetbv",
            in("ecx") 0u32,
            out("eax") xcr0_lo,
            out("edx") _xcr0_hi,
            options(nomem, nostack, preserves_flags),
        );
        Some((xcr0_lo, __cpuid_count(7, 0).ebx))
    }
}

/// Most 256-bit chunks one coordinate may span in [`scan_avx2`]: 8 limbs
/// (brainpoolP512's). Wider elements take [`lookup_loop_avx2`].
const MAX_CHUNKS: usize = 2;

/// The masked table read of [`crate::field::lookup_portable`] (`table[j]`
/// for the one j with j + 1 = `idx`, or zeros), on AVX2 registers.
///
/// For elements of 4 or 8 limbs ([`Field::limbs`]: the 224- to 256-bit and
/// 512-bit fields) [`scan_avx2`]: each coordinate read as whole 256-bit
/// chunks; the mask of entry j a vector compare of the counter j + 1 with
/// `idx` (VPCMPEQQ: all ones or zero in each lane); the chunk blended into
/// an accumulator under it (VPBLENDVB); the entries dealt round-robin to G
/// independent accumulators (G = 4, 2 or 1 as an entry spans ≤ 2, ≤ 4 or
/// more chunks), so the 2-cycle dependency of each blend on the previous
/// one does not bound the loop; the G partial results OR-ed at the end (at
/// most one of them is not zero). For the other limb counts
/// [`lookup_loop_avx2`], the portable loop compiled for AVX2: a version of
/// `scan_avx2` that read the short last chunk (1 to 3 limbs) by 128- and
/// 64-bit loads measured the same in a microbenchmark but made
/// brainpoolP192r1 `mul` 34.3 → 54.0 µs and edwards448 `mul` 130 → 150 µs
/// inside the lab binary (not understood; kept out).
///
/// The caller must have checked AVX2 ([`super::avx2_selected`]); same
/// contract and result as the portable loop. Constant time in `idx`: every
/// entry is read, in order, and `idx` only enters vector compares and
/// blends (or the arithmetic masks of the portable loop), whose timing does
/// not depend on data.
#[inline(always)]
pub(crate) fn lookup<F: Field, const K: usize>(table: &[[F; K]], idx: u8) -> [F; K] {
    let limbs = F::ZERO.limbs().len();
    let chunks = limbs / 4;
    // SAFETY: reached only through `super::lookup` when `avx2_selected()`,
    // i.e. the probe above (or the harness's explicit assumption) found AVX2
    // with OS support. The loads and stores of `scan_avx2` stay inside the
    // limb slices (`load_chunk`, `store_chunk`).
    unsafe {
        if limbs % 4 != 0 || chunks == 0 || chunks > MAX_CHUNKS {
            return lookup_loop_avx2(table, idx);
        }
        match K * chunks {
            0..=2 => scan_avx2::<F, K, 4>(table, idx, chunks),
            3..=4 => scan_avx2::<F, K, 2>(table, idx, chunks),
            _ => scan_avx2::<F, K, 1>(table, idx, chunks),
        }
    }
}

/// [`crate::field::lookup_portable`] compiled for AVX2 (LLVM turns each
/// entry's AND/OR into 256-bit VPAND/VPOR after a scalar mask and a
/// broadcast). Same contract; constant time in `idx`.
#[target_feature(enable = "avx2")]
unsafe fn lookup_loop_avx2<F: Field, const K: usize>(table: &[[F; K]], idx: u8) -> [F; K] {
    crate::field::lookup_portable(table, idx)
}

/// The body of [`lookup`] with G accumulators (entry j goes to j mod G).
#[target_feature(enable = "avx2")]
unsafe fn scan_avx2<F: Field, const K: usize, const G: usize>(
    table: &[[F; K]],
    idx: u8,
    chunks: usize,
) -> [F; K] {
    // want[g] = idx − g: the entry at group g of a round whose counter is
    // c (= its group-0 entry's j + 1) has j + 1 = c + g.
    let want: [__m256i; G] = core::array::from_fn(|g| _mm256_set1_epi64x(i64::from(idx) - g as i64));
    let mut ctr = _mm256_set1_epi64x(1);
    let zero = _mm256_setzero_si256();
    let mut acc = [[[zero; MAX_CHUNKS]; K]; G];
    let rounds = table.chunks_exact(G);
    let rest = rounds.remainder();
    for round in rounds {
        for ((entry, a), w) in round.iter().zip(acc.iter_mut()).zip(want.iter()) {
            blend_entry(a, entry, _mm256_cmpeq_epi64(ctr, *w), chunks);
        }
        ctr = _mm256_add_epi64(ctr, _mm256_set1_epi64x(G as i64));
    }
    for entry in rest {
        blend_entry(&mut acc[0], entry, _mm256_cmpeq_epi64(ctr, want[0]), chunks);
        ctr = _mm256_add_epi64(ctr, _mm256_set1_epi64x(1));
    }
    let mut r = [F::ZERO; K];
    for (k, rk) in r.iter_mut().enumerate() {
        for c in 0..chunks {
            let mut v = zero;
            for a in acc.iter() {
                v = _mm256_or_si256(v, a[k][c]);
            }
            store_chunk(rk.limbs_mut(), c, v);
        }
    }
    r
}

/// acc ← entry where `mask` is all ones, chunk by chunk (VPBLENDVB).
#[inline(always)]
unsafe fn blend_entry<F: Field, const K: usize>(
    acc: &mut [[__m256i; MAX_CHUNKS]; K],
    entry: &[F; K],
    mask: __m256i,
    chunks: usize,
) {
    for (a, x) in acc.iter_mut().zip(entry.iter()) {
        for (c, ac) in a.iter_mut().enumerate().take(chunks) {
            *ac = _mm256_blendv_epi8(*ac, load_chunk(x.limbs(), c), mask);
        }
    }
}

/// Limbs 4c .. 4c + 3 of `w` as one 256-bit value (zero when `w` has
/// fewer; [`lookup`] calls it only for whole chunks). Loads only inside `w`.
#[inline(always)]
unsafe fn load_chunk(w: &[u64], c: usize) -> __m256i {
    match w.get(4 * c..4 * c + 4) {
        Some(q) => _mm256_loadu_si256(q.as_ptr().cast()),
        None => _mm256_setzero_si256(),
    }
}

/// Writes the four lanes of `v` to limbs 4c .. 4c + 3 of `w` (nothing when
/// `w` has fewer). Stores only inside `w`.
#[inline(always)]
unsafe fn store_chunk(w: &mut [u64], c: usize, v: __m256i) {
    if let Some(q) = w.get_mut(4 * c..4 * c + 4) {
        _mm256_storeu_si256(q.as_mut_ptr().cast(), v);
    }
}

/// The masked read of a table of raw 256-bit words (`table[j]` for the one
/// j with j + 1 = `idx`, or zeros), for the word tables of the curve25519
/// assembly (`x86_64_curve25519`: the affine Niels rows of `mul_base`, the
/// cached multiples of `mul`): the scan of [`scan_avx2`] with each
/// coordinate one 256-bit chunk, the entries dealt to two accumulators.
///
/// The caller must have checked AVX2 ([`super::avx2_selected`]). Constant
/// time in `idx`: every entry is read, in order, and `idx` only enters
/// vector compares and blends. Never fails.
#[inline(always)]
pub(crate) fn lookup_words<const K: usize, const E: usize>(table: &[[[u64; 4]; K]; E], idx: u64) -> [[u64; 4]; K] {
    // SAFETY: the caller has checked AVX2 (see above); the loads read whole
    // `[u64; 4]` arrays and the stores write whole `[u64; 4]` arrays.
    unsafe { scan_words_avx2(table, idx) }
}

/// The signed read of a word table into the operand slots of the
/// curve25519 assembly (`x86_64_curve25519`'s `EdwardsAcc`): the scan of
/// [`lookup_words`] (`table[idx − 1]`, zeros for idx = 0), then its first
/// two coordinates exchanged where `swap` is all ones (a masked XOR on the
/// vectors), and the coordinates stored straight into `out`: coordinate
/// c < K − 1 at words 4c … 4c + 3, the last one at words 12 … 15 (the
/// q0, q1, [q2,] q3 slots; K = 3 for affine Niels rows, 4 for cached
/// points). Words outside `out` are not written.
///
/// The caller must have checked AVX2 ([`super::avx2_selected`]). Constant
/// time in `idx` and `swap`: every entry is read, in order; both only
/// enter vector compares, blends and masks. Never fails.
#[inline(always)]
pub(crate) fn lookup_words_swapped_into<const K: usize, const E: usize>(
    table: &[[[u64; 4]; K]; E],
    idx: u64,
    swap: u64,
    out: &mut [u64],
) {
    // SAFETY: the caller has checked AVX2 (see above); the loads read whole
    // `[u64; 4]` arrays and the stores write inside `out` only.
    unsafe { scan_words_swapped_avx2(table, idx, swap, out) }
}

/// The body of [`lookup_words_swapped_into`].
#[target_feature(enable = "avx2")]
unsafe fn scan_words_swapped_avx2<const K: usize, const E: usize>(
    table: &[[[u64; 4]; K]; E],
    idx: u64,
    swap: u64,
    out: &mut [u64],
) {
    let mut r = scan_words_vec(table, idx);
    if K >= 2 {
        let t = _mm256_and_si256(_mm256_xor_si256(r[0], r[1]), _mm256_set1_epi64x(swap as i64));
        r[0] = _mm256_xor_si256(r[0], t);
        r[1] = _mm256_xor_si256(r[1], t);
    }
    for (k, rk) in r.iter().enumerate() {
        let c = if k + 1 == K { 3 } else { k };
        store_chunk(out, c, *rk);
    }
}

/// The body of [`lookup_words`].
#[target_feature(enable = "avx2")]
unsafe fn scan_words_avx2<const K: usize, const E: usize>(table: &[[[u64; 4]; K]; E], idx: u64) -> [[u64; 4]; K] {
    let v = scan_words_vec(table, idx);
    let mut r = [[0u64; 4]; K];
    for (rk, vk) in r.iter_mut().zip(v.iter()) {
        _mm256_storeu_si256(rk.as_mut_ptr().cast(), *vk);
    }
    r
}

/// The scan shared by [`scan_words_avx2`] and [`scan_words_swapped_avx2`]
/// (inlined into both, so compiled with AVX2): `table[idx − 1]` (zeros
/// for idx = 0) as one vector per coordinate, the entries dealt to two
/// accumulators, each blended in under a vector compare of its counter
/// with the index.
#[inline(always)]
unsafe fn scan_words_vec<const K: usize, const E: usize>(table: &[[[u64; 4]; K]; E], idx: u64) -> [__m256i; K] {
    let want0 = _mm256_set1_epi64x(idx as i64);
    let want1 = _mm256_set1_epi64x(idx as i64 - 1);
    let mut ctr = _mm256_set1_epi64x(1);
    let zero = _mm256_setzero_si256();
    let mut acc = [[zero; K]; 2];
    for pair in table.chunks_exact(2) {
        let m0 = _mm256_cmpeq_epi64(ctr, want0);
        let m1 = _mm256_cmpeq_epi64(ctr, want1);
        for k in 0..K {
            acc[0][k] = _mm256_blendv_epi8(acc[0][k], _mm256_loadu_si256(pair[0][k].as_ptr().cast()), m0);
            acc[1][k] = _mm256_blendv_epi8(acc[1][k], _mm256_loadu_si256(pair[1][k].as_ptr().cast()), m1);
        }
        ctr = _mm256_add_epi64(ctr, _mm256_set1_epi64x(2));
    }
    if let Some(last) = table.chunks_exact(2).remainder().first() {
        let m0 = _mm256_cmpeq_epi64(ctr, want0);
        for k in 0..K {
            acc[0][k] = _mm256_blendv_epi8(acc[0][k], _mm256_loadu_si256(last[k].as_ptr().cast()), m0);
        }
    }
    let mut r = [zero; K];
    for (k, rk) in r.iter_mut().enumerate() {
        *rk = _mm256_or_si256(acc[0][k], acc[1][k]);
    }
    r
}
