//! The model's reasoning above its answer: a disclosure, collapsed by default,
//! that counts the seconds while the model thinks. The text is put into the
//! page only while the block is open, so a long hidden reasoning costs nothing
//! as it streams.

use leptos::prelude::*;

use crate::chat::state::{AssistantView, ReplyStatus};
use crate::i18n::{Arg, tr, tr_with};
use crate::io::clock::now_ms;
use crate::ui::disclosure::Disclosure;

/// The Thinking block of one reply; shown once there is reasoning.
#[component]
pub(crate) fn ThinkingBlock(
    /// The reply whose reasoning is shown. Its status and thinking time say
    /// whether the model is still thinking (the clock runs) or how long it
    /// thought.
    reply: AssistantView,
) -> impl IntoView {
    // Mounted when the first reasoning arrives: the clock starts there.
    let started = now_ms();
    let now = RwSignal::new(started);
    let live = move || reply.thinking_ms.get().is_none() && reply.status.with(|s| *s == ReplyStatus::Streaming);
    // A clock ticks once a second only while the model is thinking.
    let tick = move || now.set(now_ms());
    let ticker = StoredValue::new(if live_now(reply) {
        set_interval_with_handle(tick, std::time::Duration::from_secs(1)).ok()
    } else {
        None
    });
    let stop = move || {
        if let Some(ticker) = ticker.try_update_value(Option::take).flatten() {
            ticker.clear();
        }
    };
    Effect::new(move |_| {
        if !live() {
            stop();
        }
    });
    on_cleanup(stop);
    let label = move || {
        if live() {
            let secs = ((now.get() - started) / 1000.0).max(0.0).floor();
            tr_with("reply-thinking-for", &[("secs", Arg::Number(secs))], || format!("Thinking… {secs} s"))
        } else {
            match reply.thinking_ms.get() {
                Some(ms) => {
                    let secs = ms.div_ceil(1000).max(1);
                    tr_with("reply-thought-for", &[("secs", Arg::Number(secs as f64))], || {
                        format!("Thought for {secs} s")
                    })
                }
                None => tr("Thinking").to_owned(),
            }
        }
    };
    view! {
        <div class="thinking" class:live=live>
            <Disclosure
                toggle=move || label
                toggle_class="thinking-toggle"
                region_label=tr("Thinking")
                region_class="thinking-text"
            >
                {move || reply.reasoning.get()}
            </Disclosure>
        </div>
    }
}

fn live_now(reply: AssistantView) -> bool {
    reply.thinking_ms.get_untracked().is_none() && reply.status.with_untracked(|s| *s == ReplyStatus::Streaming)
}
