//! Realtime talk, what both protocols share: a spoken conversation with a
//! model, the user's microphone streamed to it and its voice streamed back,
//! over Gemini's Live API (a WebSocket, `gemini::live`) or OpenAI's Realtime
//! API (WebRTC with a data channel of JSON events, `openai::realtime`). Each
//! protocol's server messages are read into [`TalkEvent`]s; a [`Transcript`]
//! gathers them into [`Exchange`]s, the user's words and the model's answer
//! of one turn, which the shell keeps as ordinary messages of the
//! conversation (searchable, branchable, exported and synced like any other).

#[cfg(test)]
mod tests;

/// What a realtime session said, in either protocol's terms.
#[derive(Debug, Clone, PartialEq)]
pub enum TalkEvent {
    /// The session is set up: the microphone may start streaming.
    Ready,
    /// The user started speaking (where an answer being spoken is cut).
    UserSpeaking,
    /// More of the user's words, as transcribed (appended to what came before).
    UserWords(String),
    /// All of the user's words of the turn, as transcribed (replacing the pieces).
    UserSaid(String),
    /// More of the model's spoken words.
    ModelWords(String),
    /// All of the model's spoken words of the answer (replacing the pieces).
    ModelSaid(String),
    /// Sound of the model's answer to play: 16-bit little-endian mono PCM at
    /// `rate` samples a second (Gemini; OpenAI's comes as a WebRTC track).
    ModelAudio {
        /// The samples.
        pcm: Vec<u8>,
        /// Samples a second.
        rate: u32,
    },
    /// The answer was cut by the user speaking (barge-in): what is queued to
    /// play is dropped.
    Interrupted,
    /// The model's turn is over.
    TurnDone,
    /// The model calls a tool (its arguments as the JSON text it wrote).
    ToolCall {
        /// The call's id, sent back with its result.
        id: String,
        /// The tool's name.
        name: String,
        /// The arguments, JSON.
        arguments: String,
    },
    /// The server will end the session soon (Gemini's `goAway`), with how soon.
    Ending(String),
    /// The server reported an error (its words).
    Error(String),
}

/// One turn of a spoken conversation: what the user said and what the model
/// answered (cut short when `interrupted`), with the tools it called.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Exchange {
    /// The user's words, as transcribed (empty when none came).
    pub user: String,
    /// The model's spoken words, as transcribed.
    pub model: String,
    /// Whether the user cut the answer short.
    pub interrupted: bool,
    /// The tools the model called in the turn, with their results.
    pub calls: Vec<TalkCall>,
}

/// A tool call the model made while talking, once it ran.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TalkCall {
    /// The call's id, as the server gave it.
    pub id: String,
    /// The tool's name.
    pub name: String,
    /// The arguments as the model wrote them (JSON).
    pub arguments: String,
    /// The result text handed back.
    pub result: String,
    /// Whether the result is an error (refused, failed, stopped).
    pub is_error: bool,
    /// How long it took, waiting for approval included.
    pub duration_ms: u64,
}

/// Gathers a session's events into [`Exchange`]s.
#[derive(Debug, Clone, Default)]
pub struct Transcript {
    current: Exchange,
}

impl Transcript {
    /// Nothing heard yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes in `event`; returns the exchange it ends, if it ends one (its
    /// model's turn is over and something was said).
    pub fn on(&mut self, event: &TalkEvent) -> Option<Exchange> {
        match event {
            TalkEvent::UserWords(words) => self.current.user.push_str(words),
            TalkEvent::UserSaid(all) => all.clone_into(&mut self.current.user),
            TalkEvent::ModelWords(words) => self.current.model.push_str(words),
            TalkEvent::ModelSaid(all) => all.clone_into(&mut self.current.model),
            TalkEvent::Interrupted => self.current.interrupted = true,
            TalkEvent::TurnDone => return self.take(),
            _ => {}
        }
        None
    }

    /// Adds a tool call the model made in the turn under way, once it ran.
    pub fn called(&mut self, call: TalkCall) {
        self.current.calls.push(call);
    }

    /// What was said so far, unfinished (shown live while it is spoken).
    pub fn current(&self) -> &Exchange {
        &self.current
    }

    /// Ends the exchange under way because the session ended: an answer
    /// under way is cut short. `None` when nothing was said in it.
    pub fn finish(&mut self) -> Option<Exchange> {
        if !self.current.model.trim().is_empty() {
            self.current.interrupted = true;
        }
        self.take()
    }

    /// The exchange under way, ended; `None` when nothing was said or called in it.
    fn take(&mut self) -> Option<Exchange> {
        let mut done = std::mem::take(&mut self.current);
        done.user = done.user.trim().to_owned();
        done.model = done.model.trim().to_owned();
        (!done.user.is_empty() || !done.model.is_empty() || !done.calls.is_empty()).then_some(done)
    }
}
