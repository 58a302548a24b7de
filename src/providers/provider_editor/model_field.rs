//! The model of the provider form: typed (Azure's deployment name), or picked
//! from the list a Test connection brought (shown once there is one). Each
//! model chosen learns what it reads when the list said so (OpenRouter's).

use hearth_core::provider::Preset;
use leptos::prelude::*;

use super::edited::EditedEntry;
use crate::i18n::tr;
use crate::ui::text_field::TextField;

/// The Model field, and "Available models" once a list is known.
#[component]
pub(crate) fn ModelField(
    /// The account edited.
    form: EditedEntry,
    /// The account's type (Azure names a deployment).
    preset: Memo<Preset>,
    /// The models the last Test connection listed (none: no picker).
    models: RwSignal<Vec<String>>,
    /// Called after a model was chosen (typed or picked), to learn what it reads.
    on_chosen: Callback<()>,
) -> impl IntoView {
    view! {
        <TextField
            label=move || if preset.get() == Preset::Azure { tr("Model (deployment name)") } else { tr("Model") }
            value=form.read(|e| e.model.model.clone())
            placeholder=move || preset.get().model_hint()
            verbatim=true
            on_change=Callback::new(move |model: String| {
                let model = model.trim().to_owned();
                form.edit(move |entry| entry.model.model = model);
                on_chosen.run(());
            })
        />
        <Show when=move || models.with(|m| !m.is_empty())>
            <label class="field">
                <span>{tr("Available models")}</span>
                <select on:change=move |ev| {
                    let model = event_target_value(&ev);
                    if !model.is_empty() {
                        form.edit(move |entry| entry.model.model = model);
                        on_chosen.run(());
                    }
                }>
                    <option value="">{tr("Pick a model…")}</option>
                    {move || {
                        models.get().into_iter().map(|model| view! { <option value=model.clone()>{model.clone()}</option> }).collect_view()
                    }}
                </select>
            </label>
        </Show>
    }
}
