//! The reader on archives Python's `zipfile` made (`test_data/zip`, see
//! `make_fixtures.py` there), on archives [`store`] writes, and on archives
//! patched here byte by byte for each refusal; then every prefix and
//! thousands of corruptions, none of which may panic.

use crate::format::tests::support::XorShift;
use std::path::{Path, PathBuf};

use super::super::store;
use super::*;

fn test_data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data")
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(test_data().join("zip").join(name)).expect("readable fixture")
}

/// An entry's bytes, inflated when they are deflated (as the shell does with
/// `DecompressionStream("deflate-raw")`).
fn contents(bytes: &[u8], entry: &Entry) -> Vec<u8> {
    let stored = &bytes[entry.range.clone()];
    match entry.method {
        Method::Stored => stored.to_vec(),
        Method::Deflated => miniz_oxide::inflate::decompress_to_vec(stored).expect("inflates"),
        Method::Other(method) => panic!("method {method}"),
    }
}

fn le32(bytes: &[u8], at: usize) -> usize {
    u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
}

fn set16(bytes: &mut [u8], at: usize, value: u16) {
    bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
}

fn set32(bytes: &mut [u8], at: usize, value: u32) {
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

/// Where the end record and the first central directory entry of a
/// comment-less archive are.
fn end_and_central(zip: &[u8]) -> (usize, usize) {
    let end = zip.len() - 22;
    (end, le32(zip, end + 16))
}

fn one_file() -> Vec<u8> {
    store(&[("a.txt".to_owned(), b"alpha".to_vec())]).expect("written")
}

#[test]
fn a_python_archive_lists_its_files_with_their_methods_and_ranges() {
    let zip = fixture("chatgpt_export.zip");
    let archive = read(&zip).expect("reads");
    let names: Vec<&str> = archive.entries.iter().map(|entry| entry.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "conversations.json",
            "file-AbC123xYz-red square.png",
            "dalle-generations/68df2bfe-98a2-4495-9679-f0a4fb69eb61.png",
            "user-u123/file_00000000aa11bb22cc33dd44ee55ff66-0c9e7f1a-2b3c-4d5e-8f90-a1b2c3d4e5f6.png",
            "chat.html",
            "user.json",
            "notes été.txt",
        ],
        "the folder entry is not a file; the UTF-8 name reads as written"
    );
    assert!(archive.skipped.is_empty());

    // conversations.json is deflated; inflated, it is the fixture's JSON.
    let conversations = archive.entry("conversations.json").expect("listed");
    assert_eq!(conversations.method, Method::Deflated);
    assert!(conversations.range.len() < 2000 && conversations.size > 9000, "{conversations:?}");
    let json = contents(&zip, conversations);
    assert!(check(conversations, &json));
    assert_eq!(json, std::fs::read(test_data().join("chatgpt/images.json")).expect("fixture"));

    // The photo is stored: its range is the PNG itself.
    let photo = archive.entry("file-AbC123xYz-red square.png").expect("listed");
    assert_eq!(photo.method, Method::Stored);
    assert_eq!(photo.file_name(), "file-AbC123xYz-red square.png");
    assert!(zip[photo.range.clone()].starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(check(photo, &zip[photo.range.clone()]));

    // The generated images are deflated PNGs.
    for entry in &archive.entries[2..4] {
        assert_eq!(entry.method, Method::Deflated);
        let png = contents(&zip, entry);
        assert!(png.starts_with(b"\x89PNG"), "{}", entry.name);
        assert!(check(entry, &png));
    }
    assert_eq!(archive.entries[2].file_name(), "68df2bfe-98a2-4495-9679-f0a4fb69eb61.png");
    assert_eq!(contents(&zip, archive.entry("notes été.txt").expect("listed")), b"Summer notes\n");
}

#[test]
fn entries_written_with_a_data_descriptor_take_their_sizes_from_the_directory() {
    let zip = fixture("streamed.zip");
    let archive = read(&zip).expect("reads");
    let [first, second] = &archive.entries[..] else { panic!("two entries: {archive:?}") };
    // The local headers say 0 for both sizes; the central directory knows.
    assert_eq!(le32(&zip, 22), 0);
    assert_eq!((first.name.as_str(), first.method, first.size), ("streamed/first.txt", Method::Deflated, 24));
    assert_eq!(contents(&zip, first), b"hello hello hello hello\n");
    assert!(check(first, &contents(&zip, first)));
    assert_eq!((second.method, second.size, second.range.len()), (Method::Stored, 64, 64));
    assert!(check(second, &zip[second.range.clone()]));
}

#[test]
fn what_store_writes_reads_back() {
    let files = vec![
        ("chat.md".to_owned(), b"# Hello\n".to_vec()),
        ("attachments/photo é.jpg".to_owned(), vec![0xFF, 0xD8, 0xFF, 0xD9]),
        ("empty".to_owned(), Vec::new()),
    ];
    let zip = store(&files).expect("written");
    let archive = read(&zip).expect("reads");
    assert_eq!(archive.entries.len(), 3);
    for ((name, bytes), entry) in files.iter().zip(&archive.entries) {
        assert_eq!(&entry.name, name);
        assert_eq!(entry.method, Method::Stored);
        assert_eq!(&zip[entry.range.clone()], bytes.as_slice());
        assert!(check(entry, bytes));
    }
    assert_eq!(read(&store(&[]).expect("empty")), Ok(Archive::default()));
}

#[test]
fn the_local_header_s_own_name_and_extra_lengths_place_the_data() {
    // One stored file whose local header has a 9-byte extra field (and a
    // name of another length) that the central directory does not repeat.
    let data = b"payload";
    let crc = crc32(data);
    let mut zip = Vec::new();
    zip.extend_from_slice(&LOCAL_SIGNATURE.to_le_bytes());
    zip.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0x21, 0]);
    zip.extend_from_slice(&crc.to_le_bytes());
    zip.extend_from_slice(&7u32.to_le_bytes());
    zip.extend_from_slice(&7u32.to_le_bytes());
    zip.extend_from_slice(&6u16.to_le_bytes()); // "x/a.md" here, "a.md" centrally
    zip.extend_from_slice(&9u16.to_le_bytes());
    zip.extend_from_slice(b"x/a.md");
    zip.extend_from_slice(&[0x55, 0x54, 5, 0, 1, 0, 0, 0, 0]); // an extended-timestamp field
    let start = zip.len();
    zip.extend_from_slice(data);
    let central = zip.len();
    zip.extend_from_slice(&CENTRAL_SIGNATURE.to_le_bytes());
    zip.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0x21, 0]);
    zip.extend_from_slice(&crc.to_le_bytes());
    zip.extend_from_slice(&7u32.to_le_bytes());
    zip.extend_from_slice(&7u32.to_le_bytes());
    zip.extend_from_slice(&4u16.to_le_bytes());
    zip.extend_from_slice(&[0; 12]); // extra and comment lengths, disk, attributes
    zip.extend_from_slice(&0u32.to_le_bytes());
    zip.extend_from_slice(b"a.md");
    let central_len = zip.len() - central;
    zip.extend_from_slice(&END_SIGNATURE.to_le_bytes());
    zip.extend_from_slice(&[0, 0, 0, 0, 1, 0, 1, 0]);
    zip.extend_from_slice(&(central_len as u32).to_le_bytes());
    zip.extend_from_slice(&(central as u32).to_le_bytes());
    zip.extend_from_slice(&0u16.to_le_bytes());

    let archive = read(&zip).expect("reads");
    let [entry] = &archive.entries[..] else { panic!("one entry: {archive:?}") };
    assert_eq!(entry.name, "a.md", "the central name is the name");
    assert_eq!(entry.range, start..start + 7);
    assert_eq!(&zip[entry.range.clone()], data);
}

#[test]
fn the_end_record_is_found_behind_a_comment_even_one_that_mimics_it() {
    let mut zip = one_file();
    let end = zip.len() - 22;
    // A comment holding a fake end record, whose comment length does not reach the end.
    let mut comment = b"see ".to_vec();
    comment.extend_from_slice(&END_SIGNATURE.to_le_bytes());
    comment.extend_from_slice(&[0xAB; 18]);
    comment.extend_from_slice(b" trailing words");
    set16(&mut zip, end + 20, comment.len() as u16);
    zip.extend_from_slice(&comment);
    let archive = read(&zip).expect("reads");
    assert_eq!(archive.entries[0].name, "a.txt");
    assert_eq!(&zip[archive.entries[0].range.clone()], b"alpha");

    // The largest comment there can be.
    let mut zip = one_file();
    let end = zip.len() - 22;
    set16(&mut zip, end + 20, u16::MAX);
    zip.extend(std::iter::repeat_n(b'c', usize::from(u16::MAX)));
    assert_eq!(read(&zip).expect("reads").entries.len(), 1);
}

#[test]
fn zip64_and_split_archives_are_refused_whole() {
    let zip = one_file();
    let (end, _) = end_and_central(&zip);
    for (offset, width) in [(10, 2), (8, 2), (12, 4), (16, 4)] {
        let mut patched = zip.clone();
        patched[end + offset..end + offset + width].fill(0xFF);
        assert_eq!(read(&patched), Err(ReadError::Zip64), "field at {offset}");
    }
    // A ZIP64 end locator just before the end record.
    let mut with_locator = zip[..end].to_vec();
    with_locator.extend_from_slice(&ZIP64_LOCATOR_SIGNATURE.to_le_bytes());
    with_locator.extend_from_slice(&[0; 16]);
    with_locator.extend_from_slice(&zip[end..]);
    assert_eq!(read(&with_locator), Err(ReadError::Zip64));
    assert!(ReadError::Zip64.to_string().contains("choose conversations.json"));

    let mut split = zip.clone();
    set16(&mut split, end + 4, 1);
    assert_eq!(read(&split), Err(ReadError::MultiDisk));
}

#[test]
fn encrypted_zip64_and_damaged_entries_are_left_out_with_a_reason() {
    let files = [("keep.txt".to_owned(), b"kept".to_vec()), ("odd.txt".to_owned(), b"odd".to_vec())];
    let zip = store(&files).expect("written");
    let (_, central) = end_and_central(&zip);
    let second = central + 46 + "keep.txt".len();
    let patched = |change: &dyn Fn(&mut Vec<u8>)| {
        let mut bytes = zip.clone();
        change(&mut bytes);
        let archive = read(&bytes).expect("reads");
        assert_eq!(archive.entries.len(), 1, "the other entry stays");
        assert_eq!(archive.entries[0].name, "keep.txt");
        assert_eq!(archive.skipped.len(), 1);
        assert_eq!(archive.skipped[0].name, "odd.txt");
        archive.skipped[0].reason
    };
    assert_eq!(patched(&|b| b[second + 8] |= 1), SkipReason::Encrypted);
    assert_eq!(patched(&|b| set32(b, second + 24, u32::MAX)), SkipReason::Zip64);
    assert_eq!(patched(&|b| set32(b, second + 42, u32::MAX)), SkipReason::Zip64);
    // Its local header is not where the directory says.
    assert_eq!(patched(&|b| set32(b, second + 42, 3)), SkipReason::Damaged);
    // Its data would run into the central directory.
    assert_eq!(
        patched(&|b| {
            set32(b, second + 20, 900);
            set32(b, second + 24, 900);
        }),
        SkipReason::Damaged
    );
    // Stored, yet its stored size is not its size.
    assert_eq!(patched(&|b| set32(b, second + 20, 2)), SkipReason::Damaged);
    assert_eq!(SkipReason::Encrypted.to_string(), "it is encrypted");
}

#[test]
fn names_that_could_leave_a_folder_are_left_out() {
    let names = [
        "../evil.txt",
        "a/../../b.png",
        "/etc/passwd",
        "\\windows\\x.png",
        "C:/x.png",
        "a\\..\\b.png",
        "bad\0.png",
        "ok/..hidden.png",
        "file-AbC123-photo.png",
        "dalle-generations/x..y.webp",
    ];
    let files: Vec<(String, Vec<u8>)> = names.iter().map(|name| ((*name).to_owned(), b"x".to_vec())).collect();
    let archive = read(&store(&files).expect("written")).expect("reads");
    let kept: Vec<&str> = archive.entries.iter().map(|entry| entry.name.as_str()).collect();
    assert_eq!(kept, ["ok/..hidden.png", "file-AbC123-photo.png", "dalle-generations/x..y.webp"]);
    assert_eq!(archive.skipped.len(), 7);
    assert!(archive.skipped.iter().all(|skipped| skipped.reason == SkipReason::UnsafeName));
}

#[test]
fn what_is_not_a_zip_archive_says_so() {
    assert_eq!(read(b""), Err(ReadError::NotZip));
    assert_eq!(read(b"[{\"title\": \"conversations.json, not a zip\"}]"), Err(ReadError::NotZip));
    assert_eq!(read(&[0; 100]), Err(ReadError::NotZip));
    // A directory that points past the end record.
    let mut zip = one_file();
    let (end, _) = end_and_central(&zip);
    set32(&mut zip, end + 16, 10_000);
    assert!(matches!(read(&zip), Err(ReadError::Damaged(_))));
    // A directory that says two entries and holds one.
    let mut zip = one_file();
    set16(&mut zip, end + 8, 2);
    set16(&mut zip, end + 10, 2);
    let error = read(&zip).expect_err("cut short");
    assert_eq!(error.to_string(), "This ZIP archive is damaged: its table of contents is cut short.");
}

#[test]
fn check_wants_the_same_size_and_crc() {
    let zip = one_file();
    let entry = read(&zip).expect("reads").entries.remove(0);
    assert!(check(&entry, b"alpha"));
    assert!(!check(&entry, b"alphb"));
    assert!(!check(&entry, b"alph"));
    assert!(!check(&entry, b""));
    assert_eq!(base_name("a/b\\c.png"), "c.png");
    assert_eq!(base_name("plain"), "plain");
}

/// Reads `bytes` and asserts what an answer promises: every range lies in the input.
fn read_safely(bytes: &[u8]) {
    if let Ok(archive) = read(bytes) {
        for entry in &archive.entries {
            assert!(entry.range.start <= entry.range.end && entry.range.end <= bytes.len(), "{entry:?}");
            let _ = check(entry, &bytes[entry.range.clone()]);
        }
    }
}

#[test]
fn no_prefix_and_no_corruption_panics() {
    let samples = [fixture("chatgpt_export.zip"), fixture("streamed.zip"), one_file()];
    for sample in &samples {
        for len in 0..=sample.len() {
            read_safely(&sample[..len]);
        }
    }
    let mut random = XorShift(0x9E37_79B9_7F4A_7C15);
    for round in 0..4000 {
        let mut bytes = samples[round % samples.len()].clone();
        // Mostly the tail, where the directory and the end record are.
        for _ in 0..1 + random.below(4) {
            let at = if random.below(3) == 0 {
                random.below(bytes.len())
            } else {
                bytes.len() - 1 - random.below(bytes.len().min(200))
            };
            bytes[at] = match random.below(4) {
                0 => 0xFF,
                1 => 0,
                _ => random.next() as u8,
            };
        }
        if random.below(8) == 0 {
            bytes.truncate(random.below(bytes.len() + 1));
        }
        read_safely(&bytes);
    }
}
