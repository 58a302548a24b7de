//! Settings' import progress: a bar and a line saying how far reading a backup
//! file, then writing its messages, has come (a 100,000-message backup takes a
//! while). Shown only while an import reads or writes.

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::store::data::ImportProgress;

/// The bar and its line.
#[component]
pub(crate) fn ImportProgressBar(
    /// How far the import is (`None`: no import reads or writes now).
    progress: RwSignal<Option<ImportProgress>>,
) -> impl IntoView {
    move || {
        progress.get().map(|step| {
            let (done, total) = step.counts();
            let args = [("done", Arg::Number(done as f64)), ("total", Arg::Number(total as f64))];
            let text = match step {
                ImportProgress::Reading { .. } => {
                    tr_with("settings-import-reading", &args, || format!("Reading the file: {done} of {total} records"))
                }
                ImportProgress::Writing { .. } => {
                    tr_with("settings-import-writing", &args, || format!("Writing: {done} of {total} messages"))
                }
            };
            view! {
                <div class="import-progress">
                    <progress aria-label=tr("Import progress") max=total value=done></progress>
                    <p class="hint">{text}</p>
                </div>
            }
        })
    }
}
