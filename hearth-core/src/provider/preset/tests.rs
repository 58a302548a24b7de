//! Tests of the presets: their serde names, families, keys and switches, and
//! the likely preset of a provider stored before presets.

use super::*;

#[test]
fn ids_are_the_serde_names_and_round_trip() {
    for preset in Preset::ALL {
        let serialised = serde_json::to_value(preset).expect("serialisable");
        assert_eq!(serialised, serde_json::Value::String(preset.id().to_owned()), "{preset:?}");
        assert_eq!(Preset::from_id(preset.id()), Some(preset));
        assert!(!preset.label().is_empty() && !preset.model_hint().is_empty());
    }
    assert_eq!(Preset::from_id("lm_studio"), Some(Preset::LmStudio));
    assert_eq!(Preset::from_id("nope"), None);
    assert_eq!(Preset::default(), Preset::OpenAi);
    let mut ids: Vec<&str> = Preset::ALL.iter().map(|p| p.id()).collect();
    ids.dedup();
    assert_eq!(ids.len(), Preset::ALL.len());
}

#[test]
fn families_keys_and_switches() {
    assert_eq!(Preset::Anthropic.kind(), ProviderKind::Anthropic);
    assert_eq!(Preset::Gemini.kind(), ProviderKind::Gemini);
    assert_eq!(Preset::Azure.kind(), ProviderKind::OpenAi);
    assert!(!Preset::Ollama.needs_key() && !Preset::Custom.needs_key() && Preset::DeepSeek.needs_key());
    assert!(!Preset::Azure.has_model_list() && !Preset::Zhipu.has_model_list() && Preset::Gemini.has_model_list());
    let switches: Vec<Preset> = Preset::ALL.into_iter().filter(|p| p.supports_thinking_switch()).collect();
    assert_eq!(switches, [Preset::Zhipu, Preset::OpenRouter, Preset::Anthropic, Preset::Gemini]);
    assert_eq!(Preset::Azure.default_base_url(), "");
    assert!(Preset::Azure.base_url_hint().contains("/openai/deployments/"));
    assert_eq!(Preset::LmStudio.base_url_hint(), "http://localhost:1234/v1");
}

#[test]
fn old_providers_get_a_likely_preset() {
    let infer = |url: &str| Preset::infer(ProviderKind::OpenAi, url);
    assert_eq!(infer("https://api.openai.com/v1"), Preset::OpenAi);
    assert_eq!(infer(""), Preset::OpenAi);
    assert_eq!(infer("https://my-res.openai.azure.com/openai/deployments/gpt4o"), Preset::Azure);
    assert_eq!(infer("https://open.bigmodel.cn/api/paas/v4"), Preset::Zhipu);
    assert_eq!(infer("https://api.deepseek.com"), Preset::DeepSeek);
    assert_eq!(infer("https://openrouter.ai/api/v1"), Preset::OpenRouter);
    assert_eq!(infer("http://localhost:11434/v1"), Preset::Ollama);
    assert_eq!(infer("http://127.0.0.1:1234/v1"), Preset::LmStudio);
    assert_eq!(infer("http://localhost:8080/v1"), Preset::LlamaCpp);
    assert_eq!(infer("https://example.com:8080/v1"), Preset::Custom);
    assert_eq!(infer("https://notopenai.com/v1"), Preset::Custom);
    assert_eq!(Preset::infer(ProviderKind::Gemini, "https://proxy.test"), Preset::Gemini);
    assert_eq!(Preset::infer(ProviderKind::Anthropic, ""), Preset::Anthropic);
}
