//! The library's one error type.
//!
//! Every decoder and every protocol entry point that takes untrusted bytes
//! returns `Result<_, Error>`; none of them panics, loops or allocates on bad
//! input.

use core::fmt;

/// Why an operation refused its input.
///
/// Errors say *what* was wrong, never *which secret* made it so: the protocol
/// layer maps every failed signature check to [`Error::InvalidSignature`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// The input has the wrong length for this curve or encoding.
    InvalidLength,
    /// The encoding's tag/prefix byte is not allowed (e.g. SEC1 hybrid 0x06/0x07).
    InvalidEncoding,
    /// A field element is not canonical (value ≥ p).
    NonCanonicalField,
    /// A scalar is out of range (≥ n, or zero where zero is forbidden).
    InvalidScalar,
    /// The coordinates do not satisfy the curve equation, or no point has this x.
    NotOnCurve,
    /// The point is the identity where the standard forbids it.
    IdentityPoint,
    /// The point is not in the prime-order subgroup.
    NotInSubgroup,
    /// A signature is malformed or does not verify.
    InvalidSignature,
    /// A computed shared secret or signature component was zero.
    ZeroResult,
    /// The requested curve, hash or mode is not supported here.
    Unsupported,
    /// The output buffer is too small.
    BufferTooSmall,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            Error::InvalidLength => "invalid length",
            Error::InvalidEncoding => "invalid encoding",
            Error::NonCanonicalField => "field element not canonical (>= p)",
            Error::InvalidScalar => "scalar out of range",
            Error::NotOnCurve => "point not on curve",
            Error::IdentityPoint => "point at infinity not allowed",
            Error::NotInSubgroup => "point not in prime-order subgroup",
            Error::InvalidSignature => "invalid signature",
            Error::ZeroResult => "result is zero",
            Error::Unsupported => "unsupported",
            Error::BufferTooSmall => "output buffer too small",
        };
        f.write_str(s)
    }
}

#[cfg(feature = "std")]
impl std::error::Error for Error {}
