//! No input panics or runs on: every prefix of the small fixtures, evenly
//! spaced prefixes of the larger ones, and thousands of deterministic
//! corruptions of each must end (Ok or Err) within a bounded number of steps.

use super::super::*;
use super::synthetic::{one_page, pdf};
use super::{drive, fixture};
use crate::format::tests::support::XorShift;

/// Steps allowed for any input: object streams, then a few rounds per page.
const MAX_STEPS: usize = 2_000;

/// Cuts `bytes` at `cuts` evenly spaced points (every point when there are
/// fewer bytes than that) and drives each prefix to its end.
fn prefixes(bytes: &[u8], cuts: usize) {
    let step = (bytes.len() / cuts).max(1);
    for end in (0..=bytes.len()).step_by(step) {
        let _ = drive(&bytes[..end], MAX_STEPS);
    }
}

/// Drives `count` corruptions of `bytes`: bytes overwritten (with random
/// values or PDF syntax), ranges removed, or ranges repeated.
fn corruptions(bytes: &[u8], count: usize, seed: u64) {
    const SYNTAX: [&[u8]; 12] =
        [b"(", b")", b"<<", b">>", b"[", b"]", b"0 R", b" obj ", b"stream\n", b"endstream", b"/Kids", b"\\"];
    let mut random = XorShift(seed);
    for _ in 0..count {
        let mut mutated = bytes.to_vec();
        for _ in 0..1 + random.below(4) {
            let at = random.below(mutated.len());
            match random.below(4) {
                0 => {
                    if let Some(byte) = mutated.get_mut(at) {
                        *byte = random.next() as u8;
                    }
                }
                1 => {
                    let syntax = SYNTAX[random.below(SYNTAX.len())];
                    mutated.splice(at..at, syntax.iter().copied());
                }
                2 => {
                    let end = (at + random.below(64)).min(mutated.len());
                    mutated.drain(at..end);
                }
                _ => {
                    let end = (at + random.below(64)).min(mutated.len());
                    let copy = mutated[at..end].to_vec();
                    mutated.splice(end..end, copy);
                }
            }
        }
        let _ = drive(&mutated, MAX_STEPS);
    }
}

#[test]
fn every_prefix_of_the_small_fixtures_ends() {
    prefixes(&fixture("handwritten.pdf"), usize::MAX);
    prefixes(&fixture("encrypted.pdf"), usize::MAX);
    prefixes(&fixture("scan.pdf"), usize::MAX);
}

#[test]
fn prefixes_of_the_larger_fixtures_end() {
    prefixes(&fixture("chromium.pdf"), 300);
    prefixes(&fixture("objstm.pdf"), 300);
}

#[test]
fn corrupted_fixtures_end() {
    corruptions(&fixture("handwritten.pdf"), 3_000, 0x9E37_79B9_7F4A_7C15);
    corruptions(&fixture("chromium.pdf"), 500, 0xD1B5_4A32_D192_ED03);
    corruptions(&fixture("objstm.pdf"), 500, 0x8CB9_2BA7_2F3D_8DD7);
}

#[test]
fn hostile_syntax_ends() {
    let deep_array = format!("BT /F1 12 Tf {}(x) Tj ET", "[".repeat(100_000));
    let deep_dict = format!("<<{}", "/A <<".repeat(50_000));
    let many_q = "q ".repeat(10_000) + "BT /F1 12 Tf (deep) Tj ET" + &"Q ".repeat(20_000);
    let contents: [&[u8]; 9] = [
        deep_array.as_bytes(),
        deep_dict.as_bytes(),
        many_q.as_bytes(),
        b"BT /F1 12 Tf (unterminated string Tj ET",
        b"BT /F1 12 Tf <414 Tj ET",
        b"BI /W 1000000000 /H 1000000000 /BPC 8 /CS /RGB ID xx",
        b"BI /W 2 /H 2 ID",
        b"BT /F1 1e999 Tf 99999999999999999999 0 Td (huge) Tj -1e308 Tz (x) Tj ET",
        b"BT /F1 12 Tf 0 0 0 0 0 0 Tm (degenerate) Tj 0 Tz (x) ' ET",
    ];
    for content in contents {
        let (result, _) = drive(&pdf(&one_page(content, "")), MAX_STEPS);
        assert!(matches!(result, Ok(_) | Err(PdfTextError::NoText)), "{result:?}");
    }
    // Objects whose own syntax is hostile.
    for body in [&b"<< /Type /Pages /Kids 2 0 R >>"[..], b"<< /Kids [[[[[[ >>", b"(((((", b"1 0 R"] {
        let mut bytes = b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj ".to_vec();
        bytes.extend_from_slice(body);
        let _ = drive(&bytes, MAX_STEPS);
    }
}

#[test]
fn the_scan_stays_linear_on_hostile_repetition() {
    // Each of these would be read to the end of the file for every repetition
    // if objects and trailers were not cut at the next one.
    for unit in [&b"1 0 obj [ "[..], b"1 0 obj << /A ", b"trailer << /Root ", b"1 0 obj (", b"stream\n"] {
        let mut bytes = b"%PDF-1.4\n".to_vec();
        bytes.extend(unit.repeat(100_000));
        let _ = drive(&bytes, MAX_STEPS);
    }
    // An object stream whose entries all point at one deep array.
    let count = 50_000;
    let header = "7 0 ".repeat(count);
    let data = format!("{header}{}", "[".repeat(200_000));
    let body = format!(
        "<< /Type /ObjStm /N {count} /First {} /Length {} >>\nstream\n{data}\nendstream",
        header.len(),
        data.len()
    );
    let bytes = format!("%PDF-1.5\n1 0 obj\n{body}\nendobj\n");
    let _ = drive(bytes.as_bytes(), MAX_STEPS);
}
