//! A view asking to open a page: the whole address and its host apart (a
//! look-alike written in Punycode is said to be one), opened only by the
//! user's click, in a new tab with no referrer and no hold on this page.

use hearth_core::format::hidden::shown_plainly;
use hearth_core::mcp::elicit::web_link;
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::state::app_host::AppHost;

/// The link, with Open and Don't open.
#[component]
pub(super) fn ViewLinkAsk(
    /// The view that asks.
    host: AppHost,
    /// The question's key in the view's list.
    key: u32,
    /// The page's address, as the view wrote it.
    url: String,
) -> impl IntoView {
    let link = web_link(&url);
    let site = link.as_ref().map(|link| shown_plainly(&link.host)).unwrap_or_default();
    let open_label = tr_with("mcp-app-open-link", &[("host", Arg::Text(&site))], || format!("Open {site}"));
    let warning = link.is_some_and(|link| link.punycode).then(|| {
        view! {
            <p class="ask-warning" role="note">
                {tr("This address is written in Punycode: it may imitate a site you know. Look closely before you open it.")}
            </p>
        }
    });
    view! {
        <section class="tool-approval app-ask" role="group" aria-label=tr("The app asks to open a page")>
            <p class="approval-question">{tr("The app asks to open a page")}</p>
            <dl class="ask-link">
                <dt>{tr("Site")}</dt>
                <dd class="ask-host">{site}</dd>
                <dt>{tr("Whole address")}</dt>
                <dd><code class="ask-url">{shown_plainly(&url)}</code></dd>
            </dl>
            {warning}
            <div class="approval-actions">
                <a
                    class="button primary"
                    href=url
                    target="_blank"
                    rel="noopener noreferrer"
                    referrerpolicy="no-referrer"
                    on:click=move |_| host.answer_link(key, true)
                    on:auxclick=move |_| host.answer_link(key, true)
                >
                    {open_label}
                </a>
                <button type="button" on:click=move |_| host.answer_link(key, false)>
                    {tr("Don't open")}
                </button>
            </div>
        </section>
    }
}
