//! The context window of a model when the user has not set one: what each
//! family's public documentation gives, matched on the model id.
//!
//! The model id is matched without case and without a routing prefix
//! (`openai/gpt-4o` on OpenRouter, `models/gemini-2.0-flash`), so a known model
//! behind OpenRouter, Azure (deployments are often named after their model) or
//! a custom server gets its window too. Where only the server decides (a local
//! Ollama runs every model with its own default length), the preset wins.
//!
//! Sources (checked November 2026):
//! - OpenAI models pages (<https://platform.openai.com/docs/models>): gpt-4o and
//!   gpt-4o-mini 128,000; gpt-4.1 (and mini, nano) 1,047,576; o1, o3, o3-mini,
//!   o4-mini 200,000; gpt-5 (and mini, nano) 400,000; gpt-4-turbo 128,000;
//!   gpt-4 8,192; gpt-3.5-turbo 16,385.
//! - Anthropic, "Context windows" (<https://docs.anthropic.com/en/docs/build-with-claude/context-windows>):
//!   200,000 for every Claude 3 and later model (1M is a beta that must be asked for).
//! - Gemini models (<https://ai.google.dev/gemini-api/docs/models>): input token
//!   limit 1,048,576 for 1.5 Flash, 2.0 and 2.5 models; 2,097,152 for 1.5 Pro.
//! - DeepSeek, "Models & Pricing" (<https://api-docs.deepseek.com/quick_start/pricing>):
//!   deepseek-chat and deepseek-reasoner, 128K since V3.1.
//! - Mistral models overview (<https://docs.mistral.ai/getting-started/models/>):
//!   Mistral Large, Medium, Small and Codestral 128k (131,072 tokens); we use 128,000.
//! - Zhipu GLM-4.5 (<https://docs.bigmodel.cn/cn/guide/models/text/glm-4.5>): 128K.
//! - Ollama, "Context length" (<https://docs.ollama.com/context-length>): a
//!   model runs with 4,096 tokens by default (below 24 GiB of VRAM) whatever it
//!   could take, and the OpenAI-compatible endpoint cannot ask for more.

use super::Preset;

impl Preset {
    /// The context window in tokens of `model` on this preset, from public
    /// documentation (see the module documentation); `None` when unknown (LM
    /// Studio and llama.cpp load whatever length the user chose).
    pub fn default_context_window(self, model: &str) -> Option<u32> {
        match self {
            Preset::Ollama => return Some(4_096),
            Preset::LmStudio | Preset::LlamaCpp => return None,
            _ => {}
        }
        known_model_window(model)
    }
}

/// Model id prefixes and their documented windows, the more specific first
/// (`gpt-4o` before `gpt-4`).
const KNOWN: &[(&[&str], u32)] = &[
    (&["gpt-5"], 400_000),
    (&["gpt-4.1"], 1_047_576),
    (&["gpt-4o", "chatgpt-4o", "gpt-4-turbo", "gpt-4-1106", "gpt-4-0125"], 128_000),
    (&["gpt-4"], 8_192),
    (&["gpt-3.5-turbo"], 16_385),
    (&["o1", "o3", "o4"], 200_000),
    (&["claude"], 200_000),
    (&["gemini-1.5-pro"], 2_097_152),
    (&["gemini"], 1_048_576),
    (
        &[
            "deepseek-chat",
            "deepseek-reasoner",
            "mistral-large",
            "mistral-medium",
            "mistral-small",
            "codestral",
            "glm-4.5",
        ],
        128_000,
    ),
];

/// The documented window of a model id, whatever serves it.
fn known_model_window(model: &str) -> Option<u32> {
    let lower = model.trim().to_ascii_lowercase();
    // "openai/gpt-4o", "models/gemini-2.0-flash", "anthropic/claude-3.5-sonnet".
    let id = lower.rsplit('/').next().unwrap_or(&lower);
    KNOWN.iter().find(|(prefixes, _)| prefixes.iter().any(|prefix| id.starts_with(prefix))).map(|(_, window)| *window)
}
