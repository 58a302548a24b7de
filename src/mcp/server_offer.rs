//! One server's part of the "Prompts and resources" dialog: its name, then
//! (asked for when shown) its prompts, each a button that inserts it or opens
//! its argument form, and its resources and resource templates, each a button
//! that attaches it or opens the template's form; or why it could not be asked.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::i18n::{Arg, tr, tr_with};
use crate::mcp::picking::{Chosen, Picking};
use crate::mcp::state::McpContext;
use crate::mcp::state::client::{McpFailure, Offer};

/// The part of the server `id`.
#[component]
pub(crate) fn ServerOffer(
    /// The server's id.
    id: String,
    /// What the dialog does with a pick.
    picking: Picking,
) -> impl IntoView {
    let mcp = McpContext::expect();
    let name = mcp.server(&id).map(|server| server.name).unwrap_or_default();
    let offer = RwSignal::new(None::<Result<Offer, McpFailure>>);
    let asked = id.clone();
    spawn_local(async move {
        let got = mcp.offer_now(&asked).await;
        let _ = offer.try_set(Some(got));
    });
    let id = StoredValue::new(id);
    let heading = name.clone();
    let body = move || match offer.get() {
        None => view! { <p class="hint">{tr("Asking the server…")}</p> }.into_any(),
        Some(Err(failure)) => view! { <p class="failed">{failure.shown()}</p> }.into_any(),
        Some(Ok(offer)) => offered(id.get_value(), &name, offer, picking).into_any(),
    };
    view! {
        <section class="server-offer" aria-label=heading.clone()>
            <h3>{heading.clone()}</h3>
            {body}
        </section>
    }
}

/// The lists of what `offer` holds, of the server `id` named `name`.
fn offered(id: String, name: &str, offer: Offer, picking: Picking) -> impl IntoView {
    let Offer { prompts, resources, templates, completions } = offer;
    let nothing = prompts.is_empty() && resources.is_empty() && templates.is_empty();
    let prompt_items = prompts
        .into_iter()
        .map(|prompt| {
            let server = id.clone();
            let label = prompt.label().to_owned();
            let about = prompt.description.clone();
            let pick = move |_| {
                if prompt.arguments.is_empty() {
                    picking.insert_prompt(server.clone(), prompt.name.clone(), prompt.label().to_owned(), Vec::new());
                } else {
                    picking.chosen.set(Some(Chosen::Prompt {
                        server: server.clone(),
                        completions,
                        prompt: prompt.clone(),
                    }));
                }
            };
            view! {
                <li>
                    <button type="button" class="action" disabled=move || picking.busy.with(Option::is_some) on:click=pick>{label}</button>
                    <span class="hint">{about}</span>
                </li>
            }
        })
        .collect::<Vec<_>>();
    let resource_items = resources
        .into_iter()
        .map(|resource| {
            let server = id.clone();
            let uri = resource.uri.clone();
            let about = resource.description.clone();
            view! {
                <li>
                    <button
                        type="button"
                        class="action"
                        title=resource.uri.clone()
                        disabled=move || picking.busy.with(Option::is_some)
                        on:click=move |_| picking.attach_resource(server.clone(), uri.clone())
                    >
                        {resource.name.clone()}
                    </button>
                    <span class="hint">{about}</span>
                </li>
            }
            .into_any()
        })
        .chain(templates.into_iter().map(|template| {
            let server = id.clone();
            let label = format!("{}…", template.name);
            let about = template.description.clone();
            let title = template.uri_template.clone();
            let pick = move |_| {
                picking.chosen.set(Some(Chosen::Template { server: server.clone(), template: template.clone() }));
            };
            view! {
                <li>
                    <button
                        type="button"
                        class="action"
                        title=title
                        disabled=move || picking.busy.with(Option::is_some)
                        on:click=pick
                    >{label}</button>
                    <span class="hint">{about}</span>
                </li>
            }
            .into_any()
        }))
        .collect::<Vec<_>>();
    let has_prompts = !prompt_items.is_empty();
    let has_resources = !resource_items.is_empty();
    let prompts_label = tr_with("mcp-prompts-of", &[("server", Arg::Text(name))], || format!("Prompts of {name}"));
    let resources_label =
        tr_with("mcp-resources-of", &[("server", Arg::Text(name))], || format!("Resources of {name}"));
    view! {
        {nothing.then(|| view! { <p class="hint">{tr("It offers no prompts or resources.")}</p> })}
        {has_prompts
            .then(|| {
                view! {
                    <h4>{tr("Prompts")}</h4>
                    <ul class="offer-list" aria-label=prompts_label>{prompt_items}</ul>
                }
            })}
        {has_resources
            .then(|| {
                view! {
                    <h4>{tr("Resources")}</h4>
                    <ul class="offer-list" aria-label=resources_label>{resource_items}</ul>
                }
            })}
    }
}
