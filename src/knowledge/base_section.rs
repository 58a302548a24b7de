//! One knowledge base in the Knowledge dialog: its name and totals, Add files
//! and Add a folder (or files dropped on it), its embeddings, its files, and
//! Remove.

use hearth_core::knowledge::records::{BaseRecord, totals};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, HtmlInputElement};

use crate::i18n::{Arg, tr, tr_with};
use crate::io::js;
use crate::knowledge::embedding_choice::EmbeddingChoice;
use crate::knowledge::file_row::{FileRow, passages_text};
use crate::knowledge::folder_link::FolderLink;
use crate::knowledge::state::KnowledgeContext;
use hearth_core::format::size_label;

/// The most file rows a base lists.
const SHOWN_FILES: usize = 500;

/// The section of `base`.
#[component]
pub(crate) fn BaseSection(
    /// The base shown.
    base: BaseRecord,
) -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let id = StoredValue::new(base.id.clone());
    let name = base.name.clone();
    let heading_id = format!("knowledge-base-{}", base.id);
    let labelled_by = heading_id.clone();
    let files_input = NodeRef::<leptos::html::Input>::new();
    let folder_input = NodeRef::<leptos::html::Input>::new();
    // The base's files, picked out of every base's once per change, for the totals and the rows.
    let mine = Memo::new(move |_| knowledge.files_of(&id.get_value()));
    let summary = move || {
        let files = mine.get();
        let (count, bytes, passages) = totals(&files);
        let size = size_label(bytes);
        tr_with(
            "knowledge-totals",
            &[
                ("files", Arg::Number(count as f64)),
                ("size", Arg::Text(&size)),
                ("passages", Arg::Number(passages as f64)),
            ],
            || {
                let files = if count == 1 { "1 file".to_owned() } else { format!("{count} files") };
                format!("{files} · {size} · {}", passages_text(passages))
            },
        )
    };
    let chosen = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|target| target.dyn_into::<HtmlInputElement>().ok()) else { return };
        let files = picked(input.files());
        input.set_value("");
        if !files.is_empty() {
            spawn_local(knowledge.add_files(id.get_value(), files));
        }
    };
    let dropped = move |ev: DragEvent| {
        let Some(list) = ev.data_transfer().and_then(|data| data.files()) else { return };
        ev.prevent_default();
        let files = picked(Some(list));
        if !files.is_empty() {
            spawn_local(knowledge.add_files(id.get_value(), files));
        }
    };
    let click = |input: NodeRef<leptos::html::Input>| {
        move |_| {
            if let Some(input) = input.get_untracked() {
                input.click();
            }
        }
    };
    // The first rows only: a folder of thousands of files lists the rest as a count.
    let files = move || {
        let mut files = mine.get();
        files.truncate(SHOWN_FILES);
        files
    };
    let more = move || {
        let count = mine.with(Vec::len).saturating_sub(SHOWN_FILES);
        (count > 0).then(|| {
            let text = tr_with("knowledge-more-files", &[("count", Arg::Number(count as f64))], || {
                format!("…and {count} more files")
            });
            view! { <p class="hint">{text}</p> }
        })
    };
    // Chooses a folder (`webkitdirectory`, which every engine reads though none names it in markup).
    Effect::new(move |_| {
        if let Some(input) = folder_input.get() {
            let _ = input.set_attribute("webkitdirectory", "");
        }
    });
    let add_files_label =
        tr_with("knowledge-add-files-to", &[("name", Arg::Text(&name))], || format!("Add files to {name}"));
    let add_folder_label =
        tr_with("knowledge-add-folder-to", &[("name", Arg::Text(&name))], || format!("Add a folder to {name}"));
    let remove_label = tr_with("knowledge-remove-base", &[("name", Arg::Text(&name))], || format!("Remove {name}"));
    let files_label = tr_with("knowledge-files-of", &[("name", Arg::Text(&name))], || format!("Files of {name}"));
    view! {
        <section
            class="knowledge-base"
            aria-labelledby=labelled_by
            on:dragover=|ev: DragEvent| ev.prevent_default()
            on:drop=dropped
        >
            <h3 id=heading_id>{name.clone()}</h3>
            <p class="knowledge-totals">{summary}</p>
            <div class="knowledge-actions">
                // Each file field right after its button, as the button's own.
                <button type="button" class="action" aria-label=add_files_label on:click=click(files_input)>
                    {tr("Add files")}
                </button>
                <input node_ref=files_input type="file" multiple hidden tabindex="-1" on:change=chosen />
                <button type="button" class="action" aria-label=add_folder_label on:click=click(folder_input)>
                    {tr("Add a folder")}
                </button>
                <input node_ref=folder_input type="file" multiple hidden tabindex="-1" on:change=chosen />
                <button
                    type="button"
                    class="action danger"
                    aria-label=remove_label
                    on:click=move |_| spawn_local(knowledge.remove_base(id.get_value()))
                >
                    {tr("Remove")}
                </button>
            </div>
            <FolderLink base=base.clone() />
            <EmbeddingChoice base />
            <ul class="knowledge-files" aria-label=files_label>
                <For each=files key=|file| format!("{}:{:?}:{}", file.id, file.state, file.embedded) let:file>
                    <FileRow file />
                </For>
            </ul>
            {more}
        </section>
    }
}

/// The files of a file list, each with its path in the folder it came from
/// (its name when it came alone).
fn picked(list: Option<web_sys::FileList>) -> Vec<(web_sys::File, String)> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length())
        .filter_map(|at| list.get(at))
        .map(|file| {
            let path =
                js::string(&file, "webkitRelativePath").filter(|path| !path.is_empty()).unwrap_or_else(|| file.name());
            (file, path)
        })
        .collect()
}
