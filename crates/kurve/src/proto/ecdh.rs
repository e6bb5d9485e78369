//! Elliptic-curve Diffie–Hellman, SEC 1 v2 §3.3.1 (the "ECDH primitive"
//! with cofactor 1, as used by TLS, NIST SP 800-56A CDH on prime-order curves).
//!
//! The shared secret is the x-coordinate of [d]Q, `field_bytes` long. The
//! peer's point must already be validated (use
//! [`crate::encoding::sec1::decode`], which rejects off-curve points, the
//! identity, non-canonical coordinates and hybrid encodings).

use crate::field::Field;
use crate::group::weierstrass::{AffinePoint, WeierstrassCurve};
use crate::scalar::SecretScalar;
use crate::{ByteBuf, Error};

/// x([d]Q) for a private key d and a validated peer point Q. Constant time in
/// d and Q. Fails with [`Error::ZeroResult`] if [d]Q is the identity (impossible
/// for 1 ≤ d < n and Q ≠ O on a prime-order curve, but checked).
pub fn shared_secret<C: WeierstrassCurve>(
    d: &SecretScalar<C::ScalarField>,
    peer: &AffinePoint<C>,
) -> Result<ByteBuf, Error> {
    let s = peer.to_projective().mul(d).to_affine();
    let mut out = ByteBuf::zeroed(C::Base::BYTES)?;
    s.x().write_be_bytes(out.as_mut_slice());
    if crate::ct::declassify(s.is_identity()) {
        return Err(Error::ZeroResult);
    }
    Ok(out)
}
