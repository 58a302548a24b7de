//! Tests of MCP servers as a source of tools: where a token goes, what
//! backups carry, keys, and which tools are offered.

use std::collections::BTreeSet;

use serde_json::json;

use super::*;
use crate::mcp::apps::ToolUi;

fn server(id: &str, name: &str, tools: &[&str]) -> McpServer {
    McpServer {
        id: id.into(),
        name: name.into(),
        url: "http://127.0.0.1:3001/mcp".into(),
        headers: vec![
            McpHeader { name: " X-Team ".into(), value: "blue".into() },
            McpHeader { name: " ".into(), value: "dropped".into() },
        ],
        enabled: true,
        tools: tools
            .iter()
            .map(|name| McpTool {
                name: (*name).into(),
                title: None,
                description: format!("{name} does things"),
                input_schema: json!({ "type": "object" }),
                annotations: None,
                ui: None,
            })
            .collect(),
        oauth_client: None,
        sign_in: None,
        sealed: None,
    }
}

fn sign_in(resource: &str) -> SignIn {
    SignIn {
        issuer: "https://auth.example".into(),
        resource: resource.into(),
        token_endpoint: "https://auth.example/token".into(),
        client: crate::mcp::oauth::Client {
            client_id: "c".into(),
            client_secret: Some("cs".into()),
            auth: crate::mcp::oauth::ClientAuth::Basic,
        },
        access_token: "at".into(),
        refresh_token: Some("rt".into()),
        expires_at: None,
        scope: None,
    }
}

#[test]
fn the_token_goes_only_to_the_server_it_was_given_for() {
    let mut signed = server("s1", "everything", &[]);
    signed.sign_in = Some(sign_in("http://127.0.0.1:3001/mcp"));
    assert!(signed.request_headers().contains(&("authorization".to_owned(), "Bearer at".to_owned())));
    // The address changed since: the token stays home.
    let moved = McpServer { url: "http://127.0.0.1:4000/mcp".into(), ..signed.clone() };
    assert!(!moved.request_headers().iter().any(|(name, _)| name == "authorization"));
    // The user's own Authorization wins.
    let mut own = signed.clone();
    own.headers.push(McpHeader { name: "Authorization".into(), value: "Bearer mine".into() });
    let authorizations: Vec<_> =
        own.request_headers().into_iter().filter(|(name, _)| name == "authorization").collect();
    assert_eq!(authorizations, [("authorization".to_owned(), "Bearer mine".to_owned())]);
}

#[test]
fn backups_carry_no_sign_in_and_no_client_secret_and_imports_keep_them() {
    let mut signed = server("s1", "everything", &[]);
    signed.sign_in = Some(sign_in("http://127.0.0.1:3001/mcp"));
    signed.oauth_client = Some(OAuthClientId { client_id: "pre".into(), client_secret: "hush".into() });
    let mut value = serde_json::to_value(&signed).unwrap_or_default();
    without_header_values(&mut value);
    let text = value.to_string();
    for secret in ["\"at\"", "\"rt\"", "cs", "hush", "blue"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    assert!(text.contains("\"pre\""), "the client id is kept: {text}");
    let stored = serde_json::to_value(&signed).unwrap_or_default();
    let merged: McpServer =
        serde_json::from_value(merge_imported_server(Some(&stored), &value)).unwrap_or_else(|_| server("x", "x", &[]));
    assert_eq!(merged.sign_in, signed.sign_in);
    assert_eq!(merged.oauth_client, signed.oauth_client);
    // A file's own sign-in (crafted: backups have none) is never taken.
    let crafted = serde_json::to_value(McpServer {
        sign_in: Some(sign_in("http://127.0.0.1:3001/mcp")),
        ..server("s1", "x", &[])
    })
    .unwrap_or_default();
    let over_none: Value = merge_imported_server(None, &crafted);
    assert_eq!(over_none.get("sign_in"), None);
    let unsigned = serde_json::to_value(server("s1", "everything", &[])).unwrap_or_default();
    let kept: McpServer = serde_json::from_value(merge_imported_server(Some(&unsigned), &crafted))
        .unwrap_or_else(|_| server("x", "x", &[]));
    assert_eq!(kept.sign_in, None);
}

#[test]
fn keys_name_the_server_and_the_tool() {
    let everything = server("s1", "everything", &["get-sum"]);
    assert_eq!(everything.tool_key("get-sum"), "mcp:s1:get-sum");
    assert_eq!(parse_tool_key("mcp:s1:get-sum"), Some(("s1", "get-sum")));
    assert_eq!(parse_tool_key("mcp:s1:a:b"), Some(("s1", "a:b")), "a tool name may hold a colon");
    assert_eq!(parse_tool_key("calculator"), None);
    assert_eq!(parse_tool_key("mcp::x"), None);
    assert_eq!(everything.setting_key(), "mcp_server:s1");
    assert_eq!(everything.request_headers(), vec![("x-team".to_owned(), "blue".to_owned())]);
}

#[test]
fn only_enabled_tools_of_enabled_servers_that_list_them_are_offered() {
    let mut off = server("s2", "off", &["t"]);
    off.enabled = false;
    let servers = [server("s1", "everything", &["get-sum", "echo"]), off];
    let enabled: Vec<String> =
        ["calculator", "mcp:s1:get-sum", "mcp:s1:gone", "mcp:s2:t", "mcp:s9:x", "mcp:s1:get-sum"]
            .map(str::to_owned)
            .into();
    let offered = offered_mcp_tools(&enabled, &servers, &BTreeSet::from(["calculator".to_owned()]));
    assert_eq!(offered.len(), 1, "{offered:?}");
    let tool = &offered[0];
    assert_eq!(tool.spec.name, "everything__get-sum");
    assert_eq!(tool.spec.description, "get-sum does things");
    assert_eq!((tool.server_id.as_str(), tool.tool.as_str(), tool.key.as_str()), ("s1", "get-sum", "mcp:s1:get-sum"));
}

#[test]
fn a_call_carries_a_progress_token() {
    assert_eq!(
        call_params("get-sum", &json!({ "a": 1, "b": 2 }), 7),
        json!({ "name": "get-sum", "arguments": { "a": 1, "b": 2 }, "_meta": { "progressToken": 7 } })
    );
}

#[test]
fn a_stored_server_without_the_later_fields_loads() {
    let stored = json!({ "id": "s1", "name": "n", "url": "http://x/mcp" });
    let server: McpServer = serde_json::from_value(stored).expect("loads");
    assert!(server.enabled);
    assert!(server.tools.is_empty() && server.headers.is_empty());
}

#[test]
fn a_backup_carries_header_names_without_their_values_and_an_import_keeps_the_stored_ones() {
    let stored = serde_json::to_value(server("s1", "everything", &[])).expect("a server serializes");
    let mut exported = stored.clone();
    without_header_values(&mut exported);
    assert_eq!(exported["headers"][0], json!({ "name": " X-Team ", "value": "" }));
    assert_eq!(exported["url"], stored["url"]);
    assert_eq!(merge_imported_server(Some(&stored), &exported), stored, "the stored value is kept");
    assert_eq!(merge_imported_server(None, &exported), exported, "nothing to keep on a new device");
    let mut moved = exported.clone();
    moved["url"] = json!("https://elsewhere.example/mcp");
    assert_eq!(merge_imported_server(Some(&stored), &moved), moved, "a value stays with the URL it was entered for");
    let mut unreadable = json!({ "id": 3 });
    without_header_values(&mut unreadable);
    assert_eq!(merge_imported_server(Some(&stored), &unreadable), unreadable);
}

#[test]
fn the_tokens_of_offered_mcp_tools_are_those_of_their_definitions() {
    let one = server("s1", "everything", &["get-sum", "echo"]);
    let mut off = server("s2", "off", &["get-sum"]);
    off.enabled = false;
    let servers = [one.clone(), off];
    let each = tool_tokens(&one.tools[0]);
    let spec = crate::contract::ToolSpec {
        name: one.tools[0].name.clone(),
        description: one.tools[0].description.clone(),
        parameters: one.tools[0].input_schema.clone(),
    };
    // As many as the request's estimate counts for the same definition (less the reply's priming).
    assert_eq!(each, crate::compaction::estimate_request(&[], &[spec]) - 3);
    assert!(each > crate::compaction::TOOL_OVERHEAD);
    let keys = |pairs: &[(&str, &str)]| pairs.iter().map(|(s, t)| tool_key(s, t)).collect::<Vec<_>>();
    assert_eq!(offered_mcp_tokens(&keys(&[("s1", "get-sum")]), &servers), each);
    assert_eq!(
        offered_mcp_tokens(&keys(&[("s1", "get-sum"), ("s1", "echo")]), &servers),
        each + tool_tokens(&one.tools[1])
    );
    assert_eq!(offered_mcp_tokens(&keys(&[("s2", "get-sum"), ("s1", "gone")]), &servers), 0, "off or not listed");
    assert_eq!(offered_mcp_tokens(&keys(&[("s1", "get-sum"), ("s1", "get-sum")]), &servers), each, "once each");
    assert_eq!(offered_mcp_tokens(&["builtin".to_owned()], &servers), 0);
    // Read from the stored JSON, the figures are the same.
    let stored = serde_json::to_value(&one).expect("a server serializes");
    assert_eq!(
        stored_tool_tokens(&stored),
        [(tool_key("s1", "get-sum"), each), (tool_key("s1", "echo"), tool_tokens(&one.tools[1]))]
    );
    let off = serde_json::to_value(&servers[1]).expect("a server serializes");
    assert!(stored_tool_tokens(&off).is_empty());
    assert!(stored_tool_tokens(&json!({ "tools": [] })).is_empty());
}

fn with_every_secret() -> McpServer {
    let mut full = server("s1", "everything", &[]);
    full.sign_in = Some(sign_in("http://127.0.0.1:3001/mcp"));
    full.oauth_client = Some(OAuthClientId { client_id: "pre".into(), client_secret: "hush".into() });
    full
}

#[test]
fn secrets_come_out_whole_and_go_back_where_they_were() {
    let full = with_every_secret();
    let secrets = full.secrets();
    assert_eq!(
        secrets.headers,
        [
            McpHeader { name: " X-Team ".into(), value: "blue".into() },
            McpHeader { name: " ".into(), value: "dropped".into() }
        ]
    );
    assert_eq!(secrets.client_secret, Some(("pre".into(), "hush".into())));
    assert_eq!(secrets.sign_in, full.sign_in);
    let bare = full.without_secrets();
    assert!(!bare.has_secrets() && bare.secrets().is_empty());
    let text = serde_json::to_string(&bare).unwrap_or_default();
    for secret in ["blue", "hush", "\"at\"", "\"rt\""] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    assert!(!bare.secrets_locked(), "nothing sealed: nothing to open");
    let sealed = McpServer { sealed: Some(crate::format::sealed::Sealed::new(&[1; 12], &[2; 20])), ..bare.clone() };
    assert!(sealed.secrets_locked());
    // The secrets survive being written and read as JSON (how they are sealed).
    let read = McpSecrets::from_bytes(&secrets.to_bytes()).unwrap_or_default();
    assert_eq!(McpSecrets::from_bytes(b"not json"), None);
    assert_eq!(read, secrets);
    let opened = sealed.with_secrets(read);
    assert_eq!(McpServer { sealed: None, ..opened }, full);
}

#[test]
fn opened_secrets_fill_only_what_is_blank_and_only_for_the_same_client() {
    let secrets = with_every_secret().secrets();
    let mut imported = with_every_secret().without_secrets();
    imported.headers[0].value = "from the file".into();
    imported.oauth_client = Some(OAuthClientId { client_id: "another".into(), client_secret: String::new() });
    let opened = imported.with_secrets(secrets);
    assert_eq!(opened.headers[0].value, "from the file", "a value in plain form is kept");
    assert_eq!(opened.headers[1].value, "dropped");
    assert_eq!(opened.oauth_client.map(|c| c.client_secret), Some(String::new()), "another client's secret stays out");
    assert!(opened.sign_in.is_some());
}

#[test]
fn at_rest_with_the_lock_on_only_the_seal_and_off_never_a_seal() {
    let seal = crate::format::sealed::Sealed::new(&[1; 12], &[2; 20]);
    let full = McpServer { sealed: Some(seal.clone()), ..with_every_secret() };
    let locked = full.at_rest(true);
    assert_eq!(locked.sealed, Some(seal));
    assert!(!locked.has_secrets());
    let plain = full.at_rest(false);
    assert_eq!(plain.sealed, None);
    assert_eq!(plain.secrets(), full.secrets());
}

#[test]
fn a_backup_never_carries_a_seal_and_an_import_keeps_the_stored_one() {
    let seal = crate::format::sealed::Sealed::new(&[1; 12], &[2; 20]);
    let stored_server = McpServer { sealed: Some(seal.clone()), ..with_every_secret().without_secrets() };
    let stored = serde_json::to_value(&stored_server).unwrap_or_default();
    let mut exported = stored.clone();
    without_header_values(&mut exported);
    assert_eq!(exported.get("sealed"), None);
    let merged: McpServer = serde_json::from_value(merge_imported_server(Some(&stored), &exported))
        .unwrap_or_else(|_| server("x", "x", &[]));
    assert_eq!(merged.sealed, Some(seal.clone()), "the secrets sealed here stay");
    // A file's own seal (crafted) is never taken.
    let crafted = serde_json::to_value(McpServer {
        sealed: Some(crate::format::sealed::Sealed::new(&[9; 12], &[9; 20])),
        ..server("s1", "x", &[])
    })
    .unwrap_or_default();
    assert_eq!(merge_imported_server(None, &crafted).get("sealed"), None);
    let mut moved = crafted.clone();
    moved["url"] = json!("https://elsewhere.example/mcp");
    assert_eq!(merge_imported_server(Some(&stored), &moved).get("sealed"), None, "a seal stays with its URL");
}

#[test]
fn a_definition_hash_is_a_sha_256_of_the_definition() {
    let one = server("s1", "everything", &["get-sum"]);
    let hash = definition_hash(&one.tools[0]);
    assert_eq!(hash.len(), 64, "{hash}");
    assert!(hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)), "{hash}");
    let text = serde_json::json!([
        one.tools[0].name,
        one.tools[0].description,
        one.tools[0].input_schema,
        one.tools[0].annotations
    ])
    .to_string();
    assert_eq!(hash, crate::format::sha256::digest_hex(text.as_bytes()));
    let mut changed = one.tools[0].clone();
    changed.description.push_str(" and more");
    assert_ne!(definition_hash(&changed), hash);
}

#[test]
fn what_a_tool_says_about_views_does_not_change_its_hash() {
    let plain = server("s1", "pdf", &["display_pdf"]).tools.remove(0);
    let with_view = McpTool {
        ui: Some(ToolUi {
            resource_uri: Some("ui://pdf-viewer/mcp-app.html".into()),
            model_visible: true,
            app_visible: true,
        }),
        ..plain.clone()
    };
    assert_eq!(definition_hash(&with_view), definition_hash(&plain), "a tool allowed before stays allowed");
    // The hash of a tool as listed with and without `_meta.ui`.
    let listed = |meta: Value| {
        let mut tool =
            json!({ "name": "display_pdf", "description": "Shows a PDF", "inputSchema": { "type": "object" } });
        tool["_meta"] = meta;
        crate::mcp::listing::read_tools(&json!({ "tools": [tool] })).items.remove(0)
    };
    let bare = listed(json!({}));
    let viewed = listed(json!({ "ui": { "resourceUri": "ui://pdf-viewer/mcp-app.html" } }));
    assert_eq!(bare.ui, None);
    assert!(viewed.ui.is_some());
    assert_eq!(definition_hash(&bare), definition_hash(&viewed));
}

// server-pdf's app-only helper, enabled by an agent: never offered, never counted.
#[test]
fn a_tool_kept_for_views_is_not_offered_to_a_model() {
    let mut pdf = server("s1", "pdf", &["display_pdf", "read_pdf_bytes", "save_pdf"]);
    pdf.tools[1].ui = Some(ToolUi { resource_uri: None, model_visible: false, app_visible: true });
    pdf.tools[2].ui = Some(ToolUi { resource_uri: None, model_visible: true, app_visible: false });
    let enabled: Vec<String> = ["display_pdf", "read_pdf_bytes", "save_pdf"].map(|tool| tool_key("s1", tool)).into();
    let servers = [pdf.clone()];
    let offered: Vec<String> =
        offered_mcp_tools(&enabled, &servers, &BTreeSet::new()).into_iter().map(|tool| tool.tool).collect();
    assert_eq!(offered, ["display_pdf", "save_pdf"]);
    let counted = tool_tokens(&pdf.tools[0]) + tool_tokens(&pdf.tools[2]);
    assert_eq!(offered_mcp_tokens(&enabled, &servers), counted);
    let stored = serde_json::to_value(&pdf).expect("a server serializes");
    let stored_keys: Vec<String> = stored_tool_tokens(&stored).into_iter().map(|(key, _)| key).collect();
    assert_eq!(stored_keys, [tool_key("s1", "display_pdf"), tool_key("s1", "save_pdf")]);
}
