//! A question an MCP server asks the user during one of its tool calls
//! ([`PendingAsk`]: a form to fill in, or a link to open), as the tool
//! widget shows it, and the user's answer checked and given
//! ([`ask`](super::ask) makes the call wait for it).

use std::sync::{Arc, Mutex};

use futures::channel::oneshot;
use hearth_core::mcp::elicit::{Answer, Elicitation, Entered, Form, Problem, TextFormat};

use crate::i18n::{Arg, tr, tr_with};
use crate::io::pattern;

/// A question waiting for the user.
#[derive(Clone)]
pub(crate) struct PendingAsk {
    /// The call the server asks during.
    pub(crate) call_id: String,
    /// The server that asks (named to the user).
    pub(crate) server: String,
    /// What it asks.
    pub(crate) elicitation: Elicitation,
    /// Where the answer goes (taken by the first one).
    reply: Arc<Mutex<Option<oneshot::Sender<Answer>>>>,
}

impl PartialEq for PendingAsk {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.reply, &other.reply)
    }
}

impl PendingAsk {
    /// A question of `server` during the call `call_id`, and where its answer will come.
    pub(crate) fn new(call_id: String, server: String, elicitation: Elicitation) -> (Self, oneshot::Receiver<Answer>) {
        let (sender, receiver) = oneshot::channel();
        (Self { call_id, server, elicitation, reply: Arc::new(Mutex::new(Some(sender))) }, receiver)
    }

    /// What tells it apart from every other question (for a list's keys).
    pub(crate) fn key(&self) -> usize {
        Arc::as_ptr(&self.reply).cast::<()>() as usize
    }

    /// Gives the answer (only the first answer counts).
    pub(crate) fn answer(&self, answer: Answer) {
        let sender = self.reply.lock().ok().and_then(|mut reply| reply.take());
        if let Some(sender) = sender {
            let _ = sender.send(answer);
        }
    }
}

impl PendingAsk {
    /// Sends what was `entered` in `form` when every field takes it;
    /// otherwise nothing is sent, and each field's problem (by its index) is
    /// returned. A pattern is checked by the browser's regular expressions.
    pub(crate) fn submit(&self, form: &Form, entered: &[Entered]) -> Result<(), Vec<(usize, Problem)>> {
        let content = form.answer(entered, &pattern::matches)?;
        self.answer(Answer::Accept(Some(content)));
        Ok(())
    }
}

/// What is wrong with a field's value, in words.
pub(crate) fn problem_words(problem: &Problem) -> String {
    let number = |n: f64| Arg::Number(n);
    match problem {
        Problem::Required => tr("This is required.").to_owned(),
        Problem::TooShort(n) => {
            tr_with("tools-ask-too-short", &[("n", number(*n as f64))], || format!("Write at least {n} characters."))
        }
        Problem::TooLong(n) => {
            tr_with("tools-ask-too-long", &[("n", number(*n as f64))], || format!("Write at most {n} characters."))
        }
        Problem::Pattern => tr("This is not in the form the server asks for.").to_owned(),
        Problem::Format(TextFormat::Email) => tr("Write an email address, such as name@example.com.").to_owned(),
        Problem::Format(TextFormat::Uri) => tr("Write a whole address, such as https://example.com.").to_owned(),
        Problem::Format(TextFormat::Date) => tr("Write a date, such as 2026-01-31.").to_owned(),
        Problem::Format(TextFormat::DateTime) => tr("Write a date and time, such as 2026-01-31T09:30:00Z.").to_owned(),
        Problem::NotNumber => tr("Write a number.").to_owned(),
        Problem::NotWhole => tr("Write a whole number.").to_owned(),
        Problem::Below(n) => tr_with("tools-ask-below", &[("n", number(*n))], || format!("Write {n} or more.")),
        Problem::Above(n) => tr_with("tools-ask-above", &[("n", number(*n))], || format!("Write {n} or less.")),
        Problem::NotAnOption => tr("Choose one of the options.").to_owned(),
        Problem::TooFew(n) => {
            tr_with("tools-ask-too-few", &[("n", number(*n as f64))], || format!("Choose at least {n}."))
        }
        Problem::TooMany(n) => {
            tr_with("tools-ask-too-many", &[("n", number(*n as f64))], || format!("Choose at most {n}."))
        }
    }
}
