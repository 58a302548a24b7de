//! What sync is doing, when it last finished and what waits to be sent, in
//! one line announced as it changes (not a `status` role, which the dialog's
//! backup line is: one status per dialog).

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::intl::short_date_time;
use crate::sync::state::{Phase, SyncContext};

/// The progress line of the Sync section.
#[component]
pub(crate) fn SyncProgress() -> impl IntoView {
    let sync = SyncContext::expect();
    let phase_text = move || match sync.phase.get() {
        Phase::Off => tr("Sync is off.").to_owned(),
        Phase::Starting => tr("Starting…").to_owned(),
        Phase::OtherTab => tr("Another Hearth tab is syncing; this one follows it.").to_owned(),
        Phase::Syncing => tr("Syncing…").to_owned(),
        Phase::Live => tr("Up to date; changes on either side sync as they happen.").to_owned(),
        Phase::Retrying { why, retry_at } => {
            let time = short_date_time(retry_at as f64);
            tr_with("sync-retrying", &[("why", Arg::Text(&why)), ("time", Arg::Text(&time))], || {
                format!("{why}. Trying again at {}.", short_date_time(retry_at as f64))
            })
        }
        Phase::Refused(why) => why,
    };
    let last = move || {
        sync.last_synced
            .get()
            .map(|at| {
                let time = short_date_time(at as f64);
                tr_with("sync-last-synced", &[("time", Arg::Text(&time))], || {
                    format!("Last synced at {}.", short_date_time(at as f64))
                })
            })
            .unwrap_or_default()
    };
    let pending = move || match sync.pending.get() {
        0 => String::new(),
        n => tr_with("sync-changes-waiting", &[("n", Arg::Number(f64::from(n)))], || match n {
            1 => "1 change waits to be sent.".to_owned(),
            n => format!("{n} changes wait to be sent."),
        }),
    };
    view! {
        // Announced as it changes; not a `status` role, which the dialog's
        // backup line is (one status per dialog).
        <p class="status" aria-live="polite">
            {phase_text} " " {last} " " {pending}
        </p>
    }
}
