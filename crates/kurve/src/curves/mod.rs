//! The named curves.
//!
//! Each curve is a module with its base field (`Fp`), scalar field (`Fq`),
//! a zero-sized marker type implementing
//! [`WeierstrassCurve`](crate::group::weierstrass::WeierstrassCurve), and
//! point type aliases. Parameters come from [`params`] (SEC 2 v2, RFC 5639),
//! turned into Montgomery constants at compile time.
//!
//! | curve | field | a | standard | aliases |
//! |---|---|---|---|---|
//! | secp192k1 | 192-bit | 0 | SEC 2 v2 §2.2.1 | |
//! | secp192r1 | 192-bit | −3 | SEC 2 v2 §2.2.2, FIPS 186 | P-192, prime192v1 |
//! | secp224k1 | 224-bit | 0 | SEC 2 v2 §2.3.1 (n has 225 bits) | |
//! | secp224r1 | 224-bit | −3 | SEC 2 v2 §2.3.2, FIPS 186 | P-224 |
//! | secp256k1 | 256-bit | 0 | SEC 2 v2 §2.4.1 | |
//! | secp256r1 | 256-bit | −3 | SEC 2 v2 §2.4.2, FIPS 186 | P-256, prime256v1 |
//! | secp384r1 | 384-bit | −3 | SEC 2 v2 §2.5.1, FIPS 186 | P-384 |
//! | secp521r1 | 521-bit | −3 | SEC 2 v2 §2.6.1, FIPS 186 | P-521 |
//! | brainpoolPxxxr1 | 160…512-bit | random | RFC 5639 §3 | |
//! | brainpoolPxxxt1 | 160…512-bit | −3 | RFC 5639 §3 (twists of r1) | |
//!
//! All 22 curves have prime order (cofactor 1).
//!
//! After them the registry lists the RFC 7748 / RFC 8032 curves
//! ([`curve25519`], [`curve448`]; adapters in `edwards_ops`):
//!
//! | registry name | model | aliases | OID |
//! |---|---|---|---|
//! | edwards25519 | Edwards (RFC 8032 encodings, EdDSA) | Ed25519 | 1.3.101.112 |
//! | edwards448 | Edwards (RFC 8032 encodings, EdDSA) | Ed448 | 1.3.101.113 |
//! | curve448Edwards | Edwards (x² + y² = 1 + (39082/39081)x²y²) | | |
//! | curve25519 | Montgomery (u, v) | | |
//! | curve448 | Montgomery (u, v) | | |
//! | x25519 | Montgomery x-only (RFC 7748) | X25519 | 1.3.101.110 |
//! | x448 | Montgomery x-only (RFC 7748) | X448 | 1.3.101.111 |

pub mod curve25519;
pub mod curve448;
pub mod params;
pub mod registry;
#[rustfmt::skip]
pub mod tables;
mod edwards_ops;
mod weierstrass_ops;

pub use edwards_ops::{EddsaKind, EdwardsOps, MontgomeryOps, XdhOps};
pub use registry::{all, by_name, CurveOps, EddsaVariant, Model};
pub use weierstrass_ops::WeierstrassOps;

/// Defines one named short-Weierstrass curve module.
macro_rules! weierstrass_curve {
    (
        $(#[$doc:meta])*
        $module:ident, $Curve:ident, $params:ident, $np:literal, $nq:literal,
        aliases: [$($alias:literal),*]
        $(, glv: { $($glv:tt)* })?
    ) => {
        $(#[$doc])*
        pub mod $module {
            use crate::arith;
            use crate::curves::params::{$params as PARAMS};
            use crate::field::{FieldParams, Fp as GenericFp};
            use crate::group::weierstrass::{self, precomp, AKind, WeierstrassCurve};

            /// Parameters of the base field F_p.
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
            pub struct BaseParams;
            impl FieldParams<$np> for BaseParams {
                const NAME: &'static str = concat!(stringify!($module), ".p");
                const MODULUS: [u64; $np] = arith::from_hex(PARAMS.p);
                const TWO_ADICITY: u32 = PARAMS.p_two_adicity;
                const NON_RESIDUE: u64 = PARAMS.p_non_residue;
            }
            /// Parameters of the scalar field F_n.
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
            pub struct ScalarParams;
            impl FieldParams<$nq> for ScalarParams {
                const NAME: &'static str = concat!(stringify!($module), ".n");
                const MODULUS: [u64; $nq] = arith::from_hex(PARAMS.n);
                const TWO_ADICITY: u32 = PARAMS.n_two_adicity;
                const NON_RESIDUE: u64 = PARAMS.n_non_residue;
            }
            /// The base field F_p.
            pub type Fp = GenericFp<BaseParams, $np>;
            /// The scalar field F_n.
            pub type Fq = GenericFp<ScalarParams, $nq>;

            /// Marker type for this curve.
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
            pub struct $Curve;

            const A: Fp = Fp::from_hex(PARAMS.a);
            const B: Fp = Fp::from_hex(PARAMS.b);
            /// 3·b, used by RCB16 Algorithms 1, 3, 7, 9.
            const B3: Fp = B.const_add(&B).const_add(&B);
            /// 3·b as an integer when b < 2³⁰.
            const B3_SMALL: Option<u64> = {
                let v = crate::arith::from_hex::<$np>(PARAMS.b);
                let mut small = v[0] < (1 << 30);
                let mut i = 1;
                while i < $np {
                    if v[i] != 0 {
                        small = false;
                    }
                    i += 1;
                }
                if small { Some(3 * v[0]) } else { None }
            };
            const GX: Fp = Fp::from_hex(PARAMS.gx);
            const GY: Fp = Fp::from_hex(PARAMS.gy);

            /// Window width of the fixed-base table (generated per curve).
            const BASE_W: u32 = crate::curves::tables::$module::BASE_W;
            /// Entries per row of the fixed-base table: 2^(w−1).
            const BASE_ENTRIES: usize = precomp::base_entries(BASE_W);
            /// Rows of the fixed-base table for scalars mod n.
            const BASE_ROWS: usize =
                precomp::base_rows(<ScalarParams as FieldParams<$nq>>::BITS, BASE_W);

            /// The generated tables must be in this field's representation:
            /// their first entry is G itself (checked at compile time), and
            /// the fixed-base table must have the shape `mul_base` expects.
            const _: () = {
                let g = &crate::curves::tables::$module::BASE[0][0];
                let x = GX.to_repr();
                let y = GY.to_repr();
                let mut i = 0;
                while i < $np {
                    assert!(g[0][i] == x[i] && g[1][i] == y[i], "regenerate curves/tables");
                    i += 1;
                }
                assert!(4 <= BASE_W && BASE_W <= 7, "fixed-base window width out of range");
            };

            /// Fixed-base table T[i][j] = ((j+1)·2^(w·i))·G, affine (x, y)
            /// ([`crate::curves::tables`], generated by
            /// tools/gen_weierstrass_tables.py). The array type fixes the
            /// shape: `BASE_ROWS` rows of `BASE_ENTRIES` entries.
            static BASE_TABLE: [[[Fp; 2]; BASE_ENTRIES]; BASE_ROWS] = {
                let raw: &[[[[u64; $np]; 2]; BASE_ENTRIES]; BASE_ROWS] =
                    &crate::curves::tables::$module::BASE;
                let mut out = [[[Fp::ZERO; 2]; BASE_ENTRIES]; BASE_ROWS];
                let mut i = 0;
                while i < BASE_ROWS {
                    let mut j = 0;
                    while j < BASE_ENTRIES {
                        out[i][j][0] = Fp::from_repr(raw[i][j][0]);
                        out[i][j][1] = Fp::from_repr(raw[i][j][1]);
                        j += 1;
                    }
                    i += 1;
                }
                out
            };

            /// Width of the wNAF of G in verification (generated per curve).
            const G_WNAF_W: u32 = crate::curves::tables::$module::G_WNAF_W;
            /// Odd multiples of G stored for it: 2^(w−2).
            const G_ODD_ENTRIES: usize = precomp::g_odd_entries(G_WNAF_W);
            const _: () = assert!(
                precomp::G_WNAF_MIN_W <= G_WNAF_W && G_WNAF_W <= precomp::G_WNAF_MAX_W,
                "wNAF width of G out of range"
            );

            /// Odd multiples (2j+1)·G, affine, for the width-`G_WNAF_W` wNAF
            /// of G in verification ([`crate::curves::tables`]). The array
            /// type fixes the length, 2^(w−2).
            static G_ODD_MULTIPLES: [[Fp; 2]; G_ODD_ENTRIES] = {
                let raw: &[[[u64; $np]; 2]; G_ODD_ENTRIES] = &crate::curves::tables::$module::G_ODD;
                let mut out = [[Fp::ZERO; 2]; G_ODD_ENTRIES];
                let mut j = 0;
                while j < G_ODD_ENTRIES {
                    out[j][0] = Fp::from_repr(raw[j][0]);
                    out[j][1] = Fp::from_repr(raw[j][1]);
                    j += 1;
                }
                out
            };

            impl WeierstrassCurve for $Curve {
                type Base = Fp;
                type ScalarField = Fq;
                const NAME: &'static str = PARAMS.name;
                const A_KIND: AKind = PARAMS.a_kind;
                const A: Fp = A;
                const B: Fp = B;
                const B3: Fp = B3;
                const B3_SMALL: Option<u64> = B3_SMALL;
                const GX: Fp = GX;
                const GY: Fp = GY;
                const COFACTOR: u64 = PARAMS.h;

                const BASE_W: u32 = BASE_W;

                fn base_table() -> &'static [[Fp; 2]] {
                    BASE_TABLE.as_flattened()
                }

                const G_WNAF_W: u32 = G_WNAF_W;

                fn g_odd_multiples() -> &'static [[Fp; 2]] {
                    &G_ODD_MULTIPLES
                }

                $(const GLV: Option<weierstrass::glv::GlvParams<Self>> =
                    Some(weierstrass::glv::GlvParams { $($glv)* });)?

                const ISO_A_MINUS_3: Option<weierstrass::IsoAMinus3<Self>> = ISO_A_MINUS_3;
            }

            /// The RFC 5639 isomorphism onto the a = −3 twist (r1 curves;
            /// `twist_z` is empty elsewhere). Checked at compile time:
            /// a·Z⁴ = −3.
            const ISO_A_MINUS_3: Option<weierstrass::IsoAMinus3<$Curve>> = if PARAMS.twist_z.is_empty() {
                None
            } else {
                let z = Fp::from_hex(PARAMS.twist_z);
                let z2 = z.const_mul(&z);
                let z3 = z2.const_mul(&z);
                let minus_3 = Fp::ZERO.const_sub(&Fp::ONE.const_add(&Fp::ONE).const_add(&Fp::ONE));
                let a_z4 = A.const_mul(&z2).const_mul(&z2);
                assert!(a_z4.const_eq(&minus_3), "twist_z: a·Z⁴ ≠ −3");
                let b = B.const_mul(&z3).const_mul(&z3);
                Some(weierstrass::IsoAMinus3 { z, z2, z3, b })
            };

            /// A point in projective coordinates.
            pub type ProjectivePoint = weierstrass::ProjectivePoint<$Curve>;
            /// A point in affine coordinates.
            pub type AffinePoint = weierstrass::AffinePoint<$Curve>;
            /// A public scalar.
            pub type Scalar = crate::scalar::Scalar<Fq>;
            /// A secret scalar.
            pub type SecretScalar = crate::scalar::SecretScalar<Fq>;

            /// The run-time registry entry.
            pub static OPS: crate::curves::WeierstrassOps<$Curve> =
                crate::curves::WeierstrassOps::new(PARAMS.oid, &[$($alias),*]);
        }
        pub use $module::$Curve;
    };
}

weierstrass_curve!(
    /// secp192k1 (SEC 2 v2 §2.2.1): Koblitz curve y² = x³ + 3 over a 192-bit field.
    secp192k1, Secp192k1, SECP192K1, 3, 3, aliases: ["ansip192k1"],
    // GLV constants (see secp256k1 below): the basis (a₁, b₁) =
    // (0x7116…25f1, −0xb3fb…655c), (a₂, b₂) = (0x1251…8b4d, 0x7116…25f1),
    // rounding shift 2³²⁰, halves below 2⁹⁶; checked in crates/kurve-tests/tests/glv.rs.
    glv: {
        beta: Fp::from_hex("bb85691939b869c1d087f601554b96b80cb4f55b35f433c2"),
        lambda: Fq::from_hex("3d84f26c12238d7b4f3d516613c1759033b1a5800175d0b1"),
        g1: arith::from_hex("71169be7330b3038edb025f1d0f885ee42a60a2d855df94b37e8213e"),
        g2: arith::from_hex("b3fb3400dec5c4adceb8655d4c944996f60f54414944e9afc9ba5dfd"),
        shift_words: 5,
        half_bits: 96,
        minus_b1: Fq::from_hex("b3fb3400dec5c4adceb8655c"),
        minus_b2: Fq::from_hex("fffffffffffffffffffffffdb5dc602fdc5e1631872ed79c"),
    }
);
weierstrass_curve!(
    /// secp192r1 / NIST P-192 (SEC 2 v2 §2.2.2, FIPS 186-4 D.1.2.1): a = −3.
    secp192r1, Secp192r1, SECP192R1, 3, 3, aliases: ["P-192", "prime192v1", "nistp192"]
);
weierstrass_curve!(
    /// secp224k1 (SEC 2 v2 §2.3.1): y² = x³ + 5; the order n has 225 bits (n > p).
    secp224k1, Secp224k1, SECP224K1, 4, 4, aliases: ["ansip224k1"],
    // GLV constants (see secp256k1 below): the basis (a₁, b₁) =
    // (0x6b8c…0591, −0xb8ad…637d), (a₂, b₂) = (0x1243…690e, 0x6b8c…0591),
    // rounding shift 2³²⁰, halves below 2¹¹²; checked in crates/kurve-tests/tests/glv.rs.
    glv: {
        beta: Fp::from_hex("fe0e87005b4e83761908c5131d552a850b3f58b749c37cf5b84d6768"),
        lambda: Fq::from_hex("60dcd2104c4cbc0be6eeefc2bdd610739ec34e317f9b33046c9e4788"),
        g1: arith::from_hex("6b8cf07d4ca75c88957d9d67059037a4208027beaad46e56a2d5"),
        g2: arith::from_hex("b8adf1378a6eb73409fa6c9c637ba7f49db0e9b10bc57c33c48b"),
        shift_words: 5,
        half_bits: 112,
        minus_b1: Fq::from_hex("b8adf1378a6eb73409fa6c9c637d"),
        minus_b2: Fq::from_hex("10000000000000000000000000001715be26f14dd6e6813f3d938ac66"),
    }
);
weierstrass_curve!(
    /// secp224r1 / NIST P-224 (SEC 2 v2 §2.3.2): a = −3; p ≡ 1 (mod 2⁹⁶), so
    /// square roots use constant-time Tonelli–Shanks.
    secp224r1, Secp224r1, SECP224R1, 4, 4, aliases: ["P-224", "nistp224", "ansip224r1"]
);
weierstrass_curve!(
    /// secp256k1 (SEC 2 v2 §2.4.1): y² = x³ + 7, the Bitcoin curve.
    secp256k1, Secp256k1, SECP256K1, 4, 4, aliases: ["P-256K", "ansip256k1"],
    // GLV constants: β, λ cube roots of unity with [λ]G = (β·x, y); the
    // basis (a₁, b₁) = (0x3086…eb15, −0xe443…e4c3), (a₂, b₂) = (0x114c…4cfd8,
    // 0x3086…eb15) from extended Euclid on (n, λ), rounding shift 2³⁸⁴,
    // halves below 2¹²⁸; checked in crates/kurve-tests/tests/glv.rs.
    glv: {
        beta: Fp::from_hex("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee"),
        lambda: Fq::from_hex("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72"),
        g1: arith::from_hex("3086d221a7d46bcde86c90e49284eb153daa8a1471e8ca7fe893209a45dbb031"),
        g2: arith::from_hex("e4437ed6010e88286f547fa90abfe4c4221208ac9df506c61571b4ae8ac47f71"),
        shift_words: 6,
        half_bits: 128,
        minus_b1: Fq::from_hex("e4437ed6010e88286f547fa90abfe4c3"),
        minus_b2: Fq::from_hex("fffffffffffffffffffffffffffffffe8a280ac50774346dd765cda83db1562c"),
    }
);
weierstrass_curve!(
    /// secp256r1 / NIST P-256 (SEC 2 v2 §2.4.2, FIPS 186-4 D.1.2.3): a = −3.
    secp256r1, Secp256r1, SECP256R1, 4, 4, aliases: ["P-256", "prime256v1", "nistp256"]
);
weierstrass_curve!(
    /// secp384r1 / NIST P-384 (SEC 2 v2 §2.5.1): a = −3.
    secp384r1, Secp384r1, SECP384R1, 6, 6, aliases: ["P-384", "nistp384", "ansip384r1"]
);
weierstrass_curve!(
    /// secp521r1 / NIST P-521 (SEC 2 v2 §2.6.1): a = −3, p = 2⁵²¹ − 1.
    secp521r1, Secp521r1, SECP521R1, 9, 9, aliases: ["P-521", "nistp521", "ansip521r1"]
);
weierstrass_curve!(
    /// brainpoolP160r1 (RFC 5639 §3.1).
    brainpool_p160r1, BrainpoolP160r1, BRAINPOOLP160R1, 3, 3, aliases: []
);
weierstrass_curve!(
    /// brainpoolP160t1 (RFC 5639 §3.1): the a = −3 twist of brainpoolP160r1.
    brainpool_p160t1, BrainpoolP160t1, BRAINPOOLP160T1, 3, 3, aliases: []
);
weierstrass_curve!(
    /// brainpoolP192r1 (RFC 5639 §3.2).
    brainpool_p192r1, BrainpoolP192r1, BRAINPOOLP192R1, 3, 3, aliases: []
);
weierstrass_curve!(
    /// brainpoolP192t1 (RFC 5639 §3.2).
    brainpool_p192t1, BrainpoolP192t1, BRAINPOOLP192T1, 3, 3, aliases: []
);
weierstrass_curve!(
    /// brainpoolP224r1 (RFC 5639 §3.3).
    brainpool_p224r1, BrainpoolP224r1, BRAINPOOLP224R1, 4, 4, aliases: []
);
weierstrass_curve!(
    /// brainpoolP224t1 (RFC 5639 §3.3).
    brainpool_p224t1, BrainpoolP224t1, BRAINPOOLP224T1, 4, 4, aliases: []
);
weierstrass_curve!(
    /// brainpoolP256r1 (RFC 5639 §3.4).
    brainpool_p256r1, BrainpoolP256r1, BRAINPOOLP256R1, 4, 4, aliases: []
);
weierstrass_curve!(
    /// brainpoolP256t1 (RFC 5639 §3.4).
    brainpool_p256t1, BrainpoolP256t1, BRAINPOOLP256T1, 4, 4, aliases: []
);
weierstrass_curve!(
    /// brainpoolP320r1 (RFC 5639 §3.5).
    brainpool_p320r1, BrainpoolP320r1, BRAINPOOLP320R1, 5, 5, aliases: []
);
weierstrass_curve!(
    /// brainpoolP320t1 (RFC 5639 §3.5).
    brainpool_p320t1, BrainpoolP320t1, BRAINPOOLP320T1, 5, 5, aliases: []
);
weierstrass_curve!(
    /// brainpoolP384r1 (RFC 5639 §3.6).
    brainpool_p384r1, BrainpoolP384r1, BRAINPOOLP384R1, 6, 6, aliases: []
);
weierstrass_curve!(
    /// brainpoolP384t1 (RFC 5639 §3.6).
    brainpool_p384t1, BrainpoolP384t1, BRAINPOOLP384T1, 6, 6, aliases: []
);
weierstrass_curve!(
    /// brainpoolP512r1 (RFC 5639 §3.7).
    brainpool_p512r1, BrainpoolP512r1, BRAINPOOLP512R1, 8, 8, aliases: []
);
weierstrass_curve!(
    /// brainpoolP512t1 (RFC 5639 §3.7).
    brainpool_p512t1, BrainpoolP512t1, BRAINPOOLP512T1, 8, 8, aliases: []
);

/// Every registered curve, in a stable order.
pub(crate) static ALL: &[&dyn CurveOps] = &[
    &secp192k1::OPS,
    &secp192r1::OPS,
    &secp224k1::OPS,
    &secp224r1::OPS,
    &secp256k1::OPS,
    &secp256r1::OPS,
    &secp384r1::OPS,
    &secp521r1::OPS,
    &brainpool_p160r1::OPS,
    &brainpool_p160t1::OPS,
    &brainpool_p192r1::OPS,
    &brainpool_p192t1::OPS,
    &brainpool_p224r1::OPS,
    &brainpool_p224t1::OPS,
    &brainpool_p256r1::OPS,
    &brainpool_p256t1::OPS,
    &brainpool_p320r1::OPS,
    &brainpool_p320t1::OPS,
    &brainpool_p384r1::OPS,
    &brainpool_p384t1::OPS,
    &brainpool_p512r1::OPS,
    &brainpool_p512t1::OPS,
    &ED25519_OPS,
    &ED448_OPS,
    &CURVE448_EDWARDS_OPS,
    &CURVE25519_OPS,
    &CURVE448_OPS,
    &X25519_OPS,
    &X448_OPS,
];

/// Registry entry `edwards25519` (alias `Ed25519`).
pub static ED25519_OPS: EdwardsOps<curve25519::Edwards25519> =
    EdwardsOps::new("edwards25519", "1.3.101.112", &["Ed25519"], EddsaKind::Ed25519);
/// Registry entry `edwards448` (alias `Ed448`).
pub static ED448_OPS: EdwardsOps<curve448::Edwards448> =
    EdwardsOps::new("edwards448", "1.3.101.113", &["Ed448"], EddsaKind::Ed448);
/// Registry entry `curve448Edwards` (curve448's isomorphic Edwards form; no EdDSA).
pub static CURVE448_EDWARDS_OPS: EdwardsOps<curve448::Curve448Edwards> =
    EdwardsOps::new("curve448Edwards", "", &[], EddsaKind::None);
/// Registry entry `curve25519` (the (u, v) group).
pub static CURVE25519_OPS: MontgomeryOps<curve25519::Curve25519> = MontgomeryOps::new(&[]);
/// Registry entry `curve448` (the (u, v) group).
pub static CURVE448_OPS: MontgomeryOps<curve448::Curve448> = MontgomeryOps::new(&[]);
/// Registry entry `x25519` (alias `X25519`; RFC 7748 §5).
pub static X25519_OPS: XdhOps<curve25519::Curve25519> = XdhOps::new("x25519", "1.3.101.110", &["X25519"]);
/// Registry entry `x448` (alias `X448`; RFC 7748 §5).
pub static X448_OPS: XdhOps<curve448::Curve448> = XdhOps::new("x448", "1.3.101.111", &["X448"]);
