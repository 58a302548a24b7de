//! Runs an app agent's app (one HTML document the model wrote) where it cannot
//! reach Hearth's storage, keys, page or the network, and opens it in a tab of
//! its own the same way.
//!
//! How the isolation works:
//!
//! - The app runs in an `<iframe sandbox="allow-scripts allow-forms
//!   allow-modals">` (never `allow-same-origin`, popups or top navigation)
//!   whose `src` is `app-frame.html`, or `app-frame-open.html` once the user
//!   allowed the app the network (both in `src/io/app_frame/`, copied into
//!   `dist/` by scripts/assemble.mjs, sharing `app-frame.js`). Its origin is opaque: Hearth's
//!   IndexedDB, `localStorage`, cookies and `parent.document` all throw there.
//! - Each document has its own CSP, which the app's document keeps: the frame's
//!   script writes the app's HTML into that same document (`document.open`,
//!   `write`, `close`), so the app's inline scripts and styles run, and nothing
//!   is fetched but `data:` and `blob:` (`connect-src 'none'`, `form-action
//!   'none'`, `frame-src 'none'`…). The open variant allows `http(s)` sources.
//!   The app cannot navigate its frame elsewhere either: Hearth's own CSP
//!   (`frame-src 'self'`) refuses a frame navigation to another origin.
//! - The app's `localStorage` is the frame's in-memory copy of the items Hearth
//!   keeps for the conversation's app (`hearth_core::storage::app_state`); the
//!   frame sends the whole set after each change and Hearth stores it.
//!   `sessionStorage` is in memory only.
//! - The frame's script runs nothing unless its own origin is opaque, so the
//!   documents are harmless when opened or framed without the sandbox.
//! - Offline, through the service worker: as for the tool sandbox (read
//!   `super::sandbox`'s documentation), when Hearth's worker controls the page
//!   the frame also gets `allow-same-origin`, so that its navigation reaches
//!   the worker, which answers the document from its cache with the document's
//!   `Content-Security-Policy` header from `_headers`; its `sandbox allow-scripts
//!   allow-forms allow-modals` keeps the document opaque-origin whatever the
//!   attribute says. The app is sent only after the frame's `ready` came from
//!   origin `"null"` (as always), and `app-frame.js` (inlined into the
//!   documents at build time by `scripts/frames.mjs`) refuses to run anything
//!   unless `self.origin` is `"null"`. A frame that speaks from Hearth's own
//!   origin (a worker or host that dropped the header) is sent nothing and is
//!   replaced by a frame without `allow-same-origin`, from the network.
//!
//! The protocol (see `app-frame.js`): the frame posts `{hearthApp: 'ready'}`
//! (or `refused` instead when it is not sandboxed); Hearth answers `{hearthApp:
//! 'run', html, storage, network}`; the frame then posts `storage` and `error`
//! messages. Hearth accepts a message only from its own frame's window at an
//! opaque origin, and the frame only from its parent at Hearth's origin.
//! Hearth answers only the frame's first `ready`: a second one means the app
//! replaced its document (`location.reload()`, or a navigation to another of
//! Hearth's pages such as `app-frame-open.html`, which Hearth's `frame-src
//! 'self'` allows), and is reported as [`FrameEvent::Restarted`] so the
//! preview builds a new frame with the current stored items. The frame also
//! refuses a `run` whose `network` is not its own page's. "Open app in a new tab" opens `app-view.html`, a page of Hearth
//! that holds no app code itself: it embeds the same sandboxed frame and asks
//! its opener for the app (`{hearthAppView: 'ready'}`, answered with
//! `{hearthAppView: 'app', html, storage, network, title}`, both at Hearth's
//! origin only).

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use serde::Deserialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlIFrameElement, MessageEvent, Window};

use super::sandbox::{frames_fell_back, sandbox_flags, top_level_file, worker_serves_frames};

/// The sandbox flags of every app frame: scripts, forms (which the CSP keeps
/// from being sent anywhere) and `alert`/`confirm`. `allow-same-origin` is
/// added only for a document that comes through the service worker, whose CSP
/// `sandbox` header keeps it opaque (see the module's documentation).
pub(crate) const SANDBOX: &str = "allow-scripts allow-forms allow-modals";

/// An app to run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FrameApp {
    /// The app's whole HTML document.
    pub(crate) html: String,
    /// Its stored `localStorage` items.
    pub(crate) storage: BTreeMap<String, String>,
    /// Whether it may use the network (the open document).
    pub(crate) network: bool,
    /// The frame's accessible name.
    pub(crate) title: String,
}

/// Something the app's frame reported.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum FrameEvent {
    /// The app changed its `localStorage`: all its items now.
    Storage(BTreeMap<String, String>),
    /// An uncaught error or unhandled rejection in the app.
    Error(AppError),
    /// The frame ran nothing, because it was not sandboxed.
    Refused(String),
    /// The app replaced its document (it reloaded or navigated its frame):
    /// the frame must be built anew.
    Restarted,
}

/// An error the app did not catch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AppError {
    /// The browser's message, like `Uncaught TypeError: x is undefined`.
    pub(crate) message: String,
    /// The line of the app's document (0 when unknown).
    pub(crate) line: u32,
    /// The column (0 when unknown).
    pub(crate) column: u32,
}

/// Why an app could not be run or opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AppFrameError {
    /// There is no window or document (not in a browser page).
    NoPage,
    /// The app's document or data could not be made into a message.
    Unpassable,
    /// The browser refused to make or sandbox the frame, or to add it.
    NoFrame,
    /// The browser refused a message listener.
    NoListener,
    /// The browser refused to open a tab.
    TabRefused,
    /// The browser (a popup blocker) blocked the new tab.
    TabBlocked,
}

impl fmt::Display for AppFrameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NoPage => "there is no page to run it in",
            Self::Unpassable => "the app cannot be passed to its frame",
            Self::NoFrame => "the browser did not make its sandboxed frame",
            Self::NoListener => "cannot listen for the app's messages",
            Self::TabRefused => "the browser refused to open a tab",
            Self::TabBlocked => "the browser blocked the new tab",
        })
    }
}

impl std::error::Error for AppFrameError {}

/// The frame's messages, as JSON.
#[derive(Deserialize)]
#[serde(tag = "hearthApp", rename_all = "snake_case")]
enum Incoming {
    Ready,
    Storage {
        #[serde(default)]
        items: BTreeMap<String, String>,
    },
    Error {
        #[serde(default)]
        message: String,
        #[serde(default)]
        line: u32,
        #[serde(default)]
        column: u32,
    },
    Refused {
        #[serde(default)]
        reason: String,
    },
}

/// The longest error message kept.
const MESSAGE_LIMIT: usize = 500;

/// The longest refusal reason kept.
const REASON_LIMIT: usize = 200;

/// `text` as Hearth shows it: control characters (but line breaks and tabs)
/// dropped, at most `limit` characters, an ellipsis when it was cut.
fn shown_text(text: &str, limit: usize) -> String {
    let mut kept = text.chars().filter(|c| !c.is_control() || *c == '\n' || *c == '\t');
    let mut shown: String = kept.by_ref().take(limit).collect();
    if kept.next().is_some() {
        shown.push('…');
    }
    shown
}

/// The address of the frame document for `network`.
fn frame_url(window: &Window, network: bool) -> String {
    let file = if network { "app-frame-open.html" } else { "app-frame.html" };
    window.document().map_or_else(|| file.to_owned(), |document| top_level_file(&document, file))
}

/// The `{hearthApp: 'run', html, storage, network}` message.
fn run_message(app: &FrameApp) -> Option<JsValue> {
    let message = Object::new();
    Reflect::set(&message, &"hearthApp".into(), &"run".into()).ok()?;
    Reflect::set(&message, &"html".into(), &app.html.as_str().into()).ok()?;
    let storage = js_sys::JSON::parse(&serde_json::to_string(&app.storage).ok()?).ok()?;
    Reflect::set(&message, &"storage".into(), &storage).ok()?;
    Reflect::set(&message, &"network".into(), &app.network.into()).ok()?;
    Some(message.into())
}

/// A running app: its frame and the listener for its messages. Dropping it
/// removes both, which ends the app.
pub(crate) struct AppFrame {
    window: Window,
    frame: Rc<RefCell<HtmlIFrameElement>>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
}

/// A new app frame named `title` loading `url`, with `allow-same-origin` added
/// to [`SANDBOX`] when `through_worker`.
fn app_frame(document: &web_sys::Document, title: &str, url: &str, through_worker: bool) -> Option<HtmlIFrameElement> {
    let frame: HtmlIFrameElement = document.create_element("iframe").ok()?.dyn_into().ok()?;
    frame.set_attribute("sandbox", &sandbox_flags(SANDBOX, through_worker)).ok()?;
    let _ = frame.set_attribute("title", title);
    let _ = frame.set_attribute("referrerpolicy", "no-referrer");
    frame.set_class_name("app-frame");
    frame.set_src(url);
    Some(frame)
}

impl Drop for AppFrame {
    fn drop(&mut self) {
        let _ = self.window.remove_event_listener_with_callback("message", self.on_message.as_ref().unchecked_ref());
        self.frame.borrow().remove();
    }
}

impl AppFrame {
    /// Runs `app` in a new sandboxed frame appended to `container`, and calls
    /// `on_event` with what the frame reports.
    pub(crate) fn mount(
        container: &Element,
        app: &FrameApp,
        on_event: impl Fn(FrameEvent) + 'static,
    ) -> Result<AppFrame, AppFrameError> {
        let window = web_sys::window().ok_or(AppFrameError::NoPage)?;
        let document = window.document().ok_or(AppFrameError::NoPage)?;
        let job = run_message(app).ok_or(AppFrameError::Unpassable)?;
        let url = frame_url(&window, app.network);
        let through_worker = Cell::new(worker_serves_frames(&window));
        let frame = app_frame(&document, &app.title, &url, through_worker.get()).ok_or(AppFrameError::NoFrame)?;
        let frame = Rc::new(RefCell::new(frame));
        let on_message = {
            let frame = Rc::clone(&frame);
            let title = app.title.clone();
            // Whether the app was sent: only once per frame.
            let sent = Cell::new(false);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let current = frame.borrow().clone();
                let (Some(source), Some(app_window)) = (event.source(), current.content_window()) else { return };
                // A frame made for the worker that speaks from Hearth's own origin
                // before the app was sent came without the worker's sandbox header:
                // it is sent nothing and replaced by a frame without
                // allow-same-origin, from the network.
                if Object::is(&source, &app_window)
                    && event.origin() != "null"
                    && !sent.get()
                    && through_worker.replace(false)
                {
                    frames_fell_back();
                    if let Some(plain) = app_frame(&document, &title, &url, false) {
                        if current.replace_with_with_node_1(&plain).is_ok() {
                            *frame.borrow_mut() = plain;
                        }
                    }
                    return;
                }
                // Its own frame's window, at an opaque origin (a frame navigated
                // elsewhere, or not sandboxed, is not listened to).
                if !Object::is(&source, &app_window) || event.origin() != "null" {
                    return;
                }
                let Some(incoming) = js_sys::JSON::stringify(&event.data())
                    .ok()
                    .and_then(|text| text.as_string())
                    .and_then(|text| serde_json::from_str::<Incoming>(&text).ok())
                else {
                    return;
                };
                match incoming {
                    Incoming::Ready if sent.get() => on_event(FrameEvent::Restarted),
                    Incoming::Ready => {
                        sent.set(true);
                        let _ = app_window.post_message(&job, "*");
                    }
                    Incoming::Storage { items } => on_event(FrameEvent::Storage(items)),
                    Incoming::Error { message, line, column } => {
                        let message = shown_text(&message, MESSAGE_LIMIT);
                        on_event(FrameEvent::Error(AppError { message, line, column }));
                    }
                    // Only the frame's own script speaks before the app is
                    // sent; after that a `refused` could only be the app's,
                    // putting its words in Hearth's mouth.
                    Incoming::Refused { reason } if !sent.get() => {
                        on_event(FrameEvent::Refused(shown_text(&reason, REASON_LIMIT)));
                    }
                    Incoming::Refused { .. } => {}
                }
            })
        };
        window
            .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
            .map_err(|_| AppFrameError::NoListener)?;
        let running = AppFrame { window, frame, on_message };
        let frame = running.frame.borrow().clone();
        container.append_child(&frame).map_err(|_| AppFrameError::NoFrame)?;
        Ok(running)
    }
}

/// Opens `app` in a new tab: Hearth's `app-view.html`, which embeds the same
/// sandboxed frame and asks this page for the app. The listener that answers
/// it removes itself once it has answered, or after a minute.
pub(crate) fn open_in_new_tab(app: &FrameApp) -> Result<(), AppFrameError> {
    let window = web_sys::window().ok_or(AppFrameError::NoPage)?;
    let document = window.document().ok_or(AppFrameError::NoPage)?;
    let origin = window.origin();
    let message = Object::new();
    let set = |key: &str, value: &JsValue| Reflect::set(&message, &key.into(), value).map(|_| ());
    let storage = serde_json::to_string(&app.storage).ok().and_then(|text| js_sys::JSON::parse(&text).ok());
    let storage = storage.ok_or(AppFrameError::Unpassable)?;
    set("hearthAppView", &"app".into())
        .and_then(|()| set("html", &app.html.as_str().into()))
        .and_then(|()| set("storage", &storage))
        .and_then(|()| set("network", &app.network.into()))
        .and_then(|()| set("title", &app.title.as_str().into()))
        .map_err(|_| AppFrameError::Unpassable)?;
    let tab = window
        .open_with_url_and_target(&top_level_file(&document, "app-view.html"), "_blank")
        .map_err(|_| AppFrameError::TabRefused)?
        .ok_or(AppFrameError::TabBlocked)?;

    type Listener = Rc<RefCell<Option<Closure<dyn FnMut(MessageEvent)>>>>;
    let listener: Listener = Rc::default();
    let stop = {
        let listener = Rc::clone(&listener);
        let window = window.clone();
        move || {
            if let Some(closure) = listener.borrow_mut().take() {
                let _ = window.remove_event_listener_with_callback("message", closure.as_ref().unchecked_ref());
                // It may be the closure running now, so it is not dropped.
                closure.forget();
            }
        }
    };
    let stop = Rc::new(stop);
    let on_message = {
        let stop = Rc::clone(&stop);
        let origin = origin.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(source) = event.source() else { return };
            if !Object::is(&source, &tab) || event.origin() != origin {
                return;
            }
            let data = event.data();
            let ready = Reflect::get(&data, &"hearthAppView".into()).ok().and_then(|value| value.as_string());
            if ready.as_deref() == Some("ready") {
                let _ = tab.post_message(&message, &origin);
                stop();
            }
        })
    };
    window
        .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
        .map_err(|_| AppFrameError::NoListener)?;
    *listener.borrow_mut() = Some(on_message);
    let give_up = Closure::once_into_js(move || stop());
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(give_up.unchecked_ref(), 60_000);
    Ok(())
}
