//! Named provider presets: the services the provider form offers, each with its
//! protocol family, default address, key requirement and request quirks.
//!
//! A preset only fills in defaults and picks small request differences inside a
//! family (Azure's URL and `api-key` header, which token-limit field an
//! OpenAI-compatible server takes, which thinking switch it understands). The
//! wire format itself is decided by [`Preset::kind`].
//!
//! Facts the methods rely on, with where they were checked:
//! - Zhipu GLM switches thinking with `"thinking": {"type": "enabled" | "disabled"}`
//!   (<https://docs.bigmodel.cn/cn/guide/models/text/glm-4.5>); no model-list
//!   endpoint is documented, so [`Preset::has_model_list`] is false for it.
//! - OpenRouter takes `"reasoning": {"enabled": true}` and `{"effort": "none"}`
//!   (<https://openrouter.ai/docs/use-cases/reasoning-tokens>).
//! - Azure OpenAI addresses a deployment, not a model, and has no data-plane list of
//!   deployments (<https://learn.microsoft.com/azure/ai-services/openai/reference>).
//! - Ollama, LM Studio and llama.cpp serve `GET /v1/models` next to their chat
//!   endpoint and need no key by default.

mod context_window;
mod input;
pub use input::{InputsFrom, ModelInputs};

use serde::{Deserialize, Serialize};

use crate::contract::ProviderKind;

/// A provider the user can pick by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// OpenAI's own API.
    #[default]
    OpenAi,
    /// Azure OpenAI: one deployment per URL, `api-key` header, `api-version` query.
    Azure,
    /// Zhipu GLM (BigModel open platform).
    Zhipu,
    /// DeepSeek.
    DeepSeek,
    /// OpenRouter.
    OpenRouter,
    /// A local Ollama server.
    Ollama,
    /// A local LM Studio server.
    LmStudio,
    /// A local llama.cpp server (`llama-server`).
    LlamaCpp,
    /// Any other OpenAI-compatible server.
    Custom,
    /// Anthropic Messages.
    Anthropic,
    /// Google Gemini.
    Gemini,
}

impl Preset {
    /// Every preset, in the order the provider form lists them.
    pub const ALL: [Preset; 11] = [
        Preset::OpenAi,
        Preset::Azure,
        Preset::Zhipu,
        Preset::DeepSeek,
        Preset::OpenRouter,
        Preset::Ollama,
        Preset::LmStudio,
        Preset::LlamaCpp,
        Preset::Custom,
        Preset::Anthropic,
        Preset::Gemini,
    ];

    /// The name shown to the user.
    pub fn label(self) -> &'static str {
        match self {
            Preset::OpenAi => "OpenAI",
            Preset::Azure => "Azure OpenAI",
            Preset::Zhipu => "Zhipu GLM",
            Preset::DeepSeek => "DeepSeek",
            Preset::OpenRouter => "OpenRouter",
            Preset::Ollama => "Ollama",
            Preset::LmStudio => "LM Studio",
            Preset::LlamaCpp => "llama.cpp",
            Preset::Custom => "Custom (OpenAI-compatible)",
            Preset::Anthropic => "Anthropic",
            Preset::Gemini => "Google Gemini",
        }
    }

    /// The stable id, equal to the serde name (`"open_ai"`, `"lm_studio"`, …).
    pub fn id(self) -> &'static str {
        match self {
            Preset::OpenAi => "open_ai",
            Preset::Azure => "azure",
            Preset::Zhipu => "zhipu",
            Preset::DeepSeek => "deep_seek",
            Preset::OpenRouter => "open_router",
            Preset::Ollama => "ollama",
            Preset::LmStudio => "lm_studio",
            Preset::LlamaCpp => "llama_cpp",
            Preset::Custom => "custom",
            Preset::Anthropic => "anthropic",
            Preset::Gemini => "gemini",
        }
    }

    /// The preset with the given [`id`](Preset::id), if any.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|preset| preset.id() == id)
    }

    /// The wire protocol the preset speaks.
    pub fn kind(self) -> ProviderKind {
        match self {
            Preset::Anthropic => ProviderKind::Anthropic,
            Preset::Gemini => ProviderKind::Gemini,
            _ => ProviderKind::OpenAi,
        }
    }

    /// The base URL to fill in; empty where only the user can know it (Azure's
    /// resource and deployment, a custom server).
    pub fn default_base_url(self) -> &'static str {
        match self {
            Preset::OpenAi => "https://api.openai.com/v1",
            Preset::Azure | Preset::Custom => "",
            Preset::Zhipu => "https://open.bigmodel.cn/api/paas/v4",
            Preset::DeepSeek => "https://api.deepseek.com",
            Preset::OpenRouter => "https://openrouter.ai/api/v1",
            Preset::Ollama => "http://localhost:11434/v1",
            Preset::LmStudio => "http://localhost:1234/v1",
            Preset::LlamaCpp => "http://localhost:8080/v1",
            Preset::Anthropic => "https://api.anthropic.com",
            Preset::Gemini => "https://generativelanguage.googleapis.com",
        }
    }

    /// Placeholder text for the base URL field.
    pub fn base_url_hint(self) -> &'static str {
        match self {
            Preset::Azure => "https://RESOURCE.openai.azure.com/openai/deployments/DEPLOYMENT",
            Preset::Custom => "https://your-server.example/v1",
            other => other.default_base_url(),
        }
    }

    /// Whether the preset needs an API key. Local servers need none, and a custom
    /// server may or may not, so the key is optional for it too.
    pub fn needs_key(self) -> bool {
        !matches!(self, Preset::Ollama | Preset::LmStudio | Preset::LlamaCpp | Preset::Custom)
    }

    /// Whether the preset is a service on the internet (not a local server and not
    /// a custom one), which is reached over `https:`; see
    /// [`insecure_http_warning`](crate::provider::insecure_http_warning).
    pub fn is_hosted(self) -> bool {
        !matches!(self, Preset::Ollama | Preset::LmStudio | Preset::LlamaCpp | Preset::Custom)
    }

    /// Placeholder text for the model field.
    pub fn model_hint(self) -> &'static str {
        match self {
            Preset::OpenAi => "gpt-4o-mini",
            Preset::Azure => "deployment name",
            Preset::Zhipu => "glm-4.5",
            Preset::DeepSeek => "deepseek-chat",
            Preset::OpenRouter => "openai/gpt-4o-mini",
            Preset::Ollama => "llama3.2",
            Preset::LmStudio => "model id shown in LM Studio",
            Preset::LlamaCpp => "any name (the loaded model answers)",
            Preset::Custom => "model id",
            Preset::Anthropic => "claude-sonnet-4-5",
            Preset::Gemini => "gemini-2.5-flash",
        }
    }

    /// Whether the provider can list its models (see [`crate::provider::models_request`]).
    pub fn has_model_list(self) -> bool {
        !matches!(self, Preset::Azure | Preset::Zhipu)
    }

    /// Whether requests can switch the model's thinking on and off
    /// ([`crate::provider::ModelConfig::thinking`] has an effect).
    pub fn supports_thinking_switch(self) -> bool {
        matches!(self, Preset::Zhipu | Preset::OpenRouter | Preset::Anthropic | Preset::Gemini)
    }

    /// The preset a provider saved before presets existed most likely is, judged
    /// from its family and base URL: the well-known hosts and local ports, else
    /// [`Preset::Custom`] for an OpenAI-compatible server (an empty URL counts as
    /// OpenAI itself).
    pub fn infer(kind: ProviderKind, base_url: &str) -> Preset {
        match kind {
            ProviderKind::Anthropic => return Preset::Anthropic,
            ProviderKind::Gemini => return Preset::Gemini,
            ProviderKind::OpenAi | ProviderKind::Responses => {}
        }
        let url = base_url.trim().to_ascii_lowercase();
        if url.is_empty() {
            return Preset::OpenAi;
        }
        let authority = url.split_once("://").map_or(url.as_str(), |(_, rest)| rest);
        let authority = authority.split(['/', '?', '#']).next().unwrap_or(authority);
        let (host, port) = match authority.rsplit_once(':') {
            Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => (host, Some(port)),
            _ => (authority, None),
        };
        let local = matches!(host, "localhost" | "127.0.0.1" | "[::1]" | "0.0.0.0");
        let is = |domain: &str| host == domain || host.ends_with(&format!(".{domain}"));
        if is("api.openai.com") {
            Preset::OpenAi
        } else if is("openai.azure.com") {
            Preset::Azure
        } else if is("bigmodel.cn") || is("z.ai") {
            Preset::Zhipu
        } else if is("deepseek.com") {
            Preset::DeepSeek
        } else if is("openrouter.ai") {
            Preset::OpenRouter
        } else if local && port == Some("11434") {
            Preset::Ollama
        } else if local && port == Some("1234") {
            Preset::LmStudio
        } else if local && port == Some("8080") {
            Preset::LlamaCpp
        } else {
            Preset::Custom
        }
    }
}

#[cfg(test)]
mod tests;
