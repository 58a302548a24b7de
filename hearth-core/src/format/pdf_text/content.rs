//! Content streams (ISO 32000-1 §8.4, §9.3, §9.4, §14.9.4): the interpreter
//! that follows the graphics state, text state and text matrices, so that
//! each run of text is placed (by the `layout` module) where it is seen:
//! `cm`, `q`/`Q`, `Tm`, `Td`, forms drawn with `Do`, and `/ActualText`.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::file::Doc;
use super::font::{Font, text_string};
use super::layout::{IDENTITY, Matrix, Sink, concat, translate};
use super::object::Obj;
use super::operations::Operations;
use super::pages::{form_number, resource};

/// Saved graphics states (`q`) beyond this are counted, not kept.
const MAX_SAVED: usize = 256;
/// How deep forms may draw forms.
pub(super) const MAX_FORM_DEPTH: usize = 12;
/// Operators interpreted per page, forms included.
const MAX_OPERATORS: usize = 2_000_000;
/// Fonts given directly in resources (not as references) read per page.
const MAX_DIRECT_FONTS: usize = 256;
/// Marked-content sequences (`BMC`/`BDC`) beyond this depth are counted, not kept.
const MAX_MARKED: usize = 64;

/// The graphics state, as far as text placement needs it.
#[derive(Debug, Clone)]
struct State {
    ctm: Matrix,
    font: Option<Rc<Font>>,
    size: f64,
    char_spacing: f64,
    word_spacing: f64,
    scale: f64,
    leading: f64,
}

/// Reads a page's text from its content streams and the forms they draw.
pub(super) struct Interpreter<'s, 'a> {
    pub(super) doc: &'s Doc<'a>,
    /// Decoded form XObjects (and other streams), by object number.
    pub(super) streams: &'s HashMap<u32, Rc<[u8]>>,
    pub(super) cmaps: &'s HashMap<u32, Rc<super::cmap::CMap>>,
    pub(super) fonts: &'s mut HashMap<u32, Rc<Font>>,
    operators: usize,
    direct_fonts: usize,
    drawing: HashSet<u32>,
    sink: Sink,
    state: State,
    saved: Vec<State>,
    lost: usize,
    /// Open marked-content sequences: each with its `/ActualText`, if any,
    /// and whether that text has been given yet.
    marked: Vec<Option<(String, bool)>>,
    marked_lost: usize,
    /// How many saved states and marked sequences the form being drawn
    /// started with: it cannot pop those.
    floor: (usize, usize),
    tm: Matrix,
    tlm: Matrix,
}

impl<'s, 'a> Interpreter<'s, 'a> {
    pub(super) fn new(
        doc: &'s Doc<'a>,
        streams: &'s HashMap<u32, Rc<[u8]>>,
        cmaps: &'s HashMap<u32, Rc<super::cmap::CMap>>,
        fonts: &'s mut HashMap<u32, Rc<Font>>,
    ) -> Self {
        let state = State {
            ctm: IDENTITY,
            font: None,
            size: 0.0,
            char_spacing: 0.0,
            word_spacing: 0.0,
            scale: 1.0,
            leading: 0.0,
        };
        Interpreter {
            doc,
            streams,
            cmaps,
            fonts,
            operators: 0,
            direct_fonts: 0,
            drawing: HashSet::new(),
            sink: Sink::default(),
            state,
            saved: Vec::new(),
            lost: 0,
            marked: Vec::new(),
            marked_lost: 0,
            floor: (0, 0),
            tm: IDENTITY,
            tlm: IDENTITY,
        }
    }

    /// The page's text: see [`Sink::finish`].
    pub(super) fn finish(self) -> String {
        self.sink.finish()
    }

    /// Interprets `data` with `resources`, `depth` forms deep.
    pub(super) fn run(&mut self, data: &[u8], resources: &'s Obj, depth: usize) {
        let mut operations = Operations::new(data);
        while let Some(operator) = operations.next_operator() {
            self.operators += 1;
            if self.operators > MAX_OPERATORS {
                return;
            }
            self.operate(operator, &operations, resources, depth);
        }
    }

    fn operate(&mut self, operator: &[u8], operations: &Operations<'_>, resources: &'s Obj, depth: usize) {
        let state = &mut self.state;
        match operator {
            b"q" => {
                if self.saved.len() < MAX_SAVED {
                    self.saved.push(state.clone());
                } else {
                    self.lost += 1;
                }
            }
            b"Q" => {
                if self.lost > 0 {
                    self.lost -= 1;
                } else if self.saved.len() > self.floor.0 {
                    if let Some(saved) = self.saved.pop() {
                        self.state = saved;
                    }
                }
            }
            b"cm" => {
                if let Some(matrix) = operations.numbers::<6>() {
                    state.ctm = concat(matrix, state.ctm);
                }
            }
            b"BT" => {
                self.tm = IDENTITY;
                self.tlm = IDENTITY;
            }
            b"Tf" => {
                if let (Some([size]), Some(Obj::Name(name))) = (
                    operations.numbers::<1>(),
                    operations.operands.len().checked_sub(2).and_then(|at| operations.operands.get(at)),
                ) {
                    let font = self.font(resources, name);
                    self.state.size = size;
                    self.state.font = font;
                }
            }
            b"Tc" => state.char_spacing = operations.numbers::<1>().map_or(state.char_spacing, |[value]| value),
            b"Tw" => state.word_spacing = operations.numbers::<1>().map_or(state.word_spacing, |[value]| value),
            b"Tz" => state.scale = operations.numbers::<1>().map_or(state.scale, |[value]| value / 100.0),
            b"TL" => state.leading = operations.numbers::<1>().map_or(state.leading, |[value]| value),
            b"Td" => {
                if let Some([x, y]) = operations.numbers::<2>() {
                    self.next_line(x, y);
                }
            }
            b"TD" => {
                if let Some([x, y]) = operations.numbers::<2>() {
                    state.leading = -y;
                    self.next_line(x, y);
                }
            }
            b"Tm" => {
                if let Some(matrix) = operations.numbers::<6>() {
                    self.tm = matrix;
                    self.tlm = matrix;
                }
            }
            b"T*" => {
                let leading = state.leading;
                self.next_line(0.0, -leading);
            }
            b"Tj" => {
                if let Some(Obj::Str(string)) = operations.last() {
                    self.show(string);
                }
            }
            b"'" => {
                let leading = state.leading;
                self.next_line(0.0, -leading);
                if let Some(Obj::Str(string)) = operations.last() {
                    self.show(string);
                }
            }
            b"\"" => {
                let count = operations.operands.len();
                let spacing = count.checked_sub(3).and_then(|at| operations.operands.get(at..));
                if let Some([word, char, Obj::Str(string)]) = spacing {
                    state.word_spacing = word.as_f64().unwrap_or(state.word_spacing);
                    state.char_spacing = char.as_f64().unwrap_or(state.char_spacing);
                    let string = string.clone();
                    self.next_line(0.0, -self.state.leading);
                    self.show(&string);
                }
            }
            b"TJ" => {
                if let Some(Obj::Array(items)) = operations.last() {
                    for item in items {
                        match item {
                            Obj::Str(string) => self.show(string),
                            number => {
                                let shift =
                                    -number.as_f64().unwrap_or(0.0) / 1000.0 * self.state.size * self.state.scale;
                                self.tm = concat(translate(shift, 0.0), self.tm);
                            }
                        }
                    }
                }
            }
            b"BMC" | b"BDC" => {
                let properties = if operator == b"BDC" { operations.last() } else { None };
                let actual = properties.and_then(Obj::as_dict).and_then(|properties| properties.get(b"ActualText"));
                let actual = match actual {
                    Some(Obj::Str(text)) => Some((text_string(text), false)),
                    _ => None,
                };
                if self.marked.len() < MAX_MARKED {
                    self.marked.push(actual);
                } else {
                    self.marked_lost += 1;
                }
            }
            b"EMC" => {
                if self.marked_lost > 0 {
                    self.marked_lost -= 1;
                } else if self.marked.len() > self.floor.1 {
                    self.marked.pop();
                }
            }
            b"Do" => {
                if let Some(Obj::Name(name)) = operations.last() {
                    self.draw_form(resources, name, depth);
                }
            }
            _ => {}
        }
    }

    fn next_line(&mut self, x: f64, y: f64) {
        self.tlm = concat(translate(x, y), self.tlm);
        self.tm = self.tlm;
    }

    /// The font `name` in `resources`, read once per document when it is an
    /// indirect object.
    fn font(&mut self, resources: &Obj, name: &[u8]) -> Option<Rc<Font>> {
        let entry = resource(self.doc, resources, b"Font", name)?;
        let number = match entry {
            Obj::Ref(number) => *number,
            direct => {
                // A font dictionary given directly (rare) is read each time: a few at most.
                self.direct_fonts += 1;
                if self.direct_fonts > MAX_DIRECT_FONTS {
                    return None;
                }
                return Some(Rc::new(Font::new(self.doc, self.doc.dict(direct)?, self.cmaps)));
            }
        };
        if let Some(font) = self.fonts.get(&number) {
            return Some(font.clone());
        }
        let font = Rc::new(Font::new(self.doc, self.doc.dict(entry)?, self.cmaps));
        self.fonts.insert(number, font.clone());
        Some(font)
    }

    /// Draws the form XObject `name`, unless it is already being drawn (a form
    /// that draws itself) or forms are nested too deep.
    fn draw_form(&mut self, resources: &'s Obj, name: &[u8], depth: usize) {
        let Some(number) = form_number(self.doc, resources, name) else { return };
        if depth >= MAX_FORM_DEPTH || self.drawing.contains(&number) {
            return;
        }
        let (Some(data), Some(dict)) = (self.streams.get(&number).cloned(), self.doc.stream_dict(number)) else {
            return;
        };
        let matrix = match dict.get(b"Matrix").map(|matrix| self.doc.resolve(matrix)) {
            Some(Obj::Array(items)) if items.len() == 6 => {
                let mut matrix = IDENTITY;
                for (slot, item) in matrix.iter_mut().zip(items) {
                    *slot = item.as_f64().unwrap_or(*slot);
                }
                matrix
            }
            _ => IDENTITY,
        };
        let own = dict.get(b"Resources").filter(|own| self.doc.dict(own).is_some());
        let form_resources = own.unwrap_or(resources);
        // The form runs in a saved state; it cannot pop what came before it
        // (`Q`, `EMC`), and what it leaves unbalanced (`q`, `BDC`) ends with it.
        let (state, saved, lost) = (self.state.clone(), self.saved.len(), self.lost);
        let (marked, marked_lost, tm, tlm) = (self.marked.len(), self.marked_lost, self.tm, self.tlm);
        let floor = std::mem::replace(&mut self.floor, (saved, marked));
        (self.lost, self.marked_lost) = (0, 0);
        self.state.ctm = concat(matrix, self.state.ctm);
        self.drawing.insert(number);
        self.run(&data, form_resources, depth + 1);
        self.drawing.remove(&number);
        self.state = state;
        self.saved.truncate(saved);
        self.marked.truncate(marked);
        (self.lost, self.marked_lost, self.tm, self.tlm, self.floor) = (lost, marked_lost, tm, tlm, floor);
    }

    /// Shows `string`: its text goes to the sink, placed by where it starts
    /// and ends; the text matrix moves past it. Inside a marked-content
    /// sequence with an `/ActualText`, that text stands for all it shows.
    fn show(&mut self, string: &[u8]) {
        let Some(font) = self.state.font.clone() else { return };
        let actual = self.marked.iter_mut().flatten().next().map(|(text, given)| {
            let first = !std::mem::replace(given, true);
            if first { text.clone() } else { String::new() }
        });
        let state = &self.state;
        let start = concat(self.tm, state.ctm);
        let mut text = String::new();
        let mut advance = 0.0;
        for (code, len) in font.codes(string) {
            if actual.is_none() {
                font.text(code, len, &mut text);
            }
            let word = if len == 1 && code == 32 { state.word_spacing } else { 0.0 };
            advance += (font.width(code) * state.size + state.char_spacing + word) * state.scale;
        }
        self.tm = concat(translate(advance, 0.0), self.tm);
        let end = concat(self.tm, self.state.ctm);
        let covered = actual.is_some();
        let text = actual.unwrap_or(text);
        if text.is_empty() {
            // Glyphs an `/ActualText` already stood for: the text goes on after them.
            if covered {
                self.sink.cover(end);
            }
            return;
        }
        let size = (self.state.size * start[2].hypot(start[3])).abs();
        self.sink.place(&text, start, end, size);
    }
}
