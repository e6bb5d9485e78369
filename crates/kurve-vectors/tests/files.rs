//! The files of `shared/vectors` (NIST CAVP, RFC 6979, RFC 7027, the
//! cryptography project's and pycryptodome's vectors) end as they say when
//! fed to kurve — see `kurve_vectors::file_suites` for what each case must
//! satisfy.
//!
//! Every row must have `failed == 0`; every row of a curve kurve has must
//! have run something (`passed > 0`) and skipped nothing; rows of curves kurve
//! lacks (the binary K-/B- curves) only skip. The exact passed / skipped
//! totals per suite are asserted, so a file that is silently dropped, or
//! records that quietly stop running, show up. A missing vectors directory
//! makes every runner return a failed row ("not run: ..."), so these tests
//! fail rather than pass.
//!
//! Run with `cargo test --release -p kurve-vectors --test files`.

use kurve_vectors::file_suites::{self as fs, CURVE_NOT_IN_KURVE};
use kurve_vectors::fips186::Fips186;
use kurve_vectors::kas::KasFile;
use kurve_vectors::suites::SuiteResult;

/// Expected totals of one suite: (suite, passed, skipped).
type Expect = (&'static str, usize, usize);

fn print(rows: &[SuiteResult]) {
    for r in rows {
        println!(
            "{:<16} {:<36} {:<14} passed {:>5} failed {:>3} skipped {:>4} {}",
            r.curve,
            r.suite,
            r.kind,
            r.passed,
            r.failed,
            r.skipped,
            r.note.as_deref().unwrap_or("")
        );
        for f in r.failures.iter().take(5) {
            println!("    {f}");
        }
    }
}

/// Prints the rows and checks them against the per-row rules and `expect`.
fn check(rows: &[SuiteResult], expect: &[Expect]) {
    print(rows);
    let mut bad = Vec::new();
    for r in rows {
        if r.failed > 0 {
            bad.push(format!(
                "{} {}: {} failed: {:?}",
                r.curve,
                r.suite,
                r.failed,
                &r.failures[..r.failures.len().min(5)]
            ));
            continue;
        }
        if kurve::curves::by_name(&r.curve).is_some() {
            if r.passed == 0 || r.skipped > 0 {
                bad.push(format!(
                    "{} {}: passed {}, skipped {} ({:?})",
                    r.curve, r.suite, r.passed, r.skipped, r.note
                ));
            }
        } else if r.passed > 0 || r.skipped == 0 || r.note.as_deref() != Some(CURVE_NOT_IN_KURVE) {
            bad.push(format!(
                "{} {}: a curve kurve lacks should only skip (passed {}, skipped {}, note {:?})",
                r.curve, r.suite, r.passed, r.skipped, r.note
            ));
        }
    }
    for &(suite, passed, skipped) in expect {
        let of: Vec<&SuiteResult> = rows.iter().filter(|r| r.suite == suite).collect();
        let p: usize = of.iter().map(|r| r.passed).sum();
        let s: usize = of.iter().map(|r| r.skipped).sum();
        if of.is_empty() || (p, s) != (passed, skipped) {
            bad.push(format!(
                "{suite}: passed {p}, skipped {s}; expected passed {passed}, skipped {skipped}"
            ));
        }
    }
    for r in rows {
        if !expect.iter().any(|(s, ..)| *s == r.suite) {
            bad.push(format!("unexpected suite {} ({})", r.suite, r.curve));
        }
    }
    let total: usize = rows.iter().map(|r| r.passed).sum();
    let want: usize = expect.iter().map(|e| e.1).sum();
    println!("total passed {total} (expected {want})");
    assert!(bad.is_empty(), "problems:\n{}", bad.join("\n"));
    assert_eq!(total, want);
}

/// Counts per edition: KeyPair 50 (+100 on K/B curves), PKV 60 (+120),
/// SigGen.txt, SigGen.rsp and SigVer 75 (+150) for 186-2 and 375 (+750) for
/// 186-3 — the loader counts on the P-curves.
const FIPS186_2: &[Expect] = &[
    ("cavp/186-2/KeyPair", 50, 100),
    ("cavp/186-2/PKV", 60, 120),
    ("cavp/186-2/SigGen", 75, 150),
    ("cavp/186-2/SigGen.rsp", 75, 150),
    ("cavp/186-2/SigVer", 75, 150),
];
const FIPS186_3: &[Expect] = &[
    ("cavp/186-3/KeyPair", 50, 100),
    ("cavp/186-3/PKV", 60, 120),
    ("cavp/186-3/SigGen", 375, 750),
    ("cavp/186-3/SigGen.rsp", 375, 750),
    ("cavp/186-3/SigVer", 375, 750),
];
const RFC6979: &[Expect] = &[("rfc6979", 150, 300)];
const SECP256K1: &[Expect] = &[("cavp/secp256k1/SigGen", 1125, 0)];
const KAS: &[Expect] = &[
    ("cavp/KASValidity_ZZOnly_init", 150, 0),
    ("cavp/KASValidity_ZZOnly_resp", 150, 0),
    ("cavp/KASValidity_KDFConcat_init", 300, 0),
    ("cavp/KASValidity_KDFConcat_resp", 300, 0),
];
const RFC7027: &[Expect] = &[("rfc7027/brainpool", 3, 0)];
const COMPRESSED: &[Expect] = &[("cryptography/compressed_points", 4, 0)];
const PYCRYPTODOME: &[Expect] = &[
    ("pycryptodome/KAS_ECC_CDH", 125, 0),
    ("pycryptodome/kG", 260, 0),
    ("pycryptodome/SigVer_TruncatedSHAs", 150, 0),
    ("pycryptodome/wycheproof-bitcoin", 464, 0),
];

fn fips186(ed: Fips186) -> Vec<SuiteResult> {
    let mut rows = fs::keypair(ed);
    rows.extend(fs::pkv(ed));
    rows.extend(fs::siggen(ed));
    rows.extend(fs::siggen_rsp(ed));
    rows.extend(fs::sigver(ed));
    rows
}

#[test]
fn cavp_fips186_2() {
    check(&fips186(Fips186::V2), FIPS186_2);
}

#[test]
fn cavp_fips186_3() {
    check(&fips186(Fips186::V3), FIPS186_3);
}

#[test]
fn rfc6979_deterministic_ecdsa() {
    check(&fs::rfc6979(), RFC6979);
}

#[test]
fn cavp_secp256k1_siggen() {
    check(&fs::secp256k1_siggen(), SECP256K1);
}

#[test]
fn cavp_kas_validity() {
    let rows: Vec<SuiteResult> = KasFile::ALL.into_iter().flat_map(fs::kas_validity).collect();
    check(&rows, KAS);
}

#[test]
fn rfc7027_brainpool_ecdh() {
    check(&fs::brainpool(), RFC7027);
}

#[test]
fn cryptography_compressed_points() {
    check(&fs::compressed_points(), COMPRESSED);
}

#[test]
fn pycryptodome_vectors() {
    let mut rows = fs::cdh_primitive();
    rows.extend(fs::kg_tables());
    rows.extend(fs::sigver_truncated_shas());
    rows.extend(fs::wycheproof_bitcoin());
    check(&rows, PYCRYPTODOME);
}

/// `all()` is exactly the union of the families above (no file missing, none
/// extra), one row per (file × curve).
#[test]
fn all_file_suites() {
    let rows = fs::all();
    let expect: Vec<Expect> = [
        FIPS186_2, FIPS186_3, RFC6979, SECP256K1, KAS, RFC7027, COMPRESSED, PYCRYPTODOME,
    ]
    .concat();
    check(&rows, &expect);
    for (i, a) in rows.iter().enumerate() {
        assert!(
            !rows[..i].iter().any(|b| b.suite == a.suite && b.curve == a.curve),
            "two rows for {} {}",
            a.suite,
            a.curve
        );
    }
}
