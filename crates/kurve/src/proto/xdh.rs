//! X25519 and X448 Diffie–Hellman (RFC 7748 §5, §6).
//!
//! `x25519(k, u)` clamps the private scalar k, decodes the peer's
//! u-coordinate (masking bit 255 for X25519 and reducing non-canonical
//! values mod p), runs the constant-time Montgomery ladder
//! ([`crate::group::montgomery::ladder`], on the fastest backend:
//! [`MontgomeryCurve::ladder_clamped`]) and encodes the result.
//!
//! **Which form to use.** RFC 7748 §6.1 lets implementations check whether the
//! shared secret is all zero — the output when the peer sent a point of small
//! order, so that the result does not depend on our key
//! ("non-contributory" behaviour). The `_checked` functions do that check
//! and fail with [`Error::ZeroResult`]; **they are the default**, and the
//! form the run-time registry uses. The unchecked functions return the
//! all-zero output together with a [`Choice`] that is set when it is zero,
//! for protocols (Noise, some HPKE profiles) that decide themselves.
//!
//! Constant time in the private key k (and in u); the checked form reveals
//! only whether the result was zero, which its caller learns anyway.
//! Outputs are secrets: zeroize them when done.

use crate::curves::curve25519::Curve25519;
use crate::curves::curve448::Curve448;
use crate::encoding::rfc7748::{clamp_x25519, clamp_x448, decode_u_coordinate, encode_u_coordinate};
use crate::field::Field;
use crate::group::montgomery::MontgomeryCurve;
use crate::Error;
use subtle::Choice;
use zeroize::Zeroize;

/// The ladder on an already clamped scalar and an encoded u; returns the
/// encoded result and whether it is zero.
fn xdh<C: MontgomeryCurve>(k_clamped: &C::Bytes, u: &C::Base) -> (C::Bytes, Choice) {
    let mut r = C::ladder_clamped(k_clamped, u);
    let is_zero = r.is_zero();
    let out = encode_u_coordinate::<C>(&r);
    r.zeroize();
    (out, is_zero)
}

/// X25519(k, u) (RFC 7748 §5): the shared secret and whether it is all
/// zero (the peer's u had small order). Never fails. Constant time in k.
/// Prefer [`x25519_checked`].
pub fn x25519(k: &[u8; 32], u: &[u8; 32]) -> ([u8; 32], Choice) {
    let mut kc = clamp_x25519(k);
    let r = xdh::<Curve25519>(&kc, &decode_u_coordinate::<Curve25519>(u));
    kc.zeroize();
    r
}

/// The public key u of \[k\]·base for a clamped k, by the curve's fixed-base
/// path ([`MontgomeryCurve::base_u`]), encoded.
fn xdh_base<C: MontgomeryCurve>(k_clamped: &C::Bytes) -> C::Bytes {
    let mut r = C::base_u(k_clamped);
    let out = encode_u_coordinate::<C>(&r);
    r.zeroize();
    out
}

/// X25519(k, 9): the public key for the private key k (RFC 7748 §6.1).
/// Same value as [`x25519`] with u = 9, computed by the edwards25519
/// fixed-base table (\[k\]B, then u = (1 + y)/(1 − y)) at about a quarter
/// of the ladder's cost. Constant time in k; never zero for a clamped k.
pub fn x25519_base(k: &[u8; 32]) -> [u8; 32] {
    let mut kc = clamp_x25519(k);
    let r = xdh_base::<Curve25519>(&kc);
    kc.zeroize();
    r
}

/// X25519(k, u) with the RFC 7748 §6.1 all-zero check: fails with
/// [`Error::ZeroResult`] when the shared secret is all zero. The default
/// form. Constant time in k.
pub fn x25519_checked(k: &[u8; 32], u: &[u8; 32]) -> Result<[u8; 32], Error> {
    let (mut out, is_zero) = x25519(k, u);
    if crate::ct::declassify(is_zero) {
        out.zeroize();
        return Err(Error::ZeroResult);
    }
    Ok(out)
}

/// X448(k, u) (RFC 7748 §5): the shared secret and whether it is all zero.
/// Never fails. Constant time in k. Prefer [`x448_checked`].
pub fn x448(k: &[u8; 56], u: &[u8; 56]) -> ([u8; 56], Choice) {
    let mut kc = clamp_x448(k);
    let r = xdh::<Curve448>(&kc, &decode_u_coordinate::<Curve448>(u));
    kc.zeroize();
    r
}

/// X448(k, 5): the public key for the private key k (RFC 7748 §6.2).
/// Same value as [`x448`] with u = 5, computed by the edwards448 fixed-base
/// table and the 4-isogeny to curve448 (u = y²/x²). Constant time in k.
pub fn x448_base(k: &[u8; 56]) -> [u8; 56] {
    let mut kc = clamp_x448(k);
    let r = xdh_base::<Curve448>(&kc);
    kc.zeroize();
    r
}

/// X448(k, u) with the RFC 7748 §6.2 all-zero check: fails with
/// [`Error::ZeroResult`] when the shared secret is all zero. The default
/// form. Constant time in k.
pub fn x448_checked(k: &[u8; 56], u: &[u8; 56]) -> Result<[u8; 56], Error> {
    let (mut out, is_zero) = x448(k, u);
    if crate::ct::declassify(is_zero) {
        out.zeroize();
        return Err(Error::ZeroResult);
    }
    Ok(out)
}
