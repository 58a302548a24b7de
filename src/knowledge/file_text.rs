//! A passage's file as the viewer shows it: the file's text as it was read
//! (a PDF's page, a document's sections) with the passage marked and
//! scrolled to, and for a PDF a link that opens the file itself at that page
//! in the browser's viewer, on a click only.

use hearth_core::knowledge::Passage;
use hearth_core::knowledge::records::Retrieved;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::json;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::knowledge::{self, file_url, forget_url};

/// The text of `passage`'s file around it, and the PDF's link.
#[component]
pub(crate) fn FileText(
    /// The passage opened.
    passage: Retrieved,
) -> impl IntoView {
    let shown = RwSignal::new(None::<Vec<(u32, Passage)>>);
    let pdf_url = RwSignal::new(None::<String>);
    let missing = RwSignal::new(false);
    let is_pdf = passage.pdf;
    let page = passage.at.page;
    let (file, number) = (passage.file.clone(), passage.passage);
    spawn_local(async move {
        let read = knowledge::request("passages", json!({ "file": file }), Vec::new()).await;
        let passages: Vec<Passage> = read.ok().and_then(|value| serde_json::from_value(value).ok()).unwrap_or_default();
        if passages.is_empty() {
            missing.set(true);
        }
        let near: Vec<(u32, Passage)> =
            (0u32..).zip(passages).filter(|(_, found)| page.is_none() || found.at.page == page).collect();
        shown.set(Some(near));
        if is_pdf {
            if let Ok(Some(url)) = file_url(&file, "application/pdf").await {
                pdf_url.set(Some(format!("{url}#page={}", page.unwrap_or(1))));
            }
        }
    });
    on_cleanup(move || {
        if let Some(url) = pdf_url.get_untracked() {
            forget_url(url.split('#').next().unwrap_or_default());
        }
    });
    let page_label = page.map(|page| {
        tr_with("knowledge-open-pdf-page", &[("page", Arg::Number(f64::from(page)))], || {
            format!("Open the PDF at page {page}")
        })
    });
    // The passage in view once shown (its file's text may run long).
    let container = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        if shown.with(Option::is_some) {
            crate::io::frame::on_next_frame(move || {
                let current = container
                    .get_untracked()
                    .and_then(|div| div.query_selector("[aria-current=\"true\"]").ok().flatten());
                if let Some(current) = current {
                    let options = js_sys::Object::new();
                    crate::io::js::set(&options, "block", &"center".into());
                    let _ = crate::io::js::call(&current, "scrollIntoView", &[&options]);
                }
            });
        }
    });
    let blocks = move || {
        shown.get().map(|near| {
            near.into_iter()
                .map(|(at, found)| {
                    let current = at == number;
                    let headings = found.at.headings.join(" › ");
                    view! {
                        <section class="passage" class:current=current aria-current=current.then_some("true")>
                            {(!headings.is_empty()).then(|| view! { <h4>{headings}</h4> })}
                            <p>{found.text}</p>
                        </section>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <Show when=move || missing.get()>
            <p class="hint">{tr("This file is no longer in its knowledge base; what the reply was given:")}</p>
            <blockquote>{passage.text.clone()}</blockquote>
        </Show>
        {move || {
            pdf_url
                .get()
                .map(|url| {
                    view! {
                        <p>
                            <a href=url target="_blank" rel="noopener noreferrer">
                                {page_label.clone()}
                            </a>
                        </p>
                    }
                })
        }}
        <div node_ref=container class="passage-text" tabindex="0" role="region" aria-label=tr("The file's text")>
            {blocks}
        </div>
    }
}
