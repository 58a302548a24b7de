//! What the Voice settings say of the browser's on-device recognition: the
//! label of its choice, and whether it can be chosen.

use crate::io::recognition::OnDevice;

/// The browser's on-device recognition, as far as the settings know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DeviceState {
    /// Not asked yet.
    Asking,
    /// The browser's answer (`None`: it has no on-device recognition).
    Known(Option<OnDevice>),
}

impl DeviceState {
    /// Whether it can be chosen (ready, or once its model is downloaded).
    pub(super) fn offered(self) -> bool {
        matches!(self, Self::Known(Some(OnDevice::Available | OnDevice::Downloadable | OnDevice::Downloading)))
    }

    /// The choice's label.
    pub(super) fn label(self) -> &'static str {
        match self {
            Self::Known(Some(OnDevice::Available)) => "This browser, on this device (your voice stays here)",
            Self::Known(Some(OnDevice::Downloadable | OnDevice::Downloading)) => {
                "This browser, on this device (your voice stays here; it downloads its speech model first)"
            }
            Self::Known(Some(OnDevice::Unavailable)) => "This browser, on this device (not for this language)",
            Self::Known(None) => "This browser, on this device (this browser cannot)",
            Self::Asking => "This browser, on this device",
        }
    }
}
