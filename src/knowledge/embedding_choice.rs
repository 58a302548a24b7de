//! A base's embeddings: words alone, or an account and model that embeds its
//! passages. Choosing one first says what embedding will cost (the passages'
//! tokens and, for a known model, the price; nothing on this machine), and
//! starts only on Start. A base that embeds can carry its embeddings in
//! backups and sync, so that other devices need not embed it again.

use hearth_core::knowledge::embed::{estimate_tokens, is_local, known_price};
use hearth_core::knowledge::records::{BaseRecord, EmbeddingChoice as Choice};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::json;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::knowledge;
use crate::knowledge::state::KnowledgeContext;

/// The embeddings of `base`.
#[component]
pub(crate) fn EmbeddingChoice(
    /// The base whose embeddings are chosen.
    base: BaseRecord,
) -> impl IntoView {
    let knowledge = KnowledgeContext::expect().state();
    let id = StoredValue::new(base.id.clone());
    let current = base.embedding.clone();
    let account = RwSignal::new(current.as_ref().map(|c| c.account.clone()).unwrap_or_default());
    let model = RwSignal::new(current.as_ref().map(|c| c.model.clone()).unwrap_or_default());
    let estimate = RwSignal::new(None::<String>);
    let name = base.name.clone();
    let account_label =
        tr_with("knowledge-embed-account", &[("name", Arg::Text(&name))], || format!("Embeddings for {name}"));
    let model_label =
        tr_with("knowledge-embed-model", &[("name", Arg::Text(&name))], || format!("Embedding model for {name}"));
    let carry_label = tr_with("knowledge-carry-vectors", &[("name", Arg::Text(&name))], || {
        format!("Carry the embeddings of {name} in backups and sync")
    });
    let hint_id = format!("knowledge-carry-{}", base.id);
    let embeds = base.embedding.is_some();
    let carries = base.carry_vectors;
    let accounts = move || knowledge.embedding_accounts();
    let ask = move |_| {
        let (chosen, model_name) = (account.get_untracked(), model.get_untracked().trim().to_owned());
        if chosen.is_empty() {
            spawn_local(knowledge.set_embedding(id.get_value(), None));
            return;
        }
        spawn_local(async move {
            let counted = knowledge::request("chars", json!({ "base": id.get_value() }), Vec::new()).await;
            let chars = counted.ok().and_then(|c| c.get("chars").and_then(serde_json::Value::as_u64)).unwrap_or(0);
            let local = knowledge.target(&chosen, &model_name).is_some_and(|target| is_local(&target.base_url));
            estimate.set(Some(cost_text(estimate_tokens(chars as usize), &model_name, local)));
        });
    };
    let start = move |_| {
        let choice = Choice { account: account.get_untracked(), model: model.get_untracked().trim().to_owned() };
        estimate.set(None);
        spawn_local(knowledge.set_embedding(id.get_value(), Some(choice)));
    };
    view! {
        <div class="knowledge-embedding">
            <label>
                <span>{account_label.clone()}</span>
                <select aria-label=account_label on:change=move |ev| account.set(event_target_value(&ev))>
                    <option value="" selected=move || account.with(String::is_empty)>
                        {tr("Words only (no embeddings)")}
                    </option>
                    {move || {
                        accounts()
                            .into_iter()
                            .map(|(value, label)| {
                                let chosen = value.clone();
                                view! {
                                    <option value=value selected=move || account.with(|a| *a == chosen)>
                                        {label}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <Show when=move || account.with(|a| !a.is_empty())>
                <label>
                    <span>{model_label.clone()}</span>
                    <input
                        type="text"
                        aria-label=model_label.clone()
                        placeholder="text-embedding-3-small"
                        prop:value=model
                        on:input=move |ev| model.set(event_target_value(&ev))
                    />
                </label>
            </Show>
            <button
                type="button"
                class="action"
                disabled=move || account.with(|a| !a.is_empty()) && model.with(|m| m.trim().is_empty())
                on:click=ask
            >
                {tr("Use")}
            </button>
            <Show when=move || embeds>
                <label class="knowledge-carry">
                    <input
                        type="checkbox"
                        aria-describedby=hint_id.clone()
                        prop:checked=carries
                        on:change=move |ev| {
                            spawn_local(knowledge.set_carry_vectors(id.get_value(), event_target_checked(&ev)))
                        }
                    />
                    <span>{carry_label.clone()}</span>
                </label>
                <p class="knowledge-carry-hint" id=hint_id.clone()>
                    {tr("Other devices, and a browser a backup is restored into, then use them instead of embedding the files again.")}
                </p>
            </Show>
            {move || {
                estimate
                    .get()
                    .map(|text| {
                        view! {
                            <p class="knowledge-estimate" role="status">{text}</p>
                            <button type="button" class="action" on:click=start>{tr("Start embedding")}</button>
                            <button type="button" class="action" on:click=move |_| estimate.set(None)>{tr("Cancel")}</button>
                        }
                    })
            }}
        </div>
    }
}

/// What embedding `tokens` tokens with `model` costs, in a sentence.
fn cost_text(tokens: u64, model: &str, local: bool) -> String {
    let count = tokens as f64;
    if local {
        return tr_with("knowledge-cost-local", &[("tokens", Arg::Number(count))], || {
            format!("About {tokens} tokens to embed, on this machine: free.")
        });
    }
    match known_price(model) {
        Some(price) => {
            let dollars = format!("{:.4}", count * price / 1_000_000.0);
            tr_with("knowledge-cost", &[("tokens", Arg::Number(count)), ("dollars", Arg::Text(&dollars))], || {
                format!("About {tokens} tokens to embed: about ${dollars} at the published price.")
            })
        }
        None => tr_with("knowledge-cost-unknown", &[("tokens", Arg::Number(count))], || {
            format!("About {tokens} tokens to embed; Hearth does not know this model's price.")
        }),
    }
}
