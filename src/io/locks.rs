//! Web Locks, to tell a reply that is still streaming in some tab from one whose
//! tab closed or crashed: a streaming tab holds a lock named after the message, and
//! the browser releases it when the tab goes away, whatever way it goes.
//!
//! web-sys marks the Lock Manager unstable, so the two calls are made by name.

use js_sys::{Array, Function, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// The start of every streaming message's lock name.
const STREAMING_PREFIX: &str = "hearth-streaming:";

/// The lock name for a streaming message.
pub(crate) fn streaming_lock(message_id: &str) -> String {
    format!("{STREAMING_PREFIX}{message_id}")
}

/// Whether some tab of this origin is streaming a reply (holds a streaming
/// message's lock); `false` when the browser cannot tell.
pub(crate) async fn any_streaming() -> bool {
    held_names().await.is_some_and(|names| names.iter().any(|name| name.starts_with(STREAMING_PREFIX)))
}

/// Holds a lock until dropped.
pub(crate) struct LockGuard {
    release: Option<Function>,
}

impl Drop for LockGuard {
    fn drop(&mut self) {
        if let Some(release) = self.release.take() {
            let _ = release.call0(&JsValue::NULL);
        }
    }
}

fn lock_manager() -> Option<JsValue> {
    let navigator = web_sys::window()?.navigator();
    Reflect::get(&navigator, &"locks".into()).ok().filter(|locks| !locks.is_undefined())
}

/// Takes the lock `name` for as long as the guard lives. Without Web Locks
/// support this holds nothing (and recovery then trusts the stored state).
pub(crate) fn hold(name: &str) -> LockGuard {
    let mut release = None;
    let held = Promise::new(&mut |resolve, _reject| release = Some(resolve));
    let Some(locks) = lock_manager() else { return LockGuard { release } };
    let callback = Closure::once_into_js(move |_lock: JsValue| held);
    if let Ok(request) = Reflect::get(&locks, &"request".into()).and_then(|f| f.dyn_into::<Function>()) {
        let _ = request.call2(&locks, &name.into(), &callback);
    }
    LockGuard { release }
}

/// Names of the locks currently held by any tab of this origin, or `None` when
/// the browser cannot tell.
pub(crate) async fn held_names() -> Option<Vec<String>> {
    let locks = lock_manager()?;
    let query: Function = Reflect::get(&locks, &"query".into()).ok()?.dyn_into().ok()?;
    let snapshot = JsFuture::from(query.call0(&locks).ok()?.dyn_into::<Promise>().ok()?).await.ok()?;
    let held: Array = Reflect::get(&snapshot, &"held".into()).ok()?.dyn_into().ok()?;
    Some(held.iter().filter_map(|info| Reflect::get(&info, &"name".into()).ok()?.as_string()).collect())
}

/// Waits until this tab holds the lock `name` (another tab holding it makes
/// this wait, for as long as that tab holds it), then holds it until the
/// guard is dropped. Without Web Locks support it holds nothing at once.
pub(crate) async fn acquire(name: &str) -> LockGuard {
    let mut release = None;
    let held = Promise::new(&mut |resolve, _reject| release = Some(resolve));
    let Some(locks) = lock_manager() else { return LockGuard { release } };
    let mut granted_resolve = None;
    let granted = Promise::new(&mut |resolve, _reject| granted_resolve = Some(resolve));
    let callback = Closure::once_into_js(move |_lock: JsValue| {
        if let Some(resolve) = granted_resolve {
            let _ = resolve.call0(&JsValue::NULL);
        }
        held
    });
    if let Ok(request) = Reflect::get(&locks, &"request".into()).and_then(|f| f.dyn_into::<Function>()) {
        if request.call2(&locks, &name.into(), &callback).is_ok() {
            let _ = JsFuture::from(granted).await;
        }
    }
    LockGuard { release }
}
