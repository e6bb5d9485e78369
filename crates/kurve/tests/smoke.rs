use kurve::curves;

#[test]
fn n_times_g_is_identity_and_laws() {
    for c in curves::all() {
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
