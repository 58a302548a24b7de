//! The terms a passage is indexed by and a question is matched with.
//!
//! Text is lower-cased (Unicode), common Latin diacritics are folded (`é` →
//! `e`, `ß` → `ss`, combining accents dropped) and it is cut into words of
//! letters and digits; an apostrophe inside a word is dropped (`don't` →
//! `dont`). Common English stop words go, as do one-letter ASCII words (but
//! not digits) and words over [`MAX_TERM_CHARS`]. What remains is stemmed
//! lightly and deterministically, so that a question's word forms meet the
//! text's: plurals (`-s`, `-es`, `-ies` → `-y`), `-ing`, `-ed`, `-ly` and a
//! final `-e` come off when at least three letters stay, and a doubled final
//! consonant left behind is undoubled (`running` → `run`): `index`,
//! `indexes`, `indexed` and `indexing` all become `index`.
//!
//! Chinese, Japanese and Korean are written without spaces, so a run of Han,
//! Hiragana, Katakana or Hangul characters becomes its overlapping pairs of
//! characters (`知识库` → `知识`, `识库`), a single character standing alone.

#[cfg(test)]
mod tests;

/// Words longer than this (in characters) are not terms: hashes, base64,
/// minified code.
pub const MAX_TERM_CHARS: usize = 40;

/// Words too common to tell passages apart.
const STOP_WORDS: &[&str] = &[
    "a", "about", "after", "all", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "being", "but",
    "by", "can", "could", "did", "do", "does", "doing", "done", "for", "from", "had", "has", "have", "having", "he",
    "her", "here", "hers", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me",
    "my", "no", "nor", "not", "of", "off", "on", "once", "only", "or", "other", "our", "ours", "out", "over", "own",
    "she", "should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them", "then", "there", "these",
    "they", "this", "those", "through", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when",
    "where", "which", "while", "who", "whom", "whose", "why", "will", "with", "would", "you", "your", "yours",
];

/// The terms of `text`, in order, repeats kept (see the module documentation).
pub fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_term(text, |term| out.push(term.to_owned()));
    out
}

/// Calls `found` with each term of `text`, in order, as [`terms`] lists them,
/// without allocating a string per term.
pub fn for_each_term(text: &str, mut found: impl FnMut(&str)) {
    let mut word = String::new();
    let mut word_chars = 0usize;
    // A run of Han, Kana or Hangul characters, for bigrams.
    let mut run: Vec<char> = Vec::new();
    let mut previous_alphanumeric = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        // ASCII letters and digits, most of most text, go the short way.
        if c.is_ascii_alphanumeric() {
            if !run.is_empty() {
                finish_run(&mut run, &mut found);
            }
            word.push(c.to_ascii_lowercase());
            word_chars += 1;
            previous_alphanumeric = true;
            continue;
        }
        if is_combining(c) {
            continue; // an accent of the letter before: part of the word
        }
        if is_cjk(c) {
            finish_word(&mut word, &mut word_chars, &mut found);
            run.push(c);
            previous_alphanumeric = false;
            continue;
        }
        if !run.is_empty() {
            finish_run(&mut run, &mut found);
        }
        if c.is_alphanumeric() {
            for lower in c.to_lowercase() {
                word_chars += push_folded(&mut word, lower);
            }
            previous_alphanumeric = true;
        } else if is_apostrophe(c) && previous_alphanumeric && chars.peek().is_some_and(|next| next.is_alphanumeric()) {
            // dropped, the word goes on: "don't" → "dont"
        } else {
            if !word.is_empty() {
                finish_word(&mut word, &mut word_chars, &mut found);
            }
            previous_alphanumeric = false;
        }
    }
    finish_word(&mut word, &mut word_chars, &mut found);
    finish_run(&mut run, &mut found);
}

fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{02bc}')
}

/// Combining diacritical marks (as in decomposed `é`).
fn is_combining(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036f}')
}

/// Han, Hiragana, Katakana and Hangul characters: scripts written without
/// spaces between words.
fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30ff}' // Hiragana, Katakana
        | '\u{31f0}'..='\u{31ff}' // Katakana phonetic extensions
        | '\u{3400}'..='\u{4dbf}' // Han extension A
        | '\u{4e00}'..='\u{9fff}' // Han
        | '\u{f900}'..='\u{faff}' // Han compatibility
        | '\u{ff66}'..='\u{ff9f}' // half-width Katakana
        | '\u{1100}'..='\u{11ff}' // Hangul Jamo
        | '\u{3130}'..='\u{318f}' // Hangul compatibility Jamo
        | '\u{ac00}'..='\u{d7af}' // Hangul syllables
        | '\u{20000}'..='\u{2ebef}' // Han extensions B–F
    )
}

/// Appends `c` (lower case) to `word` with its diacritics folded; returns how
/// many characters were appended.
fn push_folded(word: &mut String, c: char) -> usize {
    let folded: &str = match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
        'ĵ' => "j",
        'ķ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'þ' => "th",
        'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        other => {
            word.push(other);
            return 1;
        }
    };
    word.push_str(folded);
    folded.len()
}

/// Ends the word being read: gives it as a term if it is one.
fn finish_word(word: &mut String, chars: &mut usize, found: &mut impl FnMut(&str)) {
    if !word.is_empty() && *chars <= MAX_TERM_CHARS && !is_dropped(word) {
        let stem = stem(word);
        found(stem);
    }
    word.clear();
    *chars = 0;
}

/// Whether a whole word is not a term: a stop word or one ASCII letter.
fn is_dropped(word: &str) -> bool {
    let single_letter = word.len() == 1 && word.bytes().all(|byte| byte.is_ascii_alphabetic());
    single_letter || STOP_WORDS.binary_search(&word).is_ok()
}

/// Ends a run of CJK characters: gives its bigrams (or its one character).
fn finish_run(run: &mut Vec<char>, found: &mut impl FnMut(&str)) {
    let mut pair = String::new();
    if run.len() == 1 {
        pair.extend(run.iter());
        found(&pair);
    }
    for window in run.windows(2) {
        pair.clear();
        pair.extend(window.iter());
        found(&pair);
    }
    run.clear();
}

/// The light English stem of `word` (lower case ASCII letters only; other
/// words are left as they are), as a slice of `word` after it was changed in
/// place.
fn stem(word: &mut String) -> &str {
    if !word.bytes().all(|byte| byte.is_ascii_lowercase()) {
        return word;
    }
    // Plurals (and third persons).
    if word.len() >= 5 && word.ends_with("ies") {
        word.truncate(word.len() - 3);
        word.push('y');
    } else if word.ends_with("sses")
        || (word.len() >= 5 && ["xes", "ches", "shes", "zzes"].iter().any(|end| word.ends_with(end)))
    {
        word.truncate(word.len() - 2);
    } else if word.len() >= 4 && word.ends_with('s') && !["ss", "us", "is"].iter().any(|end| word.ends_with(end)) {
        word.truncate(word.len() - 1);
    }
    // Verb and adverb endings; a final `e` goes unless one of `-ing`, `-ed`
    // was taken (`agreed` → `agre`, as `agree` → `agre`).
    let mut drop_e = true;
    if word.len() >= 5 && word.ends_with("ied") {
        word.truncate(word.len() - 3);
        word.push('y');
        drop_e = false;
    } else if word.len() >= 6 && word.ends_with("ing") {
        word.truncate(word.len() - 3);
        undouble(word);
        drop_e = false;
    } else if word.len() >= 5 && word.ends_with("ed") {
        word.truncate(word.len() - 2);
        undouble(word);
        drop_e = false;
    } else if word.len() >= 6 && word.ends_with("ly") {
        word.truncate(word.len() - 2);
    }
    if drop_e && word.len() >= 4 && word.ends_with('e') {
        word.truncate(word.len() - 1);
    }
    word
}

/// Removes one of a doubled final consonant (`runn` → `run`), except `l`,
/// `s` and `z` (`call`, `pass`, `buzz`), when three letters stay.
fn undouble(word: &mut String) {
    let bytes = word.as_bytes();
    let doubled = match bytes {
        [.., a, b] => a == b && !matches!(a, b'a' | b'e' | b'i' | b'o' | b'u' | b'l' | b's' | b'z'),
        _ => false,
    };
    if doubled && bytes.len() >= 4 {
        word.truncate(word.len() - 1);
    }
}
