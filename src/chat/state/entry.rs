//! What the conversation view shows for each message, and how it maps to and from
//! stored message records.
//!
//! A reply's view shows the record last published to it
//! (`AssistantView::publish`: as stored, or by this tab's turn at its saves);
//! the history sent back to the model and Copy read that record, never the
//! view's signals.

use std::sync::Arc;

use hearth_core::Millis;
use hearth_core::markdown::{RenderMode, SafeHtml, TailChange};
use hearth_core::message::{AttachedFile, ChatMessage, Role};
use hearth_core::provider::Usage;
use hearth_core::storage::tree::{NodeKey, Tree};
use hearth_core::storage::{MessageRecord, MessageState, ReplyStatus, ToolCallRecord};
use leptos::prelude::*;

/// One message on screen.
#[derive(Clone)]
pub(crate) struct Entry {
    /// The message record's id; the key for keyed rendering.
    pub(crate) id: String,
    /// What it is.
    pub(crate) kind: EntryKind,
    /// Its place in the conversation's tree (see `hearth_core::storage::tree`);
    /// `None` for summaries, which are no nodes.
    pub(crate) node: Option<Node>,
}

/// A message's place in the conversation's tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    /// The message it follows (`None`: a first message).
    pub(crate) parent: Option<String>,
    /// When it was created.
    pub(crate) created_at: Millis,
    /// When the user last picked it at its fork.
    pub(crate) chosen_at: Option<Millis>,
    /// The compare turn a reply is a column (or merge) of (see `comparing`).
    pub(crate) group: Option<String>,
}

impl Node {
    /// The node of a stored message (`None` for a summary).
    pub(crate) fn of(record: &MessageRecord) -> Option<Self> {
        (!record.is_summary()).then(|| Self {
            parent: record.parent.clone(),
            created_at: record.created_at,
            chosen_at: record.chosen_at,
            group: record.compare_group.clone(),
        })
    }
}

/// The kinds of message on screen.
// An AssistantView is a Copy bundle of arena handles, not data; boxing it would
// add an allocation per message for no gain.
#[allow(clippy::large_enum_variant)]
#[derive(Clone)]
pub(crate) enum EntryKind {
    /// What the user sent (shown as plain text), the files it carried and
    /// its images and PDFs.
    User(String, Vec<AttachedFile>, Vec<hearth_core::message::Attachment>),
    /// Instructions shown for context (from imports).
    System(String),
    /// A reply, possibly still streaming.
    Assistant(AssistantView),
    /// The conversation went on with another agent (the agent's name, as
    /// stored with the marker); shown as a divider, never sent.
    AgentSwitch(String),
    /// A summary of earlier messages (see `hearth_core::compaction`): never a
    /// message bubble, never sent as a message, never regenerated; requests
    /// send it in place of what it stands for, and the conversation shows a
    /// divider at its boundary while it applies.
    Summary(SummaryEntry),
}

/// What the conversation knows of a stored summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SummaryEntry {
    /// The summary text.
    pub(crate) text: String,
    /// The first message sent verbatim after it.
    pub(crate) boundary_id: String,
    /// How many messages it stands for.
    pub(crate) summarised: u32,
    /// When it was stored (the newest applies).
    pub(crate) created_at: i64,
}

impl SummaryEntry {
    fn of(record: &MessageRecord) -> Self {
        let info = record.summary.as_ref();
        Self {
            text: record.content.clone(),
            boundary_id: info.map(|info| info.boundary_id.clone()).unwrap_or_default(),
            summarised: info.map_or(0, |info| info.summarised),
            created_at: record.created_at,
        }
    }
}

/// The reactive state of one reply.
#[derive(Clone, Copy)]
pub(crate) struct AssistantView {
    /// The model that answered, for the badge.
    pub(crate) model: RwSignal<String>,
    /// The name of the agent that answered, as the record stores it (`None`
    /// for replies from before agents), for the badge.
    pub(crate) agent: RwSignal<Option<String>>,
    /// Rendered markdown blocks that will not change any more.
    pub(crate) blocks: Blocks,
    /// The rendered, still growing end of the answer, as last replaced
    /// (see [`AssistantView::set_tail`]); `tail_changes` holds what came since.
    pub(crate) tail: RwSignal<SafeHtml>,
    /// The appends to the tail since it was last replaced.
    pub(crate) tail_changes: TailChanges,
    /// Where the reply stands.
    pub(crate) status: RwSignal<ReplyStatus>,
    /// Token usage, once reported.
    pub(crate) usage: RwSignal<Option<Usage>>,
    /// The reply's record as last published (stored, or by this tab's turn at
    /// its saves): the history sent back and Copy read it, never the signals.
    pub(crate) record: StoredValue<MessageRecord>,
    /// Whether `status` was set by this tab's turn (a failure's wait for Retry
    /// is then counted down; a reply read from storage shows none).
    pub(crate) fresh: StoredValue<bool>,
    /// The reasoning ("thinking") text so far.
    pub(crate) reasoning: RwSignal<String>,
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
    /// The app of an app agent's reply (`hearth_core::app::app_document`): the
    /// HTML document of its complete app code blocks, for the preview. It
    /// changes only when a block is finished, never per streamed chunk.
    pub(crate) app: RwSignal<Option<Arc<str>>>,
    /// Whether `blocks` and `tail` show `text`. Stored replies are rendered only
    /// when they are first shown, so opening a long conversation renders the
    /// messages on screen, not all of them.
    pub(super) rendered: StoredValue<bool>,
    /// Whether the stored markdown waits for the renderer (the `reply` chunk
    /// still loading): the reply counts as busy meanwhile.
    pub(crate) awaits_renderer: RwSignal<bool>,
    /// Counts the changes of what the record holds beyond text (its sources,
    /// the provider's tools, the pictures, what cannot be shown): the views
    /// read those from `record` through [`AssistantView::extras`]. One counter
    /// rather than a signal per kind keeps the first load small.
    pub(crate) extras_changes: RwSignal<u32>,
    /// The partial picture of a drawing under way, as a `data:` URL (live
    /// replies only, never stored).
    pub(crate) drawing: RwSignal<Option<String>>,
}

/// The finished markdown blocks of a reply. While an answer streams they are
/// appended and each is put into the page once (`ReplyMarkdown` inserts only
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

    /// The current `(generation, len)`, tracked by the caller.
    pub(crate) fn version(&self) -> (u32, usize) {
        self.version.get()
    }

    /// Calls `each` with every block from position `from` on.
    pub(crate) fn each_from(&self, from: usize, mut each: impl FnMut(&SafeHtml)) {
        self.items.with_value(|items| items.iter().skip(from).for_each(&mut each));
    }
}

/// The appends to a reply's tail since its markup was last replaced, in order
/// (`TailChange::Add`, `TailChange::Extend` or `TailChange::AddInto`). `AssistantMessage` applies
/// those it has not yet applied; after a replacement, or when it is mounted
/// anew, it sets the tail's markup and applies them all.
#[derive(Clone, Copy)]
pub(crate) struct TailChanges {
    items: StoredValue<Vec<TailChange>>,
    /// `(generation, len)`: appends raise `len`; a replacement starts a new generation.
    version: RwSignal<(u32, usize)>,
}

impl TailChanges {
    fn new() -> Self {
        Self { items: StoredValue::new(Vec::new()), version: RwSignal::new((0, 0)) }
    }

    fn push(&self, change: TailChange) {
        self.items.update_value(|items| items.push(change));
        let len = self.items.with_value(Vec::len);
        self.version.update(|(_, known)| *known = len);
    }

    fn restart(&self) {
        self.items.update_value(Vec::clear);
        self.version.update(|(generation, len)| {
            *generation = generation.wrapping_add(1);
            *len = 0;
        });
    }

    /// The current `(generation, len)`, tracked by the caller.
    pub(crate) fn version(&self) -> (u32, usize) {
        self.version.get()
    }

    /// Calls `each` with every change from position `from` on.
    pub(crate) fn each_from(&self, from: usize, mut each: impl FnMut(&TailChange)) {
        self.items.with_value(|items| items.iter().skip(from).for_each(&mut each));
    }
}

/// How a reply's markdown is rendered: an app agent's shows its app code in
/// "App code" callouts (the kind is stored with the reply, so this holds after
/// the agent is deleted).
pub(crate) fn render_mode(record: &MessageRecord) -> RenderMode {
    if record.agent.as_ref().is_some_and(|agent| agent.is_app()) { RenderMode::App } else { RenderMode::Chat }
}

impl AssistantView {
    /// A reply about to stream into `record`.
    pub(crate) fn streaming(record: &MessageRecord) -> Self {
        Self {
            model: RwSignal::new(record.model.clone().unwrap_or_default()),
            agent: RwSignal::new(agent_name(record)),
            blocks: Blocks::new(),
            tail: RwSignal::new(SafeHtml::default()),
            tail_changes: TailChanges::new(),
            status: RwSignal::new(ReplyStatus::Streaming),
            usage: RwSignal::new(None),
            record: StoredValue::new(record.clone()),
            fresh: StoredValue::new(true),
            reasoning: RwSignal::new(String::new()),
            thinking_ms: RwSignal::new(None),
            skipped: RwSignal::new(0),
            ignored_choices: RwSignal::new(0),
            calls: RwSignal::new(Vec::new()),
            offers_tools: RwSignal::new(false),
            produced: RwSignal::new(false),
            app: RwSignal::new(None),
            rendered: StoredValue::new(true),
            awaits_renderer: RwSignal::new(false),
            extras_changes: RwSignal::new(0),
            drawing: RwSignal::new(None),
        }
    }

    /// Replaces the tail's markup (and forgets the appends to the old one).
    pub(crate) fn set_tail(&self, html: SafeHtml) {
        self.tail_changes.restart();
        self.tail.set(html);
    }

    /// Applies a streamed change of the tail: a replacement, or an append the
    /// page makes without touching what the tail already shows.
    pub(crate) fn change_tail(&self, change: TailChange) {
        match change {
            TailChange::Same => {}
            TailChange::Replace(html) => self.set_tail(html),
            append => self.tail_changes.push(append),
        }
    }

    /// Publishes what this tab's turn recorded so far: the record (for the
    /// history and Copy), its tool calls, usage and reasoning. The streamed answer
    /// and reasoning are shown as they arrive; this does not re-render them.
    pub(crate) fn publish(&self, record: &MessageRecord) {
        let extras_changed = self.record.with_value(|shown| extras_differ(shown, record));
        self.record.set_value(record.clone());
        if extras_changed {
            self.extras_changes.update(|n| *n = n.wrapping_add(1));
        }
        if self.calls.with_untracked(|calls| calls != &record.tool_calls) {
            self.calls.set(record.tool_calls.clone());
        }
        if self.usage.get_untracked() != record.usage {
            self.usage.set(record.usage);
        }
        if self.ignored_choices.get_untracked() != record.ignored_choices {
            self.ignored_choices.set(record.ignored_choices);
        }
    }

    /// Shows what a record streaming into this reply holds beyond text, where
    /// it changed: its sources, the provider's tools, the pictures and what
    /// cannot be shown (the rest of the record is published at its saves).
    pub(crate) fn show_extras(&self, record: &MessageRecord) {
        if !self.record.with_value(|shown| extras_differ(shown, record)) {
            return;
        }
        self.record.update_value(|shown| {
            shown.sources.clone_from(&record.sources);
            shown.citations.clone_from(&record.citations);
            shown.server_tools.clone_from(&record.server_tools);
            shown.images.clone_from(&record.images);
            shown.unsupported.clone_from(&record.unsupported);
            shown.knowledge.clone_from(&record.knowledge);
        });
        self.extras_changes.update(|n| *n = n.wrapping_add(1));
    }

    /// Reads what the record holds beyond text (tracked: a view reading it
    /// is drawn again when it changes).
    pub(crate) fn extras<T>(&self, read: impl FnOnce(&MessageRecord) -> T) -> T {
        self.extras_changes.track();
        self.record.with_value(read)
    }

    /// Shows `app` as the reply's app (see `app`), when it is another (and
    /// the reply is still there).
    pub(crate) fn show_app(&self, app: Option<Arc<str>>) {
        if self.app.try_with_untracked(|shown| shown.as_deref() != app.as_deref()) == Some(true) {
            self.app.set(app);
        }
    }

    /// Shows a stored version of the reply. The markdown is rendered at once
    /// only if the reply is on screen (`rendered`); otherwise when it is mounted.
    fn show_record(&self, record: &MessageRecord) {
        let text_changed =
            self.record.with_value(|shown| shown.content != record.content || shown.citations != record.citations);
        self.publish(record);
        // Only an app agent's reply holds an app, read by the `reply` chunk.
        if record.agent.as_ref().is_some_and(|agent| agent.is_app()) {
            self.read_app();
        } else {
            self.show_app(None);
        }
        self.fresh.set_value(false);
        if text_changed || !self.blocks.is_empty() {
            self.blocks.clear();
            if self.rendered.get_value() {
                self.render_record();
            }
        }
        self.model.set(record.model.clone().unwrap_or_default());
        let agent = agent_name(record);
        if self.agent.with_untracked(|shown| *shown != agent) {
            self.agent.set(agent);
        }
        if self.reasoning.with_untracked(|reasoning| reasoning != &record.reasoning) {
            self.reasoning.set(record.reasoning.clone());
        }
        self.status.set(ReplyStatus::of_record(record));
        let produced = record.has_content();
        if self.produced.get_untracked() != produced {
            self.produced.set(produced);
        }
    }
}

impl Entry {
    /// The entry for a stored message.
    pub(crate) fn from_record(record: &MessageRecord) -> Self {
        let node = Node::of(record);
        if record.is_summary() {
            return Self { id: record.id.clone(), kind: EntryKind::Summary(SummaryEntry::of(record)), node };
        }
        if record.is_marker() {
            return Self { id: record.id.clone(), kind: EntryKind::AgentSwitch(switched_to(record)), node };
        }
        let kind = match record.role {
            Role::User => EntryKind::User(record.content.clone(), record.files.clone(), record.attachments.clone()),
            Role::System => EntryKind::System(record.content.clone()),
            Role::Assistant => {
                let view = AssistantView::streaming(record);
                view.rendered.set_value(false);
                view.show_record(record);
                EntryKind::Assistant(view)
            }
        };
        Self { id: record.id.clone(), kind, node }
    }

    /// Updates the entry from a newer version of its record.
    pub(crate) fn refresh_from(&mut self, record: &MessageRecord) {
        self.node = Node::of(record);
        match &mut self.kind {
            EntryKind::Assistant(view) => view.show_record(record),
            EntryKind::User(text, files, attachments) => {
                text.clone_from(&record.content);
                files.clone_from(&record.files);
                attachments.clone_from(&record.attachments);
            }
            EntryKind::System(text) => text.clone_from(&record.content),
            EntryKind::AgentSwitch(name) => *name = switched_to(record),
            EntryKind::Summary(summary) => *summary = SummaryEntry::of(record),
        }
    }

    /// The key `hearth_core::storage::tree` decides with; `None` for
    /// summaries. Reads whether a reply has produced anything, tracked: it
    /// changes once per reply.
    pub(crate) fn node_key(&self) -> Option<NodeKey<'_>> {
        let node = self.node.as_ref()?;
        let has_content = match &self.kind {
            EntryKind::Assistant(view) => view.produced.get(),
            _ => true,
        };
        Some(NodeKey {
            id: &self.id,
            parent: node.parent.as_deref(),
            created_at: node.created_at,
            chosen_at: node.chosen_at,
            has_content,
        })
    }

    /// The messages sent back to the model for this entry, from its record: none
    /// for system notes, agent switches, summaries and failed replies; a reply with tool calls unfolds into
    /// its rounds (see `hearth_core::storage::turn_messages`).
    pub(crate) fn chat_messages(&self) -> Vec<ChatMessage> {
        match &self.kind {
            EntryKind::User(text, files, attachments) => vec![ChatMessage {
                attachments: attachments.clone(),
                ..ChatMessage::user_with_files(text.clone(), files.clone())
            }],
            EntryKind::System(_) | EntryKind::AgentSwitch(_) | EntryKind::Summary(_) => Vec::new(),
            EntryKind::Assistant(view) => view.record.with_value(|record| match record.state {
                MessageState::Failed => Vec::new(),
                _ => record.chat_messages(),
            }),
        }
    }
}

/// A record's citation marks as the renderer takes them, `(source, at)`
/// (see `hearth_core::markdown::Citing`).
pub(crate) fn citation_marks(record: &MessageRecord) -> Vec<(u32, u32)> {
    record.citations.items().into_iter().map(|mark| (mark.source, mark.at)).collect()
}

/// Whether two records differ in what they hold beyond text.
fn extras_differ(a: &MessageRecord, b: &MessageRecord) -> bool {
    a.sources != b.sources
        || a.citations != b.citations
        || a.server_tools != b.server_tools
        || a.images != b.images
        || a.unsupported != b.unsupported
        || a.knowledge != b.knowledge
}

/// The name of the agent a reply record says wrote it, if it says.
fn agent_name(record: &MessageRecord) -> Option<String> {
    record.agent.as_ref().map(|agent| agent.name.trim().to_owned()).filter(|name| !name.is_empty())
}

/// The name of the agent a switch marker switched to: the one it stores, else
/// read back from its text.
fn switched_to(record: &MessageRecord) -> String {
    agent_name(record).unwrap_or_else(|| {
        let text = record.content.trim();
        text.strip_prefix("Switched to ").unwrap_or(text).to_owned()
    })
}

/// Which of `entries` are shown: the shown path of the conversation's tree,
/// the empty attempts beside it, and the summaries (tracked: reads whether
/// replies have produced anything).
pub(crate) fn shown(entries: &[Entry]) -> Vec<bool> {
    let keys: Vec<_> = entries.iter().map(Entry::node_key).collect();
    hearth_core::storage::tree::shown(&keys)
}

/// Where a message stands among its versions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct VersionPlace {
    /// 1-based position of the version.
    pub(crate) number: usize,
    /// How many versions there are.
    pub(crate) count: usize,
    /// The id of the version before it.
    pub(crate) previous: Option<String>,
    /// The id of the version after it.
    pub(crate) next: Option<String>,
}

/// Where each message with other versions stands among them, with its id
/// (tracked: reads whether replies have produced anything). Few messages have
/// versions, so a list is enough.
pub(crate) fn version_places(entries: &[Entry]) -> Vec<(String, VersionPlace)> {
    let keys: Vec<_> = entries.iter().map(Entry::node_key).collect();
    let id = |at: usize| entries[at].id.clone();
    let mut places = Vec::new();
    for order in Tree::new(&keys).versions() {
        for (position, &at) in order.iter().enumerate() {
            let place = VersionPlace {
                number: position + 1,
                count: order.len(),
                previous: position.checked_sub(1).map(|before| id(order[before])),
                next: order.get(position + 1).map(|&after| id(after)),
            };
            places.push((id(at), place));
        }
    }
    places
}

/// The id of the last message of the shown path: the one the next message follows.
pub(crate) fn leaf(entries: &[Entry]) -> Option<String> {
    let keys: Vec<_> = entries.iter().map(Entry::node_key).collect();
    hearth_core::storage::tree::leaf(&keys).map(|at| entries[at].id.clone())
}
