//! Curve25519 in x86-64 MULX/ADCX/ADOX assembly, for CPUs with BMI2 and
//! ADX where the AVX-512 IFMA lanes of [`super::x86_64_ifma25519`] do not
//! take edwards25519's variable-base chains ([`super::fe25519_mulx_selected`]:
//! without IFMA, or on Intel CPUs, where these measured faster for them):
//! the X25519 Montgomery ladder (RFC 7748 §5) and the edwards25519 point
//! formulas of `mul`, `mul_base` and their tables (where IFMA is selected,
//! the callers try the lanes first for `mul_base` and the ladder).
//!
//! The assembly is generated (`x86_64_curve25519_gen.rs`, from
//! tools/gen_curve25519_asm.py, whose docstring has every procedure and
//! bound) over GF(2²⁵⁵ − 19) in radix 2⁶⁴: every value is four words below
//! 2²⁵⁶, not necessarily below p (the invariant of
//! [`crate::field::fe25519::radix64::Fe64`]), and 2²⁵⁶ ≡ 38, 2²⁵⁵ ≡ 19 fold
//! the overflow of each operation back in (the reduction of the amd64-64
//! code of Bernstein–Duif–Lange–Schwabe–Yang, "High-speed high-security
//! signatures", CHES 2011). A product is 16 MULX on two carry chains, a
//! square 10, then 4 MULX by 38 and a fold by 19 that leaves a value below
//! 2²⁵⁵ + 2¹¹, so that sums and differences of products fold their carry
//! once. Every routine keeps its operands and temporaries in one state
//! array on the caller's stack, zeroized after use.
//!
//! * **X25519** ([`x25519_ladder_if_selected`]): all 255 ladder steps in
//!   one block; for a clamped k ([`x25519_clamped_ladder_if_selected`], what
//!   X25519 calls) 252 steps and three doublings of (x₂ : z₂) in the same
//!   block (interleaved, min of 200 rounds of 10 ladders: 26.08 → 25.96 µs,
//!   0.9955). Per step 5 multiplications, 4 squarings, one multiply-add
//!   by a24 = 121665, 7 additions and subtractions, and no conditional swap
//!   of (x₂, z₂) with (x₃, z₃): the sum half of the step is symmetric in the
//!   swap ((DA + CB)² and (DA − CB)² do not change when (A, B) and (C, D)
//!   trade places), so only the doubling's inputs are selected, A or C and
//!   B or D, by XOR and a mask (8 words instead of 16 swapped).
//! * **edwards25519** ([`EdwardsAcc`], [`edwards25519_mul_if_selected`]):
//!   the extended-coordinate formulas of Hisil–Wong–Carter–Dawson
//!   (Asiacrypt 2008) — addition of a cached point (8M), of an affine Niels
//!   point (7M), doubling (4M + 4S, or 3M + 4S without T), conversion to
//!   cached form — one block each, driven from Rust by the same windows,
//!   tables and masked scans as the portable code. The constant-time
//!   loops add signed table entries ([`EdwardsAcc::add_niels_signed`],
//!   [`EdwardsAcc::add_cached_signed`]): the masked scan writes the entry
//!   straight into the operand slots with Y − X and Y + X exchanged for a
//!   negative digit, and the negation of the last coordinate, which only
//!   exchanges F and G of the formula, is a masked exchange inside the
//!   assembly instead of a field subtraction. Measured (Zen 3 without
//!   IFMA, interleaved, min of 41 batches of 80): `mul_base` 7.36 →
//!   6.54 µs, against a scan returned by value, a negation 0 − k and a
//!   copy into the slots.
//!
//! Constant time: the only branch is the ladder's loop counter and the only
//! data-dependent address is k's byte t / 8 for the public counter t;
//! MULX, ADCX, ADOX, ADD/ADC/SUB/SBB, SHR/LEA/BTR/IMUL by constants, AND,
//! XOR and NEG have data-independent timing. Never fails. One of the
//! audited `unsafe` places of the crate (see `lib.rs`).

#![allow(unsafe_code)]

#[path = "x86_64_curve25519_gen.rs"]
mod gen;

use gen::{ed_slot, ladder_slot as slot};
use zeroize::Zeroize;

/// True when these routines may run: the CPU has BMI2 and ADX and the
/// IFMA lanes do not take the variable-base chains
/// ([`super::fe25519_mulx_selected`]).
#[inline(always)]
fn selected() -> bool {
    super::fe25519_mulx_selected()
}

/// (x₂, z₂) after the RFC 7748 ladder over bits 254…0 of `k` (little-endian,
/// used as given: clamping is the caller's job) from u = `u` (four words,
/// any value below 2²⁵⁶), when these routines are selected
/// ([`super::fe25519_mulx_selected`]; the caller tries the IFMA ladder
/// first); else `None`. x₂/z₂ is the u-coordinate of
/// [k]P (z₂ = 0 for the identity); both words below 2²⁵⁶, not reduced.
/// The safe entry point of curve25519's `ladder_dispatched`. Constant time
/// in k and u; never fails.
#[inline]
pub fn x25519_ladder_if_selected(k: &[u8; 32], u: &[u64; 4]) -> Option<([u64; 4], [u64; 4])> {
    if selected() {
        // SAFETY: `selected` holds only when the CPU has BMI2 and ADX
        // (probed, or asserted by the taint harness from /proc/cpuinfo).
        Some(unsafe { ladder(k, u, 0) })
    } else {
        None
    }
}

/// [`x25519_ladder_if_selected`] for a clamped k (RFC 7748 decodeScalar25519:
/// bits 0, 1 and 2 clear, which the caller guarantees and which is not
/// checked): the ladder runs over bits 254…3 only, then (x₂ : z₂) is doubled
/// three times, 2M + 2S each instead of the 5M + 4S of a ladder step (the
/// order of s2n-bignum's `curve25519_x25519`). The same (x₂, z₂) as the full
/// ladder up to a common factor, so the same u. Constant time in k and u;
/// never fails.
#[inline]
pub fn x25519_clamped_ladder_if_selected(k: &[u8; 32], u: &[u64; 4]) -> Option<([u64; 4], [u64; 4])> {
    if selected() {
        // SAFETY: as in `x25519_ladder_if_selected`.
        Some(unsafe { ladder(k, u, 3) })
    } else {
        None
    }
}

/// The ladder itself, whatever the selection (tests compare it with the
/// portable ladder directly): over bits 254…`stop` of k, then `stop`
/// doublings (the generated routine's contract), `stop` ≤ 3; (x₂, z₂)
/// represents u([k]P) when bits `stop` − 1…0 of k are zero.
///
/// # Safety
/// The CPU must support BMI2 and ADX.
pub(crate) unsafe fn ladder(k: &[u8; 32], u: &[u64; 4], stop: u64) -> ([u64; 4], [u64; 4]) {
    // u mod 2²⁵⁵ + 19·⌊u / 2²⁵⁵⌋ < 2²⁵⁵ + 19: the assembly's additions and
    // subtractions fold their carry once, which needs inputs below
    // 2²⁵⁵ + 2²⁶ (its products and squares leave values below 2²⁵⁵ + 2¹¹).
    let mut u = fold_top_bit(u);
    let mut st = [0u64; slot::WORDS];
    st[slot::X1..slot::X1 + 4].copy_from_slice(&u);
    st[slot::X2] = 1;
    st[slot::X3..slot::X3 + 4].copy_from_slice(&u);
    st[slot::Z3] = 1;
    st[slot::STOP] = stop.min(3);
    u.zeroize();
    for (w, c) in st[slot::K..slot::K + 4].iter_mut().zip(k.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(c);
        *w = u64::from_le_bytes(b);
        b.zeroize();
    }
    // SAFETY: forwarded from the caller (BMI2 and ADX).
    unsafe { gen::ladder_raw(&mut st) };
    let mut x2 = [0u64; 4];
    let mut z2 = [0u64; 4];
    x2.copy_from_slice(&st[slot::X2..slot::X2 + 4]);
    z2.copy_from_slice(&st[slot::Z2..slot::Z2 + 4]);
    st.zeroize();
    (x2, z2)
}

/// u mod 2²⁵⁵ + 19·⌊u / 2²⁵⁵⌋ (≡ u, below 2²⁵⁵ + 19). Constant time.
#[inline(always)]
fn fold_top_bit(u: &[u64; 4]) -> [u64; 4] {
    let mut r = [u[0], u[1], u[2], u[3] & (u64::MAX >> 1)];
    let mut carry = (u[3] >> 63) * 19;
    for w in r.iter_mut() {
        let (s, c) = w.overflowing_add(carry);
        *w = s;
        carry = c as u64;
    }
    r
}

/// An edwards25519 point (X : Y : Z : T) in extended coordinates held in
/// the state of the assembly formulas, with 2d and an operand slot. It can
/// only be made when the routines may run ([`EdwardsAcc::new_if_selected`]),
/// which is what makes its methods safe. Values are words below 2²⁵⁶ (not
/// reduced); the state is zeroized on drop. Every method is constant time
/// and never fails.
pub struct EdwardsAcc {
    st: [u64; ed_slot::WORDS],
}

impl Drop for EdwardsAcc {
    fn drop(&mut self) {
        self.st.zeroize();
    }
}

impl EdwardsAcc {
    /// The accumulator holding `p` = (X, Y, Z, T), with `d2` = 2d for
    /// [`EdwardsAcc::to_cached`], when these routines are selected
    /// ([`super::fe25519_mulx_selected`]); else `None`.
    pub fn new_if_selected(p: &[[u64; 4]; 4], d2: &[u64; 4]) -> Option<Self> {
        if !selected() {
            return None;
        }
        let mut acc = EdwardsAcc { st: [0u64; ed_slot::WORDS] };
        acc.set_point(p);
        acc.st[ed_slot::D2..ed_slot::D2 + 4].copy_from_slice(d2);
        Some(acc)
    }

    /// Replaces the point by `p` = (X, Y, Z, T).
    pub fn set_point(&mut self, p: &[[u64; 4]; 4]) {
        for (i, c) in p.iter().enumerate() {
            self.st[ed_slot::X + 4 * i..ed_slot::X + 4 * i + 4].copy_from_slice(c);
        }
    }

    /// The point's (X, Y, Z, T) words.
    pub fn point(&self) -> [[u64; 4]; 4] {
        core::array::from_fn(|i| self.words(ed_slot::X + 4 * i))
    }

    fn words(&self, at: usize) -> [u64; 4] {
        [self.st[at], self.st[at + 1], self.st[at + 2], self.st[at + 3]]
    }

    fn set_operand(&mut self, q: &[[u64; 4]]) {
        for (i, c) in q.iter().enumerate() {
            self.st[ed_slot::Q0 + 4 * i..ed_slot::Q0 + 4 * i + 4].copy_from_slice(c);
        }
    }

    /// P ← P + Q for Q = (Y − X, Y + X, 2Z, 2d·T) in cached form (8M; the
    /// complete `add-2008-hwcd-3`; `ed_add_cached_signed` with the sign
    /// word 0).
    pub fn add_cached(&mut self, q: &[[u64; 4]; 4]) {
        self.set_operand(q);
        self.st[ed_slot::SIGN] = 0;
        // SAFETY: an `EdwardsAcc` exists only when BMI2 and ADX were selected.
        unsafe { gen::ed_add_cached_signed(&mut self.st) };
    }

    /// P ← P + Q for Q = (y − x, y + x, 2d·x·y) in affine Niels form (7M;
    /// the complete `madd-2008-hwcd-3`; `ed_add_niels_signed` with the sign
    /// word 0).
    pub fn add_niels(&mut self, q: &[[u64; 4]; 3]) {
        self.set_operand(&[q[0], q[1]]);
        self.st[ed_slot::Q3..ed_slot::Q3 + 4].copy_from_slice(&q[2]);
        self.st[ed_slot::SIGN] = 0;
        // SAFETY: as in `add_cached`.
        unsafe { gen::ed_add_niels_signed(&mut self.st) };
    }

    /// P ← P + sign(d)·row[|d| − 1] for a row of E affine Niels points
    /// (y − x, y + x, 2d·x·y) (\[1\]Q … \[E\]Q), nothing for d = 0 (the
    /// identity (1, 1, 0) is added): the signed masked read of every word
    /// of the row goes straight into the operand slots
    /// (`load_signed`), and the negation costs no field operation — y − x
    /// and y + x are exchanged by a mask while reading, and the negated
    /// 2d·x·y, which only negates C = T₁·2d·x·y, is the exchange of
    /// F = D − C and G = D + C under the mask inside the assembly
    /// (`ed_add_niels_signed`; 7M, `madd-2008-hwcd-3`). Constant time in d;
    /// d in [−E, E] (others add the identity).
    pub fn add_niels_signed<const E: usize>(&mut self, row: &[[[u64; 4]; 3]; E], d: i8) {
        let (abs, sign) = abs_sign(d);
        self.load_signed(row, abs, sign);
        let id = crate::arith::eq_mask(0, abs);
        self.st[ed_slot::Q0] |= id & 1;
        self.st[ed_slot::Q0 + 4] |= id & 1;
        self.st[ed_slot::SIGN] = sign;
        // SAFETY: as in `add_cached`.
        unsafe { gen::ed_add_niels_signed(&mut self.st) };
    }

    /// P ← P + sign(d)·table[|d| − 1] for a table of cached points
    /// (Y − X, Y + X, 2Z, 2d·T) (\[1\]Q … \[8\]Q), nothing for d = 0 (the
    /// cached identity (1, 1, 2, 0) is added), by the signed read and the
    /// F/G exchange of [`EdwardsAcc::add_niels_signed`]
    /// (`ed_add_cached_signed`; 8M, `add-2008-hwcd-3`). Constant time in d;
    /// d in [−8, 8].
    pub fn add_cached_signed(&mut self, table: &[[[u64; 4]; 4]; 8], d: i8) {
        let (abs, sign) = abs_sign(d);
        self.load_signed(table, abs, sign);
        let id = crate::arith::eq_mask(0, abs);
        self.st[ed_slot::Q0] |= id & 1;
        self.st[ed_slot::Q0 + 4] |= id & 1;
        self.st[ed_slot::Q0 + 8] |= id & 2;
        self.st[ed_slot::SIGN] = sign;
        // SAFETY: as in `add_cached`.
        unsafe { gen::ed_add_cached_signed(&mut self.st) };
    }

    /// The operand slots q0, q1, (q2,) q3 ← table[idx − 1] (zeros for
    /// idx = 0) with its first two coordinates exchanged where `swap` is
    /// all ones, on AVX2 registers when they are selected
    /// ([`super::x86_64_avx2::lookup_words_swapped_into`]), else by scalar
    /// masks ([`load_signed_words`]). Constant time in idx and swap.
    #[inline(always)]
    fn load_signed<const K: usize, const E: usize>(&mut self, table: &[[[u64; 4]; K]; E], idx: u64, swap: u64) {
        let q = &mut self.st[ed_slot::Q0..ed_slot::Q0 + 16];
        if super::avx2_selected() {
            super::x86_64_avx2::lookup_words_swapped_into(table, idx, swap, q);
        } else {
            load_signed_words(table, idx, swap, q);
        }
    }

    /// P ← 2P (4M + 4S, `dbl-2008-hwcd`).
    pub fn double(&mut self) {
        // SAFETY: as in `add_cached`.
        unsafe { gen::ed_dbl(&mut self.st) };
    }

    /// P ← 2P without T (3M + 4S): T is left stale, for a doubling that is
    /// followed by another doubling (which does not read T).
    pub fn double_no_t(&mut self) {
        // SAFETY: as in `add_cached`.
        unsafe { gen::ed_dbl_no_t(&mut self.st) };
    }

    /// P in cached form, (Y − X, Y + X, 2Z, 2d·T) (1M).
    pub fn to_cached(&mut self) -> [[u64; 4]; 4] {
        // SAFETY: as in `add_cached`.
        unsafe { gen::ed_to_cached(&mut self.st) };
        core::array::from_fn(|i| self.words(ed_slot::Q0 + 4 * i))
    }
}

/// `table[idx − 1]`, or zeros for idx = 0 (idx ≤ E): every word of every
/// entry read under a mask, on AVX2 registers when they are selected
/// ([`super::x86_64_avx2::lookup_words`]: one vector compare per entry and
/// a blend per coordinate), else by a scalar mask and AND/OR per word.
/// Constant time in idx; never fails.
#[inline(always)]
fn scan<const K: usize, const E: usize>(table: &[[[u64; 4]; K]; E], idx: u64) -> [[u64; 4]; K] {
    if super::avx2_selected() {
        return super::x86_64_avx2::lookup_words(table, idx);
    }
    let mut r = [[0u64; 4]; K];
    for (j, e) in table.iter().enumerate() {
        let mask = crate::arith::eq_mask(j as u64 + 1, idx);
        for (rc, ec) in r.iter_mut().zip(e.iter()) {
            for (rw, ew) in rc.iter_mut().zip(ec.iter()) {
                *rw |= ew & mask;
            }
        }
    }
    r
}

/// The scalar form of [`super::x86_64_avx2::lookup_words_swapped_into`]
/// (same result): `q` words 4c … 4c + 3 ← coordinate c < K − 1 of
/// table[idx − 1] (zeros for idx = 0), words 12 … 15 ← its last
/// coordinate, then words 0 … 3 and 4 … 7 exchanged where `swap` is all
/// ones. Every word of every entry is read under a mask ([`scan`]). Words
/// outside `q` are not written. Constant time in idx and swap; never fails.
fn load_signed_words<const K: usize, const E: usize>(table: &[[[u64; 4]; K]; E], idx: u64, swap: u64, q: &mut [u64]) {
    let mut r = scan(table, idx);
    if K >= 2 {
        let (r0, r1) = r.split_at_mut(1);
        for (a, b) in r0[0].iter_mut().zip(r1[0].iter_mut()) {
            let t = (*a ^ *b) & swap;
            *a ^= t;
            *b ^= t;
        }
    }
    for (k, rk) in r.iter().enumerate() {
        let c = if k + 1 == K { 3 } else { k };
        if let Some(qc) = q.get_mut(4 * c..4 * c + 4) {
            qc.copy_from_slice(rk);
        }
    }
    r.zeroize();
}

/// (|d|, the all-ones mask when d < 0 else 0) for a signed digit d.
/// Constant time (an arithmetic shift and a value barrier).
#[inline(always)]
fn abs_sign(d: i8) -> (u64, u64) {
    let sign = crate::arith::barrier::value_barrier((d >> 7) as i64 as u64);
    ((((d as i64) ^ sign as i64) - sign as i64) as u64, sign)
}

/// \[k\]P on edwards25519 from the signed radix-16 digits of k
/// (least significant first, each in [−8, 8]) and P = (X, Y, Z, T), with
/// the routines of [`EdwardsAcc`], when they are selected; else `None`.
/// The method of the portable `EdwardsPoint::mul`: T[j] = [j + 1]P in
/// cached form; Q ← O; for each digit from the top: Q ← [16]Q (none
/// before the first), Q ← Q + sign(d)·T[|d| − 1] read by a masked scan
/// ([`EdwardsAcc::add_cached_signed`]). Returns the words of (X, Y, Z, T), not
/// reduced. Constant time in the digits and in P; never fails.
pub fn edwards25519_mul_if_selected(p: &[[u64; 4]; 4], d2: &[u64; 4], digits: &[i8]) -> Option<[[u64; 4]; 4]> {
    let mut acc = EdwardsAcc::new_if_selected(p, d2)?;
    // table[j] = cached([j + 1]P): P, then e = 2P, 3P, …, 8P
    let mut table = [[[0u64; 4]; 4]; 8];
    table[0] = acc.to_cached();
    acc.double();
    for j in 1..8 {
        table[j] = acc.to_cached();
        if j < 7 {
            acc.add_cached(&table[0]);
        }
    }
    acc.set_point(&[[0; 4], [1, 0, 0, 0], [1, 0, 0, 0], [0; 4]]);
    for (i, &d) in digits.iter().enumerate().rev() {
        if i + 1 < digits.len() {
            acc.double_no_t();
            acc.double_no_t();
            acc.double_no_t();
            acc.double();
        }
        acc.add_cached_signed(&table, d);
    }
    table.zeroize();
    Some(acc.point())
}

/// −Q for Q = (a, b, c, k) in cached or affine Niels form ((Y − X, Y + X,
/// 2Z, 2d·T) or (y − x, y + x, −, 2d·x·y)): (b, a, c, −k). Variable time
/// callers only (it is branch-free, but nothing here needs that).
fn neg_operand(q: &[[u64; 4]; 4]) -> [[u64; 4]; 4] {
    [q[1], q[0], q[2], super::x86_64_fe25519::sub(&[0; 4], &q[3])]
}

/// Σ \[kᵢ\]Pᵢ + Σ \[lⱼ\]Qⱼ on edwards25519 in variable time (Straus–Shamir,
/// interleaved wNAF, one doubling chain) on the routines of
/// [`EdwardsAcc`], when they are selected; else `None`. `points` are (words
/// of (X, Y, Z, T) of Pᵢ, width-5 wNAF digits of kᵢ) — the table
/// \[1, 3, …, 15\]Pᵢ is built here in cached form — and `fixed` are
/// (odd-multiple lookup of Qⱼ in affine Niels form, wNAF digits of lⱼ),
/// every digit slice read up to `len`. The doubling of a step skips T when
/// no addition follows it (and it is not the last step). Returns the words of (X, Y, Z, T), not reduced.
/// Variable time: public inputs only. Never fails.
pub fn edwards25519_straus_vartime_if_selected(
    d2: &[u64; 4],
    points: &[([[u64; 4]; 4], &[i8])],
    fixed: &[(super::x86_64_ifma25519::FixedOddMultiples<'_>, &[i8])],
    len: usize,
) -> Option<[[u64; 4]; 4]> {
    if points.len() > 2 {
        return None;
    }
    let identity = [[0u64; 4], [1, 0, 0, 0], [1, 0, 0, 0], [0; 4]];
    let mut acc = EdwardsAcc::new_if_selected(&identity, d2)?;
    let mut tables = [[[[0u64; 4]; 4]; 8]; 2];
    for (t, (pw, _)) in tables.iter_mut().zip(points.iter()) {
        acc.set_point(pw);
        acc.double();
        let p2 = acc.to_cached();
        acc.set_point(pw);
        t[0] = acc.to_cached();
        for tj in t.iter_mut().skip(1) {
            acc.add_cached(&p2);
            *tj = acc.to_cached();
        }
    }
    acc.set_point(&identity);
    let digit = |digits: &[i8], i: usize| digits.get(i).copied().unwrap_or(0);
    let mut started = false;
    for i in (0..len).rev() {
        let adds = points.iter().any(|(_, d)| digit(d, i) != 0) || fixed.iter().any(|(_, d)| digit(d, i) != 0);
        if started {
            // T is needed by an addition in this step, and at the end
            if adds || i == 0 {
                acc.double();
            } else {
                acc.double_no_t();
            }
        }
        for (t, (_, digits)) in tables.iter().zip(points.iter()) {
            let d = digit(digits, i);
            if d != 0 {
                let q = &t[(d.unsigned_abs() / 2) as usize & 7];
                acc.add_cached(&if d > 0 { *q } else { neg_operand(q) });
                started = true;
            }
        }
        for (lookup, digits) in fixed.iter() {
            let d = digit(digits, i);
            if d != 0 {
                let [p, m, k] = lookup((d.unsigned_abs() / 2) as usize);
                let q = [m, p, [0; 4], k];
                let q = if d > 0 { q } else { neg_operand(&q) };
                acc.add_niels(&[q[0], q[1], q[3]]);
                started = true;
            }
        }
    }
    Some(acc.point())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::curve25519::Curve25519;
    use crate::field::fe25519::Fe25519 as Fp;
    use crate::group::montgomery;

    /// A small deterministic generator (xorshift64*), enough for test inputs.
    fn next(s: &mut u64) -> u64 {
        *s ^= *s >> 12;
        *s ^= *s << 25;
        *s ^= *s >> 27;
        s.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// The assembly ladder gives the portable ladder's u on random and edge
    /// inputs: random k and u below 2²⁵⁶ (the top bit of u set too, which
    /// X25519 masks but the ladder must still handle), u = 0, 1, p − 1, p,
    /// 2²⁵⁶ − 1, and k = 0, 1, all ones.
    #[test]
    fn asm_ladder_matches_portable() {
        if !crate::arith::backend::x86_64_adx::cpu_has_bmi2_adx() {
            return;
        }
        let p = [0xffff_ffff_ffff_ffed, u64::MAX, u64::MAX, 0x7fff_ffff_ffff_ffff];
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut us = [[0u64; 4]; 46];
        let edge = [[0; 4], [1, 0, 0, 0], [p[0] - 1, p[1], p[2], p[3]], p, [u64::MAX; 4], [9, 0, 0, 0]];
        us[..edge.len()].copy_from_slice(&edge);
        for u in us[edge.len()..].iter_mut() {
            *u = core::array::from_fn(|_| next(&mut s));
        }
        let mut ks = [[0u8; 32]; 43];
        ks[1] = [0xff; 32];
        ks[2][0] = 1;
        for k in ks[3..].iter_mut() {
            for c in k.chunks_exact_mut(8) {
                c.copy_from_slice(&next(&mut s).to_le_bytes());
            }
        }
        for (i, u) in us.iter().enumerate() {
            for k in ks.iter().skip(i % 3).step_by(3) {
                // SAFETY: BMI2 and ADX checked above.
                let (x2, z2) = unsafe { ladder(k, u, 0) };
                let got = Fp::from_words(x2) * Fp::from_words(z2).invert_or_zero();
                let want = montgomery::ladder::<Curve25519>(k, &Fp::from_words(*u));
                assert_eq!(got.to_le_bytes(), want.to_le_bytes(), "u = {u:x?}, k = {k:x?}");
                // the clamped form: bits 0-2 cleared, the ladder stopping
                // at bit 3 and three doublings
                let mut kc = *k;
                kc[0] &= 0xf8;
                // SAFETY: BMI2 and ADX checked above.
                let (x2, z2) = unsafe { ladder(&kc, u, 3) };
                let got = Fp::from_words(x2) * Fp::from_words(z2).invert_or_zero();
                let want = montgomery::ladder::<Curve25519>(&kc, &Fp::from_words(*u));
                assert_eq!(got.to_le_bytes(), want.to_le_bytes(), "clamped: u = {u:x?}, k = {kc:x?}");
            }
        }
    }

    /// The edwards25519 `mul` and `mul_base` on these routines (`mul`
    /// dispatched here where [`super::super::fe25519_mulx_selected`],
    /// `mul_base` where IFMA is not selected either) agree
    /// with `mul_vartime` (wNAF over the portable formulas) and with each
    /// other, on the base point, on a point with a torsion component, and
    /// on scalars 0, 1, L − 1 and random ones; the doubling and the two
    /// additions agree with the portable formulas.
    #[test]
    fn edwards_routines_match_portable() {
        use crate::curves::curve25519::{EdwardsPoint, Fq, Scalar, SecretScalar};
        if !crate::arith::backend::fe25519_mulx_selected() {
            return;
        }
        let d2 = crate::curves::curve25519::EDWARDS_D2.to_words();
        let g = EdwardsPoint::generator();
        let words = |p: &EdwardsPoint| [p.x.to_words(), p.y.to_words(), p.z.to_words(), p.t.to_words()];
        let from = |w: [[u64; 4]; 4]| EdwardsPoint { x: Fp::from_words(w[0]), y: Fp::from_words(w[1]), z: Fp::from_words(w[2]), t: Fp::from_words(w[3]) };
        // a point with a torsion component: G + (a point of order 8)
        let t8 = EdwardsPoint::decompress(&{
            let mut b = [0u8; 32];
            b.copy_from_slice(&hex32("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"));
            b
        })
        .unwrap();
        let p = g.add(&t8).double().add(&g);
        let mut s = 0x243f_6a88_85a3_08d3u64;
        for i in 0..24u64 {
            let k: Scalar = match i {
                0 => crate::scalar::Scalar(Fq::ZERO),
                1 => crate::scalar::Scalar(Fq::ONE),
                2 => crate::scalar::Scalar(-Fq::ONE),
                _ => {
                    let mut b = [0u8; 32];
                    for c in b.chunks_exact_mut(8) {
                        c.copy_from_slice(&next(&mut s).to_le_bytes());
                    }
                    Scalar::from_be_bytes_reduced(&b)
                }
            };
            let sk = SecretScalar::new(k.0);
            for q in [g, p] {
                let want = q.mul_vartime(&k);
                assert_eq!(q.mul(&sk), want, "mul, i = {i}");
            }
            assert_eq!(EdwardsPoint::mul_base(&sk), g.mul_vartime(&k), "mul_base, i = {i}");
            // Straus on the routines (edwards25519's straus hook) against
            // the constant-time multiplications
            let b = crate::scalar::Scalar(k.0 * k.0 + Fq::ONE);
            let want = g.mul(&sk).add(&p.mul(&SecretScalar::new(b.0)));
            let got = EdwardsPoint::double_mul_vartime(&k, &b, &p);
            assert!(bool::from(got.is_on_curve()), "double_mul_vartime on curve (T = XY/Z), i = {i}");
            assert_eq!(got, want, "double_mul_vartime, i = {i}");
        }
        // the single routines, on non-reduced-looking inputs
        let mut acc = EdwardsAcc::new_if_selected(&words(&p), &d2).unwrap();
        acc.double();
        assert_eq!(from(acc.point()), p.double());
        acc.double_no_t();
        let mut t = from(acc.point());
        t.t = t.x * t.y * t.z.invert_or_zero();
        assert_eq!(t, p.double().double());
        let mut acc = EdwardsAcc::new_if_selected(&words(&g), &d2).unwrap();
        let c = acc.to_cached();
        acc.set_point(&words(&p));
        acc.add_cached(&c);
        assert_eq!(from(acc.point()), p.add(&g));
        let ga = g.to_affine();
        let niels = [(ga.y - ga.x).to_words(), (ga.y + ga.x).to_words(), (ga.x * ga.y * crate::curves::curve25519::EDWARDS_D2).to_words()];
        acc.set_point(&words(&p));
        acc.add_niels(&niels);
        assert_eq!(from(acc.point()), p.add(&g));
    }

    /// The AVX2 signed read into the operand slots and its scalar form
    /// (taken on CPUs with ADX but without AVX2) write the same words, for
    /// every index of an affine Niels row (K = 3: q2 untouched) and of a
    /// cached table (K = 4), with and without the exchange.
    #[test]
    fn signed_loads_agree() {
        if !crate::arith::backend::x86_64_avx2::cpu_has_avx2() {
            return;
        }
        let mut s = 0x1357_9bdf_2468_ace0u64;
        let niels: [[[u64; 4]; 3]; 16] = core::array::from_fn(|_| core::array::from_fn(|_| core::array::from_fn(|_| next(&mut s))));
        let cached: [[[u64; 4]; 4]; 8] = core::array::from_fn(|_| core::array::from_fn(|_| core::array::from_fn(|_| next(&mut s))));
        for swap in [0, u64::MAX] {
            for idx in 0..=17u64 {
                let init: [u64; 16] = core::array::from_fn(|_| next(&mut s));
                let (mut a, mut b) = (init, init);
                crate::arith::backend::x86_64_avx2::lookup_words_swapped_into(&niels, idx, swap, &mut a);
                load_signed_words(&niels, idx, swap, &mut b);
                assert_eq!(a, b, "niels idx {idx} swap {swap}");
                assert_eq!(a[8..12], init[8..12], "q2 untouched");
                let e = (1..=16u64).contains(&idx).then(|| niels[idx as usize - 1]).unwrap_or([[0; 4]; 3]);
                let (p, m) = if swap == 0 { (e[0], e[1]) } else { (e[1], e[0]) };
                assert_eq!((&a[0..4], &a[4..8], &a[12..16]), (&p[..], &m[..], &e[2][..]), "niels idx {idx}");
                let (mut a, mut b) = (init, init);
                crate::arith::backend::x86_64_avx2::lookup_words_swapped_into(&cached, idx, swap, &mut a);
                load_signed_words(&cached, idx, swap, &mut b);
                assert_eq!(a, b, "cached idx {idx} swap {swap}");
            }
        }
    }

    fn hex32(h: &str) -> [u8; 32] {
        core::array::from_fn(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
    }
}
