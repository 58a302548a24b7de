//! The words the rendered markup writes on its own controls and names (a code
//! block's Copy code, an image's Load image, a citation's name…), in the
//! interface's language: the shell gives its translations, [`English`] is the
//! source. What the markdown itself says is never translated.

use std::fmt;

/// What the markup calls its controls and parts. Every text is written
/// escaped, so a translation may hold any character.
pub trait Labels {
    /// A code block's Copy code button (its text and name).
    fn copy_code(&self) -> &str;
    /// A mermaid block's Show diagram button.
    fn show_diagram(&self) -> &str;
    /// A code block's header when its fence names no language.
    fn unnamed_code(&self) -> &str;
    /// The name of a code block's scroller: code in `language`.
    fn code_name(&self, language: &str) -> String;
    /// The name of the scroller of a code block whose fence names no language.
    fn unnamed_code_name(&self) -> &str;
    /// The Load image button beside an image's placeholder.
    fn load_image(&self) -> &str;
    /// The Load image button's name: the image `label` from `host`.
    fn load_image_name(&self, label: &str, host: &str) -> String;
    /// The text of the Load image button that is the whole placeholder (in a link, a table).
    fn load_image_compact(&self, label: &str, host: &str) -> String;
    /// An image placeholder's note when the image cannot be loaded.
    fn image_not_loaded(&self) -> &str;
    /// The summary of an app agent's code callout.
    fn app_code(&self) -> &str;
    /// The name of citation mark `number`.
    fn source(&self, number: u32) -> String;
}

/// The labels in English, the interface's source language.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct English;

impl Labels for English {
    fn copy_code(&self) -> &str {
        "Copy code"
    }

    fn show_diagram(&self) -> &str {
        "Show diagram"
    }

    fn unnamed_code(&self) -> &str {
        "code"
    }

    fn code_name(&self, language: &str) -> String {
        format!("{language} code")
    }

    fn unnamed_code_name(&self) -> &str {
        "Code"
    }

    fn load_image(&self) -> &str {
        "Load image"
    }

    fn load_image_name(&self, label: &str, host: &str) -> String {
        format!("Load image {label} from {host}")
    }

    fn load_image_compact(&self, label: &str, host: &str) -> String {
        format!("Load image: {label} ({host})")
    }

    fn image_not_loaded(&self) -> &str {
        "(image not loaded)"
    }

    fn app_code(&self) -> &str {
        "App code"
    }

    fn source(&self, number: u32) -> String {
        format!("Source {number}")
    }
}

/// The labels a streaming document is written with (`Copy`, [`English`] by default).
#[derive(Clone, Copy)]
pub(super) struct LabelsRef(pub(super) &'static dyn Labels);

impl Default for LabelsRef {
    fn default() -> Self {
        Self(&English)
    }
}

impl fmt::Debug for LabelsRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Labels")
    }
}
