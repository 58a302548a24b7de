//! Fetches an image the user asked for (or whose host they allowed) and keeps it
//! as a `blob:` URL. The request carries no cookies and no referrer, and the
//! page's CSP lets images come only from `'self'`, `data:` and `blob:`, so an
//! image is never loaded by an `<img src>` pointing elsewhere.
//!
//! Each image address is fetched at most once per page: the result (a blob URL or
//! the reason it failed) is cached, so re-rendering a reply never fetches again.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ReadableStreamDefaultReader, ReadableStreamReadResult, ReferrerPolicy, RequestCredentials, RequestMode};

/// The largest image loaded, in bytes.
pub(crate) const MAX_IMAGE_BYTES: f64 = 10.0 * 1024.0 * 1024.0;

/// The image types shown: pictures only, nothing that is also a document.
const RASTER_TYPES: [&str; 7] =
    ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon"];

/// Why an image could not be shown.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ImageError {
    /// No response: the host refused cross-origin loading (CORS), or is unreachable.
    Refused,
    /// The host answered with an error status.
    Status(u16),
    /// The response is not an image; holds its content type.
    NotImage(String),
    /// An image of a kind Hearth does not show (SVG can hold script, and a
    /// `blob:` URL of it opened in a tab would be a document of Hearth's origin).
    Unsupported(String),
    /// The image is bigger than [`MAX_IMAGE_BYTES`]; holds its size (or how much
    /// had arrived when reading stopped).
    TooLarge(f64),
    /// The browser could not read the body or make a blob URL.
    Unreadable,
}

impl std::fmt::Display for ImageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Refused => {
                f.write_str("The image's server does not allow loading it here (CORS), or cannot be reached.")
            }
            Self::Status(status) => write!(f, "The image's server answered with HTTP {status}."),
            Self::NotImage(kind) if kind.is_empty() => f.write_str("The address does not point to an image."),
            Self::NotImage(kind) => write!(f, "The address does not point to an image (it is {kind})."),
            Self::Unsupported(kind) => {
                write!(f, "Hearth shows PNG, JPEG, GIF, WebP, AVIF and BMP images here, not {kind}.")
            }
            Self::TooLarge(_) => f.write_str("The image is too large to load here (the limit is 10 MB)."),
            Self::Unreadable => f.write_str("The image could not be read."),
        }
    }
}

/// Where one image address stands.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ImageState {
    /// Being fetched.
    Loading,
    /// Loaded; holds its `blob:` URL.
    Loaded(String),
    /// Could not be loaded.
    Failed(ImageError),
}

thread_local! {
    static IMAGES: RefCell<HashMap<String, ImageState>> = RefCell::new(HashMap::new());
}

/// What is known about `url`, if it was ever asked for.
pub(crate) fn image_state(url: &str) -> Option<ImageState> {
    IMAGES.with(|images| images.borrow().get(url).cloned())
}

/// Marks `url` as loading and returns `true`, unless it was already asked for.
pub(crate) fn begin_loading(url: &str) -> bool {
    IMAGES.with(|images| {
        let mut images = images.borrow_mut();
        if images.contains_key(url) {
            return false;
        }
        images.insert(url.to_owned(), ImageState::Loading);
        true
    })
}

/// Fetches `url` (after [`begin_loading`]) and records the outcome.
pub(crate) async fn load_image(url: &str) -> ImageState {
    let state = match fetch_image(url).await {
        Ok(blob_url) => ImageState::Loaded(blob_url),
        Err(error) => ImageState::Failed(error),
    };
    IMAGES.with(|images| images.borrow_mut().insert(url.to_owned(), state.clone()));
    state
}

async fn fetch_image(url: &str) -> Result<String, ImageError> {
    // `fetch` itself (not gloo's builder, which appends to a query string).
    let init = web_sys::RequestInit::new();
    init.set_method("GET");
    init.set_mode(RequestMode::Cors);
    init.set_credentials(RequestCredentials::Omit);
    init.set_referrer_policy(ReferrerPolicy::NoReferrer);
    let window = web_sys::window().ok_or(ImageError::Unreadable)?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str_and_init(url, &init))
        .await
        .ok()
        .and_then(|response| response.dyn_into().ok())
        .ok_or(ImageError::Refused)?;
    if !response.ok() {
        return Err(ImageError::Status(response.status()));
    }
    let header = |name: &str| response.headers().get(name).ok().flatten();
    let kind = header("content-type").unwrap_or_default();
    let mime = kind.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    if !mime.starts_with("image/") {
        return Err(ImageError::NotImage(kind));
    }
    if !RASTER_TYPES.contains(&mime.as_str()) {
        return Err(ImageError::Unsupported(mime));
    }
    if let Some(length) = header("content-length").and_then(|l| l.trim().parse::<f64>().ok())
        && length > MAX_IMAGE_BYTES
    {
        return Err(ImageError::TooLarge(length));
    }
    // Read chunk by chunk, and stop as soon as the limit is passed (a server may
    // send no length, or a wrong one).
    let reader: ReadableStreamDefaultReader =
        response.body().ok_or(ImageError::Unreadable)?.get_reader().dyn_into().map_err(|_| ImageError::Unreadable)?;
    let chunks = js_sys::Array::new();
    let mut size = 0.0;
    loop {
        let result: ReadableStreamReadResult =
            JsFuture::from(reader.read()).await.map_err(|_| ImageError::Refused)?.unchecked_into();
        if result.get_done().unwrap_or(false) {
            break;
        }
        if let Some(bytes) = result.get_value().dyn_ref::<js_sys::Uint8Array>() {
            size += f64::from(bytes.length());
            if size > MAX_IMAGE_BYTES {
                let _ = reader.cancel();
                return Err(ImageError::TooLarge(size));
            }
            chunks.push(bytes);
        }
    }
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(&mime);
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&chunks, &options).map_err(|_| ImageError::Unreadable)?;
    web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| ImageError::Unreadable)
}
