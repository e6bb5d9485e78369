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

/// Byte-level operations on one named curve. Object safe.
pub trait CurveOps: Sync {
    /// The curve's canonical name (SEC 2 / RFC 5639 spelling, e.g. `brainpoolP256r1`).
    fn name(&self) -> &'static str;
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
    /// [k]P in variable time (public k and P only).
    fn mul_vartime(&self, k: &[u8], p: &[u8]) -> Result<ByteBuf, Error>;
    /// [a]G + [b]P in variable time (public inputs only; used by verification).
    fn double_mul_vartime(&self, a: &[u8], b: &[u8], p: &[u8]) -> Result<ByteBuf, Error>;
    /// The point with x-coordinate `x` (`field_bytes()` long, < p) and y of the
    /// given parity. Fails with [`Error::NotOnCurve`] if x³+ax+b is not a square.
    fn point_from_x(&self, x: &[u8], y_odd: bool) -> Result<ByteBuf, Error>;
    /// Recovery from y: the x-coordinates (0 to 3) with x³ + ax + b = y²,
    /// each `field_bytes()` long, concatenated in no particular order
    /// (`04‖x‖y` is then a valid point for each). `y` must be
    /// `field_bytes()` long and < p. Variable time (y is public).
    fn xs_from_y_vartime(&self, y: &[u8]) -> Result<ByteBuf, Error>;

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
    ) -> Result<ByteBuf, Error>;
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
    ) -> Result<ByteBuf, Error>;
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
    ) -> Result<(), Error>;
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
