//! What the connection doctor advises for one server, under its status line:
//! what to do, a line each, and the response headers the server must send
//! (with a button that copies them for whoever runs it).

use hearth_core::mcp::doctor::Diagnosis;
use leptos::prelude::*;

use crate::i18n::{Arg, tr_with};
use crate::ui::copy_button::CopyButton;

/// The doctor's advice and headers (nothing for a server that works).
#[component]
pub(crate) fn DoctorAdvice(
    /// What the doctor said; its summary is the row's status line, shown
    /// apart.
    diagnosis: Diagnosis,
    /// The server's name, for the group's and the Copy button's names.
    name: String,
) -> impl IntoView {
    let Diagnosis { advice, headers, .. } = diagnosis;
    let copied = headers.join("\n");
    let headers = (!headers.is_empty()).then(|| {
        let label =
            tr_with("mcp-copy-headers", &[("server", Arg::Text(&name))], || format!("Copy the headers {name} needs"));
        view! {
            <pre class="tool-json mcp-headers">{copied.clone()}</pre>
            <CopyButton text=move || copied.clone() label />
        }
    });
    let group_label =
        tr_with("mcp-doctor-advice", &[("server", Arg::Text(&name))], || format!("What to do about {name}"));
    view! {
        <div class="mcp-doctor" role="group" aria-label=group_label>
            {advice.into_iter().map(|line| view! { <p class="hint">{line}</p> }).collect_view()}
            {headers}
        </div>
    }
}
