//! Markdown read into sections: headings open them, paragraphs, fenced code
//! blocks and a front matter are their blocks (see the parent module).

use super::block::{Block, Section, push_normalised};

/// A fenced code block being read.
struct Fence {
    marker: char,
    len: usize,
    block: Block,
}

/// Where the reading is.
struct Reader {
    sections: Vec<Section>,
    /// The open headings, outermost first, with their levels.
    path: Vec<(usize, String)>,
    paragraph: Option<Block>,
    /// Whether the paragraph being read may become a setext heading.
    plain: bool,
}

impl Reader {
    fn push_block(&mut self, block: Block) {
        match self.sections.last_mut() {
            Some(section) => section.blocks.push(block),
            None => self.sections.push(Section { headings: Vec::new(), blocks: vec![block] }),
        }
    }

    fn end_paragraph(&mut self) {
        if let Some(block) = self.paragraph.take() {
            self.push_block(block);
        }
    }

    /// Opens the section of a heading of `level` titled `title`.
    fn heading(&mut self, level: usize, title: &str) {
        self.end_paragraph();
        while self.path.last().is_some_and(|(open, _)| *open >= level) {
            self.path.pop();
        }
        let title = title.split_whitespace().collect::<Vec<_>>().join(" ");
        if !title.is_empty() {
            self.path.push((level, title));
        }
        let headings = self.path.iter().map(|(_, title)| title.clone()).collect();
        self.sections.push(Section { headings, blocks: Vec::new() });
    }

    fn line(&mut self, number: usize, line: &str) {
        match self.paragraph.as_mut() {
            Some(block) => {
                block.text.push('\n');
                push_normalised(&mut block.text, line);
            }
            None => {
                let mut text = String::new();
                push_normalised(&mut text, line);
                self.plain = !starts_structure(line);
                self.paragraph = Some(Block { text, line: number, verbatim: false, label: None });
            }
        }
    }
}

/// The sections of a Markdown text, in order; the first has no headings
/// (and may have no blocks).
pub(super) fn sections(text: &str) -> Vec<Section> {
    let lines: Vec<&str> = text.lines().collect();
    let mut reader = Reader { sections: Vec::new(), path: Vec::new(), paragraph: None, plain: false };
    let mut fence: Option<Fence> = None;
    let mut start = 0;
    if let Some(end) = front_matter_end(&lines) {
        let text = lines.get(..=end).unwrap_or_default().iter().map(|line| line.trim_end()).collect::<Vec<_>>();
        reader.push_block(Block { text: text.join("\n"), line: 1, verbatim: true, label: None });
        start = end + 1;
    }
    for (index, raw) in lines.iter().enumerate().skip(start) {
        let number = index + 1;
        let line = raw.trim_end();
        if let Some(open) = fence.as_mut() {
            open.block.text.push('\n');
            open.block.text.push_str(line);
            if closes_fence(line, open.marker, open.len) {
                if let Some(done) = fence.take() {
                    reader.push_block(done.block);
                }
            }
            continue;
        }
        if line.trim().is_empty() {
            reader.end_paragraph();
        } else if let Some((marker, len)) = opens_fence(line) {
            reader.end_paragraph();
            let block = Block { text: line.to_owned(), line: number, verbatim: true, label: None };
            fence = Some(Fence { marker, len, block });
        } else if let Some((level, title)) = atx_heading(line) {
            reader.heading(level, title);
        } else if let Some(level) = setext_underline(line).filter(|_| reader.paragraph.is_some() && reader.plain) {
            let title = reader.paragraph.take().map(|block| block.text).unwrap_or_default();
            reader.heading(level, &title);
        } else if is_thematic_break(line) {
            reader.end_paragraph();
        } else {
            reader.line(number, line);
        }
    }
    reader.end_paragraph();
    if let Some(open) = fence {
        reader.push_block(open.block);
    }
    reader.sections
}

/// The last line of a YAML front matter (`---` on the first line, `---` or
/// `...` closing it within 200 lines).
fn front_matter_end(lines: &[&str]) -> Option<usize> {
    if lines.first().map(|line| line.trim_end()) != Some("---") {
        return None;
    }
    lines
        .iter()
        .enumerate()
        .skip(1)
        .take(200)
        .find(|(_, line)| matches!(line.trim_end(), "---" | "..."))
        .map(|(at, _)| at)
}

/// Up to three spaces of indentation, then the rest.
fn unindented(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches(' ');
    (line.len() - rest.len() <= 3).then_some(rest)
}

/// A fence's opening line: its marker and length.
fn opens_fence(line: &str) -> Option<(char, usize)> {
    let rest = unindented(line)?;
    let marker = rest.chars().next().filter(|&c| c == '`' || c == '~')?;
    let len = rest.chars().take_while(|&c| c == marker).count();
    let info = rest.get(len..).unwrap_or_default();
    (len >= 3 && !(marker == '`' && info.contains('`'))).then_some((marker, len))
}

fn closes_fence(line: &str, marker: char, len: usize) -> bool {
    let Some(rest) = unindented(line) else { return false };
    let run = rest.chars().take_while(|&c| c == marker).count();
    run >= len && rest.get(run..).is_some_and(|tail| tail.trim().is_empty())
}

/// An ATX heading: its level and title.
fn atx_heading(line: &str) -> Option<(usize, &str)> {
    let rest = unindented(line)?;
    let level = rest.bytes().take_while(|&b| b == b'#').count();
    let after = rest.get(level..)?;
    if !(1..=6).contains(&level) || !(after.is_empty() || after.starts_with([' ', '\t'])) {
        return None;
    }
    let title = after.trim();
    // A closing run of `#`, after a space (or the whole title).
    let without = title.trim_end_matches('#');
    let title = if without.is_empty() || without.ends_with([' ', '\t']) { without.trim_end() } else { title };
    Some((level, title))
}

/// A setext underline: `=` (level 1) or `-` (level 2).
fn setext_underline(line: &str) -> Option<usize> {
    let rest = unindented(line)?.trim_end();
    if !rest.is_empty() && rest.chars().all(|c| c == '=') {
        Some(1)
    } else if !rest.is_empty() && rest.chars().all(|c| c == '-') {
        Some(2)
    } else {
        None
    }
}

/// `---`, `***`, `___` (spaces allowed between).
fn is_thematic_break(line: &str) -> bool {
    let Some(rest) = unindented(line) else { return false };
    let marks: Vec<char> = rest.chars().filter(|c| !c.is_whitespace()).collect();
    marks.len() >= 3
        && matches!(marks.first(), Some('-' | '*' | '_'))
        && marks.iter().all(|c| Some(c) == marks.first())
        && rest.chars().all(|c| c.is_whitespace() || Some(&c) == marks.first())
}

/// Whether a line starts a structure other than a paragraph (a list item, a
/// quote, a table row), under which `---` is no heading underline.
fn starts_structure(line: &str) -> bool {
    let rest = line.trim_start();
    let numbered = {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        digits > 0 && rest.get(digits..).is_some_and(|tail| tail.starts_with(". ") || tail.starts_with(") "))
    };
    numbered || rest.starts_with(['>', '|']) || ["- ", "* ", "+ "].iter().any(|marker| rest.starts_with(marker))
}
