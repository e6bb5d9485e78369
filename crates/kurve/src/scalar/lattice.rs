//! Short vectors of the two-dimensional lattice
//! Λ(k, M) = {(c₀, c₁) ∈ ℤ² : c₀ ≡ c₁·k (mod M)}, for verification with
//! half-size scalars. Variable time: public inputs only.
//!
//! # Use
//!
//! A verification equation \[s\]B = R + \[k\]A (EdDSA, Schnorr) multiplied by
//! c₁ becomes \[c₁·s\]B − \[c₀\]A − \[c₁\]R = O with c₀ ≡ c₁·k. With (c₀, c₁)
//! short, both c₀ and c₁ have about half the bits of M, so the doubling
//! chain of the multi-scalar multiplication is half as long (the full-size
//! c₁·s goes on the fixed base B, split in two halves over two precomputed
//! tables). Antipa, Brown, Gallant, Lambert, Struik, Vanstone, "Accelerated
//! verification of ECDSA signatures", SAC 2005, §3; T. Pornin, "Optimized
//! lattice basis reduction in dimension 2, and fast Schnorr and EdDSA
//! signature verification", IACR ePrint 2020/454, §1 and §4.
//!
//! # Procedure
//!
//! The extended Euclidean algorithm on (M, k), stopped half way (the
//! "half-gcd" / rational reconstruction view of Lagrange reduction): with
//! r₋₁ = M, r₀ = k, t₋₁ = 0, t₀ = 1 and rᵢ₊₁ = rᵢ₋₁ − qᵢ·rᵢ,
//! tᵢ₊₁ = tᵢ₋₁ − qᵢ·tᵢ, every (rᵢ, tᵢ) lies in Λ (rᵢ ≡ tᵢ·k mod M), the rᵢ
//! decrease, |tᵢ| increase, the tᵢ alternate in sign and |tᵢ| ≤ M/rᵢ₋₁.
//! Stopping at the first i with rᵢ < 2^⌈b/2⌉ (b = bit length of M) gives
//! |c₀| = rᵢ < 2^⌈b/2⌉ and |c₁| = |tᵢ| ≤ M/rᵢ₋₁ < 2^(b − ⌈b/2⌉ + 1).
//!
//! Parity. The caller needs c₁ odd (so that c₁ is invertible modulo the
//! cofactor h, a power of two): consecutive tᵢ are coprime
//! (tᵢ₋₁·rᵢ − tᵢ·rᵢ₋₁ = ±M, and gcd(tᵢ₋₁, tᵢ) = 1 by the unimodular
//! recurrence), so when tᵢ is even both neighbours tᵢ₋₁ and tᵢ₊₁ are odd;
//! the shorter of the two is returned (a bit or two longer than the
//! shortest vector, rarely more). Exactness never depends on the length,
//! only the cost does.
//!
//! Speed. Most of the way, steps are batched by Lehmer's method (the
//! quotients of the leading 62 bits, checked exact, then one 2×2 matrix
//! applied to the full numbers); near the stopping point and for large
//! quotients, single steps take the quotient from the top 128 bits of the
//! dividend and the top 64 bits of the divisor (an underestimate, corrected
//! by repeating). All arithmetic is on fixed arrays of [`WORDS`] 64-bit
//! words, on as many words as M has. About 2 % of an Ed448 verification
//! (the single-step version alone took 6 %).

/// Capacity in 64-bit words: moduli M below 2^576 (h·L for every curve in
/// kurve, the 521-bit ones included).
pub const WORDS: usize = 9;

/// A non-negative integer below 2^576, little-endian 64-bit words.
pub type Big = [u64; WORDS];

/// A short nonzero vector (c₀, c₁) of Λ(k, M) with c₁ > 0 odd:
/// c₀ ≡ c₁·k (mod M), c₀ = (−1)^`c0_negative`·`c0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShortVector {
    /// |c₀|.
    pub c0: Big,
    /// True when c₀ < 0 (never for c₀ = 0).
    pub c0_negative: bool,
    /// c₁ (positive and odd).
    pub c1: Big,
}

/// Bit length of a (0 for a = 0).
pub fn bit_len(a: &Big) -> u32 {
    bit_len_n(a, WORDS)
}

/// Bit length of the low n words of a.
#[inline(always)]
fn bit_len_n(a: &Big, n: usize) -> u32 {
    let mut i = n;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i as u32 + 64 - a[i].leading_zeros();
        }
    }
    0
}

/// a ≥ b on the low n words.
#[inline(always)]
fn ge(a: &Big, b: &Big, n: usize) -> bool {
    let mut i = n;
    while i > 0 {
        i -= 1;
        if a[i] != b[i] {
            return a[i] > b[i];
        }
    }
    true
}

/// Word i of a, 0 beyond the array.
#[inline(always)]
fn word(a: &Big, i: usize) -> u64 {
    if i < WORDS {
        a[i]
    } else {
        0
    }
}

/// Bits [s, s + 128) of a.
fn bits128(a: &Big, s: u32) -> u128 {
    let (w, b) = ((s / 64) as usize, s % 64);
    let (x0, x1, x2) = (word(a, w), word(a, w + 1), word(a, w + 2));
    if b == 0 {
        x0 as u128 | (x1 as u128) << 64
    } else {
        let lo = (x0 >> b) | (x1 << (64 - b));
        let hi = (x1 >> b) | (x2 << (64 - b));
        lo as u128 | (hi as u128) << 64
    }
}

/// (q·b)·2^e, low n + 2 words of WORDS + 2 (the words past n are zero
/// whenever the caller's bound holds; only the low n are used).
fn mul_shl(b: &Big, q: u64, e: u32, n: usize) -> [u64; WORDS + 2] {
    let mut p = [0u64; WORDS + 2];
    let mut carry = 0u64;
    for i in 0..n {
        let t = b[i] as u128 * q as u128 + carry as u128;
        p[i] = t as u64;
        carry = (t >> 64) as u64;
    }
    p[n] = carry;
    let (w, s) = ((e / 64) as usize, e % 64);
    let mut out = [0u64; WORDS + 2];
    for i in (w..n + 2).rev() {
        let lo = p[i - w];
        out[i] = if s == 0 {
            lo
        } else {
            let below = if i > w { p[i - w - 1] >> (64 - s) } else { 0 };
            (lo << s) | below
        };
    }
    out
}

/// a ← a − (q·b)·2^e on n words. Requires the result to be non-negative.
fn sub_mul_shl(a: &mut Big, b: &Big, q: u64, e: u32, n: usize) {
    let p = mul_shl(b, q, e, n);
    sub_words(a, &p, n);
}

/// a ← a + (q·b)·2^e on n words. Requires the result to stay below 2^(64n).
fn add_mul_shl(a: &mut Big, b: &Big, q: u64, e: u32, n: usize) {
    let p = mul_shl(b, q, e, n);
    add_words(a, &p, n);
}

/// a ← a − b on n words (no borrow out by the caller's bound).
#[inline(always)]
fn sub_words(a: &mut Big, b: &[u64], n: usize) {
    let mut borrow = false;
    for i in 0..n {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        a[i] = d;
        borrow = b1 | b2;
    }
    debug_assert!(!borrow);
}

/// a ← a + b on n words (no carry out by the caller's bound).
#[inline(always)]
fn add_words(a: &mut Big, b: &[u64], n: usize) {
    let mut carry = false;
    for i in 0..n {
        let (d, c1) = a[i].overflowing_add(b[i]);
        let (d, c2) = d.overflowing_add(carry as u64);
        a[i] = d;
        carry = c1 | c2;
    }
    debug_assert!(!carry);
}

/// One Euclidean step on n words: for b > 0, a ← a mod b and
/// ta ← ta + ⌊a/b⌋·tb.
///
/// Quotients are mostly small (Gauss–Kuzmin: 1 with probability 42 %, ≤ 3
/// with 68 %), so while len(a) ≤ len(b) + 1 (quotient at most 3) b is just
/// subtracted. Otherwise the quotient is taken in pieces q̂·2^e ≤ what
/// remains of it: with s_b = max(0, len(b) − 64), b_hi = ⌊b/2^s_b⌋
/// (≤ 64 bits), e = max(0, len(a) − len(b) − 63) and a_hi = ⌊a/2^(s_b + e)⌋
/// (≤ 127 bits), any q̂ ≤ a_hi/(b_hi + 1) (here a floating-point
/// underestimate below 2^64) satisfies q̂·b·2^e < a_hi·2^(s_b + e) ≤ a; q̂ is
/// forced to 1 when it comes out 0 while a ≥ b. Each piece removes all but the last few bits of the
/// quotient, so a few pieces finish the step.
fn euclid_step(a: &mut Big, ta: &mut Big, b: &Big, tb: &Big, n: usize) {
    let lb = bit_len_n(b, n);
    debug_assert!(lb > 0);
    let sb = lb.saturating_sub(64);
    let b_hi = (bits128(b, sb) as u64) as u128 + 1;
    while ge(a, b, n) {
        let la = bit_len_n(a, n);
        if la <= lb + 1 {
            sub_words(a, b, n);
            add_words(ta, tb, n);
            continue;
        }
        // q̂ has about la − lb − e ≤ 63 bits and a_hi at most
        // (lb − s_b) + 63 ≤ 127 bits.
        let e = (la - lb).saturating_sub(63);
        let a_hi = bits128(a, sb + e);
        // ⌊a_hi/b_hi⌋ from below in floating point (an integer division
        // of u128 is a slow library call): each conversion and the
        // division err by at most 2⁻⁵³ relatively, so scaling by 1 − 2⁻⁵⁰
        // keeps the estimate at or below the true quotient.
        let qf = (a_hi as f64 / b_hi as f64) * (1.0 - f64::EPSILON * 8.0);
        let q = if qf >= 1.8e19 { u64::MAX - 1 } else if qf < 1.0 { 1 } else { qf as u64 };
        sub_mul_shl(a, b, q, e, n);
        add_mul_shl(ta, tb, q, e, n);
    }
}

/// The 2×2 matrix of several Euclidean steps, from leading words only.
struct Lehmer {
    a: i64,
    b: i64,
    c: i64,
    d: i64,
    steps: u32,
}

/// Lehmer's method (Knuth, TAOCP vol. 2, §4.5.2, Algorithm L): runs the
/// Euclidean algorithm on x̂ = ⌊x/2^s⌋ and ŷ = ⌊y/2^s⌋ (62-bit leading
/// parts, s = len(x) − 62) with cofactors (A B; C D), as long as the
/// quotient ⌊(x̂ + A)/(ŷ + C)⌋ equals ⌊(x̂ + B)/(ŷ + D)⌋: then it is the true
/// quotient of the full numbers, and after k steps
/// (rᵢ₊ₖ₋₁, rᵢ₊ₖ) = (A·x + B·y, C·x + D·y). Cofactors stay below 2^31 (they
/// grow to about √x̂ before the test fails), so everything fits an i64.
/// The |t| update is (|A|·|t₋| + |B|·|t|, |C|·|t₋| + |D|·|t|): A, B (and
/// C, D) have opposite signs, as in every product of the step matrices
/// (0 1; 1 −q).
///
/// The run also stops while ŷ·2^s ≥ 2^(half + 2), so that it never passes the
/// index where r first drops below 2^half: single exact steps finish the
/// reduction. Returns `None` when no step could be taken this way (x and y of
/// very different lengths, or the end is near).
fn lehmer_matrix(x: &Big, y: &Big, half: u32, n: usize) -> Option<Lehmer> {
    let lx = bit_len_n(x, n);
    let ly = bit_len_n(y, n);
    if lx < 64 || lx - ly > 30 {
        return None;
    }
    let s = lx - 62;
    if ly <= half + 2 + 30 {
        return None;
    }
    // ŷ must stay at least 2^(half + 2 − s) for the run to continue.
    let floor_bits = (half + 2).saturating_sub(s);
    let (mut xh, mut yh) = (bits128(x, s) as i64, bits128(y, s) as i64);
    let (mut a, mut b, mut c, mut d) = (1i64, 0i64, 0i64, 1i64);
    let mut steps = 0u32;
    loop {
        let (yc, yd) = (yh + c, yh + d);
        if yc <= 0 || yd <= 0 {
            break;
        }
        let q = (xh + a) / yc;
        if q != (xh + b) / yd {
            break;
        }
        let y_next = xh - q * yh;
        if y_next <= 0 || (64 - y_next.leading_zeros()) < floor_bits + 1 {
            break;
        }
        (a, c) = (c, a - q * c);
        (b, d) = (d, b - q * d);
        (xh, yh) = (yh, y_next);
        steps += 1;
    }
    if steps == 0 {
        return None;
    }
    Some(Lehmer { a, b, c, d, steps })
}

/// p·x + q·y on n words for signed p, q (|p|, |q| < 2^62) whose result is
/// known to be non-negative.
fn lin_comb(x: &Big, y: &Big, p: i64, q: i64, n: usize) -> Big {
    let mut out = [0u64; WORDS];
    let mut carry: i128 = 0;
    for i in 0..n {
        let v = p as i128 * x[i] as i128 + q as i128 * y[i] as i128 + carry;
        out[i] = v as u64;
        carry = v >> 64;
    }
    debug_assert!(carry == 0);
    out
}

/// p·x + q·y on n words for p, q < 2^62 (no overflow by the caller's bound).
fn abs_comb(x: &Big, y: &Big, p: u64, q: u64, n: usize) -> Big {
    let mut out = [0u64; WORDS];
    let mut carry: u128 = 0;
    for i in 0..n {
        let v = p as u128 * x[i] as u128 + q as u128 * y[i] as u128 + carry;
        out[i] = v as u64;
        carry = v >> 64;
    }
    debug_assert!(carry == 0);
    out
}

/// A short vector of Λ(k, M) with c₁ odd and positive (module
/// documentation). Requires 0 ≤ k < M < 2^575. Variable time in k and M
/// (public data only). Never fails.
pub fn short_vector_vartime(k: &Big, m: &Big) -> ShortVector {
    let half = bit_len(m).div_ceil(2);
    // Every rᵢ and |tᵢ| stays ≤ M, so the words of M bound all arithmetic.
    let n = (bit_len(m).div_ceil(64) as usize).max(1);
    // (r_prev, t_prev) = (rᵢ₋₁, |tᵢ₋₁|), (r, t) = (rᵢ, |tᵢ|); i counts steps.
    let (mut r_prev, mut r) = (*m, *k);
    let mut t_prev = [0u64; WORDS];
    let mut t = [0u64; WORDS];
    t[0] = 1;
    let mut i = 0u32;
    while bit_len_n(&r, n) > half {
        if let Some(m) = lehmer_matrix(&r_prev, &r, half, n) {
            // Several steps at once (see `lehmer_matrix`).
            let (rp, rn) = (lin_comb(&r_prev, &r, m.a, m.b, n), lin_comb(&r_prev, &r, m.c, m.d, n));
            let tp = abs_comb(&t_prev, &t, m.a.unsigned_abs(), m.b.unsigned_abs(), n);
            let tn = abs_comb(&t_prev, &t, m.c.unsigned_abs(), m.d.unsigned_abs(), n);
            (r_prev, r, t_prev, t) = (rp, rn, tp, tn);
            i += m.steps;
            continue;
        }
        euclid_step(&mut r_prev, &mut t_prev, &r, &t, n);
        core::mem::swap(&mut r_prev, &mut r);
        core::mem::swap(&mut t_prev, &mut t);
        i += 1;
    }
    // (c₀, c₁) = (rᵢ, (−1)^i·|tᵢ|), negated to make c₁ > 0: c₀ < 0 iff i odd.
    let (mut c0, mut c1, mut idx) = (r, t, i);
    if t[0] & 1 == 0 {
        // tᵢ₋₁ is odd (i ≥ 1 here since t₀ = 1); so is tᵢ₊₁ when rᵢ > 0.
        let mut best = (r_prev, t_prev, i.wrapping_sub(1));
        if bit_len_n(&r, n) > 0 {
            let (mut r_next, mut t_next) = (r_prev, t_prev);
            euclid_step(&mut r_next, &mut t_next, &r, &t, n);
            let len = |x: &Big, y: &Big| bit_len(x).max(bit_len(y));
            if len(&r_next, &t_next) < len(&best.0, &best.1) {
                best = (r_next, t_next, i + 1);
            }
        }
        (c0, c1, idx) = best;
    }
    let c0_negative = idx & 1 == 1 && bit_len(&c0) > 0;
    ShortVector { c0, c0_negative, c1 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::{BigInt, BigUint};
    extern crate std;
    use std::vec;
    use std::vec::Vec;

    fn big(x: &BigUint) -> Big {
        let mut out = [0u64; WORDS];
        for (o, d) in out.iter_mut().zip(x.to_u64_digits()) {
            *o = d;
        }
        out
    }

    fn val(a: &Big) -> BigUint {
        BigUint::from_slice(&a.iter().flat_map(|w| [*w as u32, (*w >> 32) as u32]).collect::<Vec<_>>())
    }

    /// Checks the lattice relation and the parity, and for `random` k also
    /// the length (an edge value such as k = L − 1 makes the lattice skewed:
    /// its short vectors, like (8, −8), all have even c₁, and every vector
    /// with c₁ odd is long; exact but slow, and a hash output hits such a k
    /// with negligible probability).
    fn check(k: &BigUint, m: &BigUint, random: bool) {
        let v = short_vector_vartime(&big(k), &big(m));
        let c0 = BigInt::from(val(&v.c0)) * if v.c0_negative { -1 } else { 1 };
        let c1 = BigInt::from(val(&v.c1));
        let mi = BigInt::from(m.clone());
        let diff = ((&c0 - &c1 * BigInt::from(k.clone())) % &mi + &mi) % &mi;
        assert_eq!(diff, BigInt::from(0), "c0 ≡ c1·k (mod M) for k = {k}");
        assert!(v.c1[0] & 1 == 1, "c1 odd");
        assert!(!(v.c0_negative && val(&v.c0) == BigUint::from(0u8)));
        // Length: half the bits of M, plus a little for the parity fix.
        let half = (m.bits() as u32).div_ceil(2);
        if random {
            assert!(bit_len(&v.c0) <= half + 8 && bit_len(&v.c1) <= half + 8, "short: {} {} vs {half}", bit_len(&v.c0), bit_len(&v.c1));
        }
    }

    #[test]
    fn ed25519_and_ed448_moduli() {
        let l25519 = (BigUint::from(1u8) << 252) + BigUint::parse_bytes(b"14def9dea2f79cd65812631a5cf5d3ed", 16).unwrap();
        let l448 = (BigUint::from(1u8) << 446)
            - BigUint::parse_bytes(b"8335dc163bb124b65129c96fde933d8d723a70aadc873d6d54a7bb0d", 16).unwrap();
        for (l, h) in [(l25519, 8u32), (l448, 4u32)] {
            let m = &l * h;
            // edge values and a deterministic spread of others
            let edges = vec![BigUint::from(0u8), BigUint::from(1u8), BigUint::from(2u8), &m - 1u8, &l - 1u8, &l >> 1, BigUint::from(1u8) << 130];
            for k in edges {
                check(&(k % &m), &m, false);
            }
            let mut x = BigUint::from(0x9e37_79b9_7f4a_7c15u64);
            let mut longest = 0;
            for _ in 0..2000 {
                x = (&x * &x + 0x1234_5678u64) % &m;
                for k in [x.clone(), &x % &l] {
                    check(&k, &m, true);
                    let v = short_vector_vartime(&big(&k), &big(&m));
                    longest = longest.max(bit_len(&v.c0).max(bit_len(&v.c1)));
                }
            }
            std::println!("M of {} bits: longest vector component {longest} bits", m.bits());
        }
    }

    #[test]
    fn small_moduli_exhaustive() {
        for m in [8u64, 12, 40, 97 * 8, 1009 * 4, 65_521 * 8] {
            for k in 0..m.min(5000) {
                check(&BigUint::from(k), &BigUint::from(m), false);
            }
        }
    }
}
