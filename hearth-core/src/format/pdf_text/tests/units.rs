//! The parts on their own: the lexer, CMaps, encodings and glyph names.

use super::super::cmap::CMap;
use super::super::encoding::{Base, glyph_text};
use super::super::lexer::{Item, Lexer};
use super::super::object::{Dict, Obj};

fn item(source: &[u8]) -> Item<'_> {
    Lexer::new(source, 0, true).item()
}

fn string(source: &[u8]) -> Vec<u8> {
    match item(source) {
        Item::Obj(Obj::Str(bytes)) => bytes,
        other => panic!("not a string: {other:?}"),
    }
}

#[test]
fn literal_strings_decode_escapes_and_keep_nested_parentheses() {
    assert_eq!(string(b"(a (nested) b)"), b"a (nested) b");
    assert_eq!(string(br"(\(\)\\\n\r\t\b\f)"), b"()\\\n\r\t\x08\x0C");
    assert_eq!(string(br"(\101\60\0053)"), b"A0\x053");
    assert_eq!(string(b"(joined \\\nline)"), b"joined line");
    assert_eq!(string(b"(cr\r\nlf)"), b"cr\nlf");
    assert_eq!(string(br"(unknown \q escape)"), b"unknown q escape");
    assert_eq!(string(b"(unterminated"), b"unterminated");
}

#[test]
fn hex_strings_skip_space_and_pad_an_odd_digit() {
    assert_eq!(string(b"<48 65 6c6C6f>"), b"Hello");
    assert_eq!(string(b"<414>"), b"A@");
    assert_eq!(string(b"<>"), b"");
}

#[test]
fn names_numbers_references_and_containers() {
    assert_eq!(item(b"/A#20B"), Item::Obj(Obj::Name(b"A B".to_vec())));
    assert_eq!(item(b"-.5"), Item::Obj(Obj::Real(-0.5)));
    assert_eq!(item(b"4."), Item::Obj(Obj::Real(4.0)));
    assert_eq!(item(b"+17"), Item::Obj(Obj::Int(17)));
    assert_eq!(item(b"--3"), Item::Obj(Obj::Int(0)));
    assert_eq!(item(b"12 0 R"), Item::Obj(Obj::Ref(12)));
    assert_eq!(item(b"12 0 obj"), Item::Obj(Obj::Int(12)));
    assert_eq!(item(b"true"), Item::Obj(Obj::Bool(true)));
    assert_eq!(item(b"Tj"), Item::Keyword(b"Tj"));
    assert_eq!(item(b"% comment\n  "), Item::End);
    let Item::Obj(Obj::Dict(dict)) = item(b"<< /Kids [1 0 R 2 0 R] /Count 2 /Count 3 /Sub << /X null >> >>") else {
        panic!("a dictionary")
    };
    assert_eq!(dict.get(b"Kids"), Some(&Obj::Array(vec![Obj::Ref(1), Obj::Ref(2)])));
    assert_eq!(dict.get(b"Count"), Some(&Obj::Int(3)), "the last of a repeated key");
    assert_eq!(dict.get(b"Sub"), Some(&Obj::Dict(Dict(vec![(b"X".to_vec(), Obj::Null)]))));
}

#[test]
fn an_unclosed_dictionary_stops_before_stream() {
    let mut lexer = Lexer::new(b"<< /Length 5 stream\nhello", 0, true);
    assert!(matches!(lexer.item(), Item::Obj(Obj::Dict(_))));
    assert_eq!(lexer.item(), Item::Keyword(b"stream"));
}

#[test]
fn nesting_too_deep_is_skipped_without_recursing() {
    let deep = [b"[".repeat(100_000), b"]".repeat(100_000), b" 7".to_vec()].concat();
    let mut lexer = Lexer::new(&deep, 0, false);
    assert!(matches!(lexer.item(), Item::Obj(Obj::Array(_))));
    assert_eq!(lexer.item(), Item::Obj(Obj::Int(7)));
}

#[test]
fn cmaps_read_codespaces_chars_and_both_range_forms() {
    let cmap = CMap::parse(
        b"2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange
          1 beginbfchar <41> <0058> endbfchar
          1 beginbfchar <8001> /eacute endbfchar
          2 beginbfrange <61> <63> <0041> <9000> <9001> [<D835DC00> <0066006C>] endbfrange
          1 beginbfrange <A000> <A0FF> <00FF> endbfrange",
    );
    assert_eq!(cmap.code_len(b"\x41\x80"), Some(1));
    assert_eq!(cmap.code_len(b"\x80\x01"), Some(2));
    assert_eq!(cmap.code_len(b"\x80"), None);
    assert_eq!(cmap.lookup(1, 0x41).as_deref(), Some("X"));
    assert_eq!(cmap.lookup(2, 0x8001).as_deref(), Some("é"));
    assert_eq!(cmap.lookup(1, 0x62).as_deref(), Some("B"));
    assert_eq!(cmap.lookup(1, 0x64), None);
    assert_eq!(cmap.lookup(2, 0x0062), None, "a code's length is part of it");
    assert_eq!(cmap.lookup(2, 0x9000).as_deref(), Some("\u{1D400}"));
    assert_eq!(cmap.lookup(2, 0x9001).as_deref(), Some("fl"));
    assert_eq!(cmap.lookup(2, 0xA001).as_deref(), Some("\u{100}"));
}

#[test]
fn encodings_follow_annex_d() {
    assert_eq!(Base::WinAnsi.char(0x80), Some('€'));
    assert_eq!(Base::WinAnsi.char(0x93), Some('“'));
    assert_eq!(Base::WinAnsi.char(0x81), None);
    assert_eq!(Base::WinAnsi.char(0xE9), Some('é'));
    assert_eq!(Base::WinAnsi.char(b'\''), Some('\''));
    assert_eq!(Base::Standard.char(b'\''), Some('’'));
    assert_eq!(Base::Standard.char(0xAE), Some('ﬁ'));
    assert_eq!(Base::Standard.char(0xE9), Some('Ø'));
    assert_eq!(Base::MacRoman.char(0x8E), Some('é'));
    assert_eq!(Base::MacRoman.char(0xD2), Some('“'));
    assert_eq!(Base::MacRoman.char(0xFF), Some('ˇ'));
    assert_eq!(Base::Unknown.char(b'A'), None);
}

#[test]
fn glyph_names_read_the_common_list_and_uni_names() {
    let text = |name: &str| glyph_text(name.as_bytes());
    for (name, expected) in [
        ("A", "A"),
        ("space", " "),
        ("at", "@"),
        ("grave", "`"),
        ("asciitilde", "~"),
        ("Euro", "€"),
        ("quotedblright", "”"),
        ("exclamdown", "¡"),
        ("ydieresis", "ÿ"),
        ("fi", "fi"),
        ("ffl", "ffl"),
        ("bullet", "•"),
        ("emdash", "—"),
        ("uni20AC", "€"),
        ("uni00660069", "fi"),
        ("uniD83DDE00", "\u{1F600}"),
        ("u1F600", "\u{1F600}"),
        ("f_i", "fi"),
        ("a.sc", "a"),
        ("one.oldstyle", "1"),
    ] {
        assert_eq!(text(name).as_deref(), Some(expected), "{name}");
    }
    for name in ["g17", "glyph42", "cid123", "a1", "", ".notdef", "uniXYZW", "uni123", "-"] {
        assert_eq!(text(name), None, "{name}");
    }
}
