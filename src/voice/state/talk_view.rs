//! What a realtime talk's panel shows (`Live::talk`).

/// A realtime talk as its panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct TalkView {
    /// The account talked with, by name.
    pub(crate) with: String,
    /// Whether the session is still being set up.
    pub(crate) connecting: bool,
    /// Whether the model's answer is being spoken.
    pub(crate) answering: bool,
    /// The user's words of the turn under way.
    pub(crate) user: String,
    /// The model's words of the turn under way.
    pub(crate) model: String,
    /// Whether the microphone streams all the time (else only while held).
    pub(crate) hands_free: bool,
    /// Whether "Hold to talk" is held.
    pub(crate) held: bool,
    /// What the server said of the session's end or an error, when it did.
    pub(crate) ending: Option<String>,
}
