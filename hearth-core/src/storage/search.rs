//! Search terms for the message search index.
//!
//! Each message record carries `terms`: the distinct lower-cased words of its text.
//! The shell indexes that field with a multi-entry IndexedDB index, so the browser
//! maintains the inverted index and a query is a key-range lookup, not a scan of
//! every message. A query matches a message when every query word is a prefix of
//! one of its terms.
//!
//! Words are runs of letters and digits. Scripts written without spaces (CJK) are
//! indexed as overlapping pairs of characters, so any two-character sequence in
//! such text can be found.

#[cfg(test)]
mod tests;

/// Longest indexed term, in characters; longer words are cut (prefix search still finds them).
pub const MAX_TERM_CHARS: usize = 32;

/// The distinct search terms of `text`, sorted: every word of it, however long
/// the text is.
pub fn terms(text: &str) -> Vec<String> {
    // A reply repeats its words: each is looked up in the sorted terms so far and
    // only a new one is kept, instead of sorting every word (the size-optimised
    // std sorts by heapsort: half of this function's time for a 20,000-token
    // reply). Past `SORTED_TERMS` distinct words, inserting in order costs more
    // than sorting the rest once at the end.
    let mut terms: Vec<String> = Vec::new();
    let mut in_order = true;
    for word in words(text) {
        if !in_order {
            terms.push(word);
        } else if let Err(at) = terms.binary_search(&word) {
            terms.insert(at, word);
            in_order = terms.len() < SORTED_TERMS;
        }
    }
    if !in_order {
        terms.sort_unstable();
        terms.dedup();
    }
    terms
}

/// The most distinct words [`terms`] keeps in order as it goes.
const SORTED_TERMS: usize = 4096;

/// The words of a search query, in order, without duplicates. Empty when the
/// query has nothing searchable.
pub fn query_words(query: &str) -> Vec<String> {
    let mut seen = Vec::new();
    for word in words(query) {
        if !seen.contains(&word) {
            seen.push(word);
        }
    }
    seen
}

/// Whether a message with these (sorted) `terms` matches every query word.
pub fn matches(terms: &[String], words: &[String]) -> bool {
    words.iter().all(|word| {
        let start = terms.partition_point(|term| term.as_str() < word.as_str());
        terms.get(start).is_some_and(|term| term.starts_with(word.as_str()))
    })
}

/// Upper bound (exclusive) of the IndexedDB key range of terms starting with
/// `prefix`. IndexedDB orders strings by UTF-16 code units, where every
/// character after the prefix begins with a unit of at most U+FFFF (a
/// character above U+FFFF begins with a surrogate, U+D800–U+DBFF), and U+FFFF
/// itself is no letter: no term holds it.
pub fn prefix_upper_bound(prefix: &str) -> String {
    format!("{prefix}\u{FFFF}")
}

/// A short excerpt of `text` around the first match of a query word, for results.
pub fn snippet(text: &str, words: &[String], max_chars: usize) -> String {
    let lower = text.to_lowercase();
    // Lower-casing can change byte lengths; only use the position when it maps back.
    let hit = words.iter().filter_map(|word| lower.find(word.as_str())).min().filter(|&at| text.is_char_boundary(at));
    let start = match hit {
        Some(at) => {
            let before: Vec<(usize, char)> = text[..at].char_indices().collect();
            before.len().checked_sub(max_chars / 3).map_or(0, |i| before[i].0)
        }
        None => 0,
    };
    // Only the text the excerpt can show is looked at (a message may be megabytes):
    // each shown character takes at most 4 bytes, plus some whitespace to squeeze.
    let mut end = (start + max_chars * 8 + 64).min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let flat: String = text[start..end].split_whitespace().collect::<Vec<_>>().join(" ");
    let mut excerpt: String = flat.chars().take(max_chars).collect();
    if flat.chars().count() > max_chars || (end < text.len() && !text[end..].trim().is_empty()) {
        excerpt.push('…');
    }
    if start > 0 {
        excerpt.insert(0, '…');
    }
    excerpt
}

fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut cjk_run: Vec<char> = Vec::new();
    let flush_cjk = |run: &mut Vec<char>, words: &mut Vec<String>| {
        match run.len() {
            0 => {}
            1 => words.push(run[0].to_string()),
            _ => words.extend(run.windows(2).map(|pair| pair.iter().collect::<String>())),
        }
        run.clear();
    };
    for c in text.chars() {
        if is_cjk(c) {
            push_word(&mut current, &mut words);
            cjk_run.push(c);
        } else if c.is_alphanumeric() {
            flush_cjk(&mut cjk_run, &mut words);
            // ASCII without the Unicode tables: the same letter, sooner.
            if c.is_ascii() {
                current.push(c.to_ascii_lowercase());
            } else {
                current.extend(c.to_lowercase());
            }
        } else {
            push_word(&mut current, &mut words);
            flush_cjk(&mut cjk_run, &mut words);
        }
    }
    push_word(&mut current, &mut words);
    flush_cjk(&mut cjk_run, &mut words);
    words
}

fn push_word(current: &mut String, words: &mut Vec<String>) {
    if !current.is_empty() {
        let word: String = current.chars().take(MAX_TERM_CHARS).collect();
        words.push(word);
        current.clear();
    }
}

/// Han, Hiragana, Katakana and Hangul: scripts where words are not separated by spaces.
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}
