//! The top bar's "Offline" badge: shown while the browser says the device is
//! offline, gone when the network returns. It lives in a polite live region
//! (`role="status"`) that is always there, so a screen reader hears "Offline"
//! when it appears and "Back online" when the network returns (that note is
//! visually hidden and cleared after a few seconds). The badge can take the
//! focus (and a tap): its tooltip, also its accessible description, says what
//! still works. Escape hides the tooltip until the pointer or the focus leaves.

use std::time::Duration;

use leptos::prelude::*;
use web_sys::KeyboardEvent;

use crate::i18n::tr;
use crate::offline::state::network::NetworkContext;
use crate::ui::next_id;

/// What still works offline, and what does not.
pub(crate) fn offline_description() -> &'static str {
    tr(
        "Your conversations, search and tools that need no network work offline; sending needs a connection unless the provider runs on this computer.",
    )
}

/// How long "Back online" stays in the live region.
const BACK_ONLINE_FOR: Duration = Duration::from_secs(5);

/// The Offline indicator; takes no props (it reads the network context).
#[component]
pub(crate) fn OfflineIndicator() -> impl IntoView {
    let online = NetworkContext::expect().online;
    let description_id = format!("offline-description-{}", next_id());
    let tooltip_id = description_id.clone();
    // Counts returns to the network: a note is cleared only by its own timer.
    let returns = RwSignal::new(0_u32);
    let back_online = RwSignal::new(false);
    let was_online = StoredValue::new(online.get_untracked());
    // Escape hides the tooltip (it covers what is below it) until hover and focus end.
    let dismissed = RwSignal::new(false);
    let on_key = move |event: KeyboardEvent| {
        if event.key() == "Escape" {
            dismissed.set(true);
        }
    };
    Effect::new(move |_| {
        let now = online.get();
        if now && !was_online.get_value() {
            returns.update(|count| *count += 1);
            let this = returns.get_untracked();
            back_online.set(true);
            set_timeout(
                move || {
                    if returns.get_untracked() == this {
                        back_online.set(false);
                    }
                },
                BACK_ONLINE_FOR,
            );
        } else if !now {
            back_online.set(false);
        }
        was_online.set_value(now);
    });
    view! {
        // Online it takes no room in the top bar; its live region stays there.
        <div
            class="network-status"
            class:idle=move || online.get()
            on:keydown=on_key
            on:focusout=move |_| dismissed.set(false)
            on:mouseleave=move |_| dismissed.set(false)
        >
            <div class="network-live" role="status" aria-label=tr("Connection")>
                <Show when=move || !online.get()>
                    <span class="offline-badge" tabindex="0" aria-describedby=description_id.clone()>
                        <span class="offline-dot" aria-hidden="true"></span>
                        {tr("Offline")}
                    </span>
                </Show>
                <Show when=move || back_online.get()>
                    <span class="visually-hidden">{tr("Back online")}</span>
                </Show>
            </div>
            // Outside the live region: shown on hover and focus, never announced by itself.
            <Show when=move || !online.get()>
                <span class="tooltip" class:dismissed=move || dismissed.get() role="tooltip" id=tooltip_id.clone()>
                    {offline_description()}
                </span>
            </Show>
        </div>
    }
}
