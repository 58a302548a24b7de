//! Runs untrusted JavaScript (the `run_javascript` tool, and tools whose body is
//! JavaScript) where it cannot reach Hearth's storage, keys or page, with a time
//! limit, an output limit and cancellation.
//!
//! How the isolation works:
//!
//! - Each run gets its own hidden `<iframe sandbox="allow-scripts">` whose `src`
//!   is one of the runner documents `sandbox-closed.html` or `sandbox-open.html`
//!   (in `src/io/sandbox/`, copied into `dist/`'s top folder by
//!   scripts/assemble.mjs, see [`top_level_file`]; both load `sandbox-runner.js`). Without `allow-same-origin`
//!   the frame has an opaque origin (`"null"`): IndexedDB, `localStorage`,
//!   cookies and `parent.document` all throw `SecurityError` there, and the
//!   app's origin cannot be reached. The runner refuses every job when its
//!   origin is not opaque, so the documents are harmless when opened or framed
//!   by others (where `_headers` is honoured, its `sandbox allow-scripts` makes
//!   them opaque anyway).
//! - The runner starts a dedicated `Worker` from a `blob:` URL (Chromium allows
//!   this in an opaque-origin frame; the worker's origin is opaque too and it has
//!   no `document`). The code runs in the worker as the body of
//!   `async function (args, console)`, so an endless loop blocks only the
//!   worker's thread, never the app's. Removing the iframe kills the worker.
//! - The runner documents have their own CSP (`default-src 'none'; script-src
//!   'self' 'unsafe-eval'; worker-src blob:; connect-src …`), which the blob
//!   worker inherits. `'unsafe-eval'` is needed because the code is compiled with
//!   the `AsyncFunction` constructor; it is only in these documents, never in
//!   the app's page (whose CSP has no `'unsafe-eval'` and which loads the
//!   documents as files, not as `srcdoc`, so they do not inherit its policy).
//!   A served document's CSP cannot change per run, so there is one document per
//!   [`Network`] mode: closed (`connect-src 'none'`) for code the model wrote, so
//!   a prompt injection cannot send the user's data anywhere through it; open
//!   (`connect-src *`) for the user's own tools, which may `fetch` without
//!   credentials of the app (the origin is opaque) and without referrer.
//! - The output limit is enforced by the runner, in the iframe's own context,
//!   which the job's code (in the worker) cannot reach or patch.
//! - Offline, through the service worker: Chromium never hands the navigation of
//!   an `<iframe sandbox>` without `allow-same-origin` to a service worker, so
//!   such a frame cannot load without the network. When the page is controlled
//!   by Hearth's worker ([`worker_serves_frames`]), the frame is made with
//!   `sandbox="allow-scripts allow-same-origin"`: its navigation then reaches
//!   the worker, which answers the runner document from its cache with the
//!   document's own `Content-Security-Policy` header (from `_headers`), whose
//!   `sandbox allow-scripts` directive puts the document in an opaque origin all
//!   the same: the frame's attribute can add restrictions, never lift the
//!   header's. This is safe because nothing is trusted to the header alone: the
//!   job is posted only after the frame's `ready` arrives with `event.origin ==
//!   "null"` (the origin the browser reports, which the frame cannot fake), and
//!   the runner itself refuses every job unless `self.origin` is `"null"`. A
//!   frame that turns out to be in the app's origin (a worker or host that
//!   dropped the header) is sent nothing: it is replaced by a frame without
//!   `allow-same-origin`, loaded from the network as before, and later runs go
//!   straight to that kind ([`frames_fell_back`]). The runner documents are
//!   self-contained (`scripts/frames.mjs` inlines `sandbox-runner.js` at build
//!   time, allowed by its hash in their CSP), since an opaque-origin document's
//!   own requests never reach a worker either.
//!
//! The protocol: the runner posts `{ready: true}` when loaded; the app, once it
//! sees that message come from origin `"null"`, posts `{token, code, args,
//! limit}` (target origin `"*"`, as an opaque origin has no name); the runner answers once with `{token, ok: true, result, logs, truncated}`
//! (the result as JSON text), `{token, ok: false, error, logs, truncated}`, or
//! `{token, ok: false, unavailable}` when no worker could start. The app accepts
//! a message only from this run's iframe window, at origin `"null"`, and with
//! this run's token.
//! The worker never sees the token: it answers over a `MessageChannel` port held
//! in a closure the code cannot reach, and the runner adds the token.
//! On an answer, the time limit or cancellation, the iframe is removed.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect};
use serde::Deserialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AbortSignal, Document, HtmlIFrameElement, MessageEvent, Url, Window};

/// Whether the code may use the network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Network {
    /// `fetch` and other connections are refused (code the model wrote).
    Closed,
    /// Any URL may be fetched, without the app's credentials (the user's tools).
    Open,
}

impl Network {
    /// The file name of the runner document with this mode's CSP (scripts/assemble.mjs copies it
    /// from `src/io/sandbox/` into `dist/`, beside the app's other files).
    fn runner(self) -> &'static str {
        match self {
            Network::Closed => "sandbox-closed.html",
            Network::Open => "sandbox-open.html",
        }
    }
}

/// Where the runner document of `network` is (see [`top_level_file`]).
fn runner_url(document: &Document, network: Network) -> String {
    top_level_file(document, network.runner())
}

/// The address of `file`, one of the files scripts/assemble.mjs copies into
/// `dist/`: in the folder above the build's app folder, which holds the app's
/// wasm-bindgen module, whose URL `<meta name="hearth-app" data-js>` gives (see
/// `src/boot.js`), so it is found whatever the page's own path. Without that
/// element, relative to the page.
pub(crate) fn top_level_file(document: &Document, file: &str) -> String {
    let found = || {
        let module = document.query_selector("meta[name=\"hearth-app\"]").ok()??.get_attribute("data-js")?;
        let module = Url::new_with_base(&module, &document.base_uri().ok()??).ok()?;
        Some(Url::new_with_base(&format!("../{file}"), &module.href()).ok()?.href())
    };
    found().unwrap_or_else(|| file.to_owned())
}

thread_local! {
    /// Whether a frame served by the worker turned out not to be opaque: then
    /// this page stops asking the worker for frame documents.
    static FELL_BACK: Cell<bool> = const { Cell::new(false) };
}

/// Whether Hearth's service worker controls this page, so that a frame document
/// may be loaded through it: then frames are made with `allow-same-origin`
/// added, and the worker's CSP `sandbox` header keeps them opaque (see the
/// module's documentation, and `src/io/service_worker/sw.js`). False when no
/// worker controls the page (a first visit, workers blocked or unsupported) or
/// after [`frames_fell_back`]: frames are then made as without a worker.
pub(crate) fn worker_serves_frames(window: &Window) -> bool {
    if FELL_BACK.with(Cell::get) {
        return false;
    }
    Reflect::get(&window.navigator(), &"serviceWorker".into())
        .ok()
        .filter(JsValue::is_object)
        .and_then(|container| Reflect::get(&container, &"controller".into()).ok())
        .is_some_and(|controller| controller.is_object())
}

/// Records that a frame loaded through the worker was not opaque (it was sent
/// nothing), so the page's later frames are made without `allow-same-origin`.
pub(crate) fn frames_fell_back() {
    FELL_BACK.with(|flag| flag.set(true));
    let message = "Hearth: a sandbox document came through the service worker without its opaque-origin \
                   CSP header. Nothing was run in it; it was replaced by a frame loaded from the network.";
    let console = Reflect::get(&js_sys::global(), &"console".into()).ok();
    let warn = console.as_ref().and_then(|console| Reflect::get(console, &"warn".into()).ok());
    if let (Some(console), Some(warn)) = (console, warn.and_then(|warn| warn.dyn_into::<Function>().ok())) {
        let _ = warn.call1(&console, &message.into());
    }
}

/// The `sandbox` attribute of a frame: `flags`, plus `allow-same-origin` when
/// the document comes through the worker, whose CSP `sandbox` header keeps the
/// document opaque (checked through `event.origin` before anything is sent).
pub(crate) fn sandbox_flags(flags: &str, through_worker: bool) -> String {
    if through_worker { format!("{flags} allow-same-origin") } else { flags.to_owned() }
}

/// How many characters of output (result text plus console lines) a run keeps.
pub(crate) const OUTPUT_LIMIT: usize = 20_000;

/// Appended where output was cut.
const TRUNCATION_NOTE: &str = "…(output truncated)";

/// What a finished run gave back.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SandboxRun {
    /// The returned value (`undefined` becomes `null`, a value JSON cannot hold
    /// becomes its `String(value)`, and a cut result becomes a string).
    pub(crate) result: serde_json::Value,
    /// Lines written with `console.log`, `info`, `debug`, `warn` and `error`
    /// (the last two prefixed with `[warn] ` and `[error] `).
    pub(crate) logs: Vec<String>,
    /// Whether the output was cut to [`OUTPUT_LIMIT`] characters.
    pub(crate) truncated: bool,
}

/// Why a run gave no result.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SandboxError {
    /// The code threw (or had a syntax error). `message` is like `Error: message`.
    Threw {
        /// The error as text.
        message: String,
        /// Console lines written before it.
        logs: Vec<String>,
    },
    /// The code ran longer than the time limit and was stopped.
    TimedOut {
        /// The limit, in milliseconds.
        after_ms: u32,
    },
    /// The run was cancelled through its abort signal.
    Cancelled,
    /// The browser could not start the sandbox, with the reason.
    Unavailable(String),
}

impl fmt::Display for SandboxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SandboxError::Threw { message, logs } => {
                write!(f, "The JavaScript threw an error: {message}")?;
                if !logs.is_empty() {
                    write!(f, "\nConsole output before the error:\n{}", logs.join("\n"))?;
                }
                Ok(())
            }
            SandboxError::TimedOut { after_ms } => write!(
                f,
                "The JavaScript did not finish within {after_ms} ms and was stopped. \
                 Check for endless loops, or do less work in one call."
            ),
            SandboxError::Cancelled => write!(f, "The JavaScript run was cancelled by the user."),
            SandboxError::Unavailable(reason) => write!(f, "JavaScript cannot run in this browser: {reason}"),
        }
    }
}

/// The runner's answer, as JSON.
#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    ok: bool,
    #[serde(default)]
    result: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    unavailable: Option<String>,
    #[serde(default)]
    logs: Vec<String>,
    #[serde(default)]
    truncated: bool,
}

/// How a run ended, as the listeners saw it.
enum Outcome {
    Answered(Answer),
    Unreadable,
    NoFrame,
    TimedOut,
    Cancelled,
}

/// One run's iframe, listeners and timer. Dropping it, whether the run ended or
/// the caller dropped the future, removes them all, which also ends the worker.
struct Run {
    window: Window,
    frame: Rc<RefCell<HtmlIFrameElement>>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
    on_timeout: Closure<dyn FnMut()>,
    timer: Option<i32>,
    abort: Option<(AbortSignal, Closure<dyn FnMut()>)>,
}

impl Drop for Run {
    fn drop(&mut self) {
        let _ = self.window.remove_event_listener_with_callback("message", self.on_message.as_ref().unchecked_ref());
        if let Some(timer) = self.timer.take() {
            self.window.clear_timeout_with_handle(timer);
        }
        if let Some((signal, on_abort)) = &self.abort {
            let _ = signal.remove_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        }
        self.frame.borrow().remove();
        // The closures are dropped after this, when nothing can call them any more.
    }
}

/// Runs `code` as the body of `async function (args, console)` in a fresh
/// sandbox and returns what it returned, or why it did not, within `timeout_ms`.
/// When `cancel` aborts, the run is stopped and `Cancelled` is returned.
pub(crate) async fn run_javascript(
    code: &str,
    args: &serde_json::Value,
    timeout_ms: u32,
    network: Network,
    cancel: Option<&AbortSignal>,
) -> Result<SandboxRun, SandboxError> {
    if cancel.is_some_and(AbortSignal::aborted) {
        return Err(SandboxError::Cancelled);
    }
    let unavailable = |what: &str| SandboxError::Unavailable(what.to_owned());
    let window = web_sys::window().ok_or_else(|| unavailable("there is no window"))?;
    let document = window.document().ok_or_else(|| unavailable("there is no document"))?;
    let token = new_token(&window).ok_or_else(|| unavailable("no random numbers for the run's token"))?;
    let job = job_message(&token, code, args).ok_or_else(|| unavailable("the arguments cannot be passed"))?;

    let url = runner_url(&document, network);
    let through_worker = Cell::new(worker_serves_frames(&window));
    let frame =
        runner_frame(&document, &url, through_worker.get()).ok_or_else(|| unavailable("cannot create an iframe"))?;
    let frame = Rc::new(RefCell::new(frame));

    // The first outcome wins; `settle` records it and wakes the waiting future.
    let outcome: Rc<RefCell<Option<Outcome>>> = Rc::default();
    let mut wake: Option<Function> = None;
    let done = Promise::new(&mut |resolve, _reject| wake = Some(resolve));
    let settle = {
        let outcome = Rc::clone(&outcome);
        move |ended: Outcome| {
            let mut slot = outcome.borrow_mut();
            if slot.is_none() {
                *slot = Some(ended);
                if let Some(wake) = &wake {
                    let _ = wake.call0(&JsValue::NULL);
                }
            }
        }
    };
    let settle = Rc::new(settle);

    let on_message = {
        let frame = Rc::clone(&frame);
        let settle = Rc::clone(&settle);
        let document = document.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let current = frame.borrow().clone();
            let (Some(source), Some(runner)) = (event.source(), current.content_window()) else { return };
            if !Object::is(&source, &runner) {
                return;
            }
            if event.origin() != "null" {
                // The runner document is in the app's origin, so nothing is sent to
                // it. Made with allow-same-origin for the worker, it came without
                // the worker's sandbox header: a plain sandboxed frame replaces it.
                if through_worker.replace(false) {
                    frames_fell_back();
                    match runner_frame(&document, &url, false) {
                        Some(plain) if current.replace_with_with_node_1(&plain).is_ok() => *frame.borrow_mut() = plain,
                        _ => settle(Outcome::NoFrame),
                    }
                }
                return;
            }
            let data = event.data();
            if !data.is_object() {
                return;
            }
            if Reflect::get(&data, &"ready".into()).is_ok_and(|ready| ready.is_truthy()) {
                let _ = runner.post_message(&job, "*");
                return;
            }
            if Reflect::get(&data, &"token".into()).ok().and_then(|value| value.as_string()).as_deref()
                != Some(token.as_str())
            {
                return;
            }
            let answer = js_sys::JSON::stringify(&data)
                .ok()
                .and_then(|text| text.as_string())
                .and_then(|text| serde_json::from_str::<Answer>(&text).ok());
            settle(answer.map_or(Outcome::Unreadable, Outcome::Answered));
        })
    };
    let on_timeout = {
        let settle = Rc::clone(&settle);
        Closure::<dyn FnMut()>::new(move || settle(Outcome::TimedOut))
    };
    let abort = cancel.map(|signal| {
        let settle = Rc::clone(&settle);
        (signal.clone(), Closure::<dyn FnMut()>::new(move || settle(Outcome::Cancelled)))
    });
    let mut run = Run { window, frame, on_message, on_timeout, timer: None, abort };

    run.window
        .add_event_listener_with_callback("message", run.on_message.as_ref().unchecked_ref())
        .map_err(|_| unavailable("cannot listen for the sandbox's messages"))?;
    if let Some((signal, on_abort)) = &run.abort {
        let _ = signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        if signal.aborted() {
            return Err(SandboxError::Cancelled);
        }
    }
    let delay = i32::try_from(timeout_ms).unwrap_or(i32::MAX);
    run.timer = run
        .window
        .set_timeout_with_callback_and_timeout_and_arguments_0(run.on_timeout.as_ref().unchecked_ref(), delay)
        .ok();
    if run.timer.is_none() {
        return Err(unavailable("cannot set the time limit"));
    }
    let parent = document.body().map(web_sys::Element::from).or_else(|| document.document_element());
    let parent = parent.ok_or_else(|| unavailable("the page has no body"))?;
    let frame = run.frame.borrow().clone();
    parent.append_child(&frame).map_err(|_| unavailable("cannot add the sandbox's iframe"))?;

    let _ = JsFuture::from(done).await;
    drop(run);
    let ended = outcome.borrow_mut().take();
    match ended {
        Some(Outcome::Answered(answer)) => interpret(answer),
        Some(Outcome::TimedOut) => Err(SandboxError::TimedOut { after_ms: timeout_ms }),
        Some(Outcome::Cancelled) => Err(SandboxError::Cancelled),
        Some(Outcome::NoFrame) => Err(unavailable("cannot create an iframe")),
        Some(Outcome::Unreadable) | None => Err(unavailable("the sandbox sent an unreadable answer")),
    }
}

/// A hidden runner frame loading `url`: sandboxed with `allow-scripts`, plus
/// `allow-same-origin` when `through_worker` (see [`sandbox_flags`]).
fn runner_frame(document: &Document, url: &str, through_worker: bool) -> Option<HtmlIFrameElement> {
    let frame: HtmlIFrameElement = document.create_element("iframe").ok()?.dyn_into().ok()?;
    frame.set_attribute("sandbox", &sandbox_flags("allow-scripts", through_worker)).ok()?;
    let _ = frame.set_attribute("aria-hidden", "true");
    // `hidden`, not a `style` attribute, which the page's CSP refuses.
    frame.set_hidden(true);
    frame.set_src(url);
    Some(frame)
}

/// A run's secret: 16 random bytes as hex.
fn new_token(window: &Window) -> Option<String> {
    let mut bytes = [0u8; 16];
    window.crypto().ok()?.get_random_values_with_u8_array(&mut bytes).ok()?;
    Some(bytes.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// The message that starts the run: `{token, code, args, limit}`.
fn job_message(token: &str, code: &str, args: &serde_json::Value) -> Option<JsValue> {
    let job = Object::new();
    let args = js_sys::JSON::parse(&args.to_string()).ok()?;
    Reflect::set(&job, &"token".into(), &token.into()).ok()?;
    Reflect::set(&job, &"code".into(), &code.into()).ok()?;
    Reflect::set(&job, &"args".into(), &args).ok()?;
    Reflect::set(&job, &"limit".into(), &JsValue::from(OUTPUT_LIMIT as u32)).ok()?;
    Some(job.into())
}

/// Turns the runner's answer into the run's result, within the output limit.
fn interpret(answer: Answer) -> Result<SandboxRun, SandboxError> {
    if let Some(reason) = answer.unavailable {
        return Err(SandboxError::Unavailable(reason));
    }
    if !answer.ok {
        let message = answer.error.unwrap_or_else(|| "unknown error".to_owned());
        let limited = limit_output(&message, answer.logs, answer.truncated);
        return Err(SandboxError::Threw { message: limited.main, logs: limited.logs });
    }
    let text = answer.result.unwrap_or_else(|| "null".to_owned());
    let limited = limit_output(&text, answer.logs, answer.truncated);
    let result = if limited.main_cut {
        serde_json::Value::String(limited.main)
    } else {
        serde_json::from_str(&limited.main).unwrap_or(serde_json::Value::String(limited.main))
    };
    Ok(SandboxRun { result, logs: limited.logs, truncated: limited.truncated })
}

/// Output cut to [`OUTPUT_LIMIT`] characters.
struct Limited {
    main: String,
    main_cut: bool,
    logs: Vec<String>,
    truncated: bool,
}

/// Keeps `main` (the result's JSON text or the error message) first, then as
/// many console lines as fit, within [`OUTPUT_LIMIT`] characters together. A cut
/// ends with [`TRUNCATION_NOTE`]. `cut_before` says the worker already dropped
/// output, which is noted even when what is left fits.
fn limit_output(main: &str, logs: Vec<String>, cut_before: bool) -> Limited {
    let mut budget = OUTPUT_LIMIT;
    let (main, main_cut) = match cut_chars(main, budget) {
        Some(cut) => (cut + TRUNCATION_NOTE, true),
        None => (main.to_owned(), false),
    };
    budget = budget.saturating_sub(main.chars().count());
    let had_logs = !logs.is_empty();
    let mut truncated = main_cut;
    let mut kept = Vec::with_capacity(logs.len());
    for line in logs {
        if truncated {
            break;
        }
        let length = line.chars().count();
        if length <= budget {
            budget -= length;
            kept.push(line);
        } else {
            if let Some(cut) = cut_chars(&line, budget).filter(|cut| !cut.is_empty()) {
                kept.push(cut);
            }
            truncated = true;
        }
    }
    if main_cut {
        if had_logs {
            kept.push(TRUNCATION_NOTE.to_owned());
        }
    } else if truncated || cut_before {
        kept.push(TRUNCATION_NOTE.to_owned());
        truncated = true;
    }
    Limited { main, main_cut, logs: kept, truncated }
}

/// The first `max` characters of `text`, or `None` when it is not longer.
fn cut_chars(text: &str, max: usize) -> Option<String> {
    text.char_indices().nth(max).map(|(end, _)| text[..end].to_owned())
}
