//! Safe updates: what the page knows about a new version of Hearth, and the
//! reload the user asked for, which waits until nothing would be lost.
//!
//! The service worker (`io::service_worker`) reports a waiting version or a
//! change of controller; this context turns that into [`UpdateState`], which
//! the update prompt shows. Hearth never reloads by itself. When the user asks
//! ([`UpdatesContext::reload`]), the reload waits while anything registered
//! with [`UpdatesContext::hold_while`] holds it ([`Hold`]: a reply streaming,
//! a message typed and not sent, an editor with unsaved changes), and while
//! another tab streams a reply (its Web Lock is held); once nothing
//! does, the waiting version is told to take over, and when it controls the
//! page (`controllerchange`) this tab reloads. A tab that did not ask hears
//! the same `controllerchange` and only says that Hearth was updated in
//! another tab.
//!
//! The contexts and components that can hold a reload register here (this
//! module knows none of them), so it sits low among the shell's layers.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::io::locks;
use crate::io::service_worker::{self, WorkerNews};
use crate::io::timer::sleep;

/// How often a reload waiting for another tab's reply looks again, in milliseconds.
const ELSEWHERE_POLL_MS: i32 = 1000;

/// What keeps a reload waiting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Hold {
    /// A reply is streaming in this tab (in any conversation).
    ReplyStreaming,
    /// A reply is streaming in another tab: the new version may migrate the
    /// database, which ends that tab's writing, so the reload waits for it.
    ReplyStreamingElsewhere,
    /// The message box holds text that was not sent.
    UnsavedMessage,
    /// An editor holds changes that were not saved; the editor's name
    /// ("the agent editor").
    UnsavedChanges(&'static str),
}

impl Hold {
    /// Whether the user can end it by discarding what was typed (a streaming
    /// reply ends by itself).
    pub(crate) fn is_unsaved_input(&self) -> bool {
        !matches!(self, Hold::ReplyStreaming | Hold::ReplyStreamingElsewhere)
    }
}

/// Where this tab stands with the versions of Hearth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum UpdateState {
    /// This tab runs the newest version it knows of.
    #[default]
    Current,
    /// A new version is waiting; the prompt offers Reload.
    Ready,
    /// A new version is waiting, and the user chose Later: no prompt until
    /// another version arrives.
    Later,
    /// The user asked to reload: the waiting version was told to take over,
    /// and this tab reloads when it does.
    Reloading,
    /// Another tab let a new version take over: this tab still runs the old
    /// one and says so.
    UpdatedElsewhere,
}

/// The update state; `Copy`, provided through context.
#[derive(Clone, Copy)]
pub(crate) struct UpdatesContext {
    /// Where this tab stands.
    pub(crate) state: RwSignal<UpdateState>,
    /// Whether the user asked to reload and it waits for [`Self::hold`] to clear.
    pub(crate) pending: RwSignal<bool>,
    /// Whether the user chose to discard unsaved input: then only a streaming
    /// reply holds the reload.
    discard_input: RwSignal<bool>,
    /// Whether the reload waits for a reply streaming in another tab.
    elsewhere: RwSignal<bool>,
    /// What may hold a reload, each with the signal saying when it does and
    /// an id (for removing it).
    holds: StoredValue<Vec<(u32, Hold, Signal<bool>)>>,
    /// Bumped when `holds` changes (and the next id).
    holds_changed: RwSignal<u32>,
}

impl UpdatesContext {
    /// Starts watching the service worker.
    pub(crate) fn new() -> Self {
        // Plain signals and no memo: every signal type costs the bundle its own code.
        let this = Self {
            state: RwSignal::new(UpdateState::Current),
            pending: RwSignal::new(false),
            discard_input: RwSignal::new(false),
            elsewhere: RwSignal::new(false),
            holds: StoredValue::new(Vec::new()),
            holds_changed: RwSignal::new(0),
        };
        service_worker::watch(move |news| this.hear(news));
        // The reload the user asked for goes ahead once nothing holds it.
        Effect::new(move |_| {
            if this.pending.get() && this.hold().is_none() {
                this.pending.set(false);
                this.go();
            }
        });
        this
    }

    /// The first thing holding a reload, if any (tracked).
    pub(crate) fn hold(self) -> Option<Hold> {
        self.holds_changed.track();
        let discard = self.discard_input.get();
        self.holds
            .with_value(|holds| {
                holds
                    .iter()
                    .find(|(_, hold, active)| active.get() && !(discard && hold.is_unsaved_input()))
                    .map(|(_, hold, _)| hold.clone())
            })
            .or_else(|| self.elsewhere.get().then_some(Hold::ReplyStreamingElsewhere))
    }

    /// The context provided by the app.
    pub(crate) fn expect() -> Self {
        expect_context()
    }

    fn hear(self, news: WorkerNews) {
        match (news, self.state.get_untracked()) {
            (WorkerNews::Waiting, UpdateState::Current | UpdateState::Later) => self.state.set(UpdateState::Ready),
            (WorkerNews::Waiting, _) => {}
            // This tab asked: the new version controls it now. Something that
            // began since the reload was asked (a reply, a typed message) holds
            // it again: the reload waits for it, as the prompt says.
            (WorkerNews::ControllerChanged, UpdateState::Reloading) => {
                if self.hold().is_none() {
                    service_worker::reload();
                } else {
                    self.state.set(UpdateState::UpdatedElsewhere);
                    self.pending.set(true);
                }
            }
            (WorkerNews::ControllerChanged, _) => {
                self.pending.set(false);
                self.state.set(UpdateState::UpdatedElsewhere);
            }
        }
    }

    /// Makes `hold` keep a reload waiting while `active` is true. The hold is
    /// dropped with the calling component or context (its reactive owner).
    pub(crate) fn hold_while(self, hold: Hold, active: Signal<bool>) {
        let id = self.holds_changed.get_untracked();
        self.holds.update_value(|holds| holds.push((id, hold, active)));
        self.holds_changed.set(id.wrapping_add(1));
        on_cleanup(move || {
            self.holds.update_value(|holds| holds.retain(|(known, _, _)| *known != id));
            self.holds_changed.update(|changed| *changed = changed.wrapping_add(1));
        });
    }

    /// The user asked to reload: it happens as soon as nothing holds it.
    pub(crate) fn reload(self) {
        self.discard_input.set(false);
        self.pending.set(true);
    }

    /// The user chose to lose the unsaved input: only a streaming reply still
    /// holds the reload.
    pub(crate) fn reload_discarding_input(self) {
        self.discard_input.set(true);
        self.pending.set(true);
    }

    /// The user no longer wants the reload that was waiting.
    pub(crate) fn cancel(self) {
        self.pending.set(false);
        self.discard_input.set(false);
        self.elsewhere.set(false);
    }

    /// Hides the prompt until another version arrives.
    pub(crate) fn later(self) {
        self.cancel();
        if self.state.get_untracked() == UpdateState::Ready {
            self.state.set(UpdateState::Later);
        }
    }

    fn go(self) {
        spawn_local(async move {
            // A reply streaming in another tab: wait (the reload stays
            // pending, held by `elsewhere`) until it ends or the user cancels.
            while locks::any_streaming().await {
                if !self.elsewhere.get_untracked() {
                    self.elsewhere.set(true);
                    self.pending.set(true);
                }
                sleep(ELSEWHERE_POLL_MS).await;
                if !self.pending.get_untracked() {
                    self.elsewhere.set(false);
                    return;
                }
            }
            if self.elsewhere.get_untracked() {
                self.pending.set(false);
                self.elsewhere.set(false);
            }
            // Something began while this waited (a reply, a typed message):
            // wait for it again rather than lose it.
            if self.hold().is_some() {
                self.pending.set(true);
                return;
            }
            if self.state.get_untracked() == UpdateState::UpdatedElsewhere {
                // The new version controls this tab already: a reload runs it.
                service_worker::reload();
                return;
            }
            self.state.set(UpdateState::Reloading);
            if !service_worker::let_waiting_take_over().await {
                // Nothing waits any more (another tab let it take over, and
                // this tab's `controllerchange` will not come): reload.
                service_worker::reload();
            }
        });
    }
}
