//! Files attached to a message, shown as badges: above the composer (each with
//! a Remove button) and on a sent message (fixed: what was sent stays).

use hearth_core::message::AttachedFile;
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};

/// A list of file badges named "Attached files"; nothing when there are none.
#[component]
pub(crate) fn AttachedFiles(
    /// The files, in the order attached.
    #[prop(into)]
    files: Signal<Vec<AttachedFile>>,
    /// Called with a file's name when its Remove button is pressed; without it
    /// the badges cannot be removed (a sent message).
    #[prop(optional)]
    on_remove: Option<Callback<String>>,
) -> impl IntoView {
    let names = move || files.with(|files| files.iter().map(|file| file.name.clone()).collect::<Vec<_>>());
    view! {
        <Show when=move || files.with(|files| !files.is_empty())>
            <ul class="attached-files" aria-label=tr("Attached files")>
                <For each=names key=|name| name.clone() let:name>
                    <li class="file-badge">
                        <span class="file-badge-icon" aria-hidden="true">"📄"</span>
                        <span class="file-badge-name">{name.clone()}</span>
                        {on_remove
                            .map(|remove| {
                                let label = tr_with("composer-remove-file", &[("name", Arg::Text(&name))], || {
                                    format!("Remove {name}")
                                });
                                view! {
                                    <button
                                        type="button"
                                        class="file-badge-remove"
                                        aria-label=label.clone()
                                        title=label
                                        on:click=move |_| remove.run(name.clone())
                                    >
                                        "×"
                                    </button>
                                }
                            })}
                    </li>
                </For>
            </ul>
        </Show>
    }
}
