//! The form that adds an MCP server: its address, a name for it (the first
//! part of its tools' names; the host when left empty) and, optionally, one
//! header sent with every request to it (an API key), and an OAuth client id
//! (and secret) for a server whose sign-in registers no clients itself.
//! Adding it connects to it at once and lists its tools.

use hearth_core::mcp::session::origin;
use hearth_core::tools::{McpHeader, McpServer, OAuthClientId};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::ids::new_id;
use crate::mcp::state::McpContext;
use crate::ui::text_field::TextField;

/// What is wrong with `url` as a server's address, if anything.
fn url_problem(url: &str) -> Option<String> {
    let url = url.trim();
    if url.is_empty() {
        return Some(tr("Enter the server's address.").to_owned());
    }
    if !(url.starts_with("http://") || url.starts_with("https://")) || origin(url).is_none() {
        return Some(tr("Enter an http:// or https:// address, such as https://example.com/mcp.").to_owned());
    }
    None
}

/// The name a server gets when the user gave none: its host.
fn default_name(url: &str) -> String {
    let host = origin(url.trim()).unwrap_or_default();
    host.split("://").nth(1).unwrap_or(host).to_owned()
}

/// The form.
#[component]
pub(crate) fn AddMcpServer() -> impl IntoView {
    let mcp = McpContext::expect();
    let url = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let header_name = RwSignal::new(String::new());
    let header_value = RwSignal::new(String::new());
    let client_id = RwSignal::new(String::new());
    let client_secret = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let secret_error = RwSignal::new(None::<String>);
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let address = url.get_untracked().trim().to_owned();
        if let Some(problem) = url_problem(&address) {
            error.set(Some(problem));
            return;
        }
        error.set(None);
        secret_error.set(None);
        let given = name.get_untracked().trim().to_owned();
        let header = header_name.get_untracked().trim().to_owned();
        let headers = if header.is_empty() {
            Vec::new()
        } else {
            vec![McpHeader { name: header, value: header_value.get_untracked() }]
        };
        let server = McpServer {
            id: new_id(),
            name: if given.is_empty() { default_name(&address) } else { given },
            url: address,
            headers,
            enabled: true,
            tools: Vec::new(),
            oauth_client: Some(client_id.get_untracked().trim().to_owned())
                .filter(|id| !id.is_empty())
                .map(|client_id| OAuthClientId { client_id, client_secret: client_secret.get_untracked() }),
            sign_in: None,
            sealed: None,
        };
        if server.has_secrets() && mcp.secrets_locked_here() {
            // The header value (or secret) could only be stored sealed.
            secret_error.set(Some(
                tr("Unlock your API keys first: with the key lock on, a header value is stored only sealed with them.")
                    .to_owned(),
            ));
            mcp.ask_to_unlock();
            return;
        }
        let id = server.id.clone();
        mcp.save(server);
        for field in [url, name, header_name, header_value, client_id, client_secret] {
            field.set(String::new());
        }
        spawn_local(async move { mcp.check(&id).await });
    };
    view! {
        <form class="add-mcp-server" aria-label=tr("Add an MCP server") on:submit=add novalidate>
            <TextField
                label=tr("Server URL")
                value=url
                on_input=Callback::new(move |text| url.set(text))
                kind="url"
                verbatim=true
                autocomplete="url"
                placeholder="https://example.com/mcp"
                error=error
            />
            <TextField
                label=tr("Name")
                value=name
                on_input=Callback::new(move |text| name.set(text))
                verbatim=true
                hint=tr("The first part of its tools' names. Its host when left empty.")
            />
            <TextField
                label=tr("Header name (optional)")
                value=header_name
                on_input=Callback::new(move |text| header_name.set(text))
                verbatim=true
                placeholder="Authorization"
            />
            <TextField
                label=tr("Header value")
                value=header_value
                on_input=Callback::new(move |text| header_value.set(text))
                kind="password"
                verbatim=true
                autocomplete="off"
                hint=tr("Sent with every request to this server only, like a provider's key.")
                error=secret_error
            />
            <details class="oauth-client">
                <summary>{tr("Sign-in client (optional)")}</summary>
                <p class="hint">
                    {tr(
                        "Only for a server whose sign-in does not register Hearth itself: the client id (and secret) its owner gave you.",
                    )}
                </p>
                <TextField
                    label=tr("OAuth client ID")
                    value=client_id
                    on_input=Callback::new(move |text| client_id.set(text))
                    verbatim=true
                    autocomplete="off"
                />
                <TextField
                    label=tr("OAuth client secret")
                    value=client_secret
                    on_input=Callback::new(move |text| client_secret.set(text))
                    kind="password"
                    verbatim=true
                    autocomplete="off"
                    hint=tr("Sent only to the server's sign-in, never in a backup.")
                />
            </details>
            <button type="submit">{tr("Add server")}</button>
        </form>
    }
}
