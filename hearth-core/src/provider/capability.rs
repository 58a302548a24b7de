//! Whether an account and model can search the web or make pictures at all,
//! decided before anything is sent, so the composer can say so instead of the
//! provider refusing (or ignoring) the request. Each "no" carries a typed
//! reason the shell turns into a sentence.
//!
//! By family (the wire family a request for the model goes out in, see
//! [`ProviderConfig::wire_kind`]):
//!
//! | Family | Search | Pictures |
//! |---|---|---|
//! | Local servers (Ollama, LM Studio, llama.cpp, a local address) | no | no |
//! | Responses (OpenAI, Azure, compatible) | `web_search` tool | `image_generation` tool |
//! | Anthropic | `web_search` server tool | no |
//! | Gemini | `google_search` grounding | image models only (`…-image…`) |
//! | OpenRouter | web plugin | yes: the model decides |
//! | OpenAI Chat Completions | search models only | through the Images API only |
//! | Azure Chat Completions | no (Responses has it) | through the Images API only |
//! | DeepSeek, Zhipu, other servers | not offered (unknown) | not offered (unknown) |

use super::config::ProviderConfig;
use super::images::{is_dall_e, is_gpt_image};
use super::preset::Preset;
use crate::contract::ProviderKind;

/// Whether a request can use the provider's own web search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchSupport {
    /// It can: the switch is sent as the family's search.
    Yes,
    /// It cannot, and why.
    No(NoSearch),
}

impl NoSearch {
    /// Why, and what to do instead, in a sentence for the error card.
    pub fn sentence(self) -> &'static str {
        match self {
            NoSearch::LocalServer => "A model on this computer has no web search of its own.",
            NoSearch::ChatCompletionsModelWithoutSearch => {
                "On Chat Completions only OpenAI's search models search the web: choose the Responses API for this \
                 provider (Providers → API), or a -search model."
            }
            NoSearch::AzureChatCompletions => {
                "Azure OpenAI searches only on the Responses API: choose it for this provider (Providers → API)."
            }
            NoSearch::NotOffered => "This provider offers no web search Hearth knows how to ask for.",
        }
    }
}

/// Why an account and model cannot search the web.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoSearch {
    /// A server on this computer: it has no search of its own.
    LocalServer,
    /// An OpenAI model on Chat Completions that is not a search model: use the
    /// Responses API, or a `-search` model (`gpt-4o-search-preview`, …).
    ChatCompletionsModelWithoutSearch,
    /// Azure OpenAI on Chat Completions, which has no search: use the Responses API.
    AzureChatCompletions,
    /// The provider offers no search Hearth knows (DeepSeek, Zhipu, a custom server).
    NotOffered,
}

/// Whether a model can answer with pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageSupport {
    /// In its answers (a tool it calls, or image output).
    Yes,
    /// Not in answers, but through the Images API ("Create an image").
    ImagesApiOnly,
    /// Not at all, and why.
    No(NoImages),
}

/// Why an account and model cannot make pictures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoImages {
    /// A server on this computer.
    LocalServer,
    /// A family that makes pictures with its image models only, and this is not one.
    NotAnImageModel,
    /// The provider makes no pictures Hearth knows of (Anthropic, DeepSeek, Zhipu,
    /// a custom server).
    NotOffered,
}

/// Whether `model` on `provider` can search the web (see the module documentation).
pub fn search_support(provider: &ProviderConfig, model: &str) -> SearchSupport {
    if is_local(provider) {
        return SearchSupport::No(NoSearch::LocalServer);
    }
    match (provider.wire_kind(model), provider.preset) {
        (ProviderKind::Responses | ProviderKind::Anthropic | ProviderKind::Gemini, _) => SearchSupport::Yes,
        (ProviderKind::OpenAi, Preset::OpenRouter) => SearchSupport::Yes,
        (ProviderKind::OpenAi, Preset::OpenAi) if is_search_model(model) => SearchSupport::Yes,
        (ProviderKind::OpenAi, Preset::OpenAi) => SearchSupport::No(NoSearch::ChatCompletionsModelWithoutSearch),
        (ProviderKind::OpenAi, Preset::Azure) => SearchSupport::No(NoSearch::AzureChatCompletions),
        (ProviderKind::OpenAi, _) => SearchSupport::No(NoSearch::NotOffered),
    }
}

/// Whether `model` on `provider` can make pictures (see the module documentation).
pub fn image_support(provider: &ProviderConfig, model: &str) -> ImageSupport {
    if is_local(provider) {
        return ImageSupport::No(NoImages::LocalServer);
    }
    match (provider.wire_kind(model), provider.preset) {
        (ProviderKind::Responses, _) => ImageSupport::Yes,
        (ProviderKind::Gemini, _) if is_image_model(model) => ImageSupport::Yes,
        (ProviderKind::Gemini, _) => ImageSupport::No(NoImages::NotAnImageModel),
        (ProviderKind::OpenAi, Preset::OpenRouter) => ImageSupport::Yes,
        (ProviderKind::OpenAi, Preset::OpenAi | Preset::Azure) => ImageSupport::ImagesApiOnly,
        (ProviderKind::Anthropic | ProviderKind::OpenAi, _) => ImageSupport::No(NoImages::NotOffered),
    }
}

/// The model "Create an image" asks on `provider` when `model` is the one
/// chosen for chat: that model when it makes pictures (a GPT image or DALL·E
/// model, a Gemini model that draws), otherwise the family's image model
/// ([`GEMINI_IMAGE_MODEL`], [`OPENAI_IMAGE_MODEL`]). The user can change it.
pub fn image_model(provider: &ProviderConfig, model: &str) -> String {
    let gemini = provider.kind == ProviderKind::Gemini;
    let draws = if gemini {
        is_image_model(model) && last_segment(model).starts_with("gemini")
    } else {
        is_gpt_image(model) || is_dall_e(model)
    };
    if draws {
        model.trim().to_owned()
    } else if gemini {
        GEMINI_IMAGE_MODEL.to_owned()
    } else {
        OPENAI_IMAGE_MODEL.to_owned()
    }
}

/// Gemini's image model "Create an image" starts from.
pub const GEMINI_IMAGE_MODEL: &str = "gemini-2.5-flash-image";
/// OpenAI's image model "Create an image" starts from.
pub const OPENAI_IMAGE_MODEL: &str = "gpt-image-1";

/// Whether OpenAI documents `model` as a search model of Chat Completions
/// (`gpt-4o-search-preview`, `gpt-4o-mini-search-preview`, `gpt-5-search-api`,
/// dated snapshots included).
pub fn is_search_model(model: &str) -> bool {
    let model = last_segment(model);
    model.contains("-search-preview") || model.contains("-search-api")
}

/// Whether a Gemini model makes pictures: its id names an image model
/// (`gemini-2.5-flash-image`, `gemini-3-pro-image-preview`).
fn is_image_model(model: &str) -> bool {
    last_segment(model).contains("-image")
}

/// The model id, lower case, after any `models/` or `vendor/` prefix.
fn last_segment(model: &str) -> String {
    let model = model.trim().to_ascii_lowercase();
    model.rsplit('/').next().unwrap_or_default().to_owned()
}

/// A local server by its preset (Ollama, LM Studio, llama.cpp). An account
/// of a hosted family at a local address is a proxy or a gateway in front of
/// the provider, which searches and draws as the provider does.
fn is_local(provider: &ProviderConfig) -> bool {
    matches!(provider.preset, Preset::Ollama | Preset::LmStudio | Preset::LlamaCpp)
}

#[cfg(test)]
mod tests;
