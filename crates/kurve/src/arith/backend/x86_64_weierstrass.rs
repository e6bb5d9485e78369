//! The window step of the scalar multiplications on the a = −3 curves over
//! the P-256, P-384 and P-521 primes, and over every other four-word prime
//! (one generic block whose modulus is a state word: brainpoolP224 and
//! P256, r1 on their a = −3 isomorphs and t1, and secp224r1), and on
//! secp256k1 (a = 0), in x86-64
//! MULX/ADCX/ADOX assembly, for CPUs with BMI2 and ADX: k Jacobian
//! doublings (`dbl-2001-b`; `dbl-2009-l` for a = 0) and then, optionally,
//! the addition of an affine
//! table point (the mixed `madd-2004-hmv` with the identity cases selected
//! by CMOV), or one more doubling and that addition as the doubling-addition
//! 2P + Q of `JacobianPoint::double_add_affine` (13M + 5S, nothing
//! selected: the window step of the odd-digit chain of
//! `ProjectivePoint::mul`, [`WindowAdd`]), one block per prime.
//!
//! The assembly is generated (`x86_64_weierstrass_gen.rs`, from
//! tools/gen_weierstrass_asm.py, whose docstring has every procedure and
//! bound). Its field products and squares are those of
//! [`super::x86_64_p256`] (P-256) and [`super::x86_64_adx`]
//! (tools/gen_adx_mont.py; P-384 (whose square is the block's own), P-521,
//! the four-word primes) as local subroutines of the block, reading their
//! operands from slots of one state array. In the P-521 block each linear
//! combination of the formulas (X + δ, X − δ, 12β − 9t², 4β − d,
//! 3dt − 8γ², r² − 2V − J, …) is one pass with one reduction instead of a
//! chain of fully reduced additions, doublings and subtractions; the
//! other blocks have only the modular a + b, 2a, a − b and a/2, in the
//! doubling arranged around Y′ = 2Y as `double_a_minus_3`, in the
//! addition with X₃ = r² − J − 2V as two subtractions (see the
//! generator). P-256 and P-384 double with
//! 4M + 4S (Z₃ = 2YZ), P-521 with
//! 3M + 5S (Z₃ = (Y + Z)² − γ − δ: its square costs 0.8 of its product);
//! the addition is 8M + 3S.
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
//! On an Intel Xeon (Ice Lake) the P-521 square of this block, then a row
//! square, cost 1.2× s2n-bignum's (31 vs 25 ns, the asm called from C);
//! the staircase square of tools/gen_adx_mont.py (`p521_sqr_lines`) took
//! a window (five doublings and the addition) from 1835 to 1771 ns, and
//! secp521r1 ECDH from 221 to 214–215 µs (lab min; aws-lc-rs 218–221 in
//! the same runs).
//! Later (Intel Xeon with IFMA, family 6 model 167; the block called from
//! C beside s2n-bignum's, TSC cycles, min of 3000 interleaved rounds):
//! five P-521 doublings cost 1.08–1.11× s2n-bignum's `p521_jdouble`;
//! with the products or the squares stubbed out, the doubling split into
//! 5 squares at about 53 cycles, 3 products at 85 and about 100 for the
//! linear operations, calls and loop (P-384: 4 × 52, 4 × 68, about 103),
//! the products and squares as fast as s2n-bignum's own. The P-521
//! doubling in the order of `dbl_ops` found by a search over orders:
//! 0.974–0.978 of the earlier one; secp521r1 ECDH 1.01 → 0.99 of
//! aws-lc-rs (lab, two alternating `--peers` runs). Dropped: each P-521
//! product's and square's first row as a plain product (17–19
//! instructions fewer each): the doubling 0.4–2.7 % slower, the addition
//! 2 % faster.
//! P-256, whose Rust formulas run on the inline products of
//! [`super::x86_64_p256`] with 4-limb values in registers, gains less. In
//! isolation (same process, interleaved, min of 40 rounds of 2000): one
//! doubling 140–143 → 129–132 ns, a window (five doublings and the
//! addition) 893–931 → 813–836 ns. In the whole secp256r1 `mul` (one
//! process, the routine switched on and off in alternate rounds, min of
//! 1500 rounds of 8 scalars each): 49.6 against 49.3–49.6 µs while the
//! state was wiped after every window, 47.3 against 48.6 µs with one
//! [`DoubleNAddScratch`] per chain. Tried and dropped: a + b and a − b by
//! the general pass (the block then 2 % faster than the Rust formulas in
//! a window in quiet phases, 3 % slower in slow ones); Z₃ = (Y + Z)² − γ
//! − δ (3M + 5S), no faster than the Rust formulas.
//! Later, on an Intel Xeon (Ice Lake), P-256's doubling cost 1.13× s2n-bignum's
//! `p256_montjdouble` (123.0 vs 108.8 ns, the block called from C, five
//! doublings a call), while its products and squares were within a few
//! per cent of s2n-bignum's: replacing every linear operation of the
//! doubling by a copy (a wrong result, for timing only) gave 92.7 ns, so the
//! three one-pass combinations (12β − 9t², 4β − d, 3dt − 8γ², each a
//! MULX pass and the two-chain `reduce`) on the critical path cost about a
//! quarter. The doubling of the generic block (ten cheap modular
//! operations instead, Y′ = 2Y): 118.2 ns; in the Rust harness, five
//! doublings 621.6 → 596.2 ns and a window 791.5 → 767.8 ns (exact-value
//! equal to the old block on 3000 random and edge inputs). 3M + 5S with
//! the one-pass combinations: 128.7 ns.
//! Then (same harness, min of 600 rounds, exact-value equal on 20000
//! inputs with additions and identities): the product reduced two rounds
//! at a time after every two rows, and ADC for ADD where a chain starts
//! after an XOR, in the product and the square (see
//! tools/gen_weierstrass_asm.py), together with the generator's operand
//! forwarding (each modular linear operation placed right after the
//! operation whose result it reads, and reading it from registers): per
//! doubling 118.3 → 110.5 ns (s2n-bignum 108.8), a window 759.8 → 710.6
//! ns, the addition about 168 → 157 ns (s2n-bignum's mixed addition 140).
//! Forwarding alone: a window 735.5 → 721.0 ns. secp256r1 ECDH (lab min,
//! two alternating runs each): 49.4–49.6 → 46.6–46.8 µs (aws-lc-rs
//! 46.5).
//! P-384 the same way (the doubling around Y′ = 2Y with its six-word
//! modular a + b, 2a, a − b and a/2 in place of the one-pass
//! combinations, the addition's H, r, V − X₃ and Y₃ by the modular
//! subtraction, operands forwarded): per doubling 288.6 → 276.0 ns
//! (s2n-bignum's `p384_montjdouble` 256), a window 1839.7 → 1763.6 ns
//! (C harness, exact-value equal on 20000 inputs); secp384r1 ECDH lab
//! min 161.9–164.0 → 155.2–156.8 µs (aws-lc-rs 154.0–159.0 in the same
//! runs). Through the general pass, the same doubling had cost 4–5 %
//! more than the one-pass one.
//! Then (Intel Xeon, Ice Lake; C harness, min of 300 rounds, exact-value
//! equal on 20000 inputs with additions and identities): the P-384
//! square's cross products as two carry chains over columns, with five
//! products written by MULX alone, instead of rows (50 instructions
//! instead of 70; the square alone as fast as s2n-bignum's
//! `bignum_montsqr_p384`): per doubling 274.5 → 269.2 ns (s2n-bignum's
//! `p384_montjdouble` 256–257), a window 1754.5 → 1722.6 ns; then the
//! addition's X₃ by two subtractions instead of the one-pass r² − 2V − J
//! (P-256 and P-384, which then need no general pass): a window 1730 →
//! 1719 ns (P-384; s2n-bignum's five doublings and `p384_montjmixadd`
//! 1626), 711 → 708–710 ns (P-256); then the P-384 doubling in the order
//! of `dbl_ops_2y` rather than the forwarded one: per doubling 269.3–269.6
//! → 265.4–265.8 ns, a window 1719–1728 → 1704–1709 ns. secp384r1 ECDH,
//! lab min of three alternating runs: 155.3 → 151.9 µs (the square and the
//! addition).
//! The generic four-word block (products and squares of
//! [`super::x86_64_adx`]'s generator with the modulus read from the state;
//! only the modular a + b, 2a, a − b and a/2 as linear operations, since
//! 2²⁵⁶ mod m is not small: the doubling of `double_a_minus_3`, around
//! Y′ = 2Y) against the Rust formulas, the whole `mul` in one process with
//! the routine switched on and off in alternate rounds (Intel Xeon, min of
//! 300 rounds of 8 scalars): brainpoolP256t1 66.0 → 62.7 µs, brainpoolP256r1
//! 65.4 → 62.7, brainpoolP224r1 57.6 → 55.0, secp224r1 64.2 → 55.3 (its
//! Rust formulas run on the portable products, which LLVM specializes to
//! its 0 and all-ones limbs); one doubling of brainpoolP256t1 169 → 162 ns
//! (secp256r1's block: 122). With the shorter product rows of
//! tools/gen_adx_mont.py that followed (row 0 a plain product), 59.8 µs
//! for brainpoolP256t1 against 64.3 on the Rust formulas. Operand
//! forwarding there too (the doubling keeps `dbl_ops_2y`'s order, which
//! measured 2.4 % faster than P-256's forwarded order in this block): a
//! window 995 → 983 ns (C harness, brainpoolP256r1's modulus,
//! exact-value equal on 20000 inputs).
//! The secp256k1 block (plain representatives; the products and squares
//! of [`super::x86_64_secp256k1`], one generated code for both; the
//! doubling of `JacobianPoint::double_a_zero`, 3M + 4S; the addition of
//! the four-word block): per doubling 87.4 ns against 104–112 ns for the Rust formulas
//! over the same inline products (s2n-bignum's `secp256k1_jdouble` 76–78),
//! a window 580 ns (s2n-bignum 517–522), C harness on an Intel Xeon
//! (exact-value equal to s2n-bignum up to the projective factor on 3000
//! chained inputs). It serves the doublings of `mul_glv` (ECDH) and,
//! doublings and additions together, the variable-time GLV chain of
//! verification and `mul_vartime`: lab min, secp256k1 `ecdsa_verify`
//! 32.8 → 27.9 µs, `mul_vartime` 28.9 → 24.5 µs, `mul` 35.5 → 33.4 µs
//! (with the block for the doublings only, in its first order: 30.0 and
//! 26.1).
//! Constant time: the
//! branches are the loop on the public count and the test of the public
//! "add" word (and the calls and returns, at fixed places); every address
//! is a fixed offset into the state, which lives in the caller's
//! [`DoubleNAddScratch`] (one per scalar multiplication, zeroized when it
//! is dropped). Never fails. One of the audited `unsafe` places
//! of the crate (see `lib.rs`).

#![allow(unsafe_code)]

#[path = "x86_64_weierstrass_gen.rs"]
pub(super) mod gen;

use super::{DoubleNAddScratch, WindowAdd};

/// Words of the largest state of the routines here (the P-521 one), the
/// size of the [`DoubleNAddScratch`] that holds each of them.
pub const STATE_WORDS: usize = max(
    max(max(max(gen::p256_slot::WORDS, gen::p384_slot::WORDS), gen::p521_slot::WORDS), gen::mont4_slot::WORDS),
    gen::k256_slot::WORDS,
);

const fn max(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

/// [2^k](X : Y : Z) in Jacobian coordinates on a curve y² = x³ − 3x + b over
/// the P-256 prime, then + Q when `q` is given: the contract of
/// [`p384_double_n_add_if_selected`] (Montgomery form with R = 2²⁵⁶, four
/// words each below p).
#[inline]
pub fn p256_double_n_add_if_selected(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; 4]; 3],
    q: WindowAdd<'_, [u64; 4]>,
    k: u32,
) -> bool {
    run(scratch, xyz, q, k, 1, &gen::P256_INPUTS, &gen::P256_CONSTANTS, None, gen::p256_double_n_add_raw)
}

/// [2^k](X : Y : Z) in Jacobian coordinates on a curve y² = x³ − 3x + b over
/// the P-384 prime, then the step `q` ([`WindowAdd`]): nothing; + Q
/// (Q affine as (x, y, 1), or (x, y, 0) for none; the mixed madd-2004-hmv
/// with Q for an identity P and P for Q's Z = 0, the contract of
/// `JacobianPoint::double_n_add_affine_on`: wrong for [2^k]P = Q ≠ O,
/// which the caller rules out); or 2·[2^k]P + Q for an affine Q = (x, y)
/// by the doubling-addition of `JacobianPoint::double_add_affine` (no
/// exceptional case handled), for coordinates
/// in kurve's Montgomery form (R = 2³⁸⁴, each below p), written back in
/// place, on the state in `scratch` (one for the whole chain: see `run`).
/// Runs only when the MULX/ADCX/ADOX backend is selected
/// ([`super::adx_selected`]) and k ≥ 1, or k = 0 with an addition (the
/// addition alone): returns false, and leaves `xyz` untouched, otherwise.
/// Constant time in the points (k and the kind of step are public); never
/// fails.
#[inline]
pub fn p384_double_n_add_if_selected(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; 6]; 3],
    q: WindowAdd<'_, [u64; 6]>,
    k: u32,
) -> bool {
    run(scratch, xyz, q, k, 2, &gen::P384_INPUTS, &gen::P384_CONSTANTS, None, gen::p384_double_n_add_raw)
}

/// [`p384_double_n_add_if_selected`] over the P-521 prime (Montgomery form
/// with R = 2⁵⁷⁶, nine words each below p). Same contract.
#[inline]
pub fn p521_double_n_add_if_selected(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; 9]; 3],
    q: WindowAdd<'_, [u64; 9]>,
    k: u32,
) -> bool {
    run(scratch, xyz, q, k, 3, &gen::P521_INPUTS, &gen::P521_CONSTANTS, None, gen::p521_double_n_add_raw)
}

/// [`p384_double_n_add_if_selected`] over any odd prime m < 2²⁵⁶ in four
/// words with −m⁻¹ mod 2⁶⁴ = `inv` (Montgomery form with R = 2²⁵⁶, each
/// coordinate below m): the generic block, whose modulus is a state word
/// rather than an immediate (brainpoolP224r1/t1 and P256r1/t1, the r1
/// curves on their a = −3 isomorphs, and secp224r1). Same contract.
#[inline]
pub fn mont4_double_n_add_if_selected(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; 4]; 3],
    q: WindowAdd<'_, [u64; 4]>,
    k: u32,
    m: &[u64; 4],
    inv: u64,
) -> bool {
    let modulus = (gen::mont4_slot::MOD, [m[0], m[1], m[2], m[3], inv]);
    run(scratch, xyz, q, k, 4, &gen::MONT4_INPUTS, &gen::MONT4_CONSTANTS, Some(modulus), gen::mont4_double_n_add_raw)
}

/// [2^k](X : Y : Z) in Jacobian coordinates on a curve y² = x³ + b (a = 0)
/// over the secp256k1 prime, then + Q when `q` is given: the contract of
/// [`p384_double_n_add_if_selected`] but for the doubling (`dbl-2009-l`,
/// the values of `JacobianPoint::double_a_zero`) and the representation
/// (plain, not Montgomery: four words each below p).
#[inline]
pub fn k256_double_n_add_if_selected(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; 4]; 3],
    q: WindowAdd<'_, [u64; 4]>,
    k: u32,
) -> bool {
    run(scratch, xyz, q, k, 5, &gen::K256_INPUTS, &gen::K256_CONSTANTS, None, gen::k256_double_n_add_raw)
}

/// Lays out the state at the offsets `at` (P's X, Y, Z, Q's X, Y, Z when
/// given (X, Y for the doubling-addition, which does not read Q's Z), k,
/// the step word, [`WindowAdd::word`]) in the first W words of `scratch`, straight
/// from the caller's coordinates, the routine's constants when the
/// scratch does not hold them yet (`id` names the routine, hence its
/// layout and constants), and the `modulus` words of a generic routine at
/// every call; runs the routine and writes P back
/// through `xyz` (the only copy made here: the callers pass their
/// coordinates by reference, so that each window step copies one state
/// rather than one per layer). The state is left in the scratch, which
/// the chain zeroizes once, when it drops it. Every slot the routine reads
/// is an input written here or a temporary it wrote before (Q's slots
/// only when `add` is set), so what an earlier call left does not matter.
/// False, with `xyz` untouched, unless the MULX/ADCX/ADOX backend is
/// selected and k ≥ 1, or k = 0 with an addition (every routine then
/// adds alone).
#[inline(always)]
fn run<const N: usize, const W: usize, const K: usize, const C: usize>(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; N]; 3],
    q: WindowAdd<'_, [u64; N]>,
    k: u32,
    id: usize,
    at: &[usize; 8],
    constants: &[(usize, [u64; C]); K],
    modulus: Option<(usize, [u64; 5])>,
    raw: unsafe fn(&mut [u64; W]),
) -> bool {
    if !super::adx_selected() || k == 0 && matches!(q, WindowAdd::None) {
        return false;
    }
    let Some(st) = scratch.words.first_chunk_mut::<W>() else {
        return false;
    };
    let (at_p, at_q) = (&at[..3], &at[3..6]);
    for (c, &o) in xyz.iter().zip(at_p.iter()) {
        st[o..o + N].copy_from_slice(&c[..]);
    }
    let q_coordinates: &[&[u64; N]] = match &q {
        WindowAdd::None => &[],
        WindowAdd::Mixed(c) => c,
        WindowAdd::DoubleMixed(c) => c,
    };
    for (c, &o) in q_coordinates.iter().zip(at_q.iter()) {
        st[o..o + N].copy_from_slice(&c[..]);
    }
    // the constants once per scratch and routine
    if scratch.layout != id {
        for (o, c) in constants.iter() {
            st[*o..*o + C].copy_from_slice(c);
        }
        scratch.layout = id;
    }
    if let Some((o, m)) = modulus {
        st[o..o + 5].copy_from_slice(&m);
    }
    st[at[6]] = u64::from(k);
    st[at[7]] = q.word();
    // SAFETY: `adx_selected` holds only when the CPU has BMI2 and ADX; the
    // state is laid out as the routine expects (coordinates below p, the
    // constants of its negated terms or its modulus at their offsets,
    // cnt = k, and k >= 1 or an addition requested, the step word 0, 1
    // or 2).
    unsafe { raw(st) };
    for (c, &o) in xyz.into_iter().zip(at_p.iter()) {
        c.copy_from_slice(&st[o..o + N]);
    }
    true
}

