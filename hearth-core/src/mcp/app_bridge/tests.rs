//! Tests of the host's side of an MCP App's JSON-RPC: every message a view
//! sends read (as the extension's SDK 2.0.4 and its example views send them),
//! what Hearth sends written with no `null` in it, who a view may call, the
//! flood guard, and streamed arguments closed at every cut.

use serde_json::json;

use super::*;
use crate::mcp::apps::AppCsp;

fn read(value: Value) -> FromApp {
    match read_from_app(&value) {
        Ok(message) => message,
        Err(error) => panic!("not read ({error}): {value}"),
    }
}

/// Whether any value in `value`, at any depth, is `null`.
fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Object(map) => map.values().any(has_null),
        Value::Array(items) => items.iter().any(has_null),
        _ => false,
    }
}

// Measured from the basic example view: `ui/initialize` under id 0, then
// `initialized` with no params at all, then its size.
#[test]
fn a_view_starts_as_the_sdk_starts_it() {
    let initialize = json!({ "jsonrpc": "2.0", "id": 0, "method": "ui/initialize", "params": {
        "appCapabilities": {}, "appInfo": { "name": "Get Time App", "version": "1.0.0" }, "protocolVersion": "2026-01-26"
    } });
    assert_eq!(read(initialize), FromApp::Initialize { id: json!(0) });
    assert_eq!(read(json!({ "jsonrpc": "2.0", "method": "ui/notifications/initialized" })), FromApp::Initialized);
    assert_eq!(
        read(
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": { "width": 800, "height": 427 } })
        ),
        FromApp::SizeChanged { width: Some(800.0), height: Some(427.0) }
    );
    assert_eq!(
        read(
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": { "height": -1, "width": "9" } })
        ),
        FromApp::SizeChanged { width: None, height: None }
    );
}

#[test]
fn a_views_requests_are_read_with_what_they_need() {
    let cases = [
        (
            json!({ "jsonrpc": "2.0", "id": 3, "method": "tools/call",
                    "params": { "name": "read_pdf_bytes", "arguments": { "url": "x", "offset": 0 }, "_meta": { "progressToken": 1 } } }),
            FromApp::CallTool {
                id: json!(3),
                name: "read_pdf_bytes".into(),
                arguments: json!({ "url": "x", "offset": 0 }),
            },
        ),
        (
            json!({ "jsonrpc": "2.0", "id": "a", "method": "tools/call", "params": { "name": "get-time" } }),
            FromApp::CallTool { id: json!("a"), name: "get-time".into(), arguments: json!({}) },
        ),
        (
            json!({ "jsonrpc": "2.0", "id": 4, "method": "resources/read", "params": { "uri": "ui://x/data" } }),
            FromApp::ReadResource { id: json!(4), uri: "ui://x/data".into() },
        ),
        (
            json!({ "jsonrpc": "2.0", "id": 5, "method": "ui/open-link", "params": { "url": "https://modelcontextprotocol.io/" } }),
            FromApp::OpenLink { id: json!(5), url: "https://modelcontextprotocol.io/".into() },
        ),
        (
            json!({ "jsonrpc": "2.0", "id": 6, "method": "ui/request-display-mode", "params": { "mode": "fullscreen" } }),
            FromApp::RequestDisplayMode { id: json!(6), mode: "fullscreen".into() },
        ),
        (json!({ "jsonrpc": "2.0", "id": 7, "method": "ping" }), FromApp::Ping { id: json!(7) }),
        (
            json!({ "jsonrpc": "2.0", "id": 8, "method": "ui/update-model-context",
                    "params": { "content": [{ "type": "text", "text": "page 3 of 15" }], "structuredContent": { "page": 3 } } }),
            FromApp::UpdateModelContext {
                id: json!(8),
                content: json!([{ "type": "text", "text": "page 3 of 15" }]),
                structured_content: Some(json!({ "page": 3 })),
            },
        ),
        (
            json!({ "jsonrpc": "2.0", "id": 9, "method": "ui/update-model-context", "params": { "structuredContent": { "page": 3 } } }),
            FromApp::UpdateModelContext {
                id: json!(9),
                content: json!([]),
                structured_content: Some(json!({ "page": 3 })),
            },
        ),
    ];
    for (message, expected) in cases {
        assert_eq!(read(message), expected);
    }
}

#[test]
fn a_views_message_is_its_text_and_only_the_users() {
    let message = json!({ "jsonrpc": "2.0", "id": 2, "method": "ui/message", "params": { "role": "user", "content": [
        { "type": "text", "text": "What time is it in Tokyo?" },
        { "type": "image", "data": "AAAA", "mimeType": "image/png" },
        { "type": "text", "text": "Thanks." }
    ] } });
    assert_eq!(
        read(message),
        FromApp::Message { id: json!(2), text: "What time is it in Tokyo?\n\nThanks.".into(), left_out: 1 }
    );
    // One block, as the specification's example sends it.
    let one = json!({ "jsonrpc": "2.0", "id": 4, "method": "ui/message",
                      "params": { "role": "user", "content": { "type": "text", "text": "Hello" } } });
    assert_eq!(read(one), FromApp::Message { id: json!(4), text: "Hello".into(), left_out: 0 });
    let as_assistant = json!({ "jsonrpc": "2.0", "id": 3, "method": "ui/message",
                               "params": { "role": "assistant", "content": [{ "type": "text", "text": "Done." }] } });
    assert_eq!(
        read(as_assistant),
        FromApp::Invalid {
            id: json!(3),
            method: "ui/message".into(),
            problem: "a view may add only a message from the user"
        }
    );
}

#[test]
fn a_request_missing_what_it_needs_is_answered_invalid() {
    let cases = [
        (json!({ "method": "tools/call", "params": {} }), "no tool name"),
        (
            json!({ "method": "tools/call", "params": { "name": "t", "arguments": [1] } }),
            "the arguments are not an object",
        ),
        (json!({ "method": "resources/read", "params": { "uri": "" } }), "no resource URI"),
        (json!({ "method": "ui/open-link" }), "no URL"),
        (json!({ "method": "ui/request-display-mode", "params": { "mode": 2 } }), "no display mode"),
        (json!({ "method": "ui/message", "params": { "content": "hi" } }), "the content is not a list of blocks"),
        (
            json!({ "method": "ui/update-model-context", "params": { "content": "hi" } }),
            "the content is not a list of blocks",
        ),
    ];
    for (mut message, problem) in cases {
        message["jsonrpc"] = json!("2.0");
        message["id"] = json!(1);
        let method = message["method"].as_str().unwrap_or_default().to_owned();
        let read = read(message);
        assert_eq!(read, FromApp::Invalid { id: json!(1), method, problem });
        assert_eq!(read.request_id(), Some(&json!(1)));
    }
}

#[test]
fn logs_teardown_requests_and_unknown_methods_are_read() {
    assert_eq!(
        read(json!({ "jsonrpc": "2.0", "method": "notifications/message",
                     "params": { "level": "warning", "logger": "pdf", "data": { "page": 2 } } })),
        FromApp::Log { level: "warning".into(), data: json!({ "page": 2 }) }
    );
    assert_eq!(
        read(json!({ "jsonrpc": "2.0", "method": "notifications/message", "params": { "data": "hi" } })),
        FromApp::Log { level: "info".into(), data: json!("hi") }
    );
    assert_eq!(
        read(json!({ "jsonrpc": "2.0", "method": "ui/notifications/request-teardown", "params": {} })),
        FromApp::RequestTeardown
    );
    let download =
        read(json!({ "jsonrpc": "2.0", "id": 11, "method": "ui/download-file", "params": { "contents": [] } }));
    assert_eq!(download, FromApp::Unknown { id: Some(json!(11)), method: "ui/download-file".into() });
    assert_eq!(download.request_id(), Some(&json!(11)));
    let listed = read(json!({ "jsonrpc": "2.0", "method": "notifications/tools/list_changed" }));
    assert_eq!(listed, FromApp::Unknown { id: None, method: "notifications/tools/list_changed".into() });
    assert_eq!(listed.request_id(), None);
    assert_eq!(
        method_not_found(&json!(11), "ui/download-file"),
        json!({ "jsonrpc": "2.0", "id": 11, "error": { "code": -32601, "message": "Hearth does not offer ui/download-file" } })
    );
}

// Measured: a view with a teardown handler answers `{}`; those without answer -32601.
#[test]
fn a_views_answers_to_hearth_are_read() {
    assert_eq!(
        read(json!({ "result": {}, "jsonrpc": "2.0", "id": 9001 })),
        FromApp::Response { id: json!(9001), result_or_error: Ok(json!({})) }
    );
    let refused =
        read(json!({ "jsonrpc": "2.0", "id": 9001, "error": { "code": -32601, "message": "Method not found" } }));
    let FromApp::Response { id, result_or_error: Err(error) } = refused else { panic!("not an error: {refused:?}") };
    assert_eq!((id, error.code, error.message.as_str()), (json!(9001), -32601, "Method not found"));
    let unreadable =
        read(json!({ "jsonrpc": "2.0", "id": null, "error": { "code": -32700, "message": "Parse error" } }));
    assert!(matches!(unreadable, FromApp::Response { id: Value::Null, result_or_error: Err(_) }));
}

#[test]
fn what_is_not_json_rpc_is_refused() {
    let cases = [
        (json!("{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"id\":1}"), BridgeError::NotObject),
        (json!([{ "jsonrpc": "2.0", "method": "ping", "id": 1 }]), BridgeError::NotObject),
        (json!({ "method": "ping", "id": 1 }), BridgeError::NotJsonRpc),
        (json!({ "jsonrpc": "1.0", "method": "ping", "id": 1 }), BridgeError::NotJsonRpc),
        (json!({ "jsonrpc": "2.0", "method": 3, "id": 1 }), BridgeError::NotJsonRpc),
        (json!({ "jsonrpc": "2.0", "method": "ping", "id": 1.5 }), BridgeError::BadId),
        (json!({ "jsonrpc": "2.0", "method": "ping", "id": null }), BridgeError::BadId),
        (json!({ "jsonrpc": "2.0", "method": "ping", "id": { "n": 1 } }), BridgeError::BadId),
        (json!({ "jsonrpc": "2.0", "method": "ping", "id": true }), BridgeError::BadId),
        (json!({ "jsonrpc": "2.0", "method": "tools/call", "id": 1, "params": ["t"] }), BridgeError::ParamsNotObject),
        (
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/initialized", "params": 1 }),
            BridgeError::ParamsNotObject,
        ),
        (json!({ "jsonrpc": "2.0", "id": 1 }), BridgeError::NotAMessage),
        (json!({ "jsonrpc": "2.0", "result": {} }), BridgeError::NotAMessage),
        (json!({ "jsonrpc": "2.0", "id": 1, "result": {}, "error": { "code": 1 } }), BridgeError::NotAMessage),
        (json!({ "jsonrpc": "2.0", "id": null, "result": {} }), BridgeError::BadId),
    ];
    for (message, error) in cases {
        assert_eq!(read_from_app(&message), Err(error), "{message}");
    }
    assert_eq!(BridgeError::BadId.to_string(), "the view's message has an id that is neither text nor a whole number");
}

fn context() -> HostContext {
    HostContext {
        host: ClientInfo { name: "hearth".into(), version: "0.9.0".into() },
        theme: Theme::Dark,
        locale: "fr-FR".into(),
        time_zone: "Europe/Paris".into(),
        max_width: Some(720.0),
        max_height: None,
        tool: json!({ "name": "get-time", "description": null, "inputSchema": { "type": "object" } }),
        csp: AppCsp { connect: vec!["https://unpkg.com".into()], ..AppCsp::default() },
        permissions: vec![Permission::ClipboardWrite],
    }
}

#[test]
fn the_answer_to_initialize_holds_what_the_sdk_requires_and_no_null() {
    let answer = initialize_result(&json!(0), &context());
    assert!(!has_null(&answer), "{answer}");
    assert_eq!(answer["id"], json!(0));
    let result = &answer["result"];
    assert_eq!(result["protocolVersion"], json!("2026-01-26"));
    assert_eq!(result["hostInfo"], json!({ "name": "hearth", "version": "0.9.0" }));
    assert_eq!(
        result["hostCapabilities"],
        json!({
            "openLinks": {},
            "serverTools": { "listChanged": false },
            "logging": {},
            "message": { "text": {} },
            "updateModelContext": { "text": {} },
            "sandbox": {
                "permissions": { "clipboardWrite": {} },
                "csp": { "connectDomains": ["https://unpkg.com"], "resourceDomains": [], "frameDomains": [], "baseUriDomains": [] }
            }
        })
    );
    assert_eq!(
        result["hostContext"],
        json!({
            "toolInfo": { "tool": { "name": "get-time", "inputSchema": { "type": "object" } } },
            "theme": "dark",
            "displayMode": "inline",
            "availableDisplayModes": ["inline"],
            "containerDimensions": { "maxWidth": 720.0 },
            "locale": "fr-FR",
            "timeZone": "Europe/Paris",
            "platform": "web"
        })
    );
}

#[test]
fn what_hearth_does_not_know_is_left_out() {
    let bare = HostContext {
        locale: String::new(),
        time_zone: String::new(),
        max_width: None,
        max_height: Some(f64::NAN),
        tool: Value::Null,
        csp: AppCsp::default(),
        permissions: Vec::new(),
        theme: Theme::Light,
        ..context()
    };
    let answer = initialize_result(&json!("init"), &bare);
    assert!(!has_null(&answer), "{answer}");
    let host = &answer["result"]["hostContext"];
    assert_eq!(
        host,
        &json!({ "theme": "light", "displayMode": "inline", "availableDisplayModes": ["inline"], "platform": "web" })
    );
    assert_eq!(answer["result"]["hostCapabilities"]["sandbox"]["permissions"], json!({}));
}

#[test]
fn a_listed_tool_is_given_to_its_view_as_an_mcp_tool() {
    let listed = crate::mcp::listing::read_tools(&json!({ "tools": [{
        "name": "display_pdf", "title": "Display PDF", "description": "Shows a PDF",
        "inputSchema": { "type": "object", "properties": { "url": { "type": "string" } } },
        "annotations": { "readOnlyHint": true },
        "_meta": { "ui": { "resourceUri": "ui://pdf-viewer/mcp-app.html" } }
    }, { "name": "bare", "description": "" }] }));
    assert_eq!(
        tool_definition(&listed.items[0]),
        json!({
            "name": "display_pdf", "title": "Display PDF", "description": "Shows a PDF",
            "inputSchema": { "type": "object", "properties": { "url": { "type": "string" } } },
            "annotations": { "readOnlyHint": true },
            "_meta": { "ui": { "resourceUri": "ui://pdf-viewer/mcp-app.html", "visibility": ["model", "app"] } }
        })
    );
    assert_eq!(tool_definition(&listed.items[1]), json!({ "name": "bare", "inputSchema": { "type": "object" } }));
}

// The shapes the specification gives (and the basic view was measured to take).
#[test]
fn hearths_notifications_and_requests_have_the_specifications_shapes() {
    let call = json!({ "content": [{ "type": "text", "text": "2026-01-26T10:00:00Z" }],
                       "structuredContent": { "time": "2026-01-26T10:00:00Z" }, "_meta": { "k": 1 } });
    let cases = [
        (
            tool_input(&json!({ "abcNotation": "X:1" })),
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": { "arguments": { "abcNotation": "X:1" } } }),
        ),
        (
            tool_input(&Value::Null),
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/tool-input", "params": { "arguments": {} } }),
        ),
        (
            tool_input_partial(&json!({ "abcNotation": "X" })),
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/tool-input-partial", "params": { "arguments": { "abcNotation": "X" } } }),
        ),
        (tool_result(&call), json!({ "jsonrpc": "2.0", "method": "ui/notifications/tool-result", "params": call })),
        (
            tool_cancelled("user action"),
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/tool-cancelled", "params": { "reason": "user action" } }),
        ),
        (tool_cancelled(""), json!({ "jsonrpc": "2.0", "method": "ui/notifications/tool-cancelled", "params": {} })),
        (
            host_context_changed(Theme::Light),
            json!({ "jsonrpc": "2.0", "method": "ui/notifications/host-context-changed", "params": { "theme": "light" } }),
        ),
        (
            resource_teardown(9001),
            json!({ "jsonrpc": "2.0", "id": 9001, "method": "ui/resource-teardown", "params": {} }),
        ),
        (result(&json!(7), &json!({})), json!({ "jsonrpc": "2.0", "id": 7, "result": {} })),
        (
            error(&json!("x"), -32000, "Link opening denied by user"),
            json!({ "jsonrpc": "2.0", "id": "x", "error": { "code": -32000, "message": "Link opening denied by user" } }),
        ),
        (declined(&json!(5)), json!({ "jsonrpc": "2.0", "id": 5, "result": { "isError": true } })),
        (display_mode_result(&json!(6)), json!({ "jsonrpc": "2.0", "id": 6, "result": { "mode": "inline" } })),
    ];
    for (written, expected) in cases {
        assert_eq!(written, expected);
    }
}

#[test]
fn a_view_calls_only_its_own_servers_tools_that_allow_it() {
    let with = |model_visible, app_visible| ToolUi { resource_uri: None, model_visible, app_visible };
    assert_eq!(may_call(None, true), Ok(()), "a tool that says nothing: both may call it");
    assert_eq!(may_call(Some(&with(false, true)), true), Ok(()));
    assert_eq!(may_call(Some(&with(true, true)), true), Ok(()));
    assert_eq!(may_call(Some(&with(true, false)), true), Err(CallRefusal::NotForApps));
    assert_eq!(may_call(None, false), Err(CallRefusal::OtherServer));
    assert_eq!(may_call(Some(&with(false, true)), false), Err(CallRefusal::OtherServer), "app-only stays home");
    assert_eq!(may_call_listed(None, true), Err(CallRefusal::Unlisted));
    let listed = crate::mcp::listing::read_tools(&json!({ "tools": [
        { "name": "save_pdf", "_meta": { "ui": { "visibility": ["app"] } } },
        { "name": "list_pdfs" },
        { "name": "model_only", "_meta": { "ui": { "visibility": ["model"] } } }
    ] }));
    let verdicts: Vec<_> = listed.items.iter().map(|tool| may_call_listed(Some(tool), true)).collect();
    assert_eq!(verdicts, [Ok(()), Ok(()), Err(CallRefusal::NotForApps)]);
    assert_eq!(
        CallRefusal::NotForApps.error(&json!(4)),
        json!({ "jsonrpc": "2.0", "id": 4, "error": { "code": -32602, "message": "its server does not let views call this tool" } })
    );
}

#[test]
fn only_web_links_are_opened() {
    for url in ["https://modelcontextprotocol.io/", "http://127.0.0.1:3001/x?y#z", "HTTPS://Example.com"] {
        assert!(openable(url), "{url}");
    }
    for url in
        ["javascript:alert(1)", "data:text/html,hi", "https://", "https:///path", "file:///etc", "https://a b", "ht"]
    {
        assert!(!openable(url), "{url}");
    }
}

#[test]
fn the_flood_guard_lets_through_a_hundred_a_second() {
    let mut flood = Flood::default();
    assert!((0..100).all(|_| flood.admit(1000.0)), "a burst of a hundred");
    assert!(!flood.admit(1000.0), "the hundred and first");
    assert!(!flood.admit(1005.0), "half a message's time later");
    assert!(flood.admit(1010.0), "a message's time later");
    assert!(!flood.admit(1010.0));
    // A clock that goes back refills nothing.
    assert!(!flood.admit(0.0));
    assert!(!flood.admit(f64::NAN));
    // A steady hundred a second goes through, a second later.
    assert!((1..=1000).all(|tick| flood.admit(2010.0 + f64::from(tick) * 10.0)));
    // After a long silence, a burst again, no bigger.
    let admitted = (0..150).filter(|_| flood.admit(60_000.0)).count();
    assert_eq!(admitted, 100);
    let mut closed = Flood::new(0);
    assert!(!closed.admit(0.0) && !closed.admit(5000.0));
}

/// A model's arguments for server-pdf's `display_pdf` and a made-up budget,
/// with nesting, numbers, words, escapes and a character outside the BMP.
const STREAMED: [&str; 2] = [
    r#"{"url": "https://arxiv.org/pdf/1706.03762", "page": 3}"#,
    r#"{"title":"Budget \"Q3\" – plan ✓","items":[{"name":"Rent","amount":1200.5,"fixed":true},{"name":"Food","amount":-300,"tags":["weekly","shop"],"note":null}],"mood":"\ud83d\ude00 done\n","empty":{},"list":[]}"#,
];

/// Whether `part` could be what `full` was when cut: every key of its
/// objects in `full`'s, its arrays no longer, its strings and numbers
/// written as the start of `full`'s, anything else the same.
fn fits(part: &Value, full: &Value) -> bool {
    match (part, full) {
        (Value::Object(part), Value::Object(full)) => {
            part.iter().all(|(key, value)| full.get(key).is_some_and(|whole| fits(value, whole)))
        }
        (Value::Array(part), Value::Array(full)) => {
            part.len() <= full.len() && part.iter().zip(full).all(|(value, whole)| fits(value, whole))
        }
        (Value::String(part), Value::String(full)) => full.starts_with(part.as_str()),
        (Value::Number(part), Value::Number(full)) => full.to_string().starts_with(&part.to_string()),
        _ => part == full,
    }
}

#[test]
fn streamed_arguments_close_into_an_object_at_every_cut() {
    for text in STREAMED {
        let Ok(full) = serde_json::from_str::<Value>(text) else { panic!("not JSON: {text}") };
        let mut last_keys = 0;
        for (cut, _) in text.char_indices().skip(1).chain([(text.len(), ' ')]) {
            let raw = &text[..cut];
            let Some(part) = partial_arguments(raw) else { panic!("nothing at {cut}: {raw}") };
            assert!(fits(&part, &full), "at {cut}: {raw} gave {part}");
            let keys = part.as_object().map_or(0, serde_json::Map::len);
            assert!(keys >= last_keys, "keys are never lost: {raw} gave {part}");
            last_keys = keys;
        }
        assert_eq!(partial_arguments(text), Some(full));
    }
}

#[test]
fn streamed_arguments_close_as_a_person_would_read_them() {
    let budget = STREAMED[1];
    let at = |needle: &str| budget.find(needle).map_or(0, |found| found + needle.len());
    let cases = [
        ("{", json!({})),
        (r#"{"url": "https://arx"#, json!({ "url": "https://arx" })),
        (r#"{"url": "https://arxiv.org/pdf/1706.03762", "pa"#, json!({ "url": "https://arxiv.org/pdf/1706.03762" })),
        (
            r#"{"url": "https://arxiv.org/pdf/1706.03762", "page":"#,
            json!({ "url": "https://arxiv.org/pdf/1706.03762" }),
        ),
        (
            r#"{"url": "https://arxiv.org/pdf/1706.03762", "page": 3"#,
            json!({ "url": "https://arxiv.org/pdf/1706.03762", "page": 3 }),
        ),
        (&budget[..at(r#"Budget \"#)], json!({ "title": "Budget " })),
        (
            &budget[..at(r#""amount":1200."#)],
            json!({ "title": "Budget \"Q3\" – plan ✓", "items": [{ "name": "Rent" }] }),
        ),
        (
            &budget[..at(r#""fixed":tr"#)],
            json!({ "title": "Budget \"Q3\" – plan ✓", "items": [{ "name": "Rent", "amount": 1200.5 }] }),
        ),
        (
            &budget[..at(r#""tags":["weekly","sh"#)],
            json!({ "title": "Budget \"Q3\" – plan ✓", "items": [
                { "name": "Rent", "amount": 1200.5, "fixed": true },
                { "name": "Food", "amount": -300, "tags": ["weekly", "sh"] }
            ] }),
        ),
    ];
    for (raw, expected) in cases {
        assert_eq!(partial_arguments(raw), Some(expected), "{raw}");
    }
    // Half an escape, and half a pair of surrogates, are dropped.
    let mood = |cut: &str| partial_arguments(&budget[..at(cut)]).and_then(|part| part.get("mood").cloned());
    assert_eq!(mood(r#""mood":"\u"#), Some(json!("")));
    assert_eq!(mood(r#""mood":"\ud83"#), Some(json!("")));
    assert_eq!(mood(r#""mood":"\ud83d"#), Some(json!("")));
    assert_eq!(mood(r#""mood":"\ud83d\"#), Some(json!("")));
    assert_eq!(mood(r#""mood":"\ud83d\ude00"#), Some(json!("😀")));
    assert_eq!(mood(r#""mood":"\ud83d\ude00 done\"#), Some(json!("😀 done")));
}

#[test]
fn what_does_not_start_an_object_is_not_shown() {
    for raw in ["", "   ", "[1, 2", "\"text", "nul", "42"] {
        assert_eq!(partial_arguments(raw), None, "{raw}");
    }
    assert_eq!(partial_arguments("  {\"a\": 1"), Some(json!({ "a": 1 })));
    // Whatever follows a complete object is not read.
    assert_eq!(partial_arguments("{\"a\": 1} trailing"), Some(json!({ "a": 1 })));
}
