//! What "Create an image" asks for (see `pictures` and `turn::pictures`).

/// What "Create an image" asks for, besides the prompt (the user message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PictureOrder {
    /// The image model to ask (see `hearth_core::provider::image_model`).
    pub(crate) model: String,
    /// The size as the provider spells it (`1024x1024`), when chosen.
    pub(crate) size: Option<String>,
    /// The quality (`low`, `medium`, `high`), when chosen.
    pub(crate) quality: Option<String>,
    /// How many pictures, 1 to 4.
    pub(crate) count: u32,
    /// The name of the account asked, for what a refusal says (set by the
    /// send path, which knows who answers).
    pub(crate) account: String,
    /// What to draw: the user message's own text (set by `make_pictures`).
    pub(crate) prompt: String,
    /// The picture to edit: the user message's first image (set by `make_pictures`).
    pub(crate) input: Option<hearth_core::message::Attachment>,
}
