//! Text extraction from real PDFs in `test_data/pdf` (see its README for how
//! each was made; the expected lines were checked against `pdftotext`), and
//! from small PDFs written here to reach one feature or one hostile case.
//! Streams are inflated with `miniz_oxide`, as the browser's
//! `DecompressionStream` does in the app.

use super::*;

mod robustness;
mod synthetic;
mod units;

pub(super) fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/pdf").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Inflates zlib data; what came out before an error is kept, as the app does.
pub(super) fn inflate(data: &[u8]) -> Option<Vec<u8>> {
    match miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(data, MAX_INFLATED) {
        Ok(out) => Some(out),
        Err(error) if !error.output.is_empty() => Some(error.output),
        Err(_) => None,
    }
}

/// The page's lines, blank ones left out.
fn lines(page: &str) -> Vec<&str> {
    page.lines().filter(|line| !line.is_empty()).collect()
}

fn extract(name: &str) -> Result<Vec<String>, PdfTextError> {
    extract_with(&fixture(name), inflate)
}

const CHROMIUM_PAGE_1: [&str; 7] = [
    "Hearth test document",
    "This paragraph checks that ordinary prose survives the",
    "trip from a PDF to a model that cannot read PDFs. It is",
    "long enough to wrap onto a second line.",
    "First item: café and Müller",
    "Second item: “quoted words” cost 12 €",
    "Third item: 日本語 means Japanese",
];
const CHROMIUM_PAGE_2: [&str; 3] =
    ["Second page", "The second page has its own heading and a closing", "sentence with naïve accents."];

#[test]
fn chromium_print_to_pdf_reads_line_by_line_with_its_non_ascii_text() {
    let pages = extract("chromium.pdf").expect("text");
    assert_eq!(pages.len(), 2);
    assert_eq!(lines(&pages[0]), CHROMIUM_PAGE_1);
    assert_eq!(lines(&pages[1]), CHROMIUM_PAGE_2);
    // Paragraphs apart, lines of one paragraph together.
    assert!(pages[0].contains("second line.\n\nFirst item"), "{}", pages[0]);
    assert!(pages[0].contains("the\ntrip from"), "{}", pages[0]);
}

#[test]
fn an_object_stream_and_a_compressed_xref_give_the_same_text() {
    let bytes = fixture("objstm.pdf");
    let mut job = PdfText::open(&bytes).expect("opens");
    assert_eq!(job.page_count(), None, "the page tree is in the object stream");
    let Step::Inflate(first) = job.step() else { panic!("the object stream comes first") };
    assert_eq!(first.len(), 1);
    let dict = job.doc.stream_dict(first[0].id).expect("a stream");
    assert!(dict.is(b"Type", b"ObjStm"));
    assert_eq!(extract("objstm.pdf").expect("text"), extract("chromium.pdf").expect("text"));
}

#[test]
fn a_hand_written_pdf_reads_its_simple_fonts_operators_and_form() {
    let pages = extract("handwritten.pdf").expect("text");
    assert_eq!(pages.len(), 2);
    assert_eq!(
        lines(&pages[0]),
        [
            "Hand-written PDF",
            "WinAnsi text: café, naïve, 10 € and “curly” quotes.",
            "Second line, moved with T*.",
            // -250 and -300 thousandths are spaces; 30, 15 and -20 are kerning.
            "Kerned words inside TJ",
            "A quote operator starts a new line.",
            "Double quote operator too.",
            "Left Right",
            "Differences: find the flag, “snow” ☃, dropped, small caps.",
            "StandardEncoding: It’s ‘quoted’ – dash.",
            "MacRoman: été • — gap",
            "Parens (escaped) and (nested) kept; back\\slash joined.",
        ]
    );
    assert_eq!(lines(&pages[1]), ["Second page, inherited resources.", "Text inside a form XObject.", "Hex string"]);
}

#[test]
fn a_scan_has_no_text_and_its_image_is_never_inflated() {
    let bytes = fixture("scan.pdf");
    let (result, requested) = drive(&bytes, 100);
    assert_eq!(result, Err(PdfTextError::NoText));
    assert!(!requested.is_empty(), "its content stream is read");
    let doc = Doc::scan(&bytes);
    for id in requested {
        let dict = doc.stream_dict(id).expect("a stream");
        assert!(!dict.is(b"Subtype", b"Image"), "object {id} is an image");
    }
}

#[test]
fn only_content_forms_cmaps_and_object_streams_are_asked_for() {
    for name in ["chromium.pdf", "objstm.pdf"] {
        let bytes = fixture(name);
        let (result, requested) = drive(&bytes, 100);
        assert!(result.is_ok(), "{name}");
        // Streams are never in object streams: the scan sees every stream.
        let doc = Doc::scan(&bytes);
        for id in requested {
            let dict = doc.stream_dict(id).expect("a stream");
            let image = dict.is(b"Subtype", b"Image");
            let font_program = [&b"Length1"[..], b"Length2", b"Length3"].iter().any(|key| dict.get(key).is_some());
            assert!(!image && !font_program, "{name}: object {id} should not be inflated");
        }
    }
}

#[test]
fn an_encrypted_pdf_is_refused_even_with_an_empty_password() {
    assert_eq!(extract("encrypted.pdf"), Err(PdfTextError::Encrypted));
    let message = PdfTextError::Encrypted.to_string();
    assert!(message.contains("encrypted") && message.contains("password"), "{message}");
}

#[test]
fn what_is_not_a_pdf_or_has_no_pages_is_an_error() {
    assert_eq!(extract_with(b"hello", inflate), Err(PdfTextError::NotPdf));
    assert_eq!(extract_with(b"", inflate), Err(PdfTextError::NotPdf));
    assert_eq!(extract_with(&fixture("scan.png"), inflate), Err(PdfTextError::NotPdf));
    assert_eq!(extract_with(b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n", inflate), Err(PdfTextError::Damaged));
    // Up to 1 KB of junk before the header is allowed.
    let mut late = vec![b' '; 1000];
    late.extend(fixture("handwritten.pdf"));
    assert!(extract_with(&late, inflate).is_ok());
}

#[test]
fn every_error_reads_as_a_sentence() {
    for error in [
        PdfTextError::NotPdf,
        PdfTextError::Encrypted,
        PdfTextError::Damaged,
        PdfTextError::NoText,
        PdfTextError::TooLarge,
    ] {
        let message = error.to_string();
        assert!(message.starts_with("the ") && message.len() > 20, "{message}");
    }
    assert_eq!(PdfTextError::NoText.to_string(), "the PDF has no text layer (a scan?)");
}

#[test]
fn pages_come_one_step_at_a_time_and_done_repeats() {
    let bytes = fixture("chromium.pdf");
    let mut job = PdfText::open(&bytes).expect("opens");
    assert_eq!(job.page_count(), Some(2));
    let mut pages = Vec::new();
    let mut asked = Vec::new();
    let finished = loop {
        match job.step() {
            Step::Inflate(requests) => {
                for request in requests {
                    assert!(request.max_len <= MAX_INFLATED);
                    if job.doc.stream_dict(request.id).is_some_and(|dict| dict.get(b"Filter").is_some()) {
                        asked.push(request.id);
                    }
                    job.inflated(request.id, inflate(&request.input));
                }
            }
            Step::Page(index, text) => pages.push((index, text)),
            Step::Done(result) => break result,
        }
    };
    assert_eq!(finished, Ok(Finished { pages: 2, pages_read: 2 }));
    assert_eq!(pages.iter().map(|(index, _)| *index).collect::<Vec<_>>(), [0, 1]);
    let mut unique = asked.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), asked.len(), "nothing is asked for twice");
    assert_eq!(job.step(), Step::Done(finished));
}

#[test]
fn requests_left_unanswered_count_as_failed() {
    let bytes = fixture("chromium.pdf");
    let mut job = PdfText::open(&bytes).expect("opens");
    let mut steps = 0;
    let result = loop {
        steps += 1;
        assert!(steps < 20);
        if let Step::Done(result) = job.step() {
            break result;
        }
    };
    assert_eq!(result, Err(PdfTextError::NoText));
}

#[test]
fn a_failed_inflation_loses_only_that_stream() {
    let bytes = fixture("chromium.pdf");
    let mut job = PdfText::open(&bytes).expect("opens");
    let mut first = true;
    let mut pages = Vec::new();
    loop {
        match job.step() {
            Step::Inflate(requests) => {
                for request in requests {
                    // The first page's content stream fails.
                    let data = if std::mem::take(&mut first) { None } else { inflate(&request.input) };
                    job.inflated(request.id, data);
                }
            }
            Step::Page(_, text) => pages.push(text),
            Step::Done(result) => {
                assert_eq!(result, Ok(Finished { pages: 2, pages_read: 2 }));
                break;
            }
        }
    }
    assert_eq!(pages[0], "");
    assert_eq!(lines(&pages[1]), CHROMIUM_PAGE_2);
}

/// Drives a job to its end with a cap on steps, inflating with [`inflate`]:
/// the result and the ids asked for. Panics if the cap is reached.
pub(super) fn drive(bytes: &[u8], max_steps: usize) -> (Result<Finished, PdfTextError>, Vec<u32>) {
    let mut job = match PdfText::open(bytes) {
        Ok(job) => job,
        Err(error) => return (Err(error), Vec::new()),
    };
    let mut requested = Vec::new();
    for _ in 0..max_steps {
        match job.step() {
            Step::Inflate(requests) => {
                assert!(!requests.is_empty());
                for request in requests {
                    requested.push(request.id);
                    job.inflated(request.id, inflate(&request.input));
                }
            }
            Step::Page(..) => {}
            Step::Done(result) => return (result, requested),
        }
    }
    panic!("not done after {max_steps} steps");
}
