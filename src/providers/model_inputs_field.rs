//! The provider form's "Reads besides text" choice: whether the model takes
//! images, PDFs and audio. "As known" follows what Hearth knows (its family's
//! documentation, the provider's model list, or a refusal it got), which the
//! hint names; the other choices are the user's word for this model id. What
//! it reads decides what a request carries: an image or PDF it does not read
//! goes as a short note (a PDF as its text), a voice note as its transcript.

use hearth_core::message::attachment::Accepts;
use hearth_core::provider::{InputsFrom, ModelInputs};
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::providers::state::ProviderEntry;

/// The choices, as `(value, label, what it means)`; each label is shown through `tr`.
const CHOICES: [(&str, &str, Option<Accepts>); 8] = [
    ("known", "As known", None),
    ("everything", "Images, PDFs and audio", Some(Accepts::ALL)),
    ("all", "Images and PDFs", Some(Accepts::VISUAL)),
    ("images", "Images", Some(Accepts::IMAGES)),
    ("pdfs", "PDFs", Some(Accepts { images: false, pdfs: true, audio: false })),
    ("images-audio", "Images and audio", Some(Accepts { images: true, pdfs: false, audio: true })),
    ("audio", "Audio", Some(Accepts { images: false, pdfs: false, audio: true })),
    ("text", "Text only", Some(Accepts::TEXT)),
];

/// The select and its hint.
#[component]
pub(crate) fn ModelInputsField(
    /// The account edited (its model, and what is stored about it).
    entry: Memo<Option<ProviderEntry>>,
    /// Called with what the user said (`None`: as known) about the current model.
    on_change: Callback<Option<ModelInputs>>,
) -> impl IntoView {
    let chosen = move || {
        entry.with(|e| match e.as_ref().map(ProviderEntry::accepts) {
            Some((accepts, InputsFrom::User)) => {
                CHOICES.iter().find(|(_, _, choice)| *choice == Some(accepts)).map_or("known", |(value, _, _)| value)
            }
            _ => "known",
        })
    };
    let hint = move || {
        entry.with(|e| {
            let Some(e) = e.as_ref() else { return String::new() };
            let (accepts, from) = e.accepts();
            let model = e.model.model.trim();
            let model = if model.is_empty() { tr("This model") } else { model };
            let (reads, reason) = (accepts.described(), tr(ModelInputs::reason(from)));
            let args = [("model", Arg::Text(model)), ("reads", Arg::Text(&reads)), ("reason", Arg::Text(reason))];
            tr_with("providers-model-reads", &args, || format!("{model} reads {reads}, {reason}."))
        })
    };
    let change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let Some((_, _, accepts)) = CHOICES.iter().find(|(choice, _, _)| *choice == value) else { return };
        let model = entry.with_untracked(|e| e.as_ref().map(|e| e.model.model.trim().to_owned())).unwrap_or_default();
        on_change.run(accepts.map(|accepts| ModelInputs { model, accepts, from: InputsFrom::User }));
    };
    view! {
        <label class="field">
            <span>{tr("Reads besides text")}</span>
            <select prop:value=chosen on:change=change aria-describedby="model-inputs-hint">
                {CHOICES
                    .iter()
                    .map(|(value, label, _)| view! { <option value=*value selected=move || chosen() == *value>{tr(label)}</option> })
                    .collect_view()}
            </select>
        </label>
        <p class="hint" id="model-inputs-hint">{hint}</p>
    }
}
