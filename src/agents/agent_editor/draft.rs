//! The rules of an agent's draft (see `AgentEditor`): what stops it from
//! being saved, the round limit as typed, and what Save does when the stored
//! agent changed elsewhere while the editor was open.

use hearth_core::agent::AgentRecord;
use hearth_core::tools::LoopConfig;

use crate::agents::prompt_sections::name_problem;
use crate::i18n::tr;

/// What stops a draft from being saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DraftProblem {
    /// The name is blank.
    NoName,
    /// A section name is invalid (its field says why).
    SectionName,
    /// The round limit is not a whole number in range.
    Rounds,
}

impl std::fmt::Display for DraftProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::NoName => tr("Give the agent a name."),
            Self::SectionName => tr("Fix the section names marked above."),
            Self::Rounds => tr("Enter a whole number of tool rounds from 1 to 100."),
        })
    }
}

/// The round limit typed, if valid.
pub(super) fn parse_rounds(typed: &str) -> Option<u32> {
    typed.trim().parse::<u32>().ok().filter(|rounds| (LoopConfig::MIN_ROUNDS..=LoopConfig::MAX_ROUNDS).contains(rounds))
}

/// What Save does with the draft.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Saving {
    /// Store it.
    Store(AgentRecord),
    /// The stored agent changed (or was deleted, `deleted`) since the editor
    /// opened: ask before storing `mine`.
    Conflict {
        /// The draft, with any tool choices merged in.
        mine: AgentRecord,
        /// Whether the agent was deleted elsewhere.
        deleted: bool,
    },
}

/// What to do with the draft `mine` of the agent that was `opened` (`None`:
/// a new agent) and is `stored` now (`None`: deleted since).
pub(super) fn reconcile(mut mine: AgentRecord, opened: Option<&AgentRecord>, stored: Option<&AgentRecord>) -> Saving {
    let Some(opened) = opened else { return Saving::Store(mine) };
    let Some(stored) = stored else { return Saving::Conflict { mine, deleted: true } };
    if stored.updated_at == opened.updated_at {
        return Saving::Store(mine);
    }
    // The "ask before running" choices made elsewhere come along when the
    // draft did not change them.
    if mine.ask_before_running == opened.ask_before_running && mine.allowed_definitions == opened.allowed_definitions {
        mine.ask_before_running.clone_from(&stored.ask_before_running);
        mine.allowed_definitions.clone_from(&stored.allowed_definitions);
    }
    let only_asks_changed = AgentRecord {
        ask_before_running: opened.ask_before_running.clone(),
        allowed_definitions: opened.allowed_definitions.clone(),
        updated_at: opened.updated_at,
        ..stored.clone()
    } == *opened;
    if only_asks_changed
        && mine.ask_before_running == stored.ask_before_running
        && mine.allowed_definitions == stored.allowed_definitions
    {
        Saving::Store(mine)
    } else {
        Saving::Conflict { mine, deleted: false }
    }
}

/// What stops the draft `agent` from being saved, with the round limit
/// `rounds` as typed: the first problem found, if any.
pub(super) fn problem_of(agent: &AgentRecord, rounds: &str) -> Option<DraftProblem> {
    if agent.name.is_empty() {
        Some(DraftProblem::NoName)
    } else if (0..agent.sections.len()).any(|index| name_problem(agent, index).is_some()) {
        Some(DraftProblem::SectionName)
    } else {
        parse_rounds(rounds).is_none().then_some(DraftProblem::Rounds)
    }
}
