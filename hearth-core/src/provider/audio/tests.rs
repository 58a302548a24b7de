//! Tests of the audio requests (snapshots in `test_data/audio/`, checked by
//! [`check_requests`]), their refusals, and the transcription answer read from
//! OpenAI's documented example (`transcription.json`, with its `.source.md`).

use super::{
    AudioRequestError, FormRequest, SPEECH_MAX_CHARS, SpeechRequest, parse_transcription, speech_request,
    transcription_request,
};
use crate::contract::{HttpRequest, ProviderErrorKind};
use crate::provider::tests::recorded::{check_requests, test_data};
use crate::provider::{Preset, ProviderConfig, RequestError};

fn account(preset: Preset, base_url: &str) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base_url.into(),
        api_key: "sk-test".into(),
        ..Default::default()
    }
}

/// A form request as a snapshot: its URL, headers and fields, as JSON in the body.
fn as_snapshot(form: FormRequest) -> HttpRequest {
    let fields: serde_json::Map<String, serde_json::Value> =
        form.fields.into_iter().map(|(name, value)| (name, serde_json::Value::String(value))).collect();
    let body = serde_json::json!({ "form_fields": fields, "file_field": form.file_field });
    HttpRequest { method: "POST", url: form.url, headers: form.headers, body: Some(body.to_string()) }
}

fn speech<'a>(input: &'a str) -> SpeechRequest<'a> {
    SpeechRequest { model: "gpt-4o-mini-tts", voice: "coral", speed: 1.0, input }
}

#[test]
fn requests_match_their_snapshots() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    let azure = account(Preset::Azure, "https://res.openai.azure.com/openai/deployments/voice");
    let local = account(Preset::Custom, "http://127.0.0.1:8080/v1/chat/completions");
    let form = |provider: &ProviderConfig, model: &str, language: &str| {
        as_snapshot(transcription_request(provider, model, language).expect("a form"))
    };
    let speak =
        |provider: &ProviderConfig, speech: SpeechRequest<'_>| speech_request(provider, &speech).expect("a request");
    check_requests(
        "audio",
        &[
            ("transcription", form(&openai, "gpt-4o-transcribe", "")),
            ("transcription_language", form(&openai, " whisper-1 ", " de ")),
            ("transcription_azure", form(&azure, "whisper", "en")),
            ("transcription_local", form(&local, "Systran/faster-whisper-small", "")),
            ("speech", speak(&openai, speech("Hello there."))),
            ("speech_paced", speak(&openai, SpeechRequest { speed: 1.5, voice: " ", ..speech("Faster.") })),
            ("speech_azure", speak(&azure, speech("Hello there."))),
        ],
    );
}

#[test]
fn a_form_carries_no_content_type_and_the_key_only_to_its_origin() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    let form = transcription_request(&openai, "whisper-1", "").expect("a form");
    assert!(form.headers.iter().all(|(name, _)| !name.eq_ignore_ascii_case("content-type")));
    assert!(!format!("{form:?}").contains("sk-test"), "the key is redacted when shown");
    let mut elsewhere = openai.clone();
    elsewhere.key_origin = Some("https://other.example".into());
    assert!(matches!(
        transcription_request(&elsewhere, "whisper-1", ""),
        Err(AudioRequestError::Request(RequestError::KeyForOtherOrigin { .. }))
    ));
    assert!(matches!(
        speech_request(&account(Preset::OpenAi, "not a url"), &speech("x")),
        Err(AudioRequestError::Request(RequestError::InvalidBaseUrl(_)))
    ));
}

#[test]
fn providers_without_an_audio_api_and_blank_models_are_refused() {
    for preset in [Preset::Anthropic, Preset::Gemini, Preset::OpenRouter, Preset::DeepSeek] {
        let provider = account(preset, "https://example.com/v1");
        assert_eq!(transcription_request(&provider, "m", ""), Err(AudioRequestError::NotOffered), "{preset:?}");
        assert_eq!(speech_request(&provider, &speech("x")), Err(AudioRequestError::NotOffered), "{preset:?}");
    }
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    assert_eq!(transcription_request(&openai, "  ", ""), Err(AudioRequestError::NoModel));
    assert_eq!(speech_request(&openai, &SpeechRequest { model: "", ..speech("x") }), Err(AudioRequestError::NoModel));
}

#[test]
fn speech_input_is_cut_to_the_apis_limit_on_a_character() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    let long = "é".repeat(SPEECH_MAX_CHARS + 10);
    let request = speech_request(&openai, &speech(&long)).expect("a request");
    let body: serde_json::Value = serde_json::from_str(request.body.as_deref().unwrap_or("")).expect("JSON");
    assert_eq!(body["input"].as_str().map(|input| input.chars().count()), Some(SPEECH_MAX_CHARS));
}

#[test]
fn the_documented_transcription_reads_to_its_text() {
    let body = std::fs::read_to_string(test_data("audio").join("transcription.json")).expect("readable");
    assert_eq!(
        parse_transcription(&body),
        Ok("Imagine the wildest idea that you've ever had, and you're curious about how it might scale to something \
            that's a 100, a 1,000 times bigger. This is a place where you can get to do that."
            .to_owned())
    );
}

#[test]
fn a_transcription_error_or_an_unreadable_answer_is_an_error() {
    let error = parse_transcription(r#"{"error":{"message":"Invalid file format.","type":"invalid_request_error"}}"#);
    assert!(error.is_err_and(|error| error.message.contains("Invalid file format")));
    for body in ["not json", r#"{"segments":[]}"#] {
        assert!(parse_transcription(body).is_err_and(|error| error.kind == ProviderErrorKind::Other), "{body}");
    }
    assert_eq!(parse_transcription(r#"{"text":"  \n"}"#), Ok(String::new()), "nothing heard is empty text");
}

#[test]
fn voice_settings_are_read_field_by_field() {
    use super::{Reader, VoiceSettings};
    assert_eq!(VoiceSettings::from_stored(&serde_json::Value::Null), VoiceSettings::default());
    let stored = serde_json::json!({
        "dictation_account": "p1",
        "dictation_model": 7,
        "language": " de ",
        "reader": "provider",
        "speech_account": "",
        "voice": "coral",
        "speed": 9.5,
        "from_a_newer_hearth": true,
    });
    let settings = VoiceSettings::from_stored(&stored);
    assert_eq!(settings.dictation_account.as_deref(), Some("p1"));
    assert_eq!(settings.dictation_model, VoiceSettings::DEFAULT_DICTATION_MODEL, "a wrong type takes the default");
    assert_eq!(settings.language, "de");
    assert_eq!(settings.reader, Reader::Provider);
    assert_eq!(settings.speech_account, None, "a blank id is none");
    assert_eq!(settings.voice, "coral");
    assert_eq!(settings.speed, VoiceSettings::MAX_SPEED);
    assert_eq!(VoiceSettings::from_stored(&settings.to_stored()), settings, "what is stored reads back");
}
