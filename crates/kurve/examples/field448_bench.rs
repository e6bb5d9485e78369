//! Measures GF(2^448 − 2^224 − 1) representations:
//!
//! * `Fe448`       — radix 2^56, eight limbs, golden-ratio Karatsuba;
//! * `Fe448Sat64`  — seven 64-bit limbs, Solinas reduction;
//! * `Fp<P448, 7>` — the generic Montgomery field (CIOS), for reference.
//!
//! Run: `cargo run --release --example field448_bench [-- batches]`.
//!
//! Method: each figure is the median over ≥ 15 timed batches (31 by default),
//! after 3 untimed warm-up batches (batch size calibrated to ≈ 200 µs), of (batch time / operations per batch).
//! Every batch is a dependent chain (a ← a ∘ b) whose inputs and output go
//! through `std::hint::black_box`, so it measures latency and cannot be
//! hoisted or folded by the optimizer. "x448" is one full RFC 7748 ladder
//! (448 steps, 5M + 4S + 1·a24 each, plus the final inversion).

use kurve::field::fe448::{sat64::Fe448Sat64, Fe448};
use kurve::field::{Field, FieldParams, Fp};
use std::hint::black_box;
use std::time::Instant;
use subtle::Choice;

/// p = 2^448 − 2^224 − 1 for the generic Montgomery field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct P448;
impl FieldParams<7> for P448 {
    const NAME: &'static str = "p448";
    /// Little-endian 64-bit limbs; bit 224 (bit 32 of limb 3) is p's only zero bit.
    const MODULUS: [u64; 7] = [
        u64::MAX,
        u64::MAX,
        u64::MAX,
        0xffff_fffe_ffff_ffff,
        u64::MAX,
        u64::MAX,
        u64::MAX,
    ];
    /// p − 1 = 2·(2^447 − 2^223 − 1), the cofactor odd.
    const TWO_ADICITY: u32 = 1;
    /// Smallest non-residue; recomputed and checked in `main`.
    const NON_RESIDUE: u64 = 7;
}
type Mont448 = Fp<P448, 7>;

/// What the benchmark needs beyond `Field`: multiplication by a24 = 39081.
trait Bench448: Field {
    fn mul_a24(&self) -> Self;
}
impl Bench448 for Fe448 {
    fn mul_a24(&self) -> Self {
        self.mul_small(39081)
    }
}
impl Bench448 for Fe448Sat64 {
    fn mul_a24(&self) -> Self {
        self.mul_small(39081)
    }
}
impl Bench448 for Mont448 {
    fn mul_a24(&self) -> Self {
        // The generic field has no small-constant multiply: a full product.
        *self * Mont448::from_u64(39081)
    }
}

const WARMUP: usize = 3;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// Target duration of one timed batch. Short batches are rarely preempted,
/// so on a shared machine the median stays a clean measurement.
const BATCH_NS: u128 = 200_000;

/// ns/op: median (and minimum) over `batches` timed runs of `f(iters)`,
/// after warm-up. `iters` starts at `min_iters` and is doubled during the
/// warm-up until one batch takes at least [`BATCH_NS`].
fn measure(batches: usize, min_iters: usize, mut f: impl FnMut(usize)) -> (f64, f64) {
    let mut iters = min_iters;
    loop {
        let t = Instant::now();
        f(iters);
        if t.elapsed().as_nanos() >= BATCH_NS {
            break;
        }
        iters *= 2;
    }
    for _ in 0..WARMUP {
        f(iters);
    }
    let mut v = Vec::with_capacity(batches);
    for _ in 0..batches {
        let t = Instant::now();
        f(iters);
        v.push(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    let min = v.iter().cloned().fold(f64::INFINITY, f64::min);
    (median(v), min)
}

/// RFC 7748 §5 X448 (Montgomery ladder), generic over the field.
fn x448<F: Bench448>(k: &[u8; 56], u: F) -> F {
    let x1 = u;
    let (mut x2, mut z2, mut x3, mut z3) = (F::ONE, F::ZERO, x1, F::ONE);
    let mut swap = Choice::from(0);
    for t in (0..448).rev() {
        let kt = Choice::from((k[t / 8] >> (t % 8)) & 1);
        swap ^= kt;
        F::conditional_swap(&mut x2, &mut x3, swap);
        F::conditional_swap(&mut z2, &mut z3, swap);
        swap = kt;
        let a = x2 + z2;
        let aa = a.square();
        let b = x2 - z2;
        let bb = b.square();
        let e = aa - bb;
        let c = x3 + z3;
        let d = x3 - z3;
        let da = d * a;
        let cb = c * b;
        x3 = (da + cb).square();
        z3 = x1 * (da - cb).square();
        x2 = aa * bb;
        z2 = e * (aa + e.mul_a24());
    }
    F::conditional_swap(&mut x2, &mut x3, swap);
    F::conditional_swap(&mut z2, &mut z3, swap);
    x2 * z2.invert().unwrap_or(F::ZERO)
}

struct Row {
    name: &'static str,
    ns: [(f64, f64); 8],
}

const COLUMNS: [&str; 8] = ["mul", "square", "add", "sub", "mul a24", "invert", "sqrt", "x448"];

fn bench<F: Bench448>(name: &'static str, batches: usize) -> Row {
    // Two fixed, "random-looking" operands (SHA-256-free: digits of π, e).
    let xa: [u8; 56] = *b"3.141592653589793238462643383279502884197169399375105820";
    let xb: [u8; 56] = *b"2.718281828459045235360287471352662497757247093699959574";
    let x = F::from_be_bytes_reduced(&xa);
    let y = F::from_be_bytes_reduced(&xb);
    let mut k = xb;
    k[0] &= 252;
    k[55] |= 128;

    let mul = measure(batches, 64, |n| {
        let mut a = black_box(x);
        let b = black_box(y);
        for _ in 0..n {
            a = a * b;
        }
        black_box(a);
    });
    let square = measure(batches, 64, |n| {
        let mut a = black_box(x);
        for _ in 0..n {
            a = a.square();
        }
        black_box(a);
    });
    let add = measure(batches, 256, |n| {
        let mut a = black_box(x);
        let b = black_box(y);
        for _ in 0..n {
            a = a + b;
        }
        black_box(a);
    });
    let sub = measure(batches, 256, |n| {
        let mut a = black_box(x);
        let b = black_box(y);
        for _ in 0..n {
            a = a - b;
        }
        black_box(a);
    });
    let small = measure(batches, 256, |n| {
        let mut a = black_box(x);
        for _ in 0..n {
            a = a.mul_a24();
        }
        black_box(a);
    });
    let invert = measure(batches, 1, |n| {
        let mut a = black_box(x);
        for _ in 0..n {
            a = a.invert().unwrap_or(F::ONE);
        }
        black_box(a);
    });
    let sqrt = measure(batches, 1, |n| {
        let mut a = black_box(x);
        for _ in 0..n {
            // Constant time either way; keep the chain dependent.
            let r = a.sqrt();
            a = F::conditional_select(&(a + F::ONE), &r.unwrap_or(a), r.is_some());
        }
        black_box(a);
    });
    let ladder = measure(batches, 1, |n| {
        let mut u = black_box(y);
        for _ in 0..n {
            u = x448(black_box(&k), u);
        }
        black_box(u);
    });
    Row { name, ns: [mul, square, add, sub, small, invert, sqrt, ladder] }
}

fn main() {
    let batches: usize = std::env::args().nth(1).map(|s| s.parse().unwrap()).unwrap_or(31);
    assert!(batches >= 15, "use at least 15 batches");

    // NON_RESIDUE: the smallest n ≥ 2 failing Euler's criterion, computed
    // with the generic field's is_square (which uses only (p−1)/2, not
    // NON_RESIDUE), and cross-checked against both special fields.
    let nr = (2u64..)
        .find(|&n| !bool::from(Mont448::from_u64(n).is_square()))
        .unwrap();
    assert_eq!(nr, P448::NON_RESIDUE, "smallest non-residue");
    assert!(!bool::from(Fe448::from_u64(nr).is_square()));
    assert!(!bool::from(Fe448Sat64::from_u64(nr).is_square()));
    // The three implementations agree on a sample before we time them.
    let s = *b"sanity check: the three fields must agree on this input";
    let (a, b, c) = (
        Fe448::from_be_bytes_reduced(&s),
        Fe448Sat64::from_be_bytes_reduced(&s),
        Mont448::from_be_bytes_reduced(&s),
    );
    let enc = |f: &dyn Fn(&mut [u8])| {
        let mut o = [0u8; 56];
        f(&mut o);
        o
    };
    let ia = enc(&|o| a.invert().unwrap().square().write_be_bytes(o));
    let ib = enc(&|o| b.invert().unwrap().square().write_be_bytes(o));
    let ic = enc(&|o| c.invert().unwrap().square().write_be_bytes(o));
    assert!(ia == ib && ib == ic, "implementations disagree");

    println!(
        "GF(2^448 - 2^224 - 1): ns/op, median of {batches} batches after {WARMUP} warm-up; smallest non-residue = {nr}"
    );
    let rows = [
        bench::<Fe448>("Fe448 (radix 2^56, Karatsuba)", batches),
        bench::<Fe448Sat64>("Fe448Sat64 (7x64, Solinas)", batches),
        bench::<Mont448>("Fp<P448, 7> (Montgomery, CIOS)", batches),
    ];
    for (title, pick) in [("median", 0usize), ("minimum", 1)] {
        println!("\n{title} ns/op:");
        print!("| {:<32} |", "representation");
        for c in COLUMNS {
            print!(" {c:>8} |");
        }
        println!();
        print!("|{}|", "-".repeat(34));
        for _ in COLUMNS {
            print!("{}:|", "-".repeat(9));
        }
        println!();
        for r in &rows {
            print!("| {:<32} |", r.name);
            for m in r.ns.iter() {
                let v = if pick == 0 { m.0 } else { m.1 };
                if v < 100.0 {
                    print!(" {:>8.1} |", v);
                } else {
                    print!(" {:>8.0} |", v);
                }
            }
            println!();
        }
    }
}
