//! The images and sounds a tool returns (and an MCP Apps view's HTML),
//! moved to the blob store: each is
//! hashed and kept as a blob stored with the reply (once, however many replies
//! refer to it), and the record keeps only the reference (see
//! `hearth_core::message::ToolMedia`). Until the reply is saved, the page
//! shows it from memory and the next request of the turn sends the bytes it
//! already has. The code is in the `media` chunk, loaded the first time a
//! tool returns media.

use std::future::Future;
use std::pin::Pin;

use hearth_core::contract::ImageOut;
use hearth_core::format::base64;
use hearth_core::mcp::apps::{APP_MIME, store_view_blob, take_view_html};
use hearth_core::message::ToolMedia;
use hearth_core::message::picture::{ImageRefusal, check_image, checked_mime};
use hearth_core::tools::ToolOutcome;

use super::attachment_data;
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::db::NewBlob;
use crate::io::media::{remember_url, sha256_hex};
use crate::mcp::state::app_pages;

/// An outcome with its media by reference, and the blobs to store.
type ByReference = Pin<Box<dyn Future<Output = (ToolOutcome, Vec<NewBlob>)>>>;

/// A picture by reference with its blob, or why it was refused.
type PictureBlob = Pin<Box<dyn Future<Output = Result<(ToolMedia, NewBlob), PictureNotKept>>>>;

/// Why a picture a model made was not kept.
#[derive(Debug)]
pub(super) enum PictureNotKept {
    /// It is not an image by its bytes, or too large (`check_image`).
    Refused(ImageRefusal),
    /// Its bytes could not be read or stored.
    NotStored,
    /// The `media` chunk, which stores it, could not be loaded.
    NotLoaded(ChunkError),
}

impl std::fmt::Display for PictureNotKept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PictureNotKept::Refused(refusal) => f.write_str(&refusal.sentence()),
            PictureNotKept::NotStored => f.write_str("The picture could not be stored."),
            PictureNotKept::NotLoaded(error) => error.fmt(f),
        }
    }
}

/// The code, from the `media` chunk.
struct BlobCode {
    by_reference: fn(ToolOutcome) -> ByReference,
    picture: fn(ImageOut) -> PictureBlob,
}

#[wasm_split(media, fallible)]
fn blob_code() -> Result<&'static BlobCode, ChunkError> {
    static CODE: BlobCode = BlobCode {
        by_reference: |outcome| Box::pin(move_media(outcome)),
        picture: |image| Box::pin(picture_to_blob(image)),
    };
    Ok(&CODE)
}

/// A picture a model made, checked (`check_image`: an image by its bytes,
/// not too large) and moved to the blob store under the type its bytes are;
/// or, refused, why (nothing is stored then).
pub(super) async fn picture_blob(image: ImageOut) -> Result<(ToolMedia, NewBlob), PictureNotKept> {
    match blob_code().await {
        Ok(code) => (code.picture)(image).await,
        Err(error) => Err(PictureNotKept::NotLoaded(error)),
    }
}

async fn picture_to_blob(image: ImageOut) -> Result<(ToolMedia, NewBlob), PictureNotKept> {
    check_image(&image).map_err(PictureNotKept::Refused)?;
    let mime = checked_mime(&image.mime, &image.data).map_err(PictureNotKept::Refused)?;
    let media = ToolMedia::returned(mime, image.data);
    let blob = to_blob(&media).await.ok_or(PictureNotKept::NotStored)?;
    attachment_data::remember(&blob.hash, media.data.clone());
    Ok((media.stored_as(blob.hash.clone()), blob))
}

/// `outcome` with its media by reference, and the blobs to store with the
/// reply. Media whose base64 cannot be read (a tool's mistake), or when the
/// chunk cannot be loaded, stays as the tool sent it.
pub(super) async fn by_reference(outcome: ToolOutcome) -> (ToolOutcome, Vec<NewBlob>) {
    let has_media = matches!(&outcome, ToolOutcome::Parts(content)
        if !content.media.is_empty() || content.app.as_ref().is_some_and(|app| app.get("html").is_some()));
    if !has_media {
        return (outcome, Vec::new());
    }
    match blob_code().await {
        Ok(code) => (code.by_reference)(outcome).await,
        Err(_) => (outcome, Vec::new()),
    }
}

async fn move_media(outcome: ToolOutcome) -> (ToolOutcome, Vec<NewBlob>) {
    let ToolOutcome::Parts(mut content) = outcome else { return (outcome, Vec::new()) };
    let mut blobs = Vec::new();
    let mut kept = Vec::with_capacity(content.media.len());
    for media in content.media {
        match to_blob(&media).await {
            Some(blob) => {
                kept.push(media.stored_as(blob.hash.clone()));
                attachment_data::remember(&blob.hash, media.data);
                blobs.push(blob);
            }
            None => kept.push(media),
        }
    }
    content.media = kept;
    if let Some(app) = content.app.as_mut() {
        // The view's HTML, once however many calls show it; shown from memory until saved.
        if let Some(html) = take_view_html(app) {
            let hash = sha256_hex(html.as_bytes()).await.ok();
            match hash.and_then(|hash| NewBlob::of_bytes(hash, APP_MIME.to_owned(), html.as_bytes())) {
                Some(blob) => {
                    app_pages::remember(&blob.hash, &html);
                    store_view_blob(app, &blob.hash);
                    blobs.push(blob);
                }
                // Not stored: the record keeps it, as it came.
                None => {
                    if let Some(app) = app.as_object_mut() {
                        app.insert("html".into(), html.into());
                    }
                }
            }
        }
    }
    (ToolOutcome::Parts(content), blobs)
}

/// The blob of `media`'s bytes, shown from memory on this page from now on.
async fn to_blob(media: &ToolMedia) -> Option<NewBlob> {
    let bytes = base64::decode(&media.data)?;
    let hash = sha256_hex(&bytes).await.ok()?;
    let blob = NewBlob::of_bytes(hash, media.mime.clone(), &bytes)?;
    remember_url(&blob.hash, &blob.data);
    Some(blob)
}
