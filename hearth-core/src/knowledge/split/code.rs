//! Source code in blocks that start at its top-level definitions, each with
//! the comments, attributes and decorators just above it, and labelled with
//! the definition's first line.

use super::block::{Block, MAX_LABEL_CHARS};

/// Words that open a top-level definition (or declaration) in common
/// languages.
const DEFINITION_WORDS: &[&str] = &[
    "abstract",
    "async",
    "class",
    "const",
    "data",
    "def",
    "defmacro",
    "defmodule",
    "defn",
    "enum",
    "export",
    "extern",
    "final",
    "fn",
    "fun",
    "func",
    "function",
    "impl",
    "interface",
    "let",
    "local",
    "macro_rules",
    "mod",
    "module",
    "namespace",
    "object",
    "package",
    "private",
    "protected",
    "pub",
    "public",
    "sealed",
    "static",
    "struct",
    "template",
    "trait",
    "type",
    "typedef",
    "union",
    "unsafe",
    "val",
    "var",
];

/// Words that start a line ending with `{` that is no definition.
const CONTROL_WORDS: &[&str] = &["do", "else", "for", "if", "loop", "match", "switch", "try", "while"];

/// The blocks of `text`, code in `language` (its file's extension).
pub(super) fn blocks(text: &str, language: &str) -> Vec<Block> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let yaml = matches!(language, "yaml" | "yml");
    let mut starts: Vec<(usize, usize)> = Vec::new(); // (block start, definition line)
    for (at, line) in lines.iter().enumerate() {
        if !is_definition(line, yaml) {
            continue;
        }
        let mut begin = at;
        while begin > 0 && lines.get(begin - 1).is_some_and(|above| is_preamble(above)) {
            begin -= 1;
        }
        // Never reach back into the block before (a comment that ends it).
        let floor = starts.last().map_or(0, |&(_, definition)| definition + 1);
        starts.push((begin.max(floor), at));
    }
    let mut blocks = Vec::new();
    let first = starts.first().map_or(lines.len(), |&(begin, _)| begin);
    blocks.extend(block(&lines, 0, first, None));
    for (index, &(begin, definition)) in starts.iter().enumerate() {
        let end = starts.get(index + 1).map_or(lines.len(), |&(next, _)| next);
        let label = lines.get(definition).map(|line| label(line));
        blocks.extend(block(&lines, begin, end, label));
    }
    blocks
}

/// The block of lines `begin..end` (blank lines at either end dropped).
fn block(lines: &[&str], begin: usize, end: usize, label: Option<String>) -> Option<Block> {
    let part = lines.get(begin..end)?;
    let first = part.iter().position(|line| !line.trim().is_empty())?;
    let last = part.iter().rposition(|line| !line.trim().is_empty())?;
    let text = part.get(first..=last)?.join("\n");
    Some(Block { text, line: begin + first + 1, verbatim: true, label })
}

/// A definition's first line, trimmed and cut to [`MAX_LABEL_CHARS`].
fn label(line: &str) -> String {
    line.trim().chars().take(MAX_LABEL_CHARS).collect()
}

/// Whether `line` opens a top-level definition: at indentation 0, it starts
/// with a definition word, or ends with `{` (a C function, a CSS rule) and is
/// not a control statement, or opens a Lisp form, a TOML table or (in YAML)
/// a top-level key.
fn is_definition(line: &str, yaml: bool) -> bool {
    let Some(first) = line.chars().next() else { return false };
    if first.is_whitespace() || is_preamble(line) {
        return false;
    }
    let word_len = line.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(line.len());
    let word = line.get(..word_len).unwrap_or_default();
    if DEFINITION_WORDS.contains(&word) {
        return true;
    }
    if line.ends_with('{') && line.len() > 1 && !line.starts_with('}') && !CONTROL_WORDS.contains(&word) {
        return true;
    }
    if line.starts_with("(def") || (line.starts_with('[') && line.chars().nth(1).is_some_and(char::is_alphabetic)) {
        return true;
    }
    yaml && word_len > 0 && line.get(word_len..).is_some_and(|rest| rest.starts_with(':'))
}

/// Whether `line` is a comment, attribute or decorator line that belongs
/// with the definition below it.
fn is_preamble(line: &str) -> bool {
    let trimmed = line.trim_start();
    let top = trimmed.len() == line.len();
    let comment = ["//", "/*", "#", "--", ";;", "@"].iter().any(|start| trimmed.starts_with(start));
    // The middle and end of a `/** … */` comment, indented by one.
    let continued = trimmed.starts_with('*');
    !trimmed.is_empty() && ((top && comment) || continued)
}
