//! Tests of the audio requests (snapshots in `test_data/audio/`, checked by
//! [`check_requests`]), their refusals, and the answers read from recorded
//! examples (`transcription.json`, `gemini_audio_understanding.json`,
//! `gemini_speech.json`, each with its `.source.md`).

use super::{
    AudioRequestError, FormRequest, SPEECH_MAX_CHARS, SpeechRequest, TranscriptionRequest, audio_error,
    parse_transcription, speech_audio, speech_request, transcription_request,
};
use crate::contract::{HttpRequest, ProviderErrorKind, ProviderKind};
use crate::format::base64;
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

/// The form of an OpenAI-compatible transcription request.
fn form_of(request: Result<TranscriptionRequest, AudioRequestError>) -> Result<FormRequest, AudioRequestError> {
    match request? {
        TranscriptionRequest::Form(form) => Ok(form),
        TranscriptionRequest::Json(json) => panic!("a form, not {json:?}"),
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
    let gemini = account(Preset::Gemini, "");
    let form = |provider: &ProviderConfig, model: &str, language: &str| {
        as_snapshot(form_of(transcription_request(provider, model, language, b"")).expect("a form"))
    };
    // Four bytes of "recording", to see them inline as base64.
    let inline = match transcription_request(&gemini, "gemini-2.5-flash", "de", b"RIFF") {
        Ok(TranscriptionRequest::Json(request)) => request,
        other => panic!("JSON for Gemini, not {other:?}"),
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
            ("transcription_gemini", inline),
            (
                "speech_gemini",
                speak(&gemini, SpeechRequest { model: "gemini-2.5-flash-preview-tts", voice: "", ..speech("Hello.") }),
            ),
        ],
    );
}

#[test]
fn a_form_carries_no_content_type_and_the_key_only_to_its_origin() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    let form = form_of(transcription_request(&openai, "whisper-1", "", b"")).expect("a form");
    assert!(form.headers.iter().all(|(name, _)| !name.eq_ignore_ascii_case("content-type")));
    assert!(!format!("{form:?}").contains("sk-test"), "the key is redacted when shown");
    let mut elsewhere = openai.clone();
    elsewhere.key_origin = Some("https://other.example".into());
    assert!(matches!(
        transcription_request(&elsewhere, "whisper-1", "", b""),
        Err(AudioRequestError::Request(RequestError::KeyForOtherOrigin { .. }))
    ));
    assert!(matches!(
        speech_request(&account(Preset::OpenAi, "not a url"), &speech("x")),
        Err(AudioRequestError::Request(RequestError::InvalidBaseUrl(_)))
    ));
}

#[test]
fn providers_without_an_audio_api_and_blank_models_are_refused() {
    for preset in [Preset::Anthropic, Preset::OpenRouter, Preset::DeepSeek] {
        let provider = account(preset, "https://example.com/v1");
        assert_eq!(transcription_request(&provider, "m", "", b""), Err(AudioRequestError::NotOffered), "{preset:?}");
        assert_eq!(speech_request(&provider, &speech("x")), Err(AudioRequestError::NotOffered), "{preset:?}");
    }
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    assert_eq!(transcription_request(&openai, "  ", "", b""), Err(AudioRequestError::NoModel));
    let gemini = account(Preset::Gemini, "");
    let too_long = vec![0_u8; crate::provider::gemini::MAX_INLINE_AUDIO + 1];
    assert_eq!(transcription_request(&gemini, "gemini-2.5-flash", "", &too_long), Err(AudioRequestError::TooLong));
    // A dictation ends before it is too long for its account.
    let longest = super::longest_recording_ms(&gemini);
    let wav = crate::format::audio::wav(&vec![0; usize::try_from(longest * 32).expect("fits")], 16_000, 1);
    assert!(transcription_request(&gemini, "gemini-2.5-flash", "", &wav).is_ok(), "{longest} ms fit");
    assert_eq!(super::longest_recording_ms(&openai), 600_000);
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
        parse_transcription(ProviderKind::OpenAi, &body),
        Ok("Imagine the wildest idea that you've ever had, and you're curious about how it might scale to something \
            that's a 100, a 1,000 times bigger. This is a place where you can get to do that."
            .to_owned())
    );
}

#[test]
fn a_transcription_error_or_an_unreadable_answer_is_an_error() {
    let openai = |body: &str| parse_transcription(ProviderKind::OpenAi, body);
    let error = openai(r#"{"error":{"message":"Invalid file format.","type":"invalid_request_error"}}"#);
    assert!(error.is_err_and(|error| error.message.contains("Invalid file format")));
    for body in ["not json", r#"{"segments":[]}"#] {
        assert!(openai(body).is_err_and(|error| error.kind == ProviderErrorKind::Other), "{body}");
    }
    assert_eq!(openai(r#"{"text":"  \n"}"#), Ok(String::new()), "nothing heard is empty text");
    let gemini = |body: &str| parse_transcription(ProviderKind::Gemini, body);
    assert!(gemini(r#"{"candidates":[{"finishReason":"SAFETY"}]}"#).is_err_and(|e| e.message.contains("SAFETY")));
    assert!(gemini("not json").is_err());
    let refused = audio_error(
        ProviderKind::Gemini,
        400,
        r#"{"error":{"code":400,"message":"Unsupported MIME type","status":"INVALID_ARGUMENT"}}"#,
    );
    assert!(refused.message.contains("Unsupported MIME type"), "{refused:?}");
}

#[test]
fn geminis_recorded_audio_answer_reads_to_its_text() {
    let body = std::fs::read_to_string(test_data("audio").join("gemini_audio_understanding.json")).expect("readable");
    assert_eq!(
        parse_transcription(ProviderKind::Gemini, &body),
        Ok("This clip is an audio recording of President Kennedy’s State of the Union address to Congress on \
            January 30, 1961 in Washington D.C. He is speaking to the Vice President and Members of the Congress."
            .to_owned())
    );
}

/// Gemini's recorded speech answer, with known PCM in place of the audio its
/// source left out: it plays as a WAV file of that PCM at 24 kHz, mono.
#[test]
fn geminis_recorded_speech_becomes_a_wav_file_of_its_pcm() {
    let recorded = std::fs::read_to_string(test_data("audio").join("gemini_speech.json")).expect("readable");
    let pcm: Vec<u8> = (0_i16..480).flat_map(|n| (n * 40).to_le_bytes()).collect();
    let mut answer: serde_json::Value = serde_json::from_str(&recorded).expect("JSON");
    answer["candidates"][0]["content"]["parts"][0]["inlineData"]["data"] = base64::encode(&pcm).into();
    let (wav, mime) =
        speech_audio(ProviderKind::Gemini, Some("application/json"), answer.to_string().into_bytes()).expect("audio");
    assert_eq!(mime, "audio/wav");
    assert_eq!(&wav[..4], b"RIFF");
    assert_eq!(u32::from_le_bytes([wav[24], wav[25], wav[26], wav[27]]), 24_000, "the rate its type names");
    assert_eq!(u16::from_le_bytes([wav[22], wav[23]]), 1, "mono");
    assert_eq!(&wav[44..], &pcm[..]);
    // As recorded, with the audio left out: an error, not noise.
    let elided = speech_audio(ProviderKind::Gemini, None, recorded.into_bytes());
    assert!(elided.is_err_and(|error| error.message.contains("base64")));
    // A newer model's spelling of the type, with another rate, and two channels.
    answer["candidates"][0]["content"]["parts"][0]["inlineData"]["mimeType"] =
        "audio/l16; rate=16000; channels=2".into();
    let (wav, _) = speech_audio(ProviderKind::Gemini, None, answer.to_string().into_bytes()).expect("audio");
    assert_eq!(u32::from_le_bytes([wav[24], wav[25], wav[26], wav[27]]), 16_000);
    assert_eq!(u16::from_le_bytes([wav[22], wav[23]]), 2);
    // A WAV file already (the newest models) is played as it is.
    let file = crate::format::audio::wav(&pcm, 24_000, 1);
    answer["candidates"][0]["content"]["parts"][0]["inlineData"] =
        serde_json::json!({ "mimeType": "audio/wav", "data": base64::encode(&file) });
    assert_eq!(
        speech_audio(ProviderKind::Gemini, None, answer.to_string().into_bytes()),
        Ok((file, "audio/wav".into()))
    );
    // OpenAI's answer is the audio itself, of the type it says (MP3 unless told).
    assert_eq!(speech_audio(ProviderKind::OpenAi, None, vec![1, 2]), Ok((vec![1, 2], "audio/mpeg".into())));
    assert_eq!(speech_audio(ProviderKind::OpenAi, Some("audio/wav"), vec![3]), Ok((vec![3], "audio/wav".into())));
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

/// Choosing an account of another family moves a model left at a family's
/// default to this family's; a model the user typed stays.
#[test]
fn choosing_an_account_of_another_family_moves_default_models_only() {
    let mut settings = super::VoiceSettings::default();
    settings.choose_dictation(Some("g".into()), Some(ProviderKind::Gemini));
    settings.choose_speech(Some("g".into()), Some(ProviderKind::Gemini));
    assert_eq!(
        (settings.dictation_model.as_str(), settings.speech_model.as_str()),
        ("gemini-2.5-flash", "gemini-2.5-flash-preview-tts")
    );
    settings.choose_dictation(Some("o".into()), Some(ProviderKind::OpenAi));
    assert_eq!(settings.dictation_model, "gpt-4o-mini-transcribe");
    settings.dictation_model = "whisper-1".into();
    settings.choose_dictation(Some("g".into()), Some(ProviderKind::Gemini));
    assert_eq!(settings.dictation_model, "whisper-1", "typed by the user: kept");
    assert_eq!(settings.dictation_account.as_deref(), Some("g"));
}

/// The browser's recognition is read only as the user stored it; anything
/// else (missing, a newer version's value) is an account, never a choice
/// that sends sound elsewhere.
#[test]
fn the_listener_is_the_stored_choice_or_an_account() {
    use super::{Listener, VoiceSettings};
    let read = |value: serde_json::Value| VoiceSettings::from_stored(&value).listener;
    assert_eq!(read(serde_json::json!({ "listener": "device" })), Listener::Device);
    assert_eq!(read(serde_json::json!({ "listener": "browser_service" })), Listener::BrowserService);
    assert_eq!(read(serde_json::json!({ "listener": "some_cloud" })), Listener::Account);
    assert_eq!(read(serde_json::json!({})), Listener::Account);
    let settings = VoiceSettings { listener: Listener::Device, ..VoiceSettings::default() };
    assert_eq!(VoiceSettings::from_stored(&settings.to_stored()), settings, "stored and read back");
}

/// OpenAI's documented streamed answer: the words grow with each delta, and
/// the done event's text is the transcript.
#[test]
fn the_documented_streamed_transcription_grows_to_its_text() {
    let body = std::fs::read(test_data("audio").join("transcription_stream.txt")).expect("readable");
    let mut decoder = crate::sse::SseDecoder::new();
    let mut stream = super::TranscriptionStream::new();
    let mut seen = Vec::new();
    // Cut anywhere: in pieces of 7 bytes.
    for piece in body.chunks(7) {
        for event in decoder.push(piece) {
            if stream.on_event(&event) {
                seen.push(stream.heard().to_owned());
            }
        }
    }
    assert_eq!(seen.first().map(String::as_str), Some("I"));
    assert_eq!(seen.get(1).map(String::as_str), Some("I see"));
    assert_eq!(seen.len(), 32, "31 deltas and the done event");
    let whole = "I see skies of blue and clouds of white, the bright blessed days, the dark sacred nights, and I think \
                 to myself, what a wonderful world.";
    assert_eq!(stream.finish(), Ok(whole.to_owned()));
}

#[test]
fn a_streamed_transcription_without_its_end_or_with_an_error_says_so() {
    let event = |data: &str| crate::sse::SseEvent { event: None, data: data.to_owned(), id: None, retry: None };
    let mut cut = super::TranscriptionStream::new();
    cut.on_event(&event(r#"{"type":"transcript.text.delta","delta":"Hello"}"#));
    cut.on_event(&event("[DONE]"));
    assert_eq!(cut.finish(), Ok("Hello".to_owned()), "the words of the deltas when no done event came");
    let mut failed = super::TranscriptionStream::new();
    failed.on_event(&event(r#"{"error":{"message":"Audio file might be corrupted","type":"invalid_request_error"}}"#));
    assert!(failed.finish().is_err_and(|error| error.message.contains("corrupted")));
    assert!(super::TranscriptionStream::new().finish().is_err(), "nothing at all is an error");
    // whisper-1 and local models are not asked to stream.
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    let fields = |model: &str| form_of(transcription_request(&openai, model, "", b"")).expect("a form").fields;
    assert!(fields("gpt-4o-mini-transcribe").contains(&("stream".to_owned(), "true".to_owned())));
    assert!(!fields("whisper-1").iter().any(|(name, _)| name == "stream"));
}
