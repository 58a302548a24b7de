//! The open conversation, a live log that screen readers follow, and how it
//! scrolls: it follows a growing reply only while the reader is at the bottom.
//! Files dropped on it are attached to the next message. A summary is no
//! message: its divider stands before the first message it keeps verbatim.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{HtmlElement, ResizeObserver};

use crate::chat::{ChatContext, Entry, EntryKind};
use crate::components::agent_switch_divider::AgentSwitchDivider;
use crate::components::assistant_message::AssistantMessage;
use crate::components::conversation_welcome::ConversationWelcome;
use crate::components::file_drop;
use crate::components::jump_to_latest::JumpToLatest;
use crate::components::summary_divider::SummaryDivider;
use crate::components::user_message::UserMessage;
use crate::sessions::SessionsContext;

/// Messages shown at first, and added by each "Show earlier messages".
const WINDOW: usize = 60;

/// The open conversation's latest messages, oldest first; earlier ones on request,
/// so that a conversation of thousands of messages opens as fast as a short one.
///
/// Scrolling: while the view is at the bottom (within [`NEAR_BOTTOM_PX`]) it
/// follows the conversation as it grows; scrolling up stops that, and "Jump to
/// latest" brings the view back and follows again. The position is read only on
/// scroll events and when the content's size changed (a `ResizeObserver`, at
/// most once per frame, after layout), never per token.
#[component]
pub(crate) fn Conversation() -> impl IntoView {
    let chat = ChatContext::expect();
    let sessions = SessionsContext::expect();
    let scroller = NodeRef::<leptos::html::Main>::new();
    let content = NodeRef::<leptos::html::Div>::new();
    let follow = Follow::new();
    let observer = StoredValue::new_local(None::<(ResizeObserver, Closure<dyn FnMut()>)>);
    Effect::new(move |_| {
        let (Some(scroller), Some(content)) = (scroller.get(), content.get()) else { return };
        if observer.with_value(Option::is_some) {
            return;
        }
        let element: HtmlElement = scroller.clone();
        let on_resize = Closure::<dyn FnMut()>::new(move || follow.resized(&element));
        let Ok(watch) = ResizeObserver::new(on_resize.as_ref().unchecked_ref()) else { return };
        watch.observe(&scroller);
        watch.observe(&content);
        observer.set_value(Some((watch, on_resize)));
    });
    on_cleanup(move || {
        if let Some((watch, _)) = observer.try_update_value(Option::take).flatten() {
            watch.disconnect();
        }
    });
    // Another conversation opens at its bottom.
    Effect::new(move |_| {
        sessions.current.track();
        follow.resume(scroller.get_untracked().as_ref());
    });
    // Sending (or regenerating) brings the view back to the newest message.
    Effect::new(move |was_busy: Option<bool>| {
        let busy = chat.busy.get();
        if busy && was_busy == Some(false) {
            follow.resume(scroller.get_untracked().as_ref());
        }
        busy
    });
    let on_scroll = move |_| {
        if let Some(element) = scroller.get_untracked() {
            follow.scrolled(&element);
        }
    };
    let jump = Callback::new(move |()| {
        let element: Option<HtmlElement> = scroller.get_untracked();
        follow.resume(element.as_ref());
        // The button goes away: the conversation takes the focus, so the keys
        // that scroll it work from here.
        if let Some(element) = element {
            let _ = element.focus();
        }
    });
    let jump_shown = Signal::derive(move || !follow.at_bottom.get() && (follow.grown.get() || chat.busy.get()));
    let agent_name = Signal::derive(move || Some(chat.agent().name));
    // How many of the latest messages to show, for the conversation whose first
    // message has this id; another conversation starts again at one window.
    let expanded = RwSignal::new((None::<String>, WINDOW));
    let first_id = Memo::new(move |_| chat.entries.with(|entries| entries.first().map(|e| e.id.clone())));
    let shown = move || expanded.with(|(id, count)| if *id == first_id.get() { *count } else { WINDOW });
    // Earlier versions of regenerated replies are not listed; their reply's
    // version arrows reach them. Summaries are shown as their divider instead.
    let listed = move || {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| {
                entries.iter().zip(shown).filter(|(e, on)| **on && !is_summary(e)).map(|(e, _)| e.clone()).collect()
            })
        })
    };
    let listed_count = Memo::new(move |_| {
        chat.shown.with(|shown| {
            chat.entries.with(|entries| entries.iter().zip(shown).filter(|(e, on)| **on && !is_summary(e)).count())
        })
    });
    let hidden = move || listed_count.get().saturating_sub(shown());
    let visible = move || {
        let listed: Vec<Entry> = listed();
        listed[listed.len().saturating_sub(shown())..].to_vec()
    };
    let show_earlier = move |_| expanded.set((first_id.get_untracked(), shown() + WINDOW));
    view! {
        <div
            class="conversation-pane"
            on:dragover=file_drop::on_dragover
            on:drop=move |ev| file_drop::on_drop(ev, chat)
        >
        <main class="scroller" node_ref=scroller tabindex="0" aria-label="Messages" on:scroll=on_scroll>
            <div class="conversation" role="log" aria-label="Conversation" node_ref=content>
                <Show when=move || chat.entries.with(Vec::is_empty)>
                    <Show
                        when=move || chat.providers.list.with(Vec::is_empty)
                        fallback=move || view! { <ConversationWelcome agent_name /> }
                    >
                        <div class="empty">
                            <p>
                                "Add a provider to start: OpenAI, Anthropic, Gemini, or any OpenAI-compatible server, including Ollama or LM Studio on this computer."
                            </p>
                            <button type="button" class="primary" on:click=move |_| chat.providers.dialog_open.set(true)>
                                "Set up a provider"
                            </button>
                        </div>
                    </Show>
                </Show>
                <Show when=move || hidden() != 0>
                    <button type="button" class="earlier" on:click=show_earlier>
                        {move || format!("Show earlier messages ({})", hidden())}
                    </button>
                </Show>
                <For each=visible key=|entry: &Entry| entry.id.clone() let:entry>
                    {
                        let id = entry.id.clone();
                        move || {
                            chat.active_summary
                                .with(|active| active.clone().filter(|summary| summary.boundary_id == id))
                                .map(|summary| {
                                    view! {
                                        <SummaryDivider
                                            summary_id=summary.summary_id
                                            text=summary.text
                                            summarised=summary.summarised
                                        />
                                    }
                                })
                        }
                    }
                    {match entry.kind {
                        EntryKind::User(text, files) => view! { <UserMessage text files /> }.into_any(),
                        EntryKind::System(text) => {
                            view! {
                                <article class="message system" aria-label="System">
                                    <p class="user-text">{text}</p>
                                </article>
                            }
                                .into_any()
                        }
                        EntryKind::Assistant(reply) => view! { <AssistantMessage id=entry.id.clone() reply /> }.into_any(),
                        EntryKind::AgentSwitch(name) => view! { <AgentSwitchDivider name /> }.into_any(),
                        // Not listed (see `listed`).
                        EntryKind::Summary(_) => ().into_any(),
                    }}
                </For>
            </div>
        </main>
        <JumpToLatest shown=jump_shown on_jump=jump />
        </div>
    }
}

/// Whether `entry` is a summary (shown as its divider, not as a message).
fn is_summary(entry: &Entry) -> bool {
    matches!(entry.kind, EntryKind::Summary(_))
}

/// How close to the bottom still counts as "at the bottom", in CSS pixels.
const NEAR_BOTTOM_PX: i32 = 8;

/// Whether the view follows the conversation's growth, and what the Jump
/// button needs to know.
#[derive(Clone, Copy)]
struct Follow {
    /// Whether growth scrolls the view to the bottom (read by the observer, so
    /// not a signal).
    following: StoredValue<bool>,
    /// The content's height when last seen, to tell growth from other resizes.
    height: StoredValue<i32>,
    /// Whether the view is at the bottom.
    at_bottom: RwSignal<bool>,
    /// Whether the conversation grew while the view was away from the bottom.
    grown: RwSignal<bool>,
}

impl Follow {
    fn new() -> Self {
        Self {
            following: StoredValue::new(true),
            height: StoredValue::new(0),
            at_bottom: RwSignal::new(true),
            grown: RwSignal::new(false),
        }
    }

    /// The reader scrolled (or the view was scrolled): follow only at the bottom.
    fn scrolled(self, scroller: &HtmlElement) {
        let near = scroller.scroll_height() - scroller.scroll_top() - scroller.client_height() <= NEAR_BOTTOM_PX;
        self.following.set_value(near);
        if self.at_bottom.get_untracked() != near {
            self.at_bottom.set(near);
        }
        if near && self.grown.get_untracked() {
            self.grown.set(false);
        }
    }

    /// The content or the scroller changed size (after layout, once a frame at
    /// most): keep to the bottom while following, else remember the growth.
    fn resized(self, scroller: &HtmlElement) {
        let height = scroller.scroll_height();
        let grew = height > self.height.get_value();
        self.height.set_value(height);
        if self.following.get_value() {
            scroller.set_scroll_top(height);
        } else if grew && !self.grown.get_untracked() {
            self.grown.set(true);
        }
    }

    /// Back to the bottom, following again.
    fn resume(self, scroller: Option<&HtmlElement>) {
        self.following.set_value(true);
        self.at_bottom.set(true);
        self.grown.set(false);
        if let Some(scroller) = scroller {
            scroller.set_scroll_top(scroller.scroll_height());
        }
    }
}
