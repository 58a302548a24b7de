//! Settings section "Long conversations": when a conversation is compacted
//! (a share of its model's context window), how many of the last turns stay
//! verbatim, and which account writes the summary. Stored as one setting
//! through the preferences context; a value that cannot be used is explained
//! under its field and stores nothing.

use hearth_core::compaction::{parse_keep_last, parse_threshold};
use leptos::prelude::*;

use crate::i18n::tr;
use crate::providers::state::ProvidersContext;
use crate::settings::state::PreferencesContext;
use crate::ui::text_field::TextField;

/// The select's value for "the conversation's own model".
const OWN_MODEL: &str = "";

/// The section. Takes no props: it edits the stored setting.
#[component]
pub(crate) fn LongConversationSettings() -> impl IntoView {
    let preferences = PreferencesContext::expect();
    let providers = ProvidersContext::expect();
    let settings = preferences.compaction;
    let threshold_problem = RwSignal::new(None::<String>);
    let keep_problem = RwSignal::new(None::<String>);
    let chosen = move || settings.with(|s| s.summary_model_config_id.clone().unwrap_or_default());
    // Each field follows only its own value, so storing one field leaves what
    // was typed into another (with its error) as it is.
    let threshold = Memo::new(move |_| settings.with(|s| s.threshold_percent));
    let keep_last = Memo::new(move |_| settings.with(|s| s.keep_last_turns));
    view! {
        <section class="settings-section" aria-labelledby="settings-long-conversations">
            <h3 id="settings-long-conversations">{tr("Long conversations")}</h3>
            <p class="hint">
                {tr("When a conversation fills its model's context window, the older turns are summarised. The first message and the last turns are sent as they are; every message stays stored and shown.")}
            </p>
            <div class="field-row">
                <div class="field-group">
                    <TextField
                        label=tr("Compact at (% of the context window)")
                        inputmode="numeric"
                        value=move || threshold.get().to_string()
                        error=threshold_problem
                        on_change=Callback::new(move |typed: String| match parse_threshold(&typed) {
                            Ok(percent) => {
                                threshold_problem.set(None);
                                preferences.update_compaction(|s| s.threshold_percent = percent);
                            }
                            Err(problem) => threshold_problem.set(Some(problem)),
                        })
                    />
                </div>
                <div class="field-group">
                    <TextField
                        label=tr("Keep the last N turns verbatim")
                        inputmode="numeric"
                        value=move || keep_last.get().to_string()
                        error=keep_problem
                        on_change=Callback::new(move |typed: String| match parse_keep_last(&typed) {
                            Ok(turns) => {
                                keep_problem.set(None);
                                preferences.update_compaction(|s| s.keep_last_turns = turns);
                            }
                            Err(problem) => keep_problem.set(Some(problem)),
                        })
                    />
                </div>
            </div>
            <label class="field">
                <span>{tr("Summarise with")}</span>
                <select on:change=move |ev| {
                    let picked = event_target_value(&ev);
                    preferences
                        .update_compaction(move |s| {
                            s.summary_model_config_id = Some(picked).filter(|id| id != OWN_MODEL);
                        });
                }>
                    <option value=OWN_MODEL selected=move || chosen().is_empty()>
                        {tr("The conversation's model")}
                    </option>
                    {move || {
                        providers
                            .list
                            .get()
                            .into_iter()
                            .map(|entry| {
                                let id = entry.model.id.clone();
                                let selected = {
                                    let id = id.clone();
                                    move || chosen() == id
                                };
                                view! {
                                    <option value=id selected=selected>
                                        {entry.label()}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
        </section>
    }
}
