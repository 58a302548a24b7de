//! How a reply ended, under its text: the error card of a failed reply (with
//! Retry and "Compact and retry" on the last one), the note or card of one
//! stopped, interrupted, incomplete or cut short, and the notes on chunks of
//! the stream skipped and on extra answers the provider sent.

use hearth_core::provider::FinishKind;
use leptos::prelude::*;

use crate::chat::reply::error_card::ErrorCard;
use crate::chat::state::{AssistantView, ReplyStatus};
use crate::i18n::{Arg, tr, tr_with};

/// The status card and notes of the reply `reply`.
#[component]
pub(crate) fn ReplyOutcome(
    /// The reply whose status, skipped chunks and ignored answers are shown.
    reply: AssistantView,
    /// Whether this is the last reply shown (only that one offers Retry).
    is_last: Memo<bool>,
    /// Whether the conversation is idle (Retry waits until it is).
    idle: Signal<bool>,
    /// What Retry does.
    on_retry: Callback<()>,
    /// What "Compact and retry" does.
    on_compact_and_retry: Callback<()>,
) -> impl IntoView {
    view! {
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
                            on_retry
                            on_compact_and_retry
                        />
                    }
                        .into_any(),
                )
            }
            status => status_note(&status),
        }}
        {move || skipped_note(reply.skipped.get()).map(|text| view! { <p class="note">{text}</p> })}
        {move || ignored_choices_note(reply.ignored_choices.get()).map(|text| view! { <p class="note">{text}</p> })}
    }
}

/// Says that unreadable chunks were skipped (the rest of the stream was used).
fn skipped_note(count: usize) -> Option<String> {
    (count > 0).then(|| {
        tr_with("reply-chunks-skipped", &[("n", Arg::Number(count as f64))], || match count {
            1 => "One chunk of the stream could not be read and was skipped.".to_owned(),
            n => format!("{n} chunks of the stream could not be read and were skipped."),
        })
    })
}

/// Says that the provider sent more than one answer (`n` > 1) and only the
/// first is shown.
fn ignored_choices_note(ignored: u32) -> Option<String> {
    (ignored > 0).then(|| {
        let answers = u64::from(ignored) + 1;
        tr_with("reply-extra-answers-ignored", &[("answers", Arg::Number(answers as f64))], || {
            format!("The provider sent {answers} answers (n > 1 in the request); only the first is shown.")
        })
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
        ReplyStatus::Stopped => note(tr("Stopped")),
        ReplyStatus::Interrupted => {
            note(tr("Interrupted: the page was closed or reloaded while this answer was streaming."))
        }
        ReplyStatus::Incomplete => card(
            tr("The answer may be incomplete"),
            tr("The stream ended before the model said it had finished. What arrived is kept; Regenerate asks again."),
        ),
        ReplyStatus::Cut(FinishKind::Length) => card(
            tr("The answer reached the token limit"),
            tr("Raise Max tokens in Providers, or ask the model to continue."),
        ),
        ReplyStatus::Cut(FinishKind::ContentFilter) => card(
            tr("The provider's safety filter stopped the answer"),
            tr("The model refused, or the provider's content filter blocked the prompt or the answer."),
        ),
        ReplyStatus::Cut(_) => card(tr("The provider ended the answer early"), tr("Regenerate asks again.")),
    }
}
