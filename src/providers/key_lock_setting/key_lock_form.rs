//! The key lock's form: a new passphrase typed twice (to turn the lock on, or
//! to change it, with the current one too), or the current passphrase alone
//! (to remove the lock). It stays mounted, hidden while not in use.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::providers::state::ProvidersContext;
use crate::ui::text_field::TextField;

/// The passphrase form of the "API key lock" section.
#[component]
pub(crate) fn KeyLockForm(
    /// Whether the form is in use (else hidden).
    open: RwSignal<bool>,
    /// Whether it asks for the passphrase to remove the lock (else a new one).
    removing: RwSignal<bool>,
    /// The passphrase typed first (the new one, or the current one to remove the lock).
    first: RwSignal<String>,
    /// The new passphrase typed again.
    second: RwSignal<String>,
    /// The current passphrase, when changing it.
    current: RwSignal<String>,
    /// Why the last submit did nothing, shown under the first field.
    problem: RwSignal<Option<String>>,
    /// Whether the lock is working (the buttons wait).
    busy: RwSignal<bool>,
    /// Locks, changes or removes, as the form asks.
    on_submit: Callback<leptos::ev::SubmitEvent>,
    /// Closes the form, forgetting what was typed.
    on_cancel: Callback<()>,
) -> impl IntoView {
    let lock = ProvidersContext::expect().lock;
    view! {
        <form class="key-lock-form" on:submit=move |ev| on_submit.run(ev) hidden=move || !open.get()>
            // Changing the passphrase asks for the current one too.
            <Show when=move || !removing.get() && lock.get().is_on()>
                <TextField
                    label=tr("Current passphrase")
                    kind="password"
                    autocomplete="current-password"
                    value=current
                    on_input=Callback::new(move |typed| current.set(typed))
                />
            </Show>
            <TextField
                label=move || {
                    if removing.get() {
                        tr("Current passphrase")
                    } else if lock.get().is_on() {
                        tr("New passphrase")
                    } else {
                        tr("Passphrase")
                    }
                }
                kind="password"
                autocomplete="new-password"
                value=first
                on_input=Callback::new(move |typed| first.set(typed))
                error=problem
            />
            <Show when=move || !removing.get()>
                <TextField
                    label=tr("Confirm passphrase")
                    kind="password"
                    autocomplete="new-password"
                    value=second
                    on_input=Callback::new(move |typed| second.set(typed))
                />
            </Show>
            <div class="dialog-actions">
                <button type="submit" class="primary" disabled=busy>
                    {move || {
                        if removing.get() {
                            tr("Remove the lock")
                        } else if lock.get().is_on() {
                            tr("Change passphrase")
                        } else {
                            tr("Lock API keys")
                        }
                    }}
                </button>
                <button type="button" on:click=move |_| on_cancel.run(()) disabled=busy>
                    {tr("Cancel")}
                </button>
            </div>
        </form>
    }
}
