//! Measures GF(2^255 − 19) representations: ns per add, mul, square, invert
//! and sqrt for
//!
//! * `Fe51`  — radix 2^51, five u64 limbs, u128 products;
//! * `Fe64`  — radix 2^64, four u64 limbs, reduction by 38;
//! * `Fp<P25519, 4>` — the generic Montgomery field, for reference.
//!
//! Run: `cargo run --release --example field_bench` (optionally with
//! `-- --batches N`). Each figure is the median over the batches (after
//! warm-up batches that are not counted) of (batch time / iterations); a
//! batch is a dependent chain x ← op(x, y), so it measures latency as a
//! formula would see it. Inputs go through `std::hint::black_box`.

use kurve::field::fe25519::{radix51::Fe51, radix64::Fe64, Fe25519};
use kurve::field::{Field, FieldParams, Fp};
use std::hint::black_box;
use std::time::Instant;

/// p = 2^255 − 19 for the generic Montgomery field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct P25519;

impl FieldParams<4> for P25519 {
    const NAME: &'static str = "p25519";
    const MODULUS: [u64; 4] =
        [0xffff_ffff_ffff_ffed, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0x7fff_ffff_ffff_ffff];
    const TWO_ADICITY: u32 = 2;
    const NON_RESIDUE: u64 = 2;
}

type FpMont = Fp<P25519, 4>;

const WARMUP: usize = 3;

/// Median ns per iteration of `batch(iters)` over `batches` batches.
fn measure(batches: usize, iters: u64, mut batch: impl FnMut(u64)) -> f64 {
    for _ in 0..WARMUP {
        batch(iters);
    }
    let mut v: Vec<f64> = (0..batches)
        .map(|_| {
            let t = Instant::now();
            batch(iters);
            t.elapsed().as_nanos() as f64 / iters as f64
        })
        .collect();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

struct Row {
    name: &'static str,
    add: f64,
    mul: f64,
    square: f64,
    invert: f64,
    sqrt: f64,
}

fn bench<F: Field>(name: &'static str, batches: usize) -> Row {
    let a = F::from_be_bytes_reduced(&[0x5a; 32]);
    let b = F::from_be_bytes_reduced(&[0xc3; 32]);
    let add = measure(batches, 100_000, |n| {
        let mut x = black_box(a);
        let y = black_box(b);
        for _ in 0..n {
            x = x + y;
        }
        black_box(x);
    });
    let mul = measure(batches, 20_000, |n| {
        let mut x = black_box(a);
        let y = black_box(b);
        for _ in 0..n {
            x = x * y;
        }
        black_box(x);
    });
    let square = measure(batches, 20_000, |n| {
        let mut x = black_box(a);
        for _ in 0..n {
            x = x.square();
        }
        black_box(x);
    });
    let invert = measure(batches, 50, |n| {
        let mut x = black_box(a);
        let y = black_box(b);
        for _ in 0..n {
            // x + y keeps the chain away from 0 only probabilistically;
            // unwrap_or keeps it total either way (cost: one select).
            x = x.invert().unwrap_or(y) + y;
        }
        black_box(x);
    });
    let sqrt = measure(batches, 50, |n| {
        let mut x = black_box(a);
        let y = black_box(b);
        for _ in 0..n {
            x = x.sqrt().unwrap_or(x) + y;
        }
        black_box(x);
    });
    Row { name, add, mul, square, invert, sqrt }
}

/// Sanity: all three agree on a few values before we time them.
fn agree() {
    let seeds: [[u8; 32]; 3] = [[0x5a; 32], [0xff; 32], [0x01; 32]];
    for s in seeds {
        let a51 = Fe51::from_be_bytes_reduced(&s);
        let a64 = Fe64::from_be_bytes_reduced(&s);
        let am = FpMont::from_be_bytes_reduced(&s);
        let (mut o1, mut o2, mut o3) = ([0u8; 32], [0u8; 32], [0u8; 32]);
        (a51 * a51 + a51).invert().unwrap().write_be_bytes(&mut o1);
        (a64 * a64 + a64).invert().unwrap().write_be_bytes(&mut o2);
        (am * am + am).invert().unwrap().write_be_bytes(&mut o3);
        assert_eq!(o1, o2);
        assert_eq!(o1, o3);
    }
}

fn main() {
    let mut batches = 51;
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--batches") {
        batches = args[i + 1].parse().expect("--batches N");
    }
    assert!(batches >= 15, "use at least 15 batches");
    agree();
    let native = cfg!(target_feature = "bmi2") || cfg!(target_feature = "adx");
    println!(
        "GF(2^255-19): ns/op, median of {batches} batches after {WARMUP} warm-up; \
         target features bmi2/adx enabled at compile time: {native}"
    );
    let rows = [
        bench::<Fe51>("Fe51  radix 2^51 (5 x u64)", batches),
        bench::<Fe64>("Fe64  radix 2^64 (4 x u64, *38)", batches),
        bench::<FpMont>("Fp<P,4> generic Montgomery", batches),
    ];
    println!(
        "| {:<34} | {:>7} | {:>7} | {:>7} | {:>8} | {:>8} |",
        "representation", "add", "mul", "square", "invert", "sqrt"
    );
    println!("|{:-<36}|{:->9}|{:->9}|{:->9}|{:->10}|{:->10}|", "", ":", ":", ":", ":", ":");
    for r in &rows {
        println!(
            "| {:<34} | {:>7.2} | {:>7.2} | {:>7.2} | {:>8.0} | {:>8.0} |",
            r.name, r.add, r.mul, r.square, r.invert, r.sqrt
        );
    }
    println!("public Fe25519 is {}", core::any::type_name::<Fe25519>());
}
