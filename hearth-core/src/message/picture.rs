//! Checking a picture a model made before it is stored: what arrives as
//! base64 (an [`ImageOut`]) or as a `data:` URL (OpenRouter's `images`, a
//! Responses `image_url`) is refused, with a sentence for the user
//! ([`ImageRefusal::sentence`]), unless it is a picture Hearth shows and sends
//! on: PNG, JPEG, WebP or GIF.
//!
//! The rules, in order:
//! - Size: a base64 text of [`MAX_IMAGE_BASE64`] characters (20 MiB) or more is
//!   refused without reading it further: "a 20 MB base64 image is refused".
//!   It is the limit OpenAI puts on an image data URL it takes
//!   (`ImageRefParam.image_url`, `maxLength: 20971520`), about 15 MiB of
//!   bytes, far above any picture a model returns.
//! - Declared type: only `image/png`, `image/jpeg`, `image/webp` and
//!   `image/gif` (case and parameters aside; `image/jpg` is JPEG). SVG, which
//!   is a document that can run script, is never taken.
//! - Base64: the standard alphabet with padding, nothing else (no spaces).
//! - Bytes: their magic numbers must be one of those four types
//!   ([`crate::format::media::sniff`]). The bytes decide, as for attachments:
//!   when they are another of the four than declared, the picture is kept as
//!   what its bytes are ([`checked_mime`] says which).
//!
//! Nothing is decoded but the first bytes; the check costs one pass over the
//! text.

#[cfg(test)]
mod tests;

use crate::contract::ImageOut;
use crate::format::base64;
use crate::format::media::{MediaKind, sniff};

/// The longest base64 text a picture may be, in characters: 20 MiB (see the
/// module documentation). One of this length or longer is refused.
pub const MAX_IMAGE_BASE64: usize = 20 * 1024 * 1024;

/// How many base64 characters are decoded to read the magic numbers.
const MAGIC_CHARS: usize = 64;

/// Why a picture was not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageRefusal {
    /// Its base64 text is [`MAX_IMAGE_BASE64`] characters or longer.
    TooLarge {
        /// The length of its base64 text, in characters.
        chars: usize,
    },
    /// It was declared as a type that is not a picture Hearth takes.
    NotAnImageType {
        /// The declared media type, as it came (cut to 100 characters).
        mime: String,
    },
    /// Its data is empty or not standard base64.
    NotBase64,
    /// Its bytes are not a PNG, JPEG, WebP or GIF picture.
    NotAnImage,
    /// The text is not a base64 `data:` URL.
    NotADataUrl,
}

impl ImageRefusal {
    /// What the user is told: why the picture was not kept.
    pub fn sentence(&self) -> String {
        match self {
            ImageRefusal::TooLarge { chars } => format!(
                "A picture from the model was not kept: it is {} of base64, over the {} Hearth takes.",
                crate::message::attachment::size_text(*chars as u64),
                crate::message::attachment::size_text(MAX_IMAGE_BASE64 as u64)
            ),
            ImageRefusal::NotAnImageType { mime } => {
                format!("A picture from the model was not kept: its type ({mime}) is not PNG, JPEG, WebP or GIF.")
            }
            ImageRefusal::NotBase64 => {
                "A picture from the model was not kept: its data is not valid base64.".to_owned()
            }
            ImageRefusal::NotAnImage => {
                "A picture from the model was not kept: its bytes are not a PNG, JPEG, WebP or GIF image.".to_owned()
            }
            ImageRefusal::NotADataUrl => {
                "A picture from the model was not kept: it is not a base64 data: URL of an image.".to_owned()
            }
        }
    }
}

/// The four picture types Hearth stores, by their media type.
fn picture_kind(mime: &str) -> Option<MediaKind> {
    MediaKind::from_mime(mime)
        .filter(|kind| matches!(kind, MediaKind::Png | MediaKind::Jpeg | MediaKind::Webp | MediaKind::Gif))
}

/// Checks `image` before it is stored (see the module documentation).
pub fn check_image(image: &ImageOut) -> Result<(), ImageRefusal> {
    checked_mime(&image.mime, &image.data).map(drop)
}

/// Checks a picture's declared `mime` and base64 `data` (see the module
/// documentation) and answers the media type its bytes are, the one to store
/// it under.
pub fn checked_mime(mime: &str, data: &str) -> Result<&'static str, ImageRefusal> {
    if data.len() >= MAX_IMAGE_BASE64 {
        return Err(ImageRefusal::TooLarge { chars: data.len() });
    }
    if picture_kind(mime).is_none() {
        return Err(ImageRefusal::NotAnImageType { mime: mime.chars().take(100).collect() });
    }
    if !is_base64(data) {
        return Err(ImageRefusal::NotBase64);
    }
    let head = if data.len() <= MAGIC_CHARS { data } else { &data[..MAGIC_CHARS] };
    let bytes = base64::decode(head).ok_or(ImageRefusal::NotBase64)?;
    let kind = sniff(&bytes).map(|sniffed| sniffed.kind).ok_or(ImageRefusal::NotAnImage)?;
    picture_kind(kind.mime()).map(MediaKind::mime).ok_or(ImageRefusal::NotAnImage)
}

/// Whether `data` is non-empty standard base64 with padding: a multiple of
/// four characters of the alphabet, with at most two `=` at the end only.
fn is_base64(data: &str) -> bool {
    let bytes = data.as_bytes();
    if bytes.is_empty() || bytes.len() % 4 != 0 {
        return false;
    }
    let body = data.trim_end_matches('=');
    bytes.len() - body.len() <= 2
        && body.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'+' || byte == b'/')
}

/// Reads a picture sent as a `data:` URL (`data:image/png;base64,…`): its
/// media type (as its bytes say, see [`checked_mime`]) and its base64,
/// checked like [`check_image`]. Anything else (another scheme, no `;base64`,
/// a type that is not a picture) is refused.
pub fn image_from_data_url(url: &str) -> Result<(String, String), ImageRefusal> {
    let url = url.trim();
    let scheme = url.get(..5).ok_or(ImageRefusal::NotADataUrl)?;
    if !scheme.eq_ignore_ascii_case("data:") {
        return Err(ImageRefusal::NotADataUrl);
    }
    let (header, data) = url[5..].split_once(',').ok_or(ImageRefusal::NotADataUrl)?;
    let mut params = header.split(';').map(str::trim);
    let declared = params.next().unwrap_or_default();
    if !params.any(|param| param.eq_ignore_ascii_case("base64")) {
        return Err(ImageRefusal::NotADataUrl);
    }
    let mime = checked_mime(declared, data)?;
    Ok((mime.to_owned(), data.to_owned()))
}
