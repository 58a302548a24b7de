//! Speaking MCP (`hearth_core::mcp::session`) to the user's servers: one
//! connection per server, made on first use and made again once when the
//! server has forgotten the session; each request a POST whose answer (JSON,
//! or an event stream that may first carry progress and the server's own
//! requests) is read as it arrives.
//!
//! A server is first asked the stateless 2026-07-28 way (`server/discover`);
//! what it answers tells its era (`hearth_core::mcp::era::classify`): a 2025
//! server gets `initialize` over Streamable HTTP, and one that refuses that
//! with 400, 404 or 405 the older HTTP+SSE transport. The way that worked is
//! kept per server and tried first until it fails.
//!
//! Requests go only to the server's URL, with the user's headers; an
//! `endpoint` or a redirect never sends them elsewhere. The server's requests
//! are answered: `ping` with an empty result, anything else with "method not
//! found" (Hearth declares no client capabilities).

use std::cell::Cell;
use std::pin::pin;
use std::rc::Rc;

use futures::future::{Either, select};
use futures::lock::Mutex;
use hearth_core::mcp::content::read_call_result;
use hearth_core::mcp::doctor::{Attempt, diagnose, mentions_session};
use hearth_core::mcp::elicit::{ELICIT, with_input_responses};
use hearth_core::mcp::era::{Probe, UNSUPPORTED_VERSION, classify, classify_error, needs_input, param_headers};
use hearth_core::mcp::listing::{
    MAX_PAGES, McpPrompt, McpResource, McpResourceTemplate, McpTool, Page, list_params, read_prompts,
    read_resource_templates, read_resources, read_tools,
};
use hearth_core::mcp::oauth::{Challenge, INSUFFICIENT_SCOPE, read_challenge};
use hearth_core::mcp::progress::{PROGRESS, Progress};
use hearth_core::mcp::prompts::{PromptText, completion_params, get_params, prompt_text, read_completion};
use hearth_core::mcp::resources::{ResourceText, read_params, resource_text};
use hearth_core::mcp::rpc::Incoming;
use hearth_core::mcp::session::{BodyReader, ClientInfo, Read, ResponseHead, ServerInfo, Session, Transport, resume};
use hearth_core::provider::HttpRequest;
use hearth_core::tools::{McpServer, OfferedMcpTool, call_params};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::{Value, json};
use web_sys::AbortSignal;

use super::asking::{Asker, Asking};
use super::connections::Way;
pub(crate) use super::failure::{IDLE_LIMIT_MS, McpFailure};
use super::failure::{cut, post_only, refusal, reply_plainly};
use super::legacy::{self, LegacyStream};
use super::views::Called;
use super::{McpContext, ServerStatus};
use crate::io::abort::{LinkedAbort, aborted};
use crate::io::address;
use crate::io::clock;
use crate::io::fetch_stream::{answers_at_all, open};
use crate::io::timer::sleep;

/// The notification that a server's tools changed.
const TOOLS_CHANGED: &str = "notifications/tools/list_changed";
/// How many times an event stream that ended before its answer is resumed.
const RESUMES: u32 = 5;
/// How many times a request is asked again with the user's answers to a
/// stateless server's `input_required` result before Hearth gives up.
const INPUT_ROUNDS: u32 = 8;

/// What a server offers the composer: its prompts, resources and resource
/// templates (each empty when it has none), and whether it completes
/// prompt arguments.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Offer {
    /// Its prompts.
    pub(crate) prompts: Vec<McpPrompt>,
    /// Its resources.
    pub(crate) resources: Vec<McpResource>,
    /// Its resource templates.
    pub(crate) templates: Vec<McpResourceTemplate>,
    /// Whether it answers `completion/complete`.
    pub(crate) completions: bool,
}

/// What Hearth says it is, in `initialize`.
fn client_info() -> ClientInfo {
    ClientInfo { name: "hearth".to_owned(), version: env!("CARGO_PKG_VERSION").to_owned() }
}

impl McpContext {
    fn connection(self, id: &str) -> Rc<Mutex<Option<Session>>> {
        let mut connection = Rc::default();
        self.connections.update_value(|c| connection = c.sessions.entry(id.to_owned()).or_default().clone());
        connection
    }

    /// The lock a refresh of the server `id`'s token holds.
    pub(super) fn refresh_lock(self, id: &str) -> Rc<Mutex<()>> {
        let mut lock = Rc::default();
        self.connections.update_value(|c| lock = c.refreshing.entry(id.to_owned()).or_default().clone());
        lock
    }

    fn progress_token(self) -> u64 {
        let mut token = 0;
        self.connections.update_value(|c| {
            c.next_token += 1;
            token = c.next_token;
        });
        token
    }

    /// Forgets the connection to `id`, and ends its session on the server.
    pub(super) fn disconnect_now(self, id: &str) {
        let mut removed = None;
        self.connections.update_value(|c| {
            removed = c.sessions.remove(id);
            c.infos.remove(id);
            c.ways.remove(id);
            if let Some(stream) = c.streams.remove(id) {
                stream.close();
            }
        });
        let Some(connection) = removed else { return };
        spawn_local(async move {
            let session = connection.lock().await.take();
            if let Some(request) = session.as_ref().and_then(Session::close) {
                let _ = open(&request, None).await;
            }
        });
    }

    /// Reaches the server `id`, lists its tools and keeps them on its record;
    /// the status shows what the connection doctor says of how it went.
    pub(super) async fn check_now(self, id: &str) {
        let Some(server) = self.server(id) else { return };
        self.status.update(|map| {
            map.insert(id.to_owned(), ServerStatus::Checking);
        });
        // A check starts afresh: the address or headers may have changed.
        self.disconnect_now(id);
        let diagnosed = |attempt: &Attempt| ServerStatus::Diagnosed(diagnose(&server.url, &address::origin(), attempt));
        let mut listed = self.list_tools(&server).await;
        // An ended token is refreshed once, without asking the user.
        if matches!(listed, Err(McpFailure::Auth { status: 401, .. })) && self.refresh_now(id, &server).await {
            self.disconnect_now(id);
            let Some(fresh) = self.server(id) else { return };
            listed = self.list_tools(&fresh).await;
        }
        self.note_sign_in(id, listed.as_ref().err());
        let (status, tools) = match listed {
            Ok((info, tools)) => {
                let server = [info.name.as_str(), info.version.as_str()].join(" ").trim().to_owned();
                let legacy = self.connections.with_value(|c| c.ways.get(id) == Some(&Way::Legacy));
                let attempt =
                    Attempt::Connected { server, protocol: info.protocol_version, tools: tools.len(), legacy };
                (diagnosed(&attempt), Some(tools))
            }
            Err(failure) => match attempt_of(&failure, &server.url).await {
                Some(attempt) => (diagnosed(&attempt), None),
                None => (ServerStatus::Failed(failure), None),
            },
        };
        // The server may have been removed meanwhile.
        let Some(mut current) = self.server(id) else { return };
        if let Some(tools) = tools
            && current.tools != tools
        {
            current.tools = tools;
            self.save(current);
        }
        self.status.update(|map| {
            map.insert(id.to_owned(), status);
        });
    }

    async fn list_tools(self, server: &McpServer) -> Result<(ServerInfo, Vec<McpTool>), McpFailure> {
        let info = self.connect(server, None).await?;
        let tools = if info.tools { self.list_all(server, "tools/list", read_tools).await? } else { Vec::new() };
        Ok((info, tools))
    }

    /// Every item of the list `method`, page by page (at most [`MAX_PAGES`]).
    async fn list_all<T>(
        self,
        server: &McpServer,
        method: &str,
        read: fn(&Value) -> Page<T>,
    ) -> Result<Vec<T>, McpFailure> {
        let mut items = Vec::new();
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let params = list_params(cursor.as_deref());
            let result = self.request(server, method, params, None, &mut |_, _| {}).await?;
            let page = read(&result);
            items.extend(page.items);
            match page.next_cursor {
                Some(next) if Some(&next) != cursor.as_ref() => cursor = Some(next),
                _ => break,
            }
        }
        Ok(items)
    }

    /// What the server `id` offers the composer (connecting first if need be).
    pub(crate) async fn offer_now(self, id: &str) -> Result<Offer, McpFailure> {
        let server = self.server_or_gone(id)?;
        let info = self.info(&server).await?;
        let mut offer = Offer { completions: info.completions, ..Offer::default() };
        if info.prompts {
            offer.prompts = self.list_all(&server, "prompts/list", read_prompts).await?;
        }
        if info.resources {
            offer.resources = self.list_all(&server, "resources/list", read_resources).await?;
            offer.templates = self.list_all(&server, "resources/templates/list", read_resource_templates).await?;
        }
        Ok(offer)
    }

    /// The prompt `name` of the server `id` with the user's `arguments`, as
    /// it goes into the message box.
    pub(crate) async fn prompt_now(
        self,
        id: &str,
        name: &str,
        arguments: &[(String, String)],
    ) -> Result<PromptText, McpFailure> {
        let server = self.server_or_gone(id)?;
        let result =
            self.request(&server, "prompts/get", Some(get_params(name, arguments)), None, &mut |_, _| {}).await?;
        prompt_text(&result).map_err(McpFailure::Prompt)
    }

    /// The server's suggestions for the argument `argument` of the prompt
    /// `prompt`, typed so far as `value`, the other arguments as given.
    pub(crate) async fn complete_now(
        self,
        id: &str,
        prompt: &str,
        argument: &str,
        value: &str,
        given: &[(String, String)],
    ) -> Result<Vec<String>, McpFailure> {
        let server = self.server_or_gone(id)?;
        let params = completion_params(prompt, argument, value, given);
        let result = self.request(&server, "completion/complete", Some(params), None, &mut |_, _| {}).await?;
        Ok(read_completion(&result))
    }

    /// The text of the resource `uri` of the server `id`.
    pub(crate) async fn read_resource_now(self, id: &str, uri: &str) -> Result<ResourceText, McpFailure> {
        let server = self.server_or_gone(id)?;
        let result = self.request(&server, "resources/read", Some(read_params(uri)), None, &mut |_, _| {}).await?;
        resource_text(&result).map_err(McpFailure::Resource)
    }

    /// The server `id` if it is there and on.
    pub(super) fn server_or_gone(self, id: &str) -> Result<McpServer, McpFailure> {
        match self.server(id) {
            None => Err(McpFailure::Removed),
            Some(server) if !server.enabled => Err(McpFailure::SwitchedOff),
            Some(server) => Ok(server),
        }
    }

    /// What `server` said of itself, connecting first unless it is connected.
    async fn info(self, server: &McpServer) -> Result<ServerInfo, McpFailure> {
        let ready = self.connection(&server.id).lock().await.as_ref().is_some_and(Session::is_initialized);
        let mut known = None;
        self.connections.with_value(|c| known = c.infos.get(&server.id).cloned());
        match known {
            Some(info) if ready => Ok(info),
            _ => match self.connect(server, None).await {
                // An ended token is refreshed once, as for any request.
                Err(failure) => {
                    let fresh = self.after_refusal(server, failure, &mut false).await?;
                    self.connect(&fresh, None).await
                }
                connected => connected,
            },
        }
    }

    /// Calls the offered tool with `arguments`: its result, or why there is
    /// none. The server's progress on it goes to `on_progress` (and each
    /// report restarts the wait). Stop (`signal`) or [`IDLE_LIMIT_MS`] without
    /// a word cancel it on the server too.
    pub(super) async fn call_tool_now(
        self,
        tool: &OfferedMcpTool,
        arguments: &Value,
        signal: Option<&AbortSignal>,
        on_progress: Callback<Progress>,
        asker: Asker,
    ) -> Result<Called, McpFailure> {
        let Some(server) = self.server(&tool.server_id) else {
            return Err(McpFailure::Protocol(format!("the server {} was removed", tool.server_name)));
        };
        let token = self.progress_token();
        let params = call_params(&tool.tool, arguments, token);
        let mut on_note = |method: &str, params: &Value| {
            if let Some(progress) = (method == PROGRESS).then(|| Progress::read(params, token)).flatten() {
                on_progress.run(progress);
            }
        };
        let headers = param_headers(&tool.spec.parameters, arguments);
        let asking = Asking::new(asker);
        let call = self.request_with(&server, "tools/call", Some(params), headers, signal, &mut on_note, Some(&asking));
        // A tool with a view has it read while it runs (the specification's order).
        let (result, view) = futures::join!(call, self.read_view(&server, &tool.tool, signal));
        let result = result?;
        let app = view.map(|view| view.with_result(&server.id, &tool.tool, &result).to_value());
        Ok(Called { result: read_call_result(&result), app })
    }

    /// Makes sure `server` can be spoken to: discovered (stateless), or a
    /// session (initialize, then initialized); returns what it said of itself.
    /// The way kept for the server is tried first; without one, the server is
    /// asked the stateless way and its answer says which to take.
    async fn connect(self, server: &McpServer, signal: Option<&AbortSignal>) -> Result<ServerInfo, McpFailure> {
        if server.secrets_locked() {
            // Reached without its headers or token it would only be refused
            // (and a sign-in then would replace the sealed one).
            return Err(McpFailure::Locked);
        }
        let connection = self.connection(&server.id);
        let mut slot = connection.lock().await;
        slot.take();
        self.connections.update_value(|c| {
            if let Some(stream) = c.streams.remove(&server.id) {
                stream.close();
            }
        });
        let known = self.connections.with_value(|c| c.ways.get(&server.id).copied());
        let outcome = match known {
            Some(Way::Stateless) => discover(server, signal).await.map(|done| (done, Way::Stateless)),
            Some(Way::Legacy) => initialize_legacy(server, signal).await.map(|done| (done, Way::Legacy)),
            Some(Way::Streamable) => stateful(server, signal).await,
            None => match discover(server, signal).await {
                Ok(done) => Ok((done, Way::Stateless)),
                Err(failure) => match probe(&failure) {
                    Probe::Modern | Probe::Auth(_) => Err(failure),
                    Probe::Again => discover(server, signal).await.map(|done| (done, Way::Stateless)),
                    Probe::NoCommonVersion(versions) => Err(McpFailure::Protocol(format!(
                        "it speaks MCP {}, none of which Hearth speaks",
                        versions.join(", ")
                    ))),
                    Probe::Stateful => match stateful(server, signal).await {
                        // A modern server refused initialize: the browser refused
                        // the probe itself (a preflight without Mcp-Method), which
                        // the doctor explains.
                        Err(McpFailure::Status { status, body })
                            if matches!(failure, McpFailure::Unreachable(_))
                                && classify(Some(status), &body) == Probe::Modern =>
                        {
                            Err(failure)
                        }
                        other => other,
                    },
                },
            },
        };
        let ((session, info, stream), way) = match outcome {
            Ok(done) => done,
            Err(failure) => {
                // The way that failed is asked again next time.
                self.connections.update_value(|c| {
                    c.ways.remove(&server.id);
                });
                return Err(failure);
            }
        };
        // Disconnected meanwhile (Check, Remove, switched off): this connection
        // is no longer the server's, and its stream is closed.
        let current =
            self.connections.with_value(|c| c.sessions.get(&server.id).is_some_and(|m| Rc::ptr_eq(m, &connection)));
        if !current {
            if let Some(stream) = stream {
                stream.close();
            }
            return Err(McpFailure::Gone);
        }
        // The status says "connected" once a check has also listed the tools.
        *slot = Some(session);
        self.connections.update_value(|c| {
            c.ways.insert(server.id.clone(), way);
            c.infos.insert(server.id.clone(), info.clone());
            if let Some(old) = stream.and_then(|stream| c.streams.insert(server.id.clone(), stream)) {
                old.close();
            }
        });
        Ok(info)
    }

    /// Sends `method` to `server`, connecting first when needed, and once
    /// more after connecting again when the server has forgotten the session.
    pub(super) async fn request(
        self,
        server: &McpServer,
        method: &str,
        params: Option<Value>,
        signal: Option<&AbortSignal>,
        on_note: &mut dyn FnMut(&str, &Value),
    ) -> Result<Value, McpFailure> {
        self.request_with(server, method, params, Vec::new(), signal, on_note, None).await
    }

    /// [`Self::request`] with a tool's `Mcp-Param-*` headers (sent only the
    /// stateless way), and for a tool call, `asking` for the server's
    /// questions to the user (a stateless server's `input_required` result is
    /// asked again with the answers, up to [`INPUT_ROUNDS`] times).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn request_with(
        self,
        server: &McpServer,
        method: &str,
        mut params: Option<Value>,
        param_headers: Vec<(String, String)>,
        signal: Option<&AbortSignal>,
        on_note: &mut dyn FnMut(&str, &Value),
        asking: Option<&Asking>,
    ) -> Result<Value, McpFailure> {
        // A server that says its tools changed has them listed again once this
        // request is done (not while a list is being read).
        let mut changed = false;
        let mut on_note = |method: &str, params: &Value| {
            changed |= method == TOOLS_CHANGED;
            on_note(method, params);
        };
        let mut outcome = self
            .request_once(server, method, params.clone(), param_headers.clone(), signal, &mut on_note, asking)
            .await;
        for _ in 0..INPUT_ROUNDS {
            let Ok(result) = &outcome else { break };
            if !needs_input(result) {
                break;
            }
            let Some(asking) = asking else { break };
            let answers = match asking.inputs(result).await {
                Ok(answers) => answers,
                Err(failure) => {
                    outcome = Err(failure);
                    break;
                }
            };
            params = Some(with_input_responses(params.as_ref(), answers, result));
            outcome = self
                .request_once(server, method, params.clone(), param_headers.clone(), signal, &mut on_note, Some(asking))
                .await;
        }
        if outcome.as_ref().is_ok_and(needs_input) {
            outcome = Err(McpFailure::Protocol(
                "the server asks for input (a form, a model's answer or the roots), which Hearth does not give here"
                    .to_owned(),
            ));
        }
        if changed && method != "tools/list" {
            let id = server.id.clone();
            spawn_local(async move { self.relist_tools(&id).await });
        }
        outcome
    }

    /// Lists the tools of the server `id` again and keeps them on its record.
    async fn relist_tools(self, id: &str) {
        let Ok(server) = self.server_or_gone(id) else { return };
        let Ok(tools) = self.list_all(&server, "tools/list", read_tools).await else { return };
        if let Some(mut current) = self.server(id)
            && current.tools != tools
        {
            current.tools = tools;
            self.save(current);
        }
    }

    /// [`Self::request_with`], without listing the tools again or asking
    /// again after an `input_required` result.
    #[allow(clippy::too_many_arguments)]
    async fn request_once(
        self,
        server: &McpServer,
        method: &str,
        params: Option<Value>,
        param_headers: Vec<(String, String)>,
        signal: Option<&AbortSignal>,
        on_note: &mut dyn FnMut(&str, &Value),
        asking: Option<&Asking>,
    ) -> Result<Value, McpFailure> {
        let mut server = server.clone();
        let mut refreshed = false;
        for attempt in 0..3 {
            let connection = self.connection(&server.id);
            let ended = self.connections.with_value(|c| c.streams.get(&server.id).is_some_and(|s| s.ended()));
            let ready = !ended && connection.lock().await.as_ref().is_some_and(Session::is_initialized);
            if !ready && let Err(failure) = self.connect(&server, signal).await {
                match self.after_refusal(&server, failure, &mut refreshed).await {
                    Ok(fresh) => {
                        server = fresh;
                        continue;
                    }
                    Err(failure) => return Err(failure),
                }
            }
            let (session, id, request) = {
                let mut slot = connection.lock().await;
                let Some(session) = slot.as_mut() else { continue };
                let (id, request) = session.request_with(method, params.as_ref(), param_headers.clone());
                (session.clone(), id, request)
            };
            let stream = self.connections.with_value(|c| c.streams.get(&server.id).cloned());
            match exchange_within(&session, stream.as_deref(), &request, id, signal, on_note, asking).await {
                Err(McpFailure::Gone) if attempt == 0 => {
                    // Only if no other request has connected again meanwhile.
                    let mut slot = connection.lock().await;
                    if slot.as_ref().and_then(Session::session_id) == session.session_id() {
                        *slot = None;
                    }
                }
                Err(McpFailure::TimedOut | McpFailure::Stopped) if method != "initialize" => {
                    if let Some(cancel) = session.cancel(id) {
                        spawn_local(async move {
                            let _ = open(&cancel, None).await;
                        });
                    }
                    return Err(if signal.is_some_and(AbortSignal::aborted) {
                        McpFailure::Stopped
                    } else {
                        McpFailure::TimedOut
                    });
                }
                // A server kept as stateless that no longer is: asked afresh, once
                // (only refusals of requests it did not carry out).
                Err(failure)
                    if attempt == 0 && session.transport() == &Transport::Stateless && not_modern(&failure) =>
                {
                    let mut slot = connection.lock().await;
                    if slot.as_ref().is_some_and(|kept| kept.transport() == &Transport::Stateless) {
                        *slot = None;
                    }
                    drop(slot);
                    self.connections.update_value(|c| {
                        c.ways.remove(&server.id);
                    });
                }
                Err(failure @ McpFailure::Auth { .. }) => {
                    *connection.lock().await = None;
                    server = self.after_refusal(&server, failure, &mut refreshed).await?;
                }
                other => return other.map(|(_, result)| result),
            }
        }
        Err(McpFailure::Gone)
    }

    /// After `failure` from `server` (as the failed request read it): a 401
    /// refreshes the token once (then the server as it is stored now is
    /// tried again); any other refusal is returned, and a refusal about
    /// signing in is noted and shown (unless a sign-in is under way).
    async fn after_refusal(
        self,
        server: &McpServer,
        failure: McpFailure,
        refreshed: &mut bool,
    ) -> Result<McpServer, McpFailure> {
        let id = server.id.as_str();
        if matches!(failure, McpFailure::Auth { status: 401, .. }) && !*refreshed {
            *refreshed = true;
            if self.refresh_now(id, server).await {
                return self.server(id).ok_or(McpFailure::Removed);
            }
        }
        self.note_sign_in(id, Some(&failure));
        if let McpFailure::Auth { .. } = &failure
            && let Some(attempt) = attempt_of(&failure, &server.url).await
        {
            let diagnosis = diagnose(&server.url, &address::origin(), &attempt);
            self.status.update(|map| {
                if map.get(id) != Some(&ServerStatus::SigningIn) {
                    map.insert(id.to_owned(), ServerStatus::Diagnosed(diagnosis));
                }
            });
        }
        Err(failure)
    }

    /// Keeps whether the server `id` wants a sign-in (and its challenge),
    /// from how it last answered (`None`: it answered).
    fn note_sign_in(self, id: &str, failure: Option<&McpFailure>) {
        match failure {
            Some(McpFailure::Auth { challenge, .. }) => {
                let challenge: Challenge = challenge.as_deref().and_then(read_challenge).unwrap_or_default();
                self.wanted.update(|map| {
                    map.insert(id.to_owned(), challenge);
                });
            }
            None => self.wanted.update(|map| {
                map.remove(id);
            }),
            Some(_) => {}
        }
    }
}

/// What a failed `server/discover` says of the server's era.
fn probe(failure: &McpFailure) -> Probe {
    match failure {
        McpFailure::Status { status, body } => classify(Some(*status), body),
        McpFailure::Auth { status, .. } => Probe::Auth(*status),
        McpFailure::Rpc(error) => classify_error(Some(error.code), error.data.as_ref()),
        // The user stopped it: nothing more is tried.
        McpFailure::Stopped => Probe::Modern,
        _ => classify(None, ""),
    }
}

/// Whether a refusal says the server no longer speaks the stateless
/// revision: 404, 405, a 400 without a modern error, or -32022 listing only
/// 2025 versions. Such a request was not carried out.
fn not_modern(failure: &McpFailure) -> bool {
    let refused = match failure {
        McpFailure::Status { status: 400 | 404 | 405, .. } => true,
        McpFailure::Rpc(error) => error.code == UNSUPPORTED_VERSION,
        _ => false,
    };
    refused && matches!(probe(failure), Probe::Stateful | Probe::NoCommonVersion(_))
}

/// Asks `server` the stateless way what it is (`server/discover`), given up
/// after [`IDLE_LIMIT_MS`] without a word.
async fn discover(
    server: &McpServer,
    signal: Option<&AbortSignal>,
) -> Result<(Session, ServerInfo, Option<Rc<LegacyStream>>), McpFailure> {
    let mut session = Session::new(server.url.clone(), server.request_headers(), Transport::Stateless);
    let (id, request) = session.discover(&client_info());
    let (_, result) = exchange_within(&session, None, &request, id, signal, &mut |_, _| {}, None).await?;
    let info = session.discovered(&result).map_err(|e| McpFailure::Protocol(e.to_string()))?;
    Ok((session, info, None))
}

/// Initialises a 2025-era session with `server`: over Streamable HTTP, or,
/// when that is refused with 400, 404 or 405, over the older HTTP+SSE transport.
async fn stateful(
    server: &McpServer,
    signal: Option<&AbortSignal>,
) -> Result<((Session, ServerInfo, Option<Rc<LegacyStream>>), Way), McpFailure> {
    match initialize_streamable(server, signal).await {
        Err(refused @ McpFailure::Status { status: 400 | 404 | 405, .. }) => {
            // What the newer transport was told says more than the older
            // one's failure, unless the user stopped it.
            let done = initialize_legacy(server, signal).await.map_err(|failure| match failure {
                McpFailure::Stopped => failure,
                _ => refused,
            })?;
            Ok((done, Way::Legacy))
        }
        other => other.map(|done| (done, Way::Streamable)),
    }
}

/// Initialises a Streamable HTTP session with `server`.
async fn initialize_streamable(
    server: &McpServer,
    signal: Option<&AbortSignal>,
) -> Result<(Session, ServerInfo, Option<Rc<LegacyStream>>), McpFailure> {
    let mut session = Session::new(server.url.clone(), server.request_headers(), Transport::Streamable);
    let (id, request) = session.initialize(&client_info());
    let (head, result) = exchange(&session, &request, id, signal, &mut |_, _| {}, None).await?;
    let (info, initialized) = session.initialized(&head, &result).map_err(|e| McpFailure::Protocol(e.to_string()))?;
    post_only(&initialized, signal).await?;
    Ok((session, info, None))
}

/// Opens an HTTP+SSE event stream to `server` and initialises over it.
async fn initialize_legacy(
    server: &McpServer,
    signal: Option<&AbortSignal>,
) -> Result<(Session, ServerInfo, Option<Rc<LegacyStream>>), McpFailure> {
    let mut session = Session::new(server.url.clone(), server.request_headers(), Transport::Legacy { endpoint: None });
    let stream = legacy::connect(&mut session).await?;
    let (id, request) = session.initialize(&client_info());
    let initialised = async {
        let result = legacy::exchange(&stream, &request, id, signal, &mut |_, _| {}).await?;
        let (info, initialized) =
            session.initialized(&ResponseHead::default(), &result).map_err(|e| McpFailure::Protocol(e.to_string()))?;
        post_only(&initialized, signal).await?;
        Ok(info)
    };
    match initialised.await {
        Ok(info) => Ok((session, info, Some(stream))),
        Err(failure) => {
            stream.close();
            Err(failure)
        }
    }
}

/// [`exchange`] (or, over HTTP+SSE, [`legacy::exchange`] on `stream`), given
/// up after [`IDLE_LIMIT_MS`] without a word from the server (not counting
/// the time a question of the server's waits for the user).
async fn exchange_within(
    session: &Session,
    stream: Option<&LegacyStream>,
    request: &HttpRequest,
    id: u64,
    signal: Option<&AbortSignal>,
    on_note: &mut dyn FnMut(&str, &Value),
    asking: Option<&Asking>,
) -> Result<(ResponseHead, Value), McpFailure> {
    let Some(own) = LinkedAbort::new(signal) else {
        return Err(McpFailure::Unreachable("this browser cannot cancel a request (no AbortController)".into()));
    };
    let heard = Rc::new(Cell::new(clock::monotonic_ms()));
    let heard_in = heard.clone();
    let mut noted = |method: &str, params: &Value| {
        heard_in.set(clock::monotonic_ms());
        on_note(method, params);
    };
    let own_signal = own.signal();
    let work = pin!(async {
        match stream {
            Some(stream) => legacy::exchange(stream, request, id, Some(&own_signal), &mut noted)
                .await
                .map(|result| (ResponseHead::default(), result)),
            None => exchange(session, request, id, Some(&own_signal), &mut noted, asking).await,
        }
    });
    let watch = pin!(async {
        loop {
            if asking.is_some_and(Asking::waits) {
                heard.set(clock::monotonic_ms());
            }
            // The time the user took to answer is not the server's silence.
            let since = heard.get().max(asking.map_or(0.0, Asking::changed_at));
            let waited = clock::monotonic_ms() - since;
            let left = f64::from(IDLE_LIMIT_MS) - waited;
            if left <= 0.0 {
                return;
            }
            sleep(left.ceil() as i32).await;
        }
    });
    // During a tool call, the session's own event stream is listened to as well (opened
    // first): a server may ask the user its question there rather than in the call's answer.
    let listener = match (asking, stream) {
        (Some(_), None) => Asking::open_listener(session, &own_signal).await,
        _ => None,
    };
    let listen = pin!(async {
        if let (Some(asking), Some(opened)) = (asking, listener) {
            asking.listen(session, opened).await;
        }
        std::future::pending::<()>().await;
    });
    let stop = pin!(aborted(signal.cloned()));
    match select(select(work, listen), select(watch, stop)).await {
        Either::Left((Either::Left((outcome, _)), _)) => outcome,
        Either::Left((Either::Right(((), _)), _)) => Err(McpFailure::NoAnswer),
        Either::Right((Either::Left(((), _)), _)) => Err(McpFailure::TimedOut),
        Either::Right((Either::Right(((), _)), _)) => Err(McpFailure::Stopped),
    }
}

/// Posts `request` (request `id`) and reads its answer to the result,
/// answering the server's requests and passing its notifications to
/// `on_note` on the way; resumes an event stream that ends before the answer
/// when the server gave it an event id.
async fn exchange(
    session: &Session,
    request: &HttpRequest,
    id: u64,
    signal: Option<&AbortSignal>,
    on_note: &mut dyn FnMut(&str, &Value),
    asking: Option<&Asking>,
) -> Result<(ResponseHead, Value), McpFailure> {
    let response = open(request, signal).await?;
    if !response.ok() {
        let status = response.status();
        let challenge = response.header("www-authenticate");
        let body = response.text().await;
        // Only a request that carried a session id can find it forgotten.
        let forgotten = session.session_id().is_some() && (status == 404 || status == 400);
        if forgotten {
            return Err(McpFailure::Gone);
        }
        return Err(refusal(status, challenge, &body));
    }
    let head = ResponseHead {
        status: response.status(),
        content_type: response.header("content-type"),
        session_id: response.header("mcp-session-id"),
    };
    let mut reader = BodyReader::new(head.content_type.as_deref());
    let mut answer: Option<Result<Value, McpFailure>> = None;
    // Once the answer is in, the stream is let go: a server may keep it open.
    let read = response
        .read_while(|bytes| {
            handle(session, reader.push(bytes), id, &mut answer, on_note, asking);
            answer.is_none()
        })
        .await;
    handle(session, reader.finish(), id, &mut answer, on_note, asking);
    if answer.is_none() {
        read?;
    }
    let mut resumes = 0;
    while answer.is_none() && resumes < RESUMES {
        let Some(last) = reader.last_event_id().map(str::to_owned) else { break };
        resumes += 1;
        sleep(i32::try_from(reader.retry_ms().unwrap_or(1_000)).unwrap_or(i32::MAX)).await;
        let again = open(&resume(session, &last), signal).await?;
        if !again.ok() {
            return Err(McpFailure::Status { status: again.status(), body: cut(&again.text().await) });
        }
        let mut more = BodyReader::new(again.header("content-type").as_deref());
        let read = again
            .read_while(|bytes| {
                handle(session, more.push(bytes), id, &mut answer, on_note, asking);
                answer.is_none()
            })
            .await;
        handle(session, more.finish(), id, &mut answer, on_note, asking);
        if answer.is_none() {
            read?;
        }
        reader = more;
    }
    answer.unwrap_or(Err(McpFailure::NoAnswer)).map(|result| (head, result))
}

/// Deals with what a body said: the answer to request `id`, the server's
/// requests (a question for the user handed to `asking`, others answered at
/// once), its notifications.
fn handle(
    session: &Session,
    reads: Vec<Read>,
    id: u64,
    answer: &mut Option<Result<Value, McpFailure>>,
    on_note: &mut dyn FnMut(&str, &Value),
    asking: Option<&Asking>,
) {
    for read in reads {
        match read {
            Read::Message(Incoming::Result { id: of, result }) if of == json!(id) => {
                answer.get_or_insert(Ok(result));
            }
            Read::Message(Incoming::Error { id: of, error }) if of == json!(id) || of.is_null() => {
                answer.get_or_insert(Err(McpFailure::Rpc(error)));
            }
            Read::Message(Incoming::Request { id: of, method, params, order }) => {
                if let Some(asking) = asking.filter(|_| method == ELICIT) {
                    asking.answer(session, of, &params, &order);
                    continue;
                }
                reply_plainly(session, &of, &method);
            }
            Read::Message(Incoming::Notification { method, params }) => on_note(&method, &params),
            Read::Message(_) | Read::Endpoint(_) => {}
            Read::Unreadable(error) => {
                answer.get_or_insert(Err(McpFailure::Protocol(error.to_string())));
            }
        }
    }
}

/// What the doctor is told of a failed check (`None`: nothing it can add):
/// a request the browser refused is followed by a `no-cors` probe of `url`.
async fn attempt_of(failure: &McpFailure, url: &str) -> Option<Attempt> {
    Some(match failure {
        McpFailure::Unreachable(_) => Attempt::Blocked { reachable: Some(answers_at_all(url).await) },
        // A 400 about the session: its id was given but could not be read.
        McpFailure::Status { status: 400, body } if mentions_session(body) => Attempt::SessionHidden,
        McpFailure::Status { status, body } => Attempt::Status { status: *status, body: body.clone() },
        McpFailure::Auth { challenge, .. } => {
            let challenge = challenge.as_deref().and_then(read_challenge).unwrap_or_default();
            let more = challenge.error.as_deref() == Some(INSUFFICIENT_SCOPE);
            Attempt::SignIn { more_scope: more.then(|| challenge.scope.unwrap_or_default()) }
        }
        McpFailure::Rpc(error) => {
            Attempt::NotMcp(format!("it answered the error {} ({})", error.code, error.message.trim_end_matches('.')))
        }
        McpFailure::Protocol(reason) => Attempt::NotMcp(reason.clone()),
        McpFailure::Redirected => Attempt::NotMcp(
            "it answered with a redirect, which Hearth does not follow (your headers go only to the address you \
             set); use the address it redirects to"
                .to_owned(),
        ),
        McpFailure::NoAnswer => Attempt::NotMcp("its answer ended without a result".to_owned()),
        McpFailure::Stopped
        | McpFailure::NotLoaded(_)
        | McpFailure::TimedOut
        | McpFailure::Gone
        | McpFailure::Prompt(_)
        | McpFailure::Resource(_)
        | McpFailure::Removed
        | McpFailure::SwitchedOff
        | McpFailure::Locked => return None,
    })
}
