//! The `--peers` agreement checks: every peer library's result on the
//! runtime section's inputs agrees with kurve's (so every contender is
//! timeable), the expected peers are present per curve, and a disagreement
//! (kurve's reference result tampered with) turns into an error instead of
//! a timing. Needs the `peers` feature:
//! `cargo test --release -p kurve-lab --features peers --test peers`.
#![cfg(feature = "peers")]
#![allow(dead_code)]

#[path = "../src/peers.rs"]
mod peers;
#[path = "../src/runtime.rs"]
mod runtime;

use kurve::curves::by_name;
use runtime::Contender;
use std::collections::BTreeSet;

/// Asserts that every contender was checked OK, runs each once (it must
/// not panic), and returns the (op, impl) pairs.
fn all_ok(curve: &str, cs: Vec<Contender<'_>>) -> BTreeSet<(&'static str, &'static str)> {
    let mut seen = BTreeSet::new();
    for c in cs {
        match c.run {
            Ok(mut f) => {
                f();
                seen.insert((c.op, c.implementation));
            }
            Err(e) => panic!("{curve} {} {}: {e}", c.op, c.implementation),
        }
    }
    seen
}

fn expect(seen: &BTreeSet<(&str, &str)>, ops: &[&str], impls: &[&str]) {
    for op in ops {
        for imp in impls {
            assert!(seen.contains(&(*op, *imp)), "missing {op} / {imp} in {seen:?}");
        }
    }
}

const EC_OPS: &[&str] = &["ecdh", "keygen", "ecdsa_sign", "ecdsa_verify"];

fn ec_curve(name: &str, impls: &[&str]) {
    let c = by_name(name).unwrap();
    let inp = runtime::ec_inputs(c).unwrap();
    let seen = all_ok(name, peers::weierstrass(&inp));
    expect(&seen, EC_OPS, impls);
}

#[test]
fn nist_curves_agree() {
    ec_curve("secp256r1", &["ring", "aws-lc-rs", "p256", "openssl"]);
    ec_curve("secp384r1", &["ring", "aws-lc-rs", "p384", "openssl"]);
    ec_curve("secp521r1", &["aws-lc-rs", "p521", "openssl"]);
}

#[test]
fn secp256k1_agrees() {
    ec_curve("secp256k1", &["k256", "secp256k1", "secp256k1-sys", "openssl"]);
    let c = by_name("secp256k1").unwrap();
    let inp = runtime::ec_inputs(c).unwrap();
    let seen = all_ok("secp256k1", peers::weierstrass(&inp));
    // aws-lc-rs offers only ECDSA on secp256k1
    expect(&seen, &["ecdsa_sign", "ecdsa_verify"], &["aws-lc-rs"]);
}

#[test]
fn brainpool_and_koblitz_agree() {
    ec_curve("brainpoolP256r1", &["bp256", "openssl"]);
    ec_curve("brainpoolP256t1", &["bp256", "openssl"]);
    ec_curve("brainpoolP384r1", &["bp384", "openssl"]);
    ec_curve("brainpoolP384t1", &["bp384", "openssl"]);
    ec_curve("brainpoolP512r1", &["openssl"]);
    ec_curve("brainpoolP160t1", &["openssl"]);
    ec_curve("secp224k1", &["openssl"]);
    ec_curve("secp192k1", &["openssl"]);
}

#[test]
fn every_weierstrass_curve_has_openssl() {
    for &c in kurve::curves::all() {
        if c.model() != kurve::curves::Model::ShortWeierstrass {
            continue;
        }
        let inp = runtime::ec_inputs(c).unwrap();
        let seen = all_ok(c.name(), peers::weierstrass(&inp));
        expect(&seen, EC_OPS, &["openssl"]);
    }
}

#[test]
fn edwards_and_xdh_agree() {
    let ed = runtime::ed_inputs(by_name("edwards25519").unwrap()).unwrap();
    let seen = all_ok("edwards25519", peers::edwards(&ed));
    expect(&seen, &["keygen", "eddsa_sign", "eddsa_verify"], &["ring", "aws-lc-rs", "ed25519-dalek", "openssl"]);
    expect(&seen, &["mul", "mul_base", "double_mul_vartime"], &["curve25519-dalek"]);

    let ed = runtime::ed_inputs(by_name("edwards448").unwrap()).unwrap();
    let seen = all_ok("edwards448", peers::edwards(&ed));
    expect(&seen, &["keygen", "eddsa_sign", "eddsa_verify"], &["ed448-goldilocks", "openssl"]);

    let x = runtime::xdh_inputs(by_name("x25519").unwrap()).unwrap();
    let seen = all_ok("x25519", peers::xdh(&x));
    expect(&seen, &["xdh", "keygen"], &["ring", "aws-lc-rs", "x25519-dalek", "openssl"]);

    let x = runtime::xdh_inputs(by_name("x448").unwrap()).unwrap();
    let seen = all_ok("x448", peers::xdh(&x));
    expect(&seen, &["xdh", "keygen"], &["x448", "openssl"]);
}

/// Every contender of `op` must be an error (not timed), except those of
/// the implementations in `exempt`; returns how many errors there were.
fn all_err(cs: Vec<Contender<'_>>, op: &str, exempt: &[&str]) -> usize {
    let mut n = 0;
    for c in cs.into_iter().filter(|c| c.op == op) {
        if exempt.contains(&c.implementation) {
            continue;
        }
        assert!(c.run.is_err(), "{} {} accepted a wrong reference result", c.op, c.implementation);
        n += 1;
    }
    n
}

#[test]
fn disagreement_is_an_error_not_a_timing() {
    for name in ["secp256r1", "secp256k1", "brainpoolP384r1"] {
        let c = by_name(name).unwrap();
        let good = runtime::ec_inputs(c).unwrap();
        // a wrong shared secret: every ECDH peer must disagree
        let mut bad = runtime::ec_inputs(c).unwrap();
        bad.shared[3] ^= 0x10;
        assert!(all_err(peers::weierstrass(&bad), "ecdh", &["ring"]) >= 2, "{name}");
        // a wrong public key: every keygen peer must disagree
        let mut bad = runtime::ec_inputs(c).unwrap();
        bad.pk = good.peer.clone();
        assert!(all_err(peers::weierstrass(&bad), "keygen", &[]) >= 2, "{name}");
        // a signature over another message: every verifier must reject it
        let mut bad = runtime::ec_inputs(c).unwrap();
        bad.msg[5] ^= 1;
        assert!(all_err(peers::weierstrass(&bad), "ecdsa_verify", &[]) >= 2, "{name}");
    }
    let mut ed = runtime::ed_inputs(by_name("edwards25519").unwrap()).unwrap();
    ed.sig[7] ^= 1;
    assert_eq!(all_err(peers::edwards(&ed), "eddsa_sign", &[]), 4);
    let mut ed = runtime::ed_inputs(by_name("edwards25519").unwrap()).unwrap();
    ed.mul_base[0] ^= 1;
    assert_eq!(all_err(peers::edwards(&ed), "mul_base", &[]), 1);
    let mut x = runtime::xdh_inputs(by_name("x448").unwrap()).unwrap();
    x.shared[0] ^= 1;
    assert_eq!(all_err(peers::xdh(&x), "xdh", &[]), 2);
    let mut x = runtime::xdh_inputs(by_name("x25519").unwrap()).unwrap();
    x.pk1[0] ^= 1;
    // ring's keygen is checked by agreement (it cannot import a fixed secret), not against pk1
    assert_eq!(all_err(peers::xdh(&x), "keygen", &["ring"]), 3);
}
