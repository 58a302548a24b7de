//! The provider accounts the user set up, each with its model settings, and which
//! one answers. Edited in the Providers dialog and stored through the store (in
//! [`storage`]: one provider record and one model-config record per account,
//! same id); reloaded when another tab imports or clears everything.

pub(crate) mod key_lock;
mod lock_state;
pub(crate) mod save_state;
mod storage;

use hearth_core::failure::ConfigProblem;
use hearth_core::message::attachment::Accepts;
use hearth_core::provider::{
    self, HttpRequest, InputsFrom, ModelConfig, Preset, ProviderConfig, ProviderError, ProviderKind,
};
use hearth_core::storage::{ModelConfigRecord, ProviderRecord};
use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::crypto::AesKey;
use crate::io::fetch_stream::{FetchFailure, fetch_reply, fetch_stream};
use crate::io::key_session::KeyShare;
use crate::store::StoreContext;
use lock_state::LockState;
use save_state::SaveTracker;

/// How long a stream may send nothing before it is given up, unless changed.
pub(crate) const DEFAULT_STALL_SECS: u32 = 60;

/// One provider account and its model settings.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ProviderEntry {
    /// Where and how to reach the provider.
    pub(crate) provider: ProviderRecord,
    /// The model and sampling settings used with it.
    pub(crate) model: ModelConfigRecord,
}

impl ProviderEntry {
    /// A new account of `preset` with its default base URL, under `id`.
    pub(crate) fn new(id: String, preset: Preset) -> Self {
        Self {
            provider: ProviderRecord {
                id: id.clone(),
                kind: preset.kind(),
                preset: Some(preset),
                name: preset.label().to_owned(),
                base_url: preset.default_base_url().to_owned(),
                api_key: String::new(),
                api_version: String::new(),
                key_origin: None,
                sealed_key: None,
                api: Default::default(),
            },
            model: ModelConfigRecord {
                id: id.clone(),
                provider_id: id,
                model: String::new(),
                temperature: None,
                max_tokens: None,
                top_p: None,
                extra_json: None,
                thinking: None,
                context_window: None,
                inputs: None,
            },
        }
    }

    /// The account's id.
    pub(crate) fn id(&self) -> &str {
        &self.provider.id
    }

    /// The preset it was made from (inferred for records older than presets).
    pub(crate) fn preset(&self) -> Preset {
        self.provider.effective_preset()
    }

    /// What its model reads besides text, and who says so.
    pub(crate) fn accepts(&self) -> (Accepts, InputsFrom) {
        self.model.accepts(self.preset())
    }

    /// "model · Name", for the top bar's model control, which says the model first.
    pub(crate) fn model_first_label(&self) -> String {
        let (name, model) = self.name_and_model();
        format!("{model} · {name}")
    }

    /// "Name · model", for the pickers of accounts (an agent's model, the summariser).
    pub(crate) fn label(&self) -> String {
        let (name, model) = self.name_and_model();
        format!("{name} · {model}")
    }

    fn name_and_model(&self) -> (&str, &str) {
        let name = if self.provider.name.trim().is_empty() { self.preset().label() } else { &self.provider.name };
        match self.model.model.trim() {
            "" => (name, tr("no model set")),
            model => (name, model),
        }
    }

    /// What a request needs, or what must be fixed first (nothing is sent then).
    pub(crate) fn configs(&self) -> Result<(ProviderConfig, ModelConfig), ConfigProblem> {
        let name = || self.provider.name.clone();
        let provider = self.provider.config();
        if let Err(problem) = provider.checked_base_url() {
            return Err(ConfigProblem::InvalidBaseUrl { provider: name(), detail: problem.to_string() });
        }
        // A stored key that is locked is never left out silently, even where
        // the preset could do without one.
        if self.provider.key_is_locked() {
            return Err(ConfigProblem::KeysLocked { provider: name() });
        }
        if self.preset().needs_key() && provider.api_key.trim().is_empty() {
            return Err(ConfigProblem::MissingKey { provider: name() });
        }
        let model = self.model.config().map_err(|detail| ConfigProblem::BadExtraJson { provider: name(), detail })?;
        if model.model.trim().is_empty() {
            return Err(ConfigProblem::MissingModel { provider: name() });
        }
        Ok((provider, model))
    }
}

/// The accounts and the choice among them; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct ProvidersContext {
    store: StoreContext,
    /// Every account, in the order they were added.
    pub(crate) list: RwSignal<Vec<ProviderEntry>>,
    /// The id of the account that answers.
    pub(crate) active: RwSignal<Option<String>>,
    /// Seconds without any data after which a stream is given up.
    pub(crate) stall_secs: RwSignal<u32>,
    /// Whether the Providers dialog is open.
    pub(crate) dialog_open: RwSignal<bool>,
    /// Whether the API keys are locked with a passphrase, and open here.
    pub(crate) lock: RwSignal<LockState>,
    /// Whether the unlock prompt is open.
    pub(crate) unlock_open: RwSignal<bool>,
    /// What the Providers dialog says about its writes ("Saved").
    pub(crate) saving: SaveTracker,
    /// The open lock's salt and key, in this tab's memory only.
    aes: StoredValue<Option<(String, AesKey)>, LocalStorage>,
}

impl ProvidersContext {
    /// No accounts yet; start-up loads the stored ones ([`ProvidersContext::load`]).
    pub(crate) fn new(store: StoreContext) -> Self {
        let this = Self {
            store,
            list: RwSignal::new(Vec::new()),
            active: RwSignal::new(None),
            stall_secs: RwSignal::new(DEFAULT_STALL_SECS),
            dialog_open: RwSignal::new(false),
            lock: RwSignal::new(LockState::Off),
            unlock_open: RwSignal::new(false),
            saving: SaveTracker::new(),
            aes: StoredValue::new_local(None),
        };
        // Answers other tabs that ask for the open lock's key for as long as
        // the page lives (the context is made once, with the app): kept by
        // forgetting it rather than in a stored value of its own type.
        std::mem::forget(KeyShare::answer_with(move |salt| this.raw_key_for(salt)));
        store.reload_on_bulk_change(move || this.load(true));
        this
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// The account that answers: the chosen one, else the first.
    pub(crate) fn active_entry(self) -> Option<ProviderEntry> {
        let active = self.active.get_untracked();
        self.list.with_untracked(|list| {
            list.iter().find(|entry| Some(entry.id()) == active.as_deref()).or_else(|| list.first()).cloned()
        })
    }

    /// The account an agent whose model is `model_config_id` runs on (tracked):
    /// that model config's account, else (the default model, or an account
    /// deleted since) the one that answers by default.
    pub(crate) fn entry_for(self, model_config_id: Option<&str>) -> Option<ProviderEntry> {
        let active = self.active.get();
        self.list.with(|list| {
            model_config_id
                .and_then(|id| list.iter().find(|entry| entry.model.id == id))
                .or_else(|| list.iter().find(|entry| Some(entry.id()) == active.as_deref()))
                .or_else(|| list.first())
                .cloned()
        })
    }

    /// The account with `id`, tracked: a reactive reader changes with it.
    pub(crate) fn entry_tracked(self, id: &str) -> Option<ProviderEntry> {
        self.list.with(|list| list.iter().find(|entry| entry.id() == id).cloned())
    }
}

/// Why Test connection failed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TestFailure {
    /// No request could be built (an invalid base URL, a key bound to another origin).
    Refused(provider::RequestError),
    /// The extra JSON is not valid, so no test request can be built.
    ExtraJson(String),
    /// The provider has no model list and no model is set to ask.
    NoModel,
    /// The request was stopped.
    Stopped,
    /// The provider or the network failed, as the error cards word it.
    Provider(ProviderError),
}

impl std::fmt::Display for TestFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TestFailure::Refused(error) => write!(f, "{error}"),
            TestFailure::ExtraJson(error) => f.write_str(&tr_with(
                "providers-test-fix-extra-json",
                &[("error", Arg::Text(error))],
                || format!("Fix the extra JSON first: {error}"),
            )),
            TestFailure::NoModel => f.write_str(tr(
                "Set the model first: this provider has no model list, so the test asks the model for a one-word answer."
            )),
            TestFailure::Stopped => f.write_str(tr("The test was stopped.")),
            TestFailure::Provider(error) => write!(f, "{error}"),
        }
    }
}

/// What Test connection found: what to tell the user, the models listed, and
/// what the list says each model reads (OpenRouter's says; most say nothing).
pub(crate) struct Connected {
    pub(crate) summary: String,
    pub(crate) models: Vec<String>,
    pub(crate) inputs: Vec<(String, Accepts)>,
}

/// Checks that an account works: lists its models where the provider has a
/// list (the models, for the form), else sends its model a one-word message.
pub(crate) async fn test_connection(entry: &ProviderEntry) -> Result<Connected, TestFailure> {
    let account = entry.provider.config();
    let request = match provider::models_request(&account).map_err(TestFailure::Refused)? {
        Some(request) => request,
        None => {
            let model = entry.model.config().map_err(TestFailure::ExtraJson)?;
            if model.model.trim().is_empty() {
                return Err(TestFailure::NoModel);
            }
            return ping(&account, &model).await.map(|()| Connected {
                summary: tr("Connected: the model answered.").to_owned(),
                models: Vec::new(),
                inputs: Vec::new(),
            });
        }
    };
    let mut body = Vec::new();
    let fetched = fetch_stream(&request, None, |bytes| body.extend_from_slice(bytes)).await;
    fetched.map_err(|failure| test_failure(failure, &request, account.kind))?;
    let body = String::from_utf8_lossy(&body);
    match provider::parse_models(account.kind, &body) {
        Ok(models) => {
            let summary = match models.len() {
                0 => tr("Connected. The provider lists no models; type the model id.").to_owned(),
                n => tr_with("providers-test-models-available", &[("n", Arg::Number(n as f64))], || match n {
                    1 => "Connected. 1 model available.".to_owned(),
                    n => format!("Connected. {n} models available."),
                }),
            };
            Ok(Connected { summary, models, inputs: provider::parse_model_inputs(&body) })
        }
        Err(error) => Ok(Connected {
            summary: {
                let error = error.to_string();
                tr_with("providers-test-model-list-unreadable", &[("error", Arg::Text(&error))], || {
                    format!("Connected, but the model list could not be read: {error}")
                })
            },
            models: Vec::new(),
            inputs: Vec::new(),
        }),
    }
}

/// Sends a tiny chat request and reads its streamed answer for an error.
async fn ping(account: &ProviderConfig, model: &ModelConfig) -> Result<(), TestFailure> {
    let request = provider::ping_request(account, model).map_err(TestFailure::Refused)?;
    let wire = account.wire_kind(&model.model);
    let reply = fetch_reply(&request, wire).await.map_err(|failure| test_failure(failure, &request, wire))?;
    match reply.error {
        Some(error) => Err(TestFailure::Provider(error)),
        None => Ok(()),
    }
}

/// A failed test request, as the error cards word it.
fn test_failure(failure: FetchFailure, request: &HttpRequest, kind: ProviderKind) -> TestFailure {
    failure.into_provider_error(request, kind, false).map_or(TestFailure::Stopped, TestFailure::Provider)
}
