//! The stored record shapes. Plain data: `Clone`, `PartialEq`, serde both ways.
//! Every optional field has a serde default, so older or hand-made records load.
//!
//! A conversation is a [`SessionRecord`] (small: title, message count, agent) and
//! one [`MessageRecord`] per message, with its search `terms`. A reply holds
//! its whole turn (every round's [`ToolCallRecord`]s and the answer) and names
//! the agent that wrote it ([`AgentRef`]); a user message keeps the files it
//! sent. Markers ([`MessageKind`]: an agent switch, a compaction summary) are
//! shown and searchable, never sent as messages.

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::kept::Kept;
use crate::Millis;
use crate::agent::{AgentKind, AgentRecord, DEFAULT_AGENT_ID};
use crate::contract::{FinishReason, ProviderKind, Usage};
use crate::format::cut;
use crate::message::attachment::Accepts;
use crate::message::{AttachedFile, ReasoningPart, Role};
use crate::provider::{InputsFrom, ModelConfig, ModelInputs, Preset, ProviderConfig, parse_extra_json};

/// One provider account. Holds the API key, which backups leave out unless asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProviderRecord {
    /// Stable id.
    pub id: String,
    /// Protocol family.
    pub kind: ProviderKind,
    /// Name shown to the user.
    pub name: String,
    /// Base URL of the API.
    pub base_url: String,
    /// The API key (empty when none is needed or it was not exported).
    #[serde(default)]
    pub api_key: String,
    /// The named service; `None` (records saved before presets) means it is
    /// derived from the kind and base URL (see [`Preset::infer`]).
    #[serde(default)]
    pub preset: Option<Preset>,
    /// Azure's `api-version`; empty means the default.
    #[serde(default)]
    pub api_version: String,
    /// The origin (`scheme://host[:port]`) the key was entered for. Requests to
    /// any other origin never carry the key; moving the provider to another
    /// origin removes the key unless it is entered again (see
    /// [`ProviderRecord::with_base_url`]). `None` on a record with a key means it
    /// was stored before keys were bound, and [`ProviderRecord::bind_key_origin`]
    /// binds it to its base URL's origin when it is loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_origin: Option<String>,
    /// The API key sealed with the passphrase lock (see
    /// [`key_lock`](super::key_lock)). While the lock is on, this is the only
    /// form of the key at rest and `api_key` is stored empty; in memory, once
    /// unlocked, `api_key` holds the same key in plain text. Setting a new key
    /// clears it, so a sealed key beside a plain one always seals that key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sealed_key: Option<crate::format::sealed::Sealed>,
    /// For an OpenAI-family provider, which API it speaks (see
    /// [`ApiChoice`](crate::provider::ApiChoice)). Left out when `Auto`.
    #[serde(default, skip_serializing_if = "crate::provider::ApiChoice::is_auto")]
    pub api: crate::provider::ApiChoice,
}

impl ProviderRecord {
    /// The origin of the base URL requests go to, when it is valid.
    pub fn origin(&self) -> Option<String> {
        self.config_unbound().checked_base_url().ok().map(|url| url.origin())
    }

    /// Binds a key stored before keys were bound to the origin of the current base
    /// URL. Returns whether the record changed (so the shell stores it again).
    pub fn bind_key_origin(&mut self) -> bool {
        if !self.has_key() || self.key_origin.is_some() {
            return false;
        }
        self.key_origin = self.origin();
        self.key_origin.is_some()
    }

    /// Sets a newly entered key, bound to the current base URL's origin.
    pub fn set_key(&mut self, key: String) {
        self.key_origin = if key.is_empty() { None } else { self.origin() };
        self.api_key = key;
        self.sealed_key = None;
    }

    /// Whether a key is set, plain or sealed.
    pub fn has_key(&self) -> bool {
        !self.api_key.is_empty() || self.sealed_key.is_some()
    }

    /// Whether the key is sealed and not unlocked in memory: requests cannot
    /// carry it until the passphrase is given.
    pub fn key_is_locked(&self) -> bool {
        self.api_key.is_empty() && self.sealed_key.is_some()
    }

    /// Sets the base URL. When that moves the provider to another origin than
    /// the key was entered for, the key is removed (the user enters it again for
    /// the new address). Returns whether a key was removed.
    pub fn with_base_url(&mut self, base_url: String) -> bool {
        self.bind_key_origin();
        self.base_url = base_url;
        if !self.has_key() || self.key_origin.is_some() && self.key_origin == self.origin() {
            return false;
        }
        self.api_key.clear();
        self.sealed_key = None;
        self.key_origin = None;
        true
    }

    fn config_unbound(&self) -> ProviderConfig {
        ProviderConfig {
            kind: self.kind,
            preset: self.effective_preset(),
            base_url: self.base_url.clone(),
            api_key: String::new(),
            api_version: String::new(),
            key_origin: None,
            api: self.api,
        }
    }

    /// The stored preset, or one inferred from the kind and base URL for records
    /// stored before presets existed (or whose preset belongs to another family).
    pub fn effective_preset(&self) -> Preset {
        self.preset
            .filter(|preset| preset.kind() == self.kind)
            .unwrap_or_else(|| Preset::infer(self.kind, &self.base_url))
    }

    /// The configuration requests are built from. A stored preset that does not
    /// belong to the stored kind is ignored and derived again.
    pub fn config(&self) -> ProviderConfig {
        ProviderConfig {
            kind: self.kind,
            preset: self.effective_preset(),
            base_url: self.base_url.clone(),
            api_key: self.api_key.clone(),
            api_version: self.api_version.clone(),
            key_origin: self.key_origin.clone(),
            api: self.api,
        }
    }
}

/// A model and its sampling settings on one provider.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModelConfigRecord {
    /// Stable id.
    pub id: String,
    /// The provider it runs on.
    pub provider_id: String,
    /// The provider's model id.
    pub model: String,
    /// Sampling temperature, when set.
    #[serde(default)]
    pub temperature: Option<f64>,
    /// Maximum output tokens, when set.
    #[serde(default)]
    pub max_tokens: Option<u32>,
    /// Nucleus sampling, when set.
    #[serde(default)]
    pub top_p: Option<f64>,
    /// Extra JSON merged into requests, as typed.
    #[serde(default)]
    pub extra_json: Option<String>,
    /// The thinking switch, when set (see [`ModelConfig::thinking`]).
    #[serde(default)]
    pub thinking: Option<bool>,
    /// The model's context window in tokens, as the user set it; `None` means
    /// the default (see [`ModelConfigRecord::effective_context_window`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context_window: Option<u32>,
    /// What the model reads besides text as the user set it or Hearth learned
    /// it (the provider's model list, a refusal); `None`: see
    /// [`ModelConfigRecord::accepts`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<ModelInputs>,
}

impl ModelConfigRecord {
    /// What the model reads besides text, and who says so: what was stored for
    /// this model id, else what `preset` documents for it.
    pub fn accepts(&self, preset: Preset) -> (Accepts, InputsFrom) {
        match &self.inputs {
            Some(inputs) if inputs.model == self.model.trim() => (inputs.accepts, inputs.from),
            _ => (preset.accepts(self.model.trim()), InputsFrom::Documentation),
        }
    }

    /// Learns `accepts` about the current model (from `from`); says whether
    /// anything changed (see [`ModelInputs::updated`]).
    pub fn learn_inputs(&mut self, accepts: Accepts, from: InputsFrom, preset: Preset) -> bool {
        let model = self.model.trim().to_owned();
        // What is known now, the documented default included, so a refusal of
        // images keeps PDFs as documented.
        let (known, known_from) = self.accepts(preset);
        let current = ModelInputs { model: model.clone(), accepts: known, from: known_from };
        let current = (known_from != InputsFrom::Documentation || from == InputsFrom::Refusal).then_some(current);
        match ModelInputs::updated(current.as_ref(), ModelInputs { model, accepts, from }) {
            Some(updated) => {
                self.inputs = Some(updated);
                true
            }
            None => false,
        }
    }

    /// The settings requests are built from, or why the extra JSON cannot be used.
    pub fn config(&self) -> Result<ModelConfig, String> {
        Ok(ModelConfig {
            model: self.model.clone(),
            temperature: self.temperature,
            max_tokens: self.max_tokens,
            top_p: self.top_p,
            thinking: self.thinking,
            effort: None,
            web_search: None,
            make_images: false,
            extra: parse_extra_json(self.extra_json.as_deref().unwrap_or_default())?,
        })
    }

    /// The context window compaction works with, in tokens: the user's own value
    /// (when above zero), else the known window of the model on `preset`
    /// ([`Preset::default_context_window`]), else
    /// [`FALLBACK_CONTEXT_WINDOW`](crate::compaction::FALLBACK_CONTEXT_WINDOW).
    pub fn effective_context_window(&self, preset: Preset) -> u32 {
        self.context_window
            .filter(|window| *window > 0)
            .or_else(|| preset.default_context_window(&self.model))
            .unwrap_or(crate::compaction::FALLBACK_CONTEXT_WINDOW)
    }
}

/// Where a session title came from; a user's title is never replaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TitleSource {
    /// Cut from the first message.
    #[default]
    FirstMessage,
    /// Written by the model in the background.
    Generated,
    /// Typed by the user.
    User,
}

/// A conversation's metadata. Its messages are separate records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SessionRecord {
    /// Stable id.
    pub id: String,
    /// Title shown in the sidebar.
    pub title: String,
    /// Where the title came from.
    #[serde(default)]
    pub title_source: TitleSource,
    /// The agent the conversation uses.
    #[serde(default = "default_agent")]
    pub agent_id: String,
    /// When it was created.
    pub created_at: Millis,
    /// When a message was last added or changed.
    pub updated_at: Millis,
    /// Number of messages.
    #[serde(default)]
    pub message_count: u32,
    /// The start of the latest message, for the sidebar.
    #[serde(default)]
    pub preview: String,
    /// Pinned sessions are listed first.
    #[serde(default)]
    pub pinned: bool,
    /// Set while a deletion can still be undone; such sessions are hidden.
    #[serde(default)]
    pub deleted_at: Option<Millis>,
    /// For a conversation branched from another ("Branch into a new chat"):
    /// the conversation it was copied from (it may have been deleted since);
    /// the sidebar lists it under that one. Left out when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch_of: Option<String>,
    /// For a branched conversation: the last message copied. Left out when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branched_at: Option<String>,
}

fn default_agent() -> String {
    DEFAULT_AGENT_ID.to_owned()
}

/// Where a message stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MessageState {
    /// Finished (for replies: the stream ended, with or without a finish reason).
    #[default]
    Complete,
    /// A reply still being written by a tab.
    Streaming,
    /// The stream ended before the model said it had finished; the answer is kept.
    Incomplete,
    /// The user stopped the reply; the partial answer is kept.
    Stopped,
    /// The tab closed or crashed while the reply streamed; the partial answer is kept.
    Interrupted,
    /// The request failed; `error` says why.
    Failed,
}

/// A tool call made by the model, with its result once run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCallRecord {
    /// The provider's call id.
    pub id: String,
    /// Tool name.
    pub name: String,
    /// JSON arguments as the model wrote them.
    pub arguments_raw: String,
    /// The text the model wrote before this call (its commentary).
    #[serde(default)]
    pub commentary: String,
    /// The result, once the tool ran.
    #[serde(default)]
    pub result: Option<ToolResultRecord>,
    /// The round of the turn it was made in, from 0: calls of one round were
    /// asked for together and ran in parallel.
    #[serde(default)]
    pub round: u32,
}

/// What a tool returned.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ToolResultRecord {
    /// The result text (JSON or plain) sent back to the model.
    pub content: String,
    /// Whether it is an error result.
    #[serde(default)]
    pub is_error: bool,
    /// How long the tool ran.
    #[serde(default)]
    pub duration_ms: Option<u64>,
    /// Images and sounds that came with the result (an MCP tool's), by
    /// reference to the blob store (see [`ToolMedia`](crate::message::ToolMedia)).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub media: Vec<crate::message::ToolMedia>,
    /// Links to resources that came with the result (an MCP tool's), for the
    /// user to read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<crate::message::ToolLink>,
    /// The view an MCP App tool shows: a [`ToolApp`](crate::mcp::apps::ToolApp)'s
    /// JSON ([`ToolApp::to_value`](crate::mcp::apps::ToolApp::to_value)), its HTML
    /// by reference to the blob store. Kept as JSON so that only the code that
    /// shows a view reads it. Left out for every other tool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app: Option<serde_json::Value>,
}

/// Why a reply failed, as stored: a [`Failure`](crate::failure::Failure)
/// written with `Failure::to_record` and read with `Failure::from_record`
/// (both in `storage/failure_record.rs`). Records stored before the fields after `message`
/// existed hold only the kind and the text; the card then shows that text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorRecord {
    /// Machine-readable kind (`auth`, `rate_limit`, `network`, …, `config`, `tool_rounds`, `tool_repeated`, `offline`).
    pub kind: String,
    /// The whole readable text: what exports and older versions show.
    pub message: String,
    /// The provider's (or the network's) own message, for provider failures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider_message: Option<String>,
    /// The HTTP status, when the server answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The provider's machine-readable error code or type, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// Seconds the provider asked to wait before a retry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_secs: Option<u64>,
    /// For `config`: which set-up problem, naming the provider and the field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<crate::failure::ConfigProblem>,
    /// For `tool_rounds`: how many rounds ran; for `tool_repeated`: how many
    /// times in a row the model asked for the failing call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// For `tool_repeated`: the tool the model kept calling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
}

impl ErrorRecord {
    /// A record with only a kind and a text, as older versions stored it.
    pub fn described(kind: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            kind: kind.into(),
            message: message.into(),
            provider_message: None,
            status: None,
            code: None,
            retry_after_secs: None,
            config: None,
            rounds: None,
            tool: None,
        }
    }
}

/// One message of a session. Written alone; never part of a bigger blob.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MessageRecord {
    /// Stable id.
    pub id: String,
    /// The session it belongs to.
    pub session_id: String,
    /// The message it follows in its conversation's tree (see
    /// [`tree`](crate::storage::tree)); `None` for a first message. Left out
    /// when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<String>,
    /// Who wrote it.
    pub role: Role,
    /// Its text (markdown for replies).
    #[serde(default)]
    pub content: String,
    /// Reasoning ("thinking") text of a reply.
    #[serde(default)]
    pub reasoning: String,
    /// The reply's reasoning part by part, with the signatures and redacted
    /// blocks that are sent back to the provider family that wrote it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reasoning_parts: Vec<ReasoningPart>,
    /// The protocol family that wrote a reply (its reasoning goes back only there).
    #[serde(default)]
    pub provider_kind: Option<ProviderKind>,
    /// Tool calls of a reply, with their results.
    #[serde(default)]
    pub tool_calls: Vec<ToolCallRecord>,
    /// The model that wrote a reply.
    #[serde(default)]
    pub model: Option<String>,
    /// The provider record used for a reply.
    #[serde(default)]
    pub provider_id: Option<String>,
    /// The agent that wrote a reply, or the one a switch marker switched to,
    /// with its name at that moment: a conversation still names an agent that
    /// was renamed or deleted since.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent: Option<AgentRef>,
    /// An ordinary message, or a marker that is shown (and searchable) but never
    /// sent to a model.
    #[serde(default, skip_serializing_if = "MessageKind::is_message")]
    pub kind: MessageKind,
    /// Token usage of a reply.
    #[serde(default)]
    pub usage: Option<Usage>,
    /// Why the model stopped.
    #[serde(default)]
    pub finish: Option<FinishReason>,
    /// Why the request failed, for `Failed` replies.
    #[serde(default)]
    pub error: Option<ErrorRecord>,
    /// How many other choices the provider sent with a reply (`n` > 1) and were
    /// ignored; only the first is kept. Left out when none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ignored_choices: u32,
    /// Where it stands.
    #[serde(default)]
    pub state: MessageState,
    /// When it was created; orders a session's messages.
    pub created_at: Millis,
    /// When it last changed.
    pub updated_at: Millis,
    /// Search terms of `content` ([`MessageRecord::search_terms`]): carried
    /// by backups; on this device, kept only by records an older Hearth stored
    /// (for its multi-entry search index) until they are indexed in the search's
    /// postings (see [`postings`](crate::storage::postings)). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terms: Vec<String>,
    /// Schema 2 and before: for a regenerated reply, the id of the first reply
    /// it is another version of (see [`versions`](crate::storage::versions)).
    /// The migration to schema 3 turns versions into siblings under their user
    /// message ([`parent`](Self::parent)); it is kept as it was, never written anew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant_of: Option<String>,
    /// When the user last picked this message at its fork (see [`tree`](crate::storage::tree)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chosen_at: Option<Millis>,
    /// The files a user message carried, as they were sent (a snapshot: the
    /// project file may change or go later). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<AttachedFile>,
    /// The images and PDFs a user message carried, by reference to the blob
    /// store (never their bytes). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<crate::message::Attachment>,
    /// The blobs the record refers to (its attachments'), derived like `terms`
    /// (see [`MessageRecord::refresh_terms`]) for the blob store's reference
    /// index: a blob no record lists is removed. Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub blobs: Vec<String>,
    /// For a summary record ([`MessageKind::Summary`]): where it stands in the
    /// conversation and what it stands for. Left out on every other record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<SummaryInfo>,
    /// For a reply of a compare turn (one prompt sent to several models; see
    /// [`crate::compare`]): the id shared by the turn's columns and its merges.
    /// Left out on every other record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compare_group: Option<String>,
    /// The column of a compare turn's reply, from 0 (left out when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub compare_column: u32,
    /// Whether the compare turn hides its models' names until one is picked.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub blind: bool,
    /// The model setting a compare column was asked with (its Retry asks it
    /// again); `None`: the agent's own model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_config_id: Option<String>,
    /// For a merged reply: the replies it merged, in column order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<String>,
    /// For a merged reply: the instruction it was written with (the recipe).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merge_recipe: Option<String>,
    /// Milliseconds from the request to the first token of a reply, when this
    /// tab streamed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_token_ms: Option<u64>,
    /// Milliseconds from the request to the reply's end, when this tab streamed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_ms: Option<u64>,
    /// When the user last edited a reply's text (see
    /// [`edit_reply`](crate::storage::branch::edit_reply)); `None`: as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited_at: Option<Millis>,
    /// The pages a reply cites (found by the provider's own search), each once.
    /// Left out when none.
    #[serde(default, skip_serializing_if = "Kept::is_empty")]
    pub sources: Kept<crate::contract::Source>,
    /// Where the reply's text cites them. Left out when none.
    #[serde(default, skip_serializing_if = "Kept::is_empty")]
    pub citations: Kept<crate::contract::CitationMark>,
    /// The tools the provider ran itself for a reply (its searches, …), every
    /// round's. Left out when none.
    #[serde(default, skip_serializing_if = "Kept::is_empty")]
    pub server_tools: Kept<crate::contract::ServerToolCall>,
    /// The pictures a reply's model made, by reference to the blob store (the
    /// bytes only while new, as [`ToolMedia`](crate::message::ToolMedia)
    /// keeps them). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub images: Vec<crate::message::ToolMedia>,
    /// What a reply held that this version could not read, kept raw. Left out
    /// when none.
    #[serde(default, skip_serializing_if = "Kept::is_empty")]
    pub unsupported: Kept<crate::contract::Unsupported>,
    /// The passages from the user's knowledge bases sent with a reply's
    /// request, numbered as it cites them, kept so the reply can show what it
    /// was given and open each where it is in its file: each a
    /// `knowledge::records::Retrieved`, kept as JSON so that only the code
    /// that shows them reads them into that type (none of it is in the first
    /// load). Left out when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub knowledge: Vec<serde_json::Value>,
}

/// What a summary record stands for (see [`crate::compaction`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummaryInfo {
    /// The first message kept verbatim after the summary: requests send the
    /// summary in place of the messages before it (but after the first user
    /// message), and the conversation shows the divider there.
    pub boundary_id: String,
    /// How many messages (user messages and whole replies) it stands for,
    /// counting those an earlier summary it folded in stood for.
    #[serde(default)]
    pub summarised: u32,
    /// The model that wrote it, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
}

/// An agent as a message names it: its id, its name and its kind at that
/// moment (so a reply still shows as an app's after its agent is deleted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct AgentRef {
    /// The agent's id (it may have been deleted since).
    pub id: String,
    /// Its name when the message was written.
    pub name: String,
    /// Its kind when the message was written; left out for chat agents (and
    /// absent from records written before app agents, which were all chat).
    #[serde(default, skip_serializing_if = "AgentKind::is_chat")]
    pub kind: AgentKind,
}

impl AgentRef {
    /// How `agent` is named now.
    pub fn of(agent: &AgentRecord) -> Self {
        Self { id: agent.id.clone(), name: agent.name.clone(), kind: agent.kind }
    }

    /// Whether an app agent wrote the message (its app code is shown as
    /// callouts and its app can be previewed).
    pub fn is_app(&self) -> bool {
        self.kind == AgentKind::App
    }
}

/// What a message record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MessageKind {
    /// A message of the conversation, sent to the model as its role says.
    #[default]
    Message,
    /// "Switched to <agent>": the conversation's agent changed here. Shown as
    /// a divider and searchable, never sent to a model.
    AgentSwitch,
    /// A summary of the earlier conversation, written by a model when the
    /// conversation outgrew its context window (see [`crate::compaction`]).
    /// Its `summary` field says where it stands. It is never sent as an
    /// ordinary message and is no reply (no version, not regenerated); requests
    /// send its text in place of the messages it stands for. Shown as the
    /// divider "Earlier messages summarised" at its boundary; searchable and
    /// exported. Deleting it (Undo) brings the full request back.
    Summary,
}

impl MessageKind {
    /// For `skip_serializing_if`: ordinary messages leave the field out.
    pub fn is_message(&self) -> bool {
        *self == MessageKind::Message
    }
}

/// For `skip_serializing_if`: a count of zero is left out.
fn is_zero(count: &u32) -> bool {
    *count == 0
}

impl MessageRecord {
    /// A complete, empty message of `role` in `session_id`, created at `created_at`.
    pub fn new(id: String, session_id: String, role: Role, created_at: Millis) -> Self {
        Self {
            id,
            session_id,
            parent: None,
            role,
            content: String::new(),
            reasoning: String::new(),
            reasoning_parts: Vec::new(),
            provider_kind: None,
            tool_calls: Vec::new(),
            model: None,
            provider_id: None,
            agent: None,
            kind: MessageKind::Message,
            usage: None,
            finish: None,
            error: None,
            ignored_choices: 0,
            state: MessageState::Complete,
            created_at,
            updated_at: created_at,
            terms: Vec::new(),
            variant_of: None,
            chosen_at: None,
            files: Vec::new(),
            attachments: Vec::new(),
            blobs: Vec::new(),
            summary: None,
            compare_group: None,
            compare_column: 0,
            blind: false,
            model_config_id: None,
            merged_from: Vec::new(),
            merge_recipe: None,
            first_token_ms: None,
            total_ms: None,
            edited_at: None,
            sources: Kept::default(),
            citations: Kept::default(),
            server_tools: Kept::default(),
            images: Vec::new(),
            unsupported: Kept::default(),
            knowledge: Vec::new(),
        }
    }

    /// A summary record: `text` (the summary itself) standing for the messages
    /// before `summary.boundary_id`, stored as a system-role marker so that it
    /// is never a reply (see [`MessageKind::Summary`]). Its search terms are
    /// those of the text.
    pub fn summary(id: String, session_id: String, created_at: Millis, summary: SummaryInfo, text: String) -> Self {
        let mut record = Self {
            content: text,
            model: summary.model.clone(),
            kind: MessageKind::Summary,
            summary: Some(summary),
            ..Self::new(id, session_id, Role::System, created_at)
        };
        record.refresh_terms();
        record
    }

    /// Whether it is a summary record.
    pub fn is_summary(&self) -> bool {
        self.kind == MessageKind::Summary
    }

    /// The marker stored when the conversation switches to `agent`: a system
    /// message "Switched to <name>" that is shown and searchable but never sent
    /// (see [`MessageRecord::is_marker`]).
    pub fn agent_switch(id: String, session_id: String, agent: AgentRef, created_at: Millis) -> Self {
        let mut marker = Self {
            content: format!("Switched to {}", agent.name),
            agent: Some(agent),
            kind: MessageKind::AgentSwitch,
            ..Self::new(id, session_id, Role::System, created_at)
        };
        marker.refresh_terms();
        marker
    }

    /// Whether it is a marker (shown, never sent to a model as an ordinary
    /// message): an agent switch or a summary.
    pub fn is_marker(&self) -> bool {
        !self.kind.is_message()
    }

    /// Whether the message holds anything a person could lose: text, reasoning
    /// or tool calls. A failed attempt that produced nothing holds only its error.
    pub fn has_content(&self) -> bool {
        !self.content.trim().is_empty() || !self.reasoning.trim().is_empty() || !self.tool_calls.is_empty()
    }

    /// Recomputes the derived fields: the search terms, from the content, the
    /// names (not the contents) of the attached files, images and PDFs, and
    /// voice notes' transcripts;
    /// and the blobs referred to, from the attachments and the media tools
    /// returned.
    pub fn refresh_terms(&mut self) {
        self.terms = self.search_terms();
        self.refresh_blobs();
    }

    /// The search terms of the record: of its content, the names (not the
    /// contents) of the attached files, images and PDFs, and voice notes'
    /// transcripts.
    pub fn search_terms(&self) -> Vec<String> {
        if self.files.is_empty() && self.attachments.is_empty() {
            return crate::storage::search::terms(&self.content);
        }
        let mut text = self.content.clone();
        for file in &self.files {
            text.push('\n');
            text.push_str(&file.name);
        }
        for attachment in &self.attachments {
            for part in std::iter::once(&attachment.name).chain(&attachment.transcript) {
                text.push('\n');
                text.push_str(part);
            }
        }
        crate::storage::search::terms(&text)
    }

    /// Recomputes the blobs referred to, from the attachments, the media
    /// tools returned (kept by reference: see [`ToolMedia`](crate::message::ToolMedia))
    /// and the MCP Apps views they showed.
    pub fn refresh_blobs(&mut self) {
        self.blobs = blob_refs(&self.attachments);
        let tool_media =
            self.tool_calls.iter().filter_map(|call| call.result.as_ref()).flat_map(|result| &result.media);
        for media in tool_media.chain(&self.images) {
            if !media.blob.is_empty() && !self.blobs.contains(&media.blob) {
                self.blobs.push(media.blob.clone());
            }
        }
        let views = self.tool_calls.iter().filter_map(|call| call.result.as_ref()?.app.as_ref());
        for blob in views.filter_map(crate::mcp::apps::view_blob) {
            if !self.blobs.iter().any(|known| known == blob) {
                self.blobs.push(blob.to_owned());
            }
        }
    }

    /// A user message as the model reads it: its text, its attached files and
    /// its images and PDFs (their bytes are read by the shell for a request).
    pub fn user_chat_message(&self) -> crate::message::ChatMessage {
        crate::message::ChatMessage {
            attachments: self.attachments.clone(),
            ..crate::message::ChatMessage::user_with_files(self.content.clone(), self.files.clone())
        }
    }
}

/// The distinct blobs `attachments` refer to, in order.
pub fn blob_refs(attachments: &[crate::message::Attachment]) -> Vec<String> {
    let mut blobs: Vec<String> = Vec::new();
    for attachment in attachments {
        if !blobs.contains(&attachment.blob) {
            blobs.push(attachment.blob.clone());
        }
    }
    blobs
}

/// A file added to the project, offered as context by @mention.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProjectFileRecord {
    /// Stable id.
    pub id: String,
    /// File name, as added.
    pub name: String,
    /// Text content (.md / .txt).
    pub content: String,
    /// When it was added.
    pub created_at: Millis,
    /// When it last changed.
    pub updated_at: Millis,
}

/// One setting: a key and a JSON value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingRecord {
    /// Setting name, such as `auto_title`.
    pub key: String,
    /// Its value.
    pub value: serde_json::Value,
}

/// Length of a session preview, in characters.
pub const PREVIEW_CHARS: usize = 120;
/// Length of a title cut from the first message, in characters.
pub const TITLE_CHARS: usize = 60;

/// A title from the first message: its first non-empty line, trimmed and cut on a
/// word boundary where possible.
pub fn title_from_message(text: &str) -> String {
    let line = text.lines().map(str::trim).find(|line| !line.is_empty()).unwrap_or("New conversation");
    let line = line.trim_start_matches('#').trim();
    cut(line, TITLE_CHARS)
}

/// [`preview_of`] a reply's markdown as a person reads it: the marks that
/// only shape the text (headings, emphasis, code ticks, list and quote
/// marks) are left out ("## The *answer*" reads "The answer").
pub fn plain_preview_of(markdown: &str) -> String {
    const MARKS: &[char] = &['#', '*', '_', '`', '>', '-', '+', '|', '~'];
    let words: Vec<String> = markdown
        .split_whitespace()
        .filter(|word| !word.chars().all(|c| MARKS.contains(&c)))
        .take(PREVIEW_CHARS)
        .map(|word| {
            // "**42**," → "42,": emphasis around a word, before its punctuation.
            let body = word.trim_end_matches(|c: char| ".,:;!?)".contains(c));
            let emphasis = |c: char| matches!(c, '*' | '_' | '`' | '~');
            format!("{}{}", body.trim_matches(emphasis), &word[body.len()..])
        })
        .filter(|word| !word.is_empty())
        .collect();
    preview_of(&words.join(" "))
}

/// A one-line preview of a message's text. Reads only the words the preview
/// can show (and one more, to know it was cut): a streaming reply is saved,
/// with its preview, several times a second, however long it has grown.
pub fn preview_of(text: &str) -> String {
    let mut flat = String::new();
    let mut chars = 0;
    for word in text.split_whitespace() {
        if chars > PREVIEW_CHARS {
            break;
        }
        if !flat.is_empty() {
            flat.push(' ');
            chars += 1;
        }
        flat.push_str(word);
        chars += word.chars().count();
    }
    cut(&flat, PREVIEW_CHARS)
}
