//! "Save as file": offers a reply as a Markdown file (a Blob download), named
//! after the conversation and the reply's date, and says so.

use hearth_core::Millis;
use hearth_core::storage::markdown_export::reply_file_name;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::files::download;
use crate::io::timer::sleep;
use crate::sessions::state::SessionsContext;
use crate::ui::icon::{Icon, IconName};

/// How long "Saved" stays visible.
const CONFIRM_MS: i32 = 2000;

/// An icon button that saves a reply's Markdown as `<title> <date>.md`, and
/// says "Saved" (or why it failed) in the caller's status for a moment.
#[component]
pub(crate) fn SaveReplyButton(
    /// Makes the reply's Markdown, at each click.
    text: impl Fn() -> String + Send + Sync + 'static,
    /// When the reply was written (its file name's date).
    created_at: Millis,
    /// The status the reply's icon row shows (shared with Copy).
    status: RwSignal<String>,
) -> impl IntoView {
    let sessions = SessionsContext::expect();
    let feedback = status;
    let save = move |_| {
        let title = sessions
            .current
            .with_untracked(|current| {
                let current = current.as_deref()?;
                sessions.list.with_untracked(|list| list.iter().find(|s| s.id == current).map(|s| s.title.clone()))
            })
            .unwrap_or_default();
        let outcome = download(&reply_file_name(&title, created_at), "text/markdown;charset=utf-8", &text());
        spawn_local(async move {
            feedback.set(match outcome {
                Ok(()) => tr("Saved").to_owned(),
                Err(error) => error.to_string(),
            });
            sleep(CONFIRM_MS).await;
            feedback.set(String::new());
        });
    };
    view! {
        <button type="button" class="icon-button action" aria-label=tr("Save as file") title=tr("Save as file (Markdown)") on:click=save>
            <Icon name=IconName::Download />
        </button>
    }
}
