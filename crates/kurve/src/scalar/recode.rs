//! Scalar recodings for scalar multiplication.
//!
//! - [`nibbles_be`]: unsigned 4-bit windows of a canonical scalar (constant
//!   time, for the fixed-window ladder).
//! - [`signed_window4`]: signed 4-bit windows, digits in [−8, 8] (constant
//!   time, for the signed fixed-window and fixed-base multiplications).
//! - [`signed_window`]: signed w-bit windows, digits in [−2^(w−1), 2^(w−1)]
//!   (constant time).
//! - [`odd_window`]: the regular odd-digit recoding of an odd scalar, every
//!   digit odd and nonzero (constant time, for the variable-base chain).
//! - [`wnaf_vartime`], [`wnaf_words_vartime`]: width-w non-adjacent form
//!   (variable time, public scalars or integers only).

use crate::field::Field;

/// Largest scalar size in bytes (576-bit fields).
pub const MAX_SCALAR_BYTES: usize = 72;

/// The canonical big-endian bytes of a scalar in a fixed buffer, with the
/// number of bytes used. Zeroize the buffer if the scalar was secret.
pub fn to_be_buffer<F: Field>(s: &F) -> ([u8; MAX_SCALAR_BYTES], usize) {
    let mut buf = [0u8; MAX_SCALAR_BYTES];
    s.write_be_bytes(&mut buf[MAX_SCALAR_BYTES - F::BYTES..]);
    (buf, F::BYTES)
}

/// 4-bit window `i` (0 = least significant) of a big-endian byte string
/// that ends at `buf[MAX_SCALAR_BYTES-1]`. Constant time (the index i is public).
#[inline(always)]
pub fn nibble(buf: &[u8; MAX_SCALAR_BYTES], i: usize) -> u8 {
    let byte = buf[MAX_SCALAR_BYTES - 1 - i / 2];
    (byte >> (4 * (i % 2))) & 0xf
}

/// Capacity of a [`signed_window4`] digit buffer: ⌈576/4⌉ + 1.
pub const SIGNED4_MAX_DIGITS: usize = 2 * MAX_SCALAR_BYTES + 1;

/// Signed 4-bit recoding of a canonical scalar s < 2^BITS (BITS = `F::BITS`):
/// writes digits dᵢ ∈ [−8, 8] with s = Σ dᵢ·16^i into `digits` and returns
/// their number, ⌈BITS/4⌉ + 1 (the last digit is the final carry, 0 or 1).
/// Constant time in s: the carry is propagated arithmetically.
///
/// Procedure: c ← 0; for each nibble vᵢ from the bottom: t ← vᵢ + c
/// (t ∈ [0, 16]); c ← ⌊(t + 8)/16⌋ (1 iff t ≥ 8); dᵢ ← t − 16c.
/// Zeroize `digits` afterwards when s is secret.
pub fn signed_window4<F: Field>(s: &F, digits: &mut [i8; SIGNED4_MAX_DIGITS]) -> usize {
    let (mut buf, _) = to_be_buffer(s);
    let n = (F::BITS as usize).div_ceil(4) + 1;
    let mut carry = 0u8;
    for (i, d) in digits.iter_mut().enumerate().take(n - 1) {
        let t = nibble(&buf, i) + carry;
        carry = (t + 8) >> 4;
        *d = t as i8 - (carry << 4) as i8;
    }
    digits[n - 1] = carry as i8;
    zeroize::Zeroize::zeroize(&mut buf);
    n
}

/// The w bits at bit position `pos` (0 = least significant) of the
/// big-endian buffer that ends at `buf[MAX_SCALAR_BYTES-1]`; bits past the
/// buffer's top read as 0. w ≤ 8. Constant time (pos and w are public).
#[inline(always)]
fn bits_at(buf: &[u8; MAX_SCALAR_BYTES], pos: usize, w: u32) -> u8 {
    let j = pos / 8;
    let byte = |k: usize| -> u16 {
        match MAX_SCALAR_BYTES.checked_sub(1 + k) {
            Some(idx) => buf.get(idx).copied().unwrap_or(0) as u16,
            None => 0,
        }
    };
    let two = byte(j) | (byte(j + 1) << 8);
    ((two >> (pos % 8)) & ((1u16 << w) - 1)) as u8
}

/// Signed w-bit recoding (4 ≤ w ≤ 7, so that the digits fit the
/// [`SIGNED4_MAX_DIGITS`] buffer; other w are clamped into that range) of a
/// canonical scalar s < 2^BITS:
/// writes digits dᵢ ∈ [−2^(w−1), 2^(w−1)] with s = Σ dᵢ·2^(w·i) into
/// `digits` and returns their number, ⌈BITS/w⌉ + 1 (the last digit is the
/// final carry, 0 or 1). For w = 4 this equals [`signed_window4`].
/// Constant time in s: the carry is propagated arithmetically.
///
/// Procedure: c ← 0; for each w-bit window vᵢ from the bottom: t ← vᵢ + c
/// (t ∈ [0, 2^w]); c ← ⌊(t + 2^(w−1))/2^w⌋ (1 iff t ≥ 2^(w−1));
/// dᵢ ← t − 2^w·c. Zeroize `digits` afterwards when s is secret.
pub fn signed_window<F: Field>(s: &F, w: u32, digits: &mut [i8; SIGNED4_MAX_DIGITS]) -> usize {
    debug_assert!((4..=7).contains(&w));
    let w = w.clamp(4, 7);
    let (mut buf, _) = to_be_buffer(s);
    let n = ((F::BITS as usize).div_ceil(w as usize) + 1).min(SIGNED4_MAX_DIGITS);
    let half = 1u16 << (w - 1);
    let mut carry = 0u16;
    for (i, d) in digits.iter_mut().enumerate().take(n - 1) {
        let t = bits_at(&buf, i * w as usize, w) as u16 + carry;
        carry = (t + half) >> w;
        *d = (t as i16 - (carry << w) as i16) as i8;
    }
    digits[n - 1] = carry as i8;
    zeroize::Zeroize::zeroize(&mut buf);
    n
}

/// The regular odd-digit recoding (Joye–Tunstall, "Exponent recoding and
/// regular exponentiation algorithms", AFRICACRYPT 2009; the digit form of
/// Okeya–Takagi's signed odd windows) of an **odd** integer s < 2^bits,
/// given as the big-endian buffer of [`to_be_buffer`]: writes
/// m = ⌈bits/w⌉ digits dᵢ, every one odd, dᵢ ∈ [−(2^w − 1), 2^w − 1] for
/// i < m − 1 and the top one in [1, 2^w − 1], with s = Σ dᵢ·2^(w·i), and
/// returns m. No digit is 0, so a chain that adds a table entry at every
/// window never adds the identity. 4 ≤ w ≤ 7 (clamped: the digits then fit
/// the [`SIGNED4_MAX_DIGITS`] buffer), bits ≤ 576.
///
/// Procedure: with vᵢ the w-bit window i of s and c₀ = 0,
/// cᵢ₊₁ = 1 − (bit w·(i + 1) of s) and dᵢ = vᵢ + cᵢ − 2^w·cᵢ₊₁; the top
/// digit is v_{m−1} + c_{m−1}. Why: sᵢ = ⌊s/2^(wi)⌋ + cᵢ is the value
/// still to be recoded at window i, odd by induction (s₀ = s);
/// dᵢ = (sᵢ mod 2^(w+1)) − 2^w, and sᵢ₊₁ = (sᵢ − dᵢ)/2^w is odd again,
/// equal to ⌊sᵢ/2^w⌋ + 1 exactly when bit w of sᵢ (bit w·(i + 1) of s:
/// the low w bits of sᵢ, vᵢ + cᵢ, are odd, so adding cᵢ does not carry)
/// is 0. For an even s the digits are those of s + 1 with d₀ one too
/// large; the caller makes s odd first (`ProjectivePoint::mul_window`).
/// Constant time in s: only masks and arithmetic on the bits, at public
/// positions. Zeroize `digits` afterwards when s is secret.
pub fn odd_window(buf: &[u8; MAX_SCALAR_BYTES], bits: usize, w: u32, digits: &mut [i8; SIGNED4_MAX_DIGITS]) -> usize {
    let w = w.clamp(4, 7);
    let m = bits.min(8 * MAX_SCALAR_BYTES).div_ceil(w as usize).clamp(1, SIGNED4_MAX_DIGITS);
    let mut carry = 0i16;
    for (i, d) in digits.iter_mut().enumerate().take(m) {
        let v = bits_at(buf, i * w as usize, w) as i16;
        // the carry into the next window: 1 − its low bit (0 past the top)
        let next = if i + 1 < m { 1 - (bits_at(buf, (i + 1) * w as usize, 1) as i16) } else { 0 };
        *d = (v + carry - (next << w)) as i8;
        carry = next;
    }
    m
}

/// Signed w-bit recoding (4 ≤ w ≤ 7, clamped into that range) of the low
/// `bits` bits of a big-endian byte string `be`, for a value known to be
/// below 2^bits (the GLV halves, below 2^h, h ≤ 128, by the split's
/// bound; bits of `be` at or above `bits` are not read): writes
/// ⌈bits/w⌉ + 1 digits in [−2^(w−1), 2^(w−1)] (the last one the final
/// carry, 0 or 1) with
/// value = Σ dᵢ·2^(w·i), and returns their number (at most
/// [`SIGNED4_MAX_DIGITS`]). Same procedure as [`signed_window`]; constant
/// time in the bytes (the positions depend on the public w and bits only).
pub fn signed_window_bytes(be: &[u8], w: u32, bits: usize, digits: &mut [i8; SIGNED4_MAX_DIGITS]) -> usize {
    let w = w.clamp(4, 7);
    let bits = bits.min(8 * be.len());
    let n = (bits.div_ceil(w as usize) + 1).min(SIGNED4_MAX_DIGITS);
    // byte k from the bottom, 0 past the top
    let byte = |k: usize| -> u16 {
        match be.len().checked_sub(1 + k) {
            Some(idx) => be.get(idx).copied().unwrap_or(0) as u16,
            None => 0,
        }
    };
    let half = 1u16 << (w - 1);
    let mut carry = 0u16;
    for (i, d) in digits.iter_mut().enumerate().take(n - 1) {
        let pos = i * w as usize;
        // the window, cut at `bits`
        let width = (bits - pos).min(w as usize) as u32;
        let two = byte(pos / 8) | (byte(pos / 8 + 1) << 8);
        let t = ((two >> (pos % 8)) & ((1u16 << width) - 1)) + carry;
        carry = (t + half) >> w;
        *d = (t as i16 - (carry << w) as i16) as i8;
    }
    digits[n - 1] = carry as i8;
    n
}

/// (|d|, d < 0) for a signed digit, without a branch. Constant time.
#[inline(always)]
pub fn signed_abs(d: i8) -> (u8, subtle::Choice) {
    let m = (d >> 7) as u8; // 0xff if negative, else 0
    let mag = (d as u8 ^ m).wrapping_sub(m);
    (mag, subtle::Choice::from(m & 1))
}

/// A wNAF digit type: `i8` for widths up to 8, `i16` for the wide tables of
/// G (widths up to 15). Holds every odd value of (−2^(w−1), 2^(w−1)) for
/// w ≤ [`WnafDigit::MAX_W`].
pub trait WnafDigit: Copy + Default + PartialEq {
    /// The largest wNAF width whose digits fit.
    const MAX_W: u32;
    /// The digit d, |d| < 2^(MAX_W − 1) (truncating otherwise).
    fn from_i64(d: i64) -> Self;
}

impl WnafDigit for i8 {
    const MAX_W: u32 = 8;
    #[inline(always)]
    fn from_i64(d: i64) -> Self {
        d as i8
    }
}

impl WnafDigit for i16 {
    const MAX_W: u32 = 15;
    #[inline(always)]
    fn from_i64(d: i64) -> Self {
        d as i16
    }
}

/// Width-w NAF of a public scalar: `digits[i]` is odd in (−2^(w−1), 2^(w−1)) or
/// zero, and Σ digits[i]·2^i = s. Returns the number of digits (≤ 8·72+1).
/// Requires 2 ≤ w ≤ `D::MAX_W` (a property of the caller's code: w is
/// clamped to that range). Variable time.
pub fn wnaf_vartime<F: Field, D: WnafDigit>(s: &F, w: u32, digits: &mut [D; 8 * MAX_SCALAR_BYTES + 1]) -> usize {
    wnaf_words_vartime(&to_words(s), w, digits)
}

/// The canonical value of a scalar as little-endian 64-bit words.
pub fn to_words<F: Field>(s: &F) -> [u64; MAX_SCALAR_BYTES / 8] {
    let (buf, _) = to_be_buffer(s);
    let mut k = [0u64; MAX_SCALAR_BYTES / 8];
    for (i, limb) in k.iter_mut().enumerate() {
        let mut v = 0u64;
        for j in 0..8 {
            v |= (buf[MAX_SCALAR_BYTES - 1 - (8 * i + j)] as u64) << (8 * j);
        }
        *limb = v;
    }
    k
}

/// [`wnaf_vartime`] of a non-negative integer given as little-endian
/// 64-bit words (at most `MAX_SCALAR_BYTES / 8` of them; further words are
/// ignored). Variable time.
pub fn wnaf_words_vartime<D: WnafDigit>(words: &[u64], w: u32, digits: &mut [D; 8 * MAX_SCALAR_BYTES + 1]) -> usize {
    let w = w.clamp(2, D::MAX_W);
    // one spare limb for carries
    let mut k = [0u64; MAX_SCALAR_BYTES / 8 + 1];
    for (limb, &v) in k.iter_mut().zip(words.iter().take(MAX_SCALAR_BYTES / 8)) {
        *limb = v;
    }
    for d in digits.iter_mut() {
        *d = D::default();
    }
    let width = 1u64 << w;
    let half = 1i64 << (w - 1);
    let mut pos = 0usize;
    let total_bits = 8 * MAX_SCALAR_BYTES + 1;
    let mut last = 0usize;
    while pos < total_bits {
        let limb = pos / 64;
        let bit = pos % 64;
        let rest = k[limb] >> bit;
        if rest == 0 {
            // skip the zero rest of this word at once
            pos = 64 * (limb + 1);
            continue;
        }
        if rest & 1 == 0 {
            pos += rest.trailing_zeros() as usize;
            continue;
        }
        // read w bits starting at pos
        let mut window = k[limb] >> bit;
        if bit + (w as usize) > 64 && limb + 1 < k.len() {
            window |= k[limb + 1] << (64 - bit);
        }
        let mut d = (window & (width - 1)) as i64;
        if d >= half {
            d -= width as i64;
        }
        digits[pos] = D::from_i64(d);
        last = pos + 1;
        // k -= d·2^pos
        sub_signed_at(&mut k, d, pos);
        pos += w as usize;
    }
    last
}

fn sub_signed_at(k: &mut [u64; MAX_SCALAR_BYTES / 8 + 1], d: i64, pos: usize) {
    let limb = pos / 64;
    let bit = pos % 64;
    let mag = d.unsigned_abs() as u128;
    let shifted = mag << bit;
    let lo = shifted as u64;
    let hi = (shifted >> 64) as u64;
    if d > 0 {
        let mut borrow = 0u64;
        for (i, limb_v) in k.iter_mut().enumerate().skip(limb) {
            let sub = if i == limb { lo } else if i == limb + 1 { hi } else { 0 };
            let (r, b1) = limb_v.overflowing_sub(sub);
            let (r, b2) = r.overflowing_sub(borrow);
            *limb_v = r;
            borrow = (b1 | b2) as u64;
        }
    } else {
        let mut carry = 0u64;
        for (i, limb_v) in k.iter_mut().enumerate().skip(limb) {
            let add = if i == limb { lo } else if i == limb + 1 { hi } else { 0 };
            let (r, c1) = limb_v.overflowing_add(add);
            let (r, c2) = r.overflowing_add(carry);
            *limb_v = r;
            carry = (c1 | c2) as u64;
        }
    }
}
