//! Fonts as text extraction needs them (ISO 32000-1 §9.5 to §9.10): how a
//! string splits into character codes, what text each code stands for, and
//! how wide it is (to place the next run and so find spaces and line ends).
//!
//! Text comes from the `/ToUnicode` CMap first; a simple font (Type 1,
//! TrueType, Type 3) falls back to its encoding and `/Differences`. A
//! composite font (Type 0) without a `/ToUnicode` yields nothing, unless its
//! encoding is a predefined UCS-2 CMap: its glyph ids mean nothing as text.

use std::collections::HashMap;
use std::rc::Rc;

use super::cmap::CMap;
use super::encoding::{Base, glyph_text};
use super::file::Doc;
use super::object::{Dict, Obj};

/// Widths of Helvetica (and Arial) from 0x20 to 0x7E, in thousandths of the
/// font size, for the standard fonts that PDFs may use without `/Widths`.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
];

/// A font, read once per document.
#[derive(Debug)]
pub(super) struct Font {
    to_unicode: Option<Rc<CMap>>,
    kind: Kind,
    /// From glyph-space widths to text space: 1/1000, or a Type 3 font's matrix.
    scale: f64,
}

#[derive(Debug)]
enum Kind {
    /// One-byte codes: the encoding's text for each code, and widths.
    Simple { table: Vec<Option<String>>, widths: Vec<f64>, missing: f64 },
    /// Composite: codes of `len` bytes (or by the CMap's codespace when 0),
    /// widths by CID as sorted ranges, and whether codes are UCS-2.
    Composite { len: usize, widths: Vec<(u32, u32, f64)>, default: f64, ucs2: bool },
}

impl Font {
    /// Reads the font dictionary `dict`, with the `/ToUnicode` CMaps read so far.
    pub(super) fn new(doc: &Doc<'_>, dict: &Dict, cmaps: &HashMap<u32, Rc<CMap>>) -> Font {
        let to_unicode = match dict.get(b"ToUnicode") {
            Some(Obj::Ref(number)) => cmaps.get(number).cloned(),
            _ => None,
        };
        let number = |obj: Option<&Obj>| obj.and_then(|obj| doc.resolve(obj).as_f64());
        if dict.is(b"Subtype", b"Type0") {
            let encoding = dict.get(b"Encoding").map(|encoding| doc.resolve(encoding));
            let encoding = encoding.and_then(Obj::as_name).unwrap_or_default();
            let identity = encoding.starts_with(b"Identity-");
            let ucs2 = encoding.windows(4).any(|part| part == b"UCS2");
            let descendant = dict.get(b"DescendantFonts").map(|fonts| doc.resolve(fonts));
            let descendant = descendant.and_then(Obj::as_array).and_then(|fonts| fonts.first());
            let descendant = descendant.and_then(|font| doc.dict(font));
            let default = number(descendant.and_then(|font| font.get(b"DW"))).unwrap_or(1000.0);
            let widths = descendant.and_then(|font| font.get(b"W")).map(|w| cid_widths(doc, w)).unwrap_or_default();
            let len = if identity || ucs2 || to_unicode.is_none() { 2 } else { 0 };
            return Font { to_unicode, kind: Kind::Composite { len, widths, default, ucs2 }, scale: 0.001 };
        }
        let base_font = dict.get(b"BaseFont").map(|name| doc.resolve(name)).and_then(Obj::as_name).unwrap_or_default();
        let type3 = dict.is(b"Subtype", b"Type3");
        let scale = match dict.get(b"FontMatrix").map(|matrix| doc.resolve(matrix)) {
            Some(Obj::Array(matrix)) if type3 => matrix.first().and_then(Obj::as_f64).unwrap_or(0.001),
            _ => 0.001,
        };
        let table = simple_table(doc, dict, base_font, type3);
        let first = number(dict.get(b"FirstChar")).unwrap_or(0.0).clamp(0.0, 255.0) as usize;
        let descriptor = dict.get(b"FontDescriptor").and_then(|descriptor| doc.dict(descriptor));
        let missing = number(descriptor.and_then(|descriptor| descriptor.get(b"MissingWidth")));
        let widths = match dict.get(b"Widths").map(|widths| doc.resolve(widths)) {
            Some(Obj::Array(given)) => {
                let mut widths = vec![missing.unwrap_or(0.0); 256];
                for (slot, width) in widths.iter_mut().skip(first).zip(given) {
                    *slot = doc.resolve(width).as_f64().unwrap_or(0.0);
                }
                widths
            }
            _ => standard_widths(base_font),
        };
        Font { to_unicode, kind: Kind::Simple { table, widths, missing: missing.unwrap_or(0.0) }, scale }
    }

    /// The codes in `bytes`, each with its length in bytes.
    pub(super) fn codes<'b>(&'b self, bytes: &'b [u8]) -> impl Iterator<Item = (u32, usize)> + 'b {
        let mut at = 0;
        std::iter::from_fn(move || {
            let rest = bytes.get(at..).filter(|rest| !rest.is_empty())?;
            let len = match &self.kind {
                Kind::Simple { .. } => 1,
                Kind::Composite { len: 0, .. } => {
                    self.to_unicode.as_ref().and_then(|cmap| cmap.code_len(rest)).unwrap_or(2)
                }
                Kind::Composite { len, .. } => *len,
            };
            let code = rest.get(..len).unwrap_or(rest);
            at += len;
            Some((code.iter().fold(0u32, |value, byte| value << 8 | u32::from(*byte)), code.len()))
        })
    }

    /// Appends the text of `code` to `out` (nothing when it is not known).
    pub(super) fn text(&self, code: u32, len: usize, out: &mut String) {
        if let Some(text) = self.to_unicode.as_ref().and_then(|cmap| cmap.lookup(len, code)) {
            push_text(out, &text);
            return;
        }
        match &self.kind {
            Kind::Simple { table, .. } => {
                if let Some(Some(text)) = usize::try_from(code).ok().and_then(|code| table.get(code)) {
                    push_text(out, text);
                }
            }
            Kind::Composite { ucs2: true, .. } => {
                if let Some(c) = char::from_u32(code) {
                    push_text(out, c.encode_utf8(&mut [0; 4]));
                }
            }
            Kind::Composite { .. } => {}
        }
    }

    /// The width of `code` in text space (a fraction of the font size).
    pub(super) fn width(&self, code: u32) -> f64 {
        let width = match &self.kind {
            Kind::Simple { widths, missing, .. } => {
                usize::try_from(code).ok().and_then(|code| widths.get(code)).copied().unwrap_or(*missing)
            }
            Kind::Composite { widths, default, .. } => {
                let at = widths.partition_point(|(low, _, _)| *low <= code);
                match at.checked_sub(1).and_then(|at| widths.get(at)) {
                    Some((_, high, width)) if code <= *high => *width,
                    _ => *default,
                }
            }
        };
        width * self.scale
    }
}

/// A simple font's text for each of its 256 codes: the base encoding (the
/// font's `/Encoding` name or `/BaseEncoding`, else Standard for Type 1 and
/// WinAnsi for TrueType, none for symbolic fonts), then `/Differences`.
fn simple_table(doc: &Doc<'_>, dict: &Dict, base_font: &[u8], type3: bool) -> Vec<Option<String>> {
    let encoding = dict.get(b"Encoding").map(|encoding| doc.resolve(encoding));
    let named = match encoding {
        Some(Obj::Name(name)) => Base::named(name),
        Some(Obj::Dict(encoding)) => {
            encoding.get(b"BaseEncoding").and_then(|name| doc.resolve(name).as_name()).and_then(Base::named)
        }
        _ => None,
    };
    let symbolic = [&b"Symbol"[..], b"Dingbats", b"Wingdings", b"Webdings"]
        .iter()
        .any(|symbol| base_font.windows(symbol.len()).any(|part| part == *symbol));
    let base = named.unwrap_or(if type3 || symbolic {
        Base::Unknown
    } else if dict.is(b"Subtype", b"TrueType") {
        Base::WinAnsi
    } else {
        Base::Standard
    });
    let mut table: Vec<Option<String>> = (0..=255u8).map(|code| base.char(code).map(String::from)).collect();
    let differences = encoding.and_then(Obj::as_dict).and_then(|encoding| encoding.get(b"Differences"));
    if let Some(Obj::Array(differences)) = differences.map(|differences| doc.resolve(differences)) {
        let mut code: Option<usize> = None;
        for item in differences {
            match doc.resolve(item) {
                Obj::Int(start) => code = usize::try_from(*start).ok(),
                Obj::Name(name) => {
                    if let Some(slot) = code.and_then(|code| table.get_mut(code)) {
                        *slot = glyph_text(name);
                    }
                    code = code.map(|code| code + 1);
                }
                _ => {}
            }
        }
    }
    table
}

/// Widths for a simple font without `/Widths` (one of the standard 14).
fn standard_widths(base_font: &[u8]) -> Vec<f64> {
    let has = |part: &[u8]| base_font.windows(part.len()).any(|window| window == part);
    let mut widths = vec![if has(b"Courier") { 600.0 } else { 500.0 }; 256];
    if has(b"Helvetica") || has(b"Arial") {
        for (slot, width) in widths.iter_mut().skip(0x20).zip(HELVETICA) {
            *slot = f64::from(width);
        }
    } else if !has(b"Courier") {
        if let Some(space) = widths.get_mut(0x20) {
            *space = 250.0;
        }
    }
    widths
}

/// A CID font's `/W` array as sorted ranges: `c [w1 w2 ...]` and `c1 c2 w`.
fn cid_widths(doc: &Doc<'_>, w: &Obj) -> Vec<(u32, u32, f64)> {
    let Some(items) = doc.resolve(w).as_array() else { return Vec::new() };
    let mut widths = Vec::new();
    let mut at = 0;
    while let Some(first) = items.get(at).and_then(|first| doc.resolve(first).as_int()) {
        let Ok(first) = u32::try_from(first) else { break };
        match items.get(at + 1).map(|next| doc.resolve(next)) {
            Some(Obj::Array(list)) => {
                for (cid, width) in (first..).zip(list) {
                    widths.push((cid, cid, doc.resolve(width).as_f64().unwrap_or(0.0)));
                }
                at += 2;
            }
            Some(Obj::Int(last)) => {
                let width = items.get(at + 2).and_then(|width| doc.resolve(width).as_f64()).unwrap_or(0.0);
                if let Ok(last) = u32::try_from(*last) {
                    widths.push((first, last, width));
                }
                at += 3;
            }
            _ => break,
        }
    }
    widths.sort_by_key(|(low, _, _)| *low);
    widths
}

/// Appends `text` with ligatures spelled out, odd spaces made plain, a soft
/// hyphen made a hyphen, and control characters (and U+FFFD) left out.
pub(super) fn push_text(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            'ﬀ' => out.push_str("ff"),
            'ﬁ' => out.push_str("fi"),
            'ﬂ' => out.push_str("fl"),
            'ﬃ' => out.push_str("ffi"),
            'ﬄ' => out.push_str("ffl"),
            'ﬅ' | 'ﬆ' => out.push_str("st"),
            '\u{AD}' => out.push('-'),
            '\t' | '\n' | '\r' | '\u{A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{3000}' => out.push(' '),
            '\u{FFFD}' | '\u{FEFF}' | '\u{200B}'..='\u{200D}' => {}
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
}

/// A text string (§7.9.2.2): UTF-16BE or UTF-8 after their byte order mark,
/// else PDFDocEncoding (read as Latin-1, which it mostly is).
pub(super) fn text_string(bytes: &[u8]) -> String {
    let decoded: String = if let Some(utf16) = bytes.strip_prefix(b"\xFE\xFF") {
        let units = utf16
            .chunks_exact(2)
            .map(|pair| u16::from_be_bytes([pair.first().copied().unwrap_or(0), pair.get(1).copied().unwrap_or(0)]));
        char::decode_utf16(units).filter_map(Result::ok).collect()
    } else if let Some(utf8) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        String::from_utf8_lossy(utf8).into_owned()
    } else {
        bytes.iter().map(|byte| char::from(*byte)).collect()
    };
    let mut text = String::with_capacity(decoded.len());
    push_text(&mut text, &decoded);
    text
}
