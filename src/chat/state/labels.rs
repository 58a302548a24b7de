//! A reply's own controls (Copy code, Load image, a citation's name…) named in
//! the interface's language: the [`Labels`] `hearth_core::markdown` writes
//! replies with. What the model wrote is never translated.

use hearth_core::markdown::Labels;

use crate::i18n::{Arg, tr, tr_with};

/// The labels of the interface's language (see the module).
pub(crate) struct Translated;

/// The labels every reply is rendered with.
pub(crate) static LABELS: Translated = Translated;

impl Labels for Translated {
    fn copy_code(&self) -> &str {
        tr("Copy code")
    }

    fn show_diagram(&self) -> &str {
        tr("Show diagram")
    }

    fn unnamed_code(&self) -> &str {
        tr("code")
    }

    fn code_name(&self, language: Option<&str>) -> String {
        match language {
            Some(language) => {
                tr_with("reply-code-named", &[("language", Arg::Text(language))], || format!("{language} code"))
            }
            None => tr("Code").to_owned(),
        }
    }

    fn load_image(&self) -> &str {
        tr("Load image")
    }

    fn load_image_name(&self, label: &str, host: &str) -> String {
        tr_with("reply-load-image-name", &[("label", Arg::Text(label)), ("host", Arg::Text(host))], || {
            format!("Load image {label} from {host}")
        })
    }

    fn load_image_compact(&self, label: &str, host: &str) -> String {
        tr_with("reply-load-image-compact", &[("label", Arg::Text(label)), ("host", Arg::Text(host))], || {
            format!("Load image: {label} ({host})")
        })
    }

    fn image_not_loaded(&self) -> &str {
        tr("(image not loaded)")
    }

    fn app_code(&self) -> &str {
        tr("App code")
    }

    fn source(&self, number: u32) -> String {
        tr_with("reply-source", &[("number", Arg::Number(f64::from(number)))], || format!("Source {number}"))
    }
}
