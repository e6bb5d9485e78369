//! The window step of the scalar multiplications on the a = −3 curves over
//! the P-384 and P-521 primes in x86-64 MULX/ADCX/ADOX assembly, for CPUs
//! with BMI2 and ADX: k Jacobian doublings (`dbl-2001-b`) and then,
//! optionally, the addition of an affine table point (the mixed
//! `madd-2004-hmv` with the identity cases selected by CMOV), one block per
//! prime.
//!
//! The assembly is generated (`x86_64_weierstrass_gen.rs`, from
//! tools/gen_weierstrass_asm.py, whose docstring has every procedure and
//! bound). Its field products and squares are those of
//! [`super::x86_64_adx`] (tools/gen_adx_mont.py) as local subroutines of
//! the block, reading their operands from slots of one state array; each
//! linear combination of the formulas (X + δ, X − δ, 12β − 9t², 4β − d,
//! 3dt − 8γ², r² − 2V − J, …) is one pass with one reduction instead of a
//! chain of fully reduced additions, doublings and subtractions. P-384
//! doubles with 4M + 4S (Z₃ = 2YZ), P-521 with 3M + 5S (Z₃ = (Y + Z)² − γ −
//! δ: its square costs 0.8 of its product); the addition is 8M + 3S.
//! Inside the P-521 block the values are weak (any representative below
//! 2⁵²³; the products skip their final reduction, and negation uses the
//! 523-bit complement 4p + 3 − b): X, Y, Z are fully reduced after the
//! doubling loop and the results of the addition in its selection, so the
//! caller sees coordinates below p, as before. The generator checks the
//! bounds as it emits the code.
//!
//! Why: against AWS-LC's s2n-bignum doublings (same machine, min of
//! interleaved batches), our field operations were as fast as theirs but
//! the doubling built from them in Rust cost 1.31× (P-384) and 1.43×
//! (P-521) theirs; this block costs about 1.15× and 1.27×, and the whole
//! variable-base `mul` 0.90–0.92× (P-384) and 0.94–0.95× (P-521) of the
//! Rust formulas over the same field routines. With the weak P-521
//! arithmetic the P-521 doubling costs 311–320 ns against s2n-bignum's
//! `p521_jdouble` at 310 (same process, min of 200 rounds; 375 before).
//! Constant time: the
//! branches are the loop on the public count and the test of the public
//! "add" word (and the calls and returns, at fixed places); every address
//! is a fixed offset into the state, which lives on the caller's stack and
//! is zeroized after use. Never fails. One of the audited `unsafe` places
//! of the crate (see `lib.rs`).

#![allow(unsafe_code)]

#[path = "x86_64_weierstrass_gen.rs"]
mod gen;

use zeroize::Zeroize;

/// [2^k](X : Y : Z) in Jacobian coordinates on a curve y² = x³ − 3x + b over
/// the P-384 prime, then + Q when `q` is given (Q affine as (x, y, 1), or
/// (x, y, 0) for none; the mixed madd-2004-hmv with Q for an identity P and
/// P for Q's Z = 0, the contract of `JacobianPoint::double_n_add_affine_on`:
/// wrong for [2^k]P = Q ≠ O, which the caller rules out), for coordinates
/// in kurve's Montgomery form (R = 2³⁸⁴, each below p), written back in
/// place. Runs only when the MULX/ADCX/ADOX backend is selected
/// ([`super::adx_selected`]) and k ≥ 1: returns false, and leaves `xyz`
/// untouched, otherwise. Constant time in the points (k
/// and whether Q is given are public); never fails.
#[inline]
pub fn p384_double_n_add_if_selected(xyz: [&mut [u64; 6]; 3], q: Option<[&[u64; 6]; 3]>, k: u32) -> bool {
    run(xyz, q, k, &gen::P384_INPUTS, &gen::P384_CONSTANTS, gen::p384_double_n_add_raw)
}

/// [`p384_double_n_add_if_selected`] over the P-521 prime (Montgomery form
/// with R = 2⁵⁷⁶, nine words each below p). Same contract.
#[inline]
pub fn p521_double_n_add_if_selected(xyz: [&mut [u64; 9]; 3], q: Option<[&[u64; 9]; 3]>, k: u32) -> bool {
    run(xyz, q, k, &gen::P521_INPUTS, &gen::P521_CONSTANTS, gen::p521_double_n_add_raw)
}

/// Lays out the state at the offsets `at` (P's X, Y, Z, Q's X, Y, Z when
/// given, k, the add flag) and the routine's constants, straight from the
/// caller's coordinates, runs the routine, writes P back through `xyz` and
/// zeroizes the state (the only copy made here: the callers pass their
/// coordinates by reference, so that each window step copies and clears
/// one state rather than one per layer). False, with `xyz` untouched,
/// unless the MULX/ADCX/ADOX backend is selected and k ≥ 1.
#[inline(always)]
fn run<const N: usize, const W: usize, const K: usize>(
    xyz: [&mut [u64; N]; 3],
    q: Option<[&[u64; N]; 3]>,
    k: u32,
    at: &[usize; 8],
    constants: &[(usize, [u64; 7]); K],
    raw: unsafe fn(&mut [u64; W]),
) -> bool {
    if !super::adx_selected() || k == 0 {
        return false;
    }
    let mut st = [0u64; W];
    let (at_p, at_q) = (&at[..3], &at[3..6]);
    for (c, &o) in xyz.iter().zip(at_p.iter()) {
        st[o..o + N].copy_from_slice(&c[..]);
    }
    if let Some(q) = q {
        for (c, &o) in q.iter().zip(at_q.iter()) {
            st[o..o + N].copy_from_slice(&c[..]);
        }
    }
    for (o, c) in constants.iter() {
        st[*o..*o + 7].copy_from_slice(c);
    }
    st[at[6]] = u64::from(k);
    st[at[7]] = u64::from(q.is_some());
    // SAFETY: `adx_selected` holds only when the CPU has BMI2 and ADX; the
    // state is laid out as the routine expects (coordinates below p, the
    // constants of its negated terms at their offsets, cnt = k >= 1).
    unsafe { raw(&mut st) };
    for (c, &o) in xyz.into_iter().zip(at_p.iter()) {
        c.copy_from_slice(&st[o..o + N]);
    }
    st.zeroize();
    true
}
