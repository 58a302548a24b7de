//! What a file added to a knowledge base is, decided from its name and its
//! first bytes before anything else is read, or why it is refused.
//!
//! The kind comes from the name's extension (case-insensitive): Markdown,
//! plain text, HTML, PDF, Word (DOCX) or source code in one of the common
//! languages. The first bytes then confirm it: a PDF starts with `%PDF-`, a
//! DOCX is a ZIP archive (`PK\x03\x04`), and a text kind holds no NUL byte
//! and is valid UTF-8 (a multi-byte character cut by the end of the head is
//! fine). Sizes are checked here too: an empty file and one over
//! [`MAX_FILE_BYTES`] are refused before they are read.
//!
//! [`Refusal`] is every reason a file may be left out of a base, here and in
//! the later steps (a DOCX whose archive would inflate too far, a PDF that is
//! encrypted, a file that yields no text, a duplicate); its [`Refusal::code`]
//! is a stable name for the interface's translated message.

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::format::pdf_text::{MAX_INFLATED, PdfTextError};
use crate::format::zip::ReadError;

/// The largest file a base takes: 64 MiB.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The most files one base holds.
pub const MAX_FILES_PER_BASE: u32 = 10_000;
/// How many of a file's first bytes [`detect`] wants to see (it works with
/// fewer; more are not looked at beyond the checks' needs).
pub const HEAD_BYTES: usize = 8 * 1024;

/// What a file is, for how its text is read and split.
///
/// Serialized with a `kind` tag: `{"kind":"markdown"}`,
/// `{"kind":"code","language":"rs"}`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FileKind {
    /// Markdown (`.md`, `.markdown`, `.mdx`).
    Markdown,
    /// Plain text (`.txt`, `.log`, `.csv`, `.rst`...).
    Text,
    /// An HTML page (`.html`, `.htm`, `.xhtml`).
    Html,
    /// A PDF document: its text is extracted page by page.
    Pdf,
    /// A Word document (Office Open XML): a ZIP archive whose
    /// `word/document.xml` holds the text.
    Docx,
    /// Source code.
    Code {
        /// The language, as the file's extension in lower case (`rs`, `py`).
        language: String,
    },
}

/// Why a file is not in a knowledge base.
///
/// Serialized with a `why` tag: `{"why":"too_large","size":…,"limit":…}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum Refusal {
    /// The file is larger than a base takes.
    #[error("the file is {size} bytes, more than the {limit} bytes a knowledge base takes")]
    TooLarge {
        /// The file's size in bytes.
        size: u64,
        /// The most a file may be.
        limit: u64,
    },
    /// A file named as text whose bytes are not text (NUL bytes, or not UTF-8).
    #[error("the file is not text")]
    Binary,
    /// A kind of file that is not read (by its extension; empty when it has none).
    #[error("files of this kind ({extension}) are not read")]
    Unsupported {
        /// The extension in lower case, without the dot; empty when none.
        extension: String,
    },
    /// The file has no bytes.
    #[error("the file is empty")]
    Empty,
    /// An encrypted PDF or Word document.
    #[error("the file is encrypted")]
    Encrypted,
    /// The file is damaged, or not what its name says.
    #[error("the file is damaged: {detail}")]
    Malformed {
        /// What is wrong, in English, for a log or a tooltip.
        detail: String,
    },
    /// A Word document whose archive would inflate to more than is read.
    #[error("the document would unpack to too much data")]
    ZipBomb,
    /// Nothing to search was found in the file (a scanned PDF, an empty document).
    #[error("no text was found in the file")]
    NoText,
    /// The same bytes are already in the base.
    #[error("the same file is already in the base as {of}")]
    Duplicate {
        /// The name of the file already there.
        of: String,
    },
    /// The base already holds as many files as it may.
    #[error("a knowledge base holds at most {limit} files")]
    TooManyFiles {
        /// The most files a base holds.
        limit: u32,
    },
    /// A file another device added whose bytes have not come (yet) by sync.
    #[error("its bytes have not come from the other device")]
    NotArrived,
}

impl Refusal {
    /// A stable snake_case name for the reason, the same as its serialized
    /// `why` tag: what the interface's translated messages are keyed by.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::TooLarge { .. } => "too_large",
            Refusal::Binary => "binary",
            Refusal::Unsupported { .. } => "unsupported",
            Refusal::Empty => "empty",
            Refusal::Encrypted => "encrypted",
            Refusal::Malformed { .. } => "malformed",
            Refusal::ZipBomb => "zip_bomb",
            Refusal::NoText => "no_text",
            Refusal::NotArrived => "not_arrived",
            Refusal::Duplicate { .. } => "duplicate",
            Refusal::TooManyFiles { .. } => "too_many_files",
        }
    }

    /// A [`Refusal::Malformed`] saying `detail`.
    pub fn malformed(detail: impl Into<String>) -> Refusal {
        Refusal::Malformed { detail: detail.into() }
    }
}

impl From<PdfTextError> for Refusal {
    /// Why a PDF's text could not be read, as the reason the file is refused.
    fn from(error: PdfTextError) -> Refusal {
        match error {
            PdfTextError::Encrypted => Refusal::Encrypted,
            PdfTextError::NoText => Refusal::NoText,
            // More compressed data than is inflated came before any text:
            // the limit is what may be inflated.
            PdfTextError::TooLarge => {
                let limit = u64::try_from(MAX_INFLATED).unwrap_or(u64::MAX);
                Refusal::TooLarge { size: limit, limit }
            }
            PdfTextError::NotPdf | PdfTextError::Damaged => Refusal::malformed(error.to_string()),
        }
    }
}

impl From<ReadError> for Refusal {
    /// Why a Word document's archive could not be read.
    fn from(error: ReadError) -> Refusal {
        Refusal::malformed(error.to_string())
    }
}

/// Whether files of `kind` are read as text as they are (Markdown, plain
/// text, HTML, code), rather than extracted from a container (PDF, DOCX).
pub fn is_text_kind(kind: &FileKind) -> bool {
    match kind {
        FileKind::Markdown | FileKind::Text | FileKind::Html | FileKind::Code { .. } => true,
        FileKind::Pdf | FileKind::Docx => false,
    }
}

/// The extensions read as source code (the language is the extension).
const CODE_EXTENSIONS: &[&str] = &[
    "rs", "py", "js", "mjs", "cjs", "ts", "tsx", "jsx", "go", "java", "kt", "swift", "c", "h", "cpp", "cc", "hpp",
    "cs", "rb", "php", "sh", "bash", "sql", "css", "scss", "toml", "yaml", "yml", "json", "xml", "lua", "r", "scala",
    "dart", "zig", "hs", "ex", "exs", "clj", "vue", "svelte",
];

/// The extension of `name`'s last path part, in lower case, without the dot:
/// empty when there is none (`README`, `.bashrc`, `notes.`).
fn extension(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    match base.rfind('.') {
        Some(dot) if dot > 0 => base.get(dot + 1..).unwrap_or_default().to_lowercase(),
        _ => String::new(),
    }
}

/// The kind named by `extension` (lower case), if one is read.
fn kind_of(extension: &str) -> Option<FileKind> {
    let kind = match extension {
        "md" | "markdown" | "mdx" => FileKind::Markdown,
        "txt" | "text" | "log" | "csv" | "tsv" | "rst" | "org" | "adoc" => FileKind::Text,
        "html" | "htm" | "xhtml" => FileKind::Html,
        "pdf" => FileKind::Pdf,
        "docx" => FileKind::Docx,
        code if CODE_EXTENSIONS.contains(&code) => FileKind::Code { language: code.to_owned() },
        _ => return None,
    };
    Some(kind)
}

/// Whether `head` (a file's first bytes) looks like text: no NUL byte and
/// valid UTF-8, except for a multi-byte character cut short at its very end.
fn is_text(head: &[u8]) -> bool {
    if head.contains(&0) {
        return false;
    }
    match std::str::from_utf8(head) {
        Ok(_) => true,
        // `error_len() == None`: the input ended inside a character.
        Err(error) => error.error_len().is_none(),
    }
}

/// What the file named `name`, of `size` bytes, whose first bytes are `head`
/// (up to [`HEAD_BYTES`]; all of them for a smaller file), is, or why it is
/// refused (see the module documentation). Any input gives an answer.
pub fn detect(name: &str, size: u64, head: &[u8]) -> Result<FileKind, Refusal> {
    let extension = extension(name);
    let kind = kind_of(&extension).ok_or(Refusal::Unsupported { extension })?;
    if size == 0 {
        return Err(Refusal::Empty);
    }
    if size > MAX_FILE_BYTES {
        return Err(Refusal::TooLarge { size, limit: MAX_FILE_BYTES });
    }
    match kind {
        FileKind::Pdf => {
            let start = head.iter().position(|byte| !byte.is_ascii_whitespace()).unwrap_or(head.len());
            if !head.get(start..).unwrap_or_default().starts_with(b"%PDF-") {
                return Err(Refusal::malformed("the file does not start like a PDF"));
            }
        }
        FileKind::Docx => {
            if !head.starts_with(b"PK\x03\x04") {
                return Err(Refusal::malformed("the file is not a Word document (not a ZIP archive)"));
            }
        }
        _ => {
            if !is_text(head) {
                return Err(Refusal::Binary);
            }
        }
    }
    Ok(kind)
}
