//! One call waiting for the user's approval, in the tool widget: what it would
//! do (the whole URL of a fetch, with its query string, so any data the model put
//! there is seen; else the arguments) and Allow, Deny and "Always allow <tool>
//! for this agent". When it appears, Allow gets the focus unless the user is
//! typing (a keystroke meant for the composer must not answer it); the widget's
//! summary announces it either way.

use hearth_core::tools::Builtin;
use leptos::html::Button;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::i18n::{Arg, tr, tr_with};
use crate::tools::state::pending::{Answer, PendingApproval};
use crate::ui::next_id;

/// Where the tool's name goes in the question (a private-use character no
/// catalogue writes).
const MARK: &str = "\u{E000}";

/// The prompt for one call waiting for approval.
#[component]
pub(crate) fn ToolApproval(
    /// The waiting call: its tool name and what it would do are shown, and
    /// Allow, Deny or Always allow answers it.
    pending: PendingApproval,
) -> impl IntoView {
    let allow_button = NodeRef::<Button>::new();
    let detail_id = format!("approval-{}", next_id());
    let name = pending.name.clone();
    // The question is written with a mark where the tool's name goes, so the name
    // stands out exactly there (not where the same word is also a word of the question).
    let marked = MARK.to_owned();
    let question = match &pending.server {
        Some(server) => tr_with(
            "tools-approval-question-mcp",
            &[("tool", Arg::Text(&marked)), ("server", Arg::Text(server))],
            || format!("The assistant wants to run {marked} from the MCP server {server} with these arguments:"),
        ),
        None if Builtin::from_name(&name) == Some(Builtin::FetchUrl) => {
            tr_with("tools-approval-question-fetch", &[("tool", Arg::Text(&marked))], || {
                format!("The assistant wants to run {marked} to fetch this URL:")
            })
        }
        None => tr_with("tools-approval-question", &[("tool", Arg::Text(&marked))], || {
            format!("The assistant wants to run {marked} with these arguments:")
        }),
    };
    // The tool's name stands out, wherever the language puts it in the question.
    let (before, after) = match question.split_once(MARK) {
        Some((before, after)) => (before.to_owned(), Some(after.replace(MARK, &name))),
        None => (question.clone(), None),
    };
    let always = tr_with("tools-approval-always-allow", &[("tool", Arg::Text(&name))], || {
        format!("Always allow {} for this agent", pending.name)
    });
    let approve_label =
        tr_with("tools-approval-label", &[("tool", Arg::Text(&name))], || format!("Approve the {name} call"));
    let pending = StoredValue::new(pending);
    let answer = move |answer: Answer| pending.with_value(|pending| pending.answer(answer));
    Effect::new(move |_| {
        if let Some(button) = allow_button.get()
            && !typing()
        {
            let _ = button.focus();
        }
    });
    view! {
        <section class="tool-approval" role="group" aria-label=approve_label>
            <p class="approval-question">
                {before}
                {after.map(|after| view! { <span class="tool-name">{name.clone()}</span> {after} })}
            </p>
            <pre class="tool-json approval-detail" id=detail_id.clone()>{pending.with_value(|p| p.detail.clone())}</pre>
            <div class="approval-actions">
                <button
                    type="button"
                    class="primary"
                    node_ref=allow_button
                    aria-describedby=detail_id.clone()
                    on:click=move |_| answer(Answer::Allow)
                >
                    {tr("Allow")}
                </button>
                <button type="button" on:click=move |_| answer(Answer::Deny)>
                    {tr("Deny")}
                </button>
                <button type="button" aria-describedby=detail_id on:click=move |_| answer(Answer::AlwaysAllow)>
                    {always}
                </button>
            </div>
        </section>
    }
}

/// Whether the focus is in a text field (the user is typing).
fn typing() -> bool {
    let Some(active) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()) else {
        return false;
    };
    let tag = active.tag_name().to_ascii_lowercase();
    let editable = active.dyn_ref::<web_sys::HtmlElement>().is_some_and(web_sys::HtmlElement::is_content_editable);
    editable
        || tag == "textarea"
        || (tag == "input"
            && !matches!(
                active.get_attribute("type").unwrap_or_default().as_str(),
                "checkbox" | "radio" | "button" | "submit"
            ))
}
