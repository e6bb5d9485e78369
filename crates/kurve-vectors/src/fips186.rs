//! NIST CAVP ECDSA example vectors for FIPS 186-2 and FIPS 186-3
//! (`cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/` and `.../FIPS_186-3/`).
//!
//! | file | loader | records (all curves / P-curves) |
//! |---|---|---|
//! | `FIPS_186-2/KeyPair.rsp` | [`load_keypair`]`(V2)` | 150 / 50 |
//! | `FIPS_186-3/KeyPair.rsp` | [`load_keypair`]`(V3)` | 150 / 50 |
//! | `FIPS_186-2/PKV.rsp` | [`load_pkv`]`(V2)` | 180 / 60 |
//! | `FIPS_186-3/PKV.rsp` | [`load_pkv`]`(V3)` | 180 / 60 |
//! | `FIPS_186-2/SigGen.txt` | [`load_siggen`]`(V2)` | 225 / 75 |
//! | `FIPS_186-3/SigGen.txt` | [`load_siggen`]`(V3)` | 1125 / 375 |
//! | `FIPS_186-2/SigGen.rsp` | [`load_siggen_rsp`]`(V2)` | 225 / 75 |
//! | `FIPS_186-3/SigGen.rsp` | [`load_siggen_rsp`]`(V3)` | 1125 / 375 |
//! | `FIPS_186-2/SigVer.rsp` | [`load_sigver`]`(V2)` | 225 / 75 |
//! | `FIPS_186-3/SigVer.rsp` | [`load_sigver`]`(V3)` | 1125 / 375 |
//!
//! Each file covers P-192..P-521, K-163..K-571 and B-163..B-571; records of
//! every curve are returned (curve names normalized: `P-256` → `secp256r1`,
//! `K-163` → `sect163k1`, `B-163` → `sect163r2`) and callers skip those outside
//! [`crate::PRIME_CURVES`].
//!
//! Semantics:
//! * **KeyPair**: Q = d·G.
//! * **PKV** (public-key validation): `valid` is `true` iff (Qx, Qy) is a valid
//!   public key. Failure reasons seen: `1 - Q_x or Q_y out of range`,
//!   `1 - Point not on curve`, `2 - Point not on curve` and (186-2, binary
//!   curves with a cofactor) `2 - Added PT of order 2`; valid ones say `0`.
//!   An out-of-range coordinate can be longer than the field length (see
//!   [`crate::pad_to`]): treat a longer value as invalid. 60 of the 180
//!   records are valid in each file (20 on P-curves).
//! * **SigGen**: (R, S) is the signature of `Msg` under d with nonce k; `Msg`
//!   is the whole message, to be hashed with `hash`. FIPS 186-2 files have
//!   sections `[P-256]` only and use SHA-1 (`hash` = `SHA-1`); FIPS 186-3 files
//!   have `[P-256,SHA-256]` sections (SHA-1, SHA-224, SHA-256, SHA-384,
//!   SHA-512). `SigGen.rsp` is the same data as `SigGen.txt` without d and k
//!   (every (R, S) there is therefore a valid signature).
//! * **SigVer**: `valid` is `true` iff (R, S) is a valid signature of `Msg`
//!   (hashed with `hash`) under Q. Failure reasons: `1 - Message changed`,
//!   `2 - R changed`, `3 - S changed`, `4 - Q changed`, one fifth each; the
//!   valid fifth says `0` (186-2: 45 valid of 225; 186-3: 225 of 1125).
//!
//! Integers are left-padded with [`crate::pad_to`]: d, k, R, S to the scalar
//! length, Qx, Qy to the field length of the curve.

use crate::cavp::{self, split_curve_hash, CavpRecord};
use crate::error::Error;
use crate::util::{curve_info, normalize_hash, CurveInfo};

/// Which FIPS 186 edition's example files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fips186 {
    /// `FIPS_186-2/` (SigGen/SigVer with SHA-1 only).
    V2,
    /// `FIPS_186-3/` (SigGen/SigVer with SHA-1..SHA-512).
    V3,
}

impl Fips186 {
    /// Directory of the edition's files, relative to the vectors directory.
    pub fn dir(self) -> &'static str {
        match self {
            Fips186::V2 => "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2",
            Fips186::V3 => "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3",
        }
    }

    /// Hash to use when a section names none (`SHA-1` for 186-2).
    fn default_hash(self) -> Option<&'static str> {
        match self {
            Fips186::V2 => Some("SHA-1"),
            Fips186::V3 => None,
        }
    }

    fn file(self, name: &str) -> String {
        format!("{}/{}", self.dir(), name)
    }
}

/// A key pair: Q = d·G.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyPairRecord {
    /// Canonical curve name (`secp256r1`, `sect163k1`...).
    pub curve: String,
    /// Private scalar, scalar length.
    pub d: Vec<u8>,
    /// Public key x, field length.
    pub qx: Vec<u8>,
    /// Public key y, field length.
    pub qy: Vec<u8>,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// A public-key validation test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PkvRecord {
    /// Canonical curve name.
    pub curve: String,
    /// x, padded to the field length (may be longer if out of range).
    pub qx: Vec<u8>,
    /// y, padded to the field length (may be longer if out of range).
    pub qy: Vec<u8>,
    /// `true` for `Result = P`.
    pub valid: bool,
    /// Text in the parentheses of `Result` (`0`, `2 - Point not on curve`).
    pub reason: String,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// A signature-generation known answer (also used for the secp256k1 file,
/// which has no k, and for `SigGen.rsp`, which has neither d nor k).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigGenRecord {
    /// Canonical curve name.
    pub curve: String,
    /// Normalized hash name (`SHA-1`, `SHA-256`, ...).
    pub hash: String,
    /// The message (not its hash).
    pub msg: Vec<u8>,
    /// Private scalar (scalar length), when the file gives it.
    pub d: Option<Vec<u8>>,
    /// Public key x, field length.
    pub qx: Vec<u8>,
    /// Public key y, field length.
    pub qy: Vec<u8>,
    /// Nonce (scalar length), when the file gives it.
    pub k: Option<Vec<u8>>,
    /// Signature r, scalar length.
    pub r: Vec<u8>,
    /// Signature s, scalar length.
    pub s: Vec<u8>,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// A signature-verification test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SigVerRecord {
    /// Canonical curve name.
    pub curve: String,
    /// Normalized hash name.
    pub hash: String,
    /// The message (not its hash).
    pub msg: Vec<u8>,
    /// Public key x, field length (may be longer if out of range).
    pub qx: Vec<u8>,
    /// Public key y, field length (may be longer if out of range).
    pub qy: Vec<u8>,
    /// Signature r, scalar length (may be longer if out of range).
    pub r: Vec<u8>,
    /// Signature s, scalar length (may be longer if out of range).
    pub s: Vec<u8>,
    /// `true` for `Result = P`.
    pub valid: bool,
    /// Text in the parentheses of `Result`.
    pub reason: String,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// Finds the curve (and hash) of a record from its header group: the first
/// header whose part before `,` is a known curve name.
pub(crate) fn section_curve_hash(
    rec: &CavpRecord,
    source: &str,
    default_hash: Option<&'static str>,
) -> Result<(&'static CurveInfo, Option<&'static str>), Error> {
    for h in &rec.headers {
        let (c, hash) = split_curve_hash(h);
        if let Some(info) = curve_info(c) {
            let hash = match hash {
                Some(hs) => Some(normalize_hash(hs).ok_or_else(|| {
                    Error::parse(
                        source,
                        rec.line,
                        format!("unknown hash `{hs}` in section [{h}]"),
                    )
                })?),
                None => default_hash,
            };
            return Ok((info, hash));
        }
    }
    Err(Error::parse(
        source,
        rec.line,
        format!(
            "record is not under a known [curve] section (headers: {:?})",
            rec.headers
        ),
    ))
}

fn need_hash(hash: Option<&'static str>, rec: &CavpRecord, source: &str) -> Result<String, Error> {
    hash.map(str::to_string)
        .ok_or_else(|| Error::parse(source, rec.line, "section names no hash function"))
}

/// Parses a CAVP KeyPair file (`d`, `Qx`, `Qy` per `[curve]` section; records
/// holding only `N` are section parameters and are skipped).
pub fn parse_keypair(text: &str, source: &str) -> Result<Vec<KeyPairRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        if rec.has_only(&["N"]) {
            continue;
        }
        rec.check_keys(&["d", "Qx", "Qy"], source)?;
        let (c, _) = section_curve_hash(rec, source, None)?;
        out.push(KeyPairRecord {
            curve: c.name.to_string(),
            d: rec.int("d", c.scalar_len, source)?,
            qx: rec.int("Qx", c.field_len, source)?,
            qy: rec.int("Qy", c.field_len, source)?,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Parses a CAVP PKV file (`Qx`, `Qy`, `Result`).
pub fn parse_pkv(text: &str, source: &str) -> Result<Vec<PkvRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(&["Qx", "Qy", "Result"], source)?;
        let (c, _) = section_curve_hash(rec, source, None)?;
        let (valid, reason) = rec.result("Result", source)?;
        out.push(PkvRecord {
            curve: c.name.to_string(),
            qx: rec.int("Qx", c.field_len, source)?,
            qy: rec.int("Qy", c.field_len, source)?,
            valid,
            reason,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Parses a SigGen-style file: `Msg`, `Qx`, `Qy`, `R`, `S` and optionally `d`
/// and `k`. `default_hash` applies to sections that name no hash (`SHA-1` for
/// FIPS 186-2). `need_d` / `need_k` make a missing `d` / `k` an error.
pub fn parse_siggen(
    text: &str,
    source: &str,
    default_hash: Option<&'static str>,
    need_d: bool,
    need_k: bool,
) -> Result<Vec<SigGenRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(&["Msg", "d", "Qx", "Qy", "k", "R", "S"], source)?;
        let (c, hash) = section_curve_hash(rec, source, default_hash)?;
        let opt = |key: &str, need: bool| -> Result<Option<Vec<u8>>, Error> {
            if rec.get(key).is_some() || need {
                rec.int(key, c.scalar_len, source).map(Some)
            } else {
                Ok(None)
            }
        };
        out.push(SigGenRecord {
            curve: c.name.to_string(),
            hash: need_hash(hash, rec, source)?,
            msg: rec.bytes("Msg", source)?,
            d: opt("d", need_d)?,
            qx: rec.int("Qx", c.field_len, source)?,
            qy: rec.int("Qy", c.field_len, source)?,
            k: opt("k", need_k)?,
            r: rec.int("R", c.scalar_len, source)?,
            s: rec.int("S", c.scalar_len, source)?,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Parses a SigVer-style file: `Msg`, `Qx`, `Qy`, `R`, `S`, `Result`.
/// `default_hash` applies to sections that name no hash.
pub fn parse_sigver(
    text: &str,
    source: &str,
    default_hash: Option<&'static str>,
) -> Result<Vec<SigVerRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(&["Msg", "Qx", "Qy", "R", "S", "Result"], source)?;
        let (c, hash) = section_curve_hash(rec, source, default_hash)?;
        let (valid, reason) = rec.result("Result", source)?;
        out.push(SigVerRecord {
            curve: c.name.to_string(),
            hash: need_hash(hash, rec, source)?,
            msg: rec.bytes("Msg", source)?,
            qx: rec.int("Qx", c.field_len, source)?,
            qy: rec.int("Qy", c.field_len, source)?,
            r: rec.int("R", c.scalar_len, source)?,
            s: rec.int("S", c.scalar_len, source)?,
            valid,
            reason,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Loads `KeyPair.rsp` of the edition (150 records each; 50 on P-curves).
pub fn load_keypair(ed: Fips186) -> Result<Vec<KeyPairRecord>, Error> {
    let src = ed.file("KeyPair.rsp");
    parse_keypair(&crate::read_file(&src)?, &src)
}

/// Loads `PKV.rsp` of the edition (180 records each; 60 on P-curves).
pub fn load_pkv(ed: Fips186) -> Result<Vec<PkvRecord>, Error> {
    let src = ed.file("PKV.rsp");
    parse_pkv(&crate::read_file(&src)?, &src)
}

/// Loads `SigGen.txt` of the edition: full known answers with d and k
/// (186-2: 225 records, 75 on P-curves; 186-3: 1125, 375 on P-curves).
pub fn load_siggen(ed: Fips186) -> Result<Vec<SigGenRecord>, Error> {
    let src = ed.file("SigGen.txt");
    parse_siggen(
        &crate::read_file(&src)?,
        &src,
        ed.default_hash(),
        true,
        true,
    )
}

/// Loads `SigGen.rsp` of the edition: the same signatures as `SigGen.txt`
/// without d and k (`d` and `k` are `None`); same counts.
pub fn load_siggen_rsp(ed: Fips186) -> Result<Vec<SigGenRecord>, Error> {
    let src = ed.file("SigGen.rsp");
    parse_siggen(
        &crate::read_file(&src)?,
        &src,
        ed.default_hash(),
        false,
        false,
    )
}

/// Loads `SigVer.rsp` of the edition (186-2: 225 records, 75 on P-curves;
/// 186-3: 1125, 375 on P-curves).
pub fn load_sigver(ed: Fips186) -> Result<Vec<SigVerRecord>, Error> {
    let src = ed.file("SigVer.rsp");
    parse_sigver(&crate::read_file(&src)?, &src, ed.default_hash())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_small() {
        let t = "[P-192,SHA-224]\n\nMsg = 00ff\nQx = 1\nQy = 2\nR = 3\nS = 4\nResult = F (3 - S changed)\n";
        let v = parse_sigver(t, "t", None).unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].curve, "secp192r1");
        assert_eq!(v[0].hash, "SHA-224");
        assert_eq!(v[0].msg, vec![0, 0xff]);
        assert_eq!(v[0].qx.len(), 24);
        assert_eq!(v[0].qx[23], 1);
        assert!(!v[0].valid);
        assert_eq!(v[0].reason, "3 - S changed");
        assert_eq!(v[0].line, 3);
    }

    #[test]
    fn malformed_is_error() {
        // No hash and no default.
        let t = "[P-192]\nMsg = 00\nQx = 1\nQy = 2\nR = 3\nS = 4\nResult = P (0 )\n";
        assert!(parse_sigver(t, "t", None).is_err());
        assert_eq!(
            parse_sigver(t, "t", Some("SHA-1")).unwrap()[0].hash,
            "SHA-1"
        );
        // Unknown curve.
        assert!(parse_pkv("[P-999]\nQx = 1\nQy = 2\nResult = P\n", "t").is_err());
        // Unknown hash.
        assert!(parse_sigver(&t.replace("[P-192]", "[P-192,MD5]"), "t", None).is_err());
        // Unknown key.
        assert!(parse_keypair("[P-192]\nd = 1\nQx = 2\nQy = 3\nZ = 4\n", "t").is_err());
        // Missing key.
        assert!(parse_keypair("[P-192]\nd = 1\nQx = 2\n", "t").is_err());
        // Record before any section.
        assert!(parse_keypair("d = 1\nQx = 2\nQy = 3\n", "t").is_err());
        // Missing k when needed.
        let g = "[P-192]\nMsg = 00\nd = 1\nQx = 1\nQy = 2\nR = 3\nS = 4\n";
        assert!(parse_siggen(g, "t", Some("SHA-1"), true, true).is_err());
        assert!(parse_siggen(g, "t", Some("SHA-1"), true, false).unwrap()[0]
            .k
            .is_none());
    }
}
