//! One file of a knowledge base: its path, size, what became of it (waiting,
//! its passages, embedded, or why it failed), and Remove.

use hearth_core::knowledge::kind::Refusal;
use hearth_core::knowledge::records::{FileRecord, FileState};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::knowledge::state::KnowledgeContext;
use hearth_core::format::size_label;

/// The row of `file`.
#[component]
pub(crate) fn FileRow(
    /// The file shown.
    file: FileRecord,
) -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let id = StoredValue::new(file.id.clone());
    let size = size_label(file.size);
    let state = state_text(&file);
    let failed = file.state == FileState::Failed;
    let retry = (failed || file.embed_error.is_some()) && file.hash.is_some();
    let name = file.path.clone();
    let remove_label = tr_with("knowledge-remove-file", &[("name", Arg::Text(&name))], || format!("Remove {name}"));
    let retry_label = tr_with("knowledge-retry-file", &[("name", Arg::Text(&name))], || format!("Read {name} again"));
    view! {
        <li class="knowledge-file" class:failed=failed>
            <span class="knowledge-file-name">{name.clone()}</span>
            <span class="knowledge-file-size">{size}</span>
            <span class="knowledge-file-state">{state}</span>
            <Show when=move || retry>
                <button
                    type="button"
                    class="action"
                    aria-label=retry_label.clone()
                    on:click=move |_| spawn_local(knowledge.retry(vec![id.get_value()]))
                >
                    {tr("Read again")}
                </button>
            </Show>
            <button
                type="button"
                class="action"
                aria-label=remove_label
                on:click=move |_| spawn_local(knowledge.remove_files(vec![id.get_value()]))
            >
                {tr("Remove")}
            </button>
        </li>
    }
}

/// What became of `file`, in a sentence.
fn state_text(file: &FileRecord) -> String {
    let passages = f64::from(file.passages);
    match file.state {
        FileState::Waiting => tr("Waiting to be read").to_owned(),
        FileState::Embedding => tr_with("knowledge-embedding", &[("passages", Arg::Number(passages))], || {
            format!("{}, being embedded", passages_text(file.passages))
        }),
        FileState::Indexed if file.embedded > 0 => {
            tr_with("knowledge-embedded", &[("passages", Arg::Number(passages))], || {
                format!("{}, embedded", passages_text(file.passages))
            })
        }
        FileState::Indexed => match &file.embed_error {
            Some(error) => tr_with(
                "knowledge-embed-failed",
                &[("passages", Arg::Number(passages)), ("error", Arg::Text(error))],
                || format!("{}; embedding failed ({error}), so it is searched by words", passages_text(file.passages)),
            ),
            None => {
                tr_with("knowledge-indexed", &[("passages", Arg::Number(passages))], || passages_text(file.passages))
            }
        },
        FileState::Failed => file.refusal.as_ref().map_or_else(|| tr("Failed").to_owned(), refusal_text),
    }
}

/// Why a file was refused, in a sentence.
fn refusal_text(refusal: &Refusal) -> String {
    match refusal {
        Refusal::TooLarge { size, limit } => {
            let (size, limit) = (size_label(*size), size_label(*limit));
            tr_with("knowledge-too-large", &[("size", Arg::Text(&size)), ("limit", Arg::Text(&limit))], || {
                format!("Skipped: {size} is more than the {limit} a file may be.")
            })
        }
        Refusal::Binary => tr("Skipped: it is not text, whatever its name says.").to_owned(),
        Refusal::Unsupported { extension } => {
            tr_with("knowledge-unsupported", &[("extension", Arg::Text(extension))], || {
                format!("Skipped: Hearth does not read .{extension} files.")
            })
        }
        Refusal::Empty => tr("Skipped: it is empty.").to_owned(),
        Refusal::Encrypted => tr("Skipped: it is encrypted, so its text cannot be read.").to_owned(),
        Refusal::Malformed { detail } => tr_with("knowledge-malformed", &[("detail", Arg::Text(detail))], || {
            format!("Failed: it is damaged or not what its name says ({detail}).")
        }),
        Refusal::ZipBomb => tr("Refused: it would unpack to far more than it says (a zip bomb?).").to_owned(),
        Refusal::NoText => tr("Failed: no text was found in it (a scan?).").to_owned(),
        Refusal::Duplicate { of } => tr_with("knowledge-duplicate", &[("of", Arg::Text(of))], || {
            format!("Skipped: the same file is already here as {of}.")
        }),
        Refusal::TooManyFiles { limit } => {
            tr_with("knowledge-too-many", &[("limit", Arg::Number(f64::from(*limit)))], || {
                format!("Skipped: a base holds at most {limit} files.")
            })
        }
        Refusal::NotArrived => tr("Waiting for its bytes from your other device (sync).").to_owned(),
    }
}

/// "1 passage", "12 passages": the English of a count of passages.
pub(crate) fn passages_text(count: impl Into<u64>) -> String {
    match count.into() {
        1 => "1 passage".to_owned(),
        n => format!("{n} passages"),
    }
}
