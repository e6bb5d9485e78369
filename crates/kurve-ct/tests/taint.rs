//! The taint harness under valgrind: every constant-time operation on every
//! curve shows 0 memcheck errors, and the negative controls (a branch on a
//! secret bit, an index by a secret byte, and `mul_vartime`) are caught.

use std::process::Command;

fn run_harness(negative_control: bool, only: Option<&str>) -> Vec<serde_json::Value> {
    // The binary cargo built for this test run: under the README's and CI's
    // `cargo test --profile ci`, release optimizations without LTO (the
    // report's hardening section runs the same harness on the LTO release
    // build, so both code generations are checked).
    let bin = env!("CARGO_BIN_EXE_kurve-ct");
    let mut cmd = Command::new("valgrind");
    cmd.args(["--error-exitcode=0", "-q"]).arg(bin).arg("--json");
    if negative_control {
        cmd.arg("--negative-control");
    }
    if let Some(c) = only {
        cmd.args(["--only", c]);
    }
    let out = cmd.output().expect("valgrind must be installed (apt-get install valgrind)");
    assert!(out.status.success(), "harness failed: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().last().unwrap_or("[]");
    serde_json::from_str::<serde_json::Value>(line).unwrap().as_array().unwrap().clone()
}

#[test]
fn negative_controls_are_caught() {
    let rows = run_harness(true, Some("secp256r1"));
    for name in ["leaky_branch", "leaky_index", "mul_vartime"] {
        let r = rows.iter().find(|r| r["op"] == name).unwrap();
        assert!(r["errors"].as_u64().unwrap() > 0, "{name} was not caught: {r}");
    }
    // and in the same run the constant-time ops stay clean
    for r in rows.iter().filter(|r| !["leaky_branch", "leaky_index", "mul_vartime"].contains(&r["op"].as_str().unwrap())) {
        assert_eq!(r["errors"].as_u64().unwrap(), 0, "{r}");
    }
}

#[test]
fn every_constant_time_op_on_every_curve_is_clean() {
    let rows = run_harness(false, None);
    let curves: std::collections::BTreeSet<_> = rows.iter().map(|r| r["curve"].as_str().unwrap().to_string()).collect();
    assert_eq!(curves.len(), kurve::curves::all().len());
    let mut leaks = Vec::new();
    for r in &rows {
        assert_eq!(r["ran"], true, "operation failed: {r}");
        if r["errors"].as_u64().unwrap() != 0 {
            leaks.push(r.to_string());
        }
    }
    assert!(leaks.is_empty(), "secret-dependent branches or indexes:\n{}", leaks.join("\n"));
}
