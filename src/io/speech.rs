//! Sound out: the browser's own voices (`speechSynthesis`, on the device)
//! and playing audio a provider made (an `<audio>` element on a `blob:`
//! address, which the page's policy allows and nothing else can reach).
//! Their APIs are reached by name (`io::js`), so none is in the first load.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::spawn_local;

use super::js;
use super::media::blob_of;

/// The browser's speech, when it has one.
fn synthesis() -> Option<JsValue> {
    js::global("speechSynthesis")
}

/// Whether the browser can speak by itself.
pub(crate) fn browser_speaks() -> bool {
    synthesis().is_some()
}

/// The browser's voices (the list may be empty until the browser has loaded
/// it, a moment after start).
fn voices() -> Vec<JsValue> {
    synthesis()
        .and_then(|synthesis| js::call(&synthesis, "getVoices", &[]).ok())
        .map(|list| js::items(&list))
        .unwrap_or_default()
}

/// The browser's voices: each one's name and language.
pub(crate) fn browser_voices() -> Vec<(String, String)> {
    voices()
        .iter()
        .filter_map(|voice| Some((js::string(voice, "name")?, js::string(voice, "lang").unwrap_or_default())))
        .collect()
}

/// Something being spoken by the browser; dropping it lets go of its
/// handler (the speech itself is stopped by [`stop_speaking`]).
pub(crate) struct Utterance {
    utterance: JsValue,
    _on_end: Closure<dyn FnMut()>,
}

impl Drop for Utterance {
    fn drop(&mut self) {
        js::set(&self.utterance, "onend", &JsValue::NULL);
        js::set(&self.utterance, "onerror", &JsValue::NULL);
    }
}

/// Queues `text` to be spoken by the browser in the voice named `voice` (its
/// default for `lang` when blank or not found) at `rate`; `on_end` is called
/// once, when it has been spoken or was cancelled. `None` when the browser
/// cannot speak. Keep the utterance until `on_end`.
pub(crate) fn speak(
    text: &str,
    voice: &str,
    lang: &str,
    rate: f32,
    on_end: impl FnOnce() + 'static,
) -> Option<Utterance> {
    let synthesis = synthesis()?;
    let utterance = js::construct("SpeechSynthesisUtterance", &[&JsValue::from_str(text)]).ok()?;
    js::set(&utterance, "rate", &JsValue::from_f64(f64::from(rate)));
    if !lang.is_empty() {
        js::set(&utterance, "lang", &JsValue::from_str(lang));
    }
    if let Some(chosen) =
        voices().into_iter().find(|v| !voice.is_empty() && js::string(v, "name").as_deref() == Some(voice))
    {
        js::set(&utterance, "voice", &chosen);
    }
    // `end` and `error` both end it: the first calls `on_end`.
    let mut on_end = Some(on_end);
    let on_end = Closure::<dyn FnMut()>::new(move || {
        if let Some(on_end) = on_end.take() {
            on_end();
        }
    });
    js::set(&utterance, "onend", on_end.as_ref());
    js::set(&utterance, "onerror", on_end.as_ref());
    js::call(&synthesis, "speak", &[&utterance]).ok()?;
    Some(Utterance { utterance, _on_end: on_end })
}

/// Stops the browser's speech, dropping what is queued (and its pause, which
/// `cancel` keeps: the next reading would wait in it).
pub(crate) fn stop_speaking() {
    if let Some(synthesis) = synthesis() {
        let _ = js::call(&synthesis, "cancel", &[]);
        let _ = js::call(&synthesis, "resume", &[]);
    }
}

/// Pauses or resumes the browser's speech.
pub(crate) fn pause_speaking(paused: bool) {
    if let Some(synthesis) = synthesis() {
        let _ = js::call(&synthesis, if paused { "pause" } else { "resume" }, &[]);
    }
}

/// Why audio could not be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PlayError {
    /// The browser could not make an address or an element for it.
    Unsupported,
    /// The browser would not start it (autoplay blocked: no click before it).
    Blocked,
    /// The audio could not be decoded, with the browser's words.
    Unplayable(String),
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unsupported => f.write_str("This browser cannot play audio here."),
            Self::Blocked => f.write_str("The browser would not start playing; press the button again."),
            Self::Unplayable(why) => write!(f, "The audio could not be played ({why})."),
        }
    }
}

/// Audio playing from a `blob:` address; dropping it stops it and frees the address.
pub(crate) struct Playing {
    audio: JsValue,
    url: String,
    _on_end: Closure<dyn FnMut()>,
}

impl Playing {
    /// Plays `bytes` (of media type `mime`) at `rate`; `on_end` when it has
    /// ended, or with why it could not play (a refused start included).
    pub(crate) fn start(
        bytes: &[u8],
        mime: &str,
        rate: f32,
        on_end: impl FnOnce(Result<(), PlayError>) + 'static,
    ) -> Result<Self, PlayError> {
        let blob = blob_of(bytes, mime).ok_or(PlayError::Unsupported)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| PlayError::Unsupported)?;
        let audio = match js::construct("Audio", &[&JsValue::from_str(&url)]) {
            Ok(audio) => audio,
            Err(_) => {
                let _ = web_sys::Url::revoke_object_url(&url);
                return Err(PlayError::Unsupported);
            }
        };
        js::set(&audio, "playbackRate", &JsValue::from_f64(f64::from(rate)));
        // The end, an error or a refused start: the first calls `on_end`.
        let ended = Rc::new(RefCell::new(Some(on_end)));
        let finish = move |outcome: Result<(), PlayError>| {
            if let Some(on_end) = ended.borrow_mut().take() {
                on_end(outcome);
            }
        };
        let on_event = {
            let (audio, finish) = (audio.clone(), finish.clone());
            move || {
                finish(match js::get(&audio, "error") {
                    Some(error) => Err(PlayError::Unplayable(
                        js::string(&error, "message").filter(|m| !m.is_empty()).unwrap_or_else(|| "not audio".into()),
                    )),
                    None => Ok(()),
                });
            }
        };
        let on_event = Closure::<dyn FnMut()>::new(on_event);
        js::set(&audio, "onended", on_event.as_ref());
        js::set(&audio, "onerror", on_event.as_ref());
        let playing = Self { audio, url, _on_end: on_event };
        playing.play(finish);
        Ok(playing)
    }

    /// Starts (or resumes) playing; a refused start ends the playing with why.
    fn play(&self, finish: impl FnOnce(Result<(), PlayError>) + 'static) {
        let started = js::call(&self.audio, "play", &[]);
        spawn_local(async move {
            let refused = match started {
                Ok(promise) => js::settle(promise).await.err(),
                Err(error) => Some(error),
            };
            if let Some(error) = refused {
                let name = js::error_name(&error).0;
                // A pause before the start settled rejects it too (`AbortError`): not a failure.
                if name.as_deref() == Some("NotAllowedError") {
                    finish(Err(PlayError::Blocked));
                } else if name.as_deref() == Some("NotSupportedError") {
                    finish(Err(PlayError::Unplayable("not a format this browser plays".into())));
                }
            }
        });
    }

    /// Pauses or resumes.
    pub(crate) fn pause(&self, paused: bool) {
        if paused {
            let _ = js::call(&self.audio, "pause", &[]);
        } else if let Ok(started) = js::call(&self.audio, "play", &[]) {
            // A stop before it settles rejects it: handled, nothing to say.
            spawn_local(async move {
                let _ = js::settle(started).await;
            });
        }
    }
}

impl Drop for Playing {
    fn drop(&mut self) {
        js::set(&self.audio, "onended", &JsValue::NULL);
        js::set(&self.audio, "onerror", &JsValue::NULL);
        let _ = js::call(&self.audio, "pause", &[]);
        let _ = web_sys::Url::revoke_object_url(&self.url);
    }
}
