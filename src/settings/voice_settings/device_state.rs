//! What the Voice settings say of the browser's on-device recognition: the
//! label of its choice, and whether it can be chosen.

use hearth_core::provider::audio::VoiceSettings;
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::tr;
use crate::io::recognition::{OnDevice, language_or_browsers, on_device};

/// The browser's on-device recognition, as far as the settings know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DeviceState {
    /// Not asked yet.
    Asking,
    /// The browser's answer (`None`: it has no on-device recognition).
    Known(Option<OnDevice>),
}

impl DeviceState {
    /// The state for the language `settings` name, asked again when it changes.
    pub(super) fn follow(settings: RwSignal<Option<VoiceSettings>>) -> RwSignal<Self> {
        let device = RwSignal::new(Self::Asking);
        let language = Memo::new(move |_| settings.with(|s| s.as_ref().map(|s| s.language.clone())));
        Effect::new(move |_| {
            let Some(lang) = language.get() else { return };
            spawn_local(async move {
                let answer = on_device(&language_or_browsers(&lang)).await;
                // An answer for a language changed meanwhile is stale.
                if language.get_untracked().as_deref() == Some(lang.as_str()) {
                    device.set(Self::Known(answer));
                }
            });
        });
        device
    }

    /// Whether it can be chosen (ready, or once its model is downloaded).
    pub(super) fn offered(self) -> bool {
        matches!(self, Self::Known(Some(OnDevice::Available | OnDevice::Downloadable | OnDevice::Downloading)))
    }

    /// The choice's label.
    pub(super) fn label(self) -> &'static str {
        match self {
            Self::Known(Some(OnDevice::Available)) => tr("This browser, on this device (your voice stays here)"),
            Self::Known(Some(OnDevice::Downloadable | OnDevice::Downloading)) => {
                tr("This browser, on this device (your voice stays here; it downloads its speech model first)")
            }
            Self::Known(Some(OnDevice::Unavailable)) => tr("This browser, on this device (not for this language)"),
            Self::Known(None) => tr("This browser, on this device (this browser cannot)"),
            Self::Asking => tr("This browser, on this device"),
        }
    }
}
