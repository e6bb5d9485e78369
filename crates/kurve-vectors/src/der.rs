//! Minimal, bounds-checked PEM / DER helpers (std only) used to read the keys
//! and signatures of the RFC 6979 file. Everything returns `Result`/`Option`;
//! nothing panics on malformed input.

/// Decodes standard base64 (RFC 4648 alphabet, `=` padding, whitespace
/// ignored).
pub fn base64_decode(s: &str) -> Result<Vec<u8>, String> {
    fn val(c: u8) -> Option<u32> {
        match c {
            b'A'..=b'Z' => Some(u32::from(c - b'A')),
            b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
            b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let clean: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    if clean.len() % 4 != 0 {
        return Err("base64 length is not a multiple of 4".into());
    }
    let mut out = Vec::with_capacity(clean.len() / 4 * 3);
    let chunks = clean.len() / 4;
    for (i, chunk) in clean.chunks(4).enumerate() {
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && i + 1 != chunks) {
            return Err("misplaced base64 padding".into());
        }
        let mut acc = 0u32;
        for &c in &chunk[..4 - pad] {
            acc = (acc << 6)
                | val(c).ok_or_else(|| format!("bad base64 character {:?}", c as char))?;
        }
        acc <<= 6 * pad as u32;
        let bytes = [(acc >> 16) as u8, (acc >> 8) as u8, acc as u8];
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Ok(out)
}

/// Extracts and decodes the body of a PEM block with the given label
/// (`PRIVATE KEY`, `PUBLIC KEY`).
pub fn pem_decode(pem: &str, label: &str) -> Result<Vec<u8>, String> {
    let begin = format!("-----BEGIN {label}-----");
    let end = format!("-----END {label}-----");
    let start = pem.find(&begin).ok_or_else(|| format!("no `{begin}`"))? + begin.len();
    let stop = pem[start..]
        .find(&end)
        .ok_or_else(|| format!("no `{end}`"))?
        + start;
    base64_decode(&pem[start..stop])
}

/// A DER TLV: tag byte and content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tlv<'a> {
    /// The (single-byte) tag.
    pub tag: u8,
    /// The content octets.
    pub value: &'a [u8],
}

/// Reads one DER TLV from the front of `input`; returns it and the rest.
/// Requires definite, minimal length encoding (at most 4 length octets).
pub fn read_tlv(input: &[u8]) -> Option<(Tlv<'_>, &[u8])> {
    let (&tag, rest) = input.split_first()?;
    if tag & 0x1f == 0x1f {
        return None; // multi-byte tags are not used here
    }
    let (&l0, rest) = rest.split_first()?;
    let (len, rest) = if l0 < 0x80 {
        (usize::from(l0), rest)
    } else {
        let n = usize::from(l0 & 0x7f);
        if n == 0 || n > 4 || rest.len() < n {
            return None;
        }
        let mut len = 0usize;
        for &b in &rest[..n] {
            len = (len << 8) | usize::from(b);
        }
        // Minimal: long form only for len >= 128, no leading zero octet.
        if len < 0x80 || rest[0] == 0 {
            return None;
        }
        (len, &rest[n..])
    };
    if rest.len() < len {
        return None;
    }
    Some((
        Tlv {
            tag,
            value: &rest[..len],
        },
        &rest[len..],
    ))
}

/// Reads a TLV with the expected tag.
pub fn expect(input: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    let (t, rest) = read_tlv(input)?;
    (t.tag == tag).then_some((t.value, rest))
}

/// Content of a strict-DER non-negative INTEGER, with the sign octet removed:
/// non-empty, minimal (a leading 0x00 only before a byte ≥ 0x80), not
/// negative.
pub fn der_uint(content: &[u8]) -> Option<&[u8]> {
    match content {
        [] => None,
        [b, ..] if b & 0x80 != 0 => None,
        [0] => Some(content),
        [0, b, ..] if b & 0x80 == 0 => None,
        [0, rest @ ..] => Some(rest),
        _ => Some(content),
    }
}

/// Parses a strict-DER ECDSA signature `SEQUENCE { INTEGER r, INTEGER s }`
/// with nothing trailing; returns (r, s) as minimal big-endian bytes.
pub fn parse_der_signature(sig: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let (seq, rest) = expect(sig, 0x30)?;
    if !rest.is_empty() {
        return None;
    }
    let (r, seq) = expect(seq, 0x02)?;
    let (s, seq) = expect(seq, 0x02)?;
    if !seq.is_empty() {
        return None;
    }
    Some((der_uint(r)?.to_vec(), der_uint(s)?.to_vec()))
}

/// Dotted form of an OBJECT IDENTIFIER's content octets.
pub fn oid_to_string(content: &[u8]) -> Option<String> {
    let mut arcs: Vec<u64> = Vec::new();
    let mut acc: u64 = 0;
    let mut in_arc = false;
    for &b in content {
        if !in_arc && b == 0x80 {
            return None; // non-minimal
        }
        if acc > (u64::MAX >> 7) {
            return None;
        }
        acc = (acc << 7) | u64::from(b & 0x7f);
        in_arc = b & 0x80 != 0;
        if !in_arc {
            arcs.push(acc);
            acc = 0;
        }
    }
    if in_arc || arcs.is_empty() {
        return None;
    }
    let first = arcs[0];
    let (a, b) = if first < 40 {
        (0, first)
    } else if first < 80 {
        (1, first - 40)
    } else {
        (2, first - 80)
    };
    let mut s = format!("{a}.{b}");
    for x in &arcs[1..] {
        s.push('.');
        s.push_str(&x.to_string());
    }
    Some(s)
}

/// `id-ecPublicKey`.
pub const OID_EC_PUBLIC_KEY: &str = "1.2.840.10045.2.1";

/// Canonical curve name of a named-curve OID (NIST prime and binary curves,
/// secp256k1, brainpool r1).
pub fn curve_of_oid(oid: &str) -> Option<&'static str> {
    Some(match oid {
        "1.2.840.10045.3.1.1" => "secp192r1",
        "1.3.132.0.33" => "secp224r1",
        "1.2.840.10045.3.1.7" => "secp256r1",
        "1.3.132.0.34" => "secp384r1",
        "1.3.132.0.35" => "secp521r1",
        "1.3.132.0.10" => "secp256k1",
        "1.3.132.0.1" => "sect163k1",
        "1.3.132.0.15" => "sect163r2",
        "1.3.132.0.26" => "sect233k1",
        "1.3.132.0.27" => "sect233r1",
        "1.3.132.0.16" => "sect283k1",
        "1.3.132.0.17" => "sect283r1",
        "1.3.132.0.36" => "sect409k1",
        "1.3.132.0.37" => "sect409r1",
        "1.3.132.0.38" => "sect571k1",
        "1.3.132.0.39" => "sect571r1",
        "1.3.36.3.3.2.8.1.1.1" => "brainpoolP160r1",
        "1.3.36.3.3.2.8.1.1.3" => "brainpoolP192r1",
        "1.3.36.3.3.2.8.1.1.5" => "brainpoolP224r1",
        "1.3.36.3.3.2.8.1.1.7" => "brainpoolP256r1",
        "1.3.36.3.3.2.8.1.1.9" => "brainpoolP320r1",
        "1.3.36.3.3.2.8.1.1.11" => "brainpoolP384r1",
        "1.3.36.3.3.2.8.1.1.13" => "brainpoolP512r1",
        _ => return None,
    })
}

/// `AlgorithmIdentifier { id-ecPublicKey, namedCurve }` → curve OID string.
fn ec_algorithm(alg: &[u8]) -> Result<String, String> {
    let (oid, rest) = expect(alg, 0x06).ok_or("bad algorithm OID")?;
    let oid = oid_to_string(oid).ok_or("bad algorithm OID")?;
    if oid != OID_EC_PUBLIC_KEY {
        return Err(format!("not an EC key (algorithm {oid})"));
    }
    let (curve, rest) = expect(rest, 0x06).ok_or("no named-curve OID")?;
    if !rest.is_empty() {
        return Err("trailing data in AlgorithmIdentifier".into());
    }
    oid_to_string(curve).ok_or_else(|| "bad curve OID".into())
}

/// Parses an EC `SubjectPublicKeyInfo`; returns (curve OID, SEC1 point bytes).
pub fn parse_spki_ec(der: &[u8]) -> Result<(String, Vec<u8>), String> {
    let (spki, rest) = expect(der, 0x30).ok_or("SPKI is not a SEQUENCE")?;
    if !rest.is_empty() {
        return Err("trailing data after SPKI".into());
    }
    let (alg, spki) = expect(spki, 0x30).ok_or("bad AlgorithmIdentifier")?;
    let curve = ec_algorithm(alg)?;
    let (bits, spki) = expect(spki, 0x03).ok_or("no BIT STRING")?;
    if !spki.is_empty() {
        return Err("trailing data in SPKI".into());
    }
    match bits.split_first() {
        Some((0, point)) => Ok((curve, point.to_vec())),
        _ => Err("BIT STRING with unused bits".into()),
    }
}

/// Parses an EC PKCS#8 `PrivateKeyInfo` (RFC 5208 / RFC 5915); returns
/// (curve OID, private key octets).
pub fn parse_pkcs8_ec(der: &[u8]) -> Result<(String, Vec<u8>), String> {
    let (pki, rest) = expect(der, 0x30).ok_or("PKCS#8 is not a SEQUENCE")?;
    if !rest.is_empty() {
        return Err("trailing data after PKCS#8".into());
    }
    let (version, pki) = expect(pki, 0x02).ok_or("no PKCS#8 version")?;
    if version != [0] {
        return Err("unsupported PKCS#8 version".into());
    }
    let (alg, pki) = expect(pki, 0x30).ok_or("bad AlgorithmIdentifier")?;
    let curve = ec_algorithm(alg)?;
    let (octets, _attributes) = expect(pki, 0x04).ok_or("no privateKey OCTET STRING")?;
    let (ec, rest) = expect(octets, 0x30).ok_or("ECPrivateKey is not a SEQUENCE")?;
    if !rest.is_empty() {
        return Err("trailing data after ECPrivateKey".into());
    }
    let (v, ec) = expect(ec, 0x02).ok_or("no ECPrivateKey version")?;
    if v != [1] {
        return Err("unsupported ECPrivateKey version".into());
    }
    let (d, _optional) = expect(ec, 0x04).ok_or("no privateKey in ECPrivateKey")?;
    Ok((curve, d.to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64() {
        assert_eq!(base64_decode("").unwrap(), Vec::<u8>::new());
        assert_eq!(base64_decode("TWFu").unwrap(), b"Man".to_vec());
        assert_eq!(base64_decode("TWE=").unwrap(), b"Ma".to_vec());
        assert_eq!(base64_decode("TQ==").unwrap(), b"M".to_vec());
        assert!(base64_decode("TQ=").is_err());
        assert!(base64_decode("T===").is_err());
        assert!(base64_decode("TQ==TWFu").is_err());
        assert!(base64_decode("TW!u").is_err());
    }

    #[test]
    fn signatures() {
        let sig = hex::decode("3007020101020200ff").unwrap();
        assert_eq!(parse_der_signature(&sig), Some((vec![1], vec![0xff])));
        // Non-minimal integer, negative, trailing data, bad lengths.
        for bad in [
            "30070201010203000001",
            "3006020101020180",
            "3006020101020101ff",
            "3007020101020101",
            "308106020101020101",
            "3000",
            "",
        ] {
            let b = hex::decode(bad).unwrap();
            assert_eq!(parse_der_signature(&b), None, "{bad}");
        }
    }

    #[test]
    fn oids() {
        assert_eq!(
            oid_to_string(&hex::decode("2a8648ce3d030107").unwrap()).unwrap(),
            "1.2.840.10045.3.1.7"
        );
        assert_eq!(
            oid_to_string(&hex::decode("2b81040022").unwrap()).unwrap(),
            "1.3.132.0.34"
        );
        assert_eq!(oid_to_string(&[0x80]), None);
        assert_eq!(oid_to_string(&[0x81]), None);
        assert_eq!(oid_to_string(&[]), None);
    }
}
