//! The group operation without its output encoding, for the dudect rows
//! whose special class has a result of a different public *form* than the
//! random class.
//!
//! Why: the registry returns the identity as the single byte `00` (SEC 1
//! §2.3.3 for short Weierstrass; kurve's `u‖v` convention for the Montgomery
//! (u, v) entries). Its encoders declassify "is the result the identity?"
//! (`ct::declassify`) and skip serializing the coordinates, so a call whose
//! result is the identity — `mul`/`mul_base` with k ≡ 0 (mod n), or `mul` of
//! a point of order 2 by an even k — returns sooner. That bit is in the
//! output anyway (the output *is* `00`), so the time difference is not a
//! leak; but dudect would report it (curve448 `mul`, zero vs random:
//! |t| ≈ 10, ~100 ns of ~117 µs; secp256r1 `mul_base`: |t| ≈ 20, ~35 ns).
//!
//! Such classes are therefore compared against "random" through the typed
//! API doing exactly the registry's work up to, and not including, the
//! encoding: decode the point (`sec1::decode_allow_identity` / the `u‖v`
//! decoder), reduce the scalar bytes mod n into a [`SecretScalar`], the
//! constant-time [k]P or [k]B, and for short Weierstrass the conversion to
//! affine coordinates (a constant-time inversion, part of the secret
//! computation). A zero-scalar shortcut in the multiplication itself would
//! still show; only the public encoding step is left out. [`GroupOnly::encoded`]
//! runs the same typed code *and* the registry's encoding, so the harness can
//! check byte-equality with the registry before timing.
//!
//! Constant-time status: measurement code, not library code (public test
//! inputs only).

use kurve::curves::{self, CurveOps};
use kurve::encoding::sec1;
use kurve::field::Field;
use kurve::group::montgomery::{MontgomeryCurve, MontgomeryPoint};
use kurve::group::weierstrass::{AffinePoint, ProjectivePoint, WeierstrassCurve};
use kurve::scalar::SecretScalar;
use kurve::{ByteBuf, Error};
use std::hint::black_box;

/// A timed call on one prepared input (the dudect harness's call type).
pub type Call = Box<dyn Fn(&[u8]) -> Result<ByteBuf, Error>>;

/// The typed group operation of one (curve, op), input laid out as the
/// registry target's (`k` for `mul_base`, `k ‖ P` for `mul`, k
/// `scalar_bytes()` long).
pub struct GroupOnly {
    /// Decode, scalar reduction, multiplication (and affine conversion);
    /// the result goes through `black_box` and an empty buffer is returned.
    pub timed: Call,
    /// The same, followed by the registry's encoding of the result (for the
    /// untimed check against the registry).
    pub encoded: Call,
}

/// What [`GroupOnly::timed`] times, for the row's JSON and table.
pub const DESCRIPTION: &str = "group operation only, output encoding excluded: decode P + reduce k mod n + constant-time [k]P / [k]B (+ affine conversion), typed API; the identity's encoding (00, after declassifying is_identity) is public and is not timed";

/// The typed group operation of `op` (`mul` or `mul_base`) on `c`, where the
/// registry entry is a short-Weierstrass curve or the Montgomery (u, v)
/// entry of curve25519 / curve448. `None` otherwise.
pub fn group_only(c: &'static dyn CurveOps, op: &str) -> Option<GroupOnly> {
    let sb = c.scalar_bytes();
    macro_rules! weierstrass {
        ($($module:ident :: $Curve:ident),* $(,)?) => {
            $(
                if c.name() == <curves::$module::$Curve as WeierstrassCurve>::NAME {
                    return weierstrass_op::<curves::$module::$Curve>(op, sb);
                }
            )*
        };
    }
    weierstrass!(
        secp192k1::Secp192k1,
        secp192r1::Secp192r1,
        secp224k1::Secp224k1,
        secp224r1::Secp224r1,
        secp256k1::Secp256k1,
        secp256r1::Secp256r1,
        secp384r1::Secp384r1,
        secp521r1::Secp521r1,
        brainpool_p160r1::BrainpoolP160r1,
        brainpool_p160t1::BrainpoolP160t1,
        brainpool_p192r1::BrainpoolP192r1,
        brainpool_p192t1::BrainpoolP192t1,
        brainpool_p224r1::BrainpoolP224r1,
        brainpool_p224t1::BrainpoolP224t1,
        brainpool_p256r1::BrainpoolP256r1,
        brainpool_p256t1::BrainpoolP256t1,
        brainpool_p320r1::BrainpoolP320r1,
        brainpool_p320t1::BrainpoolP320t1,
        brainpool_p384r1::BrainpoolP384r1,
        brainpool_p384t1::BrainpoolP384t1,
        brainpool_p512r1::BrainpoolP512r1,
        brainpool_p512t1::BrainpoolP512t1,
    );
    if c.model() == curves::Model::Montgomery {
        if c.name() == curves::curve25519::Curve25519::NAME {
            return montgomery_op::<curves::curve25519::Curve25519>(op, sb);
        }
        if c.name() == curves::curve448::Curve448::NAME {
            return montgomery_op::<curves::curve448::Curve448>(op, sb);
        }
    }
    None
}

fn split(i: &[u8], sb: usize) -> (&[u8], &[u8]) {
    i.split_at(sb.min(i.len()))
}

/// [k]P as the registry's `WeierstrassOps::mul` computes it, before encoding.
fn w_mul<C: WeierstrassCurve>(k: &[u8], p: &[u8]) -> Result<AffinePoint<C>, Error> {
    let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
    Ok(sec1::decode_allow_identity::<C>(p)?.to_projective().mul(&k).to_affine())
}

/// [k]G as the registry's `WeierstrassOps::mul_base` computes it, before encoding.
fn w_mul_base<C: WeierstrassCurve>(k: &[u8]) -> AffinePoint<C> {
    let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
    ProjectivePoint::<C>::mul_base(&k).to_affine()
}

fn weierstrass_op<C: WeierstrassCurve + 'static>(op: &str, sb: usize) -> Option<GroupOnly> {
    match op {
        "mul" => Some(GroupOnly {
            timed: Box::new(move |i| {
                let (k, p) = split(i, sb);
                w_mul::<C>(k, p).map(|r| {
                    black_box(&r);
                    ByteBuf::new()
                })
            }),
            encoded: Box::new(move |i| {
                let (k, p) = split(i, sb);
                w_mul::<C>(k, p).map(|r| sec1::encode(&r, false))
            }),
        }),
        "mul_base" => Some(GroupOnly {
            timed: Box::new(|k| {
                black_box(&w_mul_base::<C>(k));
                Ok(ByteBuf::new())
            }),
            encoded: Box::new(|k| Ok(sec1::encode(&w_mul_base::<C>(k), false))),
        }),
        _ => None,
    }
}

/// Little-endian, canonical (< p) field element, as the registry's
/// Montgomery decoder reads a coordinate.
fn le_canonical<F: Field>(b: &[u8]) -> Option<F> {
    let mut be = [0u8; 80];
    let n = b.len().min(be.len());
    for (dst, src) in be[..n].iter_mut().zip(b.iter().rev()) {
        *dst = *src;
    }
    Option::from(F::from_be_bytes(&be[..n]))
}

/// The registry's `u‖v` (or `00`) decoder, rebuilt on the public API.
fn m_in<C: MontgomeryCurve>(p: &[u8]) -> Result<MontgomeryPoint<C>, Error> {
    if p == [0u8] {
        return Ok(MontgomeryPoint::identity());
    }
    let n = C::Base::BYTES;
    if p.len() != 2 * n {
        return Err(Error::InvalidLength);
    }
    let u = le_canonical::<C::Base>(&p[..n]).ok_or(Error::NonCanonicalField)?;
    let v = le_canonical::<C::Base>(&p[n..]).ok_or(Error::NonCanonicalField)?;
    Option::from(MontgomeryPoint::<C>::from_coordinates(u, v)).ok_or(Error::NotOnCurve)
}

/// The registry's `u‖v` / `00` encoder (for the untimed check only).
fn m_out<C: MontgomeryCurve>(p: &MontgomeryPoint<C>) -> Result<ByteBuf, Error> {
    if bool::from(p.is_identity()) {
        return ByteBuf::from_slice(&[0u8]);
    }
    let n = C::Base::BYTES;
    let mut out = ByteBuf::new();
    for f in [p.u(), p.v()] {
        let mut be = vec![0u8; n];
        f.write_be_bytes(&mut be);
        be.reverse();
        out.extend_from_slice(&be)?;
    }
    Ok(out)
}

fn m_mul<C: MontgomeryCurve>(k: &[u8], p: &[u8]) -> Result<MontgomeryPoint<C>, Error> {
    let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
    Ok(m_in::<C>(p)?.mul(&k))
}

fn m_mul_base<C: MontgomeryCurve>(k: &[u8]) -> MontgomeryPoint<C> {
    let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
    MontgomeryPoint::<C>::mul_base(&k)
}

fn montgomery_op<C: MontgomeryCurve + 'static>(op: &str, sb: usize) -> Option<GroupOnly> {
    match op {
        "mul" => Some(GroupOnly {
            timed: Box::new(move |i| {
                let (k, p) = split(i, sb);
                m_mul::<C>(k, p).map(|r| {
                    black_box(&r);
                    ByteBuf::new()
                })
            }),
            encoded: Box::new(move |i| {
                let (k, p) = split(i, sb);
                m_out(&m_mul::<C>(k, p)?)
            }),
        }),
        "mul_base" => Some(GroupOnly {
            timed: Box::new(|k| {
                black_box(&m_mul_base::<C>(k));
                Ok(ByteBuf::new())
            }),
            encoded: Box::new(|k| m_out(&m_mul_base::<C>(k))),
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every short-Weierstrass and Montgomery (u, v) entry of the registry
    /// has a typed group-only path (a curve added to the registry but not to
    /// the list above would silently keep the encoding in its timing).
    #[test]
    fn every_group_entry_has_a_typed_path() {
        for c in curves::all() {
            if matches!(c.model(), curves::Model::ShortWeierstrass | curves::Model::Montgomery) {
                for op in ["mul", "mul_base"] {
                    assert!(group_only(*c, op).is_some(), "{} {op}", c.name());
                }
            }
        }
    }

    /// The typed path plus the registry's encoding gives the registry's
    /// bytes, on random scalars, on 0 and on n (both → the identity).
    #[test]
    fn typed_path_matches_the_registry() {
        for c in curves::all() {
            let (Some(m), Some(mb)) = (group_only(*c, "mul"), group_only(*c, "mul_base")) else { continue };
            let n = c.order();
            let mut k = n.to_vec();
            k[n.len() - 1] ^= 0x5a; // < n unless n's last byte is small: reduced anyway
            k[0] >>= 1;
            let p = c.mul_base(&k).unwrap();
            for s in [k.clone(), vec![0u8; n.len()], n.to_vec()] {
                let mut i = s.clone();
                i.extend_from_slice(&p);
                assert_eq!(m.encoded.as_ref()(&i).unwrap(), c.mul(&s, &p).unwrap(), "{} mul", c.name());
                assert_eq!(mb.encoded.as_ref()(&s).unwrap(), c.mul_base(&s).unwrap(), "{} mul_base", c.name());
                assert!(m.timed.as_ref()(&i).is_ok());
            }
            // an invalid point fails the same way
            let bad = vec![0x07u8; p.len()];
            let mut i = k.clone();
            i.extend_from_slice(&bad);
            assert_eq!(m.encoded.as_ref()(&i).unwrap_err(), c.mul(&k, &bad).unwrap_err(), "{}", c.name());
        }
    }
}
