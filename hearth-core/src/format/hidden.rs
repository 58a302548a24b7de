//! Text shown to a person before something runs or opens with it (a call's
//! arguments, a link): characters that change how text reads without being
//! seen (bidirectional overrides and isolates, zero-width ones, the byte
//! order mark) written out as `\u{…}`, so that what is shown is what runs.

#[cfg(test)]
mod tests;

/// Whether `c` changes how text reads without being seen.
fn hidden(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// `text` with every such character written out as `\u{XXXX}`.
pub fn shown_plainly(text: &str) -> String {
    if !text.chars().any(hidden) {
        return text.to_owned();
    }
    text.chars().map(|c| if hidden(c) { format!("\\u{{{:04X}}}", u32::from(c)) } else { c.to_string() }).collect()
}
