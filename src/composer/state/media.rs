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

use hearth_core::message::Attachment;
use leptos::prelude::*;

use crate::io::db::NewBlob;

/// Why nothing could be attached when the `media` chunk did not load.
pub(crate) const NOT_LOADED: &str = "Hearth's code for attachments did not load (check the connection and try again).";

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

/// The images and PDFs of the next message; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct MediaAttachments {
    /// Each attached one, in the order attached.
    pub(crate) list: RwSignal<Vec<Media>>,
    /// The bytes of the prepared ones, by key.
    pub(super) bytes: StoredValue<Vec<(u32, NewBlob)>, LocalStorage>,
    /// The next key.
    pub(super) next: StoredValue<u32>,
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
}
