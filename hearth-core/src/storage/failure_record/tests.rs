//! Typed failures: the cards they compose, what is stored, and the records
//! stored before failures had fields. (They were `failure`'s own tests; each
//! goes through an [`ErrorRecord`], so they live with the conversion.)

use std::path::Path;

use super::*;
use crate::contract::ProviderError;
use crate::failure::TOOL_NAME_CHARS;
use crate::provider::{BaseUrlError, RequestError};
use crate::storage::{MessageRecord, MessageState, ReplyEnd, ReplyStatus};

/// Provider errors of every shape the shell meets.
fn provider_errors() -> Vec<ProviderError> {
    vec![
        ProviderError::from_status(
            401,
            "Incorrect API key provided: sk-wrong.".into(),
            Some("invalid_api_key".into()),
            None,
        ),
        ProviderError::from_status(429, "Slow down".into(), None, Some(7)),
        ProviderError::from_status(500, String::new(), None, None),
        ProviderError::from_status(400, String::new(), None, None),
        ProviderError::in_stream("Overloaded".into(), Some("overloaded_error".into())),
        ProviderError::network("http://localhost:11434/v1/chat/completions", "Failed to fetch".into()),
        ProviderError::connection_lost("https://api.example.com/v1", "network error"),
        ProviderError::stalled(2),
        ProviderError::in_stream(
            "The model blocked the prompt (reason: PROHIBITED_CONTENT)".into(),
            Some("content_filter".into()),
        ),
    ]
}

#[test]
fn a_provider_failure_composes_the_card_the_stored_text_showed() {
    for error in provider_errors() {
        let failure = Failure::from(&error);
        assert_eq!(failure.title(), error.title());
        assert_eq!(failure.text(), error.to_string(), "the stored text is the error's sentence");
        // An older record holds only the kind and that text; its card reads the same.
        let old = Failure::from_record(&ErrorRecord::described(error.kind.as_str(), error.to_string()));
        assert_eq!((old.title(), old.detail()), (failure.title(), failure.detail()), "{error:?}");
        assert_eq!(old.retryable(), failure.retryable());
        assert_eq!(failure.retryable(), error.is_retryable());
    }
    let auth = Failure::from(&provider_errors()[0]);
    assert_eq!(
        auth.detail(),
        "Incorrect API key provided: sk-wrong. Check the API key in the provider settings. (HTTP 401)"
    );
    let limited = Failure::from(&provider_errors()[1]);
    assert_eq!(limited.detail(), "Slow down. The provider asks to wait 7 s before retrying. (HTTP 429)");
    assert_eq!(
        Failure::from(&provider_errors()[2]).detail(),
        "This is usually temporary: retry in a moment. (HTTP 500)"
    );
}

#[test]
fn a_provider_failure_keeps_its_status_code_and_wait_in_the_record() {
    for error in provider_errors() {
        let failure = Failure::from(&error);
        let record = failure.to_record();
        assert_eq!(record.kind, error.kind.as_str(), "stored under the kind's name as before");
        assert_eq!(
            (record.status, record.code.clone(), record.retry_after_secs),
            (error.status, error.code.clone(), error.retry_after_secs)
        );
        assert_eq!(record.provider_message.as_deref(), Some(error.message.as_str()));
        let json = serde_json::to_value(&record).expect("serialisable");
        let back: ErrorRecord = serde_json::from_value(json).expect("reads back");
        assert_eq!(Failure::from_record(&back), failure, "read back whole");
        assert_eq!(failure.provider_error(), Some(error));
    }
}

#[test]
fn set_up_problems_name_the_provider_and_the_field() {
    let cases = [
        (ConfigProblem::NoProvider, "No provider is set up yet. Open Providers and add one."),
        (
            ConfigProblem::InvalidBaseUrl {
                provider: "Custom (OpenAI-compatible)".into(),
                detail: BaseUrlError::NotAbsolute.to_string(),
            },
            "The base URL of “Custom (OpenAI-compatible)” is not valid: The base URL must be a full address starting \
             with https:// or http://. Fix it in Providers; nothing was sent.",
        ),
        (ConfigProblem::MissingKey { provider: "OpenAI".into() }, "Set the API key of “OpenAI” in Providers first."),
        (ConfigProblem::MissingModel { provider: "OpenAI".into() }, "Set a model for “OpenAI” in Providers first."),
        (
            ConfigProblem::BadExtraJson { provider: "Anthropic".into(), detail: "expected value at line 1".into() },
            "The extra JSON of “Anthropic”: expected value at line 1",
        ),
        (
            ConfigProblem::from(RequestError::InvalidBaseUrl(BaseUrlError::MissingHost("http".into()))),
            "The provider's base URL is not valid: The base URL has no host after http://. Fix it under Providers; \
             nothing was sent.",
        ),
        (
            ConfigProblem::from(RequestError::KeyForOtherOrigin {
                key_origin: "https://a.example".into(),
                url_origin: "https://b.example".into(),
            }),
            "The API key was entered for https://a.example, not for https://b.example, so it was not sent. Enter the \
             key for the new address under Providers.",
        ),
    ];
    for (problem, text) in cases {
        let failure = Failure::config(problem.clone());
        assert_eq!(
            (failure.title(), failure.detail(), failure.text()),
            ("Set-up needed", text.to_owned(), text.to_owned())
        );
        assert!(failure.retryable(), "fixing the set-up and retrying helps");
        let record = failure.to_record();
        assert_eq!((record.kind.as_str(), record.message.as_str()), (CONFIG, text));
        assert_eq!(record.config, Some(problem));
        let json = serde_json::to_value(&record).expect("serialisable");
        assert_eq!(Failure::from_record(&serde_json::from_value(json).expect("reads back")), failure);
    }
    let json =
        serde_json::to_value(Failure::config(ConfigProblem::MissingKey { provider: "OpenAI".into() }).to_record())
            .expect("serialisable");
    assert_eq!(json["config"], serde_json::json!({ "problem": "missing_key", "provider": "OpenAI" }));
}

/// Every problem reads back as it was written; a problem a newer Hearth wrote
/// reads as unrecorded, and a field missing from a stored problem reads empty.
#[test]
fn every_set_up_problem_round_trips_and_unknown_ones_read_as_unrecorded() {
    let text = |value: &str| value.to_owned();
    let problems = [
        ConfigProblem::NoProvider,
        ConfigProblem::InvalidBaseUrl { provider: text("P"), detail: text("d") },
        ConfigProblem::MissingKey { provider: text("P") },
        ConfigProblem::KeysLocked { provider: text("P") },
        ConfigProblem::MissingModel { provider: text("P") },
        ConfigProblem::BadExtraJson { provider: text("P"), detail: text("d") },
        ConfigProblem::RefusedBaseUrl { detail: text("d") },
        ConfigProblem::KeyForOtherOrigin { key_origin: text("https://a"), url_origin: text("https://b") },
        ConfigProblem::AttachmentOverLimit { name: text("a.png"), reason: text("too big") },
        ConfigProblem::CannotSearch { provider: text("P"), reason: text("r") },
        ConfigProblem::CannotMakeImages { provider: text("P"), reason: text("r") },
        ConfigProblem::Unrecorded,
    ];
    for problem in problems {
        let json = serde_json::to_value(&problem).expect("serialisable");
        assert_eq!(serde_json::from_value::<ConfigProblem>(json).expect("reads back"), problem);
    }
    let read = |json: serde_json::Value| serde_json::from_value::<ConfigProblem>(json).expect("reads");
    assert_eq!(read(serde_json::json!({ "problem": "quota_for_a_later_hearth", "x": 1 })), ConfigProblem::Unrecorded);
    assert_eq!(read(serde_json::json!({ "problem": "missing_key" })), ConfigProblem::MissingKey { provider: text("") });
    assert!(serde_json::from_value::<ConfigProblem>(serde_json::json!("missing_key")).is_err());
}

#[test]
fn too_many_tool_rounds_says_how_many() {
    let failure = Failure::tool_rounds(2);
    assert_eq!(failure.title(), "Too many tool rounds");
    assert!(failure.detail().starts_with("The model asked for tools 2 times in a row"), "{}", failure.detail());
    assert!(failure.text().starts_with("Too many tool rounds. The model asked for tools 2 times"));
    assert!(failure.retryable());
    let record = failure.to_record();
    assert_eq!((record.kind.as_str(), record.rounds), (TOOL_ROUNDS, Some(2)));
    assert_eq!(Failure::from_record(&record), failure);
}

/// Offline: its own card with Retry, stored under its own kind, read back
/// whole; the stored text says the same for exports and other versions.
#[test]
fn offline_says_so_keeps_the_message_and_offers_retry() {
    let failure = Failure::offline();
    assert_eq!(failure.title(), "You're offline");
    assert!(failure.detail().starts_with("This device is not connected to a network"), "{}", failure.detail());
    assert!(failure.detail().contains("Your message is kept: press Retry once you are back online."));
    assert!(failure.detail().contains("(localhost) works offline."));
    assert_eq!(failure.text(), format!("You're offline. {}", failure.detail()));
    assert_eq!(failure.text(), crate::failure::OFFLINE_MESSAGE, "what a reply shows whose card could not load");
    assert!(failure.retryable(), "Retry sends it once online");
    assert_eq!(failure.provider_error(), None, "no provider answered");
    let record = failure.to_record();
    assert_eq!((record.kind.as_str(), record.message.clone()), (OFFLINE, failure.text()));
    assert_eq!(ProviderErrorKind::from_name(OFFLINE), None, "no provider kind shares the name");
    assert_eq!((record.provider_message.clone(), record.status, record.config.clone()), (None, None, None));
    let json = serde_json::to_value(&record).expect("serialisable");
    assert_eq!(json["kind"], "offline");
    let back: ErrorRecord = serde_json::from_value(json).expect("reads back");
    assert_eq!(Failure::from_record(&back), failure);
    assert_eq!(Failure::from_record(&back).stored_text, None, "shown with this version's words");
    // A stream that broke while the browser was offline ends the same way.
    assert_eq!(ReplyStatus::of_reply(&Default::default(), ReplyEnd::Offline), ReplyStatus::Failed(failure));
}

/// A kind another version wrote reads as a failed request with its stored
/// text, offers no Retry (as before failures were typed), and is stored back
/// under its own name.
#[test]
fn unknown_kinds_read_as_failed_requests_and_keep_their_name() {
    let record = ErrorRecord::described("something_new", "Something new happened.");
    let failure = Failure::from_record(&record);
    assert_eq!(failure.kind, FailureKind::Unrecognised("something_new".to_owned()));
    assert_eq!((failure.title(), failure.detail().as_str()), ("The request failed", "Something new happened."));
    assert!(!failure.retryable());
    assert_eq!(failure.to_record(), record);
}

/// The failed replies of the v1 golden file, stored before failures had fields,
/// show the cards they showed then.
#[test]
fn old_failed_records_show_as_they_did() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/storage/v1.json");
    let golden: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("golden file")).expect("golden JSON");
    let messages: Vec<MessageRecord> =
        serde_json::from_value(golden["messages"].clone()).expect("v1 messages read as current records");
    let cards: Vec<_> = messages
        .iter()
        .filter(|m| m.state == MessageState::Failed)
        .map(|m| match ReplyStatus::of_record(m) {
            ReplyStatus::Failed(failure) => (m.id.as_str(), failure.title(), failure.detail(), failure.retryable()),
            other => panic!("{} is failed, not {other:?}", m.id),
        })
        .collect();
    assert_eq!(
        cards,
        [
            ("m-4", "The provider rejected the API key", "(HTTP 401)".to_owned(), false),
            (
                "m-5",
                "Rate limited by the provider",
                "Slow down. The provider asks to wait 7 s before retrying. (HTTP 429)".to_owned(),
                true
            ),
            ("m-6", "Set-up needed", "Set a model for “OpenAI” in Providers first.".to_owned(), true),
            (
                "m-7",
                "Too many tool rounds",
                "The model asked for tools 2 times in a row without answering, which is the limit. Every result so \
                 far is kept below. Raise \"Most tool rounds\" in Tools, or ask more precisely."
                    .to_owned(),
                true
            ),
        ]
    );
    for message in messages.iter().filter(|m| m.state == MessageState::Failed) {
        let status = ReplyStatus::of_record(message);
        assert_eq!(status.error_record().as_ref(), message.error.as_ref(), "{}: written back unchanged", message.id);
    }
}

/// A loop ended on a repeated failing call: its own card naming the tool and
/// the count, with Retry, stored under its own kind with the tool, read back whole.
#[test]
fn a_repeated_failing_call_names_the_tool_and_the_count() {
    let failure = Failure::tool_repeated("fetch_url", 3);
    assert_eq!(failure.title(), "The model kept repeating a failing tool call");
    assert!(
        failure
            .detail()
            .starts_with("The model asked for the same fetch_url call (the same arguments) 3 times in a row"),
        "{}",
        failure.detail()
    );
    assert!(failure.detail().contains("instead of using the remaining tool rounds"));
    assert_eq!(failure.text(), format!("{}. {}", failure.title(), failure.detail()));
    assert!(failure.retryable());
    let record = failure.to_record();
    assert_eq!(
        (record.kind.as_str(), record.rounds, record.tool.as_deref()),
        (TOOL_REPEATED, Some(3), Some("fetch_url"))
    );
    let json = serde_json::to_value(&record).expect("serialisable");
    assert_eq!((json["kind"].as_str(), json["tool"].as_str()), (Some("tool_repeated"), Some("fetch_url")));
    let back: ErrorRecord = serde_json::from_value(json).expect("reads back");
    assert_eq!(Failure::from_record(&back), failure);
    assert_eq!(Failure::from_record(&back).stored_text, None, "shown with this version's words");
    // A record without the tool (hand-made or damaged) shows its stored text.
    let bare = ErrorRecord::described(TOOL_REPEATED, "Stopped repeating.");
    assert_eq!(Failure::from_record(&bare).detail(), "Stopped repeating.");
    // Other kinds carry no tool.
    assert_eq!(Failure::tool_rounds(2).to_record().tool, None);
}

/// The tool name in a repeated-call card is the model's choice: a long one is
/// cut in the detail (with `…`), the record keeps it whole.
#[test]
fn a_repeated_call_detail_cuts_a_long_tool_name() {
    let long = "t".repeat(TOOL_NAME_CHARS * 50);
    let failure = Failure::tool_repeated(long.clone(), 3);
    let shown = format!("the same {}… call", "t".repeat(TOOL_NAME_CHARS));
    assert!(failure.detail().contains(&shown), "{}", failure.detail());
    assert!(!failure.detail().contains(&"t".repeat(TOOL_NAME_CHARS + 1)));
    assert_eq!(failure.to_record().tool.as_deref(), Some(long.as_str()));
    // A short name is shown whole.
    assert!(Failure::tool_repeated("fetch_url", 3).detail().contains("the same fetch_url call"));
}

#[test]
fn a_picture_no_account_can_make_names_the_account_and_the_way_out() {
    use crate::provider::{ImageRequestError, RequestError};
    let refused = ConfigProblem::of_image_request(ImageRequestError::NotOffered, String::from("Claude"));
    let shown = refused.to_string();
    assert!(shown.starts_with("“Claude” cannot make this picture."), "{shown}");
    assert!(shown.contains("pick an OpenAI or Gemini account") && shown.ends_with("Nothing was sent."), "{shown}");
    assert!(!Failure::config(refused.clone()).retryable(), "Retry would ask the chat model instead");
    let edit = ConfigProblem::of_image_request(ImageRequestError::EditNotOffered, String::from("OpenAI"));
    assert!(edit.to_string().contains("gpt-image-1"), "{edit}");
    let key = RequestError::KeyForOtherOrigin {
        key_origin: String::from("https://a"),
        url_origin: String::from("https://b"),
    };
    assert_eq!(
        ConfigProblem::of_image_request(ImageRequestError::Request(key), String::from("OpenAI")),
        ConfigProblem::KeyForOtherOrigin {
            key_origin: String::from("https://a"),
            url_origin: String::from("https://b")
        },
        "a request refused as built reads as it does for chat"
    );
}
