//! Tests of JSON-RPC 2.0 as MCP uses it: what Hearth writes, what it reads,
//! and what it refuses.

use serde_json::json;

use super::*;

#[test]
fn requests_and_notifications_are_json_rpc() {
    let text = request(7, "tools/list", Some(&json!({ "cursor": "c2" })));
    assert_eq!(
        serde_json::from_str::<Value>(&text).ok(),
        Some(json!({ "jsonrpc": "2.0", "id": 7, "method": "tools/list", "params": { "cursor": "c2" } }))
    );
    let text = request(1, "ping", None);
    assert_eq!(serde_json::from_str::<Value>(&text).ok(), Some(json!({ "jsonrpc": "2.0", "id": 1, "method": "ping" })));
    let text = notification("notifications/initialized", None);
    assert_eq!(
        serde_json::from_str::<Value>(&text).ok(),
        Some(json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }))
    );
    assert_eq!(
        serde_json::from_str::<Value>(&result(&json!("a"), &json!({}))).ok(),
        Some(json!({ "jsonrpc": "2.0", "id": "a", "result": {} }))
    );
    assert_eq!(
        serde_json::from_str::<Value>(&error(&json!(3), METHOD_NOT_FOUND, "no")).ok(),
        Some(json!({ "jsonrpc": "2.0", "id": 3, "error": { "code": -32601, "message": "no" } }))
    );
}

#[test]
fn every_kind_of_message_is_read() {
    let batch = json!([
        { "jsonrpc": "2.0", "id": 1, "result": { "tools": [] } },
        { "jsonrpc": "2.0", "id": 2, "error": { "code": -32602, "message": "bad", "data": { "x": 1 } } },
        { "jsonrpc": "2.0", "id": "s1", "method": "ping" },
        { "jsonrpc": "2.0", "method": "notifications/progress", "params": { "progress": 1 } },
        { "jsonrpc": "2.0", "id": null, "error": { "code": -32700, "message": "Parse error" } }
    ]);
    let messages = parse(&batch.to_string());
    assert_eq!(
        messages,
        Ok(vec![
            Incoming::Result { id: json!(1), result: json!({ "tools": [] }) },
            Incoming::Error {
                id: json!(2),
                error: RpcError { code: -32602, message: "bad".into(), data: Some(json!({ "x": 1 })) }
            },
            Incoming::Request { id: json!("s1"), method: "ping".into(), params: Value::Null, order: vec![] },
            Incoming::Notification { method: "notifications/progress".into(), params: json!({ "progress": 1 }) },
            Incoming::Error {
                id: Value::Null,
                error: RpcError { code: -32700, message: "Parse error".into(), data: None }
            },
        ])
    );
}

#[test]
fn what_is_not_json_rpc_is_refused() {
    assert!(matches!(parse("<html>"), Err(ParseError::NotJson(_))));
    assert_eq!(parse("{}"), Err(ParseError::NotRpc));
    assert_eq!(parse(r#"{"jsonrpc":"1.0","id":1,"result":{}}"#), Err(ParseError::NotRpc));
    assert_eq!(parse(r#"{"jsonrpc":"2.0","result":{}}"#), Err(ParseError::NotRpc), "a result needs an id");
    assert_eq!(parse("[]"), Err(ParseError::NotRpc));
    assert_eq!(parse("[1]"), Err(ParseError::NotRpc));
}
