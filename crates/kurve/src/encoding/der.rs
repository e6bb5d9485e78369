//! Strict DER for ECDSA signatures (SEC 1 v2 §C.5, ITU-T X.690 §10 DER rules).
//!
//! An ECDSA signature is serialized as
//!
//! ```text
//! ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }
//! ```
//!
//! Only the one DER encoding of each value is accepted: every BER freedom
//! (indefinite or non-minimal lengths, padded or negative integers, trailing
//! bytes) is refused, so a signature cannot be re-encoded into a second valid
//! form (signature malleability, Wycheproof "BerEncodedSignature").
//!
//! Signatures are public data: nothing here is constant time, and nothing needs
//! to be. Nothing here panics or allocates on any input.
//!
//! The TLV reader is shared with [`super::spki`].

use crate::{ByteBuf, Error};

/// DER tag of an INTEGER (universal, primitive, 2).
pub(crate) const TAG_INTEGER: u8 = 0x02;
/// DER tag of a BIT STRING (universal, primitive, 3).
pub(crate) const TAG_BIT_STRING: u8 = 0x03;
/// DER tag of a NULL (universal, primitive, 5).
pub(crate) const TAG_NULL: u8 = 0x05;
/// DER tag of an OBJECT IDENTIFIER (universal, primitive, 6).
pub(crate) const TAG_OID: u8 = 0x06;
/// DER tag of a SEQUENCE (universal, constructed, 16).
pub(crate) const TAG_SEQUENCE: u8 = 0x30;

/// Reads a strict-DER length (X.690 §8.1.3 with the DER restriction §10.1).
///
/// Returns the length and the bytes after the length octets. Refuses the
/// indefinite form (0x80), the reserved 0xff, long forms with a leading zero
/// octet or whose value would fit the short form, and lengths of more than
/// four octets (no input kurve accepts is that long). Never panics.
pub(crate) fn read_len(input: &[u8]) -> Option<(usize, &[u8])> {
    let (&first, rest) = input.split_first()?;
    if first < 0x80 {
        return Some((usize::from(first), rest));
    }
    let n = usize::from(first & 0x7f);
    if n == 0 || n > 4 {
        return None;
    }
    let octets = rest.get(..n)?;
    let rest = rest.get(n..)?;
    if *octets.first()? == 0 {
        return None;
    }
    let mut len: usize = 0;
    for &b in octets {
        len = len.checked_mul(256)?.checked_add(usize::from(b))?;
    }
    if len < 0x80 {
        return None;
    }
    Some((len, rest))
}

/// Reads one TLV whose tag octet must be `tag`; returns `(content, rest)`.
///
/// The content must lie entirely inside `input`; `rest` is what follows it.
/// Only single-octet tags are supported (every tag used here is one). Strict
/// DER lengths as in [`read_len`]. Never panics.
pub(crate) fn read_tlv(input: &[u8], tag: u8) -> Option<(&[u8], &[u8])> {
    let (&t, rest) = input.split_first()?;
    if t != tag {
        return None;
    }
    let (len, rest) = read_len(rest)?;
    let content = rest.get(..len)?;
    let rest = rest.get(len..)?;
    Some((content, rest))
}

/// Like [`read_tlv`], but `input` must hold exactly one TLV (no trailing bytes).
pub(crate) fn read_tlv_exact(input: &[u8], tag: u8) -> Option<&[u8]> {
    match read_tlv(input, tag)? {
        (content, []) => Some(content),
        _ => None,
    }
}

/// The magnitude of a non-negative, minimally encoded DER INTEGER content.
///
/// Refuses empty content, negative values (top bit of the first octet set,
/// which includes 0xff prefixes) and non-minimal encodings (0x00 followed by an
/// octet below 0x80). Strips the 0x00 sign octet of values whose top bit is
/// set. Zero (content `00`) is returned as the one-octet slice `[0x00]`.
fn int_magnitude(content: &[u8]) -> Option<&[u8]> {
    match content {
        [] => None,
        [b0, ..] if b0 & 0x80 != 0 => None,
        [0x00, b1, ..] if b1 & 0x80 == 0 => None,
        [0x00, rest @ ..] if !rest.is_empty() => Some(rest),
        _ => Some(content),
    }
}

/// Parses a strict-DER ECDSA signature `SEQUENCE { r INTEGER, s INTEGER }`
/// (SEC 1 v2 §C.5; X.690 §10 DER) and returns the magnitudes of `r` and `s`.
///
/// The returned slices borrow from `sig`: big-endian, with the 0x00 sign octet
/// removed, so the first octet is non-zero, except for the value zero, which
/// is returned as `[0x00]`. Zero is syntactically valid here; checking
/// `0 < r, s < n` and the length against the curve is the caller's job.
///
/// Fails with [`Error::InvalidSignature`] on anything that is not the unique
/// DER encoding: a wrong tag, indefinite or non-minimal length, a length that
/// overruns its container, trailing bytes inside or after the SEQUENCE, an
/// empty, negative or zero-padded INTEGER, or a missing element.
///
/// Not constant time (signatures are public). Never panics, never allocates.
pub fn decode_ecdsa_sig(sig: &[u8]) -> Result<(&[u8], &[u8]), Error> {
    fn parse(sig: &[u8]) -> Option<(&[u8], &[u8])> {
        let seq = read_tlv_exact(sig, TAG_SEQUENCE)?;
        let (r, rest) = read_tlv(seq, TAG_INTEGER)?;
        let s = read_tlv_exact(rest, TAG_INTEGER)?;
        Some((int_magnitude(r)?, int_magnitude(s)?))
    }
    parse(sig).ok_or(Error::InvalidSignature)
}

/// Drops leading zero octets of a big-endian magnitude.
fn strip_leading_zeros(v: &[u8]) -> &[u8] {
    let first = v.iter().position(|&b| b != 0).unwrap_or(v.len());
    v.get(first..).unwrap_or(&[])
}

/// Number of content octets of the DER INTEGER for a stripped magnitude.
fn int_content_len(mag: &[u8]) -> Option<usize> {
    match mag.first() {
        None => Some(1),
        Some(b) if b & 0x80 != 0 => mag.len().checked_add(1),
        Some(_) => Some(mag.len()),
    }
}

/// Number of octets of the DER length field for `len`.
fn len_field_len(len: usize) -> usize {
    if len < 0x80 {
        1
    } else {
        let bytes = (usize::BITS - len.leading_zeros()).div_ceil(8);
        1 + bytes as usize
    }
}

/// Appends a minimal DER length.
fn push_len(out: &mut ByteBuf, len: usize) -> Result<(), Error> {
    if len < 0x80 {
        return out.push(len as u8);
    }
    let n = len_field_len(len) - 1;
    out.push(0x80 | n as u8)?;
    let be = len.to_be_bytes();
    let start = be.len().checked_sub(n).ok_or(Error::BufferTooSmall)?;
    out.extend_from_slice(be.get(start..).ok_or(Error::BufferTooSmall)?)
}

/// Appends the DER INTEGER for a stripped magnitude.
fn push_int(out: &mut ByteBuf, mag: &[u8]) -> Result<(), Error> {
    let len = int_content_len(mag).ok_or(Error::BufferTooSmall)?;
    out.push(TAG_INTEGER)?;
    push_len(out, len)?;
    match mag.first() {
        None => out.push(0x00),
        Some(b) if b & 0x80 != 0 => {
            out.push(0x00)?;
            out.extend_from_slice(mag)
        }
        Some(_) => out.extend_from_slice(mag),
    }
}

/// Encodes `(r, s)` as a strict-DER ECDSA signature `SEQUENCE { r INTEGER,
/// s INTEGER }` (SEC 1 v2 §C.5; X.690 §10 DER).
///
/// `r` and `s` are big-endian magnitudes of any length; leading zero octets
/// are allowed and stripped, an empty slice means zero. Each INTEGER gets a
/// 0x00 sign octet when its top bit is set; lengths above 127 use the long
/// form (`0x81 len`, as for a secp521r1 signature of 139 bytes). The output
/// decodes with [`decode_ecdsa_sig`] to the same magnitudes.
///
/// Fails with [`Error::BufferTooSmall`] if the encoding would exceed
/// [`ByteBuf::CAPACITY`]. Not constant time (signatures are public; the
/// running time depends on the number of leading zero octets). Never panics,
/// never allocates.
pub fn encode_ecdsa_sig(r: &[u8], s: &[u8]) -> Result<ByteBuf, Error> {
    let r = strip_leading_zeros(r);
    let s = strip_leading_zeros(s);
    let tlv_len = |mag: &[u8]| -> Option<usize> {
        let c = int_content_len(mag)?;
        c.checked_add(1)?.checked_add(len_field_len(c))
    };
    let content = tlv_len(r)
        .zip(tlv_len(s))
        .and_then(|(a, b)| a.checked_add(b))
        .ok_or(Error::BufferTooSmall)?;
    let mut out = ByteBuf::new();
    out.push(TAG_SEQUENCE)?;
    push_len(&mut out, content)?;
    push_int(&mut out, r)?;
    push_int(&mut out, s)?;
    Ok(out)
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

    fn rejects(sig: &[u8]) {
        assert_eq!(
            decode_ecdsa_sig(sig),
            Err(Error::InvalidSignature),
            "accepted {:02x?}",
            sig
        );
    }

    /// Every accepted input is the unique DER encoding of what it decodes to.
    fn canonical_if_accepted(sig: &[u8]) {
        if let Ok((r, s)) = decode_ecdsa_sig(sig) {
            let again = encode_ecdsa_sig(r, s).expect("re-encode");
            assert_eq!(again.as_slice(), sig, "accepted a non-canonical encoding");
        }
    }

    // A P-256 signature (Wycheproof-style shape: r needs a 0x00 sign byte, s does not).
    const P256_SIG: &str = "3045022100b292a619339f6e567a305c951c0dcbcc42d16e47f219f9e98e76e09d8770b34a02200177e60492c5a8242f76f07bfe3661bde59ec2a17ce5bd2dab2abebdf89a62e2";

    #[test]
    fn decode_p256_signature() {
        let mut buf = [0u8; 128];
        let n = unhex(P256_SIG, &mut buf);
        let (r, s) = decode_ecdsa_sig(&buf[..n]).unwrap();
        assert_eq!(r.len(), 32);
        assert_eq!(r[0], 0xb2);
        assert_eq!(s.len(), 32);
        assert_eq!(s[0], 0x01);
        assert_eq!(encode_ecdsa_sig(r, s).unwrap().as_slice(), &buf[..n]);
    }

    #[test]
    fn round_trips_all_lengths_and_top_bits() {
        // Magnitudes 0..=70 bytes, with top byte 0x01, 0x7f, 0x80, 0xff and with
        // leading zero bytes on input.
        for len in 0..=70usize {
            for &top in &[0x01u8, 0x7f, 0x80, 0xff] {
                let mut r = [0u8; 72];
                let mut s = [0u8; 72];
                for i in 0..len {
                    r[2 + i] = (i as u8).wrapping_mul(37).wrapping_add(11);
                    s[2 + i] = (i as u8).wrapping_mul(91).wrapping_add(3);
                }
                if len > 0 {
                    r[2] = top;
                    s[2] = top ^ 0x80 | 1;
                }
                // Input with two leading zeros: must be stripped.
                let enc = encode_ecdsa_sig(&r[..2 + len], &s[..2 + len]).unwrap();
                let (dr, ds) = decode_ecdsa_sig(enc.as_slice()).unwrap();
                if len == 0 {
                    assert_eq!(dr, &[0u8][..]);
                    assert_eq!(ds, &[0u8][..]);
                } else {
                    assert_eq!(dr, &r[2..2 + len]);
                    assert_eq!(ds, &s[2..2 + len]);
                }
                // And the encoding is the same as without leading zeros.
                let enc2 = encode_ecdsa_sig(&r[2..2 + len], &s[2..2 + len]).unwrap();
                assert_eq!(enc, enc2);
                canonical_if_accepted(enc.as_slice());
            }
        }
    }

    #[test]
    fn zero_values() {
        let enc = encode_ecdsa_sig(&[], &[0, 0, 0]).unwrap();
        assert_eq!(
            enc.as_slice(),
            &[0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x00]
        );
        let (r, s) = decode_ecdsa_sig(enc.as_slice()).unwrap();
        assert_eq!((r, s), (&[0u8][..], &[0u8][..]));
    }

    #[test]
    fn p521_size_signature_uses_long_form() {
        // secp521r1: r and s are 66 bytes with top byte 0x01 → INTEGERs of 68
        // bytes each → SEQUENCE content 136 bytes → 0x30 0x81 0x88 … = 139 bytes.
        let mut r = [0xa5u8; 66];
        let mut s = [0x5au8; 66];
        r[0] = 0x01;
        s[0] = 0x01;
        let enc = encode_ecdsa_sig(&r, &s).unwrap();
        assert_eq!(enc.len(), 139);
        assert_eq!(&enc.as_slice()[..3], &[0x30, 0x81, 0x88]);
        assert_eq!(&enc.as_slice()[3..5], &[0x02, 0x42]);
        let (dr, ds) = decode_ecdsa_sig(enc.as_slice()).unwrap();
        assert_eq!((dr, ds), (&r[..], &s[..]));

        // The same content with the short form 0x30 0x88 is not valid BER
        // either (0x88 = long form with 8 length bytes): rejected.
        let mut bad = [0u8; 139];
        bad.copy_from_slice(enc.as_slice());
        let mut shifted = [0u8; 138];
        shifted[0] = 0x30;
        shifted[1] = 0x88;
        shifted[2..].copy_from_slice(&bad[3..]);
        rejects(&shifted);

        // A long-form length on a short sequence (0x81 0x06) is non-minimal.
        rejects(&[0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]);

        // Truncated at every length, and with one trailing byte.
        for cut in 0..enc.len() {
            rejects(&enc.as_slice()[..cut]);
        }
        let mut long = [0u8; 140];
        long[..139].copy_from_slice(enc.as_slice());
        rejects(&long);
    }

    #[test]
    fn truncations_at_every_length_are_rejected() {
        let mut buf = [0u8; 128];
        let n = unhex(P256_SIG, &mut buf);
        for cut in 0..n {
            rejects(&buf[..cut]);
        }
    }

    #[test]
    fn malformed_encodings_are_rejected() {
        // Base: SEQUENCE { INTEGER 1, INTEGER 2 }.
        let good: &[u8] = &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02];
        assert_eq!(decode_ecdsa_sig(good), Ok((&[1u8][..], &[2u8][..])));
        let bad: &[&[u8]] = &[
            // empty
            &[],
            // wrong outer tag (SET, context tag, OCTET STRING, high tag form)
            &[0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0xa0, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x04, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x1f, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            // primitive SEQUENCE tag (0x10)
            &[0x10, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            // wrong inner tags
            &[0x30, 0x06, 0x03, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x0a, 0x01, 0x02],
            &[0x30, 0x06, 0x22, 0x01, 0x01, 0x02, 0x01, 0x02],
            // indefinite length (BER) with end-of-contents
            &[0x30, 0x80, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00, 0x00],
            &[0x30, 0x08, 0x02, 0x80, 0x01, 0x00, 0x00, 0x02, 0x01, 0x02],
            // long-form lengths where short form suffices
            &[0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x82, 0x00, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x07, 0x02, 0x81, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x81, 0x01, 0x02],
            // length-of-length 0xff (reserved) and oversized
            &[0x30, 0xff, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[
                0x30, 0x85, 0x00, 0x00, 0x00, 0x00, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02,
            ],
            &[
                0x30, 0x84, 0xff, 0xff, 0xff, 0xff, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02,
            ],
            // sequence length too long / too short
            &[0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x05, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x00, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            // integer lengths overrunning / underrunning
            &[0x30, 0x06, 0x02, 0x02, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x02, 0x02],
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x00, 0x02],
            // trailing garbage after the sequence
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00],
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x05, 0x00],
            // trailing element inside the sequence
            &[0x30, 0x08, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x05, 0x00],
            &[
                0x30, 0x09, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x02, 0x01, 0x03,
            ],
            // trailing byte inside the sequence after s
            &[0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02, 0x00],
            // missing s / missing both
            &[0x30, 0x03, 0x02, 0x01, 0x01],
            &[0x30, 0x00],
            // zero-length integers
            &[0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x02],
            &[0x30, 0x05, 0x02, 0x01, 0x01, 0x02, 0x00],
            // negative integers (top bit set without 0x00)
            &[0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x02],
            &[0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0xff],
            // 0xff prefixes (negative, non-minimal)
            &[0x30, 0x07, 0x02, 0x02, 0xff, 0x81, 0x02, 0x01, 0x02],
            // extra zero (0x00 followed by a byte < 0x80)
            &[0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x02],
            &[0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x02, 0x00, 0x02],
            &[0x30, 0x07, 0x02, 0x02, 0x00, 0x00, 0x02, 0x01, 0x02],
            &[0x30, 0x08, 0x02, 0x03, 0x00, 0x00, 0x81, 0x02, 0x01, 0x02],
            // r and s swapped into nested sequence
            &[0x30, 0x08, 0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x02],
            // a lone tag / tag and length only
            &[0x30],
            &[0x30, 0x06],
            &[0x02, 0x01, 0x01],
        ];
        for b in bad {
            rejects(b);
        }
    }

    #[test]
    fn missing_and_extra_zero_on_real_signature() {
        let mut buf = [0u8; 128];
        let n = unhex(P256_SIG, &mut buf);
        let sig = &buf[..n];
        // Missing zero: r = 0xb2… without its 0x00 sign byte (negative).
        let mut m = [0u8; 128];
        m[0] = 0x30;
        m[1] = sig[1] - 1;
        m[2] = 0x02;
        m[3] = 0x20;
        m[4..n - 1].copy_from_slice(&sig[5..n]);
        rejects(&m[..n - 1]);
        // Extra zero on s: 0x00 0x01 … (0x01 < 0x80, so non-minimal).
        let mut e = [0u8; 128];
        let s_at = 4 + 0x21; // offset of s's tag
        e[..s_at].copy_from_slice(&sig[..s_at]);
        e[1] = sig[1] + 1;
        e[s_at] = 0x02;
        e[s_at + 1] = 0x21;
        e[s_at + 2] = 0x00;
        e[s_at + 3..n + 1].copy_from_slice(&sig[s_at + 2..n]);
        rejects(&e[..n + 1]);
        // Extra zero on r: 0x00 0x00 0xb2…
        let mut z = [0u8; 128];
        z[0] = 0x30;
        z[1] = sig[1] + 1;
        z[2] = 0x02;
        z[3] = 0x22;
        z[4] = 0x00;
        z[5..n + 1].copy_from_slice(&sig[4..n]);
        rejects(&z[..n + 1]);
    }

    #[test]
    fn mutations_never_panic_and_accepted_means_canonical() {
        // Every single-byte change (all 256 values at every position) of two
        // real encodings, plus every single-byte deletion and insertion.
        let mut p256 = [0u8; 128];
        let n256 = unhex(P256_SIG, &mut p256);
        let mut r = [0x7fu8; 66];
        r[0] = 0x01;
        let p521 = encode_ecdsa_sig(&r, &[0x80; 66]).unwrap();
        for base in [&p256[..n256], p521.as_slice()] {
            let n = base.len();
            let mut m = [0u8; 160];
            for pos in 0..n {
                for v in 0..=255u8 {
                    m[..n].copy_from_slice(base);
                    m[pos] = v;
                    canonical_if_accepted(&m[..n]);
                }
                // deletion
                m[..pos].copy_from_slice(&base[..pos]);
                m[pos..n - 1].copy_from_slice(&base[pos + 1..]);
                canonical_if_accepted(&m[..n - 1]);
                // insertion
                for v in [0x00u8, 0x80, 0xff] {
                    m[..pos].copy_from_slice(&base[..pos]);
                    m[pos] = v;
                    m[pos + 1..n + 1].copy_from_slice(&base[pos..]);
                    canonical_if_accepted(&m[..n + 1]);
                }
            }
        }
    }

    #[test]
    fn pseudo_random_inputs_never_panic() {
        // xorshift; short inputs biased towards DER-looking prefixes.
        let mut st: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            st ^= st << 13;
            st ^= st >> 7;
            st ^= st << 17;
            st
        };
        let mut buf = [0u8; 80];
        for _ in 0..200_000 {
            let len = (next() % 80) as usize;
            for b in buf.iter_mut().take(len) {
                *b = next() as u8;
            }
            if len > 2 && next() % 2 == 0 {
                buf[0] = 0x30;
                buf[1] = (len - 2) as u8;
                buf[2] = 0x02;
            }
            canonical_if_accepted(&buf[..len]);
        }
    }

    #[test]
    fn encode_refuses_oversized() {
        let big = [0xffu8; 200];
        assert_eq!(encode_ecdsa_sig(&big, &big), Err(Error::BufferTooSmall));
        // 120 + 120 bytes with sign bytes → 246 content + 3 header = 249: fits.
        let ok = [0x80u8; 120];
        let enc = encode_ecdsa_sig(&ok, &ok).unwrap();
        assert_eq!(enc.len(), 249);
        assert_eq!(
            decode_ecdsa_sig(enc.as_slice()).unwrap(),
            (&ok[..], &ok[..])
        );
    }

    #[test]
    fn read_len_rules() {
        assert_eq!(read_len(&[0x00]), Some((0, &[][..])));
        assert_eq!(read_len(&[0x7f, 0xaa]), Some((127, &[0xaa][..])));
        assert_eq!(read_len(&[0x81, 0x80]), Some((128, &[][..])));
        assert_eq!(read_len(&[0x82, 0x01, 0x00]), Some((256, &[][..])));
        assert_eq!(read_len(&[0x81, 0x7f]), None);
        assert_eq!(read_len(&[0x82, 0x00, 0x80]), None);
        assert_eq!(read_len(&[0x80]), None);
        assert_eq!(read_len(&[0xff]), None);
        assert_eq!(read_len(&[0x82, 0x01]), None);
        assert_eq!(read_len(&[]), None);
        assert_eq!(
            read_len(&[0x84, 0x7f, 0xff, 0xff, 0xff]),
            Some((0x7fff_ffff, &[][..]))
        );
    }
}
