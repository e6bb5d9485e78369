//! Fixed-width multi-precision arithmetic on little-endian limbs `[u64; N]`.
//!
//! Everything here is constant time: no branch or memory index depends on a
//! limb value. Most functions are `const fn`, so that field constants
//! (Montgomery R, R², −p⁻¹ mod 2⁶⁴, curve coefficients) are computed by the
//! compiler from the hex parameters instead of being pasted in by hand.
//!
//! Conventions: limb 0 is least significant; a "mask" is `0` or `u64::MAX`.
//!
//! The `const fn` [`mont_mul`] serves compile-time constants; run-time field
//! arithmetic goes through [`backend`], which picks the fastest available
//! implementation (portable Rust or x86-64 MULX/ADCX/ADOX assembly) once.

pub mod backend;
pub mod barrier;
pub mod safegcd;

/// Add with carry: returns `(a + b + carry) mod 2⁶⁴` and the carry out (0 or 1).
#[inline(always)]
pub const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// Subtract with borrow: returns `(a − b − borrow) mod 2⁶⁴` and the borrow
/// out as a mask (`0` or `u64::MAX`). `borrow` is read as its top bit.
#[inline(always)]
pub const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub((b as u128) + ((borrow >> 63) as u128));
    (t as u64, (t >> 64) as u64)
}

/// Multiply-accumulate: returns the low and high words of `a + b·c + carry`
/// (which always fits in 128 bits).
#[inline(always)]
pub const fn mac(a: u64, b: u64, c: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) * (c as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a + b`, returning the sum and the carry out (0 or 1).
#[inline(always)]
pub const fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut carry = 0;
    let mut i = 0;
    while i < N {
        (r[i], carry) = adc(a[i], b[i], carry);
        i += 1;
    }
    (r, carry)
}

/// `a − b`, returning the difference and the borrow out as a mask.
#[inline(always)]
pub const fn sub<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut borrow = 0;
    let mut i = 0;
    while i < N {
        (r[i], borrow) = sbb(a[i], b[i], borrow);
        i += 1;
    }
    (r, borrow)
}

/// Selects `b` where `mask` is all ones and `a` where it is zero.
#[inline(always)]
pub const fn select<const N: usize>(a: &[u64; N], b: &[u64; N], mask: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut i = 0;
    while i < N {
        r[i] = a[i] ^ (mask & (a[i] ^ b[i]));
        i += 1;
    }
    r
}

/// All ones if `a = b`, else zero, computed arithmetically (no comparison,
/// no branch): d = a ⊕ b; (d | −d) has its top bit set iff d ≠ 0; the
/// result passes through [`barrier::value_barrier`] so that code masking
/// with it is not turned back into a branch. Constant time.
#[inline(always)]
pub fn eq_mask(a: u64, b: u64) -> u64 {
    let d = a ^ b;
    barrier::value_barrier(((d | d.wrapping_neg()) >> 63).wrapping_sub(1))
}

/// All ones if `a < b`, else zero. Constant time.
#[inline(always)]
pub const fn lt_mask<const N: usize>(a: &[u64; N], b: &[u64; N]) -> u64 {
    sub(a, b).1
}

/// All ones if every limb is zero, else zero. Constant time.
#[inline(always)]
pub const fn is_zero_mask<const N: usize>(a: &[u64; N]) -> u64 {
    let mut acc = 0u64;
    let mut i = 0;
    while i < N {
        acc |= a[i];
        i += 1;
    }
    // acc == 0  <=>  (acc | -acc) has top bit clear
    !(((acc | acc.wrapping_neg()) >> 63).wrapping_neg())
}

/// `(a + b) mod m` for `a, b < m`. Constant time.
#[inline(always)]
pub const fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (s, carry) = add(a, b);
    let (d, borrow) = sub(&s, m);
    // keep s only if (carry:s) < m, i.e. the subtraction borrowed past the carry word
    let (_, keep) = sbb(carry, 0, borrow);
    select(&d, &s, keep)
}

/// `(a − b) mod m` for `a, b < m`. Constant time.
#[inline(always)]
pub const fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub(a, b);
    let mut madd = [0u64; N];
    let mut i = 0;
    while i < N {
        madd[i] = m[i] & borrow;
        i += 1;
    }
    add(&d, &madd).0
}

/// Montgomery multiplication (CIOS, Koç–Acar–Kaliski 1996): `a·b·2^(−64N) mod m`.
///
/// The `const fn` version, for compile-time constants; run-time code calls
/// [`backend::mont_mul`] (same result, faster backends).
///
/// Requires m odd, `inv = −m⁻¹ mod 2⁶⁴`, `b < m` and `a < 2^(64N)`; the
/// result is fully reduced (< m). Works for any m < 2^(64N), including moduli
/// whose top limb is all ones (the extra carry word is kept). Constant time.
///
/// Procedure, for each limb bᵢ: t ← t + a·bᵢ; q ← t₀·inv mod 2⁶⁴;
/// t ← (t + q·m) / 2⁶⁴. Then t < 2m, and one masked subtraction finishes.
#[inline(always)]
pub const fn mont_mul<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    m: &[u64; N],
    inv: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    let mut t_hi = 0u64;
    let mut i = 0;
    while i < N {
        let mut carry = 0u64;
        let mut j = 0;
        while j < N {
            (t[j], carry) = mac(t[j], a[j], b[i], carry);
            j += 1;
        }
        let (s, t_hi2) = adc(t_hi, carry, 0);
        t_hi = s;
        let q = t[0].wrapping_mul(inv);
        let (_, mut carry) = mac(t[0], q, m[0], 0);
        j = 1;
        while j < N {
            (t[j - 1], carry) = mac(t[j], q, m[j], carry);
            j += 1;
        }
        let (s, c) = adc(t_hi, carry, 0);
        t[N - 1] = s;
        t_hi = t_hi2 + c;
        i += 1;
    }
    let (d, borrow) = sub(&t, m);
    let (_, keep) = sbb(t_hi, 0, borrow);
    select(&d, &t, keep)
}

/// Montgomery reduction of a single-width value: `a·2^(−64N) mod m`
/// (that is, conversion out of Montgomery form). Constant time.
#[inline(always)]
pub const fn mont_reduce<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    let mut one = [0u64; N];
    one[0] = 1;
    mont_mul(a, &one, m, inv)
}

/// The N-limb value v (little-endian, v in the lowest limb). Never fails.
pub const fn limbs_of_u64<const N: usize>(v: u64) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = v;
    r
}

/// c when `m = 2^(64N) − c` with 0 < c < 2³⁴ (a pseudo-Mersenne modulus
/// whose words above the lowest are all ones: the secp256k1 and secp192k1
/// fields), else 0. Used by [`crate::field::Fp`]'s `mul_small`.
pub const fn pseudo_mersenne_c<const N: usize>(m: &[u64; N]) -> u64 {
    let mut i = 1;
    while i < N {
        if m[i] != u64::MAX {
            return 0;
        }
        i += 1;
    }
    let c = 0u64.wrapping_sub(m[0]);
    if N > 1 && c != 0 && c < (1 << 34) {
        c
    } else {
        0
    }
}

/// `−m⁻¹ mod 2⁶⁴` for odd `m0` (Newton iteration, 6 steps double the precision
/// from 1 bit to 64).
pub const fn mont_inv(m0: u64) -> u64 {
    let mut x: u64 = 1;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(m0.wrapping_mul(x)));
        i += 1;
    }
    x.wrapping_neg()
}

/// `2^k mod m` for k ≥ 0, by doubling from 1 (compile-time helper; m > 1).
pub const fn pow2_mod<const N: usize>(k: usize, m: &[u64; N]) -> [u64; N] {
    let mut r = [0u64; N];
    r[0] = 1;
    // if m == 1 the result is 0; callers never pass it, but stay correct
    let mut i = 0;
    while i < k {
        r = add_mod(&r, &r, m);
        i += 1;
    }
    r
}

/// Number of significant bits of `a` (0 for zero). Variable time: for
/// public constants only.
pub const fn bits_vartime<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = N;
    while i > 0 {
        i -= 1;
        if a[i] != 0 {
            return 64 * i as u32 + (64 - a[i].leading_zeros());
        }
    }
    0
}

/// Parses a big-endian hex string (no prefix, any length ≤ 16N digits) into
/// limbs. For compile-time constants: panics at compile time on a bad digit
/// or an overlong string.
pub const fn from_hex<const N: usize>(s: &str) -> [u64; N] {
    let b = s.as_bytes();
    assert!(b.len() <= 16 * N, "hex constant too long");
    let mut r = [0u64; N];
    let mut i = 0;
    while i < b.len() {
        let c = b[b.len() - 1 - i];
        let v = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("bad hex digit"),
        } as u64;
        r[i / 16] |= v << (4 * (i % 16));
        i += 1;
    }
    r
}

/// `a >> k` for k < 64·N (compile-time helper).
pub const fn shr<const N: usize>(a: &[u64; N], k: u32) -> [u64; N] {
    let limbs = (k / 64) as usize;
    let bits = k % 64;
    let mut r = [0u64; N];
    let mut i = 0;
    while i + limbs < N {
        let lo = a[i + limbs] >> bits;
        let hi = if bits > 0 && i + limbs + 1 < N { a[i + limbs + 1] << (64 - bits) } else { 0 };
        r[i] = lo | hi;
        i += 1;
    }
    r
}

/// `a + c` for a small c, wrapping (compile-time helper).
pub const fn add_small<const N: usize>(a: &[u64; N], c: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = c;
    add(a, &b).0
}

/// `a − c` for a small c, wrapping (compile-time helper).
pub const fn sub_small<const N: usize>(a: &[u64; N], c: u64) -> [u64; N] {
    let mut b = [0u64; N];
    b[0] = c;
    sub(a, &b).0
}

/// Number of trailing zero bits of a nonzero value (compile-time helper).
pub const fn trailing_zeros<const N: usize>(a: &[u64; N]) -> u32 {
    let mut i = 0;
    while i < N {
        if a[i] != 0 {
            return 64 * i as u32 + a[i].trailing_zeros();
        }
        i += 1;
    }
    64 * N as u32
}

/// Reads big-endian bytes (at most 8N) into limbs; shorter input is
/// zero-extended on the left. Constant time in the byte values.
#[inline]
pub fn from_be_bytes<const N: usize>(bytes: &[u8]) -> [u64; N] {
    let mut r = [0u64; N];
    let n = bytes.len().min(8 * N);
    let src = &bytes[bytes.len() - n..];
    for (i, &byte) in src.iter().rev().enumerate() {
        r[i / 8] |= (byte as u64) << (8 * (i % 8));
    }
    r
}

/// Writes the low `out.len()` bytes of `a` big-endian into `out` (bytes past
/// 8N are zero). Constant time in the limb values.
#[inline]
pub fn to_be_bytes<const N: usize>(a: &[u64; N], out: &mut [u8]) {
    let len = out.len();
    for (i, o) in out.iter_mut().rev().enumerate() {
        *o = if i < 8 * N { (a[i / 8] >> (8 * (i % 8))) as u8 } else { 0 };
    }
    let _ = len;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mont_inv_is_negated_inverse() {
        for m0 in [1u64, 3, 0xffff_ffff_ffff_ffff, 0x1234_5678_9abc_def1] {
            assert_eq!(m0.wrapping_mul(mont_inv(m0)), u64::MAX);
        }
    }

    #[test]
    fn masks() {
        assert_eq!(is_zero_mask(&[0u64, 0]), u64::MAX);
        assert_eq!(is_zero_mask(&[0u64, 1]), 0);
        assert_eq!(is_zero_mask(&[1u64 << 63, 0]), 0);
        assert_eq!(lt_mask(&[1u64, 0], &[2, 0]), u64::MAX);
        assert_eq!(lt_mask(&[2u64, 0], &[2, 0]), 0);
        assert_eq!(lt_mask(&[0u64, 1], &[u64::MAX, 0]), 0);
    }

    #[test]
    fn hex_and_shifts() {
        let a: [u64; 2] = from_hex("0123456789abcdef0011223344556677");
        assert_eq!(a, [0x0011223344556677, 0x0123456789abcdef]);
        assert_eq!(shr(&a, 8), [0xef00112233445566, 0x0001234567_89abcd]);
        assert_eq!(shr(&a, 64), [0x0123456789abcdef, 0]);
        assert_eq!(bits_vartime(&a), 121);
        assert_eq!(trailing_zeros(&[0u64, 8]), 67);
        let mut out = [0u8; 17];
        to_be_bytes(&a, &mut out);
        assert_eq!(from_be_bytes::<2>(&out), a);
        assert_eq!(out[0], 0);
    }
}
