//! The API key field of the provider form. A key belongs to the origin it was
//! entered for (a new base URL at another origin removes it, and `notice`
//! says so). While the keys are locked a typed key could not be sealed (it
//! would be dropped on save): the field says "Locked" and offers to unlock
//! instead, for every provider.

use hearth_core::provider::Preset;
use leptos::prelude::*;

use super::edited::EditedEntry;
use crate::i18n::tr;
use crate::providers::state::key_lock::LockState;
use crate::ui::text_field::TextField;

/// The API key of the account edited, or "Locked" with "Unlock your API keys".
#[component]
pub(crate) fn ApiKeyField(
    /// The account edited.
    form: EditedEntry,
    /// The account's type (whether a key is required).
    preset: Memo<Preset>,
    /// Why the key was removed, when a new base URL removed it; cleared when
    /// a key is typed.
    notice: RwSignal<Option<String>>,
) -> impl IntoView {
    let providers = form.providers;
    let entry = form.entry;
    let key_locked = Memo::new(move |_| {
        entry.with(|e| e.as_ref().is_some_and(|e| e.provider.key_is_locked()))
            || matches!(providers.lock.get(), LockState::Locked(_))
    });
    view! {
        <Show
            when=move || !key_locked.get()
            fallback=move || {
                view! {
                    // While locked the key is not in memory: nothing to show or leak.
                    <div class="field key-locked">
                        <span id="api-key-locked-label">{tr("API key")}</span>
                        <p aria-labelledby="api-key-locked-label">{tr("Locked")}</p>
                        <button type="button" on:click=move |_| providers.unlock_open.set(true)>
                            {tr("Unlock your API keys")}
                        </button>
                    </div>
                }
            }
        >
            <TextField
                label=tr("API key")
                kind="password"
                value=form.read(|e| e.provider.api_key.clone())
                placeholder=move || if preset.get().needs_key() { tr("Required") } else { tr("Optional for local servers") }
                autocomplete="off"
                verbatim=true
                notice
                on_change=Callback::new(move |key: String| {
                    let key = key.trim().to_owned();
                    notice.set(None);
                    form.edit(move |entry| entry.provider.set_key(key));
                })
            />
        </Show>
    }
}
