//! A part of the page whose code is in a chunk (see [`crate::ui::lazy`]), such
//! as a dialog: nothing of it is built, or loaded, until it is first wanted.
//! Then its chunk loads and it is built, and it stays built from then on (a
//! dialog closed keeps its drafts). A chunk that fails to load says so in its
//! place, with Retry (and Close, for a dialog).

use std::future::Future;

use leptos::prelude::*;

use crate::ui::lazy::{ChunkError, Loader, lazy};

/// The view that `load` builds, from the first time `when` turns true.
#[component]
pub(crate) fn LazyOnce<F, Fut>(
    /// Whether the part is wanted (a dialog: whether it is open, which the
    /// dialog itself reads too).
    #[prop(into)]
    when: Signal<bool>,
    /// Given, a failure to load offers Close, which calls it (a dialog: sets
    /// its `open` back to false).
    #[prop(optional)]
    on_close: Option<Callback<()>>,
    /// Loads the chunk and builds the part: a call of a `#[wasm_split]`
    /// function.
    load: F,
) -> impl IntoView
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<AnyView, ChunkError>> + 'static,
{
    lazy_once(when, on_close, Loader::new(load))
}

/// [`LazyOnce`]'s body, one for every part whatever it loads.
fn lazy_once(when: Signal<bool>, on_close: Option<Callback<()>>, load: Loader) -> AnyView {
    let built = RwSignal::new(false);
    let wanted = Memo::new(move |_| built.get() || when.get());
    (move || {
        wanted.get().then(|| {
            let load = load.clone();
            let load = Loader::new(move || {
                let loading = load.load();
                async move {
                    let view = loading.await;
                    if view.is_ok() {
                        built.set(true);
                    }
                    view
                }
            });
            lazy(load, on_close, None, None)
        })
    })
    .into_any()
}
