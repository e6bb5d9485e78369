//! secp256k1 ECDSA signature-generation vectors from the cryptography
//! project (`cryptography-vectors/asymmetric/ECDSA/SECP256K1/SigGen.txt`).
//!
//! CAVP SigGen layout with sections `[K-256,SHA-1]` .. `[K-256,SHA-512]`
//! (`K-256` is normalized to `secp256k1`) and fields `Msg`, `d`, `Qx`, `Qy`,
//! `R`, `S` — there is no `k`, so these are signatures to *verify* (all valid)
//! plus key pairs Q = d·G; a deterministic signer cannot reproduce R, S.
//!
//! [`load_secp256k1_siggen`]: 1125 records (225 per hash), `k` = `None`.

use crate::error::Error;
use crate::fips186::{parse_siggen, SigGenRecord};

/// Relative path of the file.
pub const SECP256K1_SIGGEN_FILE: &str =
    "cryptography-vectors/asymmetric/ECDSA/SECP256K1/SigGen.txt";

/// Parses the file's text (see the module docs).
pub fn parse_secp256k1_siggen(text: &str, source: &str) -> Result<Vec<SigGenRecord>, Error> {
    parse_siggen(text, source, None, true, false)
}

/// Loads the file (1125 records, all secp256k1).
pub fn load_secp256k1_siggen() -> Result<Vec<SigGenRecord>, Error> {
    parse_secp256k1_siggen(
        &crate::read_file(SECP256K1_SIGGEN_FILE)?,
        SECP256K1_SIGGEN_FILE,
    )
}
