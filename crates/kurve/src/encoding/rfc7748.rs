//! RFC 7748 §5 encodings: u-coordinates and X25519/X448 scalars.
//!
//! - u-coordinates are little-endian byte strings of ⌈BITS/8⌉ bytes (32 for
//!   curve25519, 56 for curve448). Decoding masks the bits above BITS
//!   (X25519 ignores bit 255) and then **accepts non-canonical values
//!   u ≥ p, reducing them mod p**, as RFC 7748 §5 requires
//!   ("implementations of X25519 … MUST accept non-canonical values and
//!   process them as if they had been reduced modulo the field prime").
//!   Encoding always produces the canonical value.
//! - Scalars are little-endian random strings, "clamped" (decodeScalar25519 /
//!   decodeScalar448): the low bits cleared so the scalar is a multiple of
//!   the cofactor, and the top bit set so the ladder has a fixed length.

use crate::field::Field;
use crate::group::edwards::{le, ByteArray};
use crate::group::montgomery::MontgomeryCurve;

/// Decodes an RFC 7748 u-coordinate (decodeUCoordinate): masks the bits at
/// and above `C::Base::BITS` in the last byte (bit 255 for X25519; none for
/// X448), then reduces the little-endian integer mod p. Never fails; every
/// byte string is accepted. Constant time in the bytes.
pub fn decode_u_coordinate<C: MontgomeryCurve>(u: &C::Bytes) -> C::Base {
    let mut b = *u;
    let bits = C::Base::BITS as usize;
    let bytes = b.as_mut();
    debug_assert_eq!(bytes.len(), bits.div_ceil(8));
    if bits % 8 != 0 {
        let last = bytes.len() - 1;
        bytes[last] &= (1u8 << (bits % 8)) - 1;
    }
    le::decode_reduced::<C::Base>(bytes)
}

/// Encodes a u-coordinate (encodeUCoordinate): the canonical value (< p),
/// little-endian. Constant time.
pub fn encode_u_coordinate<C: MontgomeryCurve>(u: &C::Base) -> C::Bytes {
    let mut out = C::Bytes::zeroed();
    le::encode(u, out.as_mut());
    out
}

/// decodeScalar25519 (RFC 7748 §5): clears bits 0, 1, 2 (a multiple of the
/// cofactor 8) and bit 255, and sets bit 254. Constant time.
pub fn clamp_x25519(k: &[u8; 32]) -> [u8; 32] {
    let mut r = *k;
    r[0] &= 248;
    r[31] &= 127;
    r[31] |= 64;
    r
}

/// decodeScalar448 (RFC 7748 §5): clears bits 0, 1 (a multiple of the
/// cofactor 4) and sets bit 447. Constant time.
pub fn clamp_x448(k: &[u8; 56]) -> [u8; 56] {
    let mut r = *k;
    r[0] &= 252;
    r[55] |= 128;
    r
}
