//! SHA-256 against the FIPS 180-4 examples (NIST's "SHA-256" example values
//! and the long-message vectors), plus lengths around the padding boundaries
//! checked against Python's `hashlib.sha256`.

use super::*;

#[test]
fn sha256_nist_test_vectors() {
    let cases = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(digest_hex(input.as_bytes()), expected, "SHA-256 of {input:?}");
    }
}

#[test]
fn sha256_of_one_million_a() {
    let input = vec![b'a'; 1_000_000];
    assert_eq!(digest_hex(&input), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

#[test]
fn sha256_lengths_around_the_padding_boundaries() {
    // Bytes (i * 7 + 3) mod 256; digests from Python's hashlib.sha256.
    let cases = [
        (55, "e7313d333c272e639f790978283f9eb392e843d0f29b7016828bb1daa4aac70b"),
        (56, "4324d65f3c103567f5589c710bc08f8523f929a9272e3af36fc968e52abc6c27"),
        (63, "81c80242132f230c3bd41b3e63bbcff16107339549214a99614ff26664625055"),
        (64, "39e3d7b6b5d075d37d053ad89b24b41bef4f3c29760c84447cab3f3be1882241"),
        (65, "aacca6ff74fdbb296d165a45cecfa04e5127bc008770fbbdd48006f2d2fae95e"),
        (119, "9ce7368e4daf32341631b492e80359dc9f594b48453cd0dd5bf0b19279cc177e"),
        (120, "7836b787757e95e58b3ca5aec90b1b004e8deba1e50e9675af9cabf1a13a04b5"),
        (128, "d2742f1f4ac6bb7ca2b239ee18402ba8b3f9f8e652d2a72973c2b9ba11c08cf6"),
    ];
    for (len, expected) in cases {
        let input: Vec<u8> = (0..len).map(|i| ((i * 7 + 3) % 256) as u8).collect();
        assert_eq!(digest_hex(&input), expected, "SHA-256 of {len} bytes");
        assert_eq!(digest(&input).len(), 32);
    }
}
