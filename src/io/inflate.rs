//! Inflating deflate data (a PDF's `FlateDecode` streams, a ZIP archive's
//! entries) with the browser's own `DecompressionStream`, so the app carries
//! no inflate code of its own. The output is read in pieces and given up past
//! a cap, so a small archive that inflates to gigabytes (a "zip bomb") costs
//! nothing. `DecompressionStream` is reached through `Reflect` (web-sys has
//! it only among its unstable APIs).

use js_sys::{Function, Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStream, ReadableStreamDefaultReader};

use super::media::blob_of;

/// The framing of the deflate data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    /// With zlib's header and checksum (a PDF's `FlateDecode`).
    Zlib,
    /// Bare deflate (a ZIP entry of method 8).
    Raw,
}

/// Why nothing was inflated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InflateError {
    /// This browser has no `DecompressionStream` for the format.
    Unsupported,
    /// The data is not valid deflate data of that format.
    Damaged,
    /// It inflates to more than the cap.
    TooLarge,
}

/// `bytes` inflated, at most `max` bytes of it. When `lenient`, data that
/// breaks off (a cut stream, bytes after its end: common in PDFs) gives what
/// was inflated before the break, if anything.
pub(crate) async fn inflate(bytes: &[u8], format: Format, max: usize, lenient: bool) -> Result<Vec<u8>, InflateError> {
    let reader = reader(bytes, format)?;
    let mut out = Vec::new();
    loop {
        let Ok(result) = JsFuture::from(reader.read()).await else {
            return if lenient && !out.is_empty() { Ok(out) } else { Err(InflateError::Damaged) };
        };
        if Reflect::get(&result, &"done".into()).ok().and_then(|done| done.as_bool()) == Some(true) {
            return Ok(out);
        }
        let Some(chunk) = Reflect::get(&result, &"value".into()).ok().and_then(|v| v.dyn_into::<Uint8Array>().ok())
        else {
            return Err(InflateError::Damaged);
        };
        if out.len() + chunk.length() as usize > max {
            let _ = reader.cancel();
            return Err(InflateError::TooLarge);
        }
        let start = out.len();
        out.resize(start + chunk.length() as usize, 0);
        chunk.copy_to(&mut out[start..]);
    }
}

/// A reader of `bytes` piped through a `DecompressionStream` of `format`.
fn reader(bytes: &[u8], format: Format) -> Result<ReadableStreamDefaultReader, InflateError> {
    let name = match format {
        Format::Zlib => "deflate",
        Format::Raw => "deflate-raw",
    };
    let constructor: Function = Reflect::get(&js_sys::global(), &"DecompressionStream".into())
        .ok()
        .and_then(|constructor| constructor.dyn_into().ok())
        .ok_or(InflateError::Unsupported)?;
    let decompressor = Reflect::construct(&constructor, &js_sys::Array::of1(&JsValue::from_str(name)))
        .map_err(|_| InflateError::Unsupported)?;
    let source = blob_of(bytes, "application/octet-stream").ok_or(InflateError::Unsupported)?.stream();
    let pipe_through: Function = Reflect::get(&source, &"pipeThrough".into())
        .ok()
        .and_then(|pipe| pipe.dyn_into().ok())
        .ok_or(InflateError::Unsupported)?;
    let inflated: ReadableStream = pipe_through
        .call1(&source, &decompressor)
        .ok()
        .and_then(|s| s.dyn_into().ok())
        .ok_or(InflateError::Unsupported)?;
    inflated.get_reader().dyn_into().map_err(|_| InflateError::Unsupported)
}
