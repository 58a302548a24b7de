//! What a model reads besides text (images, PDFs) when the user has not said:
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
//! - DeepSeek, "Models & Pricing": deepseek-chat and deepseek-reasoner are text only.
//! - Other OpenAI-compatible servers (Ollama, LM Studio, llama.cpp, OpenRouter,
//!   Zhipu, a custom URL) run models Hearth cannot know: images are tried (a
//!   refusal is learned from the error), PDFs are not sent (most of them take
//!   no `file` part).

use super::Preset;
use crate::message::attachment::Accepts;

impl Preset {
    /// What `model` reads on this preset's server when the user has not said.
    pub fn accepts(self, model: &str) -> Accepts {
        let lower = model.to_ascii_lowercase();
        let id = lower.rsplit('/').next().unwrap_or(&lower);
        match self {
            Preset::Anthropic | Preset::Gemini => Accepts::ALL,
            Preset::DeepSeek => Accepts::TEXT,
            Preset::OpenAi | Preset::Azure => {
                let text_only = ["gpt-3.5", "o1-mini", "o3-mini", "text-", "davinci", "babbage"]
                    .iter()
                    .any(|prefix| id.starts_with(prefix))
                    || id.contains("instruct");
                if text_only { Accepts::TEXT } else { Accepts::ALL }
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
                    Accepts { images: true, pdfs: false }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_models_read_what_their_documentation_says() {
        assert_eq!(Preset::Anthropic.accepts("claude-sonnet-4-5"), Accepts::ALL);
        assert_eq!(Preset::Gemini.accepts("gemini-2.5-flash"), Accepts::ALL);
        assert_eq!(Preset::OpenAi.accepts("gpt-4o-mini"), Accepts::ALL);
        assert_eq!(Preset::OpenAi.accepts("gpt-5"), Accepts::ALL);
        assert_eq!(Preset::Azure.accepts("o4-mini"), Accepts::ALL);
        assert_eq!(Preset::OpenAi.accepts("gpt-3.5-turbo"), Accepts::TEXT);
        assert_eq!(Preset::OpenAi.accepts("o3-mini"), Accepts::TEXT);
        assert_eq!(Preset::OpenAi.accepts("gpt-3.5-turbo-instruct"), Accepts::TEXT);
        assert_eq!(Preset::DeepSeek.accepts("deepseek-chat"), Accepts::TEXT);
        assert_eq!(Preset::OpenRouter.accepts("deepseek/deepseek-r1"), Accepts::TEXT);
    }

    #[test]
    fn unknown_models_on_compatible_servers_try_images_but_get_no_pdfs() {
        for preset in [Preset::Ollama, Preset::LmStudio, Preset::LlamaCpp, Preset::Custom, Preset::OpenRouter] {
            assert_eq!(preset.accepts("some-model"), Accepts { images: true, pdfs: false }, "{preset:?}");
        }
    }
}
