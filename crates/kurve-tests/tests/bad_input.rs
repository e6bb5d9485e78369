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

// ---------------------------------------------------------------------------
// Edwards, Montgomery (u, v) and x-only (X25519 / X448) registry entries
// ---------------------------------------------------------------------------
//
// The same promise for the other models: every `CurveOps` method of
// `edwards25519`, `edwards448`, `curve448Edwards`, `curve25519`, `curve448`,
// `x25519` and `x448` answers empty, truncated, oversized, non-canonical
// (y or u ≥ p), "−0" (x = 0 with the sign bit) and off-curve inputs with
// the documented typed error; every small-order point is accepted by the
// decoders (they do not check the subgroup, as documented) and by
// `eddsa_verify` exactly when its group equation holds, under every
// profile; every small-order u makes X25519 / X448 fail with `ZeroResult`.

use kurve::curves::{EddsaVariant, Model};
use num_bigint::BigUint;

fn family(m: Model) -> Vec<&'static dyn CurveOps> {
    curves::all().iter().copied().filter(|c| c.model() == m).collect()
}

fn le_bytes(v: &BigUint, len: usize) -> Vec<u8> {
    let mut b = v.to_bytes_le();
    b.resize(len, 0);
    b
}

fn modulus_of(c: &dyn CurveOps) -> BigUint {
    BigUint::from_bytes_be(&c.modulus())
}

fn order_of(c: &dyn CurveOps) -> BigUint {
    BigUint::from_bytes_be(&c.order())
}

/// Every point-taking method of a group entry applied to `p` (the other
/// operand, where there is one, is the generator).
fn point_methods(c: &dyn CurveOps, p: &[u8]) -> Vec<(&'static str, Result<kurve::ByteBuf, Error>)> {
    let g = c.generator(false);
    vec![
        ("encode_point", c.encode_point(p, false)),
        ("add(p, G)", c.add(p, &g)),
        ("add(G, p)", c.add(&g, p)),
        ("double", c.double(p)),
        ("neg", c.neg(p)),
        ("mul", c.mul(&[7], p)),
        ("mul_vartime", c.mul_vartime(&[7], p)),
        ("double_mul_vartime", c.double_mul_vartime(&[3], &[7], p)),
    ]
}

fn assert_all_fail(c: &dyn CurveOps, p: &[u8], want: Error, what: &str) {
    for (m, r) in point_methods(c, p) {
        assert_eq!(r.err(), Some(want), "{} {m}: {what} ({})", c.name(), hex::encode(p));
    }
}

fn assert_all_accept(c: &dyn CurveOps, p: &[u8], what: &str) {
    for (m, r) in point_methods(c, p) {
        assert!(r.is_ok(), "{} {m}: {what} ({}) rejected: {:?}", c.name(), hex::encode(p), r.err());
    }
    assert_eq!(c.encode_point(p, false).unwrap().as_slice(), p, "{}: {what} does not round-trip", c.name());
}

/// [L]P as [L − 1]P + P (the registry reduces scalars mod L).
fn times_order(c: &dyn CurveOps, p: &[u8]) -> Vec<u8> {
    let lm1 = (order_of(c) - 1u32).to_bytes_be();
    c.add(&c.mul_vartime(&lm1, p).unwrap(), p).unwrap().to_vec()
}

/// The order of `p` if it divides the cofactor, by repeated doubling.
fn torsion_order(c: &dyn CurveOps, id: &[u8], p: &[u8]) -> Option<u64> {
    let mut q = p.to_vec();
    let mut n = 1;
    while n <= c.cofactor() {
        if q == id {
            return Some(n);
        }
        q = c.double(&q).unwrap().to_vec();
        n *= 2;
    }
    None
}

/// E[h] of a group entry, given points of the whole group to try: [i]T for
/// T = [L]P of order exactly h.
fn torsion_points(c: &dyn CurveOps, candidates: impl Iterator<Item = Vec<u8>>) -> Vec<Vec<u8>> {
    let id = c.mul_base(&[]).unwrap().to_vec();
    for p in candidates {
        let t = times_order(c, &p);
        if torsion_order(c, &id, &t) == Some(c.cofactor()) {
            let mut out = vec![id.clone()];
            for _ in 1..c.cofactor() {
                let next = c.add(out.last().unwrap(), &t).unwrap().to_vec();
                out.push(next);
            }
            return out;
        }
    }
    panic!("{}: no torsion generator found", c.name());
}

/// Edwards points y = 2, 3, … (x even), RFC 8032 encoded.
fn edwards_candidates(c: &dyn CurveOps) -> impl Iterator<Item = Vec<u8>> + '_ {
    let len = c.generator(false).len();
    (2u32..1000).map(move |y| le_bytes(&BigUint::from(y), len)).filter(move |e| c.encode_point(e, false).is_ok())
}

/// Montgomery points u = 2, 3, … as `u‖v` (built with the typed API).
fn montgomery_candidates<C: kurve::group::montgomery::MontgomeryCurve>() -> impl Iterator<Item = Vec<u8>> {
    use kurve::field::Field;
    use kurve::group::montgomery::MontgomeryPoint;
    (2u8..200).filter_map(|u| {
        let p = Option::<MontgomeryPoint<C>>::from(MontgomeryPoint::<C>::from_u(
            C::Base::from_be_bytes_reduced(&[u]),
            subtle::Choice::from(0),
        ))?;
        let n = C::Base::BYTES;
        let mut b = vec![0u8; 2 * n];
        p.u().write_be_bytes(&mut b[..n]);
        p.v().write_be_bytes(&mut b[n..]);
        b[..n].reverse();
        b[n..].reverse();
        Some(b)
    })
}

fn small_order_points(c: &dyn CurveOps) -> Vec<Vec<u8>> {
    use kurve::curves::{curve25519::Curve25519, curve448::Curve448};
    match (c.model(), c.name()) {
        (Model::Edwards, _) => torsion_points(c, edwards_candidates(c)),
        (Model::Montgomery, "curve25519") => torsion_points(c, montgomery_candidates::<Curve25519>()),
        (Model::Montgomery, "curve448") => torsion_points(c, montgomery_candidates::<Curve448>()),
        _ => unreachable!("not a group entry: {}", c.name()),
    }
}

/// EdDSA's k = H(dom ‖ R ‖ A ‖ M) mod L for the pure variants.
fn eddsa_k(c: &dyn CurveOps, r: &[u8], a: &[u8], msg: &[u8]) -> BigUint {
    let digest: Vec<u8> = if c.name() == "edwards25519" {
        use sha2::Digest;
        sha2::Sha512::new().chain_update(r).chain_update(a).chain_update(msg).finalize().to_vec()
    } else {
        use sha3::digest::{ExtendableOutput, Update, XofReader};
        let mut h = sha3::Shake256::default();
        h.update(b"SigEd448\x00\x00");
        h.update(r);
        h.update(a);
        h.update(msg);
        let mut out = vec![0u8; 114];
        h.finalize_xof().read(&mut out);
        out
    };
    BigUint::from_bytes_le(&digest) % order_of(c)
}

fn profiles_of(c: &dyn CurveOps) -> &'static [&'static str] {
    if c.name() == "edwards25519" {
        &["rfc8032", "cofactored", "zip215"]
    } else {
        &["rfc8032", "cofactored"]
    }
}

#[test]
fn edwards_malformed_points_are_typed_errors() {
    let eds = family(Model::Edwards);
    assert_eq!(eds.len(), 3);
    for c in eds {
        let c: &dyn CurveOps = c;
        let g = c.generator(false).to_vec();
        let len = g.len();
        let p = modulus_of(c);
        // empty, truncated, oversized
        for l in (0..len).chain([len + 1, len + 2, 2 * len]) {
            let mut b = g.clone();
            b.resize(l, 0);
            assert_all_fail(c, &b, Error::InvalidLength, &format!("length {l}"));
        }
        // y = p + r ≥ p, both signs (for 57-byte encodings y spans 455 bits)
        for r in 0u32..20 {
            for sign in [0u8, 0x80] {
                let mut b = le_bytes(&(&p + r), len);
                if b[len - 1] & 0x80 != 0 {
                    continue; // does not fit below the sign bit
                }
                b[len - 1] |= sign;
                assert_all_fail(c, &b, Error::NonCanonicalField, &format!("y = p + {r}"));
            }
        }
        let mut ones = vec![0xffu8; len];
        ones[len - 1] = 0x7f;
        assert_all_fail(c, &ones, Error::NonCanonicalField, "y all ones");
        if len == 57 {
            for bit in 0..7 {
                let mut b = le_bytes(&BigUint::from(3u32), len);
                b[56] |= 1 << bit;
                assert_all_fail(c, &b, Error::NonCanonicalField, &format!("unused bit {}", 448 + bit));
            }
        }
        // x = 0 with the sign bit set ("−0"): y = 1 and y = −1
        for y in [BigUint::from(1u32), &p - 1u32] {
            let mut b = le_bytes(&y, len);
            b[len - 1] |= 0x80;
            assert_all_fail(c, &b, Error::InvalidEncoding, "x = 0 with sign bit");
        }
        // a y with no x, both signs
        let y = (2u32..1000)
            .find(|&y| c.encode_point(&le_bytes(&BigUint::from(y), len), false).is_err())
            .expect("some small y is off the curve");
        for sign in [0u8, 0x80] {
            let mut b = le_bytes(&BigUint::from(y), len);
            b[len - 1] |= sign;
            assert_all_fail(c, &b, Error::NotOnCurve, "y without x");
        }
        // every small-order point is accepted by every decoder; [h]T = O
        let id = c.mul_base(&[]).unwrap().to_vec();
        let tors = small_order_points(c);
        assert_eq!(tors.len() as u64, c.cofactor());
        for t in &tors {
            assert_all_accept(c, t, "small-order point");
            assert_eq!(c.mul(&[c.cofactor() as u8], t).unwrap().to_vec(), id);
        }
        // SEC 1 / XDH operations are not offered here
        assert_eq!(c.public_key(&[1; 32], false).err(), Some(Error::Unsupported));
        assert_eq!(c.ecdh(&[1; 32], &g).err(), Some(Error::Unsupported));
        assert_eq!(c.xdh(&[1; 32], &[9; 32]).err(), Some(Error::Unsupported));
        assert_eq!(c.xdh_public_key(&[1; 32]).err(), Some(Error::Unsupported));
        assert_eq!(c.point_from_x(&vec![1; c.field_bytes()], false).err(), Some(Error::Unsupported));
    }
}

#[test]
fn eddsa_verify_bad_inputs_every_profile() {
    for c in family(Model::Edwards) {
        let c: &dyn CurveOps = c;
        let len = c.generator(false).len();
        let seed = vec![0x42u8; if len == 32 { 32 } else { 57 }];
        if c.name() == "curve448Edwards" {
            assert_eq!(c.eddsa_public_key(&seed).err(), Some(Error::Unsupported));
            assert_eq!(c.eddsa_sign(EddsaVariant::Pure, &seed, &[], b"m").err(), Some(Error::Unsupported));
            let sig = vec![0u8; 2 * len];
            assert_eq!(
                c.eddsa_verify(EddsaVariant::Pure, "rfc8032", &c.generator(false), &[], b"m", &sig).err(),
                Some(Error::Unsupported)
            );
            continue;
        }
        let p = modulus_of(c);
        let l = order_of(c);
        let a = c.eddsa_public_key(&seed).unwrap().to_vec();
        let msg = b"kurve bad input";
        let sig = c.eddsa_sign(EddsaVariant::Pure, &seed, &[], msg).unwrap().to_vec();
        let verify = |prof: &str, a: &[u8], s: &[u8]| c.eddsa_verify(EddsaVariant::Pure, prof, a, &[], msg, s);
        for prof in profiles_of(c) {
            assert_eq!(verify(prof, &a, &sig), Ok(()), "{} {prof}", c.name());
        }
        assert_eq!(verify("strict", &a, &sig), Err(Error::Unsupported), "unknown profile name");
        if len == 57 {
            assert_eq!(verify("zip215", &a, &sig), Err(Error::Unsupported), "ZIP 215 is Ed25519 only");
        }
        // wrong lengths of key, signature, seed
        for prof in profiles_of(c) {
            for l2 in [0, 1, len - 1, len + 1, 2 * len] {
                let mut k = a.clone();
                k.resize(l2, 0);
                assert_eq!(verify(prof, &k, &sig), Err(Error::InvalidLength), "{} {prof} key len {l2}", c.name());
            }
            for l2 in [0, 1, len, 2 * len - 1, 2 * len + 1, 4 * len] {
                let mut s = sig.clone();
                s.resize(l2, 0);
                assert_eq!(verify(prof, &a, &s), Err(Error::InvalidLength), "{} {prof} sig len {l2}", c.name());
            }
        }
        for l2 in [0, len - 1, len + 1] {
            assert_eq!(c.eddsa_public_key(&vec![1; l2]).err(), Some(Error::InvalidLength));
            assert_eq!(c.eddsa_sign(EddsaVariant::Pure, &vec![1; l2], &[], msg).err(), Some(Error::InvalidLength));
        }
        // S ≥ L: S = L, L + 1, all ones (below 2^(8·len))
        for s_val in [l.clone(), &l + 1u32, (BigUint::from(1u32) << (8 * len as u32)) - 1u32] {
            let s = [&sig[..len], &le_bytes(&s_val, len)[..]].concat();
            for prof in profiles_of(c) {
                assert_eq!(verify(prof, &a, &s), Err(Error::InvalidScalar), "{} {prof} S ≥ L", c.name());
            }
        }
        // malformed A or R: y ≥ p, "−0", no square root
        // (encoding, error under the canonical decoders, whether ZIP 215's lax decoder takes it)
        let mut bad: Vec<(Vec<u8>, Error, bool)> = Vec::new();
        for r in 0u32..20 {
            let e = le_bytes(&(&p + r), len);
            if e[len - 1] & 0x80 == 0 {
                // ZIP 215 reduces y = p + r to r, which it takes if r is a valid y
                let zip = len == 32 && c.encode_point(&le_bytes(&BigUint::from(r), len), false).is_ok();
                bad.push((e, Error::NonCanonicalField, zip));
            }
        }
        for y in [BigUint::from(1u32), &p - 1u32] {
            let mut b = le_bytes(&y, len);
            b[len - 1] |= 0x80;
            bad.push((b, Error::InvalidEncoding, len == 32));
        }
        let y = (2u32..1000).find(|&y| c.encode_point(&le_bytes(&BigUint::from(y), len), false).is_err()).unwrap();
        bad.push((le_bytes(&BigUint::from(y), len), Error::NotOnCurve, false));
        for (enc, err, zip_decodes) in &bad {
            let as_r = [&enc[..], &sig[len..]].concat();
            for prof in profiles_of(c) {
                let want = match (*prof == "zip215", *zip_decodes) {
                    (true, true) => Error::InvalidSignature,
                    (true, false) if *err == Error::NonCanonicalField => Error::NotOnCurve,
                    _ => *err,
                };
                assert_eq!(verify(prof, enc, &sig), Err(want), "{} {prof} A = {}", c.name(), hex::encode(enc));
                assert_eq!(verify(prof, &a, &as_r), Err(want), "{} {prof} R = {}", c.name(), hex::encode(enc));
            }
        }
        // Small-order A and R, S = 0: [h]R = [h][k]A = O, so the cofactored
        // equations hold for every pair; the cofactorless RFC 8032 equation
        // [0]B = R + [k]A holds exactly when R = −[k]A.
        let tors = small_order_points(c);
        let id = c.mul_base(&[]).unwrap().to_vec();
        let zero_s = vec![0u8; len];
        let mut strict_accepts = 0;
        for ta in &tors {
            for tr in &tors {
                let s = [&tr[..], &zero_s[..]].concat();
                let k = eddsa_k(c, tr, ta, msg);
                let ka = c.mul(&k.to_bytes_be(), ta).unwrap();
                let holds = c.add(tr, &ka).unwrap().to_vec() == id;
                strict_accepts += usize::from(holds);
                assert_eq!(verify("rfc8032", ta, &s).is_ok(), holds, "{} strict A,R small order", c.name());
                if !holds {
                    assert_eq!(verify("rfc8032", ta, &s), Err(Error::InvalidSignature));
                }
                for prof in &profiles_of(c)[1..] {
                    assert_eq!(verify(prof, ta, &s), Ok(()), "{} {prof}: small-order A, R with S = 0", c.name());
                }
                // S = 1: [h]B ≠ O, rejected by every profile
                let mut s1 = s.clone();
                s1[len] = 1;
                for prof in profiles_of(c) {
                    assert_eq!(verify(prof, ta, &s1), Err(Error::InvalidSignature), "{} {prof} S = 1", c.name());
                }
            }
            // small-order A with an honest signature of another key: rejected
            for prof in profiles_of(c) {
                assert_eq!(verify(prof, ta, &sig), Err(Error::InvalidSignature), "{} {prof}", c.name());
            }
        }
        // R = O, A = O always satisfies R + [k]A = O
        assert!(strict_accepts >= tors.len(), "{}: {strict_accepts}", c.name());
    }
}

#[test]
fn montgomery_malformed_points_are_typed_errors() {
    let ms = family(Model::Montgomery);
    assert_eq!(ms.len(), 2);
    for c in ms {
        let c: &dyn CurveOps = c;
        let n = c.field_bytes();
        let g = c.generator(false).to_vec();
        assert_eq!(g.len(), 2 * n);
        let p = modulus_of(c);
        // empty, truncated, oversized; a lone non-zero byte; 00 00
        for l in [0, 2, n - 1, n, n + 1, 2 * n - 1, 2 * n + 1, 4 * n] {
            let mut b = g.clone();
            b.resize(l, 0);
            assert_all_fail(c, &b, Error::InvalidLength, &format!("length {l}"));
        }
        assert_all_fail(c, &[1], Error::InvalidLength, "01");
        assert_all_fail(c, &[0, 0], Error::InvalidLength, "00 00");
        // u ≥ p or v ≥ p
        for r in [0u32, 1, 2] {
            let big = le_bytes(&(&p + r), n);
            if big.len() > n {
                continue;
            }
            let u_big = [&big[..], &g[n..]].concat();
            let v_big = [&g[..n], &big[..]].concat();
            assert_all_fail(c, &u_big, Error::NonCanonicalField, "u ≥ p");
            assert_all_fail(c, &v_big, Error::NonCanonicalField, "v ≥ p");
        }
        assert_all_fail(c, &vec![0xff; 2 * n], Error::NonCanonicalField, "all ones");
        // off the curve: v + 1, and u with v = 0 other than (0, 0)
        let mut off = g.clone();
        off[n] ^= 1;
        assert_all_fail(c, &off, Error::NotOnCurve, "v + 1");
        let mut u1 = vec![0u8; 2 * n];
        u1[0] = 9;
        assert_all_fail(c, &u1, Error::NotOnCurve, "(9, 0)");
        // identity and all small-order points are accepted
        assert_all_accept(c, &[0], "identity");
        let tors = small_order_points(c);
        assert_eq!(tors.len() as u64, c.cofactor());
        assert!(tors.contains(&vec![0u8; 2 * n]), "(0, 0) is in E[h]");
        for t in &tors {
            assert_all_accept(c, t, "small-order point");
            assert_eq!(c.mul(&[c.cofactor() as u8], t).unwrap().as_slice(), &[0u8]);
        }
        // not offered on the (u, v) group
        let k = vec![1u8; c.scalar_bytes()];
        assert_eq!(c.public_key(&k, false).err(), Some(Error::Unsupported));
        assert_eq!(c.ecdh(&k, &g).err(), Some(Error::Unsupported));
        assert_eq!(c.xdh(&k, &g[..n]).err(), Some(Error::Unsupported));
        assert_eq!(c.xdh_public_key(&k).err(), Some(Error::Unsupported));
        assert_eq!(c.eddsa_public_key(&k).err(), Some(Error::Unsupported));
        assert_eq!(c.eddsa_verify(EddsaVariant::Pure, "rfc8032", &g, &[], b"m", &[0; 64]).err(), Some(Error::Unsupported));
    }
}

#[test]
fn xdh_bad_inputs() {
    let xs = family(Model::MontgomeryXOnly);
    assert_eq!(xs.len(), 2);
    for c in xs {
        let c: &dyn CurveOps = c;
        let n = c.field_bytes();
        let p = modulus_of(c);
        let base = c.generator(false).to_vec();
        let k = (0..n as u8).map(|i| i.wrapping_mul(37).wrapping_add(11)).collect::<Vec<u8>>();
        // lengths of k and u
        for l in [0, 1, n - 1, n + 1, 2 * n] {
            assert_eq!(c.xdh(&vec![1; l], &base).err(), Some(Error::InvalidLength), "{} k len {l}", c.name());
            assert_eq!(c.xdh(&k, &vec![9; l]).err(), Some(Error::InvalidLength), "{} u len {l}", c.name());
            assert_eq!(c.xdh_public_key(&vec![1; l]).err(), Some(Error::InvalidLength), "{} len {l}", c.name());
        }
        // every small-order u: those of E[h] on the (u, v) group, and ±1
        // (order 4 on the curve or on its twist), in every spelling
        // (u + p where it fits; X25519 also with bit 255 set) → ZeroResult
        let mname = if n == 32 { "curve25519" } else { "curve448" };
        let m = curves::by_name(mname).unwrap();
        let mut us: Vec<BigUint> = small_order_points(m)
            .iter()
            .filter(|t| t.len() == 2 * n)
            .map(|t| BigUint::from_bytes_le(&t[..n]))
            .collect();
        us.extend([BigUint::from(0u32), BigUint::from(1u32), &p - 1u32]);
        us.sort();
        us.dedup();
        assert_eq!(us.len(), if n == 32 { 5 } else { 3 }, "{}: small-order u count", c.name());
        let top = 8 * n as u64 - u64::from(n == 32);
        let mut spellings = 0;
        for u in &us {
            let mut all = vec![le_bytes(u, n)];
            let up = u + &p;
            if up.bits() <= top {
                all.push(le_bytes(&up, n));
            }
            if n == 32 {
                let mut t = le_bytes(u, n);
                t[31] |= 0x80;
                all.push(t);
            }
            for sp in all {
                spellings += 1;
                for kk in [&k[..], &vec![0xff; n][..], &vec![0; n][..]] {
                    assert_eq!(c.xdh(kk, &sp).err(), Some(Error::ZeroResult), "{} u = {}", c.name(), hex::encode(&sp));
                }
            }
        }
        assert!(spellings >= us.len() + 2);
        // u ≥ p is reduced mod p (RFC 7748 §5): p + 9 / p + 5 is the base point
        let base_u = BigUint::from_bytes_le(&base);
        let shared = c.xdh(&k, &base).unwrap();
        assert_eq!(c.xdh(&k, &le_bytes(&(&base_u + &p), n)).unwrap(), shared);
        assert_eq!(c.xdh_public_key(&k).unwrap(), shared);
        if n == 32 {
            let mut hi = base.clone();
            hi[31] |= 0x80;
            assert_eq!(c.xdh(&k, &hi).unwrap(), shared, "bit 255 of u is ignored");
        }
        let ones = c.xdh(&k, &vec![0xff; n]);
        assert!(ones.is_ok() || ones == Err(Error::ZeroResult));
        // the group operations are not offered on x-only entries
        for (m, r) in point_methods(c, &base) {
            assert_eq!(r.err(), Some(Error::Unsupported), "{} {m}", c.name());
        }
        assert_eq!(c.mul_base(&[1]).err(), Some(Error::Unsupported));
        assert_eq!(c.public_key(&k, false).err(), Some(Error::Unsupported));
        assert_eq!(c.ecdh(&k, &base).err(), Some(Error::Unsupported));
        assert_eq!(c.eddsa_public_key(&k).err(), Some(Error::Unsupported));
    }
}

#[test]
fn family_random_bytes_never_panic() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for c in curves::all().iter().filter(|c| c.model() != Model::ShortWeierstrass) {
        let len = c.generator(false).len();
        let fb = c.field_bytes();
        let g = c.generator(false).to_vec();
        for l in [0, 1, fb - 1, fb, fb + 1, len - 1, len, len + 1, 2 * len, 2 * fb, 2 * fb + 1, 4 * len] {
            for _ in 0..12 {
                let b = rng.bytes(l);
                let _ = c.encode_point(&b, false);
                let _ = c.add(&b, &g);
                let _ = c.add(&g, &b);
                let _ = c.double(&b);
                let _ = c.neg(&b);
                let _ = c.mul(&b, &g);
                let _ = c.mul(&[5], &b);
                let _ = c.mul_base(&b);
                let _ = c.mul_vartime(&b, &g);
                let _ = c.double_mul_vartime(&b, &b, &g);
                let _ = c.double_mul_vartime(&[1], &[2], &b);
                let _ = c.point_from_x(&b, true);
                let _ = c.xs_from_y_vartime(&b);
                let _ = c.public_key(&b, false);
                let _ = c.ecdh(&b, &g);
                let _ = c.xdh(&b, &b);
                let _ = c.xdh(&b[..b.len().min(fb)], &b);
                let _ = c.xdh_public_key(&b);
                let _ = c.eddsa_public_key(&b);
                for v in [EddsaVariant::Pure, EddsaVariant::Ctx, EddsaVariant::Ph] {
                    let _ = c.eddsa_sign(v, &b, &b[..b.len().min(3)], b"m");
                    for prof in ["rfc8032", "cofactored", "zip215", ""] {
                        let _ = c.eddsa_verify(v, prof, &b, &[], b"m", &b);
                        let _ = c.eddsa_verify(v, prof, &g, &b[..b.len().min(300)], &b, &[&b[..], &b[..]].concat());
                    }
                }
            }
        }
    }
}
