//! Highlighting the code of a reply that streamed unhighlighted. While a reply
//! streams its code blocks are written plain (`StreamingMarkdown::for_reply`),
//! so highlighting costs the stream nothing; once it has ended, each block's
//! `<code class="language-…">` gets the markup
//! `hearth_core::markdown::highlight_code` gives for its text, once: what a
//! reply rendered whole shows.

use hearth_core::markdown::highlight_code;
use wasm_bindgen::JsCast;
use web_sys::Element;

use crate::io::clock::monotonic_ms;
use crate::io::frame::next_frame;

/// The code elements of dressed code blocks (the writer puts the fence's
/// language in their class).
const CODE_BLOCKS: &str = "pre > code[class^=\"language-\"]";

/// How long one frame's share of highlighting may run before the rest waits
/// for the next frame (a few blocks of ordinary size; the blocks on screen
/// are then laid out and painted with that frame).
const SLICE_MS: f64 = 4.0;

/// The language of a dressed code block's `<code>`, when the highlighter
/// knows it.
fn known_language(code: &Element) -> Option<String> {
    let class = code.class_name();
    let language = class.strip_prefix("language-")?;
    highlight_code(language, "").map(|_| language.to_owned())
}

/// Whether `code` still shows its text plain: its language is known and it
/// has no highlighted runs yet (a streamed block holds only text and `<wbr>`s).
fn unhighlighted_block(code: &Element) -> bool {
    code.query_selector("span").ok().flatten().is_none() && known_language(code).is_some()
}

/// The code blocks in `root` that still show their code plain, in order.
pub(crate) fn unhighlighted(root: &Element) -> Vec<Element> {
    let Ok(list) = root.query_selector_all(CODE_BLOCKS) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|node| node.dyn_into::<Element>().ok())
        .filter(unhighlighted_block)
        .collect()
}

/// Highlights one `<code>` of a dressed code block of a known language.
fn highlight_block(code: &Element) {
    let Some(language) = known_language(code) else { return };
    let text = code.text_content().unwrap_or_default();
    let Some(html) = highlight_code(&language, &text) else { return };
    // Without a single run, the markup is the text as it is already shown
    // (unless that has line break opportunities, `<wbr>`, which go).
    if !html.as_str().contains('<') && code.child_element_count() == 0 {
        return;
    }
    code.set_inner_html(html.as_str());
}

/// Highlights the code blocks in `root` that still show their code plain,
/// from the next frame on (when the page shows what the reply's last changes
/// made), about [`SLICE_MS`] of it per animation frame, so none makes a long
/// task. Stops when `root` leaves the page; a block highlighted meanwhile is
/// skipped.
pub(crate) async fn highlight_each(root: Element) {
    next_frame().await;
    let mut slice_start = monotonic_ms();
    for code in unhighlighted(&root) {
        if !root.is_connected() {
            return;
        }
        if monotonic_ms() - slice_start > SLICE_MS {
            next_frame().await;
            slice_start = monotonic_ms();
        }
        if unhighlighted_block(&code) {
            highlight_block(&code);
        }
    }
}
