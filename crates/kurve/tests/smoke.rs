use kurve::curves;

#[test]
fn n_times_g_is_identity_and_laws() {
    for c in curves::all().iter().filter(|c| c.model() == curves::Model::ShortWeierstrass) {
        let g = c.generator(false);
        let n = c.order();
        let ng = c.mul_vartime(&n, &g).unwrap();
        assert_eq!(ng.as_slice(), &[0u8], "{} nG vartime", c.name());
        let ng = c.mul(&n, &g).unwrap();
        assert_eq!(ng.as_slice(), &[0u8], "{} nG", c.name());
        // (n-1)G = -G
        let mut nm1 = n.as_slice().to_vec();
        *nm1.last_mut().unwrap() -= 1;
        let a = c.mul(&nm1, &g).unwrap();
        assert_eq!(a, c.neg(&g).unwrap(), "{} (n-1)G", c.name());
        let b = c.mul_vartime(&nm1, &g).unwrap();
        assert_eq!(a, b, "{}", c.name());
        // 2G = G + G
        assert_eq!(c.double(&g).unwrap(), c.add(&g, &g).unwrap(), "{}", c.name());
        let two = [2u8];
        assert_eq!(c.mul(&two, &g).unwrap(), c.double(&g).unwrap(), "{}", c.name());
        // compressed round trip
        let gc = c.generator(true);
        assert_eq!(c.encode_point(&gc, false).unwrap(), g, "{}", c.name());
        // double_mul: 3G + 5G = 8G
        let dm = c.double_mul_vartime(&[3], &[5], &g).unwrap();
        assert_eq!(dm, c.mul(&[8], &g).unwrap(), "{}", c.name());
        // P + (-P) = O
        let ng = c.neg(&g).unwrap();
        assert_eq!(c.add(&g, &ng).unwrap().as_slice(), &[0u8]);
        // points from y of G include G
        let fb = c.field_bytes();
        let xs = c.xs_from_y_vartime(&g[1 + fb..]).unwrap();
        assert!(xs.chunks(fb).any(|x| x == &g[1..1 + fb]), "{} from_y", c.name());
        for x in xs.chunks(fb) {
            let mut p = vec![4u8];
            p.extend_from_slice(x);
            p.extend_from_slice(&g[1 + fb..]);
            c.encode_point(&p, false).unwrap();
        }
        println!("{} ok ({} points share y)", c.name(), xs.len() / fb);
    }
}

/// The Edwards and Montgomery (u, v) registry entries obey the group laws on
/// encoded points; the x-only entries offer XDH only.
#[test]
fn edwards_montgomery_and_xdh_entries() {
    use curves::Model;
    let mut seen = 0;
    for c in curves::all().iter().filter(|c| matches!(c.model(), Model::Edwards | Model::Montgomery)) {
        let g = c.generator(false);
        assert_eq!(c.encode_point(&g, false).unwrap(), g, "{}", c.name());
        let id = c.mul(&[0], &g).unwrap();
        let n = c.order();
        assert_eq!(c.mul(&n, &g).unwrap(), id, "{} nG", c.name());
        assert_eq!(c.mul_vartime(&n, &g).unwrap(), id, "{} nG vartime", c.name());
        let mut nm1 = n.as_slice().to_vec();
        *nm1.last_mut().unwrap() -= 1;
        assert_eq!(c.mul(&nm1, &g).unwrap(), c.neg(&g).unwrap(), "{} (n-1)G", c.name());
        assert_eq!(c.double(&g).unwrap(), c.add(&g, &g).unwrap(), "{}", c.name());
        assert_eq!(c.mul(&[2], &g).unwrap(), c.double(&g).unwrap(), "{}", c.name());
        assert_eq!(c.mul_base(&[7]).unwrap(), c.mul_vartime(&[7], &g).unwrap(), "{}", c.name());
        assert_eq!(c.double_mul_vartime(&[3], &[5], &g).unwrap(), c.mul(&[8], &g).unwrap(), "{}", c.name());
        assert_eq!(c.add(&g, &c.neg(&g).unwrap()).unwrap(), id, "{}", c.name());
        assert!(c.encode_point(&[0xffu8; 3], false).is_err());
        assert_eq!(c.public_key(&[1], false).err(), Some(kurve::Error::Unsupported));
        seen += 1;
    }
    assert_eq!(seen, 5);
    for name in ["x25519", "x448"] {
        let c = curves::by_name(name).unwrap();
        assert_eq!(c.model(), Model::MontgomeryXOnly);
        let len = c.scalar_bytes();
        let (a, b) = (vec![0x11u8; len], vec![0x22u8; len]);
        let (pa, pb) = (c.xdh_public_key(&a).unwrap(), c.xdh_public_key(&b).unwrap());
        assert_eq!(c.xdh(&a, &pb).unwrap(), c.xdh(&b, &pa).unwrap(), "{name}");
        assert_eq!(c.xdh(&a, &c.generator(false)).unwrap(), pa, "{name}");
        assert_eq!(c.xdh(&a, &vec![0u8; len]).err(), Some(kurve::Error::ZeroResult), "{name}");
        assert_eq!(c.mul(&[1], &pa).err(), Some(kurve::Error::Unsupported), "{name}");
        assert_eq!(c.add(&pa, &pb).err(), Some(kurve::Error::Unsupported), "{name}");
    }
    for (alias, name) in [("Ed25519", "edwards25519"), ("Ed448", "edwards448"), ("X25519", "x25519"), ("X448", "x448")] {
        assert_eq!(curves::by_name(alias).map(|c| c.name()), Some(name));
    }
}
