// throw-away A/B bench (not committed)
use aws_lc_rs as _;
use std::hint::black_box;
use std::time::Instant;
extern "C" {
    fn aws_lc_0_47_0_curve25519_x25519base(res: *mut u64, scalar: *const u64);
    fn aws_lc_0_47_0_curve25519_x25519base_alt(res: *mut u64, scalar: *const u64);
    fn aws_lc_0_47_0_edwards25519_scalarmulbase(res: *mut u64, scalar: *const u64);
    fn aws_lc_0_47_0_curve25519_x25519(res: *mut u64, scalar: *const u64, point: *const u64);
}
fn main() {
    let rounds = 41;
    let n = 200;
    let names = ["aws x25519base", "aws x25519base_alt", "aws ed scalarmulbase", "kurve x25519_base", "aws x25519", "kurve x25519"];
    let mut best = vec![f64::MAX; names.len()];
    let mut k = [0x1234_5678_9abc_def0u64, 0x0fed_cba9_8765_4321, 0x1111_2222_3333_4444, 0x4555_6666_7777_8888];
    let kb: [u8; 32] = core::array::from_fn(|i| (k[i / 8] >> (8 * (i % 8))) as u8);
    let u = [9u64, 0, 0, 0];
    let mut ub = [0u8; 32];
    ub[0] = 9;
    let mut out = [0u64; 8];
    for _ in 0..rounds {
        for (i, b) in best.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..n {
                unsafe {
                    match i {
                        0 => aws_lc_0_47_0_curve25519_x25519base(out.as_mut_ptr(), black_box(k.as_ptr())),
                        1 => aws_lc_0_47_0_curve25519_x25519base_alt(out.as_mut_ptr(), black_box(k.as_ptr())),
                        2 => aws_lc_0_47_0_edwards25519_scalarmulbase(out.as_mut_ptr(), black_box(k.as_ptr())),
                        3 => { black_box(kurve::proto::xdh::x25519_base(black_box(&kb))); }
                        4 => aws_lc_0_47_0_curve25519_x25519(out.as_mut_ptr(), black_box(k.as_ptr()), u.as_ptr()),
                        _ => { black_box(kurve::proto::xdh::x25519(black_box(&kb), &ub)); }
                    }
                }
                black_box(&out);
            }
            *b = b.min(t.elapsed().as_nanos() as f64 / n as f64);
        }
        k[0] = k[0].wrapping_add(1);
    }
    for (nm, b) in names.iter().zip(best) {
        println!("{nm:24} {b:9.0} ns");
    }
}
