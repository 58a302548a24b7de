//! Small PDFs written here, each reaching one feature or one hostile case:
//! cycles, forms, fonts, filters, lengths, updates and the inflation limit.

use super::super::*;
use super::{drive, inflate, lines};

/// A PDF of `objects`, with object 1 as the catalog; no xref table (the
/// reader scans for objects).
pub(super) fn pdf(objects: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let mut out = b"%PDF-1.7\n".to_vec();
    for (number, body) in objects {
        out.extend_from_slice(format!("{number} 0 obj\n").as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    out.extend_from_slice(b"trailer\n<< /Root 1 0 R >>\n%%EOF\n");
    out
}

/// A stream object's body: `dict` entries, the right `/Length`, and `data`.
pub(super) fn stream(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut out = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
    out.extend_from_slice(data);
    out.extend_from_slice(b"\nendstream");
    out
}

fn text(body: &str) -> Vec<u8> {
    body.as_bytes().to_vec()
}

/// One page (object 3) drawing content stream 4, with Helvetica as `/F1`
/// (object 5) and `extra` resources.
pub(super) fn one_page(content: &[u8], extra: &str) -> Vec<(u32, Vec<u8>)> {
    vec![
        (1, text("<< /Type /Catalog /Pages 2 0 R >>")),
        (2, text("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")),
        (
            3,
            text(&format!(
                "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> {extra} >> >>"
            )),
        ),
        (4, stream("", content)),
        (5, text("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")),
    ]
}

fn pages_of(bytes: &[u8]) -> Result<Vec<String>, PdfTextError> {
    extract_with(bytes, inflate)
}

#[test]
fn a_page_tree_whose_kids_refer_back_to_it_ends() {
    let mut objects = one_page(b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET", "");
    objects[1] = (2, text("<< /Type /Pages /Kids [2 0 R 6 0 R 3 0 R 3 0 R] /Count 1 >>"));
    objects.push((6, text("<< /Type /Pages /Kids [2 0 R 6 0 R] /Parent 2 0 R >>")));
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["Hello".to_owned()]));
}

#[test]
fn a_form_that_draws_itself_is_drawn_once() {
    let form = stream(
        "/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >>",
        b"BT /F1 12 Tf 72 700 Td (Again) Tj ET /X Do",
    );
    let mut objects = one_page(b"/X Do", "/XObject << /X 6 0 R >>");
    objects.push((6, form));
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["Again".to_owned()]));
}

#[test]
fn forms_that_draw_each_other_end() {
    let form = |name: &str, other: u32| {
        stream(
            &format!("/Subtype /Form /Resources << /Font << /F1 5 0 R >> /XObject << /Y {other} 0 R >> >>"),
            format!("BT /F1 12 Tf 72 700 Td ({name}) Tj ET /Y Do").as_bytes(),
        )
    };
    let mut objects = one_page(b"/X Do", "/XObject << /X 6 0 R >>");
    objects.push((6, form("A", 7)));
    objects.push((7, form("B", 6)));
    // B is drawn where A was: a space, not a word "AB".
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["A B".to_owned()]));
}

#[test]
fn forms_that_fan_out_are_cut_by_depth_and_the_operator_budget() {
    // Each form draws the next twice: 2^40 draws unless cut.
    let mut objects = one_page(b"/X Do", "/XObject << /X 10 0 R >>");
    for number in 10..50u32 {
        objects.push((
            number,
            stream(
                &format!("/Subtype /Form /Resources << /Font << /F1 5 0 R >> /XObject << /X {} 0 R >> >>", number + 1),
                b"BT /F1 12 Tf (x) Tj ET /X Do /X Do",
            ),
        ));
    }
    let (result, _) = drive(&pdf(&objects), 100);
    assert!(result.is_ok());
}

#[test]
fn actual_text_stands_for_what_its_sequence_shows() {
    let content = b"BT /F1 12 Tf 72 700 Td (A) Tj /Span << /ActualText <FEFF00E9> >> BDC (e) Tj (x) Tj EMC (B) Tj ET";
    assert_eq!(pages_of(&pdf(&one_page(content, ""))), Ok(vec!["A\u{e9}B".to_owned()]));
}

#[test]
fn a_type0_font_without_to_unicode_gives_nothing_rather_than_garbage() {
    let mut objects = one_page(b"BT /F1 12 Tf 72 700 Td (Visible) Tj /F2 12 Tf <00410042> Tj ET", "");
    objects[2] =
        (3, text("<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>"));
    objects.push((
        6,
        text("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [7 0 R] >>"),
    ));
    objects.push((7, text("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /W [65 [500 500]] >>")));
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["Visible".to_owned()]));
}

#[test]
fn a_to_unicode_cmap_reads_ranges_arrays_and_surrogate_pairs() {
    let cmap = b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap
        1 begincodespacerange <0000> <FFFF> endcodespacerange
        2 beginbfchar <0001> <D83DDE00> <0002> <FB01> endbfchar
        2 beginbfrange <0010> <0012> <0041> <0020> <0021> [<0078> <00790301>] endbfrange
        endcmap CMapName currentdict /CMap defineresource pop end end";
    let mut objects = one_page(b"BT /F2 12 Tf 72 700 Td <0010001100120001> Tj <0002000300200021> Tj ET", "");
    objects[2] = (3, text("<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F2 6 0 R >> >> >>"));
    objects.push((
        6,
        text("<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 8 0 R >>"),
    ));
    objects.push((7, text("<< /Type /Font /Subtype /CIDFontType2 /DW 500 >>")));
    objects.push((8, stream("", cmap)));
    // <0003> is not mapped: nothing; the ligature is spelled out.
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["ABC\u{1F600}fixy\u{301}".to_owned()]));
}

#[test]
fn a_length_that_cannot_be_resolved_or_is_absurd_is_found_by_endstream() {
    for length in ["99 0 R", "99999999999", "-5", "12"] {
        let mut objects = one_page(b"", "");
        let content = b"BT /F1 12 Tf 72 700 Td (Found by its end) Tj ET";
        let mut body = format!("<< /Length {length} >>\nstream\n").into_bytes();
        body.extend_from_slice(content);
        body.extend_from_slice(b"\r\nendstream");
        objects[3] = (4, body);
        assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["Found by its end".to_owned()]), "/Length {length}");
    }
}

#[test]
fn an_indirect_length_is_used() {
    let mut objects = one_page(b"", "");
    // `endstream` inside the data: only the length finds the real end.
    let content = b"BT /F1 12 Tf 72 700 Td (Before endstream after) Tj ET";
    let mut body = b"<< /Length 6 0 R >>\nstream\n".to_vec();
    body.extend_from_slice(content);
    body.extend_from_slice(b"\nendstream");
    objects[3] = (4, body);
    objects.push((6, content.len().to_string().into_bytes()));
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["Before endstream after".to_owned()]));
}

#[test]
fn the_last_definition_of_an_object_wins() {
    let mut bytes = pdf(&one_page(b"BT /F1 12 Tf 72 700 Td (Old) Tj ET", ""));
    bytes.extend_from_slice(b"4 0 obj\n");
    bytes.extend_from_slice(&stream("", b"BT /F1 12 Tf 72 700 Td (New) Tj ET"));
    bytes.extend_from_slice(b"\nendobj\ntrailer\n<< /Root 1 0 R /Prev 9 >>\n%%EOF\n");
    assert_eq!(pages_of(&bytes), Ok(vec!["New".to_owned()]));
}

fn hex(bytes: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = bytes.iter().flat_map(|byte| format!("{byte:02X}").into_bytes()).collect();
    out.push(b'>');
    out
}

/// ASCII85 of `bytes`, with its `~>`.
fn ascii85(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in bytes.chunks(4) {
        let mut word = [0u8; 4];
        word[..chunk.len()].copy_from_slice(chunk);
        let mut value = u32::from_be_bytes(word);
        let mut digits = [0u8; 5];
        for digit in digits.iter_mut().rev() {
            *digit = (value % 85) as u8 + b'!';
            value /= 85;
        }
        out.extend_from_slice(&digits[..chunk.len() + 1]);
    }
    out.extend_from_slice(b"~>");
    out
}

#[test]
fn ascii_filters_are_decoded_here_before_or_without_flate() {
    let content = b"BT /F1 12 Tf 72 700 Td (Filtered text) Tj ET";
    let zlib = miniz_oxide::deflate::compress_to_vec_zlib(content, 6);
    for (filter, data, inflations) in [
        ("/ASCIIHexDecode", hex(content), 0),
        ("/A85", ascii85(content), 0),
        ("[/AHx /Fl]", hex(&zlib), 1),
        ("[/ASCII85Decode /FlateDecode]", ascii85(&zlib), 1),
        ("/FlateDecode", zlib.clone(), 1),
    ] {
        let mut objects = one_page(b"", "");
        objects[3] = (4, stream(&format!("/Filter {filter}"), &data));
        let bytes = pdf(&objects);
        let (result, requested) = drive(&bytes, 10);
        assert!(result.is_ok(), "{filter}");
        assert_eq!(requested.len(), inflations, "{filter}");
        assert_eq!(pages_of(&bytes), Ok(vec!["Filtered text".to_owned()]), "{filter}");
    }
}

#[test]
fn other_filters_and_predictors_are_skipped_without_asking() {
    for filter in [
        "/Filter /LZWDecode",
        "/Filter /DCTDecode",
        "/Filter [/FlateDecode /LZWDecode]",
        "/Filter /FlateDecode /DecodeParms << /Predictor 12 >>",
    ] {
        let mut objects = one_page(b"", "");
        objects[3] = (4, stream(filter, b"not really compressed"));
        assert_eq!(drive(&pdf(&objects), 10), (Err(PdfTextError::NoText), Vec::new()), "{filter}");
    }
}

#[test]
fn pages_without_a_catalog_are_found_by_their_type_and_inherit_by_parent() {
    let mut objects = one_page(b"BT /F1 12 Tf 72 700 Td (Orphan) Tj ET", "");
    objects[0] = (1, text("<< /Type /Metadata >>"));
    objects[1] = (2, text("<< /Type /Pages /Resources << /Font << /F1 5 0 R >> >> >>"));
    objects[2] = (3, text("<< /Type /Page /Parent 2 0 R /Contents [4 0 R] >>"));
    assert_eq!(pages_of(&pdf(&objects)), Ok(vec!["Orphan".to_owned()]));
}

#[test]
fn lines_and_spaces_follow_the_text_positions() {
    let content = b"BT /F1 10 Tf 14 TL 72 700 Td (One) Tj (line) Tj 50 0 Td (gap) Tj T* (next) Tj
        0 -40 Td (after a paragraph gap) Tj ET
        q 1 0 0 1 0 -100 cm BT /F1 10 Tf 72 600 Td (moved by cm) Tj 0 3 Td (raised a little) Tj ET Q
        BT /F1 10 Tf 2 0 0 2 72 300 Tm (scaled) Tj ET";
    let page = pages_of(&pdf(&one_page(content, ""))).expect("text").remove(0);
    assert_eq!(page, "Oneline gap\nnext\n\nafter a paragraph gap\n\nmoved by cm raised a little\n\nscaled");
    assert_eq!(lines(&page).len(), 5);
}

/// A three-page PDF whose content streams claim `FlateDecode`.
fn three_compressed_pages() -> Vec<u8> {
    let mut objects = vec![
        (1, text("<< /Type /Catalog /Pages 2 0 R >>")),
        (2, text("<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Resources << /Font << /F1 9 0 R >> >> >>")),
        (9, text("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")),
    ];
    for page in 3..6u32 {
        objects.push((page, text(&format!("<< /Type /Page /Parent 2 0 R /Contents {} 0 R >>", page + 3))));
        objects.push((page + 3, stream("/Filter /FlateDecode", b"compressed")));
    }
    pdf(&objects)
}

#[test]
fn inflating_stops_at_the_limit_and_says_so() {
    let bytes = three_compressed_pages();
    let half = MAX_INFLATED / 2 + 1;
    let big_text = |_: &[u8]| {
        let mut data = b"BT /F1 12 Tf (Some text) Tj ET ".to_vec();
        data.resize(half, b' ');
        Some(data)
    };
    let mut job = PdfText::open(&bytes).expect("opens");
    let mut max_lens = Vec::new();
    let mut pages = Vec::new();
    let result = loop {
        match job.step() {
            Step::Inflate(requests) => {
                for request in requests {
                    max_lens.push(request.max_len);
                    job.inflated(request.id, big_text(&request.input));
                }
            }
            Step::Page(_, text) => pages.push(text),
            Step::Done(result) => break result,
        }
    };
    assert_eq!(result, Ok(Finished { pages: 3, pages_read: 2 }));
    assert_eq!(pages, ["Some text", "Some text"]);
    assert_eq!(max_lens, [MAX_INFLATED, MAX_INFLATED - half]);
    // With no text before the limit, the error says why.
    let mut calls = 0;
    let spaces = |_: &[u8]| {
        calls += 1;
        Some(vec![b' '; half])
    };
    assert_eq!(extract_with(&bytes, spaces), Err(PdfTextError::TooLarge));
    assert_eq!(calls, 2);
}
