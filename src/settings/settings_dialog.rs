//! Settings: generated titles, the stall timeout, images, long conversations
//! (compaction), the API key lock, sync, backup export and import (Hearth backups and
//! ChatGPT exports), and deleting all data.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::i18n::tr;
use crate::settings::language_setting::LanguageSetting;

use crate::chat::state::ChatContext;
use crate::io::dialogs::confirm;
use crate::io::files::read_bytes_in_steps;
use crate::providers::key_lock_setting::KeyLockSetting;
use crate::providers::state::ProvidersContext;
use crate::sessions::state::SessionsContext;
use crate::settings::image_hosts_setting::ImageHostsSetting;
use crate::settings::import_progress::ImportProgressBar;
use crate::settings::import_review::ImportReview;
use crate::settings::long_conversation_settings::LongConversationSettings;
use crate::settings::storage_usage::StorageUsage;
use crate::settings::voice_settings::VoiceSettingsSection;
use crate::store::StoreContext;
use crate::store::data::{DataError, ImportProgress};
use crate::sync::state::SyncContext;
use crate::sync::sync_settings::SyncSettings;
use crate::ui::lazy::{ChunkError, wasm_split};
use crate::ui::modal_dialog::ModalDialog;
use crate::ui::text_field::TextField;

/// The settings dialog.
#[component]
pub(crate) fn SettingsDialog(
    /// Whether the dialog is shown; closing the dialog (Close or Escape) sets
    /// it back to false.
    open: RwSignal<bool>,
) -> impl IntoView {
    let sessions = SessionsContext::expect();
    let store = StoreContext::expect();
    let chat = ChatContext::expect();
    let providers = ProvidersContext::expect();
    let sync = SyncContext::expect();
    let stall_problem = RwSignal::new(None::<String>);
    let include_keys = RwSignal::new(false);
    let status = RwSignal::new(String::new());
    let busy = RwSignal::new(false);
    let run = move |task: std::pin::Pin<Box<dyn std::future::Future<Output = Result<String, DataError>>>>| {
        busy.set(true);
        status.set(tr("Working…").into());
        spawn_local(async move {
            status.set(task.await.unwrap_or_else(|error| error.to_string()));
            busy.set(false);
        });
    };
    let export = move |_| run(Box::pin(async move { store.export_backup(include_keys.get_untracked()).await }));
    let pending = RwSignal::new(None);
    let progress = RwSignal::new(None::<ImportProgress>);
    let report = move |step| progress.set(Some(step));
    // The import field is disabled while an import is read, reviewed and done,
    // which takes the focus off it: once it is enabled again after a review,
    // the focus goes back to it.
    let import_field = NodeRef::<leptos::html::Input>::new();
    let refocus_import = RwSignal::new(false);
    Effect::new(move |_| {
        if !busy.get() && refocus_import.get_untracked() {
            refocus_import.set(false);
            request_animation_frame(move || {
                if let Some(field) = import_field.get_untracked() {
                    let _ = field.focus();
                }
            });
        }
    });
    let import = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(file) = input.files().and_then(|files| files.get(0)) else { return };
        input.set_value("");
        busy.set(true);
        status.set(tr("Reading the file…").into());
        spawn_local(async move {
            let prepared = match read_bytes_in_steps(&file).await {
                Ok(bytes) => store.prepare_import(bytes, report).await.map_err(|e| e.to_string()),
                Err(error) => Err(DataError::File(error).to_string()),
            };
            progress.set(None);
            match prepared {
                Ok(prepared) if prepared.is_empty() => {
                    status.set(prepared.done_message());
                    busy.set(false);
                }
                Ok(prepared) => {
                    status.set(tr("Review the import.").into());
                    pending.set(Some(prepared));
                }
                Err(error) => {
                    status.set(error);
                    busy.set(false);
                }
            }
        });
    };
    let decide = Callback::new(move |decision: Option<crate::store::data::PreparedImport>| {
        refocus_import.set(true);
        match decision {
            Some(prepared) => run(Box::pin(async move {
                let done = store.commit_import(prepared, report).await;
                progress.set(None);
                done
            })),
            None => {
                status.set(tr("Import cancelled. Nothing was changed.").into());
                busy.set(false);
            }
        }
    });
    let clear = move |_| {
        if confirm(tr("Delete all conversations, knowledge bases, settings and keys in this browser?")) {
            // Replies streaming now are stopped, and their last writes awaited, first,
            // so no late write brings them back.
            run(Box::pin(async move {
                chat.stop_all().await;
                // Sync stops first: nothing it fetched is written after the clear.
                sync.stop();
                store.clear_all().await?;
                // The knowledge bases' own database goes too (its worker stopped first).
                crate::io::knowledge::forget_all().await;
                Ok(tr("All data deleted.").to_owned())
            }));
        }
    };
    view! {
        <ModalDialog open on_close=Callback::new(move |()| open.set(false)) heading=tr("Settings")>
            <LanguageSetting />
            <label class="check">
                <input
                    type="checkbox"
                    prop:checked=move || sessions.auto_title.get()
                    on:change=move |ev| sessions.set_auto_title(event_target_checked(&ev))
                />
                {tr("Generate conversation titles with the model")}
            </label>
            <TextField
                label=tr("Give up on a reply after this many seconds without data")
                kind="number"
                min=1
                max=3600
                value=move || providers.stall_secs.get().to_string()
                error=stall_problem
                on_change=Callback::new(move |typed: String| match typed.trim().parse::<u32>() {
                    Ok(secs @ 1..=3600) => {
                        stall_problem.set(None);
                        providers.set_stall_secs(secs);
                    }
                    _ => stall_problem.set(Some(tr("Enter a whole number of seconds from 1 to 3600.").to_owned())),
                })
            />
            <ImageHostsSetting />
            <LongConversationSettings />
            <VoiceSettingsSection />
            <KeyLockSetting />
            <StorageUsage />
            <SyncSettings />
            <h3>{tr("Backup")}</h3>
            <p class="hint">{tr("Everything stays in this browser. A backup file restores it here or in another browser.")}</p>
            <label class="check">
                <input type="checkbox" bind:checked=include_keys />
                {tr("Include API keys in the backup")}
            </label>
            <button type="button" on:click=export disabled=busy>
                {tr("Export backup")}
            </button>
            <label class="file">
                {tr("Import a backup or a ChatGPT export (.zip or conversations.json)")}
                <input
                    type="file"
                    accept=".json,application/json,.zip,application/zip"
                    node_ref=import_field
                    on:change=import
                    disabled=busy
                />
            </label>
            <p class="status" role="status">{move || status.get()}</p>
            <ImportProgressBar progress />
            <h3>{tr("Danger zone")}</h3>
            <button type="button" class="danger" on:click=clear disabled=busy>
                {tr("Delete all data")}
            </button>
        </ModalDialog>
        <ImportReview pending on_decide=decide />
    }
}

/// The dialog, built by code from the `dialogs` chunk, loaded when a dialog first opens
/// (`LazyOnce` in `crate::app`).
#[wasm_split(dialogs, fallible)]
pub(crate) fn settings_dialog_view(open: RwSignal<bool>) -> Result<AnyView, ChunkError> {
    Ok(view! { <SettingsDialog open /> }.into_any())
}
