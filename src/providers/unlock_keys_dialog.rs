//! The prompt for the passphrase of the locked API keys: shown at start when
//! the keys are locked (when no open tab has them unlocked), and from "Unlock your API
//! keys" buttons. Unlock, Not now (the keys stay locked), or "Forgot
//! passphrase?", which removes the locked keys and the lock after a
//! confirmation that says exactly what goes.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::dialogs::confirm;
use crate::providers::state::ProvidersContext;
use crate::providers::state::key_lock::LockState;
use crate::ui::modal_dialog::ModalDialog;
use crate::ui::text_field::TextField;

/// What "Forgot passphrase?" asks before it removes anything.
pub(crate) fn forget_question() -> &'static str {
    tr(
        "Remove the locked API keys and the passphrase lock? Every provider's API key, and every MCP server's header values, client secret and sign-in, are deleted from this browser: you enter them again under Providers and Tools. Conversations, agents, tools and the providers' other settings stay.",
    )
}

/// The unlock prompt; opens when `ProvidersContext::unlock_open` is set.
#[component]
pub(crate) fn UnlockKeysDialog() -> impl IntoView {
    let providers = ProvidersContext::expect();
    let open = providers.unlock_open;
    let passphrase = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let busy = RwSignal::new(false);
    let close = move || {
        passphrase.set(String::new());
        error.set(None);
        open.set(false);
    };
    let unlock = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        error.set(None);
        let typed = passphrase.get_untracked();
        spawn_local(async move {
            match providers.unlock(typed).await {
                Ok(()) => close(),
                Err(problem) => error.set(Some(problem.to_string())),
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
            match providers.forget_passphrase().await {
                Ok(()) => close(),
                Err(problem) => error.set(Some(problem.to_string())),
            }
            busy.set(false);
        });
    };
    let damaged = move || matches!(providers.lock.get(), LockState::Damaged(_));
    view! {
        <ModalDialog
            open
            on_close=Callback::new(move |()| close())
            heading=tr("Unlock your API keys")
            class="unlock-keys"
            close_button=false
        >
            <p class="hint">
                {tr("Your API keys are locked with a passphrase. Enter it to use them while Hearth is open.")}
            </p>
            <form class="unlock-form" on:submit=unlock>
                <TextField
                    label=tr("Passphrase")
                    kind="password"
                    autocomplete="current-password"
                    value=passphrase
                    on_input=Callback::new(move |typed| passphrase.set(typed))
                    error=error
                    disabled=Signal::derive(damaged)
                />
                <div class="dialog-actions">
                    <button type="submit" class="primary" disabled=move || busy.get() || damaged()>
                        {move || if busy.get() { tr("Unlocking…") } else { tr("Unlock") }}
                    </button>
                    <button type="button" on:click=move |_| close()>
                        {tr("Not now")}
                    </button>
                    <button type="button" class="link danger" on:click=forget disabled=busy>
                        {tr("Forgot passphrase?")}
                    </button>
                </div>
            </form>
        </ModalDialog>
    }
}
