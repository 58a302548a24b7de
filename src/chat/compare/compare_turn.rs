//! A compare turn (see `chat::state::comparing`): its answers side by side in
//! columns on a wide screen (scrolling with the page, or each on its own),
//! as swipeable pages under a sticky bar of their letters on a phone; then its
//! merges, "Continue separately" for the columns chosen, and the merge form.
//! In the `compare` chunk.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::compare::compare_column::{CompareColumn, answer_name, column_dom_id};
use crate::chat::compare::merge_form::MergeForm;
use crate::chat::state::ChatContext;
use crate::chat::state::comparing::{continue_separately, turn_of};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};

/// The compare turn `group`.
#[component]
pub(crate) fn CompareTurn(
    /// The compare turn's id (its replies' `compare_group`).
    group: String,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let group = StoredValue::new(group);
    let turn = Memo::new(move |_| group.with_value(|group| turn_of(chat, group)));
    let names_hidden = Signal::derive(move || {
        turn.with(|turn| !turn.picked)
            && chat.entries.with(|entries| {
                turn.with(|turn| {
                    entries.iter().any(|entry| {
                        turn.columns.contains(&entry.id)
                            && matches!(&entry.kind, crate::chat::state::EntryKind::Assistant(view)
                                if view.record.with_value(|record| record.blind))
                    })
                })
            })
    });
    let separately = RwSignal::new(false);
    let selected = RwSignal::new(Vec::<String>::new());
    let status = RwSignal::new(String::new());
    let columns =
        move || turn.with(|turn| turn.letters.iter().copied().zip(turn.columns.iter().cloned()).collect::<Vec<_>>());
    let count = move || turn.with(|turn| turn.columns.len());
    let branch_off = move |_| {
        let ids = selected.get_untracked();
        status.set(String::new());
        spawn_local(async move {
            let text = match continue_separately(chat, ids).await {
                Ok(made) => tr_with("chat-compare-new-chats", &[("n", Arg::Number(made as f64))], || match made {
                    1 => "1 new chat, listed under this one.".to_owned(),
                    made => format!("{made} new chats, listed under this one."),
                }),
                Err(reason) => reason.to_string(),
            };
            selected.try_set(Vec::new());
            status.try_set(text);
        });
    };
    let jump = move |id: String| {
        let element =
            web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&column_dom_id(&id)));
        if let Some(element) = element {
            element.scroll_into_view();
        }
    };
    let turn_label = move || {
        let n = count();
        tr_with("chat-compare-turn-label", &[("n", Arg::Number(n as f64))], || format!("Compared answers ({n})"))
    };
    view! {
        <section class="compare-turn" aria-label=turn_label>
            <nav class="compare-pages" aria-label=tr("Answers")>
                <For each=columns key=|(_, id)| id.clone() let((letter, id))>
                    <button type="button" class="action" on:click=move |_| jump(id.clone())>
                        {answer_name(letter)}
                    </button>
                </For>
            </nav>
            <div class="compare-columns" class:separately=move || separately.get()>
                <For each=columns key=|(_, id)| id.clone() let((letter, id))>
                    <CompareColumn id letter=Some(letter) names_hidden selected />
                </For>
            </div>
            <For each=move || turn.with(|turn| turn.merges.clone()) key=Clone::clone let(id)>
                <CompareColumn id letter=None names_hidden=false selected />
            </For>
            <div class="compare-actions">
                <button
                    type="button"
                    class="action"
                    aria-pressed=move || if separately.get() { "true" } else { "false" }
                    on:click=move |_| separately.update(|on| *on = !*on)
                >
                    {tr("Scroll columns separately")}
                </button>
                <button
                    type="button"
                    class="action"
                    disabled=move || selected.with(Vec::is_empty) || chat.busy.get()
                    title=tr("Each chosen answer goes on in a new chat of its own")
                    on:click=branch_off
                >
                    {move || match selected.with(Vec::len) {
                        0 => tr("Continue separately").to_owned(),
                        n => {
                            tr_with("chat-compare-continue-separately-count", &[("n", Arg::Number(n as f64))], || {
                                format!("Continue separately ({n})")
                            })
                        }
                    }}
                </button>
                <MergeForm group=group.get_value() />
                <span class="action-feedback" role="status">{move || status.get()}</span>
            </div>
        </section>
    }
}

/// The compare turn `group`, from the `compare` chunk.
#[wasm_split(compare, fallible)]
pub(crate) fn compare_turn_view(group: String) -> Result<AnyView, ChunkError> {
    Ok(view! { <CompareTurn group /> }.into_any())
}
