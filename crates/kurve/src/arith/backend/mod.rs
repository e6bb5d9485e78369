//! Run-time selected backends for Montgomery multiplication and squaring.
//!
//! | backend | where | what |
//! |---|---|---|
//! | [`portable`] | every target, always compiled and tested | fully unrolled CIOS in plain Rust (u128 products), dedicated squaring |
//! | [`x86_64_adx`] | x86-64 with BMI2 + ADX; routines for N ∈ {4, 5, 6, 8}, dispatched for N ∈ {5, 6, 8} and for N = 4 moduli without 0 or all-ones limbs (`adx_dispatched`), and for the P-384 and P-521 primes | MULX/ADCX/ADOX inline assembly (two carry chains), the final subtraction by CMOV inside it; the P-384 rounds reduce with two MULX by 2³⁸⁴ − p; for P-521 the full 81-product multiplication and the 44-product staircase square, each followed by [`p521`]'s rotation reduction in the same assembly |
//! | [`p384`], [`p521`] | every target, both backends | the special-form reductions of the P-384 and P-521 primes in portable Rust (P-384 multiplication and squaring, P-521 squaring) |
//! | [`x86_64_p256`] | x86-64 with BMI2 + ADX, the P-256 prime only | MULX/ADCX/ADOX multiplication and dedicated squaring with the shift-based reduction of p = 2²⁵⁶ − 2²²⁴ + 2¹⁹² + 2⁹⁶ − 1, all words in registers |
//! | [`x86_64_add`] | x86-64 (baseline), N = 4, with the assembly backends | modular addition on one ADC and one SBB chain with CMOV; modular subtraction on one SBB chain, the borrow as a mask, and one ADC chain adding m AND mask |
//! | [`x86_64_divsteps`] | x86-64 (baseline), with the assembly backends | the inner loop of the constant-time safegcd inversion ([`crate::arith::safegcd`]): pairs of half-delta divsteps on packed words, CMOV selections |
//! | [`x86_64_secp256k1`] | x86-64 with BMI2 + ADX, the secp256k1 prime only, plain (not Montgomery) representatives ([`pm_mul`], [`pm_sqr`]) | MULX/ADCX/ADOX 512-bit product or square, reduced by folding with 2²⁵⁶ ≡ 2³² + 977 twice |
//! | [`portable`]`::pm_*` | every target, the plain-form pseudo-Mersenne fields (secp256k1, secp192k1) | the same product and fold in plain Rust |
//! | [`x86_64_ifma25519`] | x86-64 with AVX-512 F + VL + IFMA, GF(2²⁵⁵ − 19) in radix 2⁵², four elements at once | the four-lane X25519 ladder and edwards25519 `mul` / `mul_base` (the point's four coordinates in the lanes), dispatched through the curves' hooks when [`ifma_selected`] |
//! | [`x86_64_ifma448`] | x86-64 with AVX-512 F + VL + IFMA, GF(2⁴⁴⁸ − 2²²⁴ − 1) in a mixed radix (five limbs of 45, 45, 45, 45, 44 bits per 224-bit half, so φ = 2²²⁴ stays limb-aligned), four elements at once | the four-lane X448 ladder (the loop of the X25519 one), dispatched through curve448's `ladder_dispatched` when [`ifma_selected`] |
//! | [`x86_64_curve25519`] | x86-64 with BMI2 + ADX and without AVX-512 IFMA, curve25519 and edwards25519 | generated MULX/ADCX/ADOX blocks over GF(2²⁵⁵ − 19) in radix 2⁶⁴: the whole RFC 7748 ladder (255 steps; for X25519's clamped k, 252 and three doublings) in one block, the edwards25519 formulas (cached and affine Niels additions, doublings) one block each; dispatched through curve25519's and edwards25519's hooks |
//! | [`x86_64_fe25519`] | x86-64 with BMI2 + ADX, GF(2²⁵⁵ − 19) in radix 2⁶⁴ (not Montgomery form) | baseline ADD/ADC/SBB addition and subtraction, used by [`crate::field::fe25519::radix64::Fe64`]; MULX/ADCX/ADOX product and squaring (reduction by 2²⁵⁶ ≡ 38), dispatched when IFMA is not selected ([`fe25519_mulx_selected`]) |
//!
//! What is dispatched where was decided by measurement (tests/field_bench.rs,
//! both backends interleaved in one process): the assembly multiplication
//! wins for 5 and 6 limbs (about 6 % and 3 % per multiply) but loses for 4
//! limbs (19.9 vs 16.2 ns on P-256, 21.5 vs 18.8 ns on secp256k1), where
//! LLVM's fully unrolled portable code with constant-folded moduli is faster;
//! squaring always uses the portable dedicated squaring, which beats the
//! assembly multiplication at every covered N (e.g. 34.1 vs 42.9 ns at N = 6).
//! Since then the 8-limb assembly (one pointer to a, b, m and −m⁻¹, so that
//! LLVM finds the fourteen registers) took over N = 8 (brainpoolP512r1: ECDH
//! 527 → 466 µs, verification 603 → 506 µs; the routine sits behind one
//! non-inlined call, which measured faster than inlining it at every site).
//! Later the generic products for N = 4, 5, 6 and the squarings for N = 4
//! and 8 took their final subtraction into the assembly (SUB/SBB, then
//! CMOVC; the Rust [`portable::final_sub`] builds its select mask after the
//! chain), and N = 5 and 6 got assembly squarings with it (the N = 8
//! routine's shape: square to the stack, reduction of the low half):
//! `mul`, lab medians interleaved with the binary before, brainpoolP256r1
//! 72.0–73.6 → 67.6–70.9 µs, brainpoolP320r1 143.3–144.0 → 124.8–125.1,
//! brainpoolP384r1 224.3–230.8 → 196.6–200.8 (the N = 6 squaring 42.6 ns
//! against 60.8 for the portable one and 49.7 for the multiplication,
//! field_bench, same run).
//! The P-256, secp256k1, P-384 and P-521 primes have their own routines,
//! which beat the generic code by far. P-384 (ns per multiplication /
//! point addition / doubling, dependent chains): generic assembly 39.5 /
//! 640 / 585, special assembly 35 / 490 / 460 (ECDH 210 → 172 µs, ECDSA
//! verification 203 → 168 µs); the portable special routine is 38 ns.
//! P-521: generic portable 52 / 810 / 720, special assembly 37 / 710 / 645
//! (ECDH 466 → 351 µs, verification 475 → 315 µs). P-256 and secp256k1
//! (microbenchmark, 4 independent chains / one dependent chain, ns):
//!
//! | prime | mul, portable | mul, special | sqr, portable | sqr, special |
//! |---|---|---|---|---|
//! | P-256 | 14.2 / 19.5 | 9.5 / 13.3 | 13.0 / 16.5 | 7.0 / 10.9 |
//! | secp256k1 (Montgomery form, before) | 16.7 / 21.6 | 9.6 / 15.2 | 16.6 / 20.1 | 7.0 / 13.2 |
//!
//! The secp256k1 field is now in plain form ([`pm_mul`], [`pm_sqr`]);
//! measured against the Montgomery routines it replaced (three independent
//! chains / one dependent chain, ns): portable multiplication 19.2 / 20.9 →
//! 12.4 / 17.3, squaring 17.6 / 21.5 → 10.6 / 15.2; assembly multiplication
//! 14.5 / 16.9 → 11.2 / 14.7, squaring 9.0 / 14.3 → 7.9 / 11.6.
//!
//! Selection happens in one place, [`adx_selected`]: the CPU is probed once
//! (CPUID leaf 7: BMI2 = EBX bit 8, ADX = EBX bit 19) and the answer is cached
//! in an atomic, so each multiplication pays one relaxed load and a perfectly
//! predictable branch. Two switches force the portable path:
//!
//! * the cargo feature `force-portable` (compile time: the assembly is not
//!   even reachable);
//! * the environment variable `KURVE_FORCE_PORTABLE=1`, read once at the
//!   first multiplication when the `std` feature is on (ignored without
//!   `std`, where there is no environment).
//!
//! A third, `KURVE_NO_IFMA=1` (also read once, under `std`), leaves out
//! only the AVX-512 IFMA code ([`ifma_selected`] false): on an IFMA
//! machine 25519 and 448 then run on the MULX/ADCX/ADOX path, so CI tests
//! that path there too and the lab can time one backend against the other.
//! A fourth, `KURVE_IFMA_CHAINS=1`, puts edwards25519's variable-base
//! chains on the IFMA lanes on Intel CPUs too ([`ifma_chains_selected`]),
//! for the same reasons.
//!
//! Both backends compute exactly the same function (`a·b·2^(−64N) mod m`,
//! fully reduced), are constant time (no secret-dependent branch, memory
//! index, or variable-time instruction), and never fail.

pub mod p384;
pub mod p521;
pub mod portable;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_adx;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_ifma25519;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_ifma448;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_add;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_avx2;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_divsteps;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_fe25519;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_p256;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_secp256k1;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_curve25519;
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "force-portable", allow(dead_code))] // compiled, never selected
pub mod x86_64_weierstrass;

use crate::field::Field;

use core::sync::atomic::{AtomicU8, Ordering};

/// Backend selection state: 0 = not yet probed; otherwise [`PROBED`] with
/// [`ADX`] and/or [`AVX2`] set for the features in use.
static SELECTED: AtomicU8 = AtomicU8::new(0);
/// The CPU's own answer, probed once: [`PROBED`] with [`ADX`], [`AVX2`],
/// [`IFMA`] for the features it has (0 = not yet probed). Kept apart from
/// [`SELECTED`] so that switching back from the portable backend
/// ([`set_force_portable`]) does not run CPUID again: under a hypervisor
/// each CPUID traps, measured 4.4–5.2 µs on a KVM guest, which made
/// interleaved A/B batches of the two backends read the probe as well.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
static CPU: AtomicU8 = AtomicU8::new(0);
/// State bit: the CPU has been probed (or a selection forced).
const PROBED: u8 = 1;
/// State bit: the MULX/ADCX/ADOX multiplication backends are in use.
const ADX: u8 = 2;
/// State bit: the AVX2 table scans are in use.
const AVX2: u8 = 4;
/// State bit: the AVX-512 IFMA four-lane 25519 code is in use.
const IFMA: u8 = 8;
/// State bit: edwards25519's variable-base chains (`mul` and the Straus
/// sums) run on the IFMA lanes too, not only `mul_base` and the ladders
/// (see [`ifma_chains_selected`]).
const IFMA_CHAINS: u8 = 16;

/// The selection state, probing the CPU on first use.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
#[inline(always)]
fn state() -> u8 {
    match SELECTED.load(Ordering::Relaxed) {
        0 => probe(),
        s => s,
    }
}

/// True when the MULX/ADCX/ADOX backend is selected (it then serves the
/// multiplications of N ∈ {5, 6, 8} limbs and of N = 4 for moduli without
/// 0 or all-ones limbs, see [`adx_dispatched`], and those
/// modulo the P-256, secp256k1, P-384 and P-521 primes).
///
/// Probes the CPU on first use and caches the answer; always false with the
/// `force-portable` feature, off x86-64, or when `KURVE_FORCE_PORTABLE=1` is
/// set (under `std`). Constant time (depends on the CPU only); never fails.
#[inline(always)]
pub fn adx_selected() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        state() & ADX != 0
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
    {
        let _ = (&SELECTED, Ordering::Relaxed, PROBED, ADX, AVX2);
        false
    }
}

/// True when the AVX2 masked table scans ([`x86_64_avx2`]) are selected:
/// the CPU has AVX2 and the OS saves the YMM registers. Same switches and
/// caching as [`adx_selected`]. Constant time; never fails.
#[inline(always)]
pub fn avx2_selected() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        state() & AVX2 != 0
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
    {
        false
    }
}

/// True when the AVX-512 IFMA four-lane code of [`x86_64_ifma25519`] (X25519
/// ladder, edwards25519 `mul` and `mul_base`) is selected: the CPU has AVX-512
/// F, VL and IFMA and the OS saves their state. Same switches and caching
/// as [`adx_selected`], and off when `KURVE_NO_IFMA=1` is set (under
/// `std`); never selected by [`select_unprobed`] (valgrind
/// cannot execute AVX-512). Constant time; never fails.
#[inline(always)]
pub fn ifma_selected() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        state() & IFMA != 0
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
    {
        let _ = IFMA;
        false
    }
}

/// True when edwards25519's variable-base chains, `mul` and the Straus
/// sums of `double_mul_vartime` and verification, run on the IFMA lanes
/// as well ([`x86_64_ifma25519::edwards25519_mul_if_selected`] and
/// `edwards25519_straus_vartime_if_selected`): [`ifma_selected`] and the
/// CPU is not an Intel one (CPUID vendor, [`x86_64_ifma25519::cpu_is_intel`]).
/// Elsewhere those chains take the MULX/ADCX/ADOX routines
/// ([`fe25519_mulx_selected`]), while `mul_base` and the X25519 and X448
/// ladders stay on the lanes.
///
/// Why: each of those chains is one sequence of dependent point
/// operations, and what it costs on the lanes is the latency of one
/// `F52x4` product. On the AMD EPYC (Zen 5) machine of 2026-11-24 that
/// product took 10.2 ns, about one scalar product, and the lanes made
/// `mul` 47.5 → 24.0 µs. On the Intel Xeon with IFMA of 2026-12-01/02
/// (family 6, model 167) it took 23 ns, and the MULX path was the faster
/// one (kurve-lab, same build, `KURVE_NO_IFMA=1` against the default):
/// `mul` 34.6 → 28.0 µs, `double_mul_vartime` 34.4 → 30.1, Ed25519 verify
/// 25.1 → 23.7; `mul_base` (two chains side by side) 4.6 against 6.6 and
/// X25519 17.7 against 22.9 stayed faster on the lanes. The
/// `KURVE_IFMA_CHAINS=1` environment variable (under `std`) sets the bit on
/// any IFMA machine, so that tests and the lab reach the lane chains on
/// Intel too. Same switches and caching as [`adx_selected`]. Constant
/// time (depends on the CPU only); never fails.
#[inline(always)]
pub fn ifma_chains_selected() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        state() & IFMA_CHAINS != 0
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
    {
        let _ = IFMA_CHAINS;
        false
    }
}

/// True when GF(2²⁵⁵ − 19) in radix 2⁶⁴ multiplies and squares with the
/// MULX/ADCX/ADOX routines of [`x86_64_fe25519`], and edwards25519's
/// variable-base chains run on the whole-formula routines of
/// [`x86_64_curve25519`]: the assembly backends are selected
/// ([`adx_selected`]) and those chains do not run on the IFMA lanes
/// ([`ifma_chains_selected`]; where they do, the scalar routines stay
/// portable, as they were when the dudect check of that configuration was
/// run on the AMD Zen 4 machine). Same switches and caching as
/// [`adx_selected`]. Constant time; never fails.
#[inline(always)]
pub fn fe25519_mulx_selected() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        state() & (ADX | IFMA_CHAINS) == ADX
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
    {
        false
    }
}

#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
#[cold]
#[inline(never)]
fn probe() -> u8 {
    let cpu = match CPU.load(Ordering::Relaxed) {
        0 => {
            let mut c = PROBED;
            if x86_64_adx::cpu_has_bmi2_adx() {
                c |= ADX;
            }
            if x86_64_avx2::cpu_has_avx2() {
                c |= AVX2;
            }
            if x86_64_ifma25519::cpu_has_ifma() && !env_disables_ifma() {
                c |= IFMA;
                if !x86_64_ifma25519::cpu_is_intel() || env_is_one("KURVE_IFMA_CHAINS") {
                    c |= IFMA_CHAINS;
                }
            }
            CPU.store(c, Ordering::Relaxed);
            c
        }
        c => c,
    };
    let s = if env_forces_portable() { PROBED } else { cpu };
    SELECTED.store(s, Ordering::Relaxed);
    s
}

/// True when the environment sets `KURVE_NO_IFMA=1`: the probe then
/// leaves out the IFMA code.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn env_disables_ifma() -> bool {
    env_is_one("KURVE_NO_IFMA")
}

/// True when the environment sets `KURVE_FORCE_PORTABLE=1`.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn env_forces_portable() -> bool {
    env_is_one("KURVE_FORCE_PORTABLE")
}

/// True when the environment variable `name` is `1` (under `std`; always
/// false without it, where there is no environment).
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn env_is_one(name: &str) -> bool {
    #[cfg(feature = "std")]
    {
        matches!(std::env::var(name).as_deref(), Ok("1"))
    }
    #[cfg(not(feature = "std"))]
    {
        let _ = name;
        false
    }
}

/// Switches every thread to the portable backend (`true`), or back to the
/// CPU-probed choice (`false`; the `KURVE_FORCE_PORTABLE` variable is honoured
/// again). Meant for benchmarks and tests that compare backends in one
/// process; both backends give identical results, so switching while other
/// threads compute is harmless. Never fails.
pub fn set_force_portable(on: bool) {
    SELECTED.store(if on { PROBED } else { 0 }, Ordering::Relaxed);
}

/// Selects the assembly multiplication and, with `avx2`, the AVX2 scans,
/// without probing the CPU (see [`x86_64_adx::assume_bmi2_adx`], the only
/// caller). Never fails.
#[cfg(target_arch = "x86_64")]
pub(crate) fn select_unprobed(avx2: bool) {
    SELECTED.store(PROBED | ADX | if avx2 { AVX2 } else { 0 }, Ordering::Relaxed);
}

/// `(a + b) mod m` for `a, b < m`, on the selected backend: for the P-521
/// prime [`p521::add`] (every backend), the x86-64
/// assembly for N = 4 ([`x86_64_add`]) when the assembly backends are
/// selected, else [`portable::add_mod`]. Constant time; never fails.
#[inline(always)]
pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    if p521::is_p521(m) {
        return limbs_resize(&p521::add(&limbs_resize(a), &limbs_resize(b)));
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if let (Some(a4), Some(b4), Some(m4)) = (limbs_ref(a), limbs_ref(b), limbs_ref(m)) {
            if adx_selected() {
                return limbs_n(x86_64_add::add_mod(a4, b4, m4));
            }
        }
    }
    portable::add_mod(a, b, m)
}

/// Modular subtraction `(a − b) mod m` for `a, b < m`: [`p521::sub`] for
/// the P-521 prime (every backend), the x86-64
/// assembly for N = 4 ([`x86_64_add::sub_mod`]) when the assembly backends
/// are selected, else [`portable::sub_mod`]. Constant time; never fails.
#[inline(always)]
pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    if p521::is_p521(m) {
        return limbs_resize(&p521::sub(&limbs_resize(a), &limbs_resize(b)));
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if let (Some(a4), Some(b4), Some(m4)) = (limbs_ref(a), limbs_ref(b), limbs_ref(m)) {
            if adx_selected() {
                return limbs_n(x86_64_add::sub_mod(a4, b4, m4));
            }
        }
    }
    portable::sub_mod(a, b, m)
}

/// Masked table read, the body of [`Field::lookup`]: `table[j]` for the one
/// j with j + 1 = `idx`, or zeros; every entry is read and OR-ed in under an
/// arithmetic mask. With AVX2 selected the same read runs on 256-bit
/// registers ([`x86_64_avx2::lookup`]: vector compares and blends into up
/// to four accumulators), else the portable loop
/// ([`crate::field::lookup_portable`]). Constant time in `idx`; never fails.
#[inline(always)]
pub fn lookup<F: Field, const K: usize>(table: &[[F; K]], idx: u8) -> [F; K] {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if avx2_selected() {
            return x86_64_avx2::lookup(table, idx);
        }
    }
    crate::field::lookup_portable(table, idx)
}

/// The name of the selected backend (`"x86_64-adx"` or `"portable"`). With
/// `"x86_64-adx"`, multiplications of N ∈ {5, 6, 8} limbs and those modulo
/// the P-256, secp256k1, P-384 and P-521 primes run the assembly, everything
/// else the portable code. Never fails.
pub fn backend_name() -> &'static str {
    if adx_selected() {
        "x86_64-adx"
    } else {
        "portable"
    }
}

/// True when the assembly backend has a multiplication routine for N limbs
/// (callable directly through [`x86_64_adx::mont_mul`]).
#[inline(always)]
pub const fn adx_covers(n: usize) -> bool {
    matches!(n, 4..=6 | 8)
}

/// True when [`mont_mul`] sends multiplications modulo m (N limbs) to the
/// assembly backend (when selected): only where it measured faster than the
/// portable code, N ∈ {5, 6, 8}, and N = 4 when no limb of m is 0 or
/// 2⁶⁴ − 1. With such limbs (secp224r1's p, the group orders of P-256 and
/// secp256k1) LLVM folds the portable products by them into shifts and
/// additions and the portable code wins (secp224r1 ECDH 52.4 µs against
/// 55.9 with the assembly); without them (the brainpool 224- and 256-bit
/// primes and orders) the assembly wins: brainpoolP256r1 ECDH 68.0 → 64.9
/// µs, ECDSA sign 28.0 → 23.7 (brainpoolP224r1 sign 24.0 → 20.0).
/// `const`, so it folds away for a constant m.
#[inline(always)]
pub const fn adx_dispatched<const N: usize>(m: &[u64; N]) -> bool {
    match N {
        5 | 6 | 8 => true,
        4 => {
            let mut i = 0;
            while i < N {
                if m[i] == 0 || m[i] == u64::MAX {
                    return false;
                }
                i += 1;
            }
            true
        }
        _ => false,
    }
}

/// Montgomery multiplication `a·b·2^(−64N) mod m`, fully reduced, on the
/// selected backend: with BMI2 + ADX, the dedicated routine for the P-256
/// prime ([`x86_64_p256`]; the modulus test folds away for a constant m), the P-384 and P-521 routines
/// ([`x86_64_adx`] with BMI2 + ADX, else [`p384`] and the generic portable
/// code), the generic assembly for N ∈ {5, 6, 8}, else the portable code.
///
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `b < m`, `a < 2^(64N)`.
/// Constant time; never fails.
#[inline(always)]
pub fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if p384::is_p384(m) {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if adx_selected() {
                if let (Some(a), Some(b)) = (limbs_ref(a), limbs_ref(b)) {
                    return limbs_resize(&x86_64_adx::mul_p384_unchecked(a, b));
                }
            }
        }
        return limbs_resize(&p384::mul(&limbs_resize(a), &limbs_resize(b)));
    }
    if p521::is_p521(m) {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if adx_selected() {
                if let (Some(a), Some(b)) = (limbs_ref(a), limbs_ref(b)) {
                    return limbs_resize(&x86_64_adx::mul_p521_unchecked(a, b));
                }
            }
        }
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if let (Some(a4), Some(b4)) = (limbs_ref(a), limbs_ref(b)) {
            if x86_64_p256::is_p256(m) && adx_selected() {
                return limbs_n(x86_64_p256::mul(a4, b4));
            }
        }
        if adx_dispatched(m) && adx_selected() {
            if let Some(r) = x86_64_adx::mont_mul_unchecked(a, b, m, inv) {
                return r;
            }
        }
    }
    portable::mont_mul(a, b, m, inv)
}

/// Montgomery squaring `a²·2^(−64N) mod m`, fully reduced.
///
/// Uses the P-256 assembly squaring for that prime when BMI2 + ADX are
/// selected; for P-521 the assembly square (44 products in a staircase of
/// four rows, then the a_8 row) with
/// the rotation reduction in the same assembly
/// (`x86_64_adx::sqr_p521_unchecked`: 34.8 ns per dependent squaring, 31.2
/// ns with three independent chains, against 49.0 and 43.1 for the special
/// multiplication of a by itself fed by a copy of its operands, with the
/// earlier row square; the staircase, Intel Xeon: 35.7 → 31.0 ns;
/// [`p521::sqr`] on the portable path); for P-384 the assembly 21-product
/// square with the two-MULX reduction rounds in the same assembly
/// (`x86_64_adx::sqr_p384_unchecked`: 31.7 vs 34.7 ns per dependent
/// squaring against the special multiplication of a by itself; with the
/// portable reduction instead it measured slower, 45.6 vs 43.1 ns); for N = 8 the assembly squaring
/// (`x86_64_adx::mont_sqr_8_unchecked`, 100 products instead of 128: 52.6
/// vs 67.4 ns per dependent squaring) with BMI2 + ADX, else the multiplication (portable: 77.1 vs 69.0 ns for the
/// dedicated squaring); for N = 4 moduli that [`adx_dispatched`] sends to
/// the assembly (the brainpool 224- and 256-bit primes and orders) the
/// assembly squaring in registers (`x86_64_adx::mont_sqr_4_unchecked`, 10 +
/// 16 products: brainpoolP256r1 ECDH 58.6 → 56.0 µs, brainpoolP224r1 50.8 →
/// 48.6, same binary, before with the portable squaring); for N = 5 and 6
/// the assembly squaring of the N = 8 shape (`x86_64_adx::mont_sqr_5_6_unchecked`:
/// brainpoolP384r1 42.6 ns against 60.8 for the
/// portable dedicated squaring, `mul` 224–231 → 197–201 µs); else the
/// portable dedicated squaring (N(N+1)/2 products).
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `a < m`. Constant time; never fails.
#[inline(always)]
pub fn mont_sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if p384::is_p384(m) {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if adx_selected() {
                if let Some(a) = limbs_ref(a) {
                    return limbs_resize(&x86_64_adx::sqr_p384_unchecked(a));
                }
            }
        }
        return limbs_resize(&p384::sqr(&limbs_resize(a)));
    }
    if p521::is_p521(m) {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if adx_selected() {
                if let Some(a) = limbs_ref(a) {
                    return limbs_resize(&x86_64_adx::sqr_p521_unchecked(a));
                }
            }
        }
        return limbs_resize(&p521::sqr(&limbs_resize(a)));
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if let Some(a4) = limbs_ref(a) {
            if x86_64_p256::is_p256(m) && adx_selected() {
                return limbs_n(x86_64_p256::sqr(a4));
            }
        }
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if N == 4 && adx_dispatched(m) && adx_selected() {
            if let (Some(a4), Some(m4)) = (limbs_ref(a), limbs_ref(m)) {
                return limbs_n(x86_64_adx::mont_sqr_4_unchecked(a4, m4, inv));
            }
        }
    }
    if N == 8 {
        #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
        {
            if adx_selected() {
                if let (Some(a8), Some(m8)) = (limbs_ref(a), limbs_ref(m)) {
                    return limbs_resize(&x86_64_adx::mont_sqr_8_unchecked(a8, m8, inv));
                }
            }
        }
        return mont_mul(a, a, m, inv);
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if matches!(N, 5 | 6) && adx_selected() {
            if let Some(r) = x86_64_adx::mont_sqr_5_6_unchecked(a, m, inv) {
                return r;
            }
        }
    }
    portable::mont_sqr(a, m, inv)
}

/// True when [`mont_sum_of_products`] has the fused assembly for the
/// modulus m on CPUs with BMI2 + ADX: N ∈ {4, 5, 6}, m one that
/// [`adx_dispatched`] sends to the generic assembly, and not the P-384
/// prime (whose special reduction is cheaper than the generic one saved).
/// `const`, so it folds away for a constant m; false off x86-64 and with
/// the `force-portable` feature. Never fails.
#[inline(always)]
pub const fn sop_fused_for<const N: usize>(m: &[u64; N]) -> bool {
    cfg!(all(target_arch = "x86_64", not(feature = "force-portable")))
        && matches!(N, 4..=6)
        && adx_dispatched(m)
        && !p384::is_p384(m)
}

/// Montgomery sum of two products `(a·b + c·d)·2^(−64N) mod m`, fully
/// reduced: where [`sop_fused_for`] holds and BMI2 + ADX are selected, one
/// reduction for both products
/// ([`x86_64_adx::mont_sop_unchecked`]; measured, dependent chains: 18.9
/// ns against 30.7 for two multiplications and an addition on the
/// brainpoolP256r1 prime, 27.5 against 42.9 on brainpoolP320r1's, 36.4
/// against 54.2 on brainpoolP384r1's); else two
/// [`mont_mul`] and an [`add_mod`] (the special primes reduce so cheaply
/// that one reduction saved does not pay for the longer rows). The lazy
/// reduction of sums of products (e.g. Aranha–Karabina–Longa–Gebotys–López,
/// EUROCRYPT 2011, §3), used for the last products of the point formulas.
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, every input `< m`.
/// Constant time; never fails.
#[inline(always)]
pub fn mont_sum_of_products<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if sop_fused_for(m) && adx_selected() {
            if let Some(r) = x86_64_adx::mont_sop_unchecked(a, b, c, d, m, inv) {
                return r;
            }
        }
    }
    add_mod(&mont_mul(a, b, m, inv), &mont_mul(c, d, m, inv), m)
}

/// Montgomery difference of two products `(a·b − c·d)·2^(−64N) mod m`,
/// fully reduced: [`mont_sum_of_products`] of a, b, c and m − d where that
/// has the fused assembly (one modular negation for one reduction saved),
/// else two [`mont_mul`] and a [`sub_mod`].
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, every input `< m`.
/// Constant time; never fails.
#[inline(always)]
pub fn mont_difference_of_products<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    c: &[u64; N],
    d: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if sop_fused_for(m) && adx_selected() {
            let neg_d = sub_mod(&[0u64; N], d, m);
            return mont_sum_of_products(a, b, c, &neg_d, m, inv);
        }
    }
    sub_mod(&mont_mul(a, b, m, inv), &mont_mul(c, d, m, inv), m)
}

/// `a·b mod p` on plain representatives for a pseudo-Mersenne prime
/// p = 2^(64N) − c, 0 < c < 2³⁴ (the [`crate::field::FieldParams::PLAIN`]
/// fields), fully reduced: the [`x86_64_secp256k1`] assembly for the
/// secp256k1 prime when BMI2 + ADX are selected, else [`portable::pm_mul`].
/// Any `a, b < 2^(64N)`. Constant time; never fails.
#[inline(always)]
pub fn pm_mul<const N: usize>(a: &[u64; N], b: &[u64; N], c: u64) -> [u64; N] {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if N == 4 && c == x86_64_secp256k1::C && adx_selected() {
            if let (Some(a4), Some(b4)) = (limbs_ref(a), limbs_ref(b)) {
                return limbs_n(x86_64_secp256k1::mul(a4, b4));
            }
        }
    }
    portable::pm_mul(a, b, c)
}

/// `a² mod p` on plain representatives for a pseudo-Mersenne prime (as
/// [`pm_mul`]): the [`x86_64_secp256k1`] assembly squaring for the
/// secp256k1 prime when BMI2 + ADX are selected, else [`portable::pm_sqr`].
/// Any `a < 2^(64N)`. Constant time; never fails.
#[inline(always)]
pub fn pm_sqr<const N: usize>(a: &[u64; N], c: u64) -> [u64; N] {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if N == 4 && c == x86_64_secp256k1::C && adx_selected() {
            if let Some(a4) = limbs_ref(a) {
                return limbs_n(x86_64_secp256k1::sqr(a4));
            }
        }
    }
    portable::pm_sqr(a, c)
}

/// Whether [`jacobian_double_n_add_a_minus_3`] can run for the modulus `m`
/// of a Montgomery-form field on this target (x86-64: the P-256, P-384 and
/// P-521 primes, and every other four-word modulus through the generic
/// block; whether the CPU has BMI2 + ADX is decided at run time, inside).
/// A compile-time test, so that the other fields skip the call and its
/// copies altogether.
pub const fn has_jacobian_double_n_add<const N: usize>(m: &[u64; N]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        N == 4 || p384::is_p384(m) || p521::is_p521(m)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = m;
        false
    }
}

/// Scratch memory of [`jacobian_double_n_add_a_minus_3`]: the state array
/// of the assembly routines and the layout whose constants it holds. The
/// state keeps values derived from the points (secret in a scalar
/// multiplication) between the calls of one chain, so a chain takes one
/// scratch for all its windows and it is zeroized when dropped: once per
/// multiplication instead of once per window. Measured, secp256r1 `mul`
/// in one process (min of 1500 alternating rounds of 8 scalars): the
/// P-256 routine wiping its 80-word state after each window 49.6 µs,
/// with SSE2 stores 48.9, wiping once 47.7 (the Rust formulas 49.3–49.6).
/// Empty where no routine exists.
pub struct DoubleNAddScratch {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    words: [u64; SCRATCH_WORDS],
    /// The routine (1 to 5: P-256, P-384, P-521, the generic 4-word one,
    /// secp256k1)
    /// whose layout and constants `words` holds; 0 for none yet.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    layout: usize,
}

#[cfg(target_arch = "x86_64")]
const SCRATCH_WORDS: usize = x86_64_weierstrass::STATE_WORDS;
#[cfg(not(target_arch = "x86_64"))]
const SCRATCH_WORDS: usize = 0;

impl DoubleNAddScratch {
    /// A zeroed scratch. Never fails.
    pub const fn new() -> Self {
        DoubleNAddScratch { words: [0; SCRATCH_WORDS], layout: 0 }
    }
}

impl Default for DoubleNAddScratch {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for DoubleNAddScratch {
    fn drop(&mut self) {
        zeroize::Zeroize::zeroize(&mut self.words);
    }
}

/// What a window routine ([`jacobian_double_n_add_a_minus_3`],
/// [`jacobian_double_n_add_a_zero`]) does after its k doublings, with the
/// coordinates of the point it adds (`T`: a field element, or its limbs).
#[derive(Clone, Copy, Debug)]
pub enum WindowAdd<'a, T> {
    /// Nothing: [2^k]P.
    None,
    /// [2^k]P + Q by the mixed `madd-2004-hmv` with the identity cases
    /// selected (Q for [2^k]P = O, [2^k]P for Q = O), Q given as
    /// (x, y, 1), or (x, y, 0) for "add nothing"; wrong for [2^k]P = Q ≠ O
    /// (the contract of `JacobianPoint::double_n_add_affine_on`).
    Mixed([&'a T; 3]),
    /// 2·[2^k]P + Q for an affine Q = (x, y), one more doubling and the
    /// addition in one formula (`JacobianPoint::double_add_affine`,
    /// 13M + 5S): no exceptional case is handled (the caller rules out
    /// [2^k]P = O, [2^k]P = ±Q and [2^(k+1)]P = −Q).
    DoubleMixed([&'a T; 2]),
}

impl<'a, T> WindowAdd<'a, T> {
    /// The same step with each coordinate mapped by `f`.
    #[inline(always)]
    pub fn map<U>(self, f: impl Fn(&'a T) -> &'a U) -> WindowAdd<'a, U> {
        match self {
            WindowAdd::None => WindowAdd::None,
            WindowAdd::Mixed([x, y, z]) => WindowAdd::Mixed([f(x), f(y), f(z)]),
            WindowAdd::DoubleMixed([x, y]) => WindowAdd::DoubleMixed([f(x), f(y)]),
        }
    }

    /// The same step with each coordinate mapped by `f`, or `None` when
    /// `f` fails for one of them.
    #[inline(always)]
    pub fn try_map<U>(self, f: impl Fn(&'a T) -> Option<&'a U>) -> Option<WindowAdd<'a, U>> {
        Some(match self {
            WindowAdd::None => WindowAdd::None,
            WindowAdd::Mixed([x, y, z]) => WindowAdd::Mixed([f(x)?, f(y)?, f(z)?]),
            WindowAdd::DoubleMixed([x, y]) => WindowAdd::DoubleMixed([f(x)?, f(y)?]),
        })
    }

    /// The step word of the assembly routines: 0 nothing, 1 the mixed
    /// addition, 2 the doubling-addition.
    #[inline(always)]
    pub fn word(&self) -> u64 {
        match self {
            WindowAdd::None => 0,
            WindowAdd::Mixed(_) => 1,
            WindowAdd::DoubleMixed(_) => 2,
        }
    }
}

/// [2^k](X : Y : Z), then the step `q` ([`WindowAdd`]: nothing, + Q, or
/// one more doubling and + Q), Jacobian coordinates on a
/// curve with a = −3 over the prime `m` (with −m⁻¹ mod 2⁶⁴ = `inv`), in
/// place, by one assembly routine for the k doublings and the addition
/// where the backend has it (x86-64 with BMI2 + ADX, the P-256, P-384 and
/// P-521 primes and any other four-word prime, k ≥ 1, or k = 0 with an
/// addition, the addition alone: [`x86_64_weierstrass`]); returns false
/// and leaves `xyz` untouched elsewhere, for the caller's own formulas.
/// The step's contract is [`WindowAdd`]'s.
/// Coordinates in Montgomery form, below m. The routine's state lives in
/// `scratch`, one per chain of calls ([`DoubleNAddScratch`]). Constant
/// time in the points (k and the kind of step are public); never fails.
#[inline(always)]
pub fn jacobian_double_n_add_a_minus_3<const N: usize>(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; N]; 3],
    q: WindowAdd<'_, [u64; N]>,
    k: u32,
    m: &[u64; N],
    inv: u64,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64_p256::is_p256(m) {
            return double_n_add_resized(scratch, xyz, q, k, x86_64_weierstrass::p256_double_n_add_if_selected);
        }
        if let Some(m4) = limbs_ref::<N, 4>(m) {
            let m4 = *m4;
            let f = move |s: &mut DoubleNAddScratch, xyz: [&mut [u64; 4]; 3], q: WindowAdd<'_, [u64; 4]>, k: u32| {
                x86_64_weierstrass::mont4_double_n_add_if_selected(s, xyz, q, k, &m4, inv)
            };
            return double_n_add_resized(scratch, xyz, q, k, f);
        }
        if p384::is_p384(m) {
            return double_n_add_resized(scratch, xyz, q, k, x86_64_weierstrass::p384_double_n_add_if_selected);
        }
        if p521::is_p521(m) {
            return double_n_add_resized(scratch, xyz, q, k, x86_64_weierstrass::p521_double_n_add_if_selected);
        }
    }
    let _ = (scratch, xyz, q, k, m, inv);
    false
}

/// Whether [`jacobian_double_n_add_a_zero`] can run for the modulus `m` of
/// a plain-form field on this target (x86-64: the secp256k1 prime; whether
/// the CPU has BMI2 + ADX is decided at run time, inside). A compile-time
/// test, so that the other fields skip the call altogether.
pub const fn has_jacobian_double_n_add_a_zero<const N: usize>(m: &[u64; N]) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        x86_64_secp256k1::is_secp256k1(m)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = m;
        false
    }
}

/// [`jacobian_double_n_add_a_minus_3`] for a curve with a = 0 over a
/// plain-form field (coordinates are the plain representatives, below the
/// prime `m`): the doubling is `dbl-2009-l` (the values of
/// `JacobianPoint::double_a_zero`), the steps and their contract the same.
/// Where the backend has it: x86-64 with BMI2 + ADX, the secp256k1 prime,
/// k ≥ 1, or k = 0 with an addition
/// ([`x86_64_weierstrass::k256_double_n_add_if_selected`]); returns
/// false and leaves `xyz` untouched elsewhere. Constant time in the points
/// (k and the kind of step are public); never fails.
#[inline(always)]
pub fn jacobian_double_n_add_a_zero<const N: usize>(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; N]; 3],
    q: WindowAdd<'_, [u64; N]>,
    k: u32,
    m: &[u64; N],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64_secp256k1::is_secp256k1(m) {
            return double_n_add_resized(scratch, xyz, q, k, x86_64_weierstrass::k256_double_n_add_if_selected);
        }
    }
    let _ = (scratch, xyz, q, k, m);
    false
}

/// Runs a k-doubling-and-addition routine of [`x86_64_weierstrass`] (`f`)
/// on M-limb coordinates (M = N at
/// every call site, after the modulus test), on the caller's coordinates
/// themselves (no copy: the routine's state is the one copy).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn double_n_add_resized<const N: usize, const M: usize>(
    scratch: &mut DoubleNAddScratch,
    xyz: [&mut [u64; N]; 3],
    q: WindowAdd<'_, [u64; N]>,
    k: u32,
    f: impl FnOnce(&mut DoubleNAddScratch, [&mut [u64; M]; 3], WindowAdd<'_, [u64; M]>, u32) -> bool,
) -> bool {
    let [x, y, z] = xyz;
    let (Some(x), Some(y), Some(z)) = (limbs_mut(x), limbs_mut(y), limbs_mut(z)) else {
        return false;
    };
    let Some(q) = q.try_map(limbs_ref) else {
        return false;
    };
    f(scratch, [x, y, z], q, k)
}

/// `a` itself as a mutable M-limb array when M = N (`None` otherwise; the
/// test folds away), with no copy. Never fails.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn limbs_mut<const N: usize, const M: usize>(a: &mut [u64; N]) -> Option<&mut [u64; M]> {
    <&mut [u64; M]>::try_from(a.as_mut_slice()).ok()
}

/// `a` itself as an M-limb array when M = N (`None` otherwise; the test
/// folds away), with no copy. The assembly routines read their operands
/// through it where the caller wrote them: a copy made with LLVM's 16-byte
/// moves cannot be forwarded to their 8-byte loads and cost 5 to 9 ns per
/// dependent P-521 operation (see `tools/gen_adx_mont.py`). Never fails.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn limbs_ref<const N: usize, const M: usize>(a: &[u64; N]) -> Option<&[u64; M]> {
    <&[u64; M]>::try_from(a.as_slice()).ok()
}

/// Four limbs widened (or cut) to N; the identity when N = 4. Never fails.
#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
#[inline(always)]
fn limbs_n<const N: usize>(a: [u64; 4]) -> [u64; N] {
    let mut r = [0u64; N];
    for (d, s) in r.iter_mut().zip(a.iter()) {
        *d = *s;
    }
    r
}

/// `a` copied into M limbs (cut or zero-extended); the identity when M = N,
/// which is the case at every call site (after the modulus test). Never fails.
#[inline(always)]
pub(crate) fn limbs_resize<const N: usize, const M: usize>(a: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    for (d, s) in r.iter_mut().zip(a.iter()) {
        *d = *s;
    }
    r
}
