//! Constant-time modular inversion by Bernstein–Yang "safegcd" divsteps
//! ([`mul_inverse`], [`invert`]), and a variable-time variant for public
//! values ([`mul_inverse_vartime`]).
//!
//! Follows D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd computation
//! and modular inversion", TCHES 2019(3) (§8 divsteps, §11 inversion), in the
//! form libsecp256k1 uses for its `modinv64` (its `doc/safegcd_implementation.md`
//! explains it): signed 62-bit limbs, batches of divsteps run on the low limb
//! only and collected into a 2×2 transition matrix, the matrix then applied to
//! the full (f, g) and, modulo m, to the Bézout trackers (d, e). This file is
//! written from those descriptions; no code is taken from either.
//!
//! # The divstep variant: "half delta"
//!
//! One divstep maps (δ, f, g), f odd, to
//!
//! ```text
//!   δ > 0 and g odd:  (1 − δ, g, (g − f)/2)
//!   g odd otherwise:  (1 + δ, f, (g + f)/2)
//!   g even:           (1 + δ, f, g/2)
//! ```
//!
//! started at δ = ½ instead of the paper's δ = 1 (P. Wuille's "hddivsteps",
//! also what libsecp256k1 runs in constant time). g reaches 0 after at most
//! [`divsteps_bound`] steps for 0 ≤ g ≤ f ≤ M, and then |f| = gcd(f₀, g₀);
//! further steps leave f unchanged. The code keeps ζ = −(δ + ½), an integer,
//! so δ > 0 ⇔ ζ < 0 (the sign bit), 1 + δ ⇔ ζ − 1 and 1 − δ ⇔ ¬ζ − 1.
//!
//! # Procedure (inversion of x modulo an odd m, times a constant c)
//!
//! ```text
//!   f ← m, g ← x, d ← 0, e ← c, ζ ← −1          invariants: f ≡ d·x/c, g ≡ e·x/c (mod m)
//!   repeat BATCHES times (BATCHES·S ≥ divsteps_bound(bits(m))):
//!     (ζ, T) ← S divsteps on the low 62 bits of f and g,
//!              T = [u v; q r] with 2⁶²·(f', g') = T·(f, g)
//!     (d, e) ← T·(d, e)/2⁶² mod m                 ("update_de", exact division by
//!                                                 adding the multiple of m that
//!                                                 clears the low 62 bits)
//!     (f, g) ← T·(f, g)/2⁶²                       (exact)
//!   now g = 0 and f = ±gcd(m, x) = ±1 for invertible x, so c/x ≡ ±d:
//!   return sign(f)·d reduced to [0, m)
//! ```
//!
//! Ranges (as in the libsecp256k1 write-up, re-derived in the comments below):
//! |f|, |g| ≤ m throughout; d, e ∈ (−2m, m) before and after every batch; the
//! matrix entries satisfy |u| + |v| ≤ 2⁶² and |q| + |r| ≤ 2⁶², so every
//! product and sum fits an `i128`.
//!
//! # Cost
//!
//! Measured with `tests/field_bench.rs` (x86-64, min of 41 batches, same run
//! as the Fermat a^(p−2) it replaces in `Fp::invert`): 1.1 µs for 192-bit
//! moduli (Fermat 2.6 µs), 1.6 µs for 256-bit (4.6–6.1 µs), 2.5 µs for
//! 384-bit (16.7 µs), 3.5 µs for 512- and 521-bit (41.0 and 31.7 µs). The
//! divsteps loop dominates (a few cycles per step, ~2.3 steps per bit) plus
//! one linear-size matrix update per batch: roughly quadratic in the size,
//! where Fermat's one field multiplication per exponent bit is cubic, so
//! safegcd wins at every size kurve uses.
//!
//! The divsteps of a batch run in passes of 20 on packed words (the low
//! bits of f or g and their matrix row in one 64-bit word, [`pack`]), on
//! x86-64 in the CMOV loop of
//! [`crate::arith::backend::x86_64_divsteps`]. Against the batch of two
//! 30-step halves with the rows packed apart from f and g that it
//! replaced (interleaved in one process, min of 300 rounds of 50
//! dependent inversions, AMD EPYC Zen 3 of 2026-11-28), new/old:
//! 256-bit 1.79 → 1.55–1.64 µs (0.86–0.89), 2²⁵⁵ − 19 1.76–1.83 → 1.53–1.63
//! (0.87–0.89), 384-bit 2.89 → 2.44–2.47 (0.84–0.85), 448-bit 3.53 →
//! 3.06 (0.87), 521-bit 4.63–4.79 → 3.95–4.19 (0.85–0.87). The portable
//! mask form of the same passes took the 256-bit divsteps alone (ten
//! batches, no matrix updates) from 1.36 to 1.26 µs, the CMOV loop to
//! 1.04 (separate runs, min of 41 batches). AWS-LC's `bignum_montinv_p256`
//! took 1.20 µs in the same runs.
//!
//! # Constant time
//!
//! The number of batches, the steps per batch and the limb count depend only
//! on N and on the public bit length of m. Inside, every choice is a mask
//! (`and`, `xor`, arithmetic shifts) or, in the x86-64 divsteps loop, a
//! CMOV on flags from TEST; multiplications are 64×64→128-bit,
//! which are constant time on every target kurve supports. There is no
//! division instruction, no secret-dependent branch and no secret-dependent
//! memory index. The secret temporaries are zeroized before returning.
//! [`mul_inverse_vartime`] is the exception by design: its divsteps branch on
//! the data and it stops when g = 0, so it takes public values only (the s
//! of a signature being verified).

use zeroize::Zeroize;

/// Largest limb count N (of 64-bit limbs) handled here: moduli up to 576 bits,
/// which covers every field in kurve (N = 3…9). [`invert`] and [`mul_inverse`]
/// return `None` for larger N; callers then use another method.
pub const MAX_LIMBS: usize = 9;

/// Capacity of the signed-62 arrays: `s62_len(MAX_LIMBS)`.
const CAP: usize = s62_len(MAX_LIMBS);

/// Mask of the low 62 bits.
const M62: u64 = u64::MAX >> 2;

/// Number of signed 62-bit limbs used for N 64-bit limbs: ⌊64N/62⌋ + 1,
/// which leaves at least 2 spare bits (for N ≤ 30) above 64N for the sign
/// and for the range (−2m, m) of d and e.
pub const fn s62_len(n: usize) -> usize {
    64 * n / 62 + 1
}

/// A number of half-delta divsteps that always suffices to bring g to 0,
/// for every 0 ≤ g ≤ f < 2^bits.
///
/// Value: ⌊(3787·b + 2166)/1644⌋ with b = max(bits, 23). This is the bound
/// P. Wuille derived for hddivsteps ("Bounds on divsteps iterations in
/// safegcd", section "A faster variant of divsteps: hddivsteps"): for
/// M ≥ 4 257 874 and all 0 ≤ g ≤ f ≤ M, at most ⌊(3787·log₂M + 2166)/1644⌋
/// steps are needed. It is not a closed-form proof but was verified with
/// exact convex-hull computations for every M ≤ 2³⁸⁰⁵ — far beyond the
/// 576-bit maximum here. Using b = bits ≥ log₂M only rounds up (the
/// expression grows with b); b is clamped to 23 because the verified range
/// starts at M ≈ 2²², and a bound for a larger M covers every smaller one.
/// For 256 bits it gives 591 (libsecp256k1 runs 590, proven for 256-bit
/// inputs by a Coq-checked hull computation); for 521 bits, 1201.
///
/// For comparison, the paper's own proven bound for the original δ = 1
/// divsteps (Theorem 11.2) is ⌊(49d + 57)/17⌋ for d ≥ 46, i.e. 741 for 256
/// bits: the half-delta variant needs about 20 % fewer steps.
pub const fn divsteps_bound(bits: u32) -> u32 {
    let b = if bits < 23 { 23 } else { bits };
    (3787 * b + 2166) / 1644
}

/// Most divsteps in one batch: three packed passes of at most 20
/// ([`divsteps`]), whose matrix (entries below 2⁶⁰) fits an `i64`.
pub const MAX_BATCH_STEPS: u32 = 60;

/// Batch schedule for a modulus of `bits` bits: `(batches, steps)` with
/// `steps ≤ MAX_BATCH_STEPS` (60) divsteps per batch and `batches·steps ≥
/// divsteps_bound(bits)`, using as few batches as possible and then as few
/// steps per batch as that allows (e.g. 256 bits: bound 591, 10 batches of
/// 60; 384 bits: 886, 15 of 60; 521 bits: 1201, 21 of 58).
pub const fn schedule(bits: u32) -> (u32, u32) {
    let bound = divsteps_bound(bits);
    let batches = bound.div_ceil(MAX_BATCH_STEPS);
    (batches, bound.div_ceil(batches))
}

/// m⁻¹ mod 2⁶² for odd m0 (Newton iteration; each step doubles the number of
/// correct low bits, 1 → 64 in 6 steps).
const fn inv_mod_2_62(m0: u64) -> u64 {
    let mut x: u64 = 1;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
        i += 1;
    }
    x & M62
}

/// The 2×2 transition matrix of one batch, scaled by 2⁶²:
/// 2⁶²·f' = u·f + v·g and 2⁶²·g' = q·f + r·g.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Trans {
    u: i64,
    v: i64,
    q: i64,
    r: i64,
}

/// `a` (64-bit limbs, < 2^(64N)) as L signed 62-bit limbs, all in [0, 2⁶²).
#[inline(always)]
fn to_s62<const N: usize>(a: &[u64; N]) -> [i64; CAP] {
    let l = s62_len(N);
    let mut r = [0i64; CAP];
    let mut i = 0;
    while i < l {
        // bits [62i, 62i + 62) of a
        let bit = 62 * i;
        let (w, s) = (bit / 64, bit % 64);
        let lo = if w < N { a[w] >> s } else { 0 };
        let hi = if s > 2 && w + 1 < N { a[w + 1] << (64 - s) } else { 0 };
        r[i] = ((lo | hi) & M62) as i64;
        i += 1;
    }
    r
}

/// The inverse of [`to_s62`] for a value in [0, 2^(64N)) whose limbs are
/// normalized (all in [0, 2⁶²)).
#[inline(always)]
fn from_s62<const N: usize>(a: &[i64; CAP]) -> [u64; N] {
    let l = s62_len(N);
    let mut r = [0u64; N];
    let mut i = 0;
    while i < l {
        let v = a[i] as u64;
        let bit = 62 * i;
        let (w, s) = (bit / 64, bit % 64);
        if w < N {
            r[w] |= v << s;
        }
        if s > 2 && w + 1 < N {
            r[w + 1] |= v >> (64 - s);
        }
        i += 1;
    }
    r
}

/// Steps per packed pass: the low field of the packing holds 20 bits of f
/// and g, enough for 20 steps ([`divsteps_pass`]).
const PASS_STEPS: u32 = 20;

/// The packed words of one pass (as in s2n-bignum's inversions, after
/// Bernstein–Yang's packing of the low bits with the matrix):
///
/// ```text
///   F = f̃ + 2²¹·u + 2⁴²·v,   G = g̃ + 2²¹·q + 2⁴²·r
/// ```
///
/// with f̃, g̃ the low 20 bits of f and g and the rows started at
/// (u, v) = (K, 0), (q, r) = (0, K), K = −2²⁰. A step's linear update
/// acts on the whole word as on each field, so one ADD/SUB, CMOV or shift
/// moves f̃ and its row together ([`packed_step`]).
#[inline(always)]
fn pack(f: u64, g: u64) -> (i64, i64) {
    const LOW: u64 = (1 << 20) - 1;
    ((f & LOW) as i64 - (1 << 41), (g & LOW) as i64 - (1 << 62))
}

/// The two matrix fields (u, v) of a packed word after at most 20 steps.
///
/// Ranges (why the fields separate): every step keeps |f̃|, |g̃| < 2²⁰
/// (g̃' = (g̃ ± f̃)/2 or g̃/2, f̃' ∈ {f̃, g̃}); the rows are K times the
/// rational matrix of the steps, whose row sums of absolute values stay
/// ≤ 1, and an entry of magnitude |K| occurs only in an untouched initial
/// row, where it equals K = −2²⁰. So u, v ∈ [−2²⁰, 2²⁰), the word is
/// below 2⁶³ in magnitude (no wrap: each step's halving is exact), and
/// t = F + 2²⁰ + 2⁴¹ = (f̃ + 2²⁰) + 2²¹·(u + 2²⁰) + 2⁴²·v has its first
/// two fields in [0, 2²¹).
#[inline(always)]
fn unpack(p: i64) -> (i64, i64) {
    let t = p.wrapping_add((1 << 20) + (1 << 41));
    let u = ((t >> 21) & ((1 << 21) - 1)) - (1 << 20);
    (u, t >> 42)
}

/// One half-delta divstep on packed words (portable form, masks): c₁ =
/// "δ > 0" (the sign of ζ), c₂ = "g odd" (bit 0 of G, which is bit 0 of
/// g̃), s = c₁ ∧ c₂ the swap case;
///   G ← (G + (c₁ ? −F : F)·c₂)/2 (exact: the sum is even, an arithmetic
///   shift), F ← G on a swap (selected from the old G, off the chain
///   through the new G), ζ ← (ζ ⊕ s) − 1.
/// Halving G halves g̃ and g's row together: the row then holds K/2^i
/// times the matrix with denominator 2^i, which stays integral for i ≤ 20.
#[inline(always)]
fn packed_step(zeta: &mut i64, f: &mut i64, g: &mut i64) {
    let c1 = *zeta >> 63;
    let c2 = (*g & 1).wrapping_neg();
    let x = (*f ^ c1).wrapping_sub(c1);
    let swap = c1 & c2;
    let g_new = g.wrapping_add(x & c2);
    *f ^= (*f ^ *g) & swap;
    *zeta = (*zeta ^ swap).wrapping_sub(1);
    *g = g_new >> 1;
}

/// Runs `n` ≤ 20 half-delta divsteps on the low 20 bits of `f` (odd) and
/// `g`, starting from ζ = `zeta`, on the packed words of [`pack`]; with
/// `asm` the step pairs run in [`crate::arith::backend::x86_64_divsteps`]
/// (CMOV; the same values). Returns the matrix T with 2ⁿ·(f', g') =
/// T·(f, g) (from the identity), read from the fields: T = 2ⁿ·rows/K =
/// −rows/2^(20−n), an exact division.
///
/// Step i reads bit 0 of the current g, which depends on the low i + 1
/// bits of the inputs, so 20 low bits determine up to 20 steps exactly.
#[inline(always)]
fn divsteps_pass(zeta: &mut i64, f: u64, g: u64, n: u32, asm: bool) -> Trans {
    debug_assert!(n <= PASS_STEPS);
    let (mut pf, mut pg) = pack(f, g);
    #[cfg(all(target_arch = "x86_64", not(feature = "force-portable")))]
    if asm {
        use super::backend::x86_64_divsteps as x86;
        x86::divstep_pairs(zeta, &mut pf, &mut pg, n / 2);
        if n % 2 == 1 {
            x86::divstep_one(zeta, &mut pf, &mut pg);
        }
        return pass_matrix(pf, pg, n);
    }
    let _ = asm;
    let mut i = 0;
    while i < n {
        packed_step(zeta, &mut pf, &mut pg);
        i += 1;
    }
    pass_matrix(pf, pg, n)
}

/// The matrix T of a pass of `n` steps from its final packed words:
/// 2ⁿ·(f', g') = T·(f, g) with T = 2ⁿ·rows/K = −rows/2^(20−n) (an exact
/// division: n halvings of g's row from K = −2²⁰).
#[inline(always)]
fn pass_matrix(pf: i64, pg: i64, n: u32) -> Trans {
    let ((u, v), (q, r)) = (unpack(pf), unpack(pg));
    let sh = PASS_STEPS - n;
    Trans { u: -(u >> sh), v: -(v >> sh), q: -(q >> sh), r: -(r >> sh) }
}

/// Runs `steps` (≤ 60) half-delta divsteps on the low bits `f0` (odd) and
/// `g0` of f and g, starting from ζ = `zeta`. Returns the new ζ and the
/// transition matrix, scaled so that its denominator is 2⁶² whatever `steps`
/// is.
///
/// Procedure: passes of n ≤ 20 steps ([`divsteps_pass`], matrix Tⱼ);
/// between them the low bits of (f, g) move on by Tⱼ: f' = (u·f + v·g)/2ⁿ
/// computed mod 2⁶⁴ (the division is exact, so after passes of n₁ + n₂ ≤
/// 40 steps the low 24 bits are right, more than the 20 the next pass
/// reads). T = T₃·T₂·T₁ (entries below 2⁶⁰: the row-sum bound), shifted by
/// 62 − steps to the 2⁶² denominator.
///
/// History (P-256 field inversion, 10 batches of 60): one unpacked
/// 60-step loop 1.27 µs, about 7.7 cycles a step, bound by the chain
/// f → x → g → f; two packed halves of 30 (the rows u + 2³²·v apart from
/// f and g) with f, uv selected from the old g, qr on a swap 1.07–1.10
/// (Zen 5, 2026-11-24); these passes of 20 with f̃ and its row in one word
/// about 0.88 of that (figures in the module documentation).
#[inline(always)]
fn divsteps(mut zeta: i64, f0: u64, g0: u64, steps: u32, asm: bool) -> (i64, Trans) {
    debug_assert!(steps <= MAX_BATCH_STEPS);
    let (mut f, mut g) = (f0, g0);
    let mut t = Trans { u: 1, v: 0, q: 0, r: 1 };
    let mut done = 0;
    while done < steps {
        let n = if steps - done < PASS_STEPS { steps - done } else { PASS_STEPS };
        let p = divsteps_pass(&mut zeta, f, g, n, asm);
        let f1 = ((p.u as u64).wrapping_mul(f).wrapping_add((p.v as u64).wrapping_mul(g)) as i64 >> n) as u64;
        let g1 = ((p.q as u64).wrapping_mul(f).wrapping_add((p.r as u64).wrapping_mul(g)) as i64 >> n) as u64;
        (f, g) = (f1, g1);
        t = Trans {
            u: p.u * t.u + p.v * t.q,
            v: p.u * t.v + p.v * t.r,
            q: p.q * t.u + p.r * t.q,
            r: p.q * t.v + p.r * t.r,
        };
        done += n;
    }
    let sh = 62 - steps;
    (zeta, Trans { u: t.u << sh, v: t.v << sh, q: t.q << sh, r: t.r << sh })
}

/// 62 half-delta divsteps in variable time (public inputs only), the same
/// map as [`divsteps`] with `steps` = 62: runs of even g are skipped at once
/// by counting trailing zeros (each such step is g ← g/2, ζ ← ζ − 1 and a
/// doubling of f's row), and the odd steps branch on the sign of ζ instead
/// of masking. Returns the new ζ and the transition matrix (denominator
/// 2⁶², starting from the identity).
#[inline(always)]
fn divsteps_vartime(mut zeta: i64, f0: u64, g0: u64) -> (i64, Trans) {
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let (mut f, mut g) = (f0, g0);
    let mut left = 62u32;
    loop {
        // g even: g/2 as often as it stays even (at most the steps left)
        let z = g.trailing_zeros().min(left);
        g >>= z;
        u <<= z;
        v <<= z;
        zeta -= z as i64;
        left -= z;
        if left == 0 {
            break;
        }
        debug_assert!(f & 1 == 1 && g & 1 == 1);
        if zeta < 0 {
            // δ > 0, g odd: (f, g) ← (g, g − f), rows likewise, ζ ← −ζ − 2
            zeta = -zeta - 2;
            (f, g) = (g, g.wrapping_sub(f));
            (u, v, q, r) = (q, r, q.wrapping_sub(u), r.wrapping_sub(v));
        } else {
            // g odd otherwise: g ← g + f, ζ ← ζ − 1
            zeta -= 1;
            g = g.wrapping_add(f);
            q = q.wrapping_add(u);
            r = r.wrapping_add(v);
        }
        g >>= 1;
        u <<= 1;
        v <<= 1;
        left -= 1;
    }
    (zeta, Trans { u: u as i64, v: v as i64, q: q as i64, r: r as i64 })
}

/// (f, g) ← T·(f, g)/2⁶², exact (the low 62 bits of both products vanish by
/// construction of T). |f|, |g| ≤ m before and after; limbs 0…L−2 come out
/// in [0, 2⁶²) and the top limb carries the sign.
/// Sizes: |u·fᵢ + v·gᵢ| < 2⁶²·2⁶² + 2⁶²·2⁶² = 2¹²⁵, plus a carry < 2⁶⁴.
#[inline(always)]
fn update_fg(l: usize, f: &mut [i64; CAP], g: &mut [i64; CAP], t: &Trans) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cf = u * f[0] as i128 + v * g[0] as i128;
    let mut cg = q * f[0] as i128 + r * g[0] as i128;
    debug_assert!(cf as u64 & M62 == 0 && cg as u64 & M62 == 0);
    cf >>= 62;
    cg >>= 62;
    let mut i = 1;
    while i < l {
        cf += u * f[i] as i128 + v * g[i] as i128;
        cg += q * f[i] as i128 + r * g[i] as i128;
        f[i - 1] = (cf as u64 & M62) as i64;
        g[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
        i += 1;
    }
    f[l - 1] = cf as i64;
    g[l - 1] = cg as i64;
}

/// (d, e) ← T·(d, e)/2⁶² mod m, keeping d, e ∈ (−2m, m).
///
/// Procedure: first replace a negative d (e) by d + m (e + m), now in
/// (−m, m), by adding u·m, v·m (q·m, r·m) to the products: md ← u·[d<0] +
/// v·[e<0]. Then subtract t·m with t ∈ [0, 2⁶²) chosen so that the low 62
/// bits of u·d + v·e + md·m vanish: t = (m⁻¹·(u·d + v·e) + md) mod 2⁶².
/// The numerator is then in (−2⁶²·m − 2⁶²·m, 2⁶²·m) (because |u|+|v| ≤ 2⁶²),
/// so the exact quotient by 2⁶² is in (−2m, m).
/// Sizes: md ∈ (−2⁶³, 2⁶²] fits an i64; each limb sum is below
/// 2¹²⁴ + 2¹²⁴ + 2¹²⁵ plus a carry, inside an i128.
#[inline(always)]
fn update_de(
    l: usize,
    d: &mut [i64; CAP],
    e: &mut [i64; CAP],
    t: &Trans,
    m: &[i64; CAP],
    m_inv62: u64,
) {
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = d[l - 1] >> 63;
    let se = e[l - 1] >> 63;
    let mut md = (u & sd) + (v & se);
    let mut me = (q & sd) + (r & se);
    let (u, v, q, r) = (u as i128, v as i128, q as i128, r as i128);
    let mut cd = u * d[0] as i128 + v * e[0] as i128;
    let mut ce = q * d[0] as i128 + r * e[0] as i128;
    md -= (m_inv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64;
    me -= (m_inv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64;
    cd += m[0] as i128 * md as i128;
    ce += m[0] as i128 * me as i128;
    debug_assert!(cd as u64 & M62 == 0 && ce as u64 & M62 == 0);
    cd >>= 62;
    ce >>= 62;
    let mut i = 1;
    while i < l {
        cd += u * d[i] as i128 + v * e[i] as i128 + m[i] as i128 * md as i128;
        ce += q * d[i] as i128 + r * e[i] as i128 + m[i] as i128 * me as i128;
        d[i - 1] = (cd as u64 & M62) as i64;
        e[i - 1] = (ce as u64 & M62) as i64;
        cd >>= 62;
        ce >>= 62;
        i += 1;
    }
    d[l - 1] = cd as i64;
    e[l - 1] = ce as i64;
}

/// Re-normalizes limbs 0…L−2 into [0, 2⁶²), pushing carries (arithmetic
/// shifts, so negative limbs borrow) into the signed top limb.
#[inline(always)]
fn carry(l: usize, a: &mut [i64; CAP]) {
    let mut c = 0i64;
    let mut i = 0;
    while i + 1 < l {
        let t = a[i] + c;
        a[i] = t & M62 as i64;
        c = t >> 62;
        i += 1;
    }
    a[l - 1] += c;
}

/// a ← a + (m if `mask` is all ones), then normalized. Constant time.
#[inline(always)]
fn cond_add(l: usize, a: &mut [i64; CAP], m: &[i64; CAP], mask: i64) {
    let mut i = 0;
    while i < l {
        a[i] += m[i] & mask;
        i += 1;
    }
    carry(l, a);
}

/// a ← −a if `mask` is all ones, then normalized. Constant time.
#[inline(always)]
fn cond_neg(l: usize, a: &mut [i64; CAP], mask: i64) {
    let mut i = 0;
    while i < l {
        a[i] = (a[i] ^ mask).wrapping_sub(mask);
        i += 1;
    }
    carry(l, a);
}

/// The end of both inversions: with g = 0 and f = ±1 (for invertible x),
/// d ∈ (−2m, m) and c/x ≡ sign(f)·d, returns sign(f)·d in [0, m) as N
/// limbs. Constant time (masks from the sign bits).
#[inline(always)]
fn finish<const N: usize>(l: usize, d: &mut [i64; CAP], f: &[i64; CAP], modulus: &[i64; CAP]) -> [u64; N] {
    let f_neg = f[l - 1] >> 63;
    // d ∈ (−2m, m) → (−m, m)
    let d_neg = d[l - 1] >> 63;
    cond_add(l, d, modulus, d_neg);
    // times sign(f): still in (−m, m)
    cond_neg(l, d, f_neg);
    // → [0, m)
    let d_neg = d[l - 1] >> 63;
    cond_add(l, d, modulus, d_neg);
    from_s62::<N>(d)
}

/// c·x⁻¹ mod m, in constant time (Bernstein–Yang safegcd, half-delta
/// divsteps; see the module documentation for the procedure and bounds).
///
/// Requires: m odd and m > 1; x < m; c < m (little-endian 64-bit limbs).
/// Returns the value in [0, m). If gcd(x, m) ≠ 1 (in particular x = 0) the
/// result is c·d for the Bézout-like d of the run; for x = 0 it is exactly 0.
/// Nothing is flagged: callers that care test x for zero themselves.
///
/// Constant time in x and c: the sequence of operations depends only on N
/// and on the bit length of m (public). Returns `None` only when
/// N > [`MAX_LIMBS`], a compile-time property of the caller, never of the
/// values; never panics.
pub fn mul_inverse<const N: usize>(x: &[u64; N], c: &[u64; N], m: &[u64; N]) -> Option<[u64; N]> {
    if N == 0 || N > MAX_LIMBS {
        return None;
    }
    let l = s62_len(N);
    let (batches, steps) = schedule(super::bits_vartime(m));
    let m_inv62 = inv_mod_2_62(m[0]);
    let modulus = to_s62(m);
    let mut f = modulus;
    let mut g = to_s62(x);
    let mut d = [0i64; CAP];
    let mut e = to_s62(c);
    let mut zeta: i64 = -1; // δ = ½
    let asm = super::backend::adx_selected();
    let mut b = 0;
    while b < batches {
        let (z, t) = divsteps(zeta, f[0] as u64, g[0] as u64, steps, asm);
        zeta = z;
        update_de(l, &mut d, &mut e, &t, &modulus, m_inv62);
        update_fg(l, &mut f, &mut g, &t);
        b += 1;
    }
    let out = finish::<N>(l, &mut d, &f, &modulus);
    d.zeroize();
    e.zeroize();
    f.zeroize();
    g.zeroize();
    Some(out)
}

/// c·x⁻¹ mod m in variable time, for public x only: [`mul_inverse`]'s
/// procedure with batches of 62 `divsteps_vartime` and a stop as soon as
/// g = 0 (instead of the worst-case number of batches of fixed, masked
/// divsteps). Same requirements and results as [`mul_inverse`] (x = 0 gives
/// 0); `None` only when N > [`MAX_LIMBS`]. Never panics. About twice as
/// fast as [`mul_inverse`] (figures at `Fp::invert_vartime`).
pub fn mul_inverse_vartime<const N: usize>(x: &[u64; N], c: &[u64; N], m: &[u64; N]) -> Option<[u64; N]> {
    if N == 0 || N > MAX_LIMBS {
        return None;
    }
    let l = s62_len(N);
    let max_batches = divsteps_bound(super::bits_vartime(m)).div_ceil(62);
    let m_inv62 = inv_mod_2_62(m[0]);
    let modulus = to_s62(m);
    let mut f = modulus;
    let mut g = to_s62(x);
    let mut d = [0i64; CAP];
    let mut e = to_s62(c);
    let mut zeta: i64 = -1; // δ = ½
    for _ in 0..max_batches {
        if g[..l].iter().all(|&w| w == 0) {
            break;
        }
        let (z, t) = divsteps_vartime(zeta, f[0] as u64, g[0] as u64);
        zeta = z;
        update_de(l, &mut d, &mut e, &t, &modulus, m_inv62);
        update_fg(l, &mut f, &mut g, &t);
    }
    Some(finish::<N>(l, &mut d, &f, &modulus))
}

/// x⁻¹ mod m in constant time: [`mul_inverse`] with c = 1 (same
/// requirements and guarantees; x = 0 gives 0).
pub fn invert<const N: usize>(x: &[u64; N], m: &[u64; N]) -> Option<[u64; N]> {
    let mut one = [0u64; N];
    if N > 0 {
        one[0] = 1;
    }
    mul_inverse(x, &one, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_matches_known_values() {
        assert_eq!(divsteps_bound(256), 591);
        assert_eq!(divsteps_bound(521), 1201);
        assert_eq!(schedule(256), (10, 60));
        for bits in 1..=576 {
            let (b, s) = schedule(bits);
            assert!(s <= MAX_BATCH_STEPS && b * s >= divsteps_bound(bits));
        }
    }

    /// The definition, one step at a time with branches, on the low 64
    /// bits (enough for up to 63 steps), f's row doubled instead of g
    /// halved: the reference for [`divsteps`].
    fn divsteps_reference(mut zeta: i64, mut f: u64, mut g: u64, steps: u32) -> (i64, Trans) {
        let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
        for _ in 0..steps {
            assert!(f & 1 == 1);
            if g & 1 == 1 {
                if zeta < 0 {
                    zeta = -zeta - 2;
                    (f, g) = (g, g.wrapping_sub(f));
                    (u, v, q, r) = (q, r, q - u, r - v);
                } else {
                    zeta -= 1;
                    g = g.wrapping_add(f);
                    (q, r) = (q + u, r + v);
                }
            } else {
                zeta -= 1;
            }
            g >>= 1;
            (u, v) = (2 * u, 2 * v);
        }
        let sh = 62 - steps;
        (zeta, Trans { u: u << sh, v: v << sh, q: q << sh, r: r << sh })
    }

    /// Every batch size, both inner loops (the x86-64 CMOV pairs where
    /// they are compiled, the portable mask steps), against the reference
    /// on arbitrary ζ, f, g, including ζ near 0 where the swaps cluster.
    #[test]
    fn divsteps_match_reference() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for i in 0..20_000u32 {
            let steps = i % (MAX_BATCH_STEPS + 1);
            let zeta = match i % 3 {
                0 => -1,
                1 => (next() % 64) as i64 - 32,
                _ => (next() % 2400) as i64 - 1200,
            };
            let f = next() | 1;
            let g = if i % 7 == 0 { next() & 0xff } else { next() };
            let want = divsteps_reference(zeta, f, g, steps);
            assert_eq!(divsteps(zeta, f, g, steps, false), want, "portable: zeta {zeta} f {f:#x} g {g:#x} steps {steps}");
            assert_eq!(divsteps(zeta, f, g, steps, true), want, "asm: zeta {zeta} f {f:#x} g {g:#x} steps {steps}");
        }
    }

    #[test]
    fn s62_round_trip() {
        let a: [u64; 4] = [0x0123_4567_89ab_cdef, u64::MAX, 1 << 63, 0xdead_beef_0000_0001];
        assert_eq!(from_s62::<4>(&to_s62(&a)), a);
        let b: [u64; 9] = [u64::MAX; 9];
        assert_eq!(from_s62::<9>(&to_s62(&b)), b);
    }

    #[test]
    fn small_inverses() {
        // m = 2^61 − 1 (prime)
        let m = [(1u64 << 61) - 1];
        for x in [1u64, 2, 3, 12345, (1 << 61) - 2] {
            let y = invert(&[x], &m).unwrap()[0];
            assert_eq!((x as u128 * y as u128 % m[0] as u128) as u64, 1, "x = {x}");
        }
        assert_eq!(invert(&[0u64], &m), Some([0]));
    }
}
