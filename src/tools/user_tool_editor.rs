//! The form of one user tool: name, description, JSON schema, JavaScript and
//! whether it uses the network (without it the sandbox closes the network).
//! Save keeps whatever was typed; a tool with a problem is kept but not offered
//! to the model, and the form says why.

use hearth_core::tools::UserTool;
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::offline::state::updates::{Hold, UpdatesContext};
use crate::tools::state::ToolsContext;
use crate::ui::next_id;
use crate::ui::text_field::TextField;

/// The editor of one user tool.
#[component]
pub(crate) fn UserToolEditor(
    /// The id of the tool edited: the form starts from the tool as it is
    /// stored then (or says it was deleted), and Save and Delete tool act on it.
    id: String,
    /// Called when the editing is done (saved with no problem, or deleted), so
    /// the owner can close the editor.
    on_done: Callback<()>,
) -> impl IntoView {
    let tools = ToolsContext::expect();
    let original = tools.user_tools.with_untracked(|list| list.iter().find(|t| t.id == id).cloned());
    let Some(original) = original else {
        return view! { <p class="hint">{tr("This tool was deleted.")}</p> }.into_any();
    };
    let name = RwSignal::new(original.name.clone());
    let description = RwSignal::new(original.description.clone());
    let parameters = RwSignal::new(original.parameters.clone());
    let code = RwSignal::new(original.code.clone());
    let uses_network = RwSignal::new(original.uses_network);
    // A reload for a new version waits while the form differs from the stored tool.
    let unchanged = StoredValue::new(original.clone());
    UpdatesContext::expect().hold_while(
        Hold::UnsavedChanges(tr("the tool editor")),
        Signal::derive(move || {
            unchanged.with_value(|tool| {
                name.with(|typed| *typed != tool.name)
                    || description.with(|typed| *typed != tool.description)
                    || parameters.with(|typed| *typed != tool.parameters)
                    || code.with(|typed| *typed != tool.code)
                    || uses_network.get() != tool.uses_network
            })
        }),
    );
    let problem = RwSignal::new(String::new());
    let id = StoredValue::new(id);
    let network_hint_id = format!("network-hint-{}", next_id());
    // The form keeps what is typed; Save reads it.
    let typed = |field: RwSignal<String>| Callback::new(move |text: String| field.set(text));
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let tool = UserTool {
            id: id.get_value(),
            name: name.get_untracked().trim().to_owned(),
            description: description.get_untracked(),
            parameters: parameters.get_untracked(),
            code: code.get_untracked(),
            uses_network: uses_network.get_untracked(),
            // Saving is not a review: only Allow in the Tools dialog clears it.
            needs_review: tools
                .user_tools
                .with_untracked(|list| list.iter().find(|t| t.id == id.get_value()).is_some_and(|t| t.needs_review)),
        };
        let check = tools.user_tools.with_untracked(|list| tool.spec_among(list));
        tools.save_user_tool(tool);
        match check {
            Ok(_) => {
                problem.set(String::new());
                on_done.run(());
            }
            Err(error) => {
                let error = error.to_string();
                problem.set(tr_with("tools-saved-not-offered", &[("error", Arg::Text(&error))], || {
                    format!("Saved, but not offered to the model until fixed: {error}")
                }));
            }
        }
    };
    let delete = move |_| {
        tools.delete_user_tool(&id.get_value());
        on_done.run(());
    };
    view! {
        <form class="provider-form user-tool-form" aria-label=tr("Tool editor") on:submit=save>
            <TextField label=tr("Name") placeholder="word_count" verbatim=true value=name on_input=typed(name) />
            <TextField
                label=tr("Description")
                placeholder=tr("Counts the words of a text.")
                value=description
                on_input=typed(description)
            />
            <TextField
                label=tr("Parameters (JSON Schema)")
                rows=6
                verbatim=true
                value=parameters
                on_input=typed(parameters)
            />
            <TextField
                label=tr("JavaScript (the body of an async function of args)")
                rows=6
                verbatim=true
                placeholder="return args.text.split(/\\s+/).length;"
                value=code
                on_input=typed(code)
            />
            <label class="check">
                <input type="checkbox" bind:checked=uses_network aria-describedby=network_hint_id.clone() />
                {tr("Uses the network")}
            </label>
            <p class="hint" id=network_hint_id>
                {tr("Lets the code fetch from the internet. Its calls then ask before running, unless you allow them. Without it, the network is closed to the code.")}
            </p>
            <Show when=move || problem.with(|p| !p.is_empty())>
                <p class="field-error" role="alert">{move || problem.get()}</p>
            </Show>
            <div class="form-actions">
                <button type="submit" class="primary">{tr("Save tool")}</button>
                <button type="button" class="danger" on:click=delete>{tr("Delete tool")}</button>
            </div>
        </form>
    }
    .into_any()
}
