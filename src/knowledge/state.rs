//! The knowledge bases as the page sees them: the list of bases and files the
//! worker keeps (`crate::io::knowledge`, refreshed whenever it says something
//! changed), what the Knowledge dialog does with them, and the searches a turn
//! makes ([`code`], the `knowledge` chunk).
//!
//! The bases and their files live in the worker's own database, one home;
//! nothing here is stored apart from it. The embedding keys are handed to the
//! worker ([`KnowledgeContext::send_targets`]) only while the page has them
//! (the key lock open), and never stored by it.

pub(crate) mod code;

use std::cell::Cell;
use std::collections::BTreeMap;

use hearth_core::contract::ProviderKind;
use hearth_core::knowledge::embed::{EmbedFamily, EmbedTarget};
use hearth_core::knowledge::kind::Refusal;
use hearth_core::knowledge::records::{BaseRecord, EmbeddingChoice, FileRecord, Retrieved};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::json;

use crate::io::clock::monotonic_ms;
use crate::io::knowledge::{self, KnowledgeError};
use crate::io::timer::sleep;
use crate::providers::state::ProvidersContext;

/// How long a removal can be taken back, in milliseconds.
const UNDO_MS: i32 = 8_000;

/// What was removed and can still be taken back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Removal {
    /// Files, by id, with the first one's name and how many.
    Files { ids: Vec<String>, name: String },
    /// A whole base, by id, with its name.
    Base { id: String, name: String },
}

/// The knowledge bases as the first load knows them: whether the dialog or
/// the viewer is open; `Copy`, provided through context. Everything else
/// ([`Knowledge`]) is made the first time a base is used, by the code that
/// uses it (a chunk), so none of it weighs on the first load.
#[derive(Clone, Copy)]
pub(crate) struct KnowledgeContext {
    /// Whether the Knowledge dialog is open.
    pub(crate) dialog_open: RwSignal<bool>,
    /// Whether the passage viewer is open.
    pub(crate) viewer_open: RwSignal<bool>,
    /// The accounts, whose keys embed passages.
    providers: ProvidersContext,
}

thread_local! {
    /// The bases' state, made on first use, with the reactive owner its
    /// signals and effect belong to: the app's, which lives as long as the
    /// page (made under the component that first asked, such as the agent
    /// editor, they would go with it).
    static STATE: std::cell::OnceCell<(Knowledge, Option<Owner>)> = const { std::cell::OnceCell::new() };
    /// Whether the list is being read, and whether it was asked for again meanwhile.
    static REFRESHING: Cell<(bool, bool)> = const { Cell::new((false, false)) };
    /// The app's owner, kept when the context is made.
    static APP_OWNER: std::cell::RefCell<Option<Owner>> = const { std::cell::RefCell::new(None) };
}

impl KnowledgeContext {
    /// Nothing read yet: the worker starts the first time a base is used.
    pub(crate) fn new(providers: ProvidersContext) -> Self {
        APP_OWNER.with_borrow_mut(|owner| *owner = Owner::current());
        Self { dialog_open: RwSignal::new(false), viewer_open: RwSignal::new(false), providers }
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    /// The bases' state, made the first time it is asked for (its signals
    /// live as long as the page).
    /// Whether this page has read the knowledge bases (at start-up where
    /// this browser has some, or since one was made): else a `#` lists nothing
    /// and loads nothing.
    pub(crate) fn started(self) -> bool {
        STATE.with(|state| state.get().is_some())
    }

    pub(crate) fn state(self) -> Knowledge {
        STATE.with(|state| {
            state
                .get_or_init(|| {
                    let owner = APP_OWNER.with_borrow(Clone::clone);
                    let made = match &owner {
                        Some(owner) => owner.with(|| Knowledge::make(self)),
                        None => Knowledge::make(self),
                    };
                    (made, owner)
                })
                .0
        })
    }
}

/// The knowledge bases' state; `Copy`, from [`KnowledgeContext::state`].
#[derive(Clone, Copy)]
pub(crate) struct Knowledge {
    /// Whether the Knowledge dialog is open.
    pub(crate) dialog_open: RwSignal<bool>,
    /// Whether the passage viewer is open.
    pub(crate) viewer_open: RwSignal<bool>,
    /// The bases, in the order they were made.
    pub(crate) bases: RwSignal<Vec<BaseRecord>>,
    /// Every base's files (removed ones left out).
    pub(crate) files: RwSignal<Vec<FileRecord>>,
    /// Whether the list was read at least once.
    pub(crate) loaded: RwSignal<bool>,
    /// What went wrong last, to say in the dialog.
    pub(crate) problem: RwSignal<Option<KnowledgeError>>,
    /// The removal that can still be taken back.
    pub(crate) removal: RwSignal<Option<Removal>>,
    /// The passage open in the viewer.
    pub(crate) viewing: RwSignal<Option<Retrieved>>,
    /// The accounts, whose keys embed passages.
    providers: ProvidersContext,
    /// Counts removals, so an older one's timer does not end a newer one.
    removals: StoredValue<u32>,
    /// Whether this page listens to the worker yet.
    connected: StoredValue<bool>,
}

impl Knowledge {
    /// The state, empty, for `context`.
    fn make(context: KnowledgeContext) -> Self {
        Self {
            dialog_open: context.dialog_open,
            viewer_open: context.viewer_open,
            bases: RwSignal::new(Vec::new()),
            files: RwSignal::new(Vec::new()),
            loaded: RwSignal::new(false),
            problem: RwSignal::new(None),
            removal: RwSignal::new(None),
            viewing: RwSignal::new(None),
            providers: context.providers,
            removals: StoredValue::new(0),
            connected: StoredValue::new(false),
        }
    }

    /// Opens `passage` in the viewer.
    pub(crate) fn open_passage(self, passage: Retrieved) {
        self.viewing.set(Some(passage));
        self.viewer_open.set(true);
    }

    /// Closes the viewer.
    pub(crate) fn close_viewer(self) {
        self.viewer_open.set(false);
        self.viewing.set(None);
    }

    /// Starts listening to the worker and reads the list (the dialog's first
    /// opening, a turn with a base, or a start-up with files left to read).
    pub(crate) async fn connect(self) {
        knowledge::on_change(move || spawn_local(self.refresh()));
        self.refresh().await;
        // The keys the worker embeds with follow the accounts: loaded after start-up,
        // unlocked, edited or removed.
        let providers = self.providers;
        let follow = move || {
            Effect::new(move |_| {
                providers.list.track();
                spawn_local(self.send_targets());
            });
        };
        // Under the state's own owner, which lives as long as the page.
        match STATE.with(|state| state.get().and_then(|(_, owner)| owner.clone())) {
            Some(owner) => owner.with(follow),
            None => follow(),
        }
    }

    /// [`Self::connect`], once per page.
    pub(crate) async fn ensure_connected(self) {
        if !self.connected.get_value() {
            self.connected.set_value(true);
            self.connect().await;
        }
    }

    /// Reads the bases and files again.
    pub(crate) async fn refresh(self) {
        // One read at a time; what is asked meanwhile is one more read after it, and
        // a list that took long to read (thousands of files) is read again only after
        // four times as long, so a base being filled leaves the page most of its time.
        if REFRESHING.get().0 {
            REFRESHING.set((true, true));
            return;
        }
        loop {
            REFRESHING.set((true, false));
            let started = monotonic_ms();
            self.read_list().await;
            if !REFRESHING.get().1 {
                break;
            }
            sleep(((monotonic_ms() - started) * 4.0).min(5_000.0) as i32).await;
        }
        REFRESHING.set((false, false));
    }

    /// Reads the bases and files from the worker.
    async fn read_list(self) {
        match knowledge::request("list", json!({}), Vec::new()).await {
            Ok(list) => {
                // A base being removed is not listed: the worker leaves hidden bases out.
                let mut bases: Vec<BaseRecord> =
                    serde_json::from_value(list.get("bases").cloned().unwrap_or_default()).unwrap_or_default();
                let mut files: Vec<FileRecord> =
                    serde_json::from_value(list.get("files").cloned().unwrap_or_default()).unwrap_or_default();
                // By path, but the line telling how many files a full base skipped first, where
                // it is seen (a list shows only its first rows).
                files.sort_by(|a, b| {
                    let after = |f: &FileRecord| !matches!(f.refusal, Some(Refusal::TooManyFiles { .. }));
                    (after(a), &a.path).cmp(&(after(b), &b.path))
                });
                bases.sort_by_key(|base| base.created);
                // A base that came by sync (or from another tab) with an account to embed
                // with: the worker gets that account's key too.
                let accounts = |bases: &[BaseRecord]| -> Vec<String> {
                    bases.iter().filter_map(|base| base.embedding.as_ref().map(|c| c.account.clone())).collect()
                };
                let new_accounts = self.bases.with_untracked(|before| accounts(before) != accounts(&bases));
                self.bases.set(bases);
                if new_accounts && self.connected.get_value() {
                    spawn_local(self.send_targets());
                }
                self.files.set(files);
                self.loaded.set(true);
            }
            Err(error) => self.problem.set(Some(error)),
        }
    }

    /// Sends `op` and reads the list again; a failure is kept to be said.
    async fn act(
        self,
        op: &str,
        args: serde_json::Value,
        files: Vec<(web_sys::File, String)>,
    ) -> Option<serde_json::Value> {
        self.problem.set(None);
        let answer = knowledge::request(op, args, files).await;
        self.refresh().await;
        match answer {
            Ok(value) => Some(value),
            Err(error) => {
                self.problem.set(Some(error));
                None
            }
        }
    }

    /// Makes a base named `name`; its id.
    pub(crate) async fn create_base(self, name: String, created: hearth_core::Millis) -> Option<String> {
        let made = self.act("createBase", json!({ "name": name, "created": created }), Vec::new()).await?;
        made.get("id").and_then(|id| id.as_str()).map(str::to_owned)
    }

    /// Sets `changes` (stored names and their values) of base `id`, and only
    /// them: this page's copy of the base may not have another device's change
    /// to its other settings yet, which sending it whole would undo.
    async fn update_base(self, id: String, changes: serde_json::Value) {
        self.act("updateBase", json!({ "base": id, "changes": changes }), Vec::new()).await;
    }

    /// Adds files (each with its path in its folder) to base `base`.
    pub(crate) async fn add_files(self, base: String, files: Vec<(web_sys::File, String)>) {
        self.act("addFiles", json!({ "base": base }), files).await;
    }

    /// Reads failed files again.
    pub(crate) async fn retry(self, ids: Vec<String>) {
        self.act("retry", json!({ "ids": ids }), Vec::new()).await;
    }

    /// Removes files, for [`UNDO_MS`] hidden and restorable, then for good.
    pub(crate) async fn remove_files(self, ids: Vec<String>) {
        let name = self.files.with_untracked(|files| {
            files.iter().find(|file| ids.first() == Some(&file.id)).map(|file| file.name.clone()).unwrap_or_default()
        });
        // A timer of the removal before must not end this one.
        self.removals.set_value(self.removals.get_value().wrapping_add(1));
        self.end_removal().await;
        self.act("hideFiles", json!({ "ids": ids }), Vec::new()).await;
        self.wait_then_purge(Removal::Files { ids, name });
    }

    /// Removes base `id` with its files, for [`UNDO_MS`] restorable; other tabs
    /// no longer list it meanwhile.
    pub(crate) async fn remove_base(self, id: String) {
        let name = self.bases.with_untracked(|bases| {
            bases.iter().find(|base| base.id == id).map(|base| base.name.clone()).unwrap_or_default()
        });
        self.removals.set_value(self.removals.get_value().wrapping_add(1));
        self.end_removal().await;
        self.act("hideBase", json!({ "base": id, "hidden": true }), Vec::new()).await;
        self.wait_then_purge(Removal::Base { id, name });
    }

    /// Shows `removal` with Undo, and purges it when the time is up.
    fn wait_then_purge(self, removal: Removal) {
        let number = self.removals.get_value().wrapping_add(1);
        self.removals.set_value(number);
        self.removal.set(Some(removal));
        spawn_local(async move {
            sleep(UNDO_MS).await;
            if self.removals.get_value() == number {
                self.end_removal().await;
            }
        });
    }

    /// Purges the removal waiting, if any (its time is up, or another came).
    async fn end_removal(self) {
        let Some(removal) = self.removal.get_untracked() else { return };
        self.removal.set(None);
        match removal {
            Removal::Files { ids, .. } => {
                self.act("purgeFiles", json!({ "ids": ids }), Vec::new()).await;
            }
            Removal::Base { id, .. } => {
                self.act("removeBase", json!({ "base": id }), Vec::new()).await;
            }
        }
    }

    /// Takes the last removal back.
    pub(crate) async fn undo_removal(self) {
        let Some(removal) = self.removal.get_untracked() else { return };
        self.removals.set_value(self.removals.get_value().wrapping_add(1));
        self.removal.set(None);
        match removal {
            Removal::Files { ids, .. } => self.act("showFiles", json!({ "ids": ids }), Vec::new()).await,
            Removal::Base { id, .. } => self.act("hideBase", json!({ "base": id, "hidden": false }), Vec::new()).await,
        };
    }

    /// Hands the worker the targets (address, key, family) of the accounts the
    /// bases embed with, while their keys are unlocked; none otherwise.
    pub(crate) async fn send_targets(self) {
        self.send_targets_with(None).await;
    }

    /// [`Self::send_targets`], with `extra`'s too.
    async fn send_targets_with(self, extra: Option<String>) {
        let mut accounts: Vec<String> = self.bases.with_untracked(|bases| {
            bases.iter().filter_map(|base| base.embedding.as_ref().map(|choice| choice.account.clone())).collect()
        });
        accounts.extend(extra);
        let targets: BTreeMap<String, EmbedTarget> =
            accounts.into_iter().filter_map(|account| Some((account.clone(), self.target(&account, "")?))).collect();
        let _ = knowledge::request("targets", json!({ "targets": targets }), Vec::new()).await;
    }

    /// Account `account`'s embedding target for `model`, when it can embed
    /// (an OpenAI-compatible or Gemini account with a valid address, its key
    /// unlocked and bound to that address).
    pub(crate) fn target(self, account: &str, model: &str) -> Option<EmbedTarget> {
        self.providers.list.with_untracked(|list| {
            let entry = list.iter().find(|entry| entry.id() == account)?;
            let provider = &entry.provider;
            let family = match provider.kind {
                ProviderKind::OpenAi => EmbedFamily::OpenAi,
                ProviderKind::Gemini => EmbedFamily::Gemini,
                _ => return None,
            };
            if provider.key_is_locked() {
                return None;
            }
            let config = provider.config();
            let origin = config.checked_base_url().ok()?.origin();
            if config.key_origin.as_ref().is_some_and(|bound| *bound != origin) {
                return None;
            }
            let key = provider.api_key.trim();
            Some(EmbedTarget {
                family,
                base_url: provider.base_url.trim().to_owned(),
                api_key: (!key.is_empty()).then(|| key.to_owned()),
                model: model.to_owned(),
                dimensions: None,
            })
        })
    }

    /// The accounts that can embed: `(id, label)`.
    pub(crate) fn embedding_accounts(self) -> Vec<(String, String)> {
        self.providers.list.with(|list| {
            list.iter()
                .filter(|entry| matches!(entry.provider.kind, ProviderKind::OpenAi | ProviderKind::Gemini))
                .map(|entry| {
                    let name = entry.provider.name.trim();
                    let name = if name.is_empty() { entry.preset().label().to_owned() } else { name.to_owned() };
                    (entry.id().to_owned(), name)
                })
                .collect()
        })
    }

    /// The files of base `base`.
    pub(crate) fn files_of(self, base: &str) -> Vec<FileRecord> {
        self.files.with(|files| files.iter().filter(|file| file.base == base).cloned().collect())
    }

    /// Sets base `id`'s embedding choice (none: words alone).
    pub(crate) async fn set_embedding(self, id: String, choice: Option<EmbeddingChoice>) {
        // The worker has the new account's key before it starts embedding with it (else it
        // would find none and leave the files to words alone).
        let account = choice.as_ref().map(|choice| choice.account.clone());
        self.send_targets_with(account.clone()).await;
        self.update_base(id, json!({ "embedding": choice })).await;
        // The list read meanwhile may not have the choice yet (a read under way when it
        // was made returns before it is read again): the new account's key stays. The
        // old one goes when the list read again has the choice (`read_list`).
        self.send_targets_with(account).await;
    }

    /// Whether base `id`'s embeddings go with its files into backups and sync.
    pub(crate) async fn set_carry_vectors(self, id: String, carry: bool) {
        self.update_base(id, json!({ "carry_vectors": carry })).await;
    }
}
