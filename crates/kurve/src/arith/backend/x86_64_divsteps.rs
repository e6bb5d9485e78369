//! x86-64 inner loop of the constant-time safegcd inversion
//! ([`crate::arith::safegcd`]): pairs of half-delta divsteps on the packed
//! words of a pass, each step with CMOV selections instead of masks.
//!
//! One step maps (ζ, F, G) to (ζ', F', G') exactly as
//! `safegcd::packed_step` does (the portable form, masks): with
//! c₁ = "ζ < 0" (δ > 0) and c₂ = "G odd",
//!
//! ```text
//!   G' = (c₂ ? (c₁ ? G − F : G + F) : G) >> 1      (arithmetic shift)
//!   F' =  c₂ ∧ c₁ ? G : F
//!   ζ' =  c₂ ∧ c₁ ? −ζ − 2 : ζ − 1
//! ```
//!
//! G − F, G + F, −ζ − 2 and ζ − 1 are formed first; TEST of ζ then CMOVNS
//! picks the δ ≤ 0 values, TEST of G's low bit then CMOVZ restores the
//! even-G values. Sixteen instructions a step (two of them register moves)
//! where the mask form needs about twenty, and a loop-carried chain of
//! four (SUB, CMOVNS, CMOVZ, SAR) through G. Two steps per loop iteration
//! with the registers' roles swapped, so no move closes the iteration.
//!
//! Only baseline x86-64 instructions (no CPU feature needed); selected with
//! the assembly backends ([`super::adx_selected`]) so that the
//! force-portable switches cover it, as for [`super::x86_64_add`].
//! Constant time: straight-line ADD/SUB/LEA/TEST/CMOV/SAR, the loop count
//! is the public number of step pairs, no memory access at all. Never
//! fails. One of the audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

/// The sixteen instructions of one step as one assembly template string:
/// inputs in the operands named `z`, `f`, `g`, outputs in `zo`, `fo`, `go`
/// (distinct registers), scratch `b` and `zm`. The pair loop calls it
/// twice with the roles swapped, the single step once.
macro_rules! divstep {
    ($z:literal, $f:literal, $g:literal => $zo:literal, $fo:literal, $go:literal) => {
        concat!(
            "lea {zm}, [{", $z, "} - 1]\n",
            "mov {", $zo, "}, -2\n",
            "sub {", $zo, "}, {", $z, "}\n",
            "mov {", $go, "}, {", $g, "}\n",
            "sub {", $go, "}, {", $f, "}\n",
            "lea {b}, [{", $g, "} + {", $f, "}]\n",
            "mov {", $fo, "}, {", $g, "}\n",
            "test {", $z, "}, {", $z, "}\n",
            "cmovns {", $go, "}, {b}\n",
            "cmovns {", $fo, "}, {", $f, "}\n",
            "cmovns {", $zo, "}, {zm}\n",
            "test {", $g, ":l}, 1\n",
            "cmovz {", $go, "}, {", $g, "}\n",
            "cmovz {", $fo, "}, {", $f, "}\n",
            "cmovz {", $zo, "}, {zm}\n",
            "sar {", $go, "}, 1\n",
        )
    };
}

/// Runs 2·`pairs` half-delta divsteps on the packed words `f` (odd low
/// field) and `g` of one safegcd pass, updating ζ, F and G in place: the
/// same values as 2·`pairs` calls of `safegcd::packed_step`. The caller
/// keeps the packed values in range (|F|, |G| < 2⁶³, which holds for
/// passes of at most 20 steps); nothing here can overflow then. Constant
/// time (the count is public); never fails.
#[inline(always)]
pub(crate) fn divstep_pairs(zeta: &mut i64, f: &mut i64, g: &mut i64, pairs: u32) {
    if pairs == 0 {
        return;
    }
    let (mut z, mut fr, mut gr) = (*zeta, *f, *g);
    // SAFETY: register-only arithmetic on the declared operands and the
    // flags; no memory access, no stack use. Baseline x86-64 instructions.
    unsafe {
        core::arch::asm!(
            "2:",
            divstep!("z", "f", "g" => "zs", "fn", "a"),
            divstep!("zs", "fn", "a" => "z", "f", "g"),
            "dec {n:e}",
            "jnz 2b",
            z = inout(reg) z,
            f = inout(reg) fr,
            g = inout(reg) gr,
            n = inout(reg) pairs => _,
            a = out(reg) _,
            b = out(reg) _,
            fn = out(reg) _,
            zs = out(reg) _,
            zm = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    *zeta = z;
    *f = fr;
    *g = gr;
}

/// One half-delta divstep on the packed words: the first half of
/// [`divstep_pairs`]' iteration, for passes of odd length. Same
/// requirements and guarantees.
#[inline(always)]
pub(crate) fn divstep_one(zeta: &mut i64, f: &mut i64, g: &mut i64) {
    let (zo, fo, go): (i64, i64, i64);
    // SAFETY: register-only arithmetic on the declared operands and the
    // flags; no memory access, no stack use. Baseline x86-64 instructions.
    unsafe {
        core::arch::asm!(
            divstep!("z", "f", "g" => "zs", "fn", "a"),
            z = in(reg) *zeta,
            f = in(reg) *f,
            g = in(reg) *g,
            a = out(reg) go,
            b = out(reg) _,
            fn = out(reg) fo,
            zs = out(reg) zo,
            zm = out(reg) _,
            options(pure, nomem, nostack),
        );
    }
    *zeta = zo;
    *f = fo;
    *g = go;
}
