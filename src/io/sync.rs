//! Telling the other open tabs what changed, over a `BroadcastChannel`. A message
//! only names what changed; receivers re-read it from IndexedDB, which is the
//! single source of truth, so a lost or late notice cannot corrupt anything.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use web_sys::{BroadcastChannel, MessageEvent};

const CHANNEL: &str = "hearth-sync";

/// What another tab changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum Change {
    /// A session's record or messages changed (or it was created).
    Session {
        /// Its id.
        id: String,
    },
    /// An agent was saved or deleted: re-read the agents.
    Agents,
    /// Sessions were deleted, imported or everything was cleared: re-read all.
    All,
}

/// A change as announced, read through this flat record rather than serde's
/// internally tagged enums, whose reader is several times larger.
#[derive(Deserialize)]
struct Announced {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    id: Option<String>,
}

impl Announced {
    /// The change it announces (`None`: one this version does not know).
    fn change(self) -> Option<Change> {
        match (self.kind.as_str(), self.id) {
            ("session", Some(id)) => Some(Change::Session { id }),
            ("agents", _) => Some(Change::Agents),
            ("all", _) => Some(Change::All),
            _ => None,
        }
    }
}

/// This tab's end of the channel.
pub(crate) struct SyncChannel {
    channel: Option<BroadcastChannel>,
    _on_message: Option<Closure<dyn FnMut(MessageEvent)>>,
}

impl SyncChannel {
    /// Opens the channel and calls `on_change` for each change another tab announces.
    pub(crate) fn open(mut on_change: impl FnMut(Change) + 'static) -> Self {
        let Ok(channel) = BroadcastChannel::new(CHANNEL) else {
            return Self { channel: None, _on_message: None };
        };
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(text) = event.data().as_string()
                && let Some(change) = serde_json::from_str::<Announced>(&text).ok().and_then(Announced::change)
            {
                on_change(change);
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Self { channel: Some(channel), _on_message: Some(on_message) }
    }

    /// Tells the other tabs about a change.
    pub(crate) fn announce(&self, change: &Change) {
        if let (Some(channel), Ok(text)) = (&self.channel, serde_json::to_string(change)) {
            let _ = channel.post_message(&text.into());
        }
    }
}
