//! Escaping text for HTML, as every writer of the renderer does it (the
//! markdown's HTML and the MathML of its formulas).

/// Escapes `text` into `out` for a text node, or for a double-quoted attribute
/// value when `attribute`: `&`, `<`, `>`, no-break space, and `"` in an
/// attribute. Line ends become `\n` and NUL is dropped, as the browser's
/// parser would do.
pub(super) fn escape_into(out: &mut String, text: &str, attribute: bool) {
    let bytes = text.as_bytes();
    // Runs of bytes that need no escaping are copied whole; every byte that
    // does is ASCII or the start of U+00A0, so a run always ends at a char boundary.
    let mut from = 0;
    let mut i = 0;
    while i < bytes.len() {
        let (replacement, skip) = match bytes[i] {
            b'&' => ("&amp;", 1),
            b'<' => ("&lt;", 1),
            b'>' => ("&gt;", 1),
            b'"' if attribute => ("&quot;", 1),
            0xC2 if bytes.get(i + 1) == Some(&0xA0) => ("&nbsp;", 2),
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => ("", 1),
            b'\r' => ("\n", 1),
            b'\0' => ("", 1),
            _ => {
                i += 1;
                continue;
            }
        };
        out.push_str(&text[from..i]);
        out.push_str(replacement);
        i += skip;
        from = i;
    }
    out.push_str(&text[from..]);
}
