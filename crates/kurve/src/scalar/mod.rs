//! Scalars: integers mod the group order n, public or secret.
//!
//! Two types keep secrets apart (STYLE §2):
//! - [`Scalar<F>`]: a public scalar (a signature component, a verifier's
//!   coefficient). `Copy`, printable, accepted by `_vartime` functions.
//! - [`SecretScalar<F>`]: a private key, nonce or blinding factor. Not `Copy`,
//!   not printable, zeroized on drop, accepted only by constant-time
//!   functions. It becomes public only through [`SecretScalar::declassify`],
//!   the one greppable call that says "this value may now leak".
//!
//! `F` is the scalar field (a [`Field`] with modulus n).

pub mod lattice;
pub mod recode;

use crate::field::Field;
use crate::Error;
use subtle::{Choice, ConstantTimeEq, CtOption};

/// A public scalar mod n. Variable-time code may branch on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Scalar<F: Field>(pub F);

/// A secret scalar mod n: never branched on, zeroized on drop.
///
/// Construct it from bytes ([`SecretScalar::from_be_bytes`]) or from a field
/// element; read it only inside constant-time code.
pub struct SecretScalar<F: Field>(F);

/// Scalars that constant-time scalar multiplication accepts: both
/// [`Scalar`] and [`SecretScalar`]. Sealed.
pub trait ScalarInput<F: Field>: sealed::Sealed {
    /// The scalar as a field element (used only by constant-time code).
    fn as_field(&self) -> &F;
}

mod sealed {
    pub trait Sealed {}
    impl<F: super::Field> Sealed for super::Scalar<F> {}
    impl<F: super::Field> Sealed for super::SecretScalar<F> {}
}

impl<F: Field> ScalarInput<F> for Scalar<F> {
    fn as_field(&self) -> &F {
        &self.0
    }
}
impl<F: Field> ScalarInput<F> for SecretScalar<F> {
    fn as_field(&self) -> &F {
        &self.0
    }
}

impl<F: Field> Scalar<F> {
    /// Decodes exactly `F::BYTES` big-endian bytes; fails with
    /// [`Error::InvalidScalar`] if the value is ≥ n or the length is wrong.
    pub fn from_be_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != F::BYTES {
            return Err(Error::InvalidLength);
        }
        Option::<F>::from(F::from_be_bytes(bytes)).map(Scalar).ok_or(Error::InvalidScalar)
    }
    /// Reduces a big-endian integer of any length mod n. Never fails.
    pub fn from_be_bytes_reduced(bytes: &[u8]) -> Self {
        Scalar(F::from_be_bytes_reduced(bytes))
    }
    /// The canonical big-endian encoding (`F::BYTES` bytes written to `out`).
    pub fn write_be_bytes(&self, out: &mut [u8]) {
        self.0.write_be_bytes(out)
    }
    /// True when the scalar is zero.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero().into()
    }
}

impl<F: Field> SecretScalar<F> {
    /// Wraps a field element as a secret.
    pub fn new(f: F) -> Self {
        SecretScalar(f)
    }
    /// Decodes a private key: exactly `F::BYTES` big-endian bytes with value
    /// in [1, n−1]. Constant time in the value; fails with
    /// [`Error::InvalidLength`] or [`Error::InvalidScalar`] (the only bit
    /// revealed is whether the key is valid).
    pub fn from_be_bytes(bytes: &[u8]) -> Result<Self, Error> {
        if bytes.len() != F::BYTES {
            return Err(Error::InvalidLength);
        }
        let ct = F::from_be_bytes(bytes);
        let ok = ct.is_some() & !ct.unwrap_or(F::ZERO).is_zero();
        let v = ct.unwrap_or(F::ZERO);
        // Validity is visible to the caller (Ok or Err): declassify that bit only.
        if crate::ct::declassify(ok) {
            Ok(SecretScalar(v))
        } else {
            Err(Error::InvalidScalar)
        }
    }
    /// Reduces a big-endian secret integer of any length mod n (zero allowed).
    /// Constant time in the byte values.
    pub fn from_be_bytes_reduced(bytes: &[u8]) -> Self {
        SecretScalar(F::from_be_bytes_reduced(bytes))
    }
    /// Makes the secret public. This is the one explicit place where a secret
    /// scalar is allowed to reach variable-time code; grep for `declassify`.
    pub fn declassify(&self) -> Scalar<F> {
        let mut b = [0u8; 72];
        self.0.write_be_bytes(&mut b[..F::BYTES]);
        crate::ct::declassify_bytes(&b[..F::BYTES]);
        // F is plain limbs: re-reading from the declassified bytes keeps
        // memcheck's view consistent.
        Scalar(F::from_be_bytes_reduced(&b[..F::BYTES]))
    }
    /// The secret as a field element, for constant-time arithmetic inside
    /// the library (ECDSA's s = k⁻¹(z + r·d)).
    pub(crate) fn expose(&self) -> &F {
        &self.0
    }
    /// True when the secret is zero (constant time).
    pub fn is_zero(&self) -> Choice {
        self.0.is_zero()
    }
    /// The inverse mod n, zero for zero. Constant time.
    pub fn invert(&self) -> SecretScalar<F> {
        SecretScalar(self.0.invert().unwrap_or(F::ZERO))
    }
    /// The canonical big-endian encoding (`F::BYTES` bytes written to `out`).
    pub fn write_be_bytes(&self, out: &mut [u8]) {
        self.0.write_be_bytes(out)
    }
    /// Decodes, returning a `CtOption` instead of branching on validity.
    pub fn from_be_bytes_ct(bytes: &[u8]) -> CtOption<Self> {
        let ct = F::from_be_bytes(bytes);
        let v = ct.unwrap_or(F::ZERO);
        CtOption::new(SecretScalar(v), ct.is_some() & !v.is_zero())
    }
}

impl<F: Field> ConstantTimeEq for SecretScalar<F> {
    fn ct_eq(&self, other: &Self) -> Choice {
        self.0.ct_eq(&other.0)
    }
}

impl<F: Field> Clone for SecretScalar<F> {
    fn clone(&self) -> Self {
        SecretScalar(self.0)
    }
}

impl<F: Field> core::fmt::Debug for SecretScalar<F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("SecretScalar(<redacted>)")
    }
}

impl<F: Field> Drop for SecretScalar<F> {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
