//! [`CurveOps`] for the Edwards, Montgomery and x-only (XDH) registry
//! entries of curve25519 and curve448.
//!
//! | entry | adapter | model | points | extra operations |
//! |---|---|---|---|---|
//! | `edwards25519` (`Ed25519`) | [`EdwardsOps`] | [`Model::Edwards`] | RFC 8032 §5.1.2, 32 bytes | EdDSA (Ed25519, ctx, ph) |
//! | `edwards448` (`Ed448`) | [`EdwardsOps`] | [`Model::Edwards`] | RFC 8032 §5.2.2, 57 bytes | EdDSA (Ed448, ph) |
//! | `curve448Edwards` | [`EdwardsOps`] | [`Model::Edwards`] | RFC 8032 layout, 57 bytes | — |
//! | `curve25519`, `curve448` | [`MontgomeryOps`] | [`Model::Montgomery`] | `u‖v` little-endian (64 / 112 bytes), `00` = identity | — |
//! | `x25519` (`X25519`), `x448` (`X448`) | [`XdhOps`] | [`Model::MontgomeryXOnly`] | u-coordinates (RFC 7748) | `xdh`, `xdh_public_key` |
//!
//! Conventions that differ from the short-Weierstrass adapter:
//! - **Edwards** points are decoded strictly (RFC 8032 §5.1.3 / §5.2.3:
//!   y < p, a square root must exist, no "−0"); small- and mixed-order
//!   points are accepted, as in the RFC. The identity is the ordinary
//!   encoding of (0, 1), not `00`. `compressed` is ignored (there is only
//!   one encoding).
//! - **Montgomery** points are `u‖v`, each coordinate `field_bytes()` long,
//!   little-endian, canonical (< p) and on the curve; the identity is the
//!   single byte `00`.
//! - Scalars of the group operations are big-endian of any length, reduced
//!   mod L (the prime order of the base point), exactly like the
//!   short-Weierstrass adapter — *not* the little-endian clamped scalars of
//!   RFC 7748 / RFC 8032. For points outside the prime-order subgroup this
//!   means \[k mod L\]P.
//! - `public_key` and `ecdh` (the SEC 1 operations) are `Unsupported` on every
//!   entry here: use `xdh_public_key` / `xdh` or `eddsa_public_key`.
//! - **x-only** entries offer only `generator` (u = 9 / u = 5, little-endian),
//!   `xdh` and `xdh_public_key`. Every group operation (`encode_point`,
//!   `add`, `double`, `neg`, `mul*`) returns [`Error::Unsupported`]: a
//!   u-coordinate does not determine a point's sign, so there is no addition,
//!   and an unclamped "raw ladder" `mul` is deliberately not offered (it would
//!   be a second, easily misused scalar convention next to RFC 7748's).

use super::registry::{CurveOps, Model};
#[cfg(feature = "proto")]
use super::registry::EddsaVariant;
use crate::field::Field;
use crate::group::edwards::{le, ByteArray, EdwardsCurve, EdwardsPoint};
use crate::group::montgomery::{MontgomeryCurve, MontgomeryPoint};
use crate::scalar::{Scalar, SecretScalar};
use crate::{ByteBuf, Error};
use core::marker::PhantomData;

/// Which EdDSA instance (if any) an Edwards registry entry offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EddsaKind {
    /// No EdDSA (curve448's Edwards form).
    None,
    /// Ed25519 / Ed25519ctx / Ed25519ph (RFC 8032 §5.1).
    Ed25519,
    /// Ed448 / Ed448ph (RFC 8032 §5.2).
    Ed448,
}

fn be_bytes<F: Field>(f: &F) -> ByteBuf {
    let mut b = ByteBuf::zeroed(F::BYTES).unwrap_or_default();
    f.write_be_bytes(b.as_mut_slice());
    b
}

fn modulus_be<F: Field>() -> ByteBuf {
    let mut b = ByteBuf::zeroed(F::BYTES).unwrap_or_default();
    F::write_modulus_be_bytes(b.as_mut_slice());
    b
}

// ---------------------------------------------------------------------------
// Edwards
// ---------------------------------------------------------------------------

/// The registry entry of an Edwards curve `C` (RFC 8032 point encodings).
pub struct EdwardsOps<C: EdwardsCurve> {
    name: &'static str,
    oid: &'static str,
    aliases: &'static [&'static str],
    #[cfg_attr(not(feature = "proto"), allow(dead_code))]
    eddsa: EddsaKind,
    _curve: PhantomData<C>,
}

impl<C: EdwardsCurve> EdwardsOps<C> {
    /// An entry with its registry name, OID (may be empty), aliases and EdDSA instance.
    pub const fn new(
        name: &'static str,
        oid: &'static str,
        aliases: &'static [&'static str],
        eddsa: EddsaKind,
    ) -> Self {
        EdwardsOps { name, oid, aliases, eddsa, _curve: PhantomData }
    }
}

fn ed_in<C: EdwardsCurve>(p: &[u8]) -> Result<EdwardsPoint<C>, Error> {
    EdwardsPoint::<C>::decompress_slice(p)
}

fn ed_out<C: EdwardsCurve>(p: &EdwardsPoint<C>) -> ByteBuf {
    ByteBuf::from_slice(p.compress().as_ref()).unwrap_or_default()
}

#[cfg(feature = "proto")]
fn profile_by_name(name: &str) -> Result<crate::proto::eddsa::VerifyProfile, Error> {
    use crate::proto::eddsa::VerifyProfile;
    match name {
        "rfc8032" => Ok(VerifyProfile::Rfc8032Strict),
        "cofactored" => Ok(VerifyProfile::Cofactored),
        "zip215" => Ok(VerifyProfile::Zip215),
        _ => Err(Error::Unsupported),
    }
}

#[cfg(feature = "proto")]
fn fixed<const N: usize>(b: &[u8]) -> Result<[u8; N], Error> {
    b.try_into().map_err(|_| Error::InvalidLength)
}

impl<C: EdwardsCurve> CurveOps for EdwardsOps<C> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn model(&self) -> Model {
        Model::Edwards
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn oid(&self) -> &'static str {
        self.oid
    }
    fn field_bytes(&self) -> usize {
        C::Base::BYTES
    }
    fn scalar_bytes(&self) -> usize {
        C::ScalarField::BYTES
    }
    fn modulus(&self) -> ByteBuf {
        modulus_be::<C::Base>()
    }
    fn order(&self) -> ByteBuf {
        modulus_be::<C::ScalarField>()
    }
    fn cofactor(&self) -> u64 {
        C::COFACTOR
    }
    /// The Edwards a (−1 or 1), big-endian.
    fn coeff_a(&self) -> ByteBuf {
        let a = if C::A_IS_MINUS_ONE { -C::Base::ONE } else { C::Base::ONE };
        be_bytes(&a)
    }
    /// The Edwards d, big-endian.
    fn coeff_b(&self) -> ByteBuf {
        be_bytes(&C::D)
    }
    fn generator(&self, _compressed: bool) -> ByteBuf {
        ed_out(&EdwardsPoint::<C>::generator())
    }
    fn encode_point(&self, point: &[u8], _compressed: bool) -> Result<ByteBuf, Error> {
        Ok(ed_out(&ed_in::<C>(point)?))
    }
    fn add(&self, p: &[u8], q: &[u8]) -> Result<ByteBuf, Error> {
        Ok(ed_out(&ed_in::<C>(p)?.add(&ed_in::<C>(q)?)))
    }
    fn double(&self, p: &[u8]) -> Result<ByteBuf, Error> {
        Ok(ed_out(&ed_in::<C>(p)?.double()))
    }
    fn neg(&self, p: &[u8]) -> Result<ByteBuf, Error> {
        Ok(ed_out(&ed_in::<C>(p)?.neg()))
    }
    fn mul(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(ed_out(&ed_in::<C>(p)?.mul(&k)))
    }
    fn mul_base(&self, k: &[u8]) -> Result<ByteBuf, Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(ed_out(&EdwardsPoint::<C>::mul_base(&k)))
    }
    fn mul_vartime(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let k = Scalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(ed_out(&ed_in::<C>(p)?.mul_vartime(&k)))
    }
    fn double_mul_vartime(&self, a: &[u8], b: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let a = Scalar::<C::ScalarField>::from_be_bytes_reduced(a);
        let b = Scalar::<C::ScalarField>::from_be_bytes_reduced(b);
        Ok(ed_out(&EdwardsPoint::double_mul_vartime(&a, &b, &ed_in::<C>(p)?)))
    }
    fn public_key(&self, _private_key: &[u8], _compressed: bool) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn ecdh(&self, _private_key: &[u8], _peer_public: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }

    #[cfg(feature = "proto")]
    fn eddsa_public_key(&self, seed: &[u8]) -> Result<ByteBuf, Error> {
        use crate::proto::eddsa;
        match self.eddsa {
            EddsaKind::None => Err(Error::Unsupported),
            EddsaKind::Ed25519 => {
                let mut s = fixed::<32>(seed)?;
                let pk = eddsa::ed25519_public_key(&s);
                zeroize::Zeroize::zeroize(&mut s);
                ByteBuf::from_slice(&pk)
            }
            EddsaKind::Ed448 => {
                let mut s = fixed::<57>(seed)?;
                let pk = eddsa::ed448_public_key(&s);
                zeroize::Zeroize::zeroize(&mut s);
                ByteBuf::from_slice(&pk)
            }
        }
    }
    /// Ed25519: `Pure` ignores nothing — a non-empty `ctx` with `Pure` is
    /// rejected ([`Error::InvalidLength`]; use `Ctx`). Ed448: `Pure` takes a
    /// context (possibly empty); `Ctx` is `Unsupported` (Ed448 has no
    /// separate ctx variant).
    #[cfg(feature = "proto")]
    fn eddsa_sign(&self, variant: EddsaVariant, seed: &[u8], ctx: &[u8], msg: &[u8]) -> Result<ByteBuf, Error> {
        use crate::proto::eddsa;
        match self.eddsa {
            EddsaKind::None => Err(Error::Unsupported),
            EddsaKind::Ed25519 => {
                let mut s = fixed::<32>(seed)?;
                let r = match variant {
                    EddsaVariant::Pure if ctx.is_empty() => Ok(eddsa::ed25519_sign(&s, msg)),
                    EddsaVariant::Pure => Err(Error::InvalidLength),
                    EddsaVariant::Ctx => eddsa::ed25519ctx_sign(&s, ctx, msg),
                    EddsaVariant::Ph => eddsa::ed25519ph_sign(&s, ctx, msg),
                };
                zeroize::Zeroize::zeroize(&mut s);
                ByteBuf::from_slice(&r?)
            }
            EddsaKind::Ed448 => {
                let mut s = fixed::<57>(seed)?;
                let r = match variant {
                    EddsaVariant::Pure => eddsa::ed448_sign(&s, ctx, msg),
                    EddsaVariant::Ctx => Err(Error::Unsupported),
                    EddsaVariant::Ph => eddsa::ed448ph_sign(&s, ctx, msg),
                };
                zeroize::Zeroize::zeroize(&mut s);
                ByteBuf::from_slice(&r?)
            }
        }
    }
    #[cfg(feature = "proto")]
    fn eddsa_verify(
        &self,
        variant: EddsaVariant,
        profile: &str,
        public_key: &[u8],
        ctx: &[u8],
        msg: &[u8],
        sig: &[u8],
    ) -> Result<(), Error> {
        use crate::proto::eddsa;
        if self.eddsa == EddsaKind::None {
            return Err(Error::Unsupported);
        }
        let profile = profile_by_name(profile)?;
        match (self.eddsa, variant) {
            (EddsaKind::Ed25519, EddsaVariant::Pure) if ctx.is_empty() => {
                eddsa::ed25519_verify(public_key, msg, sig, profile)
            }
            (EddsaKind::Ed25519, EddsaVariant::Pure) => Err(Error::InvalidLength),
            (EddsaKind::Ed25519, EddsaVariant::Ctx) => eddsa::ed25519ctx_verify(public_key, ctx, msg, sig, profile),
            (EddsaKind::Ed25519, EddsaVariant::Ph) => eddsa::ed25519ph_verify(public_key, ctx, msg, sig, profile),
            (EddsaKind::Ed448, EddsaVariant::Pure) => eddsa::ed448_verify(public_key, ctx, msg, sig, profile),
            (EddsaKind::Ed448, EddsaVariant::Ctx) => Err(Error::Unsupported),
            (EddsaKind::Ed448, EddsaVariant::Ph) => eddsa::ed448ph_verify(public_key, ctx, msg, sig, profile),
            (EddsaKind::None, _) => Err(Error::Unsupported),
        }
    }
}

// ---------------------------------------------------------------------------
// Montgomery (u, v)
// ---------------------------------------------------------------------------

/// The registry entry of a Montgomery curve's (u, v) group.
pub struct MontgomeryOps<C: MontgomeryCurve> {
    aliases: &'static [&'static str],
    _curve: PhantomData<C>,
}

impl<C: MontgomeryCurve> MontgomeryOps<C> {
    /// An entry with these aliases.
    pub const fn new(aliases: &'static [&'static str]) -> Self {
        MontgomeryOps { aliases, _curve: PhantomData }
    }
}

/// Decodes `u‖v` (little-endian, canonical, on the curve) or `00`.
fn mont_in<C: MontgomeryCurve>(p: &[u8]) -> Result<MontgomeryPoint<C>, Error> {
    if p == [0u8] {
        return Ok(MontgomeryPoint::identity());
    }
    let n = C::Base::BYTES;
    if p.len() != 2 * n {
        return Err(Error::InvalidLength);
    }
    let u = Option::<C::Base>::from(le::decode_canonical::<C::Base>(&p[..n])).ok_or(Error::NonCanonicalField)?;
    let v = Option::<C::Base>::from(le::decode_canonical::<C::Base>(&p[n..])).ok_or(Error::NonCanonicalField)?;
    Option::from(MontgomeryPoint::<C>::from_coordinates(u, v)).ok_or(Error::NotOnCurve)
}

fn mont_out<C: MontgomeryCurve>(p: &MontgomeryPoint<C>) -> ByteBuf {
    if crate::ct::declassify(p.is_identity()) {
        return ByteBuf::from_slice(&[0u8]).unwrap_or_default();
    }
    let n = C::Base::BYTES;
    let mut b = ByteBuf::zeroed(2 * n).unwrap_or_default();
    le::encode(&p.u(), &mut b.as_mut_slice()[..n]);
    le::encode(&p.v(), &mut b.as_mut_slice()[n..]);
    b
}

impl<C: MontgomeryCurve> CurveOps for MontgomeryOps<C> {
    fn name(&self) -> &'static str {
        C::NAME
    }
    fn model(&self) -> Model {
        Model::Montgomery
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    /// No OID names the (u, v) group itself (1.3.101.110/111 name X25519/X448).
    fn oid(&self) -> &'static str {
        ""
    }
    fn field_bytes(&self) -> usize {
        C::Base::BYTES
    }
    fn scalar_bytes(&self) -> usize {
        C::ScalarField::BYTES
    }
    fn modulus(&self) -> ByteBuf {
        modulus_be::<C::Base>()
    }
    fn order(&self) -> ByteBuf {
        modulus_be::<C::ScalarField>()
    }
    fn cofactor(&self) -> u64 {
        C::COFACTOR
    }
    /// The Montgomery A, big-endian.
    fn coeff_a(&self) -> ByteBuf {
        be_bytes(&C::A)
    }
    /// The Montgomery B, big-endian.
    fn coeff_b(&self) -> ByteBuf {
        be_bytes(&C::B)
    }
    fn generator(&self, _compressed: bool) -> ByteBuf {
        mont_out(&MontgomeryPoint::<C>::generator())
    }
    fn encode_point(&self, point: &[u8], _compressed: bool) -> Result<ByteBuf, Error> {
        Ok(mont_out(&mont_in::<C>(point)?))
    }
    fn add(&self, p: &[u8], q: &[u8]) -> Result<ByteBuf, Error> {
        Ok(mont_out(&mont_in::<C>(p)?.add(&mont_in::<C>(q)?)))
    }
    fn double(&self, p: &[u8]) -> Result<ByteBuf, Error> {
        Ok(mont_out(&mont_in::<C>(p)?.double()))
    }
    fn neg(&self, p: &[u8]) -> Result<ByteBuf, Error> {
        Ok(mont_out(&mont_in::<C>(p)?.neg()))
    }
    fn mul(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(mont_out(&mont_in::<C>(p)?.mul(&k)))
    }
    fn mul_base(&self, k: &[u8]) -> Result<ByteBuf, Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(mont_out(&MontgomeryPoint::<C>::mul_base(&k)))
    }
    fn mul_unencoded(&self, k: &[u8], p: &[u8]) -> Result<(), Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        core::hint::black_box(mont_in::<C>(p)?.mul(&k));
        Ok(())
    }
    fn mul_base_unencoded(&self, k: &[u8]) -> Result<(), Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        core::hint::black_box(MontgomeryPoint::<C>::mul_base(&k));
        Ok(())
    }
    fn mul_vartime(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let k = Scalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(mont_out(&mont_in::<C>(p)?.mul_vartime(&k)))
    }
    fn double_mul_vartime(&self, a: &[u8], b: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let a = Scalar::<C::ScalarField>::from_be_bytes_reduced(a);
        let b = Scalar::<C::ScalarField>::from_be_bytes_reduced(b);
        Ok(mont_out(&MontgomeryPoint::double_mul_vartime(&a, &b, &mont_in::<C>(p)?)))
    }
    fn public_key(&self, _private_key: &[u8], _compressed: bool) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn ecdh(&self, _private_key: &[u8], _peer_public: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
}

// ---------------------------------------------------------------------------
// x-only: X25519 / X448
// ---------------------------------------------------------------------------

/// The registry entry of X25519 / X448 (RFC 7748): only `xdh`,
/// `xdh_public_key` and `generator`.
pub struct XdhOps<C: MontgomeryCurve> {
    name: &'static str,
    oid: &'static str,
    aliases: &'static [&'static str],
    _curve: PhantomData<C>,
}

impl<C: MontgomeryCurve> XdhOps<C> {
    /// An entry with its registry name, OID and aliases.
    pub const fn new(name: &'static str, oid: &'static str, aliases: &'static [&'static str]) -> Self {
        XdhOps { name, oid, aliases, _curve: PhantomData }
    }
}

fn bytes_in<C: MontgomeryCurve>(b: &[u8]) -> Result<C::Bytes, Error> {
    if b.len() != C::Bytes::LEN {
        return Err(Error::InvalidLength);
    }
    let mut out = C::Bytes::zeroed();
    out.as_mut().copy_from_slice(b);
    Ok(out)
}

/// RFC 7748 §5 on already-sized inputs: clamp k, decode u, ladder
/// ([`MontgomeryCurve::ladder_clamped`]), encode, and (with
/// `reject_zero`) reject an all-zero result. Constant time in k.
fn xdh_raw<C: MontgomeryCurve>(k: &C::Bytes, u: &C::Base, reject_zero: bool) -> Result<ByteBuf, Error> {
    xdh_with::<C>(k, |kc| C::ladder_clamped(kc, u), reject_zero)
}

/// Clamps k (decodeScalar25519 / decodeScalar448), computes `f(clamped k)`,
/// encodes it and, with `reject_zero`, rejects an all-zero result.
/// Constant time in k.
fn xdh_with<C: MontgomeryCurve>(k: &C::Bytes, f: impl FnOnce(&C::Bytes) -> C::Base, reject_zero: bool) -> Result<ByteBuf, Error> {
    use crate::encoding::rfc7748::encode_u_coordinate;
    use zeroize::Zeroize;
    let mut kc = *k;
    {
        // decodeScalar25519 / decodeScalar448, written for both lengths.
        let b = kc.as_mut();
        let bits = C::Base::BITS as usize; // 255 or 448
        let h = C::COFACTOR.trailing_zeros();
        b[0] &= !((1u8 << h) - 1);
        let top = bits - 1; // the bit set: 254 or 447
        let last = b.len() - 1;
        if bits % 8 != 0 {
            b[last] &= (1u8 << (bits % 8)) - 1;
        }
        b[top / 8] |= 1u8 << (top % 8);
    }
    let mut r = f(&kc);
    kc.zeroize();
    let zero = reject_zero && crate::ct::declassify(r.is_zero());
    let mut out = encode_u_coordinate::<C>(&r);
    r.zeroize();
    if zero {
        out.zeroize();
        return Err(Error::ZeroResult);
    }
    let b = ByteBuf::from_slice(out.as_ref());
    out.zeroize();
    b
}

impl<C: MontgomeryCurve> CurveOps for XdhOps<C> {
    fn name(&self) -> &'static str {
        self.name
    }
    fn model(&self) -> Model {
        Model::MontgomeryXOnly
    }
    fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }
    fn oid(&self) -> &'static str {
        self.oid
    }
    fn field_bytes(&self) -> usize {
        C::Bytes::LEN
    }
    /// The private key length (32 / 56 bytes, RFC 7748), not ⌈log₂ L / 8⌉.
    fn scalar_bytes(&self) -> usize {
        C::Bytes::LEN
    }
    fn modulus(&self) -> ByteBuf {
        modulus_be::<C::Base>()
    }
    fn order(&self) -> ByteBuf {
        modulus_be::<C::ScalarField>()
    }
    fn cofactor(&self) -> u64 {
        C::COFACTOR
    }
    fn coeff_a(&self) -> ByteBuf {
        be_bytes(&C::A)
    }
    fn coeff_b(&self) -> ByteBuf {
        be_bytes(&C::B)
    }
    /// The base point's u (9 / 5), little-endian, RFC 7748 encoded.
    fn generator(&self, _compressed: bool) -> ByteBuf {
        let mut b = ByteBuf::zeroed(C::Bytes::LEN).unwrap_or_default();
        le::encode(&C::BASE_U, b.as_mut_slice());
        b
    }
    fn encode_point(&self, _point: &[u8], _compressed: bool) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn add(&self, _p: &[u8], _q: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn double(&self, _p: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn neg(&self, _p: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn mul(&self, _k: &[u8], _p: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn mul_base(&self, _k: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn mul_vartime(&self, _k: &[u8], _p: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn double_mul_vartime(&self, _a: &[u8], _b: &[u8], _p: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn public_key(&self, _private_key: &[u8], _compressed: bool) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn ecdh(&self, _private_key: &[u8], _peer_public: &[u8]) -> Result<ByteBuf, Error> {
        Err(Error::Unsupported)
    }
    fn xdh(&self, k: &[u8], u: &[u8]) -> Result<ByteBuf, Error> {
        let u = bytes_in::<C>(u)?;
        let mut k = bytes_in::<C>(k)?;
        let r = xdh_raw::<C>(&k, &crate::encoding::rfc7748::decode_u_coordinate::<C>(&u), true);
        zeroize::Zeroize::zeroize(&mut k);
        r
    }
    fn xdh_unchecked(&self, k: &[u8], u: &[u8]) -> Result<ByteBuf, Error> {
        let u = bytes_in::<C>(u)?;
        let mut k = bytes_in::<C>(k)?;
        let r = xdh_raw::<C>(&k, &crate::encoding::rfc7748::decode_u_coordinate::<C>(&u), false);
        zeroize::Zeroize::zeroize(&mut k);
        r
    }
    fn xdh_public_key(&self, k: &[u8]) -> Result<ByteBuf, Error> {
        let mut k = bytes_in::<C>(k)?;
        // The fixed-base path where the curve has one (same value as the
        // ladder on the base point).
        let r = xdh_with::<C>(&k, |kc| C::base_u(kc), true);
        zeroize::Zeroize::zeroize(&mut k);
        r
    }
}
