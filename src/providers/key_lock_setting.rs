//! The Settings dialog's "API key lock" section: lock the stored API keys with
//! a passphrase (typed twice), change it or remove it (each with the current
//! passphrase);
//! while the keys are locked here, unlock them or "Forgot passphrase?".
//! The passphrase form is `KeyLockForm` (in `key_lock_setting/`).

mod key_lock_form;

use key_lock_form::KeyLockForm;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::dialogs::confirm;
use crate::providers::state::ProvidersContext;
use crate::providers::state::key_lock::{LockError, LockState};
use crate::providers::unlock_keys_dialog::forget_question;

/// The section; it reads and changes `ProvidersContext::lock`.
#[component]
pub(crate) fn KeyLockSetting() -> impl IntoView {
    let providers = ProvidersContext::expect();
    let lock = providers.lock;
    // Whether the form is open (else the buttons show), and whether it asks
    // for the passphrase to remove the lock (else a new one, typed twice, to
    // turn the lock on or change it). Two `bool` signals rather than a signal
    // of an enum, whose reactive code the app's wasm would carry once more.
    let form_open = RwSignal::new(false);
    let removing = RwSignal::new(false);
    let open_form = move |remove: bool| {
        removing.set(remove);
        form_open.set(true);
    };
    let first = RwSignal::new(String::new());
    let second = RwSignal::new(String::new());
    let current = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let status = RwSignal::new(String::new());
    let busy = RwSignal::new(false);
    let reset = move || {
        first.set(String::new());
        second.set(String::new());
        current.set(String::new());
        problem.set(None);
        form_open.set(false);
    };
    let finish = move |done: Result<(), LockError>, said: &'static str| match done {
        Ok(()) => {
            reset();
            status.set(said.to_owned());
        }
        Err(error) => problem.set(Some(error.to_string())),
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() || !form_open.get_untracked() {
            return;
        }
        let passphrase = first.get_untracked();
        let remove = removing.get_untracked();
        if !remove && passphrase != second.get_untracked() {
            problem.set(Some(tr("The two passphrases differ. Type the same passphrase twice.").to_owned()));
            return;
        }
        if passphrase.is_empty() {
            problem.set(Some(LockError::EmptyPassphrase.to_string()));
            return;
        }
        busy.set(true);
        problem.set(None);
        status.set(tr("Working…").to_owned());
        let was_on = lock.get_untracked().is_on();
        spawn_local(async move {
            if remove {
                finish(providers.remove_lock(passphrase).await, tr("Lock removed. API keys are stored unencrypted."));
            } else if was_on {
                let changed = providers.change_passphrase(current.get_untracked(), passphrase).await;
                finish(changed, tr("Passphrase changed."));
            } else {
                finish(providers.set_passphrase(passphrase).await, tr("API keys locked with your passphrase."));
            }
            if problem.get_untracked().is_some() {
                status.set(String::new());
            }
            busy.set(false);
        });
    };
    let forget = move |_| {
        if !confirm(forget_question()) {
            return;
        }
        busy.set(true);
        spawn_local(async move {
            finish(
                providers.forget_passphrase().await,
                tr("The locked API keys (and MCP servers' secrets) and the lock were removed."),
            );
            busy.set(false);
        });
    };
    let state_text = move || match lock.get() {
        LockState::Off => tr("API keys are stored unencrypted in this browser."),
        LockState::Locked(_) => tr("API keys are locked with a passphrase, and locked now."),
        LockState::Unlocked(_) => tr("API keys are locked with a passphrase, and unlocked while a Hearth tab is open."),
        LockState::Damaged(_) => {
            tr("The key lock cannot be opened. Use \u{201c}Forgot passphrase?\u{201d} to remove it.")
        }
    };
    // Which buttons fit: 0 no lock, 1 unlocked here, 2 locked (or damaged).
    let phase = move || {
        lock.with(|state| match state {
            LockState::Off => 0,
            LockState::Unlocked(_) => 1,
            LockState::Locked(_) | LockState::Damaged(_) => 2,
        })
    };
    view! {
        <section class="key-lock" aria-labelledby="key-lock-heading">
            <h3 id="key-lock-heading">{tr("API key lock")}</h3>
            <p class="hint">
                {tr(
                    "A passphrase encrypts the stored API keys (AES-GCM, PBKDF2-SHA-256, 600,000 iterations). It protects them at rest: in a copied browser profile or on a shared computer. It does not protect them from code running in this page, or while a Hearth tab is unlocked. The unlocked key is kept only in the memory of open Hearth tabs: Hearth asks again once none is open."
                )}
            </p>
            <p class="key-lock-state">{state_text}</p>
            // The buttons and the form stay mounted; the one not in use is hidden.
            <div class="key-lock-actions" hidden=move || form_open.get()>
                // Every button is there; those that do not fit the lock's state are hidden.
                <button type="button" on:click=move |_| open_form(false) disabled=busy hidden=move || phase() != 0>
                    {tr("Lock API keys with a passphrase")}
                </button>
                <button type="button" on:click=move |_| open_form(false) disabled=busy hidden=move || phase() != 1>
                    {tr("Change passphrase")}
                </button>
                <button type="button" on:click=move |_| open_form(true) disabled=busy hidden=move || phase() != 1>
                    {tr("Remove the lock")}
                </button>
                <button
                    type="button"
                    on:click=move |_| providers.unlock_open.set(true)
                    disabled=busy
                    hidden=move || phase() != 2
                >
                    {tr("Unlock API keys")}
                </button>
                <button type="button" class="danger" on:click=forget disabled=busy hidden=move || phase() != 2>
                    {tr("Forgot passphrase?")}
                </button>
            </div>
            <KeyLockForm
                open=form_open
                removing
                first
                second
                current
                problem
                busy
                on_submit=Callback::new(submit)
                on_cancel=Callback::new(move |()| reset())
            />
            // Not `role="status"`: the dialog's one status is the backup's.
            <p class="status" aria-live="polite">
                {move || status.get()}
            </p>
        </section>
    }
}
