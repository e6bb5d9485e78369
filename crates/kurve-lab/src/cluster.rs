//! Per-test-case timing clusters over third-party test cases.
//!
//! Complement to the dudect t-test ([`crate::dudect`]): instead of two chosen
//! input classes, every Wycheproof case of a suite is one input, and the
//! suites contain the special values someone thought worth testing (private
//! keys 1, n−1, 2^k, low weight; points with special coordinates; for
//! X25519/X448 keys and u-coordinates of every shape). Constant-time code
//! gives all cases the same time, one cluster; a leak on, say, small scalars
//! shows up as a separate cluster holding exactly those cases.
//!
//! Procedure, per suite:
//! 1. Keep the cases whose computation succeeds and reproduces Wycheproof's
//!    shared secret (valid and acceptable cases; the rejected ones end on a
//!    public check, not on secret-dependent work). For ECDH the peer key is
//!    taken out of its SPKI and re-encoded uncompressed *before* timing, so
//!    the timed call is `CurveOps::ecdh(d, Q)` on an uncompressed Q in every
//!    case (point decompression, a public-data step, would otherwise form its
//!    own cluster). For X25519/X448 the raw key and u are used as given.
//! 2. R rounds; in each round every case is timed once, in a freshly
//!    shuffled order (interleaving spreads machine noise over all cases).
//! 3. Each case's time is the median of its R samples.
//! 4. 1-D clustering of the medians: sort them; start a new cluster wherever
//!    the gap between neighbours exceeds
//!    `gap = max(3 · MAD, 2 % of the median)` (MAD: median absolute
//!    deviation of the per-case medians). 2 % is a floor below which a
//!    difference is not resolvable with few repetitions on a shared machine;
//!    3 · MAD scales the rule with the observed spread.
//! 5. If that finds more than one cluster, the suite is timed again with 2R
//!    more rounds and each case's median is taken over all 3R samples, then
//!    clustered again (noise rarely repeats on the same cases; a real leak
//!    does). Both the rounds and the re-measurement are recorded.
//! 6. Report the main cluster (the largest) and its span (hi − lo as % of
//!    its median), and every other cluster with its size, range and the first
//!    ten test-case ids and comments in it.

use crate::dudect::Rng;
use crate::runtime::Mode;
use kurve::curves::{self, CurveOps};
use kurve::encoding::spki;
use serde_json::{json, Value};
use std::hint::black_box;
use std::time::Instant;

/// Relative floor of the gap that separates two clusters (2 % of the median).
pub const GAP_FLOOR: f64 = 0.02;
/// The MAD multiple of the gap rule.
pub const GAP_MADS: f64 = 3.0;
/// Histogram bins of the per-case medians.
pub const BINS: usize = 40;

/// One timed case: Wycheproof id and comment, private key, peer input.
struct Case {
    tc_id: u64,
    comment: String,
    private: Vec<u8>,
    peer: Vec<u8>,
}

/// A suite to time.
struct Suite {
    curve: &'static dyn CurveOps,
    op: &'static str,
    name: String,
    json: &'static str,
}

fn hex(s: &str) -> Option<Vec<u8>> {
    if s.len() % 2 != 0 {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok()).collect()
}

/// Big-endian private key normalized to `scalar_bytes()` (leading zeros
/// stripped or added); `None` if it does not fit.
fn normalize_private(c: &dyn CurveOps, d: &[u8]) -> Option<Vec<u8>> {
    let start = d.iter().position(|&b| b != 0).unwrap_or(d.len());
    let d = &d[start..];
    let sb = c.scalar_bytes();
    if d.len() > sb {
        return None;
    }
    let mut out = vec![0u8; sb - d.len()];
    out.extend_from_slice(d);
    Some(out)
}

/// The suites: every Wycheproof ECDH (SPKI form) set of the `wycheproof`
/// crate whose curve is in the registry, and X25519 / X448.
fn suites() -> Vec<Suite> {
    let mut v = Vec::new();
    for name in wycheproof::ecdh::TestName::all() {
        let dbg = format!("{name:?}");
        if dbg.ends_with("Ecpoint") {
            continue; // same cases as the SPKI set, raw points
        }
        let json = name.json_data();
        let Ok(doc) = serde_json::from_str::<Value>(json) else { continue };
        let curve = doc["testGroups"][0]["curve"].as_str().unwrap_or("");
        let Some(c) = curves::by_name(curve) else { continue };
        let file = format!("ecdh_{}_test", c.name());
        v.push(Suite { curve: c, op: "ecdh", name: format!("wycheproof/{file}"), json });
    }
    for name in wycheproof::xdh::TestName::all() {
        let json = name.json_data();
        let Ok(doc) = serde_json::from_str::<Value>(json) else { continue };
        let curve = doc["testGroups"][0]["curve"].as_str().unwrap_or("");
        let reg = match curve {
            "curve25519" => "X25519",
            "curve448" => "X448",
            _ => continue,
        };
        let Some(c) = curves::by_name(reg) else { continue };
        v.push(Suite { curve: c, op: "xdh", name: format!("wycheproof/{}_test", reg.to_ascii_lowercase()), json });
    }
    v
}

/// The cases of a suite whose computation succeeds with Wycheproof's result.
fn cases(s: &Suite) -> Vec<Case> {
    let Ok(doc) = serde_json::from_str::<Value>(s.json) else { return Vec::new() };
    let c = s.curve;
    let mut out = Vec::new();
    for g in doc["testGroups"].as_array().into_iter().flatten() {
        for t in g["tests"].as_array().into_iter().flatten() {
            if t["result"].as_str() == Some("invalid") {
                continue;
            }
            let (Some(d), Some(q), Some(shared)) = (
                t["private"].as_str().and_then(hex),
                t["public"].as_str().and_then(hex),
                t["shared"].as_str().and_then(hex),
            ) else {
                continue;
            };
            let prepared = if s.op == "ecdh" {
                let Some(d) = normalize_private(c, &d) else { continue };
                let Ok(k) = spki::decode_ec_spki(&q) else { continue };
                let Ok(p) = c.encode_point(k.point, false) else { continue };
                (d, p.to_vec())
            } else {
                (d, q)
            };
            let got = if s.op == "ecdh" { c.ecdh(&prepared.0, &prepared.1) } else { c.xdh(&prepared.0, &prepared.1) };
            if got.map(|b| b.to_vec()) != Ok(shared) {
                continue;
            }
            out.push(Case {
                tc_id: t["tcId"].as_u64().unwrap_or(0),
                comment: t["comment"].as_str().unwrap_or("").to_string(),
                private: prepared.0,
                peer: prepared.1,
            });
        }
    }
    out
}

/// Times `rounds` rounds of every case (shuffled order per round), appending
/// to `samples[i]`.
fn time_rounds(s: &Suite, cases: &[Case], rounds: usize, rng: &mut Rng, samples: &mut [Vec<f64>]) {
    let c = s.curve;
    let xdh = s.op == "xdh";
    let mut order: Vec<usize> = (0..cases.len()).collect();
    for _ in 0..rounds {
        // Fisher–Yates shuffle
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for &i in &order {
            let (d, q) = (&cases[i].private, &cases[i].peer);
            let t0 = Instant::now();
            let r = if xdh { c.xdh(black_box(d), black_box(q)) } else { c.ecdh(black_box(d), black_box(q)) };
            let dt = t0.elapsed();
            drop(black_box(r));
            samples[i].push(dt.as_nanos() as f64);
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// A cluster: index range into the sorted medians.
#[derive(Clone, Debug, PartialEq)]
pub struct Cluster {
    /// Smallest median in the cluster (ns).
    pub lo: f64,
    /// Largest median in the cluster (ns).
    pub hi: f64,
    /// Indices (into the input slice) of its members, by increasing median.
    pub members: Vec<usize>,
}

/// The gap rule: max(3·MAD, 2 % of the median) of `values`.
pub fn gap_threshold(values: &[f64]) -> f64 {
    let mut v = values.to_vec();
    let m = median(&mut v);
    let mut dev: Vec<f64> = values.iter().map(|x| (x - m).abs()).collect();
    let mad = median(&mut dev);
    (GAP_MADS * mad).max(GAP_FLOOR * m)
}

/// 1-D clustering: sort; split where the gap between neighbours exceeds
/// `gap`. Clusters are returned in increasing order of time.
pub fn cluster_1d(values: &[f64], gap: f64) -> Vec<Cluster> {
    let mut idx: Vec<usize> = (0..values.len()).collect();
    idx.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut out: Vec<Cluster> = Vec::new();
    for &i in &idx {
        let v = values[i];
        match out.last_mut() {
            Some(c) if v - c.hi <= gap => {
                c.hi = v;
                c.members.push(i);
            }
            _ => out.push(Cluster { lo: v, hi: v, members: vec![i] }),
        }
    }
    out
}

/// One suite's result.
pub struct Row {
    /// Curve name.
    pub curve: String,
    /// `ecdh` or `xdh`.
    pub op: &'static str,
    /// Suite name.
    pub suite: String,
    /// Cases timed.
    pub cases: usize,
    /// Samples per case.
    pub reps: usize,
    /// Clusters (largest first is *not* implied; increasing time).
    pub clusters: Vec<Cluster>,
    /// Span of the main cluster in % of its median.
    pub main_span_pct: f64,
    /// "one cluster" or "N clusters".
    pub verdict: String,
    /// The JSON row.
    pub json: Value,
}

/// Rounds per mode, and which suites run.
fn plan(mode: Mode) -> (usize, Option<&'static [&'static str]>) {
    match mode {
        // --quick: 5 rounds, five suites (P-256, secp256k1, brainpoolP256r1, X25519, X448)
        Mode::Quick => (5, Some(&["secp256r1", "secp256k1", "brainpoolP256r1", "x25519", "x448"])),
        Mode::Default => (9, None),
        Mode::Full => (51, None),
    }
}

/// Runs the per-case clustering over the suites (restricted to `only`).
pub fn run(mode: Mode, only: Option<&str>) -> Vec<Row> {
    let (reps, subset) = plan(mode);
    let mut rng = Rng::new(0x636c_7573_7465_7273); // "clusters"
    let all: Vec<Suite> = suites()
        .into_iter()
        .filter(|s| match only {
            Some(o) => s.curve.name().eq_ignore_ascii_case(o),
            None => subset.is_none_or(|l| l.iter().any(|n| n.eq_ignore_ascii_case(s.curve.name()))),
        })
        .collect();
    let total = all.len();
    let mut rows = Vec::new();
    for (n, s) in all.iter().enumerate() {
        eprintln!("  per-case clusters {}/{} {} ({})", n + 1, total, s.curve.name(), s.name);
        let cs = cases(s);
        if cs.is_empty() {
            continue;
        }
        let start = Instant::now();
        let mut samples: Vec<Vec<f64>> = vec![Vec::new(); cs.len()];
        time_rounds(s, &cs, reps, &mut rng, &mut samples);
        let mut meds: Vec<f64> = samples.iter().map(|v| median(&mut v.clone())).collect();
        let mut clusters = cluster_1d(&meds, gap_threshold(&meds));
        let first_clusters = clusters.len();
        let mut total_reps = reps;
        if clusters.len() > 1 {
            time_rounds(s, &cs, 2 * reps, &mut rng, &mut samples);
            total_reps = 3 * reps;
            meds = samples.iter().map(|v| median(&mut v.clone())).collect();
            clusters = cluster_1d(&meds, gap_threshold(&meds));
        }
        rows.push(make_row(s, &cs, &meds, clusters, reps, total_reps, first_clusters, start.elapsed().as_secs_f64(), mode, subset.is_some() && only.is_none()));
    }
    rows
}

#[allow(clippy::too_many_arguments)]
fn make_row(
    s: &Suite,
    cs: &[Case],
    meds: &[f64],
    clusters: Vec<Cluster>,
    reps: usize,
    total_reps: usize,
    first_clusters: usize,
    seconds: f64,
    mode: Mode,
    subset: bool,
) -> Row {
    let main = clusters.iter().enumerate().max_by_key(|(_, c)| c.members.len()).map(|(i, _)| i).unwrap_or(0);
    let main_span_pct = clusters
        .get(main)
        .map(|c| {
            let mut m: Vec<f64> = c.members.iter().map(|&i| meds[i]).collect();
            let mid = median(&mut m);
            if mid > 0.0 { 100.0 * (c.hi - c.lo) / mid } else { 0.0 }
        })
        .unwrap_or(0.0);
    let verdict = if clusters.len() == 1 { "one cluster".to_string() } else { format!("{} clusters", clusters.len()) };
    let cl_json: Vec<Value> = clusters
        .iter()
        .enumerate()
        .map(|(i, c)| {
            json!({"lo_ns": c.lo, "hi_ns": c.hi, "count": c.members.len(), "main": i == main,
                   "tc_ids": c.members.iter().take(10).map(|&m| cs[m].tc_id).collect::<Vec<_>>(),
                   "comments": c.members.iter().take(10).map(|&m| cs[m].comment.as_str()).collect::<Vec<_>>()})
        })
        .collect();
    let lo = meds.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = meds.iter().copied().fold(0.0, f64::max).max(lo + 1.0);
    let mut counts = vec![0u64; BINS];
    for &m in meds {
        let b = (((m - lo) / (hi - lo)) * BINS as f64) as usize;
        counts[b.min(BINS - 1)] += 1;
    }
    let mut note = format!(
        "{reps} interleaved rounds per case, median per case; gap rule max({GAP_MADS}·MAD, {}% of median); peer keys pre-decoded to uncompressed points outside the timed call",
        GAP_FLOOR * 100.0
    );
    if first_clusters > 1 {
        note.push_str(&format!("; first pass found {first_clusters} clusters, re-measured with {} more rounds (medians over {total_reps})", total_reps - reps));
    }
    if subset {
        note.push_str("; --quick times a subset of the suites");
    }
    let json = json!({
        "curve": s.curve.name(), "op": s.op, "method": "per-case-clusters", "suite": s.name,
        "cases": cs.len(), "reps": total_reps, "clusters": cl_json,
        "main_span_pct": (main_span_pct * 100.0).round() / 100.0, "verdict": verdict,
        "gap_threshold_ns": gap_threshold(meds), "seconds": (seconds * 1000.0).round() / 1000.0,
        "mode": match mode { Mode::Quick => "quick", Mode::Default => "default", Mode::Full => "full" },
        "note": note,
        "histogram": {"lo_ns": lo, "hi_ns": hi, "counts": [counts]},
    });
    Row {
        curve: s.curve.name().to_string(),
        op: s.op,
        suite: s.name.clone(),
        cases: cs.len(),
        reps: total_reps,
        clusters,
        main_span_pct,
        verdict,
        json,
    }
}

/// Prints the clusters table.
pub fn print(rows: &[Row]) {
    println!("\n== Hardening: timing per third-party test case (clusters of per-case medians) ==");
    let ws = rows.iter().map(|r| r.suite.len()).max().unwrap_or(5).max(5);
    println!("{:<16} {:<5} {:<ws$} {:>6} {:>5} {:>10} {:>9}  verdict / separate clusters", "curve", "op", "suite", "cases", "reps", "median_ns", "span%");
    for r in rows {
        let main = r.clusters.iter().max_by_key(|c| c.members.len());
        let mid = main.map(|c| (c.lo + c.hi) / 2.0).unwrap_or(0.0);
        println!("{:<16} {:<5} {:<ws$} {:>6} {:>5} {:>10.0} {:>9.2}  {}", r.curve, r.op, r.suite, r.cases, r.reps, mid, r.main_span_pct, r.verdict);
        for c in &r.clusters {
            if Some(c) != main {
                let ids: Vec<String> = r.json["clusters"]
                    .as_array()
                    .and_then(|a| a.iter().find(|j| j["lo_ns"].as_f64() == Some(c.lo)))
                    .and_then(|j| j["tc_ids"].as_array())
                    .map(|a| a.iter().map(|v| v.to_string()).collect())
                    .unwrap_or_default();
                println!("    separate cluster: {} cases, {:.0}–{:.0} ns, tcIds {}", c.members.len(), c.lo, c.hi, ids.join(","));
            }
        }
    }
}

/// The JSON rows (appended to the "hardening" array).
pub fn to_json(rows: &[Row]) -> Vec<Value> {
    rows.iter().map(|r| r.json.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clustering_splits_on_gaps() {
        // 20 values around 1000 (±5) and 3 around 700: two clusters.
        let mut v: Vec<f64> = (0..20).map(|i| 995.0 + (i % 11) as f64).collect();
        v.extend([700.0, 702.0, 705.0]);
        let gap = gap_threshold(&v);
        // median of the 23 values is 999; MAD is 3 (3·MAD = 9), so the 2 % floor rules
        assert!((gap - 0.02 * 999.0).abs() < 1e-9, "gap {gap}");
        let cl = cluster_1d(&v, gap);
        assert_eq!(cl.len(), 2);
        assert_eq!(cl[0].members, vec![20, 21, 22]);
        assert_eq!((cl[0].lo, cl[0].hi), (700.0, 705.0));
        assert_eq!(cl[1].members.len(), 20);
        // one tight group: one cluster
        let w: Vec<f64> = (0..50).map(|i| 1000.0 + (i % 7) as f64).collect();
        assert_eq!(cluster_1d(&w, gap_threshold(&w)).len(), 1);
    }

    #[test]
    fn suites_load_and_reproduce_wycheproof() {
        let s = suites();
        assert!(s.iter().any(|s| s.curve.name() == "secp256r1" && s.op == "ecdh"));
        assert!(s.iter().any(|s| s.curve.name().eq_ignore_ascii_case("x25519") && s.op == "xdh"));
        assert!(s.iter().any(|s| s.curve.name().eq_ignore_ascii_case("x448") && s.op == "xdh"));
        assert!(s.iter().filter(|s| s.op == "ecdh").count() >= 10);
        let p256 = s.iter().find(|s| s.curve.name() == "secp256r1").unwrap();
        let cs = cases(p256);
        // 330 valid cases plus the acceptable ones kurve accepts (most acceptable
        // cases are lax DER that kurve's strict SPKI decoder rejects); each kept
        // case reproduced Wycheproof's shared secret.
        assert!(cs.len() >= 330 && cs.len() < 560, "{} cases", cs.len());
        assert!(cs.iter().any(|c| c.tc_id == 1));
    }
}
