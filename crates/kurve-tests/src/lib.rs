//! kurve's large integration suites live in this package's `tests/`
//! directory; the library itself is empty.
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
