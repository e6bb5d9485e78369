//! The hardening section: secret-taint analysis under valgrind.
//!
//! Runs the `kurve-ct` harness (a sibling binary in the same target
//! directory, built with `cargo build --release -p kurve-ct` when missing
//! or older than the lab binary)
//! under `valgrind --tool=memcheck` and collects one row per curve × secret
//! operation: the number of memcheck errors caused by secret data
//! (conditional jumps or memory addresses depending on it). When valgrind or
//! the harness is unavailable, the rows say "not run" — never "no leak".

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

/// Where the harness binary is (or will be built).
fn harness_path() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.join("kurve-ct"))
}

fn build_harness() -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "--release", "-q", "-p", "kurve-ct"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("cargo build -p kurve-ct failed".into())
    }
}

/// Runs the taint harness; returns its rows (DESIGN.md hardening shape) or
/// why it could not run.
pub fn valgrind_taint(only: Option<&str>) -> Result<Vec<Value>, String> {
    if Command::new("valgrind").arg("--version").output().is_err() {
        return Err("valgrind not installed (apt-get install valgrind)".into());
    }
    let bin = harness_path().ok_or("cannot locate the target directory")?;
    // Build the harness when it is missing, or older than this binary (it
    // would test a stale copy of the library).
    let modified = |p: &std::path::Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let stale = match (modified(&bin), std::env::current_exe().ok().as_deref().and_then(modified)) {
        (Some(h), Some(l)) => h < l,
        _ => false,
    };
    if !bin.exists() || stale {
        eprintln!("  building kurve-ct …");
        build_harness()?;
    }
    if !bin.exists() {
        return Err(format!("{} missing after build", bin.display()));
    }
    let mut cmd = Command::new("valgrind");
    // --error-limit=no: by default memcheck stops recording errors after
    // 1000 distinct ones (or 10 million in all), and the error count the
    // harness reads per row then stops growing: every row after the
    // cutoff would read 0, real leaks included.
    cmd.args(["--error-exitcode=0", "--error-limit=no", "-q"]).arg(&bin).arg("--json").arg("--negative-control");
    if let Some(c) = only {
        cmd.args(["--only", c]);
    }
    let out = cmd.output().map_err(|e| format!("valgrind: {e}"))?;
    if !out.status.success() {
        return Err(format!("harness failed: {}", String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or("")));
    }
    // Belt and braces: a cutoff notice means some rows were not checked.
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("errors are no longer being displayed") || stderr.contains("Rerun with --error-limit=no") {
        return Err("valgrind stopped recording errors part way (error limit): rows after the cutoff were not checked".into());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().last().unwrap_or("[]");
    let rows: Value = serde_json::from_str(line).map_err(|e| format!("harness output: {e}"))?;
    Ok(rows.as_array().cloned().unwrap_or_default())
}

/// The negative controls the harness runs alongside the real operations.
pub const NEGATIVE_CONTROLS: [&str; 3] = ["leaky_branch", "leaky_index", "mul_vartime"];

/// Prints the hardening table.
pub fn print(rows: &[Value], error: Option<&str>) {
    println!("\n== Hardening: secret taint under valgrind memcheck ==");
    if let Some(e) = error {
        println!("not run: {e}");
        return;
    }
    // Every row runs on each field backend the harness could select (the
    // portable code, and the MULX/ADCX/ADOX assembly on a BMI2+ADX host).
    let backends: Vec<String> = rows
        .first()
        .and_then(|r| r["errors_by_backend"].as_object())
        .map(|m| m.keys().cloned().collect())
        .unwrap_or_else(|| vec!["portable".into()]);
    println!("field backends checked, each row on each: {}", backends.join(", "));
    println!("{:<16} {:<20} {:>7}  verdict", "curve", "op", "errors");
    let mut leaks = 0;
    let mut controls_caught = 0;
    let mut controls = 0;
    for r in rows {
        let op = r["op"].as_str().unwrap_or("");
        let errors = r["errors"].as_u64().unwrap_or(0);
        let control = NEGATIVE_CONTROLS.contains(&op);
        // a control counts as caught only when every backend caught it
        let caught_everywhere = match r["errors_by_backend"].as_object() {
            Some(m) => !m.is_empty() && m.values().all(|v| v.as_u64().unwrap_or(0) > 0),
            None => errors > 0,
        };
        if control {
            controls += 1;
            if caught_everywhere {
                controls_caught += 1;
            }
        } else if errors > 0 {
            leaks += 1;
        }
        let verdict = if control {
            if caught_everywhere { "negative control: caught (as it must be)" } else { "NEGATIVE CONTROL NOT CAUGHT" }
        } else {
            r["verdict"].as_str().unwrap_or("")
        };
        println!("{:<16} {:<20} {:>7}  {}", r["curve"].as_str().unwrap_or(""), op, errors, verdict);
    }
    println!("constant-time rows with leaks: {leaks}; negative controls caught: {controls_caught}/{controls}");
}
