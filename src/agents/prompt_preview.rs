//! The agent editor's live preview: the draft's system prompt rendered with
//! today's values (date, time, time zone, the chosen model's name, the project
//! files and the enabled tools), exactly as the next request would send it,
//! with its size, and its unknown placeholders marked.

use std::collections::BTreeSet;

use hearth_core::agent::AgentRecord;
use hearth_core::agent::template::Rendered;
use leptos::prelude::*;

use crate::chat::state::prompt::template_values;
use crate::i18n::{Arg, tr, tr_with};
use crate::providers::state::ProvidersContext;
use crate::tools::state::ToolsContext;
use crate::ui::next_id;

/// The draft's prompt as a request now would render it (tracked).
pub(crate) fn render_draft(draft: RwSignal<AgentRecord>) -> Rendered {
    let providers = ProvidersContext::expect();
    let tools = ToolsContext::expect();
    draft.with(|agent| {
        let model = providers
            .entry_for(agent.model_config_id.as_deref())
            .map(|entry| entry.model.model.trim().to_owned())
            .unwrap_or_default();
        let files = tools.files.with(|files| files.iter().map(|file| file.name.clone()).collect());
        let specs = tools.specs_for(agent.offered_tools());
        agent.render_prompt(&template_values(agent, &model, files, &specs))
    })
}

/// `text` cut into runs, each marked when it is one of the `unknown`
/// placeholders as typed (such as `{foo}`).
fn marked_runs(text: &str, unknown: &BTreeSet<String>) -> Vec<(String, bool)> {
    let mut runs = Vec::new();
    let mut plain = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        let hit =
            rest.starts_with('{').then(|| unknown.iter().find(|typed| rest.starts_with(typed.as_str()))).flatten();
        if let Some(typed) = hit {
            if !plain.is_empty() {
                runs.push((std::mem::take(&mut plain), false));
            }
            runs.push((typed.clone(), true));
            rest = &rest[typed.len()..];
        } else {
            let next = rest.chars().next().map_or(1, char::len_utf8);
            plain.push_str(&rest[..next]);
            rest = &rest[next..];
        }
    }
    if !plain.is_empty() {
        runs.push((plain, false));
    }
    runs
}

/// The preview of the agent being edited.
#[component]
pub(crate) fn PromptPreview(
    /// The draft's prompt as [`render_draft`] renders it: the preview follows
    /// every change.
    rendered: Memo<Rendered>,
) -> impl IntoView {
    let heading_id = format!("preview-heading-{}", next_id());
    let labelled_by = heading_id.clone();
    let size = move || {
        rendered.with(|rendered| {
            let chars = rendered.text.chars().count();
            let tokens = rendered.estimated_tokens();
            let args = [("chars", Arg::Number(chars as f64)), ("tokens", Arg::Number(tokens as f64))];
            tr_with("agents-preview-size", &args, || format!("{chars} characters · about {tokens} tokens"))
        })
    };
    let body = move || {
        rendered.with(|rendered| {
            if rendered.system_prompt().is_none() {
                return view! { <p class="hint">{tr("No system message is sent.")}</p> }.into_any();
            }
            let unknown: BTreeSet<String> = rendered.unknown.iter().map(|p| format!("{{{}}}", p.name)).collect();
            let runs = marked_runs(&rendered.text, &unknown)
                .into_iter()
                .map(|(text, marked)| {
                    if marked {
                        view! { <mark title=tr("Unknown placeholder: sent as typed")>{text}</mark> }.into_any()
                    } else {
                        text.into_any()
                    }
                })
                .collect_view();
            view! { <pre class="prompt-preview-text">{runs}</pre> }.into_any()
        })
    };
    view! {
        <section class="prompt-preview" aria-labelledby=labelled_by>
            <h3 id=heading_id>{tr("Preview")}</h3>
            <p class="hint">
                {tr("The system prompt with today's values, as the next request sends it:")}
                " "
                <span>{size}</span>
            </p>
            {body}
        </section>
    }
}
