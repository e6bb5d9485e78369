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
//!
//! ```
//! use kurve::curves::secp256r1::{ProjectivePoint, Scalar, SecretScalar};
//! use kurve::encoding::sec1;
//!
//! // Typed API: constant-time [d]G with a secret scalar.
//! let d = SecretScalar::from_be_bytes(&[0x11; 32]).unwrap();
//! let q = ProjectivePoint::mul_base(&d).to_affine();
//! assert_eq!(sec1::encode(&q, true).len(), 33);
//!
//! // Variable-time functions take only public scalars.
//! let k: Scalar = d.declassify();
//! assert_eq!(ProjectivePoint::generator().mul_vartime(&k), ProjectivePoint::mul_base(&d));
//!
//! // Byte-level API for curves chosen at run time.
//! use kurve::curves::by_name;
//! use kurve::proto::{HashAlg, SigFormat};
//! let c = by_name("brainpoolP256r1").unwrap();
//! let sk = [0x22u8; 32];
//! let pk = c.public_key(&sk, false).unwrap();
//! let sig = c.ecdsa_sign(HashAlg::Sha256, &sk, b"hello", SigFormat::Der, &[], false).unwrap();
//! assert!(c.ecdsa_verify(HashAlg::Sha256, &pk, b"hello", &sig, SigFormat::Der, false).is_ok());
//! ```
#![no_std]
// `unsafe` is denied everywhere except in nine audited places that opt in
// with `#[allow(unsafe_code)]`: the x86-64 MULX/ADCX/ADOX assembly backends
// (`arith::backend::x86_64_adx`, `x86_64_p256`, `x86_64_secp256k1` and
// `x86_64_fe25519`, whose baseline addition and subtraction are in use and
// whose MULX routines are tested but not dispatched),
// the 4-limb modular addition (`x86_64_add`), the AVX2 table scan and its CPU probe (`arith::backend::x86_64_avx2`),
// the AVX-512 IFMA four-lane GF(2^255 - 19) arithmetic, X25519 ladder and
// edwards25519 multiplications with its CPU probe (`arith::backend::x86_64_ifma25519`, dispatched),
// the empty-assembly value barrier
// (`arith::barrier`) and, with the `ct-valgrind` feature only, the valgrind
// client requests in `ct`.
#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

pub mod arith;
pub mod bytes;
pub mod ct;
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
