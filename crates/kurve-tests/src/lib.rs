//! kurve's large integration suites live in this package's `tests/`
//! directory; the library holds only what several suites share
//! ([`reference_mul`]).
//!
//! Why a separate package: the suites instantiate every generic group and
//! field operation for all curves, and at the workspace's release settings
//! (`opt-level = 3`, one codegen unit, thin LTO) they took about 20
//! CPU-minutes to compile. The `ci` profile of the root `Cargo.toml` (the
//! README's test command) builds this package alone at `opt-level = 1`,
//! which compiles about ten times faster and runs the suites at nearly the
//! same speed. The library crate `kurve` itself (and everything non-generic
//! in it) keeps full optimization, so the registry paths that the vector
//! suites of `kurve-vectors` run are optimized as users get them.
#![no_std]

use kurve::field::Field;
use kurve::group::weierstrass::{ProjectivePoint, WeierstrassCurve};
use kurve::scalar::recode::MAX_SCALAR_BYTES;

/// [k]P by left-to-right double-and-add over the bits of k: the slow,
/// obviously correct reference the suites compare the scalar
/// multiplications against (no windows, no endomorphism; complete
/// additions, so every input is handled). Variable time: tests only.
pub fn reference_mul<C: WeierstrassCurve>(p: &ProjectivePoint<C>, k: &C::ScalarField) -> ProjectivePoint<C> {
    let mut buf = [0u8; MAX_SCALAR_BYTES];
    let bytes = &mut buf[..C::ScalarField::BYTES];
    k.write_be_bytes(bytes);
    let mut acc = ProjectivePoint::<C>::IDENTITY;
    for &byte in bytes.iter() {
        for bit in (0..8).rev() {
            acc = acc.double();
            if (byte >> bit) & 1 == 1 {
                acc = acc.add(p);
            }
        }
    }
    acc
}
