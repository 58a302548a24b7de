//! A reply's footer: the icon row (Copy, Save as file, Read aloud and, when offered,
//! Regenerate), the badge naming its agent and model (hidden in a blind
//! column), token usage, the version arrows (not in a compare column), "More
//! actions", the app's versions, and the row's status ("Copied", "Saved").

use leptos::prelude::*;

use crate::apps::app_version_button::AppVersionButton;
use crate::chat::branches::message_menu::MessageMenu;
use crate::chat::branches::version_switcher::VersionSwitcher;
use crate::chat::reply::read_aloud_button::ReadAloudButton;
use crate::chat::reply::save_reply_button::SaveReplyButton;
use crate::chat::state::{AssistantView, ReplyStatus};
use crate::i18n::{Arg, tr, tr_with};
use crate::ui::copy_button::CopyButton;
use crate::ui::icon::{Icon, IconName};

/// The footer under the reply `reply`.
#[component]
pub(crate) fn ReplyFooter(
    /// The id the reply is stored under (for the version arrows, "More
    /// actions" and the app's versions).
    id: StoredValue<String>,
    /// The reply whose text, agent, model and usage are shown.
    reply: AssistantView,
    /// Whether Regenerate is offered (the last reply, idle and not failed).
    offer_regenerate: Signal<bool>,
    /// What Regenerate does.
    on_regenerate: Callback<()>,
    /// A compare turn's column: no version arrows.
    in_column: bool,
    /// Whether the agent and model are hidden (a blind column not picked yet).
    names_hidden: Signal<bool>,
) -> impl IntoView {
    let streaming = move || reply.status.with(|status| *status == ReplyStatus::Streaming);
    let usage = move || {
        reply.usage.get().map(|usage| {
            let count = |n: Option<u64>| n.map_or_else(|| "?".to_owned(), |n| n.to_string());
            // A known count is a number (written with the language's separators), an unknown one "?".
            let arg = |n: Option<u64>| n.map_or(Arg::Text("?"), |n| Arg::Number(n as f64));
            let (input, output) = (arg(usage.input), arg(usage.output));
            // A model that did not reason reports 0: nothing to say then.
            match usage.reasoning.filter(|n| *n > 0) {
                Some(n) => tr_with(
                    "reply-usage-with-reasoning",
                    &[("input", input), ("output", output), ("reasoning", Arg::Number(n as f64))],
                    || format!("{} in · {} out · {n} reasoning", count(usage.input), count(usage.output)),
                ),
                None => tr_with("reply-usage", &[("input", input), ("output", output)], || {
                    format!("{} in · {} out", count(usage.input), count(usage.output))
                }),
            }
        })
    };
    // Read when the badge is: `show_record` sets the model each time the record changes.
    let edited = move || reply.record.with_value(|record| record.edited_at.is_some());
    // One status for the icon row: "Copied", "Saved" (or why not).
    let feedback = RwSignal::new(String::new());
    view! {
        <footer class="meta">
            // The icon row: Copy, Save as file, Read aloud and (on the last reply) Regenerate.
            <span class="message-actions">
                <Show when=move || !streaming()>
                    <CopyButton text=move || reply.record.with_value(|record| record.content.clone()) status=feedback />
                    <SaveReplyButton
                        text=move || reply.record.with_value(|record| record.content.clone())
                        created_at=reply.record.with_value(|record| record.created_at)
                        status=feedback
                    />
                    <ReadAloudButton id reply status=feedback auto=!in_column />
                </Show>
                <Show when=move || offer_regenerate.get()>
                    <button
                        type="button"
                        class="icon-button action"
                        aria-label=tr("Regenerate")
                        title=tr("Regenerate (answer again)")
                        on:click=move |_| on_regenerate.run(())
                    >
                        <Icon name=IconName::Refresh />
                    </button>
                </Show>
            </span>
            <span class="badge" title=move || badge_title(reply.agent.with(Option::is_some))>
                {move || (!names_hidden.get()).then(|| badge(reply.agent.get(), reply.model.get(), edited()))}
            </span>
            {move || usage().map(|text| view! { <span class="usage" title=tr("Tokens")>{text}</span> })}
            {(!in_column).then(|| view! { <VersionSwitcher id=id.get_value() label=tr("Versions of this answer") /> })}
            <MessageMenu id=id.get_value() reply=true />
            <AppVersionButton id=id.get_value() />
            <span class="action-feedback" role="status">
                {move || feedback.get()}
            </span>
        </footer>
    }
}

/// Who wrote a reply: "<agent> · <model>", or the model alone for a reply
/// from before agents (or the agent alone when no model is known).
/// Ends with "· edited" once the user edited its text.
fn badge(agent: Option<String>, model: String, edited: bool) -> String {
    let named = match agent {
        Some(agent) if model.is_empty() => agent,
        Some(agent) => format!("{agent} · {model}"),
        None => model,
    };
    if edited {
        tr_with("reply-badge-edited", &[("named", Arg::Text(&named))], || format!("{named} · edited"))
    } else {
        named
    }
}

/// The badge's tooltip: what it names.
fn badge_title(has_agent: bool) -> &'static str {
    if has_agent { tr("Agent · model") } else { tr("Model") }
}
