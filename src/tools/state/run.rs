//! Running one tool call in the browser. Every tool ends in a [`ToolOutcome`]:
//! a failure is a result the model reads, never a crash of the turn. Each run has
//! a time limit, and the turn's abort signal (Stop) ends it early.

use crate::knowledge::state::code::{KnowledgeTurn, knowledge_code};
use hearth_core::knowledge::context as knowledge_context;
use std::pin::pin;

use futures::future::{Either, select};
use hearth_core::mcp::content::{links, model_content};
use hearth_core::mcp::progress::Progress;
use hearth_core::message::ToolLink;
use hearth_core::provider::{self, HttpRequest};
use hearth_core::tools::{
    Builtin, Invocation, OfferedMcpTool, STOPPED_BY_USER, ToolContent, ToolOutcome, UserTool, calc,
};
use leptos::prelude::*;
use serde_json::{Value, json};
use web_sys::AbortSignal;

use crate::io::abort::LinkedAbort;
use crate::io::clock;
use crate::io::fetch_stream::{FetchFailure, fetch_stream};
use crate::io::intl::{self, IntlError};
use crate::io::network::is_online;
use crate::io::sandbox::{self, Network, SandboxError};
use crate::io::timer::sleep;
use crate::mcp::state::client::{IDLE_LIMIT_MS, McpFailure};
use crate::mcp::state::views::Called;
use crate::store::StoreContext;
use crate::tools::state::ToolsContext;

/// How long JavaScript may run, in the sandbox.
pub(crate) const SCRIPT_LIMIT_MS: u32 = 5_000;
/// How long any other tool may take.
pub(crate) const TOOL_LIMIT_MS: u32 = 30_000;
/// The most characters of text a tool returns.
const OUTPUT_CHARS: usize = 20_000;
/// The most search results returned.
const SEARCH_RESULTS: usize = 10;

/// What tools can reach during one turn.
pub(crate) struct ToolEnv {
    /// Stored conversations and project files.
    pub(crate) store: StoreContext,
    /// The tool settings (which calls ask first) and the approvals waiting.
    pub(crate) settings: ToolsContext,
    /// The agent whose turn it is (its choices say which calls ask first).
    pub(crate) agent_id: String,
    /// The user's tools (their code runs in the sandbox).
    pub(crate) user_tools: Vec<UserTool>,
    /// The MCP tools offered, and where each call goes.
    pub(crate) mcp_tools: Vec<OfferedMcpTool>,
    /// Fires when the user stops the turn.
    pub(crate) signal: Option<AbortSignal>,
    /// The agent's knowledge bases, which `search_knowledge` searches (none:
    /// it has none).
    pub(crate) knowledge: Option<KnowledgeTurn>,
}

/// Runs one call to its outcome, within its time limit.
pub(crate) async fn run(invocation: &Invocation, env: &ToolEnv) -> ToolOutcome {
    if env.signal.as_ref().is_some_and(AbortSignal::aborted) {
        return ToolOutcome::Err(STOPPED_BY_USER.to_owned());
    }
    let args = &invocation.arguments;
    let name = invocation.name.as_str();
    if name == knowledge_context::TOOL_NAME
        && let Some(knowledge) = &env.knowledge
    {
        let search = async {
            match knowledge_code().await {
                Ok(code) => match (code.search)(knowledge.clone(), args.clone()).await {
                    Ok(text) => ToolOutcome::Ok(text),
                    Err(why) => ToolOutcome::Err(why.to_string()),
                },
                Err(error) => ToolOutcome::Err(error.to_string()),
            }
        };
        return within_limit(search).await;
    }
    if let Some(tool) = env.mcp_tools.iter().find(|tool| tool.spec.name == name) {
        // No time limit of its own: the server may work as long as it reports
        // progress (the client gives up after a silence).
        return run_mcp(tool, &invocation.call_id, args, env).await;
    }
    match Builtin::from_name(name) {
        Some(builtin) => run_builtin(builtin, args, env).await,
        // The loop only runs tools it offered, and a user tool is offered only
        // when valid and first of its name (`enabled_specs`): the first match.
        None => match env.user_tools.iter().find(|tool| tool.name.trim() == name) {
            Some(tool) => {
                // Only a tool marked as using the network may reach it (and it
                // asks before running unless the user allowed it).
                let network = if tool.uses_network { Network::Open } else { Network::Closed };
                script(&tool.code, args, network, env).await
            }
            None => ToolOutcome::Err(format!("The tool {name} is not available.")),
        },
    }
}

/// Runs a built-in: every one has its arm, so a new built-in does not compile
/// until it runs here.
async fn run_builtin(builtin: Builtin, args: &Value, env: &ToolEnv) -> ToolOutcome {
    let text = |key: &str| args.get(key).and_then(Value::as_str).unwrap_or_default().trim().to_owned();
    match builtin {
        Builtin::CurrentTime => current_time(&text("timezone")),
        Builtin::Calculator => {
            let expression = text("expression");
            match calc::evaluate(&expression) {
                Ok(value) => ToolOutcome::Ok(calc::format_number(value)),
                Err(error) => ToolOutcome::Err(format!("Cannot evaluate {expression:?}: {error}")),
            }
        }
        Builtin::FetchUrl => within_limit(fetch_url(&text("url"), env.signal.as_ref())).await,
        Builtin::SearchConversations => within_limit(search(env.store, text("query"))).await,
        Builtin::ReadProjectFile => within_limit(read_project_file(env.store, &text("name"))).await,
        // The sandbox keeps its own, shorter limit ([`SCRIPT_LIMIT_MS`]).
        Builtin::RunJavascript => {
            let code = args.get("code").and_then(Value::as_str).unwrap_or_default();
            script(code, &Value::Object(serde_json::Map::new()), Network::Closed, env).await
        }
    }
}

/// `work`'s outcome, or a time-out after [`TOOL_LIMIT_MS`] (dropping `work`
/// stops it).
async fn within_limit(work: impl Future<Output = ToolOutcome>) -> ToolOutcome {
    let work = pin!(work);
    let limit = pin!(sleep(i32::try_from(TOOL_LIMIT_MS).unwrap_or(i32::MAX)));
    match select(work, limit).await {
        Either::Left((outcome, _)) => outcome,
        Either::Right(((), _)) => ToolOutcome::TimedOut { after_ms: u64::from(TOOL_LIMIT_MS) },
    }
}

/// The time now, in the asked time zone or the user's own.
fn current_time(timezone: &str) -> ToolOutcome {
    match intl::local_time(clock::now_ms(), timezone) {
        Ok(time) => {
            ToolOutcome::Ok(json!({ "local": time.local, "timezone": time.timezone, "utc": time.utc }).to_string())
        }
        Err(IntlError::Options) => ToolOutcome::Err("The date could not be formatted.".to_owned()),
        Err(IntlError::UnknownTimeZone) => ToolOutcome::Err(format!(
            "Unknown time zone {timezone:?}. Use an IANA name such as Europe/Paris, America/New_York or UTC."
        )),
    }
}

/// An HTTP GET from the browser, its text cut to [`OUTPUT_CHARS`]. The download
/// has its own abort signal: it stops once enough has arrived, when the turn is
/// stopped, and when this future is dropped (the time limit).
async fn fetch_url(url: &str, turn: Option<&AbortSignal>) -> ToolOutcome {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return ToolOutcome::Err(format!("{url:?} is not an http or https URL."));
    }
    if !is_online() && !provider::is_local_url(url) {
        return ToolOutcome::Err(format!(
            "This device is offline, so {url} cannot be fetched. Tell the user; it works again once the device is \
             back online."
        ));
    }
    let Some(own) = LinkedAbort::new(turn) else {
        return ToolOutcome::Err("This browser cannot cancel a download (no AbortController).".to_owned());
    };
    let request = HttpRequest { method: "GET", url: url.to_owned(), headers: Vec::new(), body: None };
    let mut bytes = Vec::new();
    let limit = OUTPUT_CHARS * 4;
    let mut enough = false;
    let fetched = fetch_stream(&request, Some(&own.signal()), |chunk| {
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if bytes.len() >= limit && !enough {
            enough = true;
            own.abort();
        }
    })
    .await;
    match fetched {
        Ok(()) => ToolOutcome::Ok(cut(&String::from_utf8_lossy(&bytes))),
        Err(FetchFailure::Aborted) if enough => ToolOutcome::Ok(cut(&String::from_utf8_lossy(&bytes))),
        Err(FetchFailure::Aborted) => ToolOutcome::Err(STOPPED_BY_USER.to_owned()),
        Err(FetchFailure::Status { status, body, .. }) => {
            ToolOutcome::Err(format!("{url} answered HTTP {status}. {}", cut_to(&body, 500)))
        }
        Err(FetchFailure::Redirected) => ToolOutcome::Err(format!(
            "{url} answered with a redirect. Hearth fetches only the approved address and did not follow it; fetch \
             the new address if you know it (often https:// or a trailing slash)."
        )),
        Err(FetchFailure::Network(detail)) => ToolOutcome::Err(format!(
            "The browser could not read {url} ({detail}). Either the site is unreachable, or, most often, it does \
             not allow web pages from other sites to read it (no CORS header): Hearth runs in the browser and has \
             no server to fetch through. Tell the user, or try another source."
        )),
    }
}

/// A call of an MCP tool on its server: its content for the model (text, and
/// the images and sounds that came with it), an error result when the tool
/// says it failed. What the server reports of its progress is in
/// `ToolsContext::progress` under `call_id` while it runs.
async fn run_mcp(tool: &OfferedMcpTool, call_id: &str, args: &Value, env: &ToolEnv) -> ToolOutcome {
    let on = format!("the MCP server {}", tool.server_name);
    let url = env.settings.mcp.server(&tool.server_id).map(|server| server.url).unwrap_or_default();
    if !is_online() && !provider::is_local_url(&url) {
        return ToolOutcome::Err(format!(
            "This device is offline, so {on} cannot be reached. Tell the user; it works again once the device is \
             back online."
        ));
    }
    let progress = env.settings.progress;
    let id = call_id.to_owned();
    let on_progress = Callback::new(move |report: Progress| {
        progress.update(|list| match list.iter_mut().find(|(call, _)| *call == id) {
            Some((_, shown)) => *shown = report,
            None => list.push((id.clone(), report)),
        });
    });
    let asker = super::ask::asker(call_id, &tool.server_name, env.signal.clone());
    let called = env.settings.mcp.call_tool(tool, args, env.signal.as_ref(), on_progress, asker).await;
    super::ask::cancel_for(call_id);
    progress.update(|list| list.retain(|(call, _)| call != call_id));
    match called {
        Ok(Called { result, app }) => {
            let (text, media) = model_content(&result);
            let links = links(&result)
                .into_iter()
                .map(|(uri, name)| ToolLink { server_id: tool.server_id.clone(), uri, name })
                .collect();
            ToolOutcome::Parts(ToolContent { text: cut(&text), is_error: result.is_error, media, links, app })
        }
        Err(McpFailure::Stopped) => ToolOutcome::Err(STOPPED_BY_USER.to_owned()),
        Err(McpFailure::TimedOut) => ToolOutcome::TimedOut { after_ms: u64::from(IDLE_LIMIT_MS) },
        Err(failure) => {
            if matches!(failure, McpFailure::Unreachable(_) | McpFailure::Status { .. }) {
                // The connection doctor looks at the server again: what it finds
                // is on the server's row in Tools.
                let (mcp, id) = (env.settings.mcp, tool.server_id.clone());
                leptos::task::spawn_local(async move { mcp.check(&id).await });
            }
            ToolOutcome::Err(format!("The tool {} on {on} failed. {failure}", tool.tool))
        }
    }
}

/// The stored conversations matching `query`.
async fn search(store: StoreContext, query: String) -> ToolOutcome {
    if query.is_empty() {
        return ToolOutcome::Err("Give some words to search for.".to_owned());
    }
    // Markers are never sent to a model, so the tool does not find them; only
    // the hits it gives are told apart by branch.
    let found = match store.search(&query).await {
        Ok(mut outcome) => {
            outcome.hits.retain(|hit| !hit.marker);
            outcome.hits.truncate(SEARCH_RESULTS);
            store.tag_branches(outcome).await
        }
        Err(error) => Err(error),
    };
    let Ok(outcome) = found else {
        return ToolOutcome::Err("The search could not be loaded (the network is out?); try again.".to_owned());
    };
    let hits: Vec<Value> = outcome
        .hits
        .iter()
        .map(|hit| match hit.other_branch == Some(true) {
            // A version the conversation does not show (edited away, answered again, compared).
            true => json!({ "conversation": hit.title, "excerpt": hit.snippet, "in_another_branch": true }),
            false => json!({ "conversation": hit.title, "excerpt": hit.snippet }),
        })
        .collect();
    let matches = outcome.total - outcome.markers;
    // A very common word's search stops once it has the newest: the count is of what it read.
    let found = match outcome.cut.is_some() {
        true => json!({ "matches_at_least": matches, "results": hits }),
        false => json!({ "matches": matches, "results": hits }),
    };
    ToolOutcome::Ok(found.to_string())
}

/// One project file by name, or the list of files.
async fn read_project_file(store: StoreContext, name: &str) -> ToolOutcome {
    let files = match store.project_files().await {
        Ok(files) => files,
        Err(error) => return ToolOutcome::Err(error.to_string()),
    };
    let names: Vec<&str> = files.iter().map(|file| file.name.as_str()).collect();
    if name.is_empty() {
        return ToolOutcome::Ok(json!({ "files": names }).to_string());
    }
    match files.iter().find(|file| file.name.eq_ignore_ascii_case(name)) {
        Some(file) => ToolOutcome::Ok(cut(&file.content)),
        None if names.is_empty() => ToolOutcome::Err("The project has no files yet.".to_owned()),
        None => ToolOutcome::Err(format!("No file is called {name:?}. The project's files: {}.", names.join(", "))),
    }
}

/// Code in the sandbox: the result as JSON, with the console lines when there are any.
async fn script(code: &str, args: &Value, network: Network, env: &ToolEnv) -> ToolOutcome {
    match sandbox::run_javascript(code, args, SCRIPT_LIMIT_MS, network, env.signal.as_ref()).await {
        Ok(run) => {
            let text = if run.logs.is_empty() {
                run.result.to_string()
            } else {
                json!({ "result": run.result, "console": run.logs }).to_string()
            };
            ToolOutcome::Ok(text)
        }
        Err(SandboxError::TimedOut { after_ms }) => ToolOutcome::TimedOut { after_ms: u64::from(after_ms) },
        Err(SandboxError::Cancelled) => ToolOutcome::Err(STOPPED_BY_USER.to_owned()),
        Err(error) => ToolOutcome::Err(error.to_string()),
    }
}

fn cut(text: &str) -> String {
    cut_to(text, OUTPUT_CHARS)
}

fn cut_to(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}\n…(cut at {chars} characters)", &text[..end]),
    }
}
