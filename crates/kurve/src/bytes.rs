//! A fixed-capacity byte buffer for encoded outputs (no heap).

use zeroize::Zeroize;

/// Bytes of an encoded output (point, scalar, signature, shared secret),
/// stored inline without allocation.
///
/// Capacity is [`ByteBuf::CAPACITY`] bytes, enough for every encoding kurve
/// produces (a DER ECDSA signature on secp521r1 is 139 bytes). The unused tail
/// is always zero. Zeroized on drop, since it may hold a shared secret.
#[derive(Clone)]
pub struct ByteBuf {
    buf: [u8; ByteBuf::CAPACITY],
    len: usize,
}

impl ByteBuf {
    /// Maximum number of bytes held.
    pub const CAPACITY: usize = 256;

    /// An empty buffer.
    pub const fn new() -> Self {
        ByteBuf { buf: [0u8; Self::CAPACITY], len: 0 }
    }

    /// A buffer holding a copy of `data`.
    ///
    /// Fails with [`crate::Error::BufferTooSmall`] if `data` is longer than the capacity.
    pub fn from_slice(data: &[u8]) -> Result<Self, crate::Error> {
        let mut b = Self::new();
        b.extend_from_slice(data)?;
        Ok(b)
    }

    /// Appends `data`; fails with [`crate::Error::BufferTooSmall`] past the capacity.
    pub fn extend_from_slice(&mut self, data: &[u8]) -> Result<(), crate::Error> {
        let end = self.len.checked_add(data.len()).ok_or(crate::Error::BufferTooSmall)?;
        if end > Self::CAPACITY {
            return Err(crate::Error::BufferTooSmall);
        }
        self.buf[self.len..end].copy_from_slice(data);
        self.len = end;
        Ok(())
    }

    /// Appends one byte; fails with [`crate::Error::BufferTooSmall`] past the capacity.
    pub fn push(&mut self, b: u8) -> Result<(), crate::Error> {
        self.extend_from_slice(&[b])
    }

    /// A zero-filled buffer of `len` bytes, to be written through [`ByteBuf::as_mut_slice`].
    pub fn zeroed(len: usize) -> Result<Self, crate::Error> {
        if len > Self::CAPACITY {
            return Err(crate::Error::BufferTooSmall);
        }
        Ok(ByteBuf { buf: [0u8; Self::CAPACITY], len })
    }

    /// Number of bytes held.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no bytes are held.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes held.
    pub fn as_slice(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The bytes held, writable.
    pub fn as_mut_slice(&mut self) -> &mut [u8] {
        &mut self.buf[..self.len]
    }
}

impl Default for ByteBuf {
    fn default() -> Self {
        Self::new()
    }
}

impl AsRef<[u8]> for ByteBuf {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl core::ops::Deref for ByteBuf {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl PartialEq for ByteBuf {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}
impl Eq for ByteBuf {}

impl core::fmt::Debug for ByteBuf {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for b in self.as_slice() {
            write!(f, "{:02x}", b)?;
        }
        Ok(())
    }
}

impl Drop for ByteBuf {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}
