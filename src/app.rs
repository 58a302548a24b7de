//! The page: the conversations sidebar (navigation), the top bar (banner), the
//! open conversation (main) and the composer (a form), plus the settings and providers
//! dialogs, the storage banner and the undo toast.
//!
//! `App` makes the contexts bottom first (each is handed only those below it)
//! and provides them. `start` then opens storage, loads the providers, agents,
//! tools and preferences while it marks replies whose tab died and reads the
//! sessions' list, then opens the conversation in the address, and reads
//! everything again if another tab changed something meanwhile; the app stays
//! usable in memory when storage fails.

pub(crate) mod top_bar;

use hearth_core::agent::AgentKind;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::agents::agents_dialog::agents_dialog_view;
use crate::agents::state::AgentsContext;
use crate::app::top_bar::TopBar;
use crate::apps::app_preview::{app_preview_view, preload_app_preview};
use crate::apps::state::AppPreviewChoice;
use crate::chat::conversation::Conversation;
use crate::chat::conversation_not_found::ConversationNotFound;
use crate::chat::session_bar::SessionBar;
use crate::chat::state::ChatContext;
use crate::composer::composer::Composer;
use crate::composer::state::ComposerDraft;
use crate::knowledge::knowledge_dialog::knowledge_dialog_view;
use crate::knowledge::passage_viewer::passage_viewer_view;
use crate::knowledge::state::KnowledgeContext;
use crate::mcp::mcp_picker::mcp_picker_view;
use crate::mcp::state::McpContext;
use crate::offline::out_of_date_dialog::OutOfDateDialog;
use crate::offline::state::network::NetworkContext;
use crate::offline::state::updates::{Hold, UpdatesContext};
use crate::offline::storage_banner::StorageBanner;
use crate::offline::update_prompt::UpdatePrompt;
use crate::providers::providers_dialog::providers_dialog_view;
use crate::providers::state::ProvidersContext;
use crate::providers::unlock_keys_dialog::UnlockKeysDialog;
use crate::sessions::sidebar::Sidebar;
use crate::sessions::state::SessionsContext;
use crate::sessions::undo_toast::UndoToast;
use crate::settings::settings_dialog::settings_dialog_view;
use crate::settings::state::PreferencesContext;
use crate::shortcuts::shortcuts_dialog::shortcuts_dialog_view;
use crate::shortcuts::state::Shortcuts;
use crate::store::StoreContext;
use crate::sync::state::SyncContext;
use crate::tools::state::ToolsContext;
use crate::tools::tools_dialog::tools_dialog_view;
use crate::ui::lazy_once::LazyOnce;

/// The whole app.
#[component]
pub(crate) fn App() -> impl IntoView {
    // Below the others: each context above gets the ones it uses, and none
    // gets one above it (see ARCHITECTURE.md, "Who may call whom").
    crate::io::viewport::track_visual_height();
    let store = StoreContext::new();
    let providers = ProvidersContext::new(store);
    let agents = AgentsContext::new(store);
    let mcp = McpContext::new(store, providers);
    let knowledge = KnowledgeContext::new(providers);
    let tools = ToolsContext::new(store, agents, mcp, knowledge);
    let preferences = PreferencesContext::new(store);
    let sessions = SessionsContext::new(store);
    let chat = ChatContext::new(store, sessions, providers, tools, preferences);
    provide_context(NetworkContext::new());
    provide_context(store);
    provide_context(providers);
    provide_context(agents);
    provide_context(mcp);
    provide_context(knowledge);
    provide_context(tools);
    provide_context(preferences);
    provide_context(sessions);
    provide_context(chat);
    let sync = SyncContext::new(store, providers);
    provide_context(sync);
    // Updates: a reload the user asks for waits while a reply streams here.
    let updates = UpdatesContext::new();
    updates.hold_while(Hold::ReplyStreaming, chat.any_busy.into());
    provide_context(updates);
    let preview = AppPreviewChoice::new(chat, sessions.current);
    provide_context(preview);
    let has_app = Memo::new(move |_| preview.versions.with(|versions| !versions.is_empty()));
    // An app agent's conversation is where a preview will show: its chunk loads
    // ahead, so the preview opens with the app, in the same frame.
    let app_agent = Memo::new(move |_| chat.agent().kind == AgentKind::App);
    Effect::new(move |_| {
        if app_agent.get() {
            spawn_local(async move {
                let _ = preload_app_preview().await;
            });
        }
    });
    let draft = ComposerDraft::new();
    provide_context(draft);
    spawn_local(start(store, providers, agents, tools, preferences, sessions, sync));
    // Files left waiting (a reload in the middle of reading) are read on: the
    // worker starts only where knowledge bases exist.
    spawn_local(async move {
        if crate::io::knowledge::exists().await
            && let Ok(code) = crate::knowledge::state::code::knowledge_code().await
        {
            (code.connect)(knowledge).await;
        }
    });
    // Whether an MCP server is on: the composer then offers their prompts and resources.
    Effect::new(move |_| {
        if sessions.ready.get() {
            spawn_local(mcp.note_servers());
        }
    });
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
                    // Its code is in a chunk, loaded when a conversation first has an app.
                    <LazyOnce when=has_app load=app_preview_view />
                </div>
            </div>
            <UndoToast />
            <UpdatePrompt />
            <OutOfDateDialog />
            // The dialogs' code is in a chunk, loaded when the first of them opens.
            <LazyOnce
                when=settings_open
                on_close=closes(settings_open)
                load=move || settings_dialog_view(settings_open)
            />
            <LazyOnce
                when=providers.dialog_open
                on_close=closes(providers.dialog_open)
                load=providers_dialog_view
            />
            <LazyOnce
                when=tools.dialog_open
                on_close=closes(tools.dialog_open)
                load=tools_dialog_view
            />
            <LazyOnce
                when=knowledge.dialog_open
                on_close=closes(knowledge.dialog_open)
                load=knowledge_dialog_view
            />
            <LazyOnce when=knowledge.viewer_open load=passage_viewer_view />
            <LazyOnce
                when=mcp.picker_open
                on_close=closes(mcp.picker_open)
                load=mcp_picker_view
            />
            <LazyOnce
                when=agents.dialog_open
                on_close=closes(agents.dialog_open)
                load=agents_dialog_view
            />
            <LazyOnce
                when=shortcuts.help_open
                on_close=closes(shortcuts.help_open)
                load=move || shortcuts_dialog_view(shortcuts)
            />
            <UnlockKeysDialog />
            // What a shortcut did ("Sidebar hidden"), announced.
            <p class="shortcut-note" role="status">
                {move || shortcuts.said.get()}
            </p>
        </div>
    }
}

/// Closes a dialog (`open` back to false): what a dialog whose chunk failed to
/// load offers as Close.
fn closes(open: RwSignal<bool>) -> Callback<()> {
    Callback::new(move |()| open.set(false))
}

/// Opens storage and loads everything; the app is usable (in memory) even when
/// storage fails. Other tabs' changes are heard from the open on; any made
/// before everything is loaded has everything read again.
async fn start(
    store: StoreContext,
    providers: ProvidersContext,
    agents: AgentsContext,
    tools: ToolsContext,
    preferences: PreferencesContext,
    sessions: SessionsContext,
    sync: SyncContext,
) {
    if store.open().await {
        // Other tabs' changes are heard from now on; if any comes while this
        // reads, everything is read again once it has.
        store.listen_to_other_tabs();
        // Each reads its own stores, all at once: the reads wait on the
        // database, not on each other, and the sidebar shows as soon as the
        // list is read. The list is read after the interrupted replies are
        // marked, which may change their conversations' records.
        let list = async move {
            store.recover_interrupted().await;
            sessions.load_list().await;
            after_paint().await;
            sessions.painted.set(true);
        };
        let loads: [futures::future::LocalBoxFuture<'static, ()>; 5] = [
            Box::pin(providers.load(false)),
            Box::pin(agents.load()),
            Box::pin(tools.load()),
            Box::pin(preferences.load()),
            Box::pin(list),
        ];
        futures::future::join_all(loads).await;
        sessions.follow();
        store.loaded().await;
        spawn_local(store.index_every_word());
        // Sync's code loads only when it is on.
        spawn_local(sync.load());
    } else {
        sessions.painted.set(true);
    }
    sessions.ready.set(true);
}

/// Resolves once the frame that shows the list is painted (a task queued
/// from its animation callback runs after its paint): the rest of the
/// sidebar's rows come after it, while the rest is read. A hidden tab has no
/// frames: its 100 ms timeout comes instead (which a browser may delay to a
/// second or so).
async fn after_paint() {
    crate::io::frame::next_frame_within(100).await;
    crate::io::timer::sleep(0).await;
}
