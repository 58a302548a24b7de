//! Keeping the unlocked key-lock key for this browser session only, so Hearth
//! asks for the passphrase once per session, not once per tab or reload.
//!
//! After an unlock, the derived AES key's raw bytes (never the passphrase) are
//! kept in this tab's `sessionStorage`, tagged with the lock's salt: a reload
//! of the tab reads them back and asks nothing. A new tab has an empty
//! `sessionStorage`; it asks the open tabs over a `BroadcastChannel`
//! ([`ask_other_tabs`]) and an unlocked tab answers with the key of the same
//! lock. Both are same-origin only. When the browser session ends (every
//! Hearth tab closed, the browser quit) the key is gone from both, and the
//! passphrase is asked for again. Locking again or removing the lock forgets
//! it ([`forget`]).
//!
//! What this means: anyone who can run code in Hearth's page, or who uses this
//! browser while a Hearth tab is unlocked, can read the keys; the lock protects
//! the keys at rest (a copied profile, a machine whose browser is closed).

use std::cell::RefCell;
use std::rc::Rc;

use futures::channel::oneshot;
use futures::future::{Either, select};
use hearth_core::storage::key_lock::{KEY_LEN, base64_decode, base64_encode};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent};

use super::timer::sleep;

const STORAGE_ITEM: &str = "hearth-key-lock-session";
const CHANNEL: &str = "hearth-key-lock";
/// How long a new tab waits for an open tab to answer before it prompts.
const ANSWER_WAIT_MS: i32 = 400;

#[derive(Serialize, Deserialize)]
struct Remembered {
    salt: String,
    key: String,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Message {
    /// A tab asks for the key of the lock with this salt.
    Ask { salt: String },
    /// A tab answers with it.
    Key { salt: String, key: String },
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|window| window.session_storage().ok().flatten())
}

/// Keeps `raw` (the key of the lock with `salt`) for this browser session.
pub(crate) fn remember(salt: &str, raw: &[u8; KEY_LEN]) {
    let remembered = Remembered { salt: salt.to_owned(), key: base64_encode(raw) };
    if let (Some(storage), Ok(text)) = (session_storage(), serde_json::to_string(&remembered)) {
        let _ = storage.set_item(STORAGE_ITEM, &text);
    }
}

/// The key kept for the lock with `salt` in this tab's session, if any.
pub(crate) fn recall(salt: &str) -> Option<[u8; KEY_LEN]> {
    let text = session_storage()?.get_item(STORAGE_ITEM).ok().flatten()?;
    let remembered: Remembered = serde_json::from_str(&text).ok()?;
    (remembered.salt == salt).then(|| decode_key(&remembered.key)).flatten()
}

/// Forgets the kept key (the lock was removed, changed or forgotten).
pub(crate) fn forget() {
    if let Some(storage) = session_storage() {
        let _ = storage.remove_item(STORAGE_ITEM);
    }
}

fn decode_key(text: &str) -> Option<[u8; KEY_LEN]> {
    base64_decode(text)?.try_into().ok()
}

/// Answers other tabs' requests for the key with `provide(salt)`, while it lives.
pub(crate) struct KeyShare {
    _channel: Option<BroadcastChannel>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
}

impl KeyShare {
    /// Starts answering: `provide` gives this tab's unlocked key for a salt.
    pub(crate) fn answer_with(provide: impl Fn(&str) -> Option<[u8; KEY_LEN]> + 'static) -> Self {
        let Ok(channel) = BroadcastChannel::new(CHANNEL) else { return Self { _channel: None, _on_message: None } };
        let reply = channel.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(Message::Ask { salt }) = event.data().as_string().and_then(|t| serde_json::from_str(&t).ok())
            else {
                return;
            };
            if let Some(raw) = provide(&salt)
                && let Ok(text) = serde_json::to_string(&Message::Key { salt, key: base64_encode(&raw) })
            {
                let _ = reply.post_message(&text.into());
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Self { _channel: Some(channel), _on_message: Some(on_message) }
    }
}

/// Asks the other open tabs for the key of the lock with `salt`; `None` when
/// no unlocked tab answers in time.
pub(crate) async fn ask_other_tabs(salt: &str) -> Option<[u8; KEY_LEN]> {
    let channel = BroadcastChannel::new(CHANNEL).ok()?;
    let (sender, receiver) = oneshot::channel::<[u8; KEY_LEN]>();
    let sender = Rc::new(RefCell::new(Some(sender)));
    let wanted = salt.to_owned();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(Message::Key { salt, key }) = event.data().as_string().and_then(|t| serde_json::from_str(&t).ok())
        else {
            return;
        };
        if salt == wanted
            && let Some(raw) = decode_key(&key)
            && let Some(sender) = sender.borrow_mut().take()
        {
            let _ = sender.send(raw);
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let ask = serde_json::to_string(&Message::Ask { salt: salt.to_owned() }).ok()?;
    channel.post_message(&ask.into()).ok()?;
    let answer = match select(receiver, Box::pin(sleep(ANSWER_WAIT_MS))).await {
        Either::Left((Ok(raw), _)) => Some(raw),
        _ => None,
    };
    channel.close();
    drop(on_message);
    answer
}
