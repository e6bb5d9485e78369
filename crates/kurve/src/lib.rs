//! # kurve — constant-time elliptic-curve groups for many curves
//!
//! Layers (data flows down, never up):
//!
//! | module       | what it holds |
//! |--------------|---------------|
//! | [`proto`]    | thin protocols: ECDH, ECDSA (RFC 6979) — bytes in, bytes out |
//! | [`encoding`] | SEC1 point encodings, strict DER for ECDSA signatures |
//! | [`curves`]   | the named curves (SEC 2, RFC 5639) and the run-time registry |
//! | [`group`]    | curve models and formulas (short Weierstrass, RCB16 complete formulas) |
//! | [`scalar`]   | scalars mod n: public [`scalar::Scalar`] and [`scalar::SecretScalar`] |
//! | [`field`]    | the generic constant-time Montgomery prime field |
//! | [`arith`]    | fixed-width limbs `[u64; N]`, carries, constant-time helpers |
//!
//! Everything is constant time unless its name ends in `_vartime`; variable-time
//! functions accept only public data ([`scalar::Scalar`], never
//! [`scalar::SecretScalar`]). Nothing panics on untrusted input: decoders
//! return [`Error`].
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod arith;
pub mod bytes;
pub mod curves;
pub mod encoding;
pub mod error;
pub mod field;
pub mod group;
#[cfg(feature = "proto")]
pub mod proto;
pub mod scalar;

pub use bytes::ByteBuf;
pub use error::Error;
