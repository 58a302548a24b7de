//! A view's conversation as the example servers' views hold it (the SDK's
//! `App`: initialize with id 0, initialized, then calls, links, messages).

use serde_json::json;

use super::*;
use crate::mcp::apps::AppCsp;
use crate::mcp::session::ClientInfo;

fn session(result: Option<Value>) -> AppSession {
    let context = HostContext {
        host: ClientInfo { name: "hearth".into(), version: "1.0.0".into() },
        theme: Theme::Light,
        locale: "en".into(),
        time_zone: String::new(),
        max_width: None,
        max_height: Some(1600.0),
        tool: json!({ "name": "get-time", "inputSchema": { "type": "object" } }),
        csp: AppCsp::default(),
        permissions: Vec::new(),
    };
    let tools = crate::mcp::listing::read_tools(&json!({ "tools": [
        { "name": "get-time", "_meta": { "ui": { "resourceUri": "ui://get-time/mcp-app.html" } } },
        { "name": "read_pdf_bytes", "_meta": { "ui": { "visibility": ["app"] } } },
        { "name": "model-only", "_meta": { "ui": { "visibility": ["model"] } } }
    ] }))
    .items;
    AppSession::new(context, json!({ "zone": "UTC" }), result, tools)
}

fn request(id: u64, method: &str, params: Value) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params })
}

fn posts(steps: &[Step]) -> Vec<&Value> {
    steps.iter().filter_map(|step| if let Step::Post(value) = step { Some(value) } else { None }).collect()
}

#[test]
fn the_input_and_result_go_once_and_only_after_initialized() {
    let result = json!({ "content": [{ "type": "text", "text": "12:00" }], "structuredContent": { "time": "12:00" } });
    let mut view = session(Some(result.clone()));
    let started = view.receive(&request(0, "ui/initialize", json!({ "protocolVersion": "2026-01-26" })), 0.0);
    assert_eq!(posts(&started).len(), 1);
    assert_eq!(posts(&started)[0]["id"], json!(0), "id 0 is a real id");
    assert_eq!(posts(&started)[0]["result"]["hostContext"]["theme"], json!("light"));
    assert_eq!(view.theme_changed(Theme::Dark), None, "nothing before initialized");
    let ready = view.receive(&json!({ "jsonrpc": "2.0", "method": "ui/notifications/initialized" }), 1.0);
    let sent = posts(&ready);
    assert_eq!(sent[0]["method"], json!("ui/notifications/tool-input"));
    assert_eq!(sent[0]["params"]["arguments"], json!({ "zone": "UTC" }));
    assert_eq!(sent[1]["method"], json!("ui/notifications/tool-result"));
    assert_eq!(sent[1]["params"], result, "verbatim, structuredContent too");
    assert!(view.initialized());
    let again = view.receive(&json!({ "jsonrpc": "2.0", "method": "ui/notifications/initialized" }), 2.0);
    assert!(again.is_empty(), "exactly once");
    let changed = view.theme_changed(Theme::Light).expect("a change after initialized");
    assert_eq!(changed["params"], json!({ "theme": "light" }));
    assert_eq!(view.theme_changed(Theme::Light), None, "no change, nothing sent");
}

#[test]
fn a_stopped_call_is_said_cancelled() {
    let mut view = session(None);
    let ready = view.receive(&json!({ "jsonrpc": "2.0", "method": "ui/notifications/initialized" }), 1.0);
    assert_eq!(posts(&ready)[1]["method"], json!("ui/notifications/tool-cancelled"));
}

#[test]
fn calls_are_asked_of_the_user_or_refused_at_once() {
    let mut view = session(None);
    let asked =
        view.receive(&request(3, "tools/call", json!({ "name": "read_pdf_bytes", "arguments": { "offset": 0 } })), 0.0);
    assert_eq!(
        asked,
        vec![Step::AskCall { id: json!(3), name: "read_pdf_bytes".into(), arguments: json!({ "offset": 0 }) }]
    );
    for (name, why) in [("model-only", CallRefusal::NotForApps), ("add", CallRefusal::Unlisted)] {
        let refused = view.receive(&request(4, "tools/call", json!({ "name": name })), 0.0);
        assert_eq!(posts(&refused)[0]["error"]["code"], json!(-32602));
        assert!(refused.contains(&Step::Refused(Refusal::Call { name: name.into(), why })), "{refused:?}");
    }
    assert_eq!(view.call_answered(&json!(3), &json!({ "content": [] }))["result"], json!({ "content": [] }));
    assert_eq!(view.call_refused(&json!(3), "The user did not allow it.")["error"]["code"], json!(-32000));
}

#[test]
fn links_messages_and_the_rest_are_answered() {
    let mut view = session(None);
    let link = view.receive(&request(5, "ui/open-link", json!({ "url": "https://example.com/docs?x=1" })), 0.0);
    assert_eq!(link, vec![Step::AskLink { id: json!(5), url: "https://example.com/docs?x=1".into() }]);
    assert_eq!(view.link_answered(&json!(5), true)["result"], json!({}));
    assert_eq!(view.link_answered(&json!(5), false)["result"], json!({ "isError": true }));
    // A host shown that is not the host opened is no link either.
    let hidden =
        view.receive(&request(6, "ui/open-link", json!({ "url": "https://docs.example\\@evil.example/" })), 0.0);
    assert!(matches!(hidden.last(), Some(Step::Refused(Refusal::Link(_)))), "{hidden:?}");
    let script = view.receive(&request(6, "ui/open-link", json!({ "url": "javascript:alert(1)" })), 0.0);
    assert_eq!(posts(&script)[0]["result"], json!({ "isError": true }));
    assert!(script.contains(&Step::Refused(Refusal::Link("javascript:alert(1)".into()))));
    let said = json!({ "role": "user", "content": [{ "type": "text", "text": "Tell me more" }, { "type": "image", "data": "", "mimeType": "image/png" }] });
    let message = view.receive(&request(7, "ui/message", said), 0.0);
    assert_eq!(message[0], Step::Draft { text: "Tell me more".into(), left_out: 1 });
    assert_eq!(posts(&message)[0]["result"], json!({}));
    let empty = view.receive(&request(8, "ui/message", json!({ "role": "user", "content": [] })), 0.0);
    assert!(empty.contains(&Step::Refused(Refusal::EmptyMessage)));
    let size = view.receive(&json!({ "jsonrpc": "2.0", "method": "ui/notifications/size-changed", "params": { "width": 800, "height": 5000 } }), 0.0);
    assert_eq!(size, vec![Step::Resize(1600.0)], "within the context's limit");
    let unknown = view.receive(&request(9, "sampling/createMessage", json!({})), 0.0);
    assert_eq!(posts(&unknown)[0]["error"]["code"], json!(-32601));
    let read = view.receive(&request(10, "resources/read", json!({ "uri": "ui://x" })), 0.0);
    assert_eq!(posts(&read)[0]["error"]["code"], json!(-32601), "not offered: it would reach the server unasked");
    for method in ["ping", "ui/update-model-context"] {
        assert_eq!(posts(&view.receive(&request(11, method, json!({})), 0.0))[0]["result"], json!({}));
    }
    let mode = view.receive(&request(12, "ui/request-display-mode", json!({ "mode": "fullscreen" })), 0.0);
    assert_eq!(posts(&mode)[0]["result"], json!({ "mode": "inline" }));
}

#[test]
fn floods_and_unreadable_messages_are_dropped_and_said_once() {
    let mut view = session(None);
    let log =
        json!({ "jsonrpc": "2.0", "method": "notifications/message", "params": { "level": "info", "data": "x" } });
    let steps: Vec<Step> = (0..500).flat_map(|_| view.receive(&log, 10.0)).collect();
    assert_eq!(steps, vec![Step::Refused(Refusal::Flooded)], "100 let through, said once");
    let mut view = session(None);
    let bad: Vec<Step> = [json!("not json-rpc"), json!({ "jsonrpc": "1.0", "method": 5 })]
        .iter()
        .flat_map(|message| view.receive(message, 0.0))
        .collect();
    assert_eq!(bad, vec![Step::Refused(Refusal::Unreadable(BridgeError::NotObject))]);
}

#[test]
fn teardown_waits_for_the_views_answer_to_its_own_id() {
    let mut view = session(None);
    assert_eq!(
        view.receive(&json!({ "jsonrpc": "2.0", "method": "ui/notifications/request-teardown" }), 0.0),
        vec![Step::Close]
    );
    let teardown = view.teardown();
    assert_eq!(teardown["method"], json!("ui/resource-teardown"));
    let other = view.receive(&json!({ "jsonrpc": "2.0", "id": 99, "result": {} }), 0.0);
    assert!(other.is_empty());
    let answer =
        json!({ "jsonrpc": "2.0", "id": teardown["id"], "error": { "code": -32601, "message": "Method not found" } });
    assert_eq!(view.receive(&answer, 0.0), vec![Step::TornDown], "an error answers it too");
}
