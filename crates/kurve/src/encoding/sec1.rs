//! SEC 1 v2 point encodings (§2.3.3 Elliptic-Curve-Point-to-Octet-String,
//! §2.3.4 Octet-String-to-Elliptic-Curve-Point).
//!
//! | form | bytes |
//! |---|---|
//! | identity | `00` |
//! | compressed | `02‖X` (y even) or `03‖X` (y odd) |
//! | uncompressed | `04‖X‖Y` |
//! | hybrid | `06/07‖X‖Y` — **rejected** (deprecated, and a source of bugs) |
//!
//! X and Y are exactly `field_bytes` long and must be < p.

use crate::field::Field;
use crate::group::weierstrass::{AffinePoint, WeierstrassCurve};
use crate::{ByteBuf, Error};
use subtle::Choice;

/// Encodes a point (SEC 1 v2 §2.3.3): `00` for the identity, otherwise
/// compressed or uncompressed. Constant time for non-identity points
/// (whether the point is the identity is visible in the output length).
pub fn encode<C: WeierstrassCurve>(p: &AffinePoint<C>, compressed: bool) -> ByteBuf {
    let fb = C::Base::BYTES;
    // The encoding's length reveals whether p is the identity: declassify that bit.
    if crate::ct::declassify(p.is_identity()) {
        return ByteBuf::from_slice(&[0]).unwrap_or_default();
    }
    let len = if compressed { 1 + fb } else { 1 + 2 * fb };
    // Capacity is 256 ≥ 1 + 2·66, so this cannot fail for any curve here.
    let mut out = ByteBuf::zeroed(len).unwrap_or_default();
    let buf = out.as_mut_slice();
    if buf.len() != len {
        return out;
    }
    p.x().write_be_bytes(&mut buf[1..1 + fb]);
    if compressed {
        buf[0] = 0x02 | p.y().is_odd().unwrap_u8();
    } else {
        buf[0] = 0x04;
        p.y().write_be_bytes(&mut buf[1 + fb..]);
    }
    out
}

/// Decodes a point (SEC 1 v2 §2.3.4) and validates it fully: exact length,
/// coordinates < p, on the curve, in the prime-order subgroup. The identity
/// (`00`) is rejected with [`Error::IdentityPoint`] — use
/// [`decode_allow_identity`] where the identity is legitimate. Hybrid forms
/// are rejected with [`Error::InvalidEncoding`]. Inputs are public: variable time.
pub fn decode<C: WeierstrassCurve>(bytes: &[u8]) -> Result<AffinePoint<C>, Error> {
    let p = decode_allow_identity::<C>(bytes)?;
    if bool::from(p.is_identity()) {
        return Err(Error::IdentityPoint);
    }
    Ok(p)
}

/// As [`decode`], but the single byte `00` decodes to the identity
/// (SEC 1 v2 §2.3.4 step 1). For group arithmetic on encoded points.
pub fn decode_allow_identity<C: WeierstrassCurve>(bytes: &[u8]) -> Result<AffinePoint<C>, Error> {
    let fb = C::Base::BYTES;
    let (&tag, rest) = bytes.split_first().ok_or(Error::InvalidLength)?;
    let field = |b: &[u8]| -> Result<C::Base, Error> {
        Option::<C::Base>::from(C::Base::from_be_bytes(b)).ok_or(Error::NonCanonicalField)
    };
    let p = match tag {
        0x00 => {
            if !rest.is_empty() {
                return Err(Error::InvalidLength);
            }
            return Ok(AffinePoint::identity());
        }
        0x02 | 0x03 => {
            if rest.len() != fb {
                return Err(Error::InvalidLength);
            }
            let x = field(rest)?;
            Option::<AffinePoint<C>>::from(AffinePoint::from_x(x, Choice::from(tag & 1)))
                .ok_or(Error::NotOnCurve)?
        }
        0x04 => {
            if rest.len() != 2 * fb {
                return Err(Error::InvalidLength);
            }
            let x = field(&rest[..fb])?;
            let y = field(&rest[fb..])?;
            Option::<AffinePoint<C>>::from(AffinePoint::from_coordinates(x, y))
                .ok_or(Error::NotOnCurve)?
        }
        0x06 | 0x07 => return Err(Error::InvalidEncoding),
        _ => return Err(Error::InvalidEncoding),
    };
    if !bool::from(p.is_torsion_free()) {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}
