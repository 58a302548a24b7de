//! "Create an image" as a turn: one request, the family's image request
//! (`hearth_core::provider::image_request`: the Images API, or a Gemini image
//! model), whose whole answer is read at once, not streamed. The prompt is the
//! user message as written; the first image attached to it is the picture to
//! edit. The turn puts the pictures through the same checks and blob store as
//! those a model draws in a reply (`store_pictures`). Stop aborts the request.
//! No stall watchdog: a picture can take minutes to make, with nothing sent
//! meanwhile. The code is in the `pictures` chunk (the image requests and
//! answers of every family), loaded the first time a picture is asked for.

use std::future::Future;
use std::pin::Pin;

use hearth_core::contract::{ImageOut, ImageRequest};
use hearth_core::failure::{ConfigProblem, Failure};
use hearth_core::message::attachment::Accepts;
use hearth_core::message::{ChatMessage, Role};
use hearth_core::provider::{self, ModelConfig, ProviderConfig, ProviderError, ProviderKind};
use hearth_core::storage::ReplyStatus;
use web_sys::AbortSignal;

use crate::chat::state::attachment_data::with_attachment_data;
use crate::chat::state::picture_order::PictureOrder;
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::fetch_stream::fetch_stream;
use crate::io::network::is_online;
use crate::store::StoreContext;

/// The pictures made, or how the turn ended without them.
pub(super) type Made = Result<Vec<ImageOut>, ReplyStatus>;

/// A picture request under way.
type Making<'a> = Pin<Box<dyn Future<Output = Made> + 'a>>;

/// The account and the model asked.
type Accounts<'a> = (&'a ProviderConfig, &'a ModelConfig);

/// The code, from the `pictures` chunk.
struct PictureCode {
    make: for<'a> fn(StoreContext, Option<AbortSignal>, Accounts<'a>, &'a PictureOrder) -> Making<'a>,
}

#[wasm_split(pictures, fallible)]
fn picture_code() -> Result<&'static PictureCode, ChunkError> {
    static CODE: PictureCode =
        PictureCode { make: |store, signal, accounts, order| Box::pin(make_now(store, signal, accounts, order)) };
    Ok(&CODE)
}

/// Makes the pictures `order` asks for of `account` and `model` (`signal`
/// stops the request). The code is in the `pictures` chunk, loaded the first
/// time a picture is asked for.
pub(super) async fn make(
    store: StoreContext,
    signal: Option<AbortSignal>,
    accounts: Accounts<'_>,
    order: &PictureOrder,
) -> Made {
    match picture_code().await {
        Ok(code) => (code.make)(store, signal, accounts, order).await,
        Err(error) => Err(ReplyStatus::Failed(Failure::from(ProviderError::from(error)))),
    }
}

async fn make_now(
    store: StoreContext,
    signal: Option<AbortSignal>,
    (account, model): Accounts<'_>,
    order: &PictureOrder,
) -> Made {
    let wire = account.wire_kind(&model.model);
    // The picture to edit, read from the blob store as any request's images are.
    let mut holder = ChatMessage::new(Role::User, "");
    holder.attachments.extend(order.input.clone());
    let read = with_attachment_data(store, vec![holder], wire, Accepts::ALL).await;
    let input = read
        .iter()
        .flat_map(|message| &message.attachments)
        .find_map(|image| Some((image.sent_mime().to_owned(), image.sent_data()?.to_owned())));
    if order.input.is_some() && input.is_none() {
        // Never a new picture in place of the edit the dialog said it would make.
        let reason = "The picture to edit could not be read from this browser's storage.".to_owned();
        return Err(ReplyStatus::Failed(Failure::config(ConfigProblem::CannotMakeImages {
            provider: order.account.clone(),
            reason,
        })));
    }
    let request = ImageRequest {
        prompt: order.prompt.clone(),
        size: order.size.clone(),
        quality: order.quality.clone(),
        count: order.count.clamp(1, 4),
        input,
    };
    let http = match provider::image_request(account, model, &request) {
        Ok(http) => http,
        Err(refused) => {
            let problem = ConfigProblem::of_image_request(refused, order.account.clone());
            return Err(ReplyStatus::Failed(Failure::config(problem)));
        }
    };
    if !is_online() && !provider::is_local_url(&http.url) {
        return Err(ReplyStatus::Failed(Failure::offline()));
    }
    // Gemini answers one picture a request: as many requests as pictures asked.
    let requests = if wire == ProviderKind::Gemini { request.count } else { 1 };
    let mut made = Vec::new();
    for _ in 0..requests {
        let mut body = Vec::new();
        let fetched = fetch_stream(&http, signal.as_ref(), |bytes| body.extend_from_slice(bytes)).await;
        if let Err(failure) = fetched {
            return Err(match failure.into_provider_error(&http, wire, !body.is_empty()) {
                Some(error) => ReplyStatus::Failed(Failure::from(error)),
                None => ReplyStatus::Stopped,
            });
        }
        let pictures = provider::parse_image_response(wire, &String::from_utf8_lossy(&body))
            .map_err(|error| ReplyStatus::Failed(Failure::from(error)))?;
        made.extend(pictures);
    }
    Ok(made)
}
