//! Draws a Mermaid diagram from a reply where it cannot reach Hearth's page,
//! storage or the network: in an opaque-origin sandboxed frame, only after the
//! user pressed "Show diagram".
//!
//! - The frame is an `<iframe sandbox="allow-scripts">` (never
//!   `allow-same-origin`, popups, forms or top navigation) of
//!   `diagram-frame.html` (`src/io/diagram_frame/`), whose own CSP allows no
//!   network (`connect-src 'none'`, images only `data:`/`blob:`) and scripts
//!   only from `blob:` besides its own (inlined by `scripts/frames.mjs`, by
//!   hash). As for the tool sandbox and the app frame (read
//!   `super::sandbox`), under the service worker the frame also gets
//!   `allow-same-origin` so its navigation reaches the worker, whose CSP
//!   `sandbox allow-scripts` header keeps the document opaque; a frame that
//!   speaks from Hearth's origin is sent nothing and replaced by a plain one.
//! - The library is Hearth's own vendored file ([`MERMAID_FILE`], see
//!   `vendor/mermaid/README.md`), read once per page from Hearth's origin (from
//!   the worker's cache offline) when the first diagram is asked for, and
//!   handed to the frame as a `Blob`; the frame runs it from a `blob:` URL.
//!   Nothing is fetched before a click.
//! - Protocol (see `diagram-frame.js`): the frame posts `{hearthDiagram:
//!   'ready'}` (or `refused`); Hearth answers `{hearthDiagram: 'render',
//!   source, library}` once; the frame posts `drawn` (with its height) or
//!   `error`. Hearth listens only to its own frame's window at origin `"null"`.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use js_sys::{Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, Element, HtmlIFrameElement, MessageEvent, Window};

use super::sandbox::{frames_fell_back, sandbox_flags, top_level_file, worker_serves_frames};

/// The vendored Mermaid library, beside the app's files.
pub(crate) const MERMAID_FILE: &str = "mermaid-12.3.0.min.js";

/// The diagram frame's sandbox flags: scripts only.
pub(crate) const SANDBOX: &str = "allow-scripts";

/// The frame document.
const FRAME_FILE: &str = "diagram-frame.html";

/// The tallest a diagram frame grows, in CSS pixels (it scrolls inside beyond).
const MAX_HEIGHT: u32 = 2_000;

/// The longest error message kept.
const MESSAGE_LIMIT: usize = 500;

thread_local! {
    /// The library, once read: every later diagram of the page reuses it.
    static LIBRARY: RefCell<Option<Blob>> = const { RefCell::new(None) };
}

/// What the diagram's frame reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum DiagramEvent {
    /// The diagram is drawn; the frame's content is this tall.
    Drawn { height: u32 },
    /// Mermaid could not draw it (its message).
    Failed(String),
    /// The frame drew nothing because it was not sandboxed.
    Refused(String),
}

/// Why a diagram could not be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DiagramError {
    /// There is no window or document.
    MissingPage,
    /// The library could not be read from Hearth's files.
    LibraryUnreadable,
    /// The browser refused to make or add the frame.
    FrameRefused,
    /// The browser refused a message listener.
    ListenerRefused,
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::MissingPage => "there is no page to draw it in",
            Self::LibraryUnreadable => "the diagram library could not be read",
            Self::FrameRefused => "the browser did not make its sandboxed frame",
            Self::ListenerRefused => "cannot listen for the frame's messages",
        })
    }
}

impl std::error::Error for DiagramError {}

/// The Mermaid library as a `Blob`, read from Hearth's own files once.
pub(crate) async fn library() -> Result<Blob, DiagramError> {
    if let Some(blob) = LIBRARY.with(|library| library.borrow().clone()) {
        return Ok(blob);
    }
    let window = web_sys::window().ok_or(DiagramError::MissingPage)?;
    let document = window.document().ok_or(DiagramError::MissingPage)?;
    let url = top_level_file(&document, MERMAID_FILE);
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(&url))
        .await
        .ok()
        .and_then(|response| response.dyn_into().ok())
        .ok_or(DiagramError::LibraryUnreadable)?;
    if !response.ok() {
        return Err(DiagramError::LibraryUnreadable);
    }
    let blob: Blob = JsFuture::from(response.blob().map_err(|_| DiagramError::LibraryUnreadable)?)
        .await
        .ok()
        .and_then(|blob| blob.dyn_into().ok())
        .ok_or(DiagramError::LibraryUnreadable)?;
    LIBRARY.with(|library| *library.borrow_mut() = Some(blob.clone()));
    Ok(blob)
}

/// A new diagram frame loading `url`, with `allow-same-origin` added when
/// `through_worker`.
fn diagram_frame(document: &web_sys::Document, url: &str, through_worker: bool) -> Option<HtmlIFrameElement> {
    let frame: HtmlIFrameElement = document.create_element("iframe").ok()?.dyn_into().ok()?;
    frame.set_attribute("sandbox", &sandbox_flags(SANDBOX, through_worker)).ok()?;
    let _ = frame.set_attribute("title", "Diagram");
    let _ = frame.set_attribute("referrerpolicy", "no-referrer");
    let _ = frame.set_attribute("height", "160");
    frame.set_class_name("diagram-frame");
    frame.set_src(url);
    Some(frame)
}

/// The `{hearthDiagram: 'render', source, library}` message.
fn render_message(source: &str, library: &Blob) -> Option<JsValue> {
    let message = Object::new();
    Reflect::set(&message, &"hearthDiagram".into(), &"render".into()).ok()?;
    Reflect::set(&message, &"source".into(), &source.into()).ok()?;
    Reflect::set(&message, &"library".into(), library).ok()?;
    Some(message.into())
}

/// `text` without control characters, at most `limit` characters.
fn shown_text(text: &str, limit: usize) -> String {
    let mut kept = text.chars().filter(|c| !c.is_control() || *c == '\n');
    let mut shown: String = kept.by_ref().take(limit).collect();
    if kept.next().is_some() {
        shown.push('…');
    }
    shown
}

/// A diagram being shown: its frame and the listener for its messages.
/// Dropping it removes both.
pub(crate) struct DiagramFrame {
    window: Window,
    frame: Rc<RefCell<HtmlIFrameElement>>,
    on_message: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for DiagramFrame {
    fn drop(&mut self) {
        let _ = self.window.remove_event_listener_with_callback("message", self.on_message.as_ref().unchecked_ref());
        self.frame.borrow().remove();
    }
}

impl DiagramFrame {
    /// Draws `source` with `library` in a new sandboxed frame appended to
    /// `container`, and calls `on_event` with what the frame reports.
    pub(crate) fn mount(
        container: &Element,
        source: &str,
        library: &Blob,
        on_event: impl Fn(DiagramEvent) + 'static,
    ) -> Result<DiagramFrame, DiagramError> {
        let window = web_sys::window().ok_or(DiagramError::MissingPage)?;
        let document = window.document().ok_or(DiagramError::MissingPage)?;
        let job = render_message(source, library).ok_or(DiagramError::FrameRefused)?;
        let url = top_level_file(&document, FRAME_FILE);
        let through_worker = Cell::new(worker_serves_frames(&window));
        let frame = diagram_frame(&document, &url, through_worker.get()).ok_or(DiagramError::FrameRefused)?;
        let frame = Rc::new(RefCell::new(frame));
        let on_message = {
            let frame = Rc::clone(&frame);
            let sent = Cell::new(false);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let current = frame.borrow().clone();
                let (Some(source), Some(frame_window)) = (event.source(), current.content_window()) else { return };
                if !Object::is(&source, &frame_window) {
                    return;
                }
                // Served by the worker without its sandbox header: not opaque.
                // Sent nothing, and replaced by a plain sandboxed frame.
                if event.origin() != "null" {
                    if !sent.get() && through_worker.replace(false) {
                        frames_fell_back();
                        if let Some(plain) = diagram_frame(&document, &url, false)
                            && current.replace_with_with_node_1(&plain).is_ok()
                        {
                            *frame.borrow_mut() = plain;
                        }
                    }
                    return;
                }
                let data = event.data();
                let field = |name: &str| Reflect::get(&data, &name.into()).ok();
                let kind = field("hearthDiagram").and_then(|kind| kind.as_string());
                match kind.as_deref() {
                    Some("ready") if !sent.get() => {
                        sent.set(true);
                        let _ = frame_window.post_message(&job, "*");
                    }
                    Some("drawn") if sent.get() => {
                        let height = field("height").and_then(|h| h.as_f64()).unwrap_or(160.0);
                        let height = height.clamp(40.0, f64::from(MAX_HEIGHT)) as u32;
                        let _ = current.set_attribute("height", &height.to_string());
                        on_event(DiagramEvent::Drawn { height });
                    }
                    Some("error") if sent.get() => {
                        let message = field("message").and_then(|m| m.as_string()).unwrap_or_default();
                        on_event(DiagramEvent::Failed(shown_text(&message, MESSAGE_LIMIT)));
                    }
                    Some("refused") if !sent.get() => {
                        let reason = field("reason").and_then(|r| r.as_string()).unwrap_or_default();
                        on_event(DiagramEvent::Refused(shown_text(&reason, MESSAGE_LIMIT)));
                    }
                    _ => {}
                }
            })
        };
        window
            .add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())
            .map_err(|_| DiagramError::ListenerRefused)?;
        let shown = DiagramFrame { window, frame, on_message };
        let frame = shown.frame.borrow().clone();
        container.append_child(&frame).map_err(|_| DiagramError::FrameRefused)?;
        Ok(shown)
    }
}
