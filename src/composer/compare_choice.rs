//! One column of the Compare panel: its agent and model (the agent's own, or
//! any model set up), and Remove.

use hearth_core::compare::{MIN_COLUMNS, column_letter};
use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::chat::state::comparing::ColumnChoice;
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::icon::{Icon, IconName};

/// One column's choice: its agent and model, and Remove.
#[component]
pub(crate) fn CompareChoice(
    /// The column's position.
    at: usize,
    /// Every column's choice.
    columns: RwSignal<Vec<ColumnChoice>>,
    /// Whether Remove is offered (not below two columns).
    removable: bool,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let letter = column_letter(at);
    let choice = move || columns.with(|columns| columns.get(at).cloned());
    let set_agent = move |value: String| {
        columns.update(|columns| {
            if let Some(column) = columns.get_mut(at) {
                column.agent_id = value;
            }
        });
    };
    let set_model = move |value: String| {
        columns.update(|columns| {
            if let Some(column) = columns.get_mut(at) {
                column.model_config_id = Some(value).filter(|v| !v.is_empty());
            }
        });
    };
    let agents = move || {
        let selected = choice().map(|c| c.agent_id).unwrap_or_default();
        chat.agents.list.with(|list| {
            list.iter()
                .map(|agent| {
                    let id = agent.id.clone();
                    let is = id == selected;
                    view! { <option value=id selected=is>{agent.name.clone()}</option> }
                })
                .collect_view()
        })
    };
    let models = move || {
        let selected = choice().and_then(|c| c.model_config_id).unwrap_or_default();
        chat.providers.list.with(|list| {
            list.iter()
                .map(|entry| {
                    let id = entry.model.id.clone();
                    let is = id == selected;
                    view! { <option value=id selected=is>{entry.model_first_label()}</option> }
                })
                .collect_view()
        })
    };
    view! {
        <li class="compare-choice">
            <span class="compare-letter" aria-hidden="true">{letter.to_string()}</span>
            <select
                aria-label=tr_with("composer-column-agent", &[("letter", Arg::Text(&letter.to_string()))], || {
                    format!("Agent of column {letter}")
                })
                on:change=move |ev| set_agent(event_target_value(&ev))
            >
                {agents}
            </select>
            <select
                aria-label=tr_with("composer-column-model", &[("letter", Arg::Text(&letter.to_string()))], || {
                    format!("Model of column {letter}")
                })
                on:change=move |ev| set_model(event_target_value(&ev))
            >
                <option value="" selected=move || choice().is_some_and(|c| c.model_config_id.is_none())>
                    {tr("The agent's model")}
                </option>
                {models}
            </select>
            <Show when=move || removable>
                <button
                    type="button"
                    class="icon-button action"
                    aria-label=tr_with("composer-column-remove", &[("letter", Arg::Text(&letter.to_string()))], || {
                        format!("Remove column {letter}")
                    })
                    on:click=move |_| {
                        columns.update(|columns| {
                            if columns.len() > MIN_COLUMNS && at < columns.len() {
                                columns.remove(at);
                            }
                        });
                    }
                >
                    <Icon name=IconName::Close />
                </button>
            </Show>
        </li>
    }
}
