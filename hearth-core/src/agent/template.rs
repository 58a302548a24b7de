//! System prompt templates: one text with `{placeholders}`, filled afresh for
//! every request, with empty tagged sections dropped.
//!
//! Rules, in the order they apply:
//! 1. **Placeholders** are `{name}`, where `name` is letters, digits and `_`,
//!    not starting with a digit. The built-in ones ([`BUILTIN_PLACEHOLDERS`]):
//!    `{agent_name}`, `{date}`, `{time}`, `{timezone}`, `{model}`, `{files}`
//!    (the project files' names, one `- name` line each) and `{tools}` (the
//!    offered tools, one `- name: description` line each); then the agent's own
//!    sections by name. A built-in name wins over a section of the same name
//!    (the editor refuses such names). Lists use the template's line ending
//!    (`\r\n` when the template has one) and are empty when nothing is listed.
//! 2. **Unknown placeholders** are left exactly as typed and reported, with
//!    their byte range in the template, in [`Rendered::unknown`].
//! 3. **Escapes**: `{{` is a literal `{` and `}}` a literal `}`, so
//!    `{{date}}` gives the text `{date}`. Any other brace (a `{` not starting a
//!    placeholder, a lone `}`, JSON such as `{"a": 1}`) is kept as it is.
//! 4. **Values are inserted verbatim**: braces in a value or a section's text
//!    are not read as placeholders (no recursion).
//! 5. **Code fences are not special for placeholders**: `{files}` inside a
//!    ```` ``` ```` block is filled like anywhere else (write `{{files}}` for the
//!    literal text).
//! 6. **Empty sections** are dropped after filling: a tag pair `<name>…</name>`
//!    (any name of letters, digits, `_`, `-`, `.`; no attributes) whose content
//!    is empty or whitespace is removed with its tags. When the pair has lines
//!    of its own, those lines go, and of the blank lines around it only one run
//!    stays: the one before it, or if there is none the one after it (none at
//!    the start or end of the prompt), so paragraphs stay apart as typed and no
//!    blank lines pile up. Removal repeats, so a
//!    section holding only empty sections goes too. Non-empty sections keep
//!    their tags; unbalanced or mismatched tags are left as they are; tag
//!    pairs inside fenced code blocks (examples) are never removed. Line ends
//!    (`\n` or `\r\n`) are kept as they are.
//!
//! A prompt that renders to blank text means "no system message"
//! ([`Rendered::system_prompt`]).

#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::contract::ToolSpec;

/// One user-defined section of an agent's prompt: the template's `{name}`
/// placeholder is filled with `text` (see [`render`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptSection {
    /// The placeholder name (see [`crate::agent::section_name_problem`]).
    pub name: String,
    /// The text it is filled with, as typed.
    #[serde(default)]
    pub text: String,
}

/// The placeholders Hearth fills itself.
pub const BUILTIN_PLACEHOLDERS: [&str; 7] = ["agent_name", "date", "time", "timezone", "model", "files", "tools"];

/// A tool as `{tools}` lists it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ToolLine {
    /// The name the model calls it by.
    pub name: String,
    /// What it does (whitespace runs are folded so each tool stays one line).
    pub description: String,
}

impl From<&ToolSpec> for ToolLine {
    fn from(spec: &ToolSpec) -> Self {
        Self { name: spec.name.clone(), description: spec.description.clone() }
    }
}

/// Everything a template can be filled with. The shell passes the clock's
/// values as the strings it shows (this crate reads no clock).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TemplateValues {
    /// `{agent_name}`.
    pub agent_name: String,
    /// `{date}`, e.g. `2026-11-22` or `Sunday, 22 November 2026`.
    pub date: String,
    /// `{time}`, e.g. `14:05`.
    pub time: String,
    /// `{timezone}`, e.g. `Europe/Berlin`.
    pub timezone: String,
    /// `{model}`: the model that will answer.
    pub model: String,
    /// `{files}`: the project files' names.
    pub files: Vec<String>,
    /// `{tools}`: the tools offered to the model.
    pub tools: Vec<ToolLine>,
    /// The agent's own sections, by name.
    pub sections: Vec<PromptSection>,
}

impl TemplateValues {
    /// The value of placeholder `name`, with lists joined by `line_end`.
    fn value(&self, name: &str, line_end: &str) -> Option<Cow<'_, str>> {
        match name {
            "agent_name" => borrowed(&self.agent_name),
            "date" => borrowed(&self.date),
            "time" => borrowed(&self.time),
            "timezone" => borrowed(&self.timezone),
            "model" => borrowed(&self.model),
            "files" => Some(Cow::Owned(
                self.files.iter().map(|file| format!("- {}", fold(file))).collect::<Vec<_>>().join(line_end),
            )),
            "tools" => Some(Cow::Owned(
                self.tools
                    .iter()
                    .map(|tool| match fold(&tool.description) {
                        description if description.is_empty() => format!("- {}", tool.name),
                        description => format!("- {}: {description}", tool.name),
                    })
                    .collect::<Vec<_>>()
                    .join(line_end),
            )),
            _ => self.sections.iter().find(|section| section.name == name).map(|section| Cow::Borrowed(&*section.text)),
        }
    }
}

/// A borrowed value.
fn borrowed(text: &str) -> Option<Cow<'_, str>> {
    Some(Cow::Borrowed(text))
}

/// `text` on one line: whitespace runs become one space.
fn fold(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A placeholder as typed in a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder {
    /// The name between the braces.
    pub name: String,
    /// Its bytes in the template, braces included (for the editor to flag).
    pub range: Range<usize>,
}

/// A rendered prompt.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rendered {
    /// The prompt text.
    pub text: String,
    /// The placeholders that nothing fills, in template order (left in `text`
    /// as typed).
    pub unknown: Vec<Placeholder>,
}

impl Rendered {
    /// The system prompt to send, or `None` when the text is blank (then no
    /// system message is sent).
    pub fn system_prompt(&self) -> Option<&str> {
        (!self.text.trim().is_empty()).then_some(self.text.as_str())
    }

    /// The estimated size in tokens (see [`estimate_tokens`]).
    pub fn estimated_tokens(&self) -> usize {
        estimate_tokens(&self.text)
    }
}

/// Fills `template` with `values` and drops the tagged sections left empty.
pub fn render(template: &str, values: &TemplateValues) -> Rendered {
    let (filled, unknown) = fill(template, values);
    Rendered { text: drop_empty_sections(&filled), unknown }
}

/// The editor's size estimate, in tokens: the one compaction uses (see
/// [`crate::compaction::estimate_tokens`]). Never exact: tokenizers differ per model.
pub fn estimate_tokens(text: &str) -> usize {
    crate::compaction::estimate_tokens(text) as usize
}

/// Whether `name` can be written as a `{name}` placeholder.
pub fn is_placeholder_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|first| first.is_ascii_alphabetic() || first == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// One piece of a template.
enum Piece<'a> {
    /// Text kept as it is (an escape already reduced to its brace).
    Text(&'a str),
    /// A `{name}` placeholder at `range`.
    Placeholder(&'a str, Range<usize>),
}

/// Splits `template` into text and placeholders, reducing `{{` and `}}`.
fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while let Some(offset) = template[at..].find(['{', '}']) {
        let brace = at + offset;
        pieces.push(Piece::Text(&template[at..brace]));
        let rest = &template[brace..];
        if rest.starts_with("{{") || rest.starts_with("}}") {
            pieces.push(Piece::Text(&rest[..1]));
            at = brace + 2;
            continue;
        }
        let name_end = rest[1..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map(|end| end + 1);
        match name_end {
            Some(end)
                if rest.starts_with('{') && rest[end..].starts_with('}') && is_placeholder_name(&rest[1..end]) =>
            {
                pieces.push(Piece::Placeholder(&rest[1..end], brace..brace + end + 1));
                at = brace + end + 1;
            }
            _ => {
                pieces.push(Piece::Text(&rest[..1]));
                at = brace + 1;
            }
        }
    }
    pieces.push(Piece::Text(&template[at..]));
    pieces
}

/// Every placeholder in `template`, known or not, in order (escaped braces
/// excluded), for the editor to highlight.
pub fn placeholders(template: &str) -> Vec<Placeholder> {
    pieces(template)
        .into_iter()
        .filter_map(|piece| match piece {
            Piece::Placeholder(name, range) => Some(Placeholder { name: name.to_owned(), range }),
            Piece::Text(_) => None,
        })
        .collect()
}

/// Fills the placeholders of `template`; returns the text and the unknown ones.
pub fn fill(template: &str, values: &TemplateValues) -> (String, Vec<Placeholder>) {
    let line_end = if template.contains("\r\n") { "\r\n" } else { "\n" };
    let mut text = String::with_capacity(template.len());
    let mut unknown = Vec::new();
    for piece in pieces(template) {
        match piece {
            Piece::Text(part) => text.push_str(part),
            Piece::Placeholder(name, range) => match values.value(name, line_end) {
                Some(value) => text.push_str(&value),
                None => {
                    text.push_str(&template[range.clone()]);
                    unknown.push(Placeholder { name: name.to_owned(), range });
                }
            },
        }
    }
    (text, unknown)
}

/// Removes every tag pair whose content is blank, with the blank lines around
/// it (rule 6 of the [module documentation](self)), until none is left.
pub fn drop_empty_sections(text: &str) -> String {
    let mut text = text.to_owned();
    while let Some(pair) = first_empty_pair(&text) {
        let cut = removal(&text, pair);
        text.replace_range(cut, "");
    }
    text
}

/// The first blank tag pair outside fenced code: its bytes from `<` to `>`.
fn first_empty_pair(text: &str) -> Option<Range<usize>> {
    let fences = fence_ranges(text);
    let mut from = 0;
    while let Some(offset) = text[from..].find('<') {
        let start = from + offset;
        from = start + 1;
        let rest = &text[start + 1..];
        let name_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))).unwrap_or(0);
        let name = &rest[..name_len];
        if !name.starts_with(|c: char| c.is_ascii_alphabetic()) || !rest[name_len..].starts_with('>') {
            continue;
        }
        let after_open = start + 1 + name_len + 1;
        let content_len = text[after_open..].find(|c: char| !c.is_whitespace()).unwrap_or(text.len() - after_open);
        let close = format!("</{name}>");
        let close_start = after_open + content_len;
        if text[close_start..].starts_with(&close) && !fences.iter().any(|fence| fence.contains(&start)) {
            return Some(start..close_start + close.len());
        }
    }
    None
}

/// Byte ranges of fenced code blocks (```` ``` ```` or `~~~`, at most three
/// spaces in; an unclosed fence runs to the end).
fn fence_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut open: Option<(char, usize, usize)> = None;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let body = &line[indent..];
        let marker = body.chars().next().filter(|c| (*c == '`' || *c == '~') && indent <= 3);
        let run = marker.map_or(0, |c| body.len() - body.trim_start_matches(c).len());
        match (open, marker) {
            (None, Some(c)) if run >= 3 => open = Some((c, run, line_start)),
            (Some((c, length, start)), Some(m)) if m == c && run >= length && body[run..].trim().is_empty() => {
                ranges.push(start..line_start + line.len());
                open = None;
            }
            _ => {}
        }
        line_start += line.len();
    }
    if let Some((_, _, start)) = open {
        ranges.push(start..text.len());
    }
    ranges
}

/// The bytes to remove for the blank pair at `pair`: the pair alone when it
/// shares its line with other text, else its lines and the blank lines the
/// module documentation says go with them.
fn removal(text: &str, pair: Range<usize>) -> Range<usize> {
    let line_start = text[..pair.start].rfind('\n').map_or(0, |newline| newline + 1);
    let line_end = text[pair.end..].find('\n').map_or(text.len(), |newline| pair.end + newline + 1);
    let before = &text[line_start..pair.start];
    let after = &text[pair.end..line_end];
    if !before.trim().is_empty() || !after.trim().is_empty() {
        return inline_removal(text, pair);
    }
    // Blank lines before (back to `blank_start`) and after (up to `blank_end`).
    let mut blank_start = line_start;
    while blank_start > 0 {
        let previous = text[..blank_start - 1].rfind('\n').map_or(0, |newline| newline + 1);
        if !text[previous..blank_start].trim().is_empty() {
            break;
        }
        blank_start = previous;
    }
    let mut blank_end = line_end;
    while blank_end < text.len() {
        let next = text[blank_end..].find('\n').map_or(text.len(), |newline| blank_end + newline + 1);
        if !text[blank_end..next].trim().is_empty() {
            break;
        }
        blank_end = next;
    }
    match (blank_start > 0, blank_end < text.len()) {
        // Nothing before it: the prompt starts with what follows.
        (false, _) => 0..blank_end,
        // Nothing after it: the prompt ends with the line before (and ends
        // without a line end if it did so before).
        (true, false) if text.ends_with('\n') => blank_start..text.len(),
        (true, false) => {
            let newline = blank_start - 1;
            let cut = if text[..newline].ends_with('\r') { newline - 1 } else { newline };
            cut..text.len()
        }
        // Between two paragraphs: keep the blank lines before it, or when
        // there are none, those after it.
        (true, true) if blank_start < line_start => line_start..blank_end,
        (true, true) => blank_start..line_end,
    }
}

/// A blank pair inside a line: the pair, and the spaces that would otherwise
/// double up or trail.
fn inline_removal(text: &str, pair: Range<usize>) -> Range<usize> {
    let is_space = |c: char| c == ' ' || c == '\t';
    let spaces_before = text[..pair.start].len() - text[..pair.start].trim_end_matches(is_space).len();
    let spaces_after = text[pair.end..].len() - text[pair.end..].trim_start_matches(is_space).len();
    let rest = &text[pair.end + spaces_after..];
    let at_line_end = rest.is_empty() || rest.starts_with('\n') || rest.starts_with("\r\n");
    let at_line_start = pair.start - spaces_before == 0 || text[..pair.start - spaces_before].ends_with('\n');
    if at_line_start {
        // "<b></b> c" → "c" (indentation kept).
        pair.start..pair.end + spaces_after
    } else if at_line_end {
        // "a <b></b>" → "a".
        pair.start - spaces_before..pair.end + spaces_after
    } else if spaces_before > 0 {
        // "a <b></b> c" → "a c".
        pair.start..pair.end + spaces_after
    } else {
        // "a<b></b>c" → "ac".
        pair
    }
}
