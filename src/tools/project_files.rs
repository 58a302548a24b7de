//! The project's files: text files the read-a-file tool can read. Add (.md or
//! .txt, several at once) and remove.

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use crate::i18n::{Arg, tr, tr_with};
use crate::io::files::read_text;
use crate::tools::state::ToolsContext;

/// The list of project files with Add and Remove.
#[component]
pub(crate) fn ProjectFiles() -> impl IntoView {
    let tools = ToolsContext::expect();
    let status = RwSignal::new(String::new());
    let add = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) else { return };
        let Some(list) = input.files() else { return };
        let files: Vec<web_sys::File> = (0..list.length()).filter_map(|at| list.get(at)).collect();
        input.set_value("");
        spawn_local(async move {
            let mut problems = Vec::new();
            let mut added: u32 = 0;
            for file in files {
                let outcome = match read_text(&file).await {
                    Ok(text) => tools.add_project_file(file.name(), text).map_err(|refused| refused.to_string()),
                    Err(error) => Err(error.to_string()),
                };
                match outcome {
                    Ok(()) => added += 1,
                    Err(problem) => problems.push(problem),
                }
            }
            let mut text = match added {
                0 => String::new(),
                n => tr_with("tools-project-files-added", &[("n", Arg::Number(f64::from(n)))], || match n {
                    1 => "Added 1 file.".to_owned(),
                    n => format!("Added {n} files."),
                }),
            };
            for problem in problems {
                text.push(' ');
                text.push_str(&problem);
            }
            status.set(text.trim().to_owned());
        });
    };
    view! {
        <fieldset>
            <legend>{tr("Project files")}</legend>
            <p class="hint">{tr("Text files the Read a project file tool can read. They stay in this browser.")}</p>
            <ul class="tool-options" aria-label=tr("Project files")>
                <For
                    each=move || tools.files.get()
                    key=|file| (file.id.clone(), file.updated_at)
                    children=move |file| {
                        let id = file.id.clone();
                        let count = file.content.chars().count();
                        let size = tr_with("tools-project-file-characters", &[("count", Arg::Number(count as f64))], || {
                            format!("{count} characters")
                        });
                        let remove_label = tr_with("tools-project-file-remove", &[("name", Arg::Text(&file.name))], || {
                            format!("Remove {}", file.name)
                        });
                        view! {
                            <li class="user-tool">
                                <span>{file.name.clone()} " " <span class="hint">{size}</span></span>
                                <button
                                    type="button"
                                    class="action"
                                    aria-label=remove_label
                                    on:click=move |_| tools.remove_project_file(id.clone())
                                >
                                    {tr("Remove")}
                                </button>
                            </li>
                        }
                    }
                />
            </ul>
            <label class="file">
                {tr("Add project files (.md, .txt)")}
                <input type="file" multiple accept=".md,.markdown,.txt,text/markdown,text/plain" on:change=add />
            </label>
            <p class="status" role="status">{move || status.get()}</p>
        </fieldset>
    }
}
