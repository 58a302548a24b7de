//! The form that makes a knowledge base: its name, and Make.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::clock::now;
use crate::knowledge::state::KnowledgeContext;
use crate::ui::text_field::TextField;

/// A name field and a button that makes a base with that name.
#[component]
pub(crate) fn NewBaseForm() -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let name = RwSignal::new(String::new());
    let make = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let chosen = name.get_untracked().trim().to_owned();
        if chosen.is_empty() {
            return;
        }
        name.set(String::new());
        spawn_local(async move {
            knowledge.create_base(chosen, now()).await;
        });
    };
    view! {
        <form class="knowledge-new" on:submit=make>
            <TextField
                label=tr("New knowledge base")
                value=name
                placeholder=tr("Name, such as Handbook")
                on_input=Callback::new(move |typed: String| name.set(typed))
            />
            <button type="submit" class="action" disabled=move || name.with(|name| name.trim().is_empty())>
                {tr("Make")}
            </button>
        </form>
    }
}
