//! The account a provider form edits ([`EditedEntry`]), the fields whose
//! typed values are checked before they are stored ([`Field`]), and the
//! problems shown under them ([`FieldErrors`]): what the editor's parts share.

use hearth_core::compaction::parse_context_window;
use leptos::prelude::*;

use crate::providers::state::save_state::NumberRefused;
use crate::providers::state::{ProviderEntry, ProvidersContext};

/// The account a form edits: its entry as it changes, and how a committed
/// field is stored in it.
#[derive(Clone, Copy)]
pub(crate) struct EditedEntry {
    /// The provider accounts.
    pub(super) providers: ProvidersContext,
    /// The account's id.
    pub(super) id: StoredValue<String>,
    /// The account's entry (tracked); `None` once it is removed.
    pub(super) entry: Memo<Option<ProviderEntry>>,
}

impl EditedEntry {
    /// The form of the account `id`.
    pub(super) fn new(providers: ProvidersContext, id: String) -> Self {
        let id = StoredValue::new(id);
        let entry = Memo::new(move |_| id.with_value(|id| providers.entry_tracked(id)));
        Self { providers, id, entry }
    }

    /// A text of the entry, as a field shows it (tracked; empty once removed).
    pub(super) fn read(
        self,
        field: fn(&ProviderEntry) -> String,
    ) -> impl Fn() -> String + Copy + Send + Sync + 'static {
        move || self.entry.with(|e| e.as_ref().map(field).unwrap_or_default())
    }

    /// Changes the entry with `change` and stores it.
    pub(super) fn edit(self, change: impl FnOnce(&mut ProviderEntry)) {
        let mut saved = None;
        self.providers.list.update(|list| {
            if let Some(entry) = self.id.with_value(|id| list.iter_mut().find(|e| e.id() == id)) {
                change(entry);
                saved = Some(entry.clone());
            }
        });
        if let Some(entry) = saved {
            self.providers.save(entry);
        }
    }
}

/// The fields whose typed values are checked before they are stored.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    Temperature,
    MaxTokens,
    TopP,
    ContextWindow,
    Extra,
}

/// A checked value of a numeric field; `None` means the provider's default.
pub(crate) enum Value {
    Float(Option<f64>),
    Count(Option<u32>),
}

impl Field {
    /// The field's English label: the key its save state is kept under, shown
    /// through `tr`.
    pub(super) fn label(self) -> &'static str {
        match self {
            Field::Temperature => "Temperature",
            Field::MaxTokens => "Max tokens",
            Field::TopP => "Top-p",
            Field::ContextWindow => "Context window (tokens)",
            Field::Extra => "Extra JSON",
        }
    }

    pub(super) fn input_mode(self) -> &'static str {
        if matches!(self, Field::MaxTokens | Field::ContextWindow) { "numeric" } else { "decimal" }
    }

    pub(super) fn show(self, entry: &ProviderEntry) -> String {
        let model = &entry.model;
        match self {
            Field::Temperature => model.temperature.map(|v| v.to_string()),
            Field::MaxTokens => model.max_tokens.map(|v| v.to_string()),
            Field::TopP => model.top_p.map(|v| v.to_string()),
            Field::ContextWindow => model.context_window.map(|v| v.to_string()),
            Field::Extra => model.extra_json.clone(),
        }
        .unwrap_or_default()
    }

    /// Reads what was typed; empty means the provider's default.
    pub(super) fn parse(self, typed: &str) -> Result<Value, NumberRefused> {
        if typed.is_empty() {
            let counted = matches!(self, Field::MaxTokens | Field::ContextWindow);
            return Ok(if counted { Value::Count(None) } else { Value::Float(None) });
        }
        let range = |max: f64| match typed.parse::<f64>() {
            Ok(value) if (0.0..=max).contains(&value) => Ok(Value::Float(Some(value))),
            _ => Err(NumberRefused::OutOfRange(max)),
        };
        match self {
            Field::Temperature => range(2.0),
            Field::TopP => range(1.0),
            Field::MaxTokens => match typed.parse::<u32>() {
                Ok(count) if count > 0 => Ok(Value::Count(Some(count))),
                _ => Err(NumberRefused::NotCount),
            },
            Field::ContextWindow => parse_context_window(typed).map(Value::Count).map_err(NumberRefused::ContextWindow),
            Field::Extra => Err(NumberRefused::NotNumberField),
        }
    }

    pub(super) fn store(self, entry: &mut ProviderEntry, value: Value) {
        match (self, value) {
            (Field::Temperature, Value::Float(value)) => entry.model.temperature = value,
            (Field::TopP, Value::Float(value)) => entry.model.top_p = value,
            (Field::MaxTokens, Value::Count(value)) => entry.model.max_tokens = value,
            (Field::ContextWindow, Value::Count(value)) => entry.model.context_window = value,
            _ => {}
        }
    }
}

/// The problems shown under fields, by field.
#[derive(Clone, Copy)]
pub(crate) struct FieldErrors(RwSignal<Vec<(Field, String)>>);

impl FieldErrors {
    pub(super) fn new() -> Self {
        Self(RwSignal::new(Vec::new()))
    }

    pub(super) fn set(self, field: Field, problem: String) {
        self.0.update(|errors| {
            errors.retain(|(f, _)| *f != field);
            errors.push((field, problem));
        });
    }

    pub(super) fn clear(self, field: Field) {
        if self.has_untracked(field) {
            self.0.update(|errors| errors.retain(|(f, _)| *f != field));
        }
    }

    pub(super) fn has_untracked(self, field: Field) -> bool {
        self.0.with_untracked(|errors| errors.iter().any(|(f, _)| *f == field))
    }

    pub(super) fn get(self, field: Field) -> Option<String> {
        self.0.with(|errors| errors.iter().find(|(f, _)| *f == field).map(|(_, problem)| problem.clone()))
    }
}
