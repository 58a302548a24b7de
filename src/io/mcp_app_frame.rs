//! Runs an MCP Apps view (an MCP server's interactive HTML) where it cannot
//! reach Hearth's storage, keys or page, nor any origin its resource did not
//! declare, and carries its JSON-RPC to and from Hearth.
//!
//! How the isolation works (as for app previews, `super::app_frame`):
//!
//! - The view runs in an `<iframe sandbox="allow-scripts allow-forms">` (never
//!   `allow-same-origin` from the network, popups or top navigation) whose
//!   `src` is `mcp-app-frame.html` (in `src/io/mcp_app_frame/`, copied into
//!   `dist/` by scripts/assemble.mjs). Its origin is opaque: Hearth's
//!   IndexedDB, `localStorage`, cookies and `parent.document` all throw there.
//! - That document's policy is the widest any view may have; its script
//!   writes the policy the view's resource declared (`hearth_core::mcp::apps::csp_meta`)
//!   and then the view into the same document, which then obeys both: the
//!   view reaches only what it declared.
//! - The view cannot navigate its frame elsewhere (Hearth's `frame-src
//!   'self'`), open windows or navigate the top page (the sandbox).
//! - The frame gets only the permissions given (`allow`), and no referrer.
//! - Offline, through the service worker, as for app previews: the frame also
//!   gets `allow-same-origin` so that its navigation reaches the worker, whose
//!   CSP `sandbox` header keeps the document opaque; a frame that speaks from
//!   Hearth's own origin is sent nothing and replaced by one from the network.
//!
//! - A view gets no frames and no WebRTC (which reaches the network whatever
//!   a policy says): `frame-guard.js`, as for app previews. A view's declared
//!   frame sites are not honoured yet (the narrowing the specification allows).
//!
//! The protocol: the frame posts `{hearthMcpApp: 'ready'}`; Hearth answers
//! `{hearthMcpApp: 'run', head, html}` once. Every later message from the
//! frame's window at an opaque origin is the view's, handed on as JSON
//! ([`ViewEvent::Message`]); Hearth posts its own as objects (a view's SDK
//! ignores JSON text), to `"*"` (an opaque origin has no name).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Object, Reflect};
use serde_json::Value;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlIFrameElement, MessageEvent, Window};

use super::app_frame::AppFrameError;
use super::sandbox::{frames_fell_back, sandbox_flags, top_level_file, worker_serves_frames};

/// The sandbox flags of every view's frame: scripts, and forms (which the
/// policy keeps from being sent anywhere).
const SANDBOX: &str = "allow-scripts allow-forms";

/// The frame document.
const FRAME_FILE: &str = "mcp-app-frame.html";

/// A view to run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FramedView {
    /// The view's whole HTML.
    pub(crate) html: String,
    /// The `<meta>` holding the policy it declared, written before it.
    pub(crate) head: String,
    /// The frame's `allow` attribute (empty: nothing).
    pub(crate) allow: String,
    /// The frame's accessible name.
    pub(crate) title: String,
    /// Its height to start with, in CSS pixels.
    pub(crate) height: f64,
}

/// Something the view's frame reported.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ViewEvent {
    /// A message of the view's, as JSON (not checked: any value).
    Message(Value),
    /// A message of the view's that is not JSON at all (a function, a cycle).
    Unreadable,
    /// The frame ran nothing, because it was not sandboxed.
    Refused,
    /// The view replaced its document (it reloaded): it was not run again.
    Restarted,
}

/// A running view: its frame and the listener for its messages. Dropping it
/// removes both, which ends the view.
pub(crate) struct McpAppFrame {
    window: Window,
    frame: Rc<RefCell<HtmlIFrameElement>>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for McpAppFrame {
    fn drop(&mut self) {
        let _ = self.window.remove_event_listener_with_callback("message", self.on_message.as_ref().unchecked_ref());
        self.frame.borrow().remove();
    }
}

/// A new frame for `view` loading `url`, with `allow-same-origin` added when
/// `through_worker`.
fn view_frame(
    document: &web_sys::Document,
    view: &FramedView,
    url: &str,
    through_worker: bool,
) -> Option<HtmlIFrameElement> {
    let frame: HtmlIFrameElement = document.create_element("iframe").ok()?.dyn_into().ok()?;
    frame.set_attribute("sandbox", &sandbox_flags(SANDBOX, through_worker)).ok()?;
    if !view.allow.is_empty() {
        frame.set_attribute("allow", &view.allow).ok()?;
    }
    let _ = frame.set_attribute("title", &view.title);
    let _ = frame.set_attribute("referrerpolicy", "no-referrer");
    // Through the CSSOM: the page's policy refuses a `style` attribute.
    let _ = frame.style().set_property("height", &format!("{}px", view.height.round()));
    frame.set_class_name("mcp-app-frame");
    frame.set_src(url);
    Some(frame)
}

/// The `{hearthMcpApp: 'run', head, html}` message.
fn run_message(view: &FramedView) -> Option<JsValue> {
    let message = Object::new();
    Reflect::set(&message, &"hearthMcpApp".into(), &"run".into()).ok()?;
    Reflect::set(&message, &"head".into(), &view.head.as_str().into()).ok()?;
    Reflect::set(&message, &"html".into(), &view.html.as_str().into()).ok()?;
    Some(message.into())
}

/// The frame's own word before the view runs (`ready`, `refused`), if the
/// message is one.
fn frame_word(data: &JsValue) -> Option<String> {
    if !data.is_object() {
        return None;
    }
    Reflect::get(data, &"hearthMcpApp".into()).ok()?.as_string()
}

impl McpAppFrame {
    /// Runs `view` in a new sandboxed frame appended to `container`, and calls
    /// `on_event` with what the frame and the view send.
    pub(crate) fn mount(
        container: &Element,
        view: &FramedView,
        on_event: impl Fn(ViewEvent) + 'static,
    ) -> Result<McpAppFrame, AppFrameError> {
        let window = web_sys::window().ok_or(AppFrameError::NoPage)?;
        let document = window.document().ok_or(AppFrameError::NoPage)?;
        let job = run_message(view).ok_or(AppFrameError::Unpassable)?;
        let url = top_level_file(&document, FRAME_FILE);
        let through_worker = Cell::new(worker_serves_frames(&window));
        let frame = view_frame(&document, view, &url, through_worker.get()).ok_or(AppFrameError::NoFrame)?;
        let frame = Rc::new(RefCell::new(frame));
        let on_message = {
            let frame = Rc::clone(&frame);
            let view = view.clone();
            let sent = Cell::new(false);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let current = frame.borrow().clone();
                let (Some(source), Some(view_window)) = (event.source(), current.content_window()) else { return };
                if !Object::is(&source, &view_window) {
                    return;
                }
                // A frame made for the worker that speaks from Hearth's own
                // origin came without the worker's sandbox header: replaced.
                if event.origin() != "null" && !sent.get() && through_worker.replace(false) {
                    frames_fell_back();
                    if let Some(plain) = view_frame(&document, &view, &url, false) {
                        if current.replace_with_with_node_1(&plain).is_ok() {
                            *frame.borrow_mut() = plain;
                        }
                    }
                    return;
                }
                let data = event.data();
                // The frame's own script says so from the origin it runs in
                // (not sandboxed: Hearth's), before anything was sent.
                if !sent.get() && frame_word(&data).as_deref() == Some("refused") {
                    on_event(ViewEvent::Refused);
                    return;
                }
                if event.origin() != "null" {
                    return;
                }
                if !sent.get() {
                    if frame_word(&data).as_deref() == Some("ready") {
                        sent.set(true);
                        let _ = view_window.post_message(&job, "*");
                    }
                    return;
                }
                // The view's document was replaced by this frame document again.
                if frame_word(&data).as_deref() == Some("ready") {
                    on_event(ViewEvent::Restarted);
                    return;
                }
                let parsed = js_sys::JSON::stringify(&data)
                    .ok()
                    .and_then(|text| text.as_string())
                    .and_then(|text| serde_json::from_str::<Value>(&text).ok());
                on_event(parsed.map_or(ViewEvent::Unreadable, ViewEvent::Message));
            })
        };
        window
            .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
            .map_err(|_| AppFrameError::NoListener)?;
        let running = McpAppFrame { window, frame, on_message };
        let frame = running.frame.borrow().clone();
        container.append_child(&frame).map_err(|_| AppFrameError::NoFrame)?;
        Ok(running)
    }

    /// Posts `message` to the view, as an object; `false` when it could not.
    pub(crate) fn post(&self, message: &Value) -> bool {
        let Some(window) = self.frame.borrow().content_window() else { return false };
        let Ok(object) =
            serde_json::to_string(message).map_err(|_| ()).and_then(|text| js_sys::JSON::parse(&text).map_err(|_| ()))
        else {
            return false;
        };
        window.post_message(&object, "*").is_ok()
    }

    /// Makes the frame `height` CSS pixels tall.
    pub(crate) fn set_height(&self, height: f64) {
        let _ = self.frame.borrow().style().set_property("height", &format!("{}px", height.round()));
    }
}
