//! A reply: its Thinking block, its markdown (final blocks plus the growing
//! tail; its code is highlighted once the reply has ended), the "Still
//! writing" dots while it streams (`still_writing`), its status or error card,
//! and a footer with the badge naming its agent and model, token usage, the
//! version arrows of a regenerated reply, and the icon row: Copy, Regenerate (on
//! the last reply) and Save as file.
//!
//! Finished blocks go into pages of about 16 KB of markup, each
//! `content-visibility: auto`, so pages off screen are neither laid out nor
//! painted while the reply streams. The reply is `aria-busy` while it streams,
//! until how it ended is saved, and while its code is highlighted.

use hearth_core::markdown::TailChange;
use hearth_core::provider::FinishKind;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::apps::app_version_button::AppVersionButton;
use crate::chat::branches::message_menu::MessageMenu;
use crate::chat::branches::version_switcher::VersionSwitcher;
use crate::chat::reply::code_copy::{CodeCopyStatus, on_code_click};
use crate::chat::reply::code_highlight::{highlight_each, unhighlighted};
use crate::chat::reply::error_card::ErrorCard;
use crate::chat::reply::image_loading::{on_markdown_click, show_images};
use crate::chat::reply::save_reply_button::SaveReplyButton;
use crate::chat::reply::still_writing::StillWriting;
use crate::chat::reply::thinking_block::ThinkingBlock;
use crate::chat::sent_media::sent_media_view;
use crate::chat::state::{AssistantView, ChatContext, EntryKind, ReplyStatus};
use crate::settings::state::PreferencesContext;
use crate::tools::tool_activity::tool_activity_view;
use crate::ui::copy_button::CopyButton;
use crate::ui::icon::{Icon, IconName};
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
    let preferences = PreferencesContext::expect();
    reply.ensure_rendered();
    let blocks = NodeRef::<leptos::html::Div>::new();
    // Finished blocks go into the page once each: only those added since the last
    // run are inserted; a new generation (the reply was re-rendered whole) starts over.
    // They are grouped into pages of about PAGE_BYTES of markup (the state's third
    // member: how full the last page is).
    Effect::new(move |previous: Option<(u32, usize, usize)>| {
        let (generation, len) = reply.blocks.version();
        let Some(container) = blocks.get() else { return (u32::MAX, 0, PAGE_BYTES) };
        let (from, mut filled) = match previous {
            Some((known, shown, filled)) if known == generation && shown <= len => (shown, filled),
            _ => {
                container.set_inner_html("");
                (0, PAGE_BYTES)
            }
        };
        let mut page = container.last_element_child();
        preferences.image_hosts.with_untracked(|hosts| {
            reply.blocks.each_from(from, |html| {
                if filled >= PAGE_BYTES || page.is_none() {
                    page = new_page(&container);
                    filled = 0;
                }
                let Some(page) = &page else { return };
                let shown_children = page.child_element_count();
                let _ = page.insert_adjacent_html("beforeend", html.as_str());
                filled += html.as_str().len();
                // A new finished block may load its allowed hosts' images (once each).
                let children = page.children();
                for child in (shown_children..children.length()).filter_map(|i| children.item(i)) {
                    show_images(&child, Some(hosts));
                }
            });
        });
        (generation, len, filled)
    });
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    // The tail: its markup is set when it is replaced (or this is mounted), and
    // the appends since are applied in order, each once, so a frame that only
    // adds text costs that text. A replaced tail shows images already loaded,
    // and loads allowed ones only once the answer is finished.
    let tail = NodeRef::<leptos::html::Div>::new();
    // Where the last Extend appended (see `apply_tail_change`), kept while only Extends follow.
    let extend_into = StoredValue::new_local(None::<web_sys::Element>);
    Effect::new(move |previous: Option<(u32, usize)>| {
        let (generation, len) = reply.tail_changes.version();
        reply.tail.track();
        let Some(container) = tail.get() else { return (u32::MAX, 0) };
        let from = match previous {
            Some((known, shown)) if known == generation && shown <= len => shown,
            _ => {
                extend_into.set_value(None);
                reply.tail.with_untracked(|html| container.set_inner_html(html.as_str()));
                let finished = !reply.status.with_untracked(|status| *status == ReplyStatus::Streaming);
                preferences
                    .image_hosts
                    .with_untracked(|hosts| show_images(&container, finished.then_some(hosts.as_slice())));
                0
            }
        };
        extend_into.update_value(|into| {
            reply.tail_changes.each_from(from, |change| apply_tail_change(&container, change, into));
        });
        (generation, len)
    });
    let markdown = NodeRef::<leptos::html::Div>::new();
    // What Copy code on one of the reply's code blocks says.
    let code_copied = RwSignal::new(String::new());
    Effect::new(move |_| {
        if !streaming()
            && let Some(container) = markdown.get()
        {
            preferences.image_hosts.with_untracked(|hosts| show_images(&container, Some(hosts)));
        }
    });
    // Code that streamed unhighlighted is highlighted once the reply is not
    // streaming (and when it is shown again), a few blocks per frame;
    // meanwhile the reply counts as busy (only the newest pass clears that).
    let highlighting = RwSignal::new(false);
    let passes = StoredValue::new(0u32);
    Effect::new(move |_| {
        if streaming() {
            return;
        }
        reply.blocks.version();
        reply.tail.track();
        reply.tail_changes.version();
        let Some(container) = markdown.get() else { return };
        let pass = passes.get_value().wrapping_add(1);
        passes.set_value(pass);
        let blocks = unhighlighted(&container);
        if !blocks.is_empty() {
            highlighting.set(true);
        }
        spawn_local(async move {
            highlight_each(container.into(), blocks).await;
            if passes.try_get_value() == Some(pass) && highlighting.try_get_untracked() == Some(true) {
                highlighting.try_set(false);
            }
        });
    });
    let usage = move || {
        reply.usage.get().map(|usage| {
            let count = |n: Option<u64>| n.map_or_else(|| "?".to_owned(), |n| n.to_string());
            format!("{} in · {} out", count(usage.input), count(usage.output))
        })
    };
    // Read when the badge is: `show_record` sets the model each time the record changes.
    let edited = move || reply.record.with_value(|record| record.edited_at.is_some());
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
    let idle = Signal::derive(move || !chat.busy.get());
    // Regenerating removes this reply, which disposes this component: the work
    // runs after the click handler has returned, with the id copied out first.
    let regenerate = Callback::new(move |()| {
        let id = id.get_value();
        spawn_local(async move { chat.regenerate(&id) });
    });
    let compact_and_retry = Callback::new(move |()| {
        let id = id.get_value();
        spawn_local(async move { chat.compact_and_retry(&id) });
    });
    // One status for the icon row: "Copied", "Saved" (or why not).
    let feedback = RwSignal::new(String::new());
    let failed = move || reply.status.with(|status| matches!(status, ReplyStatus::Failed(_)));
    let offer_regenerate = move || is_last.get() && idle.get() && !streaming() && !failed();
    // Busy while it streams, until how it ended is saved (only then does the
    // conversation take a new message), and while its code is highlighted.
    let busy = move || {
        streaming() || highlighting.get() || reply.awaits_renderer.get() || id.with_value(|id| chat.working_on(id))
    };
    view! {
        <article
            class="message assistant"
            aria-label="Assistant"
            aria-busy=move || if busy() { "true" } else { "false" }
        >
            <Show when=move || reply.reasoning.with(|r| !r.is_empty())>
                <ThinkingBlock reply />
            </Show>
            <Show when=move || {
                reply.calls.with(|calls| !calls.is_empty())
                    || (streaming() && reply.offers_tools.get() && reply.tail.with(|t| t.as_str().is_empty())
                        && reply.blocks.version().1 == 0)
            }>
                <Lazy load=move || tool_activity_view(reply, id.get_value()) />
            </Show>
            // Images a ChatGPT import placed on a reply (generated ones).
            {Some(reply.record.with_value(|record| record.attachments.clone()))
                .filter(|attachments| !attachments.is_empty())
                .map(|attachments| view! { <Lazy load=move || sent_media_view(attachments.clone()) /> })}
            <div
                class="markdown"
                class:streaming=streaming
                node_ref=markdown
                on:click=move |ev: leptos::ev::MouseEvent| {
                    on_markdown_click(&ev);
                    on_code_click(&ev, code_copied);
                }
            >
                <div class="blocks" node_ref=blocks></div>
                <div class="block" node_ref=tail></div>
            </div>
            <CodeCopyStatus status=code_copied />
            <Show when=streaming>
                <StillWriting reply />
            </Show>
            {move || match reply.status.get() {
                ReplyStatus::Failed(failure) => {
                    let offered = Signal::derive(move || is_last.get());
                    // Only a failure this tab just had waits: a stored one's wait is over.
                    let wait_secs = if reply.fresh.get_value() { failure.retry_after_secs.unwrap_or(0) } else { 0 };
                    Some(
                        view! {
                            <ErrorCard
                                failure
                                wait_secs
                                offered
                                can_retry=idle
                                on_retry=regenerate
                                on_compact_and_retry=compact_and_retry
                            />
                        }
                            .into_any(),
                    )
                }
                status => status_note(&status),
            }}
            {move || skipped_note(reply.skipped.get()).map(|text| view! { <p class="note">{text}</p> })}
            {move || ignored_choices_note(reply.ignored_choices.get()).map(|text| view! { <p class="note">{text}</p> })}
            <footer class="meta">
                // The icon row: Copy, Save as file and (on the last reply) Regenerate.
                <span class="message-actions">
                    <Show when=move || !streaming()>
                        <CopyButton text=move || reply.record.with_value(|record| record.content.clone()) status=feedback />
                        <SaveReplyButton
                            text=move || reply.record.with_value(|record| record.content.clone())
                            created_at=reply.record.with_value(|record| record.created_at)
                            status=feedback
                        />
                    </Show>
                    <Show when=offer_regenerate>
                        <button
                            type="button"
                            class="icon-button action"
                            aria-label="Regenerate"
                            title="Regenerate (answer again)"
                            on:click=move |_| regenerate.run(())
                        >
                            <Icon name=IconName::Refresh />
                        </button>
                    </Show>
                </span>
                <span class="badge" title=move || badge_title(reply.agent.with(Option::is_some))>
                    {move || (!names_hidden.get()).then(|| badge(reply.agent.get(), reply.model.get(), edited()))}
                </span>
                {move || usage().map(|text| view! { <span class="usage" title="Tokens">{text}</span> })}
                {(!in_column).then(|| view! { <VersionSwitcher id=id.get_value() label="Versions of this answer" /> })}
                <MessageMenu id=id.get_value() reply=true />
                <AppVersionButton id=id.get_value() />
                <span class="action-feedback" role="status">
                    {move || feedback.get()}
                </span>
            </footer>
        </article>
    }
}

/// About how much markup (bytes) of finished blocks one page of them holds.
/// The style (`.blocks-page`) lets the browser skip the layout and paint of a
/// page that is off screen, so while a long reply streams, what it has
/// finished costs a frame next to nothing, however long and however
/// highlighted it is. Each page costs the browser a visibility check a
/// frame, and the page in view is laid out and painted whole: 16 KB (about
/// four highlighted code blocks) measured better than 8 KB or 48 KB.
const PAGE_BYTES: usize = 16 * 1024;

/// Adds an empty page for finished blocks at the end of `container`.
fn new_page(container: &web_sys::Element) -> Option<web_sys::Element> {
    let page = container.owner_document()?.create_element("div").ok()?;
    page.set_class_name("blocks-page");
    container.append_child(&page).ok()?;
    Some(page)
}

/// Applies an append to the tail's markup: after what is there
/// (`TailChange::Add`), at the end of its innermost last element
/// (`TailChange::Extend`: text into an open code block or pending paragraph),
/// or at the end of the element `depth` last-element-child steps below its
/// last element (`TailChange::AddInto`: rows into a table's `<tbody>`).
fn apply_tail_change(container: &web_sys::Element, change: &TailChange, extend_into: &mut Option<web_sys::Element>) {
    if !matches!(change, TailChange::Extend(_)) {
        *extend_into = None;
    }
    match change {
        TailChange::Add(html) => {
            let _ = container.insert_adjacent_html("beforeend", html.as_str());
        }
        TailChange::Extend(html) => {
            // An Extend adds text (and `<wbr>`s) only, so the element the last
            // one went into is still the innermost: found once per run of
            // Extends (a growing code block's every frame), not walked to each
            // time. Anything else that changes the tail forgets it.
            let target = match extend_into.take().filter(|target| target.is_connected()) {
                Some(target) => target,
                None => innermost(container),
            };
            let _ = target.insert_adjacent_html("beforeend", html.as_str());
            *extend_into = Some(target);
        }
        TailChange::AddInto { depth, html } => {
            let mut target = container.last_element_child();
            for _ in 0..*depth {
                target = target.and_then(|element| element.last_element_child());
            }
            if let Some(target) = target {
                let _ = target.insert_adjacent_html("beforeend", html.as_str());
            }
        }
        TailChange::Same | TailChange::Replace(_) => {}
    }
}

/// The innermost last element of `container` that can hold text: down through
/// the last element children, stopping above a `<wbr>` (long code text gets
/// them) or another empty element.
fn innermost(container: &web_sys::Element) -> web_sys::Element {
    let mut target = container.clone();
    while let Some(child) = target.last_element_child() {
        if matches!(child.tag_name().as_str(), "WBR" | "BR" | "HR" | "INPUT") {
            break;
        }
        target = child;
    }
    target
}

/// Who wrote a reply: "<agent> · <model>", or the model alone for a reply
/// from before agents (or the agent alone when no model is known).
/// Ends with "· edited" once the user edited its text.
fn badge(agent: Option<String>, model: String, edited: bool) -> String {
    let named = match agent {
        Some(agent) if model.is_empty() => agent,
        Some(agent) => format!("{agent} · {model}"),
        None => model,
    };
    if edited { format!("{named} · edited") } else { named }
}

/// The badge's tooltip: what it names.
fn badge_title(has_agent: bool) -> &'static str {
    if has_agent { "Agent · model" } else { "Model" }
}

/// Says that unreadable chunks were skipped (the rest of the stream was used).
fn skipped_note(count: usize) -> Option<String> {
    match count {
        0 => None,
        1 => Some("One chunk of the stream could not be read and was skipped.".to_owned()),
        n => Some(format!("{n} chunks of the stream could not be read and were skipped.")),
    }
}

/// Says that the provider sent more than one answer (`n` > 1) and only the
/// first is shown.
fn ignored_choices_note(ignored: u32) -> Option<String> {
    (ignored > 0).then(|| {
        let answers = u64::from(ignored) + 1;
        format!("The provider sent {answers} answers (n > 1 in the request); only the first is shown.")
    })
}

/// The note or card for a reply that ended without an error.
fn status_note(status: &ReplyStatus) -> Option<AnyView> {
    let note = |text: &'static str| Some(view! { <p class="note">{text}</p> }.into_any());
    let card = |title: &'static str, detail: &'static str| {
        Some(
            view! {
                <div class="notice-card" role="note">
                    <p class="error-title">{title}</p>
                    <p class="error-detail">{detail}</p>
                </div>
            }
            .into_any(),
        )
    };
    match status {
        ReplyStatus::Streaming | ReplyStatus::Complete | ReplyStatus::Failed(_) => None,
        ReplyStatus::Stopped => note("Stopped"),
        ReplyStatus::Interrupted => {
            note("Interrupted: the page was closed or reloaded while this answer was streaming.")
        }
        ReplyStatus::Incomplete => card(
            "The answer may be incomplete",
            "The stream ended before the model said it had finished. What arrived is kept; Regenerate asks again.",
        ),
        ReplyStatus::Cut(FinishKind::Length) => {
            card("The answer reached the token limit", "Raise Max tokens in Providers, or ask the model to continue.")
        }
        ReplyStatus::Cut(FinishKind::ContentFilter) => card(
            "The provider's safety filter stopped the answer",
            "The model refused, or the provider's content filter blocked the prompt or the answer.",
        ),
        ReplyStatus::Cut(_) => card("The provider ended the answer early", "Regenerate asks again."),
    }
}
