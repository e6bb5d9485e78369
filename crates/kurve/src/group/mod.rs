//! Curve models and their formulas.
//!
//! - [`weierstrass`]: short Weierstrass y² = x³ + ax + b with the complete
//!   projective formulas of Renes–Costello–Batina 2016.
//! - [`edwards`]: (twisted) Edwards a·x² + y² = 1 + d·x²y², extended coordinates (HWCD 2008).
//! - [`montgomery`]: Montgomery B·v² = u³ + A·u² + u: the RFC 7748 ladder and a (u, v) group.

pub mod edwards;
pub mod montgomery;
pub mod weierstrass;
