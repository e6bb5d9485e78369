//! `kurve-lab`: the evidence lab.
//!
//! ```text
//! kurve-lab report [--quick|--full] [--peers] [--json FILE] [--html FILE] [--only CURVE]
//! kurve-lab runtime [--quick|--full] [--peers] [--only CURVE] [--op OP]
//! kurve-lab dudect [--quick|--full] [--only CURVE]
//! kurve-lab taint [--only CURVE]
//! kurve-lab vectors FILE...
//! ```
//!
//! `report` prints the correctness table (every third-party suite, per curve:
//! passed/failed/skipped) and the runtime table (median ns/op of the group
//! and protocol operations for every curve in the registry), and with
//! `--json FILE` writes them in the shape documented in DESIGN.md; `--html FILE`
//! writes the same document as one self-contained HTML page (inline CSS and
//! SVG plots, no external resources).
//! `runtime` runs the runtime section alone (no correctness or hardening
//! section), optionally restricted to one curve and one operation: the
//! quick A/B tool while working on speed. The numbers mean the same as in
//! `report`. `dudect` runs the statistical timing check alone (the same
//! rows as the report's dudect section), and `taint` the valgrind
//! secret-taint check alone, for the same reason.
//! `vectors` runs external Wycheproof (v1) or Rooterberg EC test files and
//! exits non-zero on any failure.

mod cluster;
mod dudect;
mod group_only;
mod hardening;
mod html;
#[cfg(feature = "peers")]
mod peers;
mod runtime;

use kurve_vectors::suites::{self, SuiteResult};
use serde_json::json;
use std::process::ExitCode;

fn usage() -> ExitCode {
    eprintln!(
        "usage:\n  kurve-lab report [--quick|--full] [--peers] [--json FILE] [--html FILE] [--only CURVE]\n  kurve-lab runtime [--quick|--full] [--peers] [--only CURVE] [--op OP]\n  kurve-lab dudect [--quick|--full] [--only CURVE]\n  kurve-lab taint [--only CURVE]\n  kurve-lab vectors FILE..."
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("report") => report(&args[1..]),
        Some("runtime") => runtime_only(&args[1..]),
        Some("dudect") => dudect_only(&args[1..]),
        Some("taint") => taint_only(&args[1..]),
        Some("vectors") => vectors(&args[1..]),
        _ => usage(),
    }
}

fn print_correctness(rows: &[SuiteResult]) {
    let w_curve = rows.iter().map(|r| r.curve.len()).max().unwrap_or(5).max(5);
    let w_suite = rows.iter().map(|r| r.suite.len()).max().unwrap_or(5).max(5);
    println!("\n== Correctness: third-party vectors ==");
    println!("{:<w_curve$}  {:<w_suite$}  {:<8}  {:>7}  {:>6}  {:>7}", "curve", "suite", "kind", "passed", "failed", "skipped");
    for r in rows {
        println!(
            "{:<w_curve$}  {:<w_suite$}  {:<8}  {:>7}  {:>6}  {:>7}{}",
            r.curve,
            r.suite,
            r.kind,
            r.passed,
            r.failed,
            r.skipped,
            r.note.as_deref().map(|n| format!("  ({n})")).unwrap_or_default()
        );
        for f in r.failures.iter().take(5) {
            println!("    FAIL {f}");
        }
    }
    let (p, f, s) = rows.iter().fold((0, 0, 0), |a, r| (a.0 + r.passed, a.1 + r.failed, a.2 + r.skipped));
    let curves: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.curve.as_str()).collect();
    println!("total: {} suites over {} curves: {p} passed, {f} failed, {s} skipped", rows.len(), curves.len());
}

fn correctness_json(rows: &[SuiteResult]) -> serde_json::Value {
    serde_json::Value::Array(
        rows.iter()
            .map(|r| {
                json!({"curve": r.curve, "suite": r.suite, "kind": r.kind,
                       "passed": r.passed, "failed": r.failed, "skipped": r.skipped,
                       "note": r.note, "failures": r.failures.iter().take(20).collect::<Vec<_>>()})
            })
            .collect(),
    )
}

fn report(args: &[String]) -> ExitCode {
    let mut json_out: Option<String> = None;
    let mut html_out: Option<String> = None;
    let mut mode = runtime::Mode::Default;
    let mut only: Option<String> = None;
    let mut peers = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => mode = runtime::Mode::Quick,
            "--peers" => {
                if !cfg!(feature = "peers") {
                    eprintln!("--peers: rebuild with --features peers (cargo build --release -p kurve-lab --features peers)");
                    return ExitCode::from(2);
                }
                peers = true;
            }
            "--full" => mode = runtime::Mode::Full,
            "--json" => {
                i += 1;
                match args.get(i) {
                    Some(f) => json_out = Some(f.clone()),
                    None => return usage(),
                }
            }
            "--html" => {
                i += 1;
                match args.get(i) {
                    Some(f) => html_out = Some(f.clone()),
                    None => return usage(),
                }
            }
            "--only" => {
                i += 1;
                match args.get(i) {
                    Some(c) => only = Some(c.clone()),
                    None => return usage(),
                }
            }
            other => {
                eprintln!("unknown option {other}");
                return usage();
            }
        }
        i += 1;
    }
    eprintln!("kurve-lab: correctness …");
    let mut rows = suites::run_all(&mut |msg| eprintln!("  {msg}"));
    if let Some(c) = &only {
        rows.retain(|r| r.curve.eq_ignore_ascii_case(c));
    }
    print_correctness(&rows);
    eprintln!("kurve-lab: hardening (valgrind secret taint) …");
    let (taint_rows, taint_err) = match hardening::valgrind_taint(only.as_deref()) {
        Ok(rows) => (rows, None),
        Err(e) => (Vec::new(), Some(e)),
    };
    hardening::print(&taint_rows, taint_err.as_deref());
    eprintln!("kurve-lab: hardening (dudect statistical timing) …");
    let dudect_rows = dudect::run(mode, only.as_deref());
    dudect::print(&dudect_rows);
    eprintln!("kurve-lab: hardening (timing per Wycheproof case, clustered) …");
    let cluster_rows = cluster::run(mode, only.as_deref());
    cluster::print(&cluster_rows);
    eprintln!("kurve-lab: runtime …");
    let rt = runtime::run(mode, only.as_deref(), peers);
    runtime::print(&rt);
    let failed: usize = rows.iter().map(|r| r.failed).sum();
    {
        let doc = json!({
            "machine": runtime::machine_description(),
            "correctness": correctness_json(&rows),
            "hardening": ({
                let mut h = hardening_json(&taint_rows, taint_err.as_deref());
                if let Some(a) = h.as_array_mut() {
                    a.extend(dudect::to_json(&dudect_rows));
                    a.extend(cluster::to_json(&cluster_rows));
                }
                h
            }),
            "runtime": runtime::to_json(&rt),
        });
        // The same document feeds --json and --html.
        let outputs = [
            json_out.map(|p| (p, serde_json::to_string_pretty(&doc).unwrap_or_default())),
            html_out.map(|p| (p, html::render(&doc))),
        ];
        for (path, text) in outputs.into_iter().flatten() {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("cannot write {path}: {e}");
                return ExitCode::from(1);
            }
            eprintln!("wrote {path}");
        }
    }
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `kurve-lab runtime`: the runtime section only (see the module doc).
fn runtime_only(args: &[String]) -> ExitCode {
    let mut mode = runtime::Mode::Default;
    let (mut only, mut op) = (None::<String>, None::<String>);
    let mut peers = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => mode = runtime::Mode::Quick,
            "--full" => mode = runtime::Mode::Full,
            "--peers" => {
                if !cfg!(feature = "peers") {
                    eprintln!("--peers: rebuild with --features peers (cargo build --release -p kurve-lab --features peers)");
                    return ExitCode::from(2);
                }
                peers = true;
            }
            flag @ ("--only" | "--op") => {
                i += 1;
                let Some(v) = args.get(i) else { return usage() };
                if flag == "--only" {
                    only = Some(v.clone());
                } else {
                    op = Some(v.clone());
                }
            }
            other => {
                eprintln!("unknown option {other}");
                return usage();
            }
        }
        i += 1;
    }
    let mut rt = runtime::run_filtered(mode, only.as_deref(), op.as_deref(), peers);
    if let Some(o) = &op {
        rt.retain(|r| r.op == o.as_str());
    }
    runtime::print(&rt);
    ExitCode::SUCCESS
}

/// `kurve-lab dudect`: the statistical timing check only (the table and
/// its summary line are the result; the exit code is 0 unless the
/// arguments are wrong).
fn dudect_only(args: &[String]) -> ExitCode {
    let mut mode = runtime::Mode::Default;
    let mut only = None::<String>;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--quick" => mode = runtime::Mode::Quick,
            "--full" => mode = runtime::Mode::Full,
            "--only" => {
                i += 1;
                let Some(v) = args.get(i) else { return usage() };
                only = Some(v.clone());
            }
            other => {
                eprintln!("unknown option {other}");
                return usage();
            }
        }
        i += 1;
    }
    let rows = dudect::run(mode, only.as_deref());
    dudect::print(&rows);
    ExitCode::SUCCESS
}

/// `kurve-lab taint`: the valgrind secret-taint check only; exits 1 when it
/// could not run.
fn taint_only(args: &[String]) -> ExitCode {
    let only = match args {
        [] => None,
        [flag, c] if flag == "--only" => Some(c.as_str()),
        _ => return usage(),
    };
    match hardening::valgrind_taint(only) {
        Ok(rows) => {
            hardening::print(&rows, None);
            ExitCode::SUCCESS
        }
        Err(e) => {
            hardening::print(&[], Some(&e));
            ExitCode::from(1)
        }
    }
}

fn hardening_json(rows: &[serde_json::Value], err: Option<&str>) -> serde_json::Value {
    if let Some(e) = err {
        return json!([{"curve": "*", "op": "*", "method": "valgrind-taint", "errors": null,
                       "verdict": format!("not run: {e}")}]);
    }
    serde_json::Value::Array(
        rows.iter()
            .map(|r| {
                let mut r = r.clone();
                let control = hardening::NEGATIVE_CONTROLS.contains(&r["op"].as_str().unwrap_or(""));
                r["negative_control"] = json!(control);
                r
            })
            .collect(),
    )
}

fn vectors(files: &[String]) -> ExitCode {
    if files.is_empty() {
        return usage();
    }
    let mut any_fail = false;
    for f in files {
        match suites::run_file(std::path::Path::new(f)) {
            Ok(results) => {
                for r in &results {
                    println!(
                        "{f}: {} {} [{}]: {} passed, {} failed, {} skipped{}",
                        r.curve,
                        r.suite,
                        r.kind,
                        r.passed,
                        r.failed,
                        r.skipped,
                        r.note.as_deref().map(|n| format!(" ({n})")).unwrap_or_default()
                    );
                    for fl in r.failures.iter().take(10) {
                        println!("    FAIL {fl}");
                    }
                    if r.failed > 0 {
                        any_fail = true;
                    }
                }
            }
            Err(e) => {
                println!("{f}: error: {e}");
                any_fail = true;
            }
        }
    }
    if any_fail {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
