//! Hearth's entry point: mounts the app into the page.

// `#[component]` generates `pub` props structs, which this binary cannot export.
#![allow(unreachable_pub)]

mod agents;
mod app;
mod chat;
mod components;
mod io;
mod network;
mod preferences;
mod providers;
mod sessions;
mod shortcuts;
mod store;
mod tools;
mod updates;

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
