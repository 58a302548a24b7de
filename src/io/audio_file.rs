//! An audio file decoded by the browser, for a voice note: whatever the
//! browser plays (WAV, MP3, Ogg, FLAC, M4A, WebM) comes out as mono samples
//! at 16 kHz, what dictation records, so it can be stored as WAV (which every
//! family that hears audio takes) and turned into text. A file the browser
//! cannot decode is not audio to Hearth. Reached by name (`io::js`): the
//! decoding is the `media` chunk's.

use hearth_core::format::audio::DICTATION_RATE;
use wasm_bindgen::JsValue;

use super::js;

/// A decoded file: its samples (mono, at 16 kHz, from -1 to 1) and length.
pub(crate) struct Decoded {
    /// The samples, the channels averaged.
    pub(crate) samples: Vec<f32>,
    /// Its length in milliseconds.
    pub(crate) duration_ms: u64,
}

/// Why a file could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DecodeError {
    /// This browser has no `OfflineAudioContext`.
    NotOffered,
    /// The browser could not decode it (not audio, or damaged).
    Undecodable,
    /// It is longer than asked for (its samples are never copied).
    TooLong,
}

/// Decodes `bytes` with an `OfflineAudioContext` at 16 kHz, which resamples
/// what it decodes to its own rate; refused when longer than `max_ms` (told
/// from the decoded length before any sample is copied into wasm).
pub(crate) async fn decode_16k(bytes: &[u8], max_ms: u64) -> Result<Decoded, DecodeError> {
    let rate = JsValue::from(DICTATION_RATE);
    let context = js::construct("OfflineAudioContext", &[&JsValue::from(1), &JsValue::from(1), &rate])
        .map_err(|_| DecodeError::NotOffered)?;
    // A copy: decoding takes the buffer away.
    let buffer = js_sys::Uint8Array::from(bytes).buffer();
    let decoding = js::call(&context, "decodeAudioData", &[&buffer]).map_err(|_| DecodeError::Undecodable)?;
    let audio = js::settle(decoding).await.map_err(|_| DecodeError::Undecodable)?;
    #[allow(clippy::cast_precision_loss)] // A length in milliseconds.
    if js::number(&audio, "duration").is_some_and(|seconds| seconds * 1000.0 > max_ms as f64) {
        return Err(DecodeError::TooLong);
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // A channel count.
    let channels = js::number(&audio, "numberOfChannels").unwrap_or(0.0).clamp(0.0, 32.0) as u32;
    let mut samples: Vec<f32> = Vec::new();
    for channel in 0..channels {
        let data =
            js::call(&audio, "getChannelData", &[&JsValue::from(channel)]).map_err(|_| DecodeError::Undecodable)?;
        let data = js::float32s(&data).ok_or(DecodeError::Undecodable)?;
        if samples.is_empty() {
            samples = data;
        } else {
            samples.iter_mut().zip(data).for_each(|(sum, sample)| *sum += sample);
        }
    }
    if samples.is_empty() {
        return Err(DecodeError::Undecodable);
    }
    #[allow(clippy::cast_precision_loss)] // At most 32 channels.
    let share = 1.0 / channels.max(1) as f32;
    samples.iter_mut().for_each(|sample| *sample *= share);
    let duration_ms = samples.len() as u64 * 1000 / u64::from(DICTATION_RATE);
    Ok(Decoded { samples, duration_ms })
}
