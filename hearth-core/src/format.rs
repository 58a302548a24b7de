//! Numbers and text as the interface writes them: digits grouped, long text cut.

pub mod audio;
pub mod base64;
pub mod hidden;
pub mod md5;
pub mod media;
pub mod pdf_text;
pub mod sealed;
pub mod sha256;
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
pub(crate) mod tests;

/// A size in bytes as people read it: "820 KB" (whole kibibytes, rounded
/// up) below a mebibyte, "1.0 MB" (one decimal) from there.
pub fn size_label(bytes: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if bytes >= MB { format!("{:.1} MB", bytes as f64 / MB as f64) } else { format!("{} KB", bytes.div_ceil(1024)) }
}
