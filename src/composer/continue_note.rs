//! Above the message box after a compare turn: which answer the next message
//! follows ("Continue with this" on another column changes it); nothing
//! otherwise. In the `compare` chunk.

use leptos::prelude::*;

use crate::chat::state::comparing::turn_of;
use crate::chat::state::{ChatContext, EntryKind, leaf};
use crate::i18n::{Arg, tr, tr_with};

/// The note, announced when it changes.
#[component]
pub(crate) fn ContinueNote() -> impl IntoView {
    let chat = ChatContext::expect();
    let text = move || {
        let (id, group, model, blind) = chat.entries.with(|entries| {
            let id = leaf(entries)?;
            let entry = entries.iter().find(|entry| entry.id == id)?;
            let group = entry.node.as_ref()?.group.clone()?;
            let EntryKind::Assistant(view) = &entry.kind else { return None };
            let (model, blind) = view.record.with_value(|r| (r.model.clone().unwrap_or_default(), r.blind));
            Some((id, group, model, blind))
        })?;
        let turn = turn_of(chat, &group);
        if turn.merges.contains(&id) {
            return Some(tr("Your next message follows the merged answer.").to_owned());
        }
        let letter = *turn.letters.get(turn.columns.iter().position(|column| *column == id)?)?;
        let letter_text = letter.to_string();
        Some(if blind && !turn.picked {
            tr_with("composer-follows-blind-answer", &[("letter", Arg::Text(&letter_text))], || {
                format!("Your next message follows answer {letter}. Pick one with “Continue with this”.")
            })
        } else {
            tr_with(
                "composer-follows-answer",
                &[("letter", Arg::Text(&letter_text)), ("model", Arg::Text(&model))],
                || format!("Your next message follows answer {letter} ({model})."),
            )
        })
    };
    view! { <p class="continue-note" role="status">{text}</p> }
}
