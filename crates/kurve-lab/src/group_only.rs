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
//! Such classes are therefore compared against "random" through the
//! registry's `mul_unencoded` / `mul_base_unencoded`, which do exactly the
//! work of `mul` / `mul_base` up to, and not including, the encoding:
//! decode the point, reduce the scalar bytes mod n into a secret scalar,
//! the constant-time [k]P or [k]B, and for short Weierstrass the
//! conversion to affine coordinates (a constant-time inversion, part of the
//! secret computation). A zero-scalar shortcut in the multiplication itself
//! would still show; only the public encoding step is left out. The
//! computation lives in kurve's registry (compiled once there) rather than
//! in a typed copy here. [`GroupOnly::encoded`] runs the unencoded call and
//! then the registry's encoding call, so the harness can check that both
//! accept and reject the same inputs and produce the registry's bytes.
//!
//! Constant-time status: measurement code, not library code (public test
//! inputs only).

use kurve::curves::CurveOps;
use kurve::{ByteBuf, Error};

/// A timed call on one prepared input (the dudect harness's call type).
pub type Call = Box<dyn Fn(&[u8]) -> Result<ByteBuf, Error>>;

/// The group operation of one (curve, op) without the encoding, input laid
/// out as the registry target's (`k` for `mul_base`, `k ‖ P` for `mul`, k
/// `scalar_bytes()` long).
pub struct GroupOnly {
    /// Decode, scalar reduction, multiplication (and affine conversion);
    /// the result is dropped inside kurve (`black_box`) and an empty buffer
    /// is returned.
    pub timed: Call,
    /// The same, followed by the registry's encoding call (for the untimed
    /// check against the registry).
    pub encoded: Call,
    /// What `timed` times (the row's `timed` in the JSON).
    pub description: &'static str,
    /// Why the classes are compared this way (the row's `comparison`).
    pub why: &'static str,
}

/// What [`GroupOnly::timed`] times for `mul` / `mul_base`.
pub const DESCRIPTION: &str = "group operation only, output encoding excluded: decode P + reduce k mod n + constant-time [k]P / [k]B (+ affine conversion), via the registry's mul_unencoded / mul_base_unencoded; the identity's encoding (00, after declassifying is_identity) is public and is not timed";
/// Why `mul` / `mul_base` special classes are split off.
const WHY_IDENTITY: &str = "the registry returns these classes' result (the identity) as 00, a different public form than a random result, so both classes are timed through the registry's unencoded group operation (mul_unencoded / mul_base_unencoded; checked against the registry's bytes with the encoding call added); the registry row of this op has the other classes";
/// What [`GroupOnly::timed`] times for `xdh`.
pub const DESCRIPTION_XDH: &str = "X25519/X448 without the RFC 7748 §6.1 all-zero check: clamp k + decode u + constant-time ladder + encode, via the registry's xdh_unchecked; the check (declassify is_zero, then ZeroResult) is public and is not timed";
/// Why `xdh` small-order classes are split off.
const WHY_ZERO: &str = "the registry rejects these classes' all-zero shared secret with ZeroResult, a different public form than a random result, so both classes are timed through the registry's xdh_unchecked (same ladder, no check; checked against the registry: all-zero output exactly where it returns ZeroResult, else the same bytes); the registry row of this op has the other classes";

/// The unencoded group operation of `op` (`mul` or `mul_base`) on `c`, for
/// the registry entries that have one (short-Weierstrass curves and the
/// Montgomery (u, v) entries of curve25519 / curve448). `None` otherwise.
pub fn group_only(c: &'static dyn CurveOps, op: &str) -> Option<GroupOnly> {
    let sb = c.scalar_bytes();
    if op == "xdh" {
        if matches!(c.xdh_unchecked(&[], &[]), Err(Error::Unsupported)) {
            return None;
        }
        return Some(GroupOnly {
            timed: Box::new(move |i| {
                let (k, u) = i.split_at(sb.min(i.len()));
                c.xdh_unchecked(k, u).map(|_| ByteBuf::new())
            }),
            encoded: Box::new(move |i| {
                let (k, u) = i.split_at(sb.min(i.len()));
                let out = c.xdh_unchecked(k, u)?;
                if out.iter().all(|&b| b == 0) {
                    return Err(Error::ZeroResult);
                }
                Ok(out)
            }),
            description: DESCRIPTION_XDH,
            why: WHY_ZERO,
        });
    }
    if matches!(c.mul_base_unencoded(&[1]), Err(Error::Unsupported)) {
        return None;
    }
    let split = move |i: &[u8]| -> (Vec<u8>, Vec<u8>) {
        let (k, p) = i.split_at(sb.min(i.len()));
        (k.to_vec(), p.to_vec())
    };
    match op {
        "mul" => Some(GroupOnly {
            timed: Box::new(move |i| {
                let (k, p) = i.split_at(sb.min(i.len()));
                c.mul_unencoded(k, p).map(|()| ByteBuf::new())
            }),
            encoded: Box::new(move |i| {
                let (k, p) = split(i);
                c.mul_unencoded(&k, &p)?;
                c.mul(&k, &p)
            }),
            description: DESCRIPTION,
            why: WHY_IDENTITY,
        }),
        "mul_base" => Some(GroupOnly {
            timed: Box::new(move |k| c.mul_base_unencoded(k).map(|()| ByteBuf::new())),
            encoded: Box::new(move |k| {
                c.mul_base_unencoded(k)?;
                c.mul_base(k)
            }),
            description: DESCRIPTION,
            why: WHY_IDENTITY,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kurve::curves;

    /// Every short-Weierstrass and Montgomery (u, v) entry of the registry
    /// has an unencoded group operation (an entry without one would silently
    /// keep the encoding in its timing).
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

    /// The unencoded path plus the registry's encoding gives the registry's
    /// bytes, on random scalars, on 0 and on n (both → the identity), and
    /// fails where the registry fails.
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
