//! Tests of writing ZIP archives (reading them is tested in `read/tests.rs`).

use super::*;

#[test]
fn crc32_matches_the_standard_check_value() {
    assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
    assert_eq!(crc32(b""), 0);
}

#[test]
fn an_archive_has_each_file_stored_and_a_central_directory() {
    let files = vec![
        ("chat.md".to_owned(), b"# Hello\n".to_vec()),
        ("attachments/photo é.jpg".to_owned(), vec![0xFF, 0xD8, 0xFF, 0xD9]),
    ];
    let zip = store(&files).expect("written");
    assert_eq!(&zip[..4], b"PK\x03\x04");
    // The end record says two files and where the directory is.
    let end = zip.len() - 22;
    assert_eq!(&zip[end..end + 4], b"PK\x05\x06");
    assert_eq!(u16::from_le_bytes([zip[end + 10], zip[end + 11]]), 2);
    let offset = u32::from_le_bytes([zip[end + 16], zip[end + 17], zip[end + 18], zip[end + 19]]) as usize;
    assert_eq!(&zip[offset..offset + 4], b"PK\x01\x02");
    // Each file's bytes are there as they are, after its name.
    let first = 30 + "chat.md".len();
    assert_eq!(&zip[first..first + 8], b"# Hello\n");
    assert_eq!(store(&files).expect("written"), zip, "the same files make the same archive");
    assert_eq!(store(&[]).expect("empty").len(), 22);
}
