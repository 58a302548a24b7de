//! "More actions" under a message: Edit this answer (a reply's), Branch into
//! a new chat, Delete this version and Keep only this path (both with Undo;
//! each says why when there is nothing to delete). The work is in the `branches` chunk
//! (`chat::state::branching`), loaded on first use.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::state::branching::{BranchError, Pruning, branch_code};
use crate::chat::state::{BranchPanel, ChatContext};
use crate::composer::state::ComposerDraft;
use crate::i18n::tr;
use crate::ui::icon::IconName;
use crate::ui::menu_button::{MenuButton, MenuEntry};

/// The menu of the message `id`, with a status that says why an action did
/// not happen.
#[component]
pub(crate) fn MessageMenu(
    /// The id of the message.
    id: String,
    /// Whether it is a reply, which the menu offers to edit.
    #[prop(optional)]
    reply: bool,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let draft = ComposerDraft::expect();
    let id = StoredValue::new(id);
    let status = RwSignal::new(String::new());
    let branch = Callback::new(move |()| {
        let id = id.get_value();
        status.set(String::new());
        spawn_local(async move {
            let outcome = match branch_code().await {
                Ok(code) => (code.branch_from)(chat, id, draft).await,
                Err(error) => Err(BranchError::Code(error)),
            };
            if let Err(reason) = outcome {
                status.try_set(reason.to_string());
            }
        });
    });
    let prune = move |pruning: Pruning| {
        status.set(String::new());
        spawn_local(async move {
            let outcome = match branch_code().await {
                Ok(code) => (code.prune)(chat, pruning).await,
                Err(error) => Err(BranchError::Code(error)),
            };
            if let Err(reason) = outcome {
                status.try_set(reason.to_string());
            }
        });
    };
    let delete_version = Callback::new(move |()| prune(Pruning::Version(id.get_value())));
    let keep_path = Callback::new(move |()| prune(Pruning::OtherBranches));
    let entry = |label: &str, icon, action| MenuEntry { label: label.to_owned(), icon, action };
    let edit = Callback::new(move |()| chat.branch_panel.set(Some(BranchPanel::EditReply(id.get_value()))));
    let mut items = Vec::new();
    if reply {
        items.push(entry(tr("Edit this answer"), IconName::Pencil, edit));
    }
    items.extend([
        entry(tr("Branch into a new chat"), IconName::Plus, branch),
        entry(tr("Delete this version"), IconName::Trash, delete_version),
        entry(tr("Keep only this path"), IconName::Trash, keep_path),
    ]);
    view! {
        <MenuButton label=tr("More actions") icon=IconName::Ellipsis items />
        <span class="action-feedback" role="status">
            {move || status.get()}
        </span>
    }
}
