//! [`CurveOps`] for every short-Weierstrass curve, written once over the
//! [`WeierstrassCurve`] trait.

use super::registry::CurveOps;
use crate::encoding::sec1;
use crate::field::Field;
use crate::group::weierstrass::{AffinePoint, ProjectivePoint, WeierstrassCurve};
use crate::scalar::{Scalar, SecretScalar};
use crate::{ByteBuf, Error};
use core::marker::PhantomData;

#[cfg(feature = "proto")]
use crate::proto::{ecdh, ecdsa, HashAlg, SigFormat};

/// The registry entry of a short-Weierstrass curve `C`.
pub struct WeierstrassOps<C: WeierstrassCurve> {
    oid: &'static str,
    aliases: &'static [&'static str],
    _curve: PhantomData<C>,
}

impl<C: WeierstrassCurve> WeierstrassOps<C> {
    /// An entry with the curve's OID and alias names.
    pub const fn new(oid: &'static str, aliases: &'static [&'static str]) -> Self {
        WeierstrassOps { oid, aliases, _curve: PhantomData }
    }
}

fn field_bytes<F: Field>(f: &F) -> ByteBuf {
    let mut b = ByteBuf::zeroed(F::BYTES).unwrap_or_default();
    f.write_be_bytes(b.as_mut_slice());
    b
}

fn point_in<C: WeierstrassCurve>(p: &[u8]) -> Result<ProjectivePoint<C>, Error> {
    Ok(sec1::decode_allow_identity::<C>(p)?.to_projective())
}

fn point_out<C: WeierstrassCurve>(p: &ProjectivePoint<C>) -> ByteBuf {
    sec1::encode(&p.to_affine(), false)
}

impl<C: WeierstrassCurve> CurveOps for WeierstrassOps<C> {
    fn name(&self) -> &'static str {
        C::NAME
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
        let mut b = ByteBuf::zeroed(C::Base::BYTES).unwrap_or_default();
        C::Base::write_modulus_be_bytes(b.as_mut_slice());
        b
    }
    fn order(&self) -> ByteBuf {
        let mut b = ByteBuf::zeroed(C::ScalarField::BYTES).unwrap_or_default();
        C::ScalarField::write_modulus_be_bytes(b.as_mut_slice());
        b
    }
    fn cofactor(&self) -> u64 {
        C::COFACTOR
    }
    fn coeff_a(&self) -> ByteBuf {
        field_bytes(&C::A)
    }
    fn coeff_b(&self) -> ByteBuf {
        field_bytes(&C::B)
    }
    fn generator(&self, compressed: bool) -> ByteBuf {
        sec1::encode(&AffinePoint::<C>::generator(), compressed)
    }
    fn encode_point(&self, point: &[u8], compressed: bool) -> Result<ByteBuf, Error> {
        Ok(sec1::encode(&sec1::decode_allow_identity::<C>(point)?, compressed))
    }
    fn add(&self, p: &[u8], q: &[u8]) -> Result<ByteBuf, Error> {
        Ok(point_out(&point_in::<C>(p)?.add(&point_in::<C>(q)?)))
    }
    fn double(&self, p: &[u8]) -> Result<ByteBuf, Error> {
        Ok(point_out(&point_in::<C>(p)?.double()))
    }
    fn neg(&self, p: &[u8]) -> Result<ByteBuf, Error> {
        Ok(point_out(&point_in::<C>(p)?.neg()))
    }
    fn mul(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(point_out(&point_in::<C>(p)?.mul(&k)))
    }
    fn mul_base(&self, k: &[u8]) -> Result<ByteBuf, Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(point_out(&ProjectivePoint::<C>::mul_base(&k)))
    }
    fn mul_unencoded(&self, k: &[u8], p: &[u8]) -> Result<(), Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        core::hint::black_box(point_in::<C>(p)?.mul(&k).to_affine());
        Ok(())
    }
    fn mul_base_unencoded(&self, k: &[u8]) -> Result<(), Error> {
        let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(k);
        core::hint::black_box(ProjectivePoint::<C>::mul_base(&k).to_affine());
        Ok(())
    }
    fn mul_vartime(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let k = Scalar::<C::ScalarField>::from_be_bytes_reduced(k);
        Ok(point_out(&point_in::<C>(p)?.mul_vartime(&k)))
    }
    fn double_mul_vartime(&self, a: &[u8], b: &[u8], p: &[u8]) -> Result<ByteBuf, Error> {
        let a = Scalar::<C::ScalarField>::from_be_bytes_reduced(a);
        let b = Scalar::<C::ScalarField>::from_be_bytes_reduced(b);
        Ok(point_out(&ProjectivePoint::double_mul_vartime(&a, &b, &point_in::<C>(p)?)))
    }
    fn point_from_x(&self, x: &[u8], y_odd: bool) -> Result<ByteBuf, Error> {
        let x = Option::<C::Base>::from(C::Base::from_be_bytes(x)).ok_or(Error::NonCanonicalField)?;
        let p = Option::<AffinePoint<C>>::from(AffinePoint::from_x(x, subtle::Choice::from(y_odd as u8)))
            .ok_or(Error::NotOnCurve)?;
        Ok(sec1::encode(&p, false))
    }
    fn xs_from_y_vartime(&self, y: &[u8]) -> Result<ByteBuf, Error> {
        let y = Option::<C::Base>::from(C::Base::from_be_bytes(y)).ok_or(Error::NonCanonicalField)?;
        let mut out = ByteBuf::new();
        let (roots, count) = crate::group::weierstrass::xs_from_y_vartime::<C>(&y);
        for x in roots.iter().take(count) {
            out.extend_from_slice(field_bytes(x).as_slice())?;
        }
        Ok(out)
    }
    fn public_key(&self, private_key: &[u8], compressed: bool) -> Result<ByteBuf, Error> {
        let d = SecretScalar::<C::ScalarField>::from_be_bytes(private_key)?;
        Ok(sec1::encode(&ProjectivePoint::<C>::mul_base(&d).to_affine(), compressed))
    }
    fn ecdh(&self, private_key: &[u8], peer_public: &[u8]) -> Result<ByteBuf, Error> {
        let q = sec1::decode::<C>(peer_public)?;
        let d = SecretScalar::<C::ScalarField>::from_be_bytes(private_key)?;
        #[cfg(feature = "proto")]
        {
            ecdh::shared_secret(&d, &q)
        }
        #[cfg(not(feature = "proto"))]
        {
            let s = q.to_projective().mul(&d).to_affine();
            if crate::ct::declassify(s.is_identity()) {
                return Err(Error::ZeroResult);
            }
            Ok(field_bytes(&s.x()))
        }
    }
    #[cfg(feature = "proto")]
    fn ecdsa_sign(
        &self,
        hash: HashAlg,
        private_key: &[u8],
        msg: &[u8],
        format: SigFormat,
        extra_entropy: &[u8],
        low_s: bool,
    ) -> Result<ByteBuf, Error> {
        let d = SecretScalar::<C::ScalarField>::from_be_bytes(private_key)?;
        let (r, s) = ecdsa::sign::<C>(hash, &d, msg, extra_entropy, low_s)?;
        ecdsa::encode_signature(&r, &s, format)
    }
    #[cfg(feature = "proto")]
    fn ecdsa_sign_with_nonce_hazmat(
        &self,
        hash: HashAlg,
        private_key: &[u8],
        msg: &[u8],
        nonce: &[u8],
        format: SigFormat,
    ) -> Result<ByteBuf, Error> {
        let d = SecretScalar::<C::ScalarField>::from_be_bytes(private_key)?;
        let k = SecretScalar::<C::ScalarField>::from_be_bytes(nonce)?;
        let h = hash.digest(msg);
        let (r, s) = ecdsa::sign_prehashed_with_nonce::<C>(&d, h.as_slice(), &k, false)?;
        ecdsa::encode_signature(&r, &s, format)
    }
    #[cfg(feature = "proto")]
    fn ecdsa_verify(
        &self,
        hash: HashAlg,
        public_key: &[u8],
        msg: &[u8],
        sig: &[u8],
        format: SigFormat,
        require_low_s: bool,
    ) -> Result<(), Error> {
        let q = sec1::decode::<C>(public_key)?;
        let (r, s) = ecdsa::decode_signature::<C::ScalarField>(sig, format)?;
        ecdsa::verify::<C>(hash, &q, msg, &r, &s, require_low_s)
    }
}
