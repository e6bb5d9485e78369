//! Prime fields.
//!
//! [`Field`] is what the group formulas need from a base field; [`Fp`] is
//! the generic constant-time Montgomery implementation for any odd prime up
//! to 576 bits, configured by a [`FieldParams`] type that gives only the
//! modulus and two facts about it (2-adicity and a non-residue). Everything
//! else — R, R², −p⁻¹, the exponents for inversion and square roots — is
//! computed at compile time.

pub mod fe25519;
pub mod fe448;
mod fp;

pub use fp::{Fp, FieldParams};

use core::fmt::Debug;
use core::ops::{Add, Mul, Neg, Sub};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq, CtOption};

/// Arithmetic in a prime field F_p, constant time throughout.
///
/// Implementations keep elements fully reduced, so equality of
/// representations is equality of values.
pub trait Field:
    Copy
    + Clone
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + ConditionallySelectable
    + ConstantTimeEq
    + PartialEq
    + Eq
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
    + zeroize::Zeroize
{
    /// 0.
    const ZERO: Self;
    /// 1.
    const ONE: Self;
    /// Bytes in the canonical big-endian encoding: ceil(log2(p)/8).
    const BYTES: usize;
    /// Bits in p.
    const BITS: u32;

    /// 2·self.
    fn double(&self) -> Self;
    /// self².
    fn square(&self) -> Self;
    /// self⁻¹, or `None` (as a `CtOption`) for zero. Constant time.
    fn invert(&self) -> CtOption<Self>;
    /// A square root of self, or `None` if self is a non-residue. Which root
    /// is returned is unspecified (callers fix the sign). Constant time.
    fn sqrt(&self) -> CtOption<Self>;
    /// True when self is a square in F_p (zero included). Constant time.
    fn is_square(&self) -> Choice;
    /// True when self is zero.
    fn is_zero(&self) -> Choice;
    /// True when the canonical integer representative of self is odd.
    fn is_odd(&self) -> Choice;
    /// The element with value `v mod p`.
    fn from_u64(v: u64) -> Self;
    /// Decodes exactly [`Field::BYTES`] big-endian bytes; `None` if the value
    /// is ≥ p or the length is wrong. Constant time in the byte values.
    fn from_be_bytes(bytes: &[u8]) -> CtOption<Self>;
    /// Reduces a big-endian integer of any length modulo p. Constant time in
    /// the byte values (its length is public).
    fn from_be_bytes_reduced(bytes: &[u8]) -> Self;
    /// Writes the modulus p big-endian into `out` (right-aligned; extra
    /// leading bytes zeroed).
    fn write_modulus_be_bytes(out: &mut [u8]);
    /// Writes the canonical big-endian encoding into `out[..BYTES]`
    /// (`out.len()` must be ≥ BYTES; extra leading bytes are zeroed).
    fn write_be_bytes(&self, out: &mut [u8]);
}
