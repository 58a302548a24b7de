//! The form of a resource template, in the "Prompts and resources" dialog: a
//! field per variable of its URI template, the address they make (updated as
//! typed), Attach, which reads that resource and attaches its text, and Back
//! to the lists.

use hearth_core::mcp::listing::McpResourceTemplate;
use hearth_core::mcp::resources::{expand, variables};
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::picking::Picking;
use crate::ui::text_field::TextField;

/// The form of `template`, of the server `server`.
#[component]
pub(crate) fn ResourceTemplateForm(
    /// The server's id.
    server: String,
    /// The template.
    template: McpResourceTemplate,
    /// What the dialog does with a pick.
    picking: Picking,
) -> impl IntoView {
    let names = variables(&template.uri_template);
    let values: Vec<(String, RwSignal<String>)> = names
        .as_ref()
        .map(|names| names.iter().map(|name| (name.clone(), RwSignal::new(String::new()))).collect())
        .unwrap_or_default();
    let uri_template = template.uri_template.clone();
    let bound = values.clone();
    let uri = Memo::new(move |_| {
        // A field left empty is a variable not given (undefined, so left out).
        let given: Vec<(String, String)> = bound
            .iter()
            .map(|(name, value)| (name.clone(), value.get()))
            .filter(|(_, value)| !value.trim().is_empty())
            .collect();
        expand(&uri_template, &given).ok()
    });
    // Something filled in (a variable may be optional, as `{?query}` is).
    let filled = {
        let values = values.clone();
        move || values.is_empty() || values.iter().any(|(_, value)| value.with(|value| !value.trim().is_empty()))
    };
    let fields = values
        .iter()
        .map(|(name, value)| {
            let value = *value;
            view! {
                <TextField
                    label=name.clone()
                    value
                    on_input=Callback::new(move |typed| value.set(typed))
                    verbatim=true
                    autocomplete="off"
                />
            }
        })
        .collect::<Vec<_>>();
    let problem = names.err().map(|error| {
        let error = error.to_string();
        tr_with("mcp-template-unusable", &[("error", Arg::Text(&error))], || {
            format!("This template cannot be used: {error}.")
        })
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        if let Some(uri) = uri.get_untracked() {
            picking.attach_resource(server.clone(), uri);
        }
    };
    let name = template.name.clone();
    let form_label = tr_with("mcp-resource-form", &[("resource", Arg::Text(&name))], || format!("The resource {name}"));
    view! {
        <form class="prompt-form" aria-label=form_label on:submit=submit>
            <h3>{name.clone()}</h3>
            {(!template.description.is_empty()).then(|| view! { <p class="hint">{template.description.clone()}</p> })}
            {problem.map(|problem| view! { <p class="failed">{problem}</p> })}
            {fields}
            <p class="template-uri">
                {tr("Address:")}
                " "
                <code>{move || uri.get().unwrap_or_default()}</code>
            </p>
            <div class="actions">
                <button
                    type="submit"
                    class="primary"
                    disabled=move || picking.busy.with(Option::is_some) || uri.with(Option::is_none) || !filled()
                >
                    {tr("Attach")}
                </button>
                <button type="button" on:click=move |_| picking.chosen.set(None)>{tr("Back")}</button>
            </div>
        </form>
    }
}
