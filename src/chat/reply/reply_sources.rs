//! The pages a reply cites, under its text: a list named "Sources", numbered
//! as the citation marks in the text are (each mark links to its entry, see
//! `hearth_core::markdown::source_anchor`). Each entry shows the page's title
//! (or its address), its site, and the passage cited when the provider gave
//! one. A page opens only on a click, in a new tab, without a referrer; an
//! address that is not `http(s)` is shown as text, never a link. Nothing of a
//! page is loaded by itself (no icon, no preview). Built by the `reply` chunk
//! ([`reply_sources_view`]) once a reply has sources.

use hearth_core::contract::Source;
use hearth_core::markdown::source_anchor;
use leptos::prelude::*;

use crate::chat::state::AssistantView;
use crate::i18n::tr;
use crate::ui::lazy::{ChunkError, wasm_split};

/// The "Sources" list of one reply; it follows the reply's sources as they stream.
#[component]
pub(crate) fn ReplySources(
    /// The reply whose sources are listed.
    reply: AssistantView,
    /// The id the reply is stored under: the entries' ids (which the
    /// citation marks link to) are made from it, unique per message.
    message_id: String,
) -> impl IntoView {
    let heading_id = format!("{}-heading", source_anchor(&message_id, 0));
    let message_id = StoredValue::new(message_id);
    let items = move || {
        reply.extras(|record| {
            record
                .sources
                .items()
                .into_iter()
                .enumerate()
                .map(|(index, source)| {
                    let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
                    let id = message_id.with_value(|message_id| source_anchor(message_id, number));
                    source_item(source, id)
                })
                .collect_view()
        })
    };
    let (section_name, list_name) = (heading_id.clone(), heading_id.clone());
    view! {
        <section class="reply-sources" aria-labelledby=section_name>
            <h3 class="reply-sources-heading" id=heading_id>{tr("Sources")}</h3>
            <ol class="reply-source-list" aria-labelledby=list_name>{items}</ol>
        </section>
    }
}

/// The entry of `source`, under `id`: reachable from its marks
/// (`tabindex="-1"`: focused when one is followed, never in the tab order itself).
fn source_item(source: Source, id: String) -> impl IntoView {
    let host = site_of(&source.url);
    let title = if source.title.trim().is_empty() { source.url.clone() } else { source.title.trim().to_owned() };
    let name = if source.is_linkable() {
        view! {
            <a
                class="reply-source-title"
                href=source.url.trim().to_owned()
                target="_blank"
                rel="noopener noreferrer"
                referrerpolicy="no-referrer"
            >
                {title}
            </a>
        }
        .into_any()
    } else {
        view! { <span class="reply-source-title">{title}</span> }.into_any()
    };
    let cited = source.cited_text.filter(|text| !text.trim().is_empty());
    view! {
        <li id=id tabindex="-1">
            {name}
            {(!host.is_empty()).then(|| view! { <span class="reply-source-site">{host}</span> })}
            {cited.map(|text| view! { <blockquote class="reply-source-quote">{text}</blockquote> })}
        </li>
    }
}

/// The site of an `http(s)` address (its host, without `www.`), or nothing.
fn site_of(url: &str) -> String {
    let url = url.trim();
    let Some((scheme, rest)) = url.split_once("://") else { return String::new() };
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return String::new();
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default().to_ascii_lowercase();
    host.strip_prefix("www.").map(str::to_owned).unwrap_or(host)
}

/// The list, built by code from the `reply` chunk (with the renderer that
/// writes the marks linking to it).
#[wasm_split(reply, fallible)]
pub(crate) fn reply_sources_view(reply: AssistantView, message_id: String) -> Result<AnyView, ChunkError> {
    Ok(view! { <ReplySources reply message_id /> }.into_any())
}
