//! Responses' whole requests against their snapshots in
//! `test_data/responses/request_*.json` (the cases are
//! [`snapshots`](crate::provider::tests::snapshots)'s, sent on an account whose
//! API choice is Responses; `UPDATE_EXPECT=1` rewrites them): the plain chat,
//! the tool turn with its reasoning items, files, a compacted conversation,
//! images and a PDF, web search with limits, image generation, the effort and
//! the thinking switch, Azure, and extra JSON.

use super::{responses_provider, sealed_turn};
use crate::contract::{Effort, ProviderKind, WebSearch};
use crate::message::attachment::Accepts;
use crate::provider::tests::recorded;
use crate::provider::tests::snapshots::{
    build, chat, compacted, sampled, thinking, with_attachments, with_extra, with_files,
};
use crate::provider::{ModelConfig, Preset};

#[test]
fn responses_requests_match_their_snapshots() {
    let openai = responses_provider(Preset::OpenAi, "https://api.openai.com/v1");
    let azure = responses_provider(Preset::Azure, "https://res.openai.azure.com/openai/deployments/gpt5");
    let chat = chat(ProviderKind::Responses);
    let search = WebSearch {
        max_uses: Some(3),
        allowed_domains: vec!["openai.com".into(), "pubmed.ncbi.nlm.nih.gov".into()],
        blocked_domains: vec!["example.com".into()],
    };
    recorded::check_requests(
        "responses",
        &[
            ("text", build(&openai, &sampled("gpt-5"), &chat, false)),
            ("text_azure", build(&azure, &sampled("gpt5"), &chat, false)),
            ("tools", build(&openai, &ModelConfig::new("gpt-5"), &sealed_turn(), true)),
            ("files", build(&openai, &ModelConfig::new("gpt-5"), &with_files(ProviderKind::Responses), true)),
            ("summary", build(&openai, &ModelConfig::new("gpt-5"), &compacted(ProviderKind::Responses), true)),
            (
                "attachments",
                build(
                    &openai,
                    &ModelConfig::new("gpt-5"),
                    &with_attachments(ProviderKind::Responses, Accepts::ALL),
                    false,
                ),
            ),
            (
                "web_search",
                build(&openai, &ModelConfig { web_search: Some(search), ..ModelConfig::new("gpt-5") }, &chat, false),
            ),
            ("images", build(&openai, &ModelConfig { make_images: true, ..ModelConfig::new("gpt-5") }, &chat, false)),
            (
                "effort",
                build(&openai, &ModelConfig { effort: Some(Effort::High), ..ModelConfig::new("o3-pro") }, &chat, false),
            ),
            ("thinking", build(&openai, &thinking(ModelConfig::new("gpt-5"), true), &chat, false)),
            (
                "extra",
                build(
                    &openai,
                    &with_extra(
                        sampled("gpt-5"),
                        serde_json::json!({ "store": true, "temperature": null, "text": { "verbosity": "low" } }),
                    ),
                    &chat,
                    false,
                ),
            ),
        ],
    );
}
