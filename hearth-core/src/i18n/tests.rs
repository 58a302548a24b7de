//! The interface's languages: a browser's choice among them, catalogues read,
//! plurals and numbers per language, the pseudo-locale, and the shipped
//! catalogues (`locales/*.ftl`) complete in every language.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use fluent_syntax::parser;

use super::*;

#[test]
fn a_browser_s_languages_choose_the_first_the_interface_has() {
    assert_eq!(negotiate(&["de-AT", "en"]).tag, "de");
    assert_eq!(negotiate(&["xx", "fr-CA"]).tag, "fr");
    assert_eq!(negotiate(&["pt-PT"]).tag, "pt-BR");
    assert_eq!(negotiate(&["zh-Hans-CN"]).tag, "zh-CN");
    assert_eq!(negotiate(&["zh"]).tag, "zh-CN");
    // Traditional Chinese is not Simplified: the next preference wins.
    assert_eq!(negotiate(&["zh-TW", "ja"]).tag, "ja");
    assert_eq!(negotiate(&["zh-Hant", "ko_KR"]).tag, "ko");
    assert_eq!(negotiate(&["AR-eg"]).tag, "ar");
    assert_eq!(negotiate(&["en-XA"]).tag, "en");
    assert_eq!(negotiate::<&str>(&[]), ENGLISH);
    assert_eq!(negotiate(&["xx", ""]), ENGLISH);
}

#[test]
fn only_arabic_is_written_right_to_left_and_every_tag_is_found() {
    let rtl: Vec<&str> = LANGUAGES.iter().filter(|l| l.rtl).map(|l| l.tag).collect();
    assert_eq!(rtl, ["ar"]);
    for language in LANGUAGES {
        assert_eq!(super::language(language.tag), Some(*language));
    }
    assert_eq!(super::language("xx"), None);
}

const ENGLISH_FTL: &str = "
send = Send
close = Close
files-added = { $n ->
    [one] Added one file.
   *[other] Added { $n } files.
}
tokens = { $n } tokens
";

const FRENCH_FTL: &str = "
send = Envoyer
files-added = { $n ->
    [one] { $n } fichier ajouté.
   *[other] { $n } fichiers ajoutés.
}
tokens = { $n } jetons
";

#[test]
fn plain_texts_are_found_by_their_english() {
    let catalogue = Catalogue::new("fr", FRENCH_FTL, ENGLISH_FTL).expect("catalogue");
    let texts: BTreeMap<String, String> = catalogue.texts().into_iter().collect();
    assert_eq!(texts.get("Send").map(String::as_str), Some("Envoyer"));
    // A message the language lacks is left out: the shell shows the English.
    assert_eq!(texts.get("Close"), None);
    // Messages with placeables are not plain texts.
    assert_eq!(texts.len(), 1);
}

#[test]
fn plurals_follow_the_language_s_rules() {
    let catalogue = Catalogue::new("fr", FRENCH_FTL, ENGLISH_FTL).expect("catalogue");
    // French counts 0 and 1 as "one".
    assert_eq!(catalogue.format("files-added", &[("n", Arg::Number(0.0))]).as_deref(), Some("0 fichier ajouté."));
    assert_eq!(catalogue.format("files-added", &[("n", Arg::Number(1.0))]).as_deref(), Some("1 fichier ajouté."));
    assert_eq!(catalogue.format("files-added", &[("n", Arg::Number(2.0))]).as_deref(), Some("2 fichiers ajoutés."));
    // A missing argument or message is None, never a half-formatted text.
    assert_eq!(catalogue.format("files-added", &[]), None);
    assert_eq!(catalogue.format("no-such-message", &[]), None);
}

#[test]
fn numbers_take_the_language_s_separators_and_digits() {
    let source = "tokens = { $n } tokens";
    let written = |tag: &str, n: f64| {
        Catalogue::new(tag, source, source).expect("catalogue").format("tokens", &[("n", Arg::Number(n))])
    };
    assert_eq!(written("de", 1234567.0).as_deref(), Some("1.234.567 tokens"));
    assert_eq!(written("fr", 12345.0).as_deref(), Some("12\u{202f}345 tokens"));
    assert_eq!(written("es", 1234.0).as_deref(), Some("1234 tokens"));
    assert_eq!(written("es", 12345.0).as_deref(), Some("12.345 tokens"));
    assert_eq!(written("ja", 1234.0).as_deref(), Some("1,234 tokens"));
    assert_eq!(written("ar", 1234.0).as_deref(), Some("١٬٢٣٤ tokens"));
    assert_eq!(written("de", -1234.5).as_deref(), Some("-1.234,5 tokens"));
    assert_eq!(written("de", 999.0).as_deref(), Some("999 tokens"));
}

#[test]
fn text_arguments_are_shown_as_they_are() {
    let source = "saved = Saved { $name }";
    let catalogue = Catalogue::new("de", source, source).expect("catalogue");
    assert_eq!(catalogue.format("saved", &[("name", Arg::Text("{ $x } <b>"))]).as_deref(), Some("Saved { $x } <b>"));
}

#[test]
fn the_pseudo_locale_accents_and_lengthens_english_and_keeps_placeables() {
    let catalogue = Catalogue::new("en-XA", "ignored = {", ENGLISH_FTL).expect("catalogue");
    let texts: BTreeMap<String, String> = catalogue.texts().into_iter().collect();
    let send = texts.get("Send").expect("Send");
    assert_eq!(send, "⟦Šéñđ⟧");
    let close = texts.get("Close").expect("Close");
    assert!(close.chars().count() * 10 >= "Close".len() * 14, "{close}");
    let tokens = catalogue.format("tokens", &[("n", Arg::Number(1234.0))]).expect("tokens");
    assert_eq!(tokens, "1,234⟦ ţöķéñš·⟧");
    assert_eq!(pseudo_text("  "), "  ");
}

#[test]
fn bad_catalogues_are_errors_not_panics() {
    assert!(matches!(Catalogue::new("xx", "", ""), Err(CatalogueError::UnknownLanguage(_))));
    assert!(matches!(Catalogue::new("de", "send = { $", ENGLISH_FTL), Err(CatalogueError::Syntax { .. })));
    assert!(matches!(Catalogue::new("de", "", "send = { $"), Err(CatalogueError::Syntax { .. })));
}

// The shipped catalogues (locales/*.ftl): every language has every message of English,
// no other, with the same arguments, and each formats cleanly.

fn locales_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../locales")
}

fn read_catalogue(tag: &str) -> String {
    let path = locales_dir().join(format!("{tag}.ftl"));
    fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn collect_variables(pattern: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            collect_expression(expression, out);
        }
    }
}

fn collect_expression(expression: &Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            collect_inline(selector, out);
            for variant in variants {
                collect_variables(&variant.value, out);
            }
        }
        Expression::Inline(inline) => collect_inline(inline, out),
    }
}

fn collect_inline(inline: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => collect_expression(expression, out),
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                collect_inline(argument, out);
            }
        }
        _ => {}
    }
}

/// Each message's id and the variables it uses.
fn messages(tag: &str, source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = parser::parse(source).unwrap_or_else(|(_, errors)| panic!("{tag}.ftl does not parse: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let mut variables = BTreeSet::new();
                let value = message.value.unwrap_or_else(|| panic!("{tag}.ftl: {} has no value", message.id.name));
                collect_variables(&value, &mut variables);
                assert!(
                    out.insert(message.id.name.to_owned(), variables).is_none(),
                    "{tag}.ftl: {} twice",
                    message.id.name
                );
            }
            Entry::Junk { content } => panic!("{tag}.ftl has a line that is not Fluent: {content}"),
            _ => {}
        }
    }
    out
}

#[test]
fn every_language_has_every_message_of_english_with_the_same_arguments() {
    let english_source = read_catalogue("en");
    let english = messages("en", &english_source);
    assert!(english.len() > 50, "en.ftl has {} messages", english.len());
    for language in LANGUAGES.iter().filter(|l| **l != ENGLISH && **l != PSEUDO) {
        let source = read_catalogue(language.tag);
        let translated = messages(language.tag, &source);
        let missing: Vec<&String> = english.keys().filter(|id| !translated.contains_key(*id)).collect();
        let extra: Vec<&String> = translated.keys().filter(|id| !english.contains_key(*id)).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}.ftl: missing {missing:?}, not in English {extra:?}",
            language.tag
        );
        for (id, variables) in &english {
            assert_eq!(&translated[id], variables, "{}.ftl: {id} uses other arguments than English", language.tag);
        }
        let catalogue = Catalogue::new(language.tag, &source, &english_source).expect("catalogue");
        for (id, variables) in &english {
            for n in [0.0, 1.0, 2.0, 5.0, 21.0, 1234.0] {
                let args: Vec<(&str, Arg<'_>)> = variables.iter().map(|name| (name.as_str(), Arg::Number(n))).collect();
                let text = catalogue.format(id, &args);
                assert!(
                    text.as_deref().is_some_and(|t| !t.trim().is_empty()),
                    "{}.ftl: {id} does not format with {n}",
                    language.tag
                );
            }
        }
    }
}

#[test]
fn english_plain_texts_are_distinct() {
    // The shell finds a plain text's translation by its English: two ids with
    // the same English would be one text.
    let resource = FluentResource::try_new(read_catalogue("en")).expect("en.ftl parses");
    let mut seen = BTreeMap::new();
    for (id, text) in plain_messages(&resource) {
        if let Some(other) = seen.insert(text.clone(), id.clone()) {
            panic!("en.ftl: {other} and {id} are both \"{text}\"");
        }
    }
}
