//! The form of a prompt with arguments, in the "Prompts and resources"
//! dialog: a field per argument (with the server's suggestions as the user
//! types, when it completes arguments), Insert, which puts the prompt into the
//! message box, and Back to the lists. A required argument left empty is
//! said, and nothing is asked of the server.

use hearth_core::mcp::listing::McpPrompt;
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::picking::Picking;
use crate::mcp::prompt_argument_field::PromptArgumentField;
use crate::mcp::state::McpContext;

/// The form of `prompt`, of the server `server`.
#[component]
pub(crate) fn PromptForm(
    /// The server's id.
    server: String,
    /// Whether the server answers `completion/complete`.
    completions: bool,
    /// The prompt.
    prompt: McpPrompt,
    /// What the dialog does with a pick.
    picking: Picking,
) -> impl IntoView {
    let mcp = McpContext::expect();
    let label = prompt.label().to_owned();
    let values: Vec<RwSignal<String>> = prompt.arguments.iter().map(|_| RwSignal::new(String::new())).collect();
    let suggestions: Vec<RwSignal<Vec<String>>> = prompt.arguments.iter().map(|_| RwSignal::new(Vec::new())).collect();
    let names: Vec<String> = prompt.arguments.iter().map(|argument| argument.name.clone()).collect();
    let given = {
        let names = names.clone();
        let values = values.clone();
        move || -> Vec<(String, String)> {
            names.iter().zip(&values).map(|(name, value)| (name.clone(), value.get_untracked())).collect()
        }
    };
    let given = StoredValue::new(given);
    let missing = RwSignal::new(None::<String>);
    let fields = prompt
        .arguments
        .iter()
        .zip(values.iter().copied().zip(suggestions.iter().copied()))
        .map(|(argument, (value, listed))| {
            let server = server.clone();
            let prompt_name = prompt.name.clone();
            let argument_name = argument.name.clone();
            // Only the answer to the latest keystroke is shown.
            let asked = StoredValue::new(0_u32);
            let on_input = Callback::new(move |typed: String| {
                missing.set(None);
                if !completions {
                    return;
                }
                asked.update_value(|n| *n = n.wrapping_add(1));
                let this = asked.get_value();
                let (server, prompt_name, argument_name) = (server.clone(), prompt_name.clone(), argument_name.clone());
                let context = given.with_value(|given| given());
                spawn_local(async move {
                    let got = mcp.complete_now(&server, &prompt_name, &argument_name, &typed, &context).await;
                    if asked.try_get_value() == Some(this) {
                        let _ = listed.try_set(got.unwrap_or_default());
                    }
                });
            });
            view! {
                <PromptArgumentField
                    label=argument.label().to_owned()
                    description=argument.description.clone()
                    required=argument.required
                    value
                    suggestions=listed.into()
                    on_input
                />
            }
        })
        .collect::<Vec<_>>();
    let required: Vec<(String, RwSignal<String>)> = prompt
        .arguments
        .iter()
        .zip(&values)
        .filter(|(argument, _)| argument.required)
        .map(|(argument, value)| (argument.label().to_owned(), *value))
        .collect();
    let name = prompt.name.clone();
    let submit_label = label.clone();
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let empty: Vec<&str> = required
            .iter()
            .filter(|(_, value)| value.with_untracked(|value| value.trim().is_empty()))
            .map(|(label, _)| label.as_str())
            .collect();
        if !empty.is_empty() {
            let fields = empty.join(", ");
            missing
                .set(Some(tr_with("mcp-fill-in", &[("fields", Arg::Text(&fields))], || format!("Fill in {fields}."))));
            return;
        }
        missing.set(None);
        picking.insert_prompt(server.clone(), name.clone(), submit_label.clone(), given.with_value(|given| given()));
    };
    // The lists' button that opened the form is gone: the focus goes to the first field.
    let form = NodeRef::<leptos::html::Form>::new();
    Effect::new(move |_| {
        let first = form.get().and_then(|form| form.query_selector("input").ok().flatten());
        if let Some(input) = first.and_then(|input| input.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = input.focus();
        }
    });
    let form_label = tr_with("mcp-prompt-form", &[("prompt", Arg::Text(&label))], || format!("The prompt {label}"));
    view! {
        <form
            class="prompt-form"
            aria-label=form_label
            on:submit=submit
            novalidate
            node_ref=form
        >
            <h3>{label.clone()}</h3>
            {(!prompt.description.is_empty()).then(|| view! { <p class="hint">{prompt.description.clone()}</p> })}
            {fields}
            <p class="failed" role="alert">{move || missing.get()}</p>
            <div class="actions">
                <button type="submit" class="primary" disabled=move || picking.busy.with(Option::is_some)>
                    {tr("Insert")}
                </button>
                <button type="button" on:click=move |_| picking.chosen.set(None)>{tr("Back")}</button>
            </div>
        </form>
    }
}
