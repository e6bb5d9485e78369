//! SEC 1 compressed-point vectors generated with OpenSSL, from the
//! cryptography project (`cryptography-vectors/asymmetric/EC/compressed_points.txt`).
//!
//! Records `COUNT`, `CURVE` (`SECP256R1`, `SECP256K1`), `POINT` (the 33-byte
//! compressed encoding, `02`/`03` || x), `X`, `Y` (the decompressed affine
//! coordinates). [`load_compressed_points`]: 4 records (2 secp256r1, 2
//! secp256k1). Note: `COUNT` restarts per curve in the file, and the file has
//! no sections, so the curve comes from the `CURVE` field.

use crate::cavp;
use crate::error::Error;
use crate::util::curve_info;

/// Relative path of the file.
pub const COMPRESSED_POINTS_FILE: &str = "cryptography-vectors/asymmetric/EC/compressed_points.txt";

/// One compressed point and its decompression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompressedPointRecord {
    /// Canonical curve name.
    pub curve: String,
    /// `COUNT` as in the file.
    pub count: u32,
    /// The SEC 1 compressed encoding, as given (not padded).
    pub point: Vec<u8>,
    /// Affine x (field length).
    pub x: Vec<u8>,
    /// Affine y (field length).
    pub y: Vec<u8>,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// Parses the file's text.
pub fn parse_compressed_points(
    text: &str,
    source: &str,
) -> Result<Vec<CompressedPointRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(&["COUNT", "CURVE", "POINT", "X", "Y"], source)?;
        let name = rec.require("CURVE", source)?;
        let c = curve_info(name).ok_or_else(|| {
            Error::parse(
                source,
                rec.line_of("CURVE"),
                format!("unknown curve `{name}`"),
            )
        })?;
        out.push(CompressedPointRecord {
            curve: c.name.to_string(),
            count: rec.count("COUNT", source)?,
            point: rec.bytes("POINT", source)?,
            x: rec.int("X", c.field_len, source)?,
            y: rec.int("Y", c.field_len, source)?,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Loads the file (4 records).
pub fn load_compressed_points() -> Result<Vec<CompressedPointRecord>, Error> {
    parse_compressed_points(
        &crate::read_file(COMPRESSED_POINTS_FILE)?,
        COMPRESSED_POINTS_FILE,
    )
}
