//! One session exported as a Markdown document, for reading or keeping outside Hearth.
//!
//! The document is plain CommonMark: a `# title`, a line with the creation and
//! update times, then one `##` section per message in stored order (by
//! `created_at`, then `id`). Message text is copied verbatim. Reasoning is a
//! blockquote under **Thinking**; tool calls list their name, their arguments as a
//! JSON code block and their result; replies that did not finish normally carry a
//! note in italics; a user message lists the names of the files it carried
//! (their contents stay out) and links its images, PDFs and voice notes (a
//! voice note's transcript quoted under it), written beside the
//! document ([`attachment_path`]). A reply links the pictures its model made the
//! same way, after its text (`![Image 1](attachments/…-Image-1.png)`), and its
//! citations are footnotes: a reference `[^n]` where the text cites a source
//! and the list of its sources after the text, numbered through the document. A reply's heading names the agent that wrote it (when the
//! record says; the General Assistant under its own name is "Assistant") and
//! its model; an agent switch is a divider line
//! (`--- Switched to Translator ---`), not a section, and is not counted as a
//! message. A summary written by compaction (see [`crate::compaction`]) is not
//! counted either: the messages it stands for are all exported as they are, and
//! the summary follows them as a divider (`--- Earlier messages summarised (3
//! messages) ---`) and its text as a blockquote, placed right before the first
//! message it kept (its boundary), or where it was stored when that message is
//! gone. Only the summary that applies ([`active_summary`](super::active_summary))
//! is "Earlier messages summarised"; any other (superseded by a newer one, or
//! whose boundary is gone) is marked `--- Earlier summary, no longer used ---`. No HTML is produced, so the file reads the same in any viewer.
//!
//! Times are written as ISO-8601 in UTC (`2024-03-05T14:07:09Z`), computed from
//! [`Millis`] here: the core has no clock and no date library, and UTC keeps the
//! output the same on every machine.
//!
//! The document is the branch shown (see [`super::tree`]); on request
//! ([`session_to_markdown_with_versions`]) every other branch follows it as a
//! labelled appendix.

use crate::contract::FinishKind;
use crate::message::{Attachment, Role};

use super::records::{MessageRecord, MessageState, SessionRecord, ToolCallRecord, preview_of};
use crate::Millis;
use crate::agent::{DEFAULT_AGENT_ID, GENERAL_NAME};

mod citations;
#[cfg(test)]
mod tests;

/// Where an attachment is written beside the Markdown document (in the zip the
/// export downloads): `attachments/<first 12 hex digits of its blob>-<its name>`,
/// the name with anything but letters, digits, `.`, `_` and `-` as `-`, so the
/// link needs no escaping and two files of one name never collide.
pub fn attachment_path(attachment: &Attachment) -> String {
    let safe: String = attachment
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '-' })
        .collect();
    let prefix: String = attachment.blob.chars().take(12).collect();
    format!("attachments/{prefix}-{safe}")
}

/// The attachments of `messages` the document links to, each once: its path
/// ([`attachment_path`]) and its blob, in order.
pub fn attachment_files(messages: &[MessageRecord]) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    let pictures = messages.iter().flat_map(reply_images);
    for attachment in messages.iter().flat_map(|message| message.attachments.iter().cloned()).chain(pictures) {
        let path = attachment_path(&attachment);
        if !files.iter().any(|(known, _)| *known == path) {
            files.push((path, attachment.blob));
        }
    }
    files
}

/// The pictures a reply's model made, as the attachments the document links
/// (named `Image 1.png`, `Image 2.jpeg`, …): the stored ones (a picture without
/// a blob has nothing to write beside the document).
fn reply_images(message: &MessageRecord) -> Vec<Attachment> {
    message
        .images
        .iter()
        .filter(|image| !image.blob.is_empty() && image.is_image())
        .enumerate()
        .map(|(at, image)| {
            let ext = image.mime.strip_prefix("image/").unwrap_or("png");
            Attachment {
                blob: image.blob.clone(),
                mime: image.mime.clone(),
                name: format!("Image {}.{ext}", at + 1),
                ..Attachment::default()
            }
        })
        .collect()
}

/// The session and its messages as a Markdown document, ending in a newline.
///
/// `messages` are the session's messages in any order; they are sorted by
/// `(created_at, id)`, the order the session shows them in, and only the shown
/// version of a regenerated reply is written.
pub fn session_to_markdown(session: &SessionRecord, messages: &[MessageRecord]) -> String {
    let mut ordered: Vec<&MessageRecord> = messages.iter().collect();
    ordered.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    // The shown path of the conversation's tree, as on screen.
    let ordered = super::tree::shown_records(ordered);
    let ordered = summaries_at_their_boundary(ordered);
    let applies = super::active_summary(messages).map(|summary| summary.summary_id);

    let title = session.title.split_whitespace().collect::<Vec<_>>().join(" ");
    let title = if title.is_empty() { "Untitled conversation".to_owned() } else { title };
    let mut out = format!("# {title}\n\n");
    let count = ordered.iter().filter(|message| !message.is_marker()).count();
    out.push_str(&format!(
        "Created {} · updated {} · {count} {}\n",
        iso_utc(session.created_at),
        iso_utc(session.updated_at),
        if count == 1 { "message" } else { "messages" },
    ));
    let mut notes = 1;
    for message in ordered {
        out.push('\n');
        out.push_str(&message_section(message, applies.as_deref() == Some(message.id.as_str()), &mut notes));
    }
    out
}

/// [`session_to_markdown`], then every branch not shown as a labelled
/// appendix ("Export with other versions"): for each message not shown whose
/// parent is shown (or that is a first message), a `---` rule, a heading that
/// says after which message it forks, and that message with everything below
/// it, in order. Without other branches it is the plain document.
pub fn session_to_markdown_with_versions(session: &SessionRecord, messages: &[MessageRecord]) -> String {
    let mut out = session_to_markdown(session, messages);
    // Footnotes in the appendices are numbered past every source of the
    // session, so none repeats one of the shown branch.
    let shown_notes: usize = messages.iter().map(|message| message.sources.items().len()).sum();
    let mut notes = u32::try_from(shown_notes).unwrap_or(u32::MAX).saturating_add(1);
    let mut ordered: Vec<&MessageRecord> = messages.iter().filter(|message| !message.is_summary()).collect();
    ordered.sort_by(|a, b| (a.created_at, &a.id).cmp(&(b.created_at, &b.id)));
    let keys: Vec<_> = ordered.iter().map(|message| message.node_key()).collect();
    let tree = super::tree::Tree::new(&keys);
    let shown = tree.shown();
    let starts = (0..ordered.len()).filter(|&at| !shown[at] && tree.parent_of(at).is_none_or(|parent| shown[parent]));
    for (number, start) in starts.enumerate() {
        let place = match tree.parent_of(start) {
            Some(parent) => format!("after “{}”", one_line(&preview_of(&ordered[parent].content))),
            None => "at the start".to_owned(),
        };
        out.push_str(&format!("\n---\n\n## Other version {} ({place})\n", number + 1));
        for at in tree.subtree(start) {
            out.push('\n');
            out.push_str(&message_section(ordered[at], false, &mut notes));
        }
    }
    out
}

/// The file name a reply is saved under ("Save as file"): the conversation's
/// `title` made safe for any file system, then the reply's UTC date and `.md`,
/// such as `Plan a trip to Oslo 2024-03-05.md`. Only letters, digits, `-` and
/// `_` are kept from the title (anything else, `/`, `:`, quotes and dots
/// included, is a space), runs of spaces become one, and it is cut to 80
/// characters; an empty result is "Hearth reply".
pub fn reply_file_name(title: &str, created_at: Millis) -> String {
    let kept: String =
        title.chars().map(|c| if c.is_alphanumeric() || c == '-' || c == '_' { c } else { ' ' }).collect();
    let words = kept.split_whitespace().collect::<Vec<_>>().join(" ");
    let name: String = words.chars().take(80).collect();
    let name = name.trim_end();
    let name = if name.is_empty() { "Hearth reply" } else { name };
    let date = iso_utc(created_at);
    let day = date.get(..10).unwrap_or(&date);
    format!("{name} {day}.md")
}

/// `millis` since the Unix epoch as an ISO-8601 UTC time to the second, such as
/// `2024-03-05T14:07:09Z`. Sub-second parts are dropped (floored), so times before
/// 1970 stay correct.
pub fn iso_utc(millis: Millis) -> String {
    let seconds = millis.div_euclid(1000);
    let (days, second_of_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    let (hour, minute, second) = (second_of_day / 3600, second_of_day % 3600 / 60, second_of_day % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// The proleptic Gregorian date `(year, month, day)` of a day count since
/// 1970-01-01. Howard Hinnant's `civil_from_days`, which works in 400-year eras
/// of 146 097 days starting on March 1st so that the leap day falls last.
/// See: <https://howardhinnant.github.io/date_algorithms.html#civil_from_days>
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // Days since 0000-03-01.
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097); // [0, 146096]
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365; // [0, 399]
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100); // [0, 365]
    let month_index = (5 * day_of_year + 2) / 153; // [0, 11], March first.
    let day = day_of_year - (153 * month_index + 2) / 5 + 1; // [1, 31]
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 }; // [1, 12]
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    // Both are in small ranges by construction, so the casts cannot truncate.
    (year, month as u32, day as u32)
}

/// A fenced code block holding `text` verbatim, with a fence longer than any run
/// of backticks inside it, so the text cannot close the block early.
pub(crate) fn code_block(language: &str, text: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in text.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat((longest + 1).max(3));
    let text = text.strip_suffix('\n').unwrap_or(text);
    format!("{fence}{language}\n{text}\n{fence}")
}

/// `ordered` with each summary moved to just before its boundary message, when
/// that is there.
fn summaries_at_their_boundary(ordered: Vec<&MessageRecord>) -> Vec<&MessageRecord> {
    let (summaries, mut out): (Vec<&MessageRecord>, Vec<&MessageRecord>) = ordered.iter().copied().partition(|m| {
        m.is_summary() && m.summary.as_ref().is_some_and(|s| ordered.iter().any(|o| o.id == s.boundary_id))
    });
    for summary in summaries {
        let boundary = summary.summary.as_ref().map(|s| s.boundary_id.as_str()).unwrap_or_default();
        let at = out.iter().position(|m| m.id == boundary).unwrap_or(out.len());
        out.insert(at, summary);
    }
    out
}

/// One message's section; `applies`: for a summary, whether it is the one
/// that applies; `notes`: the number of the next footnote (moved past this
/// message's sources).
fn message_section(message: &MessageRecord, applies: bool, notes: &mut u32) -> String {
    if let Some(info) = message.summary.as_ref().filter(|_| message.is_summary()) {
        if !applies {
            return format!("--- Earlier summary, no longer used ---\n\n{}\n", blockquote(message.content.trim()));
        }
        let count = info.summarised;
        let noun = if count == 1 { "message" } else { "messages" };
        return format!(
            "--- Earlier messages summarised ({count} {noun}) ---\n\n{}\n",
            blockquote(message.content.trim())
        );
    }
    if message.is_marker() {
        return format!("--- {} ---\n", one_line(&message.content));
    }
    let heading = match message.role {
        Role::User => "You".to_owned(),
        Role::System => "System".to_owned(),
        Role::Assistant => {
            // The General Assistant under its own name is the assistant, as
            // in exports from before agents; any other agent is named.
            let agent = message
                .agent
                .as_ref()
                .filter(|agent| !(agent.id == DEFAULT_AGENT_ID && agent.name == GENERAL_NAME))
                .map(|agent| one_line(&agent.name))
                .filter(|name| !name.is_empty());
            let writer = agent.unwrap_or_else(|| "Assistant".to_owned());
            match message.model.as_deref().map(str::trim) {
                Some(model) if !model.is_empty() => format!("{writer} ({model})"),
                _ => writer,
            }
        }
    };
    let mut blocks = vec![format!("## {heading}")];
    if !message.files.is_empty() {
        let names: Vec<String> =
            message.files.iter().map(|file| format!("`{}`", file.name.replace('`', "'"))).collect();
        blocks.push(format!("*Attached files:* {}", names.join(", ")));
    }
    for attachment in &message.attachments {
        let label = one_line(&attachment.name).replace(['[', ']'], "");
        let path = attachment_path(attachment);
        blocks.push(if attachment.is_image() { format!("![{label}]({path})") } else { format!("[{label}]({path})") });
        if let Some(transcript) = attachment.transcript.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            blocks.push(format!("*Transcript of {label}:*\n\n{}", blockquote(transcript)));
        }
    }
    if !message.reasoning.trim().is_empty() {
        blocks.push(format!("**Thinking**\n\n{}", blockquote(message.reasoning.trim_end())));
    }
    for call in &message.tool_calls {
        blocks.extend(tool_call_blocks(call));
    }
    let sources = message.sources.items();
    let first = *notes;
    *notes = first.saturating_add(u32::try_from(sources.len()).unwrap_or(u32::MAX));
    if !message.content.trim().is_empty() {
        let text = message.content.trim_end();
        blocks.push(citations::with_references(text, &message.citations.items(), sources.len(), first));
    }
    for (at, image) in reply_images(message).iter().enumerate() {
        blocks.push(format!("![Image {}]({})", at + 1, attachment_path(image)));
    }
    if !sources.is_empty() {
        blocks.push(citations::footnotes(&sources, first));
    }
    if let Some(note) = state_note(message) {
        blocks.push(format!("*{note}*"));
    }
    blocks.join("\n\n") + "\n"
}

/// `text` on one line, its runs of whitespace made single spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn blockquote(text: &str) -> String {
    text.lines()
        .map(|line| if line.trim().is_empty() { ">".to_owned() } else { format!("> {line}") })
        .collect::<Vec<_>>()
        .join("\n")
}

fn tool_call_blocks(call: &ToolCallRecord) -> Vec<String> {
    let mut blocks = Vec::new();
    if !call.commentary.trim().is_empty() {
        blocks.push(call.commentary.trim_end().to_owned());
    }
    blocks.push(format!("**Tool call: `{}`**", call.name.replace('`', "'")));
    blocks.push(json_or_text_block(&call.arguments_raw));
    match &call.result {
        Some(result) => {
            blocks.push(if result.is_error { "Result (error):".to_owned() } else { "Result:".to_owned() });
            blocks.push(json_or_text_block(&result.content));
        }
        None => blocks.push("*No result.*".to_owned()),
    }
    blocks
}

/// Pretty JSON in a `json` block when `raw` parses as JSON, else `raw` as it is.
fn json_or_text_block(raw: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(raw) {
        Ok(value) => {
            let pretty = serde_json::to_string_pretty(&value).unwrap_or_else(|_| raw.to_owned());
            code_block("json", &pretty)
        }
        Err(_) => code_block("", raw),
    }
}

fn state_note(message: &MessageRecord) -> Option<String> {
    match message.state {
        MessageState::Complete => match message.finish.as_ref().map(|finish| finish.unified) {
            Some(FinishKind::Length) => Some("The answer was cut off at the token limit.".to_owned()),
            Some(FinishKind::ContentFilter) => Some("The provider's content filter stopped the answer.".to_owned()),
            Some(FinishKind::Error) => Some("The provider reported an error; the answer may be incomplete.".to_owned()),
            Some(FinishKind::Stop | FinishKind::ToolCalls | FinishKind::Other) | None => None,
        },
        MessageState::Streaming => Some("Still being written when exported; the answer may be incomplete.".to_owned()),
        MessageState::Incomplete => {
            Some("The answer ended before the model said it had finished; it may be incomplete.".to_owned())
        }
        MessageState::Stopped => Some("Stopped by the user; the answer is incomplete.".to_owned()),
        MessageState::Interrupted => {
            Some("Interrupted (the tab closed while the answer was written); the answer is incomplete.".to_owned())
        }
        MessageState::Failed => Some(match &message.error {
            Some(error) => {
                format!("The request failed: {}", error.message.split_whitespace().collect::<Vec<_>>().join(" "))
            }
            None => "The request failed.".to_owned(),
        }),
    }
}
