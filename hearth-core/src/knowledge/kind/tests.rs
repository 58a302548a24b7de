//! Tests of what a file is taken for (by extension and first bytes) and of
//! the reasons a file is refused, with their stable codes and serialized form.

use super::*;

fn code(language: &str) -> FileKind {
    FileKind::Code { language: language.to_owned() }
}

#[test]
fn kinds_come_from_the_extension_in_any_case() {
    assert_eq!(detect("notes.md", 10, b"# Notes"), Ok(FileKind::Markdown));
    assert_eq!(detect("docs/Guide.MARKDOWN", 10, b"text"), Ok(FileKind::Markdown));
    assert_eq!(detect("page.mdx", 10, b"text"), Ok(FileKind::Markdown));
    for name in ["a.txt", "a.TEXT", "server.log", "data.csv", "data.tsv", "a.rst", "a.org", "a.adoc"] {
        assert_eq!(detect(name, 10, b"plain"), Ok(FileKind::Text), "{name}");
    }
    for name in ["index.html", "index.HTM", "a.xhtml"] {
        assert_eq!(detect(name, 10, b"<html>"), Ok(FileKind::Html), "{name}");
    }
    assert_eq!(detect("src/main.rs", 10, b"fn main() {}"), Ok(code("rs")));
    assert_eq!(detect("C:\\work\\App.TSX", 10, b"export"), Ok(code("tsx")));
    assert_eq!(detect("build.SH", 10, b"#!/bin/sh"), Ok(code("sh")));
    for extension in CODE_EXTENSIONS {
        assert_eq!(detect(&format!("file.{extension}"), 3, b"abc"), Ok(code(extension)));
    }
}

#[test]
fn no_extension_or_an_unknown_one_is_unsupported() {
    assert_eq!(detect("README", 10, b"hello"), Err(Refusal::Unsupported { extension: String::new() }));
    assert_eq!(detect(".bashrc", 10, b"hello"), Err(Refusal::Unsupported { extension: String::new() }));
    assert_eq!(detect("notes.", 10, b"hello"), Err(Refusal::Unsupported { extension: String::new() }));
    assert_eq!(detect("photo.JPG", 10, b"\xff\xd8"), Err(Refusal::Unsupported { extension: "jpg".into() }));
    assert_eq!(detect("archive.tar.gz", 10, b"\x1f\x8b"), Err(Refusal::Unsupported { extension: "gz".into() }));
    // The folder's dot is not the file's extension.
    assert_eq!(detect("v1.2/Makefile", 10, b"all:"), Err(Refusal::Unsupported { extension: String::new() }));
}

#[test]
fn sizes_are_checked_before_the_bytes() {
    assert_eq!(detect("a.md", 0, b""), Err(Refusal::Empty));
    assert_eq!(detect("a.pdf", 0, b""), Err(Refusal::Empty));
    assert_eq!(detect("a.md", MAX_FILE_BYTES, b"x"), Ok(FileKind::Markdown));
    let size = MAX_FILE_BYTES + 1;
    assert_eq!(detect("a.md", size, b"x"), Err(Refusal::TooLarge { size, limit: MAX_FILE_BYTES }));
    assert_eq!(MAX_FILE_BYTES, 64 * 1024 * 1024);
}

#[test]
fn pdf_and_docx_must_start_as_they_should() {
    assert_eq!(detect("a.pdf", 100, b"%PDF-1.7\n"), Ok(FileKind::Pdf));
    assert_eq!(detect("a.PDF", 100, b"\r\n \t%PDF-1.4"), Ok(FileKind::Pdf));
    assert!(matches!(detect("a.pdf", 100, b"<html>"), Err(Refusal::Malformed { .. })));
    assert!(matches!(detect("a.pdf", 100, b""), Err(Refusal::Malformed { .. })));
    assert_eq!(detect("a.docx", 100, b"PK\x03\x04\x14\x00"), Ok(FileKind::Docx));
    assert!(matches!(detect("a.docx", 100, b"\xd0\xcf\x11\xe0"), Err(Refusal::Malformed { .. })));
    assert!(matches!(detect("a.docx", 100, b"PK"), Err(Refusal::Malformed { .. })));
}

#[test]
fn text_kinds_refuse_binary_heads() {
    assert_eq!(detect("a.txt", 100, b"hello\0world"), Err(Refusal::Binary));
    assert_eq!(detect("a.md", 100, b"caf\xe9 au lait"), Err(Refusal::Binary));
    assert_eq!(detect("a.rs", 100, b"\xff\xfe/\0/\0"), Err(Refusal::Binary));
    // Valid UTF-8, and a character cut by the end of the head, are text.
    assert_eq!(detect("a.md", 100, "café ☕".as_bytes()), Ok(FileKind::Markdown));
    let cut = &"naïve ☕".as_bytes()[.."naïve ☕".len() - 1];
    assert_eq!(detect("a.txt", 100, cut), Ok(FileKind::Text));
    // But not an invalid byte in the middle, even just before the end.
    assert_eq!(detect("a.txt", 100, b"ab\xe2\x98xy"), Err(Refusal::Binary));
    // An empty head (the caller had none to give) is no evidence of binary.
    assert_eq!(detect("a.txt", 100, b""), Ok(FileKind::Text));
    // PDF and DOCX are binary by nature.
    assert_eq!(detect("a.pdf", 100, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\0"), Ok(FileKind::Pdf));
}

#[test]
fn text_kinds_are_the_ones_read_as_they_are() {
    assert!(is_text_kind(&FileKind::Markdown));
    assert!(is_text_kind(&FileKind::Text));
    assert!(is_text_kind(&FileKind::Html));
    assert!(is_text_kind(&code("py")));
    assert!(!is_text_kind(&FileKind::Pdf));
    assert!(!is_text_kind(&FileKind::Docx));
}

fn every_refusal() -> Vec<Refusal> {
    vec![
        Refusal::TooLarge { size: 100, limit: 10 },
        Refusal::Binary,
        Refusal::Unsupported { extension: "exe".into() },
        Refusal::Empty,
        Refusal::Encrypted,
        Refusal::Malformed { detail: "bad".into() },
        Refusal::ZipBomb,
        Refusal::NoText,
        Refusal::Duplicate { of: "first.md".into() },
        Refusal::TooManyFiles { limit: MAX_FILES_PER_BASE },
        Refusal::NotArrived,
    ]
}

#[test]
fn refusals_serialize_with_their_code_as_tag_and_come_back() {
    for refusal in every_refusal() {
        let json = serde_json::to_value(&refusal).expect("the test's own input");
        assert_eq!(json["why"], refusal.code(), "{json}");
        let back: Refusal = serde_json::from_value(json).expect("the test's own input");
        assert_eq!(back, refusal);
        assert!(!refusal.to_string().is_empty());
    }
    let json = serde_json::to_string(&Refusal::TooLarge { size: 100, limit: 10 }).expect("the test's own input");
    assert_eq!(json, r#"{"why":"too_large","size":100,"limit":10}"#);
    assert_eq!(serde_json::to_string(&Refusal::ZipBomb).expect("the test's own input"), r#"{"why":"zip_bomb"}"#);
    let duplicate: Refusal = serde_json::from_str(r#"{"why":"duplicate","of":"a.md"}"#).expect("the test's own input");
    assert_eq!(duplicate, Refusal::Duplicate { of: "a.md".into() });
}

#[test]
fn codes_are_distinct_snake_case() {
    let codes: Vec<&str> = every_refusal().iter().map(Refusal::code).collect();
    let mut unique = codes.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), codes.len());
    assert!(codes.iter().all(|code| code.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
}

#[test]
fn kinds_serialize_in_snake_case() {
    assert_eq!(serde_json::to_string(&FileKind::Markdown).expect("the test's own input"), r#"{"kind":"markdown"}"#);
    assert_eq!(serde_json::to_string(&FileKind::Docx).expect("the test's own input"), r#"{"kind":"docx"}"#);
    assert_eq!(serde_json::to_string(&code("rs")).expect("the test's own input"), r#"{"kind":"code","language":"rs"}"#);
    for kind in [FileKind::Markdown, FileKind::Text, FileKind::Html, FileKind::Pdf, FileKind::Docx, code("go")] {
        let back: FileKind = serde_json::from_str(&serde_json::to_string(&kind).expect("the test's own input"))
            .expect("the test's own input");
        assert_eq!(back, kind);
    }
}

#[test]
fn pdf_and_zip_errors_become_refusals() {
    use crate::format::pdf_text::PdfTextError;
    use crate::format::zip::ReadError;
    assert_eq!(Refusal::from(PdfTextError::Encrypted), Refusal::Encrypted);
    assert_eq!(Refusal::from(PdfTextError::NoText), Refusal::NoText);
    assert!(matches!(Refusal::from(PdfTextError::Damaged), Refusal::Malformed { .. }));
    assert!(matches!(Refusal::from(PdfTextError::NotPdf), Refusal::Malformed { .. }));
    assert!(matches!(Refusal::from(PdfTextError::TooLarge), Refusal::TooLarge { .. }));
    assert!(matches!(Refusal::from(ReadError::NotZip), Refusal::Malformed { .. }));
}

#[test]
fn any_input_gives_an_answer() {
    let names = ["", ".", "..", "a.", "/", "\\", "é.md", "a.ＭＤ", "x.\u{0}", "a.pdf", "a.docx", "a.md"];
    let heads: [&[u8]; 6] = [b"", b"\0", b"\xff", b"%PDF-", b"PK\x03\x04", b"\xe2\x82"];
    for name in names {
        for head in heads {
            for size in [0, 1, u64::MAX] {
                let _ = detect(name, size, head);
            }
        }
    }
}
