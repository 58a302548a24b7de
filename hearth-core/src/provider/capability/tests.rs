//! Tests of what each family can do: search and pictures, by preset, API
//! choice, model and address.

use super::*;
use crate::provider::ApiChoice;

fn account(preset: Preset, base_url: &str) -> ProviderConfig {
    ProviderConfig { kind: preset.kind(), preset, base_url: base_url.into(), ..ProviderConfig::default() }
}

#[test]
fn search_by_family() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    assert_eq!(search_support(&openai, "gpt-4o"), SearchSupport::No(NoSearch::ChatCompletionsModelWithoutSearch));
    for model in
        ["gpt-4o-search-preview", "gpt-4o-mini-search-preview-2025-03-11", "gpt-5-search-api", "GPT-5-Search-API"]
    {
        assert_eq!(search_support(&openai, model), SearchSupport::Yes, "{model}");
    }
    let responses = ProviderConfig { api: ApiChoice::Responses, ..openai.clone() };
    assert_eq!(search_support(&responses, "gpt-4o"), SearchSupport::Yes);
    assert_eq!(search_support(&openai, "o3-pro"), SearchSupport::Yes, "a model that needs Responses goes there");
    let azure = account(Preset::Azure, "https://res.openai.azure.com/openai/deployments/gpt4o");
    assert_eq!(search_support(&azure, "gpt4o"), SearchSupport::No(NoSearch::AzureChatCompletions));
    assert_eq!(search_support(&ProviderConfig { api: ApiChoice::Responses, ..azure }, "gpt4o"), SearchSupport::Yes);
    assert_eq!(search_support(&account(Preset::Anthropic, ""), "claude-sonnet-4-5"), SearchSupport::Yes);
    assert_eq!(search_support(&account(Preset::Gemini, ""), "gemini-2.5-flash"), SearchSupport::Yes);
    let openrouter = account(Preset::OpenRouter, "https://openrouter.ai/api/v1");
    assert_eq!(search_support(&openrouter, "deepseek/deepseek-chat"), SearchSupport::Yes);
    for preset in [Preset::DeepSeek, Preset::Zhipu, Preset::Custom] {
        let account = account(preset, "https://api.example.com/v1");
        assert_eq!(search_support(&account, "m"), SearchSupport::No(NoSearch::NotOffered), "{preset:?}");
    }
    for (preset, url) in [
        (Preset::Ollama, "http://localhost:11434/v1"),
        (Preset::LmStudio, "http://192.168.1.20:1234/v1"),
        (Preset::LlamaCpp, "http://127.0.0.1:8080/v1"),
    ] {
        assert_eq!(search_support(&account(preset, url), "m"), SearchSupport::No(NoSearch::LocalServer), "{url}");
    }
    // A hosted family at a local address is a gateway to it: it searches as the provider does.
    let gateway = account(Preset::Anthropic, "http://127.0.0.1:4000");
    assert_eq!(search_support(&gateway, "claude-sonnet-4-5"), SearchSupport::Yes);
    let custom = account(Preset::Custom, "http://localhost:8000/v1");
    assert_eq!(search_support(&custom, "m"), SearchSupport::No(NoSearch::NotOffered));
}

#[test]
fn pictures_by_family() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    assert_eq!(image_support(&openai, "gpt-4o"), ImageSupport::ImagesApiOnly);
    assert_eq!(image_support(&ProviderConfig { api: ApiChoice::Responses, ..openai }, "gpt-4o"), ImageSupport::Yes);
    let azure = account(Preset::Azure, "https://res.openai.azure.com/openai/deployments/gpt4o");
    assert_eq!(image_support(&azure, "gpt4o"), ImageSupport::ImagesApiOnly);
    let gemini = account(Preset::Gemini, "");
    assert_eq!(image_support(&gemini, "gemini-2.5-flash-image"), ImageSupport::Yes);
    assert_eq!(image_support(&gemini, "models/gemini-3-pro-image-preview"), ImageSupport::Yes);
    assert_eq!(image_support(&gemini, "gemini-2.5-flash"), ImageSupport::No(NoImages::NotAnImageModel));
    let openrouter = account(Preset::OpenRouter, "https://openrouter.ai/api/v1");
    assert_eq!(image_support(&openrouter, "anthropic/claude-sonnet-4.5"), ImageSupport::Yes, "the model decides");
    assert_eq!(
        image_support(&account(Preset::Anthropic, ""), "claude-sonnet-4-5"),
        ImageSupport::No(NoImages::NotOffered)
    );
    assert_eq!(
        image_support(&account(Preset::DeepSeek, "https://api.deepseek.com"), "m"),
        ImageSupport::No(NoImages::NotOffered)
    );
    assert_eq!(
        image_support(&account(Preset::Ollama, "http://localhost:11434/v1"), "llava"),
        ImageSupport::No(NoImages::LocalServer)
    );
}

#[test]
fn create_an_image_starts_from_a_model_that_draws() {
    let openai = account(Preset::OpenAi, "https://api.openai.com/v1");
    assert_eq!(image_model(&openai, "gpt-4o"), OPENAI_IMAGE_MODEL, "a chat model: the family's image model");
    assert_eq!(image_model(&openai, " gpt-image-1-mini "), "gpt-image-1-mini", "an image model is kept");
    assert_eq!(image_model(&openai, "dall-e-3"), "dall-e-3");
    let gemini = account(Preset::Gemini, "");
    assert_eq!(image_model(&gemini, "gemini-2.5-flash"), GEMINI_IMAGE_MODEL);
    assert_eq!(image_model(&gemini, "gemini-3-pro-image-preview"), "gemini-3-pro-image-preview");
    assert_eq!(image_model(&gemini, "gpt-image-1"), GEMINI_IMAGE_MODEL, "Gemini has no GPT image model");
}
