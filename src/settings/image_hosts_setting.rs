//! Settings field: the hosts whose images load without a click. Empty by default,
//! so every image in an answer waits for "Load image".

use leptos::prelude::*;

use crate::i18n::{Arg, tr, tr_with};
use crate::settings::state::{PreferencesContext, normalise_host};
use crate::ui::text_field::TextField;

/// The host list as one text field (hosts separated by spaces, commas or lines),
/// saved when it changes. Takes no props: it edits the stored setting.
#[component]
pub(crate) fn ImageHostsSetting() -> impl IntoView {
    let preferences = PreferencesContext::expect();
    let problem = RwSignal::new(None::<String>);
    let save = move |typed: String| {
        let mut hosts = Vec::new();
        let mut bad = Vec::new();
        for word in typed.split([' ', ',', '\n', '\t']).filter(|w| !w.trim().is_empty()) {
            match normalise_host(word) {
                Some(host) if !hosts.contains(&host) => hosts.push(host),
                Some(_) => {}
                None => bad.push(word.trim().to_owned()),
            }
        }
        if bad.is_empty() {
            problem.set(None);
            preferences.set_image_hosts(hosts);
        } else {
            let listed = bad.join(", ");
            problem.set(Some(tr_with("settings-not-a-host", &[("hosts", Arg::Text(&listed))], || {
                format!("Not a host name: {}. Nothing was changed.", bad.join(", "))
            })));
        }
    };
    view! {
        <TextField
            label=tr("Load images automatically from these hosts")
            verbatim=true
            autocomplete="off"
            placeholder=tr("none")
            hint=tr("Separate hosts with spaces, for example: upload.wikimedia.org. Images from other hosts wait for \"Load image\".")
            value=move || preferences.image_hosts.with(|hosts| hosts.join(" "))
            error=problem
            on_change=Callback::new(save)
        />
    }
}
