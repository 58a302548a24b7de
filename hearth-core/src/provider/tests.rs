//! Tests of the family-neutral helpers: extra JSON, dispatch by kind, model lists
//! and the connection ping. In `tests/`: the harness for recorded bodies
//! (`recorded`), the two-round tool turn sent to every family (`tool_wire`), a
//! message's attached files in every family (`attached_files`) and the whole
//! requests snapshotted per family (`snapshots`). Each family's own tests sit
//! in `<family>/tests.rs` and `<family>/tests/`.

mod attached_files;
pub(crate) mod recorded;
pub(crate) mod snapshots;
pub(crate) mod tool_wire;

use super::{
    HttpRequest, ModelConfig, Preset, ProviderConfig, ProviderErrorKind, ProviderKind, build_request, merge_extra,
    models_request, parse_error_body, parse_extra_json, parse_models, ping_request,
};

fn config(preset: Preset, base_url: &str, api_key: &str) -> ProviderConfig {
    ProviderConfig {
        kind: preset.kind(),
        preset,
        base_url: base_url.into(),
        api_key: api_key.into(),
        ..Default::default()
    }
}

fn body(request: &HttpRequest) -> serde_json::Value {
    serde_json::from_str(request.body.as_deref().unwrap_or_default()).expect("a JSON body")
}

#[test]
fn blank_extra_json_is_no_extra() {
    assert_eq!(parse_extra_json(""), Ok(serde_json::Map::new()));
    assert_eq!(parse_extra_json("  \n "), Ok(serde_json::Map::new()));
    let map = parse_extra_json(r#" {"seed": 7, "nested": {"a": [1]}} "#).expect("an object");
    assert_eq!(serde_json::Value::Object(map), serde_json::json!({ "seed": 7, "nested": { "a": [1] } }));
}

#[test]
fn bad_extra_json_is_explained() {
    assert_eq!(parse_extra_json("[1, 2]"), Err("Extra JSON must be an object, like {\"seed\": 7}.".to_owned()));
    assert_eq!(parse_extra_json("7"), Err("Extra JSON must be an object, like {\"seed\": 7}.".to_owned()));
    assert_eq!(
        parse_extra_json("{\"seed\" 7}"),
        Err("Extra JSON is not valid at line 1, column 9: expected `:`.".to_owned())
    );
    let error = parse_extra_json("{\n  \"a\": 1,\n}").expect_err("trailing comma");
    assert!(error.starts_with("Extra JSON is not valid at line 3, column 1: "), "{error}");
    assert!(!error.contains(" at line 3 column 1"), "the position is said once, in words: {error}");
    assert_eq!(
        parse_extra_json("{\"a\": "),
        Err("Extra JSON is not valid at line 1, column 6: the text ends inside a value.".to_owned())
    );
}

#[test]
fn merging_is_a_json_merge_patch() {
    let mut body = serde_json::json!({ "a": 1, "b": { "c": 2, "d": 3 }, "e": [1, 2], "f": "x" });
    let extra = parse_extra_json(
        r#"{"a": {"new": true}, "b": {"c": null, "g": 4}, "e": [3], "f": null, "h": {"i": null, "j": 5}}"#,
    )
    .expect("valid");
    merge_extra(&mut body, &extra);
    assert_eq!(body, serde_json::json!({ "a": { "new": true }, "b": { "d": 3, "g": 4 }, "e": [3], "h": { "j": 5 } }));
    let mut untouched = serde_json::json!({ "a": 1 });
    merge_extra(&mut untouched, &serde_json::Map::new());
    assert_eq!(untouched, serde_json::json!({ "a": 1 }));
}

#[test]
fn build_request_dispatches_by_kind() {
    let model = ModelConfig::new("m");
    let hi = [crate::message::ChatMessage::new(crate::message::Role::User, "Hi")];
    let url = |preset, base| build_request(&config(preset, base, "k"), &model, &hi).expect("built").url;
    assert_eq!(url(Preset::OpenAi, "https://api.openai.com/v1"), "https://api.openai.com/v1/chat/completions");
    assert_eq!(url(Preset::Anthropic, ""), "https://api.anthropic.com/v1/messages");
    assert_eq!(
        url(Preset::Gemini, ""),
        "https://generativelanguage.googleapis.com/v1beta/models/m:streamGenerateContent?alt=sse"
    );
}

#[test]
fn parse_error_body_dispatches_by_kind() {
    let gemini = r#"{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}"#;
    assert_eq!(parse_error_body(ProviderKind::Gemini, 400, gemini, None).kind, ProviderErrorKind::Auth);
    assert_eq!(parse_error_body(ProviderKind::OpenAi, 400, gemini, None).kind, ProviderErrorKind::BadRequest);
    let anthropic = r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#;
    let error = parse_error_body(ProviderKind::Anthropic, 529, anthropic, Some(3));
    assert_eq!((error.kind, error.retry_after_secs), (ProviderErrorKind::Server, Some(3)));
    assert!(error.is_retryable());
    let exhausted = r#"{"error":{"code":429,"message":"Resource has been exhausted (e.g. check quota).","status":"RESOURCE_EXHAUSTED"}}"#;
    assert_eq!(parse_error_body(ProviderKind::Gemini, 429, exhausted, None).kind, ProviderErrorKind::RateLimit);
}

#[test]
fn model_list_requests_by_preset() {
    let url = |preset, base| models_request(&config(preset, base, "k")).expect("built").map(|r| (r.method, r.url));
    assert_eq!(
        url(Preset::OpenAi, "https://api.openai.com/v1"),
        Some(("GET", "https://api.openai.com/v1/models".into()))
    );
    assert_eq!(
        url(Preset::Ollama, "http://localhost:11434/v1"),
        Some(("GET", "http://localhost:11434/v1/models".into()))
    );
    assert_eq!(url(Preset::Azure, "https://r.openai.azure.com/openai/deployments/d"), None);
    assert_eq!(url(Preset::Zhipu, "https://open.bigmodel.cn/api/paas/v4"), None);
    assert_eq!(url(Preset::Anthropic, ""), Some(("GET", "https://api.anthropic.com/v1/models?limit=1000".into())));
    assert_eq!(
        url(Preset::Gemini, ""),
        Some(("GET", "https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000".into()))
    );
    let anthropic = models_request(&config(Preset::Anthropic, "", "sk-ant")).expect("built").expect("a list");
    assert!(anthropic.headers.contains(&("x-api-key".to_owned(), "sk-ant".to_owned())));
    assert!(anthropic.headers.contains(&("anthropic-version".to_owned(), "2023-06-01".to_owned())));
}

#[test]
fn model_lists_of_the_three_shapes() {
    let openai = r#"{"object":"list","data":[{"id":"gpt-4o-mini","object":"model","created":1721172741,"owned_by":"system"},{"id":"dall-e-3","object":"model"},{"id":"gpt-4o-mini","object":"model"},{"id":" ","object":"model"}]}"#;
    assert_eq!(parse_models(ProviderKind::OpenAi, openai), Ok(vec!["dall-e-3".into(), "gpt-4o-mini".into()]));
    let anthropic = r#"{"data":[{"type":"model","id":"claude-sonnet-4-5-20250929","display_name":"Claude Sonnet 4.5","created_at":"2025-09-29T00:00:00Z"},{"type":"model","id":"claude-haiku-4-5-20251001","display_name":"Claude Haiku 4.5","created_at":"2025-10-01T00:00:00Z"}],"has_more":false,"first_id":"claude-sonnet-4-5-20250929","last_id":"claude-haiku-4-5-20251001"}"#;
    assert_eq!(
        parse_models(ProviderKind::Anthropic, anthropic),
        Ok(vec!["claude-haiku-4-5-20251001".into(), "claude-sonnet-4-5-20250929".into()])
    );
    let gemini = r#"{"models":[
        {"name":"models/gemini-2.5-pro","displayName":"Gemini 2.5 Pro","supportedGenerationMethods":["generateContent","countTokens","createCachedContent"]},
        {"name":"models/text-embedding-004","supportedGenerationMethods":["embedText","embedContent"]},
        {"name":"models/gemini-2.5-flash","supportedGenerationMethods":["generateContent","countTokens"]},
        {"name":"tunedModels/my-model"}
    ],"nextPageToken":"Chxtb2RlbHMvZ2VtaW5pLTEuNS1mbGFzaC0wMDI="}"#;
    assert_eq!(
        parse_models(ProviderKind::Gemini, gemini),
        Ok(vec!["gemini-2.5-flash".into(), "gemini-2.5-pro".into(), "tunedModels/my-model".into()])
    );
    assert_eq!(parse_models(ProviderKind::OpenAi, r#"{"object":"list","data":[]}"#), Ok(Vec::new()));
}

#[test]
fn bodies_that_are_not_model_lists_are_refused_clearly() {
    let error = parse_models(ProviderKind::OpenAi, "<html>Bad Gateway</html>").expect_err("not JSON");
    assert!(error.starts_with("The model list is not JSON: <html>Bad Gateway</html>"), "{error}");
    assert_eq!(
        parse_models(ProviderKind::Gemini, r#"{"data":[{"id":"x"}]}"#),
        Err("The response is not a model list (no \"models\" array).".to_owned())
    );
    assert_eq!(
        parse_models(ProviderKind::Anthropic, "[1,2]"),
        Err("The response is not a model list (no \"data\" array).".to_owned())
    );
    let error = parse_models(
        ProviderKind::OpenAi,
        r#"{"error":{"message":"Incorrect API key provided","code":"invalid_api_key"}}"#,
    )
    .expect_err("an error object");
    assert!(error.ends_with("Incorrect API key provided"), "{error}");
}

#[test]
fn ping_is_one_tiny_chat_request() {
    let extra = parse_extra_json(r#"{"seed": 1}"#).expect("valid");
    let model = ModelConfig {
        max_tokens: Some(4000),
        thinking: Some(true),
        temperature: Some(0.5),
        extra,
        ..ModelConfig::new("gpt-4o")
    };
    let openai = body(&ping_request(&config(Preset::OpenAi, "https://api.openai.com/v1", "k"), &model).expect("built"));
    assert_eq!(openai["messages"], serde_json::json!([{ "role": "user", "content": "ping" }]));
    assert_eq!((openai["max_completion_tokens"].as_u64(), openai["seed"].as_u64()), (Some(1), Some(1)));
    let anthropic = body(&ping_request(&config(Preset::Anthropic, "", "k"), &model).expect("built"));
    assert_eq!(anthropic["max_tokens"], 1);
    assert!(anthropic.get("thinking").is_none(), "no thinking budget fits in one token");
    let gemini = body(&ping_request(&config(Preset::Gemini, "", "k"), &model).expect("built"));
    assert_eq!(gemini["generationConfig"]["maxOutputTokens"], 1);
    assert_eq!(gemini["contents"], serde_json::json!([{ "role": "user", "parts": [{ "text": "ping" }] }]));
}

#[test]
fn provider_config_debug_hides_the_key() {
    let shown = format!("{:?}", config(Preset::DeepSeek, "https://api.deepseek.com", "sk-very-secret"));
    assert!(!shown.contains("sk-very-secret"), "{shown}");
    assert!(shown.contains("api_key: \"<redacted>\"") && shown.contains("DeepSeek"), "{shown}");
    assert!(format!("{:?}", ProviderConfig::default()).contains("api_key: \"\""));
}

#[test]
fn model_config_defaults() {
    let model = ModelConfig::new("m");
    assert_eq!((model.temperature, model.max_tokens, model.top_p, model.thinking), (None, None, None, None));
    assert!(model.extra.is_empty());
    let default = ProviderConfig::default();
    assert_eq!((default.kind, default.preset), (ProviderKind::OpenAi, Preset::OpenAi));
}

/// Decodes a whole body of `kind`, then finishes it.
fn decode_body(kind: ProviderKind, body: &str) -> Vec<super::StreamEvent> {
    let mut decoder = super::ResponseDecoder::new(kind);
    let mut events = decoder.push(body.as_bytes());
    events.extend(decoder.finish());
    events
}

#[test]
fn an_error_object_after_the_last_event_ends_the_stream_in_every_family() {
    let cases = [
        (
            ProviderKind::OpenAi,
            "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\n\
             {\"error\":{\"message\":\"Upstream timed out\",\"type\":\"server_error\",\"code\":null}}\n",
            ProviderErrorKind::Server,
            "Upstream timed out",
        ),
        (
            ProviderKind::Anthropic,
            "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{}}\n\n\
             {\"type\":\"error\",\"error\":{\"type\":\"overloaded_error\",\"message\":\"Overloaded\"}}",
            ProviderErrorKind::Server,
            "Overloaded",
        ),
    ];
    for (kind, body, error_kind, message) in cases {
        let events = decode_body(kind, body);
        let error = events.iter().find_map(|event| match event {
            super::StreamEvent::ProviderError(error) => Some(error),
            _ => None,
        });
        let error = error.unwrap_or_else(|| panic!("{kind:?}: no error in {events:?}"));
        assert_eq!((error.kind, error.message.as_str()), (error_kind, message), "{kind:?}");
    }
}

#[test]
fn other_json_after_the_last_event_is_skipped_and_said() {
    let events = decode_body(ProviderKind::Gemini, "data: {}\r\n\r\n{\"candidates\": []}\r\n");
    assert!(
        matches!(events.as_slice(), [super::StreamEvent::Malformed { reason, .. }] if reason == "JSON outside the event stream"),
        "{events:?}"
    );
    let events = decode_body(ProviderKind::OpenAi, "data: [DONE]\n\n{\"error\": oops\n");
    assert!(
        matches!(events.as_slice(), [super::StreamEvent::Malformed { reason, .. }] if reason == "text outside the event stream"),
        "{events:?}"
    );
}

#[test]
fn an_invalid_base_url_builds_nothing() {
    use super::{BaseUrlError, RequestError};
    let model = ModelConfig::new("m");
    let hi = [crate::message::ChatMessage::new(crate::message::Role::User, "Hi")];
    for (base, error) in [
        ("not a url", BaseUrlError::NotAbsolute),
        ("http://", BaseUrlError::MissingHost("http".into())),
        ("", BaseUrlError::Empty),
        ("https://user:pass@api.openai.com/v1", BaseUrlError::Credentials),
    ] {
        let provider = config(Preset::OpenAi, base, "sk-secret");
        assert_eq!(build_request(&provider, &model, &hi), Err(RequestError::InvalidBaseUrl(error.clone())), "{base}");
        assert_eq!(models_request(&provider), Err(RequestError::InvalidBaseUrl(error.clone())), "{base}");
        assert_eq!(ping_request(&provider, &model), Err(RequestError::InvalidBaseUrl(error)), "{base}");
    }
    let message =
        build_request(&config(Preset::Custom, "not a url", ""), &model, &hi).expect_err("refused").to_string();
    assert!(message.contains("base URL is not valid") && message.contains("nothing was sent"), "{message}");
    // Anthropic and Gemini keep meaning their public API when the URL is empty.
    assert!(build_request(&config(Preset::Anthropic, " ", "k"), &model, &hi).is_ok());
}

#[test]
fn a_key_never_goes_to_another_origin_than_its_own() {
    use super::RequestError;
    let model = ModelConfig::new("m");
    let hi = [crate::message::ChatMessage::new(crate::message::Role::User, "Hi")];
    let bound = |base: &str, key_origin: &str| ProviderConfig {
        key_origin: Some(key_origin.to_owned()),
        ..config(Preset::OpenAi, base, "sk-secret")
    };
    let moved = bound("https://evil.example/v1", "https://api.openai.com");
    let refused = build_request(&moved, &model, &hi).expect_err("refused");
    assert_eq!(
        refused,
        RequestError::KeyForOtherOrigin {
            key_origin: "https://api.openai.com".into(),
            url_origin: "https://evil.example".into()
        }
    );
    assert!(refused.to_string().contains("Enter the key for the new address"), "{refused}");
    assert!(matches!(models_request(&moved), Err(RequestError::KeyForOtherOrigin { .. })));
    assert!(matches!(ping_request(&moved, &model), Err(RequestError::KeyForOtherOrigin { .. })));
    // Same origin, other path or default port written out: the key goes.
    assert!(build_request(&bound("https://API.openai.com:443/v2", "https://api.openai.com"), &model, &hi).is_ok());
    // No key, nothing to protect: the request is built.
    let keyless = ProviderConfig { api_key: String::new(), ..moved.clone() };
    assert!(build_request(&keyless, &model, &hi).is_ok());
    // A Gemini model name cannot move the request elsewhere either.
    let gemini = ProviderConfig {
        key_origin: Some("https://generativelanguage.googleapis.com".into()),
        ..config(Preset::Gemini, "", "k")
    };
    assert!(
        build_request(&gemini, &ModelConfig::new("@evil.example/x"), &hi)
            .is_ok_and(|r| r.url.starts_with("https://generativelanguage.googleapis.com/"))
    );
}

/// The families take the shared types from the contract ([`crate::contract`]),
/// never from this dispatch module, which only re-exports them (see the module
/// documentation): every `use` in a family's sources that reaches into
/// `crate::provider` (or, from the family file itself, `super`) names none of
/// them unless it goes through `contract`.
#[test]
fn the_families_take_the_shared_types_from_the_contract() {
    const CONTRACT: [&str; 8] = [
        "ProviderKind",
        "HttpRequest",
        "StreamEvent",
        "Usage",
        "FinishReason",
        "FinishKind",
        "ToolSpec",
        "is_secret_header",
    ];
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/provider");
    let mut checked = 0;
    for family in ["openai", "responses", "anthropic", "gemini"] {
        let files = [
            (root.join(format!("{family}.rs")), "super::"),
            (root.join(family).join("wire.rs"), "super::super::"),
            (root.join(family).join("request.rs"), "super::super::"),
        ];
        for (path, dispatch) in files {
            let source = std::fs::read_to_string(&path).expect("a family source file");
            for statement in source.split(';').filter_map(|s| s.trim_start().strip_prefix("use ")) {
                let path_text = statement.trim();
                let through_dispatch = [dispatch, "crate::provider::"]
                    .iter()
                    .any(|prefix| path_text.strip_prefix(prefix).is_some_and(|rest| !rest.starts_with("contract")));
                if !through_dispatch {
                    continue;
                }
                let names: Vec<&str> = path_text.split(|c: char| !c.is_alphanumeric() && c != '_').collect();
                for name in CONTRACT {
                    assert!(
                        !names.contains(&name),
                        "{} takes {name} from the dispatch: use {path_text}",
                        path.display()
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 6, "each family file imports its configuration from the dispatch");
}

/// A base URL with a query of its own (a gateway's tenant, a signed proxy): the
/// family's path goes before the query, the query is kept byte for byte, and the
/// family's own parameters come after it.
#[test]
fn a_query_on_the_base_url_stays_after_the_path() {
    let model = ModelConfig { model: "m".into(), ..Default::default() };
    let messages = [crate::message::ChatMessage::new(crate::message::Role::User, "hi")];
    let url = |preset: Preset, base: &str| {
        build_request(&config(preset, base, "k"), &model, &messages).expect("a valid base URL").url
    };
    assert_eq!(
        url(Preset::Custom, "http://h:1/v1?tenant=a%2Fb&sig=x%20y"),
        "http://h:1/v1/chat/completions?tenant=a%2Fb&sig=x%20y"
    );
    assert_eq!(url(Preset::Custom, "http://h:1/v1/?t=1"), "http://h:1/v1/chat/completions?t=1");
    assert_eq!(url(Preset::Custom, "http://h:1/v1/chat/completions?t=1"), "http://h:1/v1/chat/completions?t=1");
    assert_eq!(url(Preset::Custom, "http://h:1/v1"), "http://h:1/v1/chat/completions", "no query, no `?`");
    assert_eq!(
        url(Preset::Azure, "https://r.openai.azure.com/openai/deployments/d?sig=a%2Fb"),
        "https://r.openai.azure.com/openai/deployments/d/chat/completions?sig=a%2Fb&api-version=2024-10-21"
    );
    assert_eq!(url(Preset::Anthropic, "http://h:1?tenant=a%2Fb"), "http://h:1/v1/messages?tenant=a%2Fb");
    assert_eq!(url(Preset::Anthropic, "http://h:1/v1?t=1"), "http://h:1/v1/messages?t=1");
    assert_eq!(
        url(Preset::Gemini, "http://h:1?tenant=a%2Fb"),
        "http://h:1/v1beta/models/m:streamGenerateContent?tenant=a%2Fb&alt=sse"
    );
    let list = |preset: Preset, base: &str| {
        models_request(&config(preset, base, "k")).expect("valid").expect("a list request").url
    };
    assert_eq!(list(Preset::Custom, "http://h:1/v1?t=1"), "http://h:1/v1/models?t=1");
    assert_eq!(list(Preset::Anthropic, "http://h:1?t=1"), "http://h:1/v1/models?t=1&limit=1000");
    assert_eq!(list(Preset::Anthropic, "http://h:1"), "http://h:1/v1/models?limit=1000");
    assert_eq!(list(Preset::Gemini, "http://h:1/v1beta?t=1"), "http://h:1/v1beta/models?t=1&pageSize=1000");
}

#[test]
fn openrouter_lists_what_each_model_reads() {
    // The shape of OpenRouter's "List all models" response
    // (https://openrouter.ai/docs/api/api-reference/models/get-models), two models kept short.
    let body = r#"{"data":[
        {"id":"openai/gpt-4o","canonical_slug":"openai/gpt-4o","name":"OpenAI: GPT-4o","context_length":128000,
         "architecture":{"modality":"text+image->text","input_modalities":["text","image","file"],"output_modalities":["text"],"tokenizer":"GPT","instruct_type":null}},
        {"id":"deepseek/deepseek-chat","canonical_slug":"deepseek/deepseek-chat-v3","name":"DeepSeek: DeepSeek V3","context_length":163840,
         "architecture":{"modality":"text->text","input_modalities":["text"],"output_modalities":["text"],"tokenizer":"DeepSeek","instruct_type":null}},
        {"id":"no/architecture"}
    ]}"#;
    use crate::message::attachment::Accepts;
    assert_eq!(
        super::parse_model_inputs(body),
        vec![("openai/gpt-4o".to_owned(), Accepts::VISUAL), ("deepseek/deepseek-chat".to_owned(), Accepts::TEXT)]
    );
    let audio = body.replacen(r#"["text","image","file"]"#, r#"["text","image","file","audio"]"#, 1);
    assert_eq!(super::parse_model_inputs(&audio)[0].1, Accepts::ALL, "\"audio\" among the input modalities");
    // A list without the field (OpenAI's own) says nothing.
    assert!(super::parse_model_inputs(r#"{"data":[{"id":"gpt-4o","object":"model"}]}"#).is_empty());
    assert!(super::parse_model_inputs("not json").is_empty());
}

#[test]
fn refused_images_and_pdfs_are_their_own_kind_whatever_the_status() {
    use crate::contract::MediaRefusal;
    use crate::provider::ProviderError;
    // OpenRouter answers a text-only route with a 404; llama.cpp with a 500.
    let openrouter = ProviderError::from_status(404, "No endpoints found that support image input".into(), None, None);
    assert_eq!(openrouter.kind, ProviderErrorKind::Attachment);
    assert_eq!(openrouter.media_refusal(), Some(MediaRefusal::NoImageInput));
    assert!(openrouter.is_retryable());
    let llama = ProviderError::from_status(
        500,
        "image input is not supported - hint: if this is unexpected, you may need to provide the mmproj".into(),
        Some("server_error".into()),
        None,
    );
    assert_eq!(llama.kind, ProviderErrorKind::Attachment);
    let anthropic = ProviderError::from_status(
        400,
        "messages.0.content.2.image.source.base64: image exceeds 5 MB maximum: 15908784 bytes > 5242880 bytes".into(),
        Some("invalid_request_error".into()),
        None,
    );
    assert_eq!(anthropic.media_refusal(), Some(MediaRefusal::TooLarge));
    assert!(anthropic.advice().is_some_and(|advice| advice.contains("remove the largest attachment")));
    // A model that is really missing stays "not found".
    let missing = ProviderError::from_status(
        404,
        "No endpoints found for nousresearch/hermes-3-llama-3.1-405b:free.".into(),
        None,
        None,
    );
    assert_eq!(missing.kind, ProviderErrorKind::NotFound);
}
