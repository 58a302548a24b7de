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

use crate::tools::state::pending::{Answer, PendingApproval};
use crate::ui::next_id;

/// The prompt for one call waiting for approval.
#[component]
pub(crate) fn ToolApproval(
    /// The waiting call: its tool name and what it would do are shown, and
    /// Allow, Deny or Always allow answers it.
    pending: PendingApproval,
) -> impl IntoView {
    let allow_button = NodeRef::<Button>::new();
    let detail_id = format!("approval-{}", next_id());
    let what = match &pending.server {
        Some(server) => format!(" from the MCP server {server} with these arguments:"),
        None if Builtin::from_name(&pending.name) == Some(Builtin::FetchUrl) => " to fetch this URL:".to_owned(),
        None => " with these arguments:".to_owned(),
    };
    let always = format!("Always allow {} for this agent", pending.name);
    let name = pending.name.clone();
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
        <section class="tool-approval" role="group" aria-label=format!("Approve the {name} call")>
            <p class="approval-question">
                "The assistant wants to run " <span class="tool-name">{name.clone()}</span> {what}
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
                    "Allow"
                </button>
                <button type="button" on:click=move |_| answer(Answer::Deny)>
                    "Deny"
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
