//! Tests of realtime talk: Gemini Live's and OpenAI Realtime's published
//! server messages read into events, what each session is set up with, where
//! it connects (and with which key), and a conversation's turns gathered into
//! exchanges, cut short by barge-in.

use serde_json::{Value, json};

use super::{Exchange, TalkCall, TalkEvent, Transcript};
use crate::contract::{ProviderKind, ToolSpec};
use crate::provider::gemini::live;
use crate::provider::openai::realtime::{self, SessionSetup};
use crate::provider::{Preset, ProviderConfig};

fn lines(file: &str) -> Vec<String> {
    let path = format!("{}/test_data/realtime/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).expect("test data").lines().map(str::to_owned).collect()
}

fn provider(kind: ProviderKind, preset: Preset, base_url: &str, key: &str) -> ProviderConfig {
    ProviderConfig { kind, preset, base_url: base_url.into(), api_key: key.into(), ..ProviderConfig::default() }
}

fn calculator() -> ToolSpec {
    ToolSpec {
        name: "calculator".into(),
        description: "Evaluates arithmetic.".into(),
        parameters: json!({ "type": "object", "properties": { "expression": { "type": "string" } }, "required": ["expression"] }),
    }
}

#[test]
fn gemini_lives_published_messages_become_events() {
    let events: Vec<Vec<TalkEvent>> = lines("gemini_live_server.jsonl").iter().map(|line| live::parse(line)).collect();
    assert_eq!(events[0], [TalkEvent::Ready]);
    assert_eq!(events[1], [TalkEvent::UserWords("test_input".into())]);
    // "MDAwMDAw" is "000000": three samples, at 24 kHz when the type names no rate.
    assert_eq!(events[2], [TalkEvent::ModelAudio { pcm: b"000000".to_vec(), rate: 24_000 }]);
    assert_eq!(
        events[3],
        [TalkEvent::ModelWords(
            " could talk about anything you like. Perhaps you have a hobby or an interest you".into()
        )]
    );
    assert_eq!(events[4], [], "generationComplete changes nothing");
    assert_eq!(events[5], [TalkEvent::TurnDone]);
    assert_eq!(
        events[6],
        [TalkEvent::ToolCall {
            id: "function-call-5831923424298605773".into(),
            name: "get_current_weather".into(),
            arguments: r#"{"location":"Redmond, WA"}"#.into(),
        }]
    );
    assert_eq!(events[7], [TalkEvent::Ending("10s".into())]);
    // From the SDK's documentation of the field (no published example).
    assert_eq!(live::parse(r#"{"serverContent":{"interrupted":true}}"#), [TalkEvent::Interrupted]);
    let rated = r#"{"serverContent":{"modelTurn":{"parts":[{"inlineData":{"mimeType":"audio/pcm;rate=16000","data":"AAA="}}]}}}"#;
    assert_eq!(live::parse(rated), [TalkEvent::ModelAudio { pcm: vec![0, 0], rate: 16_000 }]);
    let image = r#"{"serverContent":{"modelTurn":{"parts":[{"inlineData":{"mimeType":"image/png","data":"AAA="}}]}}}"#;
    assert_eq!(live::parse(image), [], "only PCM is played");
    assert!(matches!(live::parse("not json").as_slice(), [TalkEvent::Error(_)]));
}

#[test]
fn gemini_lives_setup_carries_the_model_prompt_tools_voice_and_both_transcriptions() {
    let setup: Value = serde_json::from_str(&live::setup(
        "models/gemini-live-2.5-flash-preview",
        "Be brief.",
        &[calculator()],
        "Puck",
    ))
    .expect("JSON");
    assert_eq!(
        setup,
        json!({ "setup": {
            "model": "models/gemini-live-2.5-flash-preview",
            "generationConfig": {
                "responseModalities": ["AUDIO"],
                "speechConfig": { "voiceConfig": { "prebuiltVoiceConfig": { "voiceName": "Puck" } } },
            },
            "systemInstruction": { "parts": [{ "text": "Be brief." }] },
            "tools": [{ "functionDeclarations": [{
                "name": "calculator",
                "description": "Evaluates arithmetic.",
                "parametersJsonSchema": calculator().parameters,
            }] }],
            "inputAudioTranscription": {},
            "outputAudioTranscription": {},
        } })
    );
    // A voice that is not one of Gemini's (an OpenAI voice, a browser's) is left out: Google would refuse the setup.
    let other: Value = serde_json::from_str(&live::setup("m", "", &[], "verse")).expect("JSON");
    assert!(other["setup"]["generationConfig"].get("speechConfig").is_none());
    let bare: Value = serde_json::from_str(&live::setup(" ", "", &[], "")).expect("JSON");
    assert_eq!(bare["setup"]["model"], json!(format!("models/{}", live::DEFAULT_MODEL)));
    assert!(bare["setup"].get("tools").is_none() && bare["setup"].get("systemInstruction").is_none());
    assert!(bare["setup"]["generationConfig"].get("speechConfig").is_none(), "the model's own voice");
    let history = live::history(&[(true, "Plan a trip.".into()), (false, "To where?".into()), (true, "  ".into())]);
    assert_eq!(
        serde_json::from_str::<Value>(history.as_deref().unwrap_or_default()).expect("JSON"),
        json!({ "clientContent": { "turns": [
            { "role": "user", "parts": [{ "text": "Plan a trip." }] },
            { "role": "model", "parts": [{ "text": "To where?" }] },
        ], "turnComplete": false } })
    );
    assert_eq!(live::history(&[]), None, "a new conversation sends none");
    let audio: Value = serde_json::from_str(&live::audio(&[1, 0, 255, 255])).expect("JSON");
    assert_eq!(
        audio,
        json!({ "realtimeInput": { "audio": { "data": "AQD//w==", "mimeType": "audio/pcm;rate=16000" } } })
    );
    let response: Value =
        serde_json::from_str(&live::tool_response("function-call-1", "calculator", "4", false)).expect("JSON");
    assert_eq!(
        response,
        json!({ "toolResponse": { "functionResponses": [{ "id": "function-call-1", "name": "calculator", "response": { "output": "4" } }] } })
    );
    let failed: Value = serde_json::from_str(&live::tool_response("f", "calculator", "Denied.", true)).expect("JSON");
    assert_eq!(failed["toolResponse"]["functionResponses"][0]["response"], json!({ "error": "Denied." }));
}

#[test]
fn gemini_live_connects_to_the_accounts_host_with_its_key_in_the_query() {
    let google = provider(ProviderKind::Gemini, Preset::Gemini, "", "AIza key/+");
    assert_eq!(
        live::live_url(&google),
        "wss://generativelanguage.googleapis.com/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent?key=AIza%20key%2F%2B"
    );
    let local = provider(ProviderKind::Gemini, Preset::Gemini, "http://127.0.0.1:8787/v1beta", "k");
    assert_eq!(
        live::live_url(&local),
        "ws://127.0.0.1:8787/ws/google.ai.generativelanguage.v1beta.GenerativeService.BidiGenerateContent?key=k"
    );
    let alpha = provider(ProviderKind::Gemini, Preset::Gemini, "https://proxy.example/gemini/v1alpha?x=1", "k");
    assert_eq!(
        live::live_url(&alpha),
        "wss://proxy.example/gemini/ws/google.ai.generativelanguage.v1alpha.GenerativeService.BidiGenerateContent?key=k"
    );
    assert_eq!(
        live::close_reason(1007, " Request contains an invalid argument. "),
        "Gemini ended the session: Request contains an invalid argument. (code 1007)."
    );
    assert!(live::close_reason(1006, "").contains("dropped"));
}

#[test]
fn openai_realtimes_published_events_become_events() {
    let events: Vec<Vec<TalkEvent>> =
        lines("openai_realtime_events.jsonl").iter().map(|line| realtime::parse(line)).collect();
    assert_eq!(events[0], [TalkEvent::Ready]);
    assert_eq!(events[1], [TalkEvent::UserSpeaking]);
    assert_eq!(events[2], [], "speech_stopped: the server answers by itself");
    assert_eq!(events[3], [TalkEvent::UserWords("Hey".into())]);
    assert_eq!(events[4], [TalkEvent::UserSaid("Hey, can you hear me?".into())]);
    assert_eq!(events[5], [TalkEvent::ModelWords("Hello, how can I a".into())]);
    assert_eq!(events[6], [TalkEvent::ModelSaid("Hello, how can I assist you today?".into())]);
    assert_eq!(events[7], [TalkEvent::TurnDone]);
    assert_eq!(events[8], [], "a call's arguments done: it runs once its response is done");
    assert_eq!(events[9], [], "output_audio_buffer.cleared: WebRTC's own");
    assert_eq!(events[10], [TalkEvent::Error("The 'type' field is missing.".into())]);
    // A response cut by the user, and one that only called a tool (its result asks for the rest).
    let cancelled = r#"{"type":"response.done","response":{"status":"cancelled","output":[]}}"#;
    assert_eq!(realtime::parse(cancelled), [TalkEvent::Interrupted, TalkEvent::TurnDone]);
    let calling = r#"{"type":"response.done","response":{"status":"completed","output":[
        {"type":"message","role":"assistant","status":"completed","content":[]},
        {"type":"function_call","status":"completed","call_id":"c1","name":"calc","arguments":"{\"expression\":\"1\"}"},
        {"type":"function_call","status":"completed","call_id":"c2","name":"time","arguments":"{}"}]}}"#;
    assert_eq!(
        realtime::parse(&calling.replace('\n', "")),
        [
            TalkEvent::ToolCall { id: "c1".into(), name: "calc".into(), arguments: r#"{"expression":"1"}"#.into() },
            TalkEvent::ToolCall { id: "c2".into(), name: "time".into(), arguments: "{}".into() },
        ],
        "each completed call, in order, and the turn goes on"
    );
    // A response cut for its length: its half-written call never runs.
    let cut = r#"{"type":"response.done","response":{"status":"incomplete","output":[{"type":"function_call","status":"incomplete","call_id":"c3","name":"calc","arguments":"{\"expr"}]}}"#;
    assert_eq!(realtime::parse(cut), [TalkEvent::TurnDone]);
    assert!(matches!(realtime::parse("{").as_slice(), [TalkEvent::Error(_)]));
}

#[test]
fn openai_realtime_asks_for_a_secret_with_the_key_then_answers_the_offer_with_the_secret() {
    let openai = provider(ProviderKind::OpenAi, Preset::OpenAi, "https://api.openai.com/v1", "sk-secret");
    let setup = SessionSetup {
        model: String::new(),
        instructions: "Be brief.".into(),
        tools: vec![calculator()],
        voice: "marin".into(),
        transcription_model: String::new(),
        language: "de".into(),
    };
    let request = realtime::client_secret_request(&openai, &setup);
    assert_eq!(request.url, "https://api.openai.com/v1/realtime/client_secrets");
    assert!(request.headers.contains(&("authorization".into(), "Bearer sk-secret".into())));
    let body: Value = serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("JSON");
    assert_eq!(
        body,
        json!({ "session": {
            "type": "realtime",
            "model": "gpt-realtime",
            "instructions": "Be brief.",
            "tools": [{ "type": "function", "name": "calculator", "description": "Evaluates arithmetic.", "parameters": calculator().parameters }],
            "tool_choice": "auto",
            "audio": {
                "input": {
                    "transcription": { "model": "gpt-4o-mini-transcribe", "language": "de" },
                    "turn_detection": { "type": "server_vad", "create_response": true, "interrupt_response": true },
                },
                "output": { "voice": "marin" },
            },
        } })
    );
    // A voice OpenAI's realtime models lack (a browser's, `nova` of the speech API) is left out: it would be refused.
    for voice in ["nova", "Google US English"] {
        let body = realtime::session(&SessionSetup { voice: voice.into(), ..SessionSetup::default() });
        assert!(body["audio"].get("output").is_none(), "{voice}: the model's own voice");
    }
    // The documented answer's shape (`value`, `expires_at`, `session`).
    let secret = realtime::parse_client_secret(
        r#"{"value":"ek_68af296e8e408191a1120ab6383263c2","expires_at":1756310470,"session":{}}"#,
    );
    assert_eq!(secret.as_deref(), Some("ek_68af296e8e408191a1120ab6383263c2"));
    assert_eq!(realtime::parse_client_secret(r#"{"error":{"message":"no"}}"#), None);
    let call = realtime::call_request(&openai, "ek_1", "v=0\r\n");
    assert_eq!(call.url, "https://api.openai.com/v1/realtime/calls");
    assert_eq!(
        call.headers,
        [
            ("content-type".to_owned(), "application/sdp".to_owned()),
            ("authorization".to_owned(), "Bearer ek_1".to_owned())
        ],
        "the secret, never the key"
    );
    assert_eq!(call.body.as_deref(), Some("v=0\r\n"));
    let item = realtime::function_output("call_001", "4");
    assert_eq!(
        serde_json::from_str::<Value>(&item).expect("JSON"),
        json!({ "type": "conversation.item.create", "item": { "type": "function_call_output", "call_id": "call_001", "output": "4" } })
    );
    assert_eq!(
        serde_json::from_str::<Value>(realtime::RESPONSE_CREATE).expect("JSON"),
        json!({ "type": "response.create" })
    );
}

#[test]
fn openai_realtime_is_told_the_conversation_so_far_as_items_of_each_side() {
    let turns = [(true, "Plan a trip.".to_owned()), (false, "To where?".to_owned()), (true, "  ".to_owned())];
    let events: Vec<Value> =
        realtime::history(&turns).iter().map(|event| serde_json::from_str(event).expect("JSON")).collect();
    assert_eq!(
        events,
        vec![
            json!({ "type": "conversation.item.create", "item": { "type": "message", "role": "user", "content": [{ "type": "input_text", "text": "Plan a trip." }] } }),
            json!({ "type": "conversation.item.create", "item": { "type": "message", "role": "assistant", "content": [{ "type": "output_text", "text": "To where?" }] } }),
        ]
    );
    assert!(realtime::history(&[]).is_empty(), "a new conversation sends none");
}

#[test]
fn a_transcript_gathers_each_turn_and_marks_one_cut_short() {
    let mut transcript = Transcript::new();
    let events = [
        TalkEvent::Ready,
        TalkEvent::UserWords("Remind me ".into()),
        TalkEvent::UserWords("to water the plants.".into()),
        TalkEvent::ModelWords("Sure,".into()),
        TalkEvent::ModelWords(" tomorrow.".into()),
    ];
    for event in &events {
        assert_eq!(transcript.on(event), None);
    }
    assert_eq!(transcript.current().model, "Sure, tomorrow.");
    assert_eq!(
        transcript.on(&TalkEvent::TurnDone),
        Some(Exchange {
            user: "Remind me to water the plants.".into(),
            model: "Sure, tomorrow.".into(),
            interrupted: false,
            calls: Vec::new(),
        })
    );
    // OpenAI's whole transcripts replace their pieces; a barge-in marks the answer cut.
    for event in [
        TalkEvent::UserWords("Hey".into()),
        TalkEvent::UserSaid("Hey, can you hear me?".into()),
        TalkEvent::ModelWords("Loud and".into()),
        TalkEvent::UserSpeaking,
        TalkEvent::Interrupted,
    ] {
        assert_eq!(transcript.on(&event), None);
    }
    assert_eq!(
        transcript.on(&TalkEvent::TurnDone),
        Some(Exchange {
            user: "Hey, can you hear me?".into(),
            model: "Loud and".into(),
            interrupted: true,
            calls: Vec::new()
        })
    );
    assert_eq!(transcript.on(&TalkEvent::TurnDone), None, "nothing said: no exchange");
    transcript.on(&TalkEvent::UserWords("Bye".into()));
    assert_eq!(
        transcript.finish(),
        Some(Exchange { user: "Bye".into(), ..Exchange::default() }),
        "ended before an answer"
    );
    transcript.on(&TalkEvent::UserWords("And".into()));
    transcript.on(&TalkEvent::ModelWords("So".into()));
    assert_eq!(
        transcript.finish(),
        Some(Exchange { user: "And".into(), model: "So".into(), interrupted: true, calls: Vec::new() }),
        "ended while it answered: the answer is cut"
    );
}

#[test]
fn a_turn_keeps_the_tools_it_called_even_without_words() {
    let mut transcript = Transcript::new();
    let call = TalkCall {
        id: "function-call-1".into(),
        name: "calculator".into(),
        arguments: r#"{"expression":"2 + 2"}"#.into(),
        result: "4".into(),
        is_error: false,
        duration_ms: 3,
    };
    transcript.called(call.clone());
    assert_eq!(transcript.on(&TalkEvent::TurnDone), Some(Exchange { calls: vec![call], ..Exchange::default() }));
}
