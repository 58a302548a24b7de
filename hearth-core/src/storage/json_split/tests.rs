//! Splitting JSON text: an object's fields and a list's items found as their text,
//! and a structure that does not hold together refused.

use super::*;

#[test]
fn an_object_s_fields_are_its_values_text() {
    let text = r#" { "format" : "hearth-backup", "n":1.5e3, "ok":true,"none":null,
        "list": [ {"a": "}]\"[{"}, [1, [2]], "x" ], "esc\"aped": "é \\" } "#;
    let found = fields(text).expect("splits");
    let keys: Vec<&str> = found.iter().map(|field| field.key.as_str()).collect();
    assert_eq!(keys, ["format", "n", "ok", "none", "list", "esc\"aped"]);
    let values: Vec<&str> = found.iter().map(|field| field.text).collect();
    assert_eq!(values[..4], [r#""hearth-backup""#, "1.5e3", "true", "null"]);
    assert_eq!(values[5], r#""é \\""#);
    let list = [r#"{"a": "}]\"[{"}"#, "[1, [2]]", r#""x""#];
    assert_eq!(found[4].items.as_deref(), Some(&list[..]), "a list's items, found with it");
    assert!(found.iter().filter(|field| field.key != "list").all(|field| field.items.is_none()));
    assert_eq!(items(values[4]), Ok(list.to_vec()));
    // Every piece parses as what it was in the whole.
    let whole: serde_json::Value = serde_json::from_str(text).expect("valid JSON");
    for field in &found {
        assert_eq!(
            serde_json::from_str::<serde_json::Value>(field.text).ok().as_ref(),
            whole.get(&field.key),
            "{}",
            field.key
        );
    }
}

#[test]
fn empty_ones_and_other_values() {
    assert_eq!(fields("{}"), Ok(Vec::new()));
    assert_eq!(fields(" {\n} "), Ok(Vec::new()));
    assert_eq!(items("[]"), Ok(Vec::<&str>::new()));
    assert_eq!(items("[ 1 ]"), Ok(vec!["1"]));
    assert_eq!(items(" [ [], {} ] "), Ok(vec!["[]", "{}"]));
    assert_eq!(fields("[]"), Err(SplitError::OtherValue));
    assert_eq!(fields("\"text\""), Err(SplitError::OtherValue));
    assert_eq!(items("{}"), Err(SplitError::OtherValue));
    assert_eq!(items("5"), Err(SplitError::OtherValue));
}

/// What does not hold together is refused, never split wrongly nor panicking.
#[test]
fn a_broken_structure_is_refused() {
    for text in [
        "",
        "   ",
        "{",
        r#"{"a""#,
        r#"{"a":"#,
        r#"{"a":1"#,
        r#"{"a":1,}"#,
        r#"{"a" 1}"#,
        r#"{a:1}"#,
        r#"{"a":}"#,
        r#"{"a":1} x"#,
        r#"{"a":"unterminated}"#,
        r#"{"a":[1,2}"#,
        r#"{"a":1}}"#,
        r#"{"é":"#,
    ] {
        assert_eq!(fields(text), Err(SplitError::Malformed), "{text:?}");
    }
    for text in ["[", "[1", "[1,", "[1,]", "[,1]", "[1 2]", "[1]]", "[{]", r#"["x]"#] {
        assert_eq!(items(text), Err(SplitError::Malformed), "{text:?}");
    }
}

/// The word-at-a-time search finds what a byte-by-byte one does: the first
/// quote or backslash at every place in and across the words, after bytes of
/// every value (UTF-8's high ones too, and the neighbours of `"` and `\`).
#[test]
fn a_quote_or_backslash_is_found_wherever_it_stands() {
    let naive = |bytes: &[u8]| bytes.iter().position(|&byte| byte == b'"' || byte == b'\\');
    let fillers: [u8; 8] = [b'a', 0x00, 0x21, 0x23, 0x5b, 0x5d, 0x80, 0xff];
    for filler in fillers {
        for len in 0..40 {
            let plain = vec![filler; len];
            assert_eq!(super::quote_or_backslash(&plain), None, "{filler:#x} × {len}");
            for at in 0..len {
                for found in [b'"', b'\\'] {
                    let mut bytes = plain.clone();
                    bytes[at] = found;
                    if at + 3 < len {
                        bytes[at + 3] = b'"';
                    }
                    assert_eq!(
                        super::quote_or_backslash(&bytes),
                        naive(&bytes),
                        "{filler:#x} × {len}, {found} at {at}"
                    );
                }
            }
        }
    }
    let text = "«Un texte» with \u{201c}quotes\u{201d} and a \\\"real\\\" one".as_bytes();
    assert_eq!(super::quote_or_backslash(text), naive(text));
}
