//! Numbers and text as the interface writes them: digits grouped, long text cut.

pub mod base64;
pub mod md5;
pub mod media;
pub mod pdf_text;
pub mod sealed;
pub mod sha256;
#[cfg(test)]
pub(crate) mod test_support;
pub mod zip;

/// `n` with a comma between each group of three digits: `8,192`, `1,000,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (at, digit) in digits.chars().enumerate() {
        if at > 0 && (digits.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// `text` cut to at most `max_chars` characters (on a word boundary where
/// possible) with `…` after the cut; whole when it is short enough.
pub(crate) fn cut(text: &str, max_chars: usize) -> String {
    match text.char_indices().nth(max_chars) {
        None => text.to_owned(),
        Some((end, _)) => {
            let head = &text[..end];
            let head = match head.rfind(' ') {
                Some(space) if space > end / 2 => &head[..space],
                _ => head,
            };
            format!("{}…", head.trim_end())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_of_three_digits_from_the_right() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(8192), "8,192");
        assert_eq!(grouped(128_000), "128,000");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
