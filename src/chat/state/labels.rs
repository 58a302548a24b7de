//! A reply's own controls (Copy code, Load image, a citation's name…) named in
//! the interface's language: the [`Labels`] `hearth_core::markdown` writes
//! replies with. The English is the core's [`English`] (also the catalogue's
//! source and what a missing translation falls back to). What the model wrote
//! is never translated.

use hearth_core::markdown::{English, Labels};

use crate::i18n::{Arg, tr, tr_with};

/// The labels of the interface's language (see the module).
pub(crate) struct Translated;

/// The labels every reply is rendered with.
pub(crate) static LABELS: Translated = Translated;

impl Labels for Translated {
    fn copy_code(&self) -> &str {
        tr(English.copy_code())
    }

    fn show_diagram(&self) -> &str {
        tr(English.show_diagram())
    }

    fn unnamed_code(&self) -> &str {
        tr(English.unnamed_code())
    }

    fn code_name(&self, language: &str) -> String {
        tr_with("reply-code-named", &[("language", Arg::Text(language))], || English.code_name(language))
    }

    fn unnamed_code_name(&self) -> &str {
        tr(English.unnamed_code_name())
    }

    fn load_image(&self) -> &str {
        tr(English.load_image())
    }

    fn load_image_name(&self, label: &str, host: &str) -> String {
        tr_with("reply-load-image-name", &[("label", Arg::Text(label)), ("host", Arg::Text(host))], || {
            English.load_image_name(label, host)
        })
    }

    fn load_image_compact(&self, label: &str, host: &str) -> String {
        tr_with("reply-load-image-compact", &[("label", Arg::Text(label)), ("host", Arg::Text(host))], || {
            English.load_image_compact(label, host)
        })
    }

    fn image_not_loaded(&self) -> &str {
        tr(English.image_not_loaded())
    }

    fn app_code(&self) -> &str {
        tr(English.app_code())
    }

    fn source(&self, number: u32) -> String {
        tr_with("reply-source", &[("number", Arg::Number(f64::from(number)))], || English.source(number))
    }
}
