//! Thin protocols on top of the groups: bytes in, bytes out.
//!
//! - [`ecdh`]: SEC 1 v2 §3.3.1 Diffie–Hellman (shared x-coordinate).
//! - [`ecdsa`]: SEC 1 v2 §4.1 / FIPS 186-5 ECDSA with RFC 6979 nonces.
//! - [`hash`]: the hash functions ECDSA is used with.
//! - [`rfc6979`]: deterministic nonce generation (HMAC-DRBG).
//! - [`xdh`]: X25519 and X448 (RFC 7748).

pub mod ecdh;
pub mod ecdsa;
pub mod eddsa;
pub mod hash;
pub mod rfc6979;
pub mod xdh;

pub use hash::HashAlg;

/// How an ECDSA signature is serialized.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SigFormat {
    /// ASN.1 DER `SEQUENCE { r INTEGER, s INTEGER }` (SEC 1 v2, C.5), strict DER only.
    Der,
    /// IEEE P1363: r‖s, each exactly `scalar_bytes()` long, big-endian.
    P1363,
}
