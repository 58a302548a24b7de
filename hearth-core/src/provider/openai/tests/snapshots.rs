//! OpenAI's whole requests against their snapshots in `test_data/openai/request_*.json`
//! (the cases are [`snapshots`](crate::provider::tests::snapshots)'s, and web search,
//! effort and image output; `UPDATE_EXPECT=1` rewrites them).

use crate::contract::{Effort, ProviderKind, WebSearch};
use crate::message::attachment::Accepts;
use crate::provider::tests::recorded;
use crate::provider::tests::snapshots::{
    build, chat, compacted, provider, sampled, thinking, with_attachments, with_extra, with_files,
};
use crate::provider::tests::tool_wire::conversation;
use crate::provider::{ModelConfig, Preset};

#[test]
fn openai_requests_match_their_snapshots() {
    let openai = provider(Preset::OpenAi, "https://api.openai.com/v1");
    let chat = chat(ProviderKind::OpenAi);
    let tool_turn = conversation(ProviderKind::OpenAi);
    recorded::check_requests(
        "openai",
        &[
            ("text", build(&openai, &sampled("gpt-4o"), &chat, false)),
            (
                "text_ollama",
                build(&provider(Preset::Ollama, "http://localhost:11434/v1"), &sampled("llama3"), &chat, false),
            ),
            (
                "text_azure",
                build(
                    &provider(Preset::Azure, "https://res.openai.azure.com/openai/deployments/gpt4o"),
                    &sampled("gpt4o"),
                    &chat,
                    false,
                ),
            ),
            (
                "thinking_zhipu",
                build(
                    &provider(Preset::Zhipu, "https://open.bigmodel.cn/api/paas/v4"),
                    &thinking(sampled("glm-4.5"), true),
                    &chat,
                    false,
                ),
            ),
            (
                "thinking_openrouter",
                build(
                    &provider(Preset::OpenRouter, "https://openrouter.ai/api/v1"),
                    &thinking(sampled("m"), true),
                    &chat,
                    false,
                ),
            ),
            (
                "thinking_off_openrouter",
                build(
                    &provider(Preset::OpenRouter, "https://openrouter.ai/api/v1"),
                    &thinking(sampled("m"), false),
                    &chat,
                    false,
                ),
            ),
            ("tools", build(&openai, &ModelConfig::new("gpt-4o"), &tool_turn, true)),
            ("files", build(&openai, &ModelConfig::new("gpt-4o"), &with_files(ProviderKind::OpenAi), true)),
            ("summary", build(&openai, &ModelConfig::new("gpt-4o"), &compacted(ProviderKind::OpenAi), true)),
            (
                "attachments",
                build(
                    &openai,
                    &ModelConfig::new("gpt-4o"),
                    &with_attachments(ProviderKind::OpenAi, Accepts::ALL),
                    false,
                ),
            ),
            (
                "attachments_text_only",
                build(
                    &provider(Preset::DeepSeek, "https://api.deepseek.com"),
                    &ModelConfig::new("deepseek-chat"),
                    &with_attachments(ProviderKind::OpenAi, Accepts::TEXT),
                    false,
                ),
            ),
            (
                "tools_deepseek",
                build(
                    &provider(Preset::DeepSeek, "https://api.deepseek.com"),
                    &ModelConfig::new("deepseek-reasoner"),
                    &tool_turn,
                    true,
                ),
            ),
            (
                "search_preview",
                build(
                    &openai,
                    &ModelConfig {
                        web_search: Some(WebSearch::default()),
                        ..ModelConfig::new("gpt-4o-search-preview")
                    },
                    &chat,
                    false,
                ),
            ),
            (
                "effort",
                build(
                    &openai,
                    &ModelConfig { effort: Some(Effort::High), ..ModelConfig::new("o4-mini") },
                    &chat,
                    false,
                ),
            ),
            (
                "web_images_openrouter",
                build(
                    &provider(Preset::OpenRouter, "https://openrouter.ai/api/v1"),
                    &ModelConfig {
                        effort: Some(Effort::Low),
                        web_search: Some(WebSearch { max_uses: Some(3), ..WebSearch::default() }),
                        make_images: true,
                        ..ModelConfig::new("google/gemini-2.5-flash-image")
                    },
                    &chat,
                    false,
                ),
            ),
            (
                "extra",
                build(
                    &openai,
                    &with_extra(
                        sampled("gpt-4o"),
                        serde_json::json!({ "seed": 7, "max_completion_tokens": 50, "temperature": null, "stream_options": { "include_obfuscation": false } }),
                    ),
                    &chat,
                    false,
                ),
            ),
        ],
    );
}
