//! The provider-neutral conversation model that requests are built from.
//!
//! An assistant message may carry the reasoning its provider streamed as
//! [`ReasoningPart`]s, with the provider family it came from. Request builders send
//! the sealed parts (signed or redacted) back to the same family only, because a
//! signature is verified by the provider that issued it.

use serde::{Deserialize, Serialize};

use crate::provider::ProviderKind;

/// Who wrote a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Instructions that frame the conversation.
    System,
    /// The person using Hearth.
    User,
    /// The model.
    Assistant,
}

impl Role {
    /// The role's name as the OpenAI-style wire formats spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::System => "system",
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// One stretch of a reply's reasoning, as the provider delimited it.
///
/// A part is *sealed* once it has a signature or is redacted; reasoning that
/// streams after that starts a new part.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ReasoningPart {
    /// The reasoning text shown to the user (empty for redacted parts and for
    /// signatures that came without text).
    pub text: String,
    /// The provider's signature over this reasoning (Anthropic's thinking-block
    /// `signature`, Gemini's `thoughtSignature`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signature: Option<String>,
    /// Encrypted reasoning the provider would not show (Anthropic's
    /// `redacted_thinking` `data`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redacted: Option<String>,
}

impl ReasoningPart {
    /// Whether the part is complete: signed or redacted.
    pub fn is_sealed(&self) -> bool {
        self.signature.is_some() || self.redacted.is_some()
    }
}

/// One turn of the conversation as sent to a provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatMessage {
    /// Who wrote it.
    pub role: Role,
    /// Its text (markdown for the assistant, plain text for the user).
    pub content: String,
    /// The reasoning of an assistant reply, part by part.
    #[serde(default)]
    pub reasoning: Vec<ReasoningPart>,
    /// The provider family that wrote an assistant reply; its reasoning is only
    /// sent back to that family.
    #[serde(default)]
    pub origin: Option<ProviderKind>,
}

impl ChatMessage {
    /// A message of `role` with `content`, without reasoning or origin.
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        Self { role, content: content.into(), reasoning: Vec::new(), origin: None }
    }

    /// An assistant reply with the reasoning parts its provider streamed and the
    /// family that wrote it.
    pub fn assistant_with_reasoning(
        content: impl Into<String>,
        parts: Vec<ReasoningPart>,
        origin: Option<ProviderKind>,
    ) -> Self {
        Self { role: Role::Assistant, content: content.into(), reasoning: parts, origin }
    }

    /// Whether this is an assistant reply written by `kind` that carries sealed
    /// reasoning parts, which that family accepts back.
    pub fn has_sealed_reasoning_from(&self, kind: ProviderKind) -> bool {
        self.role == Role::Assistant && self.origin == Some(kind) && self.reasoning.iter().any(ReasoningPart::is_sealed)
    }
}
