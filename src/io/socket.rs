//! A WebSocket, for realtime talk with Gemini's Live API: opened to a URL,
//! each message handed over as text (a binary frame read as UTF-8: Gemini
//! sends its JSON in binary frames), and how it closed (its code and reason).
//! Reached by name (`io::js`): it is the `voice` chunk's.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use super::js;

/// An open WebSocket; closing or dropping it closes the connection.
pub(crate) struct Socket {
    socket: JsValue,
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(JsValue)>,
    _on_close: Closure<dyn FnMut(JsValue)>,
}

/// The browser refused to make a WebSocket to the address (a malformed one,
/// or the page's policy).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SocketRefused;

impl Socket {
    /// Connects to `url`: `on_open` once it is open, `on_message` with each
    /// message's text, `on_close` with the close code and reason (1006 and
    /// no reason when the connection dropped).
    pub(crate) fn open(
        url: &str,
        on_open: impl FnMut() + 'static,
        mut on_message: impl FnMut(String) + 'static,
        mut on_close: impl FnMut(u16, String) + 'static,
    ) -> Result<Self, SocketRefused> {
        // The browser's words would quote the address, and with it the key: never shown.
        let socket = js::construct("WebSocket", &[&JsValue::from_str(url)]).map_err(|_| SocketRefused)?;
        js::set(&socket, "binaryType", &JsValue::from_str("arraybuffer"));
        let on_open = Closure::<dyn FnMut()>::new(on_open);
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
            let Some(data) = js::get(&event, "data") else { return };
            let text = match data.as_string() {
                Some(text) => text,
                None => match data.dyn_into::<js_sys::ArrayBuffer>() {
                    Ok(buffer) => String::from_utf8_lossy(&js_sys::Uint8Array::new(&buffer).to_vec()).into_owned(),
                    Err(_) => return,
                },
            };
            on_message(text);
        });
        let on_close = Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // A close code.
            let code = js::number(&event, "code").unwrap_or(1006.0).clamp(0.0, 65_535.0) as u16;
            on_close(code, js::string(&event, "reason").unwrap_or_default());
        });
        js::set(&socket, "onopen", on_open.as_ref());
        js::set(&socket, "onmessage", on_message.as_ref());
        js::set(&socket, "onclose", on_close.as_ref());
        Ok(Self { socket, _on_open: on_open, _on_message: on_message, _on_close: on_close })
    }

    /// Sends `text` (nothing when the socket is not open).
    pub(crate) fn send(&self, text: &str) {
        let _ = js::call(&self.socket, "send", &[&JsValue::from_str(text)]);
    }
}

impl Drop for Socket {
    /// Closes the connection without hearing of it again.
    fn drop(&mut self) {
        for handler in ["onopen", "onmessage", "onclose"] {
            js::set(&self.socket, handler, &JsValue::NULL);
        }
        let _ = js::call(&self.socket, "close", &[&JsValue::from(1000), &JsValue::from_str("")]);
    }
}
