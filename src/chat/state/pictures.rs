//! "Create an image": the prompt is sent as the next user message (with the
//! image attached in the message box, which the model edits) and answered by
//! pictures instead of text, through the same reply path as Send (stored
//! first, shown while it is made, Stop, the error card, Retry's reasons). The
//! request is the family's image request (`hearth_core::provider::image_request`),
//! made by the turn (`turn::pictures`).

use hearth_core::message::attachment::AttachmentKind;

use super::compaction::Compaction;
use super::context::{ChatContext, NewTurn, Prelude, Request};
use super::picture_order::PictureOrder;

impl ChatContext {
    /// Sends `text` as the next user message, answered by the pictures
    /// `order` asks for. Returns whether it was sent (as [`Self::send`]).
    pub(crate) fn make_pictures(self, text: String, mut order: PictureOrder) -> bool {
        let Some(NewTurn { session, user, blobs, items, first_message }) = self.new_turn(text) else { return false };
        // The message as written: the request the model gets for chat may add
        // the pictures of the reply before (see `reply_pictures`), the image
        // request only what the user gave.
        order.prompt.clone_from(&user.content);
        order.input = user.attachments.iter().find(|attachment| attachment.kind == AttachmentKind::Image).cloned();
        let request = Request { items, compaction: Compaction::Never, pictures: Some(order) };
        let parent = Some(user.id.clone());
        self.reply(session, request, Prelude::Save(Box::new(user), blobs), first_message, parent);
        true
    }
}
