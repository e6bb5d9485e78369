//! Shared helpers: curve and hash names, byte lengths, hex/decimal decoding,
//! padding, CAVP `Result` fields.

/// What this crate knows about a curve: its canonical (SEC 2 / RFC 5639) name,
/// its NIST name if any, and the byte lengths used to pad integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CurveInfo {
    /// Canonical name: `secp256r1`, `secp256k1`, `sect233k1`, `brainpoolP256r1`...
    pub name: &'static str,
    /// NIST / CAVP name (`P-256`, `K-233`, `B-233`), if any. secp256k1 has
    /// `K-256`, the name the cryptography project's SigGen file uses.
    pub nist: Option<&'static str>,
    /// Byte length of a field element (coordinate): ⌈log2(p)/8⌉, or ⌈m/8⌉ for
    /// a binary field F(2^m).
    pub field_len: usize,
    /// Byte length of a scalar: ⌈log2(n)/8⌉.
    pub scalar_len: usize,
    /// `true` for a binary (characteristic-2) curve.
    pub binary: bool,
}

macro_rules! curve {
    ($name:expr, $nist:expr, $f:expr, $s:expr, $bin:expr) => {
        CurveInfo {
            name: $name,
            nist: $nist,
            field_len: $f,
            scalar_len: $s,
            binary: $bin,
        }
    };
}

/// Every curve that appears in the loaded files (plus the other brainpool r1
/// curves). Scalar lengths of the binary curves follow the bit length of n
/// (e.g. K-233: n has 232 bits → 29 bytes; K-409: 407 bits → 51 bytes).
pub const CURVES: &[CurveInfo] = &[
    curve!("secp192r1", Some("P-192"), 24, 24, false),
    curve!("secp224r1", Some("P-224"), 28, 28, false),
    curve!("secp256r1", Some("P-256"), 32, 32, false),
    curve!("secp384r1", Some("P-384"), 48, 48, false),
    curve!("secp521r1", Some("P-521"), 66, 66, false),
    curve!("secp256k1", Some("K-256"), 32, 32, false),
    curve!("sect163k1", Some("K-163"), 21, 21, true),
    curve!("sect233k1", Some("K-233"), 30, 29, true),
    curve!("sect283k1", Some("K-283"), 36, 36, true),
    curve!("sect409k1", Some("K-409"), 52, 51, true),
    curve!("sect571k1", Some("K-571"), 72, 72, true),
    curve!("sect163r2", Some("B-163"), 21, 21, true),
    curve!("sect233r1", Some("B-233"), 30, 30, true),
    curve!("sect283r1", Some("B-283"), 36, 36, true),
    curve!("sect409r1", Some("B-409"), 52, 52, true),
    curve!("sect571r1", Some("B-571"), 72, 72, true),
    curve!("brainpoolP160r1", None, 20, 20, false),
    curve!("brainpoolP192r1", None, 24, 24, false),
    curve!("brainpoolP224r1", None, 28, 28, false),
    curve!("brainpoolP256r1", None, 32, 32, false),
    curve!("brainpoolP320r1", None, 40, 40, false),
    curve!("brainpoolP384r1", None, 48, 48, false),
    curve!("brainpoolP512r1", None, 64, 64, false),
];

/// The curves this crate's step targets (ECDSA / ECDH over the NIST prime
/// curves and secp256k1), by canonical name. Records for any other curve are
/// still returned by the loaders; callers count them as skipped.
pub const PRIME_CURVES: [&str; 6] = [
    "secp192r1",
    "secp224r1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "secp256k1",
];

/// Looks a curve up by any of its spellings: canonical (`secp256r1`), NIST
/// (`P-256`, `K-233`, `B-233`), `P256`, `prime256v1`/`prime192v1`, `NIST P-256`,
/// `K-256` for secp256k1; case-insensitive.
pub fn curve_info(name: &str) -> Option<&'static CurveInfo> {
    let n = name.trim();
    let lower = n.to_ascii_lowercase();
    let lower = lower
        .strip_prefix("nist ")
        .unwrap_or(&lower)
        .trim()
        .to_string();
    let alias = match lower.as_str() {
        "prime192v1" => "secp192r1",
        "prime256v1" => "secp256r1",
        _ => lower.as_str(),
    };
    CURVES.iter().find(|c| {
        c.name.eq_ignore_ascii_case(alias)
            || c.nist.is_some_and(|nist| {
                nist.eq_ignore_ascii_case(alias)
                    || nist.replace('-', "").eq_ignore_ascii_case(alias)
            })
    })
}

/// Canonical name of a curve (`P-256` → `secp256r1`, `K-256` → `secp256k1`,
/// `K-163` → `sect163k1`, `B-163` → `sect163r2`); `None` if unknown.
pub fn normalize_curve(name: &str) -> Option<&'static str> {
    curve_info(name).map(|c| c.name)
}

/// `true` if `curve` (any spelling) is one of [`PRIME_CURVES`].
pub fn is_in_scope(curve: &str) -> bool {
    normalize_curve(curve).is_some_and(|c| PRIME_CURVES.contains(&c))
}

/// Byte length of a field element of `curve` (any spelling).
pub fn field_len(curve: &str) -> Option<usize> {
    curve_info(curve).map(|c| c.field_len)
}

/// Byte length of a scalar of `curve` (any spelling).
pub fn scalar_len(curve: &str) -> Option<usize> {
    curve_info(curve).map(|c| c.scalar_len)
}

/// Normalizes a hash name to one spelling: `SHA-1`, `SHA-224`, `SHA-256`,
/// `SHA-384`, `SHA-512`, `SHA-512/224`, `SHA-512/256`, `SHA3-224`, `SHA3-256`,
/// `SHA3-384`, `SHA3-512`. Accepts `SHA1`, `sha256`, `SHA-512224` (CAVP),
/// `SHA512/256`, `SHA3_256`... Returns `None` for anything else.
pub fn normalize_hash(name: &str) -> Option<&'static str> {
    let squashed: String = name
        .chars()
        .filter(|c| !matches!(c, '-' | '_' | '/' | ' '))
        .collect::<String>()
        .to_ascii_uppercase();
    Some(match squashed.as_str() {
        "SHA1" => "SHA-1",
        "SHA224" => "SHA-224",
        "SHA256" => "SHA-256",
        "SHA384" => "SHA-384",
        "SHA512" => "SHA-512",
        "SHA512224" => "SHA-512/224",
        "SHA512256" => "SHA-512/256",
        "SHA3224" => "SHA3-224",
        "SHA3256" => "SHA3-256",
        "SHA3384" => "SHA3-384",
        "SHA3512" => "SHA3-512",
        _ => return None,
    })
}

/// Left-pads a big-endian integer with zero bytes to `len` bytes.
///
/// Leading zero bytes beyond `len` are dropped first. If the value still does
/// not fit (it is ≥ 256^len — e.g. an out-of-range coordinate of a CAVP PKV
/// test), it is returned *unchanged in value*, longer than `len`: callers that
/// need exactly `len` bytes must check the length and treat a longer value as
/// out of range. Never truncates, never panics.
pub fn pad_to(v: &[u8], len: usize) -> Vec<u8> {
    let first_nonzero = v.iter().position(|&b| b != 0).unwrap_or(v.len());
    let significant = &v[first_nonzero..];
    if significant.len() > len {
        return significant.to_vec();
    }
    let mut out = vec![0u8; len - significant.len()];
    out.extend_from_slice(significant);
    out
}

/// Decodes hex that must have an even number of digits (byte strings such as
/// `Msg`). Whitespace around is ignored; upper and lower case accepted.
pub fn hex_bytes(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    if s.len() % 2 != 0 {
        return Err(format!(
            "odd number of hex digits in byte string `{}`",
            short(s)
        ));
    }
    hex::decode(s).map_err(|e| format!("bad hex `{}`: {e}", short(s)))
}

/// Decodes a hex integer (CAVP style: any number of digits, no `0x`, possibly
/// odd) to big-endian bytes, keeping leading zeros as written (an odd digit
/// count gets one leading zero nibble). An empty string is an error.
pub fn hex_int(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    if s.is_empty() {
        return Err("empty integer".to_string());
    }
    if s.len() % 2 == 1 {
        let mut t = String::with_capacity(s.len() + 1);
        t.push('0');
        t.push_str(s);
        hex::decode(&t).map_err(|e| format!("bad hex integer `{}`: {e}", short(s)))
    } else {
        hex::decode(s).map_err(|e| format!("bad hex integer `{}`: {e}", short(s)))
    }
}

/// Decodes a non-negative decimal integer to minimal big-endian bytes (at
/// least one byte; `0` → `[0]`).
pub fn decimal_to_bytes(s: &str) -> Result<Vec<u8>, String> {
    let s = s.trim();
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("not a decimal integer: `{}`", short(s)));
    }
    // Little-endian base-256 accumulator.
    let mut acc: Vec<u8> = vec![0];
    for d in s.bytes() {
        let mut carry = u32::from(d - b'0');
        for limb in acc.iter_mut() {
            let v = u32::from(*limb) * 10 + carry;
            *limb = (v & 0xff) as u8;
            carry = v >> 8;
        }
        while carry > 0 {
            acc.push((carry & 0xff) as u8);
            carry >>= 8;
        }
    }
    while acc.len() > 1 && *acc.last().unwrap_or(&1) == 0 {
        acc.pop();
    }
    acc.reverse();
    Ok(acc)
}

/// Parses a CAVP `Result` value such as `P (0 )`, `F (1 - Message changed)`
/// or a bare `P`/`F`: returns (passed, reason) where reason is the trimmed text
/// inside the parentheses (`"0"`, `"1 - Message changed"`, or `""`).
pub fn parse_cavp_result(s: &str) -> Option<(bool, String)> {
    let s = s.trim();
    let mut chars = s.chars();
    let pass = match chars.next()? {
        'P' | 'p' => true,
        'F' | 'f' => false,
        _ => return None,
    };
    let rest = chars.as_str().trim();
    let reason = if rest.is_empty() {
        String::new()
    } else if let Some(inner) = rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        inner.trim().to_string()
    } else {
        return None;
    };
    Some((pass, reason))
}

/// Shortens a value for an error message.
pub(crate) fn short(s: &str) -> String {
    if s.chars().count() > 40 {
        let head: String = s.chars().take(40).collect();
        format!("{head}...")
    } else {
        s.to_string()
    }
}

/// Splits a text into lines, accepting `\n`, `\r\n` and a bare `\r` as line
/// ends. Line numbers are the 1-based indices of the returned vector.
pub(crate) fn split_lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                out.push(&text[start..i]);
                i += 1;
                start = i;
            }
            b'\r' => {
                out.push(&text[start..i]);
                i += 1;
                if i < bytes.len() && bytes[i] == b'\n' {
                    i += 1;
                }
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        out.push(&text[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pad_to_cases() {
        assert_eq!(pad_to(&[1, 2], 4), vec![0, 0, 1, 2]);
        assert_eq!(pad_to(&[0, 0, 0, 1, 2], 4), vec![0, 0, 1, 2]);
        assert_eq!(pad_to(&[0, 1, 2, 3, 4], 4), vec![1, 2, 3, 4]);
        assert_eq!(pad_to(&[1, 2, 3, 4, 5], 4), vec![1, 2, 3, 4, 5]);
        assert_eq!(pad_to(&[0, 1, 2, 3, 4, 5], 4), vec![1, 2, 3, 4, 5]);
        assert_eq!(pad_to(&[], 2), vec![0, 0]);
        assert_eq!(pad_to(&[0, 0, 0], 2), vec![0, 0]);
        assert_eq!(pad_to(&[], 0), Vec::<u8>::new());
    }

    #[test]
    fn hex_and_decimal() {
        assert_eq!(hex_int("abc").unwrap(), vec![0x0a, 0xbc]);
        assert_eq!(hex_int("00ab").unwrap(), vec![0, 0xab]);
        assert!(hex_int("").is_err());
        assert!(hex_int("xy").is_err());
        assert!(hex_bytes("abc").is_err());
        assert_eq!(hex_bytes("").unwrap(), Vec::<u8>::new());
        assert_eq!(decimal_to_bytes("0").unwrap(), vec![0]);
        assert_eq!(decimal_to_bytes("255").unwrap(), vec![255]);
        assert_eq!(decimal_to_bytes("256").unwrap(), vec![1, 0]);
        assert_eq!(
            decimal_to_bytes("18446744073709551616").unwrap(),
            vec![1, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        assert!(decimal_to_bytes("12a").is_err());
        assert!(decimal_to_bytes("").is_err());
        assert!(decimal_to_bytes("-1").is_err());
    }

    #[test]
    fn names() {
        assert_eq!(normalize_curve("P-256"), Some("secp256r1"));
        assert_eq!(normalize_curve("p256"), Some("secp256r1"));
        assert_eq!(normalize_curve("SECP256K1"), Some("secp256k1"));
        assert_eq!(normalize_curve("K-256"), Some("secp256k1"));
        assert_eq!(normalize_curve("K-163"), Some("sect163k1"));
        assert_eq!(normalize_curve("B-163"), Some("sect163r2"));
        assert_eq!(normalize_curve("prime256v1"), Some("secp256r1"));
        assert_eq!(normalize_curve("NIST P-521"), Some("secp521r1"));
        assert_eq!(normalize_curve("brainpoolp256r1"), Some("brainpoolP256r1"));
        assert_eq!(normalize_curve("Curve25519"), None);
        assert!(is_in_scope("P-384") && is_in_scope("secp256k1") && !is_in_scope("K-233"));
        assert_eq!(normalize_hash("SHA1"), Some("SHA-1"));
        assert_eq!(normalize_hash("SHA-512224"), Some("SHA-512/224"));
        assert_eq!(normalize_hash("sha512/256"), Some("SHA-512/256"));
        assert_eq!(normalize_hash("SHA3-256"), Some("SHA3-256"));
        assert_eq!(normalize_hash("SHA3_512"), Some("SHA3-512"));
        assert_eq!(normalize_hash("MD5"), None);
        assert_eq!(field_len("P-521"), Some(66));
        assert_eq!(scalar_len("K-233"), Some(29));
    }

    #[test]
    fn results() {
        assert_eq!(parse_cavp_result("P (0 )"), Some((true, "0".into())));
        assert_eq!(
            parse_cavp_result("F (1 - Message changed)"),
            Some((false, "1 - Message changed".into()))
        );
        assert_eq!(parse_cavp_result("F"), Some((false, String::new())));
        assert_eq!(parse_cavp_result("X (0)"), None);
        assert_eq!(parse_cavp_result("P junk"), None);
        assert_eq!(parse_cavp_result(""), None);
    }

    #[test]
    fn lines() {
        assert_eq!(split_lines("a\r\nb\rc\nd"), vec!["a", "b", "c", "d"]);
        assert_eq!(split_lines("a\n\n"), vec!["a", ""]);
        assert_eq!(split_lines(""), Vec::<&str>::new());
    }
}
