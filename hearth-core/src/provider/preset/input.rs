//! What a model reads besides text (images, PDFs, audio) when the user has not said:
//! what each family's public documentation gives, matched on the model id
//! (without case and without a routing prefix, as for the context window).
//!
//! Sources (checked November 2026):
//! - Anthropic, "Vision" and "PDF support"
//!   (<https://platform.claude.com/docs/en/build-with-claude/vision>,
//!   <https://platform.claude.com/docs/en/build-with-claude/pdf-support>): every
//!   current Claude model reads images and PDFs.
//! - Gemini, "Image understanding" and "Document understanding"
//!   (<https://ai.google.dev/gemini-api/docs/image-understanding>): every Gemini
//!   model reads images and PDFs.
//! - OpenAI models pages (<https://platform.openai.com/docs/models>): gpt-4o,
//!   gpt-4.1, gpt-5, o1, o3 and o4-mini take image and file input; gpt-3.5,
//!   o1-mini and o3-mini take text only.
//! - OpenAI, "Audio and speech" (<https://platform.openai.com/docs/guides/audio>):
//!   chat completions take `input_audio` (WAV or MP3) on the audio models only
//!   (`gpt-audio`, `gpt-4o-audio-preview` and their mini versions); Gemini,
//!   "Audio understanding": every Gemini model hears audio; Claude hears none.
//! - DeepSeek, "Models & Pricing": deepseek-chat and deepseek-reasoner are text only.
//! - Other OpenAI-compatible servers (Ollama, LM Studio, llama.cpp, OpenRouter,
//!   Zhipu, a custom URL) run models Hearth cannot know: images are tried (a
//!   refusal is learned from the error), PDFs are not sent (most of them take
//!   no `file` part).

use serde::{Deserialize, Serialize};

use super::Preset;
use crate::message::attachment::Accepts;

/// Who says what a model reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InputsFrom {
    /// The user, in the model's settings.
    User,
    /// The provider's model list (OpenRouter's `architecture.input_modalities`).
    ModelList,
    /// The provider refused an image or a PDF sent to the model.
    Refusal,
    /// What Hearth knows of its family and id ([`Preset::accepts`]); never stored.
    Documentation,
}

/// What a model reads besides text, and who said so: stored with its settings
/// (`ModelConfigRecord::inputs`), about one model id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModelInputs {
    /// The model id it is about: once the settings name another model, it no longer applies.
    pub model: String,
    /// What it reads.
    pub accepts: Accepts,
    /// Who said so.
    pub from: InputsFrom,
}

impl ModelInputs {
    /// What is known once `learned` is learned over `self` (what was known):
    /// the user's word replaces anything; a refusal turns off what was refused
    /// and keeps the rest; a model list never overrides the user or a refusal.
    /// `None`: `learned` changes nothing.
    pub fn updated(known: Option<&ModelInputs>, learned: ModelInputs) -> Option<ModelInputs> {
        let current = known.filter(|known| known.model == learned.model);
        let merged = match (learned.from, current) {
            (InputsFrom::ModelList, Some(current)) if current.from != InputsFrom::ModelList => return None,
            (InputsFrom::Refusal, Some(current)) => ModelInputs {
                accepts: Accepts {
                    images: current.accepts.images && learned.accepts.images,
                    pdfs: current.accepts.pdfs && learned.accepts.pdfs,
                    audio: current.accepts.audio && learned.accepts.audio,
                },
                ..learned
            },
            _ => learned,
        };
        (current != Some(&merged)).then_some(merged)
    }

    /// Why the model reads what it reads, for the composer: "the provider's
    /// model list says so".
    pub fn reason(from: InputsFrom) -> &'static str {
        match from {
            InputsFrom::User => "as set in Providers",
            InputsFrom::ModelList => "as the provider’s model list says",
            InputsFrom::Refusal => "the provider refused one earlier",
            InputsFrom::Documentation => "as its provider documents",
        }
    }
}

impl Preset {
    /// What `model` reads on this preset's server when the user has not said.
    pub fn accepts(self, model: &str) -> Accepts {
        let lower = model.to_ascii_lowercase();
        let id = lower.rsplit('/').next().unwrap_or(&lower);
        match self {
            Preset::Anthropic => Accepts::VISUAL,
            Preset::Gemini => Accepts::ALL,
            Preset::DeepSeek => Accepts::TEXT,
            Preset::OpenAi | Preset::Azure => {
                let text_only = ["gpt-3.5", "o1-mini", "o3-mini", "text-", "davinci", "babbage"]
                    .iter()
                    .any(|prefix| id.starts_with(prefix))
                    || id.contains("instruct");
                // Chat completions hear audio on the audio models only (gpt-audio, gpt-4o-audio-preview).
                if text_only { Accepts::TEXT } else { Accepts { audio: id.contains("audio"), ..Accepts::VISUAL } }
            }
            Preset::Zhipu
            | Preset::OpenRouter
            | Preset::Ollama
            | Preset::LmStudio
            | Preset::LlamaCpp
            | Preset::Custom => {
                if id.starts_with("deepseek") {
                    Accepts::TEXT
                } else {
                    // Audio is tried where the id says so (gpt-audio, Qwen2-Audio); OpenRouter's list says more.
                    Accepts { audio: id.contains("audio"), ..Accepts::IMAGES }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
