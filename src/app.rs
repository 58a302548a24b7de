//! The page: the conversations sidebar, the top bar with the model picker,
//! the open conversation and the composer, plus the settings and providers
//! dialogs, the storage banner and the undo toast.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::ChatContext;
use crate::components::composer::Composer;
use crate::components::conversation::Conversation;
use crate::components::model_picker::ModelPicker;
use crate::components::providers_dialog::ProvidersDialog;
use crate::components::session_bar::SessionBar;
use crate::components::settings_dialog::SettingsDialog;
use crate::components::sidebar::Sidebar;
use crate::components::storage_banner::StorageBanner;
use crate::components::tools_dialog::ToolsDialog;
use crate::components::undo_toast::UndoToast;
use crate::providers::ProvidersContext;
use crate::sessions::SessionsContext;
use crate::tools::ToolsContext;

/// The whole app.
#[component]
pub(crate) fn App() -> impl IntoView {
    let providers = ProvidersContext::new();
    provide_context(providers);
    let tools = ToolsContext::new();
    provide_context(tools);
    let chat = ChatContext::new(providers, tools);
    provide_context(chat);
    let sessions = SessionsContext::new(chat);
    provide_context(sessions);
    spawn_local(sessions.start());
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
                    <ModelPicker />
                    <button type="button" class="settings-button" on:click=move |_| tools.dialog_open.set(true)>
                        "Tools"
                    </button>
                    <button type="button" class="settings-button" on:click=move |_| settings_open.set(true)>
                        "Settings"
                    </button>
                </header>
                <StorageBanner />
                <SessionBar />
                <Conversation />
                <Composer />
            </div>
            <UndoToast />
            <SettingsDialog open=settings_open />
            <ProvidersDialog />
            <ToolsDialog />
        </div>
    }
}
