//! The context meter near the composer: how full the model's context window
//! would be with the next request ("3,200 of 8,192 tokens · 39 %"). The
//! conversation's part is computed once per change of the conversation (the
//! chat's `context`); a keystroke adds only the draft's estimate.

use hearth_core::compaction::estimate_tokens;
use hearth_core::format::grouped;
use leptos::prelude::*;

use crate::chat::state::{ChatContext, usage};
use crate::i18n::{Arg, tr, tr_with};
use crate::settings::state::PreferencesContext;

/// A meter named "Context window used", with its figure beside it.
#[component]
pub(crate) fn ContextMeter(
    /// The message being typed, whose estimate is added to the conversation's.
    draft: RwSignal<String>,
) -> impl IntoView {
    let chat = ChatContext::expect();
    let preferences = PreferencesContext::expect();
    let figure = Memo::new(move |_| {
        let (history, window) = chat.context.get().unwrap_or((0, hearth_core::compaction::FALLBACK_CONTEXT_WINDOW));
        let typed = draft.with(|draft| if draft.trim().is_empty() { 0 } else { estimate_tokens(draft) });
        usage(history.saturating_add(typed), window)
    });
    let text = move || {
        let figure = figure.get();
        let args = [
            ("used", Arg::Number(f64::from(figure.used))),
            ("window", Arg::Number(f64::from(figure.window))),
            ("percent", Arg::Number(f64::from(figure.percent))),
        ];
        tr_with("composer-context-used", &args, || {
            format!(
                "{} of {} tokens · {} %",
                grouped(figure.used.into()),
                grouped(figure.window.into()),
                figure.percent
            )
        })
    };
    let full = move || preferences.compaction.with(|settings| figure.get().past_threshold(settings));
    view! {
        // Hidden until the figure is known (the `reply` chunk computes it).
        <div class="context-meter" class:full=full hidden=move || chat.context.with(Option::is_none)>
            // A native meter (no inline style, which the page's CSP refuses):
            // green well below the threshold, amber close to it, red past it.
            <meter
                class="context-meter-bar"
                aria-label=tr("Context window used")
                aria-valuetext=text
                min="0"
                max="100"
                low=move || preferences.compaction.with(|s| s.threshold().saturating_sub(10)).to_string()
                high=move || preferences.compaction.with(|s| s.threshold()).to_string()
                optimum="0"
                value=move || figure.get().meter_percent().to_string()
                title=move || {
                    if full() {
                        tr("The next request will summarise earlier messages first").to_owned()
                    } else {
                        tr("Estimated size of the next request").to_owned()
                    }
                }
            ></meter>
            <span class="context-meter-text" aria-hidden="true">{text}</span>
        </div>
    }
}
