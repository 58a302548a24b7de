//! Performs an [`HttpRequest`] with `fetch` and hands the response body to the
//! caller chunk by chunk, as the network delivers it, through a `ReadableStream`
//! reader. The body is never read whole first.
//!
//! [`fetch_events`] does the same for a provider's streamed answer, decoded into
//! [`StreamEvent`]s, and [`FetchFailure::into_provider_error`] says how a failed
//! one reads on an error card: every request to a provider goes through these two.
//!
//! The `Request` is built here, from the URL exactly as the core built it (or
//! as the user approved it, for the fetch tool): nothing is added to it. (A
//! request builder that rebuilds the query, as gloo-net 0.6's does, appends a
//! `&` to every URL that has one, which breaks a signed URL and makes what runs
//! differ from what was shown.) Nor does it go anywhere else: a redirect is not
//! followed (it ends as [`FetchFailure::Redirected`]), so a request, and the
//! key in its headers, reaches only the URL it was built with; and it carries
//! no cookies and no referrer.
//!
//! A failure is sorted into aborted, no answer (network), a redirect or an
//! HTTP status (`FetchFailure`). The body is handed on in batches, at most one
//! a frame, the page given a turn between (see [`Opened::read_while`]).

use crate::io::clock;
use crate::io::yield_now::yield_now;
use hearth_core::provider::audio::FormRequest;
use hearth_core::provider::{self, HttpRequest, ProviderError, ProviderKind, ResponseDecoder, StreamEvent};
use hearth_core::reply::{Reply, ReplyReader};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortSignal, Headers, ReferrerPolicy, Request, RequestCredentials, RequestInit, RequestMode, RequestRedirect,
    Response,
};

/// How a request ended without a readable 2xx body.
#[derive(Debug)]
pub(crate) enum FetchFailure {
    /// The user stopped it (the abort signal fired).
    Aborted,
    /// The server answered with a redirect, which is not followed: the request
    /// goes only to the URL it was built with, and its key only to that origin.
    Redirected,
    /// No answer at all: offline, refused, or blocked by CORS. Holds the browser's message.
    Network(String),
    /// The server answered with a non-2xx status.
    Status {
        /// The HTTP status.
        status: u16,
        /// The response body as text (may be empty).
        body: String,
        /// The `retry-after` header in seconds, when present and numeric.
        retry_after_secs: Option<u64>,
    },
}

/// Sends `request` and calls `on_chunk` with each piece of a 2xx body until it ends.
pub(crate) async fn fetch_stream(
    request: &HttpRequest,
    signal: Option<&AbortSignal>,
    on_chunk: impl FnMut(&[u8]),
) -> Result<(), FetchFailure> {
    let response = open(request, signal).await?;
    if !response.ok() {
        let retry_after_secs = response.header("retry-after").and_then(|value| value.trim().parse().ok());
        let status = response.status();
        let body = response.text().await;
        return Err(FetchFailure::Status { status, body, retry_after_secs });
    }
    response.read(on_chunk).await
}

/// A response whose head has arrived: its status and headers can be read, then
/// its body, once.
pub(crate) struct Opened<'a> {
    response: Response,
    signal: Option<&'a AbortSignal>,
}

/// Sends `request` as [`fetch_stream`] does (nothing added, no redirect
/// followed) and resolves once the response's head is in, whatever its status.
pub(crate) async fn open<'a>(
    request: &HttpRequest,
    signal: Option<&'a AbortSignal>,
) -> Result<Opened<'a>, FetchFailure> {
    Ok(Opened { response: send(request, signal).await?, signal })
}

impl Opened<'_> {
    /// The HTTP status.
    pub(crate) fn status(&self) -> u16 {
        self.response.status()
    }

    /// Whether the status is 2xx.
    pub(crate) fn ok(&self) -> bool {
        self.response.ok()
    }

    /// A response header, when present and readable (a cross-origin response
    /// shows only the headers its server exposed).
    pub(crate) fn header(&self, name: &str) -> Option<String> {
        self.response.headers().get(name).ok().flatten()
    }

    /// The whole body as text (empty when it cannot be read).
    pub(crate) async fn text(self) -> String {
        match self.response.text() {
            Ok(text) => JsFuture::from(text).await.ok().and_then(|text| text.as_string()).unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// The whole body as bytes (empty when it cannot be read).
    pub(crate) async fn bytes(self) -> Vec<u8> {
        let Ok(buffer) = self.response.array_buffer() else { return Vec::new() };
        match JsFuture::from(buffer).await {
            Ok(buffer) => js_sys::Uint8Array::new(&buffer).to_vec(),
            Err(_) => Vec::new(),
        }
    }

    /// Calls `on_chunk` with each piece of the body until it ends.
    pub(crate) async fn read(self, mut on_chunk: impl FnMut(&[u8])) -> Result<(), FetchFailure> {
        self.read_while(|bytes| {
            on_chunk(bytes);
            true
        })
        .await
    }

    /// [`Self::read`] for as long as `on_chunk` says `true`: then the body is
    /// cancelled (its connection closed) and the reading ends, as for an
    /// event stream a server keeps open after it has said what was waited for.
    ///
    /// The body is piped into a sink whose `write` only appends the chunk to an
    /// inbox; the loop takes what the inbox holds at most once per
    /// [`BATCH_MS`] while the page is shown (as it arrives while hidden) and at
    /// most [`BATCH_BYTES`] at a time, giving the page a turn in between. A
    /// stream of many small chunks (a model's tokens) thus costs a call per
    /// chunk and a wake of the loop per batch, not a promise, a wake and a poll
    /// of the whole reply per chunk, and no task grows long however big the
    /// burst.
    pub(crate) async fn read_while(self, mut on_chunk: impl FnMut(&[u8]) -> bool) -> Result<(), FetchFailure> {
        let signal = self.signal;
        let Some(stream) = self.response.body() else {
            return Ok(()); // An empty body: nothing to read.
        };
        let inbox = Inbox::piped(&stream).map_err(|error| classify_js(&error, signal))?;
        let mut batch = Vec::new();
        let mut last_batch = clock::monotonic_ms();
        loop {
            match inbox.next(&mut batch).await {
                Next::Bytes => {}
                Next::Ended(Ok(())) => return Ok(()),
                Next::Ended(Err(error)) => return Err(classify_js(&error, signal)),
            }
            if !on_chunk(&batch) {
                inbox.stop();
                return Ok(());
            }
            // Whatever came meanwhile is left for the next batch, a frame on,
            // unless the page is hidden: nothing is shown then, and its timers
            // are slowed to one a second or a minute (a reply would seem stalled).
            let wait = BATCH_MS - (clock::monotonic_ms() - last_batch);
            if inbox.holds_more() || wait <= 0.0 || !page_visible() {
                yield_now().await;
            } else {
                inbox.settle(wait).await;
            }
            last_batch = clock::monotonic_ms();
        }
    }
}

/// What [`Inbox::next`] found.
enum Next {
    /// The batch was filled.
    Bytes,
    /// The body ended: read to its end, or failed (the error as thrown).
    Ended(Result<(), JsValue>),
}

/// What the sink has received and the loop not yet taken.
#[derive(Default)]
struct Received {
    /// The bytes, in order, from `taken` on (those before were handed on).
    bytes: Vec<u8>,
    /// How many of `bytes` were handed on (a burst is taken a part at a time).
    taken: usize,
    /// How the pipe ended, once it has.
    ended: Option<Result<(), JsValue>>,
    /// The loop, waiting for bytes or the end.
    waiting: Option<std::task::Waker>,
    /// The loop, waiting between batches: woken by the end only.
    settling: Option<std::task::Waker>,
}

/// A response body piped into a sink that keeps what it receives.
struct Inbox {
    /// Shared with the sink's `write` and the pipe's end.
    received: std::rc::Rc<std::cell::RefCell<Received>>,
    /// Stops the pipe (and cancels the body).
    stop: web_sys::AbortController,
}

impl Inbox {
    /// Pipes `stream` into a new inbox.
    fn piped(stream: &web_sys::ReadableStream) -> Result<Self, JsValue> {
        use std::cell::RefCell;
        use std::rc::Rc;
        use wasm_bindgen::closure::Closure;
        let received = Rc::new(RefCell::new(Received::default()));
        let sink_received = Rc::clone(&received);
        let write = Closure::<dyn FnMut(JsValue)>::new(move |chunk: JsValue| {
            let Some(chunk) = chunk.dyn_ref::<js_sys::Uint8Array>() else { return };
            let mut received = sink_received.borrow_mut();
            let at = received.bytes.len();
            received.bytes.resize(at + chunk.length() as usize, 0);
            chunk.copy_to(&mut received.bytes[at..]);
            if let Some(waker) = received.waiting.take() {
                waker.wake();
            }
        });
        let sink = js_sys::Object::new();
        super::js::set(&sink, "write", write.as_ref());
        let destination = super::js::construct("WritableStream", &[&sink])?;
        let stop = web_sys::AbortController::new()?;
        let options = js_sys::Object::new();
        super::js::set(&options, "signal", &stop.signal());
        let piping = super::js::call(stream, "pipeTo", &[&destination, &options])?;
        let end_received = Rc::clone(&received);
        wasm_bindgen_futures::spawn_local(async move {
            let ended = JsFuture::from(js_sys::Promise::from(piping)).await.map(|_| ());
            drop(write); // The pipe has ended: no write comes any more.
            let mut received = end_received.borrow_mut();
            received.ended = Some(ended);
            for waker in [received.waiting.take(), received.settling.take()].into_iter().flatten() {
                waker.wake();
            }
        });
        Ok(Self { received, stop })
    }

    /// Fills `batch` with what was received (at most [`BATCH_BYTES`]), waiting
    /// for the first bytes; or says how the body ended, once all was taken.
    async fn next(&self, batch: &mut Vec<u8>) -> Next {
        std::future::poll_fn(|context| {
            let mut received = self.received.borrow_mut();
            let held = received.bytes.len() - received.taken;
            if held > 0 {
                batch.clear();
                if received.taken == 0 && held <= BATCH_BYTES {
                    // The two buffers trade places: no copy, no new allocation.
                    std::mem::swap(batch, &mut received.bytes);
                } else {
                    let from = received.taken;
                    let to = from + held.min(BATCH_BYTES);
                    batch.extend_from_slice(&received.bytes[from..to]);
                    received.taken = to;
                    if to == received.bytes.len() {
                        received.bytes.clear();
                        received.taken = 0;
                    }
                }
                return std::task::Poll::Ready(Next::Bytes);
            }
            if let Some(ended) = received.ended.clone() {
                return std::task::Poll::Ready(Next::Ended(ended));
            }
            received.waiting = Some(context.waker().clone());
            std::task::Poll::Pending
        })
        .await
    }

    /// Whether bytes wait to be taken.
    fn holds_more(&self) -> bool {
        let received = self.received.borrow();
        received.bytes.len() > received.taken
    }

    /// Waits about `ms` milliseconds for more to arrive, or until the body ends.
    async fn settle(&self, ms: f64) {
        let ended = std::future::poll_fn(|context| {
            let mut received = self.received.borrow_mut();
            if received.ended.is_some() {
                return std::task::Poll::Ready(());
            }
            received.settling = Some(context.waker().clone());
            std::task::Poll::Pending
        });
        #[allow(clippy::cast_possible_truncation)]
        let slept = crate::io::timer::sleep(ms.ceil() as i32);
        futures::future::select(std::pin::pin!(ended), std::pin::pin!(slept)).await;
        self.received.borrow_mut().settling = None;
    }

    /// Stops the pipe: the body is cancelled and its connection closed.
    fn stop(&self) {
        self.stop.abort();
    }
}

impl Drop for Inbox {
    /// A reading given up (its future dropped) stops the pipe too, so that no
    /// body goes on filling an inbox nobody reads (a pipe already ended is not
    /// changed by this).
    fn drop(&mut self) {
        self.stop();
    }
}

/// Sends `form` as a multipart form with `file` (named `file_name`) under its
/// file field, as [`open`] sends a request: nothing added, no redirect followed,
/// no cookies, no referrer. The browser writes the form's `content-type`.
pub(crate) async fn open_form<'a>(
    form: &FormRequest,
    file: &[u8],
    file_name: &str,
    mime: &str,
    signal: Option<&'a AbortSignal>,
) -> Result<Opened<'a>, FetchFailure> {
    let refused = |error: JsValue| classify_js(&error, signal);
    // `FormData` is reached by name (`io::js`): only chunks send forms.
    let data = super::js::construct("FormData", &[]).map_err(refused)?;
    for (name, value) in &form.fields {
        super::js::call(&data, "append", &[&JsValue::from_str(name), &JsValue::from_str(value)]).map_err(refused)?;
    }
    let blob =
        super::media::blob_of(file, mime).ok_or_else(|| FetchFailure::Network("the file could not be read".into()))?;
    let (field, file_name) = (JsValue::from_str(form.file_field), JsValue::from_str(file_name));
    super::js::call(&data, "append", &[&field, &blob, &file_name]).map_err(refused)?;
    let request = HttpRequest { method: "POST", url: form.url.clone(), headers: form.headers.clone(), body: None };
    let response = send_with(&request, Some(data), signal).await?;
    Ok(Opened { response, signal })
}

/// Performs `request` with `fetch` as it is: its method, its URL byte for byte,
/// its headers and body, and `signal`. Resolves with the response once its
/// headers are in.
async fn send(request: &HttpRequest, signal: Option<&AbortSignal>) -> Result<Response, FetchFailure> {
    send_with(request, request.body.as_deref().map(JsValue::from_str), signal).await
}

/// [`send`] with `body` (a string, or a form) in place of the request's own.
async fn send_with(
    request: &HttpRequest,
    body: Option<JsValue>,
    signal: Option<&AbortSignal>,
) -> Result<Response, FetchFailure> {
    // The browser refusing the request as built (a header value HTTP does not
    // allow) reads as no answer: nothing was sent.
    let refused = |error: JsValue| classify_js(&error, signal);
    let headers = Headers::new().map_err(refused)?;
    for (name, value) in &request.headers {
        headers.append(name, value).map_err(refused)?;
    }
    let init = RequestInit::new();
    init.set_method(request.method);
    init.set_headers(&headers);
    init.set_redirect(RequestRedirect::Manual);
    init.set_credentials(RequestCredentials::Omit);
    init.set_referrer_policy(ReferrerPolicy::NoReferrer);
    if let Some(body) = &body {
        init.set_body(body);
    }
    if let Some(signal) = signal {
        init.set_signal(Some(signal));
    }
    let built = Request::new_with_str_and_init(&request.url, &init).map_err(refused)?;
    let window = web_sys::window().ok_or_else(|| FetchFailure::Network("no window to fetch from".into()))?;
    let response: Response = JsFuture::from(window.fetch_with_request(&built))
        .await
        .map_err(|error| classify_js(&error, signal))?
        .dyn_into()
        .map_err(|_| FetchFailure::Network("the answer is not an HTTP response".into()))?;
    // A redirect, not followed, is an opaque response: status 0, no headers, no
    // body. (In `cors` mode nothing else has status 0: a refused request rejects.)
    if response.status() == 0 {
        return Err(FetchFailure::Redirected);
    }
    Ok(response)
}

/// Whether anything answers at `url`, whatever it allows pages to read: a
/// `GET` in `no-cors` mode (no headers, no credentials, no referrer, nothing
/// read) resolves with an opaque response when a server answered, and fails
/// when nothing did (down, no such host, or blocked before it was sent).
/// Tells a server that refuses this page's origin (CORS) from one that is not
/// there. (`no-cors` requires following redirects; nothing goes with them.)
pub(crate) async fn answers_at_all(url: &str) -> bool {
    let init = RequestInit::new();
    init.set_method("GET");
    init.set_mode(RequestMode::NoCors);
    init.set_credentials(RequestCredentials::Omit);
    init.set_referrer_policy(ReferrerPolicy::NoReferrer);
    let (Some(window), Ok(request)) = (web_sys::window(), Request::new_with_str_and_init(url, &init)) else {
        return false;
    };
    JsFuture::from(window.fetch_with_request(&request)).await.is_ok()
}

/// The read loop takes what has arrived at most once per this many
/// milliseconds (a frame at 60 Hz) while the page is shown: what is shown
/// changes once per frame anyway.
const BATCH_MS: f64 = 16.0;

/// Whether the page is shown (a hidden page's timers are slowed down).
fn page_visible() -> bool {
    web_sys::window()
        .and_then(|window| window.document())
        .is_none_or(|document| document.visibility_state() == web_sys::VisibilityState::Visible)
}

/// The most bytes the read loop hands on at once: a burst (a whole body
/// arriving together) is handed on in parts, the page given a turn between.
const BATCH_BYTES: usize = 64 * 1024;

/// Where a batch of decoded events came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Batch {
    /// A chunk of the body that just arrived (its events may be none: a
    /// keep-alive, or part of an event).
    Chunk,
    /// The end of the body, or of the attempt: what the decoder still held.
    /// No byte came with it, even when the request failed before any did.
    End,
}

/// Sends `request` to a provider of family `kind` and decodes its streamed body:
/// `on_events` gets, for every chunk as it arrives, the events it completed
/// ([`Batch::Chunk`]), and at the end the decoder's last events
/// ([`Batch::End`]), even when the stream broke off.
pub(crate) async fn fetch_events(
    request: &HttpRequest,
    kind: ProviderKind,
    signal: Option<&AbortSignal>,
    mut on_events: impl FnMut(Vec<StreamEvent>, Batch),
) -> Result<(), FetchFailure> {
    let mut decoder = ResponseDecoder::new(kind);
    let result = fetch_stream(request, signal, |bytes| on_events(decoder.push(bytes), Batch::Chunk)).await;
    on_events(decoder.finish(), Batch::End);
    result
}

/// Sends `request` to a provider of family `kind` and folds its whole streamed
/// body into one reply (a title, a connection test), through the core's
/// `ReplyReader`.
pub(crate) async fn fetch_reply(request: &HttpRequest, kind: ProviderKind) -> Result<Reply, FetchFailure> {
    fetch_reply_until(request, kind, None).await
}

/// [`fetch_reply`] that `signal` can stop (a summary asked before a reply,
/// which Stop ends).
pub(crate) async fn fetch_reply_until(
    request: &HttpRequest,
    kind: ProviderKind,
    signal: Option<&AbortSignal>,
) -> Result<Reply, FetchFailure> {
    let mut reader = ReplyReader::new(kind);
    fetch_stream(request, signal, |bytes| reader.push(bytes)).await?;
    reader.finish();
    Ok(reader.into_reply())
}

impl FetchFailure {
    /// How the failed `request` to a provider of family `kind` reads on an error
    /// card; `None` when the user stopped it. `received`: whether any of the
    /// response had arrived, so that a connection that broke in the middle is
    /// not explained as one that never got through.
    pub(crate) fn into_provider_error(
        self,
        request: &HttpRequest,
        kind: ProviderKind,
        received: bool,
    ) -> Option<ProviderError> {
        match self {
            FetchFailure::Aborted => None,
            FetchFailure::Redirected => Some(ProviderError::redirected(&request.url)),
            FetchFailure::Network(detail) if received => Some(ProviderError::connection_lost(&request.url, &detail)),
            FetchFailure::Network(detail) => Some(ProviderError::network(&request.url, detail)),
            FetchFailure::Status { status, body, retry_after_secs } => {
                Some(provider::parse_error_body(kind, status, &body, retry_after_secs))
            }
        }
    }
}

fn classify_js(error: &wasm_bindgen::JsValue, signal: Option<&AbortSignal>) -> FetchFailure {
    if signal.is_some_and(AbortSignal::aborted) {
        return FetchFailure::Aborted;
    }
    let message = js_sys::Reflect::get(error, &"message".into()).ok().and_then(|m| m.as_string());
    FetchFailure::Network(message.unwrap_or_else(|| "the connection was lost".into()))
}
