//! The page: the conversations sidebar (navigation), the top bar (banner), the
//! open conversation (main) and the composer (a form), plus the settings and providers
//! dialogs, the storage banner and the undo toast.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::agents::AgentsContext;
use crate::chat::{AppPreviewChoice, ChatContext};
use crate::components::agents_dialog::AgentsDialog;
use crate::components::app_preview::AppPreview;
use crate::components::composer::{Composer, ComposerDraft};
use crate::components::conversation::Conversation;
use crate::components::conversation_not_found::ConversationNotFound;
use crate::components::out_of_date_dialog::OutOfDateDialog;
use crate::components::providers_dialog::ProvidersDialog;
use crate::components::session_bar::SessionBar;
use crate::components::settings_dialog::SettingsDialog;
use crate::components::shortcuts_dialog::ShortcutsDialog;
use crate::components::sidebar::Sidebar;
use crate::components::storage_banner::StorageBanner;
use crate::components::tools_dialog::ToolsDialog;
use crate::components::top_bar::TopBar;
use crate::components::undo_toast::UndoToast;
use crate::components::unlock_keys_dialog::UnlockKeysDialog;
use crate::components::update_prompt::UpdatePrompt;
use crate::network::NetworkContext;
use crate::preferences::PreferencesContext;
use crate::providers::ProvidersContext;
use crate::sessions::SessionsContext;
use crate::shortcuts::Shortcuts;
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
    provide_context(ComposerDraft::new());
    spawn_local(start(store, providers, agents, tools, preferences, sessions));
    let sidebar_open = RwSignal::new(false);
    let settings_open = RwSignal::new(false);
    // Keyboard shortcuts and their help (nav, issue 16).
    let shortcuts = Shortcuts::new(store, settings_open, sidebar_open);
    shortcuts.listen();
    view! {
        <div class="app" class:sidebar-open=sidebar_open class:sidebar-hidden=shortcuts.sidebar_hidden>
            <Sidebar open=sidebar_open />
            <div class="main">
                <TopBar sidebar_open settings_open sidebar_hidden=shortcuts.sidebar_hidden />
                <StorageBanner />
                <SessionBar />
                <div class="workspace" class:with-app=move || preview.open.get() && has_app.get()>
                    <div class="chat-column">
                        // An address naming no stored conversation (nav, issue 16): "not found".
                        <Show when=move || sessions.not_found.with(Option::is_none) fallback=ConversationNotFound>
                            <Conversation />
                        </Show>
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
            <ShortcutsDialog shortcuts />
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
