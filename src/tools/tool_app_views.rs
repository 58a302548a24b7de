//! The MCP Apps views a reply's calls showed, each under its call's widget
//! and open (not in the list of calls), in the order of the calls; each
//! built by the `mcp` chunk's code when first shown.

use hearth_core::storage::ToolCallRecord;
use leptos::prelude::*;

use crate::mcp::mcp_app::mcp_app_view;
use crate::ui::lazy::Lazy;

/// The views.
#[component]
pub(crate) fn ToolAppViews(
    /// The reply's calls; those whose result has a view show it.
    calls: RwSignal<Vec<ToolCallRecord>>,
) -> impl IntoView {
    let views = Memo::new(move |_| {
        calls.with(|calls| {
            calls
                .iter()
                .filter_map(|call| {
                    let app = call.result.as_ref()?.app.clone()?;
                    // Ids a model made up may repeat from round to round.
                    Some(((call.round, call.id.clone()), app, call.arguments_raw.clone()))
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <For
            each=move || views.get()
            key=|(key, _, _)| key.clone()
            children=|(_, app, arguments)| {
                view! { <Lazy load=move || mcp_app_view(app.clone(), arguments.clone()) /> }
            }
        />
    }
}
