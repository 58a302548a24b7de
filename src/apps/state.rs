//! The app versions of the open conversation and which one the preview shows,
//! shared by the preview panel (`apps::app_preview`) and each reply's
//! "Show app version N" button (`apps::app_version_button`).
//!
//! The versions are computed once per change in a memo here (each reply's
//! button looks its number up instead of rescanning every entry). A version
//! the user picked gives way to a newer version and to another conversation.

use std::sync::Arc;

use leptos::prelude::*;

use crate::chat::state::{ChatContext, EntryKind};

/// One app of the conversation: the reply that holds it and its document.
#[derive(Clone, PartialEq)]
pub(crate) struct AppVersion {
    /// The reply's id.
    pub(crate) id: String,
    /// Its number among the conversation's apps, from 1.
    pub(crate) number: usize,
    /// The app's HTML document.
    pub(crate) html: Arc<str>,
}

/// What the preview shows: provided by `App`.
#[derive(Clone, Copy)]
pub(crate) struct AppPreviewChoice {
    /// The reply whose app the user picked; `None` (or a reply no longer shown)
    /// means the newest app.
    pub(crate) chosen: RwSignal<Option<String>>,
    /// Whether the preview is open (Close preview hides it; a version button or
    /// "Show app preview" opens it again).
    pub(crate) open: RwSignal<bool>,
    /// The apps of the conversation's shown replies, oldest first.
    pub(crate) versions: Memo<Vec<AppVersion>>,
    /// The version shown: the chosen one while it is shown, else the newest.
    pub(crate) current: Memo<Option<AppVersion>>,
}

impl AppPreviewChoice {
    /// A choice of the newest app of `chat`'s conversation (the open one is
    /// `session`), open.
    pub(crate) fn new(chat: ChatContext, session: RwSignal<Option<String>>) -> Self {
        let chosen = RwSignal::new(None::<String>);
        let versions = Memo::new(move |_| app_versions(chat));
        // A picked version gives way to a newer version and to another
        // conversation: both show the newest app again.
        let count = Memo::new(move |_| versions.with(Vec::len));
        Effect::new(move |previous: Option<(Option<String>, usize)>| {
            let now = (session.get(), count.get());
            if let Some((session, count)) = previous
                && (session != now.0 || now.1 > count)
            {
                chosen.set(None);
            }
            now
        });
        let current = Memo::new(move |_| {
            versions.with(|versions| {
                let chosen = chosen.get();
                chosen
                    .and_then(|id| versions.iter().find(|version| version.id == id))
                    .or_else(|| versions.last())
                    .cloned()
            })
        });
        Self { chosen, open: RwSignal::new(true), versions, current }
    }

    /// The choice `App` provided.
    pub(crate) fn expect() -> Self {
        expect_context::<Self>()
    }

    /// The number of the app of reply `id`, if it holds one (tracked).
    pub(crate) fn number_of(self, id: &str) -> Option<usize> {
        self.versions.with(|versions| versions.iter().find(|version| version.id == id).map(|version| version.number))
    }

    /// Whether the preview shows the app of reply `id` (tracked).
    pub(crate) fn shows(self, id: &str) -> bool {
        self.current.with(|current| current.as_ref().is_some_and(|version| version.id == id))
    }
}

/// The apps of the conversation's shown replies, oldest first (tracked).
fn app_versions(chat: ChatContext) -> Vec<AppVersion> {
    let shown = chat.shown.get();
    chat.entries.with(|entries| {
        let apps = entries.iter().zip(shown.iter().chain(std::iter::repeat(&true))).filter(|(_, shown)| **shown);
        let apps = apps.filter_map(|(entry, _)| match &entry.kind {
            EntryKind::Assistant(view) => view.app.get().map(|html| (entry.id.clone(), html)),
            _ => None,
        });
        apps.enumerate().map(|(index, (id, html))| AppVersion { id, number: index + 1, html }).collect()
    })
}
