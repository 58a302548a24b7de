//! A labelled text field: the visible label (which is the field's accessible
//! name), a one-line input or a textarea, and under it what is wrong with the
//! value (an alert; the field is then marked invalid), a notice (an alert), a
//! warning (a status) and a hint. These sit outside the label, so they
//! describe the field (`aria-describedby`) without becoming part of its name.

use leptos::prelude::*;

use crate::ui::next_id;

/// The field. It shows `value` and reports what is typed through `on_input`
/// (each keystroke) or `on_change` (when committed: Tab, Enter or leaving it).
#[component]
pub(crate) fn TextField(
    /// The visible label, which is also the field's accessible name.
    #[prop(into)]
    label: Signal<String>,
    /// The text shown in the field.
    #[prop(into)]
    value: Signal<String>,
    /// Called with the text as typed when the user commits it (`change`).
    #[prop(optional)]
    on_change: Option<Callback<String>>,
    /// Called with the text as typed at every keystroke (`input`).
    #[prop(optional)]
    on_input: Option<Callback<String>>,
    /// The input's type: `text` (the default), `url`, `password` or `number`.
    #[prop(default = "text")]
    kind: &'static str,
    /// The rows of a multi-line field (a textarea); one line without it.
    #[prop(optional)]
    rows: Option<u32>,
    /// Shown while the field is empty (none when empty).
    #[prop(into, optional)]
    placeholder: Signal<String>,
    /// The text is code, a name or an address: no spelling check.
    #[prop(optional)]
    verbatim: bool,
    /// The browser's `autocomplete` hint (`url`, `off`).
    #[prop(optional)]
    autocomplete: Option<&'static str>,
    /// The keyboard a text field holding a number wants (`numeric`, `decimal`).
    #[prop(optional)]
    inputmode: Option<&'static str>,
    /// The smallest value of a number field.
    #[prop(optional)]
    min: Option<u32>,
    /// The largest value of a number field.
    #[prop(optional)]
    max: Option<u32>,
    /// What is wrong with the value, in words: announced, and the field is
    /// marked invalid while there is one.
    #[prop(into, optional)]
    error: Signal<Option<String>>,
    /// For a field that can have one: a notice about it that does not make the
    /// value invalid but needs the user now (a key removed by a new address),
    /// announced at once.
    #[prop(into, optional)]
    notice: Option<Signal<Option<String>>>,
    /// For a field that can have a warning: the warning, which does not make
    /// the value invalid, announced politely.
    #[prop(into, optional)]
    warning: Option<Signal<Option<String>>>,
    /// A lasting explanation under the field (none when empty as the field is
    /// made).
    #[prop(into, optional)]
    hint: Signal<String>,
    /// Whether the control is disabled (it cannot be used now).
    #[prop(into, optional)]
    disabled: Signal<bool>,
) -> impl IntoView {
    let id = next_id();
    let error_id = format!("field-{id}-error");
    let notice_id = format!("field-{id}-notice");
    let warning_id = format!("field-{id}-warning");
    let hint_id = format!("field-{id}-hint");
    // The error (and the notice and warning it can have) are always there,
    // hidden while empty (see the stylesheet), so a message that appears is
    // announced.
    let mut described_by = vec![error_id.clone()];
    described_by.extend(notice.map(|_| notice_id.clone()));
    described_by.extend(warning.map(|_| warning_id.clone()));
    let has_hint = hint.with_untracked(|hint| !hint.is_empty());
    if has_hint {
        described_by.push(hint_id.clone());
    }
    let described_by = described_by.join(" ");
    let placeholder = move || Some(placeholder.get()).filter(|text| !text.is_empty());
    let invalid = move || error.with(Option::is_some).to_string();
    let spellcheck = verbatim.then_some("false");
    let changed = move |ev: leptos::ev::Event| {
        if let Some(on_change) = on_change {
            on_change.run(event_target_value(&ev));
        }
    };
    let typed = move |ev: leptos::ev::Event| {
        if let Some(on_input) = on_input {
            on_input.run(event_target_value(&ev));
        }
    };
    let control = match rows {
        Some(rows) => view! {
            <textarea
                rows=rows
                spellcheck=spellcheck
                placeholder=placeholder
                aria-invalid=invalid
                aria-describedby=described_by
                disabled=move || disabled.get()
                prop:value=move || value.get()
                on:change=changed
                on:input=typed
            ></textarea>
        }
        .into_any(),
        None => view! {
            <input
                type=kind
                min=min
                max=max
                inputmode=inputmode
                autocomplete=autocomplete
                spellcheck=spellcheck
                placeholder=placeholder
                aria-invalid=invalid
                aria-describedby=described_by
                disabled=move || disabled.get()
                prop:value=move || value.get()
                on:change=changed
                on:input=typed
            />
        }
        .into_any(),
    };
    view! {
        <label class="field">
            <span>{move || label.get()}</span>
            {control}
        </label>
        <span class="field-error" id=error_id role="alert">
            {move || error.get()}
        </span>
        {notice
            .map(|notice| {
                view! {
                    <span class="field-error" id=notice_id role="alert">
                        {move || notice.get()}
                    </span>
                }
            })}
        {warning
            .map(|warning| {
                view! {
                    <span class="field-warning" id=warning_id role="status">
                        {move || warning.get()}
                    </span>
                }
            })}
        {has_hint.then(|| view! { <p class="hint" id=hint_id>{move || hint.get()}</p> })}
    }
}
