//! The images, PDFs and voice notes attached to the message being written.
//!
//! Attaching one prepares it once, at once: an image is made into its stored
//! master by the media worker (`io::media`: long edge at most
//! [`MASTER_LONG_EDGE`], re-encoded, so its EXIF and GPS are gone), a PDF is
//! kept as it came. The result waits here, in memory, with its bytes, and is
//! stored only with the message that sends it (one transaction, see
//! `Db::save_message_with_blobs`), so nothing is stored that no message refers to.
//! An iPhone HEIC photo this browser cannot decode is kept as it came: only
//! Gemini takes it, and the card says so.
//!
//! A voice note (recorded by the recorder's "Keep as a voice note", or an
//! audio file) is turned into text as soon as it is attached, by the account
//! Settings → Voice names for dictation (the composer's list asks the voice
//! code, [`Hearing`]); the transcript is shown with it, goes with it, and is
//! what a model that hears no audio gets. The message waits for it.

use hearth_core::message::Attachment;
use leptos::prelude::*;

use crate::io::db::NewBlob;

/// Why nothing could be attached when the `media` chunk did not load.
pub(crate) const NOT_LOADED: &str = "Hearth's code for attachments did not load (check the connection and try again).";

/// One image, PDF or voice note attached to the next message.
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
    /// Where a voice note's transcript is.
    pub(crate) hearing: Hearing,
}

/// Where a voice note's transcript is (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Hearing {
    /// Not a voice note, or its transcript is in (`Attachment::transcript`).
    Done,
    /// It has none yet, and gets one only if the user asks (an audio file:
    /// nothing is sent to the dictation account unasked).
    Offered,
    /// Its transcript is to be asked for.
    Wanted,
    /// Its transcript is being made.
    Working,
    /// It has none, and why.
    Failed(String),
}

/// The images, PDFs and voice notes of the next message; `Copy`.
#[derive(Clone, Copy)]
pub(crate) struct MediaAttachments {
    /// Each attached one, in the order attached.
    pub(crate) list: RwSignal<Vec<Media>>,
    /// The bytes of the prepared ones, by key, with a voice note's sound to
    /// turn into text (16 kHz WAV; empty when there is none, or no more).
    pub(super) bytes: StoredValue<Vec<(u32, NewBlob, Vec<u8>)>, LocalStorage>,
    /// The next key.
    pub(super) next: StoredValue<u32>,
}

impl MediaAttachments {
    /// None attached.
    pub(crate) fn new() -> Self {
        Self { list: RwSignal::new(Vec::new()), bytes: StoredValue::new_local(Vec::new()), next: StoredValue::new(0) }
    }

    /// Whether one is still being prepared (or a voice note turned into text).
    pub(crate) fn preparing(self) -> bool {
        self.list.with_untracked(|list| {
            list.iter()
                .any(|media| media.ready.is_none() || matches!(media.hearing, Hearing::Wanted | Hearing::Working))
        })
    }

    /// A new key for an attachment.
    pub(crate) fn next_key(self) -> u32 {
        self.next
            .try_update_value(|next| {
                *next = next.wrapping_add(1);
                *next
            })
            .unwrap_or_default()
    }

    /// Attaches a voice note made here (recorded): `speech` is its sound to
    /// turn into text (see [`Hearing`]); its key.
    pub(crate) fn attach_note(self, ready: Attachment, blob: NewBlob, preview: Option<String>, speech: Vec<u8>) -> u32 {
        let key = self.next_key();
        let name = ready.name.clone();
        self.bytes.update_value(|bytes| bytes.push((key, blob, speech)));
        self.list.update(|list| {
            list.push(Media { key, name, ready: Some(ready), preview, note: None, hearing: Hearing::Wanted });
        });
        key
    }

    /// The sound of the voice note `key` to turn into text, marking it as
    /// being turned; `None` when it has a transcript or one is being made (or it is gone).
    pub(crate) fn take_speech(self, key: u32) -> Option<Vec<u8>> {
        let wanted = self.list.try_update(|list| {
            let media = list.iter_mut().find(|media| {
                media.key == key && matches!(media.hearing, Hearing::Offered | Hearing::Wanted | Hearing::Failed(_))
            })?;
            media.hearing = Hearing::Working;
            Some(())
        });
        wanted.flatten()?;
        self.bytes
            .try_update_value(|all| all.iter_mut().find(|(at, ..)| *at == key).map(|(_, _, wav)| std::mem::take(wav)))
            .flatten()
    }

    /// The transcript of the voice note `key`, or why it has none (then its
    /// sound `wav` is kept for another try).
    pub(crate) fn heard(self, key: u32, heard: Result<String, String>, wav: Vec<u8>) {
        if heard.is_err() {
            self.bytes.update_value(|all| {
                if let Some(kept) = all.iter_mut().find(|(at, ..)| *at == key) {
                    kept.2 = wav;
                }
            });
        }
        self.list.update(|list| {
            let Some(media) = list.iter_mut().find(|media| media.key == key) else { return };
            match heard {
                Ok(text) => {
                    if let Some(ready) = media.ready.as_mut() {
                        ready.transcript = Some(text);
                    }
                    media.hearing = Hearing::Done;
                }
                Err(why) => media.hearing = Hearing::Failed(why),
            }
        });
    }

    /// Whether none is attached.
    pub(crate) fn is_empty(self) -> bool {
        self.list.with(Vec::is_empty)
    }

    /// Takes the one of `key` off.
    pub(crate) fn remove(self, key: u32) {
        self.list.update(|list| list.retain(|media| media.key != key));
        self.bytes.update_value(|bytes| bytes.retain(|(at, ..)| *at != key));
    }

    /// The prepared attachments and their bytes, leaving none: the message is
    /// being sent.
    pub(crate) fn take(self) -> (Vec<Attachment>, Vec<NewBlob>) {
        let list = self.list.try_update(std::mem::take).unwrap_or_default();
        let bytes = self.bytes.try_update_value(std::mem::take).unwrap_or_default();
        let attachments: Vec<Attachment> = list.into_iter().filter_map(|media| media.ready).collect();
        (attachments, bytes.into_iter().map(|(_, blob, _)| blob).collect())
    }
}
