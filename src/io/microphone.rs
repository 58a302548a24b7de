//! The microphone, for dictation: asks for it (the browser's permission
//! prompt), then hands each block of samples to the caller as it is
//! recorded, and says when the device goes away (unplugged, or its
//! permission taken back). Nothing is kept here: the caller keeps the sound.
//!
//! The samples come through a `ScriptProcessorNode`, which every engine has
//! (an audio worklet would need a module script of its own); its output is
//! silence, so nothing is heard.

use std::fmt;

use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

use super::js;

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
/// recording indicator goes off). Its APIs are reached by name (`io::js`).
pub(crate) struct Microphone {
    stream: JsValue,
    context: JsValue,
    processor: JsValue,
    _on_block: Closure<dyn FnMut(web_sys::Event)>,
    _on_ended: Closure<dyn FnMut()>,
}

impl Microphone {
    /// Asks for the microphone, then calls `on_block` with each block of
    /// samples and their rate, and `on_ended` if the device goes away.
    pub(crate) async fn open(
        mut on_block: impl FnMut(&[f32], f32) + 'static,
        on_ended: impl FnMut() + 'static,
    ) -> Result<Self, MicError> {
        let devices = js::global("navigator").and_then(|n| js::get(&n, "mediaDevices")).ok_or(MicError::NotOffered)?;
        let constraints = js_sys::Object::new();
        js::set(&constraints, "audio", &JsValue::TRUE);
        let asked = js::call(&devices, "getUserMedia", &[&constraints]).map_err(|e| mic_error(&e))?;
        let stream = js::settle(asked).await.map_err(|e| mic_error(&e))?;
        let release = |error: JsValue| {
            stop_tracks(&stream);
            mic_error(&error)
        };
        let context = js::construct("AudioContext", &[]).map_err(release)?;
        let release = |error: JsValue| {
            let _ = js::call(&context, "close", &[]);
            release(error)
        };
        let source = js::call(&context, "createMediaStreamSource", &[&stream]).map_err(release)?;
        let (size, channels) = (JsValue::from_f64(f64::from(BLOCK)), JsValue::from_f64(1.0));
        let processor = js::call(&context, "createScriptProcessor", &[&size, &channels, &channels]).map_err(release)?;
        #[allow(clippy::cast_possible_truncation)] // A sample rate, a few tens of thousands.
        let rate = js::number(&context, "sampleRate").unwrap_or(48_000.0) as f32;
        let mut samples = Vec::new();
        let on_block = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            if samples_of(&event, &mut samples) {
                on_block(&samples, rate);
            }
        });
        js::set(&processor, "onaudioprocess", on_block.as_ref());
        let on_ended = Closure::<dyn FnMut()>::new(on_ended);
        for track in tracks(&stream, "getAudioTracks") {
            js::set(&track, "onended", on_ended.as_ref());
        }
        js::call(&source, "connect", &[&processor]).map_err(release)?;
        // A processor runs only while connected onward; its output is silence.
        let destination = js::get(&context, "destination").unwrap_or(JsValue::NULL);
        js::call(&processor, "connect", &[&destination]).map_err(release)?;
        if let Ok(resumed) = js::call(&context, "resume", &[]) {
            let _ = js::settle(resumed).await;
        }
        Ok(Self { stream, context, processor, _on_block: on_block, _on_ended: on_ended })
    }

    /// The microphone's `MediaStream` (for a call to carry it).
    pub(crate) fn stream(&self) -> &JsValue {
        &self.stream
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
        js::set(&self.processor, "onaudioprocess", &JsValue::NULL);
        let _ = js::call(&self.processor, "disconnect", &[]);
        stop_tracks(&self.stream);
        let _ = js::call(&self.context, "close", &[]);
    }
}

/// An `audioprocess` event's first channel, copied into `samples`; `false` when it has none.
fn samples_of(event: &web_sys::Event, samples: &mut Vec<f32>) -> bool {
    let Some(buffer) = js::get(event, "inputBuffer") else { return false };
    let Ok(channel) = js::call(&buffer, "getChannelData", &[&JsValue::from_f64(0.0)]) else { return false };
    let Some(block) = js::float32s(&channel) else { return false };
    *samples = block;
    true
}

/// The stream's tracks, as `getTracks` or `getAudioTracks` lists them.
fn tracks(stream: &JsValue, which: &str) -> Vec<JsValue> {
    js::call(stream, which, &[]).map(|list| js::items(&list)).unwrap_or_default()
}

fn stop_tracks(stream: &JsValue) {
    for track in tracks(stream, "getTracks") {
        js::set(&track, "onended", &JsValue::NULL);
        let _ = js::call(&track, "stop", &[]);
    }
}

/// The error a refused `getUserMedia` (a `DOMException`) stands for.
fn mic_error(error: &JsValue) -> MicError {
    match js::error_name(error) {
        (Some(name), _) if name == "NotAllowedError" || name == "SecurityError" => MicError::Refused,
        (Some(name), _) if name == "NotFoundError" || name == "OverconstrainedError" => MicError::NoMicrophone,
        (name, message) => MicError::Failed(message.or(name).unwrap_or_else(|| "no reason given".to_owned())),
    }
}
