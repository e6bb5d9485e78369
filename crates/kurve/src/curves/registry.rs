//! The run-time registry: byte-level, object-safe access to every curve.
//!
//! Code that picks a curve at run time (the lab, bindings, a CLI) calls
//! [`by_name`] and works with encoded points and scalars through
//! [`CurveOps`]. Statically typed code should use the curve types directly
//! ([`crate::group::weierstrass::ProjectivePoint`]), which is faster and
//! lets the type system keep secret scalars apart.
//!
//! Conventions of every [`CurveOps`] method:
//! - points are SEC1-encoded (SEC 1 v2, 2.3.3/2.3.4): `04‖X‖Y`, `02/03‖X`, or the
//!   single byte `00` for the identity where a method allows it; outputs are
//!   uncompressed unless the method says otherwise;
//! - scalars are big-endian byte strings of any length, reduced mod n, unless
//!   the method says it wants a private key (exactly `scalar_bytes()` long,
//!   in `[1, n-1]`);
//! - secret inputs are handled in constant time; `_vartime` methods take only
//!   public inputs.

use crate::{ByteBuf, Error};

#[cfg(feature = "proto")]
pub use crate::proto::{HashAlg, SigFormat};

/// The curve model behind a registry entry, which decides how its points are
/// encoded and which operations it offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Model {
    /// y² = x³ + ax + b; points are SEC1; ECDH and ECDSA.
    ShortWeierstrass,
    /// (twisted) Edwards; points are RFC 8032 encodings; EdDSA where defined.
    Edwards,
    /// Montgomery (u, v) group; points are raw little-endian `u‖v`, or the
    /// single byte `00` for the identity.
    Montgomery,
    /// Montgomery x-only (X25519, X448): u-coordinates (RFC 7748) and the
    /// Diffie–Hellman function; no point addition.
    MontgomeryXOnly,
}

/// Which EdDSA variant (RFC 8032 §5.1 and §5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EddsaVariant {
    /// Ed25519 / Ed448 (pure; Ed448 takes a context, possibly empty).
    Pure,
    /// Ed25519ctx (a non-empty context of at most 255 bytes).
    Ctx,
    /// Ed25519ph / Ed448ph (pre-hashed with SHA-512 / SHAKE256).
    Ph,
}

/// Byte-level operations on one named curve. Object safe.
pub trait CurveOps: Sync {
    /// The curve's canonical name (SEC 2 / RFC 5639 / RFC 7748 spelling, e.g.
    /// `brainpoolP256r1`, `edwards25519`).
    fn name(&self) -> &'static str;
    /// The curve model (decides encodings and available operations).
    fn model(&self) -> Model {
        Model::ShortWeierstrass
    }
    /// Other names accepted by [`by_name`] (e.g. `P-256`, `prime256v1`).
    fn aliases(&self) -> &'static [&'static str];
    /// The curve's ASN.1 object identifier in dotted form.
    fn oid(&self) -> &'static str;
    /// Bytes in an encoded field element (ceil(log2(p)/8)).
    fn field_bytes(&self) -> usize;
    /// Bytes in an encoded scalar / private key (ceil(log2(n)/8)).
    fn scalar_bytes(&self) -> usize;
    /// The field prime p, big-endian, `field_bytes()` long.
    fn modulus(&self) -> ByteBuf;
    /// The group order n, big-endian, `scalar_bytes()` long.
    fn order(&self) -> ByteBuf;
    /// The cofactor h (#E = h·n).
    fn cofactor(&self) -> u64;
    /// Curve coefficient a of y² = x³ + ax + b, big-endian, `field_bytes()` long.
    fn coeff_a(&self) -> ByteBuf;
    /// Curve coefficient b, big-endian, `field_bytes()` long.
    fn coeff_b(&self) -> ByteBuf;
    /// The standard generator G, SEC1 encoded (compressed if asked).
    fn generator(&self, compressed: bool) -> ByteBuf;

    /// Decodes and fully validates a SEC1 point (length, coordinates < p, on
    /// curve; hybrid forms rejected) and re-encodes it. The identity `00` is
    /// accepted here and returned as `00`.
    fn encode_point(&self, point: &[u8], compressed: bool) -> Result<ByteBuf, Error>;
    /// P + Q (complete formula, constant time). Identity allowed on input.
    fn add(&self, p: &[u8], q: &[u8]) -> Result<ByteBuf, Error>;
    /// 2P (constant time). Identity allowed.
    fn double(&self, p: &[u8]) -> Result<ByteBuf, Error>;
    /// −P. Identity allowed.
    fn neg(&self, p: &[u8]) -> Result<ByteBuf, Error>;
    /// [k]P, constant time in k and P. `k` big-endian of any length, reduced mod n.
    fn mul(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error>;
    /// [k]G, constant time in k.
    fn mul_base(&self, k: &[u8]) -> Result<ByteBuf, Error>;
    /// The computation of [`CurveOps::mul`] without the output encoding:
    /// decode and validate P, reduce k mod n, the constant-time [k]P (for
    /// short Weierstrass curves also the conversion to affine coordinates,
    /// a constant-time inversion); the result is passed through
    /// `core::hint::black_box` and dropped. Fails exactly where `mul` fails.
    ///
    /// For timing harnesses: the encoders declassify "is the result the
    /// identity?" and skip the coordinates (the identity encodes as `00`),
    /// so a class of inputs whose public result is the identity returns
    /// sooner from `mul` by the length of an encoding; this entry point
    /// times the secret computation alone. Entries without a
    /// point-in/point-out `mul` (Edwards, XDH) return [`Error::Unsupported`].
    fn mul_unencoded(&self, k: &[u8], p: &[u8]) -> Result<(), Error> {
        let _ = (k, p);
        Err(Error::Unsupported)
    }
    /// [`CurveOps::mul_base`] without the output encoding, as
    /// [`CurveOps::mul_unencoded`] is to `mul`.
    fn mul_base_unencoded(&self, k: &[u8]) -> Result<(), Error> {
        let _ = k;
        Err(Error::Unsupported)
    }
    /// [k]P in variable time (public k and P only).
    fn mul_vartime(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error>;
    /// [a]G + [b]P in variable time (public inputs only; used by verification).
    fn double_mul_vartime(&self, a: &[u8], b: &[u8], p: &[u8]) -> Result<ByteBuf, Error>;
    /// The point with x-coordinate `x` (`field_bytes()` long, < p) and y of the
    /// given parity. Fails with [`Error::NotOnCurve`] if x³+ax+b is not a square.
    fn point_from_x(&self, x: &[u8], y_odd: bool) -> Result<ByteBuf, Error> {
        let _ = (x, y_odd);
        Err(Error::Unsupported)
    }
    /// Recovery from y: the x-coordinates (0 to 3) with x³ + ax + b = y²,
    /// each `field_bytes()` long, concatenated in no particular order
    /// (`04‖x‖y` is then a valid point for each). `y` must be
    /// `field_bytes()` long and < p. Variable time (y is public).
    fn xs_from_y_vartime(&self, y: &[u8]) -> Result<ByteBuf, Error> {
        let _ = y;
        Err(Error::Unsupported)
    }

    /// The public key [d]G of a private key `d` (exactly `scalar_bytes()`
    /// bytes, 1 ≤ d < n), SEC1 encoded. Constant time in d.
    fn public_key(&self, private_key: &[u8], compressed: bool) -> Result<ByteBuf, Error>;
    /// ECDH (SEC 1 v2, 3.3.1): the x-coordinate of [d]Q, `field_bytes()` long.
    /// `peer_public` is a SEC1 point, fully validated (identity rejected).
    /// Private key rules as in [`CurveOps::public_key`]. Constant time in d.
    fn ecdh(&self, private_key: &[u8], peer_public: &[u8]) -> Result<ByteBuf, Error>;
    /// ECDSA signature of `msg` hashed with `hash`, nonce from RFC 6979
    /// (with optional `extra_entropy` as RFC 6979 3.6 additional data; empty
    /// for the deterministic KATs). With `low_s`, s is replaced by n − s when
    /// s > n/2. Constant time in the key and nonce.
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
        let _ = (hash, private_key, msg, format, extra_entropy, low_s);
        Err(Error::Unsupported)
    }
    /// ECDSA signature with a caller-chosen nonce `nonce` (`scalar_bytes()`
    /// long, in [1, n−1]) — **hazmat**, for reproducing known-answer tests
    /// (NIST CAVP SigGen). A repeated or biased nonce reveals the key.
    /// Constant time in the key and nonce.
    #[cfg(feature = "proto")]
    fn ecdsa_sign_with_nonce_hazmat(
        &self,
        hash: HashAlg,
        private_key: &[u8],
        msg: &[u8],
        nonce: &[u8],
        format: SigFormat,
    ) -> Result<ByteBuf, Error> {
        let _ = (hash, private_key, msg, nonce, format);
        Err(Error::Unsupported)
    }
    /// ECDSA verification (SEC 1 v2, 4.1.4) of `sig` over `msg` hashed with
    /// `hash`. `public_key` is SEC1, fully validated. DER signatures must be
    /// strict DER. With `require_low_s`, s > n/2 is rejected (BIP 62/146 rule).
    /// Variable time (all inputs public).
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
        let _ = (hash, public_key, msg, sig, format, require_low_s);
        Err(Error::Unsupported)
    }

    /// X25519 / X448 (RFC 7748 §5): the u-coordinate of [clamp(k)]u, as bytes.
    /// `k` and `u` are exactly 32 (X25519) or 56 (X448) bytes; u is decoded as
    /// the RFC says (top bit masked for X25519, values ≥ p reduced). Fails with
    /// [`Error::ZeroResult`] when the output is all zero (a small-order peer
    /// point, RFC 7748 §6.1 — the check callers are told to make). Constant
    /// time in k. `Unsupported` on other models.
    fn xdh(&self, k: &[u8], u: &[u8]) -> Result<ByteBuf, Error> {
        let _ = (k, u);
        Err(Error::Unsupported)
    }
    /// [`CurveOps::xdh`] without the RFC 7748 §6.1 all-zero check: the
    /// output is returned even when it is all zero (a small-order peer
    /// point), for protocols that decide themselves, and for the dudect
    /// harness, which compares small-order and random peer points through
    /// results of the same form. Constant time in k. `Unsupported` on other
    /// models.
    fn xdh_unchecked(&self, k: &[u8], u: &[u8]) -> Result<ByteBuf, Error> {
        let _ = (k, u);
        Err(Error::Unsupported)
    }
    /// The X25519 / X448 public key: u([clamp(k)]B). Constant time in k.
    fn xdh_public_key(&self, k: &[u8]) -> Result<ByteBuf, Error> {
        let _ = k;
        Err(Error::Unsupported)
    }
    /// EdDSA public key from a seed (RFC 8032 §5.1.5 / §5.2.5), encoded.
    /// Constant time in the seed. `Unsupported` off edwards25519/edwards448.
    fn eddsa_public_key(&self, seed: &[u8]) -> Result<ByteBuf, Error> {
        let _ = seed;
        Err(Error::Unsupported)
    }
    /// EdDSA signature (RFC 8032 §5.1.6 / §5.2.6) of `msg` under the key
    /// derived from `seed`, with context `ctx` where the variant takes one.
    /// Constant time in the seed and nonce.
    fn eddsa_sign(&self, variant: EddsaVariant, seed: &[u8], ctx: &[u8], msg: &[u8]) -> Result<ByteBuf, Error> {
        let _ = (variant, seed, ctx, msg);
        Err(Error::Unsupported)
    }
    /// EdDSA verification under a named profile (see
    /// `kurve::proto::eddsa::VerifyProfile`): `profile` is its name,
    /// `"rfc8032"`, `"cofactored"` or `"zip215"`. Variable time (public inputs).
    fn eddsa_verify(
        &self,
        variant: EddsaVariant,
        profile: &str,
        public_key: &[u8],
        ctx: &[u8],
        msg: &[u8],
        sig: &[u8],
    ) -> Result<(), Error> {
        let _ = (variant, profile, public_key, ctx, msg, sig);
        Err(Error::Unsupported)
    }
}

/// Every curve in the registry.
pub fn all() -> &'static [&'static dyn CurveOps] {
    super::ALL
}

/// The curve called `name` (canonical name or alias, ASCII case-insensitive),
/// or `None`.
pub fn by_name(name: &str) -> Option<&'static dyn CurveOps> {
    all().iter().copied().find(|c| {
        c.name().eq_ignore_ascii_case(name)
            || c.aliases().iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}
