//! One field of a server's form, by its kind: a text box (an email, web
//! address or date box for those formats), a number box, a checkbox, a list
//! to choose one option from, or checkboxes for several. Its label is the
//! schema's title (or the property's name), its description is read with it,
//! and what is wrong with its value is said under it.

use hearth_core::mcp::elicit::{Entered, Field, FieldKind, TextFormat};
use leptos::prelude::*;

use crate::i18n::tr;

/// One field of the form.
#[component]
pub(super) fn AskField(
    /// The field: its label, description, kind and whether it is required.
    field: Field,
    /// What is entered in it (its default to begin with).
    value: RwSignal<Entered>,
    /// What is wrong with the value, once Send answer found something.
    problem: Signal<Option<String>>,
    /// The control's id (the description's and problem's ids are made from it).
    id: String,
) -> impl IntoView {
    let (hint_id, problem_id) = (format!("{id}-hint"), format!("{id}-problem"));
    let described = match &field.description {
        Some(_) => format!("{hint_id} {problem_id}"),
        None => problem_id.clone(),
    };
    let invalid = move || problem.with(Option::is_some).then_some("true");
    let label = field.label().to_owned();
    let required = field.required;
    let text = move || match value.get() {
        Entered::Text(text) => text,
        _ => String::new(),
    };
    let set_text = move |event| value.set(Entered::Text(event_target_value(&event)));
    let control = match &field.kind {
        FieldKind::Text { format, .. } => {
            let kind = match format {
                Some(TextFormat::Email) => "email",
                Some(TextFormat::Uri) => "url",
                Some(TextFormat::Date) => "date",
                Some(TextFormat::DateTime) | None => "text",
            };
            let placeholder = (*format == Some(TextFormat::DateTime)).then_some("2026-01-31T09:30:00Z");
            view! {
                <input type=kind id=id.clone() prop:value=text on:input=set_text placeholder=placeholder
                    aria-required=required.then_some("true") aria-invalid=invalid aria-describedby=described.clone() />
            }
            .into_any()
        }
        // A text box, not a number box: what is typed is kept as typed ("-", "1e"),
        // and checked as a number when sent.
        FieldKind::Number { integer, minimum, maximum, .. } => view! {
            <input type="text" inputmode=if *integer { "numeric" } else { "decimal" } id=id.clone()
                placeholder=range_hint(*minimum, *maximum) prop:value=text on:input=set_text
                aria-required=required.then_some("true") aria-invalid=invalid aria-describedby=described.clone() />
        }
        .into_any(),
        FieldKind::Boolean { .. } => view! {
            <input type="checkbox" id=id.clone() prop:checked=move || value.get() == Entered::Checked(true)
                on:change=move |event| value.set(Entered::Checked(event_target_checked(&event)))
                aria-invalid=invalid aria-describedby=described.clone() />
        }
        .into_any(),
        FieldKind::Choice { options, .. } => {
            let chosen = move || match value.get() {
                Entered::Chosen(chosen) => chosen,
                _ => String::new(),
            };
            let options = options.clone();
            view! {
                <select id=id.clone() prop:value=chosen on:change=move |event| value.set(Entered::Chosen(event_target_value(&event)))
                    aria-required=required.then_some("true") aria-invalid=invalid aria-describedby=described.clone()>
                    <option value="">{tr("(none)")}</option>
                    {options.into_iter().map(|option| view! { <option value=option.value>{option.title}</option> }).collect_view()}
                </select>
            }
            .into_any()
        }
        FieldKind::Choices { options, .. } => {
            let boxes = options.iter().cloned().map(|option| {
                let key = option.value.clone();
                let on = key.clone();
                let checked = move || matches!(value.get(), Entered::ChosenMany(chosen) if chosen.contains(&on));
                let toggle = move |event| {
                    let wanted = event_target_checked(&event);
                    value.update(|value| {
                        let Entered::ChosenMany(chosen) = value else { return };
                        chosen.retain(|item| *item != key);
                        if wanted {
                            chosen.push(key.clone());
                        }
                    });
                };
                view! { <label class="ask-choice"><input type="checkbox" prop:checked=checked on:change=toggle />{option.title}</label> }
            });
            view! {
                <fieldset class="ask-choices" aria-invalid=invalid aria-describedby=described.clone()>
                    <legend>{label.clone()}{required.then(|| view! { <span aria-hidden="true">" *"</span> })}</legend>
                    {boxes.collect_view()}
                </fieldset>
            }
            .into_any()
        }
    };
    let labelled = !matches!(field.kind, FieldKind::Choices { .. });
    let checkbox = matches!(field.kind, FieldKind::Boolean { .. });
    view! {
        <div class="ask-field" class:ask-check=checkbox>
            {labelled.then(|| view! {
                <label for=id.clone()>{label.clone()}{required.then(|| view! { <span aria-hidden="true">" *"</span> })}</label>
            })}
            {control}
            {field.description.clone().map(|hint| view! { <p class="hint" id=hint_id>{hint}</p> })}
            <p class="ask-problem" id=problem_id>{move || problem.get()}</p>
        </div>
    }
}

/// A number field's range as a hint in its box ("1–100"), when it has one.
fn range_hint(minimum: Option<f64>, maximum: Option<f64>) -> Option<String> {
    match (minimum, maximum) {
        (Some(least), Some(most)) => Some(format!("{least}–{most}")),
        (Some(least), None) => Some(format!("≥ {least}")),
        (None, Some(most)) => Some(format!("≤ {most}")),
        (None, None) => None,
    }
}
