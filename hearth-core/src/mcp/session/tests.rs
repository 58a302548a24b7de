//! Tests of one connection to an MCP server as a state machine: initialize,
//! the session and version on every request, the server's own requests.

use serde_json::json;

use super::*;

fn header<'a>(request: &'a HttpRequest, name: &str) -> Option<&'a str> {
    request.headers.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
}

fn body(request: &HttpRequest) -> Value {
    serde_json::from_str(request.body.as_deref().unwrap_or("null")).unwrap_or(Value::Null)
}

fn client() -> ClientInfo {
    ClientInfo { name: "Hearth".into(), version: "1.2.3".into() }
}

fn streamable() -> Session {
    Session::new("http://127.0.0.1:3001/mcp".into(), vec![("x-team".into(), "blue".into())], Transport::Streamable)
}

#[test]
fn initialize_declares_no_capability_and_asks_for_the_newest_version() {
    let mut session = streamable();
    let (id, request) = session.initialize(&client());
    assert_eq!(id, 1);
    assert_eq!(request.method, "POST");
    assert_eq!(request.url, "http://127.0.0.1:3001/mcp");
    assert_eq!(header(&request, "accept"), Some("application/json, text/event-stream"));
    assert_eq!(header(&request, "content-type"), Some("application/json"));
    assert_eq!(header(&request, "x-team"), Some("blue"));
    assert_eq!(header(&request, "mcp-session-id"), None);
    assert_eq!(header(&request, "mcp-protocol-version"), None, "not before a version is agreed");
    assert_eq!(
        body(&request),
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": { "elicitation": { "form": {}, "url": {} }, "extensions": { "io.modelcontextprotocol/ui": { "mimeTypes": ["text/html;profile=mcp-app"] } } },
            "clientInfo": { "name": "Hearth", "version": "1.2.3" } } })
    );
}

#[test]
fn after_initialize_every_request_carries_the_session_and_version() {
    let mut session = streamable();
    session.initialize(&client());
    let head = ResponseHead { status: 200, content_type: None, session_id: Some("abc-123".into()) };
    let result = json!({
        "protocolVersion": "2025-06-18",
        "capabilities": { "tools": { "listChanged": true }, "prompts": {}, "logging": {} },
        "serverInfo": { "name": "example-servers/everything", "title": "Everything", "version": "2.0.0" },
        "instructions": "Be nice."
    });
    let (info, notification) = session.initialized(&head, &result).expect("initialized");
    assert_eq!(
        info,
        ServerInfo {
            name: "Everything".into(),
            version: "2.0.0".into(),
            protocol_version: "2025-06-18".into(),
            tools: true,
            prompts: true,
            resources: false,
            completions: false,
            instructions: Some("Be nice.".into()),
        }
    );
    assert_eq!(body(&notification), json!({ "jsonrpc": "2.0", "method": "notifications/initialized" }));
    assert_eq!(header(&notification, "mcp-session-id"), Some("abc-123"));
    assert_eq!(header(&notification, "mcp-protocol-version"), Some("2025-06-18"));
    let (id, request) = session.request("tools/list", None);
    assert_eq!(id, 2);
    assert_eq!(header(&request, "mcp-session-id"), Some("abc-123"));
    assert_eq!(header(&request, "mcp-protocol-version"), Some("2025-06-18"));
    let close = session.close().expect("a session to close");
    assert_eq!((close.method, close.body.as_deref()), ("DELETE", None));
    assert_eq!(header(&close, "mcp-session-id"), Some("abc-123"));
    // The server lost the session: the next request is initialize again, without it.
    session.reset();
    assert!(!session.is_initialized());
    let (_, request) = session.initialize(&client());
    assert_eq!(header(&request, "mcp-session-id"), None);
    assert!(session.close().is_none());
}

#[test]
fn an_unknown_version_or_a_bad_session_id_is_not_taken() {
    let mut session = streamable();
    let head = ResponseHead::default();
    assert_eq!(
        session.initialized(&head, &json!({ "protocolVersion": "2099-01-01" })).err(),
        Some(SessionError::UnknownVersion("2099-01-01".into()))
    );
    assert_eq!(session.initialized(&head, &json!({})).err(), Some(SessionError::BadInitialize));
    let head = ResponseHead { session_id: Some("bad id\n".into()), ..ResponseHead::default() };
    assert!(session.initialized(&head, &json!({ "protocolVersion": "2025-03-26" })).is_ok());
    assert_eq!(session.session_id(), None, "a session id must be visible ASCII");
}

#[test]
fn answers_to_the_servers_requests() {
    let session = streamable();
    assert_eq!(body(&session.answer(&json!("p1"), &json!({}))), json!({ "jsonrpc": "2.0", "id": "p1", "result": {} }));
    assert_eq!(body(&session.refuse(&json!(4), "No sampling here"))["error"]["code"], json!(-32601));
}

#[test]
fn the_legacy_transport_posts_where_the_stream_said() {
    let mut session =
        Session::new("http://127.0.0.1:3002/sse".into(), Vec::new(), Transport::Legacy { endpoint: None });
    let open = session.open_stream();
    assert_eq!((open.method, header(&open, "accept")), ("GET", Some("text/event-stream")));
    assert!(!session.set_endpoint("https://elsewhere.example/message"), "another origin is refused");
    assert!(session.set_endpoint("/message?sessionId=42"));
    let (_, request) = session.initialize(&client());
    assert_eq!(request.url, "http://127.0.0.1:3002/message?sessionId=42");
    assert_eq!(body(&request)["params"]["protocolVersion"], json!("2024-11-05"));
    assert_eq!(header(&request, "accept"), None);
    assert!(session.close().is_none());
}

#[test]
fn urls_resolve_like_a_browser() {
    let base = "http://h:1/a/b/sse?x=1";
    assert_eq!(resolve(base, "/m?s=1").as_deref(), Some("http://h:1/m?s=1"));
    assert_eq!(resolve(base, "m").as_deref(), Some("http://h:1/a/b/m"));
    assert_eq!(resolve(base, "https://o/p").as_deref(), Some("https://o/p"));
    assert_eq!(resolve(base, "//o/p").as_deref(), Some("http://o/p"));
    assert_eq!(resolve("http://h", "m").as_deref(), Some("http://h/m"));
    assert_eq!(origin("https://example.com:8443/x"), Some("https://example.com:8443"));
    assert_eq!(origin("ftp://x"), None);
}

#[test]
fn a_json_body_is_read_at_its_end() {
    let mut reader = BodyReader::new(Some("application/json; charset=utf-8"));
    let text = r#"{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}"#;
    let (a, b) = text.split_at(10);
    assert!(reader.push(a.as_bytes()).is_empty());
    assert!(reader.push(b.as_bytes()).is_empty());
    assert_eq!(reader.finish(), vec![Read::Message(Incoming::Result { id: json!(2), result: json!({ "tools": [] }) })]);
    let mut empty = BodyReader::new(None);
    assert!(empty.finish().is_empty(), "a 202's empty body");
    let mut html = BodyReader::new(Some("text/html"));
    html.push(b"<h1>Not found</h1>");
    assert!(matches!(html.finish().as_slice(), [Read::Unreadable(ParseError::NotJson(_))]));
}

#[test]
fn an_event_stream_carries_requests_and_notifications_before_the_response() {
    let body = concat!(
        "id: e0\nretry: 1000\ndata: \n\n",
        "event: message\nid: e1\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progressToken\":5,\"progress\":1,\"total\":3}}\n\n",
        "id: e2\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}\n\n",
        "id: e3\ndata: {\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{\"content\":[]}}\n\n",
    );
    let mut reader = BodyReader::new(Some("text/event-stream"));
    let mut read = Vec::new();
    for piece in body.as_bytes().chunks(7) {
        read.extend(reader.push(piece));
    }
    read.extend(reader.finish());
    assert_eq!(
        read,
        vec![
            Read::Message(Incoming::Notification {
                method: "notifications/progress".into(),
                params: json!({ "progressToken": 5, "progress": 1, "total": 3 })
            }),
            Read::Message(Incoming::Request {
                id: json!(0),
                method: "ping".into(),
                params: Value::Null,
                order: vec![]
            }),
            Read::Message(Incoming::Result { id: json!(5), result: json!({ "content": [] }) }),
        ]
    );
    assert_eq!(reader.last_event_id(), Some("e3"));
    assert_eq!(reader.retry_ms(), Some(1000));
}

#[test]
fn a_stream_cut_before_its_answer_is_resumed_from_its_last_event() {
    let mut session = streamable();
    session.initialize(&client());
    let head = ResponseHead { status: 200, content_type: None, session_id: Some("s-9".into()) };
    assert!(session.initialized(&head, &json!({ "protocolVersion": "2025-11-25" })).is_ok());
    let request = resume(&session, "e7");
    assert_eq!(request.method, "GET");
    assert_eq!(header(&request, "last-event-id"), Some("e7"));
    assert_eq!(header(&request, "mcp-session-id"), Some("s-9"));
    assert_eq!(header(&request, "accept"), Some("text/event-stream"));
}

#[test]
fn a_streamable_session_with_an_id_can_open_its_own_event_stream() {
    let mut session = streamable();
    session.initialize(&client());
    assert_eq!(listen(&session), None, "not before the session has an id");
    let head = ResponseHead { status: 200, content_type: None, session_id: Some("s-9".into()) };
    assert!(session.initialized(&head, &json!({ "protocolVersion": "2025-11-25" })).is_ok());
    let request = listen(&session).expect("a GET");
    assert_eq!((request.method, request.body.as_deref()), ("GET", None));
    assert_eq!(header(&request, "mcp-session-id"), Some("s-9"));
    assert_eq!(header(&request, "mcp-protocol-version"), Some("2025-11-25"));
    assert_eq!(header(&request, "accept"), Some("text/event-stream"));
    let stateless = Session::new("http://127.0.0.1:3001/mcp".into(), vec![], Transport::Stateless);
    assert_eq!(listen(&stateless), None);
}

#[test]
fn the_legacy_endpoint_event_is_read() {
    let mut reader = BodyReader::new(Some("text/event-stream"));
    let read = reader.push(b"event: endpoint\ndata: /message?sessionId=7\n\n");
    assert_eq!(read, vec![Read::Endpoint("/message?sessionId=7".into())]);
}

#[test]
fn a_stateless_session_discovers_then_stamps_every_request() {
    let mut session =
        Session::new("http://127.0.0.1:3001/mcp".into(), vec![("x-team".into(), "blue".into())], Transport::Stateless);
    let (id, discover) = session.discover(&client());
    assert_eq!(id, 1);
    assert_eq!(header(&discover, "mcp-protocol-version"), Some("2026-07-28"));
    assert_eq!(header(&discover, "mcp-method"), Some("server/discover"));
    assert_eq!(header(&discover, "x-team"), Some("blue"));
    assert_eq!(header(&discover, "accept"), Some("application/json, text/event-stream"));
    let sent = body(&discover);
    assert_eq!(sent["method"], "server/discover");
    assert_eq!(sent["params"]["_meta"]["io.modelcontextprotocol/clientInfo"]["name"], "Hearth");
    assert!(!session.is_initialized());

    // The result of the conformance suite's stateless mock, with its title.
    let result = json!({
        "resultType": "complete", "ttlMs": 0, "cacheScope": "private",
        "supportedVersions": ["2026-07-28"],
        "capabilities": { "tools": { "listChanged": true }, "prompts": {} },
        "instructions": "Be brief.",
        "_meta": { "io.modelcontextprotocol/serverInfo": { "name": "conformance-mock-server", "version": "1.0.0" } },
    });
    let info = session.discovered(&result).expect("a discovery result");
    assert_eq!(info.name, "conformance-mock-server");
    assert_eq!(info.version, "1.0.0");
    assert_eq!(info.protocol_version, "2026-07-28");
    assert!(info.tools && info.prompts && !info.resources && !info.completions);
    assert_eq!(info.instructions.as_deref(), Some("Be brief."));
    assert!(session.is_initialized());

    let arguments = json!({ "region": "eu" });
    let params = json!({ "name": "add", "arguments": arguments, "_meta": { "progressToken": 3 } });
    let param = vec![("mcp-param-region".to_owned(), "eu".to_owned())];
    let (id, call) = session.request_with("tools/call", Some(&params), param);
    assert_eq!(id, 2);
    assert_eq!(header(&call, "mcp-method"), Some("tools/call"));
    assert_eq!(header(&call, "mcp-name"), Some("add"));
    assert_eq!(header(&call, "mcp-param-region"), Some("eu"));
    assert_eq!(header(&call, "mcp-session-id"), None);
    let sent = body(&call);
    assert_eq!(sent["params"]["_meta"]["progressToken"], 3);
    assert_eq!(sent["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
    assert_eq!(sent["params"]["arguments"], arguments);
    assert_eq!(session.cancel(2), None, "closing the request cancels it");
    assert_eq!(session.close(), None, "there is no session to end");
}

#[test]
fn a_discovery_without_the_modern_version_is_refused() {
    let mut session = Session::new("http://127.0.0.1:3001/mcp".into(), Vec::new(), Transport::Stateless);
    let _ = session.discover(&client());
    assert_eq!(
        session.discovered(&json!({ "supportedVersions": ["2027-03-01"] })),
        Err(SessionError::UnknownVersion("2027-03-01".into()))
    );
    assert_eq!(session.discovered(&json!({ "capabilities": {} })), Err(SessionError::BadDiscover));
}

#[test]
fn a_stateful_session_sends_no_param_headers_and_cancels_by_notification() {
    let mut session = streamable();
    let (_, call) =
        session.request_with("tools/call", Some(&json!({ "name": "add" })), vec![("mcp-param-a".into(), "1".into())]);
    assert_eq!(header(&call, "mcp-param-a"), None);
    assert_eq!(header(&call, "mcp-method"), None);
    let cancel = session.cancel(1).expect("a notification");
    assert_eq!(body(&cancel)["method"], "notifications/cancelled");
    assert_eq!(body(&cancel)["params"]["requestId"], 1);
}
