//! Tests of a Word document's text: the WordprocessingML scan (headings,
//! lists, runs, entities, tabs and breaks, what is not text) and finding
//! `word/document.xml` in a real archive, zip bombs refused.

use super::*;
use crate::format::zip::{Skipped, store};
use crate::knowledge::kind::FileKind;
use crate::knowledge::split::passages;

const NS: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006""#;

/// A `document.xml` with `body` as its body.
fn document(body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {NS}><w:body>{body}<w:sectPr/></w:body></w:document>"#
    )
}

fn paragraph(style: Option<&str>, text: &str) -> String {
    let properties = style.map(|style| format!(r#"<w:pPr><w:pStyle w:val="{style}"/></w:pPr>"#)).unwrap_or_default();
    format!(r#"<w:p>{properties}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>"#)
}

fn report() -> String {
    let body = [
        paragraph(Some("Title"), "Annual &amp; Final Report"),
        paragraph(None, "This report covers &lt;everything&gt; we did &#8212; and &quot;more&quot;."),
        paragraph(Some("Heading1"), "Results"),
        // Runs split a sentence; a tab and a line break inside a paragraph.
        r#"<w:p><w:r><w:t>Sales </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>grew</w:t></w:r><w:r><w:t xml:space="preserve"> by 12&#x25;.</w:t><w:tab/><w:t>Costs fell.</w:t><w:br/><w:t>Staff stayed.</w:t></w:r></w:p>"#.to_owned(),
        paragraph(Some("Heading2"), "By region"),
        r#"<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>North: up</w:t></w:r></w:p>"#.to_owned(),
        r#"<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t>South: flat</w:t></w:r></w:p>"#.to_owned(),
        paragraph(Some("Heading1"), "Outlook"),
        paragraph(None, "Caf&#233; openings next year."),
    ];
    document(&body.concat())
}

#[test]
fn headings_lists_runs_and_entities_become_markdown() {
    let text = document_text(report().as_bytes()).expect("the test's own input");
    assert_eq!(
        text,
        "# Annual & Final Report\n\n\
         This report covers <everything> we did — and \"more\".\n\n\
         # Results\n\n\
         Sales grew by 12%.\tCosts fell.\nStaff stayed.\n\n\
         ## By region\n\n\
         - North: up\n\
         - South: flat\n\n\
         # Outlook\n\n\
         Café openings next year."
    );
}

#[test]
fn the_markdown_splits_under_its_headings() {
    let text = document_text(report().as_bytes()).expect("the test's own input");
    let found = passages(&FileKind::Docx, &text);
    let by_heading: Vec<(Vec<String>, &str)> =
        found.iter().map(|passage| (passage.at.headings.clone(), passage.text.as_str())).collect();
    assert_eq!(by_heading.len(), 4, "{by_heading:#?}");
    assert_eq!(by_heading[0].0, ["Annual & Final Report"]);
    assert_eq!(by_heading[1].0, ["Results"]);
    assert_eq!(by_heading[2], (vec!["Results".to_owned(), "By region".to_owned()], "- North: up\n- South: flat"));
    assert_eq!(by_heading[3], (vec!["Outlook".to_owned()], "Café openings next year."));
    // Word passages have no line numbers (the Markdown is made here).
    assert!(found.iter().all(|passage| passage.at.line.is_none() && passage.at.page.is_none()));
}

#[test]
fn heading_styles_and_outline_levels() {
    assert_eq!(heading_level("Heading1"), Some(1));
    assert_eq!(heading_level("heading 3"), Some(3));
    assert_eq!(heading_level("Heading6"), Some(6));
    assert_eq!(heading_level("Heading9"), Some(6));
    assert_eq!(heading_level("Title"), Some(1));
    assert_eq!(heading_level("Heading"), None);
    assert_eq!(heading_level("Heading0"), None);
    assert_eq!(heading_level("Normal"), None);
    assert_eq!(heading_level("Überschrift1"), None);
    let outlined = r#"<w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Level two</w:t></w:r></w:p>"#;
    assert_eq!(document_text(document(outlined).as_bytes()).expect("the test's own input"), "## Level two");
}

#[test]
fn what_is_not_body_text_is_left_out() {
    let body = concat!(
        // Tab stops in the properties are no tabs.
        r#"<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Kept</w:t></w:r></w:p>"#,
        // Deleted text and field codes.
        r#"<w:p><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:t>Shown</w:t></w:r></w:p>"#,
        // Content Word writes twice: the fallback is skipped.
        r#"<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></mc:Choice><mc:Fallback><w:txbxContent><w:p><w:r><w:t>Boxed</w:t></w:r></w:p></w:txbxContent></mc:Fallback></mc:AlternateContent></w:r></w:p>"#,
        // Empty paragraphs, and text outside any run.
        r#"<w:p/><w:p><w:pPr/></w:p>stray"#,
        r#"<w:p><w:r><w:t><![CDATA[a < b]]></w:t></w:r></w:p>"#,
    );
    assert_eq!(
        document_text(document(body).as_bytes()).expect("the test's own input"),
        "Kept\n\nShown\n\nBoxed\n\na < b"
    );
}

#[test]
fn body_lines_that_look_like_markdown_are_escaped() {
    let body = [paragraph(None, "# not a heading"), paragraph(None, "```"), paragraph(None, "---")].concat();
    assert_eq!(
        document_text(document(&body).as_bytes()).expect("the test's own input"),
        "\\# not a heading\n\n\\```\n\n\\---"
    );
    let found = passages(&FileKind::Docx, &document_text(document(&body).as_bytes()).expect("the test's own input"));
    assert!(found.iter().all(|passage| passage.at.headings.is_empty()));
}

#[test]
fn unknown_and_broken_references_stay_as_written() {
    let body = paragraph(None, "AT&amp;T &bogus; &#xZZ; &#0; &#1114112; & alone");
    assert_eq!(
        document_text(document(&body).as_bytes()).expect("the test's own input"),
        "AT&T &bogus; &#xZZ; \u{fffd} \u{fffd} & alone"
    );
}

#[test]
fn invalid_utf8_is_malformed_and_anything_else_gives_text() {
    assert!(matches!(document_text(b"<w:p><w:t>\xff</w:t></w:p>"), Err(Refusal::Malformed { .. })));
    assert_eq!(document_text(b""), Ok(String::new()));
    assert_eq!(document_text("\u{feff}<w:p><w:r><w:t>x</w:t>".as_bytes()), Ok("x".to_owned()));
    // Cut short, unbalanced, deeply nested: still an answer.
    for xml in ["<w:p><w:t>open", "</w:p></w:p></w:t>", "<w:t>no paragraph</w:t>", "<<<>>>", "<w:p attr=\"unterminated"]
    {
        assert!(document_text(xml.as_bytes()).is_ok(), "{xml}");
    }
    let deep = format!("{}<w:r><w:t>deep</w:t></w:r>{}", "<w:p>".repeat(10_000), "</w:p>".repeat(10_000));
    assert_eq!(document_text(deep.as_bytes()).expect("the test's own input"), "deep");
}

#[test]
fn a_stored_docx_is_read_through_the_archive() {
    let xml = report();
    let files = vec![
        ("[Content_Types].xml".to_owned(), b"<Types/>".to_vec()),
        ("word/styles.xml".to_owned(), b"<w:styles/>".to_vec()),
        (DOCUMENT.to_owned(), xml.clone().into_bytes()),
    ];
    let bytes = store(&files).expect("the test's own input");
    let archive = archive(&bytes).expect("the test's own input");
    let entry = document_entry(&archive).expect("the test's own input");
    assert_eq!(entry.method, Method::Stored);
    let data = &bytes[entry.range.clone()];
    assert!(zip::check(entry, data));
    let text = document_text(data).expect("the test's own input");
    assert!(text.starts_with("# Annual & Final Report\n\n"));
}

#[test]
fn a_docx_without_its_document_is_malformed() {
    let bytes = store(&[("word/styles.xml".to_owned(), b"<x/>".to_vec())]).expect("the test's own input");
    let archive = archive(&bytes).expect("the test's own input");
    assert!(matches!(document_entry(&archive), Err(Refusal::Malformed { .. })));
    assert!(matches!(super::archive(b"PK\x03\x04 not really"), Err(Refusal::Malformed { .. })));
}

/// Central directory fields, from the start of its record.
const CENTRAL_METHOD: usize = 10;
const CENTRAL_SIZE: usize = 24;

/// `bytes` (a stored archive of one entry) with its central directory
/// record's method and declared size changed.
fn patched(mut bytes: Vec<u8>, method: u16, size: u32) -> Vec<u8> {
    let central =
        bytes.windows(4).rposition(|window| window == [0x50, 0x4b, 0x01, 0x02]).expect("the test's own input");
    bytes[central + CENTRAL_METHOD..central + CENTRAL_METHOD + 2].copy_from_slice(&method.to_le_bytes());
    bytes[central + CENTRAL_SIZE..central + CENTRAL_SIZE + 4].copy_from_slice(&size.to_le_bytes());
    bytes
}

#[test]
fn a_document_declaring_a_huge_size_is_a_zip_bomb() {
    let bytes = store(&[(DOCUMENT.to_owned(), vec![b'x'; 4000])]).expect("the test's own input");
    // Over the cap: 3 GB declared from 4 KB.
    let bomb = patched(bytes.clone(), 8, 3_000_000_000);
    let archive = archive(&bomb).expect("the test's own input");
    assert_eq!(archive.entries[0].size, 3_000_000_000);
    assert_eq!(document_entry(&archive), Err(Refusal::ZipBomb));
    // Under the cap but a thousand times its compressed size.
    let bomb = patched(bytes.clone(), 8, 4_000_000);
    assert_eq!(document_entry(&super::archive(&bomb).expect("the test's own input")), Err(Refusal::ZipBomb));
    // A plausible ratio passes.
    let fine = patched(bytes, 8, 40_000);
    let archive = super::archive(&fine).expect("the test's own input");
    assert_eq!(document_entry(&archive).map(|entry| entry.method), Ok(Method::Deflated));
}

fn entry(method: Method, compressed: usize, size: u64) -> Entry {
    Entry { name: DOCUMENT.to_owned(), method, range: 100..100 + compressed, size, crc32: 0 }
}

#[test]
fn the_limits_are_the_cap_and_the_ratio() {
    let one = |entry: Entry| document_entry(&Archive { entries: vec![entry], skipped: Vec::new() }).map(|_| ());
    assert_eq!(one(entry(Method::Deflated, 1_000_000, MAX_DOCUMENT_BYTES)), Ok(()));
    assert_eq!(one(entry(Method::Deflated, 1_000_000, MAX_DOCUMENT_BYTES + 1)), Err(Refusal::ZipBomb));
    assert_eq!(one(entry(Method::Stored, 0, 0)), Ok(()));
    // Small documents may deflate as far as they like.
    assert_eq!(one(entry(Method::Deflated, 10, RATIO_FLOOR)), Ok(()));
    assert_eq!(one(entry(Method::Deflated, 0, RATIO_FLOOR)), Ok(()));
    let compressed = 10_000;
    let at_ratio = compressed as u64 * MAX_RATIO;
    assert_eq!(one(entry(Method::Deflated, compressed, at_ratio)), Ok(()));
    assert_eq!(one(entry(Method::Deflated, compressed, at_ratio + compressed as u64)), Err(Refusal::ZipBomb));
    assert!(matches!(one(entry(Method::Other(12), 10, 10)), Err(Refusal::Malformed { .. })));
}

#[test]
fn a_skipped_document_says_why() {
    let skipped =
        |reason| Archive { entries: Vec::new(), skipped: vec![Skipped { name: DOCUMENT.to_owned(), reason }] };
    assert_eq!(document_entry(&skipped(SkipReason::Encrypted)), Err(Refusal::Encrypted));
    assert_eq!(document_entry(&skipped(SkipReason::Zip64)), Err(Refusal::ZipBomb));
    assert!(matches!(document_entry(&skipped(SkipReason::Damaged)), Err(Refusal::Malformed { .. })));
}

#[test]
fn a_deflated_document_inflates_as_the_shell_would() {
    let xml = report();
    let deflated = miniz_oxide::deflate::compress_to_vec(xml.as_bytes(), 6);
    let entry = Entry {
        name: DOCUMENT.to_owned(),
        method: Method::Deflated,
        range: 0..deflated.len(),
        size: xml.len() as u64,
        crc32: zip::crc32(xml.as_bytes()),
    };
    let archive = Archive { entries: vec![entry], skipped: Vec::new() };
    let entry = document_entry(&archive).expect("the test's own input");
    let limit = limits::inflate_limit(entry).expect("the test's own input");
    let inflated = miniz_oxide::inflate::decompress_to_vec_with_limit(&deflated, limit).expect("the test's own input");
    assert!(zip::check(entry, &inflated));
    assert_eq!(
        document_text(&inflated).expect("the test's own input"),
        document_text(xml.as_bytes()).expect("the test's own input")
    );
}
