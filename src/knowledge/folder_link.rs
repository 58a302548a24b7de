//! A base's live folder, where the browser can link one (Chromium's File
//! System Access API): Link a folder, then "Kept in step with the folder …"
//! (its files read again when they change, added, or removed), Allow reading
//! it again after the browser forgot the permission, and Unlink.

use hearth_core::knowledge::records::BaseRecord;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::json;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::knowledge::{self, KnowledgeError, allow_folder, can_link_folders, link_folder};
use crate::knowledge::state::KnowledgeContext;

/// The folder controls of `base`; nothing where the browser cannot link one.
#[component]
pub(crate) fn FolderLink(
    /// The base whose folder this is.
    base: BaseRecord,
) -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let id = StoredValue::new(base.id.clone());
    let name = base.name.clone();
    let said = move |result: Result<bool, KnowledgeError>| {
        if let Err(problem) = result {
            knowledge.problem.set(Some(problem));
        }
        spawn_local(knowledge.refresh());
    };
    let link = move |_| spawn_local(async move { said(link_folder(&id.get_value()).await) });
    let allow = move |_| spawn_local(async move { said(allow_folder(&id.get_value()).await) });
    let unlink = move |_| {
        spawn_local(async move {
            let _ = knowledge::request("unlinkFolder", json!({ "base": id.get_value() }), Vec::new()).await;
            knowledge.refresh().await;
        })
    };
    match base.folder_name.clone() {
        Some(folder) => {
            let text = tr_with("knowledge-folder-linked", &[("folder", Arg::Text(&folder))], || {
                format!("Kept in step with the folder {folder}.")
            });
            let allow_label = tr_with("knowledge-folder-allow", &[("folder", Arg::Text(&folder))], || {
                format!("Allow reading {folder} again")
            });
            let unlink_label = tr_with("knowledge-folder-unlink", &[("name", Arg::Text(&name))], || {
                format!("Unlink the folder of {name}")
            });
            view! {
                <p class="knowledge-folder">
                    <span>{text}</span>
                    {(!base.folder_allowed).then(|| view! {
                        <button type="button" class="action" on:click=allow>{allow_label}</button>
                    })}
                    <button type="button" class="action" aria-label=unlink_label on:click=unlink>
                        {tr("Unlink")}
                    </button>
                </p>
            }
            .into_any()
        }
        None if can_link_folders() => {
            let label = tr_with("knowledge-folder-link", &[("name", Arg::Text(&name))], || {
                format!("Link a folder to {name}, kept in step")
            });
            view! {
                <button type="button" class="action" aria-label=label on:click=link>
                    {tr("Link a folder")}
                </button>
            }
            .into_any()
        }
        None => ().into_any(),
    }
}
