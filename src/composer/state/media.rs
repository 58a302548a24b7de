//! The images and PDFs attached to the message being written.
//!
//! Attaching one prepares it once, at once: an image is made into its stored
//! master by the media worker (`io::media`: long edge at most
//! [`MASTER_LONG_EDGE`], re-encoded, so its EXIF and GPS are gone), a PDF is
//! kept as it came. The result waits here, in memory, with its bytes, and is
//! stored only with the message that sends it (one transaction, see
//! `Db::save_message_with_blobs`), so nothing is stored that no message refers to.
//! An iPhone HEIC photo this browser cannot decode is kept as it came: only
//! Gemini takes it, and the card says so.

use hearth_core::format::media::{self, MediaKind};
use hearth_core::message::Attachment;
use hearth_core::message::attachment::{AttachmentKind, MASTER_LONG_EDGE};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::io::db::NewBlob;
use crate::io::media::{EncodeError, blob_of, encode_image, remember_url, sha256_hex};

/// The largest image file read, in bytes (a panorama or a RAW-sized JPEG).
const MAX_IMAGE_BYTES: f64 = 64.0 * 1024.0 * 1024.0;

/// The largest PDF attached, in bytes (Gemini's inline limit; the other
/// families' 32 MB is checked when sending).
const MAX_PDF_BYTES: f64 = 100.0 * 1024.0 * 1024.0;

/// How much of a file is read to tell what it is.
const HEAD_BYTES: i32 = 64 * 1024;

/// One image or PDF attached to the next message.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Media {
    /// This page's number for it (names its row while it is prepared).
    pub(crate) key: u32,
    /// The file's name.
    pub(crate) name: String,
    /// The attachment once prepared; `None` while it is.
    pub(crate) ready: Option<Attachment>,
    /// A URL showing the prepared image.
    pub(crate) preview: Option<String>,
    /// A note on how it will be sent, when it needs one (a HEIC kept as it came).
    pub(crate) note: Option<String>,
}

/// Why a file was not attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MediaRefused {
    /// Not an image, a PDF or a text file.
    Unknown { name: String },
    /// Over the size Hearth reads.
    TooLarge { name: String, limit_mb: u32 },
    /// The browser could not read the file or decode the image.
    Unreadable { name: String },
    /// Preparing it failed.
    Failed { name: String, detail: String },
}

impl std::fmt::Display for MediaRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MediaRefused::Unknown { name } => {
                write!(f, "“{name}” was not attached: Hearth takes images, PDFs and .md or .txt files.")
            }
            MediaRefused::TooLarge { name, limit_mb } => {
                write!(f, "“{name}” was not attached: it is larger than {limit_mb} MB.")
            }
            MediaRefused::Unreadable { name } => {
                write!(f, "“{name}” was not attached: this browser could not read it as an image.")
            }
            MediaRefused::Failed { name, detail } => write!(f, "“{name}” was not attached: {detail}."),
        }
    }
}

/// The images and PDFs of the next message; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct MediaAttachments {
    /// Each attached one, in the order attached.
    pub(crate) list: RwSignal<Vec<Media>>,
    /// The bytes of the prepared ones, by key.
    bytes: StoredValue<Vec<(u32, NewBlob)>, LocalStorage>,
    /// The next key.
    next: StoredValue<u32>,
}

impl MediaAttachments {
    /// None attached.
    pub(crate) fn new() -> Self {
        Self { list: RwSignal::new(Vec::new()), bytes: StoredValue::new_local(Vec::new()), next: StoredValue::new(0) }
    }

    /// Whether one is still being prepared.
    pub(crate) fn preparing(self) -> bool {
        self.list.with_untracked(|list| list.iter().any(|media| media.ready.is_none()))
    }

    /// Whether none is attached.
    pub(crate) fn is_empty(self) -> bool {
        self.list.with(Vec::is_empty)
    }

    /// Takes the one of `key` off.
    pub(crate) fn remove(self, key: u32) {
        self.list.update(|list| list.retain(|media| media.key != key));
        self.bytes.update_value(|bytes| bytes.retain(|(at, _)| *at != key));
    }

    /// The prepared attachments and their bytes, leaving none: the message is
    /// being sent.
    pub(crate) fn take(self) -> (Vec<Attachment>, Vec<NewBlob>) {
        let list = self.list.try_update(std::mem::take).unwrap_or_default();
        let bytes = self.bytes.try_update_value(std::mem::take).unwrap_or_default();
        let attachments: Vec<Attachment> = list.into_iter().filter_map(|media| media.ready).collect();
        (attachments, bytes.into_iter().map(|(_, blob)| blob).collect())
    }

    /// Attaches `file` (an image or a PDF): prepares it, then shows it ready.
    /// `Err` when it is refused (nothing is attached).
    pub(crate) async fn attach(self, file: web_sys::File) -> Result<(), MediaRefused> {
        let name = file.name();
        let head = read_head(&file).await.ok_or_else(|| MediaRefused::Unreadable { name: name.clone() })?;
        let sniffed = media::sniff(&head).ok_or_else(|| MediaRefused::Unknown { name: name.clone() })?;
        let limit = if sniffed.kind == MediaKind::Pdf { MAX_PDF_BYTES } else { MAX_IMAGE_BYTES };
        if file.size() > limit {
            return Err(MediaRefused::TooLarge { name, limit_mb: (limit / 1024.0 / 1024.0) as u32 });
        }
        let key = self.next.try_update_value(|next| {
            *next = next.wrapping_add(1);
            *next
        });
        let key = key.unwrap_or_default();
        self.list.update(|list| {
            list.push(Media { key, name: name.clone(), ready: None, preview: None, note: None });
        });
        let prepared = prepare(&file, sniffed).await;
        let still_attached = self.list.with_untracked(|list| list.iter().any(|media| media.key == key));
        let (attachment, blob, note) = match prepared {
            Ok(prepared) => prepared,
            Err(refused) => {
                self.remove(key);
                return Err(refused);
            }
        };
        if !still_attached {
            return Ok(());
        }
        let preview = attachment.is_image().then(|| remember_url(&attachment.blob, &blob.data)).flatten();
        self.bytes.update_value(|bytes| bytes.push((key, blob)));
        self.list.update(|list| {
            if let Some(media) = list.iter_mut().find(|media| media.key == key) {
                media.ready = Some(attachment);
                media.preview = preview;
                media.note = note;
            }
        });
        Ok(())
    }

    /// Attaches each of `files` in turn, in the background; `on_refused` hears
    /// why one was not.
    pub(crate) fn attach_all(self, files: Vec<web_sys::File>, on_refused: impl Fn(Vec<String>) + 'static) {
        spawn_local(async move {
            let mut problems = Vec::new();
            for file in files {
                if let Err(refused) = self.attach(file).await {
                    problems.push(refused.to_string());
                }
            }
            on_refused(problems);
        });
    }
}

/// The first bytes of `file`.
async fn read_head(file: &web_sys::File) -> Option<Vec<u8>> {
    let head = file.slice_with_i32_and_i32(0, HEAD_BYTES).ok()?;
    crate::io::media::bytes_of(&head).await
}

/// An image made into its master, or a PDF (or an undecodable HEIC) as it came.
async fn prepare(
    file: &web_sys::File,
    sniffed: media::Sniffed,
) -> Result<(Attachment, NewBlob, Option<String>), MediaRefused> {
    let name = file.name();
    let original_bytes = file.size() as u64;
    if sniffed.kind.is_image() {
        match encode_image(file, MASTER_LONG_EDGE, sniffed.kind == MediaKind::Jpeg).await {
            Ok(master) => {
                let attachment = Attachment {
                    kind: AttachmentKind::Image,
                    blob: master.hash.clone(),
                    mime: master.mime.clone(),
                    name,
                    bytes: master.blob.size() as u64,
                    original_bytes,
                    width: master.width,
                    height: master.height,
                    ..Attachment::default()
                };
                let blob = NewBlob { hash: master.hash, mime: master.mime, data: master.blob };
                return Ok((attachment, blob, None));
            }
            Err(EncodeError::Undecodable) if sniffed.kind != MediaKind::Heic => {
                return Err(MediaRefused::Unreadable { name });
            }
            Err(EncodeError::Failed(detail)) => return Err(MediaRefused::Failed { name, detail }),
            Err(EncodeError::Undecodable) => {}
        }
    }
    // A PDF, or a HEIC this browser cannot decode: kept as it came.
    let bytes =
        crate::io::files::read_bytes(file).await.map_err(|_| MediaRefused::Unreadable { name: name.clone() })?;
    let sniffed = media::sniff(&bytes).unwrap_or(sniffed);
    let hash = sha256_hex(&bytes)
        .await
        .map_err(|_| MediaRefused::Failed { name: name.clone(), detail: "it could not be hashed".into() })?;
    let mime = sniffed.kind.mime().to_owned();
    let data = blob_of(&bytes, &mime).ok_or_else(|| MediaRefused::Unreadable { name: name.clone() })?;
    let (width, height) = sniffed.size.unwrap_or((0, 0));
    let pdf = sniffed.kind == MediaKind::Pdf;
    let attachment = Attachment {
        kind: if pdf { AttachmentKind::Pdf } else { AttachmentKind::Image },
        blob: hash.clone(),
        mime: mime.clone(),
        name,
        bytes: bytes.len() as u64,
        original_bytes,
        width,
        height,
        pages: sniffed.pages,
        ..Attachment::default()
    };
    let note = (!pdf).then(|| {
        "This browser cannot convert HEIC photos: it is kept as it is, and only Gemini models can read it.".to_owned()
    });
    Ok((attachment, NewBlob { hash, mime, data }, note))
}
