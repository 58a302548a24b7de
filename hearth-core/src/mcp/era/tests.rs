//! Tests of telling which revision of MCP a server speaks, and of what its
//! requests carry (meta, standard headers).

use serde_json::json;

use super::*;

const EVERYTHING_400: &str =
    r#"{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null}"#;

fn refusal(code: i64, data: Option<Value>) -> String {
    let mut error = json!({ "code": code, "message": "refused" });
    if let Some(data) = data {
        error["data"] = data;
    }
    json!({ "jsonrpc": "2.0", "id": 1, "error": error }).to_string()
}

#[test]
fn the_era_is_told_from_the_first_answer() {
    // A discovery result: modern.
    assert_eq!(classify(Some(200), ""), Probe::Modern);
    // No answer the page may read (a preflight refusing Mcp-Method, or a network error): try initialize.
    assert_eq!(classify(None, ""), Probe::Stateful);
    // server-everything 2026.8.31's answer to a 2026-07-28 request.
    assert_eq!(classify(Some(400), EVERYTHING_400), Probe::Stateful);
    for status in [400, 404, 405, 415, 500] {
        assert_eq!(classify(Some(status), "Not Found"), Probe::Stateful, "{status} with a body that is not JSON");
    }
    // Authorization says nothing of the era.
    assert_eq!(classify(Some(401), ""), Probe::Auth(401));
    assert_eq!(classify(Some(403), &refusal(HEADER_MISMATCH, None)), Probe::Auth(403));
    // Modern errors.
    assert_eq!(classify(Some(400), &refusal(HEADER_MISMATCH, None)), Probe::Modern);
    assert_eq!(classify(Some(400), &refusal(MISSING_CAPABILITY, None)), Probe::Modern);
    let supported = |versions: Value| {
        refusal(UNSUPPORTED_VERSION, Some(json!({ "supported": versions, "requested": "2026-07-28" })))
    };
    // The conformance suite's request-metadata scenario refuses the first request so:
    // the client asks again with a version the server lists.
    assert_eq!(classify(Some(400), &supported(json!(["2026-07-28", "2027-03-01"]))), Probe::Again);
    assert_eq!(classify(Some(400), &supported(json!(["2025-11-25"]))), Probe::Stateful);
    assert_eq!(
        classify(Some(400), &supported(json!(["2027-03-01"]))),
        Probe::NoCommonVersion(vec!["2027-03-01".to_owned()])
    );
    // A 2025 server without sessions may answer 200 with "method not found".
    assert_eq!(classify_error(Some(-32601), None), Probe::Stateful);
    assert_eq!(classify_error(Some(HEADER_MISMATCH), None), Probe::Modern);
    // -32022 without the list is not the modern error.
    assert_eq!(classify(Some(400), &refusal(UNSUPPORTED_VERSION, None)), Probe::Stateful);
}

#[test]
fn every_modern_request_carries_its_meta() {
    let params = stamp(Some(&json!({ "name": "add", "_meta": { "progressToken": 7 } })), "hearth", "0.1.0");
    assert_eq!(
        params,
        json!({
            "name": "add",
            "_meta": {
                "progressToken": 7,
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": { "elicitation": { "form": {}, "url": {} }, "extensions": { "io.modelcontextprotocol/ui": { "mimeTypes": ["text/html;profile=mcp-app"] } } },
                "io.modelcontextprotocol/clientInfo": { "name": "hearth", "version": "0.1.0" },
            },
        })
    );
    let bare = stamp(None, "hearth", "1");
    assert_eq!(bare["_meta"]["io.modelcontextprotocol/protocolVersion"], "2026-07-28");
    assert_eq!(bare.as_object().map(|o| o.len()), Some(1));
}

#[test]
fn the_standard_headers_name_the_method_and_its_object() {
    assert_eq!(standard_headers("tools/list", None), vec![("mcp-method".to_owned(), "tools/list".to_owned())]);
    let call = standard_headers("tools/call", Some(&json!({ "name": "my-hyphenated-tool" })));
    assert_eq!(call[1], ("mcp-name".to_owned(), "my-hyphenated-tool".to_owned()));
    let read = standard_headers("resources/read", Some(&json!({ "uri": "file:///path/to/file%20name.txt" })));
    assert_eq!(read[1].1, "file:///path/to/file%20name.txt");
    let prompt = standard_headers("prompts/get", Some(&json!({ "name": "résumé" })));
    assert_eq!(prompt[1].1, "=?base64?csOpc3Vtw6k=?=");
}

#[test]
fn header_values_are_plain_or_base64() {
    // The cases of the conformance suite's http-custom-headers scenario.
    for plain in ["us-west1", "", "test-method", "us west 1", "SELECT * FROM users"] {
        assert_eq!(header_value(plain), plain);
    }
    for (text, encoded) in [
        ("Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="),
        (" padded ", "=?base64?IHBhZGRlZCA=?="),
        ("us-west1 ", "=?base64?dXMtd2VzdDEg?="),
        ("line1\nline2", "=?base64?bGluZTEKbGluZTI=?="),
        ("\tindented", "=?base64?CWluZGVudGVk?="),
        ("=?base64?SGk=?=", "=?base64?PT9iYXNlNjQ/U0drPT89?="),
    ] {
        assert_eq!(header_value(text), encoded, "{text:?}");
    }
}

#[test]
fn tool_parameters_become_headers_when_the_schema_asks() {
    let schema = json!({
        "type": "object",
        "properties": {
            "region": { "type": "string", "x-mcp-header": "Region" },
            "priority": { "type": "integer", "x-mcp-header": "Priority" },
            "verbose": { "type": "boolean", "x-mcp-header": "Verbose" },
            "float_val": { "type": "number", "x-mcp-header": "FloatVal" },
            "method_val": { "type": "string", "x-mcp-header": "Method" },
            "bad": { "type": "string", "x-mcp-header": "Has Space" },
            "query": { "type": "string" },
        },
    });
    let arguments = json!({
        "region": "us-west1", "priority": 42, "verbose": null, "float_val": 2.5,
        "method_val": "test-method", "bad": "x", "query": "SELECT 1",
    });
    let mut headers = param_headers(&schema, &arguments);
    headers.sort();
    assert_eq!(
        headers,
        vec![
            ("mcp-param-floatval".to_owned(), "2.5".to_owned()),
            ("mcp-param-method".to_owned(), "test-method".to_owned()),
            ("mcp-param-priority".to_owned(), "42".to_owned()),
            ("mcp-param-region".to_owned(), "us-west1".to_owned()),
        ]
    );
    assert_eq!(param_headers(&json!({ "type": "object" }), &arguments), Vec::new());
}

#[test]
fn an_input_required_result_is_seen() {
    assert!(needs_input(&json!({ "resultType": "input_required", "inputRequests": {} })));
    assert!(!needs_input(&json!({ "resultType": "complete", "content": [] })));
    assert!(!needs_input(&json!({ "content": [] })));
}

#[test]
fn a_tool_asking_for_headers_it_cannot_have_is_refused() {
    let schema = |properties: Value| json!({ "type": "object", "properties": properties });
    assert!(valid_param_headers(&json!({ "type": "object" })));
    assert!(valid_param_headers(&schema(
        json!({ "region": { "type": "string", "x-mcp-header": "Region" }, "n": { "type": "number" } })
    )));
    assert!(valid_param_headers(&schema(
        json!({ "p": { "type": "integer", "x-mcp-header": "Priority" }, "v": { "type": "boolean", "x-mcp-header": "Verbose" } })
    )));
    // The conformance suite's http-invalid-tool-headers tools.
    for bad in [
        json!({ "value": { "type": "string", "x-mcp-header": "" } }),
        json!({ "data": { "type": "object", "x-mcp-header": "Data" } }),
        json!({ "items": { "type": "array", "items": { "type": "string" }, "x-mcp-header": "Items" } }),
        json!({ "nil": { "type": "null", "x-mcp-header": "Nil" } }),
        json!({ "score": { "type": "number", "x-mcp-header": "Score" } }),
        json!({ "field1": { "type": "string", "x-mcp-header": "Region" }, "field2": { "type": "string", "x-mcp-header": "Region" } }),
        json!({ "field1": { "type": "string", "x-mcp-header": "MyField" }, "field2": { "type": "string", "x-mcp-header": "myfield" } }),
        json!({ "value": { "type": "string", "x-mcp-header": "My Region" } }),
        json!({ "value": { "type": "string", "x-mcp-header": "Region:Primary" } }),
        json!({ "value": { "type": "string", "x-mcp-header": "Région" } }),
        json!({ "value": { "type": "string", "x-mcp-header": "Region\t1" } }),
        json!({ "value": { "type": "string", "x-mcp-header": 7 } }),
    ] {
        assert!(!valid_param_headers(&schema(bad.clone())), "{bad}");
    }
}
