//! Tests of signing in to an MCP server with OAuth 2.1: challenges, where the
//! metadata is looked for, and what is refused.

use super::*;

const SERVER: &str = "https://mcp.example.com/mcp";

fn metadata() -> ServerMetadata {
    read_server_metadata(
        r#"{"issuer":"https://auth.example.com","authorization_endpoint":"https://auth.example.com/authorize",
            "token_endpoint":"https://auth.example.com/token","registration_endpoint":"https://auth.example.com/register",
            "code_challenge_methods_supported":["S256"],"token_endpoint_auth_methods_supported":["none"],
            "authorization_response_iss_parameter_supported":true}"#,
        "https://auth.example.com",
    )
    .expect("metadata")
}

fn resource(scopes: Option<&[&str]>) -> ResourceMetadata {
    ResourceMetadata {
        resource: SERVER.into(),
        authorization_servers: vec!["https://auth.example.com".into()],
        scopes_supported: scopes.map(|list| list.iter().map(|s| (*s).to_owned()).collect()),
    }
}

#[test]
fn challenges_are_read_as_rfc_6750_and_9728_write_them() {
    // RFC 9728 §5.1.
    let plain = read_challenge(
        r#"Bearer resource_metadata="https://resource.example.com/.well-known/oauth-protected-resource""#,
    )
    .expect("bearer");
    assert_eq!(
        plain.resource_metadata.as_deref(),
        Some("https://resource.example.com/.well-known/oauth-protected-resource")
    );
    // RFC 6750 §3.
    let expired = read_challenge(
        r#"Bearer realm="example", error="invalid_token", error_description="The access token expired""#,
    )
    .expect("bearer");
    assert_eq!(expired.error.as_deref(), Some("invalid_token"));
    // Several challenges, the Bearer one second; a quoted comma and an escape.
    let step_up = read_challenge(
        r#"Basic realm="a, b", Bearer error=insufficient_scope, scope="mcp:basic mcp:write", resource_metadata="https://x/\"q\"""#,
    )
    .expect("bearer");
    assert_eq!(step_up.error.as_deref(), Some(INSUFFICIENT_SCOPE));
    assert_eq!(step_up.scope.as_deref(), Some("mcp:basic mcp:write"));
    assert_eq!(step_up.resource_metadata.as_deref(), Some(r#"https://x/"q""#));
    // A parameter of another scheme is not the Bearer one's.
    let other = read_challenge(r#"DPoP scope="other", Bearer"#).expect("bearer");
    assert_eq!(other.scope, None);
    assert_eq!(read_challenge(r#"Basic realm="x""#), None);
    assert_eq!(read_challenge("Negotiate abc=="), None);
    assert_eq!(read_challenge(""), None);
}

#[test]
fn resource_metadata_is_looked_for_path_first_then_at_the_root() {
    assert_eq!(
        resource_metadata_urls("https://mcp.example.com/public/mcp?x=1"),
        [
            "https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp",
            "https://mcp.example.com/.well-known/oauth-protected-resource"
        ]
    );
    assert_eq!(
        resource_metadata_urls("http://localhost:3000/"),
        ["http://localhost:3000/.well-known/oauth-protected-resource"]
    );
    assert!(resource_metadata_urls("ftp://x").is_empty());
}

#[test]
fn authorization_server_metadata_is_looked_for_as_rfc_8414_and_openid_say() {
    assert_eq!(
        server_metadata_urls("https://auth.example.com/tenant1"),
        [
            "https://auth.example.com/.well-known/oauth-authorization-server/tenant1",
            "https://auth.example.com/.well-known/openid-configuration/tenant1",
            "https://auth.example.com/tenant1/.well-known/openid-configuration",
        ]
    );
    assert_eq!(
        server_metadata_urls("https://auth.example.com"),
        [
            "https://auth.example.com/.well-known/oauth-authorization-server",
            "https://auth.example.com/.well-known/openid-configuration",
        ]
    );
}

#[test]
fn resource_metadata_must_be_the_servers() {
    let body = r#"{"resource":"https://mcp.example.com/mcp","authorization_servers":["https://auth.example.com"],"scopes_supported":["a","b"]}"#;
    let read = read_resource_metadata(body, SERVER).expect("read");
    assert_eq!(read.authorization_servers, ["https://auth.example.com"]);
    assert_eq!(read.scopes_supported, Some(vec!["a".to_owned(), "b".to_owned()]));
    // The origin alone covers every path of it.
    let root = r#"{"resource":"https://MCP.example.com","authorization_servers":["https://a.example"]}"#;
    assert_eq!(read_resource_metadata(root, SERVER).map(|r| r.resource), Ok("https://MCP.example.com".to_owned()));
    // Another server, or a sibling path, is refused.
    for other in [
        r#"{"resource":"https://evil.example.com/mcp","authorization_servers":["https://a.example"]}"#,
        r#"{"resource":"https://mcp.example.com/mcp2","authorization_servers":["https://a.example"]}"#,
        r#"{"resource":"https://mcp.example.com/other","authorization_servers":["https://a.example"]}"#,
    ] {
        assert!(matches!(read_resource_metadata(other, SERVER), Err(OAuthError::WrongResource { .. })), "{other}");
    }
    // Without an authorization server, or not JSON.
    assert_eq!(
        read_resource_metadata(r#"{"resource":"https://mcp.example.com/mcp"}"#, SERVER),
        Err(OAuthError::NoAuthorizationServer)
    );
    assert_eq!(read_resource_metadata("<html>", SERVER), Err(OAuthError::Unreadable("resource metadata")));
    // No resource named: the server's own address.
    let unnamed =
        read_resource_metadata(r#"{"authorization_servers":["https://a.example"]}"#, "https://Mcp.Example.com/mcp#x");
    assert_eq!(unnamed.map(|r| r.resource), Ok("https://mcp.example.com/mcp".to_owned()));
}

#[test]
fn authorization_server_metadata_must_name_its_issuer_and_offer_s256() {
    let meta = metadata();
    assert_eq!(meta.token_endpoint, "https://auth.example.com/token");
    assert!(meta.iss_in_answers);
    assert!(!meta.client_id_metadata_documents);
    let body = |issuer: &str, methods: &str| {
        format!(
            r#"{{"issuer":"{issuer}","authorization_endpoint":"https://a/authorize","token_endpoint":"https://a/token"{methods}}}"#
        )
    };
    // Exactly: a trailing slash is another issuer.
    assert!(matches!(
        read_server_metadata(&body("https://a/", r#","code_challenge_methods_supported":["S256"]"#), "https://a"),
        Err(OAuthError::WrongIssuer { .. })
    ));
    assert_eq!(read_server_metadata(&body("https://a", ""), "https://a"), Err(OAuthError::NoPkce));
    assert_eq!(
        read_server_metadata(&body("https://a", r#","code_challenge_methods_supported":["plain"]"#), "https://a"),
        Err(OAuthError::NoPkce)
    );
    let no_token = r#"{"issuer":"https://a","authorization_endpoint":"https://a/authorize","code_challenge_methods_supported":["S256"]}"#;
    assert_eq!(read_server_metadata(no_token, "https://a"), Err(OAuthError::NoEndpoint("token_endpoint")));
}

#[test]
fn scope_comes_from_the_challenge_else_the_resource_and_a_step_up_keeps_the_old() {
    let meta = metadata();
    assert_eq!(choose_scope(Some("mcp:basic"), &resource(Some(&["a"])), &meta, None).as_deref(), Some("mcp:basic"));
    assert_eq!(choose_scope(None, &resource(Some(&["a", "b"])), &meta, None).as_deref(), Some("a b"));
    assert_eq!(choose_scope(None, &resource(None), &meta, None), None);
    assert_eq!(
        choose_scope(Some("mcp:write"), &resource(None), &meta, Some("mcp:basic mcp:write")).as_deref(),
        Some("mcp:write mcp:basic")
    );
    let offline = ServerMetadata { scopes_supported: Some(vec!["mcp:basic".into(), "offline_access".into()]), ..meta };
    assert_eq!(
        choose_scope(Some("mcp:basic"), &resource(None), &offline, None).as_deref(),
        Some("mcp:basic offline_access")
    );
    assert_eq!(choose_scope(None, &resource(None), &offline, None), None);
}

#[test]
fn secrets_go_over_https_or_to_this_machine_only() {
    for ok in [
        "https://a.example/token",
        "http://localhost:8080/t",
        "http://127.0.0.1/t",
        "http://[::1]:9/t",
        "http://LOCALHOST",
    ] {
        assert!(secure_endpoint(ok), "{ok}");
    }
    for bad in [
        "http://a.example/token",
        "http://127.0.0.2/t",
        "http://localhost.evil.example/t",
        "ftp://a",
        "https://",
        "http://[::2]/",
    ] {
        assert!(!secure_endpoint(bad), "{bad}");
    }
    let plain = r#"{"issuer":"https://a","authorization_endpoint":"https://a/authorize","token_endpoint":"http://a.example/token","code_challenge_methods_supported":["S256"]}"#;
    assert_eq!(read_server_metadata(plain, "https://a"), Err(OAuthError::NoEndpoint("token_endpoint")));
    let http_issuer =
        r#"{"resource":"https://mcp.example.com/mcp","authorization_servers":["http://auth.example.com"]}"#;
    assert_eq!(read_resource_metadata(http_issuer, SERVER), Err(OAuthError::NoAuthorizationServer));
}

#[test]
fn the_authorize_url_carries_pkce_state_and_resource() {
    let url = authorize_url(
        &metadata(),
        &Authorize {
            client_id: "client 1",
            redirect_uri: "https://hearth.example/oauth-callback.html",
            challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            state: "s&t",
            resource: SERVER,
            scope: Some("a b"),
        },
    );
    assert_eq!(
        url,
        "https://auth.example.com/authorize?response_type=code&client_id=client+1\
         &redirect_uri=https%3A%2F%2Fhearth.example%2Foauth-callback.html\
         &code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256&state=s%26t\
         &resource=https%3A%2F%2Fmcp.example.com%2Fmcp&scope=a+b"
    );
    let query = &url[url.find('?').map_or(0, |at| at + 1)..];
    let pairs = parse_query(query);
    assert!(pairs.contains(&("state".into(), "s&t".into())));
    assert!(pairs.contains(&("redirect_uri".into(), "https://hearth.example/oauth-callback.html".into())));
    let with_query = ServerMetadata { authorization_endpoint: "https://a/auth?tenant=x".into(), ..metadata() };
    let no_scope =
        Authorize { client_id: "c", redirect_uri: "r", challenge: "c", state: "s", resource: "r", scope: None };
    let url = authorize_url(&with_query, &no_scope);
    assert!(url.starts_with("https://a/auth?tenant=x&response_type=code"), "{url}");
    assert!(!url.contains("scope="));
}

#[test]
fn pkce_is_rfc_7636s_example() {
    // RFC 7636 Appendix B.
    let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
    // The SHA-256 of its verifier "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk".
    let digest: [u8; 32] = [
        19, 211, 30, 150, 26, 26, 216, 236, 47, 22, 177, 12, 76, 152, 46, 8, 118, 168, 120, 173, 109, 241, 68, 86, 110,
        225, 137, 74, 203, 112, 249, 195,
    ];
    assert_eq!(code_challenge(&digest), challenge);
    assert_eq!(random_text(&[0xfb; 32]).len(), 43);
    assert!(random_text(&[0xfb, 0xff, 0xfe]).chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
}

#[test]
fn the_callback_must_carry_this_state_and_this_issuer() {
    let meta = metadata();
    let ok = "?code=abc%2B1&state=xyz&iss=https%3A%2F%2Fauth.example.com";
    assert_eq!(read_callback(ok, "xyz", &meta), Ok("abc+1".to_owned()));
    assert_eq!(read_callback(ok, "other", &meta), Err(OAuthError::WrongState));
    assert_eq!(read_callback("code=abc", "xyz", &meta), Err(OAuthError::WrongState));
    // RFC 9207: compared as strings, no normalising.
    assert_eq!(
        read_callback("code=a&state=xyz&iss=https%3A%2F%2Fauth.example.com%2F", "xyz", &meta),
        Err(OAuthError::WrongIss("https://auth.example.com/".into()))
    );
    assert_eq!(read_callback("code=a&state=xyz", "xyz", &meta), Err(OAuthError::MissingIss));
    let unpromised = ServerMetadata { iss_in_answers: false, ..meta.clone() };
    assert_eq!(read_callback("code=a&state=xyz", "xyz", &unpromised), Ok("a".to_owned()));
    assert_eq!(
        read_callback("code=a&state=xyz&iss=https%3A%2F%2Fevil.example.com", "xyz", &unpromised),
        Err(OAuthError::WrongIss("https://evil.example.com".into()))
    );
    assert_eq!(
        read_callback(
            "error=access_denied&error_description=No+thanks&state=xyz&iss=https%3A%2F%2Fauth.example.com",
            "xyz",
            &meta
        ),
        Err(OAuthError::Refused { error: "access_denied".into(), description: Some("No thanks".into()) })
    );
    assert_eq!(read_callback("state=xyz&iss=https%3A%2F%2Fauth.example.com", "xyz", &meta), Err(OAuthError::NoCode));
    // Broken escapes stay as they are; nothing panics on odd bytes.
    assert_eq!(parse_query("a=%zz%4&b=%C3%A9%"), [("a".into(), "%zz%4".into()), ("b".into(), "é%".into())]);
}

#[test]
fn token_requests_authenticate_the_client_as_registered() {
    let public = Client { client_id: "c1".into(), client_secret: None, auth: ClientAuth::None };
    let grant = Grant::Code { code: "k", verifier: "v", redirect_uri: "https://h/cb" };
    let request = token_request("https://a/token", &public, grant, SERVER);
    assert_eq!(request.method, "POST");
    assert_eq!(
        request.body.as_deref(),
        Some(
            "grant_type=authorization_code&code=k&code_verifier=v&redirect_uri=https%3A%2F%2Fh%2Fcb&resource=https%3A%2F%2Fmcp.example.com%2Fmcp&client_id=c1"
        )
    );
    assert!(!request.headers.iter().any(|(name, _)| name == "authorization"));
    // RFC 6749 §2.3.1: form-encoded before base64.
    let basic = Client { client_id: "id:1".into(), client_secret: Some("s p".into()), auth: ClientAuth::Basic };
    let request = token_request("https://a/token", &basic, Grant::Refresh("r1"), SERVER);
    let header = request.headers.iter().find(|(name, _)| name == "authorization").map(|(_, v)| v.clone());
    assert_eq!(header, Some(format!("Basic {}", base64::encode(b"id%3A1:s+p"))));
    assert_eq!(
        request.body.as_deref(),
        Some("grant_type=refresh_token&refresh_token=r1&resource=https%3A%2F%2Fmcp.example.com%2Fmcp")
    );
    let post = Client { auth: ClientAuth::Post, ..basic };
    let body = token_request("https://a/token", &post, Grant::Refresh("r1"), SERVER).body.unwrap_or_default();
    assert!(body.ends_with("&client_id=id%3A1&client_secret=s+p"), "{body}");
}

#[test]
fn registration_asks_for_a_public_client_and_reads_what_was_granted() {
    let body: Value = serde_json::from_str(&registration_body("https://h/cb", Some("a"))).unwrap_or_default();
    assert_eq!(body["redirect_uris"], json!(["https://h/cb"]));
    assert_eq!(body["grant_types"], json!(["authorization_code", "refresh_token"]));
    assert_eq!(body["token_endpoint_auth_method"], "none");
    assert_eq!(body["application_type"], "web");
    let local: Value =
        serde_json::from_str(&registration_body("http://127.0.0.1:8080/oauth-callback.html", None)).unwrap_or_default();
    assert_eq!(local["application_type"], "native");
    assert_eq!(local.get("scope"), None);
    let meta = ServerMetadata { token_endpoint_auth_methods: vec!["client_secret_post".into()], ..metadata() };
    let public = read_registration(r#"{"client_id":"c1","token_endpoint_auth_method":"none"}"#, &meta);
    assert_eq!(public, Ok(Client { client_id: "c1".into(), client_secret: None, auth: ClientAuth::None }));
    let named = read_registration(
        r#"{"client_id":"c2","client_secret":"s","token_endpoint_auth_method":"client_secret_basic"}"#,
        &meta,
    );
    assert_eq!(named.map(|c| c.auth), Ok(ClientAuth::Basic));
    let unnamed = read_registration(r#"{"client_id":"c3","client_secret":"s"}"#, &meta);
    assert_eq!(unnamed.map(|c| c.auth), Ok(ClientAuth::Post));
    assert_eq!(
        read_registration(r#"{"error":"invalid_redirect_uri"}"#, &meta),
        Err(OAuthError::Refused { error: "invalid_redirect_uri".into(), description: None })
    );
    assert_eq!(read_registration(r#"{"client_id":""}"#, &meta), Err(OAuthError::Unreadable("registration answer")));
    let pre = Client::pre_registered("p", Some("secret"), &metadata());
    assert_eq!(pre.auth, ClientAuth::Basic);
    assert_eq!(Client::pre_registered("p", Some(""), &metadata()).auth, ClientAuth::None);
}

#[test]
fn tokens_are_bearer_and_refreshes_keep_the_rotated_token() {
    let tokens = read_tokens(
        200,
        r#"{"access_token":"a1","token_type":"bearer","expires_in":3600,"refresh_token":"r1","scope":"x"}"#,
    )
    .expect("tokens");
    assert_eq!(tokens.refresh_token.as_deref(), Some("r1"));
    assert_eq!(
        read_tokens(200, r#"{"access_token":"a","token_type":"DPoP"}"#),
        Err(OAuthError::NotBearer("DPoP".into()))
    );
    assert_eq!(
        read_tokens(400, r#"{"error":"invalid_grant"}"#),
        Err(OAuthError::Refused { error: "invalid_grant".into(), description: None })
    );
    assert_eq!(read_tokens(502, "Bad gateway"), Err(OAuthError::Status(502)));
    assert_eq!(read_tokens(200, r#"{"token_type":"Bearer"}"#), Err(OAuthError::Unreadable("token answer")));

    let client = Client { client_id: "c".into(), client_secret: None, auth: ClientAuth::None };
    let mut sign_in = SignIn::new(&metadata(), SERVER, client, tokens, Some("x".into()), 1_000);
    assert_eq!(sign_in.expires_at, Some(3_601_000));
    assert!(!sign_in.expired(3_000_000));
    assert!(sign_in.expired(3_560_000));
    // Rotated: the new refresh token replaces the old one.
    sign_in.refreshed(
        Tokens { access_token: "a2".into(), refresh_token: Some("r2".into()), expires_in: None, scope: None },
        5_000,
    );
    assert_eq!(
        (sign_in.access_token.as_str(), sign_in.refresh_token.as_deref(), sign_in.expires_at),
        ("a2", Some("r2"), None)
    );
    // Not rotated: the old one stays.
    sign_in
        .refreshed(Tokens { access_token: "a3".into(), refresh_token: None, expires_in: Some(1), scope: None }, 5_000);
    assert_eq!(sign_in.refresh_token.as_deref(), Some("r2"));
    let shown = format!("{sign_in:?}");
    assert!(!shown.contains("a3") && !shown.contains("r2"), "no token in Debug: {shown}");
    assert!(bound_to(&sign_in, SERVER));
    assert!(bound_to(&sign_in, "https://mcp.example.com/mcp/"));
    assert!(!bound_to(&sign_in, "https://mcp.example.com/other"));
    assert!(!bound_to(&sign_in, "https://evil.example/mcp"));
}
