//! MD5 against the RFC 1321 test suite (appendix A.5), plus lengths around
//! the padding boundaries checked against Python's `hashlib.md5`.

use super::*;

#[test]
fn md5_rfc_1321_test_suite() {
    let cases = [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (
            "12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "57edf4a22be3c955ac49da2e2107b67a",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(digest_hex(input.as_bytes()), expected, "MD5 of {input:?}");
    }
}

#[test]
fn md5_lengths_around_the_padding_boundaries() {
    // Bytes (i * 7 + 3) mod 256; digests from Python's hashlib.md5.
    let cases = [
        (55, "52c0e574e1198de5fe3f8f11440dcb1b"),
        (56, "46c9907fc908ee68b1e7b8e71286a518"),
        (57, "1c805dd236c35cab25fcb1bc73802c51"),
        (63, "a62f6d59e837867693f042f5b8f5a236"),
        (64, "7160b8fb5e9e4023d549c3971fbaeead"),
        (65, "70bd662e7aefbda85a0f7244167b7897"),
        (119, "e84905d4214f4d1ca56c2cdcc152b143"),
        (120, "e3eb5a6c8669ea01a8c185b8abc8a5dc"),
        (128, "10b2da1a82f16d99a81a7203fe9f02cb"),
        (1000, "10046f077f2082ac19676b8079f1cb1a"),
    ];
    for (len, expected) in cases {
        let bytes: Vec<u8> = (0..len).map(|i: usize| ((i * 7 + 3) % 256) as u8).collect();
        assert_eq!(digest_hex(&bytes), expected, "MD5 of {len} bytes");
    }
}

#[test]
fn md5_hex_is_lowercase_two_digits_a_byte() {
    assert_eq!(hex(&[]), "");
    assert_eq!(hex(&[0x00, 0x0f, 0xa0, 0xff]), "000fa0ff");
    assert_eq!(digest(b"abc")[0], 0x90);
}
