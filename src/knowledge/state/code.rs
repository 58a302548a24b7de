//! What a turn asks of the knowledge bases, in the `knowledge` chunk (fetched
//! the first time a turn has a base, or the Knowledge dialog opens): the
//! passages sent before an answer and the tool ([`KnowledgeCode::gather`]),
//! and the `search_knowledge` tool's calls ([`KnowledgeCode::search`]). The
//! send path reaches all of it through these function pointers only, so none
//! of it is fetched with the send path.
//!
//! The worker finds the passages (by words, fused with the vectors where the
//! base is embedded); `hearth_core::knowledge::context` numbers and cuts them
//! to the budget, and writes what the model reads.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use hearth_core::knowledge::Locator;
use hearth_core::knowledge::context::{self, Cited};
use hearth_core::knowledge::kind::FileKind;
use hearth_core::knowledge::picks;
use hearth_core::knowledge::records::Retrieved;
use hearth_core::tools::ToolSpec;
use leptos::prelude::*;
use serde::Deserialize;
use serde_json::json;

use super::KnowledgeContext;
use crate::i18n::{Arg, tr_with};
use crate::io::chunks::{ChunkError, wasm_split};
use crate::io::knowledge::{self, KnowledgeError};

/// What a turn searches: its bases (or, for one message, files), the
/// question, and where the numbering starts.
#[derive(Debug, Clone)]
pub(crate) struct Query {
    /// The bases searched.
    pub(crate) bases: Vec<String>,
    /// Files searched besides the bases' (a message's `#` picks).
    pub(crate) files: Vec<String>,
    /// The question.
    pub(crate) text: String,
    /// The most tokens the passages may take.
    pub(crate) budget: u32,
    /// The most passages.
    pub(crate) limit: u32,
    /// The number the first passage gets (after those the turn has cited).
    pub(crate) first_number: u32,
}

/// What the chunk's code gives later.
pub(crate) type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// The chunk's code a turn calls: plain function pointers.
pub(crate) struct KnowledgeCode {
    /// Connects the page to the worker and reads the bases, once per page
    /// (a start-up with bases, a turn with some).
    pub(crate) connect: fn(KnowledgeContext) -> Later<()>,
    /// What a turn of an agent with bases, or whose question picks some with
    /// `#`, adds (see [`Gathered`]); `None` when it has none after all (a
    /// `#word` that names no base or file).
    pub(crate) gather: fn(KnowledgeContext, Asked) -> Later<Option<Gathered>>,
    /// Runs a `search_knowledge` call of a turn: the passages, numbered after
    /// those given before, as the model reads them; or why not.
    pub(crate) search: fn(KnowledgeTurn, serde_json::Value) -> Later<Result<String, SearchError>>,
    /// What a `#` in the message box lists for what was typed after it, each
    /// as (the name the pick writes, what the list says).
    pub(crate) choices: fn(KnowledgeContext, &str) -> Vec<(String, String)>,
}

/// Why a `search_knowledge` call gave no passages; `Display` is what the
/// model is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum SearchError {
    /// Its arguments are not a search (no query, a limit out of range).
    Arguments(context::ArgsError),
    /// The worker could not search.
    Worker(KnowledgeError),
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::Arguments(error) => write!(f, "{error}"),
            SearchError::Worker(error) => write!(f, "The knowledge bases could not be searched: {error}"),
        }
    }
}

/// What a turn asks of its agent's bases.
pub(crate) struct Asked {
    /// The bases, by id.
    pub(crate) bases: Vec<String>,
    /// The most tokens of passages.
    pub(crate) budget: u32,
    /// The user's question (none: only the tool is offered).
    pub(crate) question: Option<String>,
}

/// What a turn with knowledge bases adds.
pub(crate) struct Gathered {
    /// The cited context block, when any passage matched.
    pub(crate) context: Option<String>,
    /// The passages sent.
    pub(crate) passages: Vec<Retrieved>,
    /// The `search_knowledge` tool.
    pub(crate) tool: ToolSpec,
    /// What the tool's calls search, and every passage given.
    pub(crate) turn: KnowledgeTurn,
}

/// The most passages sent before an answer.
const PASSAGES_BEFORE: u32 = 8;

/// The code, from the `knowledge` chunk.
#[wasm_split(knowledge, fallible)]
pub(crate) fn knowledge_code() -> Result<&'static KnowledgeCode, ChunkError> {
    static CODE: KnowledgeCode = KnowledgeCode {
        connect: |knowledge| Box::pin(knowledge.state().ensure_connected()),
        gather: |knowledge, asked| Box::pin(gather(knowledge, asked)),
        search: |turn, args| Box::pin(async move { turn.search_tool(&args).await }),
        choices,
    };
    Ok(&CODE)
}

/// What a `#` in the message box lists for `query`: the bases, then the
/// files read into passages, each as (the name the pick writes, what the
/// list says), from the list the page keeps.
fn choices(knowledge: KnowledgeContext, query: &str) -> Vec<(String, String)> {
    let state = knowledge.state();
    let bases = state.bases.get_untracked();
    let files = state.files.get_untracked();
    let base_name = |id: &str| bases.iter().find(|base| base.id == id).map(|base| base.name.as_str());
    let mut choices: Vec<(String, String)> = bases
        .iter()
        .map(|base| {
            let label = tr_with("knowledge-mention-base", &[("name", Arg::Text(&base.name))], || {
                format!("{} (knowledge base)", base.name)
            });
            (base.name.clone(), label)
        })
        .collect();
    for file in files.iter().filter(|file| file.passages > 0) {
        let Some(base) = base_name(&file.base) else { continue };
        let args = [("name", Arg::Text(&file.name)), ("base", Arg::Text(base))];
        let label = tr_with("knowledge-mention-file", &args, || format!("{} (in {base})", file.name));
        choices.push((file.name.clone(), label));
    }
    // One choice per name: a base's name picks the base (see `picks::resolve`).
    let mut seen = std::collections::HashSet::new();
    choices.retain(|(name, _)| seen.insert(name.to_lowercase()));
    hearth_core::message::attach::matching(choices.iter().map(|(name, _)| name.as_str()), query)
        .into_iter()
        .filter_map(|at| choices.get(at).cloned())
        .collect()
}

/// A passage as the worker found it.
#[derive(Debug, Deserialize)]
struct Found {
    file: String,
    name: String,
    passage: u32,
    text: String,
    #[serde(default)]
    at: Locator,
    #[serde(default)]
    kind: Option<FileKind>,
}

async fn retrieve(knowledge: KnowledgeContext, query: Query) -> Result<Vec<Retrieved>, KnowledgeError> {
    knowledge.state().ensure_connected().await;
    let args = json!({
        "query": query.text,
        "k": query.limit.max(1),
        "bases": query.bases,
        "files": query.files,
    });
    let answer = knowledge::request("search", args, Vec::new()).await?;
    let found: Vec<Found> =
        serde_json::from_value(answer).map_err(|error| KnowledgeError::Failed(error.to_string()))?;
    let cited: Vec<Cited> = found
        .iter()
        .zip(query.first_number..)
        .map(|(found, number)| Cited {
            number,
            file_name: found.name.clone(),
            at: found.at.clone(),
            text: found.text.clone(),
        })
        .collect();
    let kept = context::within_budget(cited, query.budget);
    Ok(kept
        .into_iter()
        .filter_map(|cited| {
            let index = usize::try_from(cited.number.checked_sub(query.first_number)?).ok()?;
            let found = found.get(index)?;
            Some(Retrieved {
                number: cited.number,
                file: found.file.clone(),
                name: found.name.clone(),
                passage: found.passage,
                at: cited.at,
                text: cited.text,
                pdf: found.kind == Some(FileKind::Pdf),
            })
        })
        .collect())
}

/// What the model reads of `passages`: the cited context block.
/// What a turn of an agent with `asked.bases` adds: the passages for its
/// question (none when there is none, or the search failed: the turn goes on
/// without them), the tool, and what the tool searches.
async fn gather(knowledge: KnowledgeContext, asked: Asked) -> Option<Gathered> {
    let state = knowledge.state();
    state.ensure_connected().await;
    // What the question picks with `#` (bases, files) takes the place of the agent's bases.
    let (picked_bases, picked_files) = match &asked.question {
        Some(question) => state.bases.with_untracked(|bases| {
            state.files.with_untracked(|files| {
                let bases = bases.iter().map(|base| (base.id.as_str(), base.name.as_str()));
                let files =
                    files.iter().filter(|file| file.passages > 0).map(|file| (file.id.as_str(), file.name.as_str()));
                picks::resolve(question, bases, files)
            })
        }),
        None => (Vec::new(), Vec::new()),
    };
    let (bases, files) = if picked_bases.is_empty() && picked_files.is_empty() {
        (asked.bases, Vec::new())
    } else {
        (picked_bases, picked_files)
    };
    if bases.is_empty() && files.is_empty() {
        return None;
    }
    let mut names: Vec<String> = state.bases.with_untracked(|all| {
        all.iter().filter(|base| bases.contains(&base.id)).map(|base| base.name.clone()).collect()
    });
    names.extend(state.files.with_untracked(|all| {
        all.iter().filter(|file| files.contains(&file.id)).map(|file| file.name.clone()).collect::<Vec<_>>()
    }));
    let given = Rc::new(RefCell::new(Vec::new()));
    let turn = KnowledgeTurn {
        knowledge,
        bases: bases.clone(),
        files: files.clone(),
        budget: asked.budget,
        given: given.clone(),
        next: Rc::default(),
    };
    let tool = context::tool_spec(&names);
    let Some(question) = asked.question.filter(|question| !question.trim().is_empty()) else {
        return Some(Gathered { context: None, passages: Vec::new(), tool, turn });
    };
    let query = Query { bases, files, text: question, budget: asked.budget, limit: PASSAGES_BEFORE, first_number: 1 };
    let passages = retrieve(knowledge, query).await.unwrap_or_default();
    given.borrow_mut().extend(passages.iter().cloned());
    let context = (!passages.is_empty()).then(|| context_of(&passages));
    Some(Gathered { context, passages, tool, turn })
}

fn context_of(passages: &[Retrieved]) -> String {
    context::context_block(&cited(passages))
}

/// What the `search_knowledge` tool answers with `passages`.
fn tool_answer(passages: &[Retrieved]) -> String {
    context::tool_result(&cited(passages))
}

fn cited(passages: &[Retrieved]) -> Vec<Cited> {
    passages
        .iter()
        .map(|passage| Cited {
            number: passage.number,
            file_name: passage.name.clone(),
            at: passage.at.clone(),
            text: passage.text.clone(),
        })
        .collect()
}

/// A turn's knowledge bases: what the `search_knowledge` tool searches, and
/// every passage the turn gave the model (numbered on from the first).
#[derive(Clone)]
pub(crate) struct KnowledgeTurn {
    /// The bases' state.
    pub(crate) knowledge: KnowledgeContext,
    /// The bases searched.
    pub(crate) bases: Vec<String>,
    /// The files searched besides (those the question picked).
    pub(crate) files: Vec<String>,
    /// The most tokens one search's passages may take.
    pub(crate) budget: u32,
    /// The passages given so far.
    pub(crate) given: Rc<RefCell<Vec<Retrieved>>>,
    /// The number the next search's first passage gets: each search takes
    /// its numbers before it waits, so searches made together never share one.
    pub(crate) next: Rc<Cell<u32>>,
}

impl KnowledgeTurn {
    /// Runs a `search_knowledge` call: the passages, numbered after those
    /// given before, as the model reads them; or why not.
    async fn search_tool(&self, args: &serde_json::Value) -> Result<String, SearchError> {
        let asked = context::parse_tool_args(args).map_err(SearchError::Arguments)?;
        let taken = self.given.borrow().iter().map(|passage| passage.number).max().unwrap_or(0) + 1;
        let first_number = self.next.get().max(taken);
        self.next.set(first_number.saturating_add(asked.limit));
        let query = Query {
            bases: self.bases.clone(),
            files: self.files.clone(),
            text: asked.query,
            budget: self.budget,
            limit: asked.limit,
            first_number,
        };
        let found = retrieve(self.knowledge, query).await.map_err(SearchError::Worker)?;
        self.given.borrow_mut().extend(found.iter().cloned());
        Ok(tool_answer(&found))
    }
}
