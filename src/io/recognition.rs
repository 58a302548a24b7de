//! The browser's own speech recognition (`SpeechRecognition`, the Web Speech
//! API), for dictation: on the device (`processLocally`, where the browser
//! can: Chrome downloads a language pack first), or through the browser's
//! service, which sends the sound to its maker's servers. Reached by name
//! (`io::js`).

use std::fmt;

use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

use super::js;

/// Whether the browser can recognise a language on the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OnDevice {
    /// Ready.
    Available,
    /// It can, once it has downloaded the language (from its maker).
    Downloadable,
    /// It is downloading it.
    Downloading,
    /// Not for this language, or not at all.
    Unavailable,
}

/// Why recognition stopped short.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RecognitionError {
    /// This browser has no speech recognition.
    NotOffered,
    /// The microphone, or the service, was refused.
    Refused,
    /// The service could not be reached (offline, or the browser has no access to it).
    Network,
    /// The language cannot be recognised (on the device: not downloaded).
    Language,
    /// No microphone.
    NoMicrophone,
    /// Anything else, with the browser's code.
    Other(String),
}

impl fmt::Display for RecognitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotOffered => f.write_str("This browser has no speech recognition of its own; choose an account under Settings → Voice."),
            Self::Refused => f.write_str("The browser refused the microphone or its speech recognition; allow the microphone in the site settings, or choose an account under Settings → Voice."),
            Self::Network => f.write_str("The browser's speech service could not be reached (it needs its maker's servers); choose an account, or the browser on this device, under Settings → Voice."),
            Self::Language => f.write_str("The browser cannot recognise this language here; set the language under Settings → Voice, or choose an account."),
            Self::NoMicrophone => f.write_str("No microphone was found. Plug one in, then try again."),
            Self::Other(code) => write!(f, "The browser's speech recognition stopped ({code})."),
        }
    }
}

/// Whether this browser has speech recognition at all.
pub(crate) fn recognition_offered() -> bool {
    constructor().is_some()
}

/// `lang`, or the browser's language when it is blank.
pub(crate) fn language_or_browsers(lang: &str) -> String {
    match lang.trim() {
        "" => js::global("navigator").and_then(|n| js::string(&n, "language")).unwrap_or_else(|| "en-US".to_owned()),
        lang => lang.to_owned(),
    }
}

fn constructor() -> Option<JsValue> {
    js::global("SpeechRecognition").or_else(|| js::global("webkitSpeechRecognition"))
}

/// Whether the browser can recognise `lang` on the device (`None`: it has no
/// on-device recognition at all).
pub(crate) async fn on_device(lang: &str) -> Option<OnDevice> {
    let constructor = constructor()?;
    let options = options(lang);
    let asked = js::call(&constructor, "available", &[&options]).ok()?;
    let answer = js::settle(asked).await.ok()?.as_string()?;
    Some(match answer.as_str() {
        "available" => OnDevice::Available,
        "downloadable" => OnDevice::Downloadable,
        "downloading" => OnDevice::Downloading,
        _ => OnDevice::Unavailable,
    })
}

/// Has the browser download `lang` for on-device recognition; whether it now can.
pub(crate) async fn install(lang: &str) -> bool {
    let Some(constructor) = constructor() else { return false };
    let Ok(asked) = js::call(&constructor, "install", &[&options(lang)]) else { return false };
    js::settle(asked).await.ok().and_then(|done| done.as_bool()).unwrap_or(false)
}

fn options(lang: &str) -> JsValue {
    let options = js_sys::Object::new();
    js::set(&options, "langs", &js_sys::Array::of1(&JsValue::from_str(lang)));
    js::set(&options, "processLocally", &JsValue::TRUE);
    options.into()
}

/// A recognition under way; dropping it aborts it.
pub(crate) struct Recognition {
    recognition: JsValue,
    _on_result: Closure<dyn FnMut(web_sys::Event)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
    _on_end: Closure<dyn FnMut()>,
}

impl Recognition {
    /// Starts recognising `lang`, on the device when `local`; `on_text` gets
    /// the words so far (the final ones, then those still being heard), and
    /// `on_end` how it ended, once.
    pub(crate) fn start(
        lang: &str,
        local: bool,
        mut on_text: impl FnMut(String, String) + 'static,
        on_end: impl FnMut(Result<(), RecognitionError>) + 'static,
    ) -> Result<Self, RecognitionError> {
        let name = ["SpeechRecognition", "webkitSpeechRecognition"]
            .into_iter()
            .find(|name| js::global(name).is_some())
            .ok_or(RecognitionError::NotOffered)?;
        let recognition = js::construct(name, &[]).map_err(|_| RecognitionError::NotOffered)?;
        js::set(&recognition, "lang", &JsValue::from_str(lang));
        // One stretch of speech: the browser ends it when the speaker pauses,
        // as the account's dictation ends on quiet.
        js::set(&recognition, "continuous", &JsValue::FALSE);
        js::set(&recognition, "interimResults", &JsValue::TRUE);
        if local {
            js::set(&recognition, "processLocally", &JsValue::TRUE);
        }
        let on_result = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let (done, heard) = words(&event);
            on_text(done, heard);
        });
        let ended = std::rc::Rc::new(std::cell::RefCell::new(Some(Box::new(on_end) as Box<dyn FnMut(_)>)));
        let error_end = ended.clone();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let code = js::string(&event, "error").unwrap_or_default();
            let error = match code.as_str() {
                "not-allowed" | "service-not-allowed" => RecognitionError::Refused,
                "network" => RecognitionError::Network,
                "language-not-supported" => RecognitionError::Language,
                "audio-capture" => RecognitionError::NoMicrophone,
                // Nothing heard, or stopped: the end says what was heard.
                "no-speech" | "aborted" => return,
                _ => RecognitionError::Other(code),
            };
            if let Some(mut on_end) = error_end.borrow_mut().take() {
                on_end(Err(error));
            }
        });
        let on_end = Closure::<dyn FnMut()>::new(move || {
            if let Some(mut on_end) = ended.borrow_mut().take() {
                on_end(Ok(()));
            }
        });
        js::set(&recognition, "onresult", on_result.as_ref());
        js::set(&recognition, "onerror", on_error.as_ref());
        js::set(&recognition, "onend", on_end.as_ref());
        js::call(&recognition, "start", &[]).map_err(|error| match js::error_name(&error).0.as_deref() {
            Some("NotAllowedError") => RecognitionError::Refused,
            _ => RecognitionError::Other(js::error_name(&error).1.unwrap_or_default()),
        })?;
        Ok(Self { recognition, _on_result: on_result, _on_error: on_error, _on_end: on_end })
    }

    /// Stops listening; the words heard until now still arrive, then the end.
    pub(crate) fn stop(&self) {
        let _ = js::call(&self.recognition, "stop", &[]);
    }
}

impl Drop for Recognition {
    fn drop(&mut self) {
        for handler in ["onresult", "onerror", "onend"] {
            js::set(&self.recognition, handler, &JsValue::NULL);
        }
        let _ = js::call(&self.recognition, "abort", &[]);
    }
}

/// The words of a `result` event: the final ones, then those still being heard.
fn words(event: &web_sys::Event) -> (String, String) {
    let (mut done, mut heard) = (String::new(), String::new());
    let results = js::get(event, "results").map(|results| js::items(&results)).unwrap_or_default();
    for result in results {
        let Some(best) = js::items(&result).into_iter().next() else { continue };
        let text = js::string(&best, "transcript").unwrap_or_default();
        let target =
            if js::get(&result, "isFinal").and_then(|f| f.as_bool()) == Some(true) { &mut done } else { &mut heard };
        target.push_str(&text);
    }
    (done.trim().to_owned(), heard.trim().to_owned())
}
