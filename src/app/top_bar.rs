//! The top bar (the page's banner): the sidebar toggle (narrow screens), the
//! brand, the Offline badge, the agent and model pickers with Providers, and
//! the secondary actions Agents, Tools and Settings.
//!
//! The secondary actions are icon buttons (each with a name and a tooltip)
//! where there is room; on a narrow screen or at 200 % zoom (40rem wide or
//! less) they move into the "More" menu, so the bar keeps to two rows. Both
//! sets are in the page; CSS shows one (the hidden one is `display: none`, so
//! it is out of the accessibility tree too).

use leptos::prelude::*;

use crate::agents::agent_picker::AgentPicker;
use crate::agents::state::AgentsContext;
use crate::i18n::tr;
use crate::knowledge::state::KnowledgeContext;
use crate::offline::offline_indicator::OfflineIndicator;
use crate::providers::model_picker::ModelPicker;
use crate::tools::state::ToolsContext;
use crate::ui::icon::{Icon, IconName};
use crate::ui::menu_button::{MenuButton, MenuEntry};

/// The top bar.
#[component]
pub(crate) fn TopBar(
    /// Whether the sidebar is shown on narrow screens (the toggle flips it).
    sidebar_open: RwSignal<bool>,
    /// Whether the Settings dialog is open (Settings sets it).
    settings_open: RwSignal<bool>,
    /// Whether the sidebar is hidden on wide screens (Alt+Shift+L); the toggle
    /// shows then, and brings it back.
    sidebar_hidden: RwSignal<bool>,
) -> impl IntoView {
    let agents = AgentsContext::expect();
    let tools = ToolsContext::expect();
    let open_agents = Callback::new(move |()| agents.dialog_open.set(true));
    let open_tools = Callback::new(move |()| tools.dialog_open.set(true));
    let knowledge = KnowledgeContext::expect();
    let open_knowledge = Callback::new(move |()| knowledge.dialog_open.set(true));
    let open_settings = Callback::new(move |()| settings_open.set(true));
    let secondary = [
        (tr("Agents"), IconName::Bot, open_agents),
        (tr("Tools"), IconName::Wrench, open_tools),
        (tr("Knowledge"), IconName::BookOpen, open_knowledge),
        (tr("Settings"), IconName::Settings, open_settings),
    ];
    let more: Vec<MenuEntry> = secondary
        .iter()
        .map(|(label, icon, action)| MenuEntry { label: (*label).to_owned(), icon: *icon, action: *action })
        .collect();
    view! {
        <header class="topbar">
            <button
                type="button"
                class="icon-button sidebar-toggle"
                aria-label=tr("Conversations")
                title=tr("Show conversations")
                aria-expanded=move || sidebar_open.get().to_string()
                on:click=move |_| {
                    if sidebar_hidden.get_untracked() && !crate::shortcuts::state::narrow() {
                        sidebar_hidden.set(false);
                    } else {
                        sidebar_open.update(|open| *open = !*open);
                    }
                }
            >
                <Icon name=IconName::Menu />
            </button>
            <h1 class="brand">"Hearth"</h1>
            <OfflineIndicator />
            <AgentPicker />
            <ModelPicker />
            <div class="secondary-actions">
                {secondary
                    .into_iter()
                    .map(|(label, icon, action)| {
                        view! {
                            <button
                                type="button"
                                class="icon-button"
                                aria-label=label
                                title=label
                                on:click=move |_| action.run(())
                            >
                                <Icon name=icon />
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <MenuButton label=tr("More") icon=IconName::Ellipsis class="more-actions" items=more />
        </header>
    }
}
