//! The `@mention` autocomplete of the message box: a listbox of the project
//! files the typed name matches (for a `#`, the knowledge bases and their
//! files), which the message box points at with `aria-controls` and
//! `aria-activedescendant`. Keys are the message box's; a click picks too. A
//! status line says how many match (for screen readers), or that none does,
//! or how to add a file when the project has none.

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};

/// The popup below (above, on screen) the message box while a mention is typed.
#[component]
pub(crate) fn FileMention(
    /// The listbox's element id (the message box's `aria-controls`).
    list_id: String,
    /// The mention's sign: `@` lists project files, `#` knowledge bases and their files.
    #[prop(into)]
    sign: Signal<char>,
    /// Whether a mention is being typed (the popup shows).
    #[prop(into)]
    open: Signal<bool>,
    /// The names of the matching project files, in the order listed.
    #[prop(into)]
    names: Signal<Vec<String>>,
    /// The position in `names` of the highlighted option.
    #[prop(into)]
    active: Signal<usize>,
    /// What was typed after the `@`.
    #[prop(into)]
    query: Signal<String>,
    /// Whether the project has any file.
    #[prop(into)]
    has_files: Signal<bool>,
    /// Called with the position of a clicked option.
    on_pick: Callback<usize>,
) -> impl IntoView {
    let listing = move || open.get() && names.with(|names| !names.is_empty());
    let explanation = move || {
        if !open.get() {
            String::new()
        } else if sign.get() == '#' {
            match names.with(Vec::len) {
                1 => tr("1 knowledge base or file matches. Enter or Tab picks it, Escape closes the list.").to_owned(),
                n => tr_with("composer-knowledge-matches", &[("n", Arg::Number(n as f64))], || {
                    format!(
                        "{n} knowledge bases and files match. Up and Down choose, Enter or Tab picks, Escape closes the list."
                    )
                }),
            }
        } else if listing() {
            match names.with(Vec::len) {
                1 => tr("1 project file matches. Enter or Tab attaches it, Escape closes the list.").to_owned(),
                n => tr_with("composer-mention-matches", &[("n", Arg::Number(n as f64))], || {
                    format!(
                        "{n} project files match. Up and Down choose, Enter or Tab attaches, Escape closes the list."
                    )
                }),
            }
        } else if !has_files.get() {
            tr("No project files yet. Add one with Attach a file, by dropping it on the conversation, or in Tools.")
                .to_owned()
        } else {
            let query = query.get();
            tr_with("composer-mention-no-match", &[("query", Arg::Text(&query))], || {
                format!("No project file matches “{query}”.")
            })
        }
    };
    // A click on an option keeps the focus in the message box (mousedown does
    // nothing), then picks.
    let list_id = StoredValue::new(list_id);
    let options = move || names.get().into_iter().enumerate().collect::<Vec<_>>();
    view! {
        <div class="file-mention" class:open=move || open.get()>
            <Show when=listing>
                <ul
                    id=list_id.get_value()
                    class="file-mention-list"
                    role="listbox"
                    aria-label=move || if sign.get() == '#' { tr("Knowledge bases and files") } else { tr("Project files") }
                >
                    <For
                        each=options
                        key=|(at, name)| (*at, name.clone())
                        children=move |(at, name)| {
                            view! {
                                <li
                                    id=list_id.with_value(|id| option_id(id, at))
                                    role="option"
                                    class="file-mention-option"
                                    aria-selected=move || (active.get() == at).to_string()
                                    on:mousedown=|ev| ev.prevent_default()
                                    on:click=move |_| on_pick.run(at)
                                >
                                    {name}
                                </li>
                            }
                        }
                    />
                </ul>
            </Show>
            // Read out, and shown when it explains an empty list.
            <p class="file-mention-empty" class:visually-hidden=listing role="status">
                {explanation}
            </p>
        </div>
    }
}

/// The element id of the option at `at` of the listbox `list_id`.
pub(crate) fn option_id(list_id: &str, at: usize) -> String {
    format!("{list_id}-option-{at}")
}
