//! The microphone, for dictation: asks for it (the browser's permission
//! prompt), then hands each block of samples to the caller as it is
//! recorded, and says when the device goes away (unplugged, or its
//! permission taken back). Nothing is kept here: the caller keeps the sound.
//!
//! The samples come through a `ScriptProcessorNode`, which every engine has
//! (an audio worklet would need a module script of its own); its output is
//! silence, so nothing is heard.

use std::fmt;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{AudioContext, AudioProcessingEvent, MediaStream, MediaStreamConstraints, ScriptProcessorNode};

/// Samples per block handed over (about 85 ms at 48 kHz).
const BLOCK: u32 = 4096;

/// Why the microphone could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MicError {
    /// The user (or the browser's settings) refused the permission.
    Refused,
    /// There is no microphone.
    NoMicrophone,
    /// The page is not a secure context, or the browser has no microphone API.
    NotOffered,
    /// Anything else, with the browser's words.
    Failed(String),
}

impl fmt::Display for MicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Refused => f.write_str(
                "Hearth may not use the microphone. Allow it in the browser's site settings (the icon beside the address), then try again.",
            ),
            Self::NoMicrophone => f.write_str("No microphone was found. Plug one in, or pick it in the system's sound settings, then try again."),
            Self::NotOffered => f.write_str("This browser offers no microphone to this page (it needs HTTPS or localhost)."),
            Self::Failed(why) => write!(f, "The microphone could not be used ({why})."),
        }
    }
}

/// An open microphone; [`Microphone::close`] releases it (the browser's
/// recording indicator goes off).
pub(crate) struct Microphone {
    stream: MediaStream,
    context: AudioContext,
    processor: ScriptProcessorNode,
    _on_block: Closure<dyn FnMut(AudioProcessingEvent)>,
    _on_ended: Closure<dyn FnMut()>,
}

impl Microphone {
    /// Asks for the microphone, then calls `on_block` with each block of
    /// samples and their rate, and `on_ended` if the device goes away.
    pub(crate) async fn open(
        mut on_block: impl FnMut(&[f32], f32) + 'static,
        on_ended: impl FnMut() + 'static,
    ) -> Result<Self, MicError> {
        let devices =
            web_sys::window().and_then(|window| window.navigator().media_devices().ok()).ok_or(MicError::NotOffered)?;
        let constraints = MediaStreamConstraints::new();
        constraints.set_audio(&JsValue::TRUE);
        let asked = devices.get_user_media_with_constraints(&constraints).map_err(|e| mic_error(&e))?;
        let stream: MediaStream =
            JsFuture::from(asked).await.map_err(|e| mic_error(&e))?.dyn_into().map_err(|e| mic_error(&e))?;
        let release = |error: JsValue| {
            stop_tracks(&stream);
            mic_error(&error)
        };
        let context = AudioContext::new().map_err(release)?;
        let release = |error: JsValue| {
            let _ = context.close();
            release(error)
        };
        let source = context.create_media_stream_source(&stream).map_err(release)?;
        let processor = context
            .create_script_processor_with_buffer_size_and_number_of_input_channels_and_number_of_output_channels(
                BLOCK, 1, 1,
            )
            .map_err(release)?;
        let rate = context.sample_rate();
        let mut samples = Vec::new();
        let on_block = Closure::<dyn FnMut(AudioProcessingEvent)>::new(move |event: AudioProcessingEvent| {
            if let Ok(buffer) = event.input_buffer() {
                samples.resize(buffer.length() as usize, 0.0);
                if buffer.copy_from_channel(&mut samples, 0).is_ok() {
                    on_block(&samples, rate);
                }
            }
        });
        processor.set_onaudioprocess(Some(on_block.as_ref().unchecked_ref()));
        let on_ended = Closure::<dyn FnMut()>::new(on_ended);
        for track in stream.get_audio_tracks().iter() {
            if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
                track.set_onended(Some(on_ended.as_ref().unchecked_ref()));
            }
        }
        source.connect_with_audio_node(&processor).map_err(release)?;
        // A processor runs only while connected onward; its output is silence.
        processor.connect_with_audio_node(&context.destination()).map_err(release)?;
        if let Ok(resumed) = context.resume() {
            let _ = JsFuture::from(resumed).await;
        }
        Ok(Self { stream, context, processor, _on_block: on_block, _on_ended: on_ended })
    }

    /// Stops recording and releases the device (as dropping it does).
    pub(crate) fn close(self) {
        drop(self);
    }
}

impl Drop for Microphone {
    /// Releases the device however the microphone is let go, so none is left
    /// recording (the browser's indicator on) behind a dictation.
    fn drop(&mut self) {
        self.processor.set_onaudioprocess(None);
        let _ = self.processor.disconnect();
        stop_tracks(&self.stream);
        let _ = self.context.close();
    }
}

fn stop_tracks(stream: &MediaStream) {
    for track in stream.get_tracks().iter() {
        if let Ok(track) = track.dyn_into::<web_sys::MediaStreamTrack>() {
            track.set_onended(None);
            track.stop();
        }
    }
}

/// The error a refused `getUserMedia` (a `DOMException`) stands for.
fn mic_error(error: &JsValue) -> MicError {
    let name = js_sys::Reflect::get(error, &JsValue::from_str("name")).ok().and_then(|n| n.as_string());
    match name.as_deref() {
        Some("NotAllowedError" | "SecurityError") => MicError::Refused,
        Some("NotFoundError" | "OverconstrainedError") => MicError::NoMicrophone,
        _ => {
            let message = js_sys::Reflect::get(error, &JsValue::from_str("message")).ok().and_then(|m| m.as_string());
            MicError::Failed(message.or(name).unwrap_or_else(|| "no reason given".to_owned()))
        }
    }
}
