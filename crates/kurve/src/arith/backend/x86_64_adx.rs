//! x86-64 MULX/ADCX/ADOX Montgomery multiplication for 4, 5, 6 and 8 limbs,
//! squaring for 4, 5, 6 and 8 limbs, sums of two products with one reduction
//! for 4, 5 and 6 limbs, and multiplication and squaring for the P-384 and
//! P-521 primes. The generic products for 4, 5 and 6 limbs and the generic
//! squarings end with the conditional subtraction of m inside the assembly
//! (SUB/SBB into spare registers, then CMOVC on the borrow of the top word).
//!
//! The assembly lives in the generated `x86_64_adx_gen.rs`
//! (tools/gen_adx_mont.py): fully unrolled CIOS with two independent carry
//! chains (ADOX for the low product halves, ADCX for the high halves); the
//! squarings (and the P-521 multiplication) form the full double-width
//! result first and then reduce it. The newer routines read their operands
//! where the caller wrote them and keep scratch words on the stack: a copy
//! of the operands into one buffer, made with LLVM's 16-byte moves, is not
//! forwarded to the 8-byte loads of the assembly and cost 5 to 9 ns per
//! dependent P-521 operation. This module holds the CPU probe and the safe
//! wrappers. It is one of the
//! audited places in the crate with `unsafe` (listed in `lib.rs`).
//!
//! Constant time: straight-line instruction sequences; MULX, ADCX, ADOX,
//! IMUL, XOR, SUB/SBB and CMOV have data-independent latency on every
//! x86-64 core.

#![allow(unsafe_code)]

#[path = "x86_64_adx_gen.rs"]
mod gen;

use super::portable::{final_sub, reduce_below_3m};

/// The modulus followed by `−m⁻¹ mod 2⁶⁴`, laid out contiguously so the
/// assembly reaches both through one pointer.
#[repr(C)]
pub(crate) struct MontModulus<const N: usize> {
    m: [u64; N],
    inv: u64,
}

/// True when this CPU supports BMI2 (MULX) and ADX (ADCX/ADOX), from CPUID
/// leaf 7 sub-leaf 0 (EBX bits 8 and 19). Never fails.
pub fn cpu_has_bmi2_adx() -> bool {
    // SAFETY: CPUID is available on every x86-64 processor; leaf 0 reports
    // the highest supported leaf, and leaf 7 is only queried when present.
    #[allow(unused_unsafe)]
    let (max_leaf, ebx7) = unsafe {
        let max_leaf = core::arch::x86_64::__cpuid(0).eax;
        let ebx7 = if max_leaf >= 7 { core::arch::x86_64::__cpuid_count(7, 0).ebx } else { 0 };
        (max_leaf, ebx7)
    };
    max_leaf >= 7 && (ebx7 >> 8) & 1 == 1 && (ebx7 >> 19) & 1 == 1
}

/// Selects the MULX/ADCX/ADOX backends, and with `avx2` the AVX2 table
/// scans, for every thread without asking CPUID (undone by
/// [`super::set_force_portable`]).
///
/// For the valgrind secret-taint harness: valgrind executes BMI2 and ADX
/// instructions but its synthetic CPUID hides ADX, so the probe would pick
/// the portable code and the assembly would go unchecked. Without the
/// `force-portable` feature only; with it the assembly stays unreachable.
///
/// # Safety
/// The processor running the program must support BMI2 and ADX, and AVX2
/// with OS support if `avx2` is true (the harness reads the host's flags
/// from `/proc/cpuinfo`); otherwise the next multiplication or scan
/// executes an undefined instruction.
pub unsafe fn assume_bmi2_adx(avx2: bool) {
    super::select_unprobed(avx2);
}

/// Copies the first N words of `src` (which has at least N) into an array.
#[inline(always)]
fn take<const N: usize>(src: &[u64]) -> [u64; N] {
    let mut r = [0u64; N];
    for (d, s) in r.iter_mut().zip(src.iter()) {
        *d = *s;
    }
    r
}

/// a || b || c || d in one array of M = 4N words, written word by word
/// with volatile stores: LLVM would otherwise merge the copy into 16- or
/// 32-byte moves, whose stores are not forwarded to the 8-byte loads of the
/// assembly (see the module documentation). Never fails.
#[inline(always)]
fn gather<const N: usize, const M: usize>(v: [&[u64; N]; 4]) -> [u64; M] {
    let mut r = [0u64; M];
    let dst = r.as_mut_ptr();
    for (k, a) in v.iter().enumerate() {
        for (j, w) in a.iter().enumerate() {
            let i = k * N + j;
            if i < M {
                // SAFETY: i < M, in bounds of `r`; the pointer is derived from
                // `r`, which outlives the store.
                unsafe { core::ptr::write_volatile(dst.add(i), *w) };
            }
        }
    }
    r
}

/// The 8-limb routine behind one call (not inlined: its operands are first
/// gathered into one array, and the whole is large enough that copies of it
/// at every multiplication site of a point formula measured slower).
#[inline(never)]
fn mont_mul_8_outlined(a: &[u64; 8], b: &[u64; 8], m: &[u64; 8], inv: u64) -> [u64; 9] {
    let mut abm = [0u64; 25];
    abm[..8].copy_from_slice(a);
    abm[8..16].copy_from_slice(b);
    abm[16..24].copy_from_slice(m);
    abm[24] = inv;
    gen::mont_mul_8_raw(&abm)
}

/// The 8-limb squaring behind one call (not inlined, like
/// [`mont_mul_8_outlined`]): the full square, the reduction of its low
/// half and the final subtraction (generated, `mont_sqr_8_raw`), 100
/// products instead of 128.
#[inline(never)]
fn mont_sqr_8_outlined(a: &[u64; 8], m: &[u64; 8], inv: u64) -> [u64; 8] {
    let mi = MontModulus { m: *m, inv };
    gen::mont_sqr_8_raw(a, &mi)
}

/// Montgomery squaring a²·2⁻⁵¹² mod m of 8-limb values on the assembly
/// backend, fully reduced, without checking the CPU.
///
/// The caller must have checked [`cpu_has_bmi2_adx`] (done by
/// [`super::mont_sqr`]); requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `a < m`.
/// Constant time; never fails.
#[inline(always)]
pub(crate) fn mont_sqr_8_unchecked(a: &[u64; 8], m: &[u64; 8], inv: u64) -> [u64; 8] {
    mont_sqr_8_outlined(a, m, inv)
}

/// Montgomery squaring a²·2^(−64N) mod m of 5- or 6-limb values on the
/// assembly backend, fully reduced, without checking the CPU; `None` for
/// other N. The full square (N(N+1)/2 products) written to the stack, the
/// reduction of its low half (N² products and N IMUL) plus its high half,
/// and the final subtraction (generated, `mont_sqr_5_raw`,
/// `mont_sqr_6_raw`), against 2N² products and N IMUL for the
/// multiplication.
///
/// The caller must have checked [`cpu_has_bmi2_adx`] (done by
/// [`super::mont_sqr`]); requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `a < m`.
/// Constant time; never fails.
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
#[inline(always)]
pub(crate) fn mont_sqr_5_6_unchecked<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> Option<[u64; N]> {
    match N {
        5 => {
            let a5 = <&[u64; 5]>::try_from(&a[..]).ok()?;
            Some(take(&gen::mont_sqr_5_raw(a5, &MontModulus { m: take::<5>(m), inv })))
        }
        6 => {
            let a6 = <&[u64; 6]>::try_from(&a[..]).ok()?;
            Some(take(&gen::mont_sqr_6_raw(a6, &MontModulus { m: take::<6>(m), inv })))
        }
        _ => None,
    }
}

/// [`mont_sqr_8_unchecked`] for tests and benchmarks: `None` when the CPU
/// lacks BMI2/ADX (ignores the force-portable switches). Same requirements;
/// constant time.
pub fn mont_sqr_8(a: &[u64; 8], m: &[u64; 8], inv: u64) -> Option<[u64; 8]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    Some(mont_sqr_8_unchecked(a, m, inv))
}

/// Montgomery squaring a²·2⁻²⁵⁶ mod m of 4-limb values on the assembly
/// backend, fully reduced, without checking the CPU: the full square (10
/// products) and the reduction of its low half (16 products and 4 IMUL)
/// plus its high half and the final subtraction (generated,
/// `mont_sqr_4_raw`), against 32 products
/// and 4 IMUL for the multiplication. Inlined: at this size the routine is
/// small.
///
/// The caller must have checked [`cpu_has_bmi2_adx`] (done by
/// [`super::mont_sqr`]); requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `a < m`.
/// Constant time; never fails.
#[inline(always)]
pub(crate) fn mont_sqr_4_unchecked(a: &[u64; 4], m: &[u64; 4], inv: u64) -> [u64; 4] {
    let mi = MontModulus { m: *m, inv };
    gen::mont_sqr_4_raw(a, &mi)
}

/// [`mont_sqr_4_unchecked`] for tests and benchmarks: `None` when the CPU
/// lacks BMI2/ADX (ignores the force-portable switches). Same requirements;
/// constant time.
pub fn mont_sqr_4(a: &[u64; 4], m: &[u64; 4], inv: u64) -> Option<[u64; 4]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    Some(mont_sqr_4_unchecked(a, m, inv))
}

/// Montgomery sum of two products (a·b + c·d)·2^(−64N) mod m of N-limb
/// values, N ∈ {4, 5, 6}, on the assembly backend, fully reduced, without
/// checking the CPU; `None` for other N. One CIOS pass with two product
/// rows and one reduction row per round (generated, `mont_sop_N_raw`: 2N²
/// products and N² + N for the single reduction, against 2·(2N² + N) and
/// an addition for two multiplications), then [`reduce_below_3m`] (the sum
/// is below 3m).
///
/// The caller must have checked [`cpu_has_bmi2_adx`] (done by
/// [`super::mont_sum_of_products`]); requires m odd, `inv = −m⁻¹ mod 2⁶⁴`
/// and every input `< m`. Constant time; never fails.
#[inline(always)]
pub(crate) fn mont_sop_unchecked<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> Option<[u64; N]> {
    let (t, t_hi): ([u64; N], u64) = match N {
        4 => {
            let r = gen::mont_sop_4_raw(&gather::<N, 16>([a, b, c, d]), &MontModulus { m: take::<4>(m), inv });
            (take(&r), r[4])
        }
        5 => {
            let r = gen::mont_sop_5_raw(&gather::<N, 20>([a, b, c, d]), &MontModulus { m: take::<5>(m), inv });
            (take(&r), r[5])
        }
        6 => {
            let r = gen::mont_sop_6_raw(&gather::<N, 24>([a, b, c, d]), &MontModulus { m: take::<6>(m), inv });
            (take(&r), r[6])
        }
        _ => return None,
    };
    Some(reduce_below_3m(&t, t_hi, m))
}

/// [`mont_sop_unchecked`] for tests and benchmarks: `None` when the CPU
/// lacks BMI2/ADX (ignores the force-portable switches) or N ∉ {4, 5, 6}.
/// Same requirements; constant time.
pub fn mont_sop<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> Option<[u64; N]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    mont_sop_unchecked(a, b, c, d, m, inv)
}

/// Montgomery multiplication on the assembly backend, fully reduced,
/// without checking the CPU: returns `None` when N ∉ {4, 5, 6, 8}. The
/// final subtraction is in the generated routine for N = 4, 5, 6, in
/// [`final_sub`] for N = 8.
///
/// The caller must have checked [`cpu_has_bmi2_adx`] (done by
/// [`super::mont_mul`]); requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `b < m`,
/// `a < 2^(64N)`. Constant time.
#[inline(always)]
pub(crate) fn mont_mul_unchecked<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> Option<[u64; N]> {
    match N {
        4 => {
            // the operands by reference (no copy: the asm loads the words
            // the previous operation stored)
            let (Ok(a4), Ok(b4)) = (<&[u64; 4]>::try_from(&a[..]), <&[u64; 4]>::try_from(&b[..])) else {
                return None;
            };
            let mi = MontModulus { m: take::<4>(m), inv };
            let r = if inv == 1 {
                gen::mont_mul_4_inv1_raw(a4, b4, &mi)
            } else {
                gen::mont_mul_4_raw(a4, b4, &mi)
            };
            Some(take(&r))
        }
        5 => {
            let (Ok(a5), Ok(b5)) = (<&[u64; 5]>::try_from(&a[..]), <&[u64; 5]>::try_from(&b[..])) else {
                return None;
            };
            let mi = MontModulus { m: take::<5>(m), inv };
            let r = if inv == 1 {
                gen::mont_mul_5_inv1_raw(a5, b5, &mi)
            } else {
                gen::mont_mul_5_raw(a5, b5, &mi)
            };
            Some(take(&r))
        }
        6 => {
            let ab = [take::<6>(a), take::<6>(b)];
            let m6 = take::<6>(m);
            let mi = MontModulus { m: m6, inv };
            let r = if inv == 1 {
                gen::mont_mul_6_inv1_raw(&ab, &mi)
            } else {
                gen::mont_mul_6_raw(&ab, &mi)
            };
            Some(take(&r))
        }
        8 => {
            let r = mont_mul_8_outlined(&take::<8>(a), &take::<8>(b), &take::<8>(m), inv);
            Some(final_sub(&take(&r), r[8], m))
        }
        _ => None,
    }
}

/// Montgomery product a·b·2⁻³⁸⁴ mod p for the P-384 prime, fully reduced:
/// the CIOS rows of the 6-limb routine with the two-MULX reduction rounds of
/// [`super::p384`] (generated, `mont_mul_6_p384_raw`).
///
/// The caller must have checked [`cpu_has_bmi2_adx`]; requires `a < 2³⁸⁴`,
/// `b < p`. Constant time; never fails.
#[inline(never)]
pub(crate) fn mul_p384_unchecked(a: &[u64; 6], b: &[u64; 6]) -> [u64; 6] {
    let r = gen::mont_mul_6_p384_raw(a, b);
    final_sub(&take(&r), r[6], &super::p384::MODULUS)
}

/// Montgomery square a²·2⁻³⁸⁴ mod p for the P-384 prime, fully reduced:
/// the 21-product square, then six reduction rounds of the low half with
/// the two-MULX rounds of [`super::p384`], plus the high half (generated,
/// `mont_sqr_6_p384_raw`; 33 MULX instead of the 48 of the multiplication).
///
/// The caller must have checked [`cpu_has_bmi2_adx`]; requires `a < p`.
/// Constant time; never fails.
#[inline(never)]
pub(crate) fn sqr_p384_unchecked(a: &[u64; 6]) -> [u64; 6] {
    let r = gen::mont_sqr_6_p384_raw(a);
    final_sub(&take(&r), r[6], &super::p384::MODULUS)
}

/// [`sqr_p384_unchecked`] for tests and benchmarks: `None` when the CPU lacks
/// BMI2/ADX (ignores the force-portable switches). Same requirements;
/// constant time.
pub fn sqr_p384(a: &[u64; 6]) -> Option<[u64; 6]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    Some(sqr_p384_unchecked(a))
}

/// Montgomery product a·b·2⁻⁵⁷⁶ mod p for the P-521 prime p = 2⁵²¹ − 1,
/// fully reduced: the 81-product schoolbook by MULX/ADCX/ADOX, then the
/// rotation reduction of [`super::p521::redc`] written in the same
/// assembly (generated, `mul_p521_9_raw`; a and b are read in place, the
/// scratch words live on the stack).
///
/// The caller must have checked [`cpu_has_bmi2_adx`]; requires `a < 2⁵⁷⁶`,
/// `b < p`. Constant time; never fails.
///
/// Not inlined (nor the squaring, nor the P-384 pair): each copy is about
/// 1.5 KB of code, and inlined at every multiplication of a window step
/// (five doublings and an RCB addition, 40-odd products) the hot loop
/// outgrew the 32 KiB L1 instruction cache. Measured out of line
/// (µs, this machine): P-521 `mul` 249 → 222, ECDSA sign 59.4 → 51.8;
/// P-384 ECDH 137 → 129, sign 32.9 → 30.0, keygen 28.7 → 25.6. The P-256
/// routines (half the size) measured 3–8 % slower out of line and stay
/// inlined.
#[inline(never)]
pub(crate) fn mul_p521_unchecked(a: &[u64; 9], b: &[u64; 9]) -> [u64; 9] {
    gen::mul_p521_9_raw(a, b)
}

/// Montgomery square a²·2⁻⁵⁷⁶ mod p for the P-521 prime, fully reduced:
/// the 44-product staircase square by MULX/ADCX/ADOX (cross products of the
/// low eight words in four rows, then the top word's row), then the
/// rotation reduction of
/// [`super::p521::redc`] in the same assembly (generated,
/// `sqr_p521_9_raw`).
///
/// The caller must have checked [`cpu_has_bmi2_adx`]; requires `a < p`.
/// Constant time; never fails.
#[inline(never)]
pub(crate) fn sqr_p521_unchecked(a: &[u64; 9]) -> [u64; 9] {
    gen::sqr_p521_9_raw(a)
}

/// `sqr_p521_unchecked` for tests and benchmarks: `None` when the CPU lacks
/// BMI2/ADX (ignores the force-portable switches). Same requirements;
/// constant time.
pub fn sqr_p521(a: &[u64; 9]) -> Option<[u64; 9]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    Some(sqr_p521_unchecked(a))
}

/// [`mul_p521_unchecked`] for tests and benchmarks: `None` when the CPU lacks
/// BMI2/ADX (ignores the force-portable switches). Same requirements;
/// constant time.
pub fn mul_p521(a: &[u64; 9], b: &[u64; 9]) -> Option<[u64; 9]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    Some(mul_p521_unchecked(a, b))
}

/// [`mul_p384_unchecked`] for tests and benchmarks: `None` when the CPU lacks
/// BMI2/ADX (ignores the force-portable switches). Same requirements;
/// constant time.
pub fn mul_p384(a: &[u64; 6], b: &[u64; 6]) -> Option<[u64; 6]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    Some(mul_p384_unchecked(a, b))
}

/// Montgomery multiplication `a·b·2^(−64N) mod m` (fully reduced) on the
/// MULX/ADCX/ADOX backend, for tests and benchmarks that compare backends.
///
/// Returns `None` when the CPU lacks BMI2/ADX or N ∉ {4, 5, 6, 8}; ignores the
/// force-portable switches. Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `b < m`,
/// `a < 2^(64N)`. Constant time.
pub fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> Option<[u64; N]> {
    if !cpu_has_bmi2_adx() {
        return None;
    }
    mont_mul_unchecked(a, b, m, inv)
}
