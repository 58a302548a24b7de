//! A [`Failure`] as stored: the [`ErrorRecord`] a failed reply keeps.
//!
//! `kind` keeps the names it always had (a provider error kind's name, or
//! [`CONFIG`], [`TOOL_ROUNDS`], [`TOOL_REPEATED`] and [`OFFLINE`]), `message`
//! the whole readable text ([`Failure::text`]: what exports and older versions
//! show), and the fields beside them. A record written before the fields existed
//! holds only the kind and the text; the failure read from it keeps that text to
//! show ([`Failure::stored_text`]). The conversion lives here, with the record,
//! so that the domain ([`crate::failure`]) never imports storage.

#[cfg(test)]
mod tests;

use super::ErrorRecord;
use crate::contract::ProviderErrorKind;
use crate::failure::{CONFIG, ConfigProblem, Failure, FailureKind, OFFLINE, TOOL_REPEATED, TOOL_ROUNDS};

impl Failure {
    /// The failure as stored with its message.
    pub fn to_record(&self) -> ErrorRecord {
        let (kind, config, rounds) = match &self.kind {
            FailureKind::Provider(kind) => (kind.as_str(), None, None),
            FailureKind::Config(problem) => (CONFIG, Some(problem.clone()), None),
            FailureKind::ToolRounds(rounds) => (TOOL_ROUNDS, None, *rounds),
            FailureKind::ToolRepeated { times, .. } => (TOOL_REPEATED, None, Some(*times)),
            FailureKind::Offline => (OFFLINE, None, None),
            FailureKind::Unrecognised(name) => (name.as_str(), None, None),
        };
        let tool = match &self.kind {
            FailureKind::ToolRepeated { tool, .. } => Some(tool.clone()),
            _ => None,
        };
        let provider = matches!(self.kind, FailureKind::Provider(_));
        ErrorRecord {
            kind: kind.to_owned(),
            message: self.text(),
            provider_message: (provider && self.stored_text.is_none()).then(|| self.message.clone()),
            status: self.status,
            code: self.code.clone(),
            retry_after_secs: self.retry_after_secs,
            config: config.filter(|problem| *problem != ConfigProblem::Unrecorded),
            rounds,
            tool,
        }
    }

    /// The failure a stored record describes. A record without the fields (one
    /// stored before they existed) keeps its whole text to show.
    pub fn from_record(record: &ErrorRecord) -> Self {
        let kind = match record.kind.as_str() {
            CONFIG => FailureKind::Config(record.config.clone().unwrap_or(ConfigProblem::Unrecorded)),
            TOOL_ROUNDS => FailureKind::ToolRounds(record.rounds),
            TOOL_REPEATED => FailureKind::ToolRepeated {
                tool: record.tool.clone().unwrap_or_default(),
                times: record.rounds.unwrap_or_default(),
            },
            OFFLINE => FailureKind::Offline,
            name => ProviderErrorKind::from_name(name)
                .map_or_else(|| FailureKind::Unrecognised(name.to_owned()), FailureKind::Provider),
        };
        let described = match &kind {
            FailureKind::Provider(_) => record.provider_message.is_some(),
            FailureKind::Config(problem) => *problem != ConfigProblem::Unrecorded,
            FailureKind::ToolRounds(rounds) => rounds.is_some(),
            FailureKind::ToolRepeated { .. } => record.tool.is_some() && record.rounds.is_some(),
            // Its words are this version's; the kind alone says everything.
            FailureKind::Offline => true,
            FailureKind::Unrecognised(_) => false,
        };
        Self {
            kind,
            message: record.provider_message.clone().unwrap_or_default(),
            status: record.status,
            code: record.code.clone(),
            retry_after_secs: record.retry_after_secs,
            stored_text: (!described).then(|| record.message.clone()),
        }
    }
}
