//! The HTTP+SSE transport (MCP 2024-11-05), which servers that predate
//! Streamable HTTP still speak: a GET opens an event stream whose first event,
//! `endpoint`, names where to POST; every message is a POST there (answered
//! 202), and every answer, notification and request of the server comes on
//! the stream. One [`LegacyStream`] per server reads the stream in the
//! background and hands each answer to the request waiting for it.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::pin::pin;
use std::rc::Rc;

use futures::StreamExt;
use futures::channel::{mpsc, oneshot};
use futures::future::{Either, select};
use hearth_core::mcp::rpc::Incoming;
use hearth_core::mcp::session::{BodyReader, Read, Session};
use hearth_core::provider::HttpRequest;
use leptos::task::spawn_local;
use serde_json::Value;
use web_sys::AbortSignal;

use super::failure::{McpFailure, post_only, refusal, reply_plainly};
use crate::io::abort::LinkedAbort;
use crate::io::fetch_stream::open;
use crate::io::timer::sleep;

/// How long the stream may take to name its endpoint.
const ENDPOINT_WAIT_MS: i32 = 15_000;

/// What reaches a waiting request.
enum Arrival {
    /// A notification of the server (progress, for one).
    Note(String, Value),
    /// The answer.
    Answer(Result<Value, McpFailure>),
}

/// A server's open event stream and the requests waiting on it.
pub(crate) struct LegacyStream {
    waiting: RefCell<BTreeMap<u64, mpsc::UnboundedSender<Arrival>>>,
    /// The stream has ended: no answer comes any more.
    ended: Cell<bool>,
    /// Closes the stream (when the server is removed or checked again).
    abort: LinkedAbort,
}

impl LegacyStream {
    /// Whether the stream has ended.
    pub(crate) fn ended(&self) -> bool {
        self.ended.get()
    }

    /// Closes the stream.
    pub(crate) fn close(&self) {
        self.abort.abort();
    }

    /// Hands what the stream said to whom it concerns; the server's own
    /// requests are answered (`ping`; anything else is refused).
    fn deliver(&self, session: &Session, read: Read) {
        match read {
            Read::Message(Incoming::Result { id, result }) => self.answer(&id, Ok(result)),
            // An error without an id answers every request waiting (it cannot say which).
            Read::Message(Incoming::Error { id, error }) if id.is_null() => {
                for (_, waiting) in std::mem::take(&mut *self.waiting.borrow_mut()) {
                    let _ = waiting.unbounded_send(Arrival::Answer(Err(McpFailure::Rpc(error.clone()))));
                }
            }
            Read::Message(Incoming::Error { id, error }) => self.answer(&id, Err(McpFailure::Rpc(error))),
            Read::Message(Incoming::Request { id, method, .. }) => {
                reply_plainly(session, &id, &method);
            }
            Read::Message(Incoming::Notification { method, params }) => {
                for waiting in self.waiting.borrow().values() {
                    let _ = waiting.unbounded_send(Arrival::Note(method.clone(), params.clone()));
                }
            }
            Read::Endpoint(_) | Read::Unreadable(_) => {}
        }
    }

    fn answer(&self, id: &Value, answer: Result<Value, McpFailure>) {
        let Some(id) = id.as_u64() else { return };
        if let Some(waiting) = self.waiting.borrow_mut().remove(&id) {
            let _ = waiting.unbounded_send(Arrival::Answer(answer));
        }
    }

    /// The stream ended: every waiting request learns it has no answer. Not
    /// [`McpFailure::Gone`], which sends a request again: the server accepted
    /// these, and may have run them (a tool call runs once, as approved).
    fn end(&self) {
        self.ended.set(true);
        for (_, waiting) in std::mem::take(&mut *self.waiting.borrow_mut()) {
            let _ = waiting.unbounded_send(Arrival::Answer(Err(McpFailure::NoAnswer)));
        }
    }
}

/// Opens the event stream of `session` (an HTTP+SSE one) and waits for its
/// endpoint, which `session` then posts to; the stream goes on being read in
/// the background until [`LegacyStream::close`] (it serves every request to
/// the server, so no one request's Stop closes it). An endpoint on another
/// origin is refused: the user's headers go only to the server's.
pub(crate) async fn connect(session: &mut Session) -> Result<Rc<LegacyStream>, McpFailure> {
    let Some(abort) = LinkedAbort::new(None) else {
        return Err(McpFailure::Unreachable("this browser cannot cancel a request (no AbortController)".into()));
    };
    let own = abort.signal();
    let stream = Rc::new(LegacyStream { waiting: RefCell::default(), ended: Cell::new(false), abort });
    let (named, endpoint) = oneshot::channel::<Result<String, McpFailure>>();
    let reading = stream.clone();
    let mut answering = session.clone();
    let opening = session.open_stream();
    spawn_local(async move {
        let mut named = Some(named);
        let response = match open(&opening, Some(&own)).await {
            Ok(response) if response.ok() => response,
            Ok(response) => {
                let status = response.status();
                let challenge = response.header("www-authenticate");
                if let Some(named) = named.take() {
                    let _ = named.send(Err(refusal(status, challenge, "")));
                }
                return reading.end();
            }
            Err(failure) => {
                if let Some(named) = named.take() {
                    let _ = named.send(Err(failure.into()));
                }
                return reading.end();
            }
        };
        let mut reader = BodyReader::new(response.header("content-type").as_deref());
        let mut take = |reads: Vec<Read>| {
            for read in reads {
                if let Read::Endpoint(data) = &read {
                    answering.set_endpoint(data);
                    if let Some(named) = named.take() {
                        let _ = named.send(Ok(data.clone()));
                    }
                } else {
                    reading.deliver(&answering, read);
                }
            }
        };
        let _ = response.read(|bytes| take(reader.push(bytes))).await;
        take(reader.finish());
        reading.end();
    });
    let waited = pin!(sleep(ENDPOINT_WAIT_MS));
    let data = match select(endpoint, waited).await {
        Either::Left((Ok(Ok(data)), _)) => data,
        Either::Left((Ok(Err(failure)), _)) => return Err(failure),
        Either::Left((Err(_), _)) => {
            stream.close();
            return Err(McpFailure::Protocol("its event stream ended without naming where to send messages".into()));
        }
        Either::Right(((), _)) => {
            stream.close();
            return Err(McpFailure::Protocol("its event stream did not name where to send messages".into()));
        }
    };
    if !session.set_endpoint(&data) {
        stream.close();
        return Err(McpFailure::Protocol(format!(
            "its event stream names another origin to send messages to ({data}), where Hearth does not send your headers"
        )));
    }
    Ok(stream)
}

/// Posts `request` (request `id`) and waits on `stream` for its answer,
/// passing the server's notifications to `on_note` meanwhile. Only a stream
/// that had ended before anything was posted gives [`McpFailure::Gone`] (safe
/// to send again once connected anew).
pub(crate) async fn exchange(
    stream: &LegacyStream,
    request: &HttpRequest,
    id: u64,
    signal: Option<&AbortSignal>,
    on_note: &mut dyn FnMut(&str, &Value),
) -> Result<Value, McpFailure> {
    if stream.ended() {
        return Err(McpFailure::Gone);
    }
    let (sender, mut arrivals) = mpsc::unbounded();
    stream.waiting.borrow_mut().insert(id, sender);
    // No longer waited for, however this ends (an answer, a failure, Stop).
    let _forget = Forget { stream, id };
    post_only(request, signal).await?;
    while let Some(arrival) = arrivals.next().await {
        match arrival {
            Arrival::Note(method, params) => on_note(&method, &params),
            Arrival::Answer(answer) => return answer,
        }
    }
    Err(McpFailure::NoAnswer)
}

/// Takes a request off the stream's waiting list when dropped.
struct Forget<'a> {
    stream: &'a LegacyStream,
    id: u64,
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        self.stream.waiting.borrow_mut().remove(&self.id);
    }
}
