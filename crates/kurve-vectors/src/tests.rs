//! Loads every covered file and checks the record counts observed when this
//! crate was written, plus known values and structural invariants.
//!
//! These tests need `shared/vectors`. When it is missing they FAIL with the
//! loader's message (they never pass on zero records).

use std::collections::BTreeMap;

use crate::*;

/// Unwraps a loader result, failing the test with the loader's message.
fn ok<T>(r: Result<T, Error>) -> T {
    r.unwrap_or_else(|e| panic!("test vectors unavailable: {e}"))
}

fn per_curve<'a>(curves: impl Iterator<Item = &'a str>) -> BTreeMap<String, usize> {
    let mut m = BTreeMap::new();
    for c in curves {
        *m.entry(c.to_string()).or_insert(0) += 1;
    }
    m
}

fn in_scope<'a>(curves: impl Iterator<Item = &'a str>) -> usize {
    curves.filter(|c| is_in_scope(c)).count()
}

fn h(b: &[u8]) -> String {
    hex::encode(b)
}

const P_CURVES: [&str; 5] = [
    "secp192r1",
    "secp224r1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
];
const ALL_CAVP_CURVES: [&str; 15] = [
    "secp192r1",
    "secp224r1",
    "secp256r1",
    "secp384r1",
    "secp521r1",
    "sect163k1",
    "sect233k1",
    "sect283k1",
    "sect409k1",
    "sect571k1",
    "sect163r2",
    "sect233r1",
    "sect283r1",
    "sect409r1",
    "sect571r1",
];

fn assert_each_curve(m: &BTreeMap<String, usize>, curves: &[&str], n: usize, what: &str) {
    assert_eq!(m.len(), curves.len(), "{what}: curves {m:?}");
    for c in curves {
        assert_eq!(m.get(*c), Some(&n), "{what}: {c} in {m:?}");
    }
}

fn lens(curve: &str) -> (usize, usize) {
    let c = curve_info(curve).unwrap_or_else(|| panic!("unknown curve {curve}"));
    (c.field_len, c.scalar_len)
}

#[test]
fn directory_is_found() {
    let dir = ok(locate_vectors_dir());
    assert!(
        dir.join("SOURCES.md").is_file(),
        "{} has no SOURCES.md",
        dir.display()
    );
    for f in COVERED_FILES {
        assert!(dir.join(f).is_file(), "missing {f}");
    }
    assert_eq!(vectors_dir(), Some(dir));
}

#[test]
fn env_var_rules() {
    let dir = ok(locate_vectors_dir());
    // An explicit KURVE_VECTORS wins, and a wrong one is an error, not a fallback.
    assert_eq!(ok(crate::locate_for_test(Some(dir.to_str().unwrap()))), dir);
    let e = crate::locate_for_test(Some("/nonexistent/kurve/vectors")).unwrap_err();
    assert!(matches!(e, Error::DirNotFound { .. }), "{e:?}");
    assert!(
        e.to_string()
            .contains("/nonexistent/kurve/vectors (from KURVE_VECTORS"),
        "{e}"
    );
    // Empty means unset.
    assert!(crate::locate_for_test(Some("")).is_ok() == crate::locate_for_test(None).is_ok());
}

#[test]
fn missing_file_and_directory_are_errors() {
    let e = read_file_in(std::path::Path::new("/nonexistent/kurve/vectors"), "x.rsp").unwrap_err();
    assert!(matches!(e, Error::Io { .. }), "{e:?}");
    assert!(
        e.to_string().contains("/nonexistent/kurve/vectors/x.rsp"),
        "{e}"
    );
    let e = ok(locate_vectors_dir());
    let e = read_file_in(&e, "no/such/file.txt").unwrap_err();
    assert!(matches!(e, Error::Io { .. }), "{e:?}");
    let msg = Error::DirNotFound {
        tried: vec!["a".into()],
    }
    .to_string();
    assert!(msg.contains("KURVE_VECTORS") && msg.contains("a"), "{msg}");
}

#[test]
fn fips186_keypair() {
    for ed in [Fips186::V2, Fips186::V3] {
        let v = ok(load_keypair(ed));
        assert_eq!(v.len(), 150, "{ed:?}");
        assert_eq!(in_scope(v.iter().map(|r| r.curve.as_str())), 50);
        assert_each_curve(
            &per_curve(v.iter().map(|r| r.curve.as_str())),
            &ALL_CAVP_CURVES,
            10,
            "KeyPair",
        );
        for r in &v {
            let (f, s) = lens(&r.curve);
            assert_eq!(
                (r.d.len(), r.qx.len(), r.qy.len()),
                (s, f, f),
                "{}:{}",
                r.source,
                r.line
            );
        }
    }
    let v2 = ok(load_keypair(Fips186::V2));
    let p256 = v2.iter().find(|r| r.curve == "secp256r1").unwrap();
    assert_eq!(
        h(&p256.d),
        "8c14b793cb19137e323a6d2e2a870bca2e7a493ec1153b3a95feb8a4873f8d08"
    );
    assert_eq!(
        h(&p256.qx),
        "7a4e287890a1a47ad3457e52f2f76a83ce46cbc947616d0cbaa82323818a793d"
    );
    assert_eq!(
        h(&p256.qy),
        "eec4084f5b29ebf29c44cce3b3059610922f8b30ea6e8811742ac7238fe87308"
    );
    assert_eq!(p256.line, 95);
    assert_eq!(
        p256.source,
        "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/KeyPair.rsp"
    );
    let v3 = ok(load_keypair(Fips186::V3));
    let p256 = v3.iter().find(|r| r.curve == "secp256r1").unwrap();
    assert_eq!(
        h(&p256.d),
        "c9806898a0334916c860748880a541f093b579a9b1f32934d86c363c39800357"
    );
    assert_eq!(p256.line, 104);
}

#[test]
fn fips186_pkv() {
    for ed in [Fips186::V2, Fips186::V3] {
        let v = ok(load_pkv(ed));
        assert_eq!(v.len(), 180, "{ed:?}");
        assert_eq!(in_scope(v.iter().map(|r| r.curve.as_str())), 60);
        assert_each_curve(
            &per_curve(v.iter().map(|r| r.curve.as_str())),
            &ALL_CAVP_CURVES,
            12,
            "PKV",
        );
        assert_eq!(v.iter().filter(|r| r.valid).count(), 60);
        assert_eq!(
            v.iter()
                .filter(|r| r.valid && is_in_scope(&r.curve))
                .count(),
            20
        );
        for r in &v {
            let (f, _) = lens(&r.curve);
            if r.valid {
                assert_eq!((r.qx.len(), r.qy.len()), (f, f));
                assert_eq!(r.reason, "0");
            } else {
                assert!(
                    r.reason.starts_with("1 - ") || r.reason.starts_with("2 - "),
                    "{}",
                    r.reason
                );
            }
        }
        // Out-of-range coordinates are kept longer than the field.
        assert!(v
            .iter()
            .any(|r| r.qx.len() > lens(&r.curve).0 || r.qy.len() > lens(&r.curve).0));
    }
    let v = ok(load_pkv(Fips186::V2));
    assert_eq!(v[0].curve, "secp192r1");
    assert!(!v[0].valid);
    assert_eq!(v[0].reason, "2 - Point not on curve");
    assert!(v[1].valid);
}

#[test]
fn fips186_siggen() {
    for (ed, n) in [(Fips186::V2, 225), (Fips186::V3, 1125)] {
        let txt = ok(load_siggen(ed));
        let rsp = ok(load_siggen_rsp(ed));
        assert_eq!(txt.len(), n, "{ed:?}");
        assert_eq!(rsp.len(), n, "{ed:?}");
        assert_eq!(in_scope(txt.iter().map(|r| r.curve.as_str())), n / 3);
        assert_each_curve(
            &per_curve(txt.iter().map(|r| r.curve.as_str())),
            &ALL_CAVP_CURVES,
            n / 15,
            "SigGen",
        );
        let hashes = per_curve(txt.iter().map(|r| r.hash.as_str()));
        match ed {
            Fips186::V2 => assert_eq!(
                hashes.into_iter().collect::<Vec<_>>(),
                vec![("SHA-1".to_string(), 225)]
            ),
            Fips186::V3 => assert_each_curve(
                &hashes,
                &["SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"],
                225,
                "hash",
            ),
        }
        for (t, r) in txt.iter().zip(&rsp) {
            let (f, s) = lens(&t.curve);
            let d = t.d.as_ref().expect("d");
            let k = t.k.as_ref().expect("k");
            assert_eq!(
                (d.len(), k.len(), t.r.len(), t.s.len()),
                (s, s, s, s),
                "{}:{}",
                t.source,
                t.line
            );
            assert_eq!((t.qx.len(), t.qy.len()), (f, f));
            assert_eq!(t.msg.len(), 128);
            // SigGen.rsp is SigGen.txt without d and k.
            assert!(r.d.is_none() && r.k.is_none());
            assert_eq!(
                (&t.curve, &t.hash, &t.msg, &t.qx, &t.qy, &t.r, &t.s),
                (&r.curve, &r.hash, &r.msg, &r.qx, &r.qy, &r.r, &r.s)
            );
        }
    }
    // The byte lengths of every curve are tight: some value uses all bytes.
    // Exception: sect233r1 and sect409r1 have n = 2^232 + ε and 2^408 + ε, so
    // their scalars (30 and 52 bytes) practically never use the top byte.
    let v = ok(load_siggen(Fips186::V3));
    for c in ALL_CAVP_CURVES {
        let (f, s) = lens(c);
        let recs: Vec<_> = v.iter().filter(|r| r.curve == c).collect();
        assert!(
            recs.iter().any(|r| r.qx[0] != 0 || r.qy[0] != 0),
            "{c}: field length {f} too long"
        );
        let top = if c == "sect233r1" || c == "sect409r1" {
            1
        } else {
            0
        };
        assert!(
            recs.iter()
                .any(|r| r.d.as_ref().unwrap()[top] != 0 || r.k.as_ref().unwrap()[top] != 0),
            "{c}: scalar length {s} too long"
        );
    }
    let v = ok(load_siggen(Fips186::V2));
    assert_eq!(v[0].curve, "secp192r1");
    assert_eq!(
        h(v[0].d.as_ref().unwrap()),
        "0017899949d02b55f9556846411cc9de512c6f16ecdeb1c4"
    );
    assert_eq!(
        h(v[0].k.as_ref().unwrap()),
        "0098e9c07e8e6adb97b77d85b0c10a265e11737a89a3e37b"
    );
    assert_eq!(
        h(&v[0].r),
        "af1f749e3df6220ff04efd178618a977e0838b1b9dc126e3"
    );
}

#[test]
fn fips186_sigver() {
    for (ed, n, valid) in [(Fips186::V2, 225, 45), (Fips186::V3, 1125, 225)] {
        let v = ok(load_sigver(ed));
        assert_eq!(v.len(), n, "{ed:?}");
        assert_eq!(in_scope(v.iter().map(|r| r.curve.as_str())), n / 3);
        assert_each_curve(
            &per_curve(v.iter().map(|r| r.curve.as_str())),
            &ALL_CAVP_CURVES,
            n / 15,
            "SigVer",
        );
        assert_eq!(v.iter().filter(|r| r.valid).count(), valid);
        assert_eq!(
            v.iter()
                .filter(|r| r.valid && is_in_scope(&r.curve))
                .count(),
            valid / 3
        );
        assert!(v.iter().all(|r| r.msg.len() == 128));
        assert!(v.iter().filter(|r| r.valid).all(|r| r.reason == "0"));
    }
    assert!(ok(load_sigver(Fips186::V2))
        .iter()
        .all(|r| r.hash == "SHA-1"));
    let v = ok(load_sigver(Fips186::V3));
    let r = v
        .iter()
        .find(|r| r.curve == "secp256r1" && r.hash == "SHA-256")
        .unwrap();
    assert_eq!(
        h(&r.qx),
        "87f8f2b218f49845f6f10eec3877136269f5c1a54736dbdf69f89940cad41555"
    );
    assert_eq!(
        h(&r.r),
        "d19ff48b324915576416097d2544f7cbdf8768b1454ad20e0baac50e211f23b0"
    );
    assert!(!r.valid);
    assert_eq!(r.reason, "3 - S changed");
    assert_eq!(r.line, 1294);
}

#[test]
fn rfc6979() {
    let v = ok(load_rfc6979());
    assert_eq!(v.len(), 450);
    assert_eq!(in_scope(v.iter().map(|r| r.curve.as_str())), 150);
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.curve.as_str())),
        &ALL_CAVP_CURVES,
        30,
        "RFC 6979",
    );
    assert_eq!(v.iter().filter(|r| r.op == Rfc6979Op::Sign).count(), 150);
    assert_eq!(v.iter().filter(|r| r.op == Rfc6979Op::Verify).count(), 300);
    assert_eq!(
        v.iter()
            .filter(|r| r.op == Rfc6979Op::Verify && r.valid)
            .count(),
        150
    );
    assert!(v
        .iter()
        .filter(|r| r.op == Rfc6979Op::Sign)
        .all(|r| r.valid));
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.hash.as_str())),
        &["SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"],
        90,
        "hash",
    );
    for r in &v {
        let (f, s) = lens(&r.curve);
        assert_eq!(
            (r.d.len(), r.qx.len(), r.qy.len(), r.r.len(), r.s.len()),
            (s, f, f, s, s)
        );
        assert!(r.msg == b"sample" || r.msg == b"test");
    }
    // RFC 6979 A.2.5, P-256, SHA-256, "sample".
    let r = v
        .iter()
        .find(|r| {
            r.curve == "secp256r1"
                && r.hash == "SHA-256"
                && r.msg == b"sample"
                && r.op == Rfc6979Op::Sign
        })
        .unwrap();
    assert_eq!(
        h(&r.d),
        "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
    );
    assert_eq!(
        h(&r.qx),
        "60fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6"
    );
    assert_eq!(
        h(&r.qy),
        "7903fe1008b8bc99a41ae9e95628bc64f2f1b20c2d7e9f5177a3c294d4462299"
    );
    assert_eq!(
        h(&r.r),
        "efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716"
    );
    assert_eq!(
        h(&r.s),
        "f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8"
    );
    // RFC 6979 A.2.7, P-521 key (66 bytes, leading 0x00 byte).
    let r = v.iter().find(|r| r.curve == "secp521r1").unwrap();
    assert_eq!(&h(&r.d)[..8], "00fad06d");
}

#[test]
fn secp256k1_siggen() {
    let v = ok(secp256k1::load_secp256k1_siggen());
    assert_eq!(v.len(), 1125);
    assert!(v
        .iter()
        .all(|r| r.curve == "secp256k1" && r.k.is_none() && r.d.is_some()));
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.hash.as_str())),
        &["SHA-1", "SHA-224", "SHA-256", "SHA-384", "SHA-512"],
        225,
        "hash",
    );
    assert!(v.iter().all(|r| r.d.as_ref().unwrap().len() == 32
        && r.qx.len() == 32
        && r.r.len() == 32
        && r.s.len() == 32));
    // A record whose d has 63 hex digits is padded.
    assert!(v.iter().any(|r| r.d.as_ref().unwrap()[0] == 0));
}

#[test]
fn compressed_points() {
    let v = ok(load_compressed_points());
    assert_eq!(v.len(), 4);
    assert_eq!(per_curve(v.iter().map(|r| r.curve.as_str())).len(), 2);
    for r in &v {
        assert_eq!(r.point.len(), 33);
        assert_eq!(&r.point[1..], &r.x[..]);
        assert_eq!(r.point[0], 2 | (r.y[31] & 1), "parity of y");
    }
    assert_eq!(v[0].curve, "secp256r1");
    assert_eq!(v[2].curve, "secp256k1");
}

#[test]
fn kas_cdh_primitive() {
    let v = ok(load_cdh_primitive());
    assert_eq!(v.len(), 125);
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.curve.as_str())),
        &P_CURVES,
        25,
        "CDH",
    );
    for r in &v {
        let (f, s) = lens(&r.curve);
        assert_eq!(
            (
                r.qcavs_x.len(),
                r.qcavs_y.len(),
                r.d_iut.len(),
                r.qiut_x.len(),
                r.qiut_y.len(),
                r.z_iut.len()
            ),
            (f, f, s, f, f, f)
        );
    }
    let r = v.iter().find(|r| r.curve == "secp256r1").unwrap();
    assert_eq!(r.count, 0);
    assert_eq!(
        h(&r.qcavs_x),
        "700c48f77f56584c5cc632ca65640db91b6bacce3a4df6b42ce7cc838833d287"
    );
    assert_eq!(
        h(&r.d_iut),
        "7d7dc5f71eb29ddaf80d6214632eeae03d9058af1fb6d22ed80badb62bc1a534"
    );
    assert_eq!(
        h(&r.z_iut),
        "46fc62106420ff012e54a434fbdd2d25ccc5852060561e68040dd7778997bd7b"
    );
    assert_eq!(r.line, 414);
}

#[test]
fn kas_validity() {
    for (file, n, valid) in [
        (KasFile::ZzOnlyInit, 150, 90),
        (KasFile::ZzOnlyResp, 150, 90),
        (KasFile::KdfConcatInit, 300, 100),
        (KasFile::KdfConcatResp, 300, 100),
    ] {
        let v = ok(load_kas_validity(file));
        assert_eq!(v.len(), n, "{file:?}");
        assert_eq!(v.iter().filter(|r| r.valid).count(), valid, "{file:?}");
        let curves = per_curve(v.iter().map(|r| r.curve.as_str()));
        let zz = matches!(file, KasFile::ZzOnlyInit | KasFile::ZzOnlyResp);
        if zz {
            assert_each_curve(&curves, &P_CURVES, 30, "ZZOnly");
            assert!(v
                .iter()
                .all(|r| r.cavs_hash_zz.is_some() && r.dkm.is_none() && r.nonce.is_none()));
            let hashes: Vec<_> = v
                .iter()
                .map(|r| (r.curve.as_str(), r.hash.as_str()))
                .collect();
            assert!(
                hashes.contains(&("secp192r1", "SHA-1"))
                    && hashes.contains(&("secp521r1", "SHA-512"))
            );
        } else {
            let want: BTreeMap<String, usize> = [
                ("secp224r1", 120),
                ("secp256r1", 90),
                ("secp384r1", 60),
                ("secp521r1", 30),
            ]
            .iter()
            .map(|(c, n)| (c.to_string(), *n))
            .collect();
            assert_eq!(curves, want);
            assert!(v.iter().all(|r| r.cavs_hash_zz.is_none()
                && r.dkm.is_some()
                && r.nonce.is_some()
                && r.nonce_dkm.is_some()
                && r.oi.is_some()
                && r.cavs_tag.is_some()
                && r.mac_data.is_some()));
        }
        for r in &v {
            let (f, _) = lens(&r.curve);
            assert_eq!(r.z.len(), f, "{}:{}", r.source, r.line);
            let code = r.reason.split(' ').next().unwrap_or("");
            match code {
                "0" | "13" | "14" => assert!(r.valid, "{}:{}", r.source, r.line),
                _ => assert!(!r.valid, "{}:{}", r.source, r.line),
            }
        }
    }
    let v = ok(load_kas_validity(KasFile::ZzOnlyInit));
    assert_eq!(v[0].curve, "secp192r1");
    assert_eq!(v[0].param_set, "EA");
    assert_eq!(
        h(&v[0].z),
        "26382468d721761e14a87dc3bee67340095c6455962d1ba3"
    );
    assert_eq!(
        h(v[0].cavs_hash_zz.as_ref().unwrap()),
        "af52ba700d3bbba7ce2916d6b729422c26c32364"
    );
}

#[test]
fn brainpool_ecdh() {
    let v = ok(load_brainpool_ecdh());
    assert_eq!(v.len(), 3);
    let names: Vec<_> = v.iter().map(|r| r.curve.as_str()).collect();
    assert_eq!(
        names,
        ["brainpoolP256r1", "brainpoolP384r1", "brainpoolP512r1"]
    );
    assert!(v.iter().all(|r| !is_in_scope(&r.curve)));
    assert!(v
        .iter()
        .all(|r| r.z_x.len() == lens(&r.curve).0 && r.d_a.len() == lens(&r.curve).1));
}

#[test]
fn pycryptodome_kg_tables() {
    let v = ok(load_kg_tables());
    assert_eq!(v.len(), 260);
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.curve.as_str())),
        &P_CURVES,
        52,
        "k·G",
    );
    for r in &v {
        let (f, s) = lens(&r.curve);
        assert_eq!(
            (r.k.len(), r.x.len(), r.y.len()),
            (s, f, f),
            "{}:{}",
            r.source,
            r.line
        );
    }
    let g = v.iter().find(|r| r.curve == "secp256r1").unwrap();
    assert_eq!(g.k[31], 1);
    assert!(g.k[..31].iter().all(|&b| b == 0));
    assert_eq!(
        h(&g.x),
        "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"
    );
    assert_eq!(
        h(&g.y),
        "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"
    );
    // The P-256 table ends at k = n - 1, i.e. -G.
    let last = v.iter().rfind(|r| r.curve == "secp256r1").unwrap();
    assert_eq!(
        h(&last.k),
        "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632550"
    );
    assert_eq!(last.x, g.x);
}

#[test]
fn pycryptodome_sigver_truncated() {
    let v = ok(load_sigver_truncated_shas());
    assert_eq!(v.len(), 150);
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.curve.as_str())),
        &P_CURVES,
        30,
        "SigVer truncated",
    );
    assert_each_curve(
        &per_curve(v.iter().map(|r| r.hash.as_str())),
        &["SHA-512/224", "SHA-512/256"],
        75,
        "hash",
    );
    assert_eq!(v.iter().filter(|r| r.valid).count(), 30);
    let r = v
        .iter()
        .find(|r| r.curve == "secp521r1" && r.hash == "SHA-512/256")
        .unwrap();
    assert_eq!(r.qx.len(), 66);
    assert_eq!(&h(&r.qx)[..10], "01e337b04e");
    assert_eq!(r.reason, "2 - R changed");
}

#[test]
fn wycheproof_secp256k1_bitcoin() {
    let v = ok(load_secp256k1_bitcoin());
    assert_eq!(v.len(), 464);
    assert!(v
        .iter()
        .all(|r| r.curve == "secp256k1" && r.hash == "SHA-256" && r.bitcoin));
    assert_eq!(v.iter().filter(|r| r.valid() == Some(true)).count(), 162);
    assert_eq!(v.iter().filter(|r| r.valid() == Some(false)).count(), 302);
    assert!(v.iter().all(|r| r.qx.len() == 32 && r.qy.len() == 32));
    assert!(v.iter().all(|r| r.public_key_uncompressed.len() == 65
        && r.public_key_uncompressed[1..33] == r.qx[..]
        && r.public_key_uncompressed[33..] == r.qy[..]));
    assert_eq!(v[0].tc_id, 1);
    assert_eq!(v[0].result, WycheproofResult::Invalid);
    assert_eq!(v[0].flags, vec!["SignatureMalleabilityBitcoin".to_string()]);
    assert_eq!(v[1].result, WycheproofResult::Valid);
    assert_eq!(v.iter().map(|r| r.group).max(), Some(99));
}

#[test]
fn totals_and_coverage() {
    // Every covered file is read by some loader above; this checks the list
    // itself and the grand totals.
    assert_eq!(COVERED_FILES.len(), 26);
    let mut total = 0;
    let mut p = 0;
    let mut add = |curves: Vec<String>| {
        total += curves.len();
        p += curves.iter().filter(|c| is_in_scope(c)).count();
    };
    for ed in [Fips186::V2, Fips186::V3] {
        add(ok(load_keypair(ed)).into_iter().map(|r| r.curve).collect());
        add(ok(load_pkv(ed)).into_iter().map(|r| r.curve).collect());
        add(ok(load_siggen(ed)).into_iter().map(|r| r.curve).collect());
        add(ok(load_siggen_rsp(ed))
            .into_iter()
            .map(|r| r.curve)
            .collect());
        add(ok(load_sigver(ed)).into_iter().map(|r| r.curve).collect());
    }
    add(ok(load_rfc6979()).into_iter().map(|r| r.curve).collect());
    add(ok(load_secp256k1_siggen())
        .into_iter()
        .map(|r| r.curve)
        .collect());
    add(ok(load_compressed_points())
        .into_iter()
        .map(|r| r.curve)
        .collect());
    add(ok(load_cdh_primitive())
        .into_iter()
        .map(|r| r.curve)
        .collect());
    for f in KasFile::ALL {
        add(ok(load_kas_validity(f))
            .into_iter()
            .map(|r| r.curve)
            .collect());
    }
    add(ok(load_brainpool_ecdh())
        .into_iter()
        .map(|r| r.curve)
        .collect());
    add(ok(load_kg_tables()).into_iter().map(|r| r.curve).collect());
    add(ok(load_sigver_truncated_shas())
        .into_iter()
        .map(|r| r.curve)
        .collect());
    add(ok(load_secp256k1_bitcoin())
        .into_iter()
        .map(|r| r.curve)
        .collect());
    assert_eq!(total, 8191);
    assert_eq!(p, 4748);
}

#[test]
fn truncated_and_mutated_files_never_panic() {
    // Every parser, fed prefixes and byte-mutated copies of the real files,
    // returns Ok or Err and never panics.
    type Parser = fn(&str, &str) -> bool;
    let parsers: [(&str, Parser); 11] = [
        (
            "cryptography-vectors/asymmetric/ECDSA/FIPS_186-3/KeyPair.rsp",
            |t, s| fips186::parse_keypair(t, s).is_ok(),
        ),
        (
            "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/PKV.rsp",
            |t, s| fips186::parse_pkv(t, s).is_ok(),
        ),
        (
            "cryptography-vectors/asymmetric/ECDSA/FIPS_186-2/SigGen.txt",
            |t, s| fips186::parse_siggen(t, s, Some("SHA-1"), true, true).is_ok(),
        ),
        (pycryptodome::SIGVER_TRUNCATED_FILE, |t, s| {
            fips186::parse_sigver(t, s, None).is_ok()
        }),
        (rfc6979::RFC6979_FILE, |t, s| {
            rfc6979::parse_rfc6979(t, s).is_ok()
        }),
        (compressed::COMPRESSED_POINTS_FILE, |t, s| {
            compressed::parse_compressed_points(t, s).is_ok()
        }),
        (kas::CDH_PRIMITIVE_FILE, |t, s| {
            kas::parse_cdh_primitive(t, s).is_ok()
        }),
        (KasFile::KdfConcatResp.path(), |t, s| {
            kas::parse_kas_validity(t, s).is_ok()
        }),
        (rfc7027::BRAINPOOL_ECDH_FILE, |t, s| {
            rfc7027::parse_brainpool_ecdh(t, s).is_ok()
        }),
        (pycryptodome::KG_FILES[1].1, |t, s| {
            pycryptodome::parse_kg_table(t, s, "P-224").is_ok()
        }),
        (wycheproof::SECP256K1_BITCOIN_FILE, |t, s| {
            wycheproof::parse_wycheproof_ecdsa(t, s).is_ok()
        }),
    ];
    let junk = [
        b'=', b'[', b']', b'\n', b'\r', b'#', b'g', b' ', b'"', b',', b'-', b'0',
    ];
    for (path, parse) in parsers {
        let text = ok(read_file(path));
        assert!(parse(&text, path), "{path} does not parse");
        let bytes = text.as_bytes();
        let step = (bytes.len() / 150).max(1);
        let mut seed = 0x9e37_79b9_u32;
        for cut in (0..bytes.len()).step_by(step) {
            let prefix = String::from_utf8_lossy(&bytes[..cut]);
            let _ = parse(&prefix, path);
            let mut m = bytes.to_vec();
            for _ in 0..3 {
                seed ^= seed << 13;
                seed ^= seed >> 17;
                seed ^= seed << 5;
                let pos = cut.saturating_add(seed as usize % 4096) % m.len();
                m[pos] = junk[seed as usize % junk.len()];
            }
            let _ = parse(&String::from_utf8_lossy(&m), path);
        }
    }
}
