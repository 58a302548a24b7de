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
