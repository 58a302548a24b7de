//! The card under a reply that failed: what happened, what to do, and Retry
//! where sending again can help (after the wait the provider asked for). When
//! the conversation was too long for the model, "Compact and retry" summarises
//! earlier messages first. When the account's key is locked with the
//! passphrase, "Unlock your API keys" opens the unlock prompt.

use leptos::prelude::*;

use hearth_core::failure::{ConfigProblem, FailureKind};
use hearth_core::provider::ProviderErrorKind;

use crate::chat::state::Failure;
use crate::i18n::{Arg, tr, tr_with};

/// One error card.
#[component]
pub(crate) fn ErrorCard(
    /// What went wrong; the card composes its heading, explanation and
    /// whether Retry can help from it.
    failure: Failure,
    /// Seconds to wait before Retry is enabled (the provider asked, just now).
    wait_secs: u64,
    /// Whether Retry is offered at all: only on the newest attempt.
    offered: Signal<bool>,
    /// Whether retrying is possible now (not while another reply streams).
    can_retry: Signal<bool>,
    /// Re-sends the conversation.
    on_retry: Callback<()>,
    /// Summarises earlier messages, then re-sends (offered for "conversation too long").
    on_compact_and_retry: Callback<()>,
) -> impl IntoView {
    let wait = countdown(wait_secs);
    let too_long = matches!(failure.kind, FailureKind::Provider(ProviderErrorKind::ContextTooLong));
    let retryable = failure.retryable();
    let keys_locked = matches!(failure.kind, FailureKind::Config(ConfigProblem::KeysLocked { .. }));
    let providers = crate::providers::state::ProvidersContext::expect();
    view! {
        <div class="error-card" role="alert">
            <p class="error-title">{failure.title()}</p>
            <p class="error-detail">{failure.detail()}</p>
            {move || {
                (keys_locked && offered.get()).then(|| {
                    view! {
                        <div class="error-actions">
                            <button type="button" class="primary" on:click=move |_| providers.unlock_open.set(true)>
                                {tr("Unlock your API keys")}
                            </button>
                        </div>
                    }
                })
            }}
            {move || {
                ((retryable || too_long) && offered.get()).then(|| {
                    view! {
                        <div class="error-actions">
                            <Show when=move || too_long>
                                <button
                                    type="button"
                                    class="primary"
                                    disabled=move || !can_retry.get()
                                    on:click=move |_| on_compact_and_retry.run(())
                                >
                                    {tr("Compact and retry")}
                                </button>
                            </Show>
                            <Show when=move || retryable>
                                <button
                                    type="button"
                                    class="primary"
                                    disabled=move || { wait.get() > 0 || !can_retry.get() }
                                    on:click=move |_| on_retry.run(())
                                >
                                    {tr("Retry")}
                                </button>
                            </Show>
                            <Show when=move || wait.get() != 0>
                                <span class="hint">
                                    {move || {
                                        let secs = wait.get();
                                        tr_with("reply-retry-wait", &[("secs", Arg::Number(secs as f64))], || {
                                            format!("The provider asked to wait: {secs} s")
                                        })
                                    }}
                                </span>
                            </Show>
                        </div>
                    }
                })
            }}
        </div>
    }
}

/// Seconds left of the provider's wait, counting down once a second to zero.
fn countdown(secs: u64) -> RwSignal<u64> {
    let wait = RwSignal::new(secs);
    if secs == 0 {
        return wait;
    }
    let ticker = StoredValue::new(None::<IntervalHandle>);
    let stop = move || {
        if let Some(handle) = ticker.try_update_value(Option::take).flatten() {
            handle.clear();
        }
    };
    let tick = move || {
        wait.update(|secs| *secs = secs.saturating_sub(1));
        if wait.get_untracked() == 0 {
            stop();
        }
    };
    ticker.set_value(set_interval_with_handle(tick, std::time::Duration::from_secs(1)).ok());
    on_cleanup(stop);
    wait
}
