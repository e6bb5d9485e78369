//! The Rooterberg flat format through `run_rooterberg` / `run_file`, and the
//! `kurve-lab vectors` exit-status contract.
//!
//! Fixture cases are copied (as data) from published Rooterberg files:
//! `ecdsa/ecdsa_rfc6979_brainpool_p256r1_sha_256.json` (tcId 1–3, 28) and
//! `ecdsa/ecdsa_brainpool_p256r1_sha_256_p1363.json` (tcId 1, 5, 6). The
//! ECDH file is built from a Wycheproof case in the same flat layout.

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
