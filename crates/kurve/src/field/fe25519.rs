//! The prime field GF(2^255 − 19), base field of Curve25519 (RFC 7748) and
//! edwards25519 (RFC 8032), with a special reduction.
//!
//! p = 2^255 − 19, so 2^255 ≡ 19 and 2^256 ≡ 38 (mod p). p ≡ 5 (mod 8):
//! −1 is a square (√−1 = 2^((p−1)/4), [`Fe25519::SQRT_M1`]) and 2 is not.
//!
//! # Representations
//!
//! Two representations live underneath, one file each, with the same API
//! (generated once by the `fe25519_common!` macro below from a handful of
//! per-representation primitives):
//!
//! | type | file | limbs | reduction |
//! |------|------|-------|-----------|
//! | [`radix51::Fe51`] | `fe25519/radix51.rs` | five 51-bit limbs in `u64`, products in `u128` (ref10 / donna-64 layout) | carries, top carry × 19 |
//! | [`radix64::Fe64`] | `fe25519/radix64.rs` | four 64-bit limbs, any value < 2^256 | high half × 38 |
//!
//! [`Fe25519`] is the one chosen by measurement: `Fe64` on x86-64, `Fe51`
//! on every other target (see "Current choice" below). The other is kept so
//! tests can compare the two on every operation (`tests/fe25519.rs`).
//!
//! # Measurements (`cargo run --release --example field_bench`)
//!
//! ns per operation, median of 51 batches after 3 warm-up batches. A batch
//! is a dependent chain (`x ← x + y`, `x ← x·y`, `x ← x²`, `x ← x⁻¹ + y`,
//! `x ← √x + y`) of 100 000 adds, 20 000 mul/squares or 50
//! inversions/roots (≈ 0.2 ms, short so that the median filters out
//! preemption on a shared machine), inputs through `std::hint::black_box`.
//! Machine: 2-core virtual Intel Xeon, shared with other builds (load
//! average ≈ 3); three runs agreed to within 1%. The CPU has ADX, BMI2 and
//! AVX-512 IFMA but the table uses none of them: portable Rust for the
//! default `x86_64-unknown-linux-gnu` target (no `target-cpu`, so plain
//! `mul`/`adc`, no `mulx`/`adcx`/`adox`), rustc 1.95, release profile
//! (`codegen-units = 1`, thin LTO).
//!
//! | representation                            |  add |  mul | square | invert |   sqrt |
//! |-------------------------------------------|-----:|-----:|-------:|-------:|-------:|
//! | **`Fe51`** radix 2^51, 5 × u64 (kept)     | 1.76 | 10.5 |   8.42 |  2 288 |  2 352 |
//! | `Fe64` radix 2^64, 4 × u64, ·38           | 4.64 | 12.4 |  11.0  |  2 946 |  2 986 |
//! | `Fp<P, 4>` generic Montgomery (reference) | 5.32 | 19.6 |  19.6  |  6 485 | 12 960 |
//!
//! `Fe51` is fastest on every operation, so it is [`Fe25519`]: squaring
//! (254 of the 265 operations in an inversion) is 23% faster than `Fe64`,
//! multiplication 15%, inversion and square root 22%, and addition 2.6×
//! (51-bit limbs leave headroom, so an addition is five independent adds
//! plus one parallel carry pass, with no carry-flag chain). Its product
//! carry is two-stage (all five columns split at bit 51 at once, then one
//! parallel 64-bit pass); the classic serial carry chain of ref10/donna
//! measured mul 10.6, square 10.6, invert 2 830, sqrt 2 870 on the same
//! machine, i.e. the short chain is worth 20% on squaring.
//!
//! For information only (not what the crate ships): with
//! `RUSTFLAGS="-C target-cpu=native"` (BMI2/ADX enabled, LLVM emits `mulx`
//! but no `adcx`/`adox`) the figures were `Fe51` 6.41 / 11.0 / 9.23 / 2 515 /
//! 2 549 (LLVM vectorises its addition badly) and `Fe64` 4.53 / 11.6 / 10.9 /
//! 2 921 / 2 956: `Fe51` still wins on everything but addition. A dedicated
//! ADX backend would be a separate, assembly-level decision.
//!
//! # Current choice (2026-11, AMD EPYC with ADX and AVX-512 IFMA, 3.6 GHz)
//!
//! On this machine the table above no longer holds. ns per operation, the
//! minimum of three runs (latency: one dependent chain; throughput: four
//! independent chains, per operation):
//!
//! | representation | mul lat | mul thr | sqr lat | sqr thr | add lat |
//! |---|---:|---:|---:|---:|---:|
//! | `Fe51` | 19.9 | 15.2 | 12.1 | 12.7 | 1.9 |
//! | `Fe64`, MULX/ADCX/ADOX ([`crate::arith::backend::x86_64_fe25519`]) | 14.7 | 13.1 | 12.2 | 8.5 | 3.5 |
//! | `Fe64`, portable `u128` code | 14.2 | 12.4 | 15.6 | 9.7 | 3.5 |
//!
//! Radix 2⁶⁴ wins every multiplication and squaring; its addition is
//! slower (a carry chain and two folds against five independent adds), but
//! a curve operation has fewer additions than products. So on x86-64
//! [`Fe25519`] is `Fe64`, with its products in portable Rust and its
//! addition and subtraction in baseline x86-64 assembly
//! ([`crate::arith::backend::x86_64_fe25519::add`], one carry chain and
//! masks instead of the `u128` emulation: 5.2 → 3.5 ns latency). Other
//! targets keep `Fe51`, whose portable code was measured faster on the
//! Intel machine of the first table.
//!
//! The MULX/ADCX/ADOX products of the same module are faster still
//! (edwards25519 `mul` through the registry, dudect medians: `Fe51`
//! 53.4 µs, `Fe64` portable 49.0 µs, `Fe64` MULX 42.8 µs; X25519 40.5 →
//! 37.1 µs in interleaved A/B runs) but are **not dispatched**: with them
//! the dudect check of edwards25519 `mul` (all ten classes, 3 000 samples
//! each) flagged class-dependent timing in 5 of 5 runs (max |t| 18–37),
//! while `Fe51` (2 of 2) and `Fe64` with portable products and the same
//! assembly additions (4 of 4) were clean (max |t| ≤ 3.2). What the
//! two flagged runs of 2026-11-24 show: the raw t of every class is below
//! 1.9; the signal is in the low crops, where (clearest in the first run)
//! the classes whose *accumulator* stays structured (short scalars 0, 1,
//! 2³²−1, 2¹²⁶ with a random point; low-order points with a random scalar)
//! put 41–45 % of their samples in the fastest 10 ns clock step against
//! 33 % for the classes with a random accumulator (random, n−1, low
//! Hamming weight). The MULX routines alone
//! show nothing: 100 000 interleaved samples of 200 dependent or four
//! independent products on 0 or −1 against random operands, |t| ≤ 2.4.
//! A shift of a few samples by one clock step that follows how much the
//! operand bits toggle over a whole operation, and only in the denser
//! instruction stream, looks like a power/frequency effect rather than an
//! instruction latency; it is not understood, so the assembly products stay
//! out until it is. Dispatching one of the two alone (same check): MULX
//! multiplication only, clean in 2 of 2 runs (max |t| ≤ 3.4); MULX squaring
//! only, flagged in 1 of 4 (|t| 5.3 after the 4× re-run, the others ≤ 3.2)
//! at 43.8–44.2 µs — the first candidate once the cause is known.
//!
//! Since 2026-11-27 they **are dispatched where AVX-512 IFMA is not**
//! ([`crate::arith::backend::fe25519_mulx_selected`]). On a machine with
//! IFMA (the Zen 4 above) edwards25519's multiplications and the X25519
//! ladder run on the four IFMA lanes, and `Fe64` keeps the portable
//! products it had when the check above was clean. Without IFMA (AMD EPYC
//! Zen 3, 2026-11-27) the dudect check with the MULX products dispatched,
//! together with the whole-formula routines of
//! [`crate::arith::backend::x86_64_curve25519`], was clean (figures
//! there), and they are worth 12–22 % on every edwards25519 operation.
//! Since 2026-12-02 they are dispatched on Intel CPUs with IFMA as well,
//! where edwards25519's variable-base chains left the lanes
//! ([`crate::arith::backend::ifma_chains_selected`]): on the Intel Xeon with
//! IFMA of that day, three dudect runs of 20 000 samples per class, clean
//! on every row (`mul` max |t| 2.81, 3.27, 2.83 over ten classes;
//! `mul_base` ≤ 2.56, Ed25519 keygen ≤ 3.28, sign ≤ 3.21; X25519 ≤ 2.96).
//!
//! `Fp<P, 4>` inverts with its generic 4-bit-window exponentiation and takes
//! square roots by constant-time Tonelli–Shanks (s = 2); the two special
//! representations use the addition chains below.
//!
//! Inversion moved to the constant-time safegcd of
//! [`crate::arith::safegcd`] on the canonical 4 × 64-bit limbs: 1.65 µs
//! against 2.35 µs for the chain below (later measurement on the same
//! machine, dependent chain, no LTO); the chain stays as `invert_fermat`,
//! the reference the tests compare with. Since 2026-11-28 the divsteps run
//! in packed passes with an x86-64 CMOV loop: 1.53–1.63 µs against
//! 1.76–1.83 for the batches before, interleaved (figures at
//! [`crate::arith::safegcd`]).
//!
//! # Exponentiations
//!
//! All share the prefix a ↦ (a^(2^250 − 1), a^11) (249 squarings, 10
//! multiplications, as in ref10):
//!
//! * inversion a^(p−2) = a^(2^255 − 21) = (a^(2^250−1))^(2^5) · a^11:
//!   254 squarings + 11 multiplications;
//! * a^((p−5)/8) = a^(2^252 − 3) = (a^(2^250−1))^(2^2) · a: used by the
//!   square root (r = a^((p+3)/8) = a · a^((p−5)/8)) and by
//!   [`Fe25519::sqrt_ratio`] (RFC 8032 §5.1.3, RFC 9380 §F.2.1.2).
//!
//! Everything is constant time: no branch and no memory index depends on a
//! field value. Loop counts depend only on public lengths and exponents.

/// p = 2^255 − 19 as little-endian 64-bit limbs.
pub(crate) const MODULUS_LIMBS: [u64; 4] =
    [0xffff_ffff_ffff_ffed, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x7fff_ffff_ffff_ffff];

/// √−1 = 2^((p−1)/4) mod p (the even root), big-endian hex.
pub(crate) const SQRT_M1_HEX: &str =
    "2b8324804fc1df0b2b4d00993dfbd7a72f431806ad2fe478c4ee1b274a0ea0b0";

/// Defines `const fn const_invert(&self) -> Self` in a representation's
/// `impl` block: a⁻¹ (0 for 0) as a^(p−2) by plain square-and-multiply over
/// the bits of p − 2 = 2²⁵⁵ − 21, most significant first, with the given
/// const squaring and multiplication. Only for const evaluation of the
/// fixed-base tables (slower than the addition chain of `invert_or_zero`;
/// the exponent is public, so it is constant time anyway). The attributes
/// given come first (the `dead_code` allowance of the unused
/// representation).
macro_rules! fe25519_const_invert {
    ($(#[$attr:meta])* $square:ident, $mul:ident) => {
        /// Compile-time a⁻¹ (0 for 0): a^(p−2) by square-and-multiply (see
        /// `fe25519_const_invert!`). Constant time (public exponent); never
        /// fails.
        $(#[$attr])*
        pub(crate) const fn const_invert(&self) -> Self {
            // p − 2 as little-endian 64-bit words.
            const E: [u64; 4] = [
                0xffff_ffff_ffff_ffeb,
                0xffff_ffff_ffff_ffff,
                0xffff_ffff_ffff_ffff,
                0x7fff_ffff_ffff_ffff,
            ];
            let mut r = Self::ONE_IMPL;
            let mut i = 255;
            while i > 0 {
                i -= 1;
                r = r.$square();
                if (E[i / 64] >> (i % 64)) & 1 == 1 {
                    r = r.$mul(self);
                }
            }
            r
        }
    };
}

/// Generates the API shared by every representation of GF(2^255 − 19).
///
/// The representation type `$T` must provide, as inherent items:
/// `ZERO_IMPL`, `ONE_IMPL` (consts), `const fn from_le_bytes_masked_impl`,
/// `fn to_le_bytes_impl` (canonical), `fn add_impl`, `fn sub_impl`,
/// `fn neg_impl`, `fn mul_impl`, `fn square_impl`, `fn mul_small_impl` and
/// `fn select_impl`. Everything else — inversion, square roots, decoding,
/// the `Field` impl, operators — is written once here.
macro_rules! fe25519_common {
    ($T:ident) => {
        impl $T {
            /// 0.
            pub const ZERO: Self = Self::ZERO_IMPL;
            /// 1.
            pub const ONE: Self = Self::ONE_IMPL;
            /// √−1 = 2^((p−1)/4) mod p, the even square root of −1
            /// (RFC 8032 §5.1.3 "sqrt(−1)").
            pub const SQRT_M1: Self = Self::from_hex($crate::field::fe25519::SQRT_M1_HEX);

            /// The element written as big-endian hex without prefix (for
            /// compile-time constants; the value must be < p, checked at
            /// compile time).
            pub const fn from_hex(s: &str) -> Self {
                let v = $crate::arith::from_hex::<4>(s);
                assert!(
                    $crate::arith::lt_mask(&v, &$crate::field::fe25519::MODULUS_LIMBS) != 0,
                    "constant not below 2^255 - 19"
                );
                let mut b = [0u8; 32];
                let mut i = 0;
                while i < 32 {
                    b[i] = (v[i / 8] >> (8 * (i % 8))) as u8;
                    i += 1;
                }
                Self::from_le_bytes_masked_impl(&b)
            }

            /// Decodes a canonical little-endian encoding (RFC 7748 §5 and
            /// RFC 8032 §5.1.3 encode field elements this way): `None` if
            /// bit 255 is set or the value is ≥ p. Constant time in the bytes.
            pub fn from_le_bytes(bytes: &[u8; 32]) -> subtle::CtOption<Self> {
                use subtle::ConstantTimeEq;
                let v = Self::from_le_bytes_masked_impl(bytes);
                // The canonical re-encoding equals the input iff the input
                // is < p with bit 255 clear.
                let ok = v.to_le_bytes_impl()[..].ct_eq(&bytes[..]);
                subtle::CtOption::new(v, ok)
            }

            /// Decodes little-endian bytes the way RFC 7748 §5 decodes a
            /// u-coordinate: bit 255 is ignored and values in [p, 2^255) are
            /// reduced. Never fails; constant time. Lax on purpose (X25519
            /// must accept these inputs); use [`Self::from_le_bytes`] where
            /// canonical encodings are required.
            #[inline]
            pub const fn from_le_bytes_masked(bytes: &[u8; 32]) -> Self {
                Self::from_le_bytes_masked_impl(bytes)
            }

            /// The canonical little-endian encoding (value < p, bit 255 clear).
            /// Constant time.
            #[inline]
            pub fn to_le_bytes(&self) -> [u8; 32] {
                self.to_le_bytes_impl()
            }

            /// self · c for a small constant c (e.g. 121666 = (A + 2)/4 of
            /// Curve25519, RFC 7748 §5). Constant time in self and c; cheaper
            /// than a full multiplication.
            #[inline]
            pub fn mul_small(&self, c: u32) -> Self {
                self.mul_small_impl(c)
            }

            /// self^(2^k): k successive squarings (k = 0 returns self).
            /// Constant time in self; k is public.
            #[inline]
            pub fn pow2k(&self, k: u32) -> Self {
                let mut r = *self;
                let mut i = 0;
                while i < k {
                    r = r.square_impl();
                    i += 1;
                }
                r
            }

            /// Returns (a^(2^250 − 1), a^11): the common prefix of the
            /// inversion and square-root chains (ref10 `fe_pow22523` /
            /// `fe_invert`). 249 squarings, 10 multiplications.
            fn pow22501(&self) -> (Self, Self) {
                // Exponents in the comments.
                let t0 = self.square_impl(); //            2
                let t1 = t0.pow2k(2); //                   8
                let t2 = self.mul_impl(&t1); //            9
                let t3 = t0.mul_impl(&t2); //              11
                let t4 = t3.square_impl(); //              22
                let t5 = t2.mul_impl(&t4); //              31 = 2^5 − 1
                let t6 = t5.pow2k(5); //                   2^10 − 2^5
                let t7 = t6.mul_impl(&t5); //              2^10 − 1
                let t8 = t7.pow2k(10); //                  2^20 − 2^10
                let t9 = t8.mul_impl(&t7); //              2^20 − 1
                let t10 = t9.pow2k(20); //                 2^40 − 2^20
                let t11 = t10.mul_impl(&t9); //            2^40 − 1
                let t12 = t11.pow2k(10); //                2^50 − 2^10
                let t13 = t12.mul_impl(&t7); //            2^50 − 1
                let t14 = t13.pow2k(50); //                2^100 − 2^50
                let t15 = t14.mul_impl(&t13); //           2^100 − 1
                let t16 = t15.pow2k(100); //               2^200 − 2^100
                let t17 = t16.mul_impl(&t15); //           2^200 − 1
                let t18 = t17.pow2k(50); //                2^250 − 2^50
                let t19 = t18.mul_impl(&t13); //           2^250 − 1
                (t19, t3)
            }

            /// self^(p−2) by the ref10 addition chain: self⁻¹ for nonzero
            /// self, and 0 for 0. Constant time; 254 squarings + 11
            /// multiplications. The reference for [`Self::invert_or_zero`]
            /// (tests compare the two).
            pub fn invert_fermat(&self) -> Self {
                let (t19, t3) = self.pow22501();
                // (2^250 − 1)·2^5 + 11 = 2^255 − 21 = p − 2.
                t19.pow2k(5).mul_impl(&t3)
            }

            /// self⁻¹ for nonzero self, and 0 for 0 (the convention of
            /// RFC 7748 §5), by constant-time safegcd
            /// ([`crate::arith::safegcd`], Bernstein–Yang divsteps) on the
            /// canonical 4 × 64-bit limbs. Constant time: canonical encoding,
            /// a divstep schedule fixed by the 255-bit modulus, and decoding
            /// are branch- and index-free; the limb copies are zeroized.
            pub fn invert_or_zero(&self) -> Self {
                use zeroize::Zeroize;
                let mut bytes = self.to_le_bytes_impl();
                let mut x = [0u64; 4];
                for (limb, chunk) in x.iter_mut().zip(bytes.chunks_exact(8)) {
                    let mut w = [0u8; 8];
                    w.copy_from_slice(chunk);
                    *limb = u64::from_le_bytes(w);
                }
                // `None` only for more than MAX_LIMBS (9) limbs: not reachable.
                let mut y =
                    $crate::arith::safegcd::invert(&x, &$crate::field::fe25519::MODULUS_LIMBS)
                        .unwrap_or([0u64; 4]);
                for (chunk, limb) in bytes.chunks_exact_mut(8).zip(y.iter()) {
                    chunk.copy_from_slice(&limb.to_le_bytes());
                }
                // y < p, so bit 255 is clear and the masked decoder is exact.
                let r = Self::from_le_bytes_masked_impl(&bytes);
                bytes.zeroize();
                x.zeroize();
                y.zeroize();
                r
            }

            /// self^((p−5)/8) = self^(2^252 − 3), the exponentiation inside
            /// the square roots. Constant time; 251 squarings + 11
            /// multiplications.
            pub fn pow_p58(&self) -> Self {
                let (t19, _) = self.pow22501();
                // (2^250 − 1)·2^2 + 1 = 2^252 − 3.
                t19.pow2k(2).mul_impl(self)
            }

            /// Square root of a ratio, as needed by point decompression
            /// (RFC 8032 §5.1.3 steps 2–3; RFC 9380 `sqrt_ratio` for
            /// q ≡ 5 mod 8, with √−1 as the non-square factor). Returns
            /// `(was_square, r)`:
            ///
            /// * u/v a nonzero square: `(1, √(u/v))`;
            /// * u = 0: `(1, 0)`;
            /// * v = 0, u ≠ 0: `(0, 0)`;
            /// * u/v a non-square: `(0, √(√−1 · u/v))`.
            ///
            /// r is always the non-negative (even) root; callers fix the sign.
            /// Constant time in u and v. Cost: one a^((p−5)/8) plus 8M + 3S.
            pub fn sqrt_ratio(u: &Self, v: &Self) -> (subtle::Choice, Self) {
                use $crate::field::Field;
                use subtle::{ConditionallySelectable, ConstantTimeEq};
                // Procedure (RFC 8032 §5.1.3):
                //   v3 ← v²·v;  v7 ← v3²·v
                //   r ← (u·v3)·(u·v7)^((p−5)/8)     so v·r² = u·χ, χ⁴ = 1,
                //                                   χ = ±1 iff u/v is a square
                //   check ← v·r²
                //   correct ← check = u;  flipped ← check = −u;
                //   flipped_i ← check = −u·√−1
                //   if flipped or flipped_i: r ← r·√−1
                //   if r is odd: r ← −r
                //   return (correct or flipped, r)
                let v3 = v.square_impl().mul_impl(v);
                let v7 = v3.square_impl().mul_impl(v);
                let mut r = u.mul_impl(&v3).mul_impl(&u.mul_impl(&v7).pow_p58());
                let check = v.mul_impl(&r.square_impl());
                let neg_u = u.neg_impl();
                let correct = check.ct_eq(u);
                let flipped = check.ct_eq(&neg_u);
                let flipped_i = check.ct_eq(&neg_u.mul_impl(&Self::SQRT_M1));
                let r_prime = r.mul_impl(&Self::SQRT_M1);
                r.conditional_assign(&r_prime, flipped | flipped_i);
                let r_neg = r.neg_impl();
                r.conditional_assign(&r_neg, r.is_odd());
                (correct | flipped, r)
            }

            /// 1/√self: `(1, 1/√self)` for a nonzero square, `(0, 0)` for
            /// zero, `(0, √(√−1/self))` for a non-square; the root is the
            /// non-negative (even) one. Exactly `sqrt_ratio(1, self)`.
            /// Constant time.
            pub fn invsqrt(&self) -> (subtle::Choice, Self) {
                Self::sqrt_ratio(&Self::ONE_IMPL, self)
            }

            /// Big-endian 32-byte chunk (length ≤ 32) as a field element,
            /// reducing its bit 255 (2^255 ≡ 19).
            fn from_be_chunk(chunk: &[u8]) -> Self {
                debug_assert!(chunk.len() <= 32);
                let mut le = [0u8; 32];
                for (dst, src) in le.iter_mut().zip(chunk.iter().rev()) {
                    *dst = *src;
                }
                let top = (le[31] >> 7) as u32;
                le[31] &= 0x7f;
                Self::from_le_bytes_masked_impl(&le).add_impl(&Self::ONE_IMPL.mul_small_impl(19 * top))
            }
        }

        impl $crate::field::Field for $T {
            const ZERO: Self = Self::ZERO_IMPL;
            const ONE: Self = Self::ONE_IMPL;
            const BYTES: usize = 32;
            const BITS: u32 = 255;

            #[inline(always)]
            fn swap_masked(a: &mut Self, b: &mut Self, mask: u64) {
                for (x, y) in a.0.iter_mut().zip(b.0.iter_mut()) {
                    let t = mask & (*x ^ *y);
                    *x ^= t;
                    *y ^= t;
                }
            }

            #[inline(always)]
            fn limbs(&self) -> &[u64] {
                &self.0
            }

            #[inline(always)]
            fn limbs_mut(&mut self) -> &mut [u64] {
                &mut self.0
            }

            #[inline(always)]
            fn or_masked(&mut self, other: &Self, mask: u64) {
                for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
                    *a |= mask & *b;
                }
            }

            #[inline(always)]
            fn double(&self) -> Self {
                self.add_impl(self)
            }

            #[inline(always)]
            fn square(&self) -> Self {
                self.square_impl()
            }

            fn invert(&self) -> subtle::CtOption<Self> {
                subtle::CtOption::new(self.invert_or_zero(), !self.is_zero())
            }

            fn sqrt(&self) -> subtle::CtOption<Self> {
                use subtle::{ConditionallySelectable, ConstantTimeEq};
                // Procedure (p ≡ 5 mod 8, Atkin/ref10):
                //   r ← a^((p+3)/8) = a·a^((p−5)/8)    so r² = ±a if a is a square
                //   if r² = −a: r ← r·√−1
                //   r is a root iff r² = a
                let mut r = self.mul_impl(&self.pow_p58());
                let r_i = r.mul_impl(&Self::SQRT_M1);
                r.conditional_assign(&r_i, r.square_impl().ct_eq(&self.neg_impl()));
                subtle::CtOption::new(r, r.square_impl().ct_eq(self))
            }

            fn is_square(&self) -> subtle::Choice {
                self.sqrt().is_some()
            }

            #[inline]
            fn is_zero(&self) -> subtle::Choice {
                use subtle::ConstantTimeEq;
                self.to_le_bytes_impl()[..].ct_eq(&[0u8; 32][..])
            }

            #[inline]
            fn is_odd(&self) -> subtle::Choice {
                subtle::Choice::from(self.to_le_bytes_impl()[0] & 1)
            }

            fn from_u64(v: u64) -> Self {
                let mut b = [0u8; 32];
                b[..8].copy_from_slice(&v.to_le_bytes());
                Self::from_le_bytes_masked_impl(&b)
            }

            fn from_be_bytes(bytes: &[u8]) -> subtle::CtOption<Self> {
                // The length is public.
                if bytes.len() != 32 {
                    return subtle::CtOption::new(Self::ZERO_IMPL, subtle::Choice::from(0));
                }
                let mut le = [0u8; 32];
                for (dst, src) in le.iter_mut().zip(bytes.iter().rev()) {
                    *dst = *src;
                }
                Self::from_le_bytes(&le)
            }

            fn from_be_bytes_reduced(bytes: &[u8]) -> Self {
                // Horner in base 2^256 ≡ 38 over 32-byte chunks, most
                // significant (possibly short) chunk first:
                //   acc ← 38·acc + chunk.
                let first = match bytes.len() % 32 {
                    0 => 32.min(bytes.len()),
                    r => r,
                };
                let mut acc = Self::from_be_chunk(&bytes[..first]);
                let mut pos = first;
                while pos < bytes.len() {
                    let c = Self::from_be_chunk(&bytes[pos..pos + 32]);
                    acc = acc.mul_small_impl(38).add_impl(&c);
                    pos += 32;
                }
                acc
            }

            fn write_modulus_be_bytes(out: &mut [u8]) {
                assert!(out.len() >= 32, "output shorter than 32 bytes");
                let start = out.len() - 32;
                for b in out[..start].iter_mut() {
                    *b = 0;
                }
                for (i, o) in out[start..].iter_mut().rev().enumerate() {
                    *o = ($crate::field::fe25519::MODULUS_LIMBS[i / 8] >> (8 * (i % 8))) as u8;
                }
            }

            fn write_be_bytes(&self, out: &mut [u8]) {
                assert!(out.len() >= 32, "output shorter than 32 bytes");
                let start = out.len() - 32;
                for b in out[..start].iter_mut() {
                    *b = 0;
                }
                let le = self.to_le_bytes_impl();
                for (o, b) in out[start..].iter_mut().zip(le.iter().rev()) {
                    *o = *b;
                }
            }
        }

        impl subtle::ConditionallySelectable for $T {
            #[inline(always)]
            fn conditional_select(a: &Self, b: &Self, choice: subtle::Choice) -> Self {
                let mask = (choice.unwrap_u8() as u64).wrapping_neg();
                Self::select_impl(a, b, core::hint::black_box(mask))
            }
        }

        impl subtle::ConstantTimeEq for $T {
            /// Compares values (canonical encodings), not representations.
            #[inline]
            fn ct_eq(&self, other: &Self) -> subtle::Choice {
                self.to_le_bytes_impl()[..].ct_eq(&other.to_le_bytes_impl()[..])
            }
        }

        impl PartialEq for $T {
            fn eq(&self, other: &Self) -> bool {
                use subtle::ConstantTimeEq;
                self.ct_eq(other).into()
            }
        }
        impl Eq for $T {}

        impl Default for $T {
            fn default() -> Self {
                Self::ZERO_IMPL
            }
        }

        impl zeroize::DefaultIsZeroes for $T {}

        impl core::fmt::Debug for $T {
            /// `Name(0x…)`: the canonical value, big-endian hex.
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($T), "(0x"))?;
                for b in self.to_le_bytes_impl().iter().rev() {
                    write!(f, "{:02x}", b)?;
                }
                write!(f, ")")
            }
        }

        impl core::ops::Add for $T {
            type Output = Self;
            #[inline(always)]
            fn add(self, rhs: Self) -> Self {
                self.add_impl(&rhs)
            }
        }
        impl core::ops::Sub for $T {
            type Output = Self;
            #[inline(always)]
            fn sub(self, rhs: Self) -> Self {
                self.sub_impl(&rhs)
            }
        }
        impl core::ops::Mul for $T {
            type Output = Self;
            #[inline(always)]
            fn mul(self, rhs: Self) -> Self {
                self.mul_impl(&rhs)
            }
        }
        impl core::ops::Neg for $T {
            type Output = Self;
            #[inline(always)]
            fn neg(self) -> Self {
                self.neg_impl()
            }
        }
        /// Makes `subtle::ConditionallyNegatable` available.
        impl core::ops::Neg for &$T {
            type Output = $T;
            #[inline(always)]
            fn neg(self) -> $T {
                self.neg_impl()
            }
        }
        impl core::ops::AddAssign for $T {
            #[inline(always)]
            fn add_assign(&mut self, rhs: Self) {
                *self = self.add_impl(&rhs);
            }
        }
        impl core::ops::SubAssign for $T {
            #[inline(always)]
            fn sub_assign(&mut self, rhs: Self) {
                *self = self.sub_impl(&rhs);
            }
        }
        impl core::ops::MulAssign for $T {
            #[inline(always)]
            fn mul_assign(&mut self, rhs: Self) {
                *self = self.mul_impl(&rhs);
            }
        }
    };
}

pub mod radix51;
pub mod radix64;

/// GF(2^255 − 19), the representation chosen by measurement (see the module
/// doc): [`radix64::Fe64`] on x86-64 (MULX/ADX assembly when the CPU has it,
/// chosen at run time per multiplication), [`radix51::Fe51`] elsewhere.
#[cfg(target_arch = "x86_64")]
pub type Fe25519 = radix64::Fe64;
/// GF(2^255 − 19), the representation chosen by measurement (see the module
/// doc): [`radix64::Fe64`] on x86-64 (MULX/ADX assembly when the CPU has it,
/// chosen at run time per multiplication), [`radix51::Fe51`] elsewhere.
#[cfg(not(target_arch = "x86_64"))]
pub type Fe25519 = radix51::Fe51;
