//! What a reply held that this version cannot show (an unknown built-in tool
//! or annotation), kept as it came: a small note "This reply holds N part(s)
//! Hearth cannot show yet", and a disclosure that shows each part's raw JSON
//! as text. Built by the `reply` chunk ([`unsupported_note_view`]).

use leptos::prelude::*;

use crate::chat::state::AssistantView;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::lazy::{ChunkError, wasm_split};

/// The note of one reply; shown once it holds such a part.
#[component]
pub(crate) fn UnsupportedNote(
    /// The reply whose unreadable parts are counted and shown raw.
    reply: AssistantView,
) -> impl IntoView {
    let note = move || {
        let n = reply.extras(|record| record.unsupported.len());
        tr_with("reply-unsupported-parts", &[("n", Arg::Number(n as f64))], || match n {
            1 => "This reply holds 1 part Hearth cannot show yet.".to_owned(),
            n => format!("This reply holds {n} parts Hearth cannot show yet."),
        })
    };
    let parts = move || {
        reply
            .extras(|record| record.unsupported.items())
            .into_iter()
            .map(|part| {
                view! {
                    <li>
                        <p class="tool-label">{part.what}</p>
                        <pre class="tool-json">{part.raw}</pre>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <div class="unsupported-note" role="note">
            <p>{note}</p>
            <details class="raw-json">
                <summary>{tr("Show the raw JSON")}</summary>
                <ul class="unsupported-parts" role="list" aria-label=tr("Parts Hearth cannot show")>{parts}</ul>
            </details>
        </div>
    }
}

/// The note, built by code from the `reply` chunk.
#[wasm_split(reply, fallible)]
pub(crate) fn unsupported_note_view(reply: AssistantView) -> Result<AnyView, ChunkError> {
    Ok(view! { <UnsupportedNote reply /> }.into_any())
}
