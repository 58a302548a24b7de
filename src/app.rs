//! The page: the conversations sidebar, the top bar with the agent and model pickers,
//! the open conversation and the composer, plus the settings and providers
//! dialogs, the storage banner and the undo toast.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::agents::AgentsContext;
use crate::chat::{AppPreviewChoice, ChatContext};
use crate::components::agent_picker::AgentPicker;
use crate::components::agents_dialog::AgentsDialog;
use crate::components::app_preview::AppPreview;
use crate::components::composer::Composer;
use crate::components::conversation::Conversation;
use crate::components::model_picker::ModelPicker;
use crate::components::offline_indicator::OfflineIndicator;
use crate::components::out_of_date_dialog::OutOfDateDialog;
use crate::components::providers_dialog::ProvidersDialog;
use crate::components::session_bar::SessionBar;
use crate::components::settings_dialog::SettingsDialog;
use crate::components::sidebar::Sidebar;
use crate::components::storage_banner::StorageBanner;
use crate::components::tools_dialog::ToolsDialog;
use crate::components::undo_toast::UndoToast;
use crate::components::unlock_keys_dialog::UnlockKeysDialog;
use crate::components::update_prompt::UpdatePrompt;
use crate::network::NetworkContext;
use crate::preferences::PreferencesContext;
use crate::providers::ProvidersContext;
use crate::sessions::SessionsContext;
use crate::store::StoreContext;
use crate::tools::ToolsContext;
use crate::updates::{Hold, UpdatesContext};

/// The whole app.
#[component]
pub(crate) fn App() -> impl IntoView {
    // Below the others: each context above gets the ones it uses, and none
    // gets one above it (see ARCHITECTURE.md, "Who may call whom").
    let store = StoreContext::new();
    let providers = ProvidersContext::new(store);
    let agents = AgentsContext::new(store);
    let tools = ToolsContext::new(store, agents);
    let preferences = PreferencesContext::new(store);
    let sessions = SessionsContext::new(store);
    let chat = ChatContext::new(store, sessions, providers, tools, preferences);
    provide_context(NetworkContext::new());
    provide_context(store);
    provide_context(providers);
    provide_context(agents);
    provide_context(tools);
    provide_context(preferences);
    provide_context(sessions);
    provide_context(chat);
    // Updates: a reload the user asks for waits while a reply streams here.
    let updates = UpdatesContext::new();
    updates.hold_while(Hold::ReplyStreaming, chat.any_busy.into());
    provide_context(updates);
    let preview = AppPreviewChoice::new(chat, sessions.current);
    provide_context(preview);
    let has_app = Memo::new(move |_| preview.versions.with(|versions| !versions.is_empty()));
    spawn_local(start(store, providers, agents, tools, preferences, sessions));
    let sidebar_open = RwSignal::new(false);
    let settings_open = RwSignal::new(false);
    view! {
        <div class="app" class:sidebar-open=sidebar_open>
            <Sidebar open=sidebar_open />
            <div class="main">
                <header class="topbar">
                    <button
                        type="button"
                        class="sidebar-toggle"
                        aria-expanded=move || sidebar_open.get().to_string()
                        on:click=move |_| sidebar_open.update(|open| *open = !*open)
                    >
                        "Conversations"
                    </button>
                    <h1 class="brand">"Hearth"</h1>
                    <OfflineIndicator />
                    <AgentPicker />
                    <ModelPicker />
                    <button type="button" class="settings-button" on:click=move |_| agents.dialog_open.set(true)>
                        "Agents"
                    </button>
                    <button type="button" class="settings-button" on:click=move |_| tools.dialog_open.set(true)>
                        "Tools"
                    </button>
                    <button type="button" class="settings-button" on:click=move |_| settings_open.set(true)>
                        "Settings"
                    </button>
                </header>
                <StorageBanner />
                <SessionBar />
                <div class="workspace" class:with-app=move || preview.open.get() && has_app.get()>
                    <div class="chat-column">
                        <Conversation />
                        <Composer />
                    </div>
                    <AppPreview />
                </div>
            </div>
            <UndoToast />
            <UpdatePrompt />
            <OutOfDateDialog />
            <SettingsDialog open=settings_open />
            <ProvidersDialog />
            <ToolsDialog />
            <AgentsDialog />
            <UnlockKeysDialog />
        </div>
    }
}

/// Opens storage and loads everything; the app is usable (in memory) even when
/// storage fails. Other tabs are heard only once everything is loaded.
async fn start(
    store: StoreContext,
    providers: ProvidersContext,
    agents: AgentsContext,
    tools: ToolsContext,
    preferences: PreferencesContext,
    sessions: SessionsContext,
) {
    if store.open().await {
        providers.load().await;
        agents.load().await;
        tools.load().await;
        preferences.load().await;
        store.recover_interrupted().await;
        sessions.start().await;
        store.listen_to_other_tabs();
        spawn_local(store.index_every_word());
    }
    sessions.ready.set(true);
}
