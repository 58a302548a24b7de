//! The divider where a summary takes over ("Earlier messages summarised"), at
//! the first message sent verbatim after it: a disclosure that shows the
//! summary's text, and Undo, which deletes the summary so the next request
//! sends the conversation in full again (or an older summary that applies).
//! The messages above it stay shown, searchable and exported.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::chat::state::ChatContext;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::disclosure::Disclosure;

/// The divider of the summary that applies.
#[component]
pub(crate) fn SummaryDivider(
    /// The summary record's id (Undo deletes it).
    summary_id: String,
    /// The summary text, shown as plain text when expanded.
    text: String,
    /// How many messages it stands for.
    summarised: u32,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let label = match summarised {
        0 => tr("Earlier messages summarised").to_owned(),
        n => tr_with("chat-summary-divider-count", &[("n", Arg::Number(f64::from(n)))], || match n {
            1 => "Earlier messages summarised (1 message)".to_owned(),
            n => format!("Earlier messages summarised ({n} messages)"),
        }),
    };
    let summary_id = StoredValue::new(summary_id);
    let text = StoredValue::new(text);
    view! {
        <div class="summary-divider" role="group" aria-label=tr("Summary of earlier messages")>
            <Disclosure
                toggle=move || label.clone()
                toggle_class="summary-toggle"
                region_label=tr("Summary")
                region_class="summary-text"
                aside=move || {
                    view! {
                        <button
                            type="button"
                            class="summary-undo"
                            aria-label=tr("Undo summary")
                            title=tr("Delete this summary: requests send the earlier messages again")
                            disabled=move || chat.busy.get()
                            on:click=move |ev| {
                                // The divider goes away with its button: the
                                // conversation takes the focus, as Jump to latest leaves it.
                                let conversation = ev
                                    .target()
                                    .and_then(|target| target.dyn_into::<web_sys::Element>().ok())
                                    .and_then(|button| button.closest("main").ok().flatten())
                                    .and_then(|main| main.dyn_into::<web_sys::HtmlElement>().ok());
                                chat.undo_summary(&summary_id.get_value());
                                if let Some(conversation) = conversation {
                                    let _ = conversation.focus();
                                }
                            }
                        >
                            {tr("Undo")}
                        </button>
                    }
                }
            >
                <p class="summary-body">{text.get_value()}</p>
            </Disclosure>
        </div>
    }
}
