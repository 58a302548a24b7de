//! Running one tool call in the browser. Every tool ends in a [`ToolOutcome`]:
//! a failure is a result the model reads, never a crash of the turn. Each run has
//! a time limit, and the turn's abort signal (Stop) ends it early.

use std::pin::pin;

use futures::future::{Either, select};
use hearth_core::provider::HttpRequest;
use hearth_core::tools::{
    CALCULATOR, CURRENT_TIME, FETCH_URL, Invocation, READ_PROJECT_FILE, RUN_JAVASCRIPT, SEARCH_CONVERSATIONS,
    STOPPED_BY_USER, ToolOutcome, UserTool, calc, is_builtin,
};
use serde_json::{Value, json};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{AbortController, AbortSignal};

use crate::io::fetch_stream::{FetchFailure, fetch_stream};
use crate::io::sandbox::{self, Network, SandboxError};
use crate::io::timer::sleep;
use crate::store::StoreContext;
use crate::tools::ToolsContext;

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
    /// The user's tools (their code runs in the sandbox).
    pub(crate) user_tools: Vec<UserTool>,
    /// Fires when the user stops the turn.
    pub(crate) signal: Option<AbortSignal>,
}

/// Runs one call to its outcome, within its time limit.
pub(crate) async fn run(invocation: &Invocation, env: &ToolEnv) -> ToolOutcome {
    if env.signal.as_ref().is_some_and(AbortSignal::aborted) {
        return ToolOutcome::Err(STOPPED_BY_USER.to_owned());
    }
    let args = &invocation.arguments;
    let name = invocation.name.as_str();
    if name == RUN_JAVASCRIPT {
        let code = args.get("code").and_then(Value::as_str).unwrap_or_default();
        return script(code, &Value::Object(serde_json::Map::new()), Network::Closed, env).await;
    }
    if !is_builtin(name) {
        // The loop only runs tools it offered, and a user tool is offered only
        // when valid and first of its name (`enabled_specs`): the first match.
        return match env.user_tools.iter().find(|tool| tool.name.trim() == name) {
            Some(tool) => {
                // Only a tool marked as using the network may reach it (and it
                // asks before running unless the user allowed it).
                let network = if tool.uses_network { Network::Open } else { Network::Closed };
                script(&tool.code, args, network, env).await
            }
            None => ToolOutcome::Err(format!("The tool {name} is not available.")),
        };
    }
    let work = pin!(builtin(name, args, env));
    let limit = pin!(sleep(i32::try_from(TOOL_LIMIT_MS).unwrap_or(i32::MAX)));
    match select(work, limit).await {
        Either::Left((outcome, _)) => outcome,
        Either::Right(((), _)) => ToolOutcome::TimedOut { after_ms: u64::from(TOOL_LIMIT_MS) },
    }
}

async fn builtin(name: &str, args: &Value, env: &ToolEnv) -> ToolOutcome {
    let text = |key: &str| args.get(key).and_then(Value::as_str).unwrap_or_default().trim().to_owned();
    match name {
        CURRENT_TIME => current_time(&text("timezone")),
        CALCULATOR => {
            let expression = text("expression");
            match calc::evaluate(&expression) {
                Ok(value) => ToolOutcome::Ok(calc::format_number(value)),
                Err(error) => ToolOutcome::Err(format!("Cannot evaluate {expression:?}: {error}")),
            }
        }
        FETCH_URL => fetch_url(&text("url"), env.signal.as_ref()).await,
        SEARCH_CONVERSATIONS => search(env.store, text("query")).await,
        READ_PROJECT_FILE => read_project_file(env.store, &text("name")).await,
        other => ToolOutcome::Err(format!("The tool {other} is not available in this browser.")),
    }
}

/// The time now, in the asked time zone or the user's own.
fn current_time(timezone: &str) -> ToolOutcome {
    let now = js_sys::Date::new_0();
    let options = js_sys::Object::new();
    let set = |key: &str, value: &str| js_sys::Reflect::set(&options, &key.into(), &value.into()).is_ok();
    let ok = set("dateStyle", "full") && set("timeStyle", "long") && (timezone.is_empty() || set("timeZone", timezone));
    if !ok {
        return ToolOutcome::Err("The date could not be formatted.".to_owned());
    }
    // An unknown time zone makes the constructor throw a RangeError.
    let format = js_sys::Reflect::get(&js_sys::global(), &"Intl".into())
        .and_then(|intl| js_sys::Reflect::get(&intl, &"DateTimeFormat".into()))
        .and_then(|class| {
            let args = js_sys::Array::of2(&JsValue::UNDEFINED, &options);
            js_sys::Reflect::construct(class.unchecked_ref::<js_sys::Function>(), &args)
        });
    let Ok(format) = format else {
        return ToolOutcome::Err(format!(
            "Unknown time zone {timezone:?}. Use an IANA name such as Europe/Paris, America/New_York or UTC."
        ));
    };
    let call = |method: &str, arg: &JsValue| -> Option<JsValue> {
        let function: js_sys::Function = js_sys::Reflect::get(&format, &method.into()).ok()?.dyn_into().ok()?;
        function.call1(&format, arg).ok()
    };
    let local = call("format", &now.clone().into()).and_then(|v| v.as_string()).unwrap_or_default();
    let zone = call("resolvedOptions", &JsValue::UNDEFINED)
        .and_then(|options| js_sys::Reflect::get(&options, &"timeZone".into()).ok())
        .and_then(|zone| zone.as_string())
        .unwrap_or_else(|| timezone.to_owned());
    let iso = now.to_iso_string().as_string().unwrap_or_default();
    ToolOutcome::Ok(json!({ "local": local, "timezone": zone, "utc": iso }).to_string())
}

/// An HTTP GET from the browser, its text cut to [`OUTPUT_CHARS`]. The download
/// has its own abort signal: it stops once enough has arrived, when the turn is
/// stopped, and when this future is dropped (the time limit).
async fn fetch_url(url: &str, turn: Option<&AbortSignal>) -> ToolOutcome {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return ToolOutcome::Err(format!("{url:?} is not an http or https URL."));
    }
    let Some(own) = OwnAbort::new(turn) else {
        return ToolOutcome::Err("This browser cannot cancel a download (no AbortController).".to_owned());
    };
    let request = HttpRequest { method: "GET", url: url.to_owned(), headers: Vec::new(), body: None };
    let mut bytes = Vec::new();
    let limit = OUTPUT_CHARS * 4;
    let mut enough = false;
    let fetched = fetch_stream(&request, Some(&own.controller.signal()), |chunk| {
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if bytes.len() >= limit && !enough {
            enough = true;
            own.controller.abort();
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
        Err(FetchFailure::Network(detail)) => ToolOutcome::Err(format!(
            "The browser could not read {url} ({detail}). Either the site is unreachable, or, most often, it does \
             not allow web pages from other sites to read it (no CORS header): Hearth runs in the browser and has \
             no server to fetch through. Tell the user, or try another source."
        )),
    }
}

/// An abort controller that follows the turn's signal and aborts when dropped.
struct OwnAbort {
    controller: AbortController,
    follow: Option<(AbortSignal, Closure<dyn FnMut()>)>,
}

impl OwnAbort {
    fn new(turn: Option<&AbortSignal>) -> Option<Self> {
        let controller = AbortController::new().ok()?;
        let follow = turn.map(|signal| {
            let mine = controller.clone();
            let on_abort = Closure::<dyn FnMut()>::new(move || mine.abort());
            let _ = signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
            if signal.aborted() {
                controller.abort();
            }
            (signal.clone(), on_abort)
        });
        Some(Self { controller, follow })
    }
}

impl Drop for OwnAbort {
    fn drop(&mut self) {
        self.controller.abort();
        if let Some((signal, on_abort)) = &self.follow {
            let _ = signal.remove_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        }
    }
}

/// The stored conversations matching `query`.
async fn search(store: StoreContext, query: String) -> ToolOutcome {
    if query.is_empty() {
        return ToolOutcome::Err("Give some words to search for.".to_owned());
    }
    let outcome = store.search(&query).await;
    let hits: Vec<Value> = outcome
        .hits
        .iter()
        .take(SEARCH_RESULTS)
        .map(|hit| json!({ "conversation": hit.title, "excerpt": hit.snippet }))
        .collect();
    ToolOutcome::Ok(json!({ "matches": outcome.total, "results": hits }).to_string())
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
