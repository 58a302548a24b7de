//! The message box of `index.html`, which takes typing before the app has
//! started (`src/boot.js` holds an Enter pressed there): the composer takes its
//! text, caret and pending Enter over when it is built, and removes it with the
//! rest of the page before the app (`#boot-shell`).

use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;

/// What was typed in the page's own message box before the app started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct EarlyInput {
    /// The text, as typed.
    pub(crate) text: String,
    /// The selection (the caret when both are equal), in UTF-16 units.
    pub(crate) selection: (u32, u32),
    /// Whether the box had the focus.
    pub(crate) focused: bool,
    /// Whether Enter was pressed: the text is to be sent once the app is ready.
    pub(crate) send: bool,
}

/// Removes the page's own message box and returns what it held: `None` when
/// there was none (it is taken once) or nothing was typed in it, focused or not.
pub(crate) fn take() -> Option<EarlyInput> {
    let document = web_sys::window()?.document()?;
    let shell = document.get_element_by_id("boot-shell")?;
    let found = document
        .get_element_by_id("boot-message")
        .and_then(|element| element.dyn_into::<HtmlTextAreaElement>().ok())
        .map(|textarea| EarlyInput {
            text: textarea.value(),
            selection: (
                textarea.selection_start().ok().flatten().unwrap_or(0),
                textarea.selection_end().ok().flatten().unwrap_or(0),
            ),
            focused: document
                .active_element()
                .is_some_and(|active| &active == AsRef::<web_sys::Element>::as_ref(&textarea)),
            send: textarea.get_attribute("data-send").is_some(),
        });
    shell.remove();
    found.filter(|input| input.focused || !input.text.is_empty())
}
