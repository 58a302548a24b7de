//! The user's voice settings, stored as one setting (`voice`): who turns
//! dictation into text and who reads answers aloud.

use serde::Serialize;

use crate::contract::ProviderKind;

/// Who reads answers aloud.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reader {
    /// The browser's own voices (`speechSynthesis`), on the device.
    #[default]
    Browser,
    /// The chosen account's speech API ([`super::speech_request`]).
    Provider,
}

/// Who turns dictation into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Listener {
    /// The chosen account ([`VoiceSettings::dictation_account`]).
    #[default]
    Account,
    /// The browser's own recognition, on this device (`processLocally`): the
    /// sound never leaves it.
    Device,
    /// The browser's recognition service: the browser sends the sound to its
    /// maker's servers (Google's for Chrome). Only ever chosen by the user.
    BrowserService,
}

/// How dictation and reading aloud are done. Read field by field
/// ([`VoiceSettings::from_stored`]), so a value from an older or newer Hearth loads.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VoiceSettings {
    /// Who turns dictation into text.
    pub listener: Listener,
    /// The account (provider id) that transcribes dictation; `None` until
    /// chosen: nothing is recorded before the user has said where it goes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dictation_account: Option<String>,
    /// Its transcription model.
    pub dictation_model: String,
    /// The language spoken, as an ISO-639-1 code; blank lets the model tell.
    pub language: String,
    /// Who reads answers aloud.
    pub reader: Reader,
    /// The account (provider id) whose speech API reads, for [`Reader::Provider`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub speech_account: Option<String>,
    /// Its speech model.
    pub speech_model: String,
    /// The voice: a browser voice's name, or the provider's voice id; blank
    /// for the default (the browser's for the language, or `alloy`).
    pub voice: String,
    /// How fast, from [`VoiceSettings::MIN_SPEED`] to [`VoiceSettings::MAX_SPEED`].
    pub speed: f32,
    /// The model realtime talk uses; blank for the conversation's family's
    /// (`gemini::live::DEFAULT_MODEL`, `openai::realtime::DEFAULT_MODEL`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub talk_model: String,
}

impl Default for VoiceSettings {
    fn default() -> Self {
        Self {
            listener: Listener::Account,
            dictation_account: None,
            dictation_model: Self::DEFAULT_DICTATION_MODEL.to_owned(),
            language: String::new(),
            reader: Reader::Browser,
            speech_account: None,
            speech_model: Self::DEFAULT_SPEECH_MODEL.to_owned(),
            voice: String::new(),
            speed: 1.0,
            talk_model: String::new(),
        }
    }
}

impl VoiceSettings {
    /// The transcription model offered first.
    pub const DEFAULT_DICTATION_MODEL: &str = "gpt-4o-mini-transcribe";
    /// The speech model offered first.
    pub const DEFAULT_SPEECH_MODEL: &str = "gpt-4o-mini-tts";
    /// The slowest speed offered.
    pub const MIN_SPEED: f32 = 0.5;
    /// The fastest speed offered.
    pub const MAX_SPEED: f32 = 2.0;

    /// The settings stored as `value`, field by field: a field missing or of
    /// the wrong type takes its default, a speed out of range the nearest
    /// bound, and the others keep what was stored.
    pub fn from_stored(value: &serde_json::Value) -> Self {
        let defaults = Self::default();
        let text = |key: &str| value.get(key).and_then(serde_json::Value::as_str).map(str::trim);
        let id = |key: &str| text(key).filter(|id| !id.is_empty()).map(str::to_owned);
        let model = |key: &str, default: String| text(key).filter(|m| !m.is_empty()).map_or(default, str::to_owned);
        // A value this version does not know (a newer one's) falls back to an
        // account: never to a choice that sends sound elsewhere.
        let listener = match text("listener") {
            Some("device") => Listener::Device,
            Some("browser_service") => Listener::BrowserService,
            _ => Listener::Account,
        };
        let reader = match text("reader") {
            Some("provider") => Reader::Provider,
            _ => Reader::Browser,
        };
        let speed = value
            .get("speed")
            .and_then(serde_json::Value::as_f64)
            .filter(|speed| speed.is_finite())
            .map_or(defaults.speed, |speed| (speed as f32).clamp(Self::MIN_SPEED, Self::MAX_SPEED));
        Self {
            listener,
            dictation_account: id("dictation_account"),
            dictation_model: model("dictation_model", defaults.dictation_model),
            language: text("language").map_or(defaults.language, str::to_owned),
            reader,
            speech_account: id("speech_account"),
            speech_model: model("speech_model", defaults.speech_model),
            voice: text("voice").map_or(defaults.voice, str::to_owned),
            speed,
            talk_model: text("talk_model").map_or(defaults.talk_model, str::to_owned),
        }
    }

    /// Chooses `account` (of family `kind`) to turn speech into text; a
    /// model still at a family's default becomes this family's default.
    pub fn choose_dictation(&mut self, account: Option<String>, kind: Option<ProviderKind>) {
        self.dictation_account = account;
        if let Some(kind) =
            kind.filter(|_| FAMILIES.iter().any(|family| default_models(*family).0 == self.dictation_model))
        {
            self.dictation_model = default_models(kind).0.to_owned();
        }
    }

    /// Chooses `account` (of family `kind`) to read aloud; a model still at a
    /// family's default becomes this family's default.
    pub fn choose_speech(&mut self, account: Option<String>, kind: Option<ProviderKind>) {
        self.speech_account = account;
        if let Some(kind) =
            kind.filter(|_| FAMILIES.iter().any(|family| default_models(*family).1 == self.speech_model))
        {
            self.speech_model = default_models(kind).1.to_owned();
        }
    }

    /// The settings as they are stored.
    pub fn to_stored(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}

/// The families whose default models [`VoiceSettings::choose_dictation`] replaces.
const FAMILIES: [ProviderKind; 2] = [ProviderKind::OpenAi, ProviderKind::Gemini];

/// The models offered first for a family: its transcription model and its speech model.
pub fn default_models(kind: ProviderKind) -> (&'static str, &'static str) {
    match kind {
        ProviderKind::Gemini => ("gemini-2.5-flash", "gemini-2.5-flash-preview-tts"),
        _ => (VoiceSettings::DEFAULT_DICTATION_MODEL, VoiceSettings::DEFAULT_SPEECH_MODEL),
    }
}
