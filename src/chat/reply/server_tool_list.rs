//! The tools the provider ran itself for a reply (its web searches, the pages
//! it read, the pictures it drew), beside the tool widget: a list named
//! "Provider tools", one line each ("Searched the web for “query” · 5
//! results", "Read example.com/page", "Drew a picture"), live while they run.
//! A tool this version does not know reads "unsupported: name", its JSON
//! viewable as text. For a Gemini reply that searched, Google's search
//! suggestions follow, as its terms require: each query a plain link to
//! Google's results, opened only on a click, without a referrer. Built by the
//! `reply` chunk ([`server_tool_list_view`]).

use hearth_core::contract::{ProviderKind, ServerToolCall, ServerToolKind, ServerToolStatus};
use leptos::prelude::*;

use crate::chat::state::AssistantView;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::lazy::{ChunkError, wasm_split};

/// The provider's own tools of one reply, and Gemini's search suggestions.
#[component]
pub(crate) fn ServerToolList(
    /// The reply whose provider tools are shown, as they stream.
    reply: AssistantView,
) -> impl IntoView {
    let items =
        move || reply.extras(|record| record.server_tools.items()).into_iter().map(server_tool_item).collect_view();
    let suggestions = move || {
        let queries: Vec<String> = reply.extras(|record| {
            let calls = record.server_tools.items();
            let mut queries: Vec<String> = Vec::new();
            for call in calls.iter().filter(|call| call.kind == ServerToolKind::WebSearch) {
                if let Some(query) = call.query.as_deref().map(str::trim).filter(|query| !query.is_empty())
                    && !queries.iter().any(|known| known == query)
                {
                    queries.push(query.to_owned());
                }
            }
            queries
        });
        // Read here: a live reply's record names its family once published.
        let gemini = reply.record.with_value(|record| record.provider_kind == Some(ProviderKind::Gemini));
        (gemini && !queries.is_empty()).then(|| {
            let chips = queries
                .into_iter()
                .map(|query| {
                    let href = format!("https://www.google.com/search?q={}", encode_query(&query));
                    view! {
                        <li>
                            <a href=href target="_blank" rel="noopener noreferrer" referrerpolicy="no-referrer">
                                {query}
                            </a>
                        </li>
                    }
                })
                .collect_view();
            view! {
                <nav class="search-suggestions" aria-label=tr("Google Search suggestions")>
                    <ul role="list">{chips}</ul>
                </nav>
            }
        })
    };
    view! {
        <div class="server-tools">
            <ul class="server-tool-list" role="list" aria-label=tr("Provider tools")>{items}</ul>
            {suggestions}
        </div>
    }
}

/// One provider tool call.
fn server_tool_item(call: ServerToolCall) -> impl IntoView {
    let running = matches!(call.status, ServerToolStatus::InProgress | ServerToolStatus::Working);
    let failed = call.status == ServerToolStatus::Failed;
    let text = describe(&call);
    let raw = match &call.kind {
        ServerToolKind::Other(_) => call.raw.clone().filter(|raw| !raw.is_empty()),
        _ => None,
    };
    view! {
        <li class="server-tool" class:running=running class:failed=failed>
            <span class="spinner" aria-hidden="true" hidden=!running></span>
            <span class="server-tool-text">{text}</span>
            {raw.map(|raw| {
                view! {
                    <details class="raw-json">
                        <summary>{tr("Show its JSON")}</summary>
                        <pre class="tool-json">{raw}</pre>
                    </details>
                }
            })}
        </li>
    }
}

/// What one call did, in a sentence.
fn describe(call: &ServerToolCall) -> String {
    let query = call.query.as_deref().map(str::trim).filter(|query| !query.is_empty());
    let running = matches!(call.status, ServerToolStatus::InProgress | ServerToolStatus::Working);
    let failed = call.status == ServerToolStatus::Failed;
    let text = match (&call.kind, query) {
        (ServerToolKind::WebSearch, Some(query)) if running => {
            tr_with("reply-server-tool-searching-for", &[("query", Arg::Text(query))], || {
                format!("Searching the web for “{query}”…")
            })
        }
        (ServerToolKind::WebSearch, None) if running => tr("Searching the web…").to_owned(),
        (ServerToolKind::WebSearch, Some(query)) if failed => {
            tr_with("reply-server-tool-search-for-failed", &[("query", Arg::Text(query))], || {
                format!("The search for “{query}” failed")
            })
        }
        (ServerToolKind::WebSearch, None) if failed => tr("A web search failed").to_owned(),
        (ServerToolKind::WebSearch, Some(query)) => {
            tr_with("reply-server-tool-searched-for", &[("query", Arg::Text(query))], || {
                format!("Searched the web for “{query}”")
            })
        }
        (ServerToolKind::WebSearch, None) => tr("Searched the web").to_owned(),
        (ServerToolKind::WebFetch, Some(url)) if running => {
            tr_with("reply-server-tool-reading-url", &[("url", Arg::Text(url))], || format!("Reading {url}…"))
        }
        (ServerToolKind::WebFetch, Some(url)) if failed => {
            tr_with("reply-server-tool-reading-url-failed", &[("url", Arg::Text(url))], || {
                format!("Reading {url} failed")
            })
        }
        (ServerToolKind::WebFetch, Some(url)) => {
            tr_with("reply-server-tool-read-url", &[("url", Arg::Text(url))], || format!("Read {url}"))
        }
        (ServerToolKind::WebFetch, None) if running => tr("Reading a page…").to_owned(),
        (ServerToolKind::WebFetch, None) if failed => tr("Reading a page failed").to_owned(),
        (ServerToolKind::WebFetch, None) => tr("Read a page").to_owned(),
        (ServerToolKind::ImageGeneration, _) if running => tr("Drawing a picture…").to_owned(),
        (ServerToolKind::ImageGeneration, _) if failed => tr("Drawing a picture failed").to_owned(),
        (ServerToolKind::ImageGeneration, _) => tr("Drew a picture").to_owned(),
        (ServerToolKind::Other(name), _) => {
            tr_with("reply-server-tool-unsupported", &[("name", Arg::Text(name))], || format!("unsupported: {name}"))
        }
    };
    // A failed call says why, when the provider said.
    let text = match call.error.as_deref() {
        Some(error) if failed && !matches!(call.kind, ServerToolKind::Other(_)) => {
            tr_with("reply-server-tool-failed-why", &[("what", Arg::Text(&text)), ("why", Arg::Text(error))], || {
                format!("{text}: {error}")
            })
        }
        _ => text,
    };
    match call.results {
        Some(count) if call.kind == ServerToolKind::WebSearch => tr_with(
            "reply-server-tool-results",
            &[("text", Arg::Text(&text)), ("count", Arg::Number(f64::from(count)))],
            || match count {
                1 => format!("{text} · 1 result"),
                count => format!("{text} · {count} results"),
            },
        ),
        _ => text,
    }
}

/// `query` for a URL's query string: every byte but unreserved ASCII
/// percent-encoded, spaces as `+`.
fn encode_query(query: &str) -> String {
    let mut out = String::with_capacity(query.len() * 3);
    for byte in query.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(byte)),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The list, built by code from the `reply` chunk (with the tool widget).
#[wasm_split(reply, fallible)]
pub(crate) fn server_tool_list_view(reply: AssistantView) -> Result<AnyView, ChunkError> {
    Ok(view! { <ServerToolList reply /> }.into_any())
}
