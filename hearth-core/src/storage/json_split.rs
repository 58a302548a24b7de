//! A JSON object's fields and a JSON list's items as slices of its text, found
//! without parsing the values: a backup of 60 MB is opened by finding its
//! stores' records ([`fields`]), and each record is parsed
//! only when it is read (see [`backup_file`](super::backup_file)). Parsing the
//! whole file into JSON values at once held the page still for about 300 ms;
//! each list's items are found in the same pass as the object's fields.
//!
//! Only the structure between the values is checked here (the brackets,
//! strings, commas and colons that find where each value ends): each value
//! is checked when it is parsed.

#[cfg(test)]
mod tests;

/// Why a text could not be split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitError {
    /// It is not the kind of value asked for (an object, a list).
    OtherValue,
    /// It ends, or goes wrong, in the middle of the structure.
    Malformed,
}

/// A field of a JSON object: its key, its value's text, and, when the value
/// is a list, its items' texts (found in the same pass).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<'a> {
    /// The key, unescaped.
    pub key: String,
    /// The value's JSON text.
    pub text: &'a str,
    /// The value's items, when it is a list.
    pub items: Option<Vec<&'a str>>,
}

/// The fields of the JSON object `text`, in order.
pub fn fields(text: &str) -> Result<Vec<Field<'_>>, SplitError> {
    let bytes = text.as_bytes();
    let mut at = opening(bytes, b'{')?;
    let mut fields = Vec::new();
    if bytes.get(at) == Some(&b'}') {
        return closed(text, at, fields);
    }
    loop {
        if bytes.get(at) != Some(&b'"') {
            return Err(SplitError::Malformed);
        }
        let key_end = string_end(bytes, at + 1)?;
        let key: String = serde_json::from_str(&text[at..key_end]).map_err(|_| SplitError::Malformed)?;
        at = skip_space(bytes, key_end);
        if bytes.get(at) != Some(&b':') {
            return Err(SplitError::Malformed);
        }
        let start = skip_space(bytes, at + 1);
        let (end, items) = if bytes.get(start) == Some(&b'[') {
            let (end, items) = list_at(text, start)?;
            (end, Some(items))
        } else {
            (value_end(bytes, start)?, None)
        };
        fields.push(Field { key, text: &text[start..end], items });
        at = skip_space(bytes, end);
        match bytes.get(at) {
            Some(b',') => at = skip_space(bytes, at + 1),
            Some(b'}') => return closed(text, at, fields),
            _ => return Err(SplitError::Malformed),
        }
    }
}

/// The items of the JSON list `text`, in order, each as its text.
pub fn items(text: &str) -> Result<Vec<&str>, SplitError> {
    opening(text.as_bytes(), b'[')?;
    let (end, items) = list_at(text, skip_space(text.as_bytes(), 0))?;
    closed(text, end - 1, items)
}

/// The list whose `[` is at `at`: where it ends (one past its `]`) and its items.
fn list_at(text: &str, at: usize) -> Result<(usize, Vec<&str>), SplitError> {
    let bytes = text.as_bytes();
    let mut next = skip_space(bytes, at + 1);
    let mut items = Vec::new();
    if bytes.get(next) == Some(&b']') {
        return Ok((next + 1, items));
    }
    loop {
        let end = value_end(bytes, next)?;
        items.push(&text[next..end]);
        next = skip_space(bytes, end);
        match bytes.get(next) {
            Some(b',') => next = skip_space(bytes, next + 1),
            Some(b']') => return Ok((next + 1, items)),
            _ => return Err(SplitError::Malformed),
        }
    }
}

/// Where the value after `open` (`{` or `[`, after any white space) starts,
/// past white space; another value is [`SplitError::OtherValue`].
fn opening(bytes: &[u8], open: u8) -> Result<usize, SplitError> {
    let at = skip_space(bytes, 0);
    match bytes.get(at) {
        Some(&first) if first == open => Ok(skip_space(bytes, at + 1)),
        Some(_) => Err(SplitError::OtherValue),
        None => Err(SplitError::Malformed),
    }
}

/// `found` once the closing bracket at `at` ends the text (but for white space).
fn closed<T>(text: &str, at: usize, found: T) -> Result<T, SplitError> {
    if skip_space(text.as_bytes(), at + 1) == text.len() { Ok(found) } else { Err(SplitError::Malformed) }
}

/// The first position from `at` that is not JSON white space.
fn skip_space(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at).is_some_and(|byte| matches!(byte, b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// Where the value starting at `at` ends (one past its last byte): a string
/// at its closing quote, an object or list at its matching bracket, anything
/// else (a number, `true`, `false`, `null`) before the next delimiter.
fn value_end(bytes: &[u8], at: usize) -> Result<usize, SplitError> {
    let mut depth = 0usize;
    let mut next = at;
    while let Some(&byte) = bytes.get(next) {
        match byte {
            b'"' => {
                next = string_end(bytes, next + 1)?;
                if depth == 0 {
                    return Ok(next);
                }
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    return Ok(next + 1);
                }
            }
            b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r' | b':' if depth == 0 => {
                return if next > at { Ok(next) } else { Err(SplitError::Malformed) };
            }
            _ => {}
        }
        next += 1;
    }
    // A number or word that ends the text ends there; anything open does not.
    if depth == 0 && bytes.len() > at { Ok(bytes.len()) } else { Err(SplitError::Malformed) }
}

/// One past the closing quote of the string whose text starts at `at`.
fn string_end(bytes: &[u8], mut at: usize) -> Result<usize, SplitError> {
    loop {
        let rest = bytes.get(at..).ok_or(SplitError::Malformed)?;
        let found = quote_or_backslash(rest).ok_or(SplitError::Malformed)?;
        at += found;
        if bytes.get(at) == Some(&b'"') {
            return Ok(at + 1);
        }
        // A backslash escapes the next byte.
        at += 2;
    }
}

/// Where the first `"` or `\` of `bytes` is. Most of a backup's bytes are in
/// its strings (the messages' text), so they are looked at eight at a time, as
/// one 64-bit word each (a word holds one of the two when one of its bytes,
/// XORed with it, is zero), and only the word that holds one byte by byte.
fn quote_or_backslash(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let has_zero = |word: u64| word.wrapping_sub(ONES) & !word & HIGHS != 0;
    let mut words = 0;
    for chunk in bytes.chunks_exact(8) {
        let Ok(eight) = <[u8; 8]>::try_from(chunk) else { break };
        let word = u64::from_le_bytes(eight);
        if has_zero(word ^ (ONES * u64::from(b'"'))) || has_zero(word ^ (ONES * u64::from(b'\\'))) {
            break;
        }
        words += 1;
    }
    let from = words * 8;
    bytes.get(from..)?.iter().position(|&byte| byte == b'"' || byte == b'\\').map(|found| from + found)
}
