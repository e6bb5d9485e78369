//! Montgomery and Edwards curves: curve25519, edwards25519, curve448,
//! edwards448 and curve448's Edwards form.
//!
//! - RFC 7748 §5.2 (X25519/X448 vectors, iterated 1 / 1,000 / 1,000,000
//!   times) and §6.1/§6.2 (Diffie–Hellman) known answers, written from the
//!   RFC text.
//! - RFC 8032 §7.1 / §7.4 test 1: [s]B encodes to the published public key.
//! - Curve constants: base points on their curves, [L]B = O, cofactors and
//!   torsion structure, Montgomery base points mapping to the Edwards ones,
//!   the RFC 7748 §4.2 curve448 map and isogeny facts.
//! - Soundness for the five groups: group laws, mul = mul_vartime =
//!   repeated addition, Montgomery ↔ Edwards round trips and
//!   homomorphism, ladder = u([k]P), small-order and mixed-order points.
//! - RFC 8032 decoding edge cases, strict vs ZIP 215.
//! - Differential: Edwards add/double/mul/encoding against a num-bigint
//!   affine reference; the ladder against a num-bigint RFC 7748 ladder.

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::curves::curve25519::{self as c25519, Curve25519, Edwards25519};
use kurve::curves::curve448::{self as c448, Curve448, Curve448Edwards, Edwards448};
use kurve::encoding::rfc7748;
use kurve::field::Field;
use kurve::group::edwards::{AffinePoint, ByteArray, EdwardsCurve, EdwardsPoint};
use kurve::group::montgomery::{ladder, MontgomeryCurve, MontgomeryPoint};
use kurve::scalar::{Scalar, SecretScalar};
use kurve::Error;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use subtle::Choice;

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed)
    }
    fn scalar<F: Field>(&mut self) -> Scalar<F> {
        Scalar::from_be_bytes_reduced(&self.bytes(F::BYTES + 16))
    }
}

fn hx<const N: usize>(s: &str) -> [u8; N] {
    let v = hex::decode(s).expect("hex");
    let mut a = [0u8; N];
    a.copy_from_slice(&v);
    a
}

fn small<F: Field>(n: u64) -> Scalar<F> {
    Scalar(F::from_u64(n))
}

/// L − 1 as a scalar.
fn l_minus_1<F: Field>() -> Scalar<F> {
    Scalar(-F::ONE)
}

fn to_big<F: Field>(f: &F) -> BigUint {
    let mut b = vec![0u8; F::BYTES];
    f.write_be_bytes(&mut b);
    BigUint::from_bytes_be(&b)
}

fn modulus<F: Field>() -> BigUint {
    let mut b = vec![0u8; F::BYTES];
    F::write_modulus_be_bytes(&mut b);
    BigUint::from_bytes_be(&b)
}

/// The scalar as `C::Bytes` little-endian (for the ladder).
fn scalar_le<B: ByteArray, F: Field>(k: &Scalar<F>) -> B {
    let mut be = vec![0u8; F::BYTES];
    k.write_be_bytes(&mut be);
    be.reverse();
    let mut out = B::zeroed();
    out.as_mut()[..be.len()].copy_from_slice(&be);
    out
}

/// [L]P, computed as [L − 1]P + P in variable time.
fn mul_by_order<C: EdwardsCurve>(p: &EdwardsPoint<C>) -> EdwardsPoint<C> {
    p.mul_vartime(&l_minus_1()).add(p)
}

/// The first point with y = 2, 3, … (x even) — a point of the full group.
fn point_from_small_y<C: EdwardsCurve>(start: u64) -> EdwardsPoint<C> {
    for y in start..start + 1000 {
        let a = AffinePoint::<C>::from_y(C::Base::from_u64(y), Choice::from(0));
        if bool::from(a.is_some()) {
            return a.unwrap().to_extended();
        }
    }
    panic!("{}: no point with y in [{start}, {start} + 1000)", C::NAME);
}

/// A generator of the torsion subgroup E[h]: [L]P for the first P whose
/// torsion part has order exactly h (h a power of two, E[h] cyclic).
fn torsion_generator<C: EdwardsCurve>() -> EdwardsPoint<C> {
    let h = C::COFACTOR;
    for y in 2..200 {
        let p = point_from_small_y::<C>(y);
        let t = mul_by_order(&p);
        let half = t.mul_vartime(&small(h / 2));
        if !bool::from(half.is_identity()) {
            assert!(bool::from(t.mul_vartime(&small(h)).is_identity()), "{}: torsion order > h", C::NAME);
            return t;
        }
    }
    panic!("{}: no torsion point of order h found", C::NAME);
}

fn random_edwards<C: EdwardsCurve>(rng: &mut Rng) -> EdwardsPoint<C> {
    EdwardsPoint::<C>::mul_base(&rng.scalar::<C::ScalarField>())
}

/// A random point of the whole curve (random torsion part).
fn random_montgomery_full<C: MontgomeryCurve>(rng: &mut Rng) -> MontgomeryPoint<C> {
    for _ in 0..200 {
        let u = C::Base::from_be_bytes_reduced(&rng.bytes(C::Base::BYTES + 8));
        let p = MontgomeryPoint::<C>::from_u(u, Choice::from((rng.next_u64() & 1) as u8));
        if bool::from(p.is_some()) {
            return p.unwrap();
        }
    }
    panic!("{}: no curve point among 200 random u", C::NAME);
}

// ---------------------------------------------------------------------------
// RFC 7748 known answers (RFC 7748 §5.2, §6.1, §6.2)
// ---------------------------------------------------------------------------

mod rfc7748_vectors {
    use super::*;
    use kurve::proto::xdh;

    #[test]
    fn x25519_section_5_2() {
        let cases = [
            (
                "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
                "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
                "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
            ),
            (
                // u has its top bit set: X25519 ignores it (RFC 7748 §5)
                "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
                "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
                "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
            ),
        ];
        for (k, u, out) in cases {
            let (r, zero) = xdh::x25519(&hx(k), &hx(u));
            assert_eq!(r, hx::<32>(out));
            assert!(!bool::from(zero));
            assert_eq!(xdh::x25519_checked(&hx(k), &hx(u)).unwrap(), hx::<32>(out));
        }
    }

    #[test]
    fn x448_section_5_2() {
        let cases = [
            (
                "3d262fddf9ec8e88495266fea19a34d28882acef045104d0d1aae121700a779c984c24f8cdd78fbff44943eba368f54b29259a4f1c600ad3",
                "06fce640fa3487bfda5f6cf2d5263f8aad88334cbd07437f020f08f9814dc031ddbdc38c19c6da2583fa5429db94ada18aa7a7fb4ef8a086",
                "ce3e4ff95a60dc6697da1db1d85e6afbdf79b50a2412d7546d5f239fe14fbaadeb445fc66a01b0779d98223961111e21766282f73dd96b6f",
            ),
            (
                "203d494428b8399352665ddca42f9de8fef600908e0d461cb021f8c538345dd77c3e4806e25f46d3315c44e0a5b4371282dd2c8d5be3095f",
                "0fbcc2f993cd56d3305b0b7d9e55d4c1a8fb5dbb52f8e9a1e9b6201b165d015894e56c4d3570bee52fe205e28a78b91cdfbde71ce8d157db",
                "884a02576239ff7a2f2f63b2db6a9ff37047ac13568e1e30fe63c4a7ad1b3ee3a5700df34321d62077e63633c575c1c954514e99da7c179d",
            ),
        ];
        for (k, u, out) in cases {
            let (r, zero) = xdh::x448(&hx(k), &hx(u));
            assert_eq!(r, hx::<56>(out));
            assert!(!bool::from(zero));
            assert_eq!(xdh::x448_checked(&hx(k), &hx(u)).unwrap(), hx::<56>(out));
        }
    }

    /// RFC 7748 §5.2 iteration: k = u = base; repeat { (k, u) ← (X(k, u), k) }.
    fn iterate_x25519(n: u32, check_at: &mut dyn FnMut(u32, &[u8; 32])) -> [u8; 32] {
        let mut k = [0u8; 32];
        k[0] = 9;
        let mut u = k;
        for i in 1..=n {
            let r = xdh::x25519(&k, &u).0;
            u = k;
            k = r;
            check_at(i, &k);
        }
        k
    }

    fn iterate_x448(n: u32, check_at: &mut dyn FnMut(u32, &[u8; 56])) -> [u8; 56] {
        let mut k = [0u8; 56];
        k[0] = 5;
        let mut u = k;
        for i in 1..=n {
            let r = xdh::x448(&k, &u).0;
            u = k;
            k = r;
            check_at(i, &k);
        }
        k
    }

    const X25519_AFTER_1: &str = "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079";
    const X25519_AFTER_1000: &str = "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51";
    const X25519_AFTER_1000000: &str = "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424";
    const X448_AFTER_1: &str = "3f482c8a9f19b01e6c46ee9711d9dc14fd4bf67af30765c2ae2b846a4d23a8cd0db897086239492caf350b51f833868b9bc2b3bca9cf4113";
    const X448_AFTER_1000: &str = "aa3b4749d55b9daf1e5b00288826c467274ce3ebbdd5c17b975e09d4af6c67cf10d087202db88286e2b79fceea3ec353ef54faa26e219f38";
    const X448_AFTER_1000000: &str = "077f453681caca3693198420bbe515cae0002472519b3e67661a7e89cab94695c8f4bcd66e61b9b9c946da8d524de3d69bd9d9d66b997e37";

    #[test]
    fn x25519_iterated_1_and_1000() {
        let mut seen1 = false;
        let k = iterate_x25519(1000, &mut |i, k| {
            if i == 1 {
                assert_eq!(*k, hx::<32>(X25519_AFTER_1));
                seen1 = true;
            }
        });
        assert!(seen1);
        assert_eq!(k, hx::<32>(X25519_AFTER_1000));
    }

    #[test]
    #[ignore = "slow: 1,000,000 ladder iterations"]
    fn x25519_iterated_1000000() {
        let k = iterate_x25519(1_000_000, &mut |i, k| {
            if i == 1000 {
                assert_eq!(*k, hx::<32>(X25519_AFTER_1000));
            }
        });
        assert_eq!(k, hx::<32>(X25519_AFTER_1000000));
    }

    #[test]
    fn x448_iterated_1_and_1000() {
        let mut seen1 = false;
        let k = iterate_x448(1000, &mut |i, k| {
            if i == 1 {
                assert_eq!(*k, hx::<56>(X448_AFTER_1));
                seen1 = true;
            }
        });
        assert!(seen1);
        assert_eq!(k, hx::<56>(X448_AFTER_1000));
    }

    #[test]
    #[ignore = "slow: 1,000,000 ladder iterations"]
    fn x448_iterated_1000000() {
        let k = iterate_x448(1_000_000, &mut |i, k| {
            if i == 1000 {
                assert_eq!(*k, hx::<56>(X448_AFTER_1000));
            }
        });
        assert_eq!(k, hx::<56>(X448_AFTER_1000000));
    }

    #[test]
    fn x25519_diffie_hellman_section_6_1() {
        let alice: [u8; 32] = hx("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        let alice_pub: [u8; 32] = hx("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a");
        let bob: [u8; 32] = hx("5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
        let bob_pub: [u8; 32] = hx("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
        let shared: [u8; 32] = hx("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
        assert_eq!(xdh::x25519_base(&alice), alice_pub);
        assert_eq!(xdh::x25519_base(&bob), bob_pub);
        assert_eq!(xdh::x25519_checked(&alice, &bob_pub).unwrap(), shared);
        assert_eq!(xdh::x25519_checked(&bob, &alice_pub).unwrap(), shared);
        let mut nine = [0u8; 32];
        nine[0] = 9;
        assert_eq!(xdh::x25519(&alice, &nine).0, alice_pub);
    }

    #[test]
    fn x448_diffie_hellman_section_6_2() {
        let alice: [u8; 56] = hx("9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b");
        let alice_pub: [u8; 56] = hx("9b08f7cc31b7e3e67d22d5aea121074a273bd2b83de09c63faa73d2c22c5d9bbc836647241d953d40c5b12da88120d53177f80e532c41fa0");
        let bob: [u8; 56] = hx("1c306a7ac2a0e2e0990b294470cba339e6453772b075811d8fad0d1d6927c120bb5ee8972b0d3e21374c9c921b09d1b0366f10b65173992d");
        let bob_pub: [u8; 56] = hx("3eb7a829b0cd20f5bcfc0b599b6feccf6da4627107bdb0d4f345b43027d8b972fc3e34fb4232a13ca706dcb57aec3dae07bdc1c67bf33609");
        let shared: [u8; 56] = hx("07fff4181ac6cc95ec1c16a94a0f74d12da232ce40a77552281d282bb60c0b56fd2464c335543936521c24403085d59a449a5037514a879d");
        assert_eq!(xdh::x448_base(&alice), alice_pub);
        assert_eq!(xdh::x448_base(&bob), bob_pub);
        assert_eq!(xdh::x448_checked(&alice, &bob_pub).unwrap(), shared);
        assert_eq!(xdh::x448_checked(&bob, &alice_pub).unwrap(), shared);
    }

    /// Small-order u-coordinates (on the curve or its twist), including
    /// non-canonical and top-bit-set spellings: the output is all zero, the
    /// checked form refuses it (RFC 7748 §6.1).
    #[test]
    fn x25519_low_order_inputs_give_zero() {
        let bad = [
            "0000000000000000000000000000000000000000000000000000000000000000", // 0
            "0100000000000000000000000000000000000000000000000000000000000000", // 1
            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", // order 8
            "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", // order 8
            "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p − 1
            "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p ≡ 0
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p + 1 ≡ 1
            "0000000000000000000000000000000000000000000000000000000000000080", // 0, top bit
            "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880", // top bit
            "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7", // top bit
            "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // p + 1, top bit
        ];
        let mut rng = Rng::new(0x7748_0001);
        for u in bad {
            for _ in 0..3 {
                let k: [u8; 32] = rng.array();
                let (r, zero) = xdh::x25519(&k, &hx(u));
                assert_eq!(r, [0u8; 32], "u = {u}");
                assert!(bool::from(zero));
                assert_eq!(xdh::x25519_checked(&k, &hx(u)), Err(Error::ZeroResult), "u = {u}");
                // the registry: `xdh` rejects, `xdh_unchecked` returns the zeros
                let reg = kurve::curves::by_name("x25519").unwrap();
                assert_eq!(reg.xdh(&k, &hx::<32>(u)), Err(Error::ZeroResult), "u = {u}");
                assert_eq!(reg.xdh_unchecked(&k, &hx::<32>(u)).unwrap().as_ref(), &[0u8; 32][..], "u = {u}");
            }
        }
        // The order-8 u's are exactly those of the 8-torsion of curve25519.
        let t = torsion_generator::<Edwards25519>();
        let mut us: Vec<[u8; 32]> = (1..8u64)
            .map(|i| {
                let m = c25519::MontgomeryPoint::from_edwards(&t.mul_vartime(&small(i)));
                rfc7748::encode_u_coordinate::<Curve25519>(&m.u())
            })
            .collect();
        us.sort();
        us.dedup();
        let mut expect: Vec<[u8; 32]> = bad[..4].iter().map(|s| hx(s)).collect();
        expect.sort();
        assert_eq!(us, expect);
    }

    /// The ladder X25519 runs (`Curve25519::ladder_dispatched`: the
    /// four-lane AVX-512 IFMA ladder where the CPU has it) equals the
    /// RFC 7748 reference ladder on edge and random u, clamped and
    /// unclamped k, and so does `Curve25519::ladder_clamped` on the clamped
    /// k; and the registry's `xdh` / `xdh_unchecked` agree.
    #[test]
    fn x25519_dispatched_ladder_matches_the_rfc_ladder() {
        eprintln!("IFMA ladder selected: {}", kurve::arith::backend::ifma_selected());
        let mut rng = Rng::new(0x7748_0002);
        let reg = kurve::curves::by_name("x25519").unwrap();
        let m = [0xffu8; 32];
        let mut us: Vec<[u8; 32]> = vec![[0u8; 32], m, hx("0900000000000000000000000000000000000000000000000000000000000000")];
        let mut pm1 = m;
        pm1[0] = 0xec;
        pm1[31] = 0x7f;
        us.push(pm1);
        for _ in 0..200 {
            us.push(rng.array());
        }
        for (n, u) in us.iter().enumerate() {
            let uf = rfc7748::decode_u_coordinate::<Curve25519>(u);
            let k: [u8; 32] = if n % 3 == 0 { m } else { rng.array() };
            let kc = rfc7748::clamp_x25519(&k);
            for kk in [kc, k] {
                assert_eq!(Curve25519::ladder_dispatched(&kk, &uf), ladder::<Curve25519>(&kk, &uf), "u = {u:02x?}");
            }
            // the clamped entry (the MULX ladder's last three steps as doublings)
            assert_eq!(Curve25519::ladder_clamped(&kc, &uf), ladder::<Curve25519>(&kc, &uf), "clamped: u = {u:02x?}");
            let checked = reg.xdh(&k, u);
            let unchecked = reg.xdh_unchecked(&k, u).unwrap();
            match checked {
                Ok(b) => assert_eq!(b, unchecked),
                Err(e) => assert_eq!((e, unchecked.as_ref()), (Error::ZeroResult, &[0u8; 32][..])),
            }
        }
    }

    #[test]
    fn x448_low_order_inputs_give_zero() {
        let p_minus_1 = "fefffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffff";
        let p = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffffffffffffffffffffffffffffffffffffffffffffffffff";
        let p_plus_1 = "00000000000000000000000000000000000000000000000000000000ffffffffffffffffffffffffffffffffffffffffffffffffffffffff";
        let mut one = [0u8; 56];
        one[0] = 1;
        let bad: Vec<[u8; 56]> = vec![[0u8; 56], one, hx(p_minus_1), hx(p), hx(p_plus_1)];
        let mut rng = Rng::new(0x7748_0002);
        for u in &bad {
            let k: [u8; 56] = rng.array();
            let (r, z) = xdh::x448(&k, u);
            assert_eq!(r, [0u8; 56]);
            assert!(bool::from(z));
            assert_eq!(xdh::x448_checked(&k, u), Err(Error::ZeroResult));
        }
    }

    /// u ≥ p is reduced, and X25519 ignores bit 255 (RFC 7748 §5).
    #[test]
    fn non_canonical_u_is_reduced() {
        let mut rng = Rng::new(0x7748_0003);
        // 25519: u and u + p (both < 2^255 for u < 19), and the top bit
        for small_u in 2u8..19 {
            let k: [u8; 32] = rng.array();
            let mut u = [0u8; 32];
            u[0] = small_u;
            let up = {
                let v = BigUint::from(small_u) + modulus::<c25519::Fp>();
                let mut b = v.to_bytes_le();
                b.resize(32, 0);
                let mut a = [0u8; 32];
                a.copy_from_slice(&b);
                a
            };
            let mut top = u;
            top[31] |= 0x80;
            let r = xdh::x25519(&k, &u).0;
            assert_eq!(xdh::x25519(&k, &up).0, r);
            assert_eq!(xdh::x25519(&k, &top).0, r);
        }
        // 448: u + p < 2^448 for u < 2^224 + 1
        for _ in 0..4 {
            let k: [u8; 56] = rng.array();
            let mut u = [0u8; 56];
            u[..20].copy_from_slice(&rng.bytes(20));
            let v = BigUint::from_bytes_le(&u) + modulus::<c448::Fp>();
            let mut b = v.to_bytes_le();
            b.resize(56, 0);
            let mut up = [0u8; 56];
            up.copy_from_slice(&b);
            assert_eq!(xdh::x448(&k, &up).0, xdh::x448(&k, &u).0);
        }
    }

    /// x25519_base / x448_base agree with the (u, v) group: u([k mod L]·B).
    #[test]
    fn xdh_base_matches_group_mul() {
        let mut rng = Rng::new(0x7748_0004);
        for _ in 0..4 {
            let k: [u8; 32] = rng.array();
            let kc = rfc7748::clamp_x25519(&k);
            let mut be = kc;
            be.reverse();
            let s = SecretScalar::<c25519::Fq>::from_be_bytes_reduced(&be);
            let m = c25519::MontgomeryPoint::mul_base(&s);
            assert_eq!(xdh::x25519_base(&k), rfc7748::encode_u_coordinate::<Curve25519>(&m.u()));
            let e = c25519::EdwardsPoint::mul_base(&s);
            assert_eq!(c25519::MontgomeryPoint::from_edwards(&e), m);
        }
        for _ in 0..3 {
            let k: [u8; 56] = rng.array();
            let kc = rfc7748::clamp_x448(&k);
            let mut be = kc;
            be.reverse();
            let s = SecretScalar::<c448::Fq>::from_be_bytes_reduced(&be);
            let m = c448::MontgomeryPoint::mul_base(&s);
            assert_eq!(xdh::x448_base(&k), rfc7748::encode_u_coordinate::<Curve448>(&m.u()));
        }
    }

    /// The ladder against a num-bigint transcription of RFC 7748 §5, on
    /// random scalars and random u (curve and twist, non-canonical too).
    #[test]
    fn ladder_differential_bigint() {
        fn reference(k: &BigUint, u: &BigUint, p: &BigUint, a24: u64, bits: u64) -> BigUint {
            let (x1, mut x2, mut z2, mut x3, mut z3) =
                (u.clone(), BigUint::one(), BigUint::zero(), u.clone(), BigUint::one());
            let mut swap = false;
            let sub = |a: &BigUint, b: &BigUint| (a + p - b) % p;
            for t in (0..bits).rev() {
                let kt = k.bit(t);
                swap ^= kt;
                if swap {
                    std::mem::swap(&mut x2, &mut x3);
                    std::mem::swap(&mut z2, &mut z3);
                }
                swap = kt;
                let a = (&x2 + &z2) % p;
                let aa = &a * &a % p;
                let b = sub(&x2, &z2);
                let bb = &b * &b % p;
                let e = sub(&aa, &bb);
                let c = (&x3 + &z3) % p;
                let d = sub(&x3, &z3);
                let da = &d * &a % p;
                let cb = &c * &b % p;
                let s = (&da + &cb) % p;
                x3 = &s * &s % p;
                let df = sub(&da, &cb);
                z3 = &x1 * (&df * &df % p) % p;
                x2 = &aa * &bb % p;
                z2 = &e * ((&aa + BigUint::from(a24) * &e) % p) % p;
            }
            if swap {
                std::mem::swap(&mut x2, &mut x3);
                std::mem::swap(&mut z2, &mut z3);
            }
            &x2 * z2.modpow(&(p - 2u32), p) % p
        }
        let mut rng = Rng::new(0x7748_0005);
        let p = modulus::<c25519::Fp>();
        for i in 0..12 {
            let k: [u8; 32] = rng.array();
            let mut u: [u8; 32] = rng.array();
            if i == 0 {
                u = [0xff; 32];
            }
            let kc = rfc7748::clamp_x25519(&k);
            let mut um = u;
            um[31] &= 0x7f;
            let want = reference(&BigUint::from_bytes_le(&kc), &(BigUint::from_bytes_le(&um) % &p), &p, 121665, 255);
            let got = BigUint::from_bytes_le(&xdh::x25519(&k, &u).0);
            assert_eq!(got, want);
        }
        let p = modulus::<c448::Fp>();
        for i in 0..4 {
            let k: [u8; 56] = rng.array();
            let u: [u8; 56] = if i == 0 { [0xff; 56] } else { rng.array() };
            let kc = rfc7748::clamp_x448(&k);
            let want = reference(&BigUint::from_bytes_le(&kc), &(BigUint::from_bytes_le(&u) % &p), &p, 39081, 448);
            let got = BigUint::from_bytes_le(&xdh::x448(&k, &u).0);
            assert_eq!(got, want);
        }
    }
}

// ---------------------------------------------------------------------------
// RFC 8032 §7.1 / §7.4 test 1: the public key is [s]B, encoded
// ---------------------------------------------------------------------------

#[test]
fn rfc8032_test1_public_keys() {
    use sha2::Digest;
    use sha3::digest::{ExtendableOutput, Update, XofReader};

    // Ed25519 (RFC 8032 §7.1, TEST 1): s = clamp(SHA-512(sk)[..32])
    let sk: [u8; 32] = hx("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
    let pk: [u8; 32] = hx("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    let h = sha2::Sha512::digest(sk);
    let mut s = [0u8; 32];
    s.copy_from_slice(&h[..32]);
    s[0] &= 248;
    s[31] &= 127;
    s[31] |= 64;
    s.reverse();
    let a = c25519::EdwardsPoint::mul_base(&SecretScalar::<c25519::Fq>::from_be_bytes_reduced(&s));
    assert_eq!(a.compress(), pk);
    assert_eq!(c25519::EdwardsPoint::decompress(&pk).unwrap(), a);

    // Ed448 (RFC 8032 §7.4, 1st test): s = clamp(SHAKE256(sk, 114)[..57])
    let sk: [u8; 57] = hx("6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b");
    let pk: [u8; 57] = hx("5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180");
    let mut xof = sha3::Shake256::default();
    xof.update(&sk);
    let mut h = [0u8; 114];
    xof.finalize_xof().read(&mut h);
    let mut s = [0u8; 57];
    s.copy_from_slice(&h[..57]);
    s[0] &= 252;
    s[55] |= 128;
    s[56] = 0;
    s.reverse();
    let a = c448::Ed448Point::mul_base(&SecretScalar::<c448::Fq>::from_be_bytes_reduced(&s));
    assert_eq!(a.compress(), pk);
    assert_eq!(c448::Ed448Point::decompress(&pk).unwrap(), a);
}

// ---------------------------------------------------------------------------
// Curve constants
// ---------------------------------------------------------------------------

fn check_edwards_constants<C: EdwardsCurve>() {
    let b = EdwardsPoint::<C>::generator();
    assert!(bool::from(AffinePoint::<C>::generator().is_on_curve()), "{}: B on curve", C::NAME);
    assert!(bool::from(b.is_on_curve()));
    assert!(!bool::from(b.is_identity()));
    // completeness conditions: d non-square (a = ±1 is a square: for a = −1, p ≡ 1 mod 4)
    assert!(!bool::from(C::D.is_square()), "{}: d must be a non-square", C::NAME);
    if C::A_IS_MINUS_ONE {
        assert!(bool::from((-C::Base::ONE).is_square()));
    }
    assert_eq!(C::D2, C::D.double());
    assert_eq!(EdwardsPoint::<C>::ENCODED_LEN, C::Encoding::LEN);
    // [L]B = O (vartime, constant time, torsion check)
    assert!(bool::from(mul_by_order(&b).is_identity()), "{}: [L]B", C::NAME);
    assert!(bool::from(b.mul(&l_minus_1()).add(&b).is_identity()));
    assert_eq!(b.mul(&l_minus_1()), b.neg());
    assert!(bool::from(b.is_torsion_free()));
    assert!(!bool::from(b.is_small_order()));
    // cofactor: E[h] is cyclic of order h, and [h·L]P = O for points of the whole group
    let t = torsion_generator::<C>();
    for i in 1..C::COFACTOR {
        assert!(!bool::from(t.mul_vartime(&small(i)).is_identity()), "{}: torsion order", C::NAME);
    }
    let mut rng = Rng::new(0xc0ff_ee00 ^ C::COFACTOR);
    for _ in 0..4 {
        let p = point_from_small_y::<C>(2 + rng.next_u64() % 1000);
        assert!(bool::from(mul_by_order(&p.mul_by_cofactor()).is_identity()));
        assert!(bool::from(mul_by_order(&p).is_small_order()));
    }
}

fn check_montgomery_constants<C: MontgomeryCurve>() {
    let a = C::A;
    assert_eq!(C::A24.double().double() + C::Base::from_u64(2), a, "{}: a24 = (A − 2)/4", C::NAME);
    assert_eq!(C::B, C::Base::ONE);
    let four = C::Base::from_u64(4);
    assert!(!bool::from((a.square() - four).is_square()), "{}: A² − 4 non-square", C::NAME);
    let c2 = C::EDWARDS_MAP_SCALE.square();
    if C::EDWARDS_MAP_Y_INVERTED {
        assert_eq!(c2, a - C::Base::from_u64(2), "{}: c² = A − 2", C::NAME);
    } else {
        assert_eq!(c2, -(a + C::Base::from_u64(2)), "{}: c² = −(A + 2)", C::NAME);
    }
    let g = MontgomeryPoint::<C>::generator();
    assert!(bool::from(MontgomeryPoint::<C>::from_coordinates(C::BASE_U, C::BASE_V).is_some()));
    // the Montgomery base point maps to the Edwards base point, both ways
    assert_eq!(g.to_edwards(), EdwardsPoint::<C::Edwards>::generator(), "{}", C::NAME);
    assert_eq!(MontgomeryPoint::<C>::from_edwards(&EdwardsPoint::generator()), g);
    assert_eq!(C::COFACTOR, <C::Edwards as EdwardsCurve>::COFACTOR);
    // [L]·base = O on the Montgomery side, with the group and with the ladder
    assert!(bool::from(g.mul(&l_minus_1()).add(&g).is_identity()));
    assert!(bool::from(g.is_torsion_free()));
    let l_minus_1_le: C::Bytes = scalar_le(&l_minus_1::<C::ScalarField>());
    assert_eq!(ladder::<C>(&l_minus_1_le, &C::BASE_U), C::BASE_U); // u(−B) = u(B)
}

#[test]
fn curve_constants_edwards25519() {
    check_edwards_constants::<Edwards25519>();
    assert_eq!(Edwards25519::COFACTOR, 8);
    // RFC 8032 §5.1: B = (x, 4/5) with x even; its encoding is 0x58 followed by 0x66…
    let b = c25519::EdwardsPoint::generator();
    assert_eq!(b.to_affine().y() * c25519::Fp::from_u64(5), c25519::Fp::from_u64(4));
    assert!(!bool::from(b.to_affine().x().is_odd()));
    assert_eq!(b.compress(), hx::<32>("5866666666666666666666666666666666666666666666666666666666666666"));
    // d = −121665/121666
    assert_eq!(c25519::EDWARDS_D * c25519::Fp::from_u64(121666), -c25519::Fp::from_u64(121665));
}

#[test]
fn curve_constants_edwards448() {
    check_edwards_constants::<Edwards448>();
    assert_eq!(Edwards448::COFACTOR, 4);
    assert_eq!(c448::EDWARDS448_D, -c448::Fp::from_u64(39081));
}

#[test]
fn curve_constants_curve448_edwards() {
    check_edwards_constants::<Curve448Edwards>();
    assert_eq!(
        c448::CURVE448_EDWARDS_D * c448::Fp::from_u64(39081),
        c448::Fp::from_u64(39082)
    );
    assert_eq!(c448::CURVE448_EDWARDS_BASE_Y.double(), c448::Fp::from_u64(3));
}

#[test]
fn curve_constants_curve25519() {
    check_montgomery_constants::<Curve25519>();
    assert_eq!(c25519::CURVE25519_A, c25519::Fp::from_u64(486662));
    assert_eq!(c25519::CURVE25519_A24, c25519::Fp::from_u64(121665));
    // v as printed in RFC 7748 §4.1 (before Errata 4730) maps to −B
    let v_rfc = c25519::Fp::from_be_bytes_reduced(
        &BigUint::parse_bytes(b"14781619447589544791020593568409986887264606134616475288964881837755586237401", 10)
            .unwrap()
            .to_bytes_be(),
    );
    assert_eq!(v_rfc, -c25519::CURVE25519_BASE_V);
    let m = c25519::MontgomeryPoint::from_coordinates(c25519::Fp::from_u64(9), v_rfc).unwrap();
    assert_eq!(m.to_edwards(), c25519::EdwardsPoint::generator().neg());
}

#[test]
fn curve_constants_curve448() {
    check_montgomery_constants::<Curve448>();
    assert_eq!(c448::CURVE448_A, c448::Fp::from_u64(156326));
    assert_eq!(c448::CURVE448_A24, c448::Fp::from_u64(39081));
    // SQRT_156324 is the square root that is itself a square
    assert!(bool::from(c448::SQRT_156324.is_square()));
}

/// RFC 7748 §4.2's point (X(P), Y(P)) for the d = 39082/39081 curve is the
/// image of u = 5 under the RFC's map (x, y) = (√156324·u/v, (1 + u)/(1 − u)),
/// which is our isomorphism followed by + (0, −1): it has order 2L.
#[test]
fn rfc7748_curve448_birational_map_is_off_by_two_torsion() {
    let dec = |s: &[u8]| c448::Fp::from_be_bytes_reduced(&BigUint::parse_bytes(s, 10).unwrap().to_bytes_be());
    let x = dec(b"345397493039729516374008604150537410266655260075183290216406970281645695073672344430481787759340633221708391583424041788924124567700732");
    let y = dec(b"363419362147803445274661903944002267176820680343659030140745099590306164083365386343198191849338272965044442230921818680526749009182718");
    let rfc = AffinePoint::<Curve448Edwards>::from_coordinates(x, y).unwrap().to_extended();
    // it is what the RFC's map gives for (5, V(P)), up to the choice of root
    let (u, v) = (c448::CURVE448_BASE_U, c448::CURVE448_BASE_V);
    assert_eq!(y * (c448::Fp::ONE - u), c448::Fp::ONE + u);
    assert_eq!(x.square() * v.square(), c448::Fp::from_u64(156324) * u.square());
    // order 2L, not L
    assert!(!bool::from(mul_by_order(&rfc).is_identity()));
    assert!(bool::from(mul_by_order(&rfc.double()).is_identity()));
    // = our base point + (0, −1)
    let t2 = AffinePoint::<Curve448Edwards>::from_coordinates(c448::Fp::ZERO, -c448::Fp::ONE)
        .unwrap()
        .to_extended();
    assert_eq!(rfc, c448::Curve448EdwardsPoint::generator().add(&t2));
    // and the RFC's map sends the 2-torsion point (0, 0) to the identity:
    // y = (1 + 0)/(1 − 0) = 1, so it cannot be a group isomorphism.
}

/// RFC 7748 §4.2's 4-isogeny between edwards448 and curve448.
#[test]
fn edwards448_curve448_isogeny() {
    let b = c448::Ed448Point::generator();
    let g = c448::MontgomeryPoint::generator();
    assert_eq!(c448::edwards448_to_curve448(&b), g);
    assert_eq!(c448::curve448_to_edwards448(&g), b.double().double());
    let mut rng = Rng::new(0x4480_0001);
    let t = torsion_generator::<Edwards448>();
    for _ in 0..3 {
        let p = random_edwards::<Edwards448>(&mut rng).add(&t);
        let q = random_edwards::<Edwards448>(&mut rng);
        let fp = c448::edwards448_to_curve448(&p);
        let fq = c448::edwards448_to_curve448(&q);
        assert!(bool::from(c448::MontgomeryPoint::from_coordinates(fp.u(), fp.v()).is_some()));
        assert_eq!(c448::edwards448_to_curve448(&p.add(&q)), fp.add(&fq));
        assert_eq!(c448::curve448_to_edwards448(&fp), p.double().double());
        let m = random_montgomery_full::<Curve448>(&mut rng);
        assert_eq!(c448::edwards448_to_curve448(&c448::curve448_to_edwards448(&m)), m.double().double());
    }
    // kernels
    let id = c448::Ed448Point::identity();
    assert!(bool::from(c448::edwards448_to_curve448(&id).is_identity()));
    assert!(bool::from(c448::edwards448_to_curve448(&t.double()).is_identity())); // (0, −1)
    let ft = c448::edwards448_to_curve448(&t); // (±1, 0) ↦ (0, 0)
    assert!(bool::from(ft.u().is_zero() & ft.v().is_zero() & !ft.is_identity()));
    let m_t = c448::MontgomeryPoint::from_edwards(&torsion_generator::<Curve448Edwards>());
    for i in 0..4u64 {
        let m = m_t.mul_vartime(&small(i));
        assert!(bool::from(c448::curve448_to_edwards448(&m).is_identity()), "ψ(4-torsion) = O");
    }
}

// ---------------------------------------------------------------------------
// Group laws and scalar multiplication (five groups)
// ---------------------------------------------------------------------------

/// edwards25519 `mul_base` and `mul` (the four-lane AVX-512 IFMA loops
/// where the CPU has them) agree with each other and with the wNAF
/// `mul_vartime`, for edge scalars (0, 1, 2, L − 1, 2²⁵² − 1, digits of
/// all signs) and random ones, on B, a point of mixed order, the identity
/// and a point of order 8.
#[test]
fn edwards25519_mul_base_matches_the_variable_base_path() {
    eprintln!("IFMA selected: {}", kurve::arith::backend::ifma_selected());
    let mut rng = Rng::new(0x8032_0001);
    let b = c25519::EdwardsPoint::generator();
    let mut ks: Vec<[u8; 32]> = Vec::new();
    let l_minus_1 = hx::<32>("ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
    let mut top = [0xffu8; 32];
    top[31] = 0x0f;
    ks.extend([[0u8; 32], [1u8; 32], l_minus_1, top, [0x88u8; 32], [0x77u8; 32], [0x08u8; 32]]);
    let mut one = [0u8; 32];
    one[0] = 1;
    ks.push(one);
    one[0] = 2;
    ks.push(one);
    for _ in 0..300 {
        ks.push(rng.array());
    }
    for mut k in ks {
        k.reverse(); // little-endian above
        let s = SecretScalar::<c25519::Fq>::from_be_bytes_reduced(&k);
        let p = c25519::EdwardsPoint::mul_base(&s);
        assert!(bool::from(p.is_on_curve()), "k = {k:02x?}");
        assert_eq!(p, b.mul(&s), "k = {k:02x?}");
        assert_eq!(p.compress(), b.mul(&s).compress(), "k = {k:02x?}");
        // the variable-base `mul` (four-lane where the CPU has it) against
        // the wNAF `mul_vartime`, on a point of mixed order, the identity
        // and a point of order 8
        let t = torsion_generator::<Edwards25519>();
        let pub_s = Scalar::<c25519::Fq>::from_be_bytes_reduced(&k);
        let q = p.add(&t);
        let other = Scalar::<c25519::Fq>::from_be_bytes_reduced(&rng.array::<32>());
        for x in [q, c25519::EdwardsPoint::identity(), t] {
            assert_eq!(x.mul(&s), x.mul_vartime(&pub_s), "k = {k:02x?}");
            // the Straus–Shamir [a]B + [b]P (four-lane where the CPU has it)
            let expect = c25519::EdwardsPoint::mul_base(&other).add(&x.mul(&s));
            assert_eq!(c25519::EdwardsPoint::double_mul_vartime(&other, &pub_s, &x), expect, "k = {k:02x?}");
            assert_eq!(c25519::EdwardsPoint::double_mul_vartime(&pub_s, &other, &x), c25519::EdwardsPoint::mul_base(&pub_s).add(&x.mul(&other)));
        }
    }
}

fn laws_edwards<C: EdwardsCurve>(seed: u64) {
    let mut rng = Rng::new(seed);
    let t = torsion_generator::<C>();
    let id = EdwardsPoint::<C>::identity();
    for round in 0..6 {
        let (a, b, c) = (rng.scalar::<C::ScalarField>(), rng.scalar(), rng.scalar());
        let mut p = EdwardsPoint::<C>::mul_base(&a);
        let mut q = EdwardsPoint::<C>::mul_base(&b);
        let r = EdwardsPoint::<C>::mul_base(&c);
        if round % 2 == 1 {
            // exercise the formulas on the whole group, not only the subgroup
            p = p.add(&t);
            q = q.add(&t.double());
        }
        for x in [p, q, r, p.add(&q), p.double(), p.sub(&q)] {
            assert!(bool::from(x.is_on_curve()), "{}: on curve", C::NAME);
        }
        assert_eq!(p.add(&q).add(&r), p.add(&q.add(&r)), "{}: associativity", C::NAME);
        assert_eq!(p.add(&q), q.add(&p), "{}: commutativity", C::NAME);
        assert_eq!(p.add(&id), p);
        assert_eq!(id.add(&p), p);
        assert!(bool::from(p.add(&p.neg()).is_identity()), "{}: inverse", C::NAME);
        assert!(bool::from(p.sub(&p).is_identity()));
        assert_eq!(p.double(), p.add(&p), "{}: doubling = unified addition", C::NAME);
        assert_eq!(p.add(&q).sub(&q), p);
        // scalar multiplication: linearity and agreement of the three algorithms
        let pa = EdwardsPoint::<C>::generator().mul(&a);
        assert_eq!(pa, EdwardsPoint::<C>::generator().mul_vartime(&a));
        assert_eq!(pa.mul(&b), EdwardsPoint::<C>::mul_base(&Scalar(a.0 * b.0)), "{}: [b][a]B = [ab]B", C::NAME);
        assert_eq!(r.mul(&Scalar(a.0 + b.0)), r.mul(&a).add(&r.mul_vartime(&b)));
        assert_eq!(
            EdwardsPoint::<C>::double_mul_vartime(&a, &b, &r),
            EdwardsPoint::<C>::mul_base(&a).add(&r.mul(&b)),
            "{}: double_mul",
            C::NAME
        );
        let secret = SecretScalar::new(c.0);
        assert_eq!(q.mul(&secret), q.mul_vartime(&c));
        // compress / decompress round trip
        assert_eq!(EdwardsPoint::<C>::decompress(&p.compress()).unwrap(), p);
    }
    // small scalars: mul = mul_vartime = repeated addition, on a prime-order
    // and on a mixed-order point, and the identity
    let b = EdwardsPoint::<C>::generator();
    for base in [b, b.add(&t), t, id] {
        let mut acc = id;
        for k in 0..=40u64 {
            let s = small::<C::ScalarField>(k);
            assert_eq!(base.mul(&s), acc, "{}: [{k}]P", C::NAME);
            assert_eq!(base.mul_vartime(&s), acc, "{}: [{k}]P vartime", C::NAME);
            acc = acc.add(&base);
        }
    }
    // scalars near L and with extreme digits
    for s in [l_minus_1::<C::ScalarField>(), Scalar(-C::ScalarField::from_u64(8)), Scalar(-C::ScalarField::from_u64(9))] {
        assert_eq!(b.mul(&s), b.mul_vartime(&s));
    }
    assert_eq!(b.mul(&Scalar(-C::ScalarField::from_u64(2))), b.double().neg());
    let all8 = Scalar(C::ScalarField::from_be_bytes_reduced(&[0x88; 64]));
    assert_eq!(b.mul(&all8), b.mul_vartime(&all8));
    let all7 = Scalar(C::ScalarField::from_be_bytes_reduced(&[0x77; 64]));
    assert_eq!(t.add(&b).mul(&all7), t.add(&b).mul_vartime(&all7));
    assert_eq!(id.mul(&all7), id);
    assert!(bool::from(b.mul(&small(0)).is_identity()));
}

fn laws_montgomery<C: MontgomeryCurve>(seed: u64) {
    let mut rng = Rng::new(seed);
    let id = MontgomeryPoint::<C>::identity();
    let g = MontgomeryPoint::<C>::generator();
    for _ in 0..4 {
        let (a, b) = (rng.scalar::<C::ScalarField>(), rng.scalar::<C::ScalarField>());
        let p = random_montgomery_full::<C>(&mut rng);
        let q = MontgomeryPoint::<C>::mul_base(&a);
        let r = random_montgomery_full::<C>(&mut rng);
        for x in [p, q, r, p.add(&q), p.double(), p.neg()] {
            assert!(bool::from(
                x.is_identity() | MontgomeryPoint::<C>::from_coordinates(x.u(), x.v()).is_some()
            ));
        }
        assert_eq!(p.add(&q).add(&r), p.add(&q.add(&r)), "{}: associativity", C::NAME);
        assert_eq!(p.add(&q), q.add(&p));
        assert_eq!(p.add(&id), p);
        assert!(bool::from(p.add(&p.neg()).is_identity()));
        assert_eq!(p.double(), p.add(&p));
        assert_eq!(g.mul(&a), q);
        assert_eq!(g.mul_vartime(&a), q);
        assert_eq!(q.mul(&b), MontgomeryPoint::<C>::mul_base(&Scalar(a.0 * b.0)));
        assert_eq!(
            MontgomeryPoint::<C>::double_mul_vartime(&a, &b, &r),
            q.add(&r.mul(&b)),
            "{}: double_mul",
            C::NAME
        );
    }
    let p = random_montgomery_full::<C>(&mut rng);
    let mut acc = id;
    for k in 0..=16u64 {
        assert_eq!(p.mul(&small(k)), acc, "{}: [{k}]P", C::NAME);
        assert_eq!(p.mul_vartime(&small(k)), acc);
        acc = acc.add(&p);
    }
}

#[test]
fn laws_edwards25519() {
    laws_edwards::<Edwards25519>(0x2551_9001);
}
#[test]
fn laws_edwards448() {
    laws_edwards::<Edwards448>(0x4480_0002);
}
#[test]
fn laws_curve448_edwards() {
    laws_edwards::<Curve448Edwards>(0x4480_0003);
}
#[test]
fn laws_curve25519() {
    laws_montgomery::<Curve25519>(0x2551_9004);
}
#[test]
fn laws_curve448() {
    laws_montgomery::<Curve448>(0x4480_0005);
}

// ---------------------------------------------------------------------------
// Montgomery ↔ Edwards
// ---------------------------------------------------------------------------

fn montgomery_edwards_maps<C: MontgomeryCurve>(seed: u64) {
    let mut rng = Rng::new(seed);
    let t = torsion_generator::<C::Edwards>();
    // exceptional points: identity ↔ (0, 1), (0, 0) ↔ (0, −1)
    let id = MontgomeryPoint::<C>::identity();
    assert!(bool::from(id.to_edwards().is_identity()));
    assert!(bool::from(MontgomeryPoint::<C>::from_edwards(&EdwardsPoint::identity()).is_identity()));
    let zero = MontgomeryPoint::<C>::from_coordinates(C::Base::ZERO, C::Base::ZERO).unwrap();
    let e2 = zero.to_edwards();
    assert!(bool::from(e2.to_affine().x().is_zero()));
    assert_eq!(e2.to_affine().y(), -C::Base::ONE);
    assert_eq!(MontgomeryPoint::<C>::from_edwards(&e2), zero);
    assert_eq!(e2, t.mul_vartime(&small(C::COFACTOR / 2)));
    // the whole torsion subgroup round-trips and keeps its orders
    for i in 0..C::COFACTOR {
        let e = t.mul_vartime(&small(i));
        let m = MontgomeryPoint::<C>::from_edwards(&e);
        assert_eq!(m.to_edwards(), e, "{}: torsion round trip [{i}]T", C::NAME);
        assert!(bool::from(m.is_small_order()));
        assert!(bool::from(m.mul_by_cofactor().is_identity()), "{}: [h]T = O", C::NAME);
        assert!(bool::from(m.is_identity() | MontgomeryPoint::<C>::from_coordinates(m.u(), m.v()).is_some()));
    }
    for _ in 0..4 {
        let m = random_montgomery_full::<C>(&mut rng);
        let e = m.to_edwards();
        assert!(bool::from(e.is_on_curve()));
        assert_eq!(MontgomeryPoint::<C>::from_edwards(&e), m, "{}: M → E → M", C::NAME);
        // [h]P computed on the (u, v) group equals h repeated additions
        let mut hp = MontgomeryPoint::<C>::identity();
        for _ in 0..C::COFACTOR {
            hp = hp.add(&m);
        }
        assert_eq!(m.mul_by_cofactor(), hp, "{}: mul_by_cofactor", C::NAME);
        assert!(bool::from(m.mul_by_cofactor().is_torsion_free()));
        let e = random_edwards::<C::Edwards>(&mut rng).add(&t);
        assert_eq!(MontgomeryPoint::<C>::from_edwards(&e).to_edwards(), e, "{}: E → M → E", C::NAME);
        // homomorphism: map(P + Q) = map(P) + map(Q), map([k]P) = [k]map(P)
        let m2 = random_montgomery_full::<C>(&mut rng);
        assert_eq!(m.add(&m2).to_edwards(), m.to_edwards().add(&m2.to_edwards()));
        let k = rng.scalar::<C::ScalarField>();
        assert_eq!(m.mul(&k).to_edwards(), m.to_edwards().mul(&k), "{}: map(kP) = k·map(P)", C::NAME);
        assert_eq!(MontgomeryPoint::<C>::from_edwards(&e.mul_vartime(&k)), MontgomeryPoint::<C>::from_edwards(&e).mul(&k));
        // the x-only ladder agrees with the (u, v) group
        let kb: C::Bytes = scalar_le(&k);
        let want = m.mul(&k);
        assert_eq!(ladder::<C>(&kb, &m.u()), want.u(), "{}: ladder = u([k]P)", C::NAME);
        let g = MontgomeryPoint::<C>::generator();
        assert_eq!(ladder::<C>(&kb, &C::BASE_U), g.mul(&k).u());
    }
    // the ladder on small-order u's and small scalars
    let p = random_montgomery_full::<C>(&mut rng);
    for k in 0..=20u64 {
        let kb: C::Bytes = scalar_le(&small::<C::ScalarField>(k));
        assert_eq!(ladder::<C>(&kb, &p.u()), p.mul_vartime(&small(k)).u(), "{}: ladder [{k}]", C::NAME);
        let tm = MontgomeryPoint::<C>::from_edwards(&t);
        assert_eq!(ladder::<C>(&kb, &tm.u()), tm.mul_vartime(&small(k)).u());
    }
}

#[test]
fn maps_curve25519_edwards25519() {
    montgomery_edwards_maps::<Curve25519>(0x2551_9006);
}
#[test]
fn maps_curve448_curve448_edwards() {
    montgomery_edwards_maps::<Curve448>(0x4480_0007);
}

// ---------------------------------------------------------------------------
// Small-order and mixed-order points
// ---------------------------------------------------------------------------

/// The eight points of E[8] on edwards25519, as RFC 8032 encodings (they
/// appear in the small-order blacklists of libsodium and others).
const ED25519_TORSION: [&str; 8] = [
    "0100000000000000000000000000000000000000000000000000000000000000", // identity
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // (0, −1), order 2
    "0000000000000000000000000000000000000000000000000000000000000000", // (√−1, 0), order 4
    "0000000000000000000000000000000000000000000000000000000000000080", // (−√−1, 0), order 4
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", // order 8
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", // order 8
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", // order 8
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", // order 8
];

fn small_order_edwards<C: EdwardsCurve>(seed: u64) -> Vec<EdwardsPoint<C>> {
    let h = C::COFACTOR;
    let t = torsion_generator::<C>();
    let pts: Vec<EdwardsPoint<C>> = (0..h).map(|i| t.mul_vartime(&small(i))).collect();
    // all distinct, all of order dividing h, with the expected orders
    for (i, p) in pts.iter().enumerate() {
        for q in &pts[..i] {
            assert_ne!(p, q);
        }
        assert!(bool::from(p.is_small_order()), "{}: [{i}]T small order", C::NAME);
        assert!(bool::from(p.is_on_curve()));
        assert_eq!(bool::from(p.is_torsion_free()), i == 0, "{}: [{i}]T torsion-free", C::NAME);
        let enc = p.compress();
        assert_eq!(EdwardsPoint::<C>::decompress(&enc).unwrap(), *p);
    }
    // mixed order: P + T is neither small order nor torsion-free
    let mut rng = Rng::new(seed);
    let b = random_edwards::<C>(&mut rng);
    assert!(bool::from(b.is_torsion_free()));
    for p in &pts[1..] {
        let m = b.add(p);
        assert!(!bool::from(m.is_torsion_free()), "{}: mixed order", C::NAME);
        assert!(!bool::from(m.is_small_order()));
        assert_eq!(m.mul_by_cofactor(), b.mul_by_cofactor());
        assert_eq!(EdwardsPoint::<C>::decompress_torsion_free(&m.compress()), Err(Error::NotInSubgroup));
        assert_eq!(EdwardsPoint::<C>::decompress_torsion_free(&p.compress()), Err(Error::NotInSubgroup));
    }
    assert_eq!(EdwardsPoint::<C>::decompress_torsion_free(&b.compress()).unwrap(), b);
    assert_eq!(
        EdwardsPoint::<C>::decompress_torsion_free(&EdwardsPoint::<C>::identity().compress()).unwrap(),
        EdwardsPoint::<C>::identity()
    );
    pts
}

#[test]
fn small_order_edwards25519() {
    let pts = small_order_edwards::<Edwards25519>(0x2551_9008);
    let mut got: Vec<[u8; 32]> = pts.iter().map(|p| p.compress()).collect();
    let mut want: Vec<[u8; 32]> = ED25519_TORSION.iter().map(|s| hx(s)).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "edwards25519 E[8]");
    // orders: 1, 2, 4, 4, 8, 8, 8, 8
    let mut orders: Vec<u64> = pts
        .iter()
        .map(|p| (1..=8u64).find(|&n| bool::from(p.mul_vartime(&small(n)).is_identity())).unwrap())
        .collect();
    orders.sort();
    assert_eq!(orders, [1, 2, 4, 4, 8, 8, 8, 8]);
}

#[test]
fn small_order_448_curves() {
    for pts in [
        small_order_edwards::<Edwards448>(0x4480_0009)
            .iter()
            .map(|p| p.to_affine())
            .map(|a| (a.x(), a.y()))
            .collect::<Vec<_>>(),
        small_order_edwards::<Curve448Edwards>(0x4480_000a)
            .iter()
            .map(|p| p.to_affine())
            .map(|a| (a.x(), a.y()))
            .collect::<Vec<_>>(),
    ] {
        // E[4] = {(0, 1), (0, −1), (1, 0), (−1, 0)} on both a = 1 curves
        let (z, o) = (c448::Fp::ZERO, c448::Fp::ONE);
        let mut want = vec![(z, o), (z, -o), (o, z), (-o, z)];
        let key = |p: &(c448::Fp, c448::Fp)| format!("{:?}", p);
        let mut got = pts.clone();
        got.sort_by_key(key);
        want.sort_by_key(key);
        assert_eq!(got, want);
    }
    // curve448's 4-torsion: O, (0, 0), (−1, ±√(A − 2))
    let t = c448::MontgomeryPoint::from_edwards(&torsion_generator::<Curve448Edwards>());
    assert_eq!(t.u(), -c448::Fp::ONE);
    assert_eq!(t.v().square(), c448::CURVE448_A - c448::Fp::from_u64(2));
}

// ---------------------------------------------------------------------------
// RFC 8032 decoding edge cases, strict and ZIP 215
// ---------------------------------------------------------------------------

fn le32(v: &BigUint, sign: bool) -> [u8; 32] {
    let mut b = v.to_bytes_le();
    b.resize(32, 0);
    let mut a = [0u8; 32];
    a.copy_from_slice(&b);
    if sign {
        a[31] |= 0x80;
    }
    a
}

#[test]
fn decode_edwards25519_edge_cases() {
    type P = c25519::EdwardsPoint;
    let p = modulus::<c25519::Fp>();
    let id = P::identity();
    // y = 1, sign 1: x = 0 with the sign bit → strict rejects, ZIP 215 accepts
    let y1s = le32(&BigUint::one(), true);
    assert_eq!(P::decompress(&y1s), Err(Error::InvalidEncoding));
    assert_eq!(P::decompress_zip215(&y1s).unwrap(), id);
    // y = −1, sign 1
    let ym1s = le32(&(&p - 1u32), true);
    assert_eq!(P::decompress(&ym1s), Err(Error::InvalidEncoding));
    let ym1 = P::decompress_zip215(&ym1s).unwrap();
    assert_eq!(ym1, P::decompress(&le32(&(&p - 1u32), false)).unwrap());
    // y = p, p + 1, …, 2^255 − 1 (= p + 18), both signs: non-canonical
    for r in 0u32..19 {
        for sign in [false, true] {
            let enc = le32(&(&p + r), sign);
            assert_eq!(P::decompress(&enc), Err(Error::NonCanonicalField), "y = p + {r}");
            let lax = P::decompress_zip215(&enc);
            let reduced = P::decompress_zip215(&le32(&BigUint::from(r), sign));
            assert_eq!(lax, reduced, "ZIP 215 reduces y = p + {r}");
            // where the reduced y is a valid strict encoding, all three agree
            if let Ok(s) = P::decompress(&le32(&BigUint::from(r), sign)) {
                assert_eq!(lax.unwrap(), s);
            }
        }
    }
    assert_eq!(P::decompress_zip215(&le32(&(&p + 1u32), false)).unwrap(), id);
    assert_eq!(P::decompress_zip215(&le32(&(&p + 1u32), true)).unwrap(), id);
    assert_eq!(P::decompress_zip215(&le32(&p, false)).unwrap(), P::decompress(&[0u8; 32]).unwrap());
    assert_eq!(hx::<32>("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), le32(&(&p + 18u32), false));
    // non-square: y = 2 has no x
    let y2 = le32(&BigUint::from(2u32), false);
    assert_eq!(P::decompress(&y2), Err(Error::NotOnCurve));
    assert_eq!(P::decompress_zip215(&y2), Err(Error::NotOnCurve));
    // strict and ZIP 215 agree on every canonical encoding
    let mut rng = Rng::new(0x2551_900b);
    let mut valid = 0;
    for _ in 0..200 {
        let enc: [u8; 32] = rng.array();
        let s = P::decompress(&enc);
        let z = P::decompress_zip215(&enc);
        match s {
            Ok(pt) => {
                valid += 1;
                assert_eq!(z.unwrap(), pt);
                assert_eq!(pt.compress(), enc, "canonical round trip");
                assert!(bool::from(pt.is_on_curve()));
            }
            Err(Error::NotOnCurve) => assert_eq!(z, Err(Error::NotOnCurve)),
            Err(e) => panic!("unexpected {e:?} for random bytes"),
        }
    }
    assert!(valid > 50, "about half of random y are valid");
    // length errors on the slice form
    assert_eq!(P::decompress_slice(&[0u8; 31]), Err(Error::InvalidLength));
    assert_eq!(P::decompress_slice(&[0u8; 33]), Err(Error::InvalidLength));
    assert_eq!(P::decompress_slice(&P::generator().compress()).unwrap(), P::generator());
}

#[test]
fn decode_edwards448_edge_cases() {
    type P = c448::Ed448Point;
    let p = modulus::<c448::Fp>();
    let enc = |v: &BigUint, last: u8| -> [u8; 57] {
        let mut b = v.to_bytes_le();
        b.resize(57, 0);
        b[56] |= last;
        let mut a = [0u8; 57];
        a.copy_from_slice(&b);
        a
    };
    // y ≥ p
    assert_eq!(P::decompress(&enc(&p, 0)), Err(Error::NonCanonicalField));
    assert_eq!(P::decompress(&enc(&(&p + 1u32), 0x80)), Err(Error::NonCanonicalField));
    // any of bits 448–454 set (the last byte's low 7 bits) is y ≥ p
    for bit in 0..7 {
        let e = enc(&BigUint::one(), 1 << bit);
        assert_eq!(P::decompress(&e), Err(Error::NonCanonicalField), "bit {}", 448 + bit);
    }
    // x = 0 with the sign bit
    assert_eq!(P::decompress(&enc(&BigUint::one(), 0x80)), Err(Error::InvalidEncoding));
    assert_eq!(P::decompress(&enc(&(&p - 1u32), 0x80)), Err(Error::InvalidEncoding));
    assert_eq!(P::decompress(&enc(&BigUint::one(), 0)).unwrap(), P::identity());
    // a y with no x
    let y = (2u32..100).find(|&y| P::decompress(&enc(&BigUint::from(y), 0)).is_err()).unwrap();
    assert_eq!(P::decompress(&enc(&BigUint::from(y), 0)), Err(Error::NotOnCurve));
    // (±1, 0): y = 0 with both signs
    let a = P::decompress(&enc(&BigUint::zero(), 0)).unwrap();
    let b = P::decompress(&enc(&BigUint::zero(), 0x80)).unwrap();
    assert_eq!(a, b.neg());
    assert!(bool::from(a.is_small_order()));
    // round trips on random points and random bytes
    let mut rng = Rng::new(0x4480_000c);
    for _ in 0..20 {
        let q = random_edwards::<Edwards448>(&mut rng);
        let e = q.compress();
        assert_eq!(e[56] & 0x7f, 0);
        assert_eq!(P::decompress(&e).unwrap(), q);
    }
    for _ in 0..40 {
        let mut e: [u8; 57] = rng.array();
        e[56] &= 0x80;
        if let Ok(q) = P::decompress(&e) {
            assert_eq!(q.compress(), e);
        }
    }
    assert_eq!(P::decompress_slice(&[0u8; 56]), Err(Error::InvalidLength));
}

// ---------------------------------------------------------------------------
// Differential: Edwards arithmetic against a num-bigint affine reference
// ---------------------------------------------------------------------------

/// Textbook affine Edwards arithmetic: (x₃, y₃) = ((x₁y₂ + y₁x₂)/(1 + d·x₁x₂y₁y₂),
/// (y₁y₂ − a·x₁x₂)/(1 − d·x₁x₂y₁y₂)), double-and-add.
struct RefEdwards {
    p: BigUint,
    a: BigUint,
    d: BigUint,
}

type RefPt = (BigUint, BigUint);

impl RefEdwards {
    fn new<C: EdwardsCurve>() -> Self {
        let p = modulus::<C::Base>();
        let a = if C::A_IS_MINUS_ONE { &p - 1u32 } else { BigUint::one() };
        RefEdwards { d: to_big(&C::D), a, p }
    }
    fn inv(&self, v: &BigUint) -> BigUint {
        v.modpow(&(&self.p - 2u32), &self.p)
    }
    fn add(&self, (x1, y1): &RefPt, (x2, y2): &RefPt) -> RefPt {
        let p = &self.p;
        let t = &self.d * x1 % p * x2 % p * y1 % p * y2 % p;
        let xn = (x1 * y2 + y1 * x2) % p;
        let yn = (y1 * y2 + (p - &self.a * x1 % p * x2 % p)) % p;
        let x3 = xn * self.inv(&((BigUint::one() + &t) % p)) % p;
        let y3 = yn * self.inv(&((BigUint::one() + p - &t) % p)) % p;
        (x3, y3)
    }
    fn mul(&self, k: &BigUint, pt: &RefPt) -> RefPt {
        let mut acc = (BigUint::zero(), BigUint::one());
        for i in (0..k.bits()).rev() {
            acc = self.add(&acc, &acc);
            if k.bit(i) {
                acc = self.add(&acc, pt);
            }
        }
        acc
    }
    fn encode(&self, (x, y): &RefPt, len: usize) -> Vec<u8> {
        let mut b = y.to_bytes_le();
        b.resize(len, 0);
        if x.bit(0) {
            b[len - 1] |= 0x80;
        }
        b
    }
}

fn differential_edwards<C: EdwardsCurve>(seed: u64, muls: usize) {
    let r = RefEdwards::new::<C>();
    let mut rng = Rng::new(seed);
    let to_ref = |p: &EdwardsPoint<C>| -> RefPt {
        let a = p.to_affine();
        (to_big(&a.x()), to_big(&a.y()))
    };
    let t = torsion_generator::<C>();
    let mut pts: Vec<EdwardsPoint<C>> = vec![EdwardsPoint::identity(), EdwardsPoint::generator(), t, t.double()];
    for i in 0..6 {
        let q = random_edwards::<C>(&mut rng);
        pts.push(if i % 2 == 0 { q } else { q.add(&t) });
    }
    for p in &pts {
        let rp = to_ref(p);
        assert_eq!(p.compress().as_ref(), &r.encode(&rp, C::Encoding::LEN)[..], "{}: encoding", C::NAME);
        assert_eq!(to_ref(&p.double()), r.add(&rp, &rp), "{}: double", C::NAME);
        assert_eq!(to_ref(&p.neg()), ((&r.p - &rp.0) % &r.p, rp.1.clone()));
        for q in &pts {
            assert_eq!(to_ref(&p.add(q)), r.add(&rp, &to_ref(q)), "{}: add", C::NAME);
        }
    }
    // scalar multiplication: random scalars on random points, plus small and edge scalars
    let l = modulus::<C::ScalarField>();
    let mut scalars: Vec<Scalar<C::ScalarField>> = vec![small(0), small(1), small(2), small(15), small(16), l_minus_1()];
    for _ in 0..muls {
        scalars.push(rng.scalar());
    }
    for (i, k) in scalars.iter().enumerate() {
        let p = pts[(i + 1) % pts.len()];
        let want = r.mul(&to_big(&k.0), &to_ref(&p));
        assert_eq!(to_ref(&p.mul(k)), want, "{}: mul", C::NAME);
        assert_eq!(to_ref(&p.mul_vartime(k)), want, "{}: mul_vartime", C::NAME);
    }
    assert!(to_big(&l_minus_1::<C::ScalarField>().0) + 1u32 == l);
}

#[test]
fn differential_edwards25519() {
    differential_edwards::<Edwards25519>(0x2551_900d, 6);
}

#[test]
fn differential_edwards448() {
    differential_edwards::<Edwards448>(0x4480_000e, 3);
}

// ---------------------------------------------------------------------------
// RFC 7748 encodings
// ---------------------------------------------------------------------------

#[test]
fn rfc7748_encodings() {
    let mut k = [0xffu8; 32];
    let c = rfc7748::clamp_x25519(&k);
    assert_eq!(c[0], 0xf8);
    assert_eq!(c[31], 0x7f);
    k = [0u8; 32];
    assert_eq!(rfc7748::clamp_x25519(&k)[31], 0x40);
    let c = rfc7748::clamp_x448(&[0xffu8; 56]);
    assert_eq!((c[0], c[55]), (0xfc, 0xff));
    assert_eq!(rfc7748::clamp_x448(&[0u8; 56])[55], 0x80);
    // decode masks bit 255 (X25519) and reduces; encode is canonical
    let mut u = [0xffu8; 32];
    let v = rfc7748::decode_u_coordinate::<Curve25519>(&u);
    assert_eq!(v, c25519::Fp::from_u64(18)); // 2^255 − 1 − p
    u = rfc7748::encode_u_coordinate::<Curve25519>(&v);
    assert_eq!(u[0], 18);
    let v = rfc7748::decode_u_coordinate::<Curve448>(&[0xffu8; 56]);
    assert_eq!(v, c448::Fp::from_be_bytes_reduced(&[0xffu8; 56]));
    assert_eq!(
        BigUint::from_bytes_le(&rfc7748::encode_u_coordinate::<Curve448>(&v)),
        (BigUint::one() << 448u32) - 1u32 - modulus::<c448::Fp>()
    );
}
