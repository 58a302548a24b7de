//! Why a reply failed, as data until it is shown.
//!
//! A [`Failure`] is one of four kinds ([`FailureKind`]): the provider or the
//! network refused or broke the request (a [`ProviderErrorKind`], with the
//! provider's own message, HTTP status, error code and the wait it asked for), the
//! set-up is not complete or not safe to send (a [`ConfigProblem`], naming the
//! provider and the field), the model asked for tools too many rounds in a row or
//! kept asking for a call that kept failing, or the device was offline for a
//! provider on another machine.
//!
//! The error card composes its heading ([`Failure::title`]), its explanation
//! ([`Failure::detail`], with the advice and the HTTP status at the end) and
//! whether Retry is offered ([`Failure::retryable`]) from these fields. It is
//! stored as an [`ErrorRecord`](crate::storage::ErrorRecord): `kind` keeps the
//! names it always had (`auth`, `rate_limit`, …, `config`, `tool_rounds`,
//! `tool_repeated` and `offline`), `message` the whole readable text (what
//! exports and older versions show), and the fields beside them. A record
//! written before the fields existed holds only the kind and the text: its card
//! shows that text as it did then. Storage, the layer above, owns that
//! conversion (`Failure::to_record` and `Failure::from_record`, in
//! `storage/failure_record.rs`, with the tests of failures, which go through
//! records); this module never imports storage.

/// Most characters of a tool name (the model's choice) a card's detail shows.
pub const TOOL_NAME_CHARS: usize = 64;

use serde::{Deserialize, Serialize};

use crate::contract::{ProviderError, ProviderErrorKind};
use crate::provider::{ImageRequestError, RequestError};

/// The stored kind of set-up problems.
pub const CONFIG: &str = "config";
/// The stored kind of a tool loop that reached its round limit.
pub const TOOL_ROUNDS: &str = "tool_rounds";
/// The stored kind of a tool loop ended because the model repeated a failing call.
pub const TOOL_REPEATED: &str = "tool_repeated";
/// The stored kind of a request a provider on another machine could not get
/// because the device was offline.
pub const OFFLINE: &str = "offline";

/// What kind of failure it is; decides the heading, the advice and Retry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FailureKind {
    /// The provider or the network failed the request.
    Provider(ProviderErrorKind),
    /// Something in the set-up must be fixed first; nothing was sent.
    Config(ConfigProblem),
    /// The model asked for tools once more after `rounds` rounds (`None` in
    /// records stored before the count was kept).
    ToolRounds(Option<u32>),
    /// The model asked once more for a call (the same tool, the same
    /// arguments) that had failed in each of the rounds before: the loop ended
    /// without running it (see `tools::REPEAT_LIMIT`).
    ToolRepeated {
        /// The tool it kept calling.
        tool: String,
        /// How many times in a row it asked, the last time included.
        times: u32,
    },
    /// The browser said the device was offline and the provider is on another
    /// machine: the request was not sent (or, when the browser went offline
    /// while it ran, it broke). Retry helps once the device is back online.
    Offline,
    /// A stored kind this version does not know (written by another version):
    /// its name, kept as stored; its stored text is shown, without Retry.
    Unrecognised(String),
}

/// A set-up problem found before any request went out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum ConfigProblem {
    /// No provider account exists.
    NoProvider,
    /// The account's base URL is not a valid address.
    InvalidBaseUrl {
        /// The account's name.
        provider: String,
        /// What is wrong with it, as the form says.
        detail: String,
    },
    /// The account's preset needs a key and none is set.
    MissingKey {
        /// The account's name.
        provider: String,
    },
    /// The account's key is locked with the passphrase and not unlocked.
    KeysLocked {
        /// The account's name.
        provider: String,
    },
    /// The account has no model set.
    MissingModel {
        /// The account's name.
        provider: String,
    },
    /// The account's extra JSON is not a JSON object.
    BadExtraJson {
        /// The account's name.
        provider: String,
        /// The parser's complaint.
        detail: String,
    },
    /// The request was refused as it was built: its URL is not valid.
    RefusedBaseUrl {
        /// What is wrong with it.
        detail: String,
    },
    /// The request was refused as it was built: the key belongs to another origin.
    KeyForOtherOrigin {
        /// The origin the key is bound to.
        key_origin: String,
        /// The origin the request would have gone to.
        url_origin: String,
    },
    /// An image or PDF is over what the provider takes (see
    /// `message::attachment::over_limit`); nothing was sent.
    AttachmentOverLimit {
        /// The attachment's name.
        name: String,
        /// What is over, as a sentence.
        reason: String,
    },
    /// "Search the web" is on, and the account and model cannot search (see
    /// `provider::search_support`); nothing was sent.
    CannotSearch {
        /// The account's name.
        provider: String,
        /// Why, and what to do instead, as a sentence.
        reason: String,
    },
    /// "Create an image" asked an account or model that makes no pictures
    /// that way (see `provider::image_request`); nothing was sent.
    CannotMakeImages {
        /// The account's name.
        provider: String,
        /// Why, and what to do instead, as a sentence.
        reason: String,
    },
    /// A record stored before problems were kept as fields: only its text says.
    #[serde(other)]
    Unrecorded,
}

/// A stored [`ConfigProblem`] as read: the tag and every variant's fields,
/// each absent one empty. Read through this flat record rather than serde's
/// internally tagged enums, whose reader is several times larger (it is in the
/// first load: every failed reply is read at start-up).
#[derive(Deserialize)]
struct StoredProblem {
    problem: String,
    #[serde(default)]
    provider: String,
    #[serde(default)]
    detail: String,
    #[serde(default)]
    key_origin: String,
    #[serde(default)]
    url_origin: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    reason: String,
}

impl<'de> Deserialize<'de> for ConfigProblem {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let StoredProblem { problem, provider, detail, key_origin, url_origin, name, reason } =
            StoredProblem::deserialize(deserializer)?;
        Ok(match problem.as_str() {
            "no_provider" => ConfigProblem::NoProvider,
            "invalid_base_url" => ConfigProblem::InvalidBaseUrl { provider, detail },
            "missing_key" => ConfigProblem::MissingKey { provider },
            "keys_locked" => ConfigProblem::KeysLocked { provider },
            "missing_model" => ConfigProblem::MissingModel { provider },
            "bad_extra_json" => ConfigProblem::BadExtraJson { provider, detail },
            "refused_base_url" => ConfigProblem::RefusedBaseUrl { detail },
            "key_for_other_origin" => ConfigProblem::KeyForOtherOrigin { key_origin, url_origin },
            "attachment_over_limit" => ConfigProblem::AttachmentOverLimit { name, reason },
            "cannot_search" => ConfigProblem::CannotSearch { provider, reason },
            "cannot_make_images" => ConfigProblem::CannotMakeImages { provider, reason },
            // A problem a newer Hearth recorded.
            _ => ConfigProblem::Unrecorded,
        })
    }
}

impl std::fmt::Display for ConfigProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfigProblem::NoProvider => write!(f, "No provider is set up yet. Open Providers and add one."),
            ConfigProblem::InvalidBaseUrl { provider, detail } => {
                write!(f, "The base URL of “{provider}” is not valid: {detail} Fix it in Providers; nothing was sent.")
            }
            ConfigProblem::MissingKey { provider } => write!(f, "Set the API key of “{provider}” in Providers first."),
            ConfigProblem::KeysLocked { provider } => write!(
                f,
                "The API key of “{provider}” is locked with your passphrase. Unlock your API keys, then send again; \
                 nothing was sent."
            ),
            ConfigProblem::MissingModel { provider } => write!(f, "Set a model for “{provider}” in Providers first."),
            ConfigProblem::BadExtraJson { provider, detail } => write!(f, "The extra JSON of “{provider}”: {detail}"),
            ConfigProblem::RefusedBaseUrl { detail } => {
                write!(f, "The provider's base URL is not valid: {detail} Fix it under Providers; nothing was sent.")
            }
            ConfigProblem::KeyForOtherOrigin { key_origin, url_origin } => write!(
                f,
                "The API key was entered for {key_origin}, not for {url_origin}, so it was not sent. \
                 Enter the key for the new address under Providers."
            ),
            ConfigProblem::AttachmentOverLimit { name, reason } => {
                write!(f, "“{name}” cannot be sent to this provider: {reason} Nothing was sent.")
            }
            ConfigProblem::CannotSearch { provider, reason } => write!(
                f,
                "“{provider}” cannot search the web with this model. {reason} Or turn off “Search the web” in the \
                 message box. Nothing was sent."
            ),
            ConfigProblem::CannotMakeImages { provider, reason } => {
                write!(f, "“{provider}” cannot make this picture. {reason} Nothing was sent.")
            }
            ConfigProblem::Unrecorded => write!(f, "The set-up must be fixed in Providers first."),
        }
    }
}

impl ConfigProblem {
    /// Why "Create an image" built no request for the account named `provider`.
    pub fn of_image_request(error: ImageRequestError, provider: String) -> Self {
        match error {
            ImageRequestError::Request(error) => error.into(),
            refused => ConfigProblem::CannotMakeImages { provider, reason: refused.to_string() },
        }
    }
}

impl From<RequestError> for ConfigProblem {
    fn from(error: RequestError) -> Self {
        match error {
            RequestError::InvalidBaseUrl(problem) => ConfigProblem::RefusedBaseUrl { detail: problem.to_string() },
            RequestError::KeyForOtherOrigin { key_origin, url_origin } => {
                ConfigProblem::KeyForOtherOrigin { key_origin, url_origin }
            }
        }
    }
}

/// Why a reply failed (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What kind of failure.
    pub kind: FailureKind,
    /// The provider's (or the network's) own message; empty for other kinds.
    pub message: String,
    /// The HTTP status, when the server answered.
    pub status: Option<u16>,
    /// The provider's machine-readable error code, when given.
    pub code: Option<String>,
    /// Seconds the provider asked to wait before a retry.
    pub retry_after_secs: Option<u64>,
    /// The whole text of a record stored before failures had fields; shown as
    /// it was then.
    pub stored_text: Option<String>,
}

/// The heading of a tool loop stopped at its round limit.
const TOOL_ROUNDS_TITLE: &str = "Too many tool rounds";

/// The heading of a tool loop ended on a repeated failing call.
const TOOL_REPEATED_TITLE: &str = "The model kept repeating a failing tool call";

/// The heading of a request the device was offline for.
macro_rules! offline_title {
    () => {
        "You're offline"
    };
}

/// What an offline card explains and advises.
macro_rules! offline_detail {
    () => {
        "This device is not connected to a network, so Hearth could not reach the provider. \
         Your message is kept: press Retry once you are back online. A provider running on this computer \
         (localhost) works offline."
    };
}

/// The heading of a request the device was offline for.
const OFFLINE_TITLE: &str = offline_title!();

/// What an offline card explains and advises.
const OFFLINE_DETAIL: &str = offline_detail!();

/// An offline failure's whole message, as stored (the heading, then the
/// explanation): also what a reply shows whose card's code could not load.
pub const OFFLINE_MESSAGE: &str = concat!(offline_title!(), ". ", offline_detail!());

impl Failure {
    fn of_kind(kind: FailureKind) -> Self {
        Self { kind, message: String::new(), status: None, code: None, retry_after_secs: None, stored_text: None }
    }

    /// A set-up problem.
    pub fn config(problem: ConfigProblem) -> Self {
        Self::of_kind(FailureKind::Config(problem))
    }

    /// A tool loop stopped after `rounds` rounds.
    pub fn tool_rounds(rounds: u32) -> Self {
        Self::of_kind(FailureKind::ToolRounds(Some(rounds)))
    }

    /// A tool loop ended because the model asked for a failing call of `tool`
    /// `times` times in a row.
    pub fn tool_repeated(tool: impl Into<String>, times: u32) -> Self {
        Self::of_kind(FailureKind::ToolRepeated { tool: tool.into(), times })
    }

    /// The device is offline and the provider is on another machine.
    pub fn offline() -> Self {
        Self::of_kind(FailureKind::Offline)
    }

    /// The card's heading.
    pub fn title(&self) -> &'static str {
        match &self.kind {
            FailureKind::Provider(kind) => kind.title(),
            FailureKind::Config(ConfigProblem::AttachmentOverLimit { .. }) => {
                "An attachment is too large for this provider"
            }
            FailureKind::Config(_) => "Set-up needed",
            FailureKind::ToolRounds(_) => TOOL_ROUNDS_TITLE,
            FailureKind::ToolRepeated { .. } => TOOL_REPEATED_TITLE,
            FailureKind::Offline => OFFLINE_TITLE,
            FailureKind::Unrecognised(_) => ProviderErrorKind::Other.title(),
        }
    }

    /// The explanation below the heading: what happened, what to do, and the
    /// HTTP status (if any) at the end.
    pub fn detail(&self) -> String {
        if let Some(text) = &self.stored_text {
            return stored_detail(text, self.title());
        }
        match &self.kind {
            FailureKind::Provider(kind) => {
                let mut parts = Vec::new();
                if !self.message.is_empty() {
                    parts.push(sentence(&self.message));
                }
                parts.extend(
                    self.provider_error()
                        .and_then(|error| error.advice())
                        .or_else(|| kind.advice(self.retry_after_secs)),
                );
                let mut detail = parts.join(" ");
                if let Some(status) = self.status {
                    detail = format!("{detail} (HTTP {status})").trim_start().to_owned();
                }
                detail
            }
            FailureKind::Config(problem) => problem.to_string(),
            FailureKind::ToolRounds(rounds) => {
                let times = rounds.map_or_else(|| "too many".to_owned(), |rounds| format!("{rounds}"));
                format!(
                    "The model asked for tools {times} times in a row without answering, which is the limit. \
                     Every result so far is kept below. Raise \"Most tool rounds\" in Tools, or ask more precisely."
                )
            }
            FailureKind::ToolRepeated { tool, times } => format!(
                // The name is the model's choice: a long one is cut so the card stays readable.
                "The model asked for the same {} call (the same arguments) {times} times in a row and it \
                 failed each time, so Hearth stopped here instead of using the remaining tool rounds. The calls and \
                 their results are kept above. Switch the tool on or fix what it needs, or ask differently.",
                crate::format::cut(tool, TOOL_NAME_CHARS)
            ),
            // Written once, in `offline_detail!`, which `OFFLINE_MESSAGE` ends with too.
            FailureKind::Offline => OFFLINE_DETAIL.to_owned(),
            FailureKind::Unrecognised(_) => String::new(),
        }
    }

    /// The whole readable text, as stored in
    /// [`ErrorRecord::message`](crate::storage::ErrorRecord::message): for a
    /// provider failure the heading, status, message and advice in one sentence
    /// run; for a set-up problem what to fix; for tool rounds heading and detail.
    pub fn text(&self) -> String {
        if let Some(text) = &self.stored_text {
            return text.clone();
        }
        match &self.kind {
            FailureKind::Provider(_) => self.provider_error().map(|error| error.to_string()).unwrap_or_default(),
            FailureKind::Config(problem) => problem.to_string(),
            FailureKind::ToolRounds(_) => format!("{TOOL_ROUNDS_TITLE}. {}", self.detail()),
            FailureKind::ToolRepeated { .. } => format!("{TOOL_REPEATED_TITLE}. {}", self.detail()),
            FailureKind::Offline => OFFLINE_MESSAGE.to_owned(),
            FailureKind::Unrecognised(_) => String::new(),
        }
    }

    /// Whether sending again can help: after a temporary failure, or after the
    /// set-up was fixed; not for a rejected key or a request the provider refuses.
    pub fn retryable(&self) -> bool {
        match &self.kind {
            FailureKind::Provider(kind) => kind.is_retryable(),
            // Retry would ask the chat model, not the image model: a picture is
            // made again from Create an image instead.
            FailureKind::Config(ConfigProblem::CannotMakeImages { .. }) => false,
            FailureKind::Config(_)
            | FailureKind::ToolRounds(_)
            | FailureKind::ToolRepeated { .. }
            | FailureKind::Offline => true,
            FailureKind::Unrecognised(_) => false,
        }
    }

    /// The provider error this failure came from, for provider failures.
    pub fn provider_error(&self) -> Option<ProviderError> {
        let FailureKind::Provider(kind) = self.kind else { return None };
        Some(ProviderError {
            kind,
            status: self.status,
            message: self.message.clone(),
            code: self.code.clone(),
            retry_after_secs: self.retry_after_secs,
        })
    }
}

impl From<&ProviderError> for Failure {
    fn from(error: &ProviderError) -> Self {
        Self {
            kind: FailureKind::Provider(error.kind),
            message: error.message.clone(),
            status: error.status,
            code: error.code.clone(),
            retry_after_secs: error.retry_after_secs,
            stored_text: None,
        }
    }
}

impl From<ProviderError> for Failure {
    fn from(error: ProviderError) -> Self {
        Self::from(&error)
    }
}

impl From<ConfigProblem> for Failure {
    fn from(problem: ConfigProblem) -> Self {
        Self::config(problem)
    }
}

/// `text` ending in a full stop (or another sentence end).
fn sentence(text: &str) -> String {
    if text.ends_with(['.', '!', '?']) { text.to_owned() } else { format!("{text}.") }
}

/// The explanation of an older record's whole text: without the heading it
/// starts with, and the HTTP status (if any) moved to the end.
fn stored_detail(text: &str, title: &str) -> String {
    let detail = text.strip_prefix(title).unwrap_or(text).trim_start();
    if let Some(rest) = detail.strip_prefix("(HTTP ")
        && let Some((status, rest)) = rest.split_once(')')
    {
        let rest = rest.trim_start_matches([':', '.']).trim();
        return format!("{rest} (HTTP {status})").trim_start().to_owned();
    }
    detail.trim_start_matches([':', '.']).trim().to_owned()
}
