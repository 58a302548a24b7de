//! A reply's frame, in the first load: the `article` the conversation lists,
//! `aria-busy` while the reply streams, until how it ended is saved, until a
//! stored reply is rendered and its parts are built, and while its code is
//! highlighted. Its parts (`reply_parts`) are in the `reply` chunk,
//! with the renderer a stored reply waits for anyway; a stored reply, or text
//! in the message box, has the app fetch it.
//!
//! If the chunk cannot load, the frame says so with Retry (offline, that the
//! reply was not sent because the device is offline). A reply that failed
//! because nothing could be sent (its code did not load either, or the
//! network failed, or the device is offline) is answered again by that Retry
//! once the chunk is there, as the reply's own Retry would.

use hearth_core::contract::ProviderErrorKind;
use hearth_core::failure::{FailureKind, OFFLINE_MESSAGE};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::reply::reply_parts::{PartsOf, reply_parts_view};
use crate::chat::state::code;
use crate::chat::state::{AssistantView, ChatContext, EntryKind, ReplyStatus};
use crate::i18n::tr;
use crate::ui::lazy::Lazy;

/// One assistant reply.
#[component]
pub(crate) fn AssistantMessage(
    /// The id the reply is stored under. It tells whether this is the last
    /// reply shown (only that one offers Regenerate and Retry), is the reply
    /// Regenerate replaces, and is passed on to the tool widget and the
    /// version arrows.
    id: String,
    /// The reply's reactive state (rendered markdown, reasoning, tool calls,
    /// status, model and usage), which the message follows as it streams.
    reply: AssistantView,
    /// A compare turn's column: no version arrows (its siblings are the
    /// other columns), and no badge while `names_hidden` (blind mode).
    #[prop(optional)]
    in_column: bool,
    /// Whether the agent and model are hidden (a blind column not picked yet).
    #[prop(optional, into)]
    names_hidden: Signal<bool>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    // A stored reply's markdown is rendered by the `reply` chunk's renderer
    // (`awaits_renderer` until it has), which builds the parts too.
    reply.ensure_rendered();
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    // Set once the parts are built: the frame is busy until then, once the chunk is in.
    let built = RwSignal::new(false);
    // Set while the reply's code is highlighted (see `ReplyMarkdown`).
    let highlighting = RwSignal::new(false);
    let id = StoredValue::new(id);
    // The last message shown (earlier versions after it are hidden; an agent
    // switch or a summary after it does not count: Regenerate answers again with the new agent).
    let is_last = Memo::new(move |_| {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| {
                let last =
                    entries.iter().zip(shown).rev().find(|(e, shown)| {
                        **shown && !matches!(e.kind, EntryKind::AgentSwitch(_) | EntryKind::Summary(_))
                    });
                last.is_some_and(|(e, _)| id.with_value(|id| e.id == *id))
            })
        })
    });
    // Regenerating removes this reply, which disposes this component: the work
    // runs after the click handler has returned, with the id copied out first.
    let regenerate = Callback::new(move |()| {
        let id = id.get_value();
        spawn_local(async move { chat.regenerate(&id) });
    });
    // The frame's Retry (the parts did not load): also answers again when the
    // reply failed before anything reached the provider.
    let retry = Callback::new(move |()| {
        let unsent = reply.status.with_untracked(|status| {
            matches!(status, ReplyStatus::Failed(f) if matches!(f.kind, FailureKind::Provider(ProviderErrorKind::Network) | FailureKind::Offline))
        });
        if unsent && is_last.get_untracked() && !chat.busy.get_untracked() {
            regenerate.run(());
        }
    });
    // Busy while it streams, until how it ended is saved (only then does the
    // conversation take a new message), until a stored reply is rendered and
    // its parts are built, and while its code is highlighted.
    let busy = move || {
        streaming()
            || highlighting.get()
            || reply.awaits_renderer.get()
            || (!built.get() && code::loaded().is_some())
            || id.with_value(|id| chat.working_on(id))
    };
    let load = move || {
        let parts =
            PartsOf { id: id.get_value(), reply, highlighting, built, is_last, regenerate, in_column, names_hidden };
        reply_parts_view(parts)
    };
    // Offline, a reply whose code could not load says why it was not sent, as its card would.
    let reason = Signal::derive(move || {
        reply.status.with(|status| {
            matches!(status, ReplyStatus::Failed(f) if matches!(f.kind, FailureKind::Offline))
                .then_some(OFFLINE_MESSAGE)
        })
    });
    view! {
        <article
            class="message assistant"
            aria-label=tr("Assistant")
            aria-busy=move || if busy() { "true" } else { "false" }
        >
            <Lazy load on_retry=retry reason />
        </article>
    }
}
