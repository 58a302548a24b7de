//! What the conversation view shows for each message, and how it maps to and from
//! stored message records.

use hearth_core::markdown::{SafeHtml, render};
use hearth_core::message::{ChatMessage, ReasoningPart, Role};
use hearth_core::provider::{FinishKind, ProviderError, ProviderErrorKind, ProviderKind, Usage};
use hearth_core::storage::versions::VersionKey;
use hearth_core::storage::{ErrorRecord, MessageRecord, MessageState, Millis, ToolCallRecord, turn_messages};
use leptos::prelude::*;

/// One message on screen.
#[derive(Clone)]
pub(crate) struct Entry {
    /// The message record's id; the key for keyed rendering.
    pub(crate) id: String,
    /// What it is.
    pub(crate) kind: EntryKind,
    /// For a reply: which versions it belongs to (see `hearth_core::storage::versions`).
    pub(crate) version: Option<Version>,
}

/// A reply's place among the versions of its group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Version {
    /// The id of the group's first reply.
    pub(crate) group: String,
    /// When this version was created.
    pub(crate) created_at: Millis,
    /// When the user last picked it.
    pub(crate) chosen_at: Option<Millis>,
}

impl Version {
    /// The version of a stored reply.
    pub(crate) fn of(record: &MessageRecord) -> Self {
        Self {
            group: record.variant_of.clone().unwrap_or_else(|| record.id.clone()),
            created_at: record.created_at,
            chosen_at: record.chosen_at,
        }
    }
}

/// The kinds of message on screen.
// An AssistantView is a Copy bundle of arena handles, not data; boxing it would
// add an allocation per message for no gain.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(crate) enum EntryKind {
    /// What the user sent; shown as plain text.
    User(String),
    /// Instructions shown for context (from imports).
    System(String),
    /// A reply, possibly still streaming.
    Assistant(AssistantView),
}

/// The reactive state of one reply.
#[derive(Clone, Copy)]
pub(crate) struct AssistantView {
    /// The model that answered, for the badge.
    pub(crate) model: RwSignal<String>,
    /// Rendered markdown blocks that will not change any more.
    pub(crate) blocks: Blocks,
    /// The rendered, still growing end of the answer.
    pub(crate) tail: RwSignal<SafeHtml>,
    /// Where the reply stands.
    pub(crate) status: RwSignal<ReplyStatus>,
    /// Token usage, once reported.
    pub(crate) usage: RwSignal<Option<Usage>>,
    /// The answer's markdown source, for history and comparisons.
    pub(crate) text: StoredValue<String>,
    /// The reasoning ("thinking") text so far.
    pub(crate) reasoning: RwSignal<String>,
    /// The reasoning as the provider sent it, with signatures, to send back.
    pub(crate) reasoning_parts: StoredValue<Vec<ReasoningPart>>,
    /// The provider family that wrote the reply (signatures only go back to it).
    pub(crate) origin: StoredValue<Option<ProviderKind>>,
    /// How long the model thought, once it moved on to answering (live replies only).
    pub(crate) thinking_ms: RwSignal<Option<u64>>,
    /// Stream chunks that could not be read and were skipped (live replies only).
    pub(crate) skipped: RwSignal<usize>,
    /// Other choices the provider sent (`n` > 1) that were ignored; stored.
    pub(crate) ignored_choices: RwSignal<u32>,
    /// The tool calls of every round so far; a call without a result is running.
    pub(crate) calls: RwSignal<Vec<ToolCallRecord>>,
    /// Whether the turn offered the model tools (live replies only): the tool
    /// widget then shows "Thinking…" before any call.
    pub(crate) offers_tools: RwSignal<bool>,
    /// Whether the reply holds anything yet (text, reasoning or a tool call). A
    /// regenerated reply replaces the version before it only once it does.
    pub(crate) produced: RwSignal<bool>,
    /// Whether `blocks` and `tail` show `text`. Stored replies are rendered only
    /// when they are first shown, so opening a long conversation renders the
    /// messages on screen, not all of them.
    rendered: StoredValue<bool>,
}

/// The finished markdown blocks of a reply. While an answer streams they are
/// appended and each is put into the page once (`AssistantMessage` inserts only
/// the new ones), so neither the list nor the page is rebuilt as the answer grows.
#[derive(Clone, Copy)]
pub(crate) struct Blocks {
    items: StoredValue<Vec<SafeHtml>>,
    /// `(generation, len)`: appends raise `len`; a clear starts a new generation.
    version: RwSignal<(u32, usize)>,
}

impl Blocks {
    fn new() -> Self {
        Self { items: StoredValue::new(Vec::new()), version: RwSignal::new((0, 0)) }
    }

    /// Adds finished blocks at the end.
    pub(crate) fn append(&self, new: Vec<SafeHtml>) {
        if new.is_empty() {
            return;
        }
        self.items.update_value(|items| items.extend(new));
        let len = self.items.with_value(Vec::len);
        self.version.update(|(_, known)| *known = len);
    }

    /// Removes every block (the reply is then shown whole in the tail).
    pub(crate) fn clear(&self) {
        self.items.set_value(Vec::new());
        self.version.update(|(generation, len)| {
            *generation = generation.wrapping_add(1);
            *len = 0;
        });
    }

    /// Whether there are no blocks.
    pub(crate) fn is_empty(&self) -> bool {
        self.items.with_value(Vec::is_empty)
    }

    /// All blocks' markup, joined.
    pub(crate) fn concat(&self) -> String {
        self.items.with_value(|items| items.iter().map(SafeHtml::as_str).collect())
    }

    /// The current `(generation, len)`, tracked by the caller.
    pub(crate) fn version(&self) -> (u32, usize) {
        self.version.get()
    }

    /// Calls `each` with every block from position `from` on.
    pub(crate) fn each_from(&self, from: usize, mut each: impl FnMut(&SafeHtml)) {
        self.items.with_value(|items| items.iter().skip(from).for_each(&mut each));
    }
}

/// Where a reply stands.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ReplyStatus {
    /// Text is still arriving (in this tab or another).
    Streaming,
    /// The model finished normally.
    Complete,
    /// The model stopped for a reason worth telling (token limit, content filter).
    Cut(FinishKind),
    /// The user pressed Stop; the partial answer is kept.
    Stopped,
    /// The stream ended without the model saying it had finished.
    Incomplete,
    /// The tab closed or crashed while the reply streamed; the partial answer is kept.
    Interrupted,
    /// The request failed; the card says why in words a person can act on.
    Failed(Failure),
}

/// Why a reply failed, as its error card shows it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Failure {
    /// The kind as stored: a [`ProviderErrorKind`] name, or `config` for set-up
    /// problems found before any request.
    pub(crate) kind: String,
    /// The whole explanation, starting with the title; stored with the message.
    pub(crate) text: String,
    /// Seconds the provider asked to wait before a retry (fresh failures only).
    pub(crate) retry_after_secs: Option<u64>,
}

/// The stored kind of set-up problems.
const CONFIG: &str = "config";
/// The stored kind of a tool loop that reached its round limit.
const TOOL_ROUNDS: &str = "tool_rounds";
/// The heading of that card.
const TOOL_ROUNDS_TITLE: &str = "Too many tool rounds";

impl Failure {
    /// The card for a provider or network error.
    pub(crate) fn from_error(error: &ProviderError) -> Self {
        Self { kind: error.kind.as_str().to_owned(), text: error.to_string(), retry_after_secs: error.retry_after_secs }
    }

    /// The card for a set-up problem (no provider, no model, bad extra JSON).
    pub(crate) fn config(text: String) -> Self {
        Self { kind: CONFIG.to_owned(), text, retry_after_secs: None }
    }

    /// The card for a tool loop stopped at its round limit.
    pub(crate) fn tool_rounds(rounds: u32) -> Self {
        Self {
            kind: TOOL_ROUNDS.to_owned(),
            text: format!(
                "{TOOL_ROUNDS_TITLE}. The model asked for tools {rounds} times in a row without answering, which \
                 is the limit. Every result so far is kept below. Raise \"Most tool rounds\" in Tools, or ask \
                 more precisely."
            ),
            retry_after_secs: None,
        }
    }

    fn error_kind(&self) -> Option<ProviderErrorKind> {
        serde_json::from_value(serde_json::Value::String(self.kind.clone())).ok()
    }

    /// The card's heading.
    pub(crate) fn title(&self) -> &'static str {
        match self.error_kind() {
            Some(kind) => kind.title(),
            None if self.kind == CONFIG => "Set-up needed",
            None if self.kind == TOOL_ROUNDS => TOOL_ROUNDS_TITLE,
            None => "The request failed",
        }
    }

    /// The explanation below the heading: the text without the title it starts
    /// with, and the HTTP status (if any) moved to the end.
    pub(crate) fn detail(&self) -> String {
        let detail = self.text.strip_prefix(self.title()).unwrap_or(&self.text).trim_start();
        if let Some(rest) = detail.strip_prefix("(HTTP ")
            && let Some((status, rest)) = rest.split_once(')')
        {
            let rest = rest.trim_start_matches([':', '.']).trim();
            return format!("{rest} (HTTP {status})");
        }
        detail.trim_start_matches([':', '.']).trim().to_owned()
    }

    /// Whether sending again can help: after a temporary failure, or after the
    /// set-up was fixed; not for a rejected key or a request the provider refuses.
    pub(crate) fn retryable(&self) -> bool {
        self.kind == CONFIG
            || self.kind == TOOL_ROUNDS
            || self.error_kind().is_some_and(ProviderErrorKind::is_retryable)
    }
}

impl AssistantView {
    /// A reply about to stream.
    pub(crate) fn streaming(model: String) -> Self {
        Self {
            model: RwSignal::new(model),
            blocks: Blocks::new(),
            tail: RwSignal::new(SafeHtml::default()),
            status: RwSignal::new(ReplyStatus::Streaming),
            usage: RwSignal::new(None),
            text: StoredValue::new(String::new()),
            reasoning: RwSignal::new(String::new()),
            reasoning_parts: StoredValue::new(Vec::new()),
            origin: StoredValue::new(None),
            thinking_ms: RwSignal::new(None),
            skipped: RwSignal::new(0),
            ignored_choices: RwSignal::new(0),
            calls: RwSignal::new(Vec::new()),
            offers_tools: RwSignal::new(false),
            produced: RwSignal::new(false),
            rendered: StoredValue::new(true),
        }
    }

    /// Renders a stored reply's markdown if that has not happened yet.
    pub(crate) fn ensure_rendered(&self) {
        if !self.rendered.get_value() {
            self.rendered.set_value(true);
            self.tail.set(self.text.with_value(|text| render(text)));
        }
    }

    /// Shows a stored version of the reply. The markdown is rendered at once
    /// only if the reply is on screen (`rendered`); otherwise when it is mounted.
    fn show_record(&self, record: &MessageRecord) {
        if self.text.with_value(|text| text != &record.content) || !self.blocks.is_empty() {
            self.text.set_value(record.content.clone());
            self.blocks.clear();
            if self.rendered.get_value() {
                self.tail.set(render(&record.content));
            }
        }
        self.model.set(record.model.clone().unwrap_or_default());
        if self.reasoning.with_untracked(|reasoning| reasoning != &record.reasoning) {
            self.reasoning.set(record.reasoning.clone());
        }
        self.reasoning_parts.set_value(record.reasoning_parts.clone());
        self.origin.set_value(record.provider_kind);
        if self.calls.with_untracked(|calls| calls != &record.tool_calls) {
            self.calls.set(record.tool_calls.clone());
        }
        self.usage.set(record.usage);
        self.ignored_choices.set(record.ignored_choices);
        self.status.set(status_of_record(record));
        let produced = record.has_content();
        if self.produced.get_untracked() != produced {
            self.produced.set(produced);
        }
    }
}

impl Entry {
    /// The entry for a stored message.
    pub(crate) fn from_record(record: &MessageRecord) -> Self {
        let version = (record.role == Role::Assistant).then(|| Version::of(record));
        let kind = match record.role {
            Role::User => EntryKind::User(record.content.clone()),
            Role::System => EntryKind::System(record.content.clone()),
            Role::Assistant => {
                let view = AssistantView::streaming(String::new());
                view.rendered.set_value(false);
                view.show_record(record);
                EntryKind::Assistant(view)
            }
        };
        Self { id: record.id.clone(), kind, version }
    }

    /// Updates the entry from a newer version of its record.
    pub(crate) fn refresh_from(&mut self, record: &MessageRecord) {
        if self.version.is_some() {
            self.version = Some(Version::of(record));
        }
        match &mut self.kind {
            EntryKind::Assistant(view) => view.show_record(record),
            EntryKind::User(text) | EntryKind::System(text) => text.clone_from(&record.content),
        }
    }

    /// The key `hearth_core::storage::versions` decides with; `None` for
    /// messages that are not replies. Reads whether the reply has produced
    /// anything, tracked: it changes once per reply.
    pub(crate) fn version_key(&self) -> Option<VersionKey<'_>> {
        let version = self.version.as_ref()?;
        let EntryKind::Assistant(view) = &self.kind else { return None };
        Some(VersionKey {
            group: &version.group,
            created_at: version.created_at,
            chosen_at: version.chosen_at,
            has_content: view.produced.get(),
        })
    }

    /// The messages sent back to the model for this entry: none for system
    /// notes and failed replies; a reply with tool calls unfolds into its rounds.
    pub(crate) fn chat_messages(&self) -> Vec<ChatMessage> {
        match &self.kind {
            EntryKind::User(text) => vec![ChatMessage::new(Role::User, text.clone())],
            EntryKind::System(_) => Vec::new(),
            EntryKind::Assistant(view) => {
                if view.status.with_untracked(|s| matches!(s, ReplyStatus::Failed(_))) {
                    return Vec::new();
                }
                let text = view.text.get_value();
                let parts = view.reasoning_parts.get_value();
                view.calls.with_untracked(|calls| turn_messages(&text, &parts, view.origin.get_value(), calls))
            }
        }
    }
}

/// Which of `entries` are shown: every message but the versions of a reply
/// that another version stands in for (tracked: reads whether replies have
/// produced anything).
pub(crate) fn shown(entries: &[Entry]) -> Vec<bool> {
    let keys: Vec<_> = entries.iter().map(Entry::version_key).collect();
    hearth_core::storage::versions::shown(&keys)
}

/// The status shown for a stored reply.
pub(crate) fn status_of_record(record: &MessageRecord) -> ReplyStatus {
    match record.state {
        MessageState::Streaming => ReplyStatus::Streaming,
        MessageState::Stopped => ReplyStatus::Stopped,
        MessageState::Incomplete => ReplyStatus::Incomplete,
        MessageState::Interrupted => ReplyStatus::Interrupted,
        MessageState::Failed => ReplyStatus::Failed(match &record.error {
            Some(error) => Failure { kind: error.kind.clone(), text: error.message.clone(), retry_after_secs: None },
            None => {
                Failure { kind: "other".to_owned(), text: "The request failed.".to_owned(), retry_after_secs: None }
            }
        }),
        MessageState::Complete => match record.finish.as_ref().map(|finish| finish.unified) {
            None | Some(FinishKind::Stop | FinishKind::ToolCalls | FinishKind::Other) => ReplyStatus::Complete,
            Some(kind @ (FinishKind::Length | FinishKind::ContentFilter | FinishKind::Error)) => ReplyStatus::Cut(kind),
        },
    }
}

/// The stored state (and error) for a status.
pub(crate) fn state_of_status(status: &ReplyStatus) -> (MessageState, Option<ErrorRecord>) {
    match status {
        ReplyStatus::Streaming => (MessageState::Streaming, None),
        ReplyStatus::Complete | ReplyStatus::Cut(_) => (MessageState::Complete, None),
        ReplyStatus::Incomplete => (MessageState::Incomplete, None),
        ReplyStatus::Stopped => (MessageState::Stopped, None),
        ReplyStatus::Interrupted => (MessageState::Interrupted, None),
        ReplyStatus::Failed(failure) => {
            (MessageState::Failed, Some(ErrorRecord { kind: failure.kind.clone(), message: failure.text.clone() }))
        }
    }
}
