//! EdDSA (RFC 8032): Ed25519, Ed25519ctx, Ed25519ph, Ed448, Ed448ph.
//!
//! - Known answers written from RFC 8032 §7.1–§7.5 (every test there):
//!   public-key derivation, signature equality, verification under every
//!   profile, and rejection of one-bit changes to signature, message, key.
//! - Verification profiles: S ≥ L rejected by all; non-canonical A or R
//!   rejected by Strict/Cofactored and accepted by ZIP 215; a signature with
//!   an order-8 (Ed448: order-4) component in R accepted only cofactored;
//!   small-order A accepted by the RFC itself.
//! - Batch verification: valid batches (several chunks) accepted, a batch
//!   with one bad signature rejected, profile semantics carried over.
//! - Third-party files (via `KURVE_VECTORS` or `../shared/vectors`):
//!   SUPERCOP's `sign.input` (1,024 Ed25519 lines) and the RFC 8032 Ed448
//!   vectors in NIST layout.
//! - No panics on garbage; context-length rules.

#[path = "../../kurve/tests/common/mod.rs"]
mod common;
use common::Rng;
use kurve::curves::curve25519::{self as c25519, Edwards25519};
use kurve::curves::curve448::{self as c448, Edwards448};
use kurve::group::edwards::EdwardsCurve;
use kurve::proto::eddsa::{self, VerifyProfile};
use kurve::scalar::Scalar;
use kurve::Error;
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::path::PathBuf;

const ALL: [VerifyProfile; 3] = [VerifyProfile::Rfc8032Strict, VerifyProfile::Cofactored, VerifyProfile::Zip215];
const ED448_PROFILES: [VerifyProfile; 2] = [VerifyProfile::Rfc8032Strict, VerifyProfile::Cofactored];

// ---------------------------------------------------------------------------
// RFC 8032 §7 test vectors (hex), transcribed from the RFC text
// ---------------------------------------------------------------------------

/// RFC 8032 §7.1: (name, secret key, public key, message, signature).
const RFC8032_ED25519: &[(&str, &str, &str, &str, &str)] = &[
    (
        "TEST 1",
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        concat!(
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155",
            "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
        ),
    ),
    (
        "TEST 2",
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        concat!(
            "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da",
            "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
        ),
    ),
    (
        "TEST 3",
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        concat!(
            "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac",
            "18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
        ),
    ),
    (
        "TEST 1024",
        "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
        "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e",
        concat!(
            "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98",
            "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8",
            "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d",
            "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc",
            "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe",
            "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e",
            "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef",
            "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7",
            "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1",
            "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2",
            "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24",
            "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270",
            "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc",
            "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07",
            "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba",
            "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a",
            "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e",
            "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7",
            "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c",
            "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8",
            "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df",
            "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08",
            "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649",
            "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4",
            "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3",
            "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e",
            "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f",
            "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5",
            "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1",
            "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d",
            "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c",
            "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0",
        ),
        concat!(
            "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350",
            "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03",
        ),
    ),
    (
        "TEST SHA(abc)",
        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
        concat!(
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a",
            "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
        ),
        concat!(
            "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b589",
            "09351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
        ),
    ),
];

/// RFC 8032 §7.4: (name, secret key, public key, message, context, signature).
const RFC8032_ED448: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "Blank",
        concat!(
            "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3",
            "528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
        ),
        concat!(
            "5fd7449b59b461fd2ce787ec616ad46a1da1342485a70e1f8a0ea75d80e96778",
            "edf124769b46c7061bd6783df1e50f6cd1fa1abeafe8256180",
        ),
        "",
        "",
        concat!(
            "533a37f6bbe457251f023c0d88f976ae2dfb504a843e34d2074fd823d41a591f",
            "2b233f034f628281f2fd7a22ddd47d7828c59bd0a21bfd3980ff0d2028d4b18a",
            "9df63e006c5d1c2d345b925d8dc00b4104852db99ac5c7cdda8530a113a0f4db",
            "b61149f05a7363268c71d95808ff2e652600",
        ),
    ),
    (
        "1 octet",
        concat!(
            "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463a",
            "fbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
        ),
        concat!(
            "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c086",
            "6aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
        ),
        "03",
        "",
        concat!(
            "26b8f91727bd62897af15e41eb43c377efb9c610d48f2335cb0bd0087810f435",
            "2541b143c4b981b7e18f62de8ccdf633fc1bf037ab7cd779805e0dbcc0aae1cb",
            "cee1afb2e027df36bc04dcecbf154336c19f0af7e0a6472905e799f1953d2a0f",
            "f3348ab21aa4adafd1d234441cf807c03a00",
        ),
    ),
    (
        "1 octet (with context)",
        concat!(
            "c4eab05d357007c632f3dbb48489924d552b08fe0c353a0d4a1f00acda2c463a",
            "fbea67c5e8d2877c5e3bc397a659949ef8021e954e0a12274e",
        ),
        concat!(
            "43ba28f430cdff456ae531545f7ecd0ac834a55d9358c0372bfa0c6c6798c086",
            "6aea01eb00742802b8438ea4cb82169c235160627b4c3a9480",
        ),
        "03",
        "666f6f",
        concat!(
            "d4f8f6131770dd46f40867d6fd5d5055de43541f8c5e35abbcd001b32a89f7d2",
            "151f7647f11d8ca2ae279fb842d607217fce6e042f6815ea000c85741de5c8da",
            "1144a6a1aba7f96de42505d7a7298524fda538fccbbb754f578c1cad10d54d0d",
            "5428407e85dcbc98a49155c13764e66c3c00",
        ),
    ),
    (
        "11 octets",
        concat!(
            "cd23d24f714274e744343237b93290f511f6425f98e64459ff203e8985083ffd",
            "f60500553abc0e05cd02184bdb89c4ccd67e187951267eb328",
        ),
        concat!(
            "dcea9e78f35a1bf3499a831b10b86c90aac01cd84b67a0109b55a36e9328b1e3",
            "65fce161d71ce7131a543ea4cb5f7e9f1d8b00696447001400",
        ),
        "0c3e544074ec63b0265e0c",
        "",
        concat!(
            "1f0a8888ce25e8d458a21130879b840a9089d999aaba039eaf3e3afa090a09d3",
            "89dba82c4ff2ae8ac5cdfb7c55e94d5d961a29fe0109941e00b8dbdeea6d3b05",
            "1068df7254c0cdc129cbe62db2dc957dbb47b51fd3f213fb8698f064774250a5",
            "028961c9bf8ffd973fe5d5c206492b140e00",
        ),
    ),
    (
        "12 octets",
        concat!(
            "258cdd4ada32ed9c9ff54e63756ae582fb8fab2ac721f2c8e676a72768513d93",
            "9f63dddb55609133f29adf86ec9929dccb52c1c5fd2ff7e21b",
        ),
        concat!(
            "3ba16da0c6f2cc1f30187740756f5e798d6bc5fc015d7c63cc9510ee3fd44adc",
            "24d8e968b6e46e6f94d19b945361726bd75e149ef09817f580",
        ),
        "64a65f3cdedcdd66811e2915",
        "",
        concat!(
            "7eeeab7c4e50fb799b418ee5e3197ff6bf15d43a14c34389b59dd1a7b1b85b4a",
            "e90438aca634bea45e3a2695f1270f07fdcdf7c62b8efeaf00b45c2c96ba457e",
            "b1a8bf075a3db28e5c24f6b923ed4ad747c3c9e03c7079efb87cb110d3a99861",
            "e72003cbae6d6b8b827e4e6c143064ff3c00",
        ),
    ),
    (
        "13 octets",
        concat!(
            "7ef4e84544236752fbb56b8f31a23a10e42814f5f55ca037cdcc11c64c9a3b29",
            "49c1bb60700314611732a6c2fea98eebc0266a11a93970100e",
        ),
        concat!(
            "b3da079b0aa493a5772029f0467baebee5a8112d9d3a22532361da294f7bb381",
            "5c5dc59e176b4d9f381ca0938e13c6c07b174be65dfa578e80",
        ),
        "64a65f3cdedcdd66811e2915e7",
        "",
        concat!(
            "6a12066f55331b6c22acd5d5bfc5d71228fbda80ae8dec26bdd306743c5027cb",
            "4890810c162c027468675ecf645a83176c0d7323a2ccde2d80efe5a1268e8aca",
            "1d6fbc194d3f77c44986eb4ab4177919ad8bec33eb47bbb5fc6e28196fd1caf5",
            "6b4e7e0ba5519234d047155ac727a1053100",
        ),
    ),
    (
        "64 octets",
        concat!(
            "d65df341ad13e008567688baedda8e9dcdc17dc024974ea5b4227b6530e339bf",
            "f21f99e68ca6968f3cca6dfe0fb9f4fab4fa135d5542ea3f01",
        ),
        concat!(
            "df9705f58edbab802c7f8363cfe5560ab1c6132c20a9f1dd163483a26f8ac53a",
            "39d6808bf4a1dfbd261b099bb03b3fb50906cb28bd8a081f00",
        ),
        concat!(
            "bd0f6a3747cd561bdddf4640a332461a4a30a12a434cd0bf40d766d9c6d458e5",
            "512204a30c17d1f50b5079631f64eb3112182da3005835461113718d1a5ef944",
        ),
        "",
        concat!(
            "554bc2480860b49eab8532d2a533b7d578ef473eeb58c98bb2d0e1ce488a98b1",
            "8dfde9b9b90775e67f47d4a1c3482058efc9f40d2ca033a0801b63d45b3b722e",
            "f552bad3b4ccb667da350192b61c508cf7b6b5adadc2c8d9a446ef003fb05cba",
            "5f30e88e36ec2703b349ca229c2670833900",
        ),
    ),
    (
        "256 octets",
        concat!(
            "2ec5fe3c17045abdb136a5e6a913e32ab75ae68b53d2fc149b77e504132d3756",
            "9b7e766ba74a19bd6162343a21c8590aa9cebca9014c636df5",
        ),
        concat!(
            "79756f014dcfe2079f5dd9e718be4171e2ef2486a08f25186f6bff43a9936b9b",
            "fe12402b08ae65798a3d81e22e9ec80e7690862ef3d4ed3a00",
        ),
        concat!(
            "15777532b0bdd0d1389f636c5f6b9ba734c90af572877e2d272dd078aa1e567c",
            "fa80e12928bb542330e8409f3174504107ecd5efac61ae7504dabe2a602ede89",
            "e5cca6257a7c77e27a702b3ae39fc769fc54f2395ae6a1178cab4738e543072f",
            "c1c177fe71e92e25bf03e4ecb72f47b64d0465aaea4c7fad372536c8ba516a60",
            "39c3c2a39f0e4d832be432dfa9a706a6e5c7e19f397964ca4258002f7c0541b5",
            "90316dbc5622b6b2a6fe7a4abffd96105eca76ea7b98816af0748c10df048ce0",
            "12d901015a51f189f3888145c03650aa23ce894c3bd889e030d565071c59f409",
            "a9981b51878fd6fc110624dcbcde0bf7a69ccce38fabdf86f3bef6044819de11",
        ),
        "",
        concat!(
            "c650ddbb0601c19ca11439e1640dd931f43c518ea5bea70d3dcde5f4191fe53f",
            "00cf966546b72bcc7d58be2b9badef28743954e3a44a23f880e8d4f1cfce2d7a",
            "61452d26da05896f0a50da66a239a8a188b6d825b3305ad77b73fbac0836ecc6",
            "0987fd08527c1a8e80d5823e65cafe2a3d00",
        ),
    ),
    (
        "1023 octets",
        concat!(
            "872d093780f5d3730df7c212664b37b8a0f24f56810daa8382cd4fa3f77634ec",
            "44dc54f1c2ed9bea86fafb7632d8be199ea165f5ad55dd9ce8",
        ),
        concat!(
            "a81b2e8a70a5ac94ffdbcc9badfc3feb0801f258578bb114ad44ece1ec0e799d",
            "a08effb81c5d685c0c56f64eecaef8cdf11cc38737838cf400",
        ),
        concat!(
            "6ddf802e1aae4986935f7f981ba3f0351d6273c0a0c22c9c0e8339168e675412",
            "a3debfaf435ed651558007db4384b650fcc07e3b586a27a4f7a00ac8a6fec2cd",
            "86ae4bf1570c41e6a40c931db27b2faa15a8cedd52cff7362c4e6e23daec0fbc",
            "3a79b6806e316efcc7b68119bf46bc76a26067a53f296dafdbdc11c77f7777e9",
            "72660cf4b6a9b369a6665f02e0cc9b6edfad136b4fabe723d2813db3136cfde9",
            "b6d044322fee2947952e031b73ab5c603349b307bdc27bc6cb8b8bbd7bd32321",
            "9b8033a581b59eadebb09b3c4f3d2277d4f0343624acc817804728b25ab79717",
            "2b4c5c21a22f9c7839d64300232eb66e53f31c723fa37fe387c7d3e50bdf9813",
            "a30e5bb12cf4cd930c40cfb4e1fc622592a49588794494d56d24ea4b40c89fc0",
            "596cc9ebb961c8cb10adde976a5d602b1c3f85b9b9a001ed3c6a4d3b1437f520",
            "96cd1956d042a597d561a596ecd3d1735a8d570ea0ec27225a2c4aaff26306d1",
            "526c1af3ca6d9cf5a2c98f47e1c46db9a33234cfd4d81f2c98538a09ebe76998",
            "d0d8fd25997c7d255c6d66ece6fa56f11144950f027795e653008f4bd7ca2dee",
            "85d8e90f3dc315130ce2a00375a318c7c3d97be2c8ce5b6db41a6254ff264fa6",
            "155baee3b0773c0f497c573f19bb4f4240281f0b1f4f7be857a4e59d416c06b4",
            "c50fa09e1810ddc6b1467baeac5a3668d11b6ecaa901440016f389f80acc4db9",
            "77025e7f5924388c7e340a732e554440e76570f8dd71b7d640b3450d1fd5f041",
            "0a18f9a3494f707c717b79b4bf75c98400b096b21653b5d217cf3565c9597456",
            "f70703497a078763829bc01bb1cbc8fa04eadc9a6e3f6699587a9e75c94e5bab",
            "0036e0b2e711392cff0047d0d6b05bd2a588bc109718954259f1d86678a579a3",
            "120f19cfb2963f177aeb70f2d4844826262e51b80271272068ef5b3856fa8535",
            "aa2a88b2d41f2a0e2fda7624c2850272ac4a2f561f8f2f7a318bfd5caf969614",
            "9e4ac824ad3460538fdc25421beec2cc6818162d06bbed0c40a387192349db67",
            "a118bada6cd5ab0140ee273204f628aad1c135f770279a651e24d8c14d75a605",
            "9d76b96a6fd857def5e0b354b27ab937a5815d16b5fae407ff18222c6d1ed263",
            "be68c95f32d908bd895cd76207ae726487567f9a67dad79abec316f683b17f2d",
            "02bf07e0ac8b5bc6162cf94697b3c27cd1fea49b27f23ba2901871962506520c",
            "392da8b6ad0d99f7013fbc06c2c17a569500c8a7696481c1cd33e9b14e40b82e",
            "79a5f5db82571ba97bae3ad3e0479515bb0e2b0f3bfcd1fd33034efc6245eddd",
            "7ee2086ddae2600d8ca73e214e8c2b0bdb2b047c6a464a562ed77b73d2d841c4",
            "b34973551257713b753632efba348169abc90a68f42611a40126d7cb21b58695",
            "568186f7e569d2ff0f9e745d0487dd2eb997cafc5abf9dd102e62ff66cba87",
        ),
        "",
        concat!(
            "e301345a41a39a4d72fff8df69c98075a0cc082b802fc9b2b6bc503f926b65bd",
            "df7f4c8f1cb49f6396afc8a70abe6d8aef0db478d4c6b2970076c6a0484fe76d",
            "76b3a97625d79f1ce240e7c576750d295528286f719b413de9ada3e8eb78ed57",
            "3603ce30d8bb761785dc30dbc320869e1a00",
        ),
    ),
];

/// RFC 8032 §7.2 (Ed25519ctx: foo, bar, foo2, foo3):
/// (name, secret key, public key, message, context, signature).
const RFC8032_ED25519CTX: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "foo",
        "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
        "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
        "f726936d19c800494e3fdaff20b276a8",
        "666f6f",
        concat!(
            "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a",
            "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d",
        ),
    ),
    (
        "bar",
        "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
        "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
        "f726936d19c800494e3fdaff20b276a8",
        "626172",
        concat!(
            "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3",
            "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d",
        ),
    ),
    (
        "foo2",
        "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
        "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
        "508e9e6882b979fea900f62adceaca35",
        "666f6f",
        concat!(
            "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc6490",
            "8922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b",
        ),
    ),
    (
        "foo3",
        "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
        "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772",
        "f726936d19c800494e3fdaff20b276a8",
        "666f6f",
        concat!(
            "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85",
            "e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f",
        ),
    ),
];

/// RFC 8032 §7.3 (Ed25519ph, TEST abc, empty context):
/// (secret key, public key, message, signature).
const RFC8032_ED25519PH: (&str, &str, &str, &str) = (
    "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
    "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
    "616263",
    concat!(
        "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41",
        "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406",
    ),
);

/// RFC 8032 §7.5 (Ed448ph, TEST abc without and with context "foo"):
/// (name, secret key, public key, message, context, signature).
const RFC8032_ED448PH: &[(&str, &str, &str, &str, &str, &str)] = &[
    (
        "abc",
        concat!(
            "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
            "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
        ),
        concat!(
            "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743",
            "c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880",
        ),
        "616263",
        "",
        concat!(
            "822f6901f7480f3d5f562c592994d9693602875614483256505600bbc281ae38",
            "1f54d6bce2ea911574932f52a4e6cadd78769375ec3ffd1b801a0d9b3f4030cd",
            "433964b6457ea39476511214f97469b57dd32dbc560a9a94d00bff07620464a3",
            "ad203df7dc7ce360c3cd3696d9d9fab90f00",
        ),
    ),
    (
        "abc (with context)",
        concat!(
            "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
            "ef7822e0d5104127dc05d6dbefde69e3ab2cec7c867c6e2c49",
        ),
        concat!(
            "259b71c19f83ef77a7abd26524cbdb3161b590a48f7d17de3ee0ba9c52beb743",
            "c09428a131d6b1b57303d90d8132c276d5ed3d5d01c0f53880",
        ),
        "616263",
        "666f6f",
        concat!(
            "c32299d46ec8ff02b54540982814dce9a05812f81962b649d528095916a2aa48",
            "1065b1580423ef927ecf0af5888f90da0f6a9a85ad5dc3f280d91224ba9911a3",
            "653d00e484e2ce232521481c8658df304bb7745a73514cdb9bf3e15784ab7128",
            "4f8d0704a608c54a6b62d97beb511d132100",
        ),
    ),
];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn h(s: &str) -> Vec<u8> {
    hex::decode(s).expect("hex")
}

fn arr<const N: usize>(s: &str) -> [u8; N] {
    let v = h(s);
    assert_eq!(v.len(), N, "length of {s}");
    let mut a = [0u8; N];
    a.copy_from_slice(&v);
    a
}

/// Deterministic test inputs, and the batch verifier's random source in
/// most tests (one test also uses `OsRng`).
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    fn big(&mut self, modulus: &BigUint) -> BigUint {
        BigUint::from_bytes_le(&self.bytes(80)) % modulus
    }
}

fn big(dec: &str) -> BigUint {
    dec.parse().expect("decimal")
}
/// L = 2²⁵² + 27742317777372353535851937790883648493 (RFC 8032 §5.1).
fn l25519() -> BigUint {
    (BigUint::one() << 252usize) + big("27742317777372353535851937790883648493")
}
/// L = 2⁴⁴⁶ − 13818066809895115352007386748515426880336692474882178609894547503885 (RFC 8032 §5.2).
fn l448() -> BigUint {
    (BigUint::one() << 446usize) - big("13818066809895115352007386748515426880336692474882178609894547503885")
}
/// p = 2²⁵⁵ − 19.
fn p25519() -> BigUint {
    (BigUint::one() << 255usize) - 19u32
}
/// p = 2⁴⁴⁸ − 2²²⁴ − 1.
fn p448() -> BigUint {
    (BigUint::one() << 448usize) - (BigUint::one() << 224usize) - 1u32
}

/// `n` little-endian in exactly `len` bytes.
fn le(n: &BigUint, len: usize) -> Vec<u8> {
    let mut v = n.to_bytes_le();
    assert!(v.len() <= len);
    v.resize(len, 0);
    v
}

fn fixed<const N: usize>(v: &[u8]) -> [u8; N] {
    let mut a = [0u8; N];
    a.copy_from_slice(v);
    a
}

fn scalar<C: EdwardsCurve>(n: &BigUint) -> Scalar<C::ScalarField> {
    Scalar::from_be_bytes_reduced(&n.to_bytes_be())
}

/// encode([n]B) on edwards25519.
fn ed25519_base_mul(n: &BigUint) -> c25519::EdwardsPoint {
    c25519::EdwardsPoint::mul_base(&scalar::<Edwards25519>(n))
}
fn ed448_base_mul(n: &BigUint) -> c448::Ed448Point {
    c448::Ed448Point::mul_base(&scalar::<Edwards448>(n))
}

/// SHA-512(parts…) as an integer mod L (Ed25519's k, pure variant).
fn ed25519_k(parts: &[&[u8]]) -> BigUint {
    use sha2::Digest;
    let mut hsh = sha2::Sha512::new();
    for p in parts {
        hsh.update(p);
    }
    BigUint::from_bytes_le(&hsh.finalize()) % l25519()
}

/// SHAKE256(dom4(0, ctx) ‖ parts…, 114) as an integer mod L (Ed448's k).
fn ed448_k(ctx: &[u8], parts: &[&[u8]]) -> BigUint {
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    let mut hsh = sha3::Shake256::default();
    hsh.update(b"SigEd448");
    hsh.update(&[0u8, ctx.len() as u8]);
    hsh.update(ctx);
    for p in parts {
        hsh.update(p);
    }
    let mut out = [0u8; 114];
    hsh.finalize_xof().read(&mut out);
    BigUint::from_bytes_le(&out) % l448()
}

fn sha512(m: &[u8]) -> [u8; 64] {
    use sha2::Digest;
    fixed(&sha2::Sha512::digest(m))
}

fn shake256_64(m: &[u8]) -> [u8; 64] {
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    let mut hsh = sha3::Shake256::default();
    hsh.update(m);
    let mut out = [0u8; 64];
    hsh.finalize_xof().read(&mut out);
    out
}

fn flip(v: &[u8], bit: usize) -> Vec<u8> {
    let mut w = v.to_vec();
    w[bit / 8] ^= 1 << (bit % 8);
    w
}

type VerifyFn<'a> = &'a dyn Fn(&[u8], &[u8], &[u8], VerifyProfile) -> Result<(), Error>;

/// One-bit changes to the signature (in R, the sign bit of R, S, the top of
/// S), the message and the key are rejected under every profile in `profiles`.
fn check_tampering(name: &str, pk: &[u8], msg: &[u8], sig: &[u8], profiles: &[VerifyProfile], verify: VerifyFn) {
    let n = pk.len();
    let sig_bits = [0, 7, 4 * n + 3, 8 * n - 1, 8 * n, 8 * n + 101, 16 * n - 9, 16 * n - 1];
    let key_bits = [0, 4 * n + 5, 8 * n - 2, 8 * n - 1];
    for &p in profiles {
        assert_eq!(verify(pk, msg, sig, p), Ok(()), "{name} {p:?}");
        for &b in &sig_bits {
            assert!(verify(pk, msg, &flip(sig, b), p).is_err(), "{name} {p:?}: sig bit {b} flipped accepted");
        }
        for &b in &key_bits {
            assert!(verify(&flip(pk, b), msg, sig, p).is_err(), "{name} {p:?}: key bit {b} flipped accepted");
        }
        if msg.is_empty() {
            assert!(verify(pk, &[0u8], sig, p).is_err(), "{name} {p:?}: extended message accepted");
        } else {
            for b in [0, 8 * msg.len() - 1] {
                assert!(verify(pk, &flip(msg, b), sig, p).is_err(), "{name} {p:?}: msg bit {b} flipped accepted");
            }
        }
    }
}

fn vectors_dir() -> PathBuf {
    if let Ok(v) = std::env::var("KURVE_VECTORS") {
        if !v.is_empty() {
            let p = PathBuf::from(&v);
            assert!(p.is_dir(), "KURVE_VECTORS={v} is not a directory");
            return p;
        }
    }
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/vectors");
    assert!(
        p.is_dir(),
        "test-vector directory not found at {}: set KURVE_VECTORS to the shared/vectors directory",
        p.display()
    );
    p
}

fn read_vectors(rel: &str) -> String {
    let path = vectors_dir().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("cannot read {}: {e} (set KURVE_VECTORS to the shared/vectors directory)", path.display())
    })
}

// ---------------------------------------------------------------------------
// RFC 8032 §7 known answers
// ---------------------------------------------------------------------------

#[test]
fn rfc8032_ed25519() {
    for &(name, sk, pk, msg, sig) in RFC8032_ED25519 {
        let seed: [u8; 32] = arr(sk);
        let pk: [u8; 32] = arr(pk);
        let msg = h(msg);
        let sig: [u8; 64] = arr(sig);
        assert_eq!(eddsa::ed25519_public_key(&seed), pk, "{name}: public key");
        assert_eq!(eddsa::ed25519_sign(&seed, &msg), sig, "{name}: signature");
        let key = eddsa::Ed25519SigningKey::from_seed(&seed);
        assert_eq!(key.seed(), &seed);
        assert_eq!(key.public_key(), pk);
        assert_eq!(key.sign(&msg), sig);
        assert_eq!(key.sign(&msg), sig, "{name}: signing twice with one key");
        check_tampering(name, &pk, &msg, &sig, &ALL, &|k, m, s, p| eddsa::ed25519_verify(k, m, s, p));
        // Domain separation: a pure signature is not an Ed25519ctx / ph one.
        for p in ALL {
            assert!(eddsa::ed25519ctx_verify(&pk, b"foo", &msg, &sig, p).is_err());
            assert!(eddsa::ed25519ph_verify(&pk, b"", &msg, &sig, p).is_err());
        }
    }
}

#[test]
fn rfc8032_ed25519ctx() {
    for &(name, sk, pk, msg, ctx, sig) in RFC8032_ED25519CTX {
        let seed: [u8; 32] = arr(sk);
        let pk: [u8; 32] = arr(pk);
        let (msg, ctx) = (h(msg), h(ctx));
        let sig: [u8; 64] = arr(sig);
        assert_eq!(eddsa::ed25519_public_key(&seed), pk, "{name}");
        assert_eq!(eddsa::ed25519ctx_sign(&seed, &ctx, &msg), Ok(sig), "{name}");
        let key = eddsa::Ed25519SigningKey::from_seed(&seed);
        assert_eq!(key.sign_ctx(&ctx, &msg), Ok(sig), "{name}");
        check_tampering(name, &pk, &msg, &sig, &ALL, &|k, m, s, p| eddsa::ed25519ctx_verify(k, &ctx, m, s, p));
        for p in ALL {
            assert_eq!(eddsa::ed25519ctx_verify(&pk, b"fop", &msg, &sig, p), Err(Error::InvalidSignature));
            assert!(eddsa::ed25519_verify(&pk, &msg, &sig, p).is_err());
            assert!(eddsa::ed25519ph_verify(&pk, &ctx, &msg, &sig, p).is_err());
        }
    }
    // "foo" and "bar" are one key and one message under two contexts.
    let (foo, bar) = (RFC8032_ED25519CTX[0], RFC8032_ED25519CTX[1]);
    assert_ne!(foo.5, bar.5);
    for p in ALL {
        assert!(eddsa::ed25519ctx_verify(&h(foo.2), &h(bar.4), &h(foo.3), &h(foo.5), p).is_err());
    }
}

#[test]
fn rfc8032_ed25519ph() {
    let (sk, pk, msg, sig) = RFC8032_ED25519PH;
    let seed: [u8; 32] = arr(sk);
    let pk: [u8; 32] = arr(pk);
    let msg = h(msg);
    let sig: [u8; 64] = arr(sig);
    assert_eq!(eddsa::ed25519_public_key(&seed), pk);
    assert_eq!(eddsa::ed25519ph_sign(&seed, b"", &msg), Ok(sig));
    let key = eddsa::Ed25519SigningKey::from_seed(&seed);
    assert_eq!(key.sign_ph(b"", &msg), Ok(sig));
    assert_eq!(key.sign_prehashed(b"", &sha512(&msg)), Ok(sig));
    check_tampering("Ed25519ph abc", &pk, &msg, &sig, &ALL, &|k, m, s, p| eddsa::ed25519ph_verify(k, b"", m, s, p));
    for p in ALL {
        assert_eq!(eddsa::ed25519ph_verify_prehashed(&pk, b"", &sha512(&msg), &sig, p), Ok(()));
        assert_eq!(eddsa::ed25519ph_verify(&pk, b"x", &msg, &sig, p), Err(Error::InvalidSignature));
        assert!(eddsa::ed25519_verify(&pk, &sha512(&msg), &sig, p).is_err());
    }
}

#[test]
fn rfc8032_ed448() {
    for &(name, sk, pk, msg, ctx, sig) in RFC8032_ED448 {
        let seed: [u8; 57] = arr(sk);
        let pk: [u8; 57] = arr(pk);
        let (msg, ctx) = (h(msg), h(ctx));
        let sig: [u8; 114] = arr(sig);
        assert_eq!(eddsa::ed448_public_key(&seed), pk, "{name}: public key");
        assert_eq!(eddsa::ed448_sign(&seed, &ctx, &msg), Ok(sig), "{name}: signature");
        let key = eddsa::Ed448SigningKey::from_seed(&seed);
        assert_eq!(key.seed(), &seed);
        assert_eq!(key.public_key(), pk);
        assert_eq!(key.sign(&ctx, &msg), Ok(sig));
        check_tampering(name, &pk, &msg, &sig, &ED448_PROFILES, &|k, m, s, p| eddsa::ed448_verify(k, &ctx, m, s, p));
        assert_eq!(eddsa::ed448_verify(&pk, &ctx, &msg, &sig, VerifyProfile::Zip215), Err(Error::Unsupported));
        for p in ED448_PROFILES {
            assert_eq!(eddsa::ed448_verify(&pk, b"other", &msg, &sig, p), Err(Error::InvalidSignature));
            assert!(eddsa::ed448ph_verify(&pk, &ctx, &msg, &sig, p).is_err());
        }
    }
}

#[test]
fn rfc8032_ed448ph() {
    for &(name, sk, pk, msg, ctx, sig) in RFC8032_ED448PH {
        let seed: [u8; 57] = arr(sk);
        let pk: [u8; 57] = arr(pk);
        let (msg, ctx) = (h(msg), h(ctx));
        let sig: [u8; 114] = arr(sig);
        assert_eq!(eddsa::ed448_public_key(&seed), pk, "{name}");
        assert_eq!(eddsa::ed448ph_sign(&seed, &ctx, &msg), Ok(sig), "{name}");
        let key = eddsa::Ed448SigningKey::from_seed(&seed);
        assert_eq!(key.sign_ph(&ctx, &msg), Ok(sig));
        assert_eq!(key.sign_prehashed(&ctx, &shake256_64(&msg)), Ok(sig));
        check_tampering(name, &pk, &msg, &sig, &ED448_PROFILES, &|k, m, s, p| eddsa::ed448ph_verify(k, &ctx, m, s, p));
        assert_eq!(eddsa::ed448ph_verify(&pk, &ctx, &msg, &sig, VerifyProfile::Zip215), Err(Error::Unsupported));
        for p in ED448_PROFILES {
            assert_eq!(eddsa::ed448ph_verify_prehashed(&pk, &ctx, &shake256_64(&msg), &sig, p), Ok(()));
            assert!(eddsa::ed448_verify(&pk, &ctx, &msg, &sig, p).is_err());
        }
    }
}

/// Ed25519 / Ed25519ctx / Ed25519ph (and Ed448 / Ed448ph, Ed448 with a
/// context) signatures by one key on one message verify only as themselves.
#[test]
fn variants_are_separated() {
    let mut rng = Rng(11);
    let seed: [u8; 32] = rng.array();
    let msg = rng.bytes(40);
    let pk = eddsa::ed25519_public_key(&seed);
    let sigs = [
        eddsa::ed25519_sign(&seed, &msg),
        eddsa::ed25519ctx_sign(&seed, b"ctx", &msg).unwrap(),
        eddsa::ed25519ph_sign(&seed, b"ctx", &msg).unwrap(),
        eddsa::ed25519ph_sign(&seed, b"", &msg).unwrap(),
    ];
    for (i, sig) in sigs.iter().enumerate() {
        for p in ALL {
            let got = [
                eddsa::ed25519_verify(&pk, &msg, sig, p).is_ok(),
                eddsa::ed25519ctx_verify(&pk, b"ctx", &msg, sig, p).is_ok(),
                eddsa::ed25519ph_verify(&pk, b"ctx", &msg, sig, p).is_ok(),
                eddsa::ed25519ph_verify(&pk, b"", &msg, sig, p).is_ok(),
            ];
            let want: Vec<bool> = (0..4).map(|j| j == i).collect();
            assert_eq!(got.to_vec(), want, "Ed25519 variant {i} under {p:?}");
        }
    }
    let seed: [u8; 57] = rng.array();
    let pk = eddsa::ed448_public_key(&seed);
    let sigs = [
        eddsa::ed448_sign(&seed, b"", &msg).unwrap(),
        eddsa::ed448_sign(&seed, b"ctx", &msg).unwrap(),
        eddsa::ed448ph_sign(&seed, b"", &msg).unwrap(),
        eddsa::ed448ph_sign(&seed, b"ctx", &msg).unwrap(),
    ];
    for (i, sig) in sigs.iter().enumerate() {
        for p in ED448_PROFILES {
            let got = [
                eddsa::ed448_verify(&pk, b"", &msg, sig, p).is_ok(),
                eddsa::ed448_verify(&pk, b"ctx", &msg, sig, p).is_ok(),
                eddsa::ed448ph_verify(&pk, b"", &msg, sig, p).is_ok(),
                eddsa::ed448ph_verify(&pk, b"ctx", &msg, sig, p).is_ok(),
            ];
            let want: Vec<bool> = (0..4).map(|j| j == i).collect();
            assert_eq!(got.to_vec(), want, "Ed448 variant {i} under {p:?}");
        }
    }
}

#[test]
fn context_lengths() {
    let seed = [7u8; 32];
    let pk = eddsa::ed25519_public_key(&seed);
    let sig = eddsa::ed25519_sign(&seed, b"m");
    let c255 = [0xabu8; 255];
    let c256 = [0xabu8; 256];
    // Ed25519ctx: 1..=255 bytes.
    assert_eq!(eddsa::ed25519ctx_sign(&seed, b"", b"m"), Err(Error::InvalidLength));
    assert_eq!(eddsa::ed25519ctx_sign(&seed, &c256, b"m"), Err(Error::InvalidLength));
    let key = eddsa::Ed25519SigningKey::from_seed(&seed);
    assert_eq!(key.sign_ctx(b"", b"m"), Err(Error::InvalidLength));
    let s255 = eddsa::ed25519ctx_sign(&seed, &c255, b"m").unwrap();
    for p in ALL {
        assert_eq!(eddsa::ed25519ctx_verify(&pk, &c255, b"m", &s255, p), Ok(()));
        assert_eq!(eddsa::ed25519ctx_verify(&pk, b"", b"m", &sig, p), Err(Error::InvalidLength));
        assert_eq!(eddsa::ed25519ctx_verify(&pk, &c256, b"m", &sig, p), Err(Error::InvalidLength));
        assert_eq!(eddsa::ed25519ph_verify(&pk, &c256, b"m", &sig, p), Err(Error::InvalidLength));
    }
    // Ed25519ph: 0..=255 bytes.
    assert_eq!(eddsa::ed25519ph_sign(&seed, &c256, b"m"), Err(Error::InvalidLength));
    let s = eddsa::ed25519ph_sign(&seed, &c255, b"m").unwrap();
    assert_eq!(eddsa::ed25519ph_verify(&pk, &c255, b"m", &s, VerifyProfile::Cofactored), Ok(()));
    // Ed448 / Ed448ph: 0..=255 bytes.
    let seed = [9u8; 57];
    let pk = eddsa::ed448_public_key(&seed);
    assert_eq!(eddsa::ed448_sign(&seed, &c256, b"m"), Err(Error::InvalidLength));
    assert_eq!(eddsa::ed448ph_sign(&seed, &c256, b"m"), Err(Error::InvalidLength));
    let s = eddsa::ed448_sign(&seed, &c255, b"m").unwrap();
    let sph = eddsa::ed448ph_sign(&seed, &c255, b"m").unwrap();
    for p in ED448_PROFILES {
        assert_eq!(eddsa::ed448_verify(&pk, &c255, b"m", &s, p), Ok(()));
        assert_eq!(eddsa::ed448ph_verify(&pk, &c255, b"m", &sph, p), Ok(()));
        assert_eq!(eddsa::ed448_verify(&pk, &c256, b"m", &s, p), Err(Error::InvalidLength));
        assert_eq!(eddsa::ed448ph_verify(&pk, &c256, b"m", &sph, p), Err(Error::InvalidLength));
    }
}

#[test]
fn signing_key_debug_is_redacted() {
    let seed = [0x5au8; 32];
    let key = eddsa::Ed25519SigningKey::from_seed(&seed);
    let s = format!("{key:?}");
    assert!(s.contains(&hex::encode(key.public_key())), "{s}");
    assert!(!s.contains("5a5a5a5a"), "{s}");
    let seed = [0x5au8; 57];
    let key = eddsa::Ed448SigningKey::from_seed(&seed);
    let s = format!("{key:?}");
    assert!(s.contains(&hex::encode(key.public_key())), "{s}");
    assert!(!s.contains("5a5a5a5a"), "{s}");
}

// ---------------------------------------------------------------------------
// Verification profiles
// ---------------------------------------------------------------------------

/// S ≥ L is rejected by every profile, including S + L (which satisfies the
/// group equation: the classic malleability) and S = L; S = L − 1 is in
/// range and fails the equation instead.
#[test]
fn s_at_least_l_rejected() {
    let l = l25519();
    for &(name, _, pk, msg, sig) in &RFC8032_ED25519[..3] {
        let (pk, msg, sig) = (h(pk), h(msg), h(sig));
        let s = BigUint::from_bytes_le(&sig[32..]);
        let bad = [&s + &l, &s + &l + &l, l.clone(), (BigUint::one() << 256usize) - 1u32, BigUint::one() << 255usize];
        for b in bad.iter() {
            let mut sig2 = sig[..32].to_vec();
            sig2.extend(le(b, 32));
            for p in ALL {
                assert_eq!(eddsa::ed25519_verify(&pk, &msg, &sig2, p), Err(Error::InvalidScalar), "{name} {p:?}");
            }
            for p in [VerifyProfile::Cofactored, VerifyProfile::Zip215] {
                let items: [(&[u8], &[u8], &[u8]); 1] = [(&pk, &msg, &sig2)];
                assert_eq!(eddsa::ed25519_verify_batch(&items, p, &mut Rng(1)), Err(Error::InvalidScalar));
            }
        }
        let mut sig2 = sig[..32].to_vec();
        sig2.extend(le(&(&l - 1u32), 32));
        for p in ALL {
            assert_eq!(eddsa::ed25519_verify(&pk, &msg, &sig2, p), Err(Error::InvalidSignature), "{name} {p:?}");
        }
    }
    let l = l448();
    for &(name, _, pk, msg, ctx, sig) in &RFC8032_ED448[..3] {
        let (pk, msg, ctx, sig) = (h(pk), h(msg), h(ctx), h(sig));
        let s = BigUint::from_bytes_le(&sig[57..]);
        let bad = [&s + &l, l.clone(), &s + (BigUint::one() << 448usize), (BigUint::one() << 456usize) - 1u32];
        for b in bad.iter() {
            let mut sig2 = sig[..57].to_vec();
            sig2.extend(le(b, 57));
            for p in ED448_PROFILES {
                assert_eq!(eddsa::ed448_verify(&pk, &ctx, &msg, &sig2, p), Err(Error::InvalidScalar), "{name} {p:?}");
            }
        }
    }
}

/// Signatures built with non-canonical encodings of the identity (y = p + 1,
/// or x = 0 with the sign bit set) as A or as R: Strict and Cofactored
/// reject the encoding, ZIP 215 accepts because the equation holds. With the
/// canonical identity as A, every profile accepts (RFC 8032 itself accepts
/// small-order keys).
#[test]
fn noncanonical_encodings_ed25519() {
    let mut rng = Rng(21);
    let l = l25519();
    let p = p25519();
    let id_canonical: [u8; 32] = fixed(&le(&BigUint::one(), 32));
    let id_y_plus_p: [u8; 32] = fixed(&le(&(&p + 1u32), 32)); // y = p + 1 ≡ 1
    let mut id_neg_zero = id_canonical;
    id_neg_zero[31] |= 0x80; // x = 0 with the sign bit set
    let msg = b"non-canonical encodings";

    // Sanity: the decoders see what the test claims.
    assert!(c25519::EdwardsPoint::decompress(&id_canonical).is_ok());
    assert_eq!(c25519::EdwardsPoint::decompress(&id_y_plus_p).err(), Some(Error::NonCanonicalField));
    assert_eq!(c25519::EdwardsPoint::decompress(&id_neg_zero).err(), Some(Error::InvalidEncoding));
    for e in [&id_y_plus_p, &id_neg_zero] {
        assert!(bool::from(c25519::EdwardsPoint::decompress_zip215(e).unwrap().is_identity()));
    }

    // (a) A = identity: (R, S) = ([r]B, r) verifies for every message.
    let r = rng.big(&l);
    let mut sig = ed25519_base_mul(&r).compress().to_vec();
    sig.extend(le(&r, 32));
    for prof in ALL {
        assert_eq!(eddsa::ed25519_verify(&id_canonical, msg, &sig, prof), Ok(()), "small-order A, {prof:?}");
    }
    for (a, strict_err) in [(&id_y_plus_p, Error::NonCanonicalField), (&id_neg_zero, Error::InvalidEncoding)] {
        assert_eq!(eddsa::ed25519_verify(a, msg, &sig, VerifyProfile::Rfc8032Strict), Err(strict_err));
        assert_eq!(eddsa::ed25519_verify(a, msg, &sig, VerifyProfile::Cofactored), Err(strict_err));
        assert_eq!(eddsa::ed25519_verify(a, msg, &sig, VerifyProfile::Zip215), Ok(()));
        let items: [(&[u8], &[u8], &[u8]); 1] = [(a, msg, &sig)];
        assert_eq!(eddsa::ed25519_verify_batch(&items, VerifyProfile::Zip215, &mut rng), Ok(()));
        assert_eq!(eddsa::ed25519_verify_batch(&items, VerifyProfile::Cofactored, &mut rng), Err(strict_err));
    }

    // (b) R = identity (non-canonically encoded), S = k·a: [S]B = [k]A = R + [k]A.
    let a = rng.big(&l);
    let pk = ed25519_base_mul(&a).compress();
    for (r_enc, strict_err) in [(&id_y_plus_p, Error::NonCanonicalField), (&id_neg_zero, Error::InvalidEncoding)] {
        let k = ed25519_k(&[r_enc, &pk, msg]);
        let mut sig = r_enc.to_vec();
        sig.extend(le(&(k * &a % &l), 32));
        assert_eq!(eddsa::ed25519_verify(&pk, msg, &sig, VerifyProfile::Rfc8032Strict), Err(strict_err));
        assert_eq!(eddsa::ed25519_verify(&pk, msg, &sig, VerifyProfile::Cofactored), Err(strict_err));
        assert_eq!(eddsa::ed25519_verify(&pk, msg, &sig, VerifyProfile::Zip215), Ok(()));
        // The same signature with R re-encoded canonically is a different
        // signature (k changes), so it must fail.
        let mut sig2 = id_canonical.to_vec();
        sig2.extend_from_slice(&sig[32..]);
        for prof in ALL {
            assert_eq!(eddsa::ed25519_verify(&pk, msg, &sig2, prof), Err(Error::InvalidSignature));
        }
    }
}

#[test]
fn noncanonical_encodings_ed448() {
    let mut rng = Rng(22);
    let l = l448();
    let id_canonical: [u8; 57] = fixed(&le(&BigUint::one(), 57));
    let id_y_plus_p: [u8; 57] = fixed(&le(&(p448() + 1u32), 57));
    let mut id_neg_zero = id_canonical;
    id_neg_zero[56] |= 0x80;
    let mut id_high_bit = id_canonical;
    id_high_bit[56] |= 0x01; // bit 448 set: y ≥ 2^448 > p
    let msg = b"non-canonical encodings";
    let r = rng.big(&l);
    let mut sig = ed448_base_mul(&r).compress().to_vec();
    sig.extend(le(&r, 57));
    for prof in ED448_PROFILES {
        assert_eq!(eddsa::ed448_verify(&id_canonical, b"", msg, &sig, prof), Ok(()), "small-order A, {prof:?}");
        assert_eq!(eddsa::ed448_verify(&id_y_plus_p, b"", msg, &sig, prof), Err(Error::NonCanonicalField));
        assert_eq!(eddsa::ed448_verify(&id_high_bit, b"", msg, &sig, prof), Err(Error::NonCanonicalField));
        assert_eq!(eddsa::ed448_verify(&id_neg_zero, b"", msg, &sig, prof), Err(Error::InvalidEncoding));
    }
    assert_eq!(eddsa::ed448_verify(&id_y_plus_p, b"", msg, &sig, VerifyProfile::Zip215), Err(Error::Unsupported));
}

/// The point of order 8 on edwards25519 whose encoding starts c7176a70…
/// (checked here to have order exactly 8).
fn t8() -> c25519::EdwardsPoint {
    let t = c25519::EdwardsPoint::decompress(&arr("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"))
        .unwrap();
    assert!(bool::from(t.mul_by_cofactor().is_identity()));
    assert!(!bool::from(t.double().double().is_identity()));
    t
}

/// A signature whose R carries a small-order component, R' = [r]B + T, with
/// S = r + k'·a for k' = H(R' ‖ A ‖ M): the cofactorless equation is off by
/// T, the cofactored one holds. Same with the torsion on A instead.
#[test]
fn cofactored_only_signatures_ed25519() {
    let mut rng = Rng(31);
    let l = l25519();
    let msg = b"torsion";
    let a = rng.big(&l);
    let pk = ed25519_base_mul(&a).compress();
    let t8 = t8();
    let mut t = t8;
    let mut batch_sigs = Vec::new();
    for j in 1..8 {
        let r = rng.big(&l);
        let r_enc = ed25519_base_mul(&r).add(&t).compress();
        let k = ed25519_k(&[&r_enc, &pk, msg]);
        let mut sig = r_enc.to_vec();
        sig.extend(le(&((r + k * &a) % &l), 32));
        assert_eq!(
            eddsa::ed25519_verify(&pk, msg, &sig, VerifyProfile::Rfc8032Strict),
            Err(Error::InvalidSignature),
            "[{j}]T8"
        );
        assert_eq!(eddsa::ed25519_verify(&pk, msg, &sig, VerifyProfile::Cofactored), Ok(()), "[{j}]T8");
        assert_eq!(eddsa::ed25519_verify(&pk, msg, &sig, VerifyProfile::Zip215), Ok(()), "[{j}]T8");
        batch_sigs.push(sig);
        t = t.add(&t8);
    }
    assert!(bool::from(t.is_identity()));
    let items: Vec<(&[u8], &[u8], &[u8])> = batch_sigs.iter().map(|s| (&pk[..], &msg[..], &s[..])).collect();
    for prof in [VerifyProfile::Cofactored, VerifyProfile::Zip215] {
        assert_eq!(eddsa::ed25519_verify_batch(&items, prof, &mut rng), Ok(()));
    }

    // Torsion on the key: A' = [a]B + T8 (mixed order), R = [r]B, S = r + k'·a.
    // Cofactorless: [S]B − [k']A' = R − [k' mod 8]T8, so Strict accepts
    // exactly when 8 | k'.
    let pk_mixed = ed25519_base_mul(&a).add(&t8).compress();
    let mut strict_seen = [false; 2];
    for _ in 0..24 {
        let r = rng.big(&l);
        let r_enc = ed25519_base_mul(&r).compress();
        let k = ed25519_k(&[&r_enc, &pk_mixed, msg]);
        let strict_ok = (&k % 8u32).is_zero();
        let mut sig = r_enc.to_vec();
        sig.extend(le(&((r + k * &a) % &l), 32));
        assert_eq!(eddsa::ed25519_verify(&pk_mixed, msg, &sig, VerifyProfile::Rfc8032Strict).is_ok(), strict_ok);
        assert_eq!(eddsa::ed25519_verify(&pk_mixed, msg, &sig, VerifyProfile::Cofactored), Ok(()));
        assert_eq!(eddsa::ed25519_verify(&pk_mixed, msg, &sig, VerifyProfile::Zip215), Ok(()));
        strict_seen[strict_ok as usize] = true;
    }
    assert!(strict_seen[0], "no k' with 8 ∤ k' in 24 tries");
}

#[test]
fn cofactored_only_signatures_ed448() {
    let mut rng = Rng(32);
    let l = l448();
    // (1, 0) has order 4 on x² + y² = 1 + d·x²·y²: y = 0, sign bit 1.
    let mut t4_enc = [0u8; 57];
    t4_enc[56] = 0x80;
    let t4 = c448::Ed448Point::decompress(&t4_enc).unwrap();
    assert!(bool::from(t4.mul_by_cofactor().is_identity()));
    assert!(!bool::from(t4.double().is_identity()));
    let a = rng.big(&l);
    let pk = ed448_base_mul(&a).compress();
    let ctx = b"ctx";
    let msg = b"torsion";
    let mut t = t4;
    for j in 1..4 {
        let r = rng.big(&l);
        let r_enc = ed448_base_mul(&r).add(&t).compress();
        let k = ed448_k(ctx, &[&r_enc, &pk, msg]);
        let mut sig = r_enc.to_vec();
        sig.extend(le(&((r + k * &a) % &l), 57));
        assert_eq!(
            eddsa::ed448_verify(&pk, ctx, msg, &sig, VerifyProfile::Rfc8032Strict),
            Err(Error::InvalidSignature),
            "[{j}]T4"
        );
        assert_eq!(eddsa::ed448_verify(&pk, ctx, msg, &sig, VerifyProfile::Cofactored), Ok(()), "[{j}]T4");
        t = t.add(&t4);
    }
    // Control: the same construction without torsion passes Strict.
    let r = rng.big(&l);
    let r_enc = ed448_base_mul(&r).compress();
    let k = ed448_k(ctx, &[&r_enc, &pk, msg]);
    let mut sig = r_enc.to_vec();
    sig.extend(le(&((r + k * &a) % &l), 57));
    for prof in ED448_PROFILES {
        assert_eq!(eddsa::ed448_verify(&pk, ctx, msg, &sig, prof), Ok(()));
    }
}

// ---------------------------------------------------------------------------
// Batch verification
// ---------------------------------------------------------------------------

struct Batch {
    pks: Vec<[u8; 32]>,
    msgs: Vec<Vec<u8>>,
    sigs: Vec<Vec<u8>>,
}

impl Batch {
    fn random(rng: &mut Rng, n: usize) -> Batch {
        let mut b = Batch { pks: vec![], msgs: vec![], sigs: vec![] };
        for _ in 0..n {
            let key = eddsa::Ed25519SigningKey::from_seed(&rng.array());
            let len = rng.below(100) as usize;
            let msg = rng.bytes(len);
            b.sigs.push(key.sign(&msg).to_vec());
            b.pks.push(key.public_key());
            b.msgs.push(msg);
        }
        b
    }
    fn items(&self) -> Vec<(&[u8], &[u8], &[u8])> {
        (0..self.pks.len()).map(|i| (&self.pks[i][..], &self.msgs[i][..], &self.sigs[i][..])).collect()
    }
}

#[test]
fn batch_verification() {
    let mut rng = Rng(41);
    let cof = [VerifyProfile::Cofactored, VerifyProfile::Zip215];
    // 70 signatures: chunks of 32, 32 and 6.
    let mut b = Batch::random(&mut rng, 2 * eddsa::BATCH_CHUNK + 6);
    for p in cof {
        assert_eq!(eddsa::ed25519_verify_batch(&b.items(), p, &mut rng), Ok(()));
        assert_eq!(eddsa::ed25519_verify_batch(&b.items(), p, &mut rand_core::OsRng), Ok(()));
        assert_eq!(eddsa::ed25519_verify_batch(&b.items()[..1], p, &mut rng), Ok(()));
        assert_eq!(eddsa::ed25519_verify_batch(&[], p, &mut rng), Ok(()));
    }
    assert_eq!(
        eddsa::ed25519_verify_batch(&b.items(), VerifyProfile::Rfc8032Strict, &mut rng),
        Err(Error::Unsupported)
    );
    // One bad signature anywhere (first, chunk boundaries, last) sinks the batch.
    for idx in [0, 31, 32, 45, 69] {
        for what in 0..3 {
            let saved = (b.msgs[idx].clone(), b.sigs[idx].clone(), b.pks[idx]);
            match what {
                0 => b.msgs[idx].push(1),
                1 => b.sigs[idx][40] ^= 4,
                _ => b.pks[idx] = b.pks[(idx + 1) % b.pks.len()],
            }
            for p in cof {
                assert!(
                    eddsa::ed25519_verify_batch(&b.items(), p, &mut rng).is_err(),
                    "bad item {idx} ({what}) accepted"
                );
            }
            (b.msgs[idx], b.sigs[idx], b.pks[idx]) = saved;
        }
    }
    // Two signatures swapped between messages.
    b.sigs.swap(3, 4);
    assert_eq!(
        eddsa::ed25519_verify_batch(&b.items(), VerifyProfile::Cofactored, &mut rng),
        Err(Error::InvalidSignature)
    );
    b.sigs.swap(3, 4);
    // Malformed items: their decoding error.
    b.sigs[10].pop();
    assert_eq!(eddsa::ed25519_verify_batch(&b.items(), VerifyProfile::Cofactored, &mut rng), Err(Error::InvalidLength));
    b.sigs[10].push(0);
    let short: [(&[u8], &[u8], &[u8]); 1] = [(&b.pks[0][..31], &b.msgs[0], &b.sigs[0])];
    assert_eq!(eddsa::ed25519_verify_batch(&short, VerifyProfile::Cofactored, &mut rng), Err(Error::InvalidLength));
    // Agreement with single verification on the restored batch.
    for (pk, m, s) in b.items() {
        let single = eddsa::ed25519_verify(pk, m, s, VerifyProfile::Cofactored).is_ok();
        let batch = eddsa::ed25519_verify_batch(&[(pk, m, s)], VerifyProfile::Cofactored, &mut rng).is_ok();
        assert_eq!(single, batch);
    }
}

// ---------------------------------------------------------------------------
// Third-party vector files
// ---------------------------------------------------------------------------

/// SUPERCOP / ed25519.cr.yp.to `sign.input`: `sk‖pk:pk:msg:sig‖msg:` per line.
#[test]
fn supercop_sign_input() {
    let text = read_vectors("cryptography-vectors/asymmetric/Ed25519/sign.input");
    let mut pks = Vec::new();
    let mut msgs = Vec::new();
    let mut sigs = Vec::new();
    for (ln, line) in text.lines().enumerate().filter(|(_, l)| !l.is_empty()) {
        let f: Vec<&str> = line.split(':').collect();
        assert_eq!(f.len(), 5, "line {}: {} fields", ln + 1, f.len());
        let sk = h(f[0]);
        let pk: [u8; 32] = arr(f[1]);
        let msg = h(f[2]);
        let sigmsg = h(f[3]);
        assert_eq!(&sk[32..], &pk[..], "line {}: sk‖pk", ln + 1);
        assert_eq!(&sigmsg[64..], &msg[..], "line {}: sig‖msg", ln + 1);
        let seed: [u8; 32] = fixed(&sk[..32]);
        let sig: [u8; 64] = fixed(&sigmsg[..64]);
        let key = eddsa::Ed25519SigningKey::from_seed(&seed);
        assert_eq!(key.public_key(), pk, "line {}: public key", ln + 1);
        assert_eq!(key.sign(&msg), sig, "line {}: signature", ln + 1);
        for p in ALL {
            assert_eq!(eddsa::ed25519_verify(&pk, &msg, &sig, p), Ok(()), "line {} {p:?}", ln + 1);
        }
        let bad = flip(&sig, ln % 512);
        assert!(eddsa::ed25519_verify(&pk, &msg, &bad, VerifyProfile::Rfc8032Strict).is_err(), "line {}", ln + 1);
        pks.push(pk);
        msgs.push(msg);
        sigs.push(sig);
    }
    assert_eq!(pks.len(), 1024, "sign.input should have 1,024 lines");
    let items: Vec<(&[u8], &[u8], &[u8])> = (0..pks.len()).map(|i| (&pks[i][..], &msgs[i][..], &sigs[i][..])).collect();
    let mut rng = Rng(51);
    for p in [VerifyProfile::Cofactored, VerifyProfile::Zip215] {
        assert_eq!(eddsa::ed25519_verify_batch(&items, p, &mut rng), Ok(()), "{p:?}");
    }
    // The file's last line is RFC 8032 TEST 1024.
    let t1024 = RFC8032_ED25519[3];
    assert_eq!(hex::encode(&msgs[1023]), t1024.3);
    assert_eq!(hex::encode(sigs[1023]), t1024.4);
}

/// The RFC 8032 Ed448 vectors in NIST layout (COUNT / SECRET / PUBLIC /
/// MESSAGE / [CONTEXT] / SIGNATURE); they must also be §7.4 exactly.
#[test]
fn ed448_rfc8032_file() {
    let text = read_vectors("cryptography-vectors/asymmetric/Ed448/rfc8032.txt");
    let mut count = 0;
    for block in text.split("COUNT =").skip(1) {
        let mut fields = std::collections::HashMap::new();
        for line in block.lines().skip(1) {
            if let Some((k, v)) = line.split_once('=') {
                fields.insert(k.trim().to_string(), v.trim().to_string());
            }
        }
        let get = |k: &str| fields.get(k).cloned().unwrap_or_default();
        let seed: [u8; 57] = arr(&get("SECRET"));
        let pk: [u8; 57] = arr(&get("PUBLIC"));
        let msg = h(&get("MESSAGE"));
        let ctx = h(&get("CONTEXT"));
        let sig: [u8; 114] = arr(&get("SIGNATURE"));
        assert_eq!(eddsa::ed448_public_key(&seed), pk, "COUNT {count}");
        assert_eq!(eddsa::ed448_sign(&seed, &ctx, &msg), Ok(sig), "COUNT {count}");
        for p in ED448_PROFILES {
            assert_eq!(eddsa::ed448_verify(&pk, &ctx, &msg, &sig, p), Ok(()), "COUNT {count} {p:?}");
        }
        let (_, sk2, pk2, m2, c2, s2) = RFC8032_ED448[count];
        assert_eq!(
            (h(sk2), h(pk2), h(m2), h(c2), h(s2)),
            (seed.to_vec(), pk.to_vec(), msg, ctx, sig.to_vec()),
            "COUNT {count} vs §7.4"
        );
        count += 1;
    }
    assert_eq!(count, RFC8032_ED448.len());
}

// ---------------------------------------------------------------------------
// Robustness
// ---------------------------------------------------------------------------

/// Garbage of every length through every verifier: errors, never panics.
#[test]
fn garbage_never_panics() {
    let mut rng = Rng(61);
    let lens = [0usize, 1, 31, 32, 33, 56, 57, 58, 63, 64, 65, 113, 114, 115];
    let pre = [0u8; 64];
    for &kl in &lens {
        for &sl in &lens {
            let pk = rng.bytes(kl);
            let sig = rng.bytes(sl);
            for p in ALL {
                let e = [
                    eddsa::ed25519_verify(&pk, b"m", &sig, p),
                    eddsa::ed25519ctx_verify(&pk, b"c", b"m", &sig, p),
                    eddsa::ed25519ph_verify(&pk, b"", b"m", &sig, p),
                    eddsa::ed25519ph_verify_prehashed(&pk, b"", &pre, &sig, p),
                ];
                for r in e {
                    if kl != 32 || sl != 64 {
                        assert_eq!(r, Err(Error::InvalidLength), "ed25519 {kl}/{sl}");
                    } else {
                        assert!(r.is_err());
                    }
                }
                let e = [
                    eddsa::ed448_verify(&pk, b"", b"m", &sig, p),
                    eddsa::ed448ph_verify(&pk, b"", b"m", &sig, p),
                    eddsa::ed448ph_verify_prehashed(&pk, b"", &pre, &sig, p),
                ];
                for r in e {
                    if kl != 57 || sl != 114 {
                        assert_eq!(r, Err(Error::InvalidLength), "ed448 {kl}/{sl}");
                    } else {
                        assert!(r.is_err());
                    }
                }
            }
            let items: [(&[u8], &[u8], &[u8]); 1] = [(&pk, b"m", &sig)];
            assert!(eddsa::ed25519_verify_batch(&items, VerifyProfile::Zip215, &mut rng).is_err());
        }
    }
    // Right lengths, patterned and random contents.
    let patterns: [u8; 4] = [0x00, 0xff, 0x80, 0x7f];
    for i in 0..100 {
        let (pk, sig) = if i < patterns.len() {
            (vec![patterns[i]; 32], vec![patterns[i]; 64])
        } else {
            (rng.bytes(32), rng.bytes(64))
        };
        let mut sig_low_s = sig.clone();
        sig_low_s[63] &= 0x0f;
        for p in ALL {
            let r = [eddsa::ed25519_verify(&pk, b"m", &sig, p), eddsa::ed25519_verify(&pk, b"m", &sig_low_s, p)];
            // The patterns only have to be survived (all-zero is a genuine
            // small-order signature, see `small_order_key_and_r_zero_s`).
            if i >= patterns.len() {
                assert!(r[0].is_err() && r[1].is_err());
            }
        }
    }
    for i in 0..30 {
        let (pk, sig) = if i < patterns.len() {
            (vec![patterns[i]; 57], vec![patterns[i]; 114])
        } else {
            (rng.bytes(57), rng.bytes(114))
        };
        let mut sig_low_s = sig.clone();
        sig_low_s[113] = 0;
        sig_low_s[112] &= 0x0f;
        for p in ALL {
            let r = [eddsa::ed448_verify(&pk, b"", b"m", &sig, p), eddsa::ed448_verify(&pk, b"", b"m", &sig_low_s, p)];
            if i >= patterns.len() {
                assert!(r[0].is_err() && r[1].is_err());
            }
        }
    }
}

/// The all-zero public key and signature: A = R = (√−1, 0), a point of
/// order 4, and S = 0. The cofactored equation [8](−[k]A − R) = O holds for
/// every message, so Cofactored and ZIP 215 accept it (as the RFC's required
/// check does); the cofactorless one holds iff −[k]A = R, i.e. k ≡ 3 (mod 4).
/// This is the documented behaviour of RFC 8032 on small-order keys.
#[test]
fn small_order_key_and_r_zero_s() {
    let zero_pk = [0u8; 32];
    let zero_sig = [0u8; 64];
    let t = c25519::EdwardsPoint::decompress(&zero_pk).unwrap();
    assert!(!bool::from(t.double().is_identity()) && bool::from(t.double().double().is_identity()));
    let mut seen = [false; 2];
    for i in 0u32..16 {
        let msg = i.to_le_bytes();
        let k = ed25519_k(&[&zero_sig[..32], &zero_pk, &msg]);
        let strict_ok = (&k % 4u32) == BigUint::from(3u32);
        seen[strict_ok as usize] = true;
        assert_eq!(eddsa::ed25519_verify(&zero_pk, &msg, &zero_sig, VerifyProfile::Rfc8032Strict).is_ok(), strict_ok);
        assert_eq!(eddsa::ed25519_verify(&zero_pk, &msg, &zero_sig, VerifyProfile::Cofactored), Ok(()));
        assert_eq!(eddsa::ed25519_verify(&zero_pk, &msg, &zero_sig, VerifyProfile::Zip215), Ok(()));
    }
    assert!(seen[0] && seen[1], "16 messages should hit both k mod 4 cases");
}

/// Random keys and messages: sign, verify under every profile, and the
/// signing-key type agrees with the free functions.
#[test]
fn random_roundtrips() {
    let mut rng = Rng(71);
    for i in 0..20 {
        let seed: [u8; 32] = rng.array();
        let msg = rng.bytes(i * 7);
        let sig = eddsa::ed25519_sign(&seed, &msg);
        let key = eddsa::Ed25519SigningKey::from_seed(&seed);
        assert_eq!(key.sign(&msg), sig);
        for p in ALL {
            assert_eq!(eddsa::ed25519_verify(&key.public_key(), &msg, &sig, p), Ok(()));
        }
        let seed: [u8; 57] = rng.array();
        let ctx = rng.bytes(i);
        let sig = eddsa::ed448_sign(&seed, &ctx, &msg).unwrap();
        let key = eddsa::Ed448SigningKey::from_seed(&seed);
        assert_eq!(key.sign(&ctx, &msg), Ok(sig));
        for p in ED448_PROFILES {
            assert_eq!(eddsa::ed448_verify(&key.public_key(), &ctx, &msg, &sig, p), Ok(()));
        }
    }
}
