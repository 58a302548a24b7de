//! Dropping files on the conversation or the composer, or pasting them into
//! the message box (a screenshot, a copied photo): each is attached to the next
//! message, as the Attach button does (a text file joins the project files),
//! and the browser does not open the file in place of Hearth.

use web_sys::{ClipboardEvent, DragEvent};

use crate::chat::state::ChatContext;

/// Whether the drag carries files (not text or a link dragged from the page).
fn carries_files(ev: &DragEvent) -> bool {
    ev.data_transfer().is_some_and(|data| data.types().includes(&"Files".into(), 0))
}

/// `dragover`: files may be dropped here (the browser would open them instead).
pub(crate) fn on_dragover(ev: DragEvent) {
    if carries_files(&ev) {
        ev.prevent_default();
        if let Some(data) = ev.data_transfer() {
            data.set_drop_effect("copy");
        }
    }
}

/// `drop`: the dropped files are read, added to the project and attached.
/// A drop without files (text or a link) is left to the browser, which
/// inserts dropped text into the message box.
pub(crate) fn on_drop(ev: DragEvent, chat: ChatContext) {
    if !carries_files(&ev) {
        return;
    }
    let Some(list) = ev.data_transfer().and_then(|data| data.files()) else { return };
    ev.prevent_default();
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|at| list.get(at)).collect();
    chat.attachments.add_from_disk(files);
}

/// `paste` in the message box: files on the clipboard (an image copied or a
/// screenshot) are attached; text is left to the browser, which inserts it.
pub(crate) fn on_paste(ev: ClipboardEvent, chat: ChatContext) {
    let Some(list) = ev.clipboard_data().and_then(|data| data.files()) else { return };
    if list.length() == 0 {
        return;
    }
    ev.prevent_default();
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|at| list.get(at)).collect();
    chat.attachments.add_from_disk(files);
}

/// `change` on a hidden file input (the Attach and camera buttons'): the
/// chosen files are attached, and the input is cleared, so choosing the same
/// file again is a change too.
pub(crate) fn on_chosen(ev: &leptos::ev::Event, chat: ChatContext) {
    use wasm_bindgen::JsCast;
    let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
    let Some(list) = input.files() else { return };
    let files: Vec<web_sys::File> = (0..list.length()).filter_map(|at| list.get(at)).collect();
    input.set_value("");
    chat.attachments.add_from_disk(files);
}
