//! `kurve-ct`: secret-taint analysis under valgrind memcheck.
//!
//! Method (as libsecp256k1's `ctime_tests`, and Adam Langley's ctgrind):
//! every secret input — scalar, private key, nonce, seed — is marked
//! *undefined* with the client request `VALGRIND_MAKE_MEM_UNDEFINED`. memcheck
//! then reports every conditional jump, and every memory address, computed
//! from it ("Conditional jump or move depends on uninitialised value(s)",
//! "Use of uninitialised value of size N" in an address). The public result
//! is marked defined again before the harness looks at it, and the library
//! itself declassifies only the bits that are public by design
//! (`kurve::ct::declassify`). Errors are counted per operation with the
//! `VALGRIND_COUNT_ERRORS` request, so one run yields a row per curve × op.
//!
//! ```text
//! valgrind --error-exitcode=0 kurve-ct [--json] [--only CURVE] [--negative-control]
//! ```
//!
//! Without valgrind the program says so and exits 2: its numbers would mean
//! nothing. With `--negative-control`, deliberately leaky operations (a branch
//! on a secret bit, a table index by a secret byte, and kurve's own
//! `mul_vartime`) run too; the harness's own tests require them to be caught.
//! They live in this harness only, never in the library.
//!
//! Backends: every row runs once on the portable field arithmetic and, when
//! the host CPU has BMI2 and ADX (read from `/proc/cpuinfo`, since
//! valgrind's synthetic CPUID hides ADX), once more on the MULX/ADCX/ADOX
//! assembly (`kurve::arith::backend`), with the AVX2 table scans too when it
//! has AVX2; the row's `errors` is the sum, with the split in
//! `errors_by_backend`.

use kurve::ct::valgrind;
use kurve::curves::{self, CurveOps, EddsaVariant, Model};
use kurve::proto::{HashAlg, SigFormat};
use std::hint::black_box;

/// `VG_USERREQ__RUNNING_ON_VALGRIND`.
const RUNNING_ON_VALGRIND: u64 = 0x1001;

fn secret(v: &[u8]) {
    valgrind::mark_secret(v);
}
fn public(v: &[u8]) {
    valgrind::mark_public(v);
}

/// One secret-dependent operation: runs with `key` marked secret.
struct Op {
    name: &'static str,
    run: fn(&dyn CurveOps, &[u8]) -> Vec<u8>,
    /// Whether the op exists on this curve (decided on public data before
    /// anything is marked secret; ops that are `Unsupported` by design are
    /// skipped, not reported as failures).
    applies: fn(&dyn CurveOps) -> bool,
    /// The secret input for this curve.
    key: fn(&dyn CurveOps) -> Vec<u8>,
}

fn weierstrass(c: &dyn CurveOps) -> bool {
    c.model() == Model::ShortWeierstrass
}
/// Ops on (u, v) / Edwards points with big-endian scalars mod L.
fn group(c: &dyn CurveOps) -> bool {
    matches!(c.model(), Model::ShortWeierstrass | Model::Edwards | Model::Montgomery)
}
fn x_only(c: &dyn CurveOps) -> bool {
    c.model() == Model::MontgomeryXOnly
}
/// EdDSA exists here (edwards25519, edwards448; probed with a public seed).
fn eddsa(c: &dyn CurveOps) -> bool {
    c.model() == Model::Edwards && c.eddsa_public_key(&seed_for(c)) != Err(kurve::Error::Unsupported)
}
/// An EdDSA seed: as long as a point encoding (32 / 57 bytes).
fn seed_for(c: &dyn CurveOps) -> Vec<u8> {
    let len = c.generator(false).len();
    (0..len).map(|i| 0x5a ^ (i as u8).wrapping_mul(37)).collect()
}

fn hash_for(c: &dyn CurveOps) -> HashAlg {
    match c.field_bytes() {
        0..=32 => HashAlg::Sha256,
        33..=48 => HashAlg::Sha384,
        _ => HashAlg::Sha512,
    }
}

fn ops() -> Vec<Op> {
    vec![
        Op {
            name: "mul",
            run: |c, k| c.mul(k, &c.generator(false)).map(|b| b.to_vec()).unwrap_or_default(),
            applies: group,
            key: key_for,
        },
        Op {
            name: "mul_base",
            run: |c, k| c.mul_base(k).map(|b| b.to_vec()).unwrap_or_default(),
            applies: group,
            key: key_for,
        },
        Op {
            name: "keygen",
            run: |c, k| c.public_key(k, false).map(|b| b.to_vec()).unwrap_or_default(),
            applies: weierstrass,
            key: key_for,
        },
        Op {
            name: "ecdh",
            run: |c, k| {
                let peer = c.double(&c.generator(false)).map(|b| b.to_vec()).unwrap_or_default();
                c.ecdh(k, &peer).map(|b| b.to_vec()).unwrap_or_default()
            },
            applies: weierstrass,
            key: key_for,
        },
        Op {
            name: "ecdsa_sign",
            run: |c, k| {
                c.ecdsa_sign(hash_for(c), k, b"kurve-ct message", SigFormat::P1363, &[], false)
                    .map(|b| b.to_vec())
                    .unwrap_or_default()
            },
            applies: weierstrass,
            key: key_for,
        },
        Op {
            name: "ecdsa_sign_hedged",
            run: |c, k| {
                c.ecdsa_sign(hash_for(c), k, b"kurve-ct message", SigFormat::Der, &[7u8; 32], true)
                    .map(|b| b.to_vec())
                    .unwrap_or_default()
            },
            applies: weierstrass,
            key: key_for,
        },
        Op {
            name: "xdh",
            run: |c, k| {
                // a public peer u-coordinate: the public key of a fixed public scalar
                let peer = c.xdh_public_key(&[3u8; 56][..c.scalar_bytes()]).map(|b| b.to_vec()).unwrap_or_default();
                c.xdh(k, &peer).map(|b| b.to_vec()).unwrap_or_default()
            },
            applies: x_only,
            key: key_for,
        },
        Op {
            name: "xdh_keygen",
            run: |c, k| c.xdh_public_key(k).map(|b| b.to_vec()).unwrap_or_default(),
            applies: x_only,
            key: key_for,
        },
        Op {
            name: "eddsa_keygen",
            run: |c, k| c.eddsa_public_key(k).map(|b| b.to_vec()).unwrap_or_default(),
            applies: eddsa,
            key: seed_for,
        },
        Op {
            name: "eddsa_sign",
            run: |c, k| {
                c.eddsa_sign(EddsaVariant::Pure, k, b"", b"kurve-ct message").map(|b| b.to_vec()).unwrap_or_default()
            },
            applies: eddsa,
            key: seed_for,
        },
        Op {
            name: "eddsa_sign_ph",
            run: |c, k| {
                c.eddsa_sign(EddsaVariant::Ph, k, b"ctx", b"kurve-ct message").map(|b| b.to_vec()).unwrap_or_default()
            },
            applies: eddsa,
            key: seed_for,
        },
    ]
}

/// Negative controls: code that leaks on purpose, to show the harness sees leaks.
fn negative_controls() -> Vec<Op> {
    vec![
        Op {
            name: "leaky_branch",
            run: |_, k| {
                // branch on a secret bit
                let mut acc = 0u8;
                if k[k.len() - 1] & 1 == 1 {
                    acc = black_box(1);
                }
                vec![acc]
            },
            applies: |_| true,
            key: key_for,
        },
        Op {
            name: "leaky_index",
            run: |_, k| {
                // memory index by a secret byte
                let table: Vec<u8> = (0..=255u8).collect();
                vec![black_box(&table)[k[0] as usize]]
            },
            applies: |_| true,
            key: key_for,
        },
        Op {
            name: "mul_vartime",
            run: |c, k| c.mul_vartime(k, &c.generator(false)).map(|b| b.to_vec()).unwrap_or_default(),
            applies: group,
            key: key_for,
        },
    ]
}

fn key_for(c: &dyn CurveOps) -> Vec<u8> {
    // A fixed key in [1, n−1] with both 0 and 1 bits throughout.
    let n = c.order();
    let mut k: Vec<u8> = (0..n.len()).map(|i| 0xa5 ^ (i as u8).wrapping_mul(29)).collect();
    k[0] &= n[0] >> 1;
    k
}

/// True when the host CPU (not valgrind's synthetic one) lists every flag.
fn host_has(flags: &[&str]) -> bool {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines().find(|l| l.starts_with("flags")).map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                flags.iter().all(|x| f.contains(x))
            })
        })
        .unwrap_or(false)
}

/// Selects the field-arithmetic backends by name: "portable",
/// "x86_64-adx" (assembly multiplication) or "x86_64-adx+avx2" (and AVX2
/// table scans); false when that selection is not available in this build.
fn select_backend(name: &str) -> bool {
    use kurve::arith::backend;
    backend::set_force_portable(true);
    let avx2 = name.ends_with("+avx2");
    #[cfg(target_arch = "x86_64")]
    if name.starts_with("x86_64-adx") {
        // SAFETY: only called for names built in `main` from the host's
        // /proc/cpuinfo flags (bmi2 and adx, and avx2 for "+avx2"); valgrind
        // runs the program on that CPU.
        unsafe { backend::x86_64_adx::assume_bmi2_adx(avx2) };
    }
    let mult = if name == "portable" { "portable" } else { "x86_64-adx" };
    backend::backend_name() == mult && backend::avx2_selected() == avx2
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let json = args.iter().any(|a| a == "--json");
    let only = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).cloned();
    if valgrind::client_request(RUNNING_ON_VALGRIND, 0, 0) == 0 {
        eprintln!("kurve-ct: not running under valgrind; run `valgrind --error-exitcode=0 kurve-ct`");
        std::process::exit(2);
    }
    let mut rows = Vec::new();
    let mut all_ops = Vec::new();
    if args.iter().any(|a| a == "--negative-control") {
        all_ops.extend(negative_controls());
    }
    all_ops.extend(ops());
    let mut backends = vec!["portable"];
    let asm = if host_has(&["bmi2", "adx", "avx2"]) { "x86_64-adx+avx2" } else { "x86_64-adx" };
    if host_has(&["bmi2", "adx"]) && select_backend(asm) {
        backends.push(asm);
    }
    for c in curves::all() {
        if let Some(o) = &only {
            if !c.name().eq_ignore_ascii_case(o) {
                continue;
            }
        }
        for op in &all_ops {
            if !(op.applies)(*c) {
                continue;
            }
            let mut errors = 0;
            let mut ok = true;
            let mut by_backend = serde_json::Map::new();
            for b in &backends {
                assert!(select_backend(b), "backend {b} vanished");
                let key = (op.key)(*c);
                let before = valgrind::count_errors();
                secret(&key);
                let out = (op.run)(*c, black_box(&key));
                public(&out);
                public(&key);
                let e = valgrind::count_errors() - before;
                ok &= !out.is_empty();
                errors += e;
                by_backend.insert(b.to_string(), e.into());
            }
            rows.push(serde_json::json!({
                "curve": c.name(), "op": op.name, "method": "valgrind-taint",
                "errors": errors, "ran": ok, "errors_by_backend": by_backend,
                "verdict": if !ok { "operation failed" } else if errors == 0 { "no secret-dependent branch or index" } else { "LEAK: secret-dependent branch or index" }
            }));
            if !json {
                println!(
                    "{:<16} {:<18} errors {:>4}{}",
                    c.name(),
                    op.name,
                    errors,
                    if ok { "" } else { "  (operation failed)" }
                );
            }
        }
    }
    if json {
        println!("{}", serde_json::Value::Array(rows));
    }
}
