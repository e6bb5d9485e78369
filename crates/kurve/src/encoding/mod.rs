//! Encodings of points, keys and signatures.
//!
//! - [`sec1`]: SEC 1 v2 §2.3.3–2.3.4 elliptic-curve point encodings.
//! - [`der`]: strict DER for ECDSA signatures (SEC 1 v2 C.5).
//! - [`spki`]: X.509 SubjectPublicKeyInfo for EC public keys (RFC 5480).
//! - [`rfc7748`]: X25519/X448 u-coordinates and scalar clamping (RFC 7748 §5).

pub mod der;
pub mod rfc7748;
pub mod sec1;
pub mod spki;
