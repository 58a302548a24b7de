//! A content stream's operations (ISO 32000-1 §7.8.2): operands, then an
//! operator. Inline images (`BI` … `ID` … `EI`, §8.9.7) are skipped: an
//! uncompressed one by the length its dictionary implies, a compressed one up
//! to an `EI` between whitespace.

use super::file::find;
use super::lexer::{Item, Lexer, is_space};
use super::object::{Dict, Obj};

/// At most this many operands are kept before an operator.
const MAX_OPERANDS: usize = 32;
/// The operations of a content stream: each operator, with its operands in
/// [`Operations::operands`]. Inline images (`BI` … `ID` … `EI`) are skipped.
pub(super) struct Operations<'d> {
    lexer: Lexer<'d>,
    data: &'d [u8],
    pub(super) operands: Vec<Obj>,
}

impl<'d> Operations<'d> {
    pub(super) fn new(data: &'d [u8]) -> Self {
        Operations { lexer: Lexer::new(data, 0, false), data, operands: Vec::new() }
    }

    /// The next operator, its operands in `self.operands`.
    pub(super) fn next_operator(&mut self) -> Option<&'d [u8]> {
        self.operands.clear();
        loop {
            match self.lexer.item() {
                Item::End => return None,
                Item::Obj(obj) => {
                    if self.operands.len() == MAX_OPERANDS {
                        self.operands.remove(0);
                    }
                    self.operands.push(obj);
                }
                Item::Keyword(b"BI") => {
                    self.skip_inline_image();
                    self.operands.clear();
                }
                Item::Keyword(operator) => return Some(operator),
            }
        }
    }

    /// Past an inline image: its dictionary up to `ID`, then its data, whose
    /// length is computed when it is not compressed, else found by an `EI`
    /// between whitespace.
    fn skip_inline_image(&mut self) {
        let mut dict = Vec::new();
        let mut key = None;
        loop {
            match self.lexer.item() {
                Item::End => return,
                Item::Keyword(b"ID") => break,
                Item::Keyword(_) => {}
                Item::Obj(Obj::Name(name)) if key.is_none() => key = Some(name),
                Item::Obj(value) => {
                    if let Some(key) = key.take() {
                        dict.push((key, value));
                    }
                }
            }
        }
        let start = self.lexer.at + 1;
        let dict = Dict(dict);
        if let Some(end) = inline_image_len(&dict).and_then(|len| start.checked_add(len)) {
            let mut after = end;
            while self.data.get(after).is_some_and(|byte| is_space(*byte)) {
                after += 1;
            }
            if self.data.get(after..).is_some_and(|rest| rest.starts_with(b"EI")) {
                self.lexer.at = after + 2;
                return;
            }
        }
        let mut from = start;
        while let Some(at) = find(self.data, b"EI", from) {
            from = at + 2;
            let before = at == start || self.data.get(at.wrapping_sub(1)).is_some_and(|byte| is_space(*byte));
            let after = self.data.get(at + 2).is_none_or(|byte| is_space(*byte));
            if before && after {
                self.lexer.at = at + 2;
                return;
            }
        }
        self.lexer.at = self.data.len();
    }

    /// The last `N` operands as numbers, if they are numbers.
    pub(super) fn numbers<const N: usize>(&self) -> Option<[f64; N]> {
        let first = self.operands.len().checked_sub(N)?;
        let mut out = [0.0; N];
        for (slot, operand) in out.iter_mut().zip(self.operands.get(first..)?) {
            *slot = operand.as_f64()?;
        }
        Some(out)
    }

    /// The last operand.
    pub(super) fn last(&self) -> Option<&Obj> {
        self.operands.last()
    }
}

/// The data length of an uncompressed inline image, from its dictionary.
fn inline_image_len(dict: &Dict) -> Option<usize> {
    if dict.get(b"F").or_else(|| dict.get(b"Filter")).is_some() {
        return None;
    }
    let get = |short: &[u8], long: &[u8]| dict.get(short).or_else(|| dict.get(long));
    let width = usize::try_from(get(b"W", b"Width")?.as_int()?).ok()?;
    let height = usize::try_from(get(b"H", b"Height")?.as_int()?).ok()?;
    let mask = matches!(get(b"IM", b"ImageMask"), Some(Obj::Bool(true)));
    let bits = if mask { 1 } else { usize::try_from(get(b"BPC", b"BitsPerComponent")?.as_int()?).ok()? };
    let colors = match get(b"CS", b"ColorSpace") {
        _ if mask => 1,
        Some(Obj::Name(name)) => match name.as_slice() {
            b"RGB" | b"DeviceRGB" | b"CalRGB" => 3,
            b"CMYK" | b"DeviceCMYK" => 4,
            b"G" | b"DeviceGray" | b"CalGray" | b"I" | b"Indexed" => 1,
            _ => return None,
        },
        Some(Obj::Array(indexed))
            if indexed.first().and_then(Obj::as_name).is_some_and(|n| n == b"I" || n == b"Indexed") =>
        {
            1
        }
        _ => return None,
    };
    let row_bits = width.checked_mul(colors)?.checked_mul(bits)?;
    row_bits.checked_add(7).map(|bits| bits / 8)?.checked_mul(height)
}
