//! Helpers shared by the kurve integration tests (`mod common;` in each
//! test file that needs them). Test code only.

#![allow(dead_code)]

/// SplitMix64 (G. L. Steele, D. Lea, C. H. Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014): a tiny deterministic
/// generator, so every random test case reproduces from its seed. Test
/// inputs only, never keys. Test files add their own input shapes with
/// further `impl Rng` blocks.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 output bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// `len` bytes, one output (its low byte) per byte.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| self.next_u64() as u8).collect()
    }

    /// `N` bytes, one output (its low byte) per byte (the same stream as
    /// [`Rng::bytes`]).
    pub fn array<const N: usize>(&mut self) -> [u8; N] {
        core::array::from_fn(|_| self.next_u64() as u8)
    }

    /// `N` whole 64-bit outputs.
    pub fn limbs<const N: usize>(&mut self) -> [u64; N] {
        core::array::from_fn(|_| self.next_u64())
    }
}

impl rand_core::RngCore for Rng {
    fn next_u32(&mut self) -> u32 {
        Rng::next_u64(self) as u32
    }
    fn next_u64(&mut self) -> u64 {
        Rng::next_u64(self)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        for b in dest.iter_mut() {
            *b = Rng::next_u64(self) as u8;
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

/// Test inputs only: the "cryptographic" marker lets the generator drive
/// APIs that demand a `CryptoRng` (e.g. batch verification) deterministically.
impl rand_core::CryptoRng for Rng {}
