//! The runtime section: median ns/op of every operation on every curve.
//!
//! Method: for each (curve, op), a warm-up, then `batches` batches of `iters`
//! calls each; the per-op time of each batch is recorded, and the median,
//! min and max over batches are reported. Inputs pass through
//! `std::hint::black_box`. Operations are timed through the byte-level
//! registry (`CurveOps`), so decoding and encoding are included where the
//! op implies them (ECDH decodes the peer key; verify decodes the key and
//! signature), as PEERS.md defines them.

use kurve::curves::{self, CurveOps, EddsaVariant, Model};
use kurve::proto::{HashAlg, SigFormat};
use serde_json::json;
use std::hint::black_box;
use std::time::Instant;

/// How long to measure.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Few batches: a quick look.
    Quick,
    /// The default budget.
    Default,
    /// More batches for stable numbers.
    Full,
}

/// One measured row.
pub struct Row {
    pub curve: String,
    pub op: &'static str,
    pub implementation: &'static str,
    pub median_ns: f64,
    pub min_ns: f64,
    pub max_ns: f64,
}

fn hash_for(c: &dyn CurveOps) -> HashAlg {
    match c.field_bytes() {
        0..=32 => HashAlg::Sha256,
        33..=48 => HashAlg::Sha384,
        _ => HashAlg::Sha512,
    }
}

/// Times `f` and returns (median, min, max) ns per call.
fn measure(batches: usize, target_batch_ns: f64, mut f: impl FnMut()) -> (f64, f64, f64) {
    // warm up and calibrate
    let t = Instant::now();
    f();
    let once = t.elapsed().as_nanos().max(1) as f64;
    let iters = ((target_batch_ns / once) as usize).clamp(1, 100_000);
    for _ in 0..iters.min(3) {
        f();
    }
    let mut per = Vec::with_capacity(batches);
    for _ in 0..batches {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        per.push(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    per.sort_by(|a, b| a.total_cmp(b));
    (per[per.len() / 2], per[0], per[per.len() - 1])
}

/// A fixed, curve-sized scalar in [1, n−1] derived from a seed (deterministic).
fn scalar_for(c: &dyn CurveOps, seed: u8) -> Vec<u8> {
    let n = c.order();
    let mut k: Vec<u8> = (0..n.len()).map(|i| (i as u8).wrapping_mul(151).wrapping_add(seed) ^ 0x5a).collect();
    // keep it below n: clear the top byte's bits above n's top bit, and make it nonzero
    k[0] &= n[0] >> 1;
    k[n.len() - 1] |= 1;
    k
}

/// Runs the runtime section.
pub fn run(mode: Mode, only: Option<&str>) -> Vec<Row> {
    let (batches, batch_ns) = match mode {
        Mode::Quick => (15, 2.0e6),
        Mode::Default => (21, 6.0e6),
        Mode::Full => (41, 2.0e7),
    };
    let mut rows = Vec::new();
    for c in curves::all() {
        if let Some(o) = only {
            if !c.name().eq_ignore_ascii_case(o) {
                continue;
            }
        }
        eprintln!("  timing {}", c.name());
        let mut push = |op: &'static str, r: (f64, f64, f64)| {
            rows.push(Row { curve: c.name().to_string(), op, implementation: "kurve", median_ns: r.0, min_ns: r.1, max_ns: r.2 });
        };
        match c.model() {
            Model::ShortWeierstrass => time_weierstrass(*c, batches, batch_ns, &mut push),
            Model::Edwards | Model::Montgomery => time_edwards(*c, batches, batch_ns, &mut push),
            Model::MontgomeryXOnly => time_xdh(*c, batches, batch_ns, &mut push),
        }
    }
    rows
}

type Push<'a> = dyn FnMut(&'static str, (f64, f64, f64)) + 'a;

/// Short Weierstrass: group ops, ECDH, ECDSA.
fn time_weierstrass(c: &dyn CurveOps, batches: usize, batch_ns: f64, push: &mut Push<'_>) {
    let g = c.generator(false);
    let d1 = scalar_for(c, 1);
    let d2 = scalar_for(c, 2);
    let (Ok(p), Ok(q)) = (c.public_key(&d1, false), c.public_key(&d2, false)) else {
        return;
    };
    let msg = [0x42u8; 32];
    let h = hash_for(c);
    let Ok(sig) = c.ecdsa_sign(h, &d1, &msg, SigFormat::P1363, &[], false) else {
        return;
    };
    push("add", measure(batches, batch_ns, || {
        black_box(c.add(black_box(&p), black_box(&q)).ok());
    }));
    push("double", measure(batches, batch_ns, || {
        black_box(c.double(black_box(&p)).ok());
    }));
    push("decode", measure(batches, batch_ns, || {
        black_box(c.encode_point(black_box(&p), false).ok());
    }));
    push("mul", measure(batches, batch_ns, || {
        black_box(c.mul(black_box(&d2), black_box(&p)).ok());
    }));
    push("mul_base", measure(batches, batch_ns, || {
        black_box(c.mul_base(black_box(&d2)).ok());
    }));
    push("mul_vartime", measure(batches, batch_ns, || {
        black_box(c.mul_vartime(black_box(&d2), black_box(&p)).ok());
    }));
    push("double_mul_vartime", measure(batches, batch_ns, || {
        black_box(c.double_mul_vartime(black_box(&d1), black_box(&d2), black_box(&g)).ok());
    }));
    push("ecdh", measure(batches, batch_ns, || {
        black_box(c.ecdh(black_box(&d1), black_box(&q)).ok());
    }));
    push("keygen", measure(batches, batch_ns, || {
        black_box(c.public_key(black_box(&d1), false).ok());
    }));
    push("ecdsa_sign", measure(batches, batch_ns, || {
        black_box(c.ecdsa_sign(h, black_box(&d1), black_box(&msg), SigFormat::P1363, &[], false).ok());
    }));
    push("ecdsa_verify", measure(batches, batch_ns, || {
        black_box(c.ecdsa_verify(h, black_box(&p), black_box(&msg), black_box(&sig), SigFormat::P1363, false).ok());
    }));
    }

/// Edwards and Montgomery (u, v): group ops on encoded points, and EdDSA
/// (keygen = public key from a seed, sign, verify under RFC 8032's strict
/// profile) where the curve has it.
fn time_edwards(c: &dyn CurveOps, batches: usize, batch_ns: f64, push: &mut Push<'_>) {
    let g = c.generator(false);
    let d1 = scalar_for(c, 1);
    let d2 = scalar_for(c, 2);
    let (Ok(p), Ok(q)) = (c.mul_base(&d1), c.mul_base(&d2)) else {
    return;
    };
    push("add", measure(batches, batch_ns, || {
    black_box(c.add(black_box(&p), black_box(&q)).ok());
    }));
    push("double", measure(batches, batch_ns, || {
    black_box(c.double(black_box(&p)).ok());
    }));
    push("decode", measure(batches, batch_ns, || {
    black_box(c.encode_point(black_box(&p), false).ok());
    }));
    push("mul", measure(batches, batch_ns, || {
    black_box(c.mul(black_box(&d2), black_box(&p)).ok());
    }));
    push("mul_base", measure(batches, batch_ns, || {
    black_box(c.mul_base(black_box(&d2)).ok());
    }));
    push("mul_vartime", measure(batches, batch_ns, || {
    black_box(c.mul_vartime(black_box(&d2), black_box(&p)).ok());
    }));
    push("double_mul_vartime", measure(batches, batch_ns, || {
    black_box(c.double_mul_vartime(black_box(&d1), black_box(&d2), black_box(&g)).ok());
    }));
    // EdDSA: the seed is as long as a point encoding (32 / 57 bytes).
    let seed: Vec<u8> = (0..g.len()).map(|i| (i as u8).wrapping_mul(151) ^ 0x5a).collect();
    let msg = [0x42u8; 32];
    let (Ok(pk), Ok(sig)) = (c.eddsa_public_key(&seed), c.eddsa_sign(EddsaVariant::Pure, &seed, &[], &msg)) else {
    return;
    };
    push("keygen", measure(batches, batch_ns, || {
    black_box(c.eddsa_public_key(black_box(&seed)).ok());
    }));
    push("eddsa_sign", measure(batches, batch_ns, || {
    black_box(c.eddsa_sign(EddsaVariant::Pure, black_box(&seed), &[], black_box(&msg)).ok());
    }));
    push("eddsa_verify", measure(batches, batch_ns, || {
    black_box(c.eddsa_verify(EddsaVariant::Pure, "rfc8032", black_box(&pk), &[], black_box(&msg), black_box(&sig)).ok());
    }));
}

/// X25519 / X448: the Diffie–Hellman function and keygen (u of [clamp(k)]B).
fn time_xdh(c: &dyn CurveOps, batches: usize, batch_ns: f64, push: &mut Push<'_>) {
    let k1: Vec<u8> = (0..c.scalar_bytes()).map(|i| (i as u8).wrapping_mul(151).wrapping_add(1) ^ 0x5a).collect();
    let k2: Vec<u8> = (0..c.scalar_bytes()).map(|i| (i as u8).wrapping_mul(151).wrapping_add(2) ^ 0x5a).collect();
    let Ok(u) = c.xdh_public_key(&k2) else {
        return;
    };
    push("xdh", measure(batches, batch_ns, || {
        black_box(c.xdh(black_box(&k1), black_box(&u)).ok());
    }));
    push("keygen", measure(batches, batch_ns, || {
        black_box(c.xdh_public_key(black_box(&k1)).ok());
    }));
}

/// Prints the runtime table.
pub fn print(rows: &[Row]) {
    println!("\n== Runtime: median ns/op (min … max over batches) ==");
    println!("{:<16} {:<20} {:<8} {:>12} {:>12} {:>12}", "curve", "op", "impl", "median_ns", "min_ns", "max_ns");
    for r in rows {
        println!(
            "{:<16} {:<20} {:<8} {:>12.0} {:>12.0} {:>12.0}",
            r.curve, r.op, r.implementation, r.median_ns, r.min_ns, r.max_ns
        );
    }
}

/// The runtime rows as JSON (DESIGN.md shape).
pub fn to_json(rows: &[Row]) -> serde_json::Value {
    serde_json::Value::Array(
        rows.iter()
            .map(|r| json!({"curve": r.curve, "op": r.op, "impl": r.implementation,
                            "median_ns": r.median_ns, "min_ns": r.min_ns, "max_ns": r.max_ns}))
            .collect(),
    )
}

/// CPU model and detected features.
pub fn machine_description() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string()))
        .unwrap_or_else(|| "unknown cpu".into());
    let mut feats = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("adx") {
            feats.push("adx");
        }
        if std::is_x86_feature_detected!("bmi2") {
            feats.push("bmi2");
        }
        if std::is_x86_feature_detected!("avx2") {
            feats.push("avx2");
        }
        if std::is_x86_feature_detected!("avx512ifma") {
            feats.push("avx512ifma");
        }
    }
    format!("{model}; {} cores; features: {}", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1), feats.join(" "))
}
