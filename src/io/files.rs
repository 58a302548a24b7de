//! Files in and out: downloading text as a file, and reading a chosen (or
//! dropped) file as text or as bytes.

use std::fmt;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Why a download was not offered: the step the browser refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DownloadError {
    /// The file (a blob) could not be made.
    File,
    /// The link to click could not be made.
    Link,
    /// There is no page to put the link in.
    Page,
}

impl fmt::Display for DownloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            DownloadError::File => "make a file",
            DownloadError::Link => "make a link",
            DownloadError::Page => "find the page",
        };
        write!(f, "could not {what} for the download")
    }
}

/// Why a file the user chose could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// The browser could not read it; holds the file's name.
    Unreadable(String),
    /// It holds no text; holds the file's name.
    NotText(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Unreadable(name) => write!(f, "could not read {name}"),
            ReadError::NotText(name) => write!(f, "{name} is not a text file"),
        }
    }
}

/// Offers `text` as a download named `file_name`.
pub(crate) fn download(file_name: &str, mime: &str, text: &str) -> Result<(), DownloadError> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|_| DownloadError::File)?;
    download_blob(file_name, &blob)
}

/// Offers `bytes` as a download named `file_name`.
pub(crate) fn download_bytes(file_name: &str, mime: &str, bytes: &[u8]) -> Result<(), DownloadError> {
    let blob = super::media::blob_of(bytes, mime).ok_or(DownloadError::File)?;
    download_blob(file_name, &blob)
}

/// Offers `blob` as a download named `file_name`.
pub(crate) fn download_blob(file_name: &str, blob: &web_sys::Blob) -> Result<(), DownloadError> {
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|_| DownloadError::Link)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or(DownloadError::Page)?;
    let anchor: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|_| DownloadError::Link)?.dyn_into().map_err(|_| DownloadError::Link)?;
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Reads a file the user picked as text.
pub(crate) async fn read_text(file: &web_sys::File) -> Result<String, ReadError> {
    let text = JsFuture::from(file.text()).await.map_err(|_| ReadError::Unreadable(file.name()))?;
    text.as_string().ok_or_else(|| ReadError::NotText(file.name()))
}

/// Reads a file the user picked or dropped as bytes (whether they are text is
/// decided by `hearth_core::message::attach::file_text`).
pub(crate) async fn read_bytes(file: &web_sys::File) -> Result<Vec<u8>, ReadError> {
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|_| ReadError::Unreadable(file.name()))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// [`read_bytes`] for a file that may be large (a backup of tens of
/// megabytes): it is copied into the app's memory [`COPY_STEP`] bytes at a
/// time, the page given a turn between, not in one long step. (Only the import
/// reads such files; the first load does not carry this.)
pub(crate) async fn read_bytes_in_steps(file: &web_sys::File) -> Result<Vec<u8>, ReadError> {
    // A file larger than a typed array's length can say (4 GiB) would be read
    // as a part of itself, and one the app's memory cannot hold is refused
    // rather than ending the app.
    if file.size() > f64::from(u32::MAX) {
        return Err(ReadError::Unreadable(file.name()));
    }
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|_| ReadError::Unreadable(file.name()))?;
    let array = js_sys::Uint8Array::new(&buffer);
    let length = array.length();
    let mut bytes = Vec::new();
    bytes.try_reserve_exact(length as usize).map_err(|_| ReadError::Unreadable(file.name()))?;
    let mut at = 0;
    while at < length {
        let end = length.min(at.saturating_add(COPY_STEP));
        let from = bytes.len();
        bytes.resize(from + (end - at) as usize, 0);
        array.subarray(at, end).copy_to(&mut bytes[from..]);
        at = end;
        if at < length {
            crate::io::yield_now::yield_now().await;
        }
    }
    Ok(bytes)
}

/// The most bytes [`read_bytes_in_steps`] copies in one step (a few milliseconds).
const COPY_STEP: u32 = 8 << 20;
