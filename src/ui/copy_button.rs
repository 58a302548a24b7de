//! "Copy": an icon button that puts a message's text on the clipboard and says so.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::clipboard::copy_text;
use crate::io::timer::sleep;
use crate::ui::icon::{Icon, IconName};

/// How long "Copied" stays visible.
const CONFIRM_MS: i32 = 2000;

/// A Copy button, with a status that says "Copied" (or why it failed) for a
/// moment after each click.
#[component]
pub(crate) fn CopyButton(
    /// Makes the text to copy. It is called at each click, so what is copied
    /// is the text as it is then.
    text: impl Fn() -> String + Send + Sync + 'static,
    /// The button's accessible name and tooltip in place of "Copy": say what
    /// is copied where there are several (such as "Copy fetch_url call").
    /// Without it the name is "Copy".
    #[prop(optional, into)]
    label: Option<String>,
    /// Where to say "Copied" when the caller shows one status for several
    /// buttons (a reply's icon row); without it the button has its own.
    #[prop(optional)]
    status: Option<RwSignal<String>>,
) -> impl IntoView {
    let own = status.is_none();
    let feedback = status.unwrap_or_else(|| RwSignal::new(String::new()));
    let copy = move |_| {
        let text = text();
        spawn_local(async move {
            feedback.set(match copy_text(&text).await {
                Ok(()) => tr("Copied").to_owned(),
                Err(error) => error.to_string(),
            });
            sleep(CONFIRM_MS).await;
            feedback.set(String::new());
        });
    };
    let name = label.unwrap_or_else(|| tr("Copy").to_owned());
    view! {
        <button type="button" class="icon-button action" aria-label=name.clone() title=name on:click=copy>
            <Icon name=IconName::Copy />
        </button>
        {own.then(|| view! { <span class="action-feedback" role="status">{move || feedback.get()}</span> })}
    }
}
