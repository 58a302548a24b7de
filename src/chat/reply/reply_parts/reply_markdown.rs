//! A reply's rendered markdown: the finished blocks, in pages of about
//! [`PAGE_BYTES`] of markup that the browser skips while off screen, and the
//! growing tail, each inserted once as it arrives. Allowed hosts' images load
//! in finished blocks (in the tail once the reply ended); code is highlighted
//! once the reply is not streaming. Clicks inside are Copy code, Load image,
//! Show diagram and citation marks (to the reply's source list), and what Copy code says goes into its status after it.

use hearth_core::markdown::TailChange;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::chat::reply::citation_links::on_citation_click;
use crate::chat::reply::code_copy::{CodeCopyStatus, on_code_click};
use crate::chat::reply::code_highlight::{highlight_each, unhighlighted};
use crate::chat::reply::image_loading::{IMAGE_MARKER, on_markdown_click, show_images};
use crate::chat::state::{AssistantView, ReplyStatus};
use crate::settings::state::PreferencesContext;

/// The markdown of the reply `reply`, and the status of its Copy code buttons.
#[component]
pub(crate) fn ReplyMarkdown(
    /// The reply whose rendered blocks and tail are shown.
    reply: AssistantView,
    /// Set while code of the reply is being highlighted (the reply counts as
    /// busy meanwhile); only the newest pass clears it.
    highlighting: RwSignal<bool>,
) -> impl IntoView {
    let preferences = PreferencesContext::expect();
    let blocks = NodeRef::<leptos::html::Div>::new();
    let tail = NodeRef::<leptos::html::Div>::new();
    let markdown = NodeRef::<leptos::html::Div>::new();
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    show_blocks(reply, blocks, preferences);
    show_tail(reply, tail, preferences);
    // What Copy code on one of the reply's code blocks says.
    let code_copied = RwSignal::new(String::new());
    Effect::new(move |_| {
        if !streaming()
            && let Some(container) = markdown.get()
        {
            preferences.image_hosts.with_untracked(|hosts| show_images(&container, Some(hosts)));
        }
    });
    highlight_when_ended(reply, markdown, highlighting);
    view! {
        <div
            class="markdown"
            class:streaming=streaming
            node_ref=markdown
            on:click=move |ev: leptos::ev::MouseEvent| {
                if on_citation_click(&ev) {
                    return;
                }
                on_markdown_click(&ev);
                on_code_click(&ev, code_copied);
            }
        >
            <div class="blocks" node_ref=blocks></div>
            <div class="block" node_ref=tail></div>
        </div>
        <CodeCopyStatus status=code_copied />
    }
}

/// Keeps `blocks` showing the reply's finished blocks.
fn show_blocks(reply: AssistantView, blocks: NodeRef<leptos::html::Div>, preferences: PreferencesContext) {
    // Finished blocks go into the page once each: only those added since the last
    // run are inserted, a page's worth in one insertion (a fast stream finishes
    // many per frame); a new generation (the reply was re-rendered whole) starts
    // over. They are grouped into pages of about PAGE_BYTES of markup (the
    // state's third member: how full the last page is).
    Effect::new(move |previous: Option<(u32, usize, usize)>| {
        let (generation, len) = reply.blocks.version();
        let Some(container) = blocks.get() else { return (u32::MAX, 0, PAGE_BYTES) };
        let (from, filled) = match previous {
            Some((known, shown, filled)) if known == generation && shown <= len => (shown, filled),
            _ => {
                container.set_inner_html("");
                // Diagrams shown in the blocks just taken out are released.
                crate::chat::reply::diagram_view::release_stale();
                (0, PAGE_BYTES)
            }
        };
        let mut pages =
            NewBlocks { page: container.last_element_child(), filled, markup: String::new(), images: false };
        preferences.image_hosts.with_untracked(|hosts| {
            reply.blocks.each_from(from, |html| {
                if pages.filled >= PAGE_BYTES || pages.page.is_none() {
                    pages.insert(hosts);
                    pages.page = new_page(&container);
                    pages.filled = 0;
                }
                pages.markup.push_str(html.as_str());
                pages.images |= html.as_str().contains(IMAGE_MARKER);
                pages.filled += html.as_str().len();
            });
            pages.insert(hosts);
        });
        (generation, len, pages.filled)
    });
}

/// Finished blocks on their way into the last page: their markup, whether any
/// has an image, and how full the page is with them.
struct NewBlocks {
    page: Option<web_sys::Element>,
    filled: usize,
    markup: String,
    images: bool,
}

impl NewBlocks {
    /// Inserts the markup gathered into the page, in one go (each block's
    /// markup is whole, so joined they make the same elements); the new blocks
    /// with an image load their allowed hosts' (once each).
    fn insert(&mut self, hosts: &[String]) {
        let markup = std::mem::take(&mut self.markup);
        let Some(page) = self.page.as_ref().filter(|_| !markup.is_empty()) else { return };
        let shown_children = page.child_element_count();
        let _ = page.insert_adjacent_html("beforeend", &markup);
        if std::mem::take(&mut self.images) {
            let children = page.children();
            for child in (shown_children..children.length()).filter_map(|i| children.item(i)) {
                show_images(&child, Some(hosts));
            }
        }
    }
}

/// Keeps `tail` showing the reply's growing tail.
fn show_tail(reply: AssistantView, tail: NodeRef<leptos::html::Div>, preferences: PreferencesContext) {
    // The tail: its markup is set when it is replaced (or this is mounted), and
    // the appends since are applied in order, each once, so a frame that only
    // adds text costs that text. A replaced tail shows images already loaded,
    // and loads allowed ones only once the answer is finished.
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
}

/// Highlights the code of `markdown` that streamed unhighlighted once the
/// reply is not streaming, with `highlighting` set meanwhile.
fn highlight_when_ended(reply: AssistantView, markdown: NodeRef<leptos::html::Div>, highlighting: RwSignal<bool>) {
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    // Code that streamed unhighlighted is highlighted once the reply is not
    // streaming (and when it is shown again), a few blocks per frame;
    // meanwhile the reply counts as busy (only the newest pass clears that).
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
