//! Tests of reading a server's request for input and checking the answer.
//! The requests are the specification's examples (2025-11-25, client/elicitation)
//! and the reference server's (`server-everything`'s trigger-elicitation-request).

use serde_json::{Value, json};

use super::*;

/// `server-everything`'s form: every primitive kind, with defaults.
fn everything() -> String {
    r#"{
        "message": "Please provide inputs for the following fields:",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": { "title": "String", "type": "string", "description": "Your full, legal name" },
                "check": { "title": "Boolean", "type": "boolean", "description": "Agree to the terms and conditions" },
                "email": { "title": "String with email format", "type": "string", "format": "email" },
                "birthdate": { "title": "String with date format", "type": "string", "format": "date" },
                "integer": {
                    "title": "Integer", "type": "integer",
                    "description": "Your favorite integer (do not give us your phone number, pin, or other sensitive info)",
                    "minimum": 1, "maximum": 100, "default": 42
                },
                "number": { "title": "Number in range 1-1000", "type": "number", "minimum": 0, "maximum": 1000, "default": 3.14 },
                "untitledMultipleSelectEnum": {
                    "type": "array", "title": "Untitled Multiple Select Enum", "minItems": 1, "maxItems": 3,
                    "items": { "type": "string", "enum": ["Guitar", "Piano", "Violin", "Drums", "Bass"] },
                    "default": ["Guitar"]
                },
                "titledSingleSelectEnum": {
                    "type": "string", "title": "Titled Single Select Enum",
                    "oneOf": [
                        { "const": "hero-1", "title": "Superman" },
                        { "const": "hero-2", "title": "Green Lantern" }
                    ],
                    "default": "hero-1"
                },
                "legacyTitledEnum": {
                    "type": "string", "title": "Legacy Titled Single Select Enum",
                    "enum": ["pet-1", "pet-2"], "enumNames": ["Cats", "Dogs"], "default": "pet-1"
                }
            },
            "required": ["name"]
        }
    }"#.to_owned()
}

/// A request with `params` (JSON text, its keys in the server's order) read as the
/// shell reads it: `rpc::parse`, then [`read`] with the order it kept.
fn request(params: &str) -> Result<Elicitation, Refusal> {
    let text = format!(r#"{{"jsonrpc":"2.0","id":1,"method":"{ELICIT}","params":{params}}}"#);
    match crate::mcp::rpc::parse(&text).as_deref() {
        Ok([crate::mcp::rpc::Incoming::Request { params, order, .. }]) => read(params, order),
        other => panic!("not a request: {other:?}"),
    }
}

fn form(params: &str) -> Form {
    match request(params) {
        Ok(Elicitation::Form(form)) => form,
        other => panic!("not a form: {other:?}"),
    }
}

fn read_any(params: &Value) -> Result<Elicitation, Refusal> {
    read(params, &[])
}

fn no_patterns(_: &str, _: &str) -> Option<bool> {
    None
}

#[test]
fn every_kind_of_field_is_read_in_the_schemas_order_with_its_default() {
    let form = form(&everything());
    assert_eq!(form.message, "Please provide inputs for the following fields:");
    let names: Vec<&str> = form.fields.iter().map(|field| field.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "name",
            "check",
            "email",
            "birthdate",
            "integer",
            "number",
            "untitledMultipleSelectEnum",
            "titledSingleSelectEnum",
            "legacyTitledEnum"
        ]
    );
    assert!(form.fields[0].required && !form.fields[1].required);
    assert_eq!(form.fields[0].label(), "String");
    assert_eq!(
        form.fields[2].kind,
        FieldKind::Text {
            format: Some(TextFormat::Email),
            min_length: None,
            max_length: None,
            pattern: None,
            default: None
        }
    );
    assert_eq!(
        form.fields[4].kind,
        FieldKind::Number { integer: true, minimum: Some(1.0), maximum: Some(100.0), default: Some(42.0) }
    );
    let FieldKind::Choice { options, .. } = &form.fields[8].kind else { panic!("not a choice") };
    assert_eq!(options[1], Choice { value: "pet-2".into(), title: "Dogs".into() });
    let FieldKind::Choice { options, .. } = &form.fields[7].kind else { panic!("not a choice") };
    assert_eq!(options[0], Choice { value: "hero-1".into(), title: "Superman".into() });
    assert_eq!(
        form.initial(),
        [
            Entered::Text(String::new()),
            Entered::Checked(false),
            Entered::Text(String::new()),
            Entered::Text(String::new()),
            Entered::Text("42".into()),
            Entered::Text("3.14".into()),
            Entered::ChosenMany(vec!["Guitar".into()]),
            Entered::Chosen("hero-1".into()),
            Entered::Chosen("pet-1".into()),
        ]
    );
}

#[test]
#[allow(clippy::approx_constant, reason = "3.14 is the reference server's own default, not π")]
fn the_defaults_as_given_answer_with_each_default_applied_and_empty_fields_left_out() {
    let form = form(&everything());
    let mut entered = form.initial();
    entered[0] = Entered::Text("Monalisa Octocat".into());
    let content = form.answer(&entered, &no_patterns).expect("a valid answer");
    assert_eq!(
        content,
        json!({
            "name": "Monalisa Octocat", "check": false, "integer": 42, "number": 3.14,
            "untitledMultipleSelectEnum": ["Guitar"], "titledSingleSelectEnum": "hero-1", "legacyTitledEnum": "pet-1"
        })
    );
    assert_eq!(Answer::Accept(Some(content.clone())).result(), json!({ "action": "accept", "content": content }));
}

#[test]
fn bad_values_are_refused_field_by_field_before_anything_is_sent() {
    let form = form(&everything());
    let mut entered = form.initial();
    entered[2] = Entered::Text("not an address".into());
    entered[3] = Entered::Text("2026-02-30".into());
    entered[4] = Entered::Text("4.5".into());
    entered[5] = Entered::Text("1001".into());
    entered[6] = Entered::ChosenMany(vec![]);
    entered[7] = Entered::Chosen("hero-9".into());
    let problems = form.answer(&entered, &no_patterns).expect_err("refused");
    assert_eq!(
        problems,
        [
            (0, Problem::Required),
            (2, Problem::Format(TextFormat::Email)),
            (3, Problem::Format(TextFormat::Date)),
            (4, Problem::NotWhole),
            (5, Problem::Above(1000.0)),
            (7, Problem::NotAnOption),
        ],
        "an optional multiple choice left empty is no answer, not too few"
    );
}

#[test]
fn lengths_patterns_and_counts_are_checked() {
    let params = r#"{
        "message": "Choose",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "code": { "type": "string", "minLength": 3, "maxLength": 5, "pattern": "^[A-Z]+$" },
                "colors": {
                    "type": "array", "minItems": 1, "maxItems": 2,
                    "items": { "anyOf": [{ "const": "r", "title": "Red" }, { "const": "g", "title": "Green" }, { "const": "b", "title": "Blue" }] }
                },
                "age": { "type": "number", "minimum": 18 }
            },
            "required": ["colors"]
        }
    }"#;
    let form = form(params);
    let upper = |pattern: &str, text: &str| {
        assert_eq!(pattern, "^[A-Z]+$");
        Some(text.chars().all(|c| c.is_ascii_uppercase()))
    };
    let entered = |code: &str, colors: &[&str], age: &str| {
        [
            Entered::Text(code.into()),
            Entered::ChosenMany(colors.iter().map(|c| (*c).to_owned()).collect()),
            Entered::Text(age.into()),
        ]
    };
    assert_eq!(form.answer(&entered("AB", &["r"], ""), &upper), Err(vec![(0, Problem::TooShort(3))]));
    assert_eq!(form.answer(&entered("ABCDEF", &["r"], ""), &upper), Err(vec![(0, Problem::TooLong(5))]));
    assert_eq!(form.answer(&entered("abc", &["r"], ""), &upper), Err(vec![(0, Problem::Pattern)]));
    assert_eq!(form.answer(&entered("ABC", &[], ""), &upper), Err(vec![(1, Problem::TooFew(1))]));
    assert_eq!(form.answer(&entered("ABC", &["r", "g", "b"], ""), &upper), Err(vec![(1, Problem::TooMany(2))]));
    assert_eq!(form.answer(&entered("ABC", &["r"], "twelve"), &upper), Err(vec![(2, Problem::NotNumber)]));
    assert_eq!(form.answer(&entered("ABC", &["r"], "17"), &upper), Err(vec![(2, Problem::Below(18.0))]));
    assert_eq!(
        form.answer(&entered("ABC", &["b", "r"], " 18.5 "), &upper),
        Ok(json!({ "code": "ABC", "colors": ["r", "b"], "age": 18.5 })),
        "choices go back in the options' order"
    );
    // A pattern the browser cannot read is not held against the text.
    assert_eq!(form.answer(&entered("abc", &["r"], ""), &no_patterns), Ok(json!({ "code": "abc", "colors": ["r"] })));
}

#[test]
fn a_request_without_a_mode_is_a_form_and_an_unknown_mode_is_invalid_params() {
    let spec = json!({
        "message": "Please provide your GitHub username",
        "requestedSchema": { "type": "object", "properties": { "name": { "type": "string" } }, "required": ["name"] }
    });
    assert_eq!(form(&spec.to_string()).fields.len(), 1);
    let refused = read_any(&json!({ "mode": "telepathy", "message": "Think" })).expect_err("refused");
    assert_eq!(refused, Refusal::UnknownMode("telepathy".into()));
    assert_eq!(refused.error().code, INVALID_PARAMS);
}

#[test]
fn nested_objects_and_untyped_properties_are_refused() {
    let nested = json!({
        "message": "Address",
        "requestedSchema": { "type": "object", "properties": { "address": { "type": "object", "properties": {} } } }
    });
    assert_eq!(read_any(&nested), Err(Refusal::NotFlat("address".into())));
    assert_eq!(read_any(&json!({ "message": "No schema" })), Err(Refusal::Malformed("no requestedSchema")));
    assert_eq!(read_any(&json!({ "requestedSchema": { "type": "object" } })), Err(Refusal::Malformed("no message")));
}

#[test]
fn a_form_asking_for_a_secret_is_refused_with_the_specifications_words() {
    for (name, title) in [
        ("password", None),
        ("apiKey", None),
        ("api_key", None),
        ("githubToken", None),
        ("value", Some("Your secret")),
        ("cardNumber", None),
        ("cvv", None),
        ("password2", None),
        ("PassWord", None),
        ("pin", None),
        ("accessToken", None),
        ("token", None),
    ] {
        let mut property = json!({ "type": "string" });
        if let Some(title) = title {
            property["title"] = json!(title);
        }
        let params =
            json!({ "message": "Log in", "requestedSchema": { "type": "object", "properties": { name: property } } });
        let refused = read_any(&params).expect_err(name);
        assert_eq!(refused, Refusal::Sensitive(name.into()));
        assert!(
            refused.error().message.contains("MUST NOT use form mode elicitation to request sensitive information")
        );
    }
    let masked = json!({ "message": "m", "requestedSchema": { "type": "object", "properties": { "x": { "type": "string", "format": "password" } } } });
    assert_eq!(read_any(&masked), Err(Refusal::Sensitive("x".into())));
    // A card's code asked as a number is a secret too.
    let numeric = json!({ "message": "m", "requestedSchema": { "type": "object", "properties": { "cvv": { "type": "integer" } } } });
    assert_eq!(read_any(&numeric), Err(Refusal::Sensitive("cvv".into())));
    // Words that only contain a secret's letters, a token counted rather than given, a
    // description warning against one, and a yes-or-no field about one are not secrets asked for.
    let fine = json!({
        "message": "m",
        "requestedSchema": { "type": "object", "properties": {
            "tokenizer": { "type": "string" },
            "maxTokens": { "type": "integer", "title": "Token budget" },
            "spinning": { "type": "string" },
            "integer": { "type": "integer", "description": "do not give us your pin" },
            "rememberPassword": { "type": "boolean" }
        } }
    });
    assert!(read_any(&fine).is_ok());
}

#[test]
fn a_url_request_is_read_with_its_host_and_a_look_alike_is_marked() {
    let spec = json!({
        "mode": "url",
        "elicitationId": "550e8400-e29b-41d4-a716-446655440000",
        "url": "https://mcp.example.com/ui/set_api_key",
        "message": "Please provide your API key to continue."
    });
    assert_eq!(
        read_any(&spec),
        Ok(Elicitation::Url(UrlAsk {
            message: "Please provide your API key to continue.".into(),
            url: "https://mcp.example.com/ui/set_api_key".into(),
            host: "mcp.example.com".into(),
            punycode: false,
            elicitation_id: "550e8400-e29b-41d4-a716-446655440000".into(),
        }))
    );
    let Ok(Elicitation::Url(ask)) = read_any(
        &json!({ "mode": "url", "url": "https://user@xn--pple-43d.com:8443/x", "message": "m", "elicitationId": "1" }),
    ) else {
        panic!("not read")
    };
    assert_eq!((ask.host.as_str(), ask.punycode), ("xn--pple-43d.com:8443", true));
    // A host shown that is not the host opened: a backslash ends the authority for a
    // browser, and a percent-encoded host is decoded by it.
    for url in [
        "javascript:alert(1)",
        "/relative",
        "https://ex ample.com/",
        "data:text/html,hi",
        "https://evil.example\\@bank.com/",
        "https://%65vil.com/",
        "https://evil.example\\bank.com/",
    ] {
        assert_eq!(
            read_any(&json!({ "mode": "url", "url": url, "message": "m", "elicitationId": "1" })),
            Err(Refusal::BadUrl),
            "{url}"
        );
    }
    // A host in other scripts than ASCII may imitate one, as its Punycode form may.
    let Ok(Elicitation::Url(unicode)) =
        read_any(&json!({ "mode": "url", "url": "https://\u{430}pple.com/", "message": "m", "elicitationId": "1" }))
    else {
        panic!("not read")
    };
    assert!(unicode.punycode, "a non-ASCII host is marked as a possible look-alike");
    // The specification requires an elicitationId (its completion names it).
    assert_eq!(
        read_any(&json!({ "mode": "url", "url": "https://example.com/", "message": "m" })),
        Err(Refusal::Malformed("no elicitationId"))
    );
    assert_eq!(Answer::Accept(None).result(), json!({ "action": "accept" }));
    assert_eq!(Answer::Decline.result(), json!({ "action": "decline" }));
    assert_eq!(Answer::Cancel.result(), json!({ "action": "cancel" }));
    assert_eq!(completed_id(&json!({ "elicitationId": "e1" })), Some("e1"));
}

#[test]
fn a_default_that_is_none_of_the_options_is_not_chosen() {
    let params = r#"{ "message": "m", "requestedSchema": { "type": "object", "properties": {
        "one": { "type": "string", "enum": ["a", "b"], "default": "z" },
        "many": { "type": "array", "items": { "enum": ["a", "b"] }, "default": ["b", "z"] } } } }"#;
    let form = form(params);
    assert_eq!(form.initial(), [Entered::Chosen(String::new()), Entered::ChosenMany(vec!["b".into()])]);
    assert_eq!(form.answer(&form.initial(), &no_patterns), Ok(json!({ "many": ["b"] })));
}

#[test]
fn a_whole_number_beyond_what_json_carries_exactly_is_refused() {
    let params =
        r#"{ "message": "m", "requestedSchema": { "type": "object", "properties": { "n": { "type": "integer" } } } }"#;
    let form = form(params);
    let answer = |text: &str| form.answer(&[Entered::Text(text.into())], &no_patterns);
    assert_eq!(answer("9007199254740991"), Ok(json!({ "n": 9_007_199_254_740_991_i64 })));
    assert_eq!(answer("-9007199254740991"), Ok(json!({ "n": -9_007_199_254_740_991_i64 })));
    assert_eq!(answer("1e3"), Ok(json!({ "n": 1000 })));
    assert_eq!(answer("9007199254740993"), Err(vec![(0, Problem::Above(9_007_199_254_740_991.0))]));
    assert_eq!(answer("-1e19"), Err(vec![(0, Problem::Below(-9_007_199_254_740_991.0))]));
}

#[test]
fn formats_follow_their_standards() {
    assert!(has_format(TextFormat::Email, "octocat@github.com"));
    assert!(!has_format(TextFormat::Email, "octocat@localhost"));
    assert!(has_format(TextFormat::Uri, "https://example.com/a?b#c"));
    assert!(has_format(TextFormat::Uri, "urn:isbn:0451450523"));
    assert!(!has_format(TextFormat::Uri, "example.com"));
    assert!(has_format(TextFormat::Date, "2024-02-29"));
    assert!(!has_format(TextFormat::Date, "2023-02-29"));
    assert!(!has_format(TextFormat::Date, "2024-2-9"));
    assert!(has_format(TextFormat::DateTime, "2026-11-27T20:15:00Z"));
    assert!(has_format(TextFormat::DateTime, "2026-11-27T20:15:00.123+05:30"));
    assert!(!has_format(TextFormat::DateTime, "2026-11-27T25:15:00Z"));
    assert!(!has_format(TextFormat::DateTime, "2026-11-27 20:15"));
}

#[test]
fn an_input_required_result_is_asked_again_with_the_answers_and_the_state_as_it_came() {
    // SEP-2322's shape, as the conformance suite's server sends it.
    let result = json!({
        "resultType": "input_required",
        "inputRequests": {
            "confirm": {
                "method": "elicitation/create",
                "params": { "message": "Please confirm to continue", "requestedSchema": { "type": "object", "properties": { "confirmed": { "type": "boolean" } } } }
            }
        },
        "requestState": "{\"nonce\":\"n1\",\"originalId\":3}"
    });
    let requests = input_requests(&result);
    assert_eq!(requests.len(), 1);
    assert_eq!((requests[0].0.as_str(), requests[0].1.as_str()), ("confirm", ELICIT));
    let answers = Map::from_iter([("confirm".to_owned(), Answer::Accept(Some(json!({ "confirmed": true }))).result())]);
    let first = json!({ "name": "test_mrtr_echo_state", "arguments": {} });
    assert_eq!(
        with_input_responses(Some(&first), answers.clone(), &result),
        json!({
            "name": "test_mrtr_echo_state", "arguments": {},
            "inputResponses": { "confirm": { "action": "accept", "content": { "confirmed": true } } },
            "requestState": "{\"nonce\":\"n1\",\"originalId\":3}"
        })
    );
    // No state sent: none given back, even one left from an earlier round.
    let stateless = json!({ "resultType": "input_required", "inputRequests": {} });
    let again = with_input_responses(Some(&json!({ "name": "t", "requestState": "old" })), answers, &stateless);
    assert_eq!(again.get("requestState"), None);
    assert!(input_requests(&json!({ "content": [] })).is_empty());
}
