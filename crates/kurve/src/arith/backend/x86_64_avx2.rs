//! AVX2 masked table scans, selected at run time.
//!
//! The scan of [`crate::field::lookup_portable`] reads every table entry and
//! ORs it in under a mask; with 64-entry rows (the w = 7 fixed-base tables
//! of `mul_base`) it dominates key generation. Here the same loop is
//! compiled with AVX2 enabled (`#[target_feature(enable = "avx2")]`), so
//! LLVM turns each entry's AND/OR into 256-bit VPAND/VPOR on whole
//! coordinates, with the mask broadcast once per entry; nothing else
//! changes, so the result is identical.
//!
//! Constant time: the same straight-line masked reads as the portable loop
//! (every entry, in order; the mask comes from `arith::eq_mask` behind the
//! value barrier); vector AND/OR/broadcast have data-independent timing.
//! One of the audited `unsafe` places of the crate (see `lib.rs`): the CPU
//! probe (CPUID, XGETBV) and the call into the AVX2-compiled function.

#![allow(unsafe_code)]

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

/// [`crate::field::lookup_portable`] compiled for AVX2.
///
/// The caller must have checked AVX2 ([`super::avx2_selected`]); same
/// contract and result as the portable loop. Constant time in `idx`.
#[inline(always)]
pub(crate) fn lookup<F: Field, const K: usize>(table: &[[F; K]], idx: u8) -> [F; K] {
    // SAFETY: reached only through `super::lookup` when `avx2_selected()`,
    // i.e. the probe above (or the harness's explicit assumption) found AVX2
    // with OS support; the function is otherwise ordinary safe Rust.
    unsafe { lookup_avx2(table, idx) }
}

#[target_feature(enable = "avx2")]
unsafe fn lookup_avx2<F: Field, const K: usize>(table: &[[F; K]], idx: u8) -> [F; K] {
    crate::field::lookup_portable(table, idx)
}
