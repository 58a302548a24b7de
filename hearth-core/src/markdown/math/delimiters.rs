//! `\(…\)` and `\[…\]`, the LaTeX delimiters many models write, as the `$…$`
//! and `$$…$$` that pulldown-cmark's math option reads. In markdown `\(` is an
//! escaped `(`, so this happens on the source, before parsing: outside code
//! spans, code blocks, raw HTML and math already delimited, an unescaped `\(`
//! (or `\[`) with its `\)` (or `\]`) later in the same paragraph (no blank line
//! between) becomes `$` (`$$`); the inline formula's outer spaces are dropped,
//! as `$ x $` is no math. Everything else is left as written.
//!
//! Before that, money: pulldown-cmark reads `$5 and $10, or $x$` as the
//! formula `10, or `. As in Pandoc a closing `$` followed by a digit closes
//! nothing, and, as chat clients do, a `$…$` formula never starts with a
//! digit: such a formula's opening `$` is escaped (`\$`), and the text parsed
//! again.

/// `markdown` as the math parser should read it: dollars of money escaped,
/// then LaTeX delimiters as dollars.
pub(in crate::markdown) fn prepare(markdown: &str) -> Cow<'_, str> {
    match dollars_of_money(markdown) {
        Some(escaped) => Cow::Owned(with_dollar_delimiters(&escaped).into_owned()),
        None => with_dollar_delimiters(markdown),
    }
}

/// `markdown` with the opening `$` of each money-like formula escaped: one
/// that starts with a digit (`$5 and $`), or whose closing `$` is followed by
/// one (`US$5 and US$10`); `None` when there is none. (`\(2x\)` still
/// writes a formula that starts with a digit.)
fn dollars_of_money(markdown: &str) -> Option<String> {
    if !markdown.as_bytes().windows(2).any(|pair| pair[0] == b'$' && pair[1].is_ascii_digit()) {
        return None;
    }
    let mut text = markdown.to_owned();
    let mut changed = false;
    // Escaping one may let its closing `$` open another; a few rounds settle it.
    for _ in 0..8 {
        let bytes = text.as_bytes();
        let openings: Vec<usize> = Parser::new_ext(&text, super::super::options::options())
            .into_offset_iter()
            .filter_map(|(event, range)| match event {
                Event::InlineMath(tex)
                    if tex.starts_with(|c: char| c.is_ascii_digit())
                        || bytes.get(range.end).is_some_and(u8::is_ascii_digit) =>
                {
                    Some(range.start)
                }
                _ => None,
            })
            .collect();
        if openings.is_empty() {
            break;
        }
        for at in openings.into_iter().rev() {
            text.insert(at, '\\');
        }
        changed = true;
    }
    changed.then_some(text)
}

use std::borrow::Cow;
use std::ops::Range;

use pulldown_cmark::{Event, Parser, Tag};

use super::MAX_TEX_BYTES;

/// `markdown` with its `\(…\)` and `\[…\]` formulas delimited by dollars.
fn with_dollar_delimiters(markdown: &str) -> Cow<'_, str> {
    if !markdown.contains("\\(") && !markdown.contains("\\[") {
        return Cow::Borrowed(markdown);
    }
    let literal = literal_ranges(markdown);
    let in_literal = |at: usize| {
        let after = literal.partition_point(|range| range.start <= at);
        literal[..after].iter().rev().take(4).any(|range| range.contains(&at))
    };
    let bytes = markdown.as_bytes();
    let mut out = String::with_capacity(markdown.len());
    let mut copied = 0;
    let mut at = 0;
    while at + 1 < bytes.len() {
        if bytes[at] != b'\\' {
            at += 1;
            continue;
        }
        let open = bytes[at + 1];
        if !matches!(open, b'(' | b'[') || in_literal(at) {
            // An escape: the next character is taken as it is.
            at += 2;
            continue;
        }
        let display = open == b'[';
        let close = if display { b']' } else { b')' };
        let Some(end) = closing(bytes, at + 2, close, &in_literal) else {
            at += 2;
            continue;
        };
        let content = &markdown[at + 2..end];
        let (delimiter, content) = if display { ("$$", content) } else { ("$", content.trim()) };
        if content.trim().is_empty() || content.contains('$') {
            at = end + 2;
            continue;
        }
        out.push_str(&markdown[copied..at]);
        out.push_str(delimiter);
        out.push_str(content);
        out.push_str(delimiter);
        at = end + 2;
        copied = at;
    }
    if copied == 0 {
        return Cow::Borrowed(markdown);
    }
    out.push_str(&markdown[copied..]);
    Cow::Owned(out)
}

/// Where the `\` of the closing `\)` (`close` = `)`) or `\]` is, from `from`,
/// within the paragraph and outside `literal` text.
fn closing(bytes: &[u8], from: usize, close: u8, in_literal: &impl Fn(usize) -> bool) -> Option<usize> {
    let mut at = from;
    let mut line_blank = false;
    // A formula is at most this long, so a paragraph of unclosed `\(` costs
    // linear time.
    while at < bytes.len().min(from + MAX_TEX_BYTES) {
        match bytes[at] {
            b'\\' if bytes.get(at + 1) == Some(&close) => return (!in_literal(at)).then_some(at),
            b'\\' => at += 2,
            b'\n' if line_blank => return None,
            b'\n' => {
                line_blank = true;
                at += 1;
            }
            b' ' | b'\t' | b'\r' => at += 1,
            _ => {
                if in_literal(at) {
                    return None;
                }
                line_blank = false;
                at += 1;
            }
        }
    }
    None
}

/// The byte ranges where a `\(` is literal: code, raw HTML, and math.
fn literal_ranges(markdown: &str) -> Vec<Range<usize>> {
    let mut ranges = Parser::new_ext(markdown, super::super::options::options())
        .into_offset_iter()
        .filter(|(event, _)| {
            matches!(
                event,
                Event::Code(_)
                    | Event::InlineMath(_)
                    | Event::DisplayMath(_)
                    | Event::Html(_)
                    | Event::InlineHtml(_)
                    | Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock)
            )
        })
        .map(|(_, range)| range)
        .collect::<Vec<_>>();
    ranges.sort_by_key(|range| range.start);
    ranges
}
