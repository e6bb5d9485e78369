//! Deterministic ECDSA nonces: RFC 6979 §3.2 (HMAC_DRBG-based generation of
//! `k`), with the optional additional data `k'` of §3.6.
//!
//! Constant-time discipline: no branch and no memory index depends on the
//! private key, on `bits2octets(h1)` or on a candidate nonce, with one
//! exception the RFC imposes: the step-h decision whether a candidate lies in
//! `[1, q-1]` (it is computed without branches, then acted on), which reveals
//! only that a candidate was out of range and was discarded. Lengths (of `q`,
//! the hash, the additional data) are public. The K and V state of the DRBG,
//! the reduced message hash and all scratch copies are zeroized when
//! [`generate_k`] returns; the `hmac` crate's own keyed state is not zeroized
//! by that crate.

use super::hash::HashAlg;
use crate::Error;
use digest::{KeyInit, Mac};
use hmac::Hmac;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, Zeroizing};

/// Longest group order accepted by [`generate_k`], in bytes (1024 bits;
/// the largest curve kurve knows, secp521r1, needs 66).
pub const MAX_Q_BYTES: usize = 128;

/// Largest HMAC output handled (SHA-512 and SHA3-512: 64 bytes).
const MAX_HLEN: usize = 64;

/// Step-h retries before giving up. Each candidate is accepted with
/// probability at least 1/4 (q ≥ 2^(qlen-1)), about 1/2 for any real curve,
/// so this bound is never reached in practice; it only guarantees termination.
const MAX_ATTEMPTS: usize = 1024;

/// Generates the RFC 6979 deterministic nonce `k` for ECDSA (RFC 6979 §3.2,
/// with the additional input `k'` of §3.6 when `extra` is non-empty).
///
/// Parameters:
/// - `hash`: the hash whose HMAC drives the DRBG. This is also the hash `H`
///   that produced `h1` in the RFC's construction, though any `h1` is
///   accepted. The SHAKE XOFs have no HMAC and fail with
///   [`Error::Unsupported`].
/// - `x`: `int2octets(x)`, the private key as exactly `rlen` big-endian bytes
///   (left-padded with zeros). Its range `1 ≤ x < q` is not checked here.
/// - `h1`: the message hash `H(m)`, of any length (including longer or
///   shorter than `q`); `bits2int` keeps its leftmost `qlen` bits (§2.3.2)
///   and `bits2octets` reduces that modulo `q` (§2.3.4).
/// - `q`: the group order, big-endian, with no leading zero byte (so
///   `rlen = q.len()` and `qlen` is `q`'s exact bit length), `q ≥ 2`, at most
///   [`MAX_Q_BYTES`] bytes.
/// - `extra`: the additional data `k'` of §3.6, appended after
///   `bits2octets(h1)` in steps d and f; empty for plain RFC 6979.
/// - `out`: receives `int2octets(k)` with `1 ≤ k ≤ q-1`; its length must be
///   `rlen = ceil(qlen/8) = q.len()`.
///
/// Errors: [`Error::Unsupported`] for SHAKE; [`Error::InvalidEncoding`] if `q`
/// is empty, has a leading zero byte or is below 2; [`Error::Unsupported`] if
/// `q` is longer than [`MAX_Q_BYTES`]; [`Error::InvalidLength`] if `x` or
/// `out` is not `rlen` bytes long; [`Error::InvalidScalar`] if no candidate is
/// in range after 1024 attempts (probability below 2^-400 for any q).
/// On error `out` is zeroed.
///
/// Constant time with respect to `x`, `h1` and the nonce, as the module
/// documentation describes. Never panics, never allocates.
pub fn generate_k(
    hash: HashAlg,
    x: &[u8],
    h1: &[u8],
    q: &[u8],
    extra: &[u8],
    out: &mut [u8],
) -> Result<(), Error> {
    let res = match hash {
        HashAlg::Sha1 => run::<Hmac<sha1::Sha1>>(x, h1, q, extra, out),
        HashAlg::Sha224 => run::<Hmac<sha2::Sha224>>(x, h1, q, extra, out),
        HashAlg::Sha256 => run::<Hmac<sha2::Sha256>>(x, h1, q, extra, out),
        HashAlg::Sha384 => run::<Hmac<sha2::Sha384>>(x, h1, q, extra, out),
        HashAlg::Sha512 => run::<Hmac<sha2::Sha512>>(x, h1, q, extra, out),
        HashAlg::Sha512_224 => run::<Hmac<sha2::Sha512_224>>(x, h1, q, extra, out),
        HashAlg::Sha512_256 => run::<Hmac<sha2::Sha512_256>>(x, h1, q, extra, out),
        HashAlg::Sha3_224 => run::<Hmac<sha3::Sha3_224>>(x, h1, q, extra, out),
        HashAlg::Sha3_256 => run::<Hmac<sha3::Sha3_256>>(x, h1, q, extra, out),
        HashAlg::Sha3_384 => run::<Hmac<sha3::Sha3_384>>(x, h1, q, extra, out),
        HashAlg::Sha3_512 => run::<Hmac<sha3::Sha3_512>>(x, h1, q, extra, out),
        HashAlg::Shake128 | HashAlg::Shake256 => Err(Error::Unsupported),
    };
    if res.is_err() {
        out.zeroize();
    }
    res
}

/// HMAC_DRBG state of RFC 6979 §3.2 (K and V, `hlen` bytes each), zeroized
/// on drop.
struct Drbg<M> {
    k: Zeroizing<[u8; MAX_HLEN]>,
    v: Zeroizing<[u8; MAX_HLEN]>,
    hlen: usize,
    _mac: core::marker::PhantomData<M>,
}

impl<M: Mac + KeyInit> Drbg<M> {
    /// Steps b and c: V = 0x01 0x01 …, K = 0x00 0x00 … (`hlen` bytes).
    fn new(hlen: usize) -> Self {
        Drbg {
            k: Zeroizing::new([0x00; MAX_HLEN]),
            v: Zeroizing::new([0x01; MAX_HLEN]),
            hlen,
            _mac: core::marker::PhantomData,
        }
    }

    fn key(&self) -> &[u8] {
        self.k.get(..self.hlen).unwrap_or_default()
    }

    fn v(&self) -> &[u8] {
        self.v.get(..self.hlen).unwrap_or_default()
    }

    /// `HMAC_K(head… || tail…)` into `out[..hlen]`.
    fn mac(&self, head: &[&[u8]], tail: &[&[u8]], out: &mut [u8; MAX_HLEN]) -> Result<(), Error> {
        let mut mac = <M as KeyInit>::new_from_slice(self.key()).map_err(|_| Error::Unsupported)?;
        for p in head.iter().chain(tail.iter()) {
            Mac::update(&mut mac, p);
        }
        let mut tag = mac.finalize().into_bytes();
        for (o, t) in out.iter_mut().zip(tag.iter()) {
            *o = *t;
        }
        tag.as_mut_slice().zeroize();
        Ok(())
    }

    /// `K = HMAC_K(V || sep || parts…)`, then `V = HMAC_K(V)` (steps d–g and
    /// the step-h re-key).
    fn rekey(&mut self, sep: u8, parts: &[&[u8]]) -> Result<(), Error> {
        let mut t = Zeroizing::new([0u8; MAX_HLEN]);
        self.mac(&[self.v(), &[sep]], parts, &mut t)?;
        *self.k = *t;
        self.step_v()
    }

    /// `V = HMAC_K(V)`.
    fn step_v(&mut self) -> Result<(), Error> {
        let mut t = Zeroizing::new([0u8; MAX_HLEN]);
        self.mac(&[self.v()], &[], &mut t)?;
        *self.v = *t;
        Ok(())
    }
}

/// Shifts the big-endian `buf` right by `s` bits (`s < 8`, public).
fn shr_bits(buf: &mut [u8], s: u32) {
    if s == 0 || s >= 8 {
        return;
    }
    let mut carry = 0u8;
    for b in buf.iter_mut() {
        let v = *b;
        *b = (v >> s) | carry;
        carry = v << (8 - s);
    }
}

/// `bits2int` (RFC 6979 §2.3.2) written as `rlen` big-endian bytes into
/// `out`: the leftmost `qlen` bits of `input` if it is longer than `qlen`
/// bits, otherwise its value. `shift = 8·rlen − qlen`. Lengths are public;
/// the contents are processed without data-dependent branches.
fn bits2int(input: &[u8], shift: u32, out: &mut [u8]) {
    let rlen = out.len();
    out.zeroize();
    if input.len() >= rlen {
        for (o, i) in out.iter_mut().zip(input.iter()) {
            *o = *i;
        }
        shr_bits(out, shift);
    } else {
        let start = rlen - input.len();
        for (o, i) in out.iter_mut().skip(start).zip(input.iter()) {
            *o = *i;
        }
    }
}

/// `a − b` over equal-length big-endian byte strings into `out`; returns the
/// final borrow (1 if `a < b`) as a [`Choice`]. Branch-free.
fn sub_borrow(a: &[u8], b: &[u8], out: &mut [u8]) -> Choice {
    let mut borrow = 0u16;
    for ((o, &x), &y) in out.iter_mut().rev().zip(a.iter().rev()).zip(b.iter().rev()) {
        let d = u16::from(x).wrapping_sub(u16::from(y)).wrapping_sub(borrow);
        *o = d as u8;
        borrow = (d >> 15) & 1;
    }
    Choice::from(borrow as u8)
}

/// `z ← z mod q` for `z < 2q` (one conditional subtraction, constant time).
fn reduce_once(z: &mut [u8], q: &[u8]) {
    let mut d = Zeroizing::new([0u8; MAX_Q_BYTES]);
    let d = d.get_mut(..z.len()).unwrap_or_default();
    let z_lt_q = sub_borrow(z, q, d);
    for (zi, di) in z.iter_mut().zip(d.iter()) {
        zi.conditional_assign(di, !z_lt_q);
    }
}

/// True (as a [`Choice`]) iff `1 ≤ k ≤ q − 1`, computed without branches.
fn in_range(k: &[u8], q: &[u8]) -> Choice {
    let mut d = Zeroizing::new([0u8; MAX_Q_BYTES]);
    let d = d.get_mut(..k.len()).unwrap_or_default();
    let lt_q = sub_borrow(k, q, d);
    let acc = k.iter().fold(0u8, |acc, &b| acc | b);
    lt_q & !acc.ct_eq(&0)
}

/// RFC 6979 §3.2 steps a–h for one HMAC type.
fn run<M: Mac + KeyInit>(
    x: &[u8],
    h1: &[u8],
    q: &[u8],
    extra: &[u8],
    out: &mut [u8],
) -> Result<(), Error> {
    let hlen = <M as digest::OutputSizeUser>::output_size();
    if hlen == 0 || hlen > MAX_HLEN {
        return Err(Error::Unsupported);
    }
    // Public parameters: q's length and top byte give rlen and qlen.
    let q0 = *q.first().ok_or(Error::InvalidEncoding)?;
    if q0 == 0 || (q.len() == 1 && q0 < 2) {
        return Err(Error::InvalidEncoding);
    }
    let rlen = q.len();
    if rlen > MAX_Q_BYTES {
        return Err(Error::Unsupported);
    }
    if x.len() != rlen || out.len() != rlen {
        return Err(Error::InvalidLength);
    }
    let shift = q0.leading_zeros(); // 8·rlen − qlen, in 0..=7

    // bits2octets(h1) = int2octets(bits2int(h1) mod q); bits2int(h1) < 2^qlen < 2q.
    let mut h1o_buf = Zeroizing::new([0u8; MAX_Q_BYTES]);
    let h1o = h1o_buf.get_mut(..rlen).ok_or(Error::InvalidLength)?;
    bits2int(h1, shift, h1o);
    reduce_once(h1o, q);
    let h1o: &[u8] = h1o;

    // Steps b–g.
    let mut drbg = Drbg::<M>::new(hlen);
    drbg.rekey(0x00, &[x, h1o, extra])?;
    drbg.rekey(0x01, &[x, h1o, extra])?;

    // Step h.
    for _ in 0..MAX_ATTEMPTS {
        // T = V1 || V2 || … until rlen bytes; k = bits2int(T).
        let mut filled = 0usize;
        while filled < rlen {
            drbg.step_v()?;
            let dst = out.get_mut(filled..).unwrap_or_default();
            let n = dst.len().min(hlen);
            if n == 0 {
                break; // unreachable (filled < rlen = out.len()); guards termination
            }
            for (o, v) in dst.iter_mut().zip(drbg.v().iter()).take(n) {
                *o = *v;
            }
            filled += n;
        }
        shr_bits(out, shift);
        // The RFC's accept/retry decision: the only secret-dependent branch.
        if crate::ct::declassify(in_range(out, q)) {
            return Ok(());
        }
        drbg.rekey(0x00, &[])?;
    }
    Err(Error::InvalidScalar)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hex (odd length allowed: the RFC prints P-521 values with 131 digits)
    /// into the last bytes of a zeroed `len`-byte window of `buf`.
    fn unhex_into<'a>(s: &str, buf: &'a mut [u8; 160], len: usize) -> &'a [u8] {
        let d = s.as_bytes();
        assert!(d.len() <= 2 * len, "value longer than {len} bytes");
        buf.fill(0);
        let nib = |c: u8| match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => panic!("bad hex"),
        };
        // Fill from the right.
        for (i, &c) in d.iter().rev().enumerate() {
            let byte = len - 1 - i / 2;
            buf[byte] |= nib(c) << (4 * (i % 2) as u32);
        }
        &buf[..len]
    }

    /// `q`, `x` and the ten `k` values (SHA-1, -224, -256, -384, -512 over
    /// "sample", then the same over "test") of one RFC 6979 A.2 section.
    struct Section {
        q: &'static str,
        x: &'static str,
        k: [&'static str; 10],
    }

    const HASHES: [HashAlg; 5] = [
        HashAlg::Sha1,
        HashAlg::Sha224,
        HashAlg::Sha256,
        HashAlg::Sha384,
        HashAlg::Sha512,
    ];

    // RFC 6979 Appendix A.2.3, ECDSA 192 bits (NIST P-192).
    const A23_P192: Section = Section {
        q: "FFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831",
        x: "6FAB034934E4C0FC9AE67F5B5659A9D7D1FEFD187EE09FD4",
        k: [
            "37D7CA00D2C7B0E5E412AC03BD44BA837FDD5B28CD3B0021",
            "4381526B3FC1E7128F202E194505592F01D5FF4C5AF015D8",
            "32B1B6D7D42A05CB449065727A84804FB1A3E34D8F261496",
            "4730005C4FCB01834C063A7B6760096DBE284B8252EF4311",
            "A2AC7AB055E4F20692D49209544C203A7D1F2C0BFBC75DB1",
            "D9CF9C3D3297D3260773A1DA7418DB5537AB8DD93DE7FA25",
            "F5DC805F76EF851800700CCE82E7B98D8911B7D510059FBE",
            "5C4CE89CF56D9E7C77C8585339B006B97B5F0680B4306C6C",
            "5AFEFB5D3393261B828DB6C91FBC68C230727B030C975693",
            "0758753A5254759C7CFBAD2E2D9B0792EEE44136C9480527",
        ],
    };

    // RFC 6979 Appendix A.2.4, ECDSA 224 bits (NIST P-224).
    const A24_P224: Section = Section {
        q: "FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D",
        x: "F220266E1105BFE3083E03EC7A3A654651F45E37167E88600BF257C1",
        k: [
            "7EEFADD91110D8DE6C2C470831387C50D3357F7F4D477054B8B426BC",
            "C1D1F2F10881088301880506805FEB4825FE09ACB6816C36991AA06D",
            "AD3029E0278F80643DE33917CE6908C70A8FF50A411F06E41DEDFCDC",
            "52B40F5A9D3D13040F494E83D3906C6079F29981035C7BD51E5CAC40",
            "9DB103FFEDEDF9CFDBA05184F925400C1653B8501BAB89CEA0FBEC14",
            "2519178F82C3F0E4F87ED5883A4E114E5B7A6E374043D8EFD329C253",
            "DF8B38D40DCA3E077D0AC520BF56B6D565134D9B5F2EAE0D34900524",
            "FF86F57924DA248D6E44E8154EB69F0AE2AEBAEE9931D0B5A969F904",
            "7046742B839478C1B5BD31DB2E862AD868E1A45C863585B5F22BDC2D",
            "E39C2AA4EA6BE2306C72126D40ED77BF9739BB4D6EF2BBB1DCB6169D",
        ],
    };

    // RFC 6979 Appendix A.2.5, ECDSA 256 bits (NIST P-256).
    const A25_P256: Section = Section {
        q: "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551",
        x: "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721",
        k: [
            "882905F1227FD620FBF2ABF21244F0BA83D0DC3A9103DBBEE43A1FB858109DB4",
            "103F90EE9DC52E5E7FB5132B7033C63066D194321491862059967C715985D473",
            "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60",
            "09F634B188CEFD98E7EC88B1AA9852D734D0BC272F7D2A47DECC6EBEB375AAD4",
            "5FA81C63109BADB88C1F367B47DA606DA28CAD69AA22C4FE6AD7DF73A7173AA5",
            "8C9520267C55D6B980DF741E56B4ADEE114D84FBFA2E62137954164028632A2E",
            "669F4426F2688B8BE0DB3A6BD1989BDAEFFF84B649EEB84F3DD26080F667FAA7",
            "D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0",
            "16AEFFA357260B04B1DD199693960740066C1A8F3E8EDD79070AA914D361B3B8",
            "6915D11632ACA3C40D5D51C08DAF9C555933819548784480E93499000D9F0B7F",
        ],
    };

    // RFC 6979 Appendix A.2.6, ECDSA 384 bits (NIST P-384).
    const A26_P384: Section = Section {
        q: "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFC7634D81F4372DDF581A0DB248B0A77AECEC196ACCC52973",
        x: "6B9D3DAD2E1B8C1C05B19875B6659F4DE23C3B667BF297BA9AA47740787137D896D5724E4C70A825F872C9EA60D2EDF5",
        k: [
            "4471EF7518BB2C7C20F62EAE1C387AD0C5E8E470995DB4ACF694466E6AB096630F29E5938D25106C3C340045A2DB01A7",
            "A4E4D2F0E729EB786B31FC20AD5D849E304450E0AE8E3E341134A5C1AFA03CAB8083EE4E3C45B06A5899EA56C51B5879",
            "180AE9F9AEC5438A44BC159A1FCB277C7BE54FA20E7CF404B490650A8ACC414E375572342863C899F9F2EDF9747A9B60",
            "94ED910D1A099DAD3254E9242AE85ABDE4BA15168EAF0CA87A555FD56D10FBCA2907E3E83BA95368623B8C4686915CF9",
            "92FC3C7183A883E24216D1141F1A8976C5B0DD797DFA597E3D7B32198BD35331A4E966532593A52980D0E3AAA5E10EC3",
            "66CC2C8F4D303FC962E5FF6A27BD79F84EC812DDAE58CF5243B64A4AD8094D47EC3727F3A3C186C15054492E30698497",
            "18FA39DB95AA5F561F30FA3591DC59C0FA3653A80DAFFA0B48D1A4C6DFCBFF6E3D33BE4DC5EB8886A8ECD093F2935726",
            "0CFAC37587532347DC3389FDC98286BBA8C73807285B184C83E62E26C401C0FAA48DD070BA79921A3457ABFF2D630AD7",
            "015EE46A5BF88773ED9123A5AB0807962D193719503C527B031B4C2D225092ADA71F4A459BC0DA98ADB95837DB8312EA",
            "3780C4F67CB15518B6ACAE34C9F83568D2E12E47DEAB6C50A4E4EE5319D1E8CE0E2CC8A136036DC4B9C00E6888F66B6C",
        ],
    };

    // RFC 6979 Appendix A.2.7, ECDSA 521 bits (NIST P-521).
    const A27_P521: Section = Section {
        q: "1FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFA51868783BF2F966B7FCC0148F709A5D03BB5C9B8899C47AEBB6FB71E91386409",
        x: "0FAD06DAA62BA3B25D2FB40133DA757205DE67F5BB0018FEE8C86E1B68C7E75CAA896EB32F1F47C70855836A6D16FCC1466F6D8FBEC67DB89EC0C08B0E996B83538",
        k: [
            "089C071B419E1C2820962321787258469511958E80582E95D8378E0C2CCDB3CB42BEDE42F50E3FA3C71F5A76724281D31D9C89F0F91FC1BE4918DB1C03A5838D0F9",
            "121415EC2CD7726330A61F7F3FA5DE14BE9436019C4DB8CB4041F3B54CF31BE0493EE3F427FB906393D895A19C9523F3A1D54BB8702BD4AA9C99DAB2597B92113F3",
            "0EDF38AFCAAECAB4383358B34D67C9F2216C8382AAEA44A3DAD5FDC9C32575761793FEF24EB0FC276DFC4F6E3EC476752F043CF01415387470BCBD8678ED2C7E1A0",
            "1546A108BC23A15D6F21872F7DED661FA8431DDBD922D0DCDB77CC878C8553FFAD064C95A920A750AC9137E527390D2D92F153E66196966EA554D9ADFCB109C4211",
            "1DAE2EA071F8110DC26882D4D5EAE0621A3256FC8847FB9022E2B7D28E6F10198B1574FDD03A9053C08A1854A168AA5A57470EC97DD5CE090124EF52A2F7ECBFFD3",
            "0BB9F2BF4FE1038CCF4DABD7139A56F6FD8BB1386561BD3C6A4FC818B20DF5DDBA80795A947107A1AB9D12DAA615B1ADE4F7A9DC05E8E6311150F47F5C57CE8B222",
            "040D09FCF3C8A5F62CF4FB223CBBB2B9937F6B0577C27020A99602C25A01136987E452988781484EDBBCF1C47E554E7FC901BC3085E5206D9F619CFF07E73D6F706",
            "01DE74955EFAABC4C4F17F8E84D881D1310B5392D7700275F82F145C61E843841AF09035BF7A6210F5A431A6A9E81C9323354A9E69135D44EBD2FCAA7731B909258",
            "1F1FC4A349A7DA9A9E116BFDD055DC08E78252FF8E23AC276AC88B1770AE0B5DCEB1ED14A4916B769A523CE1E90BA22846AF11DF8B300C38818F713DADD85DE0C88",
            "16200813020EC986863BEDFC1B121F605C1215645018AEA1A7B215A564DE9EB1B38A67AA1128B80CE391C4FB71187654AAA3431027BFC7F395766CA988C964DC56D",
        ],
    };

    /// Runs all ten vectors of a section; returns how many were checked.
    fn check_section(s: &Section) -> usize {
        let (mut qb, mut xb, mut kb) = ([0u8; 160], [0u8; 160], [0u8; 160]);
        // rlen = number of bytes of q without leading zeros.
        let qlen_hex = s.q.trim_start_matches('0').len();
        let rlen = qlen_hex.div_ceil(2);
        let q = unhex_into(s.q, &mut qb, rlen);
        assert_ne!(q[0], 0);
        let x = unhex_into(s.x, &mut xb, rlen);
        let mut checked = 0;
        for (i, want_hex) in s.k.iter().enumerate() {
            let hash = HASHES[i % 5];
            let msg: &[u8] = if i < 5 { b"sample" } else { b"test" };
            let h1 = hash.digest(msg);
            let want = unhex_into(want_hex, &mut kb, rlen);
            let mut out = [0u8; 160];
            generate_k(hash, x, h1.as_slice(), q, &[], &mut out[..rlen]).unwrap();
            assert_eq!(&out[..rlen], want, "{} over {:?}", hash.name(), msg);
            checked += 1;
        }
        checked
    }

    #[test]
    fn rfc6979_a23_p192() {
        assert_eq!(check_section(&A23_P192), 10);
    }

    #[test]
    fn rfc6979_a24_p224() {
        assert_eq!(check_section(&A24_P224), 10);
    }

    #[test]
    fn rfc6979_a25_p256() {
        assert_eq!(check_section(&A25_P256), 10);
    }

    #[test]
    fn rfc6979_a26_p384() {
        assert_eq!(check_section(&A26_P384), 10);
    }

    #[test]
    fn rfc6979_a27_p521() {
        assert_eq!(check_section(&A27_P521), 10);
    }

    // RFC 6979 Appendix A.1: qlen = 163, SHA-256 over "sample". Its first
    // candidate (T = 9305A46D…, bits2int = 04982D23…) is ≥ q, so this also
    // exercises the step-h retry.
    #[test]
    fn rfc6979_a1_163_bit_with_retry() {
        let (mut qb, mut xb, mut kb) = ([0u8; 160], [0u8; 160], [0u8; 160]);
        let q = unhex_into("4000000000000000000020108A2E0CC0D99F8A5EF", &mut qb, 21);
        let x = unhex_into("09A4D6792295A7F730FC3F2B49CBC0F62E862272F", &mut xb, 21);
        let want = unhex_into("23AF4074C90A02B3FE61D286D5C87F425E6BDD81B", &mut kb, 21);
        let h1 = HashAlg::Sha256.digest(b"sample");
        let mut out = [0u8; 21];
        generate_k(HashAlg::Sha256, x, h1.as_slice(), q, &[], &mut out).unwrap();
        assert_eq!(&out[..], want);

        // A.1.2 intermediate: bits2octets(h1) = 01795EDF0D54DB760F156D0DAC04C0322B3A204224.
        let mut h1o = [0u8; 21];
        bits2int(h1.as_slice(), q[0].leading_zeros(), &mut h1o);
        reduce_once(&mut h1o, q);
        let mut eb = [0u8; 160];
        assert_eq!(
            &h1o[..],
            unhex_into("01795EDF0D54DB760F156D0DAC04C0322B3A204224", &mut eb, 21)
        );
    }

    /// The A.1 key (163-bit q), for the cross-check vectors below.
    const A1_K163_KEY: (&str, &str) = (
        "4000000000000000000020108A2E0CC0D99F8A5EF",
        "09A4D6792295A7F730FC3F2B49CBC0F62E862272F",
    );
    const A24_P224_KEY: (&str, &str) = (A24_P224.q, A24_P224.x);
    const A25_P256_KEY: (&str, &str) = (A25_P256.q, A25_P256.x);
    const A26_P384_KEY: (&str, &str) = (A26_P384.q, A26_P384.x);
    const A27_P521_KEY: (&str, &str) = (A27_P521.q, A27_P521.x);

    // Beyond the RFC's tables: SHA-512/t, SHA-3 and §3.6 additional data.
    // Expected k values computed with python-ecdsa 0.19.2
    // (`ecdsa.rfc6979.generate_k(q, x, H, H(m), extra_entropy=k')`), an
    // independent implementation, using Python's hashlib/hmac.
    #[test]
    fn cross_check_sha3_sha512t_and_additional_data() {
        #[allow(clippy::type_complexity)]
        let cases: [(&(&str, &str), HashAlg, &[u8], &[u8], &str); 11] = [
            (&A25_P256_KEY, HashAlg::Sha256, b"sample", b"nonce", "5F641B9E8E2D605C7856EEFBFDC1B5C20E3A66EE924E363B82363EAD5D956914"),
            (&A25_P256_KEY, HashAlg::Sha256, b"sample", b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f", "E7EB519FDFDF2373299AC1322CFF7B26E78D5041E24740B2E2ECD18D01B56EBF"),
            (&A25_P256_KEY, HashAlg::Sha3_256, b"sample", b"", "FA5FF720EA6A3F300ECA328F23C78AACAE1405B24AF4A48F41A88420ABFBA9A9"),
            (&A24_P224_KEY, HashAlg::Sha3_384, b"test", b"", "98D7D8FEF9A94161E9FD94BD95DD2DDF1D45C0452FBB9D1EE54DF11C"),
            (&A26_P384_KEY, HashAlg::Sha512_224, b"sample", b"", "1D1599048E8DCE48B407864ABFB17C30C52B76E5529F4B204646F3ADE2B29B54241513C9932BF7ECAEC5F043187CD645"),
            (&A26_P384_KEY, HashAlg::Sha3_256, b"test", b"extra", "DC4E3A274FD39DBEA2AA264FADC36BBC6AC43A8BAA149F8EA8A6B3CFC2E001507BDF204393F53548E044CA036EA09F9E"),
            (&A27_P521_KEY, HashAlg::Sha512_256, b"sample", b"", "0011012DF2ECC33C077BA49DA7B6ACF7C85E70B023EEBF267E66E18DB9AA6C7B78223BE2F08C7550A23E39B293BAA8AB9D860C5C1CE25B07612064C8F3D07108E624"),
            (&A27_P521_KEY, HashAlg::Sha3_512, b"sample", b"", "0071DB4C8263E378CAC2C6E0802D3ADADE5C58BB0B2D673FD9CE6AF0A26289F1BFA2ECE5829D3D13846AF4525902E058B614E20A65872DC886ABC40D7B449D8D77D3"),
            (&A27_P521_KEY, HashAlg::Sha3_224, b"test", b"additional data", "00803662F507393D2207573B70F00C6E0DF698D6EAD6D6843D6646C539215EA7559AC45910033F764997EBC7FB276749D0551B937D95A87FA2FD697D2C2B08107522"),
            (&A1_K163_KEY, HashAlg::Sha1, b"sample", b"x", "019540138D7B22ADDECFA4ED4798F5E4F951BB82AE"),
            (&A1_K163_KEY, HashAlg::Sha512, b"test", b"", "0331AD98D3186F73967B1E0B120C80B1E22EFC2988"),
        ];
        for (key, hash, msg, extra, want_hex) in cases {
            let (mut qb, mut xb, mut kb) = ([0u8; 160], [0u8; 160], [0u8; 160]);
            let rlen = key.0.trim_start_matches('0').len().div_ceil(2);
            let q = unhex_into(key.0, &mut qb, rlen);
            let x = unhex_into(key.1, &mut xb, rlen);
            let want = unhex_into(want_hex, &mut kb, rlen);
            let h1 = hash.digest(msg);
            let mut out = [0u8; 160];
            generate_k(hash, x, h1.as_slice(), q, extra, &mut out[..rlen]).unwrap();
            assert_eq!(&out[..rlen], want, "{} {:?} {:?}", hash.name(), msg, extra);
        }
    }

    #[test]
    fn bits2int_cases() {
        // Longer input with shift: top qlen bits.
        let mut out = [0u8; 2];
        bits2int(&[0xff, 0xff, 0xff], 4, &mut out); // qlen = 12
        assert_eq!(out, [0x0f, 0xff]);
        bits2int(&[0xab, 0xcd, 0xef], 4, &mut out);
        assert_eq!(out, [0x0a, 0xbc]);
        // Same length, shift: still the top qlen bits.
        bits2int(&[0xab, 0xcd], 4, &mut out);
        assert_eq!(out, [0x0a, 0xbc]);
        // Same length, no shift.
        bits2int(&[0xab, 0xcd], 0, &mut out);
        assert_eq!(out, [0xab, 0xcd]);
        // Shorter input: its value, right-aligned.
        bits2int(&[0xab], 4, &mut out);
        assert_eq!(out, [0x00, 0xab]);
        bits2int(&[], 0, &mut out);
        assert_eq!(out, [0x00, 0x00]);
    }

    #[test]
    fn range_and_reduction_helpers() {
        let q = [0x01, 0x00]; // 256
        assert!(!bool::from(in_range(&[0x00, 0x00], &q)));
        assert!(bool::from(in_range(&[0x00, 0x01], &q)));
        assert!(bool::from(in_range(&[0x00, 0xff], &q)));
        assert!(!bool::from(in_range(&[0x01, 0x00], &q)));
        assert!(!bool::from(in_range(&[0x01, 0x01], &q)));
        let mut z = [0x01, 0x05];
        reduce_once(&mut z, &q);
        assert_eq!(z, [0x00, 0x05]);
        let mut z = [0x00, 0xfe];
        reduce_once(&mut z, &q);
        assert_eq!(z, [0x00, 0xfe]);
        let mut z = [0x01, 0x00];
        reduce_once(&mut z, &q);
        assert_eq!(z, [0x00, 0x00]);
    }

    #[test]
    fn h1_of_any_length() {
        // Hashes shorter and longer than q, and an empty one: always a valid
        // k in [1, q-1] of rlen bytes; different short h1 give different k.
        let mut qb = [0u8; 160];
        let q = unhex_into(A27_P521.q, &mut qb, 66);
        let mut xb = [0u8; 160];
        let x = unhex_into(A27_P521.x, &mut xb, 66);
        let mut h1 = [0u8; 100];
        for (i, b) in h1.iter_mut().enumerate() {
            *b = (i as u8).wrapping_mul(29).wrapping_add(0xa5);
        }
        let mut prev = [0u8; 66];
        for len in [0usize, 1, 20, 64, 65, 66] {
            let mut out = [0u8; 66];
            generate_k(HashAlg::Sha512, x, &h1[..len], q, &[], &mut out).unwrap();
            assert!(bool::from(in_range(&out, q)));
            assert_ne!(out, prev, "len {len}");
            prev = out;
        }
        // bits2int keeps only the leftmost qlen = 521 bits: every h1 of 66
        // bytes (528 bits) or more with the same first 521 bits gives the same k.
        let mut k66 = [0u8; 66];
        generate_k(HashAlg::Sha512, x, &h1[..66], q, &[], &mut k66).unwrap();
        let mut h1b = h1;
        h1b[65] ^= 0x7f; // the low 7 bits of byte 65 are beyond bit 521
        for len in [67usize, 100] {
            let mut out = [0u8; 66];
            generate_k(HashAlg::Sha512, x, &h1b[..len], q, &[], &mut out).unwrap();
            assert_eq!(out, k66, "len {len}");
        }
        h1b[65] ^= 0x80; // bit 521 itself matters
        let mut out = [0u8; 66];
        generate_k(HashAlg::Sha512, x, &h1b[..66], q, &[], &mut out).unwrap();
        assert_ne!(out, k66);
    }

    #[test]
    fn extra_data_changes_k() {
        let (mut qb, mut xb) = ([0u8; 160], [0u8; 160]);
        let q = unhex_into(A25_P256.q, &mut qb, 32);
        let x = unhex_into(A25_P256.x, &mut xb, 32);
        let h1 = HashAlg::Sha256.digest(b"sample");
        let mut plain = [0u8; 32];
        let mut with = [0u8; 32];
        let mut with2 = [0u8; 32];
        generate_k(HashAlg::Sha256, x, h1.as_slice(), q, &[], &mut plain).unwrap();
        generate_k(HashAlg::Sha256, x, h1.as_slice(), q, b"nonce", &mut with).unwrap();
        generate_k(HashAlg::Sha256, x, h1.as_slice(), q, b"nonce", &mut with2).unwrap();
        assert_ne!(plain, with);
        assert_eq!(with, with2);
        assert!(bool::from(in_range(&with, q)));
    }

    #[test]
    fn every_hmac_hash_runs() {
        // All HMAC-capable hashes (SHA-512/t and SHA-3 included) produce an
        // in-range k; the SHAKEs are refused.
        let (mut qb, mut xb) = ([0u8; 160], [0u8; 160]);
        let q = unhex_into(A26_P384.q, &mut qb, 48);
        let x = unhex_into(A26_P384.x, &mut xb, 48);
        for alg in HashAlg::ALL {
            let h1 = alg.digest(b"sample");
            let mut out = [0xeeu8; 48];
            let r = generate_k(alg, x, h1.as_slice(), q, &[], &mut out);
            if alg.supports_hmac() {
                assert_eq!(r, Ok(()), "{}", alg.name());
                assert!(bool::from(in_range(&out, q)));
            } else {
                assert_eq!(r, Err(Error::Unsupported));
                assert_eq!(out, [0u8; 48], "out zeroed on error");
            }
        }
    }

    #[test]
    fn parameter_errors() {
        let q = [0xff, 0xff];
        let x = [0x00, 0x01];
        let mut out = [0u8; 2];
        let h = [0u8; 32];
        assert_eq!(
            generate_k(HashAlg::Sha256, &x, &h, &[], &[], &mut out),
            Err(Error::InvalidEncoding)
        );
        assert_eq!(
            generate_k(HashAlg::Sha256, &x, &h, &[0x00, 0xff], &[], &mut out),
            Err(Error::InvalidEncoding)
        );
        assert_eq!(
            generate_k(HashAlg::Sha256, &x[..1], &h, &[0x01], &[], &mut out[..1]),
            Err(Error::InvalidEncoding)
        );
        assert_eq!(
            generate_k(HashAlg::Sha256, &x[..1], &h, &[0x00], &[], &mut out[..1]),
            Err(Error::InvalidEncoding)
        );
        assert_eq!(
            generate_k(HashAlg::Sha256, &x[..1], &h, &q, &[], &mut out),
            Err(Error::InvalidLength)
        );
        assert_eq!(
            generate_k(HashAlg::Sha256, &x, &h, &q, &[], &mut out[..1]),
            Err(Error::InvalidLength)
        );
        let mut long_out = [0u8; 3];
        assert_eq!(
            generate_k(HashAlg::Sha256, &x, &h, &q, &[], &mut long_out),
            Err(Error::InvalidLength)
        );
        assert_eq!(
            generate_k(HashAlg::Shake256, &x, &h, &q, &[], &mut out),
            Err(Error::Unsupported)
        );
        let big_q = [0xffu8; MAX_Q_BYTES + 1];
        let big_x = [0x01u8; MAX_Q_BYTES + 1];
        let mut big_out = [0u8; MAX_Q_BYTES + 1];
        assert_eq!(
            generate_k(HashAlg::Sha256, &big_x, &h, &big_q, &[], &mut big_out),
            Err(Error::Unsupported)
        );
        // The largest accepted q works.
        let mut max_out = [0u8; MAX_Q_BYTES];
        generate_k(
            HashAlg::Sha512,
            &big_x[..MAX_Q_BYTES],
            &h,
            &big_q[..MAX_Q_BYTES],
            &[],
            &mut max_out,
        )
        .unwrap();
        assert!(bool::from(in_range(&max_out, &big_q[..MAX_Q_BYTES])));
    }

    #[test]
    fn tiny_orders_terminate() {
        // q = 2: the only valid nonce is 1 (each candidate accepted with
        // probability 1/4). q = 3: 1 or 2.
        for extra in [&b""[..], b"a", b"b", b"c", b"d", b"e", b"f", b"g"] {
            let mut out = [0u8; 1];
            generate_k(HashAlg::Sha256, &[0x01], b"msg", &[0x02], extra, &mut out).unwrap();
            assert_eq!(out, [0x01]);
            generate_k(HashAlg::Sha1, &[0x01], b"msg", &[0x03], extra, &mut out).unwrap();
            assert!(out == [0x01] || out == [0x02]);
        }
    }
}
