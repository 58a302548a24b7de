//! A small hand-written syntax highlighter for fenced code blocks: it cuts a
//! block's text into runs, each plain or of a [`Token`] kind, which the writer
//! wraps in `<span class="tok-…">` (see [`Token::class`]). It never changes the
//! text: the runs, put together, are the block's text exactly.
//!
//! One pass, linear in the text, no backtracking and no allocation per token;
//! it knows the shape of each language (comments, strings, numbers, keywords,
//! tags) rather than its grammar, as editors' lexers do. A language it does not
//! know ([`Language::of`] is `None`) is written plain.
//!
//! Languages (with their usual aliases): Rust, Python, JavaScript, TypeScript,
//! JSON, HTML/XML/SVG, CSS/SCSS/Less, shell (bash, sh, zsh, console), SQL, Go,
//! Java, Kotlin, C#, C, C++, YAML, TOML, Markdown and diff.

/// The kind of a highlighted run; each is written as `<span class="tok-…">`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Token {
    /// A keyword of the language (`fn`, `SELECT`, `if`, `@media`).
    Keyword,
    /// A type name (`String`, `int`, a capitalised name in most languages).
    Type,
    /// A name being called (`print(`, `println!`).
    Function,
    /// A string or character literal (and markdown's inline code).
    String,
    /// A number (with its suffix or unit).
    Number,
    /// A constant of the language (`true`, `null`, `None`, `self`).
    Literal,
    /// A comment.
    Comment,
    /// Meta information: an attribute, decorator, preprocessor line, doctype,
    /// a diff's file and hunk headers, a markdown fence.
    Meta,
    /// A markup tag's name, or a CSS selector.
    Tag,
    /// A markup attribute's name.
    Attribute,
    /// A key: a JSON or YAML key, a CSS property.
    Property,
    /// A variable marked as such (`$HOME`, a YAML anchor).
    Variable,
    /// A diff's added line.
    Inserted,
    /// A diff's removed line.
    Deleted,
    /// A markdown heading.
    Heading,
}

impl Token {
    /// The class the writer puts on the run's `span`.
    pub(super) fn class(self) -> &'static str {
        match self {
            Token::Keyword => "tok-kw",
            Token::Type => "tok-type",
            Token::Function => "tok-fn",
            Token::String => "tok-str",
            Token::Number => "tok-num",
            Token::Literal => "tok-lit",
            Token::Comment => "tok-com",
            Token::Meta => "tok-meta",
            Token::Tag => "tok-tag",
            Token::Attribute => "tok-attr",
            Token::Property => "tok-prop",
            Token::Variable => "tok-var",
            Token::Inserted => "tok-ins",
            Token::Deleted => "tok-del",
            Token::Heading => "tok-head",
        }
    }

    /// Every class, for the writer's allow-list and its tests.
    #[cfg(test)]
    pub(super) const ALL: [Token; 15] = [
        Token::Keyword,
        Token::Type,
        Token::Function,
        Token::String,
        Token::Number,
        Token::Literal,
        Token::Comment,
        Token::Meta,
        Token::Tag,
        Token::Attribute,
        Token::Property,
        Token::Variable,
        Token::Inserted,
        Token::Deleted,
        Token::Heading,
    ];
}

/// How a language is cut into runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// A programming language: comments, strings, numbers, words.
    Code,
    /// HTML and XML.
    Markup,
    /// CSS and its dialects.
    Css,
    /// YAML (and TOML, close enough line by line).
    Yaml,
    /// Markdown.
    Markdown,
    /// A unified diff.
    Diff,
}

/// A language the highlighter knows.
#[derive(Debug)]
pub(super) struct Language {
    shape: Shape,
    /// Starts of a comment to the end of the line.
    line_comments: &'static [&'static str],
    /// A comment's start and end.
    block_comment: Option<(&'static str, &'static str)>,
    /// Characters that start a string.
    quotes: &'static [u8],
    /// `"""` and `'''` strings (Python).
    triple_quotes: bool,
    /// Words, each list one string of words separated by single spaces and
    /// sorted by their bytes (smaller in the wasm than a table of strings;
    /// [`listed`] searches them by halves), lower-case when `any_case`.
    keywords: &'static str,
    types: &'static str,
    literals: &'static str,
    /// Keywords match in any case (SQL).
    any_case: bool,
    /// A capitalised word is a type name.
    capital_types: bool,
    /// A string followed by `:` is a key (JSON).
    string_keys: bool,
    /// `#` starts a preprocessor line at the start of a line (C, C++, C#).
    preprocessor: bool,
    /// `@name` is a decorator or annotation.
    decorators: bool,
    /// `$name` is a variable (shell).
    dollar_variables: bool,
    /// `#[…]` attributes, `name!` macros and `'a` lifetimes (Rust).
    rust: bool,
    /// `#` starts a comment only at a word's start (shell).
    hash_at_word_start: bool,
}

const CODE: Language = Language {
    shape: Shape::Code,
    line_comments: &[],
    block_comment: None,
    quotes: b"\"'",
    triple_quotes: false,
    keywords: "",
    types: "",
    literals: "",
    any_case: false,
    capital_types: false,
    string_keys: false,
    preprocessor: false,
    decorators: false,
    dollar_variables: false,
    rust: false,
    hash_at_word_start: false,
};

const RUST: Language = Language {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: b"\"'",
    keywords: "as async await break const continue crate dyn else enum extern fn for if impl in let loop match mod move mut pub ref return static struct super trait type unsafe use where while yield",
    types: "bool char f32 f64 i128 i16 i32 i64 i8 isize str u128 u16 u32 u64 u8 usize",
    literals: "Err None Ok Self Some false self true",
    capital_types: true,
    rust: true,
    ..CODE
};

const PYTHON: Language = Language {
    line_comments: &["#"],
    quotes: b"\"'",
    triple_quotes: true,
    keywords: "and as assert async await break case class continue def del elif else except finally for from global if import in is lambda match nonlocal not or pass raise return try while with yield",
    types: "bool bytes dict float int list object set str tuple",
    literals: "False None True cls self",
    capital_types: true,
    decorators: true,
    ..CODE
};

const JS_KEYWORDS: &str = "as async await break case catch class const continue debugger default delete do else export extends finally for from function if import in instanceof let new of return static super switch throw try typeof var void while with yield";

const JS_LITERALS: &str = "Infinity NaN false null this true undefined";

const JAVASCRIPT: Language = Language {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: b"\"'`",
    keywords: JS_KEYWORDS,
    literals: JS_LITERALS,
    capital_types: true,
    ..CODE
};

const TYPESCRIPT: Language = Language {
    keywords: "abstract as async await break case catch class const continue declare default delete do else enum export extends finally for from function if implements import in instanceof interface is keyof let namespace new of private protected public readonly return satisfies static super switch throw try type typeof var void while yield",
    types: "any bigint boolean never number object string symbol unknown",
    decorators: true,
    ..JAVASCRIPT
};

const JSON: Language = Language {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: b"\"",
    literals: "false null true",
    string_keys: true,
    ..CODE
};

const SHELL: Language = Language {
    line_comments: &["#"],
    quotes: b"\"'",
    keywords: "case do done elif else esac fi for function if in return select then time until while",
    types: "",
    literals: "false true",
    dollar_variables: true,
    hash_at_word_start: true,
    ..CODE
};

const SQL: Language = Language {
    line_comments: &["--"],
    block_comment: Some(("/*", "*/")),
    quotes: b"'\"`",
    keywords: "add all alter and as asc begin between by cascade case commit constraint create cross default delete desc distinct drop else end exists foreign from full group having if in index inner insert into is join key left like limit not offset on or order outer over partition primary references replace returning right rollback select set table then transaction trigger union unique update using values view when where with",
    types: "bigint blob bool boolean char date decimal double float int integer json jsonb numeric real serial smallint text timestamp timestamptz uuid varchar",
    literals: "false null true",
    any_case: true,
    ..CODE
};

const GO: Language = Language {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: b"\"'`",
    keywords: "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var",
    types: "any bool byte complex128 complex64 error float32 float64 int int16 int32 int64 int8 rune string uint uint16 uint32 uint64 uint8 uintptr",
    literals: "false iota nil true",
    ..CODE
};

const JAVA: Language = Language {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: b"\"'",
    keywords: "abstract assert break case catch class continue default do else enum extends final finally for if implements import instanceof interface native new package private protected public record return static super switch synchronized throw throws transient try var volatile while yield",
    types: "boolean byte char double float int long short void",
    literals: "false null this true",
    capital_types: true,
    decorators: true,
    ..CODE
};

const KOTLIN: Language = Language {
    keywords: "as break catch class companion continue data do else enum finally for fun if import in interface internal is lateinit object open override package private public return sealed suspend throw try val var when while",
    types: "",
    literals: "false it null this true",
    ..JAVA
};

const C_KEYWORDS: &str = "auto break case const continue default do else enum extern for goto if inline register restrict return sizeof static struct switch typedef union volatile while";

const C_TYPES: &str = "FILE bool char double float int int16_t int32_t int64_t int8_t long short signed size_t uint16_t uint32_t uint64_t uint8_t unsigned void";

const C: Language = Language {
    line_comments: &["//"],
    block_comment: Some(("/*", "*/")),
    quotes: b"\"'",
    keywords: C_KEYWORDS,
    types: C_TYPES,
    literals: "NULL false true",
    preprocessor: true,
    ..CODE
};

const CPP: Language = Language {
    keywords: "auto break case catch class const constexpr continue default delete do else enum explicit extern for friend goto if inline namespace new noexcept operator override private protected public return sizeof static struct switch template throw try typedef typename union using virtual volatile while",
    types: "bool char double float int int32_t int64_t long map short signed size_t std string uint32_t uint64_t uint8_t unsigned vector void",
    literals: "NULL false nullptr this true",
    ..C
};

const CSHARP: Language = Language {
    keywords: "abstract as async await base break case catch class const continue default delegate do else enum event explicit extern finally fixed for foreach get if implicit in interface internal is lock namespace new operator out override params private protected public readonly record ref return sealed set sizeof static struct switch throw try typeof using var virtual while yield",
    types: "bool byte char decimal double float int long object sbyte short string uint ulong ushort void",
    literals: "false null this true",
    capital_types: true,
    ..C
};

const MARKUP: Language = Language { shape: Shape::Markup, ..CODE };
const CSS: Language = Language {
    shape: Shape::Css,
    block_comment: Some(("/*", "*/")),
    literals: "auto currentColor inherit initial none transparent unset",
    ..CODE
};
const SCSS: Language = Language { line_comments: &["//"], ..CSS };
const YAML: Language = Language {
    shape: Shape::Yaml,
    line_comments: &["#"],
    literals: "False Null True false no null off on true yes ~",
    ..CODE
};
const MARKDOWN: Language = Language { shape: Shape::Markdown, ..CODE };
const DIFF: Language = Language { shape: Shape::Diff, ..CODE };

impl Language {
    /// The language a fenced block's info string names (its first word, in
    /// any case), or `None` for one the highlighter does not know.
    pub(super) fn of(name: &str) -> Option<&'static Language> {
        let name = name.to_ascii_lowercase();
        Some(match name.as_str() {
            "rust" | "rs" => &RUST,
            "python" | "py" | "python3" | "py3" | "pyi" => &PYTHON,
            "javascript" | "js" | "jsx" | "mjs" | "cjs" | "node" => &JAVASCRIPT,
            "typescript" | "ts" | "tsx" | "mts" | "cts" => &TYPESCRIPT,
            "json" | "jsonc" | "json5" | "jsonl" | "geojson" => &JSON,
            "html" | "htm" | "xml" | "svg" | "xhtml" | "vue" | "svelte" | "plist" => &MARKUP,
            "css" => &CSS,
            "scss" | "sass" | "less" => &SCSS,
            "bash" | "sh" | "shell" | "zsh" | "console" | "shellsession" | "ksh" | "fish" => &SHELL,
            "sql" | "mysql" | "postgresql" | "postgres" | "psql" | "sqlite" | "plsql" | "tsql" => &SQL,
            "go" | "golang" => &GO,
            "java" => &JAVA,
            "kotlin" | "kt" | "kts" => &KOTLIN,
            "c" | "h" => &C,
            "cpp" | "c++" | "cc" | "cxx" | "hpp" | "hh" | "hxx" | "ino" => &CPP,
            "cs" | "csharp" | "c#" => &CSHARP,
            "yaml" | "yml" | "toml" | "ini" => &YAML,
            "markdown" | "md" | "mdx" => &MARKDOWN,
            "diff" | "patch" | "udiff" => &DIFF,
            _ => return None,
        })
    }

    /// Its word lists and whether they match in any case (for tests of their order).
    #[cfg(test)]
    pub(super) fn word_lists(&self) -> ([&'static str; 3], bool) {
        ([self.keywords, self.types, self.literals], self.any_case)
    }
}

/// Cuts `code` into runs and hands each to `run`: `None` for plain text, or
/// the run's kind. The runs, in order, are `code` exactly; neighbouring plain
/// runs are joined.
pub(super) fn highlight(language: &Language, code: &str, run: &mut dyn FnMut(Option<Token>, &str)) {
    let mut out = Runs { code, plain_from: 0, run };
    match language.shape {
        Shape::Code => code_runs(language, code, 0, code.len(), &mut out),
        Shape::Markup => markup_runs(code, &mut out),
        Shape::Css => css_runs(language, code, 0, code.len(), &mut out),
        Shape::Yaml => line_runs(code, &mut out, |line, at, out| yaml_line(language, line, at, out)),
        Shape::Markdown => markdown_runs(code, &mut out),
        Shape::Diff => line_runs(code, &mut out, diff_line),
    }
    out.finish();
}

/// Collects runs: plain text accumulates until a token run (or the end) comes.
struct Runs<'c, 'r> {
    code: &'c str,
    /// Where the plain text not yet handed on starts.
    plain_from: usize,
    run: &'r mut dyn FnMut(Option<Token>, &str),
}

impl Runs<'_, '_> {
    /// `code[start..end]` is of kind `token`; what lies before it is plain.
    fn token(&mut self, token: Token, start: usize, end: usize) {
        if end <= start {
            return;
        }
        if start > self.plain_from {
            (self.run)(None, &self.code[self.plain_from..start]);
        }
        (self.run)(Some(token), &self.code[start..end]);
        self.plain_from = end;
    }

    fn finish(&mut self) {
        if self.plain_from < self.code.len() {
            (self.run)(None, &self.code[self.plain_from..]);
            self.plain_from = self.code.len();
        }
    }
}

fn is_word_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte >= 0x80
}

fn is_word(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte >= 0x80
}

/// The end of the word starting at `at` (letters, digits, `_`, any non-ASCII
/// character, plus `extra`): always on a char boundary, since every byte of a
/// multi-byte character is non-ASCII.
fn word_end(bytes: &[u8], at: usize, extra: &[u8]) -> usize {
    let mut end = at;
    while end < bytes.len() && (is_word(bytes[end]) || extra.contains(&bytes[end])) {
        end += 1;
    }
    end
}

/// The end of the line containing `at` (before its `\n`).
fn line_end(bytes: &[u8], at: usize, limit: usize) -> usize {
    bytes[at..limit].iter().position(|b| *b == b'\n').map_or(limit, |i| at + i)
}

/// The end of a string opened by `quote` at `at`: after its closing quote (a
/// backslash escapes the next character), or at the line's end for a `"` or
/// `'` string left open (a backtick string may span lines).
fn string_end(bytes: &[u8], at: usize, limit: usize, quote: u8, escapes: bool) -> usize {
    let mut i = at + 1;
    while i < limit {
        match bytes[i] {
            b'\\' if escapes => i += 2,
            b'\n' if quote != b'`' => return i,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    limit
}

/// The end of a number starting at `at`: digits, letters (hex digits,
/// exponents, suffixes, units), `_`, and a `.` followed by a digit.
fn number_end(bytes: &[u8], at: usize, limit: usize) -> usize {
    let mut i = at;
    while i < limit {
        let b = bytes[i];
        let exponent_sign = (b == b'-' || b == b'+') && i > at && matches!(bytes[i - 1], b'e' | b'E') && {
            // `1e-5`, but not `0xE-1` nor `a-1`: the number so far is decimal.
            !bytes[at..i].iter().any(|b| matches!(b, b'x' | b'X'))
        };
        if b.is_ascii_alphanumeric()
            || b == b'_'
            || exponent_sign
            || (b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// The first byte after `at` that is not a space or a tab.
fn next_non_blank(bytes: &[u8], at: usize, limit: usize) -> Option<u8> {
    bytes[at..limit].iter().copied().find(|b| *b != b' ' && *b != b'\t')
}

fn find_from(code: &str, at: usize, limit: usize, needle: &str) -> Option<usize> {
    code[at..limit].find(needle).map(|i| at + i)
}

/// Runs of a programming language in `code[start..limit]`.
fn code_runs(lang: &Language, code: &str, start: usize, limit: usize, out: &mut Runs<'_, '_>) {
    let bytes = code.as_bytes();
    let mut i = start;
    let mut line_start = true;
    while i < limit {
        let b = bytes[i];
        if b == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if b == b' ' || b == b'\t' || b == b'\r' {
            i += 1;
            continue;
        }
        let at_line_start = std::mem::take(&mut line_start);
        let rest = &code[i..limit];
        // Comments.
        if let Some((open, close)) = lang.block_comment
            && rest.starts_with(open)
        {
            let end = find_from(code, i + open.len(), limit, close).map_or(limit, |at| at + close.len());
            out.token(Token::Comment, i, end);
            i = end;
            continue;
        }
        if lang.line_comments.iter().any(|c| rest.starts_with(c))
            && (!lang.hash_at_word_start || i == start || matches!(bytes[i - 1], b' ' | b'\t' | b'\n' | b';'))
        {
            let end = line_end(bytes, i, limit);
            out.token(Token::Comment, i, end);
            i = end;
            continue;
        }
        if lang.preprocessor && at_line_start && b == b'#' {
            let end = line_end(bytes, i, limit);
            out.token(Token::Meta, i, end);
            i = end;
            continue;
        }
        if lang.rust && b == b'#' && matches!(bytes.get(i + 1), Some(b'[' | b'!')) {
            let end = find_from(code, i, line_end(bytes, i, limit), "]").map_or(i + 1, |at| at + 1);
            out.token(Token::Meta, i, end);
            i = end;
            continue;
        }
        // Strings.
        if lang.triple_quotes && (rest.starts_with("\"\"\"") || rest.starts_with("'''")) {
            let end = find_from(code, i + 3, limit, &rest[..3]).map_or(limit, |at| at + 3);
            out.token(Token::String, i, end);
            i = end;
            continue;
        }
        if lang.rust && b == b'\'' {
            // A char literal (`'a'`, `'\n'`), or a lifetime (`'a`), left plain.
            let char_end = rest[1..].chars().next().map(|c| 1 + c.len_utf8());
            let is_char = rest[1..].starts_with('\\') || char_end.is_some_and(|end| rest[end..].starts_with('\''));
            if !is_char {
                i += 1;
                continue;
            }
        }
        if lang.rust && (rest.starts_with("r#\"") || rest.starts_with("r\"") || rest.starts_with("br\"")) {
            let open = rest.find('"').unwrap_or(0);
            let hashes = rest[..open].matches('#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            let end = find_from(code, i + open + 1, limit, &close).map_or(limit, |at| at + close.len());
            out.token(Token::String, i, end);
            i = end;
            continue;
        }
        if lang.quotes.contains(&b) {
            let escapes = !(lang.dollar_variables && b == b'\'');
            let end = string_end(bytes, i, limit, b, escapes);
            let key = lang.string_keys && next_non_blank(bytes, end, limit) == Some(b':');
            out.token(if key { Token::Property } else { Token::String }, i, end);
            i = end;
            continue;
        }
        // Numbers.
        if b.is_ascii_digit() || (b == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) && i + 1 < limit) {
            let end = number_end(bytes, i, limit);
            out.token(Token::Number, i, end);
            i = end;
            continue;
        }
        // Marked names.
        if lang.dollar_variables && b == b'$' {
            let end = match bytes.get(i + 1) {
                Some(b'{') => find_from(code, i, line_end(bytes, i, limit), "}").map_or(i + 1, |at| at + 1),
                Some(b'(') => i + 1,
                Some(c) if is_word_start(*c) => word_end(bytes, i + 1, &[]),
                Some(c) if c.is_ascii_digit() || b"@#?$!*-".contains(c) => i + 2,
                _ => i + 1,
            };
            if end > i + 1 {
                out.token(Token::Variable, i, end.min(limit));
            }
            i = end.min(limit);
            continue;
        }
        if lang.decorators && b == b'@' && bytes.get(i + 1).is_some_and(|c| is_word_start(*c)) {
            let end = word_end(bytes, i + 1, b".");
            out.token(Token::Meta, i, end.min(limit));
            i = end.min(limit);
            continue;
        }
        // Words.
        if is_word_start(b) || (b == b'$' && !lang.dollar_variables) {
            let extra: &[u8] = if lang.dollar_variables { b"-" } else { b"$" };
            let end = word_end(bytes, i, extra).min(limit);
            let word = &code[i..end];
            if let Some(token) = word_token(lang, word, bytes, end, limit) {
                let end =
                    if token == Token::Function && lang.rust && bytes.get(end) == Some(&b'!') { end + 1 } else { end };
                out.token(token, i, end);
                i = end;
            } else {
                i = end;
            }
            continue;
        }
        // Punctuation: one character (it may be a multi-byte one only in
        // strings or words, handled above; skip a whole character anyway).
        i += rest.chars().next().map_or(1, char::len_utf8);
    }
}

/// The kind of a word, when it is highlighted.
fn word_token(lang: &Language, word: &str, bytes: &[u8], end: usize, limit: usize) -> Option<Token> {
    let is = |list: &str| listed(list, word, lang.any_case);
    if is(lang.keywords) {
        return Some(Token::Keyword);
    }
    if is(lang.literals) {
        return Some(Token::Literal);
    }
    if is(lang.types) {
        return Some(Token::Type);
    }
    let next = bytes.get(end).copied().filter(|_| end < limit);
    if lang.rust && next == Some(b'!') && bytes.get(end + 1) != Some(&b'=') {
        return Some(Token::Function);
    }
    if next == Some(b'(') && !lang.dollar_variables {
        return Some(Token::Function);
    }
    if lang.capital_types && word.as_bytes()[0].is_ascii_uppercase() && word.bytes().any(|b| b.is_ascii_lowercase()) {
        return Some(Token::Type);
    }
    None
}

/// Whether `word` is one of `list`'s words (see [`Language::keywords`]), in
/// any ASCII case when `any_case`: a binary search, since every word of a code
/// block is looked up in up to three lists.
pub(super) fn listed(list: &str, word: &str, any_case: bool) -> bool {
    let list = list.as_bytes();
    let word = word.as_bytes();
    // `list[low..high]` is whole words between single spaces.
    let (mut low, mut high) = (0, list.len());
    while low < high {
        let middle = low + (high - low) / 2;
        let start = list[low..middle].iter().rposition(|b| *b == b' ').map_or(low, |at| low + at + 1);
        let end = list[middle..high].iter().position(|b| *b == b' ').map_or(high, |at| middle + at);
        let fold = |b: &u8| if any_case { b.to_ascii_lowercase() } else { *b };
        match list[start..end].iter().copied().cmp(word.iter().map(fold)) {
            std::cmp::Ordering::Equal => return true,
            std::cmp::Ordering::Less => low = end + 1,
            std::cmp::Ordering::Greater => high = start.saturating_sub(1).max(low),
        }
    }
    false
}

/// Runs of HTML or XML: comments, doctype, tags with their attributes; the
/// content of `<script>` and `<style>` as JavaScript and CSS.
fn markup_runs(code: &str, out: &mut Runs<'_, '_>) {
    let bytes = code.as_bytes();
    let limit = code.len();
    let mut i = 0;
    while let Some(offset) = bytes[i..].iter().position(|b| *b == b'<' || *b == b'&') {
        i += offset;
        let rest = &code[i..];
        if bytes[i] == b'&' {
            // An entity: `&name;` or `&#123;`.
            let end = word_end(bytes, i + 1, b"#");
            if end > i + 1 && bytes.get(end) == Some(&b';') {
                out.token(Token::Literal, i, end + 1);
                i = end + 1;
            } else {
                i += 1;
            }
            continue;
        }
        if rest.starts_with("<!--") {
            let end = find_from(code, i + 4, limit, "-->").map_or(limit, |at| at + 3);
            out.token(Token::Comment, i, end);
            i = end;
            continue;
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            let end = find_from(code, i, limit, ">").map_or(limit, |at| at + 1);
            out.token(Token::Meta, i, end);
            i = end;
            continue;
        }
        let name_start = if rest.starts_with("</") { i + 2 } else { i + 1 };
        if !bytes.get(name_start).is_some_and(u8::is_ascii_alphabetic) {
            i += 1;
            continue;
        }
        let name_end = word_end(bytes, name_start, b"-:.");
        out.token(Token::Tag, name_start, name_end);
        let name = &code[name_start..name_end];
        let closing = name_start == i + 2;
        // Attributes, up to the tag's end.
        let mut j = name_end;
        while j < limit && bytes[j] != b'>' {
            let b = bytes[j];
            if b == b'"' || b == b'\'' {
                let end = find_from(code, j + 1, limit, if b == b'"' { "\"" } else { "'" }).map_or(limit, |at| at + 1);
                out.token(Token::String, j, end);
                j = end;
            } else if is_word_start(b) || b == b'@' || b == b':' {
                let end = word_end(bytes, j, b"-:.@");
                out.token(Token::Attribute, j, end);
                j = end;
            } else if b == b'<' {
                break;
            } else if b == b'=' && bytes.get(j + 1).is_some_and(|c| !b" \t\n\"'>".contains(c)) {
                // An unquoted value, up to white space or the tag's end.
                let end = bytes[j + 1..].iter().position(|c| b" \t\n>".contains(c)).map_or(limit, |k| j + 1 + k);
                out.token(Token::String, j + 1, end);
                j = end;
            } else {
                j += 1;
            }
        }
        if j >= limit || bytes[j] != b'>' {
            // Unclosed, or another tag starts: go on from there.
            i = j;
            continue;
        }
        i = j + 1;
        if closing {
            continue;
        }
        // Script and style content, up to their closing tag.
        let embedded = if name.eq_ignore_ascii_case("script") {
            Some(&JAVASCRIPT)
        } else if name.eq_ignore_ascii_case("style") {
            Some(&CSS)
        } else {
            None
        };
        if let Some(lang) = embedded {
            let end = closing_tag(code, i, name);
            if lang.shape == Shape::Css {
                css_runs(lang, code, i, end, out);
            } else {
                code_runs(lang, code, i, end, out);
            }
            i = end;
        }
    }
}

/// Where the closing tag `</name` (in any case) after `from` starts, or the end.
fn closing_tag(code: &str, from: usize, name: &str) -> usize {
    let mut at = from;
    while let Some(found) = find_from(code, at, code.len(), "</") {
        let after = &code.as_bytes()[found + 2..];
        if after.len() >= name.len() && after[..name.len()].eq_ignore_ascii_case(name.as_bytes()) {
            return found;
        }
        at = found + 2;
    }
    code.len()
}

/// Runs of CSS in `code[start..limit]`: comments, strings, at-rules,
/// selectors (words before a `{`), properties and values (in declarations and
/// in parentheses).
fn css_runs(lang: &Language, code: &str, start: usize, limit: usize, out: &mut Runs<'_, '_>) {
    let bytes = code.as_bytes();
    let mut parens = 0usize;
    let mut i = start;
    while i < limit {
        let b = bytes[i];
        let rest = &code[i..limit];
        if rest.starts_with("/*") {
            let end = find_from(code, i + 2, limit, "*/").map_or(limit, |at| at + 2);
            out.token(Token::Comment, i, end);
            i = end;
            continue;
        }
        if lang.line_comments.iter().any(|c| rest.starts_with(c)) && (i == start || bytes[i - 1] != b':') {
            let end = line_end(bytes, i, limit);
            out.token(Token::Comment, i, end);
            i = end;
            continue;
        }
        if b == b'"' || b == b'\'' {
            let end = string_end(bytes, i, limit, b, true);
            out.token(Token::String, i, end);
            i = end;
            continue;
        }
        match b {
            b'(' => parens += 1,
            b')' => parens = parens.saturating_sub(1),
            b'{' | b'}' | b';' => parens = 0,
            _ => {}
        }
        if b == b'@' {
            let end = word_end(bytes, i + 1, b"-").min(limit);
            out.token(Token::Keyword, i, end);
            i = end;
            continue;
        }
        if b == b'!' && rest[1..].starts_with("important") {
            out.token(Token::Keyword, i, i + 10);
            i += 10;
            continue;
        }
        let selector = parens == 0 && in_selector(bytes, i, limit);
        if !selector && b == b'#' && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit) {
            let end = word_end(bytes, i + 1, &[]).min(limit);
            out.token(Token::Number, i, end);
            i = end;
        } else if !selector
            && (b.is_ascii_digit() || ((b == b'.' || b == b'-') && i + 1 < limit && bytes[i + 1].is_ascii_digit()))
        {
            let end = number_end(bytes, i + 1, limit).max(i + 1);
            let end = if end < limit && bytes[end] == b'%' { end + 1 } else { end };
            out.token(Token::Number, i, end);
            i = end;
        } else if is_word_start(b) || b == b'-' || (selector && (b == b'.' || b == b'#' || b == b':')) {
            let word_from = if is_word_start(b) || b == b'-' { i } else { i + 1 };
            let end = word_end(bytes, word_from, b"-").min(limit).max(i + 1);
            let next = next_non_blank(bytes, end, limit);
            let token = if selector {
                Some(Token::Tag)
            } else if next == Some(b':') {
                Some(Token::Property)
            } else if next == Some(b'(') {
                Some(Token::Function)
            } else if listed(lang.literals, &code[i..end], false) {
                Some(Token::Literal)
            } else {
                None
            };
            if let Some(token) = token {
                out.token(token, i, end);
            }
            i = end;
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
}

/// Whether the CSS at `at` is part of a selector: a `{` comes before any `;`
/// or `}` (looking a short way ahead only, so the work stays linear).
fn in_selector(bytes: &[u8], at: usize, limit: usize) -> bool {
    let ahead = &bytes[at..limit.min(at + 256)];
    ahead.iter().find(|b| matches!(b, b'{' | b';' | b'}')) == Some(&b'{')
}

/// Calls `line` for each line of `code` with the line (without its `\n`) and
/// where it starts.
fn line_runs(code: &str, out: &mut Runs<'_, '_>, mut line: impl FnMut(&str, usize, &mut Runs<'_, '_>)) {
    let mut at = 0;
    for text in code.split_inclusive('\n') {
        line(text.strip_suffix('\n').unwrap_or(text), at, out);
        at += text.len();
    }
}

/// A diff's line: headers, added and removed lines.
fn diff_line(line: &str, at: usize, out: &mut Runs<'_, '_>) {
    let end = at + line.len();
    let token = if line.starts_with("+++")
        || line.starts_with("---")
        || line.starts_with("@@")
        || line.starts_with("diff ")
        || line.starts_with("index ")
    {
        Some(Token::Meta)
    } else if line.starts_with('+') || line.starts_with('>') {
        Some(Token::Inserted)
    } else if line.starts_with('-') || line.starts_with('<') {
        Some(Token::Deleted)
    } else {
        None
    };
    if let Some(token) = token {
        out.token(token, at, end);
    }
}

/// A YAML (or TOML) line: comments, document markers, keys, scalars.
fn yaml_line(lang: &Language, line: &str, at: usize, out: &mut Runs<'_, '_>) {
    let bytes = line.as_bytes();
    let trimmed = line.trim_start();
    let mut i = line.len() - trimmed.len();
    if trimmed.starts_with('#') {
        out.token(Token::Comment, at + i, at + line.len());
        return;
    }
    if line == "---" || line == "..." || (trimmed.starts_with('[') && trimmed.trim_end().ends_with(']')) {
        // A document marker, or a TOML table header.
        out.token(Token::Meta, at + i, at + line.len());
        return;
    }
    // List markers.
    while line[i..].starts_with("- ") {
        i += 2;
        while bytes.get(i) == Some(&b' ') {
            i += 1;
        }
    }
    // A key: up to `: ` (or `:` at the end), or up to `=` in TOML.
    let value_start = if bytes.get(i).is_some_and(|b| *b == b'"' || *b == b'\'') {
        i
    } else {
        let key_end = line[i..]
            .find(": ")
            .or_else(|| line[i..].strip_suffix(':').map(str::len))
            .or_else(|| line[i..].find(" = "))
            .map(|k| i + k)
            .filter(|k| !line[i..*k].contains(['#', '"', '\'', '{', '[']));
        match key_end {
            Some(key_end) if key_end > i => {
                out.token(Token::Property, at + i, at + key_end);
                key_end + 1
            }
            _ => i,
        }
    };
    // The value.
    let mut j = value_start;
    while j < line.len() {
        let b = bytes[j];
        if b == b' ' || b == b'\t' || b == b',' || b == b'[' || b == b']' || b == b'{' || b == b'}' || b == b'=' {
            j += 1;
        } else if b == b'#' && (j == 0 || bytes[j - 1] == b' ') {
            out.token(Token::Comment, at + j, at + line.len());
            return;
        } else if b == b'"' || b == b'\'' {
            let end = string_end(bytes, j, line.len(), b, b == b'"');
            out.token(Token::String, at + j, at + end);
            j = end;
        } else if (b == b'&' || b == b'*') && bytes.get(j + 1).is_some_and(|c| is_word_start(*c)) {
            let end = word_end(bytes, j + 1, b"-");
            out.token(Token::Variable, at + j, at + end);
            j = end;
        } else {
            // A plain scalar: up to the next separator.
            // (`b` is none of these, so the scalar is not empty.)
            let end = line[j..].find([',', ']', '}', ' ']).map_or(line.len(), |k| j + k);
            let word = &line[j..end];
            let numeric = word.bytes().next().is_some_and(|c| c.is_ascii_digit() || c == b'-' || c == b'.')
                && word.bytes().all(|c| c.is_ascii_digit() || b"-+._:eExXoObB".contains(&c) || c.is_ascii_hexdigit());
            let token = if listed(lang.literals, word, false) {
                Some(Token::Literal)
            } else if numeric && word.bytes().any(|c| c.is_ascii_digit()) {
                Some(Token::Number)
            } else {
                None
            };
            if let Some(token) = token {
                out.token(token, at + j, at + end);
            }
            j = end;
        }
    }
}

/// Runs of markdown: headings, fences (their content as a string), list and
/// quote markers, inline code, link addresses.
fn markdown_runs(code: &str, out: &mut Runs<'_, '_>) {
    // The open fence's character.
    let mut fence: Option<u8> = None;
    line_runs(code, out, |line, at, out| {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if let Some(marker) = fence {
            let closing = trimmed.trim_end();
            if closing.len() >= 3 && closing.bytes().all(|b| b == marker) {
                fence = None;
                out.token(Token::Meta, at + indent, at + line.len());
            } else {
                out.token(Token::String, at, at + line.len());
            }
            return;
        }
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            fence = trimmed.bytes().next();
            out.token(Token::Meta, at + indent, at + line.len());
            return;
        }
        if trimmed.starts_with('#') {
            out.token(Token::Heading, at + indent, at + line.len());
            return;
        }
        let bytes = line.as_bytes();
        let mut i = indent;
        if trimmed.starts_with("> ") || trimmed == ">" {
            out.token(Token::Comment, at + i, at + i + 1);
            i += 1;
        }
        let rest = &line[i..];
        let marker = if rest.starts_with("- ") || rest.starts_with("* ") || rest.starts_with("+ ") {
            1
        } else {
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            if digits > 0 && (rest[digits..].starts_with(". ") || rest[digits..].starts_with(") ")) {
                digits + 1
            } else {
                0
            }
        };
        if marker > 0 {
            out.token(Token::Keyword, at + i, at + i + marker);
            i += marker;
        }
        while i < line.len() {
            let b = bytes[i];
            if b == b'`' {
                let end = find_from(line, i + 1, line.len(), "`").map_or(line.len(), |k| k + 1);
                out.token(Token::String, at + i, at + end);
                i = end;
            } else if b == b']' && bytes.get(i + 1) == Some(&b'(') {
                let end = find_from(line, i + 2, line.len(), ")").map_or(line.len(), |k| k + 1);
                out.token(Token::Attribute, at + i + 1, at + end);
                i = end;
            } else if (b == b'*' || b == b'_') && bytes.get(i + 1) == Some(&b) {
                let end = find_from(line, i + 2, line.len(), &line[i..i + 2]).map_or(i + 2, |k| k + 2);
                out.token(Token::Keyword, at + i, at + end);
                i = end;
            } else {
                i += line[i..].chars().next().map_or(1, char::len_utf8);
            }
        }
    });
}
