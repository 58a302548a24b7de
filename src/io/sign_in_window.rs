//! The window a person signs in to an MCP server's authorization server in,
//! and the answer that comes back from it.
//!
//! The window is opened blank while the click that asked for it still counts
//! (browsers block windows opened later), loses its `opener` (so the sign-in
//! page cannot reach this one), and is then sent to the authorize URL. The
//! authorization server sends the browser back to `oauth-callback.html`, a page
//! of Hearth's own (src/io/sign_in_window/), which posts the query it was opened
//! with on the `hearth-oauth` BroadcastChannel (same origin only) and closes.
//! Which answer belongs to which sign-in is decided by its `state`, in
//! `hearth_core::mcp::oauth::read_callback`.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{BroadcastChannel, MessageEvent, Url, Window};

use crate::io::sandbox::top_level_file;
use crate::io::timer::sleep;

/// The channel the callback page posts on.
const CHANNEL: &str = "hearth-oauth";
/// The callback page.
const CALLBACK: &str = "oauth-callback.html";
/// Hearth's Client ID Metadata Document, when the site has one.
const CLIENT_METADATA: &str = "oauth-client.json";
/// How long a sign-in may take before Hearth stops waiting.
const LIMIT_MS: i32 = 10 * 60 * 1000;
/// How often the answer and the window are looked at.
const STEP_MS: i32 = 150;

/// Why the window could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SignInWindowError {
    /// The browser blocked the window.
    Blocked,
    /// The window was closed before the sign-in came back.
    Closed,
    /// Nothing came back in ten minutes.
    TimedOut,
    /// The browser lacks what is needed (no window, no BroadcastChannel).
    Unsupported,
}

impl fmt::Display for SignInWindowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Blocked => "the browser blocked the sign-in window; allow pop-ups for Hearth and try again",
            Self::Closed => "the sign-in window was closed before the sign-in finished",
            Self::TimedOut => "the sign-in did not finish within ten minutes",
            Self::Unsupported => "this browser cannot open a sign-in window here",
        })
    }
}

/// An open sign-in window, blank until [`SignInWindow::go`].
pub(crate) struct SignInWindow {
    window: Window,
}

impl SignInWindow {
    /// Opens a blank window of its own (two sign-ins never share one); call
    /// it in the click's handler, before any await.
    pub(crate) fn open() -> Result<Self, SignInWindowError> {
        let page = web_sys::window().ok_or(SignInWindowError::Unsupported)?;
        let window = page
            .open_with_url_and_target_and_features("", "_blank", "popup,width=520,height=680")
            .map_err(|_| SignInWindowError::Blocked)?
            .ok_or(SignInWindowError::Blocked)?;
        // Blank, it is this page's origin: it can still be cut loose.
        let _ = js_sys::Reflect::set(&window, &"opener".into(), &wasm_bindgen::JsValue::NULL);
        Ok(Self { window })
    }

    /// Sends the window to `url` and waits for the query the callback page
    /// posts whose `state` is `state`.
    pub(crate) async fn go(&self, url: &str, state: &str) -> Result<String, SignInWindowError> {
        let channel = BroadcastChannel::new(CHANNEL).map_err(|_| SignInWindowError::Unsupported)?;
        let answer: Rc<RefCell<Option<String>>> = Rc::default();
        let heard = Rc::clone(&answer);
        let state = state.to_owned();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(query) = event.data().as_string() else { return };
            let ours = hearth_core::mcp::oauth::parse_query(&query)
                .iter()
                .any(|(name, value)| name == "state" && *value == state);
            if ours {
                heard.borrow_mut().get_or_insert(query);
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        let outcome = match self.window.location().set_href(url) {
            Err(_) => Err(SignInWindowError::Closed),
            Ok(()) => self.answer(&answer).await,
        };
        channel.set_onmessage(None);
        channel.close();
        drop(on_message);
        outcome
    }

    /// Waits (looking now and then) for the answer, the window's closing, or the time limit.
    async fn answer(&self, answer: &RefCell<Option<String>>) -> Result<String, SignInWindowError> {
        let mut waited = 0;
        let mut closed_for = 0;
        loop {
            if let Some(query) = answer.borrow_mut().take() {
                return Ok(query);
            }
            if self.window.closed().unwrap_or(true) {
                // The answer may be posted just before the page closes itself.
                closed_for += STEP_MS;
                if closed_for > 600 {
                    return Err(SignInWindowError::Closed);
                }
            }
            if waited >= LIMIT_MS {
                return Err(SignInWindowError::TimedOut);
            }
            sleep(STEP_MS).await;
            waited += STEP_MS;
        }
    }

    /// Closes the window (when the sign-in cannot go on).
    pub(crate) fn close(&self) {
        let _ = self.window.close();
    }
}

/// The callback page's address: where the authorization server sends the answer.
pub(crate) fn redirect_uri() -> String {
    absolute(CALLBACK)
}

/// Where Hearth's Client ID Metadata Document would be.
pub(crate) fn client_metadata_url() -> String {
    absolute(CLIENT_METADATA)
}

fn absolute(file: &str) -> String {
    let Some(document) = web_sys::window().and_then(|window| window.document()) else { return file.to_owned() };
    let found = top_level_file(&document, file);
    let base = document.base_uri().ok().flatten().unwrap_or_default();
    Url::new_with_base(&found, &base).map(|url| url.href()).unwrap_or(found)
}
