//! The empty state of a new (or cleared) conversation: who answers, a
//! greeting, a few suggestions to start from, and what stays private.

use leptos::prelude::*;

use crate::composer::state::ComposerDraft;
use crate::i18n::tr;

/// The suggestions: what each button says, the message it puts in the box
/// (both translated where shown), and what follows the message there (room
/// for the text the message asks for).
const SUGGESTIONS: [(&str, &str, &str); 4] = [
    ("Explain something simply", "Explain how HTTPS keeps a connection private, in simple terms.", ""),
    ("Write some code", "Write a function that checks whether a string is a palindrome, with tests.", ""),
    ("Summarise a text", "Summarise this text in three bullet points:", "\n\n"),
    ("Plan a weekend", "Help me plan a relaxed weekend away. Ask me what I enjoy first.", ""),
];

/// "How can I help you today?" with the agent's name, in an empty conversation,
/// and suggestions that fill the message box (and focus it) without sending.
#[component]
pub(crate) fn ConversationWelcome(
    /// The name of the agent that will answer (`None` while it loads).
    #[prop(into)]
    agent_name: Signal<Option<String>>,
) -> impl IntoView {
    let draft = ComposerDraft::expect();
    view! {
        <section class="empty welcome" aria-labelledby="welcome-heading">
            {move || agent_name.get().map(|name| view! { <p class="welcome-agent">{name}</p> })}
            <h2 id="welcome-heading" class="welcome-heading">{tr("How can I help you today?")}</h2>
            <ul class="suggestions" aria-label=tr("Suggestions")>
                {SUGGESTIONS
                    .iter()
                    .map(|&(label, prompt, after)| {
                        let prompt = tr(prompt);
                        view! {
                            <li>
                                <button
                                    type="button"
                                    class="suggestion"
                                    on:click=move |_| draft.fill(&format!("{prompt}{after}"))
                                >
                                    <span class="suggestion-label">{tr(label)}</span>
                                    <span class="suggestion-prompt">{prompt}</span>
                                </button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
            <p class="welcome-note">{tr("Nothing leaves this browser except the request to your provider.")}</p>
        </section>
    }
}
