//! Simple fonts' encodings (ISO 32000-1 §9.6.6, Annex D): the standard,
//! WinAnsi and MacRoman tables, and glyph names (as in `/Differences`) read
//! with a compact part of the Adobe Glyph List: ASCII and Latin-1, the
//! Windows-1252 additions, ligatures, and some of Latin Extended-A and the
//! Mac symbols, plus `uniXXXX`, `uniXXXXXXXX` and `uXXXX` names, suffixes
//! (`a.sc`) and ligature names with underscores (`f_i`). Other names (`g17`,
//! `cid42`, a font's private names) stand for nothing.

/// A simple font's base encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Base {
    Standard,
    WinAnsi,
    MacRoman,
    /// No table: a symbolic font (Symbol, ZapfDingbats, Wingdings) or a
    /// Type 3 font, whose codes only mean what `/Differences` says.
    Unknown,
}

impl Base {
    /// The encoding a `/BaseEncoding` or `/Encoding` name says.
    pub(super) fn named(name: &[u8]) -> Option<Base> {
        match name {
            b"StandardEncoding" => Some(Base::Standard),
            b"WinAnsiEncoding" => Some(Base::WinAnsi),
            b"MacRomanEncoding" => Some(Base::MacRoman),
            _ => None,
        }
    }

    /// The character of `code` in this encoding.
    pub(super) fn char(self, code: u8) -> Option<char> {
        match (self, code) {
            (Base::Unknown, _) | (_, 0..=0x1F | 0x7F) => None,
            (Base::Standard, b'\'') => Some('’'),
            (Base::Standard, b'`') => Some('‘'),
            (_, 0x20..=0x7E) => Some(char::from(code)),
            (Base::WinAnsi, 0x80..=0x9F) => CP1252.chars().nth(usize::from(code - 0x80)).filter(|c| *c != '\0'),
            (Base::WinAnsi, 0xA0) => Some(' '),
            (Base::WinAnsi, 0xAD) => Some('-'),
            (Base::WinAnsi, _) => Some(char::from(code)),
            (Base::MacRoman, _) => MAC_ROMAN.chars().nth(usize::from(code - 0x80)).filter(|c| *c != '\0'),
            (Base::Standard, _) => STANDARD.iter().find(|(at, _)| *at == code).map(|(_, c)| *c),
        }
    }
}

/// Windows-1252 from 0x80 to 0x9F (NUL where undefined).
const CP1252: &str = "€\0‚ƒ„…†‡ˆ‰Š‹Œ\0Ž\0\0‘’“”•–—˜™š›œ\0žŸ";

/// MacRoman from 0x80 to 0xFF (NUL where PDF's table has nothing).
const MAC_ROMAN: &str = concat!(
    "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü",
    "†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø",
    "¿¡¬√ƒ≈∆«»… ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄¤‹›ﬁﬂ",
    "‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\0ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ",
);

/// StandardEncoding above 0x7F.
const STANDARD: &[(u8, char)] = &[
    (0xA1, '¡'),
    (0xA2, '¢'),
    (0xA3, '£'),
    (0xA4, '⁄'),
    (0xA5, '¥'),
    (0xA6, 'ƒ'),
    (0xA7, '§'),
    (0xA8, '¤'),
    (0xA9, '\''),
    (0xAA, '“'),
    (0xAB, '«'),
    (0xAC, '‹'),
    (0xAD, '›'),
    (0xAE, 'ﬁ'),
    (0xAF, 'ﬂ'),
    (0xB1, '–'),
    (0xB2, '†'),
    (0xB3, '‡'),
    (0xB4, '·'),
    (0xB6, '¶'),
    (0xB7, '•'),
    (0xB8, '‚'),
    (0xB9, '„'),
    (0xBA, '”'),
    (0xBB, '»'),
    (0xBC, '…'),
    (0xBD, '‰'),
    (0xBF, '¿'),
    (0xC1, '`'),
    (0xC2, '´'),
    (0xC3, 'ˆ'),
    (0xC4, '˜'),
    (0xC5, '¯'),
    (0xC6, '˘'),
    (0xC7, '˙'),
    (0xC8, '¨'),
    (0xCA, '˚'),
    (0xCB, '¸'),
    (0xCD, '˝'),
    (0xCE, '˛'),
    (0xCF, 'ˇ'),
    (0xD0, '—'),
    (0xE1, 'Æ'),
    (0xE3, 'ª'),
    (0xE8, 'Ł'),
    (0xE9, 'Ø'),
    (0xEA, 'Œ'),
    (0xEB, 'º'),
    (0xF1, 'æ'),
    (0xF5, 'ı'),
    (0xF8, 'ł'),
    (0xF9, 'ø'),
    (0xFA, 'œ'),
    (0xFB, 'ß'),
];

/// Glyph names of ASCII from 0x20 to 0x7E, letters left out (a one-letter
/// name is its letter).
const ASCII_NAMES: &str = "space exclam quotedbl numbersign dollar percent ampersand quotesingle \
    parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six \
    seven eight nine colon semicolon less equal greater question at - - - - - - - - - - - - - - - - \
    - - - - - - - - - - bracketleft backslash bracketright asciicircum underscore grave - - - - - - \
    - - - - - - - - - - - - - - - - - - - - braceleft bar braceright asciitilde";

/// Glyph names of Windows-1252 from 0x80 to 0x9F (`-` where undefined).
const CP1252_NAMES: &str = "Euro - quotesinglbase florin quotedblbase ellipsis dagger daggerdbl \
    circumflex perthousand Scaron guilsinglleft OE - Zcaron - - quoteleft quoteright quotedblleft \
    quotedblright bullet endash emdash tilde trademark scaron guilsinglright oe - zcaron Ydieresis";

/// Glyph names of Latin-1 from 0xA1 to 0xFF.
const LATIN1_NAMES: &str = "exclamdown cent sterling currency yen brokenbar section dieresis \
    copyright ordfeminine guillemotleft logicalnot sfthyphen registered macron degree plusminus \
    twosuperior threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine \
    guillemotright onequarter onehalf threequarters questiondown Agrave Aacute Acircumflex Atilde \
    Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex \
    Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute \
    Ucircumflex Udieresis Yacute Thorn germandbls agrave aacute acircumflex atilde adieresis aring \
    ae ccedilla egrave eacute ecircumflex edieresis igrave iacute icircumflex idieresis eth ntilde \
    ograve oacute ocircumflex otilde odieresis divide oslash ugrave uacute ucircumflex udieresis \
    yacute thorn ydieresis";

/// Other common glyph names.
const OTHER_NAMES: &[(&str, &str)] = &[
    ("ff", "ff"),
    ("fi", "fi"),
    ("fl", "fl"),
    ("ffi", "ffi"),
    ("ffl", "ffl"),
    ("dotlessi", "ı"),
    ("Lslash", "Ł"),
    ("lslash", "ł"),
    ("fraction", "⁄"),
    ("minus", "−"),
    ("breve", "˘"),
    ("dotaccent", "˙"),
    ("ring", "˚"),
    ("hungarumlaut", "˝"),
    ("ogonek", "˛"),
    ("caron", "ˇ"),
    ("nbspace", " "),
    ("nonbreakingspace", " "),
    ("figuredash", "‒"),
    ("middot", "·"),
    ("Delta", "∆"),
    ("Omega", "Ω"),
    ("pi", "π"),
    ("notequal", "≠"),
    ("infinity", "∞"),
    ("lessequal", "≤"),
    ("greaterequal", "≥"),
    ("partialdiff", "∂"),
    ("summation", "∑"),
    ("product", "∏"),
    ("integral", "∫"),
    ("radical", "√"),
    ("approxequal", "≈"),
    ("lozenge", "◊"),
    ("arrowleft", "←"),
    ("arrowright", "→"),
    ("arrowup", "↑"),
    ("arrowdown", "↓"),
    ("checkmark", "✓"),
    ("Gbreve", "Ğ"),
    ("gbreve", "ğ"),
    ("Idotaccent", "İ"),
    ("Scedilla", "Ş"),
    ("scedilla", "ş"),
    ("Ccaron", "Č"),
    ("ccaron", "č"),
    ("Ecaron", "Ě"),
    ("ecaron", "ě"),
    ("Rcaron", "Ř"),
    ("rcaron", "ř"),
    ("Uring", "Ů"),
    ("uring", "ů"),
    ("Aogonek", "Ą"),
    ("aogonek", "ą"),
    ("Eogonek", "Ę"),
    ("eogonek", "ę"),
    ("Cacute", "Ć"),
    ("cacute", "ć"),
    ("Nacute", "Ń"),
    ("nacute", "ń"),
    ("Sacute", "Ś"),
    ("sacute", "ś"),
    ("Zacute", "Ź"),
    ("zacute", "ź"),
    ("Zdotaccent", "Ż"),
    ("zdotaccent", "ż"),
    ("Ohungarumlaut", "Ő"),
    ("ohungarumlaut", "ő"),
    ("Uhungarumlaut", "Ű"),
    ("uhungarumlaut", "ű"),
];

/// The text a glyph name stands for, if it is one this table knows.
pub(super) fn glyph_text(name: &[u8]) -> Option<String> {
    let name = std::str::from_utf8(name).ok()?;
    // A suffix after a period (`a.sc`, `one.oldstyle`) is a variant of the same text.
    let name = name.split('.').next().unwrap_or_default();
    if name.is_empty() {
        return None;
    }
    let mut text = String::new();
    for component in name.split('_') {
        text.push_str(&component_text(component)?);
    }
    Some(text)
}

fn component_text(name: &str) -> Option<String> {
    let mut letters = name.chars();
    if let (Some(letter), None) = (letters.next(), letters.next()) {
        return letter.is_ascii_alphabetic().then(|| letter.to_string());
    }
    let in_list = |list: &str, first: u32| {
        let at = list.split_whitespace().position(|known| known == name)?;
        char::from_u32(first + u32::try_from(at).ok()?).map(String::from)
    };
    if let Some(text) = in_list(ASCII_NAMES, 0x20).or_else(|| in_list(LATIN1_NAMES, 0xA1)) {
        return Some(text);
    }
    if let Some(at) = CP1252_NAMES.split_whitespace().position(|known| known == name) {
        return CP1252.chars().nth(at).map(String::from);
    }
    if let Some((_, text)) = OTHER_NAMES.iter().find(|(known, _)| *known == name) {
        return Some((*text).to_owned());
    }
    if let Some(hex) = name.strip_prefix("uni") {
        if hex.is_empty() || hex.len() % 4 != 0 || !hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return None;
        }
        let units = (0..hex.len() / 4).filter_map(|at| u16::from_str_radix(hex.get(at * 4..at * 4 + 4)?, 16).ok());
        let text: String = char::decode_utf16(units).filter_map(Result::ok).collect();
        return (!text.is_empty()).then_some(text);
    }
    if let Some(hex) = name.strip_prefix('u') {
        if (4..=6).contains(&hex.len()) && hex.bytes().all(|byte| byte.is_ascii_hexdigit()) {
            return char::from_u32(u32::from_str_radix(hex, 16).ok()?).map(String::from);
        }
    }
    None
}
