//! `report --peers`: the same operations in the peer libraries, timed in the
//! same run as kurve (feature `peers`; the default build compiles none of
//! these crates).
//!
//! For each curve the runtime section builds one set of inputs
//! ([`EcInputs`], [`EdInputs`], [`XdhInputs`]) together with kurve's
//! results, and asks this module for the peers' [`Contender`]s. Every
//! contender is **checked before it is timed**: a peer whose result
//! disagrees with kurve's on the same inputs becomes an error row
//! (`"impl": peer, "error": …`) and is not timed.
//!
//! What "checked" means per op:
//! - `keygen`, `ecdh`, `xdh`, group ops: byte-equal results;
//! - `ecdsa_sign`: kurve verifies the peer's signature, and where the peer
//!   uses RFC 6979 like kurve (RustCrypto, libsecp256k1) the signatures must
//!   be byte-equal (low-s normalized where the peer normalizes);
//! - `ecdsa_verify`, `eddsa_verify`: the peer accepts kurve's signature and
//!   rejects it on a different message;
//! - `eddsa_sign`: byte-equal (EdDSA is deterministic).
//!
//! What each op does (the same for kurve and every peer, `shared/PEERS.md`):
//! ECDH/XDH decode and validate the peer's public key bytes, multiply and
//! return x (or u); keygen goes from secret bytes to the encoded public key
//! (uncompressed SEC1; for EdDSA seed → public key including the hash);
//! sign hashes a 32-byte message (SHA-256/384/512 by size) and signs with a
//! key object built once outside the timed closure (kurve's `eddsa_sign` too:
//! an expanded `Ed25519SigningKey` / `Ed448SigningKey`); verify
//! hashes and verifies with the public key decoded once outside the loop
//! where the peer's API allows. Where a peer's API forces something else
//! (ring: ECDH only with a fresh random ephemeral key), the row says so in
//! its `note`.
//!
//! Peers: `ring`, `aws-lc-rs`, `openssl` (system OpenSSL 3: every SEC 2 and
//! Brainpool curve by NID, X25519/X448/Ed25519/Ed448 via EVP), RustCrypto
//! `p256`/`p384`/`p521`/`k256`/`bp256`/`bp384` (Brainpool r1 and t1),
//! `secp256k1` (the crate, which re-randomizes its context after each
//! secret-key operation) and `secp256k1-sys` (libsecp256k1 called with one
//! fixed context), `curve25519-dalek`/`x25519-dalek`/`ed25519-dalek`,
//! `ed448-goldilocks` and `x448`.
//!
//! Sign rows and key preparation (what the key object built once holds,
//! read from each peer's source): ring `Ed25519KeyPair` and
//! ed448-goldilocks `SigningKey` hold the whole RFC 8032 expansion (s,
//! prefix, A), as kurve's prepared key does; ed25519-dalek `SigningKey`,
//! aws-lc-rs `Ed25519KeyPair` (AWS-LC `ED25519_sign`) and OpenSSL
//! (`ossl_ed25519_sign` / `ossl_ed448_sign` take the raw seed) cache only A
//! and re-hash the seed on every call (one SHA-512 / SHAKE256 of 32 / 57
//! bytes), and the EVP-based two set up a context per call; their rows say
//! so. The ECDSA peers all sign with a key object built once; kurve's
//! registry `ecdsa_sign` decodes and range-checks the private key bytes per
//! call (no other expansion exists for ECDSA).
//!
//! Constant-time status: this module is measurement code, not library code;
//! it handles only fixed test keys.

use crate::runtime::{Contender, EcInputs, EdInputs, XdhInputs};
use std::hint::black_box;

/// The peers' contenders for a short-Weierstrass curve.
pub fn weierstrass(inp: &EcInputs) -> Vec<Contender<'_>> {
    let mut out = Vec::new();
    ring_peer::ec(inp, &mut out);
    awslc::ec(inp, &mut out);
    rustcrypto::ec(inp, &mut out);
    libsecp::ec(inp, &mut out);
    ossl::ec(inp, &mut out);
    out
}

/// The peers' contenders for edwards25519 / edwards448 (EdDSA and group ops).
pub fn edwards(inp: &EdInputs) -> Vec<Contender<'_>> {
    let mut out = Vec::new();
    ring_peer::ed(inp, &mut out);
    awslc::ed(inp, &mut out);
    dalek::ed(inp, &mut out);
    goldilocks::ed(inp, &mut out);
    ossl::ed(inp, &mut out);
    out
}

/// The peers' contenders for X25519 / X448.
pub fn xdh(inp: &XdhInputs) -> Vec<Contender<'_>> {
    let mut out = Vec::new();
    ring_peer::xdh(inp, &mut out);
    awslc::xdh(inp, &mut out);
    dalek::xdh(inp, &mut out);
    goldilocks::xdh(inp, &mut out);
    ossl::xdh(inp, &mut out);
    out
}

type Run<'a> = Result<Box<dyn FnMut() + 'a>, String>;

fn contender<'a>(op: &'static str, implementation: &'static str, note: Option<&'static str>, run: Run<'a>) -> Contender<'a> {
    Contender { op, implementation, note, run }
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// `Ok` if `got` equals kurve's `want`, else the disagreement.
fn same(what: &str, got: &[u8], want: &[u8]) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what} differs from kurve's: {} vs {}", hex(got), hex(want)))
    }
}

/// `Ok` if kurve verifies the peer's r‖s signature of `inp.msg` under `inp.pk`.
fn kurve_verifies(inp: &EcInputs, sig: &[u8]) -> Result<(), String> {
    inp.c
        .ecdsa_verify(inp.hash, &inp.pk, &inp.msg, sig, kurve::proto::SigFormat::P1363, false)
        .map_err(|e| format!("kurve rejects the peer's signature {} ({e:?})", hex(sig)))
}

/// `Ok` if a peer's verify accepts kurve's signature and rejects it on a
/// different message.
fn verify_agrees(ok_on_kurve_sig: bool, ok_on_other_msg: bool) -> Result<(), String> {
    match (ok_on_kurve_sig, ok_on_other_msg) {
        (true, false) => Ok(()),
        (false, _) => Err("rejects kurve's valid signature".into()),
        (true, true) => Err("accepts kurve's signature on a different message".into()),
    }
}

/// The message with its first byte changed (for the negative verify check).
fn other(msg: &[u8; 32]) -> [u8; 32] {
    let mut m = *msg;
    m[0] ^= 1;
    m
}

/// A fresh copy of `v` as a fixed-size array (the inputs have the lengths
/// the curve fixes; a mismatch is a setup error, not a panic).
fn arr<const N: usize>(v: &[u8]) -> Result<[u8; N], String> {
    v.try_into().map_err(|_| format!("input of {} bytes where {N} expected", v.len()))
}

// ---------------------------------------------------------------------------
/// OpenSSL (system OpenSSL 3.0 through the `openssl` crate): every SEC 2 and
/// Brainpool curve kurve has, by NID, through the low-level EC_POINT /
/// ECDSA_do_sign API (its fastest public path); X25519/X448/Ed25519/Ed448
/// through EVP_PKEY objects.
mod ossl {
    use super::*;
    use kurve::proto::HashAlg;
    use openssl::bn::{BigNum, BigNumContext};
    use openssl::derive::Deriver;
    use openssl::ec::{EcGroup, EcKey, EcPoint, PointConversionForm};
    use openssl::ecdsa::EcdsaSig;
    use openssl::error::ErrorStack;
    use openssl::nid::Nid;
    use openssl::pkey::{Id, PKey};
    use openssl::sign::{Signer, Verifier};

    const NAME: &str = "openssl";

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
            // NIDs of OpenSSL's obj_mac.h (brainpoolP160r1 = 921 … P512t1 = 934)
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

    fn e(err: ErrorStack) -> String {
        format!("openssl: {err}")
    }

    fn digest(h: HashAlg, msg: &[u8]) -> Vec<u8> {
        match h {
            HashAlg::Sha256 => openssl::sha::sha256(msg).to_vec(),
            HashAlg::Sha384 => openssl::sha::sha384(msg).to_vec(),
            _ => openssl::sha::sha512(msg).to_vec(),
        }
    }

    pub(super) fn ec<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
        let Some(nid) = nid(inp.c.name()) else { return };
        out.push(contender("ecdh", NAME, Some(NOTE_ECDH), ecdh(nid, inp)));
        out.push(contender("keygen", NAME, None, keygen(nid, inp)));
        out.push(contender("ecdsa_sign", NAME, Some(NOTE_SIGN), sign(nid, inp)));
        out.push(contender("ecdsa_verify", NAME, None, verify(nid, inp)));
    }

    const NOTE_ECDH: &str = "EC_POINT_oct2point (on-curve check) + EC_POINT_mul + affine x; low-level API, no EVP overhead";
    const NOTE_SIGN: &str = "ECDSA_do_sign with a random nonce (not RFC 6979), key object built once";

    fn ecdh<'a>(nid: Nid, inp: &'a EcInputs) -> Run<'a> {
        let group = EcGroup::from_curve_name(nid).map_err(e)?;
        let mut ctx = BigNumContext::new().map_err(e)?;
        let d = BigNum::from_slice(&inp.d).map_err(e)?;
        let flen = inp.c.field_bytes() as i32;
        let mut f = move |peer: &[u8]| -> Result<Vec<u8>, ErrorStack> {
            let q = EcPoint::from_bytes(&group, peer, &mut ctx)?;
            let mut r = EcPoint::new(&group)?;
            r.mul2(&group, &q, &d, &mut ctx)?;
            let (mut x, mut y) = (BigNum::new()?, BigNum::new()?);
            r.affine_coordinates(&group, &mut x, &mut y, &mut ctx)?;
            x.to_vec_padded(flen)
        };
        same("shared secret", &f(&inp.peer).map_err(e)?, &inp.shared)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.peer)).ok());
        }))
    }

    fn keygen<'a>(nid: Nid, inp: &'a EcInputs) -> Run<'a> {
        let group = EcGroup::from_curve_name(nid).map_err(e)?;
        let mut ctx = BigNumContext::new().map_err(e)?;
        let mut f = move |d: &[u8]| -> Result<Vec<u8>, ErrorStack> {
            let d = BigNum::from_slice(d)?;
            let mut r = EcPoint::new(&group)?;
            r.mul_generator2(&group, &d, &mut ctx)?;
            r.to_bytes(&group, PointConversionForm::UNCOMPRESSED, &mut ctx)
        };
        same("public key", &f(&inp.d).map_err(e)?, &inp.pk)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.d)).ok());
        }))
    }

    fn sign<'a>(nid: Nid, inp: &'a EcInputs) -> Run<'a> {
        let group = EcGroup::from_curve_name(nid).map_err(e)?;
        let mut ctx = BigNumContext::new().map_err(e)?;
        let d = BigNum::from_slice(&inp.d).map_err(e)?;
        let pk = EcPoint::from_bytes(&group, &inp.pk, &mut ctx).map_err(e)?;
        let key = EcKey::from_private_components(&group, &d, &pk).map_err(e)?;
        let (h, n) = (inp.hash, inp.c.scalar_bytes() as i32);
        let f = move |msg: &[u8]| -> Result<Vec<u8>, ErrorStack> {
            let sig = EcdsaSig::sign(&digest(h, msg), &key)?;
            let mut rs = sig.r().to_vec_padded(n)?;
            rs.extend_from_slice(&sig.s().to_vec_padded(n)?);
            Ok(rs)
        };
        kurve_verifies(inp, &f(&inp.msg).map_err(e)?)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.msg)).ok());
        }))
    }

    fn verify<'a>(nid: Nid, inp: &'a EcInputs) -> Run<'a> {
        let group = EcGroup::from_curve_name(nid).map_err(e)?;
        let mut ctx = BigNumContext::new().map_err(e)?;
        let pk = EcPoint::from_bytes(&group, &inp.pk, &mut ctx).map_err(e)?;
        let key = EcKey::from_public_key(&group, &pk).map_err(e)?;
        let (h, n) = (inp.hash, inp.c.scalar_bytes());
        let f = move |msg: &[u8], sig: &[u8]| -> Result<bool, ErrorStack> {
            let (r, s) = sig.split_at(n.min(sig.len()));
            let sig = EcdsaSig::from_private_components(BigNum::from_slice(r)?, BigNum::from_slice(s)?)?;
            sig.verify(&digest(h, msg), &key)
        };
        let sig = &inp.sig_low_s;
        verify_agrees(f(&inp.msg, sig).map_err(e)?, f(&other(&inp.msg), sig).map_err(e)?)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.msg), black_box(sig)).ok());
        }))
    }

    fn ed_id(name: &str) -> Option<Id> {
        match name {
            "edwards25519" => Some(Id::ED25519),
            "edwards448" => Some(Id::ED448),
            _ => None,
        }
    }

    const NOTE_EVP: &str = "EVP_PKEY API (OpenSSL's only API for these curves): per-call object setup included";

    pub(super) fn ed<'a>(inp: &'a EdInputs, out: &mut Vec<Contender<'a>>) {
        let Some(id) = ed_id(inp.c.name()) else { return };
        out.push(contender("keygen", NAME, Some(NOTE_EVP), ed_keygen(id, inp)));
        out.push(contender("eddsa_sign", NAME, Some(NOTE_EVP), ed_sign(id, inp)));
        out.push(contender("eddsa_verify", NAME, Some(NOTE_EVP), ed_verify(id, inp)));
    }

    fn ed_keygen<'a>(id: Id, inp: &'a EdInputs) -> Run<'a> {
        let f = move |seed: &[u8]| -> Result<Vec<u8>, ErrorStack> { PKey::private_key_from_raw_bytes(seed, id)?.raw_public_key() };
        same("public key", &f(&inp.seed).map_err(e)?, &inp.pk)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.seed)).ok());
        }))
    }

    fn ed_sign<'a>(id: Id, inp: &'a EdInputs) -> Run<'a> {
        let key = PKey::private_key_from_raw_bytes(&inp.seed, id).map_err(e)?;
        let f = move |msg: &[u8]| -> Result<Vec<u8>, ErrorStack> { Signer::new_without_digest(&key)?.sign_oneshot_to_vec(msg) };
        same("signature", &f(&inp.msg).map_err(e)?, &inp.sig)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.msg)).ok());
        }))
    }

    fn ed_verify<'a>(id: Id, inp: &'a EdInputs) -> Run<'a> {
        let key = PKey::public_key_from_raw_bytes(&inp.pk, id).map_err(e)?;
        let f = move |msg: &[u8], sig: &[u8]| -> Result<bool, ErrorStack> { Verifier::new_without_digest(&key)?.verify_oneshot(sig, msg) };
        verify_agrees(f(&inp.msg, &inp.sig).map_err(e)?, f(&other(&inp.msg), &inp.sig).map_err(e)?)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.msg), black_box(&inp.sig)).ok());
        }))
    }

    pub(super) fn xdh<'a>(inp: &'a XdhInputs, out: &mut Vec<Contender<'a>>) {
        let id = match inp.c.name() {
            "x25519" => Id::X25519,
            "x448" => Id::X448,
            _ => return,
        };
        out.push(contender("xdh", NAME, Some(NOTE_XDH), xdh_derive(id, inp)));
        out.push(contender("keygen", NAME, Some(NOTE_EVP), xdh_keygen(id, inp)));
    }

    const NOTE_XDH: &str = "EVP_PKEY_derive; private key object built once, peer key object per call";

    fn xdh_derive<'a>(id: Id, inp: &'a XdhInputs) -> Run<'a> {
        let key = PKey::private_key_from_raw_bytes(&inp.k1, id).map_err(e)?;
        let f = move |u: &[u8]| -> Result<Vec<u8>, ErrorStack> {
            let peer = PKey::public_key_from_raw_bytes(u, id)?;
            let mut d = Deriver::new(&key)?;
            d.set_peer(&peer)?;
            d.derive_to_vec()
        };
        same("shared secret", &f(&inp.u).map_err(e)?, &inp.shared)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.u)).ok());
        }))
    }

    fn xdh_keygen<'a>(id: Id, inp: &'a XdhInputs) -> Run<'a> {
        let f = move |k: &[u8]| -> Result<Vec<u8>, ErrorStack> { PKey::private_key_from_raw_bytes(k, id)?.raw_public_key() };
        same("public key", &f(&inp.k1).map_err(e)?, &inp.pk1)?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.k1)).ok());
        }))
    }
}

// ---------------------------------------------------------------------------
/// ring 0.17: P-256, P-384, Ed25519, X25519.
///
/// ring's ECDH keys are single-use `EphemeralPrivateKey`s generated from an
/// RNG, and its test RNG (`FixedSliceRandom`) is not public in 0.17.14, so
/// ring's `ecdh`/`xdh`/`keygen` rows use a fresh random secret per call
/// (noted on the row). They are checked by agreement instead: kurve computes
/// the shared secret from ring's ephemeral public key and must get ring's.
mod ring_peer {
    use super::*;
    use ring::agreement::{self, EphemeralPrivateKey, UnparsedPublicKey};
    use ring::rand::SystemRandom;
    use ring::signature::{self, EcdsaKeyPair, Ed25519KeyPair, KeyPair};

    const NAME: &str = "ring";
    const NOTE_EPH: &str = "fresh random ephemeral secret per call, RNG included (ring 0.17.14 has no ECDH/keygen from fixed secret bytes)";
    const NOTE_VERIFY: &str = "parses the public key on every call (ring's API)";

    struct Algs {
        ecdh: &'static agreement::Algorithm,
        sign: &'static signature::EcdsaSigningAlgorithm,
        verify: &'static signature::EcdsaVerificationAlgorithm,
    }

    pub(super) fn ec<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
        let algs = match inp.c.name() {
            "secp256r1" => Algs {
                ecdh: &agreement::ECDH_P256,
                sign: &signature::ECDSA_P256_SHA256_FIXED_SIGNING,
                verify: &signature::ECDSA_P256_SHA256_FIXED,
            },
            "secp384r1" => Algs {
                ecdh: &agreement::ECDH_P384,
                sign: &signature::ECDSA_P384_SHA384_FIXED_SIGNING,
                verify: &signature::ECDSA_P384_SHA384_FIXED,
            },
            _ => return,
        };
        let ecdh_check = |eph_pub: &[u8], ring_shared: &[u8]| -> Result<(), String> {
            let k = inp.c.ecdh(&inp.peer_d, eph_pub).map_err(|e| format!("kurve rejects ring's public key ({e:?})"))?;
            same("ring's shared secret", ring_shared, &k)
        };
        out.push(contender("ecdh", NAME, Some(NOTE_EPH), ephemeral_agree(algs.ecdh, &inp.peer, ecdh_check)));
        out.push(contender("keygen", NAME, Some(NOTE_EPH), ec_keygen(algs.ecdh, algs.sign, inp)));
        out.push(contender("ecdsa_sign", NAME, Some("random nonce (ring's scheme), key pair built once"), ec_sign(algs.sign, inp)));
        out.push(contender("ecdsa_verify", NAME, Some(NOTE_VERIFY), ec_verify(algs.verify, inp)));
    }

    /// ECDH / X25519 with a fresh ephemeral key against `peer`; checked by
    /// `check(ring's public key, ring's shared secret)`.
    fn ephemeral_agree<'a>(
        alg: &'static agreement::Algorithm,
        peer: &'a [u8],
        check: impl Fn(&[u8], &[u8]) -> Result<(), String>,
    ) -> Run<'a> {
        let rng = SystemRandom::new();
        let err = |_| "ring: agreement failed".to_string();
        let eph = EphemeralPrivateKey::generate(alg, &rng).map_err(err)?;
        let eph_pub = eph.compute_public_key().map_err(err)?;
        let shared = agreement::agree_ephemeral(eph, &UnparsedPublicKey::new(alg, peer), |s| s.to_vec()).map_err(err)?;
        check(eph_pub.as_ref(), &shared)?;
        Ok(Box::new(move || {
            let r = EphemeralPrivateKey::generate(alg, &rng)
                .ok()
                .and_then(|k| agreement::agree_ephemeral(k, &UnparsedPublicKey::new(alg, black_box(peer)), |s| black_box(s[0])).ok());
            black_box(r);
        }))
    }

    fn ec_keygen<'a>(alg: &'static agreement::Algorithm, sign: &'static signature::EcdsaSigningAlgorithm, inp: &'a EcInputs) -> Run<'a> {
        let rng = SystemRandom::new();
        // ring recomputes [d]G from the private key and rejects a mismatch.
        let kp = EcdsaKeyPair::from_private_key_and_public_key(sign, &inp.d, &inp.pk, &rng)
            .map_err(|e| format!("ring: [d]G differs from kurve's public key ({e})"))?;
        same("public key", kp.public_key().as_ref(), &inp.pk)?;
        Ok(Box::new(move || {
            let r = EphemeralPrivateKey::generate(alg, &rng).ok().and_then(|k| k.compute_public_key().ok());
            black_box(r);
        }))
    }

    fn ec_sign<'a>(alg: &'static signature::EcdsaSigningAlgorithm, inp: &'a EcInputs) -> Run<'a> {
        let rng = SystemRandom::new();
        let kp = EcdsaKeyPair::from_private_key_and_public_key(alg, &inp.d, &inp.pk, &rng).map_err(|e| format!("ring: {e}"))?;
        let sig = kp.sign(&rng, &inp.msg).map_err(|_| "ring: sign failed".to_string())?;
        kurve_verifies(inp, sig.as_ref())?;
        Ok(Box::new(move || {
            black_box(kp.sign(&rng, black_box(&inp.msg)).ok());
        }))
    }

    fn ec_verify<'a>(alg: &'static signature::EcdsaVerificationAlgorithm, inp: &'a EcInputs) -> Run<'a> {
        let f = move |msg: &[u8]| signature::UnparsedPublicKey::new(alg, &inp.pk).verify(msg, &inp.sig_low_s).is_ok();
        verify_agrees(f(&inp.msg), f(&other(&inp.msg)))?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.msg)));
        }))
    }

    pub(super) fn ed<'a>(inp: &'a EdInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "edwards25519" {
            return;
        }
        let kg = || -> Run<'a> {
            let f = |seed: &[u8]| Ed25519KeyPair::from_seed_unchecked(seed).map(|k| k.public_key().as_ref().to_vec());
            same("public key", &f(&inp.seed).map_err(|e| format!("ring: {e}"))?, &inp.pk)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.seed)).ok());
            }))
        };
        out.push(contender("keygen", NAME, None, kg()));
        let sg = || -> Run<'a> {
            let kp = Ed25519KeyPair::from_seed_unchecked(&inp.seed).map_err(|e| format!("ring: {e}"))?;
            same("signature", kp.sign(&inp.msg).as_ref(), &inp.sig)?;
            Ok(Box::new(move || {
                black_box(kp.sign(black_box(&inp.msg)));
            }))
        };
        out.push(contender("eddsa_sign", NAME, None, sg()));
        let vf = || -> Run<'a> {
            let f = move |msg: &[u8]| signature::UnparsedPublicKey::new(&signature::ED25519, &inp.pk).verify(msg, &inp.sig).is_ok();
            verify_agrees(f(&inp.msg), f(&other(&inp.msg)))?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.msg)));
            }))
        };
        out.push(contender("eddsa_verify", NAME, Some(NOTE_VERIFY), vf()));
    }

    pub(super) fn xdh<'a>(inp: &'a XdhInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "x25519" {
            return;
        }
        let check = |eph_pub: &[u8], ring_shared: &[u8]| -> Result<(), String> {
            let k = inp.c.xdh(&inp.k2, eph_pub).map_err(|e| format!("kurve rejects ring's public key ({e:?})"))?;
            same("ring's shared secret", ring_shared, &k)
        };
        out.push(contender("xdh", NAME, Some(NOTE_EPH), ephemeral_agree(&agreement::X25519, &inp.u, check)));
        let kg = || -> Run<'a> {
            // checked through an agreement with kurve (ring cannot import a fixed secret)
            let rng = SystemRandom::new();
            let err = |_| "ring: X25519 keygen failed".to_string();
            let eph = EphemeralPrivateKey::generate(&agreement::X25519, &rng).map_err(err)?;
            let eph_pub = eph.compute_public_key().map_err(err)?;
            let shared = agreement::agree_ephemeral(eph, &UnparsedPublicKey::new(&agreement::X25519, &inp.u), |s| s.to_vec()).map_err(err)?;
            check(eph_pub.as_ref(), &shared)?;
            Ok(Box::new(move || {
                let r = EphemeralPrivateKey::generate(&agreement::X25519, &rng).ok().and_then(|k| k.compute_public_key().ok());
                black_box(r);
            }))
        };
        out.push(contender("keygen", NAME, Some(NOTE_EPH), kg()));
    }
}

// ---------------------------------------------------------------------------
/// aws-lc-rs 1.x (AWS-LC): P-256/384/521 ECDH and ECDSA, secp256k1 ECDSA
/// only (no secp256k1 ECDH or keygen), Ed25519, X25519.
mod awslc {
    use super::*;
    use aws_lc_rs::agreement::{self, PrivateKey, UnparsedPublicKey};
    use aws_lc_rs::rand::SystemRandom;
    use aws_lc_rs::signature::{self, EcdsaKeyPair, Ed25519KeyPair, KeyPair, ParsedPublicKey};

    const NAME: &str = "aws-lc-rs";

    pub(super) fn ec<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
        let (ecdh, sign, verify): (Option<&'static agreement::Algorithm>, _, &'static signature::EcdsaVerificationAlgorithm) =
            match inp.c.name() {
                "secp256r1" => (Some(&agreement::ECDH_P256), &signature::ECDSA_P256_SHA256_FIXED_SIGNING, &signature::ECDSA_P256_SHA256_FIXED),
                "secp384r1" => (Some(&agreement::ECDH_P384), &signature::ECDSA_P384_SHA384_FIXED_SIGNING, &signature::ECDSA_P384_SHA384_FIXED),
                "secp521r1" => (Some(&agreement::ECDH_P521), &signature::ECDSA_P521_SHA512_FIXED_SIGNING, &signature::ECDSA_P521_SHA512_FIXED),
                "secp256k1" => (None, &signature::ECDSA_P256K1_SHA256_FIXED_SIGNING, &signature::ECDSA_P256K1_SHA256_FIXED),
                _ => return,
            };
        if let Some(alg) = ecdh {
            out.push(contender("ecdh", NAME, Some("private key object built once"), ec_ecdh(alg, inp)));
            out.push(contender("keygen", NAME, None, ec_keygen(alg, inp)));
        }
        out.push(contender("ecdsa_sign", NAME, Some("random nonce, key pair built once"), ec_sign(sign, inp)));
        out.push(contender("ecdsa_verify", NAME, None, ec_verify(verify, inp)));
    }

    fn err<E: std::fmt::Debug>(e: E) -> String {
        format!("aws-lc-rs: {e:?}")
    }

    fn agree_with(key: &PrivateKey, alg: &'static agreement::Algorithm, peer: &[u8]) -> Option<Vec<u8>> {
        agreement::agree(key, UnparsedPublicKey::new(alg, peer), (), |s| Ok(s.to_vec())).ok()
    }

    fn ec_ecdh<'a>(alg: &'static agreement::Algorithm, inp: &'a EcInputs) -> Run<'a> {
        let key = PrivateKey::from_private_key(alg, &inp.d).map_err(err)?;
        same("shared secret", &agree_with(&key, alg, &inp.peer).ok_or("aws-lc-rs: agreement failed")?, &inp.shared)?;
        Ok(Box::new(move || {
            black_box(agree_with(&key, alg, black_box(&inp.peer)));
        }))
    }

    fn keygen_of(alg: &'static agreement::Algorithm, d: &[u8]) -> Option<Vec<u8>> {
        let k = PrivateKey::from_private_key(alg, d).ok()?;
        Some(k.compute_public_key().ok()?.as_ref().to_vec())
    }

    fn ec_keygen<'a>(alg: &'static agreement::Algorithm, inp: &'a EcInputs) -> Run<'a> {
        same("public key", &keygen_of(alg, &inp.d).ok_or("aws-lc-rs: keygen failed")?, &inp.pk)?;
        Ok(Box::new(move || {
            black_box(keygen_of(alg, black_box(&inp.d)));
        }))
    }

    fn ec_sign<'a>(alg: &'static signature::EcdsaSigningAlgorithm, inp: &'a EcInputs) -> Run<'a> {
        let kp = EcdsaKeyPair::from_private_key_and_public_key(alg, &inp.d, &inp.pk).map_err(err)?;
        let rng = SystemRandom::new();
        kurve_verifies(inp, kp.sign(&rng, &inp.msg).map_err(err)?.as_ref())?;
        Ok(Box::new(move || {
            black_box(kp.sign(&rng, black_box(&inp.msg)).ok());
        }))
    }

    fn ec_verify<'a>(alg: &'static signature::EcdsaVerificationAlgorithm, inp: &'a EcInputs) -> Run<'a> {
        let key = ParsedPublicKey::new(alg, &inp.pk).map_err(err)?;
        let f = move |msg: &[u8]| key.verify_sig(msg, &inp.sig_low_s).is_ok();
        verify_agrees(f(&inp.msg), f(&other(&inp.msg)))?;
        Ok(Box::new(move || {
            black_box(f(black_box(&inp.msg)));
        }))
    }

    pub(super) fn ed<'a>(inp: &'a EdInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "edwards25519" {
            return;
        }
        let kg = || -> Run<'a> {
            let f = |seed: &[u8]| Ed25519KeyPair::from_seed_unchecked(seed).map(|k| k.public_key().as_ref().to_vec());
            same("public key", &f(&inp.seed).map_err(err)?, &inp.pk)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.seed)).ok());
            }))
        };
        out.push(contender("keygen", NAME, None, kg()));
        let sg = || -> Run<'a> {
            let kp = Ed25519KeyPair::from_seed_unchecked(&inp.seed).map_err(err)?;
            same("signature", kp.sign(&inp.msg).as_ref(), &inp.sig)?;
            Ok(Box::new(move || {
                black_box(kp.sign(black_box(&inp.msg)));
            }))
        };
        out.push(contender("eddsa_sign", NAME, Some("key pair built once; per call AWS-LC re-hashes the seed (SHA-512) and sets up an EVP context"), sg()));
        let vf = || -> Run<'a> {
            let key = ParsedPublicKey::new(&signature::ED25519, &inp.pk).map_err(err)?;
            let f = move |msg: &[u8]| key.verify_sig(msg, &inp.sig).is_ok();
            verify_agrees(f(&inp.msg), f(&other(&inp.msg)))?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.msg)));
            }))
        };
        out.push(contender("eddsa_verify", NAME, None, vf()));
    }

    pub(super) fn xdh<'a>(inp: &'a XdhInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "x25519" {
            return;
        }
        let alg = &agreement::X25519;
        let dh = || -> Run<'a> {
            let key = PrivateKey::from_private_key(alg, &inp.k1).map_err(err)?;
            same("shared secret", &agree_with(&key, alg, &inp.u).ok_or("aws-lc-rs: agreement failed")?, &inp.shared)?;
            Ok(Box::new(move || {
                black_box(agree_with(&key, alg, black_box(&inp.u)));
            }))
        };
        out.push(contender("xdh", NAME, Some("private key object built once"), dh()));
        let kg = || -> Run<'a> {
            same("public key", &keygen_of(alg, &inp.k1).ok_or("aws-lc-rs: keygen failed")?, &inp.pk1)?;
            Ok(Box::new(move || {
                black_box(keygen_of(alg, black_box(&inp.k1)));
            }))
        };
        out.push(contender("keygen", NAME, None, kg()));
    }
}

// ---------------------------------------------------------------------------
/// RustCrypto `elliptic-curve` 0.14 family: p256, p384, p521, k256, bp256
/// and bp384 (Brainpool r1 and t1). One macro instance per curve type, so
/// each is monomorphized like a user's code would be.
mod rustcrypto {
    use super::*;
    use ecdsa::signature::{Signer, Verifier};
    use elliptic_curve::sec1::ToSec1Point;

    pub(super) fn ec<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
        match inp.c.name() {
            "secp256r1" => p256_ops(inp, out),
            "secp384r1" => p384_ops(inp, out),
            "secp521r1" => p521_ops(inp, out),
            "secp256k1" => k256_ops(inp, out),
            "brainpoolP256r1" => bp256r1_ops(inp, out),
            "brainpoolP256t1" => bp256t1_ops(inp, out),
            "brainpoolP384r1" => bp384r1_ops(inp, out),
            "brainpoolP384t1" => bp384t1_ops(inp, out),
            _ => {}
        }
    }

    /// `$low_s`: the crate normalizes s (k256), so its RFC 6979 signature
    /// must equal kurve's low-s one.
    macro_rules! rustcrypto_curve {
        ($fname:ident, $name:literal, $C:ty, $low_s:expr) => {
            fn $fname<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
                type C = $C;
                const NAME: &str = $name;
                let err = |e: &dyn std::fmt::Debug| format!("{NAME}: {e:?}");
                let keygen = || -> Run<'a> {
                    let f = |d: &[u8]| -> Option<Vec<u8>> {
                        let sk = elliptic_curve::SecretKey::<C>::from_slice(d).ok()?;
                        Some(sk.public_key().to_sec1_point(false).as_bytes().to_vec())
                    };
                    same("public key", &f(&inp.d).ok_or_else(|| err(&"SecretKey::from_slice"))?, &inp.pk)?;
                    Ok(Box::new(move || {
                        black_box(f(black_box(&inp.d)));
                    }))
                };
                out.push(contender("keygen", NAME, None, keygen()));
                let ecdh = || -> Run<'a> {
                    let sk = elliptic_curve::SecretKey::<C>::from_slice(&inp.d).map_err(|e| err(&e))?;
                    let f = move |peer: &[u8]| -> Option<Vec<u8>> {
                        let pk = elliptic_curve::PublicKey::<C>::from_sec1_bytes(peer).ok()?;
                        let s = elliptic_curve::ecdh::diffie_hellman(sk.to_nonzero_scalar(), pk.as_affine());
                        Some(s.raw_secret_bytes().to_vec())
                    };
                    same("shared secret", &f(&inp.peer).ok_or_else(|| err(&"ecdh"))?, &inp.shared)?;
                    Ok(Box::new(move || {
                        black_box(f(black_box(&inp.peer)));
                    }))
                };
                out.push(contender("ecdh", NAME, None, ecdh()));
                let sign = || -> Run<'a> {
                    let sk = ecdsa::SigningKey::<C>::from_slice(&inp.d).map_err(|e| err(&e))?;
                    let f = move |msg: &[u8]| -> Vec<u8> {
                        let s: ecdsa::Signature<C> = sk.sign(msg);
                        s.to_bytes().to_vec()
                    };
                    let sig = f(&inp.msg);
                    kurve_verifies(inp, &sig)?;
                    same("RFC 6979 signature", &sig, if $low_s { &inp.sig_low_s } else { &inp.sig })?;
                    Ok(Box::new(move || {
                        black_box(f(black_box(&inp.msg)));
                    }))
                };
                out.push(contender("ecdsa_sign", NAME, None, sign()));
                let verify = || -> Run<'a> {
                    let vk = ecdsa::VerifyingKey::<C>::from_sec1_bytes(&inp.pk).map_err(|e| err(&e))?;
                    let f = move |msg: &[u8], sig: &[u8]| -> bool {
                        match ecdsa::Signature::<C>::from_slice(sig) {
                            Ok(s) => vk.verify(msg, &s).is_ok(),
                            Err(_) => false,
                        }
                    };
                    verify_agrees(f(&inp.msg, &inp.sig_low_s), f(&other(&inp.msg), &inp.sig_low_s))?;
                    Ok(Box::new(move || {
                        black_box(f(black_box(&inp.msg), black_box(&inp.sig_low_s)));
                    }))
                };
                out.push(contender("ecdsa_verify", NAME, None, verify()));
            }
        };
    }

    rustcrypto_curve!(p256_ops, "p256", p256::NistP256, false);
    rustcrypto_curve!(p384_ops, "p384", p384::NistP384, false);
    rustcrypto_curve!(p521_ops, "p521", p521::NistP521, false);
    rustcrypto_curve!(k256_ops, "k256", k256::Secp256k1, true);
    rustcrypto_curve!(bp256r1_ops, "bp256", bp256::r1::BrainpoolP256r1, false);
    rustcrypto_curve!(bp256t1_ops, "bp256", bp256::t1::BrainpoolP256t1, false);
    rustcrypto_curve!(bp384r1_ops, "bp384", bp384::r1::BrainpoolP384r1, false);
    rustcrypto_curve!(bp384t1_ops, "bp384", bp384::t1::BrainpoolP384t1, false);
}

// ---------------------------------------------------------------------------
/// libsecp256k1, twice: through the `secp256k1` crate (0.33 re-randomizes its
/// global context after every secret-key operation) and through
/// `secp256k1-sys` with one fixed context (libsecp256k1's own speed), as
/// PEERS.md asks; the faster is the best peer.
mod libsecp {
    use super::*;
    use secp256k1::{ecdsa, Message, PublicKey, SecretKey};
    use sha2::{Digest, Sha256};

    fn sha256(msg: &[u8]) -> [u8; 32] {
        Sha256::digest(msg).into()
    }

    pub(super) fn ec<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "secp256k1" {
            return;
        }
        crate_ops(inp, out);
        sys::ops(inp, out);
    }

    const NAME: &str = "secp256k1";
    const NOTE: &str = "secp256k1 crate: global context re-randomized after each secret-key operation";

    fn err(e: secp256k1::Error) -> String {
        format!("secp256k1: {e}")
    }

    fn crate_ops<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
        let keygen = || -> Run<'a> {
            let f = |d: &[u8]| -> Result<Vec<u8>, String> {
                let sk = SecretKey::from_secret_bytes(arr(d)?).map_err(err)?;
                Ok(PublicKey::from_secret_key(&sk).serialize_uncompressed().to_vec())
            };
            same("public key", &f(&inp.d)?, &inp.pk)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.d)).ok());
            }))
        };
        out.push(contender("keygen", NAME, Some(NOTE), keygen()));
        let ecdh = || -> Run<'a> {
            let sk = SecretKey::from_secret_bytes(arr(&inp.d)?).map_err(err)?;
            let f = move |peer: &[u8]| -> Result<Vec<u8>, String> {
                let pk = PublicKey::from_slice(peer).map_err(err)?;
                Ok(secp256k1::ecdh::shared_secret_point(&pk, &sk)[..32].to_vec())
            };
            same("shared secret", &f(&inp.peer)?, &inp.shared)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.peer)).ok());
            }))
        };
        out.push(contender("ecdh", NAME, Some(NOTE), ecdh()));
        let sign = || -> Run<'a> {
            let sk = SecretKey::from_secret_bytes(arr(&inp.d)?).map_err(err)?;
            let f = move |msg: &[u8]| ecdsa::sign(Message::from_digest(sha256(msg)), &sk).serialize_compact();
            let sig = f(&inp.msg);
            kurve_verifies(inp, &sig)?;
            same("RFC 6979 signature", &sig, &inp.sig_low_s)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.msg)));
            }))
        };
        out.push(contender("ecdsa_sign", NAME, Some(NOTE), sign()));
        let verify = || -> Run<'a> {
            let pk = PublicKey::from_slice(&inp.pk).map_err(err)?;
            let f = move |msg: &[u8], sig: &[u8]| -> bool {
                match ecdsa::Signature::from_compact(sig) {
                    Ok(s) => ecdsa::verify(&s, Message::from_digest(sha256(msg)), &pk).is_ok(),
                    Err(_) => false,
                }
            };
            verify_agrees(f(&inp.msg, &inp.sig_low_s), f(&other(&inp.msg), &inp.sig_low_s))?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.msg), black_box(&inp.sig_low_s)));
            }))
        };
        out.push(contender("ecdsa_verify", NAME, None, verify()));
    }

    /// libsecp256k1's C API with one context created (and randomized) once.
    mod sys {
        use super::*;
        use secp256k1_sys as ffi;
        use secp256k1_sys::types::{c_int, c_uchar, c_void};
        use std::ptr::{null, NonNull};
        use std::rc::Rc;

        const NAME: &str = "secp256k1-sys";
        const NOTE: &str = "libsecp256k1 C API with one fixed signing+verification context";

        /// An owned libsecp256k1 context (destroyed on drop).
        struct Ctx(NonNull<ffi::Context>);

        impl Ctx {
            fn new() -> Self {
                // SAFETY: creates a fresh context; the flags are valid.
                let ctx = unsafe { ffi::secp256k1_context_create(ffi::SECP256K1_START_SIGN | ffi::SECP256K1_START_VERIFY) };
                let seed = [0x5au8; 32];
                // SAFETY: `ctx` is a valid context and `seed` is 32 bytes.
                unsafe { ffi::secp256k1_context_randomize(ctx, seed.as_ptr()) };
                Ctx(ctx)
            }
            fn ptr(&self) -> *const ffi::Context {
                self.0.as_ptr()
            }
        }

        impl Drop for Ctx {
            fn drop(&mut self) {
                // SAFETY: the context was created by `secp256k1_context_create`
                // and is destroyed exactly once.
                unsafe { ffi::secp256k1_context_destroy(self.0) };
            }
        }

        fn pubkey_create(ctx: &Ctx, d: &[u8; 32]) -> Option<[u8; 65]> {
            // SAFETY: zeroed out-parameter, filled by the call below.
            let mut pk = unsafe { ffi::PublicKey::new() };
            // SAFETY: valid context, out-pointer and 32-byte secret key.
            if unsafe { ffi::secp256k1_ec_pubkey_create(ctx.ptr(), &mut pk, d.as_ptr()) } != 1 {
                return None;
            }
            let mut out = [0u8; 65];
            let mut len = out.len();
            // SAFETY: `out` has room for `len` = 65 bytes, `pk` is initialized.
            let ok = unsafe { ffi::secp256k1_ec_pubkey_serialize(ctx.ptr(), out.as_mut_ptr(), &mut len, &pk, ffi::SECP256K1_SER_UNCOMPRESSED) };
            (ok == 1 && len == 65).then_some(out)
        }

        fn pubkey_parse(ctx: &Ctx, bytes: &[u8]) -> Option<ffi::PublicKey> {
            // SAFETY: zeroed out-parameter, filled by the call below.
            let mut pk = unsafe { ffi::PublicKey::new() };
            // SAFETY: `bytes` is a valid slice of `bytes.len()` bytes.
            let ok = unsafe { ffi::secp256k1_ec_pubkey_parse(ctx.ptr(), &mut pk, bytes.as_ptr(), bytes.len()) };
            (ok == 1).then_some(pk)
        }

        /// ECDH hash function that returns x itself (SEC 1 ECDH, no hashing).
        unsafe extern "C" fn copy_x(output: *mut c_uchar, x: *const c_uchar, _y: *const c_uchar, _data: *mut c_void) -> c_int {
            // SAFETY: libsecp256k1 passes a 32-byte x and an output buffer
            // of the size given to secp256k1_ecdh (32 bytes).
            unsafe { std::ptr::copy_nonoverlapping(x, output, 32) };
            1
        }

        fn ecdh(ctx: &Ctx, d: &[u8; 32], peer: &[u8]) -> Option<[u8; 32]> {
            let pk = pubkey_parse(ctx, peer)?;
            let mut out = [0u8; 32];
            // SAFETY: valid context, 32-byte output, parsed key, 32-byte secret key; `copy_x` writes 32 bytes.
            let ok = unsafe { ffi::secp256k1_ecdh(ctx.ptr(), out.as_mut_ptr(), &pk, d.as_ptr(), Some(copy_x), std::ptr::null_mut()) };
            (ok == 1).then_some(out)
        }

        fn sign(ctx: &Ctx, d: &[u8; 32], msg: &[u8]) -> Option<[u8; 64]> {
            let digest = sha256(msg);
            // SAFETY: zeroed out-parameter, filled by the call below.
            let mut sig = unsafe { ffi::Signature::new() };
            // SAFETY: valid context, 32-byte digest and key; null nonce function = RFC 6979.
            let ok = unsafe { ffi::secp256k1_ecdsa_sign(ctx.ptr(), &mut sig, digest.as_ptr(), d.as_ptr(), None, null()) };
            if ok != 1 {
                return None;
            }
            let mut out = [0u8; 64];
            // SAFETY: `out` is 64 bytes; `sig` is initialized.
            unsafe { ffi::secp256k1_ecdsa_signature_serialize_compact(ctx.ptr(), out.as_mut_ptr(), &sig) };
            Some(out)
        }

        fn verify(ctx: &Ctx, pk: &ffi::PublicKey, msg: &[u8], sig: &[u8]) -> bool {
            if sig.len() != 64 {
                return false;
            }
            let digest = sha256(msg);
            // SAFETY: zeroed out-parameter, filled by the call below.
            let mut s = unsafe { ffi::Signature::new() };
            // SAFETY: `sig` is 64 bytes.
            if unsafe { ffi::secp256k1_ecdsa_signature_parse_compact(ctx.ptr(), &mut s, sig.as_ptr()) } != 1 {
                return false;
            }
            // SAFETY: valid context, parsed signature and key, 32-byte digest.
            unsafe { ffi::secp256k1_ecdsa_verify(ctx.ptr(), &s, digest.as_ptr(), pk) == 1 }
        }

        pub(super) fn ops<'a>(inp: &'a EcInputs, out: &mut Vec<Contender<'a>>) {
            let ctx = Rc::new(Ctx::new());
            let d: [u8; 32] = match arr(&inp.d) {
                Ok(d) => d,
                Err(e) => {
                    out.push(contender("keygen", NAME, None, Err(e)));
                    return;
                }
            };
            let c = ctx.clone();
            let keygen = || -> Run<'a> {
                same("public key", &pubkey_create(&c, &d).ok_or("secp256k1-sys: pubkey_create failed")?, &inp.pk)?;
                Ok(Box::new(move || {
                    black_box(pubkey_create(&c, black_box(&d)));
                }))
            };
            out.push(contender("keygen", NAME, Some(NOTE), keygen()));
            let c = ctx.clone();
            let dh = || -> Run<'a> {
                same("shared secret", &ecdh(&c, &d, &inp.peer).ok_or("secp256k1-sys: ecdh failed")?, &inp.shared)?;
                Ok(Box::new(move || {
                    black_box(ecdh(&c, black_box(&d), black_box(&inp.peer)));
                }))
            };
            out.push(contender("ecdh", NAME, Some(NOTE), dh()));
            let c = ctx.clone();
            let sg = || -> Run<'a> {
                let sig = sign(&c, &d, &inp.msg).ok_or("secp256k1-sys: sign failed")?;
                kurve_verifies(inp, &sig)?;
                same("RFC 6979 signature", &sig, &inp.sig_low_s)?;
                Ok(Box::new(move || {
                    black_box(sign(&c, black_box(&d), black_box(&inp.msg)));
                }))
            };
            out.push(contender("ecdsa_sign", NAME, Some(NOTE), sg()));
            let c = ctx;
            let vf = || -> Run<'a> {
                let pk = pubkey_parse(&c, &inp.pk).ok_or("secp256k1-sys: cannot parse kurve's public key")?;
                verify_agrees(verify(&c, &pk, &inp.msg, &inp.sig_low_s), verify(&c, &pk, &other(&inp.msg), &inp.sig_low_s))?;
                Ok(Box::new(move || {
                    black_box(verify(&c, &pk, black_box(&inp.msg), black_box(&inp.sig_low_s)));
                }))
            };
            out.push(contender("ecdsa_verify", NAME, Some(NOTE), vf()));
        }
    }
}

// ---------------------------------------------------------------------------
/// dalek: curve25519-dalek (edwards25519 group ops), ed25519-dalek, x25519-dalek.
mod dalek {
    use super::*;
    use curve25519_dalek::edwards::{CompressedEdwardsY, EdwardsPoint};
    use curve25519_dalek::scalar::Scalar;
    use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};

    /// kurve's registry scalars are big-endian; dalek's are little-endian.
    fn scalar(be: &[u8]) -> Result<Scalar, String> {
        let mut le: [u8; 32] = arr(be)?;
        le.reverse();
        Ok(Scalar::from_bytes_mod_order(le))
    }

    fn point(enc: &[u8]) -> Option<EdwardsPoint> {
        CompressedEdwardsY(enc.try_into().ok()?).decompress()
    }

    const GROUP: &str = "curve25519-dalek";
    const NOTE_GROUP: &str = "from and to bytes like kurve's row: scalar reduction + decompress + op + compress";

    pub(super) fn ed<'a>(inp: &'a EdInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "edwards25519" {
            return;
        }
        let mul = || -> Run<'a> {
            let f = |k: &[u8], p: &[u8]| -> Option<[u8; 32]> { Some((point(p)? * scalar(k).ok()?).compress().to_bytes()) };
            same("[k]P", &f(&inp.k2, &inp.p).ok_or("dalek: mul failed")?, &inp.mul)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k2), black_box(&inp.p)));
            }))
        };
        out.push(contender("mul", GROUP, Some(NOTE_GROUP), mul()));
        let mul_base = || -> Run<'a> {
            let f = |k: &[u8]| -> Option<[u8; 32]> { Some(EdwardsPoint::mul_base(&scalar(k).ok()?).compress().to_bytes()) };
            same("[k]B", &f(&inp.k2).ok_or("dalek: mul_base failed")?, &inp.mul_base)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k2)));
            }))
        };
        out.push(contender("mul_base", GROUP, Some(NOTE_GROUP), mul_base()));
        let dmul = || -> Run<'a> {
            // kurve: [a]B + [b]P; dalek: vartime_double_scalar_mul_basepoint(b, P, a) = [b]P + [a]B
            let f = |a: &[u8], b: &[u8], p: &[u8]| -> Option<[u8; 32]> {
                let (a, b, p) = (scalar(a).ok()?, scalar(b).ok()?, point(p)?);
                Some(EdwardsPoint::vartime_double_scalar_mul_basepoint(&b, &p, &a).compress().to_bytes())
            };
            same("[a]B + [b]P", &f(&inp.k1, &inp.k2, &inp.g).ok_or("dalek: double mul failed")?, &inp.double_mul)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k1), black_box(&inp.k2), black_box(&inp.g)));
            }))
        };
        out.push(contender("double_mul_vartime", GROUP, Some(NOTE_GROUP), dmul()));

        const ED: &str = "ed25519-dalek";
        let kg = || -> Run<'a> {
            let f = |seed: &[u8]| -> Result<[u8; 32], String> { Ok(SigningKey::from_bytes(&arr(seed)?).verifying_key().to_bytes()) };
            same("public key", &f(&inp.seed)?, &inp.pk)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.seed)).ok());
            }))
        };
        out.push(contender("keygen", ED, None, kg()));
        let sg = || -> Run<'a> {
            let sk = SigningKey::from_bytes(&arr(&inp.seed)?);
            same("signature", &sk.sign(&inp.msg).to_bytes(), &inp.sig)?;
            Ok(Box::new(move || {
                black_box(sk.sign(black_box(&inp.msg)));
            }))
        };
        out.push(contender("eddsa_sign", ED, Some("SigningKey built once (caches A); sign re-hashes the seed (SHA-512) every call"), sg()));
        let vf = || -> Run<'a> {
            let vk = VerifyingKey::from_bytes(&arr(&inp.pk)?).map_err(|e| format!("ed25519-dalek: {e}"))?;
            let f = move |msg: &[u8], sig: &[u8]| -> bool {
                match ed25519_dalek::Signature::from_slice(sig) {
                    Ok(s) => vk.verify(msg, &s).is_ok(),
                    Err(_) => false,
                }
            };
            verify_agrees(f(&inp.msg, &inp.sig), f(&other(&inp.msg), &inp.sig))?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.msg), black_box(&inp.sig)));
            }))
        };
        out.push(contender("eddsa_verify", ED, Some("public key decompressed once"), vf()));
    }

    pub(super) fn xdh<'a>(inp: &'a XdhInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "x25519" {
            return;
        }
        const X: &str = "x25519-dalek";
        let dh = || -> Run<'a> {
            let f = |k: &[u8], u: &[u8]| -> Result<[u8; 32], String> { Ok(x25519_dalek::x25519(arr(k)?, arr(u)?)) };
            same("shared secret", &f(&inp.k1, &inp.u)?, &inp.shared)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k1), black_box(&inp.u)).ok());
            }))
        };
        out.push(contender("xdh", X, None, dh()));
        let kg = || -> Run<'a> {
            let f = |k: &[u8]| -> Result<[u8; 32], String> {
                let s = x25519_dalek::StaticSecret::from(arr::<32>(k)?);
                Ok(x25519_dalek::PublicKey::from(&s).to_bytes())
            };
            same("public key", &f(&inp.k1)?, &inp.pk1)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k1)).ok());
            }))
        };
        out.push(contender("keygen", X, None, kg()));
    }
}

// ---------------------------------------------------------------------------
/// ed448-goldilocks (Ed448) and x448 (X448), RustCrypto's maintained
/// pre-release line.
mod goldilocks {
    use super::*;
    use ed448_goldilocks::{SecretKey, Signature, SigningKey, VerifyingKey};

    const NAME: &str = "ed448-goldilocks";

    fn signing_key(seed: &[u8]) -> Result<SigningKey, String> {
        let sk = SecretKey::try_from(seed).map_err(|_| "ed448-goldilocks: seed length".to_string())?;
        Ok(SigningKey::from(&sk))
    }

    pub(super) fn ed<'a>(inp: &'a EdInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "edwards448" {
            return;
        }
        let kg = || -> Run<'a> {
            let f = |seed: &[u8]| -> Result<Vec<u8>, String> { Ok(signing_key(seed)?.verifying_key().to_bytes().to_vec()) };
            same("public key", &f(&inp.seed)?, &inp.pk)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.seed)).ok());
            }))
        };
        out.push(contender("keygen", NAME, None, kg()));
        let sg = || -> Run<'a> {
            let sk = signing_key(&inp.seed)?;
            same("signature", &sk.sign_raw(&inp.msg).to_bytes(), &inp.sig)?;
            Ok(Box::new(move || {
                black_box(sk.sign_raw(black_box(&inp.msg)));
            }))
        };
        out.push(contender("eddsa_sign", NAME, None, sg()));
        let vf = || -> Run<'a> {
            let vk = VerifyingKey::from_bytes(&arr(&inp.pk)?.into()).map_err(|e| format!("ed448-goldilocks: {e:?}"))?;
            let f = move |msg: &[u8], sig: &[u8]| -> bool {
                match Signature::try_from(sig) {
                    Ok(s) => vk.verify_raw(&s, msg).is_ok(),
                    Err(_) => false,
                }
            };
            verify_agrees(f(&inp.msg, &inp.sig), f(&other(&inp.msg), &inp.sig))?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.msg), black_box(&inp.sig)));
            }))
        };
        out.push(contender("eddsa_verify", NAME, Some("public key decompressed once"), vf()));
    }

    pub(super) fn xdh<'a>(inp: &'a XdhInputs, out: &mut Vec<Contender<'a>>) {
        if inp.c.name() != "x448" {
            return;
        }
        const X: &str = "x448";
        let dh = || -> Run<'a> {
            let f = |k: &[u8], u: &[u8]| -> Result<Option<[u8; 56]>, String> { Ok(x448::x448(arr(k)?, arr(u)?)) };
            same("shared secret", &f(&inp.k1, &inp.u)?.ok_or("x448: rejected the peer key")?, &inp.shared)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k1), black_box(&inp.u)).ok());
            }))
        };
        out.push(contender("xdh", X, None, dh()));
        let kg = || -> Run<'a> {
            let f = |k: &[u8]| -> Result<[u8; 56], String> {
                let s = x448::StaticSecret::from(arr::<56>(k)?);
                Ok(*x448::PublicKey::from(&s).as_bytes())
            };
            same("public key", &f(&inp.k1)?, &inp.pk1)?;
            Ok(Box::new(move || {
                black_box(f(black_box(&inp.k1)).ok());
            }))
        };
        out.push(contender("keygen", X, None, kg()));
    }
}
