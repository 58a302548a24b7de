//! TeX math to MathML, small and closed: [`parse`] reads the TeX of a `$…$`,
//! `$$…$$`, `\(…\)` or `\[…\]` formula into a [`Formula`] (a tree of the
//! MathML Core elements below), and [`write`] writes it. Chromium and Firefox
//! render MathML themselves, so no script, font or style is needed.
//!
//! What it writes, and nothing else (the allow-list writer's MathML list):
//! `math` (`display="block"`), `semantics`, `annotation`
//! (`encoding="application/x-tex"`, the source as text), `mrow`, `mi`
//! (`mathvariant="normal"`), `mn`, `mo` (`stretchy="true|false"`), `mtext`,
//! `mspace` (`width` from a fixed list), `mfrac` (`linethickness="0"`),
//! `msqrt`, `mroot`, `msub`, `msup`, `msubsup`, `munder`
//! (`accentunder="true"`), `mover` (`accent="true"`), `munderover`, `mtable`,
//! `mtr`, `mtd`, `merror`. Every text is escaped; no attribute takes a value
//! from the input. There is never an `href`, a `style`, an event attribute, an
//! `annotation-xml` or anything that loads: `\href`, `\url`, `\color`,
//! `\style`, `\class`, `\includegraphics`… keep at most their text.
//!
//! Known commands are listed in [`symbols`] and in [`Parser::command`]; an
//! unknown one is shown as `<merror>` with its name. A formula longer than
//! [`MAX_TEX_BYTES`], nested deeper than [`MAX_NEST`] or of more than
//! [`MAX_NODES`] elements is refused ([`MathError`]): the caller shows its
//! source as text.

mod delimiters;
mod symbols;

use self::symbols::{Font, Kind};
use super::escape::escape_into;

pub(super) use self::delimiters::prepare;

/// The longest TeX converted.
pub(super) const MAX_TEX_BYTES: usize = 4_096;
/// The deepest nesting of groups and arguments converted.
pub(super) const MAX_NEST: usize = 12;
/// The most elements one formula may have.
pub(super) const MAX_NODES: usize = 1_500;

/// Why a formula is shown as its source instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum MathError {
    /// Longer than [`MAX_TEX_BYTES`].
    Long,
    /// Nested deeper than [`MAX_NEST`].
    Deep,
    /// More than [`MAX_NODES`] elements.
    Big,
}

/// A converted formula, ready to write.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Formula {
    tex: String,
    display: bool,
    body: Vec<Node>,
    /// Elements it writes (for the renderer's element budget).
    elements: usize,
}

impl Formula {
    /// How many elements [`write`] writes for it.
    pub(super) fn elements(&self) -> usize {
        self.elements
    }

    /// How deep the elements [`write`] writes for it nest (`math`, `semantics`
    /// and the outer `mrow` included).
    pub(super) fn depth(&self) -> usize {
        3 + self.body.iter().map(depth).max().unwrap_or(0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leaf {
    /// `<mi>`; `upright` adds `mathvariant="normal"`.
    Ident {
        upright: bool,
    },
    Number,
    /// `<mo>`, with `stretchy` when said.
    Op {
        stretchy: Option<bool>,
    },
    Text,
}

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Leaf(Leaf, String),
    Space(&'static str),
    Row(Vec<Node>),
    Frac { num: Box<Node>, den: Box<Node>, line: bool },
    Sqrt(Box<Node>),
    Root(Box<Node>, Box<Node>),
    Scripts { base: Box<Node>, sub: Option<Box<Node>>, sup: Option<Box<Node>>, limits: bool },
    Accent { base: Box<Node>, mark: Box<Node>, under: bool },
    Table(Vec<Vec<Node>>),
    Error(String),
}

/// Reads `tex` (the formula without its delimiters); `display` for `$$…$$`.
pub(super) fn parse(tex: &str, display: bool) -> Result<Formula, MathError> {
    if tex.len() > MAX_TEX_BYTES {
        return Err(MathError::Long);
    }
    let mut parser =
        Parser { src: tex, pos: 0, end: tex.len(), nest: 0, nodes: 0, display, font: Font::Math, single: false };
    let mut body = Vec::new();
    loop {
        body.extend(parser.sequence()?);
        // What ended the sequence at the top: stray closers are skipped.
        match parser.token() {
            Token::End => break,
            Token::Command("end") => {
                parser.group_text();
            }
            _ => {}
        }
    }
    // `math`, `semantics`, the outer `mrow` and `annotation`.
    let elements = body.iter().map(elements).sum::<usize>() + 4;
    Ok(Formula { tex: tex.to_owned(), display, body, elements })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token<'a> {
    End,
    Open,
    Close,
    Sup,
    Sub,
    Amp,
    /// `\\`.
    NewRow,
    Command(&'a str),
    Char(char),
}

/// Fixed-size delimiters (`\big(`, `\Bigr]`…), space-separated.
const FIXED_SIZE: &str = "big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr bigm Bigm";

/// Commands that change nothing here, space-separated: negative spaces,
/// styles, sizes and labels.
const NO_EFFECT: &str = "! displaystyle textstyle scriptstyle scriptscriptstyle nonumber notag limits nolimits right end not tiny small normalsize large Large LARGE huge Huge";

/// Whether `name` is one of `list`'s space-separated names.
fn listed(list: &str, name: &str) -> bool {
    list.split(' ').any(|known| known == name)
}

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    /// Where reading stops (the end, or a `]` of an optional argument).
    end: usize,
    nest: usize,
    nodes: usize,
    display: bool,
    font: Font,
    /// Reading one argument: a number is one digit (`\frac12`).
    single: bool,
}

impl<'a> Parser<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..self.end]
    }

    fn skip_space(&mut self) {
        let rest = self.rest();
        self.pos += rest.len() - rest.trim_start().len();
    }

    /// The next token, after white space; `pos` moves past it.
    fn token(&mut self) -> Token<'a> {
        self.skip_space();
        let rest = self.rest();
        let Some(c) = rest.chars().next() else { return Token::End };
        self.pos += c.len_utf8();
        match c {
            '{' => Token::Open,
            '}' => Token::Close,
            '^' => Token::Sup,
            '_' => Token::Sub,
            '&' => Token::Amp,
            '\\' => {
                let after = &rest[1..];
                let letters = after.bytes().take_while(u8::is_ascii_alphabetic).count();
                if letters > 0 {
                    self.pos += letters;
                    // `\operatorname*` and friends: the star changes nothing here.
                    if self.rest().starts_with('*') {
                        self.pos += 1;
                    }
                    return Token::Command(&after[..letters]);
                }
                match after.chars().next() {
                    Some('\\') => {
                        self.pos += 1;
                        Token::NewRow
                    }
                    Some(other) => {
                        self.pos += other.len_utf8();
                        Token::Command(&after[..other.len_utf8()])
                    }
                    None => Token::Char('\\'),
                }
            }
            other => Token::Char(other),
        }
    }

    fn peek(&mut self) -> Token<'a> {
        let at = self.pos;
        let token = self.token();
        self.pos = at;
        token
    }

    fn count(&mut self, n: usize) -> Result<(), MathError> {
        self.nodes += n;
        if self.nodes > MAX_NODES { Err(MathError::Big) } else { Ok(()) }
    }

    fn leaf(&mut self, leaf: Leaf, text: impl Into<String>) -> Result<Node, MathError> {
        self.count(1)?;
        Ok(Node::Leaf(leaf, text.into()))
    }

    fn enter(&mut self) -> Result<(), MathError> {
        self.nest += 1;
        if self.nest > MAX_NEST { Err(MathError::Deep) } else { Ok(()) }
    }

    fn row(&mut self, mut nodes: Vec<Node>) -> Result<Node, MathError> {
        if nodes.len() == 1 {
            return Ok(nodes.remove(0));
        }
        self.count(1)?;
        Ok(Node::Row(nodes))
    }

    /// Atoms with their scripts, up to a closer (`}`, `&`, `\\`, `\right`,
    /// `\end`) or the end, which is left to the caller.
    fn sequence(&mut self) -> Result<Vec<Node>, MathError> {
        let mut nodes = Vec::new();
        loop {
            match self.peek() {
                Token::End | Token::Close | Token::Amp | Token::NewRow | Token::Command("right" | "end") => {
                    return Ok(nodes);
                }
                _ => {}
            }
            let (atom, limits) = match self.atom()? {
                Some(Atom::Plain(node)) => (node, false),
                Some(Atom::Limits(node)) => (node, self.display),
                None => continue,
            };
            let node = self.scripts(atom, limits)?;
            nodes.push(node);
        }
    }

    /// `base` with the `^`, `_` and `'` that follow it.
    fn scripts(&mut self, base: Node, mut limits: bool) -> Result<Node, MathError> {
        let mut sub = None;
        let mut sup: Option<Node> = None;
        loop {
            match self.peek() {
                Token::Sub if sub.is_none() => {
                    self.token();
                    sub = Some(self.argument()?);
                }
                Token::Sup if sup.is_none() => {
                    self.token();
                    sup = Some(self.argument()?);
                }
                Token::Char('\'') if sup.is_none() => {
                    let mut primes = String::new();
                    while self.peek() == Token::Char('\'') {
                        self.token();
                        primes.push('′');
                    }
                    sup = Some(self.leaf(Leaf::Op { stretchy: None }, primes)?);
                }
                Token::Command("limits") => {
                    self.token();
                    limits = true;
                }
                Token::Command("nolimits") => {
                    self.token();
                    limits = false;
                }
                _ => break,
            }
        }
        if sub.is_none() && sup.is_none() {
            return Ok(base);
        }
        self.count(1)?;
        Ok(Node::Scripts { base: Box::new(base), sub: sub.map(Box::new), sup: sup.map(Box::new), limits })
    }

    /// One argument: a group, or the next single atom.
    fn argument(&mut self) -> Result<Node, MathError> {
        self.enter()?;
        let node = match self.peek() {
            Token::Open => {
                self.token();
                let nodes = self.sequence()?;
                if self.peek() == Token::Close {
                    self.token();
                }
                self.row(nodes)?
            }
            Token::End | Token::Close | Token::Amp | Token::NewRow | Token::Command("right" | "end") => {
                self.row(Vec::new())?
            }
            _ => {
                self.single = true;
                let atom = self.atom();
                self.single = false;
                match atom? {
                    Some(Atom::Plain(node) | Atom::Limits(node)) => node,
                    None => self.row(Vec::new())?,
                }
            }
        };
        self.nest -= 1;
        Ok(node)
    }

    /// An argument read in another font.
    fn argument_in(&mut self, font: Font) -> Result<Node, MathError> {
        let outer = std::mem::replace(&mut self.font, font);
        let node = self.argument();
        self.font = outer;
        node
    }

    /// A `{…}` group's raw text (for `\text`, environment names, colours):
    /// balanced braces, the backslash of `\{ \} \$ \% \& \# \_` dropped.
    fn group_text(&mut self) -> String {
        self.skip_space();
        let rest = self.rest();
        if !rest.starts_with('{') {
            // A single character (`\text x`).
            let Some(c) = rest.chars().next() else { return String::new() };
            self.pos += c.len_utf8();
            return c.to_string();
        }
        let mut depth = 0usize;
        let mut text = String::new();
        let mut chars = rest.char_indices();
        while let Some((at, c)) = chars.next() {
            match c {
                '{' => {
                    depth += 1;
                    if depth > 1 {
                        text.push(c);
                    }
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += at + 1;
                        return text;
                    }
                    text.push(c);
                }
                '\\' => match chars.next() {
                    Some((_, escaped @ ('{' | '}' | '$' | '%' | '&' | '#' | '_' | ' '))) => text.push(escaped),
                    Some((_, other)) => {
                        text.push('\\');
                        text.push(other);
                    }
                    None => text.push('\\'),
                },
                c => text.push(c),
            }
        }
        self.pos = self.end;
        text
    }

    /// The optional `[…]` argument (of `\sqrt`), if there is one.
    fn optional(&mut self) -> Result<Option<Node>, MathError> {
        self.skip_space();
        if !self.rest().starts_with('[') {
            return Ok(None);
        }
        let mut depth = 0usize;
        let close = self.rest().char_indices().skip(1).find_map(|(at, c)| match c {
            '{' => {
                depth += 1;
                None
            }
            '}' => {
                depth = depth.saturating_sub(1);
                None
            }
            ']' if depth == 0 => Some(at),
            _ => None,
        });
        let Some(close) = close else { return Ok(None) };
        let outer_end = self.end;
        self.end = self.pos + close;
        self.pos += 1;
        self.enter()?;
        let nodes = self.sequence();
        self.nest -= 1;
        // Whatever the sequence left before the `]` is dropped.
        self.pos = self.end + 1;
        self.end = outer_end;
        Ok(Some(self.row(nodes?)?))
    }

    /// A delimiter after `\left`, `\right`, `\big`…: its text, `None` for `.`.
    fn delimiter(&mut self) -> Option<&'static str> {
        match self.token() {
            Token::Char('.') => None,
            Token::Char(c) => Some(match c {
                '(' => "(",
                ')' => ")",
                '[' => "[",
                ']' => "]",
                '|' => "|",
                '/' => "/",
                '<' => "⟨",
                '>' => "⟩",
                _ => return None,
            }),
            Token::Command(name) => symbols::delimiter(name),
            _ => None,
        }
    }

    fn atom(&mut self) -> Result<Option<Atom>, MathError> {
        let token = self.token();
        let node = match token {
            Token::End | Token::Close | Token::Amp | Token::NewRow => return Ok(None),
            Token::Open => {
                self.enter()?;
                let nodes = self.sequence()?;
                if self.peek() == Token::Close {
                    self.token();
                }
                self.nest -= 1;
                self.row(nodes)?
            }
            // A script without a base: on an empty one.
            Token::Sup | Token::Sub => {
                self.pos -= 1;
                self.count(1)?;
                Node::Row(Vec::new())
            }
            Token::Char(c) => return self.character(c).map(|node| node.map(Atom::Plain)),
            Token::Command(name) => return self.command(name),
        };
        Ok(Some(Atom::Plain(node)))
    }

    fn character(&mut self, c: char) -> Result<Option<Node>, MathError> {
        if c.is_ascii_digit() {
            let mut number = String::from(c);
            while !self.single {
                let rest = self.rest();
                let mut chars = rest.chars();
                match (chars.next(), chars.next()) {
                    (Some(d), _) if d.is_ascii_digit() => number.push(d),
                    (Some('.'), Some(d)) if d.is_ascii_digit() => number.push('.'),
                    _ => break,
                }
                self.pos += 1;
            }
            if self.font.map('0').is_some() {
                let styled: String = number.chars().map(|d| self.font.map(d).unwrap_or(d)).collect();
                return self.leaf(Leaf::Ident { upright: true }, styled).map(Some);
            }
            return self.leaf(Leaf::Number, number).map(Some);
        }
        if c.is_alphabetic() {
            return match (self.font, self.font.map(c)) {
                (_, Some(mapped)) => self.leaf(Leaf::Ident { upright: true }, mapped.to_string()).map(Some),
                (Font::Roman, None) => self.leaf(Leaf::Ident { upright: true }, c.to_string()).map(Some),
                _ => self.leaf(Leaf::Ident { upright: false }, c.to_string()).map(Some),
            };
        }
        let text = match c {
            '~' => return self.space("0.2778em").map(Some),
            '-' => "−",
            '*' => "∗",
            '\'' => "′",
            c if c.is_whitespace() || c.is_control() => return Ok(None),
            c => return self.leaf(Leaf::Op { stretchy: None }, c.to_string()).map(Some),
        };
        self.leaf(Leaf::Op { stretchy: None }, text).map(Some)
    }

    fn space(&mut self, width: &'static str) -> Result<Node, MathError> {
        self.count(1)?;
        Ok(Node::Space(width))
    }

    fn command(&mut self, name: &'a str) -> Result<Option<Atom>, MathError> {
        let op = Leaf::Op { stretchy: None };
        let fixed = Leaf::Op { stretchy: Some(false) };
        let node = match name {
            "frac" | "dfrac" | "tfrac" | "cfrac" => {
                let num = self.argument()?;
                let den = self.argument()?;
                self.count(1)?;
                Node::Frac { num: Box::new(num), den: Box::new(den), line: true }
            }
            "binom" | "dbinom" | "tbinom" | "choose" => {
                let num = self.argument()?;
                let den = self.argument()?;
                let open = self.leaf(op, "(")?;
                let close = self.leaf(op, ")")?;
                self.count(2)?;
                Node::Row(vec![open, Node::Frac { num: Box::new(num), den: Box::new(den), line: false }, close])
            }
            "sqrt" => {
                let index = self.optional()?;
                let base = self.argument()?;
                self.count(1)?;
                match index {
                    Some(index) => Node::Root(Box::new(base), Box::new(index)),
                    None => Node::Sqrt(Box::new(base)),
                }
            }
            "text" | "textrm" | "textnormal" | "mbox" | "hbox" | "textit" | "textbf" | "textsf" | "texttt" | "url" => {
                let text = self.group_text();
                self.leaf(Leaf::Text, text)?
            }
            "operatorname" | "mathop" => {
                let text = self.group_text();
                let text: String = text.chars().filter(|c| !c.is_control()).collect();
                return Ok(Some(Atom::Limits(self.leaf(Leaf::Ident { upright: true }, text)?)));
            }
            "left" => {
                let open = self.delimiter();
                self.enter()?;
                let inner = self.sequence()?;
                self.nest -= 1;
                let close = if self.peek() == Token::Command("right") {
                    self.token();
                    self.delimiter()
                } else {
                    None
                };
                let mut nodes = Vec::with_capacity(inner.len() + 2);
                if let Some(open) = open {
                    nodes.push(self.leaf(Leaf::Op { stretchy: Some(true) }, open)?);
                }
                nodes.extend(inner);
                if let Some(close) = close {
                    nodes.push(self.leaf(Leaf::Op { stretchy: Some(true) }, close)?);
                }
                self.count(1)?;
                Node::Row(nodes)
            }
            "middle" => match self.delimiter() {
                Some(text) => self.leaf(Leaf::Op { stretchy: Some(true) }, text)?,
                None => return Ok(None),
            },
            _ if listed(FIXED_SIZE, name) => match self.delimiter() {
                Some(text) => self.leaf(fixed, text)?,
                None => return Ok(None),
            },
            "begin" => self.environment()?,
            "underline" => {
                let base = self.argument()?;
                let mark = self.leaf(Leaf::Op { stretchy: Some(true) }, "_")?;
                self.count(1)?;
                Node::Accent { base: Box::new(base), mark: Box::new(mark), under: true }
            }
            "underbrace" => {
                let base = self.argument()?;
                let mark = self.leaf(Leaf::Op { stretchy: Some(true) }, "⏟")?;
                self.count(1)?;
                return Ok(Some(Atom::Limits(Node::Accent {
                    base: Box::new(base),
                    mark: Box::new(mark),
                    under: true,
                })));
            }
            "xrightarrow" | "xleftarrow" => {
                let arrow = if name == "xrightarrow" { "→" } else { "←" };
                let _ = self.optional()?;
                let label = self.argument()?;
                let mark = self.leaf(Leaf::Op { stretchy: Some(true) }, arrow)?;
                self.count(1)?;
                Node::Scripts { base: Box::new(mark), sub: None, sup: Some(Box::new(label)), limits: true }
            }
            "pmod" => {
                let inner = self.argument()?;
                let open = self.leaf(op, "(")?;
                let word = self.leaf(Leaf::Ident { upright: true }, "mod")?;
                let gap = self.space("0.3333em")?;
                let close = self.leaf(op, ")")?;
                self.count(1)?;
                Node::Row(vec![open, word, gap, inner, close])
            }
            "bmod" | "mod" => self.leaf(op, "mod")?,
            "," | "thinspace" => self.space("0.1667em")?,
            ":" | ">" | "medspace" => self.space("0.2222em")?,
            ";" | "thickspace" => self.space("0.2778em")?,
            " " => self.space("0.3333em")?,
            "quad" => self.space("1em")?,
            "qquad" => self.space("2em")?,
            _ if listed(NO_EFFECT, name) => return Ok(None),
            // Commands whose argument would style or link their content: the
            // content is kept, never the colour, style, class or address.
            "color" | "label" | "tag" => {
                self.group_text();
                return Ok(None);
            }
            "textcolor" | "colorbox" | "href" | "style" | "class" | "cssId" | "htmlClass" | "htmlStyle" | "htmlId"
            | "htmlData" => {
                self.group_text();
                self.argument()?
            }
            "boxed" | "fbox" | "mathstrut" => self.argument()?,
            "phantom" | "hphantom" | "vphantom" => {
                self.argument()?;
                return Ok(None);
            }
            "{" | "}" | "$" | "%" | "&" | "#" | "_" => self.leaf(op, name)?,
            "|" => self.leaf(op, "‖")?,
            _ => {
                if let Some(font) = Font::of_command(name) {
                    self.argument_in(font)?
                } else if let Some((mark, stretchy)) = symbols::accent(name) {
                    let base = self.argument()?;
                    let mark = self.leaf(Leaf::Op { stretchy: Some(stretchy) }, mark)?;
                    self.count(1)?;
                    let node = Node::Accent { base: Box::new(base), mark: Box::new(mark), under: false };
                    if name == "overbrace" {
                        return Ok(Some(Atom::Limits(node)));
                    }
                    node
                } else if let Some(limits) = symbols::function(name) {
                    let node = self.leaf(Leaf::Ident { upright: true }, symbols::function_text(name))?;
                    return Ok(Some(if limits { Atom::Limits(node) } else { Atom::Plain(node) }));
                } else if let Some((text, kind)) = symbols::symbol(name) {
                    match kind {
                        Kind::Ident => self.leaf(Leaf::Ident { upright: false }, text)?,
                        Kind::Upright => self.leaf(Leaf::Ident { upright: true }, text)?,
                        Kind::Op | Kind::Integral => self.leaf(op, text)?,
                        Kind::Big => return Ok(Some(Atom::Limits(self.leaf(op, text)?))),
                    }
                } else {
                    self.count(1)?;
                    Node::Error(format!("\\{name}"))
                }
            }
        };
        Ok(Some(Atom::Plain(node)))
    }

    /// `\begin{name}…\end{name}`: rows split by `\\`, cells by `&`, in the
    /// environment's brackets.
    fn environment(&mut self) -> Result<Node, MathError> {
        let name = self.group_text();
        if matches!(name.as_str(), "array" | "alignat" | "alignat*" | "subarray") {
            self.group_text();
        }
        self.enter()?;
        let mut rows: Vec<Vec<Node>> = Vec::new();
        let mut cells: Vec<Node> = Vec::new();
        loop {
            let cell = self.sequence()?;
            // `mtd` and its `mrow`.
            self.count(2)?;
            cells.push(self.row(cell)?);
            match self.token() {
                Token::Amp => {}
                Token::NewRow => {
                    self.count(1)?;
                    rows.push(std::mem::take(&mut cells));
                }
                Token::Command("end") => {
                    self.group_text();
                    break;
                }
                // A `}` or `\right` that belongs to no group here: skipped.
                Token::Close | Token::Command(_) => {}
                _ => break,
            }
        }
        // A trailing `\\` leaves an empty last row.
        if !(cells.len() == 1 && matches!(&cells[0], Node::Row(nodes) if nodes.is_empty())) || rows.is_empty() {
            self.count(1)?;
            rows.push(cells);
        }
        self.nest -= 1;
        let (open, close) = match name.trim_end_matches('*') {
            "pmatrix" => ("(", ")"),
            "bmatrix" => ("[", "]"),
            "Bmatrix" => ("{", "}"),
            "vmatrix" => ("|", "|"),
            "Vmatrix" => ("‖", "‖"),
            "cases" => ("{", ""),
            "rcases" => ("", "}"),
            _ => ("", ""),
        };
        self.count(1)?;
        let table = Node::Table(rows);
        if open.is_empty() && close.is_empty() {
            return Ok(table);
        }
        let mut nodes = Vec::new();
        if !open.is_empty() {
            nodes.push(self.leaf(Leaf::Op { stretchy: Some(true) }, open)?);
        }
        nodes.push(table);
        if !close.is_empty() {
            nodes.push(self.leaf(Leaf::Op { stretchy: Some(true) }, close)?);
        }
        self.count(1)?;
        Ok(Node::Row(nodes))
    }
}

/// An atom, and whether its scripts may go under and over it (big operators,
/// `\lim`) in display math.
enum Atom {
    Plain(Node),
    Limits(Node),
}

/// How many elements `node` writes.
fn elements(node: &Node) -> usize {
    match node {
        Node::Leaf(..) | Node::Space(_) => 1,
        Node::Error(_) => 2,
        Node::Row(nodes) => 1 + nodes.iter().map(elements).sum::<usize>(),
        Node::Frac { num, den, .. } => 1 + elements(num) + elements(den),
        Node::Sqrt(base) => 1 + elements(base),
        Node::Root(base, index) => 1 + elements(base) + elements(index),
        Node::Scripts { base, sub, sup, .. } => {
            1 + elements(base) + [sub, sup].into_iter().flatten().map(|script| elements(script)).sum::<usize>()
        }
        Node::Accent { base, mark, .. } => 1 + elements(base) + elements(mark),
        Node::Table(rows) => {
            1 + rows.iter().map(|row| 1 + row.iter().map(|cell| 1 + elements(cell)).sum::<usize>()).sum::<usize>()
        }
    }
}

/// How deep the elements `node` writes nest.
fn depth(node: &Node) -> usize {
    match node {
        Node::Leaf(..) | Node::Space(_) => 1,
        Node::Error(_) => 2,
        Node::Row(nodes) => 1 + nodes.iter().map(depth).max().unwrap_or(0),
        Node::Frac { num, den, .. } => 1 + depth(num).max(depth(den)),
        Node::Sqrt(base) => 1 + depth(base),
        Node::Root(base, index) => 1 + depth(base).max(depth(index)),
        Node::Scripts { base, sub, sup, .. } => {
            1 + [Some(base), sub.as_ref(), sup.as_ref()]
                .into_iter()
                .flatten()
                .map(|node| depth(node))
                .max()
                .unwrap_or(0)
        }
        Node::Accent { base, mark, .. } => 1 + depth(base).max(depth(mark)),
        Node::Table(rows) => 3 + rows.iter().flatten().map(depth).max().unwrap_or(0),
    }
}

/// Writes `formula` as MathML into `out`.
pub(super) fn write(formula: &Formula, out: &mut String) {
    out.push_str(if formula.display { "<math display=\"block\">" } else { "<math>" });
    out.push_str("<semantics><mrow>");
    for node in &formula.body {
        write_node(node, out);
    }
    out.push_str("</mrow><annotation encoding=\"application/x-tex\">");
    escape_into(out, &formula.tex, false);
    out.push_str("</annotation></semantics></math>");
}

fn write_node(node: &Node, out: &mut String) {
    match node {
        Node::Leaf(leaf, text) => {
            let (open, close) = match leaf {
                Leaf::Ident { upright: false } => ("<mi>", "</mi>"),
                Leaf::Ident { upright: true } => ("<mi mathvariant=\"normal\">", "</mi>"),
                Leaf::Number => ("<mn>", "</mn>"),
                Leaf::Op { stretchy: None } => ("<mo>", "</mo>"),
                Leaf::Op { stretchy: Some(true) } => ("<mo stretchy=\"true\">", "</mo>"),
                Leaf::Op { stretchy: Some(false) } => ("<mo stretchy=\"false\">", "</mo>"),
                Leaf::Text => ("<mtext>", "</mtext>"),
            };
            out.push_str(open);
            escape_into(out, text, false);
            out.push_str(close);
        }
        Node::Space(width) => {
            out.push_str("<mspace width=\"");
            out.push_str(width);
            out.push_str("\"></mspace>");
        }
        Node::Row(nodes) => {
            out.push_str("<mrow>");
            nodes.iter().for_each(|node| write_node(node, out));
            out.push_str("</mrow>");
        }
        Node::Frac { num, den, line } => {
            out.push_str(if *line { "<mfrac>" } else { "<mfrac linethickness=\"0\">" });
            write_node(num, out);
            write_node(den, out);
            out.push_str("</mfrac>");
        }
        Node::Sqrt(base) => {
            out.push_str("<msqrt>");
            write_node(base, out);
            out.push_str("</msqrt>");
        }
        Node::Root(base, index) => {
            out.push_str("<mroot>");
            write_node(base, out);
            write_node(index, out);
            out.push_str("</mroot>");
        }
        Node::Scripts { base, sub, sup, limits } => {
            let name = match (sub.is_some(), sup.is_some(), limits) {
                (true, true, false) => "msubsup",
                (true, false, false) => "msub",
                (_, _, false) => "msup",
                (true, true, true) => "munderover",
                (true, false, true) => "munder",
                (_, _, true) => "mover",
            };
            out.push('<');
            out.push_str(name);
            out.push('>');
            write_node(base, out);
            for script in [sub, sup].into_iter().flatten() {
                write_node(script, out);
            }
            out.push_str("</");
            out.push_str(name);
            out.push('>');
        }
        Node::Accent { base, mark, under } => {
            out.push_str(if *under { "<munder accentunder=\"true\">" } else { "<mover accent=\"true\">" });
            write_node(base, out);
            write_node(mark, out);
            out.push_str(if *under { "</munder>" } else { "</mover>" });
        }
        Node::Table(rows) => {
            out.push_str("<mtable>");
            for row in rows {
                out.push_str("<mtr>");
                for cell in row {
                    out.push_str("<mtd>");
                    write_node(cell, out);
                    out.push_str("</mtd>");
                }
                out.push_str("</mtr>");
            }
            out.push_str("</mtable>");
        }
        Node::Error(text) => {
            out.push_str("<merror><mtext>");
            escape_into(out, text, false);
            out.push_str("</mtext></merror>");
        }
    }
}
