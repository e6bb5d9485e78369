//! No byte string passed to a decoder, ECDH or verify can panic; each gets a
//! typed error. (The library is `#![no_std]` without `alloc`, so it cannot
//! allocate; every loop in the decoders is bounded by the input length.)
//!
//! For every curve: truncated, oversized, off-curve, ≥ p, identity and hybrid
//! encodings; bad private keys; malformed signatures; and a few thousand
//! random byte strings of every length around the valid ones.

use kurve::curves::{self, CurveOps};
use kurve::proto::{HashAlg, SigFormat};
use kurve::Error;

/// Deterministic xorshift for reproducible random inputs.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn key(c: &dyn CurveOps) -> Vec<u8> {
    let mut d = vec![0u8; c.scalar_bytes()];
    let last = d.len() - 1;
    d[last] = 7;
    d
}

/// p as a field-length big-endian string, and p + δ wrapped into the same length.
fn p_plus(c: &dyn CurveOps, delta: u8) -> Vec<u8> {
    let mut p = c.modulus().to_vec();
    let mut carry = delta as u16;
    for b in p.iter_mut().rev() {
        let v = *b as u16 + carry;
        *b = v as u8;
        carry = v >> 8;
    }
    p
}

fn check_point_rejected(c: &dyn CurveOps, p: &[u8], want: Option<Error>, what: &str) {
    let d = key(c);
    let e1 = c.encode_point(p, false).err();
    let e2 = c.ecdh(&d, p).err();
    let e3 = c.ecdsa_verify(HashAlg::Sha256, p, b"msg", &[0u8; 8], SigFormat::Der, false).err();
    assert!(e1.is_some() && e2.is_some() && e3.is_some(), "{} {what}: accepted", c.name());
    if let Some(w) = want {
        assert_eq!(e1, Some(w), "{} {what}: encode_point", c.name());
        assert_eq!(e2, Some(w), "{} {what}: ecdh", c.name());
    }
}

#[test]
fn malformed_points_are_typed_errors() {
    for c in curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass) {
        let fb = c.field_bytes();
        let g = c.generator(false);
        let gc = c.generator(true);
        // truncations of both forms, including the empty string
        for len in 0..g.len() {
            if len == 1 && g[0] == 0 {
                continue;
            }
            check_point_rejected(*c, &g[..len], None, &format!("truncated to {len}"));
        }
        for len in 0..gc.len() {
            check_point_rejected(*c, &gc[..len], None, &format!("compressed truncated to {len}"));
        }
        // oversized
        let mut long = g.to_vec();
        long.push(0);
        check_point_rejected(*c, &long, Some(Error::InvalidLength), "oversized");
        let mut longc = gc.to_vec();
        longc.push(0);
        check_point_rejected(*c, &longc, Some(Error::InvalidLength), "compressed oversized");
        // off-curve: y + 1
        let mut off = g.to_vec();
        let last = off.len() - 1;
        off[last] ^= 1;
        check_point_rejected(*c, &off, Some(Error::NotOnCurve), "off curve");
        // x = p, x = p + 1 (≥ p) in both forms; y = p
        for delta in [0u8, 1] {
            let xp = p_plus(*c, delta);
            let mut u = vec![4u8];
            u.extend_from_slice(&xp);
            u.extend_from_slice(&g[1 + fb..]);
            check_point_rejected(*c, &u, Some(Error::NonCanonicalField), "x >= p");
            let mut cp = vec![2u8];
            cp.extend_from_slice(&xp);
            check_point_rejected(*c, &cp, Some(Error::NonCanonicalField), "compressed x >= p");
        }
        let mut yp = g[..1 + fb].to_vec();
        yp.extend_from_slice(&p_plus(*c, 0));
        check_point_rejected(*c, &yp, Some(Error::NonCanonicalField), "y = p");
        // all-ones coordinates (≥ p for every prime here)
        let mut ones = vec![4u8];
        ones.extend(std::iter::repeat(0xff).take(2 * fb));
        check_point_rejected(*c, &ones, Some(Error::NonCanonicalField), "all ones");
        // identity: allowed for group arithmetic, rejected as a public key
        assert_eq!(c.encode_point(&[0], false).unwrap().as_slice(), &[0u8]);
        assert_eq!(c.ecdh(&key(*c), &[0]).err(), Some(Error::IdentityPoint), "{}", c.name());
        assert!(c.ecdsa_verify(HashAlg::Sha256, &[0], b"m", &[0; 8], SigFormat::Der, false).is_err());
        check_point_rejected(*c, &[0, 0], Some(Error::InvalidLength), "identity with trailing byte");
        // hybrid forms 06/07 are rejected even when consistent
        for tag in [6u8, 7] {
            let mut h = g.to_vec();
            h[0] = tag;
            check_point_rejected(*c, &h, Some(Error::InvalidEncoding), "hybrid");
        }
        for tag in [1u8, 5, 8, 0x40, 0xff] {
            let mut h = g.to_vec();
            h[0] = tag;
            check_point_rejected(*c, &h, Some(Error::InvalidEncoding), "bad tag");
        }
        // a compressed x with no point: find one
        let mut found = false;
        for v in 0u8..=255 {
            let mut x = vec![0u8; fb];
            x[fb - 1] = v;
            if c.point_from_x(&x, false).is_err() {
                let mut cp = vec![2u8];
                cp.extend_from_slice(&x);
                check_point_rejected(*c, &cp, Some(Error::NotOnCurve), "compressed x not on curve");
                found = true;
                break;
            }
        }
        assert!(found, "{}: every small x is on the curve?", c.name());
    }
}

#[test]
fn bad_private_keys_and_scalars() {
    for c in curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass) {
        let sb = c.scalar_bytes();
        let g = c.generator(false);
        let n = c.order().to_vec();
        let zero = vec![0u8; sb];
        let mut n1 = n.clone();
        *n1.last_mut().unwrap() += 1; // n + 1 (n is odd, so no carry)
        for (d, what) in [(zero.clone(), "zero"), (n.clone(), "n"), (n1, "n+1"), (vec![0xff; sb], "all ones")] {
            assert_eq!(c.public_key(&d, false).err(), Some(Error::InvalidScalar), "{} {what}", c.name());
            assert_eq!(c.ecdh(&d, &g).err(), Some(Error::InvalidScalar), "{} {what}", c.name());
            assert!(c.ecdsa_sign(HashAlg::Sha256, &d, b"m", SigFormat::Der, &[], false).is_err());
        }
        for len in [0, 1, sb - 1, sb + 1, 2 * sb] {
            let d = vec![1u8; len];
            assert_eq!(c.public_key(&d, false).err(), Some(Error::InvalidLength), "{} len {len}", c.name());
            assert_eq!(c.ecdh(&d, &g).err(), Some(Error::InvalidLength), "{} len {len}", c.name());
        }
        // group `mul` takes any scalar length (reduced mod n): n·G = O, (n+1)·G = G
        assert_eq!(c.mul(&n, &g).unwrap().as_slice(), &[0u8]);
        let mut n1 = n.clone();
        *n1.last_mut().unwrap() += 1;
        assert_eq!(c.mul(&n1, &g).unwrap(), g);
        assert_eq!(c.mul(&[], &g).unwrap().as_slice(), &[0u8]);
        let mut wide = vec![0u8; 3 * sb];
        wide.extend_from_slice(&n);
        assert_eq!(c.mul(&wide, &g).unwrap().as_slice(), &[0u8]);
    }
}

#[test]
fn malformed_signatures_are_rejected() {
    for c in curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass) {
        let sb = c.scalar_bytes();
        let d = key(*c);
        let q = c.public_key(&d, false).unwrap();
        let msg = b"kurve";
        let good = c.ecdsa_sign(HashAlg::Sha256, &d, msg, SigFormat::P1363, &[], false).unwrap();
        assert!(c.ecdsa_verify(HashAlg::Sha256, &q, msg, &good, SigFormat::P1363, false).is_ok());
        let n = c.order().to_vec();
        let (r, s) = good.split_at(sb);
        let zero = vec![0u8; sb];
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (vec![], "empty"),
            (good[..good.len() - 1].to_vec(), "short"),
            ([good.to_vec(), vec![0]].concat(), "long"),
            ([zero.clone(), s.to_vec()].concat(), "r = 0"),
            ([r.to_vec(), zero.clone()].concat(), "s = 0"),
            ([n.clone(), s.to_vec()].concat(), "r = n"),
            ([r.to_vec(), n.clone()].concat(), "s = n"),
            ([vec![0xff; sb], s.to_vec()].concat(), "r > n"),
        ];
        for (sig, what) in cases {
            let e = c.ecdsa_verify(HashAlg::Sha256, &q, msg, &sig, SigFormat::P1363, false);
            assert_eq!(e, Err(Error::InvalidSignature), "{} P1363 {what}", c.name());
        }
        let der = c.ecdsa_sign(HashAlg::Sha256, &d, msg, SigFormat::Der, &[], false).unwrap();
        assert!(c.ecdsa_verify(HashAlg::Sha256, &q, msg, &der, SigFormat::Der, false).is_ok());
        for len in 0..der.len() {
            assert!(c.ecdsa_verify(HashAlg::Sha256, &q, msg, &der[..len], SigFormat::Der, false).is_err());
        }
        let mut trailing = der.to_vec();
        trailing.push(0);
        assert!(c.ecdsa_verify(HashAlg::Sha256, &q, msg, &trailing, SigFormat::Der, false).is_err());
        // SHAKE cannot drive RFC 6979: a typed error, not a panic
        assert_eq!(
            c.ecdsa_sign(HashAlg::Shake128, &d, msg, SigFormat::Der, &[], false).err(),
            Some(Error::Unsupported)
        );
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for c in curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass) {
        let fb = c.field_bytes();
        let sb = c.scalar_bytes();
        let d = key(*c);
        let q = c.public_key(&d, false).unwrap();
        for len in [0, 1, 2, fb, fb + 1, fb + 2, 2 * fb, 2 * fb + 1, 2 * fb + 2, 3 * fb] {
            for _ in 0..40 {
                let mut b = rng.bytes(len);
                // bias the tag byte toward the valid ones
                if let Some(t) = b.first_mut() {
                    *t = [0u8, 2, 3, 4, 6, 7, *t][(rng.next() % 7) as usize];
                }
                let _ = c.encode_point(&b, true);
                let _ = c.ecdh(&d, &b);
                let _ = c.add(&b, &q);
                let _ = c.mul(&b, &q);
                let _ = c.ecdsa_verify(HashAlg::Sha256, &q, b"x", &b, SigFormat::Der, false);
                let _ = c.ecdsa_verify(HashAlg::Sha256, &b, b"x", &b, SigFormat::P1363, true);
                let _ = c.public_key(&b, true);
                if b.len() == fb {
                    let _ = c.point_from_x(&b, true);
                }
            }
        }
        for len in [sb * 2, sb * 2 + 6, sb * 2 + 8] {
            for _ in 0..40 {
                let mut b = rng.bytes(len);
                b[0] = 0x30;
                if b.len() > 1 {
                    b[1] = (len - 2) as u8;
                }
                let _ = c.ecdsa_verify(HashAlg::Sha384, &q, b"x", &b, SigFormat::Der, false);
            }
        }
    }
}
