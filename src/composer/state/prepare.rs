//! Preparing an attached image, PDF or audio file, the `media` chunk of the wasm (see
//! `crate::io::chunks`), loaded on the first attachment: telling what the file
//! is from its bytes, making an image into its master with the media worker
//! (`io::media`), hashing a PDF (or a HEIC this browser cannot decode) as it
//! came, an audio file into a voice note (`voice_note`). Only [`MediaCode`] leads here: a direct call from the composer would
//! bring it all into the first load. The way in, [`load`] (as
//! `MediaAttachments::attach_all` uses it), is in the first load.

use std::future::Future;
use std::pin::Pin;

use hearth_core::format::audio::file as audio_file;
use hearth_core::format::media::{self, MediaKind};
use hearth_core::message::Attachment;
use hearth_core::message::attachment::{AttachmentKind, MASTER_LONG_EDGE};

use hearth_core::storage::{MessageRecord, SessionRecord};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::media::{Hearing, Media, MediaAttachments, NOT_LOADED};
use super::voice_note::{AudioRefused, MAX_AUDIO_FILE_BYTES, MAX_NOTE_MS, PreparedNote, prepare_note};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::db::NewBlob;
use crate::io::media::{EncodeError, encode_image, remember_url, sha256_hex};
use crate::store::StoreContext;

/// Why a file was not attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MediaRefused {
    /// Not an image, a PDF, audio or a text file.
    Unknown { name: String },
    /// Audio this browser could not decode.
    NotAudio { name: String },
    /// A voice note over the longest one taken.
    TooLong { name: String, minutes: u64 },
    /// Over the size Hearth reads.
    TooLarge { name: String, limit_mb: u32 },
    /// The browser could not read the file or decode the image.
    Unreadable { name: String },
    /// Preparing it failed.
    Failed { name: String, detail: String },
}

impl std::fmt::Display for MediaRefused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            MediaRefused::Unknown { name } => tr_with("composer-refused-unknown", &[("name", Arg::Text(name))], || {
                format!("“{name}” was not attached: Hearth takes images, PDFs, audio and .md or .txt files.")
            }),
            MediaRefused::NotAudio { name } => {
                tr_with("composer-refused-not-audio", &[("name", Arg::Text(name))], || {
                    format!("“{name}” was not attached: this browser could not play it as audio (is it damaged?).")
                })
            }
            MediaRefused::TooLong { name, minutes } => tr_with(
                "composer-refused-too-long",
                &[("name", Arg::Text(name)), ("minutes", Arg::Number(*minutes as f64))],
                || format!("“{name}” was not attached: it is longer than {minutes} minutes (shorten it, or split it)."),
            ),
            MediaRefused::TooLarge { name, limit_mb } => tr_with(
                "composer-refused-too-large",
                &[("name", Arg::Text(name)), ("limit", Arg::Number(f64::from(*limit_mb)))],
                || format!("“{name}” was not attached: it is larger than {limit_mb} MB."),
            ),
            MediaRefused::Unreadable { name } => {
                tr_with("composer-refused-unreadable", &[("name", Arg::Text(name))], || {
                    format!("“{name}” was not attached: this browser could not read it as an image.")
                })
            }
            MediaRefused::Failed { name, detail } => {
                tr_with("composer-refused-failed", &[("name", Arg::Text(name)), ("detail", Arg::Text(detail))], || {
                    format!("“{name}” was not attached: {detail}.")
                })
            }
        };
        f.write_str(&text)
    }
}

/// The largest image file read, in bytes (a panorama or a RAW-sized JPEG).
const MAX_IMAGE_BYTES: f64 = 64.0 * 1024.0 * 1024.0;

/// The largest PDF attached, in bytes (Gemini's inline limit; the other
/// families' 32 MB is checked when sending).
const MAX_PDF_BYTES: f64 = 100.0 * 1024.0 * 1024.0;

/// How much of a file is read to tell what it is.
const HEAD_BYTES: i32 = 64 * 1024;

/// An attachment ready to be sent: what the message refers to, its bytes, and
/// a note on how it will be sent when it needs one.
pub(crate) struct Prepared {
    /// What the message will refer to.
    pub(crate) attachment: Attachment,
    /// The bytes, stored with the message.
    pub(crate) blob: NewBlob,
    /// A note for the composer (a HEIC kept as it came).
    pub(crate) note: Option<String>,
    /// A voice note's sound to turn into text (16 kHz WAV).
    pub(crate) speech: Option<Vec<u8>>,
}

/// Work of the chunk under way (its future is the chunk's code).
pub(crate) type Working<T> = Pin<Box<dyn Future<Output = T>>>;

/// What the `media` chunk offers.
pub(crate) struct MediaCode {
    /// Prepares and attaches files; says why some were not attached.
    pub(crate) attach_all: fn(MediaAttachments, Vec<web_sys::File>) -> Working<Vec<String>>,
    /// Stores a user message with the bytes of its images and PDFs (see
    /// `StoreContext::save_message_with_blobs`); the session as stored.
    pub(crate) save: fn(StoreContext, SessionRecord, MessageRecord, Vec<NewBlob>) -> Working<SessionRecord>,
}

#[wasm_split(media, fallible)]
fn media_code() -> Result<&'static MediaCode, ChunkError> {
    static CODE: MediaCode = MediaCode {
        attach_all: |media, files| Box::pin(attach_all(media, files)),
        save: |store, session, message, blobs| {
            Box::pin(async move { store.save_message_with_blobs(&session, &message, &blobs).await })
        },
    };
    Ok(&CODE)
}

/// Attaches each of `files` in turn; why some were not.
async fn attach_all(media: MediaAttachments, files: Vec<web_sys::File>) -> Vec<String> {
    let mut problems = Vec::new();
    for file in files {
        if let Err(refused) = attach(media, file).await {
            problems.push(refused.to_string());
        }
    }
    problems
}

/// Attaches `file` (an image or a PDF): shows it being prepared, prepares it,
/// then shows it ready. `Err` when it is refused (nothing is attached).
async fn attach(media: MediaAttachments, file: web_sys::File) -> Result<(), MediaRefused> {
    let name = file.name();
    let key = media.next_key();
    media.list.update(|list| {
        list.push(Media { key, name: name.clone(), ready: None, preview: None, note: None, hearing: Hearing::Done });
    });
    let prepared = prepare(file).await;
    let still_attached = media.list.with_untracked(|list| list.iter().any(|m| m.key == key));
    let prepared = match prepared {
        Ok(prepared) => prepared,
        Err(refused) => {
            media.remove(key);
            return Err(refused);
        }
    };
    if !still_attached {
        return Ok(());
    }
    let Prepared { attachment, blob, note, speech } = prepared;
    let shown = attachment.is_image() || attachment.is_audio();
    let preview = shown.then(|| remember_url(&attachment.blob, &blob.data)).flatten();
    // An audio file's transcript is made only when asked (see `Hearing::Offered`).
    let hearing = if speech.is_some() { Hearing::Offered } else { Hearing::Done };
    media.bytes.update_value(|bytes| bytes.push((key, blob, speech.unwrap_or_default())));
    media.list.update(|list| {
        if let Some(m) = list.iter_mut().find(|m| m.key == key) {
            m.ready = Some(attachment);
            m.preview = preview;
            m.note = note;
            m.hearing = hearing;
        }
    });
    Ok(())
}

impl MediaAttachments {
    /// Attaches each of `files` in turn, in the background, with the `media`
    /// chunk's code (loaded on the first attachment); `on_refused` hears why
    /// some were not.
    pub(crate) fn attach_all(self, files: Vec<web_sys::File>, on_refused: impl Fn(Vec<String>) + 'static) {
        spawn_local(async move {
            let problems = match load().await {
                Ok(code) => (code.attach_all)(self, files).await,
                Err(_) => {
                    let not_loaded = |name: String| {
                        tr_with("composer-refused-not-loaded", &[("name", Arg::Text(&name))], || {
                            format!("“{name}” was not attached: {NOT_LOADED}")
                        })
                    };
                    files.iter().map(|file| not_loaded(file.name())).collect()
                }
            };
            on_refused(problems);
        });
    }
}

/// The chunk's code, loaded first if need be.
pub(crate) async fn load() -> Result<&'static MediaCode, ChunkError> {
    media_code().await
}

/// Tells what `file` is from its bytes, refuses it when it is too large or
/// neither an image, a PDF nor audio, and prepares it.
async fn prepare(file: web_sys::File) -> Result<Prepared, MediaRefused> {
    let name = file.name();
    let head = read_head(&file).await.ok_or_else(|| MediaRefused::Unreadable { name: name.clone() })?;
    if let Some(kind) = audio_file::sniff(&head) {
        return prepare_audio(&file, kind).await;
    }
    let sniffed = media::sniff(&head).ok_or_else(|| MediaRefused::Unknown { name: name.clone() })?;
    let limit = if sniffed.kind == MediaKind::Pdf { MAX_PDF_BYTES } else { MAX_IMAGE_BYTES };
    if file.size() > limit {
        return Err(MediaRefused::TooLarge { name, limit_mb: (limit / 1024.0 / 1024.0) as u32 });
    }
    prepare_sniffed(&file, sniffed).await
}

/// An audio file as a voice note (see `voice_note`).
async fn prepare_audio(file: &web_sys::File, kind: audio_file::AudioType) -> Result<Prepared, MediaRefused> {
    let name = file.name();
    if file.size() > MAX_AUDIO_FILE_BYTES {
        return Err(MediaRefused::TooLarge { name, limit_mb: (MAX_AUDIO_FILE_BYTES / 1024.0 / 1024.0) as u32 });
    }
    let bytes =
        crate::io::files::read_bytes(file).await.map_err(|_| MediaRefused::Unreadable { name: name.clone() })?;
    match prepare_note(name.clone(), bytes, kind).await {
        Ok(PreparedNote { attachment, blob, speech }) => {
            Ok(Prepared { attachment, blob, note: None, speech: Some(speech) })
        }
        Err(AudioRefused::Undecodable) => Err(MediaRefused::NotAudio { name }),
        Err(AudioRefused::TooLong) => Err(MediaRefused::TooLong { name, minutes: MAX_NOTE_MS / 60_000 }),
        Err(AudioRefused::Failed) => Err(MediaRefused::Failed { name, detail: tr("it could not be stored").into() }),
    }
}

/// The first bytes of `file`.
async fn read_head(file: &web_sys::File) -> Option<Vec<u8>> {
    let head = file.slice_with_i32_and_i32(0, HEAD_BYTES).ok()?;
    crate::io::media::bytes_of(&head).await
}

/// An image made into its master, or a PDF (or an undecodable HEIC) as it came.
async fn prepare_sniffed(file: &web_sys::File, sniffed: media::Sniffed) -> Result<Prepared, MediaRefused> {
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
                let blob = NewBlob::of_blob(master.hash, master.mime, master.blob)
                    .await
                    .ok_or_else(|| MediaRefused::Unreadable { name: attachment.name.clone() })?;
                return Ok(Prepared { attachment, blob, note: None, speech: None });
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
        .map_err(|_| MediaRefused::Failed { name: name.clone(), detail: tr("it could not be hashed").into() })?;
    let mime = sniffed.kind.mime().to_owned();
    let blob = NewBlob::of_bytes(hash.clone(), mime.clone(), &bytes)
        .ok_or_else(|| MediaRefused::Unreadable { name: name.clone() })?;
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
        tr("This browser cannot convert HEIC photos: it is kept as it is, and only Gemini models can read it.")
            .to_owned()
    });
    Ok(Prepared { attachment, blob, note, speech: None })
}
