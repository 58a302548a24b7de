//! Files in and out: downloading text as a file, and reading a chosen (or
//! dropped) file as text or as bytes.

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// Offers `text` as a download named `file_name`.
pub(crate) fn download(file_name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "could not make a file for the download".to_owned())?;
    download_blob(file_name, &blob)
}

/// Offers `bytes` as a download named `file_name`.
pub(crate) fn download_bytes(file_name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let blob = super::media::blob_of(bytes, mime).ok_or_else(|| "could not make a file for the download".to_owned())?;
    download_blob(file_name, &blob)
}

/// Offers `blob` as a download named `file_name`.
pub(crate) fn download_blob(file_name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let fail = |what: &str| format!("could not {what} for the download");
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|_| fail("make a link"))?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or_else(|| fail("find the page"))?;
    let anchor: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(|_| fail("make a link"))?.dyn_into().map_err(|_| fail("make a link"))?;
    anchor.set_href(&url);
    anchor.set_download(file_name);
    anchor.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Reads a file the user picked as text.
pub(crate) async fn read_text(file: &web_sys::File) -> Result<String, String> {
    let text = JsFuture::from(file.text()).await.map_err(|_| format!("could not read {}", file.name()))?;
    text.as_string().ok_or_else(|| format!("{} is not a text file", file.name()))
}

/// Reads a file the user picked or dropped as bytes (whether they are text is
/// decided by `hearth_core::message::attach::file_text`).
pub(crate) async fn read_bytes(file: &web_sys::File) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|_| format!("could not read {}", file.name()))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}
