//! Code loaded on first use: the wasm is split into chunks (scripts/build.sh),
//! and the first screen loads only the main one.
//!
//! A split point is a plain function marked `#[wasm_split(<chunk>, fallible)]`
//! (see `crate::io::chunks`; re-exported here with [`ChunkError`]), returning
//! `Result<_, ChunkError>`: every function with the same `<chunk>` goes into one
//! chunk with the code only it reaches, and calling one loads that chunk first.
//!
//! [`Lazy`] shows the view such a function builds. A chunk that fails to load
//! (the network went away before the service worker had it, or a new version
//! replaced this one on the host) shows why with Retry, in place of the view;
//! nothing else of the app stops.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::i18n::tr;
pub(crate) use crate::io::chunks::{ChunkError, wasm_split};
use leptos::__reexports::send_wrapper::SendWrapper;
use leptos::prelude::*;

/// The view that `load` builds once its chunk is loaded; while it loads,
/// nothing; when it fails, [`ChunkError`]'s message with Retry (and Close,
/// when `on_close` is given), announced.
#[component]
pub(crate) fn Lazy<F, Fut>(
    /// Loads the chunk and builds the view: a call of a `#[wasm_split]`
    /// function. Called again by Retry.
    load: F,
    /// Given, the failure also offers Close, which calls it (the view was
    /// wanted for a moment only, such as a dialog).
    #[prop(optional)]
    on_close: Option<Callback<()>>,
    /// Given, Retry also calls it (what failed with the chunk is tried again).
    #[prop(optional)]
    on_retry: Option<Callback<()>>,
    /// Given, and while it holds a sentence, the failure shows it instead
    /// of the chunk's message (what the view would have said, such as why a
    /// reply was not sent).
    #[prop(optional)]
    reason: Option<Signal<Option<&'static str>>>,
) -> impl IntoView
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<AnyView, ChunkError>> + 'static,
{
    lazy(Loader::new(load), on_close, on_retry, reason)
}

/// A boxed `load`: every [`Lazy`] (and `LazyOnce`) shares one body of code,
/// whatever it loads.
#[derive(Clone)]
pub(crate) struct Loader(Arc<dyn Fn() -> Loading + Send + Sync>);

/// A load under way.
type Loading = Pin<Box<dyn Future<Output = Result<AnyView, ChunkError>>>>;

impl Loader {
    /// Boxes `load`.
    pub(crate) fn new<F, Fut>(load: F) -> Self
    where
        F: Fn() -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<AnyView, ChunkError>> + 'static,
    {
        Self(Arc::new(move || Box::pin(load())))
    }

    /// Starts loading.
    pub(crate) fn load(&self) -> Loading {
        (self.0)()
    }
}

/// [`Lazy`]'s body.
pub(crate) fn lazy(
    load: Loader,
    on_close: Option<Callback<()>>,
    on_retry: Option<Callback<()>>,
    reason: Option<Signal<Option<&'static str>>>,
) -> AnyView {
    let attempt = RwSignal::new(0_u32);
    (move || {
        attempt.track();
        let loading = SendWrapper::new(load.load());
        Suspend::new(async move {
            match loading.await {
                Ok(view) => view,
                Err(error) => view! {
                    <div class="chunk-error" role="alert">
                        <p>
                            {move || {
                                reason.and_then(|reason| reason.get()).map_or_else(|| error.to_string(), str::to_owned)
                            }}
                        </p>
                        <button type="button" on:click=move |_| {
                            attempt.update(|n| *n += 1);
                            if let Some(retry) = on_retry {
                                retry.run(());
                            }
                        }>
                            {tr("Retry")}
                        </button>
                        {on_close
                            .map(|close| {
                                view! {
                                    <button type="button" on:click=move |_| close.run(())>
                                        {tr("Close")}
                                    </button>
                                }
                            })}
                    </div>
                }
                .into_any(),
            }
        })
    })
    .into_any()
}
