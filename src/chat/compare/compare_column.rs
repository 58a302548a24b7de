//! One answer of a compare turn: a sticky header naming it ("Answer B ·
//! gpt-4o", the model hidden in blind mode until a pick) with what it took
//! (time to the first token, in all, tokens, estimated cost), its own Stop and
//! Retry, "Continue with this" (pressed on the answer the conversation goes on
//! with), and a box choosing it for "Continue separately"; then the reply. A
//! merge has the same, headed by what it merged. In the `compare` chunk.

use hearth_core::compare::{cost, cost_label, price_of};
use hearth_core::storage::MessageRecord;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::reply::assistant_message::AssistantMessage;
use crate::chat::state::comparing::pick;
use crate::chat::state::{ChatContext, EntryKind, ReplyStatus};
use crate::i18n::{Arg, tr, tr_with};

/// The answer `id` of a compare turn.
#[component]
pub(crate) fn CompareColumn(
    /// The reply's id.
    id: String,
    /// The column's letter; `None` for a merge.
    letter: Option<char>,
    /// Whether the models' names are hidden (a blind turn before its pick).
    #[prop(into)]
    names_hidden: Signal<bool>,
    /// The answers chosen for "Continue separately".
    selected: RwSignal<Vec<String>>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let id = StoredValue::new(id);
    let found = chat.entries.with_untracked(|entries| {
        entries.iter().find(|entry| id.with_value(|id| entry.id == *id)).and_then(|entry| match entry.kind {
            EntryKind::Assistant(view) => Some(view),
            _ => None,
        })
    });
    let Some(reply) = found else { return ().into_any() };
    let name = match letter {
        Some(letter) => answer_name(letter),
        None => tr("Merged answer").to_owned(),
    };
    // The buttons' names, which say which answer they act on.
    let stop_label = tr_with("chat-compare-stop-answer", &[("name", Arg::Text(&name))], || format!("Stop {name}"));
    let retry_label = tr_with("chat-compare-retry-answer", &[("name", Arg::Text(&name))], || format!("Retry {name}"));
    let continue_label =
        tr_with("chat-compare-continue-with-answer", &[("name", Arg::Text(&name))], || format!("Continue with {name}"));
    let choose_label = tr_with("chat-compare-choose-answer", &[("name", Arg::Text(&name))], || {
        format!("Choose {name} to continue separately")
    });
    let name = StoredValue::new(name);
    let working = move || id.with_value(|id| chat.working_on(id));
    // Whether the conversation goes on from this answer: it is on the path
    // shown (an empty attempt shown beside it is not).
    let continued = Memo::new(move |_| {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| {
                let Some(at) = entries.iter().position(|entry| id.with_value(|id| entry.id == *id)) else {
                    return false;
                };
                shown.get(at).copied().unwrap_or(false) && entries[at].node_key().is_some_and(|key| key.has_content)
            })
        })
    });
    let heading = move || {
        let model = reply.model.get();
        match names_hidden.get() || model.is_empty() {
            true => name.get_value(),
            false => format!("{} · {model}", name.get_value()),
        }
    };
    let credit = move || {
        reply.status.track();
        reply.record.with_value(|record| {
            (!record.merged_from.is_empty()).then(|| {
                let count = record.merged_from.len();
                let recipe = first_words(record.merge_recipe.as_deref().unwrap_or(""));
                tr_with(
                    "chat-compare-merge-credit",
                    &[("count", Arg::Number(count as f64)), ("recipe", Arg::Text(&recipe))],
                    || format!("Written from {count} answers with: “{recipe}”"),
                )
            })
        })
    };
    let stats = move || {
        let status = reply.status.get();
        if status == ReplyStatus::Streaming {
            return tr("Writing…").to_owned();
        }
        reply.usage.track();
        reply.record.with_value(|record| stats_of(record, names_hidden.get()))
    };
    let can_retry = move || {
        !working()
            && reply
                .status
                .with(|s| matches!(s, ReplyStatus::Failed(_) | ReplyStatus::Stopped | ReplyStatus::Interrupted))
    };
    // A stream that broke part-way left text, but no answer to go on from.
    let broken = move || reply.status.with(ReplyStatus::broke);
    let retry = move |_| {
        let id = id.get_value();
        spawn_local(async move { chat.regenerate(&id) });
    };
    let is_selected = move || selected.with(|chosen| id.with_value(|id| chosen.contains(id)));
    let toggle = move |_| {
        let id = id.get_value();
        selected.update(|chosen| match chosen.iter().position(|known| *known == id) {
            Some(at) => {
                chosen.remove(at);
            }
            None => chosen.push(id),
        });
    };
    view! {
        <div class="compare-column" class:merge=letter.is_none() id=column_dom_id(&id.get_value())>
            <header class="compare-head">
                <h2>{heading}</h2>
                {move || credit().map(|text| view! { <p class="merge-credit">{text}</p> })}
                <p class="compare-stats">{stats}</p>
                <div class="compare-column-actions">
                    <Show when=working>
                        <button
                            type="button"
                            class="stop"
                            aria-label=stop_label.clone()
                            on:click=move |_| id.with_value(|id| chat.stop_reply(id))
                        >
                            {tr("Stop")}
                        </button>
                    </Show>
                    <Show when=can_retry>
                        <button
                            type="button"
                            class="action"
                            aria-label=retry_label.clone()
                            on:click=retry
                        >
                            {tr("Retry")}
                        </button>
                    </Show>
                    <button
                        type="button"
                        class="action"
                        aria-label=continue_label
                        aria-pressed=move || if continued.get() { "true" } else { "false" }
                        disabled=move || working() || !reply.produced.get() || broken()
                        on:click=move |_| pick(chat, id.get_value())
                    >
                        {move || if continued.get() { tr("Continuing with this") } else { tr("Continue with this") }}
                    </button>
                    {letter
                        .map(|_| {
                            view! {
                                <label class="check" title=tr("Choose it for “Continue separately”")>
                                    <input
                                        type="checkbox"
                                        aria-label=choose_label
                                        prop:checked=is_selected
                                        on:change=toggle
                                    />
                                    {tr("Choose")}
                                </label>
                            }
                        })}
                </div>
            </header>
            <AssistantMessage id=id.get_value() reply in_column=true names_hidden />
        </div>
    }
    .into_any()
}

/// "1.2 s to first token · 4.8 s · 312 tokens · $0.0031" (the parts known;
/// no cost while the model is hidden, as the price would name it).
fn stats_of(record: &MessageRecord, hidden: bool) -> String {
    let seconds = |ms: u64| format!("{:.1} s", ms as f64 / 1000.0);
    let mut parts = Vec::new();
    if let Some(ms) = record.first_token_ms {
        let time = seconds(ms);
        parts.push(tr_with("chat-compare-first-token-time", &[("time", Arg::Text(&time))], || {
            format!("{time} to first token")
        }));
    }
    if let Some(ms) = record.total_ms {
        let time = seconds(ms);
        parts.push(tr_with("chat-compare-total-time", &[("time", Arg::Text(&time))], || format!("{time} in all")));
    }
    if let Some(usage) = record.usage {
        if let Some(output) = usage.output {
            parts.push(tr_with("chat-compare-output-tokens", &[("n", Arg::Number(output as f64))], || {
                format!("{output} tokens")
            }));
        }
        let price = record.model.as_deref().and_then(price_of).filter(|_| !hidden);
        if let (Some(price), Some(input), Some(output)) = (price, usage.input, usage.output) {
            let tokens = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
            let amount = cost_label(cost(price, tokens(input), tokens(output)));
            parts.push(tr_with("chat-compare-cost", &[("cost", Arg::Text(&amount))], || format!("about {amount}")));
        }
    }
    parts.join(" · ")
}

/// A column's name: "Answer B".
pub(crate) fn answer_name(letter: char) -> String {
    let letter_text = letter.to_string();
    tr_with("chat-compare-answer-name", &[("letter", Arg::Text(&letter_text))], || format!("Answer {letter}"))
}

/// The first words of a recipe, for the merge's credit.
fn first_words(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().take(8).collect();
    let more = text.split_whitespace().count() > words.len();
    format!("{}{}", words.join(" "), if more { "…" } else { "" })
}

/// The id of a column's element, for the phone's page bar.
pub(crate) fn column_dom_id(reply_id: &str) -> String {
    format!("answer-{reply_id}")
}
