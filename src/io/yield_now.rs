//! Giving the event loop a turn in the middle of work: a future that resolves in a
//! new task, so that work split at its awaits never runs as one long task.
//!
//! A resolved promise (what `reader.read()` returns when the network has already
//! delivered the next chunk) continues in the same task as a microtask, so a loop
//! over such reads never lets the page paint or answer input. [`yield_now`] ends
//! the task instead: `scheduler.yield()` where the browser has it (the rest runs
//! ahead of other queued tasks), else a `MessageChannel` message (a `setTimeout(0)`
//! would be clamped to 4 ms once nested).

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen]
extern "C" {
    /// The DOM's `MessageChannel`, bound here so the shell needs no web-sys feature for it.
    type Channel;
    #[wasm_bindgen(catch, constructor, js_class = "MessageChannel")]
    fn new() -> Result<Channel, JsValue>;
    #[wasm_bindgen(method, getter, js_class = "MessageChannel")]
    fn port1(this: &Channel) -> Port;
    #[wasm_bindgen(method, getter, js_class = "MessageChannel")]
    fn port2(this: &Channel) -> Port;

    /// One end of a [`Channel`].
    type Port;
    #[wasm_bindgen(method, setter, js_class = "MessagePort")]
    fn set_onmessage(this: &Port, handler: &js_sys::Function);
    #[wasm_bindgen(method, js_class = "MessagePort", js_name = postMessage)]
    fn post_message(this: &Port, message: &JsValue);
    #[wasm_bindgen(method, js_class = "MessagePort")]
    fn close(this: &Port);
}

/// Resolves in a later task of the event loop, after the browser has had the
/// chance to paint and to handle input. Without either way to yield (no page) it
/// resolves at once.
pub(crate) async fn yield_now() {
    if let Some(promise) = scheduler_yield() {
        let _ = JsFuture::from(promise).await;
        return;
    }
    let Ok(channel) = Channel::new() else { return };
    let (receiver, sender) = (channel.port1(), channel.port2());
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        receiver.set_onmessage(&resolve);
        sender.post_message(&JsValue::NULL);
    });
    let _ = JsFuture::from(promise).await;
    receiver.close();
    sender.close();
}

/// `scheduler.yield()`'s promise, when the browser has the Prioritized Task
/// Scheduling API's `yield`.
fn scheduler_yield() -> Option<js_sys::Promise> {
    let scheduler = js_sys::Reflect::get(&js_sys::global(), &"scheduler".into()).ok()?;
    if scheduler.is_undefined() || scheduler.is_null() {
        return None;
    }
    let method: js_sys::Function = js_sys::Reflect::get(&scheduler, &"yield".into()).ok()?.dyn_into().ok()?;
    method.call0(&scheduler).ok()?.dyn_into().ok()
}
