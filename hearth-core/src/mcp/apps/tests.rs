//! Tests of MCP Apps' views: which tools name one and who may call them, a
//! view read from `resources/read` (text or base64, with the origins and
//! permissions it asks for), the policy it runs under and its frame's
//! `allow`. The tools and resources are those of the extension's example
//! servers (`@modelcontextprotocol/server-*` 2.0.3 and 2.0.4).

use serde_json::json;

use super::*;

fn view(item: Value) -> Result<AppResource, AppResourceError> {
    read_app_resource(&json!({ "contents": [item] }))
}

#[test]
fn hearth_declares_the_extension_with_the_views_media_type() {
    assert_eq!(EXTENSION, "io.modelcontextprotocol/ui");
    assert_eq!(extension_capability(), json!({ "mimeTypes": ["text/html;profile=mcp-app"] }));
    assert_eq!(APPS_PROTOCOL, "2026-01-26");
}

// `get-time` of server-basic-vanillajs: the SDK writes both keys.
#[test]
fn a_tool_names_its_view_under_either_key() {
    let both = json!({ "name": "get-time", "inputSchema": { "type": "object" }, "_meta": {
        "ui": { "resourceUri": "ui://get-time/mcp-app.html" }, "ui/resourceUri": "ui://get-time/mcp-app.html"
    } });
    let expected =
        ToolUi { resource_uri: Some("ui://get-time/mcp-app.html".into()), model_visible: true, app_visible: true };
    assert_eq!(tool_ui(&both), Some(expected.clone()));
    let legacy = json!({ "name": "t", "_meta": { "ui/resourceUri": "ui://get-time/mcp-app.html" } });
    assert_eq!(tool_ui(&legacy), Some(expected.clone()));
    // The nested key wins over the legacy one.
    let differ = json!({ "_meta": { "ui": { "resourceUri": "ui://new" }, "ui/resourceUri": "ui://old" } });
    assert_eq!(tool_ui(&differ).and_then(|ui| ui.resource_uri).as_deref(), Some("ui://new"));
}

#[test]
fn only_a_ui_uri_names_a_view() {
    for uri in [json!("https://example.com/app.html"), json!("ui://"), json!("ui://a b"), json!(7), json!("UI://x")] {
        let tool = json!({ "_meta": { "ui": { "resourceUri": uri } } });
        assert_eq!(tool_ui(&tool), None, "{uri}");
    }
    // A nested key that holds something else names no view: the legacy key is not read then.
    let bad_nested = json!({ "_meta": { "ui": { "resourceUri": "https://x" }, "ui/resourceUri": "ui://old" } });
    assert_eq!(tool_ui(&bad_nested), None);
    assert_eq!(tool_ui(&json!({ "name": "plain" })), None);
    assert_eq!(tool_ui(&json!({ "_meta": { "progressToken": 1 } })), None);
}

// `read_pdf_bytes` of server-pdf: for its view only, with no view of its own.
#[test]
fn visibility_says_who_may_call_a_tool() {
    let app_only = json!({ "name": "read_pdf_bytes", "_meta": { "ui": { "visibility": ["app"] } } });
    assert_eq!(tool_ui(&app_only), Some(ToolUi { resource_uri: None, model_visible: false, app_visible: true }));
    let model_only = json!({ "_meta": { "ui": { "resourceUri": "ui://v", "visibility": ["model"] } } });
    assert_eq!(
        tool_ui(&model_only),
        Some(ToolUi { resource_uri: Some("ui://v".into()), model_visible: true, app_visible: false })
    );
    // Both, said or not, with no view: nothing to keep.
    assert_eq!(tool_ui(&json!({ "_meta": { "ui": { "visibility": ["model", "app"] } } })), None);
    assert_eq!(tool_ui(&json!({ "_meta": { "ui": {} } })), None);
    // A list naming neither: neither may call it.
    let nobody = tool_ui(&json!({ "_meta": { "ui": { "visibility": [] } } }));
    assert_eq!(nobody, Some(ToolUi { resource_uri: None, model_visible: false, app_visible: false }));
}

#[test]
fn a_tools_ui_is_stored_in_snake_case_and_read_back_with_defaults() {
    let ui = ToolUi { resource_uri: Some("ui://v".into()), model_visible: false, app_visible: true };
    let stored = serde_json::to_value(&ui).unwrap_or_default();
    assert_eq!(stored, json!({ "resource_uri": "ui://v", "model_visible": false, "app_visible": true }));
    let read: Option<ToolUi> = serde_json::from_value(json!({ "resource_uri": "ui://v" })).ok();
    assert_eq!(read, Some(ToolUi { resource_uri: Some("ui://v".into()), model_visible: true, app_visible: true }));
}

// server-basic-vanillajs's resource: no `_meta`, the restrictive default.
#[test]
fn a_view_without_meta_gets_the_restrictive_default() {
    let read =
        view(json!({ "uri": "ui://get-time/mcp-app.html", "mimeType": APP_MIME, "text": "<!DOCTYPE html><p>hi" }));
    let expected = AppResource {
        uri: "ui://get-time/mcp-app.html".into(),
        html: "<!DOCTYPE html><p>hi".into(),
        csp: AppCsp::default(),
        permissions: Vec::new(),
        prefers_border: None,
    };
    assert_eq!(read, Ok(expected));
    assert_eq!(
        app_csp(&AppCsp::default()),
        "default-src 'none'; script-src 'unsafe-inline' data:; style-src 'unsafe-inline'; connect-src 'none'; \
         img-src data:; font-src 'none'; media-src data:; frame-src 'none'; object-src 'none'; base-uri 'none'; \
         form-action 'none'"
    );
}

// server-pdf's resource: a connect and resource origin, and the clipboard.
#[test]
fn a_view_asks_for_origins_and_permissions() {
    let read = view(json!({
        "uri": "ui://pdf-viewer/mcp-app.html", "mimeType": "text/html;profile=mcp-app", "text": "<html>",
        "_meta": { "ui": {
            "csp": { "connectDomains": ["https://unpkg.com"], "resourceDomains": ["https://unpkg.com"] },
            "permissions": { "clipboardWrite": {} },
            "prefersBorder": false
        } }
    }));
    let Ok(read) = read else { panic!("not read: {read:?}") };
    assert_eq!(read.csp.connect, ["https://unpkg.com"]);
    assert_eq!(read.csp.resources, ["https://unpkg.com"]);
    assert_eq!(read.permissions, [Permission::ClipboardWrite]);
    assert_eq!(read.prefers_border, Some(false));
    assert_eq!(
        app_csp(&read.csp),
        "default-src 'none'; script-src 'unsafe-inline' data: https://unpkg.com; \
         style-src 'unsafe-inline' https://unpkg.com; connect-src https://unpkg.com; \
         img-src data: https://unpkg.com; font-src https://unpkg.com; media-src data: https://unpkg.com; \
         frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'"
    );
}

// The specification's example of `_meta.ui`, and `meta` as one SDK writes it.
#[test]
fn every_list_and_permission_is_read_from_meta_or_its_misspelling() {
    let ui = json!({
        "csp": {
            "connectDomains": ["https://api.x.com", "wss://realtime.x.com"],
            "resourceDomains": ["https://cdn.x.com", "https://*.x-cdn.com:8443"],
            "frameDomains": ["https://www.youtube.com"],
            "baseUriDomains": ["https://cdn.x.com/"]
        },
        "permissions": { "camera": {}, "microphone": {}, "geolocation": {}, "clipboardWrite": {}, "usb": {} },
        "domain": "a904794854a047f6.claudemcpcontent.com",
        "prefersBorder": true
    });
    for key in ["_meta", "meta"] {
        let read = view(json!({ "uri": "ui://x", "mimeType": APP_MIME, "text": "", key: { "ui": ui } }));
        let Ok(read) = read else { panic!("not read: {read:?}") };
        assert_eq!(read.permissions, Permission::ALL);
        assert_eq!(read.prefers_border, Some(true));
        assert_eq!(read.csp.base_uris, ["https://cdn.x.com"], "the trailing slash goes");
        let policy = app_csp(&read.csp);
        for directive in [
            "connect-src https://api.x.com wss://realtime.x.com",
            "script-src 'unsafe-inline' data: https://cdn.x.com https://*.x-cdn.com:8443",
            "frame-src https://www.youtube.com",
            "base-uri https://cdn.x.com",
        ] {
            assert!(policy.contains(directive), "{directive} in {policy}");
        }
    }
}

#[test]
fn a_declared_origin_that_would_widen_the_policy_is_refused() {
    let refused = [
        "*",
        "https://*",
        "https://*.com",
        "data:",
        "blob:",
        "blob:https://x.com",
        "'self'",
        "'unsafe-eval'",
        "https://x.com; script-src *",
        "https://x.com 'unsafe-eval'",
        "https://x.com/path",
        "https://x.com/a/",
        "https://\"x.com\"",
        "http://x.com",
        "http://*.localhost",
        "ftp://x.com",
        "https://user@x.com",
        "https://x.com:0",
        "https://x.com:99999",
        "https://x.com:*",
        "https://x.com:",
        "https://-x.com",
        "https://exämple.com",
        "https://[::1]",
        "",
    ];
    for domain in refused {
        let item =
            json!({ "mimeType": APP_MIME, "text": "", "_meta": { "ui": { "csp": { "connectDomains": [domain] } } } });
        assert_eq!(
            view(item),
            Err(AppResourceError::BadDomain { field: "connectDomains", domain: domain.into() }),
            "{domain}"
        );
    }
    let not_a_list =
        json!({ "mimeType": APP_MIME, "text": "", "_meta": { "ui": { "csp": { "frameDomains": "https://x.com" } } } });
    assert_eq!(
        view(not_a_list),
        Err(AppResourceError::BadDomain { field: "frameDomains", domain: "https://x.com".into() })
    );
    let not_text =
        json!({ "mimeType": APP_MIME, "text": "", "_meta": { "ui": { "csp": { "resourceDomains": [1] } } } });
    assert_eq!(view(not_text), Err(AppResourceError::BadDomain { field: "resourceDomains", domain: "1".into() }));
}

#[test]
fn plain_origins_are_kept_in_lowercase() {
    let kept = [
        ("https://API.Example.com", "https://api.example.com"),
        ("https://*.example.com", "https://*.example.com"),
        ("https://example.com:443/", "https://example.com:443"),
        ("http://localhost:3001", "http://localhost:3001"),
        ("http://127.0.0.1", "http://127.0.0.1"),
        ("ws://localhost:8080", "ws://localhost:8080"),
        ("wss://xn--exmple-cua.com", "wss://xn--exmple-cua.com"),
        ("cdn.example.com", "https://cdn.example.com"),
        ("*.example.com", "https://*.example.com"),
    ];
    for (declared, origin) in kept {
        assert_eq!(plain_origin(declared).as_deref(), Some(origin), "{declared}");
    }
}

#[test]
fn a_hand_made_csp_cannot_widen_the_policy_either() {
    let csp = AppCsp {
        connect: vec!["*".into(), "https://ok.example.com".into(), "https://ok.example.com".into()],
        resources: vec!["'unsafe-eval'".into()],
        frames: vec!["data:".into()],
        base_uris: vec!["https://x.com; sandbox".into()],
    };
    let policy = app_csp(&csp);
    assert!(policy.contains("connect-src https://ok.example.com;"), "{policy}");
    assert!(!policy.contains("unsafe-eval") && !policy.contains('*') && !policy.contains("sandbox"), "{policy}");
    assert!(policy.contains("frame-src 'none'") && policy.contains("base-uri 'none'"), "{policy}");
    assert!(!policy.contains(['"', '<', '>', '&']));
    assert_eq!(
        csp_meta(&AppCsp::default()),
        format!(r#"<meta http-equiv="Content-Security-Policy" content="{}">"#, app_csp(&AppCsp::default()))
    );
}

#[test]
fn a_blob_is_decoded() {
    let html = "<!DOCTYPE html><title>é</title>";
    let blob = base64::encode(html.as_bytes());
    let read = view(json!({ "uri": "ui://b", "mimeType": APP_MIME, "blob": blob }));
    assert_eq!(read.map(|view| view.html), Ok(html.to_owned()));
    // Wrapped in lines, as some encoders write it.
    let wrapped = format!("{}\r\n{}", &blob[..8], &blob[8..]);
    assert_eq!(view(json!({ "mimeType": APP_MIME, "blob": wrapped })).map(|view| view.html), Ok(html.to_owned()));
    assert_eq!(view(json!({ "mimeType": APP_MIME, "blob": "not base64!" })), Err(AppResourceError::NotBase64));
    let latin1 = base64::encode(&[0x3c, 0xe9, 0x3e]);
    assert_eq!(view(json!({ "mimeType": APP_MIME, "blob": latin1 })), Err(AppResourceError::NotUtf8));
}

#[test]
fn only_the_views_media_type_is_shown() {
    assert_eq!(
        view(json!({ "uri": "ui://x", "mimeType": "text/html", "text": "<p>" })),
        Err(AppResourceError::NotApp("text/html".into()))
    );
    assert_eq!(view(json!({ "uri": "ui://x", "text": "<p>" })), Err(AppResourceError::NotApp(String::new())));
    // The obsolete draft's type.
    assert_eq!(
        view(json!({ "mimeType": "text/html+mcp", "text": "<p>" })),
        Err(AppResourceError::NotApp("text/html+mcp".into()))
    );
    // Spaces, case and a charset do not matter.
    for mime in ["text/html; profile=mcp-app", "TEXT/HTML;charset=utf-8;Profile=\"mcp-app\""] {
        assert!(view(json!({ "mimeType": mime, "text": "<p>" })).is_ok(), "{mime}");
    }
    // One view among other items is found; two are not told apart.
    let mixed = json!({ "contents": [
        { "uri": "ui://x/readme", "mimeType": "text/plain", "text": "read me" },
        { "uri": "ui://x", "mimeType": APP_MIME, "text": "<p>" }
    ] });
    assert_eq!(read_app_resource(&mixed).map(|view| view.uri), Ok("ui://x".to_owned()));
    let two = json!({ "contents": [{ "mimeType": APP_MIME, "text": "a" }, { "mimeType": APP_MIME, "text": "b" }] });
    assert_eq!(read_app_resource(&two), Err(AppResourceError::Several(2)));
}

#[test]
fn no_content_and_too_much_are_refused() {
    assert_eq!(read_app_resource(&json!({ "contents": [] })), Err(AppResourceError::NoContent));
    assert_eq!(read_app_resource(&json!({})), Err(AppResourceError::NoContent));
    assert_eq!(view(json!({ "mimeType": APP_MIME })), Err(AppResourceError::NoContent));
    let big = "x".repeat(MAX_APP_BYTES + 1);
    assert_eq!(view(json!({ "mimeType": APP_MIME, "text": big })), Err(AppResourceError::TooLarge(MAX_APP_BYTES + 1)));
    let just = "x".repeat(MAX_APP_BYTES);
    assert!(view(json!({ "mimeType": APP_MIME, "text": just })).is_ok());
    // A blob too large is refused before it is decoded.
    let big_blob = "A".repeat((MAX_APP_BYTES / 3 + 1) * 4);
    assert!(matches!(view(json!({ "mimeType": APP_MIME, "blob": big_blob })), Err(AppResourceError::TooLarge(_))));
}

#[test]
fn every_refusal_is_a_sentence_a_person_reads() {
    let errors = [
        (AppResourceError::NoContent, "the server's answer holds no content"),
        (
            AppResourceError::NotApp("text/plain".into()),
            "the resource is of type text/plain, not an MCP App view (text/html;profile=mcp-app)",
        ),
        (
            AppResourceError::NotApp(String::new()),
            "the resource is of no stated type, not an MCP App view (text/html;profile=mcp-app)",
        ),
        (AppResourceError::TooLarge(6_000_000), "the view is 6000000 bytes, more than the 5 MiB Hearth shows"),
    ];
    for (error, text) in errors {
        assert_eq!(error.to_string(), text);
    }
    let domain = AppResourceError::BadDomain { field: "connectDomains", domain: "*".into() }.to_string();
    assert!(domain.starts_with("the view asks to reach \"*\" (connectDomains), which is not a plain https origin"));
}

#[test]
fn permissions_become_a_frames_allow_attribute() {
    assert_eq!(permission_allow(&[]), "");
    assert_eq!(permission_allow(&[Permission::ClipboardWrite]), "clipboard-write");
    assert_eq!(
        permission_allow(&[Permission::ClipboardWrite, Permission::Camera, Permission::Camera]),
        "camera; clipboard-write"
    );
    assert_eq!(permission_allow(&Permission::ALL), "camera; microphone; geolocation; clipboard-write");
    // Asked for with `false` or `null`: not asked for.
    let read = view(json!({ "mimeType": APP_MIME, "text": "", "_meta": { "ui": {
        "permissions": { "camera": false, "microphone": null, "geolocation": true }
    } } }));
    assert_eq!(read.map(|view| view.permissions), Ok(vec![Permission::Geolocation]));
}

#[test]
fn only_the_clipboard_is_granted_and_the_declared_origins_are_listed_once() {
    assert_eq!(granted_permissions(&Permission::ALL), vec![Permission::ClipboardWrite]);
    assert_eq!(granted_permissions(&[Permission::Camera, Permission::Microphone]), Vec::<Permission>::new());
    let csp = AppCsp {
        connect: vec!["https://a.example".into()],
        resources: vec!["https://b.example".into(), "https://a.example".into()],
        ..AppCsp::default()
    };
    assert_eq!(csp.origins(), vec!["https://a.example".to_owned(), "https://b.example".to_owned()]);
    assert!(!csp.is_empty() && AppCsp::default().is_empty());
}

#[test]
fn the_client_capabilities_carry_the_extension() {
    let capabilities = crate::mcp::capabilities::client_capabilities();
    assert_eq!(capabilities["extensions"][EXTENSION], json!({ "mimeTypes": [APP_MIME] }));
    assert!(capabilities.get("sampling").is_none() && capabilities.get("roots").is_none());
}

#[test]
fn a_result_too_large_to_keep_is_left_out() {
    let resource = || AppResource {
        uri: "ui://x".into(),
        html: String::new(),
        csp: AppCsp::default(),
        permissions: Vec::new(),
        prefers_border: None,
    };
    let huge = json!({ "content": [{ "type": "text", "text": "x".repeat(MAX_APP_BYTES) }] });
    assert_eq!(ToolApp::shown("s", "t", resource(), Some(&huge)).call_result(), None);
    let small = json!({ "content": [] });
    assert_eq!(ToolApp::shown("s", "t", resource(), Some(&small)).call_result(), Some(small));
}
