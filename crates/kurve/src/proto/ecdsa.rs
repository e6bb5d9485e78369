//! ECDSA: SEC 1 v2 §4.1 / FIPS 186-5 §6.4, deterministic nonces per RFC 6979.
//!
//! Signing (constant time in the private key d and the nonce k):
//!   e ← bits2int(H(m)) mod n;  k ← RFC 6979(d, H(m));  R ← [k]G;
//!   r ← x(R) mod n;  s ← k⁻¹·(e + r·d) mod n;  optionally s ← min(s, n − s).
//! Verification (variable time, public inputs):
//!   1 ≤ r, s < n;  w ← s⁻¹;  R ← [e·w]G + [r·w]Q;  accept iff R ≠ O and x(R) mod n = r.
//!   s⁻¹ by the variable-time safegcd inversion ([`invert_vartime`]);
//!   R by Straus–Shamir with a precomputed table of G
//!   ([`ProjectivePoint::double_mul_vartime`]; on the GLV curves secp256k1,
//!   secp224k1 and secp192k1 both scalars are first split by the
//!   endomorphism, see
//!   [`ProjectivePoint::double_mul_glv_vartime`]); the x test on projective
//!   R = (X : Y : Z) as X = c·Z for c ∈ {r, r + n} below p, with no inversion.
//!
//! bits2int (RFC 6979 §2.3.2, SEC 1 §4.1.3 step 5): the leftmost ⌈log2 n⌉ bits
//! of the hash, as an integer.

use super::{rfc6979, HashAlg, SigFormat};
use crate::encoding::der;
use crate::field::Field;
use crate::group::weierstrass::{AffinePoint, ProjectivePoint, WeierstrassCurve};
use crate::scalar::{Scalar, SecretScalar};
use crate::{ByteBuf, Error};
use zeroize::Zeroize;

/// Maximum encoded scalar size (P-521: 66 bytes) with slack.
const MAX_SCALAR: usize = 72;

/// Bit length of the order n of `F` (its modulus).
fn order_bits<F: Field>() -> usize {
    F::BITS as usize
}

/// bits2int(h) mod n (RFC 6979 §2.3.2 then one reduction): the leftmost
/// qlen bits of h. Constant time in the hash value.
pub fn bits2int_reduced<F: Field>(h: &[u8]) -> F {
    let qlen = order_bits::<F>();
    let rlen = qlen.div_ceil(8);
    if h.len() * 8 <= qlen {
        return F::from_be_bytes_reduced(h);
    }
    // Take the leftmost rlen bytes, then shift right by 8·rlen − qlen bits.
    let mut buf = [0u8; MAX_SCALAR];
    let take = &h[..rlen.min(MAX_SCALAR)];
    let shift = 8 * rlen - qlen;
    let mut carry = 0u8;
    for (i, &b) in take.iter().enumerate() {
        buf[i] = if shift == 0 { b } else { (b >> shift) | carry };
        carry = if shift == 0 { 0 } else { b << (8 - shift) };
    }
    let v = F::from_be_bytes_reduced(&buf[..take.len()]);
    buf.zeroize();
    v
}

/// Signs the message hash `z` with the nonce `k` (SEC 1 v2 §4.1.3 steps 4–6).
/// Constant time in d and k. Fails with [`Error::ZeroResult`] if r or s is 0
/// (RFC 6979 would then draw another k; this happens with probability ~2⁻²⁵⁶).
/// `low_s` replaces s by n − s when s > n/2.
///
/// Hazmat: a repeated or biased k reveals d. Use [`sign`] unless reproducing
/// a known-answer test.
pub fn sign_prehashed_with_nonce<C: WeierstrassCurve>(
    d: &SecretScalar<C::ScalarField>,
    z: &[u8],
    k: &SecretScalar<C::ScalarField>,
    low_s: bool,
) -> Result<(Scalar<C::ScalarField>, Scalar<C::ScalarField>), Error> {
    let e: C::ScalarField = bits2int_reduced(z);
    let big_r = ProjectivePoint::<C>::mul_base(k).to_affine();
    let mut xbuf = [0u8; MAX_SCALAR];
    let fb = C::Base::BYTES;
    big_r.x().write_be_bytes(&mut xbuf[..fb]);
    let r = C::ScalarField::from_be_bytes_reduced(&xbuf[..fb]);
    let kinv = k.invert();
    let s = *kinv.expose() * (e + r * *d.expose());
    // r and s are the signature: public from here on. Declassify their bytes
    // and continue from those, so nothing below computes on secret-derived
    // memory (the zero check and low-S normalization branch on them).
    let mut rs = [0u8; 2 * MAX_SCALAR];
    let sb = C::ScalarField::BYTES;
    r.write_be_bytes(&mut rs[..sb]);
    s.write_be_bytes(&mut rs[MAX_SCALAR..MAX_SCALAR + sb]);
    crate::ct::declassify_bytes(&rs);
    let r = C::ScalarField::from_be_bytes_reduced(&rs[..sb]);
    let s = C::ScalarField::from_be_bytes_reduced(&rs[MAX_SCALAR..MAX_SCALAR + sb]);
    if bool::from(r.is_zero() | s.is_zero()) {
        return Err(Error::ZeroResult);
    }
    let s = if low_s { normalize_s(s) } else { s };
    Ok((Scalar(r), Scalar(s)))
}

/// n − s if s > n/2, else s (BIP 62 low-S form). The signature is public, so
/// variable time is fine; implemented with a select anyway.
pub fn normalize_s<F: Field>(s: F) -> F {
    F::conditional_select(&s, &-s, subtle::Choice::from(is_high_s(&s) as u8))
}

/// True when s > (n − 1)/2 (s is public).
pub fn is_high_s<F: Field>(s: &F) -> bool {
    let mut a = [0u8; MAX_SCALAR];
    let mut b = [0u8; MAX_SCALAR];
    s.write_be_bytes(&mut a[..F::BYTES]);
    (-*s).write_be_bytes(&mut b[..F::BYTES]);
    // s > n − s  ⟺  s > n/2 (n odd)
    a[..F::BYTES] > b[..F::BYTES]
}

/// ECDSA signature with an RFC 6979 nonce (deterministic; `extra_entropy`
/// is the §3.6 additional input k', empty for the standard KATs). Constant
/// time in d. Fails with [`Error::Unsupported`] for hashes without HMAC (SHAKE).
pub fn sign<C: WeierstrassCurve>(
    hash: HashAlg,
    d: &SecretScalar<C::ScalarField>,
    msg: &[u8],
    extra_entropy: &[u8],
    low_s: bool,
) -> Result<(Scalar<C::ScalarField>, Scalar<C::ScalarField>), Error> {
    let h = hash.digest(msg);
    let sb = C::ScalarField::BYTES;
    let mut x = [0u8; MAX_SCALAR];
    let mut q = [0u8; MAX_SCALAR];
    let mut kb = [0u8; MAX_SCALAR];
    d.write_be_bytes(&mut x[..sb]);
    C::ScalarField::write_modulus_be_bytes(&mut q[..sb]);
    // q without leading zero bytes, as RFC 6979 wants it
    let qstart = q[..sb].iter().position(|&b| b != 0).unwrap_or(0);
    let rlen = order_bits::<C::ScalarField>().div_ceil(8);
    let res = rfc6979::generate_k(hash, &x[..sb], h.as_slice(), &q[qstart..sb], extra_entropy, &mut kb[..rlen]);
    x.zeroize();
    res?;
    let k = SecretScalar::<C::ScalarField>::from_be_bytes_reduced(&kb[..rlen]);
    kb.zeroize();
    sign_prehashed_with_nonce::<C>(d, h.as_slice(), &k, low_s)
}

/// Verifies (r, s) over the message hash `z` with public key `q`
/// (SEC 1 v2 §4.1.4). Variable time. Fails with [`Error::InvalidSignature`].
pub fn verify_prehashed<C: WeierstrassCurve>(
    q: &AffinePoint<C>,
    z: &[u8],
    r: &Scalar<C::ScalarField>,
    s: &Scalar<C::ScalarField>,
    require_low_s: bool,
) -> Result<(), Error> {
    if r.is_zero() || s.is_zero() {
        return Err(Error::InvalidSignature);
    }
    if require_low_s && is_high_s(&s.0) {
        return Err(Error::InvalidSignature);
    }
    if bool::from(q.is_identity()) {
        return Err(Error::InvalidSignature);
    }
    let e: C::ScalarField = bits2int_reduced(z);
    let w = invert_vartime(&s.0).ok_or(Error::InvalidSignature)?;
    let u1 = Scalar(e * w);
    let u2 = Scalar(r.0 * w);
    let big_r = ProjectivePoint::double_mul_vartime(&u1, &u2, &q.to_projective());
    if bool::from(big_r.is_identity()) {
        return Err(Error::InvalidSignature);
    }
    // x(R) mod n = r  ⟺  x(R) ∈ {r, r + n} (x(R) < p < 2n for every curve
    // here, or p < n for secp224k1 where only x(R) = r is possible), each
    // candidate < p checked as X = c·Z without inverting Z.
    let sb = C::ScalarField::BYTES;
    let fb = C::Base::BYTES;
    let mut buf = [0u8; MAX_SCALAR];
    r.write_be_bytes(&mut buf[MAX_SCALAR - sb..]);
    let r_int = Limbs::from_be(&buf);
    C::ScalarField::write_modulus_be_bytes(&mut buf);
    let n_int = Limbs::from_be(&buf);
    C::Base::write_modulus_be_bytes(&mut buf);
    let p_int = Limbs::from_be(&buf);
    let mut r_plus_n = r_int;
    r_plus_n.add_assign(&n_int);
    for cand in [r_int, r_plus_n] {
        if !cand.lt(&p_int) {
            continue;
        }
        cand.to_be(&mut buf);
        let c = Option::<C::Base>::from(C::Base::from_be_bytes(&buf[MAX_SCALAR - fb..]));
        if let Some(c) = c {
            if big_r.has_affine_x_vartime(&c) {
                return Ok(());
            }
        }
    }
    Err(Error::InvalidSignature)
}

/// Limbs of [`Limbs`]: 576 bits plus one carry limb.
const LIMBS: usize = MAX_SCALAR / 8 + 1;

/// A non-negative integer below 2^640, little-endian u64 limbs, for the
/// variable-time comparison of x(R) with r and r + n in verification.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Limbs([u64; LIMBS]);

impl Limbs {
    /// From [`MAX_SCALAR`] big-endian bytes.
    fn from_be(b: &[u8; MAX_SCALAR]) -> Self {
        let mut l = [0u64; LIMBS];
        for (i, chunk) in b.rchunks(8).enumerate() {
            let mut v = 0u64;
            for &byte in chunk {
                v = (v << 8) | byte as u64;
            }
            l[i] = v;
        }
        Limbs(l)
    }
    /// To [`MAX_SCALAR`] big-endian bytes (the value must be < 2^576).
    fn to_be(&self, out: &mut [u8; MAX_SCALAR]) {
        for (i, chunk) in out.rchunks_mut(8).enumerate() {
            let bytes = self.0[i].to_be_bytes();
            chunk.copy_from_slice(&bytes[8 - chunk.len()..]);
        }
    }
    fn lt(&self, other: &Self) -> bool {
        for i in (0..LIMBS).rev() {
            if self.0[i] != other.0[i] {
                return self.0[i] < other.0[i];
            }
        }
        false
    }
    fn add_assign(&mut self, other: &Self) {
        let mut carry = false;
        for i in 0..LIMBS {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(carry as u64);
            self.0[i] = s;
            carry = c1 | c2;
        }
    }
}

/// x⁻¹ in the prime field `F`, or `None` for x = 0: the inversion of
/// verification (s⁻¹, a public value), [`Field::invert_vartime`] — the
/// variable-time safegcd for `Fp` (divsteps skip runs of even g and stop
/// when g = 0). Before it this was the constant-time safegcd (1.6 µs on the
/// P-256 scalar field), and before that a binary extended Euclid (4.6 µs).
/// Variable time: public inputs only.
pub fn invert_vartime<F: Field>(x: &F) -> Option<F> {
    x.invert_vartime()
}

/// Verifies a signature over `msg` hashed with `hash`. Variable time.
pub fn verify<C: WeierstrassCurve>(
    hash: HashAlg,
    q: &AffinePoint<C>,
    msg: &[u8],
    r: &Scalar<C::ScalarField>,
    s: &Scalar<C::ScalarField>,
    require_low_s: bool,
) -> Result<(), Error> {
    let h = hash.digest(msg);
    verify_prehashed(q, h.as_slice(), r, s, require_low_s)
}

/// Parses a signature in the given format into (r, s), each in [1, n−1].
/// DER must be strict DER; P1363 must be exactly 2·`scalar_bytes` long.
/// Fails with [`Error::InvalidSignature`].
pub fn decode_signature<F: Field>(sig: &[u8], format: SigFormat) -> Result<(Scalar<F>, Scalar<F>), Error> {
    let sb = F::BYTES;
    let parse = |mag: &[u8]| -> Result<Scalar<F>, Error> {
        // strip leading zeros (DER magnitudes are minimal already)
        let start = mag.iter().position(|&b| b != 0).unwrap_or(mag.len());
        let m = &mag[start..];
        if m.len() > sb {
            return Err(Error::InvalidSignature);
        }
        let mut buf = [0u8; MAX_SCALAR];
        buf[sb - m.len()..sb].copy_from_slice(m);
        let v = Option::<F>::from(F::from_be_bytes(&buf[..sb])).ok_or(Error::InvalidSignature)?;
        if bool::from(v.is_zero()) {
            return Err(Error::InvalidSignature);
        }
        Ok(Scalar(v))
    };
    match format {
        SigFormat::P1363 => {
            if sig.len() != 2 * sb {
                return Err(Error::InvalidSignature);
            }
            Ok((parse(&sig[..sb])?, parse(&sig[sb..])?))
        }
        SigFormat::Der => {
            let (r, s) = der::decode_ecdsa_sig(sig).map_err(|_| Error::InvalidSignature)?;
            Ok((parse(r)?, parse(s)?))
        }
    }
}

/// Serializes (r, s) in the given format.
pub fn encode_signature<F: Field>(r: &Scalar<F>, s: &Scalar<F>, format: SigFormat) -> Result<ByteBuf, Error> {
    let sb = F::BYTES;
    let mut rb = [0u8; MAX_SCALAR];
    let mut sbuf = [0u8; MAX_SCALAR];
    r.write_be_bytes(&mut rb[..sb]);
    s.write_be_bytes(&mut sbuf[..sb]);
    match format {
        SigFormat::P1363 => {
            let mut out = ByteBuf::from_slice(&rb[..sb])?;
            out.extend_from_slice(&sbuf[..sb])?;
            Ok(out)
        }
        SigFormat::Der => der::encode_ecdsa_sig(&rb[..sb], &sbuf[..sb]),
    }
}
