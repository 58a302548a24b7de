//! A server's form (form-mode elicitation), as native controls: one
//! `AskField` per field in the server's order, each starting from the
//! schema's default. Send answer checks every field against the schema first
//! (a bad value is named beside its field and nothing is sent); Decline and
//! Cancel (`AskRefusals`) send no values at all.

use hearth_core::mcp::elicit::Form;
use leptos::ev::SubmitEvent;
use leptos::prelude::*;

use super::ask_field::AskField;
use super::ask_refusals::AskRefusals;
use crate::i18n::tr;
use crate::tools::state::pending_ask::{PendingAsk, problem_words};
use crate::ui::next_id;

/// The form a server asks the user to fill in, with Send answer, Decline and Cancel.
#[component]
pub(super) fn AskForm(
    /// The question, answered by the buttons.
    pending: PendingAsk,
    /// The fields asked for.
    form: Form,
    /// The id of the heading that names the asking server (the form's name).
    labelled_by: String,
) -> impl IntoView {
    let values: Vec<_> = form.initial().into_iter().map(RwSignal::new).collect();
    let problems = RwSignal::new(Vec::new());
    let prefix = format!("ask-field-{}", next_id());
    let fields = form
        .fields
        .iter()
        .cloned()
        .zip(values.iter().copied())
        .enumerate()
        .map(|(at, (field, value))| {
            let problem = Signal::derive(move || {
                problems.with(|list: &Vec<_>| {
                    list.iter().find(|(of, _)| *of == at).map(|(_, problem)| problem_words(problem))
                })
            });
            let id = format!("{prefix}-{at}");
            view! { <AskField field value problem id /> }
        })
        .collect_view();
    let pending = StoredValue::new(pending);
    let form = StoredValue::new(form);
    let values = StoredValue::new(values);
    let submit = move |event: SubmitEvent| {
        event.prevent_default();
        let entered: Vec<_> = values.with_value(|values| values.iter().map(|value| value.get_untracked()).collect());
        if let Err(found) = pending.with_value(|pending| form.with_value(|form| pending.submit(form, &entered))) {
            problems.set(found);
        }
    };
    view! {
        <form class="ask-form" aria-labelledby=labelled_by novalidate on:submit=submit>
            {fields}
            <p class="ask-problems" role="alert">
                {move || problems.with(|list| (!list.is_empty()).then(|| tr("Some answers need a change before they can be sent.")))}
            </p>
            <div class="approval-actions">
                <button type="submit" class="primary">
                    {tr("Send answer")}
                </button>
                <AskRefusals pending />
            </div>
        </form>
    }
}
