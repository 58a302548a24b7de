//! Images, PDFs and voice notes attached to a user message, by reference.
//!
//! A message record never holds an attachment's bytes: it holds an
//! [`Attachment`], which names them by the SHA-256 of their content (`blob`, the
//! key of the shell's blob store), so one photo attached to several messages,
//! versions or conversations is stored once. An image is stored as one *master*,
//! re-encoded when it was attached (long edge at most [`MASTER_LONG_EDGE`], JPEG,
//! or PNG where that is smaller); a PDF as it came; a voice note (audio recorded
//! or picked) as a WAV or MP3 file, with the transcript it was given when
//! attached, which a model that hears no audio gets instead.
//!
//! For a request the shell reads the bytes and hands them over in
//! [`Attachment::data`] (never stored). [`for_request`] then decides, per family
//! and per model, what is sent: what the model cannot read becomes a short note
//! in the message's text instead of a failed request. [`limits`] says when a
//! master must be derived into a smaller copy for a family (Anthropic's 5 MB of
//! base64 per image and 2000 px when a request has more than 20 images); the
//! shell derives it once and keeps it, so later turns send identical bytes.

mod request;
#[cfg(test)]
mod tests;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use self::request::{OverLimit, for_request, over_limit, to_extract, to_send};
use crate::contract::ProviderKind;

/// The longest side of a stored image, in pixels. At most 2000 so that no
/// family ever needs a smaller copy for its pixel limits (Anthropic's 2000 px
/// when a request has more than 20 images is the tightest).
pub const MASTER_LONG_EDGE: u32 = 2000;

/// Anthropic's limit on one image: 5 MB, counted on the base64 string.
pub const ANTHROPIC_MAX_IMAGE_BASE64: u64 = 5 * 1024 * 1024;

/// Anthropic's and OpenAI's limit on a whole request, in bytes (32 MB).
pub const MAX_REQUEST_BYTES: u64 = 32 * 1024 * 1024;

/// Gemini's limit on a request's inline data (100 MB since 2026-01-12).
pub const GEMINI_MAX_REQUEST_BYTES: u64 = 100 * 1024 * 1024;

/// The most pages Anthropic and OpenAI read of a PDF.
pub const MAX_PDF_PAGES: u32 = 100;

/// The most pages Gemini reads of a PDF.
pub const GEMINI_MAX_PDF_PAGES: u32 = 1000;

/// The most tokens an image is estimated to cost (see [`Attachment::estimated_tokens`]).
pub const IMAGE_TOKENS_MAX: u32 = 1600;

/// The tokens a PDF page is estimated to cost.
pub const PDF_PAGE_TOKENS: u32 = 2000;

/// The tokens a second of audio is estimated to cost (Gemini's documented 32).
pub const AUDIO_TOKENS_PER_SECOND: u64 = 32;

/// What kind of thing is attached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AttachmentKind {
    /// A picture (stored as its master).
    #[default]
    Image,
    /// A PDF document (stored as it came).
    Pdf,
    /// A voice note: recorded, or an audio file (stored as a WAV or MP3 file).
    Audio,
}

/// An image or a PDF attached to a user message: what it is and where its
/// bytes are, never the bytes themselves (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Attachment {
    /// Image or PDF.
    #[serde(default)]
    pub kind: AttachmentKind,
    /// The lowercase hex SHA-256 of the stored bytes: the blob store's key.
    pub blob: String,
    /// The stored bytes' media type (`image/jpeg`, `image/png`, `image/heic`,
    /// `application/pdf`).
    pub mime: String,
    /// The file's name as attached ("Pasted image 1.png" for a paste).
    pub name: String,
    /// The stored size in bytes.
    pub bytes: u64,
    /// The size of the file the user attached, before it was re-encoded.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub original_bytes: u64,
    /// An image's width in pixels (0 when unknown).
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub width: u32,
    /// An image's height in pixels (0 when unknown).
    #[serde(default, skip_serializing_if = "is_zero32")]
    pub height: u32,
    /// A PDF's page count, when it could be read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pages: Option<u32>,
    /// A voice note's length in milliseconds (0 when unknown).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub duration_ms: u64,
    /// A voice note's words, turned into text when it was attached (by the
    /// account Settings → Voice names for dictation), and shown with it: what a
    /// model that hears no audio gets in its place. `None`: it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<String>,
    /// The bytes to send, base64-encoded, once the shell has read them for a
    /// request (possibly a copy derived for the family, whose type is then
    /// `data_mime`). Never stored.
    #[serde(skip)]
    pub data: Option<Arc<str>>,
    /// The media type of `data` when it differs from `mime` (a derived copy).
    #[serde(skip)]
    pub data_mime: Option<String>,
    /// A PDF's text, extracted by the shell for a model that reads no PDFs
    /// (sent in its place, see [`Attachment::note`]). Never stored.
    #[serde(skip)]
    pub text: Option<Arc<str>>,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(value: &u64) -> bool {
    *value == 0
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero32(value: &u32) -> bool {
    *value == 0
}

impl Attachment {
    /// The media type of what is sent: a derived copy's, else the stored one's.
    pub fn sent_mime(&self) -> &str {
        self.data_mime.as_deref().unwrap_or(&self.mime)
    }

    /// The base64 to send, when it was read.
    pub fn sent_data(&self) -> Option<&str> {
        self.data.as_deref()
    }

    /// A `data:` URL of what is sent (empty data when it was not read).
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.sent_mime(), self.sent_data().unwrap_or_default())
    }

    /// Whether it is an image.
    pub fn is_image(&self) -> bool {
        self.kind == AttachmentKind::Image
    }

    /// Its longest side in pixels (0 for PDFs and unknown sizes).
    pub fn long_edge(&self) -> u32 {
        self.width.max(self.height)
    }

    /// What is sent, as the composer and the message say it: "JPEG, 2000 × 1500,
    /// 412 KB", "PDF, 3 pages, 1.2 MB", "HEIC, 2.1 MB".
    pub fn summary(&self) -> String {
        let kind = match self.mime.as_str() {
            "image/jpeg" => "JPEG",
            "image/png" => "PNG",
            "image/gif" => "GIF",
            "image/webp" => "WebP",
            "image/heic" | "image/heif" => "HEIC",
            "image/avif" => "AVIF",
            "application/pdf" => "PDF",
            "audio/wav" => "WAV",
            "audio/mpeg" => "MP3",
            _ => "File",
        };
        let mut parts = vec![kind.to_owned()];
        if self.kind == AttachmentKind::Audio && self.duration_ms > 0 {
            parts.push(duration_text(self.duration_ms));
        }
        if self.width > 0 && self.height > 0 {
            parts.push(format!("{} × {}", self.width, self.height));
        }
        match self.pages {
            Some(1) => parts.push("1 page".to_owned()),
            Some(pages) => parts.push(format!("{pages} pages")),
            None if self.kind == AttachmentKind::Pdf => parts.push("pages unknown".to_owned()),
            None => {}
        }
        parts.push(size_text(self.bytes));
        parts.join(", ")
    }

    /// The estimated tokens it costs a request: an image its pixels over 750
    /// (Anthropic's rule), at most [`IMAGE_TOKENS_MAX`] (what a large image
    /// costs once a provider has scaled it down; unknown sizes count that
    /// much); a PDF [`PDF_PAGE_TOKENS`] per page (its text and an image of
    /// each page), its pages guessed from its size when unknown; a voice note
    /// [`AUDIO_TOKENS_PER_SECOND`] (its length guessed from its size, as 16 kHz
    /// WAV, when unknown).
    pub fn estimated_tokens(&self) -> u32 {
        match self.kind {
            AttachmentKind::Image => {
                if self.width == 0 || self.height == 0 {
                    return IMAGE_TOKENS_MAX;
                }
                let tokens = u64::from(self.width) * u64::from(self.height) / 750;
                u32::try_from(tokens.clamp(1, u64::from(IMAGE_TOKENS_MAX))).unwrap_or(IMAGE_TOKENS_MAX)
            }
            AttachmentKind::Pdf => {
                let guessed = u32::try_from((self.bytes / 50_000).max(1)).unwrap_or(u32::MAX);
                self.pages.unwrap_or(guessed).saturating_mul(PDF_PAGE_TOKENS)
            }
            AttachmentKind::Audio => {
                let ms = if self.duration_ms > 0 { self.duration_ms } else { self.bytes / 32 };
                u32::try_from(ms.div_ceil(1000).max(1).saturating_mul(AUDIO_TOKENS_PER_SECOND)).unwrap_or(u32::MAX)
            }
        }
    }

    /// Whether it is a voice note.
    pub fn is_audio(&self) -> bool {
        self.kind == AttachmentKind::Audio
    }

    /// How it is named to a model that does not get it: "the image “photo.jpg”".
    fn named(&self) -> String {
        match self.kind {
            AttachmentKind::Image => format!("the image “{}”", self.name),
            AttachmentKind::Pdf => format!("the PDF “{}”", self.name),
            AttachmentKind::Audio if self.duration_ms > 0 => {
                format!("the voice note “{}” ({})", self.name, duration_text(self.duration_ms))
            }
            AttachmentKind::Audio => format!("the voice note “{}”", self.name),
        }
    }

    /// What the model is told instead of it: a note in the message's text.
    pub fn note(&self, why: Withheld) -> String {
        let what = self.named();
        match why {
            Withheld::NoImageInput => {
                format!("[The user attached {what}; this model cannot read images, so it is not sent.]")
            }
            Withheld::NoPdfInput => match &self.text {
                Some(text) => format!(
                    "[The user attached {what}; this model cannot read PDFs, so here is its text, extracted by \
                     Hearth (its pictures and layout are not included):]\n\n{}\n\n[End of “{}”.]",
                    text.trim(),
                    self.name
                ),
                None => format!("[The user attached {what}; this model cannot read PDFs, so it is not sent.]"),
            },
            Withheld::TypeRefused => {
                format!(
                    "[The user attached {what}; this provider does not take its type ({}), so it is not sent.]",
                    self.mime
                )
            }
            Withheld::NoAudioInput => match self.transcript.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                Some(transcript) => format!(
                    "[The user sent {what}; this model cannot hear audio, so here is its transcript, made when it was \
                     attached:]\n\n{transcript}\n\n[End of the transcript.]"
                ),
                None => format!(
                    "[The user sent {what}; this model cannot hear audio and it has no transcript, so it is not sent.]"
                ),
            },
            Withheld::Missing => format!("[The user attached {what}; it is no longer stored, so it is not sent.]"),
        }
    }
}

/// A length as people read it, in whole seconds as players show it (at least
/// one): "0:04", "12:30", "1:02:03".
pub fn duration_text(ms: u64) -> String {
    let seconds = (ms / 1000).max(1);
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 { format!("{hours}:{minutes:02}:{seconds:02}") } else { format!("{minutes}:{seconds:02}") }
}

/// A size in bytes as people read it: "820 B", "412 KB", "1.2 MB".
pub fn size_text(bytes: u64) -> String {
    if bytes >= 1024 * 1024 {
        format!("{:.1} MB", bytes as f64 / (1024.0 * 1024.0))
    } else if bytes >= 1024 {
        format!("{} KB", bytes.div_ceil(1024))
    } else {
        format!("{bytes} B")
    }
}

/// Why an attachment is not sent but noted in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withheld {
    /// The model takes no images.
    NoImageInput,
    /// The model takes no PDFs.
    NoPdfInput,
    /// The family does not take this media type (HEIC anywhere but Gemini).
    TypeRefused,
    /// The model hears no audio (its transcript goes instead).
    NoAudioInput,
    /// Its bytes were not found.
    Missing,
}

impl Withheld {
    /// Why, in the words the composer uses beside the attachment.
    pub fn short(self) -> &'static str {
        match self {
            Withheld::NoImageInput => "this model reads no images, so a note goes instead",
            Withheld::NoPdfInput => "this model reads no PDFs, so its text goes instead",
            Withheld::TypeRefused => "this provider takes no files of this type, so a note goes instead",
            Withheld::NoAudioInput => "this model hears no audio, so its transcript goes instead",
            Withheld::Missing => "no longer stored",
        }
    }
}

/// What a model reads besides text. Unknown models are taken to read images,
/// PDFs and audio only where their family says so (see `provider::Preset`'s
/// model capabilities); the user may say otherwise for a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accepts {
    /// Whether it reads images.
    pub images: bool,
    /// Whether it reads PDFs natively (else they are withheld with a note).
    pub pdfs: bool,
    /// Whether it hears audio (else a voice note goes as its transcript).
    /// Missing from what was stored before voice notes: no.
    #[serde(default)]
    pub audio: bool,
}

impl Accepts {
    /// Reads images, PDFs and audio.
    pub const ALL: Accepts = Accepts { images: true, pdfs: true, audio: true };
    /// Reads images and PDFs, not audio.
    pub const VISUAL: Accepts = Accepts { images: true, pdfs: true, audio: false };
    /// Reads images, not PDFs or audio.
    pub const IMAGES: Accepts = Accepts { images: true, pdfs: false, audio: false };
    /// Reads text only.
    pub const TEXT: Accepts = Accepts { images: false, pdfs: false, audio: false };

    /// What it reads, in words: "images, PDFs and audio", "images, not PDFs",
    /// "text only".
    pub fn described(self) -> String {
        let read: Vec<&str> = [(self.images, "images"), (self.pdfs, "PDFs"), (self.audio, "audio")]
            .into_iter()
            .filter_map(|(reads, what)| reads.then_some(what))
            .collect();
        match read.as_slice() {
            [] => "text only".to_owned(),
            [one] => (*one).to_owned(),
            [first, second] => format!("{first} and {second}"),
            [first @ .., last] => format!("{}, and {last}", first.join(", ")),
        }
    }
}

/// Whether `family` takes the media type `mime` at all (whatever the model).
/// OpenAI-compatible and Anthropic: JPEG, PNG, GIF, WebP and PDF; Gemini also
/// HEIC/HEIF (and any image type it documents). Audio: OpenAI-compatible chat
/// completions take WAV and MP3 (`input_audio`'s `format`), Gemini those and
/// the other types it documents; Anthropic and OpenAI's Responses API none.
pub fn family_takes(family: ProviderKind, mime: &str) -> bool {
    let common = matches!(mime, "image/jpeg" | "image/png" | "image/gif" | "image/webp" | "application/pdf");
    let wav_or_mp3 = matches!(mime, "audio/wav" | "audio/mpeg");
    match family {
        ProviderKind::Responses | ProviderKind::Anthropic => common,
        ProviderKind::OpenAi => common || wav_or_mp3,
        ProviderKind::Gemini => {
            common
                || wav_or_mp3
                || matches!(mime, "image/heic" | "image/heif" | "audio/aiff" | "audio/aac" | "audio/ogg" | "audio/flac")
        }
    }
}

/// Why an attachment is withheld from `family`'s `accepts` model, or `None`
/// when it is sent (once its bytes are read).
pub fn withheld(attachment: &Attachment, family: ProviderKind, accepts: Accepts) -> Option<Withheld> {
    match attachment.kind {
        AttachmentKind::Image if !accepts.images => return Some(Withheld::NoImageInput),
        AttachmentKind::Pdf if !accepts.pdfs => return Some(Withheld::NoPdfInput),
        // A voice note the family cannot take goes as its transcript too.
        AttachmentKind::Audio if !accepts.audio || !family_takes(family, &attachment.mime) => {
            return Some(Withheld::NoAudioInput);
        }
        _ => {}
    }
    if !family_takes(family, &attachment.mime) {
        return Some(Withheld::TypeRefused);
    }
    None
}

/// The limits a family puts on one image of a request with `images` images.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The longest side it takes, in pixels.
    pub long_edge: Option<u32>,
    /// The most base64 characters it takes.
    pub base64: Option<u64>,
}

/// The limits `family` puts on each image of a request with `images` images:
/// Anthropic 8000 px (2000 px above 20 images) and 5 MB of base64; the others
/// none that a master can exceed.
pub fn limits(family: ProviderKind, images: usize) -> Limits {
    match family {
        ProviderKind::Anthropic => {
            Limits { long_edge: Some(if images > 20 { 2000 } else { 8000 }), base64: Some(ANTHROPIC_MAX_IMAGE_BASE64) }
        }
        ProviderKind::OpenAi | ProviderKind::Responses | ProviderKind::Gemini => {
            Limits { long_edge: None, base64: None }
        }
    }
}

/// The base64 length of `bytes` bytes.
pub fn base64_len(bytes: u64) -> u64 {
    bytes.div_ceil(3) * 4
}

impl Limits {
    /// Whether `attachment`, as stored, is within these limits.
    pub fn fits(&self, attachment: &Attachment) -> bool {
        let edge_fits = self.long_edge.is_none_or(|max| attachment.long_edge() <= max);
        let size_fits = self.base64.is_none_or(|max| base64_len(attachment.bytes) <= max);
        edge_fits && size_fits
    }
}
