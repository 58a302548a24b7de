//! A server asking the user for input during a tool call: its
//! `elicitation/create` requests (2025 revisions, on the call's event stream)
//! and a stateless server's `input_required` results (2026-07-28), each
//! handed to the call's [`Asker`] (the tool widget's form or link), and the
//! user's answer sent back. Outside a tool call nobody is there to ask, and
//! the request is refused as before.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use hearth_core::mcp::elicit::{self, Answer, ELICIT, Elicitation};
use hearth_core::mcp::rpc::Incoming;
use hearth_core::mcp::session::{BodyReader, Read, Session, listen};
use leptos::task::spawn_local;
use serde_json::{Map, Value};

use super::failure::{McpFailure, reply_plainly};
use crate::io::clock;
use crate::io::fetch_stream::{Opened, open};
use crate::io::timer::sleep;
use futures::future::{Either, select};
use std::pin::pin;
use web_sys::AbortSignal;

/// How long a tool call waits for its session's own event stream to open
/// before it is sent without it.
const LISTEN_OPEN_MS: i32 = 2_000;

/// The user's answer to come.
pub(crate) type Asked = Pin<Box<dyn Future<Output = Answer>>>;

/// Shows a request for input to the user and resolves to the answer
/// ([`Answer::Cancel`] when the call is stopped or the wait given up).
pub(crate) type Asker = Rc<dyn Fn(Elicitation) -> Asked>;

/// A request's asker, and how many of its questions wait for the user: while
/// one does, the server's silence is not held against the request.
#[derive(Clone)]
pub(super) struct Asking {
    asker: Asker,
    waiting: Rc<Cell<u32>>,
    /// When a question last began or was answered (`clock::monotonic_ms`).
    changed_at: Rc<Cell<f64>>,
}

impl Asking {
    pub(super) fn new(asker: Asker) -> Self {
        Self { asker, waiting: Rc::new(Cell::new(0)), changed_at: Rc::new(Cell::new(0.0)) }
    }

    /// Whether a question waits for the user.
    pub(super) fn waits(&self) -> bool {
        self.waiting.get() > 0
    }

    /// When a question last began or was answered: the server's silence is
    /// counted from then at the earliest.
    pub(super) fn changed_at(&self) -> f64 {
        self.changed_at.get()
    }

    /// The user's answer to `elicitation`, counted as waiting meanwhile.
    async fn ask(&self, elicitation: Elicitation) -> Answer {
        self.waiting.set(self.waiting.get() + 1);
        self.changed_at.set(clock::monotonic_ms());
        let answer = (self.asker)(elicitation).await;
        self.waiting.set(self.waiting.get().saturating_sub(1));
        self.changed_at.set(clock::monotonic_ms());
        answer
    }

    /// Answers the server's request `id` (`elicitation/create` with `params`,
    /// its fields in `order`) on `session`: refused at once when it cannot be
    /// asked (an unknown mode, a malformed form, a secret asked in a form),
    /// else once the user has answered.
    pub(super) fn answer(&self, session: &Session, id: Value, params: &Value, order: &[String]) {
        let session = session.clone();
        match elicit::read(params, order) {
            Err(refusal) => spawn_local(async move {
                let _ = open(&session.answer_error(&id, &refusal.error()), None).await;
            }),
            Ok(elicitation) => {
                let asking = self.clone();
                spawn_local(async move {
                    let answer = asking.ask(elicitation).await;
                    let _ = open(&session.answer(&id, &answer.result()), None).await;
                });
            }
        }
    }

    /// Opens the session's own event stream (Streamable HTTP), where a
    /// server may ask its questions apart from the call's answer: before the
    /// call is sent, since a server may ask at once and drops a question it
    /// has no stream for. `None` when there is no such stream (another
    /// transport, a server that offers none), or its head did not come within
    /// [`LISTEN_OPEN_MS`]. It ends with `signal` (the call's).
    pub(super) async fn open_listener<'a>(session: &Session, signal: &'a AbortSignal) -> Option<Opened<'a>> {
        let request = listen(session)?;
        let opening = pin!(open(&request, Some(signal)));
        let waited = pin!(sleep(LISTEN_OPEN_MS));
        match select(opening, waited).await {
            Either::Left((Ok(opened), _)) if opened.ok() => Some(opened),
            _ => None,
        }
    }

    /// Reads the session's own event stream (from [`Self::open_listener`])
    /// until it ends: each question is handed to the asker, a ping answered,
    /// any other request refused.
    pub(super) async fn listen(&self, session: &Session, opened: Opened<'_>) {
        let mut reader = BodyReader::new(opened.header("content-type").as_deref());
        let _ = opened
            .read_while(|bytes| {
                for read in reader.push(bytes) {
                    if let Read::Message(Incoming::Request { id, method, params, order }) = read {
                        if method == ELICIT {
                            self.answer(session, id, &params, &order);
                        } else {
                            reply_plainly(session, &id, &method);
                        }
                    }
                }
                true
            })
            .await;
    }

    /// The answers to a stateless server's `input_required` `result`, by its
    /// requests' keys, asked one after another; a request other than a form
    /// or a link, or one that cannot be asked, fails the call.
    pub(super) async fn inputs(&self, result: &Value) -> Result<Map<String, Value>, McpFailure> {
        let mut answers = Map::new();
        for (key, method, params) in elicit::input_requests(result) {
            if method != ELICIT {
                return Err(McpFailure::Protocol(format!("the server asks for {method}, which Hearth does not give")));
            }
            let elicitation = elicit::read(&params, &[]).map_err(|refusal| McpFailure::Rpc(refusal.error()))?;
            answers.insert(key, self.ask(elicitation).await.result());
        }
        Ok(answers)
    }
}
