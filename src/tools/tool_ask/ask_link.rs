//! A server asking the user to open a page (URL-mode elicitation): the whole
//! address, its host apart (a look-alike written in Punycode is said to be
//! one), and the page opened only by the user's click on Open, in a new tab
//! with no referrer and no hold on this page; nothing is fetched before.

use hearth_core::mcp::elicit::{Answer, UrlAsk};
use leptos::prelude::*;

use super::ask_refusals::AskRefusals;
use crate::i18n::{Arg, tr, tr_with};
use crate::tools::state::pending_ask::PendingAsk;

/// The link a server asks to open, with Open, Decline and Cancel.
#[component]
pub(super) fn AskLink(
    /// The question, answered by the buttons.
    pending: PendingAsk,
    /// The page asked to be opened.
    ask: UrlAsk,
) -> impl IntoView {
    let pending = StoredValue::new(pending);
    let answer = move |answer: Answer| pending.with_value(|pending| pending.answer(answer));
    let host = ask.host.clone();
    let open_label = tr_with("tools-ask-open", &[("host", Arg::Text(&host))], || format!("Open {host}"));
    let warning = ask.punycode.then(|| {
        view! {
            <p class="ask-warning" role="note">
                {tr("This address is written in Punycode: it may imitate a site you know. Look closely before you open it.")}
            </p>
        }
    });
    view! {
        <dl class="ask-link">
            <dt>{tr("Site")}</dt>
            <dd class="ask-host">{host}</dd>
            <dt>{tr("Whole address")}</dt>
            <dd><code class="ask-url">{ask.url.clone()}</code></dd>
        </dl>
        {warning}
        <div class="approval-actions">
            <a
                class="button primary"
                href=ask.url
                target="_blank"
                rel="noopener noreferrer"
                referrerpolicy="no-referrer"
                on:click=move |_| answer(Answer::Accept(None))
            >
                {open_label}
            </a>
            <AskRefusals pending />
        </div>
    }
}
