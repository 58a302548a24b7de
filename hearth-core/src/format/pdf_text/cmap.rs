//! `/ToUnicode` CMaps (ISO 32000-1 §9.10.3): which text each character code
//! of a font stands for. Read: `begincodespacerange` (codes of 1 to 4 bytes),
//! `beginbfchar`, and `beginbfrange` in both its forms (a first target that
//! increments, or an array of targets); targets are UTF-16BE, surrogate pairs
//! included, or (rarely) glyph names. Ranges are kept as ranges, so a CMap
//! that maps `<0000> <FFFF>` costs nothing.

use std::collections::HashMap;

use super::encoding::glyph_text;
use super::lexer::{Item, Lexer};
use super::object::Obj;

/// Longest character code, in bytes.
const MAX_CODE_LEN: usize = 4;
/// How many ranges that start before a code are tried: ranges rarely overlap.
const OVERLAPS: usize = 8;
/// At most this many single mappings (the array form of `bfrange` included).
const MAX_SINGLES: usize = 1 << 18;

/// A parsed `/ToUnicode` CMap.
#[derive(Debug, Default)]
pub(super) struct CMap {
    /// Codespace ranges: the low and high code, of the same length.
    codespace: Vec<(Vec<u8>, Vec<u8>)>,
    /// Single codes (by length and value) and their text.
    singles: HashMap<(usize, u32), String>,
    /// Ranges: length, first and last code, and the UTF-16 of the first's text.
    ranges: Vec<(usize, u32, u32, Vec<u16>)>,
}

impl CMap {
    /// Parses a CMap's text; what cannot be read is left out.
    pub(super) fn parse(data: &[u8]) -> CMap {
        let mut cmap = CMap::default();
        let mut lexer = Lexer::new(data, 0, false);
        loop {
            match lexer.item() {
                Item::End => break,
                Item::Keyword(b"begincodespacerange") => {
                    cmap.section(&mut lexer, 2, b"endcodespacerange", |cmap, items| {
                        if let [Obj::Str(low), Obj::Str(high)] = items {
                            if low.len() == high.len() && (1..=MAX_CODE_LEN).contains(&low.len()) {
                                cmap.codespace.push((low.clone(), high.clone()));
                            }
                        }
                    });
                }
                Item::Keyword(b"beginbfchar") => {
                    cmap.section(&mut lexer, 2, b"endbfchar", |cmap, items| {
                        if let [Obj::Str(code), target] = items {
                            if let (Some(code), Some(text)) = (code_value(code), target_text(target)) {
                                cmap.single(code, text);
                            }
                        }
                    });
                }
                Item::Keyword(b"beginbfrange") => cmap.section(&mut lexer, 3, b"endbfrange", CMap::range),
                _ => {}
            }
        }
        cmap.ranges.sort_by_key(|(len, low, _, _)| (*len, *low));
        cmap
    }

    /// Reads groups of `arity` objects up to `end`, handing each to `add`.
    fn section(&mut self, lexer: &mut Lexer<'_>, arity: usize, end: &[u8], add: impl Fn(&mut CMap, &[Obj])) {
        let mut items = Vec::with_capacity(arity);
        loop {
            match lexer.item() {
                Item::Obj(obj) => {
                    items.push(obj);
                    if items.len() == arity {
                        add(self, &items);
                        items.clear();
                    }
                }
                Item::Keyword(keyword) if keyword == end => break,
                Item::Keyword(_) => items.clear(),
                Item::End => break,
            }
        }
    }

    /// One `bfrange` entry: `<low> <high> <first>` or `<low> <high> [...]`.
    fn range(&mut self, items: &[Obj]) {
        let [Obj::Str(low), Obj::Str(high), target] = items else { return };
        let (Some((len, low)), Some((high_len, high))) = (code_value(low), code_value(high)) else { return };
        if len != high_len || high < low {
            return;
        }
        match target {
            Obj::Str(first) => self.ranges.push((len, low, high, utf16_units(first))),
            Obj::Array(targets) => {
                for (code, target) in (low..=high).zip(targets) {
                    if let Some(text) = target_text(target) {
                        self.single((len, code), text);
                    }
                }
            }
            _ => {}
        }
    }

    fn single(&mut self, code: (usize, u32), text: String) {
        if self.singles.len() < MAX_SINGLES || self.singles.contains_key(&code) {
            self.singles.insert(code, text);
        }
    }

    /// The length of the code that starts `bytes`, by the codespace ranges;
    /// `None` when there are none or none matches.
    pub(super) fn code_len(&self, bytes: &[u8]) -> Option<usize> {
        self.codespace
            .iter()
            .filter(|(low, high)| {
                bytes.get(..low.len()).is_some_and(|code| {
                    code.iter().zip(low.iter().zip(high)).all(|(byte, (low, high))| low <= byte && byte <= high)
                })
            })
            .map(|(low, _)| low.len())
            .min()
    }

    /// The text of the `len`-byte code `code`, if the CMap maps it.
    pub(super) fn lookup(&self, len: usize, code: u32) -> Option<String> {
        if let Some(text) = self.singles.get(&(len, code)) {
            return Some(text.clone());
        }
        // The ranges are sorted: the few that start at or before the code.
        let after = self.ranges.partition_point(|(range_len, low, _, _)| (*range_len, *low) <= (len, code));
        let (_, low, _, first) = self
            .ranges
            .get(..after)?
            .iter()
            .rev()
            .take(OVERLAPS)
            .find(|(range_len, low, high, _)| *range_len == len && *low <= code && code <= *high)?;
        // The first target's last UTF-16 unit, incremented by the code's offset.
        let mut units = first.clone();
        let last = units.last_mut()?;
        *last = u16::try_from(u32::from(*last).checked_add(code - low)?).ok()?;
        Some(char::decode_utf16(units).filter_map(Result::ok).collect())
    }
}

/// A code's length and value (big-endian), for codes of 1 to 4 bytes.
fn code_value(bytes: &[u8]) -> Option<(usize, u32)> {
    if !(1..=MAX_CODE_LEN).contains(&bytes.len()) {
        return None;
    }
    Some((bytes.len(), bytes.iter().fold(0u32, |value, byte| value << 8 | u32::from(*byte))))
}

/// A target's bytes as UTF-16 units; a lone byte is taken as one unit.
fn utf16_units(bytes: &[u8]) -> Vec<u16> {
    if let [byte] = bytes {
        return vec![u16::from(*byte)];
    }
    bytes
        .chunks_exact(2)
        .map(|pair| u16::from_be_bytes([pair.first().copied().unwrap_or(0), pair.get(1).copied().unwrap_or(0)]))
        .collect()
}

/// A `bfchar` target's text: UTF-16BE, or a glyph name.
fn target_text(target: &Obj) -> Option<String> {
    match target {
        Obj::Str(bytes) => Some(char::decode_utf16(utf16_units(bytes)).filter_map(Result::ok).collect()),
        Obj::Name(name) => glyph_text(name),
        _ => None,
    }
}
