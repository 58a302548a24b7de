//! Gemini's whole requests against their snapshots in `test_data/gemini/request_*.json`
//! (the cases are [`snapshots`](crate::provider::tests::snapshots)'s; `UPDATE_EXPECT=1`
//! rewrites them).

use crate::contract::{Effort, ImageRequest, ProviderKind, WebSearch};
use crate::message::attachment::Accepts;
use crate::provider::gemini::build_image_request;
use crate::provider::tests::recorded;
use crate::provider::tests::snapshots::{
    build, chat, compacted, provider, sampled, thinking, with_attachments, with_extra, with_files,
};
use crate::provider::tests::tool_wire::conversation;
use crate::provider::{ModelConfig, Preset};

/// A model that searches the web (the limits are not Gemini's to take).
fn searching(model: &str) -> ModelConfig {
    let limits =
        WebSearch { max_uses: Some(3), allowed_domains: Vec::new(), blocked_domains: vec!["example.com".into()] };
    ModelConfig { web_search: Some(limits), ..ModelConfig::new(model) }
}

/// A model with an effort, and the thinking switch as given.
fn effort(model: &str, effort: Effort, thinking: Option<bool>) -> ModelConfig {
    ModelConfig { effort: Some(effort), thinking, ..ModelConfig::new(model) }
}

#[test]
fn gemini_requests_match_their_snapshots() {
    let gemini = provider(Preset::Gemini, "");
    let chat = chat(ProviderKind::Gemini);
    recorded::check_requests(
        "gemini",
        &[
            ("text", build(&gemini, &sampled("gemini-2.5-flash"), &chat, false)),
            ("thinking", build(&gemini, &thinking(sampled("gemini-2.5-flash"), true), &chat, false)),
            ("thinking_off", build(&gemini, &thinking(ModelConfig::new("gemini-2.5-flash"), false), &chat, false)),
            ("tools", build(&gemini, &ModelConfig::new("gemini-2.5-flash"), &conversation(ProviderKind::Gemini), true)),
            ("files", build(&gemini, &ModelConfig::new("gemini-2.5-flash"), &with_files(ProviderKind::Gemini), true)),
            ("summary", build(&gemini, &ModelConfig::new("gemini-2.5-flash"), &compacted(ProviderKind::Gemini), true)),
            (
                "attachments",
                build(
                    &gemini,
                    &ModelConfig::new("gemini-2.5-flash"),
                    &with_attachments(ProviderKind::Gemini, Accepts::ALL),
                    false,
                ),
            ),
            (
                "extra",
                build(
                    &gemini,
                    &with_extra(
                        sampled("gemini-2.5-flash"),
                        serde_json::json!({ "generationConfig": { "topK": 40, "temperature": null }, "safetySettings": [] }),
                    ),
                    &chat,
                    false,
                ),
            ),
            ("search", build(&gemini, &searching("gemini-2.5-flash"), &chat, false)),
            (
                "search_tools",
                build(&gemini, &searching("gemini-3-pro-preview"), &conversation(ProviderKind::Gemini), true),
            ),
            (
                "images",
                build(
                    &gemini,
                    &ModelConfig { make_images: true, ..ModelConfig::new("gemini-2.5-flash-image") },
                    &chat,
                    false,
                ),
            ),
            ("effort_budget", build(&gemini, &effort("gemini-2.5-flash", Effort::Medium, None), &chat, false)),
            ("effort_level", build(&gemini, &effort("gemini-3-pro-preview", Effort::Low, Some(true)), &chat, false)),
            (
                "create_image",
                build_image_request(
                    &gemini,
                    &ModelConfig::new("gemini-2.5-flash-image"),
                    &ImageRequest {
                        prompt: "Make the sky purple".into(),
                        size: Some("1536x1024".into()),
                        quality: Some("high".into()),
                        count: 2,
                        input: Some(("image/png".into(), "iVBORw0KGgo=".into())),
                    },
                ),
            ),
        ],
    );
}
