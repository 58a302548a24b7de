//! A reply's citations in the Markdown export: each mark becomes a footnote
//! reference `[^n]` where the text cites its source, and the sources become
//! the footnote list after the text, `[^n]: [title](url) — "cited text"`.
//!
//! Footnote numbers run through the whole document (a footnote label is
//! global in Markdown), so a reply's first source is numbered after the
//! previous reply's last. A mark goes after the character it follows
//! (counted in Unicode scalar values, so no character is ever split), moved to
//! the end of a code span or fenced code block it would fall inside (a
//! reference there would be read as code). A source whose URL is not
//! `http(s)` is written as code, never as a link.

use crate::contract::{CitationMark, Source};

/// `text` with a footnote reference for each of `marks` (source `i` is
/// footnote `first + i`); marks naming no source are left out.
pub(super) fn with_references(text: &str, marks: &[CitationMark], sources: usize, first: u32) -> String {
    let code = code_ranges(text);
    let mut places: Vec<(usize, u32)> = marks
        .iter()
        .filter(|mark| (mark.source as usize) < sources)
        .map(|mark| {
            let at = text.char_indices().nth(mark.at as usize).map_or(text.len(), |(byte, _)| byte);
            let at = code.iter().find(|range| range.start < at && at < range.end).map_or(at, |range| range.end);
            (at, first.saturating_add(mark.source))
        })
        .collect();
    places.sort_unstable();
    places.dedup();
    let mut out = String::with_capacity(text.len() + places.len() * 6);
    let mut from = 0;
    for (at, number) in places {
        out.push_str(&text[from..at]);
        out.push_str(&format!("[^{number}]"));
        from = at;
    }
    out.push_str(&text[from..]);
    out
}

/// The footnote list of `sources`, the first numbered `first`: one line each,
/// a blank line between (so no reader takes one for the last one's continuation).
pub(super) fn footnotes(sources: &[Source], first: u32) -> String {
    let lines: Vec<String> = sources
        .iter()
        .enumerate()
        .map(|(at, source)| {
            let number = first.saturating_add(u32::try_from(at).unwrap_or(u32::MAX));
            let title = one_line(&source.title).replace(['[', ']'], "");
            let place = if source.is_linkable() {
                let label = if title.is_empty() { one_line(&source.url).replace(['[', ']'], "") } else { title };
                format!("[{label}]({})", link_target(source.url.trim()))
            } else {
                let url = format!("`{}`", one_line(&source.url).replace('`', "'"));
                if title.is_empty() { url } else { format!("{title} {url}") }
            };
            match source.cited_text.as_deref().map(one_line).filter(|text| !text.is_empty()) {
                Some(cited) => format!("[^{number}]: {place} — \"{cited}\""),
                None => format!("[^{number}]: {place}"),
            }
        })
        .collect();
    lines.join("\n\n")
}

/// A URL as a link target needing no escaping: the characters that would end
/// or break it percent-encoded.
fn link_target(url: &str) -> String {
    url.replace('(', "%28").replace(')', "%29").replace('<', "%3C").replace('>', "%3E")
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The byte ranges of `text` that are code: fenced blocks (a line opening with
/// three or more backticks or tildes, to the closing fence or the end) and
/// code spans (a run of backticks to the next run of the same length).
fn code_ranges(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut fence: Option<(char, usize, usize)> = None; // (char, length, start)
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let end = line_start + line.len();
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let marker = trimmed.chars().next().filter(|c| matches!(c, '`' | '~') && indent < 4);
        let run = marker.map_or(0, |c| trimmed.chars().take_while(|d| *d == c).count());
        match fence {
            Some((c, length, start)) => {
                if marker == Some(c) && run >= length && trimmed[run..].trim().is_empty() {
                    ranges.push(start..end);
                    fence = None;
                }
            }
            None if run >= 3 => fence = marker.map(|c| (c, run, line_start)),
            None => ranges.extend(code_spans(line).into_iter().map(|r| r.start + line_start..r.end + line_start)),
        }
        line_start = end;
    }
    if let Some((_, _, start)) = fence {
        ranges.push(start..text.len());
    }
    ranges
}

/// The code spans of one line, as byte ranges (backticks included).
fn code_spans(line: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = line.as_bytes();
    let run_at = |at: usize| bytes[at..].iter().take_while(|b| **b == b'`').count();
    let mut spans = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'`' {
            at += 1;
            continue;
        }
        let open = run_at(at);
        let mut look = at + open;
        let mut closed = None;
        while look < bytes.len() {
            if bytes[look] == b'`' {
                let run = run_at(look);
                if run == open {
                    closed = Some(look + run);
                    break;
                }
                look += run;
            } else {
                look += 1;
            }
        }
        match closed {
            Some(end) => {
                spans.push(at..end);
                at = end;
            }
            None => at += open,
        }
    }
    spans
}
