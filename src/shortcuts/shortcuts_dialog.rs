//! The keyboard shortcuts' help ("Keyboard shortcuts", opened with `?` or
//! Ctrl+/), and the status line where a shortcut says what it did when nothing
//! else shows it ("Copied the last answer").

use leptos::prelude::*;

use crate::i18n::tr;
use crate::shortcuts::state::{SHORTCUTS, Shortcuts};
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;

/// The help dialog, listing every shortcut with its keys (the shortcuts'
/// status region is in `crate::app`, always there).
#[component]
pub(crate) fn ShortcutsDialog(
    /// The shortcuts' switches: `help_open` shows the dialog (Close and Escape
    /// set it back), `said` is what the status region says, and the dialog's
    /// checkbox turns `?` on or off.
    shortcuts: Shortcuts,
) -> impl IntoView {
    let open = shortcuts.help_open;
    let rows = SHORTCUTS
        .iter()
        .map(|shortcut| {
            view! {
                <tr>
                    <th scope="row">{tr(shortcut.what)}</th>
                    <td>
                        <kbd>{tr(shortcut.keys)}</kbd>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <ModalDialog
            open=open
            on_close=Callback::new(move |()| open.set(false))
            heading=tr("Keyboard shortcuts")
            class="shortcuts"
        >
            <p class="hint">
                {tr("On a Mac, Alt is the Option key. The keys work in the message box too, except ? (type it outside text fields).")}
            </p>
            <table class="shortcut-list">
                <thead>
                    <tr>
                        <th scope="col">{tr("Action")}</th>
                        <th scope="col">{tr("Keys")}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || shortcuts.question_mark.get()
                    on:change=move |ev| shortcuts.set_question_mark(event_target_checked(&ev))
                />
                " "
                {tr("Open this list with ? (one key; Ctrl+/ always works)")}
            </label>
        </ModalDialog>
    }
}

/// The dialog, built by code from the `dialogs` chunk, loaded when a dialog first opens
/// (`LazyOnce` in `crate::app`).
#[wasm_split(dialogs, fallible)]
pub(crate) fn shortcuts_dialog_view(shortcuts: Shortcuts) -> Result<AnyView, ChunkError> {
    Ok(view! { <ShortcutsDialog shortcuts /> }.into_any())
}
