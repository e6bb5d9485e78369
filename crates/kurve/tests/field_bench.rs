//! Micro-benchmark of the generic Montgomery field `Fp<P, N>` for N = 3…9
//! limbs (mul, square, add, sub, neg, invert) plus one curve-level [k]P.
//!
//! Not a correctness test: it is `#[ignore]`d and only prints ns/op.
//! Run with
//! `cargo test --release -p kurve --test field_bench -- --ignored --nocapture`.
//! Each number is the minimum over 41 batches (shared machine); every operation feeds its output
//! into the next (a dependency chain), so the numbers are latencies.

use kurve::curves;
use kurve::field::{Field, FieldParams, Fp};
use std::hint::black_box;
use std::time::Instant;

/// A 448-bit (7-limb) modulus for the N = 7 row: Goldilocks p = 2^448 − 2^224 − 1,
/// used here through the generic Montgomery code only for timing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct P448;
impl FieldParams<7> for P448 {
    const NAME: &'static str = "bench.p448";
    const MODULUS: [u64; 7] = kurve::arith::from_hex(
        "fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    );
    const TWO_ADICITY: u32 = 1;
    const NON_RESIDUE: u64 = 7;
}

/// Minimum over batches: the machine is shared, so the least-disturbed batch
/// is the best estimate of the uncontended cost.
fn best(v: Vec<f64>) -> f64 {
    v.into_iter().fold(f64::INFINITY, f64::min)
}

fn time<F: FnMut()>(iters: u32, mut f: F) -> f64 {
    let mut samples = Vec::new();
    for _ in 0..41 {
        let t = Instant::now();
        f();
        samples.push(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    best(samples)
}

fn bench_field<P: FieldParams<N>, const N: usize>() {
    type F<P, const N: usize> = Fp<P, N>;
    let x0 = F::<P, N>::from_u64(0x1234_5678_9abc_def1).invert().unwrap();
    let y0 = F::<P, N>::from_u64(0x0fed_cba9_8765_4321).invert().unwrap();
    let it = 5_000u32;
    let mul = time(it, || {
        let (mut x, y) = (black_box(x0), black_box(y0));
        for _ in 0..it {
            x = x * y;
        }
        black_box(x);
    });
    let sqr = time(it, || {
        let mut x = black_box(x0);
        for _ in 0..it {
            x = x.square();
        }
        black_box(x);
    });
    let add = time(it, || {
        let (mut x, y) = (black_box(x0), black_box(y0));
        for _ in 0..it {
            x = x + y;
        }
        black_box(x);
    });
    let sub = time(it, || {
        let (mut x, y) = (black_box(x0), black_box(y0));
        for _ in 0..it {
            x = x - y;
        }
        black_box(x);
    });
    let neg = time(it, || {
        let mut x = black_box(x0);
        for _ in 0..it {
            x = -x;
        }
        black_box(x);
    });
    let m = P::MODULUS;
    let (xl, yl) = (x0.to_repr(), y0.to_repr());
    let direct = time(it, || {
        let (mut x, y) = (black_box(xl), black_box(yl));
        for _ in 0..it {
            x = kurve::arith::backend::portable::mont_mul(&x, &y, &m, P::INV);
        }
        black_box(x);
    });
    let dispatched = time(it, || {
        let (mut x, y) = (black_box(xl), black_box(yl));
        for _ in 0..it {
            x = kurve::arith::backend::mont_mul(&x, &y, &m, P::INV);
        }
        black_box(x);
    });
    let inv_it = 50u32;
    let inv = time(inv_it, || {
        let mut x = black_box(x0);
        for _ in 0..inv_it {
            x = x.invert().unwrap_or(x);
        }
        black_box(x);
    });
    println!(
        "FIELD {:<10} {:<22} N={} mul {:7.2} sqr {:7.2} add {:6.2} sub {:6.2} neg {:6.2} inv {:9.0} ns | portable direct {:6.2} dispatched {:6.2}",
        kurve::arith::backend::backend_name(),
        P::NAME,
        N,
        mul,
        sqr,
        add,
        sub,
        neg,
        inv,
        direct,
        dispatched
    );
}

fn bench_curve(name: &str) {
    let c = curves::by_name(name).unwrap();
    let mut sk = vec![0x5au8; c.scalar_bytes()];
    sk[0] = 0;
    let pk = c.public_key(&sk, false).unwrap();
    let it = 20u32;
    let t = time(it, || {
        for _ in 0..it {
            black_box(c.ecdh(black_box(&sk), black_box(&pk)).unwrap());
        }
    });
    println!("CURVE {:<10} {:<22} ecdh (var-base mul + decode) {:9.0} ns", kurve::arith::backend::backend_name(), name, t);
}

/// Runs `f` once on each backend (portable first), interleaved so both see
/// the same machine load.
fn ab<F: Fn()>(f: F) {
    kurve::arith::backend::set_force_portable(true);
    f();
    kurve::arith::backend::set_force_portable(false);
    f();
}

#[test]
#[ignore = "benchmark, not a correctness test: prints ns/op; run with --ignored --nocapture"]
fn field_bench() {
    println!("backend: {}", kurve::arith::backend::backend_name());
    ab(|| bench_field::<curves::secp192r1::BaseParams, 3>());
    ab(|| bench_field::<curves::secp256r1::BaseParams, 4>());
    ab(|| bench_field::<curves::secp256k1::BaseParams, 4>());
    ab(|| bench_field::<curves::brainpool_p256r1::BaseParams, 4>());
    ab(|| bench_field::<curves::brainpool_p320r1::BaseParams, 5>());
    ab(|| bench_field::<curves::secp384r1::BaseParams, 6>());
    ab(|| bench_field::<curves::brainpool_p384r1::BaseParams, 6>());
    ab(|| bench_field::<P448, 7>());
    ab(|| bench_field::<curves::brainpool_p512r1::BaseParams, 8>());
    ab(|| bench_field::<curves::secp521r1::BaseParams, 9>());
    macro_rules! curve_mul {
        ($m:ident) => {{
            use curves::$m::{ProjectivePoint, SecretScalar};
            let mut sk = vec![0x5au8; (<curves::$m::Fq as Field>::BYTES)];
            sk[0] = 0;
            let d = SecretScalar::from_be_bytes(&sk).unwrap();
            let p = ProjectivePoint::generator().double();
            let it = 20u32;
            let t = time(it, || {
                for _ in 0..it {
                    black_box(black_box(&p).mul(black_box(&d)));
                }
            });
            println!("CURVE {:<10} {:<22} mul (projective [k]P)       {:9.0} ns", kurve::arith::backend::backend_name(), stringify!($m), t);
        }};
    }
    ab(|| curve_mul!(secp256r1));
    ab(|| curve_mul!(secp256k1));
    ab(|| curve_mul!(secp384r1));
    ab(|| curve_mul!(secp521r1));
    ab(|| curve_mul!(brainpool_p256r1));
    ab(|| curve_mul!(brainpool_p384r1));
    ab(|| curve_mul!(brainpool_p512r1));
    for c in ["secp256r1", "secp384r1"] {
        ab(|| bench_curve(c));
    }
}
