//! The request's `generationConfig` from the model's settings: sampling, the
//! thinking switch and the effort (`thinkingConfig`), and the pictures asked
//! for (`responseModalities`); see the family's module documentation.

use super::endpoint::model_id;
use super::request;
use crate::contract::Effort;
use crate::provider::config::ModelConfig;

pub(super) fn generation_config(model: &ModelConfig) -> request::GenerationConfig {
    request::GenerationConfig {
        temperature: model.temperature,
        top_p: model.top_p,
        max_output_tokens: model.max_tokens,
        thinking_config: thinking_config(model),
        response_modalities: if model.make_images { vec!["TEXT", "IMAGE"] } else { Vec::new() },
        image_config: None,
    }
}

/// The thinking switch and the effort (see the module documentation); `None`
/// when neither is set, or the effort has no value for the model.
fn thinking_config(model: &ModelConfig) -> Option<request::ThinkingConfig> {
    let (level, budget) = match model.effort.filter(|_| model.thinking != Some(false)) {
        None => (None, None),
        Some(effort) if uses_thinking_levels(&model.model) => (thinking_level(&model.model, effort), None),
        Some(effort) => (None, Some(thinking_budget(effort))),
    };
    match model.thinking {
        Some(false) => {
            Some(request::ThinkingConfig { include_thoughts: None, thinking_budget: Some(0), thinking_level: None })
        }
        Some(true) => Some(request::ThinkingConfig {
            include_thoughts: Some(true),
            thinking_budget: budget,
            thinking_level: level,
        }),
        None if level.is_some() || budget.is_some() => {
            Some(request::ThinkingConfig { include_thoughts: None, thinking_budget: budget, thinking_level: level })
        }
        None => None,
    }
}

/// Whether a model takes `thinkingLevel`: Gemini 3 and later (`gemini-3-pro-preview`,
/// `gemini-3.1-flash`, …).
fn uses_thinking_levels(model: &str) -> bool {
    let id = model_id(model).to_ascii_lowercase();
    let Some(version) = id.strip_prefix("gemini-") else { return false };
    let major: String = version.chars().take_while(char::is_ascii_digit).collect();
    major.parse::<u32>().is_ok_and(|major| major >= 3)
}

/// `thinkingLevel` for an effort; `None` for medium on Gemini 3 Pro, which
/// lists only `low` and `high`.
fn thinking_level(model: &str, effort: Effort) -> Option<&'static str> {
    let three_pro = model_id(model).to_ascii_lowercase().starts_with("gemini-3-pro");
    match effort {
        Effort::Medium if three_pro => None,
        effort => Some(effort.as_str()),
    }
}

/// `thinkingBudget` for an effort, as Google maps OpenAI's `reasoning_effort`.
fn thinking_budget(effort: Effort) -> u32 {
    match effort {
        Effort::Low => 1024,
        Effort::Medium => 8192,
        Effort::High => 24_576,
    }
}
