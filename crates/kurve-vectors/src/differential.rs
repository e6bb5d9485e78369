//! Suites for curves without (or beyond) third-party vectors: soundness laws
//! on every curve, and a differential check against OpenSSL on every curve
//! OpenSSL has (all 22 short-Weierstrass curves in OpenSSL 3.0).
//!
//! These are the lab's evidence for brainpool t1 and 160/192-bit curves,
//! which have no public test vectors. Inputs are deterministic (a fixed
//! xorshift stream) so a failure is reproducible.

use crate::suites::SuiteResult;
use kurve::curves::{self, CurveOps, Model};
use kurve::proto::{HashAlg, SigFormat};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// A private key in [1, n−1]: random bytes with the top byte below n's.
    fn key(&mut self, c: &dyn CurveOps) -> Vec<u8> {
        let n = c.order();
        let mut k: Vec<u8> = (0..n.len()).map(|_| self.next() as u8).collect();
        k[0] %= n[0].max(1);
        if k.iter().all(|&b| b == 0) {
            k[n.len() - 1] = 1;
        }
        k
    }
}

fn hash_for(c: &dyn CurveOps) -> HashAlg {
    match c.field_bytes() {
        0..=32 => HashAlg::Sha256,
        33..=48 => HashAlg::Sha384,
        _ => HashAlg::Sha512,
    }
}

fn weierstrass() -> impl Iterator<Item = &'static dyn CurveOps> {
    curves::all().iter().copied().filter(|c| c.model() == Model::ShortWeierstrass)
}

/// Soundness laws per curve: n·G = O, (n−1)·G = −G, [a]([b]G) = [ab]G via
/// keys, [a]G + [b]G consistency, SEC1 round trips, ECDH symmetry, ECDSA
/// sign → verify, and rejection of a modified signature.
pub fn soundness_suites(cases: usize) -> Vec<SuiteResult> {
    let mut out = Vec::new();
    for c in weierstrass() {
        let mut r = SuiteResult::new(c.name(), "soundness", "laws");
        let mut rng = Rng(0x243f_6a88_85a3_08d3 ^ c.field_bytes() as u64);
        let g = c.generator(false);
        let n = c.order();
        r.record(c.mul(&n, &g).map(|p| p.as_slice() == [0]).unwrap_or(false), || "n·G != O".into());
        let mut nm1 = n.to_vec();
        if let Some(l) = nm1.last_mut() {
            *l -= 1; // n is odd
        }
        r.record(c.mul(&nm1, &g).ok() == c.neg(&g).ok(), || "(n-1)·G != -G".into());
        for i in 0..cases {
            let a = rng.key(c);
            let b = rng.key(c);
            let (Ok(pa), Ok(pb)) = (c.public_key(&a, false), c.public_key(&b, true)) else {
                r.record(false, || format!("case {i}: keygen failed"));
                continue;
            };
            // ECDH symmetry: x([a]([b]G)) = x([b]([a]G))
            let s1 = c.ecdh(&a, &pb);
            let s2 = c.ecdh(&b, &pa);
            r.record(s1.is_ok() && s1 == s2, || format!("case {i}: ECDH asymmetric"));
            // [a]G + [b]G = [a+b]G computed by double_mul
            let sum = c.add(&pa, &pb);
            let dm = c.double_mul_vartime(&a, &b, &g);
            r.record(sum.is_ok() && sum == dm, || format!("case {i}: aG + bG != double_mul"));
            // SEC1 round trip
            let comp = c.encode_point(&pa, true);
            r.record(comp.as_ref().ok().and_then(|p| c.encode_point(p, false).ok()).as_ref() == Some(&pa), || {
                format!("case {i}: SEC1 round trip")
            });
            // ECDSA
            let msg = rng.next().to_le_bytes();
            let h = hash_for(c);
            match c.ecdsa_sign(h, &a, &msg, SigFormat::Der, &[], i % 2 == 0) {
                Ok(sig) => {
                    r.record(c.ecdsa_verify(h, &pa, &msg, &sig, SigFormat::Der, false).is_ok(), || {
                        format!("case {i}: own signature rejected")
                    });
                    let mut bad = sig.to_vec();
                    let last = bad.len() - 1;
                    bad[last] ^= 1;
                    r.record(c.ecdsa_verify(h, &pa, &msg, &bad, SigFormat::Der, false).is_err(), || {
                        format!("case {i}: modified signature accepted")
                    });
                }
                Err(e) => r.record(false, || format!("case {i}: sign failed: {e}")),
            }
        }
        out.push(r);
    }
    out
}

/// Differential check against the system OpenSSL on every curve: public
/// keys, ECDH shared secrets, and ECDSA signatures verified both ways.
#[cfg(feature = "openssl")]
pub fn openssl_suites(cases: usize) -> Vec<SuiteResult> {
    use openssl::bn::{BigNum, BigNumContext};
    use openssl::derive::Deriver;
    use openssl::ec::{EcGroup, EcKey, EcPoint, PointConversionForm};
    use openssl::ecdsa::EcdsaSig;
    use openssl::nid::Nid;
    use openssl::pkey::PKey;

    fn nid(name: &str) -> Option<Nid> {
        Some(match name {
            "secp192k1" => Nid::SECP192K1,
            "secp192r1" => Nid::X9_62_PRIME192V1,
            "secp224k1" => Nid::SECP224K1,
            "secp224r1" => Nid::SECP224R1,
            "secp256k1" => Nid::SECP256K1,
            "secp256r1" => Nid::X9_62_PRIME256V1,
            "secp384r1" => Nid::SECP384R1,
            "secp521r1" => Nid::SECP521R1,
            "brainpoolP160r1" => Nid::from_raw(921),
            "brainpoolP160t1" => Nid::from_raw(922),
            "brainpoolP192r1" => Nid::from_raw(923),
            "brainpoolP192t1" => Nid::from_raw(924),
            "brainpoolP224r1" => Nid::from_raw(925),
            "brainpoolP224t1" => Nid::from_raw(926),
            "brainpoolP256r1" => Nid::BRAINPOOL_P256R1,
            "brainpoolP256t1" => Nid::from_raw(928),
            "brainpoolP320r1" => Nid::BRAINPOOL_P320R1,
            "brainpoolP320t1" => Nid::from_raw(930),
            "brainpoolP384r1" => Nid::BRAINPOOL_P384R1,
            "brainpoolP384t1" => Nid::from_raw(932),
            "brainpoolP512r1" => Nid::BRAINPOOL_P512R1,
            "brainpoolP512t1" => Nid::from_raw(934),
            _ => return None,
        })
    }

    let mut out = Vec::new();
    for c in weierstrass() {
        let mut r = SuiteResult::new(c.name(), "openssl-3.0/differential", "diff");
        let Some(group) = nid(c.name()).and_then(|n| EcGroup::from_curve_name(n).ok()) else {
            r.skip("curve not in this OpenSSL");
            out.push(r);
            continue;
        };
        let mut ctx = match BigNumContext::new() {
            Ok(x) => x,
            Err(e) => {
                r.record(false, || format!("openssl: {e}"));
                out.push(r);
                continue;
            }
        };
        // The NID really is this curve: OpenSSL's group order equals ours.
        let mut order = match BigNum::new() {
            Ok(x) => x,
            Err(e) => {
                r.record(false, || format!("openssl: {e}"));
                out.push(r);
                continue;
            }
        };
        let same = group.order(&mut order, &mut ctx).is_ok() && order.to_vec() == c.order().to_vec();
        r.record(same, || "OpenSSL's curve for this NID has another order".into());
        let sb = c.scalar_bytes();
        let h = hash_for(c);
        for i in 0..cases {
            let res: Result<(), String> = (|| {
                let ka = EcKey::generate(&group).map_err(|e| e.to_string())?;
                let kb = EcKey::generate(&group).map_err(|e| e.to_string())?;
                let da = ka.private_key().to_vec_padded(sb as i32).map_err(|e| e.to_string())?;
                let qa = ka.public_key().to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx).map_err(|e| e.to_string())?;
                let qb = kb.public_key().to_bytes(&group, PointConversionForm::COMPRESSED, &mut ctx).map_err(|e| e.to_string())?;
                // public key
                let mine = c.public_key(&da, false).map_err(|e| e.to_string())?;
                if mine.as_slice() != qa.as_slice() {
                    return Err("public key differs".into());
                }
                // ECDH
                let pa = PKey::from_ec_key(ka.clone()).map_err(|e| e.to_string())?;
                let pbk = EcKey::from_public_key(&group, kb.public_key()).map_err(|e| e.to_string())?;
                let pb = PKey::from_ec_key(pbk).map_err(|e| e.to_string())?;
                let mut d = Deriver::new(&pa).map_err(|e| e.to_string())?;
                d.set_peer(&pb).map_err(|e| e.to_string())?;
                let theirs = d.derive_to_vec().map_err(|e| e.to_string())?;
                let ours = c.ecdh(&da, &qb).map_err(|e| e.to_string())?;
                if ours.as_slice() != theirs.as_slice() {
                    return Err("ECDH differs".into());
                }
                // ECDSA: OpenSSL signs, kurve verifies; kurve signs, OpenSSL verifies
                let msg = format!("kurve-lab differential {i}").into_bytes();
                let digest = h.digest(&msg);
                let sig = EcdsaSig::sign(digest.as_slice(), &ka).map_err(|e| e.to_string())?;
                let der = sig.to_der().map_err(|e| e.to_string())?;
                c.ecdsa_verify(h, &qa, &msg, &der, SigFormat::Der, false).map_err(|e| format!("kurve rejects OpenSSL signature: {e}"))?;
                let ks = c.ecdsa_sign(h, &da, &msg, SigFormat::Der, &[], false).map_err(|e| e.to_string())?;
                let ks = EcdsaSig::from_der(ks.as_slice()).map_err(|e| e.to_string())?;
                if !ks.verify(digest.as_slice(), &ka).map_err(|e| e.to_string())? {
                    return Err("OpenSSL rejects kurve signature".into());
                }
                // scalar mul of an OpenSSL point by an edge scalar (n − 1 − i)
                let mut k = c.order().to_vec();
                let last = k.len() - 1;
                k[last] = k[last].wrapping_sub(1 + i as u8);
                let bn = BigNum::from_slice(&k).map_err(|e| e.to_string())?;
                let mut p = EcPoint::new(&group).map_err(|e| e.to_string())?;
                p.mul2(&group, ka.public_key(), &bn, &mut ctx).map_err(|e| e.to_string())?;
                let theirs = p.to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx).map_err(|e| e.to_string())?;
                let ours = c.mul(&k, &qa).map_err(|e| e.to_string())?;
                if ours.as_slice() != theirs.as_slice() {
                    return Err("scalar multiplication differs".into());
                }
                Ok(())
            })();
            r.record(res.is_ok(), || format!("case {i}: {}", res.clone().err().unwrap_or_default()));
        }
        out.push(r);
    }
    out
}
