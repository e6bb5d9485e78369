//! EdDSA (RFC 8032): Ed25519, Ed25519ctx, Ed25519ph (§5.1), Ed448 and
//! Ed448ph (§5.2), with named verification profiles and Ed25519 batch
//! verification.
//!
//! | instance   | curve       | hash H                 | dom prefix                       | ctx      |
//! |------------|-------------|------------------------|----------------------------------|----------|
//! | Ed25519    | edwards25519 | SHA-512               | none                             | none     |
//! | Ed25519ctx | edwards25519 | SHA-512               | dom2(0, ctx)                     | 1..=255 bytes |
//! | Ed25519ph  | edwards25519 | SHA-512, PH = SHA-512 | dom2(1, ctx)                     | 0..=255 bytes |
//! | Ed448      | edwards448  | SHAKE256, 114 bytes    | dom4(0, ctx)                     | 0..=255 bytes |
//! | Ed448ph    | edwards448  | SHAKE256, PH = SHAKE256 (64 bytes) | dom4(1, ctx)         | 0..=255 bytes |
//!
//! dom2(F, C) = "SigEd25519 no Ed25519 collisions" ‖ octet(F) ‖ octet(len C) ‖ C,
//! dom4(F, C) = "SigEd448" ‖ octet(F) ‖ octet(len C) ‖ C.
//!
//! **Key generation** (§5.1.5 / §5.2.5), from a b/8-byte seed (32 / 57 bytes):
//!   h ← H(seed) (64 / 114 bytes); s ← clamp(h\[..b/8\]) read little-endian;
//!   prefix ← h\[b/8..\]; A ← encode(\[s\]B).
//! Clamping: Ed25519 clears bits 0–2 and 255 and sets bit 254; Ed448 clears
//! bits 0–1 and the whole last byte and sets bit 447. RFC 8032 multiplies by
//! the unreduced clamped s; here s is reduced mod L first, which gives the
//! same point because B has order L (\[s\]B = \[s mod L\]B).
//!
//! **Signing** (§5.1.6 / §5.2.6), constant time in s, prefix and the nonce:
//!   r ← H(dom ‖ prefix ‖ PH(M)) mod L;  R ← encode(\[r\]B);
//!   k ← H(dom ‖ R ‖ A ‖ PH(M)) mod L;  S ← (r + k·s) mod L;  signature R ‖ S.
//! The secret scalar and the nonce are [`SecretScalar`]s; R, S and A are the
//! public outputs and are declassified ([`crate::ct::declassify_bytes`]) as
//! they are produced. The hash implementations (RustCrypto `sha2`/`sha3`)
//! run in time independent of the data hashed; their internal state is not
//! zeroized by them.
//!
//! **Verification** (§5.1.7 / §5.2.7) is variable time and takes public
//! inputs only: S must be < L, A and R must decode (how strictly depends on
//! the [`VerifyProfile`]), k ← H(dom ‖ R ‖ A ‖ PH(M)) mod L, then one of the
//! two group equations of the RFC is checked (see [`VerifyProfile`]).
//! k is reduced mod L as in RFC 8032's own reference code (§6, `sha512_modq`).
//! The check runs on half-size scalars (a short lattice vector (c₀, c₁) with
//! c₀ ≡ c₁·k mod h·L, then \[c₁·S\]B − \[c₀\]A − \[c₁\]R on a doubling chain
//! half as long; Antipa et al. 2005, Pornin 2020): the same accept/reject
//! decision as the RFC's equations for every input, torsion included
//! (`verify_inner` has the argument).
//!
//! Errors: wrong lengths and bad context lengths are [`Error::InvalidLength`];
//! S ≥ L is [`Error::InvalidScalar`]; an undecodable A or R keeps the decoder's
//! error ([`Error::NonCanonicalField`] for y ≥ p, [`Error::NotOnCurve`],
//! [`Error::InvalidEncoding`] for x = 0 with the sign bit set); a failed group
//! equation is [`Error::InvalidSignature`]. Every input is public, so the
//! precise reason leaks nothing. Nothing here panics or allocates.

use crate::curves::curve25519::{self as c25519, Edwards25519};
use crate::curves::curve448::Edwards448;
use crate::field::Field;
use crate::group::edwards::{ByteArray, EdwardsCurve, EdwardsPoint};
use crate::scalar::{lattice, recode, Scalar, SecretScalar};
use crate::Error;
use core::fmt;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

/// Bytes in an Ed25519 seed (the RFC 8032 private key).
pub const ED25519_SEED_LEN: usize = 32;
/// Bytes in an Ed25519 public key (an RFC 8032 §5.1.2 point encoding).
pub const ED25519_PUBLIC_KEY_LEN: usize = 32;
/// Bytes in an Ed25519 signature R ‖ S.
pub const ED25519_SIGNATURE_LEN: usize = 64;
/// Bytes in an Ed448 seed (the RFC 8032 private key).
pub const ED448_SEED_LEN: usize = 57;
/// Bytes in an Ed448 public key (an RFC 8032 §5.2.2 point encoding).
pub const ED448_PUBLIC_KEY_LEN: usize = 57;
/// Bytes in an Ed448 signature R ‖ S.
pub const ED448_SIGNATURE_LEN: usize = 114;
/// Bytes in the Ed25519ph / Ed448ph prehash PH(M) (SHA-512, SHAKE256-512).
pub const PREHASH_LEN: usize = 64;
/// Longest context string RFC 8032 allows (its length is one octet).
pub const MAX_CONTEXT_LEN: usize = 255;
/// Signatures verified per multi-scalar multiplication by
/// [`ed25519_verify_batch`]; longer batches are verified in chunks of this size.
pub const BATCH_CHUNK: usize = 32;

/// The dom2 prefix of Ed25519ctx / Ed25519ph (RFC 8032 §5.1), 32 ASCII bytes.
const DOM2_PREFIX: &[u8; 32] = b"SigEd25519 no Ed25519 collisions";
/// The dom4 prefix of Ed448 / Ed448ph (RFC 8032 §5.2), 8 ASCII bytes.
const DOM4_PREFIX: &[u8; 8] = b"SigEd448";
/// Largest hash output used (Ed448: SHAKE256 with 114 bytes).
const MAX_HASH: usize = 114;

/// How a verifier decides that an EdDSA signature is valid.
///
/// All three require S < L (S ≥ L fails with [`Error::InvalidScalar`] —
/// this is what makes the signature non-malleable) and hash the R and A
/// bytes exactly as received. They differ in how A and R are decoded and in
/// the group equation:
///
/// | profile | A, R decoding | equation |
/// |---------|---------------|----------|
/// | [`Rfc8032Strict`](VerifyProfile::Rfc8032Strict) | canonical (RFC 8032 §5.1.3 / §5.2.3) | \[S\]B = R + \[k\]A |
/// | [`Cofactored`](VerifyProfile::Cofactored) | canonical | \[h\]\[S\]B = \[h\]R + \[h\]\[k\]A |
/// | [`Zip215`](VerifyProfile::Zip215) | ZIP 215 (lax), Ed25519 only | \[8\]\[S\]B = \[8\]R + \[8\]\[k\]A |
///
/// (h is the cofactor: 8 for edwards25519, 4 for edwards448.) For signatures
/// produced by an honest signer the three agree; they differ only on inputs
/// crafted with small-order components or non-canonical encodings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VerifyProfile {
    /// RFC 8032 with the cofactorless equation \[S\]B = R + \[k\]A, which
    /// §5.1.7 / §5.2.7 state is sufficient (the required check is the
    /// cofactored one; a cofactorless verifier is stricter). Accepts
    /// exactly what the RFC's decoding accepts:
    /// - A and R must be canonical encodings: y < p (for Ed448 also the
    ///   seven unused bits of the last byte zero), a square root must exist,
    ///   and x = 0 with the sign bit set is rejected;
    /// - S < L;
    /// - **small-order and mixed-order A and R are accepted** when the
    ///   equation holds, because RFC 8032 itself does not reject them (for
    ///   example, with A = the identity, (R, S) = (\[r\]B, r) verifies for
    ///   every message). Callers who need to refuse such keys can check
    ///   [`EdwardsPoint::is_small_order`] / [`EdwardsPoint::is_torsion_free`]
    ///   on the decoded key themselves.
    ///
    /// A signature whose R carries a torsion component (R + T with T of
    /// small order) is rejected here but accepted by the two cofactored
    /// profiles. Batch verification cannot reproduce this profile, so
    /// [`ed25519_verify_batch`] refuses it.
    Rfc8032Strict,
    /// RFC 8032's required equation \[h\]\[S\]B = \[h\]R + \[h\]\[k\]A
    /// (§5.1.7 step 3 with h = 8, §5.2.7 step 3 with h = 4), with the same
    /// canonical decoding of A and R and S < L as
    /// [`VerifyProfile::Rfc8032Strict`]. Accepts everything Strict accepts,
    /// and additionally signatures whose A or R differ from a Strict-valid
    /// one by small-order points. This is the profile batch verification
    /// is equivalent to.
    Cofactored,
    /// Zcash ZIP 215 (Ed25519 only): the cofactored equation with A and R
    /// decoded by [`EdwardsPoint::decompress_zip215`], which accepts
    /// non-canonical y (2²⁵⁵ − 19 ≤ y < 2²⁵⁵, reduced mod p) and x = 0 with
    /// the sign bit set, still rejecting y with no square root; S < L is
    /// still required. k is computed over the bytes as received. Accepts
    /// everything [`VerifyProfile::Cofactored`] accepts and more; its
    /// acceptance set is fixed (it agrees with batch verification), which is
    /// what consensus systems need.
    ///
    /// ZIP 215 defines nothing for Ed448: the Ed448 functions return
    /// [`Error::Unsupported`] for this profile.
    Zip215,
}

/// (phflag, context) for the dom2 / dom4 prefix.
#[derive(Clone, Copy)]
struct Dom<'a> {
    phflag: u8,
    ctx: &'a [u8],
}

/// One of RFC 8032's two parameter sets: curve, hash, clamping.
trait Instance: Sized {
    /// The Edwards curve.
    type C: EdwardsCurve;
    /// b/8: bytes in a point encoding, a seed, a prefix and S (32 / 57).
    const ENC: usize;
    /// Whether ZIP 215 decoding exists for this curve.
    const HAS_ZIP215: bool;
    /// H(dom ‖ parts…) into `out[..2·ENC]`. `None` means no dom prefix:
    /// key generation (H(seed)) and pure Ed25519; Ed448 signing and
    /// verification always pass one (dom4(0, ctx) even for an empty ctx).
    fn hash(dom: Option<Dom<'_>>, parts: &[&[u8]], out: &mut [u8; MAX_HASH]);
    /// Clamps the first half of H(seed) in place (ENC bytes, little-endian).
    fn clamp(s: &mut [u8]);
    /// The ZIP 215 decoder (or [`Error::Unsupported`]).
    fn decompress_zip215(bytes: &Enc<Self>) -> Result<EdwardsPoint<Self::C>, Error>;
}

type Enc<I> = <<I as Instance>::C as EdwardsCurve>::Encoding;
type Sf<I> = <<I as Instance>::C as EdwardsCurve>::ScalarField;

/// Ed25519 parameters (RFC 8032 §5.1).
struct Ed25519I;
/// Ed448 parameters (RFC 8032 §5.2).
struct Ed448I;

impl Instance for Ed25519I {
    type C = Edwards25519;
    const ENC: usize = 32;
    const HAS_ZIP215: bool = true;

    fn hash(dom: Option<Dom<'_>>, parts: &[&[u8]], out: &mut [u8; MAX_HASH]) {
        use sha2::Digest;
        let mut h = sha2::Sha512::new();
        if let Some(d) = dom {
            h.update(DOM2_PREFIX);
            h.update([d.phflag, d.ctx.len() as u8]);
            h.update(d.ctx);
        }
        for p in parts {
            h.update(p);
        }
        out[..64].copy_from_slice(h.finalize().as_slice());
    }

    /// §5.1.5 step 2: clear the lowest three bits of the first octet, clear
    /// the highest bit of the last octet and set its second highest bit.
    fn clamp(s: &mut [u8]) {
        s[0] &= 0xf8;
        s[31] &= 0x7f;
        s[31] |= 0x40;
    }

    fn decompress_zip215(bytes: &[u8; 32]) -> Result<EdwardsPoint<Edwards25519>, Error> {
        c25519::EdwardsPoint::decompress_zip215(bytes)
    }
}

impl Instance for Ed448I {
    type C = Edwards448;
    const ENC: usize = 57;
    const HAS_ZIP215: bool = false;

    fn hash(dom: Option<Dom<'_>>, parts: &[&[u8]], out: &mut [u8; MAX_HASH]) {
        use sha3::digest::{ExtendableOutput, Update, XofReader};
        let mut h = sha3::Shake256::default();
        if let Some(d) = dom {
            h.update(DOM4_PREFIX);
            h.update(&[d.phflag, d.ctx.len() as u8]);
            h.update(d.ctx);
        }
        for p in parts {
            h.update(p);
        }
        h.finalize_xof().read(&mut out[..114]);
    }

    /// §5.2.5 step 2: clear the two least significant bits of the first
    /// octet, all eight bits of the last octet, and set the highest bit of
    /// the second to last octet.
    fn clamp(s: &mut [u8]) {
        s[0] &= 0xfc;
        s[56] = 0;
        s[55] |= 0x80;
    }

    fn decompress_zip215(_bytes: &[u8; 57]) -> Result<EdwardsPoint<Edwards448>, Error> {
        Err(Error::Unsupported)
    }
}

// ---------------------------------------------------------------------------
// Little-endian scalars (RFC 8032 is little-endian, `Field` big-endian)
// ---------------------------------------------------------------------------

/// The little-endian integer `le` (at most [`MAX_HASH`] bytes) mod the
/// field's modulus. Constant time in the byte values.
fn le_reduce<F: Field>(le: &[u8]) -> F {
    let mut be = [0u8; MAX_HASH];
    let n = le.len().min(MAX_HASH);
    for i in 0..n {
        be[n - 1 - i] = le[i];
    }
    let r = F::from_be_bytes_reduced(&be[..n]);
    be.zeroize();
    r
}

/// The canonical value little-endian into `out` (`out.len()` ≥ `F::BYTES`,
/// higher bytes zeroed). Constant time.
fn write_le<F: Field>(f: &F, out: &mut [u8]) {
    let mut be = [0u8; recode::MAX_SCALAR_BYTES];
    let n = out.len().min(recode::MAX_SCALAR_BYTES);
    f.write_be_bytes(&mut be[..n]);
    for i in 0..n {
        out[i] = be[n - 1 - i];
    }
    be.zeroize();
}

/// Decodes S (RFC 8032 §5.1.7 step 1 / §5.2.7 step 1): the little-endian
/// integer must be < L, else [`Error::InvalidScalar`]. Public data.
fn decode_s<F: Field>(le: &[u8]) -> Result<Scalar<F>, Error> {
    let fb = F::BYTES;
    if le.len() < fb || le[fb..].iter().any(|&b| b != 0) {
        return Err(Error::InvalidScalar);
    }
    let mut be = [0u8; recode::MAX_SCALAR_BYTES];
    for i in 0..fb {
        be[fb - 1 - i] = le[i];
    }
    Scalar::from_be_bytes(&be[..fb]).map_err(|_| Error::InvalidScalar)
}

/// Copies a slice of exactly `Enc::LEN` bytes into an encoding array.
fn to_enc<E: ByteArray>(bytes: &[u8]) -> Result<E, Error> {
    if bytes.len() != E::LEN {
        return Err(Error::InvalidLength);
    }
    let mut e = E::zeroed();
    e.as_mut().copy_from_slice(bytes);
    Ok(e)
}

/// Rejects a context longer than 255 bytes (its length must fit an octet).
fn check_ctx(ctx: &[u8]) -> Result<(), Error> {
    if ctx.len() > MAX_CONTEXT_LEN {
        Err(Error::InvalidLength)
    } else {
        Ok(())
    }
}

// ---------------------------------------------------------------------------
// Generic signing key and the two algorithms
// ---------------------------------------------------------------------------

/// An expanded private key: seed, secret scalar s, prefix, public key A.
struct KeyInner<I: Instance> {
    seed: Enc<I>,
    s: SecretScalar<Sf<I>>,
    prefix: Enc<I>,
    public: Enc<I>,
}

impl<I: Instance> KeyInner<I> {
    /// Key generation, RFC 8032 §5.1.5 / §5.2.5. Constant time in the seed.
    fn from_seed(seed: &Enc<I>) -> Self {
        let n = I::ENC;
        let mut h = [0u8; MAX_HASH];
        I::hash(None, &[seed.as_ref()], &mut h);
        I::clamp(&mut h[..n]);
        let s = SecretScalar::new(le_reduce::<Sf<I>>(&h[..n]));
        let mut prefix = Enc::<I>::zeroed();
        prefix.as_mut().copy_from_slice(&h[n..2 * n]);
        h.zeroize();
        let public = EdwardsPoint::<I::C>::mul_base(&s).compress();
        // A is the public key: public from here on.
        crate::ct::declassify_bytes(public.as_ref());
        KeyInner { seed: *seed, s, prefix, public }
    }

    /// Signing, RFC 8032 §5.1.6 / §5.2.6, into `sig` (2·ENC bytes). `ph_m`
    /// is M for the pure variants and PH(M) for the prehash ones.
    /// Constant time in s, prefix and r.
    fn sign(&self, dom: Option<Dom<'_>>, ph_m: &[u8], sig: &mut [u8]) {
        let n = I::ENC;
        debug_assert_eq!(sig.len(), 2 * n);
        let mut h = [0u8; MAX_HASH];
        // 1. r = H(dom ‖ prefix ‖ PH(M)) mod L (secret nonce).
        I::hash(dom, &[self.prefix.as_ref(), ph_m], &mut h);
        let r = SecretScalar::new(le_reduce::<Sf<I>>(&h[..2 * n]));
        h.zeroize();
        // 2. R = [r]B, encoded; public from here on.
        let big_r = EdwardsPoint::<I::C>::mul_base(&r).compress();
        sig[..n].copy_from_slice(big_r.as_ref());
        crate::ct::declassify_bytes(&sig[..n]);
        // 3. k = H(dom ‖ R ‖ A ‖ PH(M)) mod L (public inputs).
        I::hash(dom, &[&sig[..n], self.public.as_ref(), ph_m], &mut h);
        let k = le_reduce::<Sf<I>>(&h[..2 * n]);
        // 4. S = (r + k·s) mod L; public from here on.
        let s = *r.expose() + k * *self.s.expose();
        write_le(&s, &mut sig[n..]);
        crate::ct::declassify_bytes(&sig[n..]);
    }
}

impl<I: Instance> Drop for KeyInner<I> {
    fn drop(&mut self) {
        self.seed.zeroize();
        self.prefix.zeroize();
    }
}

/// Decodes A or R under `profile`. Public data, variable time.
fn decode_point<I: Instance>(bytes: &Enc<I>, profile: VerifyProfile) -> Result<EdwardsPoint<I::C>, Error> {
    match profile {
        VerifyProfile::Rfc8032Strict | VerifyProfile::Cofactored => EdwardsPoint::<I::C>::decompress(bytes),
        VerifyProfile::Zip215 => I::decompress_zip215(bytes),
    }
}

/// Verification, RFC 8032 §5.1.7 / §5.2.7, under `profile`. Variable time:
/// public inputs only.
///
/// Procedure:
/// 1. lengths; the profile exists for this curve;
/// 2. S < L;  A ← decode(public_key);  R ← decode(sig\[..ENC\]);
/// 3. k ← H(dom ‖ R bytes ‖ A bytes ‖ PH(M)) mod L;
/// 4. X ← \[S\]B − \[k\]A − R, tested as X = O (strict) or \[h\]X = O
///    (cofactored), in one of two ways:
///    - half-size (curves with a split base table, i.e. both of kurve's):
///      a short vector (c₀, c₁) of {c₀ ≡ c₁·k (mod h·L)} with c₁ odd
///      ([`crate::scalar::lattice`], about half the bits of h·L each), then
///      Y ← \[c₁·S mod L\]B − \[c₀\]A − \[c₁\]R
///      ([`EdwardsPoint::base_and_two_half_mul_vartime`]: half the doublings).
///      Y = \[c₁\]X exactly: B has order L, and c₀ ≡ c₁·k modulo h·L (not
///      just L) makes \[c₀\]A = \[c₁·k\]A even when A has a torsion
///      component. Since X lies in the group of order h·L, h a power of
///      two, and c₁ is odd with 0 < c₁ < L, c₁ is invertible modulo the
///      order of X: Y = O ⇔ X = O and \[h\]Y = O ⇔ \[h\]X = O. So both
///      tests are the RFC's, bit for bit, without Pornin's cofactor
///      restriction (T. Pornin, ePrint 2020/454, §4);
///    - otherwise P ← \[S\]B + \[k\](−A) by interleaved wNAF (the point is
///      negated, not the scalar: \[L − k\]A ≠ −\[k\]A when A has a torsion
///      component) and X = P − R.
fn verify_inner<I: Instance>(
    public_key: &[u8],
    dom: Option<Dom<'_>>,
    ph_m: &[u8],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    let n = I::ENC;
    if sig.len() != 2 * n {
        return Err(Error::InvalidLength);
    }
    let a_enc: Enc<I> = to_enc(public_key)?;
    if profile == VerifyProfile::Zip215 && !I::HAS_ZIP215 {
        return Err(Error::Unsupported);
    }
    let s = decode_s::<Sf<I>>(&sig[n..])?;
    let r_enc: Enc<I> = to_enc(&sig[..n])?;
    let a = decode_point::<I>(&a_enc, profile)?;
    let r = decode_point::<I>(&r_enc, profile)?;
    let mut h = [0u8; MAX_HASH];
    I::hash(dom, &[&sig[..n], public_key, ph_m], &mut h);
    let k = Scalar(le_reduce::<Sf<I>>(&h[..2 * n]));
    let y = half_size_combination::<I::C>(&s, &k, &a, &r);
    let ok = match (y, profile) {
        (Some(y), VerifyProfile::Rfc8032Strict) => bool::from(y.is_identity()),
        (Some(y), _) => bool::from(y.mul_by_cofactor().is_identity()),
        (None, _) => {
            let p = EdwardsPoint::<I::C>::double_mul_vartime(&s, &k, &a.neg());
            match profile {
                VerifyProfile::Rfc8032Strict => p == r,
                VerifyProfile::Cofactored | VerifyProfile::Zip215 => {
                    bool::from(p.sub(&r).mul_by_cofactor().is_identity())
                }
            }
        }
    };
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidSignature)
    }
}

/// Y = \[c₁·s mod L\]B − \[c₀\]A − \[c₁\]R = \[c₁\](\[s\]B − \[k\]A − R) for the
/// short vector (c₀, c₁) of {c₀ ≡ c₁·k (mod h·L)} with c₁ odd (step 4 of
/// [`verify_inner`]), or `None` when the curve has no split base table.
/// Public inputs only; variable time.
fn half_size_combination<C: EdwardsCurve>(
    s: &Scalar<C::ScalarField>,
    k: &Scalar<C::ScalarField>,
    a: &EdwardsPoint<C>,
    r: &EdwardsPoint<C>,
) -> Option<EdwardsPoint<C>> {
    if C::BASE_SPLIT_BITS == 0 {
        return None;
    }
    // M = h·L as words (h ≤ 8, so M < 2^576 for every L here).
    let mut buf = [0u8; recode::MAX_SCALAR_BYTES];
    C::ScalarField::write_modulus_be_bytes(&mut buf);
    let mut m = [0u64; lattice::WORDS];
    let mut carry = 0u128;
    for (i, chunk) in buf.rchunks(8).enumerate() {
        let mut w = 0u64;
        for &byte in chunk {
            w = (w << 8) | byte as u64;
        }
        let t = w as u128 * C::COFACTOR as u128 + carry;
        if let Some(slot) = m.get_mut(i) {
            *slot = t as u64;
        }
        carry = t >> 64;
    }
    if carry != 0 {
        return None;
    }
    let sv = lattice::short_vector_vartime(&recode::to_words(&k.0), &m);
    // c₁ < L (about half its size), so reducing its bytes mod L is exact.
    for (chunk, w) in buf.rchunks_mut(8).zip(sv.c1.iter()) {
        chunk.copy_from_slice(&w.to_be_bytes());
    }
    let c1 = Scalar(C::ScalarField::from_be_bytes_reduced(&buf));
    let t = Scalar(s.0 * c1.0);
    // −[c₀]A = [|c₀|](−A) for c₀ ≥ 0, [|c₀|]A for c₀ < 0; −[c₁]R = [c₁](−R).
    let a_term = if sv.c0_negative { *a } else { a.neg() };
    EdwardsPoint::base_and_two_half_mul_vartime(&t, &sv.c0, &a_term, &sv.c1, &r.neg())
}

// ---------------------------------------------------------------------------
// Ed25519, Ed25519ctx, Ed25519ph
// ---------------------------------------------------------------------------

/// An Ed25519 private key expanded once from its 32-byte seed (RFC 8032
/// §5.1.5): the clamped secret scalar s mod L, the 32-byte nonce prefix and
/// the public key. Signing many messages with one key does not redo the
/// seed hash or \[s\]B. Seed, prefix and s are zeroized on drop.
pub struct Ed25519SigningKey(KeyInner<Ed25519I>);

impl Ed25519SigningKey {
    /// Expands `seed` (RFC 8032 §5.1.5). Constant time in the seed; never
    /// fails (every 32-byte string is a valid seed).
    pub fn from_seed(seed: &[u8; 32]) -> Self {
        Ed25519SigningKey(KeyInner::from_seed(seed))
    }

    /// The seed this key was expanded from (the RFC 8032 private key).
    pub fn seed(&self) -> &[u8; 32] {
        &self.0.seed
    }

    /// The public key A = encode(\[s\]B) (RFC 8032 §5.1.5 step 4).
    pub fn public_key(&self) -> [u8; 32] {
        self.0.public
    }

    /// Ed25519 (pure, no context) signature of `msg` (RFC 8032 §5.1.6).
    /// Constant time in the key and the nonce; deterministic; never fails.
    pub fn sign(&self, msg: &[u8]) -> [u8; 64] {
        let mut sig = [0u8; 64];
        self.0.sign(None, msg, &mut sig);
        sig
    }

    /// Ed25519ctx signature of `msg` under the context `ctx` (RFC 8032
    /// §5.1, dom2(0, ctx)). Constant time in the key and the nonce. Fails
    /// with [`Error::InvalidLength`] unless 1 ≤ len(ctx) ≤ 255: RFC 8032 §5.1
    /// says the Ed25519ctx context SHOULD NOT be empty, and kurve makes that
    /// a MUST (without a context, use [`Ed25519SigningKey::sign`]).
    pub fn sign_ctx(&self, ctx: &[u8], msg: &[u8]) -> Result<[u8; 64], Error> {
        if ctx.is_empty() {
            return Err(Error::InvalidLength);
        }
        check_ctx(ctx)?;
        let mut sig = [0u8; 64];
        self.0.sign(Some(Dom { phflag: 0, ctx }), msg, &mut sig);
        Ok(sig)
    }

    /// Ed25519ph signature: PH(M) = SHA-512(msg), dom2(1, ctx) (RFC 8032
    /// §5.1). `ctx` may be empty. Constant time in the key and the nonce.
    /// Fails with [`Error::InvalidLength`] if len(ctx) > 255.
    pub fn sign_ph(&self, ctx: &[u8], msg: &[u8]) -> Result<[u8; 64], Error> {
        self.sign_prehashed(ctx, &sha512(msg))
    }

    /// Ed25519ph signature of an already computed PH(M) = SHA-512(M)
    /// (for streaming callers). Same contract as [`Ed25519SigningKey::sign_ph`].
    pub fn sign_prehashed(&self, ctx: &[u8], prehash: &[u8; 64]) -> Result<[u8; 64], Error> {
        check_ctx(ctx)?;
        let mut sig = [0u8; 64];
        self.0.sign(Some(Dom { phflag: 1, ctx }), prehash, &mut sig);
        Ok(sig)
    }
}

impl fmt::Debug for Ed25519SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ed25519SigningKey(<redacted>, public ")?;
        for b in self.0.public.iter() {
            write!(f, "{:02x}", b)?;
        }
        f.write_str(")")
    }
}

/// SHA-512(msg), the Ed25519ph prehash.
fn sha512(msg: &[u8]) -> [u8; 64] {
    use sha2::Digest;
    let mut out = [0u8; 64];
    out.copy_from_slice(sha2::Sha512::digest(msg).as_slice());
    out
}

/// SHAKE256(msg, 64), the Ed448ph prehash.
fn shake256_64(msg: &[u8]) -> [u8; 64] {
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    let mut h = sha3::Shake256::default();
    h.update(msg);
    let mut out = [0u8; 64];
    h.finalize_xof().read(&mut out);
    out
}

/// The Ed25519 public key of `seed` (RFC 8032 §5.1.5). Constant time.
pub fn ed25519_public_key(seed: &[u8; 32]) -> [u8; 32] {
    Ed25519SigningKey::from_seed(seed).public_key()
}

/// Ed25519 signature of `msg` with the key expanded from `seed` (RFC 8032
/// §5.1.6). Constant time in the seed and the nonce. Never fails.
/// Use [`Ed25519SigningKey`] to sign several messages with one key.
pub fn ed25519_sign(seed: &[u8; 32], msg: &[u8]) -> [u8; 64] {
    Ed25519SigningKey::from_seed(seed).sign(msg)
}

/// Ed25519ctx signature (RFC 8032 §5.1, dom2(0, ctx)); see
/// [`Ed25519SigningKey::sign_ctx`]. Fails with [`Error::InvalidLength`]
/// unless 1 ≤ len(ctx) ≤ 255.
pub fn ed25519ctx_sign(seed: &[u8; 32], ctx: &[u8], msg: &[u8]) -> Result<[u8; 64], Error> {
    if ctx.is_empty() || ctx.len() > MAX_CONTEXT_LEN {
        return Err(Error::InvalidLength);
    }
    Ed25519SigningKey::from_seed(seed).sign_ctx(ctx, msg)
}

/// Ed25519ph signature (RFC 8032 §5.1, PH = SHA-512, dom2(1, ctx)); see
/// [`Ed25519SigningKey::sign_ph`]. Fails with [`Error::InvalidLength`] if
/// len(ctx) > 255.
pub fn ed25519ph_sign(seed: &[u8; 32], ctx: &[u8], msg: &[u8]) -> Result<[u8; 64], Error> {
    check_ctx(ctx)?;
    Ed25519SigningKey::from_seed(seed).sign_ph(ctx, msg)
}

/// Verifies an Ed25519 signature `sig` (64 bytes) on `msg` under the public
/// key `public_key` (32 bytes) with the given profile (RFC 8032 §5.1.7).
/// Variable time: public inputs only. Errors: see the module doc.
pub fn ed25519_verify(public_key: &[u8], msg: &[u8], sig: &[u8], profile: VerifyProfile) -> Result<(), Error> {
    verify_inner::<Ed25519I>(public_key, None, msg, sig, profile)
}

/// Verifies an Ed25519ctx signature (dom2(0, ctx)). Variable time: public
/// inputs only. Fails with [`Error::InvalidLength`] unless 1 ≤ len(ctx) ≤ 255;
/// otherwise as [`ed25519_verify`].
pub fn ed25519ctx_verify(
    public_key: &[u8],
    ctx: &[u8],
    msg: &[u8],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    if ctx.is_empty() {
        return Err(Error::InvalidLength);
    }
    check_ctx(ctx)?;
    verify_inner::<Ed25519I>(public_key, Some(Dom { phflag: 0, ctx }), msg, sig, profile)
}

/// Verifies an Ed25519ph signature (PH = SHA-512, dom2(1, ctx), ctx may be
/// empty). Variable time: public inputs only. Fails with
/// [`Error::InvalidLength`] if len(ctx) > 255; otherwise as [`ed25519_verify`].
pub fn ed25519ph_verify(
    public_key: &[u8],
    ctx: &[u8],
    msg: &[u8],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    ed25519ph_verify_prehashed(public_key, ctx, &sha512(msg), sig, profile)
}

/// [`ed25519ph_verify`] with PH(M) = SHA-512(M) already computed.
pub fn ed25519ph_verify_prehashed(
    public_key: &[u8],
    ctx: &[u8],
    prehash: &[u8; 64],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    check_ctx(ctx)?;
    verify_inner::<Ed25519I>(public_key, Some(Dom { phflag: 1, ctx }), prehash, sig, profile)
}

// ---------------------------------------------------------------------------
// Ed448, Ed448ph
// ---------------------------------------------------------------------------

/// An Ed448 private key expanded once from its 57-byte seed (RFC 8032
/// §5.2.5): the clamped secret scalar s mod L, the 57-byte nonce prefix and
/// the public key. Seed, prefix and s are zeroized on drop.
pub struct Ed448SigningKey(KeyInner<Ed448I>);

impl Ed448SigningKey {
    /// Expands `seed` (RFC 8032 §5.2.5). Constant time in the seed; never
    /// fails.
    pub fn from_seed(seed: &[u8; 57]) -> Self {
        Ed448SigningKey(KeyInner::from_seed(seed))
    }

    /// The seed this key was expanded from (the RFC 8032 private key).
    pub fn seed(&self) -> &[u8; 57] {
        &self.0.seed
    }

    /// The public key A = encode(\[s\]B) (RFC 8032 §5.2.5 step 4).
    pub fn public_key(&self) -> [u8; 57] {
        self.0.public
    }

    /// Ed448 signature of `msg` under context `ctx` (0..=255 bytes;
    /// dom4(0, ctx); RFC 8032 §5.2.6). Constant time in the key and the
    /// nonce. Fails with [`Error::InvalidLength`] if len(ctx) > 255.
    pub fn sign(&self, ctx: &[u8], msg: &[u8]) -> Result<[u8; 114], Error> {
        check_ctx(ctx)?;
        let mut sig = [0u8; 114];
        self.0.sign(Some(Dom { phflag: 0, ctx }), msg, &mut sig);
        Ok(sig)
    }

    /// Ed448ph signature: PH(M) = SHAKE256(msg, 64), dom4(1, ctx).
    /// Constant time in the key and the nonce. Fails with
    /// [`Error::InvalidLength`] if len(ctx) > 255.
    pub fn sign_ph(&self, ctx: &[u8], msg: &[u8]) -> Result<[u8; 114], Error> {
        self.sign_prehashed(ctx, &shake256_64(msg))
    }

    /// Ed448ph signature of an already computed PH(M) = SHAKE256(M, 64).
    pub fn sign_prehashed(&self, ctx: &[u8], prehash: &[u8; 64]) -> Result<[u8; 114], Error> {
        check_ctx(ctx)?;
        let mut sig = [0u8; 114];
        self.0.sign(Some(Dom { phflag: 1, ctx }), prehash, &mut sig);
        Ok(sig)
    }
}

impl fmt::Debug for Ed448SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ed448SigningKey(<redacted>, public ")?;
        for b in self.0.public.iter() {
            write!(f, "{:02x}", b)?;
        }
        f.write_str(")")
    }
}

/// The Ed448 public key of `seed` (RFC 8032 §5.2.5). Constant time.
pub fn ed448_public_key(seed: &[u8; 57]) -> [u8; 57] {
    Ed448SigningKey::from_seed(seed).public_key()
}

/// Ed448 signature (RFC 8032 §5.2.6, dom4(0, ctx), ctx 0..=255 bytes).
/// Constant time in the seed and the nonce. Fails with
/// [`Error::InvalidLength`] if len(ctx) > 255.
pub fn ed448_sign(seed: &[u8; 57], ctx: &[u8], msg: &[u8]) -> Result<[u8; 114], Error> {
    check_ctx(ctx)?;
    Ed448SigningKey::from_seed(seed).sign(ctx, msg)
}

/// Ed448ph signature (PH = SHAKE256(M, 64), dom4(1, ctx)). Constant time in
/// the seed and the nonce. Fails with [`Error::InvalidLength`] if
/// len(ctx) > 255.
pub fn ed448ph_sign(seed: &[u8; 57], ctx: &[u8], msg: &[u8]) -> Result<[u8; 114], Error> {
    check_ctx(ctx)?;
    Ed448SigningKey::from_seed(seed).sign_ph(ctx, msg)
}

/// Verifies an Ed448 signature `sig` (114 bytes) on `msg` under context
/// `ctx` and public key `public_key` (57 bytes) (RFC 8032 §5.2.7).
/// Variable time: public inputs only. [`VerifyProfile::Zip215`] fails with
/// [`Error::Unsupported`]; a context longer than 255 bytes with
/// [`Error::InvalidLength`]; other errors as in the module doc.
pub fn ed448_verify(
    public_key: &[u8],
    ctx: &[u8],
    msg: &[u8],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    check_ctx(ctx)?;
    verify_inner::<Ed448I>(public_key, Some(Dom { phflag: 0, ctx }), msg, sig, profile)
}

/// Verifies an Ed448ph signature (PH = SHAKE256(M, 64), dom4(1, ctx)).
/// Variable time: public inputs only. Errors as [`ed448_verify`].
pub fn ed448ph_verify(
    public_key: &[u8],
    ctx: &[u8],
    msg: &[u8],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    ed448ph_verify_prehashed(public_key, ctx, &shake256_64(msg), sig, profile)
}

/// [`ed448ph_verify`] with PH(M) = SHAKE256(M, 64) already computed.
pub fn ed448ph_verify_prehashed(
    public_key: &[u8],
    ctx: &[u8],
    prehash: &[u8; 64],
    sig: &[u8],
    profile: VerifyProfile,
) -> Result<(), Error> {
    check_ctx(ctx)?;
    verify_inner::<Ed448I>(public_key, Some(Dom { phflag: 1, ctx }), prehash, sig, profile)
}

// ---------------------------------------------------------------------------
// Ed25519 batch verification
// ---------------------------------------------------------------------------

/// Window width of the Pippenger multi-scalar multiplication.
const MSM_W: usize = 5;
/// Signed radix-2⁵ digits of a scalar mod L (253 bits): ⌈253/5⌉ + 1 carry.
const MSM_DIGITS_25519: usize = 253usize.div_ceil(MSM_W) + 1;
/// Points per chunk: B, then R_i and A_i for each signature.
const MSM_POINTS: usize = 2 * BATCH_CHUNK + 1;

/// Signed radix-2^W digits of a public scalar: s = Σ dᵢ·2^(W·i) with
/// dᵢ ∈ [−2^(W−1), 2^(W−1)) and a final carry digit in {0, 1}. Writes
/// ⌈BITS/W⌉ + 1 digits (must fit `digits`). Variable time (public scalar).
fn signed_digits_vartime<F: Field>(s: &Scalar<F>, digits: &mut [i8]) {
    let (buf, _) = recode::to_be_buffer(&s.0);
    let nd = (F::BITS as usize).div_ceil(MSM_W);
    debug_assert!(digits.len() > nd);
    let bit = |pos: usize| -> u32 {
        if pos >= 8 * recode::MAX_SCALAR_BYTES {
            0
        } else {
            ((buf[recode::MAX_SCALAR_BYTES - 1 - pos / 8] >> (pos % 8)) & 1) as u32
        }
    };
    let half = 1i32 << (MSM_W - 1);
    let mut carry = 0i32;
    for (i, d) in digits.iter_mut().enumerate().take(nd) {
        let mut v = 0u32;
        for j in 0..MSM_W {
            v |= bit(MSM_W * i + j) << j;
        }
        let v = v as i32 + carry; // 0 ..= 2^W
        carry = (v + half) >> MSM_W; // 1 iff v ≥ 2^(W−1)
        *d = (v - (carry << MSM_W)) as i8;
    }
    if let Some(d) = digits.get_mut(nd) {
        *d = carry as i8;
    }
}

/// Σ \[sᵢ\]Pᵢ by Pippenger's bucket method (variable time, public inputs),
/// with the scalars given as signed radix-2⁵ digits.
///
/// Procedure: for each digit position w from the top: Q ← \[2⁵\]Q; put each
/// Pᵢ into bucket |dᵢ,w| with the sign of dᵢ,w; W ← Σⱼ j·bucketⱼ computed
/// as a running sum from the top bucket down; Q ← Q + W.
fn msm_vartime<C: EdwardsCurve, const D: usize>(digits: &[[i8; D]], points: &[EdwardsPoint<C>]) -> EdwardsPoint<C> {
    const BUCKETS: usize = 1 << (MSM_W - 1);
    let mut acc = EdwardsPoint::<C>::IDENTITY;
    for w in (0..D).rev() {
        for _ in 0..MSM_W {
            acc = acc.double();
        }
        let mut buckets = [EdwardsPoint::<C>::IDENTITY; BUCKETS];
        let mut used = [false; BUCKETS];
        for (ds, p) in digits.iter().zip(points.iter()) {
            let d = ds[w];
            if d == 0 {
                continue;
            }
            let j = (d.unsigned_abs() as usize) - 1;
            let q = if d > 0 { *p } else { p.neg() };
            buckets[j] = if used[j] { buckets[j].add(&q) } else { q };
            used[j] = true;
        }
        let mut running = EdwardsPoint::<C>::IDENTITY;
        let mut sum = EdwardsPoint::<C>::IDENTITY;
        for j in (0..BUCKETS).rev() {
            if used[j] {
                running = running.add(&buckets[j]);
            }
            sum = sum.add(&running);
        }
        acc = acc.add(&sum);
    }
    acc
}

/// Verifies a batch of pure Ed25519 signatures `(public_key, msg, sig)` at
/// once. Variable time: public inputs only (the coefficients zᵢ are random
/// but are not secrets either; they need only be unpredictable to whoever
/// chose the signatures).
///
/// Equation (random linear combination, cofactored), over chunks of at most
/// [`BATCH_CHUNK`] signatures:
///   \[8\](−(Σ zᵢSᵢ)B + Σ zᵢRᵢ + Σ (zᵢkᵢ)Aᵢ) = O,
/// with independent uniform 128-bit zᵢ drawn from `rng` and
/// kᵢ = SHA-512(Rᵢ ‖ Aᵢ ‖ Mᵢ) mod L. The multi-scalar multiplication is
/// Pippenger's bucket method (window 5) on the stack (no heap; roughly
/// 15 KiB of stack per chunk).
///
/// Meaning of the result:
/// - `Ok(())`: every signature is valid under the **cofactored** equation
///   with `profile`'s decoding, except with probability ≤ 2⁻¹²⁸ per chunk
///   over the choice of the zᵢ. So batch acceptance matches
///   [`VerifyProfile::Cofactored`] (or [`VerifyProfile::Zip215`]) single
///   verification of every item; it does **not** imply validity under
///   [`VerifyProfile::Rfc8032Strict`].
/// - `Err(_)`: at least one item is invalid (a malformed item gives its
///   decoding error; a failed equation [`Error::InvalidSignature`]). The
///   batch does not say which: callers fall back to single verification.
///
/// `profile` selects the decoding of A and R ([`VerifyProfile::Cofactored`]:
/// canonical; [`VerifyProfile::Zip215`]: ZIP 215). A random linear
/// combination cannot reproduce the cofactorless equation (torsion
/// components would cancel with probability ≈ 1/8), so
/// [`VerifyProfile::Rfc8032Strict`] fails with [`Error::Unsupported`].
/// An empty batch is accepted.
pub fn ed25519_verify_batch<R: RngCore + CryptoRng + ?Sized>(
    items: &[(&[u8], &[u8], &[u8])],
    profile: VerifyProfile,
    rng: &mut R,
) -> Result<(), Error> {
    if profile == VerifyProfile::Rfc8032Strict {
        return Err(Error::Unsupported);
    }
    for chunk in items.chunks(BATCH_CHUNK) {
        verify_batch_chunk(chunk, profile, rng)?;
    }
    Ok(())
}

/// One chunk of [`ed25519_verify_batch`] (at most [`BATCH_CHUNK`] items).
fn verify_batch_chunk<R: RngCore + CryptoRng + ?Sized>(
    chunk: &[(&[u8], &[u8], &[u8])],
    profile: VerifyProfile,
    rng: &mut R,
) -> Result<(), Error> {
    type Fq = c25519::Fq;
    debug_assert!(chunk.len() <= BATCH_CHUNK);
    let mut points = [c25519::EdwardsPoint::IDENTITY; MSM_POINTS];
    let mut digits = [[0i8; MSM_DIGITS_25519]; MSM_POINTS];
    let mut b_coeff = Fq::ZERO; // Σ zᵢSᵢ
    points[0] = c25519::EdwardsPoint::generator();
    for (i, (public_key, msg, sig)) in chunk.iter().enumerate() {
        if sig.len() != 64 {
            return Err(Error::InvalidLength);
        }
        let a_enc: [u8; 32] = to_enc(public_key)?;
        let r_enc: [u8; 32] = to_enc(&sig[..32])?;
        let s = decode_s::<Fq>(&sig[32..])?;
        let a = decode_point::<Ed25519I>(&a_enc, profile)?;
        let r = decode_point::<Ed25519I>(&r_enc, profile)?;
        let mut h = [0u8; MAX_HASH];
        Ed25519I::hash(None, &[&sig[..32], &a_enc, msg], &mut h);
        let k = le_reduce::<Fq>(&h[..64]);
        let mut zb = [0u8; 16];
        rng.fill_bytes(&mut zb);
        let z = Fq::from_be_bytes_reduced(&zb);
        b_coeff += z * s.0;
        points[1 + 2 * i] = r;
        signed_digits_vartime(&Scalar(z), &mut digits[1 + 2 * i]);
        points[2 + 2 * i] = a;
        signed_digits_vartime(&Scalar(z * k), &mut digits[2 + 2 * i]);
    }
    signed_digits_vartime(&Scalar(-b_coeff), &mut digits[0]);
    let used = 1 + 2 * chunk.len();
    let sum = msm_vartime::<Edwards25519, MSM_DIGITS_25519>(&digits[..used], &points[..used]);
    if bool::from(sum.mul_by_cofactor().is_identity()) {
        Ok(())
    } else {
        Err(Error::InvalidSignature)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pippenger against the sum of single scalar multiplications.
    #[test]
    fn msm_matches_naive() {
        type Fq = c25519::Fq;
        let g = c25519::EdwardsPoint::generator();
        let mut points = [c25519::EdwardsPoint::IDENTITY; 7];
        let mut digits = [[0i8; MSM_DIGITS_25519]; 7];
        let mut expect = c25519::EdwardsPoint::IDENTITY;
        let mut x = Fq::from_u64(0x1234_5678_9abc_def1);
        for i in 0..7 {
            x = x * x + Fq::from_u64(i as u64 + 3);
            let s = if i == 3 {
                -Fq::ONE
            } else if i == 4 {
                Fq::ZERO
            } else {
                x
            };
            points[i] = g.mul_vartime(&Scalar(Fq::from_u64(17 * i as u64 + 1)));
            signed_digits_vartime(&Scalar(s), &mut digits[i]);
            expect = expect.add(&points[i].mul_vartime(&Scalar(s)));
        }
        assert_eq!(msm_vartime::<Edwards25519, MSM_DIGITS_25519>(&digits, &points), expect);
    }
}
