//! RFC 6979 deterministic-ECDSA known answers, in OpenSSL's `evp_test` format
//! (`cryptography-vectors/asymmetric/ECDSA/RFC6979/evppkey_ecdsa_rfc6979.txt`).
//!
//! The file has, per curve (P-192..P-521, K-163..K-571, B-163..B-571: the
//! curves of RFC 6979 appendix A.2), a PKCS#8 private key and an SPKI public
//! key in PEM, then for each hash (SHA-1, SHA-224, SHA-256, SHA-384, SHA-512)
//! and message (`"sample"`, `"test"`): one `DigestSign` test with
//! `NonceType = deterministic` whose `Output` is the expected DER signature,
//! one `DigestVerify` test of that signature (valid) and one `DigestVerify`
//! of the signature with its last byte changed (`Result = VERIFY_ERROR`).
//!
//! [`load_rfc6979`] returns 450 records: 150 [`Rfc6979Op::Sign`] + 300
//! [`Rfc6979Op::Verify`] (150 valid, 150 invalid); on the P-curves 150
//! (50 sign + 100 verify). Every record carries the key pair (d from the
//! private key, Q from the public key of the `PrivPubKeyPair` line), the
//! message bytes, the DER signature and its (r, s) padded to the scalar
//! length. The curve is taken from the key's named-curve OID and checked
//! against the key name (`P-256_PRIV`).

use std::collections::HashMap;

use crate::der;
use crate::error::Error;
use crate::util::{curve_info, hex_bytes, normalize_hash, pad_to, short, split_lines, CurveInfo};

/// Relative path of the file.
pub const RFC6979_FILE: &str =
    "cryptography-vectors/asymmetric/ECDSA/RFC6979/evppkey_ecdsa_rfc6979.txt";

/// What a test does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rfc6979Op {
    /// Deterministic signing must produce exactly `signature`.
    Sign,
    /// Verification of `signature` must return `valid`.
    Verify,
}

/// One RFC 6979 test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rfc6979Record {
    /// Canonical curve name.
    pub curve: String,
    /// Normalized hash name.
    pub hash: String,
    /// Sign or verify.
    pub op: Rfc6979Op,
    /// The message (`b"sample"` or `b"test"`), not its hash.
    pub msg: Vec<u8>,
    /// Private key (scalar length).
    pub d: Vec<u8>,
    /// Public key x (field length).
    pub qx: Vec<u8>,
    /// Public key y (field length).
    pub qy: Vec<u8>,
    /// The DER signature (`Output`).
    pub signature: Vec<u8>,
    /// r of `signature`, scalar length.
    pub r: Vec<u8>,
    /// s of `signature`, scalar length.
    pub s: Vec<u8>,
    /// Expected outcome: always `true` for `Sign`; for `Verify`, `false` when
    /// the file says `Result = VERIFY_ERROR`.
    pub valid: bool,
    /// File path relative to the vectors directory.
    pub source: String,
    /// 1-based line of the test's first line.
    pub line: usize,
}

#[derive(Debug, Clone)]
enum KeyMaterial {
    Private {
        curve: &'static CurveInfo,
        d: Vec<u8>,
    },
    Public {
        curve: &'static CurveInfo,
        qx: Vec<u8>,
        qy: Vec<u8>,
    },
}

/// Splits `key = value` / `key=value`.
fn kv(line: &str) -> Option<(&str, &str)> {
    line.split_once('=').map(|(k, v)| (k.trim(), v.trim()))
}

fn key_curve(
    oid: &str,
    name: &str,
    source: &str,
    line: usize,
) -> Result<&'static CurveInfo, Error> {
    let canon = der::curve_of_oid(oid)
        .ok_or_else(|| Error::parse(source, line, format!("unknown curve OID {oid}")))?;
    let info = curve_info(canon)
        .ok_or_else(|| Error::parse(source, line, format!("no info for {canon}")))?;
    if let Some(prefix) = name.split('_').next() {
        if let Some(named) = curve_info(prefix) {
            if named.name != info.name {
                return Err(Error::parse(
                    source,
                    line,
                    format!("key `{name}` has curve OID of {}", info.name),
                ));
            }
        }
    }
    Ok(info)
}

fn decode_key(
    kind: &str,
    name: &str,
    pem: &str,
    source: &str,
    line: usize,
) -> Result<KeyMaterial, Error> {
    let err = |m: String| Error::parse(source, line, format!("{kind} `{name}`: {m}"));
    if kind == "PrivateKey" {
        let der_bytes = der::pem_decode(pem, "PRIVATE KEY").map_err(err)?;
        let (oid, d) = der::parse_pkcs8_ec(&der_bytes).map_err(err)?;
        let curve = key_curve(&oid, name, source, line)?;
        Ok(KeyMaterial::Private {
            curve,
            d: pad_to(&d, curve.scalar_len),
        })
    } else {
        let der_bytes = der::pem_decode(pem, "PUBLIC KEY").map_err(err)?;
        let (oid, point) = der::parse_spki_ec(&der_bytes).map_err(err)?;
        let curve = key_curve(&oid, name, source, line)?;
        let n = curve.field_len;
        if point.len() != 1 + 2 * n || point[0] != 0x04 {
            return Err(err(format!(
                "expected an uncompressed point of {} bytes, got {} bytes",
                1 + 2 * n,
                point.len()
            )));
        }
        Ok(KeyMaterial::Public {
            curve,
            qx: point[1..1 + n].to_vec(),
            qy: point[1 + n..].to_vec(),
        })
    }
}

fn need<'a>(o: Option<&'a str>, what: &str, source: &str, line: usize) -> Result<&'a str, Error> {
    o.ok_or_else(|| Error::parse(source, line, format!("test has no `{what}`")))
}

/// Decodes an `Input` value: a double-quoted string (no escapes) or hex.
fn decode_input(v: &str) -> Result<Vec<u8>, String> {
    if let Some(inner) = v.strip_prefix('"') {
        let inner = inner.strip_suffix('"').ok_or("unterminated string")?;
        if inner.contains('\\') || inner.contains('"') {
            return Err("escapes in quoted Input are not supported".into());
        }
        Ok(inner.as_bytes().to_vec())
    } else {
        hex_bytes(v)
    }
}

/// Parses an OpenSSL `evp_test` file restricted to what the RFC 6979 file
/// uses: `Title`, `PrivateKey`/`PublicKey` PEM blocks, `PrivPubKeyPair`, and
/// `DigestSign`/`DigestVerify` tests with `Key`, `Input`, `Output`,
/// `NonceType`, `Result`, `Availablein`, `FIPSversion`. Any other keyword is
/// an error.
pub fn parse_rfc6979(text: &str, source: &str) -> Result<Vec<Rfc6979Record>, Error> {
    let lines = split_lines(text);
    let mut keys: HashMap<String, KeyMaterial> = HashMap::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    // Gather blocks: runs of non-blank, non-comment lines (PEM bodies included).
    let mut blocks: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut cur: Vec<(usize, &str)> = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let l = raw.trim();
        if l.is_empty() {
            if !cur.is_empty() {
                blocks.push(std::mem::take(&mut cur));
            }
        } else if !l.starts_with('#') {
            cur.push((i + 1, l));
        }
    }
    if !cur.is_empty() {
        blocks.push(cur);
    }

    let mut tests: Vec<Vec<(usize, &str)>> = Vec::new();
    for block in blocks {
        let (first_line, first) = block[0];
        let (k, v) = kv(first).ok_or_else(|| {
            Error::parse(
                source,
                first_line,
                format!("expected `key = value`, got `{}`", short(first)),
            )
        })?;
        match k {
            "Title" => {
                if block.len() != 1 {
                    return Err(Error::parse(
                        source,
                        first_line,
                        "Title block has extra lines",
                    ));
                }
            }
            "PrivateKey" | "PublicKey" => {
                let pem: Vec<&str> = block[1..].iter().map(|(_, l)| *l).collect();
                let material = decode_key(k, v, &pem.join("\n"), source, first_line)?;
                if keys.insert(v.to_string(), material).is_some() {
                    return Err(Error::parse(
                        source,
                        first_line,
                        format!("key `{v}` defined twice"),
                    ));
                }
            }
            "PrivPubKeyPair" => {
                let (a, b) = v.split_once(':').ok_or_else(|| {
                    Error::parse(source, first_line, "PrivPubKeyPair needs `PRIV:PUB`")
                })?;
                if block.len() != 1 {
                    return Err(Error::parse(
                        source,
                        first_line,
                        "PrivPubKeyPair block has extra lines",
                    ));
                }
                pairs.push((a.trim().to_string(), b.trim().to_string()));
            }
            _ => tests.push(block),
        }
    }

    let mut out = Vec::new();
    for block in tests {
        let line = block[0].0;
        let mut op: Option<(Rfc6979Op, &str)> = None;
        let mut key: Option<&str> = None;
        let mut input: Option<&str> = None;
        let mut output: Option<&str> = None;
        let mut nonce_type: Option<&str> = None;
        let mut result: Option<&str> = None;
        for &(ln, l) in &block {
            let (k, v) = kv(l).ok_or_else(|| {
                Error::parse(
                    source,
                    ln,
                    format!("expected `key = value`, got `{}`", short(l)),
                )
            })?;
            let slot = match k {
                "DigestSign" | "DigestVerify" => {
                    if op.is_some() {
                        return Err(Error::parse(source, ln, "two operations in one test"));
                    }
                    let o = if k == "DigestSign" {
                        Rfc6979Op::Sign
                    } else {
                        Rfc6979Op::Verify
                    };
                    op = Some((o, v));
                    continue;
                }
                "Key" => &mut key,
                "Input" => &mut input,
                "Output" => &mut output,
                "NonceType" => &mut nonce_type,
                "Result" => &mut result,
                "Availablein" | "FIPSversion" => continue,
                _ => {
                    return Err(Error::parse(
                        source,
                        ln,
                        format!("unexpected keyword `{k}`"),
                    ))
                }
            };
            if slot.replace(v).is_some() {
                return Err(Error::parse(source, ln, format!("`{k}` repeated")));
            }
        }
        let (op, hash_name) =
            op.ok_or_else(|| Error::parse(source, line, "test has no DigestSign/DigestVerify"))?;
        let hash = normalize_hash(hash_name)
            .ok_or_else(|| Error::parse(source, line, format!("unknown digest `{hash_name}`")))?;
        let key_name = need(key, "Key", source, line)?;
        let msg = decode_input(need(input, "Input", source, line)?)
            .map_err(|m| Error::parse(source, line, format!("Input: {m}")))?;
        let signature = hex_bytes(need(output, "Output", source, line)?)
            .map_err(|m| Error::parse(source, line, format!("Output: {m}")))?;
        let valid = match (op, result) {
            (_, None) => true,
            (Rfc6979Op::Verify, Some("VERIFY_ERROR")) => false,
            (_, Some(r)) => {
                return Err(Error::parse(
                    source,
                    line,
                    format!("unexpected Result `{r}`"),
                ))
            }
        };
        if op == Rfc6979Op::Sign && nonce_type != Some("deterministic") {
            return Err(Error::parse(
                source,
                line,
                "DigestSign test without `NonceType = deterministic`",
            ));
        }
        // Resolve the key pair.
        let (priv_name, pub_name) = pairs
            .iter()
            .find(|(a, b)| a == key_name || b == key_name)
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .ok_or_else(|| {
                Error::parse(
                    source,
                    line,
                    format!("key `{key_name}` is in no PrivPubKeyPair"),
                )
            })?;
        let expected_name = if op == Rfc6979Op::Sign {
            priv_name
        } else {
            pub_name
        };
        if key_name != expected_name {
            return Err(Error::parse(
                source,
                line,
                format!("{op:?} test uses key `{key_name}`"),
            ));
        }
        let (curve, d) = match keys.get(priv_name) {
            Some(KeyMaterial::Private { curve, d }) => (*curve, d.clone()),
            _ => {
                return Err(Error::parse(
                    source,
                    line,
                    format!("no private key `{priv_name}`"),
                ))
            }
        };
        let (qx, qy) = match keys.get(pub_name) {
            Some(KeyMaterial::Public { curve: c2, qx, qy }) if c2.name == curve.name => {
                (qx.clone(), qy.clone())
            }
            _ => {
                return Err(Error::parse(
                    source,
                    line,
                    format!("no public key `{pub_name}` on {}", curve.name),
                ))
            }
        };
        let (r, s) = der::parse_der_signature(&signature).ok_or_else(|| {
            Error::parse(source, line, "Output is not a strict-DER ECDSA signature")
        })?;
        out.push(Rfc6979Record {
            curve: curve.name.to_string(),
            hash: hash.to_string(),
            op,
            msg,
            d,
            qx,
            qy,
            signature,
            r: pad_to(&r, curve.scalar_len),
            s: pad_to(&s, curve.scalar_len),
            valid,
            source: source.to_string(),
            line,
        });
    }
    Ok(out)
}

/// Loads the RFC 6979 file (450 records; 150 on P-curves).
pub fn load_rfc6979() -> Result<Vec<Rfc6979Record>, Error> {
    parse_rfc6979(&crate::read_file(RFC6979_FILE)?, RFC6979_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "Title = x\n\nPrivateKey=P-256_PRIV\n-----BEGIN PRIVATE KEY-----\n\
MEECAQAwEwYHKoZIzj0CAQYIKoZIzj0DAQcEJzAlAgEBBCDJr6nYRbp1FmtcIVdnsdaTTlDD2zbo\nmxJ7imIrEg9nIQ==\n\
-----END PRIVATE KEY-----\n\nPublicKey=P-256_PUB\n-----BEGIN PUBLIC KEY-----\n\
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEYP7UuiVanTHJYet0xjVtaMBJuJI7Yfps5mliLmDy\n\
n7Z5A/4QCLi8maQa6elWKLxk8vGyDC1+n1F3o8KU1EYimQ==\n-----END PUBLIC KEY-----\n\n\
PrivPubKeyPair=P-256_PRIV:P-256_PUB\n\nAvailablein = default\nDigestSign = SHA256\nKey = P-256_PRIV\n\
NonceType = deterministic\nInput = \"sample\"\nOutput = 3006020101020102\n";

    #[test]
    fn parse_small() {
        let v = parse_rfc6979(SMALL, "t").unwrap();
        assert_eq!(v.len(), 1);
        let r = &v[0];
        assert_eq!(r.curve, "secp256r1");
        assert_eq!(r.hash, "SHA-256");
        assert_eq!(r.msg, b"sample".to_vec());
        // RFC 6979 A.2.5 key.
        assert_eq!(
            hex::encode(&r.d),
            "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
        );
        assert_eq!(
            hex::encode(&r.qx),
            "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
        );
        assert_eq!(r.r.len(), 32);
        assert_eq!(r.s[31], 2);
        assert!(r.valid);
    }

    #[test]
    fn errors() {
        assert!(parse_rfc6979(&SMALL.replace("NonceType = deterministic\n", ""), "t").is_err());
        assert!(parse_rfc6979(&SMALL.replace("SHA256", "MD5"), "t").is_err());
        assert!(parse_rfc6979(
            &SMALL.replace("3006020101020102", "3006020101020100ff"),
            "t"
        )
        .is_err());
        assert!(parse_rfc6979(&SMALL.replace("Key = P-256_PRIV", "Key = P-256_PUB"), "t").is_err());
        assert!(parse_rfc6979(&SMALL.replace("mxJ7imIrEg9nIQ==", "mxJ7imIrEg9nI"), "t").is_err());
        assert!(parse_rfc6979(&SMALL.replace("Availablein", "Bogus"), "t").is_err());
        assert!(parse_rfc6979(
            &SMALL.replace("PrivPubKeyPair=P-256_PRIV:P-256_PUB", "Title = y"),
            "t"
        )
        .is_err());
        // P-384 name on a P-256 key.
        assert!(parse_rfc6979(&SMALL.replace("P-256_", "P-384_"), "t").is_err());
    }
}
