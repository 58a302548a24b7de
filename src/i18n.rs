//! The interface's language. English is in the code: every text a person
//! reads is written in English where it is shown, through [`tr`] (a plain
//! text) or [`tr_with`] (a message with arguments), and `locales/en.ftl`
//! names each for translators (`scripts/i18n-check.mjs` keeps the two in
//! step). Another language's catalogue and the Fluent code that reads it are
//! loaded on demand, before the app mounts ([`start`]): the `i18n` chunk and
//! `locales/<tag>.ftl`. English costs the first load only the lookups.
//!
//! The choice is this device's (Settings → Language, kept by
//! `crate::io::language`); without one, the browser's preferred languages
//! choose (`hearth_core::i18n::negotiate`). Changing it reloads the page.
//! Model output and the user's own text are never translated.

use std::cell::{Cell, OnceCell, RefCell};
use std::future::Future;
use std::pin::Pin;

pub(crate) use hearth_core::i18n::Arg;
use hearth_core::i18n::{self, Catalogue, Language};

use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::language;

/// A message's arguments, by name.
type Args<'a> = [(&'a str, Arg<'a>)];

/// The `i18n` chunk's code that the first load calls once a language is
/// installed: plain function pointers into the chunk (a boxed closure's
/// vtable would keep Fluent's formatting in the first load).
struct I18nCode {
    /// Formats a message of the installed catalogue: `(id, args)`, `None`
    /// when it lacks the message.
    format: fn(&str, &Args<'_>) -> Option<String>,
}

thread_local! {
    /// The installed language's plain texts, `(English, translation)`, sorted by English.
    static TEXTS: Cell<&'static [(&'static str, &'static str)]> = const { Cell::new(&[]) };
    /// The installed catalogue's code.
    static CODE: OnceCell<&'static I18nCode> = const { OnceCell::new() };
    /// The interface's language.
    static CURRENT: Cell<Language> = const { Cell::new(i18n::ENGLISH) };
    /// Why the wanted language could not be installed, for Settings to say.
    static FAILED: RefCell<Option<LoadError>> = const { RefCell::new(None) };
}

/// `english` in the interface's language (itself when English, or when the
/// catalogue lacks it).
pub(crate) fn tr(english: &'static str) -> &'static str {
    let texts = TEXTS.with(Cell::get);
    match texts.binary_search_by(|(source, _)| (*source).cmp(english)) {
        Ok(found) => texts[found].1,
        Err(_) => english,
    }
}

/// The message `id` (of `locales/en.ftl`) with `args`, in the interface's
/// language; `english` writes it when the language is English or the
/// catalogue lacks it.
#[inline]
pub(crate) fn tr_with(id: &str, args: &[(&str, Arg<'_>)], english: impl FnOnce() -> String) -> String {
    translated(id, args).unwrap_or_else(english)
}

/// The message `id` with `args` from the installed catalogue, if one is and
/// has it. Not generic and never inlined: the many callers of [`tr_with`]
/// share this one copy.
#[inline(never)]
fn translated(id: &str, args: &[(&str, Arg<'_>)]) -> Option<String> {
    CODE.with(|code| code.get().and_then(|code| (code.format)(id, args)))
}

/// The interface's language.
pub(crate) fn current() -> Language {
    CURRENT.with(Cell::get)
}

/// Why the wanted language is not shown, when it could not be installed.
pub(crate) fn failure() -> Option<LoadError> {
    FAILED.with(|failed| failed.borrow().clone())
}

/// The language this device shows: the one chosen in Settings, else the
/// browser's preferred one that Hearth has, else English.
pub(crate) fn wanted() -> Language {
    language::chosen().and_then(|tag| i18n::language(&tag)).unwrap_or_else(|| i18n::negotiate(&language::preferred()))
}

/// Installs the wanted language, then calls `mount`. English mounts at once;
/// another language first loads its catalogue and the `i18n` chunk (should
/// either fail, the interface stays English and Settings says why: [`failure`]).
pub(crate) fn start(mount: impl FnOnce() + 'static) {
    let wanted = wanted();
    if wanted == i18n::ENGLISH {
        language::mark_document(wanted.tag, wanted.rtl);
        mount();
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let loaded = match loader(wanted).await {
            Ok(loading) => loading.await,
            Err(error) => Err(LoadError::Chunk(error)),
        };
        match loaded {
            Ok(code) => {
                CODE.with(|cell| {
                    let _ = cell.set(code);
                });
                CURRENT.with(|current| current.set(wanted));
                language::mark_document(wanted.tag, wanted.rtl);
            }
            Err(why) => {
                FAILED.with(|failed| *failed.borrow_mut() = Some(why));
                language::mark_document(i18n::ENGLISH.tag, i18n::ENGLISH.rtl);
            }
        }
        mount();
    });
}

/// A language being loaded by the `i18n` chunk: its code once installed, or
/// why not.
type Loading = Pin<Box<dyn Future<Output = Result<&'static I18nCode, LoadError>>>>;

/// Loads `wanted` (in the `i18n` chunk: the catalogues' fetch, Fluent).
#[wasm_split(i18n, fallible)]
fn loader(wanted: Language) -> Result<Loading, ChunkError> {
    Ok(Box::pin(load(wanted)))
}

/// Why a language could not be installed (shown in Settings → Language, whose
/// code alone writes it out).
#[derive(Debug, Clone)]
pub(crate) enum LoadError {
    /// The `i18n` chunk could not be loaded.
    Chunk(ChunkError),
    /// A catalogue file (its tag) could not be fetched.
    Fetch(&'static str, language::CatalogueFetchError),
    /// A catalogue would not read.
    Catalogue(i18n::CatalogueError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Fetch(tag, failure) => write!(f, "its catalogue ({tag}.ftl) could not be fetched: {failure}."),
            Self::Catalogue(error) => write!(f, "{error}"),
            Self::Chunk(error) => write!(f, "{error}"),
        }
    }
}

async fn load(wanted: Language) -> Result<&'static I18nCode, LoadError> {
    let english = language::fetch_catalogue("en").await.map_err(|error| LoadError::Fetch("en", error))?;
    // The pseudo-locale is made from the English catalogue.
    let source = if wanted == i18n::PSEUDO {
        String::new()
    } else {
        language::fetch_catalogue(wanted.tag).await.map_err(|error| LoadError::Fetch(wanted.tag, error))?
    };
    install(wanted.tag, &source, &english).map_err(LoadError::Catalogue)
}

thread_local! {
    /// The installed catalogue, which only the `i18n` chunk's code reads.
    static CATALOGUE: OnceCell<Catalogue> = const { OnceCell::new() };
}

/// Reads the catalogue (with Fluent), installs its plain texts, and returns
/// the code that formats its other messages.
fn install(tag: &str, source: &str, english: &str) -> Result<&'static I18nCode, i18n::CatalogueError> {
    static INSTALLED: I18nCode = I18nCode {
        format: |id, args| CATALOGUE.with(|catalogue| catalogue.get().and_then(|catalogue| catalogue.format(id, args))),
    };
    let catalogue = Catalogue::new(tag, source, english)?;
    let mut texts: Vec<(&'static str, &'static str)> =
        catalogue.texts().into_iter().map(|(english, translated)| (&*english.leak(), &*translated.leak())).collect();
    texts.sort_unstable_by(|a, b| a.0.cmp(b.0));
    TEXTS.with(|cell| cell.set(texts.leak()));
    CATALOGUE.with(|cell| {
        let _ = cell.set(catalogue);
    });
    Ok(&INSTALLED)
}
