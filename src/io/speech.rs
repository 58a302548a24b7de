//! Sound out: the browser's own voices (`speechSynthesis`, on the device)
//! and playing audio a provider made (an `<audio>` element on a `blob:`
//! address, which the page's policy allows and nothing else can reach).

use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use web_sys::{Blob, HtmlAudioElement, SpeechSynthesis, SpeechSynthesisUtterance, Url};

/// The browser's speech, when it has one.
fn synthesis() -> Option<SpeechSynthesis> {
    web_sys::window().and_then(|window| window.speech_synthesis().ok())
}

/// Whether the browser can speak by itself.
pub(crate) fn browser_speaks() -> bool {
    synthesis().is_some()
}

/// The browser's voices: each one's name and language (the list may be empty
/// until the browser has loaded it, a moment after start).
pub(crate) fn browser_voices() -> Vec<(String, String)> {
    let Some(synthesis) = synthesis() else { return Vec::new() };
    synthesis
        .get_voices()
        .iter()
        .filter_map(|voice| voice.dyn_into::<web_sys::SpeechSynthesisVoice>().ok())
        .map(|voice| (voice.name(), voice.lang()))
        .collect()
}

/// Queues `text` to be spoken by the browser in the voice named `voice` (its
/// default for `lang` when blank or not found) at `rate`; `on_end` is called
/// when it has been spoken or was cancelled. Returns `false` when the browser
/// cannot speak.
pub(crate) fn speak(text: &str, voice: &str, lang: &str, rate: f32, on_end: impl FnMut() + 'static) -> bool {
    let Some(synthesis) = synthesis() else { return false };
    let Ok(utterance) = SpeechSynthesisUtterance::new_with_text(text) else { return false };
    utterance.set_rate(rate);
    if !lang.is_empty() {
        utterance.set_lang(lang);
    }
    let chosen = synthesis
        .get_voices()
        .iter()
        .filter_map(|v| v.dyn_into::<web_sys::SpeechSynthesisVoice>().ok())
        .find(|v| !voice.is_empty() && v.name() == voice);
    utterance.set_voice(chosen.as_ref());
    let on_end = Closure::<dyn FnMut()>::new(on_end);
    utterance.set_onend(Some(on_end.as_ref().unchecked_ref()));
    utterance.set_onerror(Some(on_end.as_ref().unchecked_ref()));
    // Kept alive with the utterance (the browser drops both when it is done).
    on_end.forget();
    synthesis.speak(&utterance);
    true
}

/// Stops the browser's speech, dropping what is queued (and its pause, which
/// `cancel` keeps: the next reading would wait in it).
pub(crate) fn stop_speaking() {
    if let Some(synthesis) = synthesis() {
        synthesis.cancel();
        synthesis.resume();
    }
}

/// Pauses or resumes the browser's speech.
pub(crate) fn pause_speaking(paused: bool) {
    if let Some(synthesis) = synthesis() {
        if paused { synthesis.pause() } else { synthesis.resume() }
    }
}

/// Audio playing from a `blob:` address; dropping it stops it and frees the address.
pub(crate) struct Playing {
    audio: HtmlAudioElement,
    url: String,
    _on_end: Closure<dyn FnMut()>,
}

impl Playing {
    /// Plays `bytes` (of media type `mime`) at `rate`; `on_end` when it has
    /// ended or cannot play.
    pub(crate) fn start(bytes: &[u8], mime: &str, rate: f32, on_end: impl FnMut() + 'static) -> Result<Self, String> {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(|_| "no blob".to_owned())?;
        let url = Url::create_object_url_with_blob(&blob).map_err(|_| "no address".to_owned())?;
        let audio = HtmlAudioElement::new_with_src(&url).map_err(|_| "no audio element".to_owned())?;
        audio.set_playback_rate(f64::from(rate));
        let on_end = Closure::<dyn FnMut()>::new(on_end);
        audio.set_onended(Some(on_end.as_ref().unchecked_ref()));
        audio.set_onerror(Some(on_end.as_ref().unchecked_ref()));
        let _ = audio.play();
        Ok(Self { audio, url, _on_end: on_end })
    }

    /// Pauses or resumes.
    pub(crate) fn pause(&self, paused: bool) {
        if paused {
            let _ = self.audio.pause();
        } else {
            let _ = self.audio.play();
        }
    }
}

impl Drop for Playing {
    fn drop(&mut self) {
        self.audio.set_onended(None);
        self.audio.set_onerror(None);
        let _ = self.audio.pause();
        let _ = Url::revoke_object_url(&self.url);
    }
}
