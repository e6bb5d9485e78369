//! Generic parser for NIST CAVP-style `.rsp` / `.txt` / `.fax` files.
//!
//! The format, as found in the CAVP ECDSA, KAS and similar files (and reused
//! by pycryptodome and the cryptography project for their own files):
//!
//! * `# ...` lines are comments (ignored; they do not end a record);
//! * `[...]` lines are section headers: `[P-256]`, `[P-256,SHA-256]`,
//!   `[B.4.2 Key Pair Generation by Testing Candidates]`, `[EB - SHA224]`,
//!   `[Curve selected:  P-224]`. A header with no closing `]` (one real KAS file
//!   has `[SHA(s) supported (Used in the KDF function): SHA512`) is accepted and
//!   its text runs to the end of the line;
//! * `key = value` lines are fields; spaces around `=` and at both ends are
//!   trimmed, the value may be empty and may itself contain `=`;
//! * a blank line (or a header) ends the current record: a record is a run of
//!   consecutive field lines;
//! * lines end in `\n`, `\r\n` or a bare `\r`.
//!
//! Any other line is an error (never a panic, never skipped silently).
//!
//! Headers are grouped: consecutive headers with no record between them form
//! one group (e.g. `[P-192]` then `[B.4.2 ...]` in FIPS 186-3 `KeyPair.rsp`),
//! and every record carries the group in force, [`CavpRecord::headers`]. The
//! raw sequence of headers and records is also kept in [`CavpFile::items`] for
//! loaders (KAS) whose preamble needs a state machine.

use crate::error::Error;
use crate::util::{hex_bytes, hex_int, pad_to, parse_cavp_result, short, split_lines};

/// One `key = value` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CavpField {
    /// The key, trimmed (`Msg`, `Qx`, `Result`...).
    pub key: String,
    /// The value, trimmed (may be empty).
    pub value: String,
    /// 1-based line number.
    pub line: usize,
}

/// A run of consecutive field lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CavpRecord {
    /// 1-based line number of the first field.
    pub line: usize,
    /// The header group in force (texts inside the brackets, trimmed).
    pub headers: Vec<String>,
    /// The fields in file order (duplicates kept).
    pub fields: Vec<CavpField>,
}

/// A header line or a record, in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CavpItem {
    /// A `[...]` line.
    Header {
        /// 1-based line number.
        line: usize,
        /// Text inside the brackets, trimmed.
        text: String,
    },
    /// A record.
    Record(CavpRecord),
}

/// A parsed file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CavpFile {
    /// Name used in error messages (path relative to the vectors directory).
    pub source: String,
    /// Headers and records in file order.
    pub items: Vec<CavpItem>,
}

impl CavpFile {
    /// The records, in file order.
    pub fn records(&self) -> impl Iterator<Item = &CavpRecord> {
        self.items.iter().filter_map(|i| match i {
            CavpItem::Record(r) => Some(r),
            CavpItem::Header { .. } => None,
        })
    }
}

/// Parses CAVP text. `source` names the file in error messages.
pub fn parse(text: &str, source: &str) -> Result<CavpFile, Error> {
    let mut items = Vec::new();
    let mut group: Vec<String> = Vec::new();
    let mut record_since_header = false;
    let mut current: Option<CavpRecord> = None;

    for (idx, raw) in split_lines(text).into_iter().enumerate() {
        let line_no = idx + 1;
        let line = raw.trim();
        if line.is_empty() {
            if let Some(r) = current.take() {
                items.push(CavpItem::Record(r));
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('[') {
            if let Some(r) = current.take() {
                items.push(CavpItem::Record(r));
            }
            let inner = match rest.rfind(']') {
                Some(end) => &rest[..end],
                None => rest,
            };
            let text = inner.trim().to_string();
            if record_since_header {
                group.clear();
                record_since_header = false;
            }
            group.push(text.clone());
            items.push(CavpItem::Header {
                line: line_no,
                text,
            });
            continue;
        }
        if let Some(eq) = line.find('=') {
            let key = line[..eq].trim();
            let value = line[eq + 1..].trim();
            if key.is_empty() {
                return Err(Error::parse(
                    source,
                    line_no,
                    format!("empty key in `{}`", short(line)),
                ));
            }
            if !key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == ' ' || c == '.')
            {
                return Err(Error::parse(
                    source,
                    line_no,
                    format!("bad key `{}`", short(key)),
                ));
            }
            let field = CavpField {
                key: key.to_string(),
                value: value.to_string(),
                line: line_no,
            };
            match current.as_mut() {
                Some(r) => r.fields.push(field),
                None => {
                    record_since_header = true;
                    current = Some(CavpRecord {
                        line: line_no,
                        headers: group.clone(),
                        fields: vec![field],
                    });
                }
            }
            continue;
        }
        return Err(Error::parse(
            source,
            line_no,
            format!(
                "unrecognized line `{}` (expected `[header]`, `key = value`, `#` or blank)",
                short(line)
            ),
        ));
    }
    if let Some(r) = current.take() {
        items.push(CavpItem::Record(r));
    }
    Ok(CavpFile {
        source: source.to_string(),
        items,
    })
}

impl CavpRecord {
    /// The value of `key` (exact, case-sensitive match), if present. If the key
    /// is repeated, the first value is returned; see [`CavpRecord::require`].
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields
            .iter()
            .find(|f| f.key == key)
            .map(|f| f.value.as_str())
    }

    /// Line number of `key`, or the record's line.
    pub fn line_of(&self, key: &str) -> usize {
        self.fields
            .iter()
            .find(|f| f.key == key)
            .map_or(self.line, |f| f.line)
    }

    /// `true` if the record's keys are exactly `keys` (as a set).
    pub fn has_only(&self, keys: &[&str]) -> bool {
        self.fields.iter().all(|f| keys.contains(&f.key.as_str()))
            && keys.iter().all(|k| self.fields.iter().any(|f| f.key == *k))
    }

    /// The value of `key`; an error if it is missing or repeated with
    /// different values (a repeat with the same value is tolerated: the
    /// pycryptodome P-224 table has one `k = 1` twice).
    pub fn require(&self, key: &str, source: &str) -> Result<&str, Error> {
        let mut found: Option<&CavpField> = None;
        for f in self.fields.iter().filter(|f| f.key == key) {
            match found {
                None => found = Some(f),
                Some(first) if first.value == f.value => {}
                Some(_) => {
                    return Err(Error::parse(
                        source,
                        f.line,
                        format!("`{key}` repeated with a different value"),
                    ))
                }
            }
        }
        found
            .map(|f| f.value.as_str())
            .ok_or_else(|| Error::parse(source, self.line, format!("record has no `{key}` field")))
    }

    /// Errors if the record has a key outside `allowed` (format drift must not
    /// go unnoticed).
    pub fn check_keys(&self, allowed: &[&str], source: &str) -> Result<(), Error> {
        for f in &self.fields {
            if !allowed.contains(&f.key.as_str()) {
                return Err(Error::parse(
                    source,
                    f.line,
                    format!(
                        "unexpected field `{}` (expected one of {:?})",
                        f.key, allowed
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `key` decoded as a hex byte string (even number of digits).
    pub fn bytes(&self, key: &str, source: &str) -> Result<Vec<u8>, Error> {
        let v = self.require(key, source)?;
        hex_bytes(v).map_err(|m| Error::parse(source, self.line_of(key), format!("`{key}`: {m}")))
    }

    /// `key` decoded as a hex integer and left-padded to `len` bytes with
    /// [`pad_to`].
    pub fn int(&self, key: &str, len: usize, source: &str) -> Result<Vec<u8>, Error> {
        let v = self.require(key, source)?;
        hex_int(v)
            .map(|b| pad_to(&b, len))
            .map_err(|m| Error::parse(source, self.line_of(key), format!("`{key}`: {m}")))
    }

    /// `key` (default `Result`) parsed with [`parse_cavp_result`].
    pub fn result(&self, key: &str, source: &str) -> Result<(bool, String), Error> {
        let v = self.require(key, source)?;
        parse_cavp_result(v).ok_or_else(|| {
            Error::parse(
                source,
                self.line_of(key),
                format!("bad `{key}` value `{}` (expected P/F)", short(v)),
            )
        })
    }

    /// A decimal `key` (such as `COUNT`) as a `u32`.
    pub fn count(&self, key: &str, source: &str) -> Result<u32, Error> {
        let v = self.require(key, source)?;
        v.parse::<u32>().map_err(|_| {
            Error::parse(
                source,
                self.line_of(key),
                format!("bad `{key}` value `{}`", short(v)),
            )
        })
    }
}

/// Splits a section header such as `P-256,SHA-256` or `P-256` into the curve
/// text and the optional hash text, both trimmed.
pub fn split_curve_hash(header: &str) -> (&str, Option<&str>) {
    match header.split_once(',') {
        Some((c, h)) => (c.trim(), Some(h.trim())),
        None => (header.trim(), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_sections_and_records() {
        let text = "# comment\r\n\r\n[P-192]\r\n\r\n[B.4.2 X]\r\nN = 10\r\n\r\nd = 01\r\nQx = 02\r\n\r\n\r\n[P-224]\rd = 03\r";
        let f = parse(text, "t").unwrap();
        let recs: Vec<_> = f.records().collect();
        assert_eq!(recs.len(), 3);
        assert_eq!(recs[0].headers, vec!["P-192", "B.4.2 X"]);
        assert!(recs[0].has_only(&["N"]));
        assert_eq!(recs[1].headers, vec!["P-192", "B.4.2 X"]);
        assert_eq!(recs[1].line, 8);
        assert_eq!(recs[1].get("Qx"), Some("02"));
        assert_eq!(recs[2].headers, vec!["P-224"]);
        assert_eq!(recs[2].int("d", 3, "t").unwrap(), vec![0, 0, 3]);
    }

    #[test]
    fn errors_not_panics() {
        assert!(parse("garbage line\n", "t").is_err());
        assert!(parse(" = 5\n", "t").is_err());
        let f = parse("[x\nk = 1\nk = 2\n", "t").unwrap();
        let r = f.records().next().unwrap();
        assert_eq!(r.headers, vec!["x"]);
        let e = r.require("k", "t").unwrap_err();
        assert!(e.to_string().contains("repeated"), "{e}");
        assert!(r.require("missing", "t").is_err());
        assert!(r.int("missing", 4, "t").is_err());
        let f = parse("k = zz\nm = abc\nR = Q (0)\n", "t").unwrap();
        let r = f.records().next().unwrap();
        assert!(r.int("k", 4, "t").is_err());
        assert!(r.bytes("m", "t").is_err());
        assert!(r.result("R", "t").is_err());
        assert!(r.check_keys(&["k"], "t").is_err());
        // Arbitrary bytes never panic.
        for s in ["[", "]", "=", "[]\n=\n", "a=b=c", "\r\r\r", "é = ü", "[é"] {
            let _ = parse(s, "t");
        }
    }
}
