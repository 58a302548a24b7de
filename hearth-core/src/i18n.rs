//! The interface's languages: which one a browser's preferences choose, and
//! the Fluent catalogues (`locales/<tag>.ftl`) that translate it.
//!
//! English is the source: the shell's code holds the English texts, and
//! `locales/en.ftl` names each of them with a message id for translators. A
//! [`Catalogue`] reads the English file and one language's file and answers
//! two questions: the translation of a plain English text (a message without
//! placeables), and a message formatted with arguments (plurals by the
//! language's rules, numbers with its separators). Model output and the user's
//! own text never pass through here.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_bundle::types::FluentNumberOptions;
use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast::{Entry, Pattern, PatternElement};
use intl_memoizer::{IntlLangMemoizer, Memoizable};
use unic_langid::LanguageIdentifier;

/// One language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Language {
    /// Its BCP 47 tag, which is also its catalogue's file name (`<tag>.ftl`).
    pub tag: &'static str,
    /// Its name in itself, as the language picker lists it.
    pub name: &'static str,
    /// Written right to left: the layout is mirrored.
    pub rtl: bool,
}

/// English, the source language: it needs no catalogue.
pub const ENGLISH: Language = Language { tag: "en", name: "English", rtl: false };

/// The pseudo-locale for translators and layout checks: English with every
/// letter accented and each text 40 % longer, from `en.ftl`.
pub const PSEUDO: Language = Language { tag: "en-XA", name: "[Ƥšéûđö]", rtl: false };

/// Every language of the interface, English first, the pseudo-locale last.
pub const LANGUAGES: &[Language] = &[
    ENGLISH,
    Language { tag: "zh-CN", name: "简体中文", rtl: false },
    Language { tag: "ja", name: "日本語", rtl: false },
    Language { tag: "ko", name: "한국어", rtl: false },
    Language { tag: "es", name: "Español", rtl: false },
    Language { tag: "fr", name: "Français", rtl: false },
    Language { tag: "de", name: "Deutsch", rtl: false },
    Language { tag: "pt-BR", name: "Português (Brasil)", rtl: false },
    Language { tag: "ar", name: "العربية", rtl: true },
    PSEUDO,
];

/// The language with this exact tag, if the interface has it.
pub fn language(tag: &str) -> Option<Language> {
    LANGUAGES.iter().copied().find(|language| language.tag == tag)
}

/// The interface's language for a browser's preferred languages
/// (`navigator.languages`, most preferred first): the first that the
/// interface has, matched on the language subtag (`de-AT` is German, `pt` and
/// `pt-PT` Portuguese (Brazil)); Chinese only when it is written in Simplified
/// characters (`zh`, `zh-CN`, `zh-SG`, `zh-Hans…`); English when none matches.
/// The pseudo-locale is never chosen this way.
pub fn negotiate<S: AsRef<str>>(preferred: &[S]) -> Language {
    preferred.iter().find_map(|tag| matching(tag.as_ref())).unwrap_or(ENGLISH)
}

fn matching(tag: &str) -> Option<Language> {
    let lower = tag.trim().to_ascii_lowercase();
    let mut parts = lower.split(['-', '_']);
    let primary = parts.next().unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    let found = match primary {
        "zh" => {
            let traditional = rest.iter().any(|part| matches!(*part, "hant" | "tw" | "hk" | "mo"));
            (!traditional).then_some("zh-CN")
        }
        "pt" => Some("pt-BR"),
        "en" | "ja" | "ko" | "es" | "fr" | "de" | "ar" => Some(primary),
        _ => None,
    };
    found.and_then(language)
}

/// A catalogue could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    /// The tag is not one of [`LANGUAGES`].
    #[error("Hearth has no language \"{0}\".")]
    UnknownLanguage(String),
    /// A catalogue file has Fluent syntax errors (the first few listed).
    #[error("The {file} catalogue has errors: {errors}")]
    Syntax {
        /// `en.ftl` or the language's file.
        file: String,
        /// The parser's messages, joined.
        errors: String,
    },
}

/// An argument of a formatted message.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg<'a> {
    /// A number: it selects the plural form and is shown with the language's separators.
    Number(f64),
    /// A text shown as it is (a name, or a date or size already written by the browser's `Intl`).
    Text(&'a str),
}

/// One language's translations of the interface.
pub struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    /// The id of each plain English message, by its English text.
    ids: HashMap<String, String>,
}

impl std::fmt::Debug for Catalogue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogue").field("locales", &self.bundle.locales).finish_non_exhaustive()
    }
}

impl Catalogue {
    /// Reads a language's catalogue (`source`, its `<tag>.ftl`) beside the
    /// English one (`english`, `en.ftl`). For the pseudo-locale `source` is
    /// not read: its texts are made from the English ones.
    pub fn new(tag: &str, source: &str, english: &str) -> Result<Self, CatalogueError> {
        let language = language(tag).ok_or_else(|| CatalogueError::UnknownLanguage(tag.to_owned()))?;
        let english_resource = resource("en.ftl", english)?;
        let ids = plain_messages(&english_resource).into_iter().map(|(id, text)| (text, id)).collect();
        let pseudo = language == PSEUDO;
        let (resource, file) = if pseudo {
            (english_resource, "en.ftl".to_owned())
        } else {
            let file = format!("{tag}.ftl");
            (resource(&file, source)?, file)
        };
        let locale: LanguageIdentifier = tag.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new(vec![locale]);
        // The shell's texts are whole lines of a widget: no isolation marks
        // around placeables (they would show up in copied text and tests).
        bundle.set_use_isolating(false);
        bundle.set_formatter(Some(format_number));
        if pseudo {
            bundle.set_transform(Some(pseudo_text));
        }
        bundle.add_resource(resource).map_err(|errors| CatalogueError::Syntax {
            file,
            errors: errors.iter().take(3).map(ToString::to_string).collect::<Vec<_>>().join("; "),
        })?;
        Ok(Self { bundle, ids })
    }

    /// Every plain English text this catalogue translates, with its translation.
    pub fn texts(&self) -> Vec<(String, String)> {
        self.ids.iter().filter_map(|(english, id)| Some((english.clone(), self.format(id, &[])?))).collect()
    }

    /// The message `id` formatted with `args`, or `None` when the catalogue
    /// lacks it or it does not format cleanly (the shell then shows English).
    pub fn format(&self, id: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut fluent_args = FluentArgs::new();
        for (name, arg) in args {
            let value = match *arg {
                Arg::Number(number) => FluentValue::from(number),
                Arg::Text(text) => FluentValue::from(text.to_owned()),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = self.bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        errors.is_empty().then(|| text.into_owned())
    }
}

fn resource(file: &str, source: &str) -> Result<FluentResource, CatalogueError> {
    FluentResource::try_new(source.to_owned()).map_err(|(_, errors)| CatalogueError::Syntax {
        file: file.to_owned(),
        errors: errors
            .iter()
            .take(3)
            .map(|error| format!("{:?} at {:?}", error.kind, error.pos))
            .collect::<Vec<_>>()
            .join("; "),
    })
}

/// The messages of a catalogue whose value is plain text (no placeables), as
/// `(id, text)`.
pub fn plain_messages(resource: &FluentResource) -> Vec<(String, String)> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            Entry::Message(message) => {
                let text = plain_text(message.value.as_ref()?)?;
                Some((message.id.name.to_owned(), text))
            }
            _ => None,
        })
        .collect()
}

fn plain_text(pattern: &Pattern<&str>) -> Option<String> {
    let mut text = String::new();
    for element in &pattern.elements {
        match element {
            PatternElement::TextElement { value } => text.push_str(value),
            PatternElement::Placeable { .. } => return None,
        }
    }
    Some(text)
}

/// How a language writes numbers: its digits, and its group and decimal separators.
struct NumberStyle {
    group: &'static str,
    decimal: &'static str,
    /// Arabic-Indic digits (`٠`–`٩`) instead of `0`–`9`.
    arabic_digits: bool,
    /// The fewest digits before the decimal point that get a group separator
    /// (5 in Spanish: "1000" but "10 000").
    grouping_from: usize,
}

impl Memoizable for NumberStyle {
    type Args = ();
    type Error = ();

    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Self, ()> {
        let style =
            |group, decimal, arabic_digits, grouping_from| NumberStyle { group, decimal, arabic_digits, grouping_from };
        Ok(match lang.language.as_str() {
            "de" | "pt" => style(".", ",", false, 4),
            "es" => style(".", ",", false, 5),
            "fr" => style("\u{202f}", ",", false, 4),
            "ar" => style("٬", "٫", true, 4),
            _ => style(",", ".", false, 4),
        })
    }
}

impl NumberStyle {
    fn write(&self, number: f64, options: &FluentNumberOptions) -> String {
        let plain = FluentValue::Number(fluent_bundle::types::FluentNumber::new(number, options.clone()));
        let written = match plain {
            FluentValue::Number(number) => number.as_string().into_owned(),
            _ => return String::new(),
        };
        let (sign, unsigned) = written.strip_prefix('-').map_or(("", written.as_str()), |rest| ("-", rest));
        let (whole, fraction) =
            unsigned.split_once('.').map_or((unsigned, None), |(whole, fraction)| (whole, Some(fraction)));
        let mut out = String::from(sign);
        let grouped = whole.len() >= self.grouping_from;
        for (index, digit) in whole.chars().enumerate() {
            if grouped && index > 0 && (whole.len() - index) % 3 == 0 {
                out.push_str(self.group);
            }
            out.push(digit);
        }
        if let Some(fraction) = fraction {
            out.push_str(self.decimal);
            out.push_str(fraction);
        }
        if self.arabic_digits {
            out = out.chars().map(|c| c.to_digit(10).and_then(|d| char::from_u32(0x0660 + d)).unwrap_or(c)).collect();
        }
        out
    }
}

/// The bundle's formatter: numbers with the language's digits and separators.
fn format_number(value: &FluentValue<'_>, intls: &IntlLangMemoizer) -> Option<String> {
    match value {
        FluentValue::Number(number) => {
            intls.with_try_get::<NumberStyle, _, _>((), |style| style.write(number.value, &number.options)).ok()
        }
        _ => None,
    }
}

/// The pseudo-locale's text: each ASCII letter accented, then padded to 40 %
/// longer with `·`, inside `⟦ ⟧` so a clipped end shows.
pub fn pseudo_text(text: &str) -> Cow<'_, str> {
    if text.trim().is_empty() {
        return Cow::Borrowed(text);
    }
    const FROM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const TO: &str = "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ";
    let accented: String =
        text.chars().map(|c| FROM.find(c).and_then(|index| TO.chars().nth(index)).unwrap_or(c)).collect();
    let length = text.chars().count();
    let padding = (length * 2).div_ceil(5).saturating_sub(2);
    Cow::Owned(format!("⟦{accented}{}⟧", "·".repeat(padding)))
}

#[cfg(test)]
mod tests;
