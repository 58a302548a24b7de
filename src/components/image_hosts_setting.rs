//! Settings field: the hosts whose images load without a click. Empty by default,
//! so every image in an answer waits for "Load image".

use leptos::prelude::*;

use crate::components::next_id;
use crate::preferences::{PreferencesContext, normalise_host};

/// The host list as one text field (hosts separated by spaces, commas or lines),
/// saved when it changes. Takes no props: it edits the stored setting.
#[component]
pub(crate) fn ImageHostsSetting() -> impl IntoView {
    let preferences = PreferencesContext::expect();
    let problem = RwSignal::new(String::new());
    let hint_id = format!("image-hosts-hint-{}", next_id());
    let save = move |ev: leptos::ev::Event| {
        let typed = event_target_value(&ev);
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
            problem.set(String::new());
            preferences.set_image_hosts(hosts);
        } else {
            problem.set(format!("Not a host name: {}. Nothing was changed.", bad.join(", ")));
        }
    };
    view! {
        <label class="field">
            <span>"Load images automatically from these hosts"</span>
            <input
                type="text"
                spellcheck="false"
                autocomplete="off"
                placeholder="none"
                aria-describedby=hint_id.clone()
                prop:value=move || preferences.image_hosts.with(|hosts| hosts.join(" "))
                on:change=save
            />
        </label>
        <p class="hint" id=hint_id>
            "Separate hosts with spaces, for example: upload.wikimedia.org. Images from other hosts wait for \"Load image\"."
        </p>
        <Show when=move || problem.with(|p| !p.is_empty())>
            <p class="field-error" role="alert">{move || problem.get()}</p>
        </Show>
    }
}
