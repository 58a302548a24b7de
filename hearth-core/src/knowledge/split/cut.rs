//! A block too long for one passage, cut into about even pieces of at most
//! a given number of characters: prose at sentence ends (else line breaks,
//! else spaces, else anywhere), code at line breaks (blank lines preferred).

/// A piece of a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Piece {
    /// How many lines into the block it starts.
    pub(super) line_offset: usize,
    pub(super) text: String,
}

/// How far past the even share a piece may run to end at a good place: an
/// eighth.
fn stretch(target: usize, max: usize) -> usize {
    (target + target / 8).min(max).max(1)
}

/// The byte offset after the first `chars` characters of `text` (its length
/// when it is shorter).
fn byte_after(text: &str, chars: usize) -> usize {
    text.char_indices().nth(chars).map_or(text.len(), |(at, _)| at)
}

/// Where to end a piece inside `window` (a prefix of `rest`), at or after
/// `floor` bytes: the last sentence end, else line break, else space; the
/// window's end when none.
fn cut_point(rest: &str, window: usize, floor: usize) -> usize {
    let text = rest.get(..window).unwrap_or(rest);
    let mut sentence = None;
    let mut newline = None;
    let mut space = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let end = at + c.len_utf8();
        if at < floor {
            continue;
        }
        let next = chars.peek().map(|&(_, next)| next).or_else(|| rest.get(end..).and_then(|tail| tail.chars().next()));
        let spaced = next.is_none_or(char::is_whitespace);
        if (matches!(c, '.' | '!' | '?' | ';') && spaced) || matches!(c, '。' | '！' | '？') {
            sentence = Some(end);
        } else if c == '\n' {
            newline = Some(at);
        } else if c.is_whitespace() {
            space = Some(at);
        }
    }
    sentence.or(newline).or(space).filter(|&at| at > 0).unwrap_or(window)
}

/// `text` (prose) in pieces of at most `max` characters.
pub(super) fn prose(text: &str, max: usize) -> Vec<Piece> {
    let max = max.max(2);
    let mut pieces = Vec::new();
    let mut remaining = text.chars().count();
    let mut start = 0;
    let mut line_offset = 0;
    while start < text.len() {
        let rest = text.get(start..).unwrap_or_default();
        let body = rest.trim_start();
        let skipped = rest.len() - body.len();
        let skipped_text = rest.get(..skipped).unwrap_or_default();
        line_offset += skipped_text.matches('\n').count();
        remaining = remaining.saturating_sub(skipped_text.chars().count());
        start += skipped;
        if body.is_empty() {
            break;
        }
        if remaining <= max {
            pieces.push(Piece { line_offset, text: body.trim_end().to_owned() });
            break;
        }
        let count = remaining.div_ceil(max);
        let limit = stretch(remaining.div_ceil(count), max);
        let window = byte_after(body, limit);
        let floor = byte_after(body, limit / 2);
        let cut = cut_point(body, window, floor).max(byte_after(body, 1));
        let piece = body.get(..cut).unwrap_or(body);
        pieces.push(Piece { line_offset, text: piece.trim_end().to_owned() });
        line_offset += piece.matches('\n').count();
        remaining = remaining.saturating_sub(piece.chars().count());
        start += cut;
    }
    pieces
}

/// A fenced block's fences: its first and last lines, when it has them.
fn fences<'a>(lines: &[&'a str]) -> Option<(&'a str, &'a str)> {
    let (first, last) = (lines.first()?.trim_start(), lines.last()?.trim_start());
    let marker = first.chars().next().filter(|&c| c == '`' || c == '~')?;
    let fenced = lines.len() >= 2
        && first.starts_with(&marker.to_string().repeat(3))
        && !last.is_empty()
        && last.chars().all(|c| c == marker);
    fenced.then_some((first, last))
}

/// `text` (code, or a fenced block) in pieces of at most `max` characters,
/// cut between lines (inside a line longer than a piece only when it must);
/// a fenced block's pieces each between its fences.
pub(super) fn lines(text: &str, max: usize) -> Vec<Piece> {
    let all: Vec<&str> = text.split('\n').collect();
    let (inner, wrap, first_line) = match fences(&all) {
        Some((open, close)) if open.chars().count() + close.chars().count() + 2 + 80 <= max => {
            let inner = all.get(1..all.len() - 1).unwrap_or_default();
            let budget = max - open.chars().count() - close.chars().count() - 2;
            (inner, Some((open, close, budget)), 1)
        }
        _ => (&all[..], None, 0),
    };
    let budget = wrap.map_or(max, |(_, _, budget)| budget).max(2);
    let mut pieces: Vec<Piece> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut current_chars = 0;
    let mut current_start = 0;
    let flush = |lines: &[&str], start: usize, pieces: &mut Vec<Piece>| {
        let Some(first) = lines.iter().position(|line| !line.trim().is_empty()) else { return };
        let last = lines.iter().rposition(|line| !line.trim().is_empty()).unwrap_or(first);
        let body = lines.get(first..=last).unwrap_or_default().join("\n");
        let text = match wrap {
            Some((open, close, _)) => format!("{open}\n{body}\n{close}"),
            None => body,
        };
        pieces.push(Piece { line_offset: first_line + start + first, text });
    };
    for (index, &line) in inner.iter().enumerate() {
        let chars = line.chars().count();
        if !current.is_empty() && current_chars + 1 + chars > budget {
            // Prefer ending after the last blank line in the second half.
            let blank = current.iter().rposition(|line| line.trim().is_empty()).filter(|&at| at * 2 >= current.len());
            let keep = blank.unwrap_or(current.len());
            flush(current.get(..keep).unwrap_or_default(), current_start, &mut pieces);
            let carried: Vec<&str> = current.get(keep..).unwrap_or_default().to_vec();
            current_start += keep;
            current = carried;
            current_chars = current.iter().map(|line| line.chars().count() + 1).sum();
            if !current.is_empty() && current_chars + 1 + chars > budget {
                flush(&current, current_start, &mut pieces);
                current.clear();
                current_chars = 0;
            }
        }
        if chars > budget {
            // A line longer than a piece: its own pieces, cut anywhere.
            flush(&current, current_start, &mut pieces);
            let mut rest = line;
            while !rest.is_empty() {
                let at = byte_after(rest, budget);
                flush(&[rest.get(..at).unwrap_or(rest)], index, &mut pieces);
                rest = rest.get(at..).unwrap_or_default();
            }
            current.clear();
            current_chars = 0;
            current_start = index + 1;
            continue;
        }
        if current.is_empty() {
            current_start = index;
        }
        current_chars += chars + usize::from(!current.is_empty());
        current.push(line);
    }
    flush(&current, current_start, &mut pieces);
    pieces
}
