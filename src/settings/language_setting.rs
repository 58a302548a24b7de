//! Settings → Language: the interface's language on this device. The choice
//! applies when the page reloads (the Apply button reloads it), so nothing
//! reloads while a keyboard user moves through the list.

use hearth_core::i18n::{LANGUAGES, negotiate};
use leptos::prelude::*;

use crate::i18n::{Arg, current, failure, tr, tr_with};
use crate::io::language;
use crate::offline::state::updates::UpdatesContext;

/// The language field with its Apply button. Takes no props: it edits this
/// device's choice.
#[component]
pub(crate) fn LanguageSetting() -> impl IntoView {
    let chosen = language::chosen().unwrap_or_default();
    let picked = RwSignal::new(chosen.clone());
    let automatic = negotiate(&language::preferred());
    let automatic_label = tr_with("language-automatic", &[("name", Arg::Text(automatic.name))], || {
        format!("Automatic ({})", automatic.name)
    });
    let refused = RwSignal::new(false);
    // What a reload now would lose (a reply streaming, a message typed and not sent) keeps it
    // waiting: the choice is kept, and applies at the next load.
    let updates = UpdatesContext::expect();
    let held = RwSignal::new(false);
    let apply = move |_| {
        let tag = picked.get_untracked();
        if !language::choose((!tag.is_empty()).then_some(tag.as_str())) {
            refused.set(true);
        } else if updates.hold().is_some() {
            held.set(true);
        } else {
            language::reload();
        }
    };
    let changed = move || picked.get() != chosen;
    view! {
        <div class="language-setting">
            <label class="field">
                <span>{tr("Language")}</span>
                <select on:change=move |ev| picked.set(event_target_value(&ev))>
                    <option value="" selected=picked.get_untracked().is_empty()>
                        {automatic_label}
                    </option>
                    {LANGUAGES
                        .iter()
                        .map(|language| {
                            let selected = picked.get_untracked() == language.tag;
                            view! {
                                <option value=language.tag selected=selected lang=language.tag>
                                    {language.name}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <button type="button" disabled=move || !changed() on:click=apply>
                {tr("Apply and reload")}
            </button>
        </div>
        <p class="hint">
            {tr("The interface's language on this device. What you and the models write is never translated.")}
        </p>
        {failure()
            .map(|why| {
                let why = why.to_string();
                let shown = current().name;
                view! {
                    <p class="field-error" role="alert">
                        {tr_with("language-failed", &[("name", Arg::Text(shown)), ("why", Arg::Text(&why))], || {
                            format!("The chosen language could not be loaded, so {shown} is shown: {why}")
                        })}
                    </p>
                }
            })}
        <Show when=move || held.get()>
            <p class="field-error" role="alert">
                {tr("Not reloaded now: a reply is still coming or a message is not sent. The language applies the next time Hearth opens, or press Apply again once they are done.")}
            </p>
        </Show>
        <Show when=move || refused.get()>
            <p class="field-error" role="alert">
                {tr("This browser would not keep the choice (its storage is blocked or full).")}
            </p>
        </Show>
    }
}
