//! Sharing the unlocked key-lock key between open tabs, so Hearth asks for
//! the passphrase once, not once per tab.
//!
//! The derived AES key (never the passphrase) lives only in the memory of the
//! tabs that have it open. A new or reloaded tab asks the open tabs over a
//! same-origin `BroadcastChannel` ([`ask_other_tabs`]) and an unlocked tab
//! answers with the key of the same lock; with no unlocked tab open, the
//! passphrase is asked for. Nothing is written to web storage: Chromium keeps
//! `sessionStorage` in the profile on disk, where a copied profile would open
//! every sealed key. Earlier versions kept the key there; [`forget_stored_copy`]
//! removes such a copy.
//!
//! What this means: anyone who can run code in Hearth's page, or who uses this
//! browser while a Hearth tab is unlocked, can read the keys; the lock protects
//! the keys at rest (a copied profile, a machine whose Hearth tabs are closed).

use std::cell::Cell;
use std::rc::Rc;

use hearth_core::storage::key_lock::{KEY_LEN, base64_decode, base64_encode};
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent};

use super::timer::sleep;

/// Where earlier versions kept the key in `sessionStorage`.
const OLD_STORAGE_ITEM: &str = "hearth-key-lock-session";
const CHANNEL: &str = "hearth-key-lock";
/// How long a new tab waits for an open tab to answer before it prompts, in
/// steps of [`ANSWER_STEP_MS`] (it stops waiting as soon as one answers).
const ANSWER_WAIT_MS: i32 = 400;
const ANSWER_STEP_MS: i32 = 25;

// The messages are plain text, words separated by one space (base64 has
// none): `ask <salt>` (a tab asks for the key of the lock with this salt) and
// `key <salt> <key>` (a tab answers with it).
const ASK: &str = "ask";
const KEY: &str = "key";

/// Removes the copy of the key an earlier version kept in this tab's
/// `sessionStorage`, if any.
pub(crate) fn forget_stored_copy() {
    if let Some(storage) = web_sys::window().and_then(|window| window.session_storage().ok().flatten()) {
        let _ = storage.remove_item(OLD_STORAGE_ITEM);
    }
}

fn decode_key(text: &str) -> Option<[u8; KEY_LEN]> {
    base64_decode(text)?.try_into().ok()
}

/// The words of a channel message of `kind` (`ask` or `key`) after the kind.
fn message(event: &MessageEvent, kind: &str) -> Option<Vec<String>> {
    let text = event.data().as_string()?;
    let mut words = text.split(' ');
    (words.next() == Some(kind)).then(|| words.map(str::to_owned).collect())
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
            if let Some([salt]) = message(&event, ASK).as_deref()
                && let Some(raw) = provide(salt.as_str())
            {
                let _ = reply.post_message(&[KEY, salt.as_str(), &base64_encode(&raw)].join(" ").into());
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
    let answer = Rc::new(Cell::new(None::<[u8; KEY_LEN]>));
    let (wanted, heard) = (salt.to_owned(), answer.clone());
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some([salt, key]) = message(&event, KEY).as_deref()
            && *salt == wanted
            && let Some(raw) = decode_key(key)
        {
            heard.set(Some(raw));
        }
    });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    channel.post_message(&[ASK, salt].join(" ").into()).ok()?;
    let mut waited = 0;
    while answer.get().is_none() && waited < ANSWER_WAIT_MS {
        sleep(ANSWER_STEP_MS).await;
        waited += ANSWER_STEP_MS;
    }
    channel.close();
    drop(on_message);
    answer.get()
}
