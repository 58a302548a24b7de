//! An audio file attached as a voice note, in the `media` chunk: told from its
//! bytes (`hearth_core::format::audio::file`), decoded by the browser (a file
//! it cannot decode is not audio), kept as it came when it is WAV or MP3 of a
//! size every family takes, else stored as 16 kHz WAV; its decoded sound, as
//! 16 kHz WAV, is what is turned into its transcript.

use hearth_core::format::audio::Pcm16;
use hearth_core::format::audio::file::{AudioType, wav_duration_ms};
use hearth_core::message::Attachment;
use hearth_core::message::attachment::AttachmentKind;

use crate::io::audio_file::{DecodeError, decode_16k};
use crate::io::db::NewBlob;
use crate::io::media::sha256_hex;

/// The largest audio file read, in bytes.
pub(super) const MAX_AUDIO_FILE_BYTES: f64 = 100.0 * 1024.0 * 1024.0;

/// The largest voice note kept as it came, in bytes: its base64 fits in the
/// 32 MB that OpenAI takes in a request.
const MAX_KEPT_BYTES: usize = 20 * 1024 * 1024;

/// The longest voice note, in milliseconds (as 16 kHz WAV, about 19 MB).
pub(super) const MAX_NOTE_MS: u64 = 10 * 60 * 1000;

/// Why an audio file was not attached.
pub(super) enum AudioRefused {
    /// The browser could not decode it.
    Undecodable,
    /// It is longer than [`MAX_NOTE_MS`].
    TooLong,
    /// It could not be hashed or stored.
    Failed,
}

/// A voice note ready to attach: what the message refers to, its bytes, and
/// its sound to turn into text.
pub(super) struct PreparedNote {
    pub(super) attachment: Attachment,
    pub(super) blob: NewBlob,
    pub(super) speech: Vec<u8>,
}

/// Prepares the audio file `bytes` (of `kind`) named `name`.
pub(super) async fn prepare_note(name: String, bytes: Vec<u8>, kind: AudioType) -> Result<PreparedNote, AudioRefused> {
    let decoded = decode_16k(&bytes, MAX_NOTE_MS).await.map_err(|error| match error {
        DecodeError::NotOffered | DecodeError::Undecodable => AudioRefused::Undecodable,
        DecodeError::TooLong => AudioRefused::TooLong,
    })?;
    let mut pcm = Pcm16::new();
    pcm.push(&decoded.samples, 16_000.0);
    let speech = pcm.to_wav();
    let original_bytes = bytes.len() as u64;
    let (stored, mime, duration_ms) = if kind.kept() && bytes.len() <= MAX_KEPT_BYTES {
        let duration = if kind == AudioType::Wav { wav_duration_ms(&bytes) } else { None };
        (bytes, kind.mime(), duration.unwrap_or(decoded.duration_ms))
    } else {
        (speech.clone(), AudioType::Wav.mime(), decoded.duration_ms)
    };
    let hash = sha256_hex(&stored).await.map_err(|_| AudioRefused::Failed)?;
    let attachment = Attachment {
        kind: AttachmentKind::Audio,
        blob: hash.clone(),
        mime: mime.to_owned(),
        name,
        bytes: stored.len() as u64,
        original_bytes,
        duration_ms,
        ..Attachment::default()
    };
    let blob = NewBlob::of_bytes(hash, mime.to_owned(), &stored).ok_or(AudioRefused::Failed)?;
    Ok(PreparedNote { attachment, blob, speech })
}
