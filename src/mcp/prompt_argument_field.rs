//! One argument of a prompt in its form: a labelled text field (marked when
//! required) with the argument's description under it and, when the server
//! completes arguments, its suggestions for what is typed (a `datalist`).

use leptos::prelude::*;

use crate::i18n::{Arg, tr_with};
use crate::ui::next_id;

/// The field.
#[component]
pub(crate) fn PromptArgumentField(
    /// The argument's label (its title, else its name).
    label: String,
    /// What it is, from the server (plain text), shown under the field.
    description: String,
    /// Whether the prompt needs it.
    required: bool,
    /// The value typed.
    value: RwSignal<String>,
    /// The server's suggestions for it (none: no list).
    suggestions: Signal<Vec<String>>,
    /// Called with the value at every keystroke (to ask for suggestions).
    on_input: Callback<String>,
) -> impl IntoView {
    let id = next_id();
    let input_id = format!("prompt-argument-{id}");
    let list_id = format!("prompt-suggestions-{id}");
    let hint_id = format!("prompt-argument-hint-{id}");
    let has_hint = !description.is_empty();
    let label = if required {
        tr_with("mcp-argument-required", &[("argument", Arg::Text(&label))], || format!("{label} (required)"))
    } else {
        label
    };
    view! {
        <div class="field">
            <label for=input_id.clone()>{label}</label>
            <input
                id=input_id
                type="text"
                autocomplete="off"
                required=required
                list=list_id.clone()
                aria-describedby=has_hint.then(|| hint_id.clone())
                prop:value=value
                on:input=move |ev| {
                    let typed = event_target_value(&ev);
                    value.set(typed.clone());
                    on_input.run(typed);
                }
            />
            <datalist id=list_id>
                {move || {
                    suggestions.get().into_iter().map(|value| view! { <option value=value></option> }).collect_view()
                }}
            </datalist>
            {has_hint.then(|| view! { <p class="hint" id=hint_id>{description}</p> })}
        </div>
    }
}
