//! An image or PDF of a sent message, opened large: a dialog named after the
//! file with the picture scaled to the window (its text alternative names the
//! file and what it is) or, for a PDF, what it holds, and a Download button
//! that saves the stored bytes under the file's name. Built by the `media`
//! chunk with the list that opens it ([`SentMedia`](super::sent_media::SentMedia)).

use hearth_core::message::Attachment;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::files::download_blob;
use crate::io::media::{remember_url, shown_url};
use crate::store::StoreContext;
use crate::ui::modal_dialog::ModalDialog;

/// The dialog, open while `shown` holds an attachment.
#[component]
pub(crate) fn MediaViewer(
    /// The attachment shown; `None` closes the dialog (and closing sets it back).
    shown: RwSignal<Option<Attachment>>,
) -> impl IntoView {
    let store = StoreContext::expect();
    let problem = RwSignal::new(String::new());
    let open = Signal::derive(move || shown.with(Option::is_some));
    let heading =
        Signal::derive(move || shown.with(|shown| shown.as_ref().map(|a| a.name.clone()).unwrap_or_default()));
    let close = Callback::new(move |()| {
        shown.set(None);
        problem.set(String::new());
    });
    let download = move |_| {
        let Some(attachment) = shown.get_untracked() else { return };
        problem.set(String::new());
        spawn_local(async move {
            let why = match store.blob(&attachment.blob).await {
                Some(blob) => download_blob(&attachment.name, &blob).err().map(|error| error.to_string()),
                None => Some(tr("it is no longer stored").to_owned()),
            };
            if let Some(why) = why {
                let text = tr_with(
                    "chat-media-not-downloaded",
                    &[("name", Arg::Text(&attachment.name)), ("reason", Arg::Text(&why))],
                    || format!("{} was not downloaded: {why}.", attachment.name),
                );
                problem.try_set(text);
            }
        });
    };
    let body = move || {
        shown.get().map(|attachment| {
            let detail = attachment.summary();
            let picture = attachment.is_image().then(|| {
                let url = RwSignal::new(shown_url(&attachment.blob));
                if url.get_untracked().is_none() {
                    let hash = attachment.blob.clone();
                    spawn_local(async move {
                        if let Some(blob) = store.blob(&hash).await {
                            url.try_set(remember_url(&hash, &blob));
                        }
                    });
                }
                let alt = tr_with(
                    "chat-media-image-alt",
                    &[("name", Arg::Text(&attachment.name)), ("detail", Arg::Text(&detail))],
                    || format!("{}, attached to the message ({detail})", attachment.name),
                );
                move || url.get().map(|url| view! { <img class="media-large" src=url alt=alt.clone() /> })
            });
            view! {
                <figure class="media-view">
                    {picture}
                    <figcaption>{detail}</figcaption>
                </figure>
            }
        })
    };
    view! {
        <ModalDialog open on_close=close heading class="media-viewer">
            {body}
            <p class="status" role="status">{move || problem.get()}</p>
            <button type="button" on:click=download>{tr("Download")}</button>
        </ModalDialog>
    }
}
