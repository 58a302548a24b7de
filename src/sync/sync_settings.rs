//! Settings section "Sync": the server, database, user and password, end-to-end
//! encryption with its passphrase, Start and Stop, what sync is doing, when it
//! last finished, what is waiting, Check server's findings and the conflicts to
//! resolve. The configuration stays on this device. The progress line is
//! `SyncProgress` (in `sync_settings/`).

mod sync_progress;

use leptos::prelude::*;
use leptos::task::spawn_local;
use sync_progress::SyncProgress;

use crate::i18n::tr;
use crate::providers::state::ProvidersContext;
use crate::providers::state::key_lock::LockState;
use crate::sync::state::{Phase, SYNC_SETTING, SyncConfig, SyncContext, code};
use crate::sync::sync_check::SyncCheck;
use crate::sync::sync_conflicts::SyncConflicts;
use crate::sync::sync_unreadable::SyncUnreadable;
use crate::ui::text_field::TextField;

/// The section. Takes no props: it edits the stored configuration.
#[component]
pub(crate) fn SyncSettings() -> impl IntoView {
    let sync = SyncContext::expect();
    let providers = ProvidersContext::expect();
    let url = RwSignal::new(String::new());
    let db = RwSignal::new("hearth".to_owned());
    let user = RwSignal::new(String::new());
    let password = RwSignal::new(String::new());
    let e2e = RwSignal::new(false);
    // On by default while the API key lock is on, until sync is set up (a
    // stored choice wins).
    let configured = RwSignal::new(false);
    Effect::new(move |_| {
        if providers.lock.with(|lock| lock.is_on()) && !configured.get() {
            e2e.set(true);
        }
    });
    // The stored configuration fills the fields once read.
    spawn_local(async move {
        let stored = sync.store.setting(SYNC_SETTING).await.ok().flatten();
        if let Some(stored) = SyncConfig::from_value(stored.as_ref()) {
            configured.set(true);
            url.set(stored.url);
            if !stored.db.is_empty() {
                db.set(stored.db);
            }
            user.set(stored.user);
            // A sealed password is opened for the field while the lock is open here.
            let opened = match &stored.password_sealed {
                Some(sealed) => providers.open_secret(sealed).await.and_then(|bytes| String::from_utf8(bytes).ok()),
                None => Some(stored.password),
            };
            password.set(opened.unwrap_or_default());
            e2e.set(stored.e2e);
        }
    });
    let passphrase = RwSignal::new(String::new());
    let problem = RwSignal::new(None::<String>);
    let findings = RwSignal::new(None);
    let checking = RwSignal::new(false);
    let typed = move || SyncConfig {
        url: url.get_untracked().trim().to_owned(),
        db: db.get_untracked().trim().to_owned(),
        user: user.get_untracked().trim().to_owned(),
        password: password.get_untracked(),
        password_sealed: None,
        e2e: e2e.get_untracked(),
        on: false,
    };
    // With the API key lock on, the password is stored sealed with it (never
    // in plain text): `Err` when the lock is on but closed in this tab.
    let at_rest = move |mut config: SyncConfig| async move {
        if providers.lock.get_untracked().is_on() && !config.password.is_empty() {
            config.password_sealed =
                Some(providers.seal_secret(config.password.as_bytes()).await.map_err(|_| {
                    tr("Unlock your API keys first: the key lock seals the sync password too.").to_owned()
                })?);
            config.password = String::new();
        }
        Ok::<_, String>(config)
    };
    // A lock set while this section is open seals a password stored plain.
    Effect::new(move |_| {
        if matches!(providers.lock.get(), LockState::Unlocked(_)) {
            spawn_local(async move {
                let stored = sync.store.setting(SYNC_SETTING).await.ok().flatten();
                if let Some(config) = SyncConfig::from_value(stored.as_ref())
                    && !config.password.is_empty()
                    && let Ok(sealed) = at_rest(config).await
                {
                    sync.store.put_setting(SYNC_SETTING, sealed.to_value());
                }
            });
        }
    });
    let running = move || !matches!(sync.phase.get(), Phase::Off | Phase::Refused(_));
    let start = move |_| {
        let config = SyncConfig { on: true, ..typed() };
        if config.url.is_empty() || config.db.is_empty() {
            problem.set(Some(tr("Enter the server's address and the database's name.").to_owned()));
            return;
        }
        if !(config.url.starts_with("https://") || config.url.starts_with("http://")) {
            problem.set(Some(
                tr("The address starts with https:// (or http:// for a server on this machine).").to_owned(),
            ));
            return;
        }
        if config.e2e && passphrase.get_untracked().is_empty() {
            problem.set(Some(
                tr("Type the sync passphrase: it encrypts everything before it leaves this device.").to_owned(),
            ));
            return;
        }
        problem.set(None);
        let typed = Some(passphrase.get_untracked()).filter(|typed| !typed.is_empty());
        spawn_local(async move {
            match at_rest(config).await {
                Ok(config) => {
                    let value = config.to_value();
                    sync.store.put_setting(SYNC_SETTING, value.clone());
                    sync.start(value, typed);
                }
                Err(why) => problem.set(Some(why)),
            }
        });
    };
    let stop = move |_| stop_sync(sync);
    let check = move |_| {
        checking.set(true);
        findings.set(None);
        let config = typed();
        spawn_local(async move {
            let found = match code::load().await {
                Ok(code) => Ok((code.check)(config).await),
                Err(error) => Err(error),
            };
            findings.set(Some(found));
            checking.set(false);
        });
    };
    view! {
        <section class="settings-section sync-settings" aria-labelledby="settings-sync">
            <h3 id="settings-sync">{tr("Sync")}</h3>
            <p class="hint">
                {tr("Sync your conversations, agents, settings and knowledge bases across devices through your own CouchDB server. API keys are never synced. The guide shows how to set up a server.")}
            </p>
            <TextField label=tr("Server address") kind="url" value=move || url.get() on_input=Callback::new(move |t| url.set(t)) verbatim=true autocomplete="url" placeholder="https://couch.example.org" />
            <TextField label=tr("Database") value=move || db.get() on_input=Callback::new(move |t| db.set(t)) verbatim=true autocomplete="off" />
            <TextField label=tr("User name") value=move || user.get() on_input=Callback::new(move |t| user.set(t)) verbatim=true autocomplete="username" />
            <TextField label=tr("Password") kind="password" value=move || password.get() on_input=Callback::new(move |t| password.set(t)) autocomplete="current-password" />
            <label class="check">
                <input type="checkbox" bind:checked=e2e />
                {tr("Encrypt end to end with a sync passphrase")}
            </label>
            <Show when=move || e2e.get()>
                <TextField label=tr("Sync passphrase") kind="password" value=move || passphrase.get() on_input=Callback::new(move |t| passphrase.set(t)) autocomplete="off" />
                <p class="hint">
                    {tr("Use the same passphrase on every device. The server then stores only encrypted documents; a lost passphrase cannot be recovered, and the server's copy stays unreadable.")}
                </p>
            </Show>
            <p class="field-error" role="alert">{move || problem.get()}</p>
            <div class="button-row">
                <Show
                    when=running
                    fallback=move || view! { <button type="button" class="primary" on:click=start>{tr("Start sync")}</button> }
                >
                    <button type="button" on:click=stop>{tr("Stop sync")}</button>
                </Show>
                <button type="button" on:click=check disabled=checking>{tr("Check server")}</button>
            </div>
            <SyncProgress />
            <SyncCheck findings checking />
            <SyncConflicts />
            <SyncUnreadable />
        </section>
    }
}

/// Stops sync and stores that it is off. Only `on` changes: the stored
/// password stays as it is stored.
fn stop_sync(sync: SyncContext) {
    sync.stop();
    spawn_local(async move {
        let stored = sync.store.setting(SYNC_SETTING).await.ok().flatten();
        if let Some(config) = SyncConfig::from_value(stored.as_ref()) {
            sync.store.put_setting(SYNC_SETTING, SyncConfig { on: false, ..config }.to_value());
        }
    });
}
