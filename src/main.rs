//! Hearth's entry point: mounts the app into the page.
//!
//! The shell is feature folders (see ARCHITECTURE.md): `io` is the only door to
//! the outside world, `store` the one door to IndexedDB, `ui` the shared UI
//! primitives, `app` the page; every other module is a feature, holding its
//! components and, in its `state` module, the context it owns.

// `#[component]` generates `pub` props structs, which this binary cannot export.
#![allow(unreachable_pub)]

mod agents;
mod app;
mod apps;
mod chat;
mod composer;
mod i18n;
mod io;
mod knowledge;
mod mcp;
mod offline;
mod providers;
mod sessions;
mod settings;
mod shortcuts;
mod store;
mod sync;
mod tools;
mod ui;
mod voice;

fn main() {
    console_error_panic_hook::set_once();
    i18n::start(|| leptos::mount::mount_to_body(app::App));
}
