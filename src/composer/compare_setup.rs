//! The composer's Compare panel: which 2–4 columns (agent and model each; the
//! same twice is allowed) the next message goes to, blind mode with its tally
//! of picks on this device, and what the turn is estimated to cost, "≈ N× the
//! cost" of one answer by the conversation's agent. In the `compare` chunk.

use hearth_core::compare::{MAX_COLUMNS, MIN_COLUMNS, cost_multiple, multiple_label, price_of};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::ChatContext;
use crate::chat::state::comparing::{ColumnChoice, Setup, keep_setup, setup, tally};
use crate::composer::compare_choice::CompareChoice;
use crate::composer::continue_note::ContinueNote;
use crate::i18n::{Arg, tr, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::ui::icon::{Icon, IconName};

/// About how many tokens an answer is assumed to have, for the estimate.
const ANSWER_TOKENS: u32 = 500;

/// The Compare panel (see the module's header).
#[component]
pub(crate) fn CompareSetup() -> impl IntoView {
    let chat = ChatContext::expect();
    let providers = chat.providers;
    let agents = chat.agents;
    let first = setup();
    let start = if first.columns.len() >= MIN_COLUMNS { first } else { default_setup(chat) };
    let columns = RwSignal::new(start.columns);
    let blind = RwSignal::new(start.blind);
    Effect::new(move |_| keep_setup(Setup { columns: columns.get(), blind: blind.get() }));
    let tally_text = RwSignal::new(String::new());
    spawn_local(async move {
        let tally = tally(chat).await;
        let text =
            tally.entries().iter().map(|(model, wins)| format!("{model} {wins}")).collect::<Vec<_>>().join(" · ");
        tally_text.try_set(text);
    });
    // The model each column's request names, for the estimate.
    let model_of = move |choice: &ColumnChoice| {
        let agent = agents.get_or_general(&choice.agent_id);
        providers
            .entry_for(choice.model_config_id.as_deref().or(agent.model_config_id.as_deref()))
            .map(|entry| entry.model.model)
            .unwrap_or_default()
    };
    let estimate = move || {
        let usual = chat.account().and_then(|entry| price_of(&entry.model.model));
        let prices: Vec<_> = columns.with(|columns| columns.iter().map(|c| price_of(&model_of(c))).collect());
        let input = chat.context.with(|context| context.map_or(0, |(tokens, _)| tokens));
        multiple_label(cost_multiple(usual, &prices, input, ANSWER_TOKENS))
    };
    let add = move |_| {
        columns.update(|columns| {
            if columns.len() < MAX_COLUMNS {
                let next = columns.last().cloned().unwrap_or_else(|| current_choice(chat));
                columns.push(next);
            }
        });
    };
    let rows = move || {
        let count = columns.with(Vec::len);
        (0..count).map(|at| view! { <CompareChoice at columns removable={count > MIN_COLUMNS} /> }).collect_view()
    };
    view! {
        <fieldset class="compare-setup">
            <legend>{tr("Compare models")}</legend>
            <p class="hint">{tr("Your next message goes to each column; the answers stream side by side.")}</p>
            <ol class="compare-choices">{rows}</ol>
            <div class="compare-setup-actions">
                <button
                    type="button"
                    class="action"
                    disabled=move || columns.with(|c| c.len() >= MAX_COLUMNS)
                    on:click=add
                >
                    <Icon name=IconName::Plus />
                    {tr("Add a column")}
                </button>
                <label class="check">
                    <input type="checkbox" prop:checked=move || blind.get() on:change=move |_| blind.update(|b| *b = !*b) />
                    {tr("Blind: hide the models' names until I pick one")}
                </label>
                <span class="compare-cost" aria-live="polite" title=tr("Estimated from the conversation's length and listed prices")>
                    {estimate}
                </span>
                <button type="button" class="action" on:click=move |_| chat.compare_open.set(false)>
                    {tr("Stop comparing")}
                </button>
            </div>
            <Show when=move || tally_text.with(|t| !t.is_empty())>
                <p class="hint">
                    {move || {
                        let tally = tally_text.get();
                        tr_with("composer-compare-blind-picks", &[("tally", Arg::Text(&tally))], || {
                            format!("Blind picks on this device: {tally}")
                        })
                    }}
                </p>
            </Show>
        </fieldset>
    }
}

/// The conversation's agent on its own model.
fn current_choice(chat: ChatContext) -> ColumnChoice {
    ColumnChoice { agent_id: untrack(|| chat.agent().id), model_config_id: None }
}

/// Two columns to start with: the conversation's agent on its model, and on
/// the next model set up (the same one again when there is only one).
fn default_setup(chat: ChatContext) -> Setup {
    let first = current_choice(chat);
    let current = untrack(|| chat.account()).map(|entry| entry.model.id);
    let other = chat
        .providers
        .list
        .with_untracked(|list| list.iter().map(|entry| entry.model.id.clone()).find(|id| Some(id) != current.as_ref()));
    let second = ColumnChoice { agent_id: first.agent_id.clone(), model_config_id: other };
    Setup { columns: vec![first, second], blind: false }
}

/// The composer's part of comparing, from the `compare` chunk: the Compare
/// panel while it is open, and the note saying which answer the next message
/// follows after a compare turn.
#[wasm_split(compare, fallible)]
pub(crate) fn compare_composer_view() -> Result<AnyView, ChunkError> {
    let chat = ChatContext::expect();
    Ok(view! {
        <Show when=move || chat.compare_open.get()>
            <CompareSetup />
        </Show>
        <ContinueNote />
    }
    .into_any())
}
