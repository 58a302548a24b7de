//! The outline of a conversation's forks: every place it branches (a message
//! edited, a reply answered again, models compared), at any depth and in any
//! branch, with each version's turn, first words and date. Picking a version
//! shows its branch and goes to it (see `branching::reveal`). A dialog of the
//! `branches` chunk, opened by the session bar's "Branches".

use hearth_core::storage::tree::{OutlineRow, Tree};
use hearth_core::storage::{plain_preview_of, preview_of};
use leptos::prelude::*;

use crate::chat::state::branching::reveal;
use crate::chat::state::{BranchPanel, ChatContext, Entry, EntryKind};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::intl::short_date_time;
use crate::ui::modal_dialog::ModalDialog;

/// One row as shown.
#[derive(Clone, Debug, PartialEq)]
enum Row {
    /// A fork: "Turn 3 · 2 versions".
    Fork { depth: usize, label: String },
    /// A version: its message, its label and date, and whether it is shown.
    Version { depth: usize, id: String, label: String, date: String, shown: bool },
}

/// The outline dialog, open while the chat's `branch_panel` is `Outline`.
#[component]
pub(crate) fn ConversationOutline() -> impl IntoView {
    let chat = ChatContext::expect();
    let open = Signal::derive(move || chat.branch_panel.with(|panel| *panel == Some(BranchPanel::Outline)));
    let close = Callback::new(move |()| chat.branch_panel.set(None));
    let problem = RwSignal::new(String::new());
    // Worked out only while the dialog is open.
    let rows =
        Memo::new(move |_| if open.get() { chat.entries.with(|entries| outline_rows(entries)) } else { Vec::new() });
    let go = move |id: String| match reveal(chat, &id) {
        Ok(()) => chat.branch_panel.set(None),
        Err(reason) => problem.set(reason.to_string()),
    };
    view! {
        <ModalDialog open on_close=close heading=tr("Branches of this conversation") class="outline">
            <p class="hint">
                {tr("Every place this conversation forks, and its versions. Pick one to show its branch.")}
            </p>
            <p class="hint" role="alert">{move || problem.get()}</p>
            <ul class="outline-rows">
                {move || {
                    rows.get()
                        .into_iter()
                        .map(|row| match row {
                            Row::Fork { depth, label } => {
                                view! {
                                    <li class=format!("outline-fork depth-{}", depth.min(6)) attr:aria-level=(depth + 1).to_string()>
                                        {label}
                                    </li>
                                }
                                    .into_any()
                            }
                            Row::Version { depth, id, label, date, shown } => {
                                view! {
                                    <li class=format!("outline-version depth-{}", depth.min(6)) attr:aria-level=(depth + 2).to_string()>
                                        <button
                                            type="button"
                                            class="action"
                                            aria-current=shown.then_some("true")
                                            on:click=move |_| go(id.clone())
                                        >
                                            <span class="outline-label">{label}</span>
                                            <span class="outline-date">{date}</span>
                                            {shown.then(|| view! { <span class="outline-shown">{tr("shown")}</span> })}
                                        </button>
                                    </li>
                                }
                                    .into_any()
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </ModalDialog>
    }
}

/// The outline of `entries` as rows (see `Tree::outline`).
fn outline_rows(entries: &[Entry]) -> Vec<Row> {
    let keys: Vec<_> = entries.iter().map(Entry::node_key).collect();
    let tree = Tree::new(&keys);
    let is_user = |at: usize| matches!(entries[at].kind, EntryKind::User(..));
    // The turn of the messages that follow `parent`: the user messages down to it, and one more for questions.
    let turn = |parent: Option<usize>| match parent {
        None => 1,
        Some(parent) => {
            let asked = tree.ancestors(parent).into_iter().filter(|&at| is_user(at)).count();
            if is_user(parent) { asked } else { asked + 1 }
        }
    };
    let mut counts: Vec<usize> = Vec::new();
    tree.outline()
        .into_iter()
        .map(|row| match row {
            OutlineRow::Fork { parent, depth, count } => {
                counts.truncate(depth);
                counts.push(count);
                let number = turn(parent);
                let args = [("turn", Arg::Number(number as f64)), ("count", Arg::Number(count as f64))];
                let label = match parent.map(is_user) {
                    Some(true) => {
                        tr_with("chat-outline-fork-answers", &args, || format!("Turn {number} · {count} answers"))
                    }
                    _ => tr_with("chat-outline-fork-questions", &args, || {
                        format!("Turn {number} · {count} versions of the question")
                    }),
                };
                Row::Fork { depth, label }
            }
            OutlineRow::Version { at, depth, number, shown } => {
                let entry = &entries[at];
                let count = counts.get(depth).copied().unwrap_or(number);
                let (text, created_at) = match &entry.kind {
                    EntryKind::User(text, _, _) => (preview_of(text), entry.node.as_ref().map_or(0, |n| n.created_at)),
                    EntryKind::Assistant(view) => view.record.with_value(|record| {
                        let model = record.model.clone().filter(|_| record.compare_group.is_none() || !record.blind);
                        let model =
                            model.map(|model| if record.edited_at.is_some() { edited_model(&model) } else { model });
                        let text = plain_preview_of(&record.content);
                        let text = match model {
                            Some(model) => format!("{model}: {text}"),
                            None => text,
                        };
                        (text, record.created_at)
                    }),
                    _ => (String::new(), 0),
                };
                let label = tr_with(
                    "chat-outline-version",
                    &[
                        ("number", Arg::Number(number as f64)),
                        ("count", Arg::Number(count as f64)),
                        ("text", Arg::Text(&text)),
                    ],
                    || format!("{number} of {count}: {text}"),
                );
                #[allow(clippy::cast_precision_loss)]
                let date = short_date_time(created_at as f64);
                Row::Version { depth, id: entry.id.clone(), label, date, shown }
            }
        })
        .collect()
}

/// A reply's model, marked as edited: "gpt-4o, edited".
fn edited_model(model: &str) -> String {
    tr_with("chat-outline-model-edited", &[("model", Arg::Text(model))], || format!("{model}, edited"))
}
