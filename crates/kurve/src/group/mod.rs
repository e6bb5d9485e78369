//! Curve models and their formulas.
//!
//! - [`weierstrass`]: short Weierstrass y² = x³ + ax + b with the complete
//!   projective formulas of Renes–Costello–Batina 2016.

pub mod weierstrass;
