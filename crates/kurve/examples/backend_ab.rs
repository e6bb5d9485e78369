//! Times registry operations of one curve on the selected backend and on
//! the portable one, interleaved (A B A B …) in one process, and prints the
//! medians and their ratio: a machine-noise-resistant way to see what the
//! assembly backends buy. Run:
//! `cargo run --release -p kurve --example backend_ab -- CURVE [OP ...]`
//! with OP among mul, mul_base, ecdh, keygen, sign, verify, xdh, xdh_base
//! (default: every op the curve has).

use kurve::curves::{self, CurveOps, EddsaVariant, Model};
use kurve::proto::{HashAlg, SigFormat};
use std::hint::black_box;
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

/// Median ns per call of `f` on the selected and on the portable backend,
/// batches interleaved.
fn ab(mut f: impl FnMut()) -> (f64, f64) {
    let start = Instant::now();
    f();
    let once = start.elapsed().as_nanos().max(1) as f64;
    let iters = ((2.0e5 / once) as usize).clamp(1, 10_000);
    let (mut sel, mut port) = (Vec::new(), Vec::new());
    for round in 0..202 {
        let portable = round % 2 == 1;
        kurve::arith::backend::set_force_portable(portable);
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        let ns = t.elapsed().as_nanos() as f64 / iters as f64;
        if portable {
            port.push(ns);
        } else {
            sel.push(ns);
        }
    }
    kurve::arith::backend::set_force_portable(false);
    (median(sel), median(port))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(c) = args.first().and_then(|n| curves::by_name(n)) else {
        eprintln!("usage: backend_ab CURVE [OP ...]");
        std::process::exit(2);
    };
    let c: &dyn CurveOps = c;
    let want = |op: &str| args.len() < 2 || args[1..].iter().any(|a| a == op);
    println!("{} on backend {} (portable: forced at run time)", c.name(), kurve::arith::backend::backend_name());
    let k = vec![0x3cu8; c.scalar_bytes()];
    let row = |name: &str, r: (f64, f64)| println!("{name:<10} selected {:>10.0} ns  portable {:>10.0} ns  ratio {:.3}", r.0, r.1, r.0 / r.1);
    match c.model() {
        Model::MontgomeryXOnly => {
            let u = c.generator(false);
            if want("xdh") {
                row("xdh", ab(|| drop(black_box(c.xdh(black_box(&k), black_box(&u))))));
            }
            if want("xdh_base") {
                row("xdh_base", ab(|| drop(black_box(c.xdh_public_key(black_box(&k))))));
            }
        }
        model => {
            let p = c.mul_base(&k).expect("k·G");
            if want("mul") {
                row("mul", ab(|| drop(black_box(c.mul(black_box(&k), black_box(&p))))));
            }
            if want("mul_base") {
                row("mul_base", ab(|| drop(black_box(c.mul_base(black_box(&k))))));
            }
            if model == Model::ShortWeierstrass {
                let h = HashAlg::Sha256;
                let sig = c.ecdsa_sign(h, &k, b"msg", SigFormat::P1363, &[], false).expect("sign");
                if want("ecdh") {
                    row("ecdh", ab(|| drop(black_box(c.ecdh(black_box(&k), black_box(&p))))));
                }
                if want("keygen") {
                    row("keygen", ab(|| drop(black_box(c.public_key(black_box(&k), false)))));
                }
                if want("sign") {
                    row("sign", ab(|| drop(black_box(c.ecdsa_sign(h, black_box(&k), b"msg", SigFormat::P1363, &[], false)))));
                }
                if want("verify") {
                    row("verify", ab(|| { let _ = black_box(c.ecdsa_verify(h, black_box(&p), b"msg", black_box(&sig), SigFormat::P1363, false)); }));
                }
            } else if let Ok(pk) = c.eddsa_public_key(&k) {
                let sig = c.eddsa_sign(EddsaVariant::Pure, &k, &[], b"msg").expect("sign");
                if want("keygen") {
                    row("keygen", ab(|| drop(black_box(c.eddsa_public_key(black_box(&k))))));
                }
                if want("sign") {
                    row("sign", ab(|| drop(black_box(c.eddsa_sign(EddsaVariant::Pure, black_box(&k), &[], b"msg")))));
                }
                if want("verify") {
                    row("verify", ab(|| { let _ = black_box(c.eddsa_verify(EddsaVariant::Pure, "rfc8032", black_box(&pk), &[], b"msg", black_box(&sig))); }));
                }
            }
        }
    }
}
