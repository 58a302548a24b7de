//! What an agent's replies may do beyond text, by default: search the web
//! with the provider's own search (with its limits), how hard a reasoning
//! model thinks, and whether the model may answer with pictures. The message
//! box starts each conversation's messages from these.

use hearth_core::agent::AgentRecord;
use hearth_core::contract::Effort;
use leptos::prelude::*;

use super::option_check::OptionCheck;
use crate::i18n::tr;
use crate::ui::text_field::TextField;

/// The efforts offered, by value (each label shown through `tr`).
const EFFORTS: [(&str, &str); 4] =
    [("", "The provider's default"), ("low", "Low"), ("medium", "Medium"), ("high", "High")];

/// The "Beyond text" fieldset of the agent editor.
#[component]
pub(crate) fn AgentReplyOptions(
    /// The draft edited.
    draft: RwSignal<AgentRecord>,
) -> impl IntoView {
    let options = move || draft.with(|agent| agent.options.clone());
    let domains = move |list: &[String]| list.join(", ");
    let parse_domains = |typed: &str| -> Vec<String> {
        typed.split([',', ' ', '\n']).map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned).collect()
    };
    let set_effort = move |ev: leptos::ev::Event| {
        let effort = match event_target_value(&ev).as_str() {
            "low" => Some(Effort::Low),
            "medium" => Some(Effort::Medium),
            "high" => Some(Effort::High),
            _ => None,
        };
        draft.update(|agent| agent.options.effort = effort);
    };
    view! {
        <fieldset class="agent-reply-options">
            <legend>{tr("Beyond text")}</legend>
            <OptionCheck
                label=tr("Search the web by default (the provider's own search, with sources)")
                checked=Signal::derive(move || options().web_search)
                set=Callback::new(move |on| draft.update(|agent| agent.options.web_search = on))
            />
            <TextField
                label=tr("Only these sites (search)")
                placeholder="example.com, docs.rs"
                verbatim=true
                value=Signal::derive(move || domains(&options().search_limits.allowed_domains))
                on_change=Callback::new(move |typed: String| {
                    draft.update(|agent| agent.options.search_limits.allowed_domains = parse_domains(&typed));
                })
            />
            <label class="field">
                <span>{tr("Reasoning effort")}</span>
                <select on:change=set_effort>
                    {EFFORTS
                        .into_iter()
                        .map(|(value, label)| {
                            view! {
                                <option
                                    value=value
                                    selected=move || options().effort.map_or("", Effort::as_str) == value
                                >
                                    {tr(label)}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <OptionCheck
                label=tr("Make images (the model may answer with pictures)")
                checked=Signal::derive(move || options().make_images)
                set=Callback::new(move |on| draft.update(|agent| agent.options.make_images = on))
            />
        </fieldset>
    }
}
