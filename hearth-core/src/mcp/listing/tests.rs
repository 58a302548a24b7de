//! Tests of reading the lists a server gives (tools, prompts, resources and
//! templates), page by page.

use serde_json::json;

use super::*;

#[test]
fn a_page_of_tools_is_read_with_its_cursor() {
    let page = read_tools(&json!({
        "tools": [
            { "name": "get-sum", "description": "Returns the sum of two numbers",
              "inputSchema": { "type": "object", "properties": { "a": { "type": "number" }, "b": { "type": "number" } },
                               "required": ["a", "b"] },
              "annotations": { "readOnlyHint": true } },
            { "name": "bare" },
            { "description": "no name" },
            { "name": "", "inputSchema": {} },
            { "name": "titled", "title": "A Titled Tool", "inputSchema": "not a schema" }
        ],
        "nextCursor": "page-2"
    }));
    assert_eq!(page.next_cursor.as_deref(), Some("page-2"));
    let names: Vec<&str> = page.items.iter().map(|tool| tool.name.as_str()).collect();
    assert_eq!(names, ["get-sum", "bare", "titled"]);
    assert_eq!(page.items[0].annotations, Some(json!({ "readOnlyHint": true })));
    assert_eq!(page.items[1].input_schema, json!({ "type": "object" }));
    assert_eq!(page.items[2].input_schema, json!({ "type": "object" }));
    assert_eq!(page.items[2].about(), "A Titled Tool");
    assert_eq!(page.items[1].about(), page.items[1].description);
}

#[test]
fn the_last_page_has_no_cursor() {
    assert_eq!(read_tools(&json!({ "tools": [] })).next_cursor, None);
    assert_eq!(read_tools(&json!({ "tools": [], "nextCursor": "" })).next_cursor, None);
    assert_eq!(read_tools(&json!(null)).items, Vec::new());
    assert_eq!(list_params(None), None);
    assert_eq!(list_params(Some("c")), Some(json!({ "cursor": "c" })));
}

// The lists as `@modelcontextprotocol/server-everything` 2026.8.31 answers them.
#[test]
fn prompts_are_read_with_their_arguments() {
    let page = read_prompts(&json!({
        "prompts": [
            { "name": "simple-prompt", "title": "Simple Prompt", "description": "A prompt with no arguments" },
            { "name": "args-prompt", "title": "Arguments Prompt",
              "description": "A prompt with two arguments, one required and one optional",
              "arguments": [
                  { "name": "city", "description": "Name of the city", "required": true },
                  { "name": "state", "required": false },
                  { "description": "no name" }
              ] },
            { "title": "no name" }
        ]
    }));
    assert_eq!(page.next_cursor, None);
    assert_eq!(page.items.len(), 2);
    assert_eq!(page.items[0].label(), "Simple Prompt");
    assert!(page.items[0].arguments.is_empty());
    let arguments = &page.items[1].arguments;
    assert_eq!(arguments.len(), 2);
    assert_eq!((arguments[0].name.as_str(), arguments[0].required), ("city", true));
    assert_eq!((arguments[1].label(), arguments[1].required, arguments[1].description.as_str()), ("state", false, ""));
}

#[test]
fn resources_and_templates_are_read_by_their_uris() {
    let page = read_resources(&json!({
        "resources": [
            { "uri": "demo://resource/static/document/architecture.md", "name": "architecture.md",
              "mimeType": "text/markdown",
              "description": "Static document file exposed from /docs: architecture.md" },
            { "uri": "file:///notes", "name": "notes", "title": "My notes" },
            { "uri": "file:///bare" },
            { "name": "no uri" }
        ],
        "nextCursor": "2"
    }));
    assert_eq!(page.next_cursor.as_deref(), Some("2"));
    let named: Vec<(&str, &str)> = page.items.iter().map(|r| (r.uri.as_str(), r.name.as_str())).collect();
    assert_eq!(
        named,
        [
            ("demo://resource/static/document/architecture.md", "architecture.md"),
            ("file:///notes", "My notes"),
            ("file:///bare", "file:///bare")
        ]
    );
    assert_eq!(page.items[0].mime_type.as_deref(), Some("text/markdown"));
    let templates = read_resource_templates(&json!({
        "resourceTemplates": [
            { "name": "Dynamic Text Resource", "uriTemplate": "demo://resource/dynamic/text/{resourceId}",
              "mimeType": "text/plain", "description": "Plaintext dynamic resource" },
            { "name": "no template" }
        ]
    }));
    assert_eq!(templates.items.len(), 1);
    assert_eq!(templates.items[0].uri_template, "demo://resource/dynamic/text/{resourceId}");
    assert_eq!(templates.items[0].name, "Dynamic Text Resource");
}

// server-pdf's tools: one with a view, one for its view only.
#[test]
fn what_a_tool_says_about_views_is_kept_and_stored_only_when_said() {
    let page = read_tools(&json!({ "tools": [
        { "name": "display_pdf", "inputSchema": { "type": "object" },
          "_meta": { "ui": { "resourceUri": "ui://pdf-viewer/mcp-app.html" }, "ui/resourceUri": "ui://pdf-viewer/mcp-app.html" } },
        { "name": "read_pdf_bytes", "inputSchema": { "type": "object" }, "_meta": { "ui": { "visibility": ["app"] } } },
        { "name": "list_pdfs", "inputSchema": { "type": "object" } }
    ] }));
    let uis: Vec<Option<ToolUi>> = page.items.iter().map(|tool| tool.ui.clone()).collect();
    assert_eq!(
        uis,
        [
            Some(ToolUi {
                resource_uri: Some("ui://pdf-viewer/mcp-app.html".into()),
                model_visible: true,
                app_visible: true
            }),
            Some(ToolUi { resource_uri: None, model_visible: false, app_visible: true }),
            None,
        ]
    );
    let for_model: Vec<bool> = page.items.iter().map(McpTool::for_model).collect();
    assert_eq!(for_model, [true, false, true]);
    // A tool stored before Hearth read `_meta.ui` loads, and one without it is stored as before.
    let stored = serde_json::to_value(&page.items[2]).unwrap_or_default();
    assert_eq!(stored.get("ui"), None);
    let loaded: Option<McpTool> = serde_json::from_value(stored).ok();
    assert_eq!(loaded.as_ref(), Some(&page.items[2]));
    let with_ui: Option<McpTool> =
        serde_json::from_value(serde_json::to_value(&page.items[1]).unwrap_or_default()).ok();
    assert_eq!(with_ui.as_ref(), Some(&page.items[1]));
}
