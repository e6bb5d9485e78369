//! Differential tests: kurve against the system OpenSSL (3.x, via the
//! `openssl` crate) on all 22 curves of the registry.
//!
//! - curve parameters (p, a, b, n, h, G, OID) agree;
//! - public keys [d]G agree for random and edge private keys, both encodings;
//! - `mul` (any-length scalars, reduced mod n) agrees with `EC_POINT_mul`;
//! - ECDH agrees with OpenSSL's `EVP_PKEY_derive` and with `EC_POINT_mul`;
//! - SEC1 decoding (compressed square roots, range checks) agrees with
//!   `EC_POINT_oct2point` for random encodings;
//! - OpenSSL signatures verify in kurve (DER and P1363), kurve signatures
//!   (deterministic, with extra entropy, low-S) verify in OpenSSL, and
//!   tampered messages / signatures / keys are rejected by both;
//! - malformed points and signatures make kurve return `Err`, never panic.
//!
//! Randomness comes from OpenSSL's RAND; every failure message prints the
//! inputs in hex so it can be reproduced.

use std::panic::{catch_unwind, AssertUnwindSafe};

use kurve::curves::{self, CurveOps};
use openssl::bn::{BigNum, BigNumContext, BigNumRef};
use openssl::derive::Deriver;
use openssl::ec::{EcGroup, EcKey, EcPoint, EcPointRef, PointConversionForm};
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};

// ---------------------------------------------------------------------------
// Set-up and helpers
// ---------------------------------------------------------------------------

/// One curve on both sides.
struct Curve {
    k: &'static dyn CurveOps,
    group: EcGroup,
    nid: Nid,
    /// group order n
    n: BigNum,
    /// field prime p
    p: BigNum,
    /// bit length of n
    nbits: i32,
    /// kurve's field_bytes()
    fb: usize,
    /// kurve's scalar_bytes()
    sb: usize,
}

/// NIDs of the system library (OpenSSL's obj_mac.h), for the two 160-bit
/// Brainpool curves that the `openssl` crate has no constant for.
const NID_BRAINPOOL_P160R1: i32 = 921;
const NID_BRAINPOOL_P160T1: i32 = 922;

fn nid_for(name: &str) -> Nid {
    match name {
        "secp192k1" => Nid::SECP192K1,
        "secp192r1" => Nid::X9_62_PRIME192V1,
        "secp224k1" => Nid::SECP224K1,
        "secp224r1" => Nid::SECP224R1,
        "secp256k1" => Nid::SECP256K1,
        "secp256r1" => Nid::X9_62_PRIME256V1,
        "secp384r1" => Nid::SECP384R1,
        "secp521r1" => Nid::SECP521R1,
        "brainpoolP160r1" => Nid::from_raw(NID_BRAINPOOL_P160R1),
        "brainpoolP160t1" => Nid::from_raw(NID_BRAINPOOL_P160T1),
        "brainpoolP192r1" => Nid::BRAINPOOL_P192R1,
        "brainpoolP192t1" => Nid::BRAINPOOL_P192T1,
        "brainpoolP224r1" => Nid::BRAINPOOL_P224R1,
        "brainpoolP224t1" => Nid::BRAINPOOL_P224T1,
        "brainpoolP256r1" => Nid::BRAINPOOL_P256R1,
        "brainpoolP256t1" => Nid::BRAINPOOL_P256T1,
        "brainpoolP320r1" => Nid::BRAINPOOL_P320R1,
        "brainpoolP320t1" => Nid::BRAINPOOL_P320T1,
        "brainpoolP384r1" => Nid::BRAINPOOL_P384R1,
        "brainpoolP384t1" => Nid::BRAINPOOL_P384T1,
        "brainpoolP512r1" => Nid::BRAINPOOL_P512R1,
        "brainpoolP512t1" => Nid::BRAINPOOL_P512T1,
        other => panic!("no OpenSSL NID known for kurve curve {other}"),
    }
}

/// OpenSSL's short name for each kurve curve (P-192 and P-256 are the X9.62 names).
fn openssl_short_name(name: &str) -> &str {
    match name {
        "secp192r1" => "prime192v1",
        "secp256r1" => "prime256v1",
        other => other,
    }
}

const EXPECTED_CURVES: [&str; 22] = [
    "secp192k1",
    "secp192r1",
    "secp224k1",
    "secp224r1",
    "secp256k1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "brainpoolP160r1",
    "brainpoolP160t1",
    "brainpoolP192r1",
    "brainpoolP192t1",
    "brainpoolP224r1",
    "brainpoolP224t1",
    "brainpoolP256r1",
    "brainpoolP256t1",
    "brainpoolP320r1",
    "brainpoolP320t1",
    "brainpoolP384r1",
    "brainpoolP384t1",
    "brainpoolP512r1",
    "brainpoolP512t1",
];

fn all_curves() -> Vec<Curve> {
    // The short-Weierstrass part of the registry (the curves OpenSSL's EC_GROUP has).
    let all: Vec<&'static dyn curves::CurveOps> =
        curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass).copied().collect();
    let names: Vec<&str> = all.iter().map(|c| c.name()).collect();
    assert_eq!(names, EXPECTED_CURVES, "kurve's curve list changed");
    all.iter()
        .map(|&k| {
            let nid = nid_for(k.name());
            let group = EcGroup::from_curve_name(nid)
                .unwrap_or_else(|e| panic!("OpenSSL lacks {}: {e}", k.name()));
            assert_eq!(
                nid.short_name().unwrap(),
                openssl_short_name(k.name()),
                "NID/name mismatch for {}",
                k.name()
            );
            let mut ctx = BigNumContext::new().unwrap();
            let mut n = BigNum::new().unwrap();
            group.order(&mut n, &mut ctx).unwrap();
            let mut p = BigNum::new().unwrap();
            let mut a = BigNum::new().unwrap();
            let mut b = BigNum::new().unwrap();
            group.components_gfp(&mut p, &mut a, &mut b, &mut ctx).unwrap();
            let nbits = n.num_bits();
            Curve { k, group, nid, n, p, nbits, fb: k.field_bytes(), sb: k.scalar_bytes() }
        })
        .collect()
}

fn ctx() -> BigNumContext {
    BigNumContext::new().unwrap()
}

fn h(b: &[u8]) -> String {
    hex::encode(b)
}

fn bn(v: u64) -> BigNum {
    BigNum::from_slice(&v.to_be_bytes()).unwrap()
}

fn bn_clone(a: &BigNumRef) -> BigNum {
    a.to_owned().unwrap()
}

fn bn_add(a: &BigNumRef, b: &BigNumRef) -> BigNum {
    let mut r = BigNum::new().unwrap();
    r.checked_add(a, b).unwrap();
    r
}

fn bn_sub(a: &BigNumRef, b: &BigNumRef) -> BigNum {
    let mut r = BigNum::new().unwrap();
    r.checked_sub(a, b).unwrap();
    r
}

fn bn_rshift1(a: &BigNumRef) -> BigNum {
    let mut r = BigNum::new().unwrap();
    r.rshift1(a).unwrap();
    r
}

fn pow2(k: i32) -> BigNum {
    let mut r = BigNum::new().unwrap();
    r.set_bit(k).unwrap();
    r
}

fn bn_mod(a: &BigNumRef, m: &BigNumRef) -> BigNum {
    let mut r = BigNum::new().unwrap();
    r.nnmod(a, m, &mut ctx()).unwrap();
    r
}

/// Big-endian, left-padded to `len` bytes.
fn fixed(a: &BigNumRef, len: usize) -> Vec<u8> {
    a.to_vec_padded(len as i32).unwrap()
}

fn rand_bytes(len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    if len > 0 {
        openssl::rand::rand_bytes(&mut v).unwrap();
    }
    v
}

fn rand_u32() -> u32 {
    let b = rand_bytes(4);
    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

fn rand_below(n: u32) -> u32 {
    rand_u32() % n
}

/// Uniform in [1, n−1].
fn rand_scalar(c: &Curve) -> BigNum {
    let mut r = BigNum::new().unwrap();
    loop {
        c.n.rand_range(&mut r).unwrap();
        if r.num_bits() > 0 {
            return r;
        }
    }
}

fn point_bytes(c: &Curve, p: &EcPointRef, compressed: bool) -> Vec<u8> {
    let form = if compressed { PointConversionForm::COMPRESSED } else { PointConversionForm::UNCOMPRESSED };
    p.to_bytes(&c.group, form, &mut ctx()).unwrap()
}

/// [d]G by OpenSSL.
fn ossl_mul_g(c: &Curve, d: &BigNumRef) -> EcPoint {
    let mut p = EcPoint::new(&c.group).unwrap();
    p.mul_generator2(&c.group, d, &mut ctx()).unwrap();
    p
}

/// [d]Q by OpenSSL.
fn ossl_mul(c: &Curve, q: &EcPointRef, d: &BigNumRef) -> EcPoint {
    let mut p = EcPoint::new(&c.group).unwrap();
    p.mul2(&c.group, q, d, &mut ctx()).unwrap();
    p
}

/// Affine x of a point by OpenSSL, `fb` bytes.
fn ossl_x(c: &Curve, p: &EcPointRef) -> Vec<u8> {
    let mut x = BigNum::new().unwrap();
    let mut y = BigNum::new().unwrap();
    p.affine_coordinates(&c.group, &mut x, &mut y, &mut ctx()).unwrap();
    fixed(&x, c.fb)
}

fn ossl_decode(c: &Curve, bytes: &[u8]) -> Option<EcPoint> {
    EcPoint::from_bytes(&c.group, bytes, &mut ctx()).ok()
}

/// Runs `f`, turning a panic into a test failure that names the input.
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => panic!("kurve PANICKED on {what}"),
    }
}

/// Edge-case private keys, all in [1, n−1]: small values, n−small, (n±1)/2,
/// every power of two below n, 2^k − 1, low- and high-Hamming-weight values.
fn edge_scalars(c: &Curve, full: bool) -> Vec<BigNum> {
    let mut v: Vec<BigNum> = Vec::new();
    for i in 1..=16u64 {
        v.push(bn(i));
    }
    for i in 1..=4u64 {
        v.push(bn_sub(&c.n, &bn(i)));
    }
    v.push(bn_sub(&c.n, &bn(0xffff)));
    let half = bn_rshift1(&c.n); // (n−1)/2, n odd
    v.push(bn_sub(&half, &bn(1)));
    v.push(bn_clone(&half));
    v.push(bn_add(&half, &bn(1))); // (n+1)/2
    v.push(bn_add(&half, &bn(2)));
    // Every power of two (full) or every 29th; 2^k ± 1 every 5th (full) or 29th.
    let (step, step_pm) = if full { (1, 5) } else { (29, 29) };
    let mut k = 1;
    while k < c.nbits {
        if (k - 1) % step == 0 {
            v.push(pow2(k)); // < n since n has nbits bits
        }
        if (k - 1) % step_pm == 0 {
            v.push(bn_sub(&pow2(k), &bn(1)));
            v.push(bn_add(&pow2(k), &bn(1)));
        }
        k += 1;
    }
    v.push(pow2(c.nbits - 1));
    v.push(bn_sub(&pow2(c.nbits - 1), &bn(1)));
    // Limb and byte boundaries.
    for k in [8, 32, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 320, 383, 384, 448, 511, 512, 520] {
        if k < c.nbits {
            v.push(pow2(k));
            v.push(bn_sub(&pow2(k), &bn(1)));
        }
    }
    // Low Hamming weight (2–3 random bits) and high (n−1 minus 1–2 bits).
    for i in 0..12 {
        let mut x = BigNum::new().unwrap();
        for _ in 0..(2 + i % 2) {
            x.set_bit(rand_below(c.nbits as u32 - 1) as i32).unwrap();
        }
        if x.num_bits() == 0 {
            x = bn(1);
        }
        v.push(x);
        let mut y = BigNum::new().unwrap();
        y.set_bit(rand_below(c.nbits as u32 - 1) as i32).unwrap();
        v.push(bn_sub(&bn_sub(&c.n, &bn(1)), &y));
    }
    // Everything must be a valid private key.
    for x in &v {
        assert!(x.num_bits() > 0 && x.ucmp(&c.n) == std::cmp::Ordering::Less);
    }
    v
}

// ---------------------------------------------------------------------------
// 0. Parameters
// ---------------------------------------------------------------------------

#[test]
fn params_match_openssl() {
    for c in all_curves() {
        let name = c.k.name();
        let mut ctx = ctx();
        let mut p = BigNum::new().unwrap();
        let mut a = BigNum::new().unwrap();
        let mut b = BigNum::new().unwrap();
        c.group.components_gfp(&mut p, &mut a, &mut b, &mut ctx).unwrap();
        let fb = (c.group.degree() as usize).div_ceil(8);
        let sb = (c.nbits as usize).div_ceil(8);
        assert_eq!(c.fb, fb, "{name} field_bytes");
        assert_eq!(c.sb, sb, "{name} scalar_bytes");
        assert_eq!(c.k.modulus().as_slice(), fixed(&p, fb).as_slice(), "{name} p");
        assert_eq!(c.k.coeff_a().as_slice(), fixed(&a, fb).as_slice(), "{name} a");
        assert_eq!(c.k.coeff_b().as_slice(), fixed(&b, fb).as_slice(), "{name} b");
        assert_eq!(c.k.order().as_slice(), fixed(&c.n, sb).as_slice(), "{name} n");
        let mut h = BigNum::new().unwrap();
        c.group.cofactor(&mut h, &mut ctx).unwrap();
        assert_eq!(BigNum::from_slice(&c.k.cofactor().to_be_bytes()).unwrap(), h, "{name} h");
        let g = c.group.generator_opt().unwrap();
        assert_eq!(c.k.generator(false).as_slice(), point_bytes(&c, g, false).as_slice(), "{name} G");
        assert_eq!(c.k.generator(true).as_slice(), point_bytes(&c, g, true).as_slice(), "{name} G compressed");
        let oid = openssl::asn1::Asn1Object::from_str(c.k.oid()).unwrap();
        assert_eq!(oid.nid(), c.nid, "{name} OID {}", c.k.oid());
        // by_name with the OpenSSL short name finds the same curve.
        let by = curves::by_name(openssl_short_name(name)).unwrap_or_else(|| panic!("by_name({name})"));
        assert_eq!(by.name(), name);
    }
}

// ---------------------------------------------------------------------------
// 1. Public keys
// ---------------------------------------------------------------------------

fn check_public_key(c: &Curve, d: &BigNumRef) {
    let db = fixed(d, c.sb);
    let q = ossl_mul_g(c, d);
    let want_u = point_bytes(c, &q, false);
    let want_c = point_bytes(c, &q, true);
    let got_u = no_panic(&format!("{} public_key({})", c.k.name(), h(&db)), || c.k.public_key(&db, false))
        .unwrap_or_else(|e| panic!("{} public_key(d={}) failed: {e:?}", c.k.name(), h(&db)));
    assert_eq!(h(&got_u), h(&want_u), "{} public_key uncompressed, d={}", c.k.name(), h(&db));
    let got_c = c.k.public_key(&db, true).unwrap();
    assert_eq!(h(&got_c), h(&want_c), "{} public_key compressed, d={}", c.k.name(), h(&db));
}

#[test]
fn public_keys_match_openssl() {
    for c in all_curves() {
        let mut count = 0;
        for _ in 0..24 {
            let key = EcKey::generate(&c.group).unwrap();
            // OpenSSL's own public key for its own private key
            let db = fixed(key.private_key(), c.sb);
            let want = point_bytes(&c, key.public_key(), false);
            assert_eq!(h(&c.k.public_key(&db, false).unwrap()), h(&want), "{} d={}", c.k.name(), h(&db));
            check_public_key(&c, key.private_key());
            count += 1;
        }
        for d in edge_scalars(&c, true) {
            check_public_key(&c, &d);
            count += 1;
        }
        // mul_base agrees too (any-length scalar, reduced mod n).
        for d in edge_scalars(&c, false).iter().take(30) {
            let want = point_bytes(&c, &ossl_mul_g(&c, d), false);
            assert_eq!(h(&c.k.mul_base(&d.to_vec()).unwrap()), h(&want), "{} mul_base {}", c.k.name(), d);
        }
        // Invalid private keys are refused: 0, n, n+1, 2^(8sb)−1, wrong lengths.
        let bad: Vec<Vec<u8>> = vec![
            vec![0u8; c.sb],
            fixed(&c.n, c.sb),
            fixed(&bn_add(&c.n, &bn(1)), c.sb),
            vec![0xff; c.sb],
            vec![],
            vec![1],
            {
                let mut v = fixed(&bn(1), c.sb);
                v.insert(0, 0);
                v
            },
            fixed(&bn(1), c.sb)[1..].to_vec(),
        ];
        for d in &bad {
            let r = no_panic(&format!("{} public_key({})", c.k.name(), h(d)), || c.k.public_key(d, false));
            assert!(r.is_err(), "{} public_key accepted invalid key {}", c.k.name(), h(d));
        }
        println!("{}: {count} public keys agree", c.k.name());
    }
}

// ---------------------------------------------------------------------------
// 2. Scalar multiplication and ECDH
// ---------------------------------------------------------------------------

#[test]
fn mul_matches_openssl() {
    for c in all_curves() {
        let name = c.k.name();
        for i in 0..8 {
            let q = ossl_mul_g(&c, &rand_scalar(&c));
            let qb = point_bytes(&c, &q, i % 2 == 1);
            // scalars of any length, reduced mod n, including 0, n, n+1, 2n+5, 2·sb random bytes
            let mut ks: Vec<Vec<u8>> = vec![
                vec![],
                vec![0],
                vec![1],
                fixed(&c.n, c.sb),
                bn_add(&c.n, &bn(1)).to_vec(),
                bn_add(&bn_add(&c.n, &c.n), &bn(5)).to_vec(),
                rand_bytes(2 * c.sb),
                rand_bytes(c.sb),
                rand_bytes(c.sb + 1),
                vec![0xff; c.sb],
            ];
            ks.push(fixed(&rand_scalar(&c), c.sb + 3)); // leading zeros
            for k in &ks {
                let kr = bn_mod(&BigNum::from_slice(k).unwrap(), &c.n);
                let want = ossl_mul(&c, &q, &kr);
                let want_b = if want.is_infinity(&c.group) { vec![0u8] } else { point_bytes(&c, &want, false) };
                let got = no_panic(&format!("{name} mul"), || c.k.mul(k, &qb))
                    .unwrap_or_else(|e| panic!("{name} mul(k={}, Q={}) failed: {e:?}", h(k), h(&qb)));
                assert_eq!(h(&got), h(&want_b), "{name} mul k={} Q={}", h(k), h(&qb));
                let got_vt = c.k.mul_vartime(k, &qb).unwrap();
                assert_eq!(h(&got_vt), h(&want_b), "{name} mul_vartime k={} Q={}", h(k), h(&qb));
            }
            // double_mul_vartime: [a]G + [b]Q
            let a = rand_scalar(&c);
            let b = rand_scalar(&c);
            let mut want = EcPoint::new(&c.group).unwrap();
            want.mul_full(&c.group, &a, &q, &b, &mut ctx()).unwrap();
            let got = c.k.double_mul_vartime(&a.to_vec(), &b.to_vec(), &qb).unwrap();
            assert_eq!(h(&got), h(&point_bytes(&c, &want, false)), "{name} double_mul a={a} b={b} Q={}", h(&qb));
        }
    }
}

fn ossl_derive(a: &EcKey<Private>, b_pub: &EcKey<openssl::pkey::Public>) -> Vec<u8> {
    let pa = PKey::from_ec_key(a.clone()).unwrap();
    let pb = PKey::from_ec_key(b_pub.clone()).unwrap();
    let mut d = Deriver::new(&pa).unwrap();
    d.set_peer(&pb).unwrap();
    d.derive_to_vec().unwrap()
}

fn public_only(c: &Curve, k: &EcKey<Private>) -> EcKey<openssl::pkey::Public> {
    EcKey::from_public_key(&c.group, k.public_key()).unwrap()
}

#[test]
fn ecdh_matches_openssl() {
    for c in all_curves() {
        let name = c.k.name();
        let mut count = 0;
        for i in 0..24 {
            let a = EcKey::generate(&c.group).unwrap();
            let b = EcKey::generate(&c.group).unwrap();
            let want = ossl_derive(&a, &public_only(&c, &b));
            assert_eq!(want.len(), c.fb, "{name}: OpenSSL shared secret length");
            let want2 = ossl_derive(&b, &public_only(&c, &a));
            assert_eq!(want, want2);
            let da = fixed(a.private_key(), c.sb);
            let db = fixed(b.private_key(), c.sb);
            for compressed in [false, true] {
                let qa = point_bytes(&c, a.public_key(), compressed);
                let qb = point_bytes(&c, b.public_key(), compressed);
                let s1 = no_panic(&format!("{name} ecdh"), || c.k.ecdh(&da, &qb))
                    .unwrap_or_else(|e| panic!("{name} ecdh(d={}, Q={}) failed: {e:?}", h(&da), h(&qb)));
                assert_eq!(h(&s1), h(&want), "{name} ecdh #{i} d={} Q={}", h(&da), h(&qb));
                let s2 = c.k.ecdh(&db, &qa).unwrap();
                assert_eq!(h(&s2), h(&want), "{name} ecdh #{i} d={} Q={}", h(&db), h(&qa));
                count += 2;
            }
        }
        // Edge private keys against a random peer, and random keys against
        // edge peers (G, −G, [2]G, [n−1]G, [(n+1)/2]G).
        let peer = ossl_mul_g(&c, &rand_scalar(&c));
        let peer_u = point_bytes(&c, &peer, false);
        let peer_c = point_bytes(&c, &peer, true);
        for d in edge_scalars(&c, false) {
            let want = ossl_x(&c, &ossl_mul(&c, &peer, &d));
            let db = fixed(&d, c.sb);
            assert_eq!(h(&c.k.ecdh(&db, &peer_u).unwrap()), h(&want), "{name} ecdh d={} Q={}", h(&db), h(&peer_u));
            assert_eq!(h(&c.k.ecdh(&db, &peer_c).unwrap()), h(&want), "{name} ecdh d={} Q={}", h(&db), h(&peer_c));
            count += 2;
        }
        let half_up = bn_add(&bn_rshift1(&c.n), &bn(1));
        let peers = [bn(1), bn(2), bn(3), bn_sub(&c.n, &bn(1)), bn_sub(&c.n, &bn(2)), half_up];
        for e in &peers {
            let q = ossl_mul_g(&c, e);
            for _ in 0..2 {
                let d = rand_scalar(&c);
                let want = ossl_x(&c, &ossl_mul(&c, &q, &d));
                let db = fixed(&d, c.sb);
                for compressed in [false, true] {
                    let qb = point_bytes(&c, &q, compressed);
                    assert_eq!(h(&c.k.ecdh(&db, &qb).unwrap()), h(&want), "{name} ecdh d={} Q={}", h(&db), h(&qb));
                    count += 1;
                }
            }
        }
        // Invalid private keys are refused.
        for d in [vec![0u8; c.sb], fixed(&c.n, c.sb), vec![0xff; c.sb], vec![1u8]] {
            let r = no_panic(&format!("{name} ecdh bad d"), || c.k.ecdh(&d, &peer_u));
            assert!(r.is_err(), "{name} ecdh accepted private key {}", h(&d));
        }
        println!("{name}: {count} ECDH cases agree");
    }
}

// ---------------------------------------------------------------------------
// 3. SEC1 point decoding vs EC_POINT_oct2point
// ---------------------------------------------------------------------------

#[test]
fn point_decoding_matches_openssl() {
    for c in all_curves() {
        let name = c.k.name();
        let mut accepted = 0;
        let mut cands: Vec<Vec<u8>> = Vec::new();
        for x in 0..12u64 {
            for tag in [2u8, 3] {
                let mut v = vec![tag];
                v.extend(fixed(&bn(x), c.fb));
                cands.push(v);
            }
        }
        for i in 0..64 {
            let mut v = vec![2 + (i % 2) as u8];
            let mut x = rand_bytes(c.fb);
            // keep within the bit length of p most of the time
            let excess = c.fb * 8 - c.p.num_bits() as usize;
            if i % 8 != 0 && excess > 0 {
                x[0] &= 0xff >> excess;
            }
            v.extend(x);
            cands.push(v);
        }
        // x = p + small (non-canonical) when it fits
        for x in 0..6u64 {
            let xp = bn_add(&c.p, &bn(x));
            if (xp.num_bytes() as usize) <= c.fb {
                for tag in [2u8, 3] {
                    cands.push([vec![tag], fixed(&xp, c.fb)].concat());
                }
            }
        }
        // x = p − 1, p − 2
        for d in [1u64, 2] {
            for tag in [2u8, 3] {
                let mut v = vec![tag];
                v.extend(fixed(&bn_sub(&c.p, &bn(d)), c.fb));
                cands.push(v);
            }
        }
        for cand in &cands {
            let o = ossl_decode(&c, cand);
            let k = no_panic(&format!("{name} encode_point({})", h(cand)), || c.k.encode_point(cand, false));
            match (&o, &k) {
                (Some(p), Ok(kp)) => {
                    assert_eq!(h(kp), h(&point_bytes(&c, p, false)), "{name} decompress {}", h(cand));
                    // and back
                    assert_eq!(h(&c.k.encode_point(kp, true).unwrap()), h(cand), "{name} recompress");
                    accepted += 1;
                }
                (None, Err(_)) => {}
                _ => panic!(
                    "{name}: decode disagreement on {}: OpenSSL {}, kurve {:?}",
                    h(cand),
                    if o.is_some() { "accepts" } else { "rejects" },
                    k
                ),
            }
        }
        assert!(accepted > 10, "{name}: too few decodable candidates ({accepted})");
        // Random uncompressed (x, y): off-curve, both reject.
        for _ in 0..8 {
            let mut v = vec![4u8];
            v.extend(rand_bytes(2 * c.fb));
            assert!(ossl_decode(&c, &v).is_none());
            assert!(c.k.encode_point(&v, false).is_err(), "{name} accepted random {}", h(&v));
        }
    }
}

// ---------------------------------------------------------------------------
// 4. Malformed points: kurve refuses them in ecdh (and ecdsa_verify below)
// ---------------------------------------------------------------------------

/// (label, encoding, does OpenSSL's EC_POINT_oct2point refuse it too?)
fn bad_points(c: &Curve) -> Vec<(String, Vec<u8>, bool)> {
    let fb = c.fb;
    let g = c.group.generator_opt().unwrap();
    let gu = point_bytes(c, g, false);
    let gc = point_bytes(c, g, true);
    let gx = gu[1..1 + fb].to_vec();
    let gy = gu[1 + fb..].to_vec();
    let pb = fixed(&c.p, fb);
    let cat = |parts: &[&[u8]]| -> Vec<u8> { parts.concat() };
    let mut v: Vec<(String, Vec<u8>, bool)> = vec![
        ("empty".into(), vec![], true),
        // OpenSSL decodes the single byte 00 as the point at infinity.
        ("identity 00".into(), vec![0], false),
        ("00 00".into(), vec![0, 0], true),
        ("00 + G body".into(), cat(&[&[0], &gu[1..]]), true),
        ("04 ‖ 0 ‖ 0".into(), cat(&[&[4], &vec![0; 2 * fb]]), true),
        ("x = p, y = Gy".into(), cat(&[&[4], &pb, &gy]), true),
        ("x = Gx, y = p".into(), cat(&[&[4], &gx, &pb]), true),
        ("x = 2^8fb−1".into(), cat(&[&[4], &vec![0xff; fb], &gy]), true),
        ("compressed x = p".into(), cat(&[&[2], &pb]), true),
        ("compressed x = 2^8fb−1".into(), cat(&[&[3], &vec![0xff; fb]]), true),
        ("hybrid 06/07 correct parity".into(), cat(&[&[6 | (gc[0] & 1)], &gu[1..]]), false),
        ("hybrid 06/07 wrong parity".into(), cat(&[&[7 - (gc[0] & 1)], &gu[1..]]), true),
        ("uncompressed truncated".into(), gu[..gu.len() - 1].to_vec(), true),
        ("uncompressed + 00".into(), cat(&[&gu, &[0]]), true),
        ("uncompressed, header only".into(), vec![4], true),
        ("compressed truncated".into(), gc[..gc.len() - 1].to_vec(), true),
        ("compressed + 00".into(), cat(&[&gc, &[0]]), true),
        ("compressed, header only".into(), vec![gc[0]], true),
        ("tag 04 with compressed length".into(), cat(&[&[4], &gx]), true),
        ("tag 02 with uncompressed length".into(), cat(&[&[2], &gu[1..]]), true),
        ("tag 01".into(), cat(&[&[1], &gu[1..]]), true),
        ("tag 05".into(), cat(&[&[5], &gu[1..]]), true),
        ("tag 08".into(), cat(&[&[8], &gu[1..]]), true),
        ("tag ff".into(), cat(&[&[0xff], &gu[1..]]), true),
        ("G with y xor 1".into(), {
            let mut p = gu.clone();
            *p.last_mut().unwrap() ^= 1;
            p
        }, true),
        ("G with x xor 1".into(), {
            let mut p = gu.clone();
            p[fb] ^= 1;
            p
        }, true),
        ("G without tag".into(), gu[1..].to_vec(), true),
    ];
    // y + p and x + p when they still fit in fb bytes (non-canonical coordinates).
    let ypp = bn_add(&BigNum::from_slice(&gy).unwrap(), &c.p);
    if (ypp.num_bytes() as usize) <= fb {
        v.push(("y = Gy + p".into(), cat(&[&[4], &gx, &fixed(&ypp, fb)]), true));
    }
    let xpp = bn_add(&BigNum::from_slice(&gx).unwrap(), &c.p);
    if (xpp.num_bytes() as usize) <= fb {
        v.push(("x = Gx + p".into(), cat(&[&[4], &fixed(&xpp, fb), &gy]), true));
        v.push(("compressed x = Gx + p".into(), cat(&[&gc[..1], &fixed(&xpp, fb)]), true));
    }
    // Non-canonical coordinates of points with a small coordinate, so that
    // coordinate + p still fits in fb bytes: x0 + p for the smallest x0 with a
    // point (found with OpenSSL), and y1 + p for the smallest y1 with a point
    // (x found with kurve's xs_from_y_vartime, checked with OpenSSL). A decoder
    // that reduces mod p, or accepts the value p itself, would take these.
    let mut x0 = 0u64;
    let p0 = loop {
        let cand = cat(&[&[2], &fixed(&bn(x0), fb)]);
        if let Some(pt) = ossl_decode(c, &cand) {
            break point_bytes(c, &pt, false);
        }
        x0 += 1;
    };
    let x0p = bn_add(&bn(x0), &c.p);
    if (x0p.num_bytes() as usize) <= fb {
        let x0p = fixed(&x0p, fb);
        v.push((format!("x = {x0} + p, uncompressed"), cat(&[&[4], &x0p, &p0[1 + fb..]]), true));
        v.push((format!("x = {x0} + p, compressed 02"), cat(&[&[2], &x0p]), true));
        v.push((format!("x = {x0} + p, compressed 03"), cat(&[&[3], &x0p]), true));
    }
    if x0 == 0 {
        // x = p itself, with the y of the point at x = 0
        v.push(("x = p (point at x = 0), uncompressed".into(), cat(&[&[4], &pb, &p0[1 + fb..]]), true));
    }
    for y1 in 1..64u64 {
        let yb = fixed(&bn(y1), fb);
        let xs = c.k.xs_from_y_vartime(&yb).unwrap();
        if xs.is_empty() {
            continue;
        }
        let pt = cat(&[&[4], &xs[..fb], &yb]);
        assert!(ossl_decode(c, &pt).is_some(), "{}: xs_from_y gave a point OpenSSL refuses: {}", c.k.name(), h(&pt));
        let y1p = bn_add(&bn(y1), &c.p);
        if (y1p.num_bytes() as usize) <= fb {
            v.push((format!("y = {y1} + p"), cat(&[&[4], &xs[..fb], &fixed(&y1p, fb)]), true));
        }
        break;
    }
    // A compressed x with no point on the curve (found with OpenSSL).
    let mut x = 0u64;
    loop {
        let cand = cat(&[&[2], &fixed(&bn(x), fb)]);
        if ossl_decode(c, &cand).is_none() {
            v.push((format!("compressed x = {x} (not a square)"), cand, true));
            break;
        }
        x += 1;
    }
    // The generator of another curve with the same field size.
    for other in curves::all().iter().filter(|o| o.model() == curves::Model::ShortWeierstrass) {
        if other.name() != c.k.name() && other.field_bytes() == fb {
            v.push((format!("generator of {}", other.name()), other.generator(false).to_vec(), true));
        }
    }
    v
}

#[test]
fn ecdh_rejects_bad_points() {
    for c in all_curves() {
        let name = c.k.name();
        let d = fixed(&rand_scalar(&c), c.sb);
        let bad = bad_points(&c);
        for (label, p, ossl_rejects) in &bad {
            // OpenSSL's verdict, so the case is a real differential one.
            let o = ossl_decode(&c, p);
            assert_eq!(o.is_none(), *ossl_rejects, "{name} {label}: OpenSSL verdict changed ({})", h(p));
            let r = no_panic(&format!("{name} ecdh on {label} ({})", h(p)), || c.k.ecdh(&d, p));
            assert!(r.is_err(), "{name}: ecdh accepted bad point [{label}] {} -> {:?}", h(p), r);
            let e = no_panic(&format!("{name} encode_point on {label}"), || c.k.encode_point(p, false));
            if label == "identity 00" {
                assert_eq!(e.unwrap().as_slice(), &[0u8], "{name} encode_point(00)");
            } else {
                assert!(e.is_err(), "{name}: encode_point accepted bad point [{label}] {}", h(p));
            }
        }
        println!("{name}: {} bad points rejected", bad.len());
    }
}

// ---------------------------------------------------------------------------
// 5. ECDSA
// ---------------------------------------------------------------------------

mod ecdsa {
    use super::*;
    use kurve::proto::{HashAlg, SigFormat};
    use openssl::ecdsa::EcdsaSig;
    use openssl::hash::{hash, MessageDigest};
    use openssl::pkey_ctx::PkeyCtx;

    #[derive(Clone, Copy, Debug)]
    pub struct Hash {
        pub k: HashAlg,
        pub name: &'static str,
    }

    impl Hash {
        pub fn md(&self) -> MessageDigest {
            match self.name {
                "SHA-1" => MessageDigest::sha1(),
                "SHA-224" => MessageDigest::sha224(),
                "SHA-256" => MessageDigest::sha256(),
                "SHA-384" => MessageDigest::sha384(),
                "SHA-512" => MessageDigest::sha512(),
                "SHA-512/256" => MessageDigest::from_name("SHA512-256").expect("OpenSSL SHA-512/256"),
                "SHA3-256" => MessageDigest::sha3_256(),
                "SHA3-384" => MessageDigest::sha3_384(),
                "SHA3-512" => MessageDigest::sha3_512(),
                _ => unreachable!(),
            }
        }
        pub fn digest(&self, msg: &[u8]) -> Vec<u8> {
            hash(self.md(), msg).unwrap().to_vec()
        }
    }

    pub const SHA1: Hash = Hash { k: HashAlg::Sha1, name: "SHA-1" };
    pub const SHA224: Hash = Hash { k: HashAlg::Sha224, name: "SHA-224" };
    pub const SHA256: Hash = Hash { k: HashAlg::Sha256, name: "SHA-256" };
    pub const SHA384: Hash = Hash { k: HashAlg::Sha384, name: "SHA-384" };
    pub const SHA512: Hash = Hash { k: HashAlg::Sha512, name: "SHA-512" };
    pub const SHA512_256: Hash = Hash { k: HashAlg::Sha512_256, name: "SHA-512/256" };
    pub const SHA3_256: Hash = Hash { k: HashAlg::Sha3_256, name: "SHA3-256" };
    pub const SHA3_384: Hash = Hash { k: HashAlg::Sha3_384, name: "SHA3-384" };
    pub const SHA3_512: Hash = Hash { k: HashAlg::Sha3_512, name: "SHA3-512" };

    /// The hash that matches the curve size.
    pub fn default_hash(c: &Curve) -> Hash {
        match c.nbits {
            0..=257 => SHA256,
            258..=384 => SHA384,
            _ => SHA512,
        }
    }

    /// Extra (hash, messages) pairs: hashes shorter and longer than n.
    pub fn extra_hashes(c: &Curve) -> Vec<Hash> {
        match c.k.name() {
            "secp192r1" => vec![SHA1, SHA224],
            "secp224k1" => vec![SHA224, SHA1],
            "secp224r1" => vec![SHA224],
            "secp256k1" => vec![SHA3_256],
            "secp256r1" => vec![SHA224, SHA1, SHA512, SHA512_256],
            "secp384r1" => vec![SHA256, SHA512, SHA3_384],
            "secp521r1" => vec![SHA1, SHA256, SHA3_512],
            "brainpoolP160r1" => vec![SHA1, SHA224],
            "brainpoolP160t1" => vec![SHA1],
            "brainpoolP512t1" => vec![SHA256],
            "brainpoolP320r1" => vec![SHA256],
            "brainpoolP256r1" => vec![SHA3_256],
            _ => vec![],
        }
    }

    pub fn p1363(c: &Curve, sig: &EcdsaSig) -> Vec<u8> {
        [fixed(sig.r(), c.sb), fixed(sig.s(), c.sb)].concat()
    }

    pub fn ossl_sig(r: &[u8], s: &[u8]) -> EcdsaSig {
        EcdsaSig::from_private_components(BigNum::from_slice(r).unwrap(), BigNum::from_slice(s).unwrap()).unwrap()
    }

    /// OpenSSL's strict verification of DER bytes (ECDSA_verify re-encodes
    /// and compares, so non-DER encodings are refused).
    pub fn ossl_verify_der(key: &EcKey<Private>, digest: &[u8], der: &[u8]) -> bool {
        let pkey = PKey::from_ec_key(key.clone()).unwrap();
        let mut ctx = PkeyCtx::new(&pkey).unwrap();
        ctx.verify_init().unwrap();
        ctx.verify(digest, der).unwrap_or(false)
    }

    pub fn is_high(c: &Curve, s: &BigNumRef) -> bool {
        s.ucmp(&bn_rshift1(&c.n)) == std::cmp::Ordering::Greater
    }

    pub fn flip_bit(v: &[u8]) -> Vec<u8> {
        let mut w = v.to_vec();
        if w.is_empty() {
            return vec![0x80];
        }
        let i = rand_below((w.len() * 8) as u32) as usize;
        w[i / 8] ^= 1 << (i % 8);
        w
    }

    fn openssl_signs_kurve_verifies(c: &Curve, hs: Hash, n_msgs: usize) -> usize {
        let name = c.k.name();
        let key = EcKey::generate(&c.group).unwrap();
        let other = EcKey::generate(&c.group).unwrap();
        let qu = point_bytes(c, key.public_key(), false);
        let qc = point_bytes(c, key.public_key(), true);
        let q_other = point_bytes(c, other.public_key(), false);
        let mut cases = 0;
        for i in 0..n_msgs {
            let msg = rand_bytes(if i == 0 { 0 } else { rand_below(200) as usize });
            let digest = hs.digest(&msg);
            let sig = EcdsaSig::sign(&digest, &key).unwrap();
            assert!(sig.verify(&digest, &key).unwrap());
            let der = sig.to_der().unwrap();
            let raw = p1363(c, &sig);
            let ctxs = format!("{name}/{}: Q={} msg={} sig={}", hs.name, h(&qu), h(&msg), h(&der));
            for (q, sigb, fmt) in [(&qu, &der, SigFormat::Der), (&qc, &raw, SigFormat::P1363), (&qu, &raw, SigFormat::P1363), (&qc, &der, SigFormat::Der)] {
                let r = no_panic(&ctxs, || c.k.ecdsa_verify(hs.k, q, &msg, sigb, fmt, false));
                assert!(r.is_ok(), "kurve rejects OpenSSL signature ({fmt:?}): {r:?} {ctxs}");
                cases += 1;
            }
            // require_low_s: accepted iff s ≤ n/2
            let high = is_high(c, sig.s());
            let r = c.k.ecdsa_verify(hs.k, &qu, &msg, &raw, SigFormat::P1363, true);
            assert_eq!(r.is_ok(), !high, "require_low_s with high={high}: {r:?} {ctxs}");
            // the other s (n − s) is also valid (malleability), and exactly one of the two is low
            let s2 = bn_sub(&c.n, sig.s());
            let raw2 = [fixed(sig.r(), c.sb), fixed(&s2, c.sb)].concat();
            let sig2 = ossl_sig(&raw2[..c.sb], &raw2[c.sb..]);
            assert!(sig2.verify(&digest, &key).unwrap());
            assert!(c.k.ecdsa_verify(hs.k, &qu, &msg, &raw2, SigFormat::P1363, false).is_ok(), "n−s rejected {ctxs}");
            assert!(c.k.ecdsa_verify(hs.k, &qu, &msg, &sig2.to_der().unwrap(), SigFormat::Der, false).is_ok());
            let r2 = c.k.ecdsa_verify(hs.k, &qu, &msg, &raw2, SigFormat::P1363, true);
            assert_eq!(r2.is_ok(), high, "require_low_s on n−s {ctxs}");
            cases += 3;

            // One flipped message bit: both reject.
            let msg_f = flip_bit(&msg);
            let digest_f = hs.digest(&msg_f);
            assert!(!sig.verify(&digest_f, &key).unwrap());
            for (sigb, fmt) in [(&der, SigFormat::Der), (&raw, SigFormat::P1363)] {
                let r = no_panic(&ctxs, || c.k.ecdsa_verify(hs.k, &qu, &msg_f, sigb, fmt, false));
                assert!(r.is_err(), "kurve accepts flipped message {} ({fmt:?}) {ctxs}", h(&msg_f));
            }
            // One flipped signature bit: both reject.
            let raw_f = flip_bit(&raw);
            let r = no_panic(&ctxs, || c.k.ecdsa_verify(hs.k, &qu, &msg, &raw_f, SigFormat::P1363, false));
            assert!(r.is_err(), "kurve accepts flipped P1363 sig {} {ctxs}", h(&raw_f));
            let der_f = flip_bit(&der);
            let o = ossl_verify_der(&key, &digest, &der_f);
            let r = no_panic(&ctxs, || c.k.ecdsa_verify(hs.k, &qu, &msg, &der_f, SigFormat::Der, false));
            assert!(!o, "OpenSSL accepts flipped DER {}", h(&der_f));
            assert!(r.is_err(), "kurve accepts flipped DER sig {} {ctxs}", h(&der_f));
            // Wrong key: rejected.
            let r = c.k.ecdsa_verify(hs.k, &q_other, &msg, &raw, SigFormat::P1363, false);
            assert!(r.is_err(), "kurve accepts signature under another key {ctxs}");
            cases += 5;
        }
        cases
    }

    fn kurve_signs_openssl_verifies(c: &Curve, hs: Hash, n_msgs: usize) -> usize {
        let name = c.k.name();
        let okey = EcKey::generate(&c.group).unwrap();
        let d = fixed(okey.private_key(), c.sb);
        let q = c.k.public_key(&d, false).unwrap();
        let mut cases = 0;
        for i in 0..n_msgs {
            let msg = rand_bytes(if i == 0 { 0 } else { rand_below(300) as usize });
            let digest = hs.digest(&msg);
            let ctxs = format!("{name}/{}: d={} msg={}", hs.name, h(&d), h(&msg));
            let raw = no_panic(&ctxs, || c.k.ecdsa_sign(hs.k, &d, &msg, SigFormat::P1363, &[], false))
                .unwrap_or_else(|e| panic!("kurve sign failed: {e:?} {ctxs}"));
            assert_eq!(raw.len(), 2 * c.sb, "{ctxs}");
            let der = c.k.ecdsa_sign(hs.k, &d, &msg, SigFormat::Der, &[], false).unwrap();
            // deterministic: same (r, s) both times and in both formats
            let raw_again = c.k.ecdsa_sign(hs.k, &d, &msg, SigFormat::P1363, &[], false).unwrap();
            assert_eq!(raw, raw_again, "RFC 6979 not deterministic {ctxs}");
            let osig = ossl_sig(&raw[..c.sb], &raw[c.sb..]);
            assert_eq!(h(&der), h(&osig.to_der().unwrap()), "kurve DER differs from OpenSSL's DER of the same (r,s) {ctxs}");
            let parsed = EcdsaSig::from_der(&der).unwrap();
            assert_eq!(parsed.r().to_owned().unwrap(), BigNum::from_slice(&raw[..c.sb]).unwrap());
            assert!(osig.verify(&digest, &okey).unwrap(), "OpenSSL rejects kurve signature {} {ctxs}", h(&raw));
            assert!(ossl_verify_der(&okey, &digest, &der), "OpenSSL (strict DER) rejects kurve signature {} {ctxs}", h(&der));
            assert!(c.k.ecdsa_verify(hs.k, &q, &msg, &der, SigFormat::Der, false).is_ok());
            cases += 2;

            // low-S: same r, s' = min(s, n − s)
            let low = c.k.ecdsa_sign(hs.k, &d, &msg, SigFormat::P1363, &[], true).unwrap();
            assert_eq!(low[..c.sb], raw[..c.sb], "low_s changed r {ctxs}");
            let s = BigNum::from_slice(&raw[c.sb..]).unwrap();
            let s_low = if is_high(c, &s) { bn_sub(&c.n, &s) } else { s };
            assert_eq!(h(&low[c.sb..]), h(&fixed(&s_low, c.sb)), "low_s {ctxs}");
            let lsig = ossl_sig(&low[..c.sb], &low[c.sb..]);
            assert!(lsig.verify(&digest, &okey).unwrap(), "OpenSSL rejects kurve low-S signature {ctxs}");
            assert!(c.k.ecdsa_verify(hs.k, &q, &msg, &low, SigFormat::P1363, true).is_ok());
            cases += 1;

            // extra entropy (RFC 6979 §3.6): still valid, different nonce
            let extra = rand_bytes(32);
            let rnd = c.k.ecdsa_sign(hs.k, &d, &msg, SigFormat::Der, &extra, false).unwrap();
            let rsig = EcdsaSig::from_der(&rnd).unwrap();
            assert!(rsig.verify(&digest, &okey).unwrap(), "OpenSSL rejects kurve signature with extra entropy {} {ctxs}", h(&extra));
            assert!(ossl_verify_der(&okey, &digest, &rnd));
            assert_ne!(fixed(rsig.r(), c.sb), raw[..c.sb].to_vec(), "extra entropy did not change the nonce {ctxs}");
            cases += 1;
        }
        cases
    }

    #[test]
    fn openssl_signatures_verify_in_kurve() {
        for c in all_curves() {
            let mut cases = openssl_signs_kurve_verifies(&c, default_hash(&c), 20);
            for hs in extra_hashes(&c) {
                cases += openssl_signs_kurve_verifies(&c, hs, 4);
            }
            println!("{}: {cases} verification cases agree", c.k.name());
        }
    }

    #[test]
    fn kurve_signatures_verify_in_openssl() {
        for c in all_curves() {
            let mut cases = kurve_signs_openssl_verifies(&c, default_hash(&c), 20);
            for hs in extra_hashes(&c) {
                cases += kurve_signs_openssl_verifies(&c, hs, 4);
            }
            println!("{}: {cases} signing cases agree", c.k.name());
        }
    }

    // --- the signing equation, recomputed with OpenSSL's BIGNUM arithmetic ----

    /// bits2int(H(m)) mod n (SEC 1 v2 §4.1.3 step 5): the leftmost ⌈log2 n⌉ bits.
    fn e_of(c: &Curve, digest: &[u8]) -> BigNum {
        let e = BigNum::from_slice(digest).unwrap();
        let hbits = digest.len() as i32 * 8;
        let mut t = BigNum::new().unwrap();
        if hbits > c.nbits {
            t.rshift(&e, hbits - c.nbits).unwrap();
        } else {
            t = e;
        }
        bn_mod(&t, &c.n)
    }

    fn mmul(c: &Curve, a: &BigNumRef, b: &BigNumRef) -> BigNum {
        let mut r = BigNum::new().unwrap();
        r.mod_mul(a, b, &c.n, &mut ctx()).unwrap();
        r
    }

    fn minv(c: &Curve, a: &BigNumRef) -> BigNum {
        let mut r = BigNum::new().unwrap();
        r.mod_inverse(a, &c.n, &mut ctx()).unwrap();
        r
    }

    fn msub(c: &Curve, a: &BigNumRef, b: &BigNumRef) -> BigNum {
        let mut r = BigNum::new().unwrap();
        r.mod_sub(a, b, &c.n, &mut ctx()).unwrap();
        r
    }

    /// `ecdsa_sign_with_nonce_hazmat` against r = x([k]G) mod n,
    /// s = k⁻¹(e + r·d) mod n computed by OpenSSL; includes keys chosen so
    /// that s is tiny or sits on a DER length / sign-bit boundary.
    #[test]
    fn hazmat_signing_matches_openssl_arithmetic() {
        for c in all_curves() {
            let name = c.k.name();
            let hs = default_hash(&c);
            let mut cases = 0;
            // Targets for s: random (None) and boundary values.
            let mut targets: Vec<Option<BigNum>> = (0..6).map(|_| None).collect();
            for t in [1u64, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000] {
                targets.push(Some(bn(t)));
            }
            targets.push(Some(bn_sub(&pow2(8 * (c.sb as i32 - 1)), &bn(1))));
            targets.push(Some(pow2(8 * (c.sb as i32 - 1))));
            targets.push(Some(bn_sub(&c.n, &bn(1))));
            targets.push(Some(bn_rshift1(&c.n)));
            targets.push(Some(bn_add(&bn_rshift1(&c.n), &bn(1))));
            for target in targets {
                let msg = rand_bytes(rand_below(100) as usize);
                let digest = hs.digest(&msg);
                let e = e_of(&c, &digest);
                let k = rand_scalar(&c);
                let r = bn_mod(&BigNum::from_slice(&ossl_x(&c, &ossl_mul_g(&c, &k))).unwrap(), &c.n);
                let (d, s_want) = match target {
                    None => {
                        let d = rand_scalar(&c);
                        let s = mmul(&c, &minv(&c, &k), &bn_add(&e, &mmul(&c, &r, &d)));
                        let s = bn_mod(&s, &c.n);
                        (d, s)
                    }
                    Some(s) => {
                        // d = (s·k − e)·r⁻¹
                        let d = mmul(&c, &msub(&c, &mmul(&c, &s, &k), &e), &minv(&c, &r));
                        if d.num_bits() == 0 {
                            continue;
                        }
                        (d, s)
                    }
                };
                let db = fixed(&d, c.sb);
                let kb = fixed(&k, c.sb);
                let ctxs = format!("{name}/{}: d={} k={} msg={}", hs.name, h(&db), h(&kb), h(&msg));
                let raw = no_panic(&ctxs, || c.k.ecdsa_sign_with_nonce_hazmat(hs.k, &db, &msg, &kb, SigFormat::P1363))
                    .unwrap_or_else(|e| panic!("hazmat sign failed {e:?} {ctxs}"));
                let want = [fixed(&r, c.sb), fixed(&s_want, c.sb)].concat();
                assert_eq!(h(&raw), h(&want), "hazmat (r, s) differs from OpenSSL arithmetic {ctxs}");
                let der = c.k.ecdsa_sign_with_nonce_hazmat(hs.k, &db, &msg, &kb, SigFormat::Der).unwrap();
                let osig = ossl_sig(&raw[..c.sb], &raw[c.sb..]);
                let oder = osig.to_der().unwrap();
                assert_eq!(h(&der), h(&oder), "DER of (r, s) differs from OpenSSL's {ctxs}");
                let okey = EcKey::from_private_components(&c.group, &d, &ossl_mul_g(&c, &d)).unwrap();
                assert!(ossl_verify_der(&okey, &digest, &der), "OpenSSL rejects {ctxs}");
                let q = c.k.public_key(&db, true).unwrap();
                assert!(c.k.ecdsa_verify(hs.k, &q, &msg, &der, SigFormat::Der, false).is_ok(), "kurve rejects own DER {} {ctxs}", h(&der));
                assert!(c.k.ecdsa_verify(hs.k, &q, &msg, &raw, SigFormat::P1363, false).is_ok(), "kurve rejects own P1363 {ctxs}");
                cases += 1;
            }
            // Invalid nonces are refused: 0, n, wrong length.
            let d = fixed(&rand_scalar(&c), c.sb);
            for kb in [vec![0u8; c.sb], fixed(&c.n, c.sb), vec![1u8], vec![]] {
                let r = no_panic("hazmat bad nonce", || c.k.ecdsa_sign_with_nonce_hazmat(hs.k, &d, b"m", &kb, SigFormat::Der));
                assert!(r.is_err(), "{name}: hazmat sign accepts nonce {}", h(&kb));
            }
            assert!(cases >= 14, "{name}: only {cases} hazmat cases");
            println!("{name}: {cases} hazmat signatures agree");
        }
    }

    /// Verification where x(R) ≥ n, so r = x(R) − n: only reachable by
    /// choosing R first and solving for the public key Q = r⁻¹(s·R − e·G).
    /// Checks the "x(R) mod n = r" step on every curve with n < p.
    #[test]
    fn verify_when_x_of_r_exceeds_n() {
        let mut tested = 0;
        for c in all_curves() {
            let name = c.k.name();
            if c.n.ucmp(&c.p) != std::cmp::Ordering::Less {
                continue; // secp224k1: n > p, x(R) < n always
            }
            let hs = default_hash(&c);
            let mut found = 0;
            let mut t = 1u64;
            while found < 3 && t < 200 {
                let x = bn_add(&c.n, &bn(t));
                t += 1;
                if x.ucmp(&c.p) != std::cmp::Ordering::Less {
                    break;
                }
                let enc = [vec![2u8], fixed(&x, c.fb)].concat();
                let Some(big_r) = ossl_decode(&c, &enc) else { continue };
                let r = bn(t - 1); // x mod n
                let msg = rand_bytes(32);
                let digest = hs.digest(&msg);
                let e = e_of(&c, &digest);
                let s = rand_scalar(&c);
                let rinv = minv(&c, &r);
                let u = msub(&c, &bn(0), &mmul(&c, &e, &rinv)); // −e/r
                let v = mmul(&c, &s, &rinv); // s/r
                let mut q = EcPoint::new(&c.group).unwrap();
                q.mul_full(&c.group, &u, &big_r, &v, &mut ctx()).unwrap();
                let pubkey = EcKey::from_public_key(&c.group, &q).unwrap();
                let sig = ossl_sig(&fixed(&r, c.sb), &fixed(&s, c.sb));
                assert!(sig.verify(&digest, &pubkey).unwrap(), "{name}: construction failed");
                let qb = point_bytes(&c, &q, false);
                let raw = [fixed(&r, c.sb), fixed(&s, c.sb)].concat();
                let der = sig.to_der().unwrap();
                let ctxs = format!("{name}: Q={} msg={} sig={}", h(&qb), h(&msg), h(&raw));
                let kr = no_panic(&ctxs, || c.k.ecdsa_verify(hs.k, &qb, &msg, &raw, SigFormat::P1363, false));
                assert!(kr.is_ok(), "kurve rejects a valid signature with x(R) = n + {}: {kr:?} {ctxs}", t - 1);
                assert!(c.k.ecdsa_verify(hs.k, &qb, &msg, &der, SigFormat::Der, false).is_ok(), "DER {ctxs}");
                // r' = x(R) itself (≥ n) is out of range: both reject.
                if x.num_bytes() as usize <= c.sb {
                    let raw_x = [fixed(&x, c.sb), fixed(&s, c.sb)].concat();
                    let o = ossl_sig(&raw_x[..c.sb], &raw_x[c.sb..]).verify(&digest, &pubkey).unwrap_or(false);
                    assert!(!o, "{name}: OpenSSL accepts r = x(R) ≥ n");
                    let kr = c.k.ecdsa_verify(hs.k, &qb, &msg, &raw_x, SigFormat::P1363, false);
                    assert!(kr.is_err(), "kurve accepts unreduced r = x(R) ≥ n {ctxs}");
                }
                found += 1;
            }
            assert!(found > 0, "{name}: no point with n < x < p found");
            tested += 1;
        }
        assert_eq!(tested, 21);
    }

    // --- malformed signatures -------------------------------------------------

    fn der_len(n: usize) -> Vec<u8> {
        if n < 128 {
            vec![n as u8]
        } else if n < 256 {
            vec![0x81, n as u8]
        } else {
            vec![0x82, (n >> 8) as u8, n as u8]
        }
    }

    /// Minimal DER INTEGER of an unsigned big-endian magnitude.
    fn der_int(mag: &[u8]) -> Vec<u8> {
        let start = mag.iter().position(|&b| b != 0).unwrap_or(mag.len());
        let mut m = mag[start..].to_vec();
        if m.is_empty() {
            m = vec![0];
        }
        if m[0] & 0x80 != 0 {
            m.insert(0, 0);
        }
        [vec![2], der_len(m.len()), m].concat()
    }

    fn der_seq(parts: &[Vec<u8>]) -> Vec<u8> {
        let body = parts.concat();
        [vec![0x30], der_len(body.len()), body].concat()
    }

    #[test]
    fn malformed_signatures_rejected() {
        for c in all_curves() {
            let name = c.k.name();
            let hs = default_hash(&c);
            let key = EcKey::generate(&c.group).unwrap();
            let q = point_bytes(&c, key.public_key(), false);
            let msg = b"kurve vs openssl".to_vec();
            let digest = hs.digest(&msg);
            // make sure r has its high bit set once, to exercise the 00 pad
            let mut sig = EcdsaSig::sign(&digest, &key).unwrap();
            for _ in 0..64 {
                if fixed(sig.r(), c.sb)[0] & 0x80 != 0 || c.nbits % 8 != 0 {
                    break;
                }
                sig = EcdsaSig::sign(&digest, &key).unwrap();
            }
            let r = fixed(sig.r(), c.sb);
            let s = fixed(sig.s(), c.sb);
            let der = sig.to_der().unwrap();
            assert_eq!(der, der_seq(&[der_int(&r), der_int(&s)]), "{name}: DER helper");
            assert!(ossl_verify_der(&key, &digest, &der));
            assert!(c.k.ecdsa_verify(hs.k, &q, &msg, &der, SigFormat::Der, false).is_ok(), "{name}");
            let n = fixed(&c.n, c.sb);
            let zero = vec![0u8; c.sb];
            let r_int = der_int(&r);
            let s_int = der_int(&s);
            let body = [r_int.clone(), s_int.clone()].concat();

            let mut ders: Vec<(&str, Vec<u8>)> = vec![
                ("empty", vec![]),
                ("trailing 00", [der.clone(), vec![0]].concat()),
                ("truncated", der[..der.len() - 1].to_vec()),
                ("outer tag 31", [vec![0x31], der[1..].to_vec()].concat()),
                ("int tag 03", {
                    let mut v = der.clone();
                    let off = der.len() - body.len();
                    v[off] = 3;
                    v
                }),
                ("non-minimal seq length", {
                    let l = body.len();
                    let len = if l < 128 { vec![0x81, l as u8] } else { vec![0x82, 0, l as u8] };
                    [vec![0x30], len, body.clone()].concat()
                }),
                ("indefinite length", [vec![0x30, 0x80], body.clone(), vec![0, 0]].concat()),
                ("seq length too long", {
                    let mut v = der.clone();
                    v[1 + (der[1] > 0x80) as usize * (der[1] as usize - 0x80)] += 1;
                    v
                }),
                ("r with extra 00", der_seq(&[[vec![2], der_len(r_int.len() - 1), vec![0], r_int[2..].to_vec()].concat(), s_int.clone()])),
                ("r = 0", der_seq(&[der_int(&zero), s_int.clone()])),
                ("s = 0", der_seq(&[r_int.clone(), der_int(&zero)])),
                ("r = n", der_seq(&[der_int(&n), s_int.clone()])),
                ("s = n", der_seq(&[r_int.clone(), der_int(&n)])),
                ("r = r + n", der_seq(&[der_int(&bn_add(sig.r(), &c.n).to_vec()), s_int.clone()])),
                ("r, s swapped", der_seq(&[s_int.clone(), r_int.clone()])),
                ("r only", der_seq(std::slice::from_ref(&r_int))),
                ("r, s, r", der_seq(&[r_int.clone(), s_int.clone(), r_int.clone()])),
                ("negative s", der_seq(&[r_int.clone(), [vec![2, 1], vec![0xff]].concat()])),
            ];
            // r with the 00 pad removed (a negative INTEGER), when r has its high bit set.
            if r_int[2] == 0 {
                let neg = [vec![2], der_len(r_int.len() - 3), r_int[3..].to_vec()].concat();
                ders.push(("r negative (pad removed)", der_seq(&[neg, s_int.clone()])));
            }
            for (label, bad) in &ders {
                let o = ossl_verify_der(&key, &digest, bad);
                assert!(!o, "{name}: OpenSSL accepts DER [{label}] {}", h(bad));
                let k = no_panic(&format!("{name} DER [{label}]"), || c.k.ecdsa_verify(hs.k, &q, &msg, bad, SigFormat::Der, false));
                assert!(k.is_err(), "{name}: kurve accepts malformed DER [{label}] {}", h(bad));
            }
            let raws: Vec<(&str, Vec<u8>)> = vec![
                ("empty", vec![]),
                ("short", [r.clone(), s[..c.sb - 1].to_vec()].concat()),
                ("long", [r.clone(), s.clone(), vec![0]].concat()),
                ("leading 00", [vec![0], r.clone(), s.clone()].concat()),
                ("r = 0", [zero.clone(), s.clone()].concat()),
                ("s = 0", [r.clone(), zero.clone()].concat()),
                ("r = n", [n.clone(), s.clone()].concat()),
                ("s = n", [r.clone(), n.clone()].concat()),
                ("all ff", vec![0xff; 2 * c.sb]),
                ("swapped", [s.clone(), r.clone()].concat()),
                ("der bytes as p1363", der.clone()),
            ];
            for (label, bad) in &raws {
                let k = no_panic(&format!("{name} P1363 [{label}]"), || c.k.ecdsa_verify(hs.k, &q, &msg, bad, SigFormat::P1363, false));
                assert!(k.is_err(), "{name}: kurve accepts malformed P1363 [{label}] {}", h(bad));
                if bad.len() == 2 * c.sb {
                    let o = ossl_sig(&bad[..c.sb], &bad[c.sb..]).verify(&digest, &key).unwrap_or(false);
                    assert!(!o, "{name}: OpenSSL accepts P1363 [{label}]");
                }
            }
            // Bad public keys with a valid signature.
            for (label, p, _) in bad_points(&c) {
                for (sigb, fmt) in [(&der, SigFormat::Der), (&[r.clone(), s.clone()].concat(), SigFormat::P1363)] {
                    let k = no_panic(&format!("{name} verify with bad key [{label}]"), || {
                        c.k.ecdsa_verify(hs.k, &p, &msg, sigb, fmt, false)
                    });
                    assert!(k.is_err(), "{name}: ecdsa_verify accepts bad public key [{label}] {}", h(&p));
                }
            }
            // Invalid private keys for signing.
            for d in [vec![0u8; c.sb], n.clone(), vec![0xff; c.sb], vec![1u8]] {
                let k = no_panic(&format!("{name} sign bad d"), || c.k.ecdsa_sign(hs.k, &d, &msg, SigFormat::Der, &[], false));
                assert!(k.is_err(), "{name}: ecdsa_sign accepts private key {}", h(&d));
            }
            println!("{name}: {} DER, {} P1363 malformed signatures rejected", ders.len(), raws.len());
        }
    }
}
