//! One MCP Apps view running in a reply's tool widget: its frame
//! (`crate::io::mcp_app_frame`), its conversation (`hearth_core::mcp::app_session`),
//! and what it waits on from the user (a tool call to allow, a link to open).
//! The view starts from what the reply stored (its HTML from the blob store,
//! the call's arguments and the server's result), so it shows the same after
//! a reload, an import or a sync; its server is asked again only when the
//! user asks ([`AppHost::fetch_again`]).

use std::cell::Cell;

use hearth_core::mcp::app_bridge::{HostContext, Theme, tool_definition};
use hearth_core::mcp::app_session::{AppSession, Refusal, Step};
use hearth_core::mcp::apps::{ToolApp, csp_meta, granted_permissions, permission_allow, read_app_resource};
use hearth_core::mcp::session::ClientInfo;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::{Value, json};
use web_sys::Element;

use super::McpContext;
use super::app_pages;
use crate::i18n::{self, Arg, tr, tr_with};
use crate::io::clock::monotonic_ms;
use crate::io::color_scheme::{SchemeWatch, prefers_dark};
use crate::io::intl::date_and_time;
use crate::io::mcp_app_frame::{FramedView, McpAppFrame, ViewEvent};
use crate::io::timer::sleep;
use crate::store::StoreContext;

/// The tallest a view grows, in CSS pixels (it scrolls within).
pub(crate) const MAX_HEIGHT: f64 = 1600.0;
/// A view's height until it says its own.
const FIRST_HEIGHT: f64 = 320.0;
/// How long a view has to answer its teardown before its frame goes.
const TEARDOWN_MS: i32 = 1500;
/// The most of a view's requests that wait for the user at once (more are refused).
const MAX_ASKS: usize = 3;
/// The most notes a view's widget keeps (the newest).
const MAX_NOTES: usize = 5;

/// Where a view is.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Phase {
    /// Not started: its resource declared origins it may reach, so it waits
    /// for the user's Show.
    Gated,
    /// Its HTML is being read.
    Loading,
    /// Running.
    Running,
    /// Closed by the user or by itself.
    Closed,
    /// This device does not hold its HTML (a synced reply whose view did not
    /// come, say).
    Missing,
    /// It could not be shown, and why (shown as is).
    Failed(String),
}

/// What a view waits on from the user.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ViewAsk {
    /// A call of its server's tool `name` with exactly `arguments`.
    Call {
        /// Its key in the list.
        key: u32,
        /// The view's request id.
        id: Value,
        /// The tool.
        name: String,
        /// The arguments, as the view sent them.
        arguments: Value,
    },
    /// A link to open.
    Link {
        /// Its key in the list.
        key: u32,
        /// The view's request id.
        id: Value,
        /// The URL.
        url: String,
    },
}

impl ViewAsk {
    /// Its key in the list.
    pub(crate) fn key(&self) -> u32 {
        match self {
            ViewAsk::Call { key, .. } | ViewAsk::Link { key, .. } => *key,
        }
    }
}

/// The user's answer to a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CallAnswer {
    /// Run it this once.
    Once,
    /// Run it, and this tool's next calls from this view without asking.
    ForView,
    /// Do not run it.
    Refuse,
}

struct Running {
    frame: McpAppFrame,
    session: AppSession,
    _watch: Option<SchemeWatch>,
}

/// A view and its state (`Copy`: signals and stored values).
#[derive(Clone, Copy)]
pub(crate) struct AppHost {
    /// Where it is.
    pub(crate) phase: RwSignal<Phase>,
    /// What it waits on from the user, oldest first.
    pub(crate) asks: RwSignal<Vec<ViewAsk>>,
    /// What was refused or done for it, said in the widget.
    pub(crate) notes: RwSignal<Vec<String>>,
    /// The view as the reply stored it (with its HTML at hand once fetched again).
    app: StoredValue<ToolApp>,
    arguments: StoredValue<Value>,
    running: StoredValue<Option<Running>, LocalStorage>,
    /// Counts the views run here: an answer or a timer of an earlier run is
    /// dropped (its request ids are not the running view's).
    generation: StoredValue<u32>,
    allowed: StoredValue<Vec<String>>,
    next_key: StoredValue<u32>,
    on_draft: Callback<String>,
    mcp: McpContext,
    store: StoreContext,
}

impl AppHost {
    /// The view `app` of a call with `arguments` (its raw JSON text); a
    /// message the view sends goes to `on_draft`. Made in a component (it
    /// takes the store from the context).
    pub(crate) fn new(app: ToolApp, arguments: &str, mcp: McpContext, on_draft: Callback<String>) -> Self {
        let gated = !app.csp.is_empty();
        let arguments = serde_json::from_str::<Value>(arguments).unwrap_or_else(|_| json!({}));
        let phase = match () {
            () if !app.problem.is_empty() => Phase::Failed(app.problem.clone()),
            () if gated => Phase::Gated,
            () => Phase::Loading,
        };
        Self {
            phase: RwSignal::new(phase),
            asks: RwSignal::new(Vec::new()),
            notes: RwSignal::new(Vec::new()),
            app: StoredValue::new(app),
            arguments: StoredValue::new(arguments),
            running: StoredValue::new_local(None),
            generation: StoredValue::new(0),
            allowed: StoredValue::new(Vec::new()),
            next_key: StoredValue::new(0),
            on_draft,
            mcp,
            store: StoreContext::expect(),
        }
    }

    /// Starts the view in `container` (its HTML read first).
    pub(crate) fn start(self, container: Element) {
        self.phase.set(Phase::Loading);
        spawn_local(async move {
            // After a reload the servers are not read yet: the view needs its
            // server's tools (the ones it may call).
            self.mcp.ensure_loaded().await;
            let html = self.stored_html().await;
            // The view's place may have left the page meanwhile.
            if !self.alive() {
                return;
            }
            let Some(html) = html else {
                let _ = self.phase.try_set(Phase::Missing);
                return;
            };
            self.run(&container, html);
        });
    }

    /// Whether the view's place is still in the page (its state is not disposed).
    fn alive(self) -> bool {
        self.app.try_with_value(|_| ()).is_some()
    }

    async fn stored_html(self) -> Option<String> {
        let app = self.app.try_get_value()?;
        if !app.html.is_empty() {
            return Some(app.html);
        }
        if app.blob.is_empty() {
            return None;
        }
        app_pages::page(self.store, &app.blob).await.map(|page| page.to_string())
    }

    fn run(self, container: &Element, html: String) {
        // A new view: nothing of an earlier one's carries over.
        self.stop();
        self.generation.update_value(|generation| *generation += 1);
        let app = self.app.get_value();
        let granted = granted_permissions(&app.permissions);
        let tools = self.mcp.listed_tools(&app.server_id);
        let tool = tools
            .iter()
            .find(|tool| tool.name == app.tool)
            .map_or_else(|| json!({ "name": app.tool, "inputSchema": { "type": "object" } }), tool_definition);
        let context = HostContext {
            host: ClientInfo { name: "hearth".to_owned(), version: env!("CARGO_PKG_VERSION").to_owned() },
            theme: theme(prefers_dark()),
            locale: i18n::current().tag.to_owned(),
            time_zone: date_and_time(0.0).map(|now| now.timezone).unwrap_or_default(),
            max_width: None,
            max_height: Some(MAX_HEIGHT),
            tool,
            csp: app.csp.clone(),
            permissions: granted.clone(),
        };
        let session = AppSession::new(context, self.arguments.get_value(), app.call_result(), tools);
        let title =
            tr_with("mcp-app-frame-title", &[("tool", Arg::Text(&app.tool))], || format!("App of {}", app.tool));
        let view = FramedView {
            html,
            head: csp_meta(&app.csp),
            allow: permission_allow(&granted),
            title,
            height: FIRST_HEIGHT,
        };
        let frame = match McpAppFrame::mount(container, &view, move |event| self.on_event(event)) {
            Ok(frame) => frame,
            Err(error) => {
                self.phase.set(Phase::Failed(error.to_string()));
                return;
            }
        };
        let watch = SchemeWatch::new(move |dark| self.theme_changed(dark));
        self.running.set_value(Some(Running { frame, session, _watch: watch }));
        self.phase.set(Phase::Running);
    }

    fn on_event(self, event: ViewEvent) {
        match event {
            ViewEvent::Message(message) => {
                let mut steps = Vec::new();
                self.running.update_value(|running| {
                    if let Some(running) = running {
                        steps = running.session.receive(&message, monotonic_ms());
                    }
                });
                for step in steps {
                    self.apply(step);
                }
            }
            ViewEvent::Unreadable => {
                self.note(tr("The app sent a message Hearth cannot read; it was dropped.").to_owned())
            }
            ViewEvent::Refused => {
                self.stop();
                self.phase.set(Phase::Failed(tr("The app's frame was not sandboxed, so it ran nothing.").to_owned()));
            }
            ViewEvent::Restarted => {
                self.stop();
                self.note(
                    tr("The app replaced its page, so it was stopped. Show it again to start it anew.").to_owned(),
                );
                self.phase.set(Phase::Closed);
            }
        }
    }

    fn post(self, message: &Value) {
        self.running.try_with_value(|running| {
            if let Some(running) = running {
                running.frame.post(message);
            }
        });
    }

    fn apply(self, step: Step) {
        match step {
            Step::Post(message) => self.post(&message),
            Step::Resize(height) => self.running.with_value(|running| {
                if let Some(running) = running {
                    running.frame.set_height(height.max(48.0));
                }
            }),
            Step::AskCall { id, name, arguments } => {
                if self.allowed.with_value(|allowed| allowed.contains(&name)) {
                    self.run_call(id, name, arguments);
                } else if self.asks.with_untracked(Vec::len) >= MAX_ASKS {
                    self.refuse_call(&id, "Too many of the app's requests wait for the user.");
                } else {
                    let key = self.key();
                    self.asks.update(|asks| asks.push(ViewAsk::Call { key, id, name, arguments }));
                }
            }
            Step::AskLink { id, url } => {
                if self.asks.with_untracked(Vec::len) >= MAX_ASKS {
                    self.post_with(|session| session.link_answered(&id, false));
                } else {
                    let key = self.key();
                    self.asks.update(|asks| asks.push(ViewAsk::Link { key, id, url }));
                }
            }
            Step::Draft { text, left_out } => {
                self.on_draft.run(text);
                self.note(match left_out {
                    0 => tr("The app put a message in your message box. Send it if you want to.").to_owned(),
                    n => tr_with("mcp-app-draft-left-out", &[("count", Arg::Number(n as f64))], || {
                        format!(
                            "The app put a message in your message box ({n} parts that are not text were left out). \
                             Send it if you want to."
                        )
                    }),
                });
            }
            Step::Refused(refusal) => self.note(refusal_words(&refusal)),
            Step::Close => self.close(),
            Step::TornDown => self.stop(),
        }
    }

    fn key(self) -> u32 {
        let key = self.next_key.get_value();
        self.next_key.set_value(key + 1);
        key
    }

    /// Says `note` under the view (once while it is among the last ones).
    fn note(self, note: String) {
        let _ = self.notes.try_update(|notes| {
            if !notes.contains(&note) {
                notes.push(note);
            }
            let over = notes.len().saturating_sub(MAX_NOTES);
            notes.drain(..over);
        });
    }

    /// Posts to the running view what `message` makes of its session.
    fn post_with(self, message: impl FnOnce(&AppSession) -> Value) {
        let made = self.running.try_with_value(|running| running.as_ref().map(|running| message(&running.session)));
        if let Some(message) = made.flatten() {
            self.post(&message);
        }
    }

    fn refuse_call(self, id: &Value, why: &str) {
        self.post_with(|session| session.call_refused(id, why));
    }

    fn theme_changed(self, dark: bool) {
        let mut changed = None;
        self.running.update_value(|running| {
            if let Some(running) = running {
                changed = running.session.theme_changed(theme(dark));
            }
        });
        if let Some(message) = changed {
            self.post(&message);
        }
    }

    /// The user's answer to the call `key`.
    pub(crate) fn answer_call(self, key: u32, answer: CallAnswer) {
        let Some(ViewAsk::Call { id, name, arguments, .. }) = self.take_ask(key) else { return };
        match answer {
            CallAnswer::Refuse => {
                self.refuse_call(&id, "The user did not allow this call.");
                self.note(tr_with("mcp-app-call-not-run", &[("tool", Arg::Text(&name))], || {
                    format!("{name} was not run.")
                }));
            }
            CallAnswer::ForView | CallAnswer::Once => {
                if answer == CallAnswer::ForView {
                    self.allowed.update_value(|allowed| allowed.push(name.clone()));
                }
                self.run_call(id, name, arguments);
            }
        }
    }

    fn take_ask(self, key: u32) -> Option<ViewAsk> {
        let mut taken = None;
        self.asks.update(|asks| {
            if let Some(at) = asks.iter().position(|ask| ask.key() == key) {
                taken = Some(asks.remove(at));
            }
        });
        taken
    }

    fn run_call(self, id: Value, name: String, arguments: Value) {
        let server = self.app.with_value(|app| app.server_id.clone());
        let generation = self.generation.get_value();
        spawn_local(async move {
            let outcome = self.mcp.view_call_now(&server, &name, &arguments).await;
            // Gone, or another view runs now (whose ids these are not).
            if self.generation.try_get_value() != Some(generation) {
                return;
            }
            self.post_with(|session| match &outcome {
                Ok(result) => session.call_answered(&id, result),
                Err(failure) => session.call_refused(&id, &failure.to_string()),
            });
            if let Err(failure) = outcome {
                let error = failure.shown();
                self.note(tr_with(
                    "mcp-app-call-failed",
                    &[("tool", Arg::Text(&name)), ("error", Arg::Text(&error))],
                    || format!("{name} failed: {error}"),
                ));
            }
        });
    }

    /// The user's answer to the link `key`: opened (by the link itself) or not.
    pub(crate) fn answer_link(self, key: u32, opened: bool) {
        let Some(ViewAsk::Link { id, .. }) = self.take_ask(key) else { return };
        self.post_with(|session| session.link_answered(&id, opened));
    }

    /// Tells the view it is about to go, and removes it once it answered (or
    /// after a short while).
    pub(crate) fn close(self) {
        let _ = self.phase.try_set(Phase::Closed);
        let _ = self.asks.try_set(Vec::new());
        let Some(teardown) = self.teardown() else {
            self.stop();
            return;
        };
        self.post(&teardown);
        let generation = self.generation.get_value();
        spawn_local(async move {
            sleep(TEARDOWN_MS).await;
            // Not a view shown again meanwhile.
            if self.generation.try_get_value() == Some(generation) {
                self.stop();
            }
        });
    }

    /// The teardown request for the running view, when it was initialized
    /// (nothing is sent to a view before that).
    fn teardown(self) -> Option<Value> {
        let mut teardown = None;
        self.running.try_update_value(|running| {
            if let Some(running) = running.as_mut().filter(|running| running.session.initialized()) {
                teardown = Some(running.session.teardown());
            }
        });
        teardown
    }

    /// The view's place leaves the page (another conversation is shown):
    /// the view is told, and its frame goes with the place.
    pub(crate) fn leave(self) {
        if let Some(teardown) = self.teardown() {
            self.post(&teardown);
        }
        self.stop();
    }

    /// Removes the view's frame now; what the user allowed or was asked held
    /// for that view only.
    pub(crate) fn stop(self) {
        let running = Cell::new(None);
        self.running.try_update_value(|slot| running.set(slot.take()));
        if let Some(running) = running.take() {
            // Dropped after this task: it may be the frame's own listener
            // that is running now, which must not be freed under itself.
            spawn_local(async move { drop(running) });
        }
        let _ = self.asks.try_set(Vec::new());
        self.allowed.try_update_value(Vec::clear);
    }

    /// Asks the view's server for its HTML again (the user asked), and shows it.
    pub(crate) fn fetch_again(self, container: Element) {
        let app = self.app.get_value();
        self.phase.set(Phase::Loading);
        spawn_local(async move {
            self.mcp.ensure_loaded().await;
            // The view its tool names now (the stored URI is the content item's).
            let listed = self.mcp.listed_tools(&app.server_id).into_iter().find(|tool| tool.name == app.tool);
            let uri = listed.and_then(|tool| tool.ui?.resource_uri).unwrap_or(app.uri);
            let fetched = match self.mcp.view_read_now(&app.server_id, &uri).await {
                Ok(result) => read_app_resource(&result).map_err(|refused| refused.to_string()),
                Err(failure) => Err(failure.shown()),
            };
            if !self.alive() {
                return;
            }
            match fetched {
                Ok(resource) => {
                    let gated = !resource.csp.is_empty();
                    self.app.update_value(|app| {
                        app.csp = resource.csp;
                        app.permissions = resource.permissions;
                        app.html = resource.html.clone();
                    });
                    // What it may reach is shown first, as for any view that declares sites.
                    if gated {
                        self.phase.set(Phase::Gated);
                    } else {
                        self.run(&container, resource.html);
                    }
                }
                Err(why) => self.phase.set(Phase::Failed(why)),
            }
        });
    }

    /// The sites the view declared it may reach, for the user to see first.
    pub(crate) fn origins(self) -> String {
        self.app.with_value(|app| app.csp.origins().join(", "))
    }
}

fn theme(dark: bool) -> Theme {
    if dark { Theme::Dark } else { Theme::Light }
}

/// What was refused, in the interface's language.
fn refusal_words(refusal: &Refusal) -> String {
    match refusal {
        Refusal::Flooded => tr("The app sent more messages than Hearth reads; the rest were dropped.").to_owned(),
        Refusal::Unreadable(_) => tr("The app sent a message Hearth cannot read; it was dropped.").to_owned(),
        Refusal::Call { name, .. } => tr_with("mcp-app-call-refused", &[("tool", Arg::Text(name))], || {
            format!(
                "The app asked to call {name}, which is not one of the tools its server lets apps call; it was refused."
            )
        }),
        Refusal::Link(url) => tr_with("mcp-app-link-refused", &[("url", Arg::Text(url))], || {
            format!("The app asked to open {url}, which is not a web address; it was refused.")
        }),
        Refusal::EmptyMessage => tr("The app sent a message with no text; it was refused.").to_owned(),
        Refusal::Invalid { method, .. } => tr_with("mcp-app-invalid", &[("method", Arg::Text(method))], || {
            format!("The app asked for {method} with parameters it does not take; it was refused.")
        }),
    }
}
