//! "Copy code" on a reply's code blocks. The rendered markdown goes into the
//! page with `innerHTML`, so the buttons in the code blocks' headers are
//! handled by delegation: [`on_code_click`] on the reply's markdown container
//! puts the block's text on the clipboard, shows "Copied" on the button for a
//! moment and says it in the reply's polite live region ([`CodeCopyStatus`]).

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::i18n::tr;
use crate::io::clipboard::copy_text;
use crate::io::timer::sleep;

/// How long "Copied" stays on the button and in the status.
const CONFIRM_MS: i32 = 2000;

/// The visible text of a Copy code button (its name stays "Copy code").
const COPY_TEXT: &str = "Copy code";

/// Handles a click inside a reply's markdown: a "Copy code" button copies its
/// block's code exactly as the model wrote it (without the fence's last line
/// end) and reports the outcome in `status`.
pub(crate) fn on_code_click(event: &web_sys::MouseEvent, status: RwSignal<String>) {
    let Some(target) = event.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
    let Ok(Some(button)) = target.closest("button.copy-code") else { return };
    let code = button
        .closest(".code-block")
        .ok()
        .flatten()
        .and_then(|block| block.query_selector("pre code").ok().flatten())
        .and_then(|code| code.text_content())
        .unwrap_or_default();
    let code = code.strip_suffix('\n').unwrap_or(&code).to_owned();
    spawn_local(async move {
        let outcome = copy_text(&code).await;
        let said = match &outcome {
            Ok(()) => tr("Copied").to_owned(),
            Err(error) => error.to_string(),
        };
        if outcome.is_ok() {
            button.set_text_content(Some(tr("Copied")));
        }
        status.set(said);
        sleep(CONFIRM_MS).await;
        button.set_text_content(Some(tr(COPY_TEXT)));
        status.set(String::new());
    });
}

/// The reply's polite live region for Copy code: empty, "Copied", or why
/// copying failed. Visually hidden (the button itself shows "Copied"). It is
/// `aria-live="polite"` rather than `role="status"`, so the reply's footer Copy
/// stays its only status.
#[component]
pub(crate) fn CodeCopyStatus(
    /// What to say; set by [`on_code_click`].
    status: RwSignal<String>,
) -> impl IntoView {
    view! {
        <span class="visually-hidden" aria-live="polite" aria-atomic="true">
            {move || status.get()}
        </span>
    }
}
