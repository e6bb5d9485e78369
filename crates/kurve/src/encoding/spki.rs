//! X.509 SubjectPublicKeyInfo for elliptic-curve keys (RFC 5480 §2, strict DER
//! per ITU-T X.690 §10).
//!
//! ```text
//! SubjectPublicKeyInfo ::= SEQUENCE {
//!     algorithm         AlgorithmIdentifier,   -- SEQUENCE { OID, parameters }
//!     subjectPublicKey  BIT STRING }           -- the SEC 1 point
//! ECParameters ::= CHOICE {
//!     namedCurve        OBJECT IDENTIFIER,     -- the only form accepted
//!     implicitCurve     NULL,                  -- RFC 5480: MUST NOT be used
//!     specifiedCurve    SpecifiedECDomain }    -- RFC 5480: MUST NOT be used
//! ```
//!
//! Public keys are public data: nothing here is constant time. Nothing here
//! panics or allocates on any input.

use super::der::{read_tlv, read_tlv_exact, TAG_BIT_STRING, TAG_NULL, TAG_OID, TAG_SEQUENCE};
use crate::Error;

/// DER content octets of id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 §2.1.1).
pub const ID_EC_PUBLIC_KEY: &[u8] = &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01];

/// The parts of an EC SubjectPublicKeyInfo (RFC 5480 §2), borrowed from the
/// DER input.
///
/// Plain data: holds public bytes only, no validation beyond what
/// [`decode_ec_spki`] documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EcSpki<'a> {
    /// Content octets of the namedCurve OBJECT IDENTIFIER (no tag or length),
    /// e.g. `2a 86 48 ce 3d 03 01 07` for secp256r1 (1.2.840.10045.3.1.7).
    /// Compare it with [`oid_matches`]. Guaranteed to be a well-formed OID
    /// encoding (non-empty, minimal base-128 arcs, complete last arc).
    pub curve_oid: &'a [u8],
    /// The SEC 1 encoded point carried in the BIT STRING (0x04‖X‖Y, or a
    /// compressed 0x02/0x03‖X). Non-empty; not otherwise checked: decode it
    /// with the curve's SEC 1 decoder, which validates it.
    pub point: &'a [u8],
}

/// True if `oid` is a well-formed DER OID content: non-empty, every arc in
/// minimal base-128 form (no leading 0x80 octet), last octet completing an arc.
fn oid_well_formed(oid: &[u8]) -> bool {
    let mut at_arc_start = true;
    for &b in oid {
        if at_arc_start && b == 0x80 {
            return false;
        }
        at_arc_start = b & 0x80 == 0;
    }
    !oid.is_empty() && at_arc_start
}

/// Parses a DER X.509 SubjectPublicKeyInfo holding an elliptic-curve public
/// key (RFC 5480 §2) and returns the named curve's OID and the SEC 1 point.
///
/// Requirements: the algorithm is id-ecPublicKey (1.2.840.10045.2.1) with
/// `namedCurve` parameters; the BIT STRING has 0 unused bits and is not
/// empty; every length is minimal strict DER; nothing trails any element or
/// the whole structure.
///
/// Fails with [`Error::Unsupported`] when the structure is otherwise valid but
/// the parameters are `specifiedCurve` (explicit ECParameters, a SEQUENCE) or
/// `implicitCurve` (NULL); both are forbidden by RFC 5480 §2.1.1. Fails with
/// [`Error::InvalidEncoding`] on anything else: malformed or non-strict DER,
/// truncation, trailing bytes, another algorithm OID (RSA, Ed25519, id-ecDH,
/// …), a malformed curve OID, or non-zero unused bits.
///
/// The curve OID is not looked up here and the point is not decoded: both are
/// the caller's (curve registry and SEC 1) job.
///
/// Not constant time (public keys are public). Never panics, never allocates.
pub fn decode_ec_spki(der: &[u8]) -> Result<EcSpki<'_>, Error> {
    /// Where the parameters stand once the structure has been parsed.
    enum Params<'a> {
        Named(&'a [u8]),
        Unsupported,
    }
    fn parse(der: &[u8]) -> Option<(Params<'_>, &[u8])> {
        let spki = read_tlv_exact(der, TAG_SEQUENCE)?;
        let (alg, rest) = read_tlv(spki, TAG_SEQUENCE)?;
        let bits = read_tlv_exact(rest, TAG_BIT_STRING)?;
        let (alg_oid, params) = read_tlv(alg, TAG_OID)?;
        if alg_oid != ID_EC_PUBLIC_KEY {
            return None;
        }
        let params = match *params.first()? {
            TAG_OID => {
                let oid = read_tlv_exact(params, TAG_OID)?;
                if !oid_well_formed(oid) {
                    return None;
                }
                Params::Named(oid)
            }
            TAG_SEQUENCE => {
                read_tlv_exact(params, TAG_SEQUENCE)?;
                Params::Unsupported
            }
            TAG_NULL => {
                if !read_tlv_exact(params, TAG_NULL)?.is_empty() {
                    return None;
                }
                Params::Unsupported
            }
            _ => return None,
        };
        let point = match bits {
            [0x00, point @ ..] if !point.is_empty() => point,
            _ => return None,
        };
        Some((params, point))
    }
    match parse(der) {
        Some((Params::Named(curve_oid), point)) => Ok(EcSpki { curve_oid, point }),
        Some((Params::Unsupported, _)) => Err(Error::Unsupported),
        None => Err(Error::InvalidEncoding),
    }
}

/// Parses one decimal arc of a dotted OID: ASCII digits, no sign, no leading
/// zero (except "0" itself), no overflow of `u128`.
fn parse_arc(s: &str) -> Option<u128> {
    let b = s.as_bytes();
    if b.is_empty() || (b.len() > 1 && b.first() == Some(&b'0')) {
        return None;
    }
    let mut v: u128 = 0;
    for &c in b {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(u128::from(c - b'0'))?;
    }
    Some(v)
}

/// Compares `oid.get(*pos..)` with the base-128 DER encoding of `v`
/// (X.690 §8.19.2), advancing `*pos` past it. False on any mismatch.
fn match_subidentifier(oid: &[u8], pos: &mut usize, v: u128) -> bool {
    let bits = u128::BITS - v.leading_zeros();
    let groups = bits.div_ceil(7).max(1);
    for g in (0..groups).rev() {
        let mut byte = ((v >> (7 * g)) & 0x7f) as u8;
        if g != 0 {
            byte |= 0x80;
        }
        match oid.get(*pos) {
            Some(&b) if b == byte => *pos += 1,
            _ => return false,
        }
    }
    true
}

/// True if `oid_content` (DER OBJECT IDENTIFIER content octets, as in
/// [`EcSpki::curve_oid`]) encodes the OID written in dotted decimal in
/// `dotted`, e.g. `"1.2.840.10045.3.1.7"` (X.690 §8.19).
///
/// The dotted string is parsed and each arc encoded in base 128 on the fly,
/// so nothing is allocated. Returns false, rather than failing, for a dotted
/// string that is not a valid OID (fewer than two arcs, empty arcs, leading
/// zeros, non-digits, first arc above 2, second arc above 39 under arcs 0 and
/// 1, arcs beyond `u128`) and for any content that differs by even one octet,
/// including non-minimal encodings.
///
/// Not constant time (OIDs are public). Never panics.
pub fn oid_matches(oid_content: &[u8], dotted: &str) -> bool {
    let mut arcs = dotted.split('.');
    let (Some(a1), Some(a2)) = (
        arcs.next().and_then(parse_arc),
        arcs.next().and_then(parse_arc),
    ) else {
        return false;
    };
    if a1 > 2 || (a1 < 2 && a2 > 39) {
        return false;
    }
    let Some(first) = a1.checked_mul(40).and_then(|f| f.checked_add(a2)) else {
        return false;
    };
    let mut pos = 0usize;
    if !match_subidentifier(oid_content, &mut pos, first) {
        return false;
    }
    for arc in arcs {
        match parse_arc(arc) {
            Some(v) if match_subidentifier(oid_content, &mut pos, v) => {}
            _ => return false,
        }
    }
    pos == oid_content.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hex into a fixed buffer; returns the length. Test helper only.
    fn unhex(s: &str, out: &mut [u8]) -> usize {
        let s = s.as_bytes();
        assert!(s.len() % 2 == 0 && s.len() / 2 <= out.len());
        let nib = |c: u8| match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("bad hex"),
        };
        for (i, pair) in s.chunks(2).enumerate() {
            out[i] = (nib(pair[0]) << 4) | nib(pair[1]);
        }
        s.len() / 2
    }

    // Produced with
    //   openssl ecparam -name NAME -genkey -noout |
    //   openssl ec -pubout -outform DER [-conv_form compressed | -param_enc explicit]
    const P256: &str = "3059301306072a8648ce3d020106082a8648ce3d03010703420004cfcd527b1b170325054eae12537c4332e7b09981e0c935f4751916b2461758ee279ff7961cb74257e400a7e6f0fd25001a9d0e18096b924a14023d3dc482f745";
    const P256_COMPRESSED: &str = "3039301306072a8648ce3d020106082a8648ce3d03010703220003cfcd527b1b170325054eae12537c4332e7b09981e0c935f4751916b2461758ee";
    const BRAINPOOL_P256R1: &str = "305a301406072a8648ce3d020106092b2403030208010107034200044c0fe9a879dc643b962557cbcf49a04901fcb59a3fa9f7f63fcd289728fdf3578faa2ac49efcaa4e7d090dfeb43ebae5af644081101ad86c5043948d1be69ed5";
    const P384: &str = "3076301006072a8648ce3d020106052b8104002203620004499e4081a52b27bf6f4cc167dd9581bc13a880a017794e61f917e53b0de952cd6d7b5b57e36dbed51a27fd004e8dcbe2e0bc6512795af694472ae21f5ef2bd830a61df0b47c9ba34fac43e80e623c6336fd453657df8fe97164804031070ad37";
    const P521: &str = "30819b301006072a8648ce3d020106052b81040023038186000401297ba7301b2668286a7b01b321ae834e9941e49e38e8e46d5bad46b82f1f869ed41c16b9dd8c5f25d9386bd905029cfaa6405e6a5c208740fcb7297399c813919b00741e874258f359abc52ab2aa8cdf28a7d5ee42ab5d5e24d94ca7a262e7ea205dca80f6d165e61f99afdbd21582772ef2557cea6e4949631624a169133669d23ea2";
    const P256_EXPLICIT: &str = "3082014b3082010306072a8648ce3d02013081f7020101302c06072a8648ce3d0101022100ffffffff00000001000000000000000000000000ffffffffffffffffffffffff305b0420ffffffff00000001000000000000000000000000fffffffffffffffffffffffc04205ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b031500c49d360886e704936a6678e1139d26b7819f7e900441046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5022100ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc63255102010103420004cfcd527b1b170325054eae12537c4332e7b09981e0c935f4751916b2461758ee279ff7961cb74257e400a7e6f0fd25001a9d0e18096b924a14023d3dc482f745";
    const ED25519: &str =
        "302a300506032b65700321005ceb2390df9e857ac4415b9b94adce3df42bb00bb92e6dfa9cae6dc61f166cff";

    fn buf(h: &str) -> ([u8; 400], usize) {
        let mut b = [0u8; 400];
        let n = unhex(h, &mut b);
        (b, n)
    }

    #[test]
    fn p256() {
        let (b, n) = buf(P256);
        let k = decode_ec_spki(&b[..n]).unwrap();
        assert!(oid_matches(k.curve_oid, "1.2.840.10045.3.1.7"));
        assert!(!oid_matches(k.curve_oid, "1.3.36.3.3.2.8.1.1.7"));
        assert_eq!(k.point.len(), 65);
        assert_eq!(k.point[0], 0x04);
        assert_eq!(&k.point[1..3], &[0xcf, 0xcd]);
    }

    #[test]
    fn p256_compressed() {
        let (b, n) = buf(P256_COMPRESSED);
        let k = decode_ec_spki(&b[..n]).unwrap();
        assert!(oid_matches(k.curve_oid, "1.2.840.10045.3.1.7"));
        assert_eq!(k.point.len(), 33);
        assert_eq!(k.point[0], 0x03);
    }

    #[test]
    fn brainpool_p256r1() {
        let (b, n) = buf(BRAINPOOL_P256R1);
        let k = decode_ec_spki(&b[..n]).unwrap();
        assert!(oid_matches(k.curve_oid, "1.3.36.3.3.2.8.1.1.7"));
        assert!(!oid_matches(k.curve_oid, "1.3.36.3.3.2.8.1.1.8"));
        assert!(!oid_matches(k.curve_oid, "1.2.840.10045.3.1.7"));
        assert_eq!(k.point.len(), 65);
        assert_eq!(k.point[0], 0x04);
    }

    #[test]
    fn p384_and_p521_long_form_lengths() {
        let (b, n) = buf(P384);
        let k = decode_ec_spki(&b[..n]).unwrap();
        assert!(oid_matches(k.curve_oid, "1.3.132.0.34"));
        assert_eq!(k.point.len(), 97);
        let (b, n) = buf(P521);
        let k = decode_ec_spki(&b[..n]).unwrap();
        assert!(oid_matches(k.curve_oid, "1.3.132.0.35"));
        assert!(!oid_matches(k.curve_oid, "1.3.132.0.34"));
        assert_eq!(k.point.len(), 133);
    }

    #[test]
    fn explicit_parameters_are_unsupported() {
        let (b, n) = buf(P256_EXPLICIT);
        assert_eq!(decode_ec_spki(&b[..n]), Err(Error::Unsupported));
        // …but a truncated one is simply malformed.
        assert_eq!(decode_ec_spki(&b[..n - 1]), Err(Error::InvalidEncoding));
    }

    #[test]
    fn implicit_curve_null_is_unsupported() {
        // SEQUENCE { SEQUENCE { id-ecPublicKey, NULL }, BIT STRING { 00 04 01 02 } }
        let der = [
            0x30, 0x13, 0x30, 0x0b, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x05,
            0x00, 0x03, 0x04, 0x00, 0x04, 0x01, 0x02,
        ];
        assert_eq!(decode_ec_spki(&der), Err(Error::Unsupported));
        // NULL with content is malformed.
        let der = [
            0x30, 0x14, 0x30, 0x0c, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x05,
            0x01, 0x00, 0x03, 0x04, 0x00, 0x04, 0x01, 0x02,
        ];
        assert_eq!(decode_ec_spki(&der), Err(Error::InvalidEncoding));
    }

    #[test]
    fn other_algorithms_are_invalid() {
        let (b, n) = buf(ED25519);
        assert_eq!(decode_ec_spki(&b[..n]), Err(Error::InvalidEncoding));
        // id-ecDH (1.3.132.1.12) with a named curve.
        let der = [
            0x30, 0x18, 0x30, 0x10, 0x06, 0x05, 0x2b, 0x81, 0x04, 0x01, 0x0c, 0x06, 0x07, 0x2a,
            0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x03, 0x04, 0x00, 0x04, 0x01, 0x02,
        ];
        assert_eq!(decode_ec_spki(&der), Err(Error::InvalidEncoding));
    }

    #[test]
    fn truncations_and_trailing_bytes() {
        for h in [P256, P256_COMPRESSED, BRAINPOOL_P256R1, P384, P521] {
            let (mut b, n) = buf(h);
            for cut in 0..n {
                assert_eq!(
                    decode_ec_spki(&b[..cut]),
                    Err(Error::InvalidEncoding),
                    "cut {cut}"
                );
            }
            b[n] = 0x00;
            assert_eq!(decode_ec_spki(&b[..n + 1]), Err(Error::InvalidEncoding));
        }
    }

    #[test]
    fn structural_mutations() {
        let (b, n) = buf(P256);
        let base = &b[..n];
        let mutate = |at: usize, v: u8| {
            let mut m = [0u8; 400];
            m[..n].copy_from_slice(base);
            m[at] = v;
            decode_ec_spki(&m[..n]).map(|k| {
                assert!(oid_well_formed(k.curve_oid));
                assert!(!k.point.is_empty());
            })
        };
        // Non-zero unused bits in the BIT STRING (offset 25 = unused-bits octet).
        assert_eq!(base[25], 0x00);
        assert_eq!(mutate(25, 0x01), Err(Error::InvalidEncoding));
        assert_eq!(mutate(25, 0x07), Err(Error::InvalidEncoding));
        // Wrong outer tag, wrong algorithm tag, wrong BIT STRING tag (OCTET STRING).
        assert_eq!(mutate(0, 0x31), Err(Error::InvalidEncoding));
        assert_eq!(mutate(2, 0x31), Err(Error::InvalidEncoding));
        assert_eq!(mutate(23, 0x04), Err(Error::InvalidEncoding));
        // Curve OID tag not an OID.
        assert_eq!(mutate(13, 0x04), Err(Error::InvalidEncoding));
        // Algorithm OID changed by one arc.
        assert_eq!(mutate(10, 0x03), Err(Error::InvalidEncoding));
        // Every single-octet change either fails or still decodes to a
        // well-formed result; never panics.
        for at in 0..n {
            for v in 0..=255u8 {
                let _ = mutate(at, v);
            }
        }
    }

    #[test]
    fn non_minimal_lengths_rejected() {
        // The P-256 SPKI with its outer length written as 0x81 0x59.
        let (b, n) = buf(P256);
        let mut m = [0u8; 400];
        m[0] = 0x30;
        m[1] = 0x81;
        m[2] = 0x59;
        m[3..n + 1].copy_from_slice(&b[2..n]);
        assert_eq!(decode_ec_spki(&m[..n + 1]), Err(Error::InvalidEncoding));
        // Indefinite length with end-of-contents.
        let mut m = [0u8; 400];
        m[0] = 0x30;
        m[1] = 0x80;
        m[2..n].copy_from_slice(&b[2..n]);
        assert_eq!(decode_ec_spki(&m[..n + 2]), Err(Error::InvalidEncoding));
    }

    #[test]
    fn malformed_curve_oid_rejected() {
        // Curve OID 2a 86 48 ce 3d 03 01 07 rewritten with a padded arc
        // 80 86 48 … (non-minimal) and with an unfinished last arc.
        let (b, n) = buf(P256);
        let mut m = [0u8; 400];
        m[..n].copy_from_slice(&b[..n]);
        assert_eq!(
            &m[15..23],
            &[0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07]
        );
        m[22] = 0x87; // last octet has the continuation bit
        assert_eq!(decode_ec_spki(&m[..n]), Err(Error::InvalidEncoding));
        m[..n].copy_from_slice(&b[..n]);
        m[16] = 0x80; // arc starting with 0x80
        assert_eq!(decode_ec_spki(&m[..n]), Err(Error::InvalidEncoding));
    }

    #[test]
    fn empty_point_rejected() {
        // BIT STRING { 00 } (empty bit string) and BIT STRING {} (no unused-bits octet).
        let der = [
            0x30, 0x16, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06,
            0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x01, 0x00,
        ];
        assert_eq!(decode_ec_spki(&der), Err(Error::InvalidEncoding));
        let der = [
            0x30, 0x15, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06,
            0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x00,
        ];
        assert_eq!(decode_ec_spki(&der), Err(Error::InvalidEncoding));
    }

    #[test]
    fn oid_matching() {
        let p256 = [0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07];
        assert!(oid_matches(&p256, "1.2.840.10045.3.1.7"));
        assert!(!oid_matches(&p256, "1.2.840.10045.3.1"));
        assert!(!oid_matches(&p256, "1.2.840.10045.3.1.7.0"));
        assert!(!oid_matches(&p256, "1.2.840.10045.3.1.8"));
        assert!(!oid_matches(&p256[..7], "1.2.840.10045.3.1.7"));
        assert!(!oid_matches(&p256, "1.2.840.10045.3.1.07"));
        assert!(!oid_matches(&p256, "1.2.840.10045.3.1.7."));
        assert!(!oid_matches(&p256, ".1.2.840.10045.3.1.7"));
        assert!(!oid_matches(&p256, "1..2.840.10045.3.1.7"));
        assert!(!oid_matches(&p256, "1.2.840.10045.3.1.+7"));
        assert!(!oid_matches(&p256, ""));
        assert!(!oid_matches(&p256, "1"));
        assert!(!oid_matches(&[], ""));
        assert!(!oid_matches(&[], "1.2"));
        // id-ecPublicKey
        assert!(oid_matches(ID_EC_PUBLIC_KEY, "1.2.840.10045.2.1"));
        // secp256k1 1.3.132.0.10, secp384r1, secp521r1
        assert!(oid_matches(&[0x2b, 0x81, 0x04, 0x00, 0x0a], "1.3.132.0.10"));
        assert!(oid_matches(&[0x2b, 0x81, 0x04, 0x00, 0x22], "1.3.132.0.34"));
        // First subidentifier rules: 0.x, 1.x (x ≤ 39), 2.x (any x).
        assert!(oid_matches(&[0x00], "0.0"));
        assert!(oid_matches(&[0x27], "0.39"));
        assert!(!oid_matches(&[0x28], "0.40"));
        assert!(oid_matches(&[0x28], "1.0"));
        assert!(oid_matches(&[0x4f], "1.39"));
        assert!(oid_matches(&[0x50], "2.0"));
        assert!(oid_matches(&[0x81, 0x34, 0x03], "2.100.3")); // X.690 example
        assert!(!oid_matches(&[0x4f], "3.0"));
        // Zero arcs and multi-byte arcs; non-minimal content never matches.
        assert!(oid_matches(
            &[0x2a, 0x00, 0x7f, 0x81, 0x00],
            "1.2.0.127.128"
        ));
        assert!(!oid_matches(&[0x2a, 0x80, 0x00], "1.2.0"));
        assert!(!oid_matches(&[0x2a, 0x80, 0x7f], "1.2.127"));
        // A 2.25 UUID arc (128 bits) and one past u128.
        let mut uuid = [0u8; 20];
        uuid[0] = 0x69; // 2.25
        uuid[1] = 0x83; // 2^128 - 1 = 0x03 followed by 18 groups of 0x7f
        for b in uuid.iter_mut().take(19).skip(2) {
            *b = 0xff;
        }
        uuid[19] = 0x7f;
        assert!(oid_matches(
            &uuid,
            "2.25.340282366920938463463374607431768211455"
        ));
        assert!(!oid_matches(
            &uuid,
            "2.25.340282366920938463463374607431768211456"
        ));
        assert!(!oid_matches(
            &uuid,
            "2.25.340282366920938463463374607431768211454"
        ));
        assert!(oid_well_formed(&uuid));
    }
}
