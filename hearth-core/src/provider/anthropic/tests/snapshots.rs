//! Anthropic's whole requests against their snapshots in
//! `test_data/anthropic/request_*.json` (the cases are
//! [`snapshots`](crate::provider::tests::snapshots)'s, and a web search with an
//! effort after a searched answer; `UPDATE_EXPECT=1` rewrites them).

use crate::contract::{Effort, ProviderKind, WebSearch};
use crate::message::attachment::Accepts;
use crate::provider::tests::recorded;
use crate::provider::tests::snapshots::{
    build, chat, compacted, provider, sampled, thinking, with_attachments, with_extra, with_files,
};
use crate::provider::tests::tool_wire::conversation;
use crate::provider::{ModelConfig, Preset};

#[test]
fn anthropic_requests_match_their_snapshots() {
    let anthropic = provider(Preset::Anthropic, "");
    let chat = chat(ProviderKind::Anthropic);
    let top_p_only = ModelConfig { temperature: None, ..sampled("claude-sonnet-4-5") };
    recorded::check_requests(
        "anthropic",
        &[
            ("text", build(&anthropic, &sampled("claude-sonnet-4-5"), &chat, false)),
            ("text_top_p", build(&anthropic, &top_p_only, &chat, false)),
            (
                "thinking",
                build(
                    &anthropic,
                    &thinking(ModelConfig { top_p: Some(0.97), ..sampled("claude-sonnet-4-5") }, true),
                    &chat,
                    false,
                ),
            ),
            (
                "tools",
                build(
                    &anthropic,
                    &thinking(ModelConfig::new("claude-sonnet-4-5"), true),
                    &conversation(ProviderKind::Anthropic),
                    true,
                ),
            ),
            (
                "files",
                build(&anthropic, &ModelConfig::new("claude-sonnet-4-5"), &with_files(ProviderKind::Anthropic), true),
            ),
            (
                "summary",
                build(&anthropic, &ModelConfig::new("claude-sonnet-4-5"), &compacted(ProviderKind::Anthropic), true),
            ),
            (
                "attachments",
                build(
                    &anthropic,
                    &ModelConfig::new("claude-sonnet-4-5"),
                    &with_attachments(ProviderKind::Anthropic, Accepts::ALL),
                    false,
                ),
            ),
            (
                "web_search",
                build(
                    &anthropic,
                    &ModelConfig {
                        effort: Some(Effort::Medium),
                        web_search: Some(WebSearch {
                            max_uses: Some(5),
                            allowed_domains: vec!["wikipedia.org".into()],
                            blocked_domains: vec!["example.com".into()],
                        }),
                        ..thinking(ModelConfig::new("claude-sonnet-4-5"), true)
                    },
                    &super::web::searched_then_asked(),
                    true,
                ),
            ),
            (
                "extra",
                build(
                    &anthropic,
                    &with_extra(
                        sampled("claude-sonnet-4-5"),
                        serde_json::json!({ "max_tokens": 64, "temperature": null, "metadata": { "user_id": "u-1" } }),
                    ),
                    &chat,
                    false,
                ),
            ),
        ],
    );
}
