//! A PDF file's objects (ISO 32000-1 §7.5): found by a linear scan of
//! `N G obj` rather than through the cross-reference table, so that a file
//! whose offsets are wrong still reads; the last definition of an object
//! number wins, as with incremental updates. Objects in object streams
//! (§7.5.7) join once the caller has inflated their stream.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::rc::Rc;

use super::lexer::{Item, Lexer, is_regular, is_space};
use super::object::{Dict, NULL, Obj};

/// How many references [`Doc::resolve`] follows before giving up (a chain of
/// references, or one that refers to itself).
const MAX_HOPS: usize = 16;
/// At most this many objects in one object stream.
const MAX_STREAM_OBJECTS: usize = 1 << 20;

/// One definition of an object.
#[derive(Debug)]
struct Def {
    /// Where it comes in the file: its offset, then its index in an object
    /// stream (0 for a direct object); the largest wins.
    order: (usize, usize),
    value: Rc<Obj>,
    /// A stream's data, as a range of the file.
    stream: Option<Range<usize>>,
}

/// A PDF file's bytes and the objects found in them.
#[derive(Debug)]
pub(super) struct Doc<'a> {
    pub(super) bytes: &'a [u8],
    objects: HashMap<u32, Def>,
    /// Trailer dictionaries and cross-reference stream dictionaries, by offset.
    trailers: Vec<(usize, Dict)>,
}

/// How a stream's data is read.
#[derive(Debug)]
pub(super) enum Access<'a> {
    /// Ready as it is (no filter, or only ASCII filters, decoded here).
    Ready(Cow<'a, [u8]>),
    /// `FlateDecode` (after any ASCII filters): the caller inflates this.
    Inflate(Cow<'a, [u8]>),
    /// A filter not read here (LZW, DCT, a predictor...), or no such stream.
    Unreadable,
}

impl<'a> Doc<'a> {
    /// Scans `bytes` for objects and trailers. Each object is read only up
    /// to the next `N G obj` (and each trailer up to the next `trailer`), so
    /// that the scan stays linear whatever the bytes; the objects that seem
    /// to start inside a stream's data are skipped.
    pub(super) fn scan(bytes: &'a [u8]) -> Doc<'a> {
        let mut doc = Doc { bytes, objects: HashMap::new(), trailers: Vec::new() };
        let mut headers = Vec::new();
        let mut from = 0;
        while let Some(found) = find(bytes, b"obj", from) {
            from = found + 3;
            if !bytes.get(from).is_some_and(|byte| is_regular(*byte)) {
                if let Some(number) = object_number(bytes, found) {
                    headers.push((found, number));
                }
            }
        }
        let mut streams: Vec<Range<usize>> = Vec::new();
        let mut indirect_lengths = Vec::new();
        let mut resume = 0;
        for (index, &(found, number)) in headers.iter().enumerate() {
            if found < resume {
                continue;
            }
            let end = headers.get(index + 1).map_or(bytes.len(), |(next, _)| *next);
            let mut lexer = Lexer::new(bytes.get(..end).unwrap_or(bytes), found + 3, true);
            let Item::Obj(value) = lexer.item() else { continue };
            let mut stream = None;
            if let Obj::Dict(dict) = &value {
                let mut after = lexer.clone();
                if after.item() == Item::Keyword(b"stream") {
                    let (data, next) = stream_extent(bytes, after.at, dict.get(b"Length").and_then(Obj::as_int));
                    if let Some(Obj::Ref(length)) = dict.get(b"Length") {
                        indirect_lengths.push((number, *length, data.start));
                    }
                    if dict.is(b"Type", b"XRef") {
                        doc.trailers.push((found, dict.clone()));
                    }
                    streams.push(data.clone());
                    stream = Some(data);
                    resume = next;
                }
            }
            doc.define(number, (found, 0), value, stream);
        }
        // A `/Length` given as a reference, now that every direct object is known.
        for (number, length, start) in indirect_lengths {
            let length = doc.resolve(&Obj::Ref(length)).as_int();
            if let (Some(data), Some(def)) = (checked_extent(bytes, start, length), doc.objects.get_mut(&number)) {
                if def.stream.as_ref().is_some_and(|range| range.start == start) {
                    def.stream = Some(data);
                }
            }
        }
        let mut next = find(bytes, b"trailer", 0);
        while let Some(found) = next {
            next = find(bytes, b"trailer", found + 7);
            let stream = streams.partition_point(|range| range.start <= found).checked_sub(1);
            if stream.and_then(|stream| streams.get(stream)).is_some_and(|range| range.contains(&found)) {
                continue;
            }
            let end = next.unwrap_or(bytes.len());
            if let Item::Obj(Obj::Dict(dict)) = Lexer::new(bytes.get(..end).unwrap_or(bytes), found + 7, true).item() {
                doc.trailers.push((found, dict));
            }
        }
        doc.trailers.sort_by_key(|(at, _)| *at);
        doc
    }

    fn define(&mut self, number: u32, order: (usize, usize), value: Obj, stream: Option<Range<usize>>) {
        if self.objects.get(&number).is_some_and(|def| def.order > order) {
            return;
        }
        self.objects.insert(number, Def { order, value: Rc::new(value), stream });
    }

    /// Whether a trailer names an `/Encrypt` dictionary.
    pub(super) fn encrypted(&self) -> bool {
        self.trailers.iter().any(|(_, trailer)| trailer.get(b"Encrypt").is_some_and(|value| *value != Obj::Null))
    }

    /// `obj`, or what it refers to (null when that is not defined).
    pub(super) fn resolve<'s>(&'s self, mut obj: &'s Obj) -> &'s Obj {
        for _ in 0..MAX_HOPS {
            let Obj::Ref(number) = obj else { return obj };
            obj = self.objects.get(number).map_or(NULL, |def| &*def.value);
        }
        NULL
    }

    /// The dictionary `obj` is or refers to.
    pub(super) fn dict<'s>(&'s self, obj: &'s Obj) -> Option<&'s Dict> {
        self.resolve(obj).as_dict()
    }

    /// Object `number`'s value, shared.
    pub(super) fn object(&self, number: u32) -> Option<Rc<Obj>> {
        self.objects.get(&number).map(|def| def.value.clone())
    }

    /// The stream dictionary of object `number`, if it is a stream.
    pub(super) fn stream_dict(&self, number: u32) -> Option<&Dict> {
        let def = self.objects.get(&number)?;
        def.stream.as_ref()?;
        def.value.as_dict()
    }

    /// The document catalog: the `/Root` of the last trailer that has one,
    /// else the last object that is `/Type /Catalog`.
    pub(super) fn catalog(&self) -> Option<&Dict> {
        let from_trailer = self.trailers.iter().rev().find_map(|(_, trailer)| self.dict(trailer.get(b"Root")?));
        from_trailer.or_else(|| {
            self.objects
                .values()
                .filter(|def| def.value.as_dict().is_some_and(|dict| dict.is(b"Type", b"Catalog")))
                .max_by_key(|def| def.order)
                .and_then(|def| def.value.as_dict())
        })
    }

    /// Object numbers of objects whose dictionary passes `test`, in file order.
    pub(super) fn numbers_where(&self, test: impl Fn(&Dict) -> bool) -> Vec<u32> {
        let mut found: Vec<_> = self
            .objects
            .iter()
            .filter(|(_, def)| def.value.as_dict().is_some_and(&test))
            .map(|(number, def)| (def.order, *number))
            .collect();
        found.sort_unstable();
        found.into_iter().map(|(_, number)| number).collect()
    }

    /// How stream `number`'s data can be read.
    pub(super) fn access(&self, number: u32) -> Access<'a> {
        let Some(def) = self.objects.get(&number) else { return Access::Unreadable };
        let (Some(range), Some(dict)) = (&def.stream, def.value.as_dict()) else { return Access::Unreadable };
        let Some(raw) = self.bytes.get(range.clone()) else { return Access::Unreadable };
        let filters: Vec<&[u8]> = match dict.get(b"Filter").map(|filter| self.resolve(filter)) {
            None | Some(Obj::Null) => Vec::new(),
            Some(Obj::Name(name)) => vec![name],
            Some(Obj::Array(names)) => names.iter().filter_map(|name| self.resolve(name).as_name()).collect(),
            Some(_) => return Access::Unreadable,
        };
        let mut data = Cow::Borrowed(raw);
        for (index, filter) in filters.iter().enumerate() {
            match *filter {
                b"ASCIIHexDecode" | b"AHx" => data = Cow::Owned(ascii_hex(&data)),
                b"ASCII85Decode" | b"A85" => data = Cow::Owned(ascii85(&data)),
                b"FlateDecode" | b"Fl" if index + 1 == filters.len() && !self.predicted(dict, index) => {
                    return Access::Inflate(data);
                }
                _ => return Access::Unreadable,
            }
        }
        Access::Ready(data)
    }

    /// Whether the filter at `index` has a predictor in its `/DecodeParms`.
    fn predicted(&self, dict: &Dict, index: usize) -> bool {
        let params = dict.get(b"DecodeParms").or_else(|| dict.get(b"DP")).map(|params| self.resolve(params));
        let params = match params {
            Some(Obj::Array(items)) => items.get(index).map(|params| self.resolve(params)),
            other => other,
        };
        let predictor = params.and_then(Obj::as_dict).and_then(|params| params.get(b"Predictor"));
        predictor.and_then(|value| self.resolve(value).as_int()).is_some_and(|predictor| predictor > 1)
    }

    /// Adds the objects of object stream `number`, given its decoded data.
    pub(super) fn add_object_stream(&mut self, number: u32, data: &[u8]) {
        let Some(def) = self.objects.get(&number) else { return };
        let Some(dict) = def.value.as_dict() else { return };
        let offset = def.order.0;
        let count = dict.get(b"N").map(|count| self.resolve(count)).and_then(Obj::as_int);
        let first = dict.get(b"First").map(|first| self.resolve(first)).and_then(Obj::as_int);
        let (Some(count), Some(first)) = (count, first) else { return };
        let (Ok(count), Ok(first)) = (usize::try_from(count), usize::try_from(first)) else { return };
        let mut header = Lexer::new(data, 0, false);
        let mut entries = Vec::new();
        while entries.len() < count.min(MAX_STREAM_OBJECTS) {
            let (Item::Obj(Obj::Int(object)), Item::Obj(Obj::Int(at))) = (header.item(), header.item()) else {
                break;
            };
            entries.push((object, at));
        }
        // Each object is read up to the next one's offset; an offset given
        // twice is read once, so that hostile offsets cannot make it quadratic.
        let mut starts: Vec<(usize, usize, u32)> = entries
            .into_iter()
            .enumerate()
            .filter_map(|(index, (object, at))| {
                let start = first.checked_add(usize::try_from(at).ok()?).filter(|start| *start < data.len())?;
                Some((start, index, u32::try_from(object).ok()?))
            })
            .collect();
        starts.sort_unstable();
        starts.dedup_by_key(|(start, _, _)| *start);
        for (at, &(start, index, object)) in starts.iter().enumerate() {
            let end = starts.get(at + 1).map_or(data.len(), |(next, _, _)| *next);
            if let Item::Obj(value) = Lexer::new(data.get(..end).unwrap_or(data), start, true).item() {
                self.define(object, (offset, index + 1), value, None);
            }
        }
    }
}

/// Where `needle` first occurs in `haystack` at or after `from`.
pub(super) fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let first = *needle.first()?;
    let mut at = from;
    loop {
        let rest = haystack.get(at..)?;
        let offset = rest.iter().position(|byte| *byte == first)?;
        at += offset;
        if haystack.get(at..)?.starts_with(needle) {
            return Some(at);
        }
        at += 1;
    }
}

/// The object number of the `N G obj` whose `obj` starts at `obj_at`, if
/// two integers separated by whitespace come before it.
fn object_number(bytes: &[u8], obj_at: usize) -> Option<u32> {
    let mut at = obj_at;
    let back_while = |at: &mut usize, test: fn(u8) -> bool, max: usize| {
        let end = *at;
        while *at > 0 && end - *at < max && bytes.get(*at - 1).is_some_and(|byte| test(*byte)) {
            *at -= 1;
        }
        end - *at
    };
    back_while(&mut at, is_space, 64);
    if back_while(&mut at, |byte| byte.is_ascii_digit(), 5) == 0 {
        return None;
    }
    if back_while(&mut at, is_space, 64) == 0 {
        return None;
    }
    let end = at;
    if back_while(&mut at, |byte| byte.is_ascii_digit(), 10) == 0 {
        return None;
    }
    if at > 0 && bytes.get(at - 1).is_some_and(|byte| is_regular(*byte)) {
        return None;
    }
    std::str::from_utf8(bytes.get(at..end)?).ok()?.parse().ok()
}

/// A stream's data range, given where its `stream` keyword ends, and where
/// scanning resumes: after `/Length` bytes if `endstream` follows them, else
/// up to the next `endstream` (less the end of line before it).
fn stream_extent(bytes: &[u8], keyword_end: usize, length: Option<i64>) -> (Range<usize>, usize) {
    let start = data_start(bytes, keyword_end);
    if let Some(data) = checked_extent(bytes, start, length) {
        let next = data.end;
        return (data, next);
    }
    match find(bytes, b"endstream", start) {
        Some(end) => {
            let mut data_end = end;
            if data_end > start && bytes.get(data_end - 1) == Some(&b'\n') {
                data_end -= 1;
            }
            if data_end > start && bytes.get(data_end - 1) == Some(&b'\r') {
                data_end -= 1;
            }
            (start..data_end, end + b"endstream".len())
        }
        None => (start..bytes.len(), bytes.len()),
    }
}

/// Where a stream's data starts: after `stream` and its end of line.
fn data_start(bytes: &[u8], keyword_end: usize) -> usize {
    match (bytes.get(keyword_end), bytes.get(keyword_end + 1)) {
        (Some(b'\r'), Some(b'\n')) => keyword_end + 2,
        (Some(b'\n' | b'\r'), _) => keyword_end + 1,
        _ => keyword_end,
    }
}

/// `start..start + length` if that fits in `bytes` and `endstream` follows it.
fn checked_extent(bytes: &[u8], start: usize, length: Option<i64>) -> Option<Range<usize>> {
    let end = start.checked_add(usize::try_from(length?).ok()?)?;
    let mut after = end;
    while bytes.get(after).is_some_and(|byte| is_space(*byte)) {
        after += 1;
    }
    bytes.get(after..)?.starts_with(b"endstream").then_some(start..end)
}

/// Decodes `ASCIIHexDecode` data up to its `>`.
fn ascii_hex(data: &[u8]) -> Vec<u8> {
    let mut lexer_input = Vec::with_capacity(data.len() + 1);
    lexer_input.push(b'<');
    lexer_input.extend(data.iter().take_while(|byte| **byte != b'>'));
    lexer_input.push(b'>');
    match Lexer::new(&lexer_input, 0, false).item() {
        Item::Obj(Obj::Str(decoded)) => decoded,
        _ => Vec::new(),
    }
}

/// Decodes `ASCII85Decode` data up to its `~>`.
fn ascii85(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 5 * 4 + 4);
    let mut group = [0u8; 5];
    let mut filled = 0;
    for &byte in data {
        match byte {
            b'~' => break,
            b'z' if filled == 0 => out.extend_from_slice(&[0; 4]),
            b'!'..=b'u' => {
                if let Some(slot) = group.get_mut(filled) {
                    *slot = byte - b'!';
                }
                filled += 1;
                if filled == 5 {
                    out.extend_from_slice(&base85_word(&group).to_be_bytes());
                    filled = 0;
                }
            }
            _ => {}
        }
    }
    if filled > 1 {
        // A final partial group: padded with the highest digit, cut to size.
        for slot in group.iter_mut().skip(filled) {
            *slot = 84;
        }
        out.extend(base85_word(&group).to_be_bytes().into_iter().take(filled - 1));
    }
    out
}

fn base85_word(group: &[u8; 5]) -> u32 {
    group.iter().fold(0u32, |word, digit| word.wrapping_mul(85).wrapping_add(u32::from(*digit)))
}
