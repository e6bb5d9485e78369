//! Run-time selected backends for Montgomery multiplication and squaring.
//!
//! | backend | where | what |
//! |---|---|---|
//! | [`portable`] | every target, always compiled and tested | fully unrolled CIOS in plain Rust (u128 products), dedicated squaring |
//! | [`x86_64_adx`] | x86-64 with BMI2 + ADX; routines for N ∈ {4, 5, 6}, dispatched for N ∈ {5, 6} | MULX/ADCX/ADOX inline assembly (two carry chains) |
//!
//! What is dispatched where was decided by measurement (tests/field_bench.rs,
//! both backends interleaved in one process): the assembly multiplication
//! wins for 5 and 6 limbs (about 6 % and 3 % per multiply) but loses for 4
//! limbs (19.9 vs 16.2 ns on P-256, 21.5 vs 18.8 ns on secp256k1), where
//! LLVM's fully unrolled portable code with constant-folded moduli is faster;
//! squaring always uses the portable dedicated squaring, which beats the
//! assembly multiplication at every covered N (e.g. 34.1 vs 42.9 ns at N = 6).
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
//! Both backends compute exactly the same function (`a·b·2^(−64N) mod m`,
//! fully reduced), are constant time (no secret-dependent branch, memory
//! index, or variable-time instruction), and never fail.

pub mod portable;
#[cfg(target_arch = "x86_64")]
pub mod x86_64_adx;

use core::sync::atomic::{AtomicU8, Ordering};

/// Backend selection state: 0 = not yet probed, 1 = portable, 2 = ADX.
static SELECTED: AtomicU8 = AtomicU8::new(0);

/// True when the MULX/ADCX/ADOX backend is selected (it then serves the
/// multiplications of N ∈ {5, 6} limbs, see [`adx_dispatched`]).
///
/// Probes the CPU on first use and caches the answer; always false with the
/// `force-portable` feature, off x86-64, or when `KURVE_FORCE_PORTABLE=1` is
/// set (under `std`). Constant time (depends on the CPU only); never fails.
#[inline(always)]
pub fn adx_selected() -> bool {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        match SELECTED.load(Ordering::Relaxed) {
            2 => true,
            1 => false,
            _ => probe(),
        }
    }
    #[cfg(not(all(target_arch = "x86_64", not(feature = "force-portable"))))]
    {
        let _ = &SELECTED;
        let _ = Ordering::Relaxed;
        false
    }
}

#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
#[cold]
#[inline(never)]
fn probe() -> bool {
    let use_adx = x86_64_adx::cpu_has_bmi2_adx() && !env_forces_portable();
    SELECTED.store(if use_adx { 2 } else { 1 }, Ordering::Relaxed);
    use_adx
}

#[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
fn env_forces_portable() -> bool {
    #[cfg(feature = "std")]
    {
        matches!(std::env::var("KURVE_FORCE_PORTABLE").as_deref(), Ok("1"))
    }
    #[cfg(not(feature = "std"))]
    {
        false
    }
}

/// Switches every thread to the portable backend (`true`), or back to the
/// CPU-probed choice (`false`; the `KURVE_FORCE_PORTABLE` variable is honoured
/// again). Meant for benchmarks and tests that compare backends in one
/// process; both backends give identical results, so switching while other
/// threads compute is harmless. Never fails.
pub fn set_force_portable(on: bool) {
    SELECTED.store(if on { 1 } else { 0 }, Ordering::Relaxed);
}

/// The name of the selected backend (`"x86_64-adx"` or `"portable"`). With
/// `"x86_64-adx"`, multiplications of N ∈ {5, 6} limbs run the assembly and
/// everything else the portable code. Never fails.
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
    matches!(n, 4..=6)
}

/// True when [`mont_mul`] sends N-limb multiplications to the assembly
/// backend (when selected): only where it measured faster than the portable
/// code, N ∈ {5, 6}.
#[inline(always)]
pub const fn adx_dispatched(n: usize) -> bool {
    matches!(n, 5 | 6)
}

/// Montgomery multiplication `a·b·2^(−64N) mod m`, fully reduced, on the
/// selected backend.
///
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `b < m`, `a < 2^(64N)`.
/// Constant time; never fails.
#[inline(always)]
pub fn mont_mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    {
        if adx_dispatched(N) && adx_selected() {
            if let Some(r) = x86_64_adx::mont_mul_unchecked(a, b, m, inv) {
                return r;
            }
        }
    }
    portable::mont_mul(a, b, m, inv)
}

/// Montgomery squaring `a²·2^(−64N) mod m`, fully reduced.
///
/// Uses the portable dedicated squaring (N(N+1)/2 products), measured faster
/// than any multiplication for every N except 8, where the portable
/// multiplication is used instead (77.1 vs 69.0 ns).
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `a < m`. Constant time; never fails.
#[inline(always)]
pub fn mont_sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    if N == 8 {
        return portable::mont_mul(a, a, m, inv);
    }
    portable::mont_sqr(a, m, inv)
}
