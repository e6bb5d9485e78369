//! Brainpool ECDH known answers of RFC 7027 (appendix A), reformatted by the
//! cryptography project (`cryptography-vectors/asymmetric/ECDH/brainpool.txt`).
//!
//! Outside this step's curve set, but short-Weierstrass prime-curve ECDH all
//! the same, so loaded for later use. Records: `COUNT`, `curve`
//! (`brainpoolP256r1`, `brainpoolP384r1`, `brainpoolP512r1`), `dA`, `x_qA`,
//! `y_qA`, `dB`, `x_qB`, `y_qB`, `x_Z`, `y_Z` with qA = dA·G, qB = dB·G and
//! Z = dA·qB = dB·qA. [`load_brainpool_ecdh`]: 3 records.

use crate::cavp;
use crate::error::Error;
use crate::util::curve_info;

/// Relative path of the file.
pub const BRAINPOOL_ECDH_FILE: &str = "cryptography-vectors/asymmetric/ECDH/brainpool.txt";

/// One RFC 7027 ECDH test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrainpoolEcdhRecord {
    /// Canonical curve name (`brainpoolP256r1`...).
    pub curve: String,
    /// `COUNT`.
    pub count: u32,
    /// A's private key (scalar length).
    pub d_a: Vec<u8>,
    /// A's public key x (field length).
    pub qa_x: Vec<u8>,
    /// A's public key y.
    pub qa_y: Vec<u8>,
    /// B's private key.
    pub d_b: Vec<u8>,
    /// B's public key x.
    pub qb_x: Vec<u8>,
    /// B's public key y.
    pub qb_y: Vec<u8>,
    /// Shared point x (the ECDH secret).
    pub z_x: Vec<u8>,
    /// Shared point y.
    pub z_y: Vec<u8>,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// Parses the file's text.
pub fn parse_brainpool_ecdh(text: &str, source: &str) -> Result<Vec<BrainpoolEcdhRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(
            &[
                "COUNT", "curve", "dA", "x_qA", "y_qA", "dB", "x_qB", "y_qB", "x_Z", "y_Z",
            ],
            source,
        )?;
        let name = rec.require("curve", source)?;
        let c = curve_info(name).ok_or_else(|| {
            Error::parse(
                source,
                rec.line_of("curve"),
                format!("unknown curve `{name}`"),
            )
        })?;
        let (f, s) = (c.field_len, c.scalar_len);
        out.push(BrainpoolEcdhRecord {
            curve: c.name.to_string(),
            count: rec.count("COUNT", source)?,
            d_a: rec.int("dA", s, source)?,
            qa_x: rec.int("x_qA", f, source)?,
            qa_y: rec.int("y_qA", f, source)?,
            d_b: rec.int("dB", s, source)?,
            qb_x: rec.int("x_qB", f, source)?,
            qb_y: rec.int("y_qB", f, source)?,
            z_x: rec.int("x_Z", f, source)?,
            z_y: rec.int("y_Z", f, source)?,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Loads the file (3 records).
pub fn load_brainpool_ecdh() -> Result<Vec<BrainpoolEcdhRecord>, Error> {
    parse_brainpool_ecdh(&crate::read_file(BRAINPOOL_ECDH_FILE)?, BRAINPOOL_ECDH_FILE)
}
