//! "This tab is out of date": shown when the database was closed under this
//! tab, because a newer version of Hearth opened it in another tab to migrate
//! it (or the browser closed it). From then on this tab writes nothing (the
//! store refuses, and says so); what it shows stays readable. The dialog
//! offers Reload, or to keep reading (the storage banner keeps saying that
//! nothing is saved). It never reloads by itself.

use leptos::prelude::*;

use crate::i18n::tr;
use crate::io::db::Closed;
use crate::io::service_worker;
use crate::store::StoreContext;
use crate::ui::modal_dialog::ModalDialog;

/// The dialog, open from the moment the connection closed until the user
/// keeps reading or reloads.
#[component]
pub(crate) fn OutOfDateDialog() -> impl IntoView {
    let store = StoreContext::expect();
    let dismissed = RwSignal::new(false);
    let open = Signal::derive(move || store.closed.get().is_some() && !dismissed.get());
    let heading = Signal::derive(move || match store.closed.get() {
        Some(Closed::ByBrowser) => tr("Hearth's storage was closed").to_owned(),
        _ => tr("This tab is out of date").to_owned(),
    });
    let text = move || match store.closed.get() {
        Some(Closed::ByBrowser) => tr(
            "The browser closed Hearth's storage (its data may have been cleared), so this tab can no longer save anything. What you see stays here until you reload.",
        ),
        _ => tr(
            "Hearth was updated in another tab, and the new version has taken over its storage. This tab no longer saves anything, so that two versions never write at once. What you see stays here until you reload.",
        ),
    };
    view! {
        <ModalDialog
            open
            on_close=Callback::new(move |()| dismissed.set(true))
            heading
            class="out-of-date"
            close_button=false
        >
            <p>{text}</p>
            <div class="dialog-actions">
                <button type="button" class="primary" on:click=move |_| service_worker::reload()>
                    {tr("Reload Hearth")}
                </button>
                <button type="button" on:click=move |_| dismissed.set(true)>
                    {tr("Keep reading without saving")}
                </button>
            </div>
        </ModalDialog>
    }
}
