//! Markdown export tests: a small session against its expected document, and the
//! date conversion against known dates and a day-by-day calendar walk.

mod sources;

use super::{civil_from_days, code_block, iso_utc, reply_file_name};
use crate::agent::DEFAULT_AGENT_ID;
use crate::contract::{FinishKind, FinishReason};
use crate::message::Role;
use crate::storage::records::{
    AgentRef, ErrorRecord, MessageRecord, MessageState, SessionRecord, SummaryInfo, TitleSource, ToolCallRecord,
    ToolResultRecord,
};

/// [`super::session_to_markdown`] of messages written as a linear
/// conversation (each following the one shown before it, as schema 2 stored them).
fn session_to_markdown(session: &SessionRecord, messages: &[MessageRecord]) -> String {
    let mut linked = messages.to_vec();
    crate::storage::migrate::link_parents(&mut linked);
    super::session_to_markdown(session, &linked)
}

fn session(title: &str) -> SessionRecord {
    SessionRecord {
        id: "s1".into(),
        title: title.into(),
        title_source: TitleSource::User,
        agent_id: DEFAULT_AGENT_ID.into(),
        created_at: 1_714_557_600_123,
        updated_at: 1_714_561_262_000,
        message_count: 0,
        preview: String::new(),
        pinned: false,
        deleted_at: None,
        branch_of: None,
        branched_at: None,
    }
}

fn message(id: &str, role: Role, created_at: i64, content: &str) -> MessageRecord {
    MessageRecord { content: content.into(), ..MessageRecord::new(id.into(), "s1".into(), role, created_at) }
}

#[track_caller]
fn check(session: &SessionRecord, messages: &[MessageRecord], expected: &str) {
    assert_eq!(session_to_markdown(session, messages), expected);
}

#[test]
fn a_small_session_reads_as_a_document() {
    let mut weather = message("m3", Role::Assistant, 3_000, "It is sunny in Lyon, 24 °C.");
    weather.model = Some("gpt-4o".into());
    weather.reasoning = "The user wants today's weather.\n\nI should call the tool.".into();
    weather.tool_calls = vec![
        ToolCallRecord {
            id: "call_1".into(),
            name: "get_weather".into(),
            arguments_raw: r#"{"city":"Lyon"}"#.into(),
            commentary: "Let me check.".into(),
            result: Some(ToolResultRecord {
                content: r#"{"sky":"sunny","celsius":24}"#.into(),
                is_error: false,
                duration_ms: Some(120),
                media: vec![],
                links: vec![],
                app: None,
            }),
            round: 0,
        },
        ToolCallRecord {
            id: "call_2".into(),
            name: "get_forecast".into(),
            arguments_raw: "{not json".into(),
            commentary: String::new(),
            result: Some(ToolResultRecord {
                content: "bad arguments".into(),
                is_error: true,
                duration_ms: None,
                media: vec![],
                links: vec![],
                app: None,
            }),
            round: 0,
        },
    ];
    let mut stopped = message("m5", Role::Assistant, 5_000, "Tomorrow looks");
    stopped.state = MessageState::Stopped;
    let mut failed = message("m6", Role::Assistant, 6_000, "");
    failed.state = MessageState::Failed;
    failed.error = Some(ErrorRecord::described("rate_limit", "Too many requests.\nTry again in 20 s."));
    let mut cut = message("m7", Role::Assistant, 7_000, "A very long");
    cut.finish = Some(FinishReason { unified: FinishKind::Length, raw: Some("length".into()) });
    // Out of order on purpose, with a tie on `created_at` broken by id.
    let messages = [
        failed,
        weather,
        message("m4", Role::User, 4_000, "And tomorrow?"),
        message("m2", Role::User, 1_000, "What's the weather in Lyon?"),
        message("m1", Role::System, 1_000, "Answer briefly."),
        stopped,
        cut,
    ];
    check(
        &session("Weather\nin Lyon"),
        &messages,
        r#"# Weather in Lyon

Created 2024-05-01T10:00:00Z · updated 2024-05-01T11:01:02Z · 7 messages

## System

Answer briefly.

## You

What's the weather in Lyon?

## Assistant (gpt-4o)

**Thinking**

> The user wants today's weather.
>
> I should call the tool.

Let me check.

**Tool call: `get_weather`**

```json
{
  "city": "Lyon"
}
```

Result:

```json
{
  "celsius": 24,
  "sky": "sunny"
}
```

**Tool call: `get_forecast`**

```
{not json
```

Result (error):

```
bad arguments
```

It is sunny in Lyon, 24 °C.

## You

And tomorrow?

## Assistant

Tomorrow looks

*Stopped by the user; the answer is incomplete.*

## Assistant

*The request failed: Too many requests. Try again in 20 s.*

## Assistant

A very long

*The answer was cut off at the token limit.*
"#,
    );
}

#[test]
fn an_agent_switch_is_a_divider_and_replies_name_their_agent() {
    let poet = AgentRef { id: "a1".into(), name: "Poet".into(), ..Default::default() };
    let translator = AgentRef { id: "a2".into(), name: "Translator".into(), ..Default::default() };
    let mut first = message("m2", Role::Assistant, 2_000, "Roses are red.");
    first.model = Some("gpt-4o".into());
    first.agent = Some(poet);
    let mut second = message("m5", Role::Assistant, 5_000, "Les roses sont rouges.");
    second.model = Some("claude-sonnet".into());
    second.agent = Some(translator.clone());
    let mut unnamed = message("m6", Role::Assistant, 6_000, "Old reply.");
    unnamed.agent = Some(AgentRef { id: "a3".into(), name: " ".into(), ..Default::default() });
    let mut general = message("m7", Role::Assistant, 7_000, "Plain.");
    general.model = Some("gpt-4o".into());
    general.agent =
        Some(AgentRef { id: DEFAULT_AGENT_ID.into(), name: "General Assistant".into(), ..Default::default() });
    let mut renamed = message("m8", Role::Assistant, 8_000, "Renamed.");
    renamed.agent = Some(AgentRef { id: DEFAULT_AGENT_ID.into(), name: "Helper".into(), ..Default::default() });
    let messages = [
        message("m1", Role::User, 1_000, "A poem?"),
        first,
        MessageRecord::agent_switch("m3".into(), "s1".into(), translator, 3_000),
        message("m4", Role::User, 4_000, "In French?"),
        second,
        unnamed,
        general,
        renamed,
    ];
    check(
        &session("Poems"),
        &messages,
        r#"# Poems

Created 2024-05-01T10:00:00Z · updated 2024-05-01T11:01:02Z · 7 messages

## You

A poem?

## Poet (gpt-4o)

Roses are red.

--- Switched to Translator ---

## You

In French?

## Translator (claude-sonnet)

Les roses sont rouges.

## Assistant

Old reply.

## Assistant (gpt-4o)

Plain.

## Helper

Renamed.
"#,
    );
}

#[test]
fn an_empty_untitled_session_still_has_a_heading() {
    check(
        &session("  "),
        &[],
        "# Untitled conversation\n\nCreated 2024-05-01T10:00:00Z · updated 2024-05-01T11:01:02Z · 0 messages\n",
    );
}

#[test]
fn code_blocks_outlast_the_backticks_inside_them() {
    assert_eq!(code_block("", "plain\n"), "```\nplain\n```");
    assert_eq!(code_block("md", "```rust\nfn main() {}\n```"), "````md\n```rust\nfn main() {}\n```\n````");
}

#[test]
fn times_are_iso_8601_in_utc() {
    for (millis, expected) in [
        (0, "1970-01-01T00:00:00Z"),
        (999, "1970-01-01T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (951_782_400_000, "2000-02-29T00:00:00Z"),
        (1_709_251_199_999, "2024-02-29T23:59:59Z"),
        (1_709_251_200_000, "2024-03-01T00:00:00Z"),
        (4_107_542_400_000, "2100-03-01T00:00:00Z"),
        (253_402_300_799_000, "9999-12-31T23:59:59Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00Z"),
    ] {
        assert_eq!(iso_utc(millis), expected, "{millis}");
    }
}

#[test]
fn day_numbers_walk_the_calendar_one_day_at_a_time() {
    fn days_in_month(year: i64, month: u32) -> u32 {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }
    // From 1600-01-01 (day -135 140) to past 2400, every day follows the one before.
    let mut date = (1600, 1, 1);
    assert_eq!(civil_from_days(-135_140), date);
    for days in -135_139..=160_000 {
        let (year, month, day) = date;
        date = if day < days_in_month(year, month) {
            (year, month, day + 1)
        } else if month < 12 {
            (year, month + 1, 1)
        } else {
            (year + 1, 1, 1)
        };
        assert_eq!(civil_from_days(days), date, "day {days}");
    }
}

#[test]
fn only_the_shown_version_of_a_regenerated_reply_is_exported() {
    let question = message("q", Role::User, 1, "Name a colour");
    let first = message("a1", Role::Assistant, 2, "Red");
    let mut second = message("a2", Role::Assistant, 3, "Blue");
    second.variant_of = Some("a1".to_owned());
    let text = session_to_markdown(&session("Colours"), &[question.clone(), first.clone(), second.clone()]);
    assert!(text.contains("Blue") && !text.contains("Red"), "{text}");
    assert!(text.contains("2 messages"), "{text}");
    // The user browsed back to the first version.
    let mut first = first;
    first.chosen_at = Some(10);
    let text = session_to_markdown(&session("Colours"), &[question, first, second]);
    assert!(text.contains("Red") && !text.contains("Blue"), "{text}");
}

#[test]
fn a_user_message_lists_its_attached_files_by_name() {
    let mut question = message("m1", Role::User, 1_000, "What do my notes say?");
    question.files = vec![
        crate::message::AttachedFile { name: "notes.md".into(), content: "never exported".into() },
        crate::message::AttachedFile { name: "odd`name.txt".into(), content: String::new() },
    ];
    let document = session_to_markdown(&session("Notes"), &[question]);
    assert!(
        document.ends_with("## You\n\n*Attached files:* `notes.md`, `odd'name.txt`\n\nWhat do my notes say?\n"),
        "{document}"
    );
    assert!(!document.contains("never exported"));
}

#[test]
fn a_summary_follows_the_messages_it_stands_for() {
    let info = |boundary: &str| SummaryInfo { boundary_id: boundary.into(), summarised: 2, model: None };
    let messages = [
        message("m1", Role::User, 1_000, "Plan a trip."),
        message("m2", Role::Assistant, 2_000, "Lisbon in May."),
        message("m3", Role::User, 3_000, "Budget?"),
        message("m4", Role::Assistant, 4_000, "900 euros."),
        // Stored after everything, shown at its boundary m3.
        MessageRecord::summary("s".into(), "s1".into(), 5_000, info("m3"), "A trip to Lisbon.\n\nIn May.".into()),
        // Its boundary is gone: it stays where it was stored, marked as no longer used.
        MessageRecord::summary("t".into(), "s1".into(), 6_000, info("gone"), "Orphan.".into()),
    ];
    check(
        &session("Trip"),
        &messages,
        r#"# Trip

Created 2024-05-01T10:00:00Z · updated 2024-05-01T11:01:02Z · 4 messages

## You

Plan a trip.

## Assistant

Lisbon in May.

--- Earlier messages summarised (2 messages) ---

> A trip to Lisbon.
>
> In May.

## You

Budget?

## Assistant

900 euros.

--- Earlier summary, no longer used ---

> Orphan.
"#,
    );
}

#[test]
fn a_superseded_summary_is_marked_as_no_longer_used() {
    let info = |boundary: &str, summarised| SummaryInfo { boundary_id: boundary.into(), summarised, model: None };
    let messages = [
        message("m1", Role::User, 1_000, "Plan a trip."),
        message("m2", Role::Assistant, 2_000, "Lisbon."),
        message("m3", Role::User, 3_000, "Budget?"),
        message("m4", Role::Assistant, 4_000, "900 euros."),
        message("m5", Role::User, 5_000, "Hotel?"),
        MessageRecord::summary("old".into(), "s1".into(), 6_000, info("m3", 1), "Lisbon.".into()),
        MessageRecord::summary("new".into(), "s1".into(), 7_000, info("m5", 3), "Lisbon, 900 euros.".into()),
    ];
    let markdown = session_to_markdown(&session("Trip"), &messages);
    assert_eq!(markdown.matches("--- Earlier messages summarised").count(), 1, "{markdown}");
    assert!(markdown.contains("--- Earlier messages summarised (3 messages) ---\n\n> Lisbon, 900 euros."));
    assert!(markdown.contains("--- Earlier summary, no longer used ---\n\n> Lisbon.\n"));
}

#[test]
fn reply_file_names_keep_safe_characters_and_the_date() {
    // 2024-03-05T14:07:09Z.
    let at = 1_709_647_629_000;
    assert_eq!(reply_file_name("Plan: a trip / to \"Oslo\"?", at), "Plan a trip to Oslo 2024-03-05.md");
    assert_eq!(reply_file_name("../../etc/passwd", at), "etc passwd 2024-03-05.md");
    assert_eq!(reply_file_name("  ", at), "Hearth reply 2024-03-05.md");
    assert_eq!(reply_file_name("C:\\temp\\<x>|*", at), "C temp x 2024-03-05.md");
    assert_eq!(reply_file_name("Café – déjà vu_2", at), "Café déjà vu_2 2024-03-05.md");
    let long = "word ".repeat(40);
    let name = reply_file_name(&long, at);
    assert_eq!(name.chars().count(), 80 - 1 + " 2024-03-05.md".len(), "cut to 80, the trailing space dropped");
}

#[test]
fn images_and_pdfs_are_linked_beside_the_document_each_once() {
    use crate::message::attachment::{Attachment, AttachmentKind};
    let photo = Attachment {
        kind: AttachmentKind::Image,
        blob: "0123456789abcdef".repeat(4),
        mime: "image/jpeg".into(),
        name: "Harbour [May] photo.jpg".into(),
        ..Attachment::default()
    };
    let menu = Attachment {
        kind: AttachmentKind::Pdf,
        blob: "fedcba9876543210".repeat(4),
        mime: "application/pdf".into(),
        name: "menu.pdf".into(),
        ..Attachment::default()
    };
    let mut question = message("m1", Role::User, 1_000, "Which boat?");
    question.attachments = vec![photo.clone(), menu];
    let mut again = message("m2", Role::User, 2_000, "And now?");
    again.attachments = vec![photo];
    let messages = [question, again];
    let document = session_to_markdown(&session("Boats"), &messages);
    assert!(
        document.contains(
            "## You\n\n![Harbour May photo.jpg](attachments/0123456789ab-Harbour--May--photo.jpg)\n\n[menu.pdf](attachments/fedcba987654-menu.pdf)\n\nWhich boat?\n"
        ),
        "{document}"
    );
    assert_eq!(
        super::attachment_files(&messages),
        vec![
            ("attachments/0123456789ab-Harbour--May--photo.jpg".to_owned(), "0123456789abcdef".repeat(4)),
            ("attachments/fedcba987654-menu.pdf".to_owned(), "fedcba9876543210".repeat(4)),
        ]
    );
}

#[test]
fn a_voice_note_is_linked_with_its_transcript_quoted() {
    use crate::message::attachment::{Attachment, AttachmentKind};
    let note = Attachment {
        kind: AttachmentKind::Audio,
        blob: "abcdef0123456789".repeat(4),
        mime: "audio/wav".into(),
        name: "Voice note.wav".into(),
        transcript: Some("Buy oat milk.\nAnd bread.".into()),
        ..Attachment::default()
    };
    let mut question = message("m1", Role::User, 1_000, "");
    question.attachments = vec![note];
    let messages = [question];
    let document = session_to_markdown(&session("Shopping"), &messages);
    assert!(
        document.contains(
            "[Voice note.wav](attachments/abcdef012345-Voice-note.wav)\n\n*Transcript of Voice note.wav:*\n\n> Buy oat milk.\n> And bread.\n"
        ),
        "{document}"
    );
    assert_eq!(super::attachment_files(&messages).len(), 1, "its sound is written beside the document");
}

#[test]
fn other_versions_follow_as_labelled_appendices_on_request() {
    let mut question = message("q1", Role::User, 1_000, "Which colour?");
    question.parent = None;
    let mut first = message("a1", Role::Assistant, 2_000, "Blue.");
    first.parent = Some("q1".into());
    let mut second = message("a2", Role::Assistant, 3_000, "Green.");
    second.parent = Some("q1".into());
    let mut edit = message("q1b", Role::User, 4_000, "Which colour, for a kitchen?");
    edit.parent = None;
    let mut third = message("a3", Role::Assistant, 5_000, "Yellow.");
    third.parent = Some("q1b".into());
    let messages = [question, first, second, edit, third];
    let plain = super::session_to_markdown(&session("Colours"), &messages);
    let text = super::session_to_markdown_with_versions(&session("Colours"), &messages);
    assert!(text.starts_with(&plain), "the branch shown comes first, as in the plain export");
    assert!(plain.contains("Yellow.") && !plain.contains("Blue."));
    let appendix = &text[plain.len()..];
    assert_eq!(
        appendix,
        "\n---\n\n## Other version 1 (at the start)\n\n## You\n\nWhich colour?\n\n## Assistant\n\nBlue.\n\n## Assistant\n\nGreen.\n"
    );
    // Without other branches, nothing is added.
    let mut linear = vec![message("q", Role::User, 1, "Hi"), message("a", Role::Assistant, 2, "Hello")];
    crate::storage::migrate::link_parents(&mut linear);
    assert_eq!(
        super::session_to_markdown_with_versions(&session("Hi"), &linear),
        super::session_to_markdown(&session("Hi"), &linear)
    );
}
