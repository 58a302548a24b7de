//! Settings' "Storage": what the images and PDFs of the conversations take,
//! and what the browser lets Hearth use (`navigator.storage.estimate`), read
//! when Settings opens.

use hearth_core::message::attachment::size_text;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::persistence::estimate;
use crate::store::StoreContext;

/// The section's heading and two lines.
#[component]
pub(crate) fn StorageUsage() -> impl IntoView {
    let store = StoreContext::expect();
    let attachments = RwSignal::new(None::<String>);
    let browser = RwSignal::new(None::<String>);
    spawn_local(async move {
        if let Some(usage) = store.blob_usage().await {
            let size = size_text(usage.bytes);
            let text = tr_with(
                "settings-storage-attachments",
                &[("n", Arg::Number(f64::from(usage.count))), ("size", Arg::Text(&size))],
                || {
                    let files = if usage.count == 1 { "1 file".to_owned() } else { format!("{} files", usage.count) };
                    format!("Images and PDFs: {files}, {}.", size_text(usage.bytes))
                },
            );
            attachments.try_set(Some(text));
        }
        if let Some((used, quota)) = estimate().await {
            let share = if quota > 0 { used as f64 * 100.0 / quota as f64 } else { 0.0 };
            let (used_text, quota_text) = (size_text(used), size_text(quota));
            browser.try_set(Some(tr_with(
                "settings-storage-browser",
                &[
                    ("used", Arg::Text(&used_text)),
                    ("quota", Arg::Text(&quota_text)),
                    ("share", Arg::Number((share * 10.0).round() / 10.0)),
                ],
                || {
                    format!(
                        "This browser: Hearth uses {} of the {} it may use ({share:.1} %).",
                        size_text(used),
                        size_text(quota)
                    )
                },
            )));
        }
    });
    view! {
        <h3>{tr("Storage")}</h3>
        <p class="hint">{move || attachments.get().unwrap_or_else(|| tr("Images and PDFs: counting…").to_owned())}</p>
        <p class="hint">{move || browser.get()}</p>
    }
}
