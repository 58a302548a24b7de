//! The top bar's model control: which model the open conversation's next
//! reply comes from, and the way into the Providers dialog.
//!
//! It lists every account as "model · account". Choosing one makes it the
//! default model, which every agent without a model of its own runs on. When
//! the conversation's agent has its own model, the control shows that one and
//! is off, and says why: the agent's editor changes it. The agent menu beside
//! it names only the agent, so the two controls never say the same thing.

use leptos::prelude::*;

use crate::chat::state::ChatContext;
use crate::i18n::tr;
use crate::providers::state::ProvidersContext;
use crate::ui::icon::{Icon, IconName};

/// A select of every configured account, with the model's icon, or only the
/// way to add one; then the Providers button.
#[component]
pub(crate) fn ModelPicker() -> impl IntoView {
    let providers = ProvidersContext::expect();
    let chat = ChatContext::expect();
    // The conversation's agent, when it runs on an account of its own that exists.
    let own = Memo::new(move |_| {
        let id = chat.agent().model_config_id?;
        providers.list.with(|list| list.iter().find(|entry| entry.model.id == id).map(|entry| entry.id().to_owned()))
    });
    let chosen = move || {
        if let Some(entry) = own.get() {
            return entry;
        }
        let active = providers.active.get();
        providers.list.with(|list| {
            list.iter()
                .find(|entry| Some(entry.id()) == active.as_deref())
                .or_else(|| list.first())
                .map(|entry| entry.id().to_owned())
                .unwrap_or_default()
        })
    };
    view! {
        <div class="model-picker">
            <Show when=move || providers.list.with(|list| !list.is_empty())>
                <label class="model-control">
                    <Icon name=IconName::Cpu />
                    // Named "Model"; the title is its description. While it is off, the
                    // stylesheet writes "set by the agent" beside it.
                    <select
                        aria-label=tr("Model")
                        title=tr("The model that answers, for agents without their own (an agent's own: in Agents)")
                        prop:value=chosen
                        disabled=move || own.with(Option::is_some)
                        on:change=move |ev| providers.set_active(event_target_value(&ev))
                    >
                        <For
                            each=move || providers.list.get()
                            key=|entry| (entry.id().to_owned(), entry.model_first_label())
                            children=move |entry| {
                                let id = entry.id().to_owned();
                                let value = id.clone();
                                view! {
                                    <option value=value selected=move || chosen() == id>
                                        {entry.model_first_label()}
                                    </option>
                                }
                            }
                        />
                    </select>
                </label>
            </Show>
            // On a phone only the icon shows (CSS); the text stays its name.
            <button
                type="button"
                class="providers-button"
                title=tr("Providers")
                on:click=move |_| providers.dialog_open.set(true)
            >
                <Icon name=IconName::Key />
                <span class="button-label">{tr("Providers")}</span>
            </button>
        </div>
    }
}
