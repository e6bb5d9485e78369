//! The hash functions ECDSA is used with (FIPS 186-5 §6.4; FIPS 180-4 SHA-1
//! and SHA-2; FIPS 202 SHA-3 and SHAKE).
//!
//! The implementations are RustCrypto's `sha1`, `sha2` and `sha3` crates. They
//! run in time independent of the message contents (only its length matters);
//! messages and digests are treated as public here.

use crate::ByteBuf;
use digest::{Digest, ExtendableOutput, Update, XofReader};

/// A hash function usable with ECDSA, identified by its standard name.
///
/// [`HashAlg::Sha1`] is included **only** so that legacy test vectors (FIPS
/// 186-2 CAVP files, Wycheproof's SHA-1 sets, RFC 6979's SHA-1 examples) can
/// be checked: SHA-1 is not collision resistant and FIPS 186-5 no longer
/// approves it for generating signatures. Do not use it to sign.
///
/// The SHAKE variants are used as fixed-length hashes with the output lengths
/// of FIPS 186-5 §6.4 (see [`HashAlg::output_len`]); they have no HMAC, so
/// RFC 6979 nonces are not available with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HashAlg {
    /// SHA-1 (FIPS 180-4), 20-byte output. Legacy verification only.
    Sha1,
    /// SHA-224 (FIPS 180-4), 28-byte output.
    Sha224,
    /// SHA-256 (FIPS 180-4), 32-byte output.
    Sha256,
    /// SHA-384 (FIPS 180-4), 48-byte output.
    Sha384,
    /// SHA-512 (FIPS 180-4), 64-byte output.
    Sha512,
    /// SHA-512/224 (FIPS 180-4 §5.3.6), 28-byte output.
    Sha512_224,
    /// SHA-512/256 (FIPS 180-4 §5.3.6), 32-byte output.
    Sha512_256,
    /// SHA3-224 (FIPS 202), 28-byte output.
    Sha3_224,
    /// SHA3-256 (FIPS 202), 32-byte output.
    Sha3_256,
    /// SHA3-384 (FIPS 202), 48-byte output.
    Sha3_384,
    /// SHA3-512 (FIPS 202), 64-byte output.
    Sha3_512,
    /// SHAKE128 (FIPS 202) with a 256-bit (32-byte) output (FIPS 186-5 §6.4).
    Shake128,
    /// SHAKE256 (FIPS 202) with a 512-bit (64-byte) output (FIPS 186-5 §6.4).
    Shake256,
}

impl HashAlg {
    /// Every supported hash function, in declaration order.
    pub const ALL: [HashAlg; 13] = [
        HashAlg::Sha1,
        HashAlg::Sha224,
        HashAlg::Sha256,
        HashAlg::Sha384,
        HashAlg::Sha512,
        HashAlg::Sha512_224,
        HashAlg::Sha512_256,
        HashAlg::Sha3_224,
        HashAlg::Sha3_256,
        HashAlg::Sha3_384,
        HashAlg::Sha3_512,
        HashAlg::Shake128,
        HashAlg::Shake256,
    ];

    /// Largest value [`HashAlg::output_len`] returns (64 bytes).
    pub const MAX_OUTPUT_LEN: usize = 64;

    /// The digest length in bytes (FIPS 180-4, FIPS 202).
    ///
    /// For the XOFs this is the length FIPS 186-5 §6.4 fixes for ECDSA:
    /// SHAKE128 → 32 bytes (256 bits), SHAKE256 → 64 bytes (512 bits). These
    /// are also the lengths Wycheproof's `ecdsa_*_shake128*` and
    /// `ecdsa_*_shake256*` test sets use. Constant time; never fails.
    pub const fn output_len(self) -> usize {
        match self {
            HashAlg::Sha1 => 20,
            HashAlg::Sha224 | HashAlg::Sha512_224 | HashAlg::Sha3_224 => 28,
            HashAlg::Sha256 | HashAlg::Sha512_256 | HashAlg::Sha3_256 | HashAlg::Shake128 => 32,
            HashAlg::Sha384 | HashAlg::Sha3_384 => 48,
            HashAlg::Sha512 | HashAlg::Sha3_512 | HashAlg::Shake256 => 64,
        }
    }

    /// Hashes `msg` and returns the [`HashAlg::output_len`]-byte digest
    /// (FIPS 180-4 / FIPS 202; SHAKE output lengths per FIPS 186-5 §6.4).
    ///
    /// Running time depends only on `msg.len()`. Never fails, never panics,
    /// never allocates.
    pub fn digest(self, msg: &[u8]) -> ByteBuf {
        fn fixed<D: Digest>(msg: &[u8]) -> ByteBuf {
            ByteBuf::from_slice(D::digest(msg).as_slice()).unwrap_or_default()
        }
        fn xof<X: Default + Update + ExtendableOutput>(msg: &[u8], len: usize) -> ByteBuf {
            let mut out = [0u8; HashAlg::MAX_OUTPUT_LEN];
            let mut h = X::default();
            h.update(msg);
            let mut reader = h.finalize_xof();
            let out = out.get_mut(..len).unwrap_or_default();
            reader.read(out);
            ByteBuf::from_slice(out).unwrap_or_default()
        }
        match self {
            HashAlg::Sha1 => fixed::<sha1::Sha1>(msg),
            HashAlg::Sha224 => fixed::<sha2::Sha224>(msg),
            HashAlg::Sha256 => fixed::<sha2::Sha256>(msg),
            HashAlg::Sha384 => fixed::<sha2::Sha384>(msg),
            HashAlg::Sha512 => fixed::<sha2::Sha512>(msg),
            HashAlg::Sha512_224 => fixed::<sha2::Sha512_224>(msg),
            HashAlg::Sha512_256 => fixed::<sha2::Sha512_256>(msg),
            HashAlg::Sha3_224 => fixed::<sha3::Sha3_224>(msg),
            HashAlg::Sha3_256 => fixed::<sha3::Sha3_256>(msg),
            HashAlg::Sha3_384 => fixed::<sha3::Sha3_384>(msg),
            HashAlg::Sha3_512 => fixed::<sha3::Sha3_512>(msg),
            HashAlg::Shake128 => xof::<sha3::Shake128>(msg, self.output_len()),
            HashAlg::Shake256 => xof::<sha3::Shake256>(msg, self.output_len()),
        }
    }

    /// The standard name, spelled as Wycheproof spells it: "SHA-1",
    /// "SHA-224", "SHA-256", "SHA-384", "SHA-512", "SHA-512/224",
    /// "SHA-512/256", "SHA3-224", "SHA3-256", "SHA3-384", "SHA3-512",
    /// "SHAKE128", "SHAKE256". [`HashAlg::from_name`] maps it back.
    pub const fn name(self) -> &'static str {
        match self {
            HashAlg::Sha1 => "SHA-1",
            HashAlg::Sha224 => "SHA-224",
            HashAlg::Sha256 => "SHA-256",
            HashAlg::Sha384 => "SHA-384",
            HashAlg::Sha512 => "SHA-512",
            HashAlg::Sha512_224 => "SHA-512/224",
            HashAlg::Sha512_256 => "SHA-512/256",
            HashAlg::Sha3_224 => "SHA3-224",
            HashAlg::Sha3_256 => "SHA3-256",
            HashAlg::Sha3_384 => "SHA3-384",
            HashAlg::Sha3_512 => "SHA3-512",
            HashAlg::Shake128 => "SHAKE128",
            HashAlg::Shake256 => "SHAKE256",
        }
    }

    /// Looks a hash function up by name, returning `None` for unknown names.
    ///
    /// Accepts the [`HashAlg::name`] spellings and common variants: ASCII case
    /// is ignored, and at each boundary between the name's parts ("SHA", the
    /// family digit, the size, the truncated size) at most one separator out
    /// of `-`, `_`, `/` and space may stand, or none. So "SHA-256", "SHA256",
    /// "sha256", "sha_256", "SHA-512/224", "SHA-512-224", "SHA512/256",
    /// "sha3_256", "SHAKE-128" all resolve, as do the ACVP spellings with a
    /// family digit ("SHA2-256", "SHA2-512/224", "SHA-2-384") and the SHAKEs
    /// with their output length ("SHAKE128/256", "SHAKE256/512"). Leading,
    /// trailing or doubled separators, and anything else, give `None`.
    /// Not constant time (names are public). Never panics, never allocates.
    pub fn from_name(name: &str) -> Option<HashAlg> {
        /// Accepted spellings: `.` marks a place where one separator may
        /// stand; letters match either case.
        const PATTERNS: [(&str, HashAlg); 21] = [
            ("SHA.1", HashAlg::Sha1),
            ("SHA.224", HashAlg::Sha224),
            ("SHA.2.224", HashAlg::Sha224),
            ("SHA.256", HashAlg::Sha256),
            ("SHA.2.256", HashAlg::Sha256),
            ("SHA.384", HashAlg::Sha384),
            ("SHA.2.384", HashAlg::Sha384),
            ("SHA.512", HashAlg::Sha512),
            ("SHA.2.512", HashAlg::Sha512),
            ("SHA.512.224", HashAlg::Sha512_224),
            ("SHA.2.512.224", HashAlg::Sha512_224),
            ("SHA.512.256", HashAlg::Sha512_256),
            ("SHA.2.512.256", HashAlg::Sha512_256),
            ("SHA.3.224", HashAlg::Sha3_224),
            ("SHA.3.256", HashAlg::Sha3_256),
            ("SHA.3.384", HashAlg::Sha3_384),
            ("SHA.3.512", HashAlg::Sha3_512),
            ("SHAKE.128", HashAlg::Shake128),
            ("SHAKE.256", HashAlg::Shake256),
            // SHAKE with the fixed output length spelled out ("SHAKE128/256").
            ("SHAKE.128.256", HashAlg::Shake128),
            ("SHAKE.256.512", HashAlg::Shake256),
        ];
        fn matches(name: &[u8], pattern: &[u8]) -> bool {
            let mut i = 0usize;
            for &p in pattern {
                if p == b'.' {
                    if matches!(name.get(i), Some(b'-' | b'_' | b'/' | b' ')) {
                        i += 1;
                    }
                } else {
                    match name.get(i) {
                        Some(c) if c.eq_ignore_ascii_case(&p) => i += 1,
                        _ => return false,
                    }
                }
            }
            i == name.len()
        }
        PATTERNS
            .iter()
            .find_map(|&(pattern, alg)| matches(name.as_bytes(), pattern.as_bytes()).then_some(alg))
    }

    /// True if HMAC (RFC 2104 / FIPS 198-1) is defined over this hash, which
    /// RFC 6979 nonce generation needs: true for SHA-1, SHA-2 and SHA-3,
    /// false for the SHAKE XOFs. Constant time; never fails.
    pub const fn supports_hmac(self) -> bool {
        !matches!(self, HashAlg::Shake128 | HashAlg::Shake256)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex_eq(got: &[u8], want: &str) {
        let w = want.as_bytes();
        assert_eq!(got.len() * 2, w.len(), "length");
        let nib = |c: u8| match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => panic!("bad hex"),
        };
        for (i, pair) in w.chunks(2).enumerate() {
            assert_eq!(got[i], (nib(pair[0]) << 4) | nib(pair[1]), "byte {i}");
        }
    }

    // FIPS 180-4 / FIPS 202 "abc" examples (NIST CSRC example values).
    #[test]
    fn abc_digests() {
        let cases: [(HashAlg, &str); 13] = [
            (HashAlg::Sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
            (HashAlg::Sha224, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
            (HashAlg::Sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (HashAlg::Sha384, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
            (HashAlg::Sha512, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
            (HashAlg::Sha512_224, "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa"),
            (HashAlg::Sha512_256, "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"),
            (HashAlg::Sha3_224, "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf"),
            (HashAlg::Sha3_256, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"),
            (HashAlg::Sha3_384, "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b298d88cea927ac7f539f1edf228376d25"),
            (HashAlg::Sha3_512, "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"),
            (HashAlg::Shake128, "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8"),
            (HashAlg::Shake256, "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4"),
        ];
        for (alg, want) in cases {
            let d = alg.digest(b"abc");
            assert_eq!(d.len(), alg.output_len(), "{}", alg.name());
            hex_eq(d.as_slice(), want);
        }
    }

    #[test]
    fn empty_message() {
        hex_eq(
            HashAlg::Sha256.digest(b"").as_slice(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        );
        hex_eq(
            HashAlg::Shake128.digest(b"").as_slice(),
            "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
        );
    }

    #[test]
    fn output_lengths() {
        for alg in HashAlg::ALL {
            assert!(alg.output_len() <= HashAlg::MAX_OUTPUT_LEN);
            assert_eq!(alg.digest(b"x").len(), alg.output_len());
        }
        assert_eq!(HashAlg::Shake128.output_len(), 32);
        assert_eq!(HashAlg::Shake256.output_len(), 64);
    }

    #[test]
    fn names_round_trip() {
        for alg in HashAlg::ALL {
            assert_eq!(HashAlg::from_name(alg.name()), Some(alg));
        }
        let names = [
            "SHA-1",
            "SHA-224",
            "SHA-256",
            "SHA-384",
            "SHA-512",
            "SHA-512/224",
            "SHA-512/256",
            "SHA3-224",
            "SHA3-256",
            "SHA3-384",
            "SHA3-512",
            "SHAKE128",
            "SHAKE256",
        ];
        for (alg, name) in HashAlg::ALL.iter().zip(names) {
            assert_eq!(alg.name(), name);
        }
    }

    #[test]
    fn name_variants() {
        let cases: [(&str, HashAlg); 24] = [
            ("SHAKE128/256", HashAlg::Shake128),
            ("shake-256-512", HashAlg::Shake256),
            ("SHA256", HashAlg::Sha256),
            ("sha256", HashAlg::Sha256),
            ("sha-256", HashAlg::Sha256),
            ("SHA_256", HashAlg::Sha256),
            ("SHA2-256", HashAlg::Sha256),
            ("SHA-2-384", HashAlg::Sha384),
            ("sha1", HashAlg::Sha1),
            ("SHA-512-224", HashAlg::Sha512_224),
            ("SHA512/224", HashAlg::Sha512_224),
            ("sha512_224", HashAlg::Sha512_224),
            ("SHA2-512/224", HashAlg::Sha512_224),
            ("SHA512/256", HashAlg::Sha512_256),
            ("SHA-512-256", HashAlg::Sha512_256),
            ("sha512-256", HashAlg::Sha512_256),
            ("sha3-256", HashAlg::Sha3_256),
            ("SHA3_512", HashAlg::Sha3_512),
            ("sha3 384", HashAlg::Sha3_384),
            ("SHA3224", HashAlg::Sha3_224),
            ("SHAKE-128", HashAlg::Shake128),
            ("shake256", HashAlg::Shake256),
            ("SHAKE_256", HashAlg::Shake256),
            ("Sha384", HashAlg::Sha384),
        ];
        for (name, alg) in cases {
            assert_eq!(HashAlg::from_name(name), Some(alg), "{name}");
        }
        for bad in [
            "",
            "SHA",
            "SHA-",
            "SHA-2",
            "SHA-3",
            "SHA-255",
            "SHA-2566",
            "MD5",
            "SHAKE",
            "SHAKE512",
            "SHA-512/",
            "SHA3-1",
            "SHA-256 extra",
            "ЅHA-256",
            "SHA2",
            "SHA3",
            "256",
            "-SHA256",
            "SHA256-",
            "SHA--256",
            "SHA-2-56",
            "SHA 256 ",
            "SHA3-256/512",
            "SHAKE128/512",
            "SHA-0",
            "SHA-512/384",
            "SHA3-512/256",
            "SHAKE-128-",
        ] {
            assert_eq!(HashAlg::from_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn hmac_support() {
        for alg in HashAlg::ALL {
            let expected = !matches!(alg, HashAlg::Shake128 | HashAlg::Shake256);
            assert_eq!(alg.supports_hmac(), expected);
        }
    }
}
