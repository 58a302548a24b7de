//! Gemini's whole requests against their snapshots in `test_data/gemini/request_*.json`
//! (the cases are [`snapshots`](crate::provider::tests::snapshots)'s; `UPDATE_EXPECT=1`
//! rewrites them).

use crate::contract::ProviderKind;
use crate::message::attachment::Accepts;
use crate::provider::tests::recorded;
use crate::provider::tests::snapshots::{
    build, chat, compacted, provider, sampled, thinking, with_attachments, with_extra, with_files,
};
use crate::provider::tests::tool_wire::conversation;
use crate::provider::{ModelConfig, Preset};

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
        ],
    );
}
