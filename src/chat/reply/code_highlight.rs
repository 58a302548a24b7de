//! Highlighting the code of a reply that streamed unhighlighted. While a reply
//! streams its code blocks are written plain (`StreamingMarkdown::for_reply`),
//! so highlighting costs the stream nothing; once it has ended, each block the
//! writer marked (`<code class="language-…" data-plain="">`, a language the
//! highlighter knows) gets the markup `hearth_core::markdown::highlight_code` (in the `reply` chunk)
//! gives for its text, once: what a reply rendered whole shows.

use web_sys::Element;

use crate::chat::state::code::{self, ReplyCode};
use crate::io::clock::monotonic_ms;
use crate::io::frame::next_frame;
use crate::ui::dom::elements_in;

/// The attribute the writer puts on the `<code>` of each block a streamed
/// reply wrote plain, in a language the highlighter knows.
const MARKED: &str = "data-plain";

/// How long one frame's share of highlighting may run before the rest waits
/// for the next frame (a few blocks of ordinary size; the blocks on screen
/// are then laid out and painted with that frame).
const SLICE_MS: f64 = 4.0;

/// The code blocks in `root` that still show their code plain, in order.
pub(crate) fn unhighlighted(root: &Element) -> Vec<Element> {
    elements_in(root, &format!("pre > code[{MARKED}]"))
}

/// Highlights one marked `<code>` and takes its mark away, so no later pass
/// comes back to it (also when it stays plain: no runs, or too long).
fn highlight_block(highlighter: &ReplyCode, code: &Element) {
    let _ = code.remove_attribute(MARKED);
    let class = code.class_name();
    let Some(language) = class.strip_prefix("language-") else { return };
    let text = code.text_content().unwrap_or_default();
    let Some(html) = (highlighter.highlight_code)(language, &text) else { return };
    // Without a single run, the markup is the text as it is already shown
    // (unless that has line break opportunities, `<wbr>`, which go).
    if !html.as_str().contains('<') && code.child_element_count() == 0 {
        return;
    }
    code.set_inner_html(html.as_str());
}

/// Highlights `blocks` (the [`unhighlighted`] ones of `root`) from the next
/// frame on (when the page shows what the reply's last changes made), about
/// [`SLICE_MS`] of it per animation frame, so none makes a long task. Stops
/// when `root` leaves the page; skips a block that left it (the reply was
/// rendered again) or was highlighted meanwhile.
pub(crate) async fn highlight_each(root: Element, blocks: Vec<Element>) {
    // Loaded already: highlighting follows a streamed reply, which ran the chunk's code.
    let Ok(highlighter) = code::load().await else { return };
    next_frame().await;
    let mut slice_start = monotonic_ms();
    for code in blocks {
        if !root.is_connected() {
            return;
        }
        if monotonic_ms() - slice_start > SLICE_MS {
            next_frame().await;
            slice_start = monotonic_ms();
        }
        if code.is_connected() && code.has_attribute(MARKED) {
            highlight_block(highlighter, &code);
        }
    }
}
