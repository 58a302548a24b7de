//! The service worker, from the page's side: noticing that a new version of
//! Hearth is waiting, asking it to take over, and hearing that it did.
//!
//! The worker itself is `sw.js` (registered by `boot.js` once the app is
//! mounted). It never takes over by itself: a new version installs and then
//! waits until a page sends it `{ type: 'SKIP_WAITING' }`. When it activates it
//! claims every open tab, which each hear as `controllerchange`. This module
//! only reports those facts ([`WorkerNews`]); what to do with them (ask the
//! user, wait for a reply to finish) is decided above it. It never reloads by
//! itself: [`reload`] is called only on the user's request.
//!
//! It looks for updates when the tab becomes visible or gets the focus again
//! (at most once a minute) and every hour: `registration.update()` fetches
//! `sw.js` again and installs it when it changed.

use std::cell::Cell;
use std::rc::Rc;

use leptos::task::spawn_local;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// How often an open tab looks for a new version, in milliseconds.
const CHECK_EVERY_MS: i32 = 60 * 60 * 1000;
/// The least time between two checks caused by focus or visibility, in milliseconds.
const CHECK_AT_MOST_EVERY_MS: f64 = 60.0 * 1000.0;

/// What the service worker did that the page should know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WorkerNews {
    /// A new version is installed and waiting for a page to let it take over.
    Waiting,
    /// Another version took control of this tab (this tab or another one let
    /// it take over). The first worker taking control of a tab that had none
    /// is no news and is not reported.
    ControllerChanged,
}

fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    // Without service worker support (or outside a secure context) the
    // property is missing.
    js_sys::Reflect::get(&navigator, &"serviceWorker".into()).ok().filter(|value| !value.is_undefined())?;
    Some(navigator.service_worker())
}

async fn registration(container: &ServiceWorkerContainer) -> Option<ServiceWorkerRegistration> {
    let found = JsFuture::from(container.get_registration()).await.ok()?;
    found.dyn_into::<ServiceWorkerRegistration>().ok()
}

/// Asks the browser to fetch `sw.js` again; a failure (offline) changes nothing.
fn check_for_update(registration: &ServiceWorkerRegistration) {
    if let Ok(promise) = registration.update() {
        spawn_local(async move {
            let _ = JsFuture::from(promise).await;
        });
    }
}

/// Reports `Waiting` once `worker` is installed, if a version controls this
/// tab already (the first install is no update).
fn follow_installing(worker: ServiceWorker, container: ServiceWorkerContainer, on_news: Rc<dyn Fn(WorkerNews)>) {
    let watched = worker.clone();
    let on_state = Closure::<dyn FnMut()>::new(move || {
        if watched.state() == ServiceWorkerState::Installed && container.controller().is_some() {
            on_news(WorkerNews::Waiting);
        }
    });
    worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
    // Lives as long as the worker object: one per installed version.
    on_state.forget();
}

/// Watches the service worker for the page's whole life and calls `on_news`
/// with what happens. Does nothing where service workers are unavailable or
/// Hearth's worker is not registered.
pub(crate) fn watch(on_news: impl Fn(WorkerNews) + 'static) {
    let Some(container) = container() else { return };
    let on_news: Rc<dyn Fn(WorkerNews)> = Rc::new(on_news);
    // Whether a worker controlled this tab: its replacement is news, the
    // first one (installed on the first visit) is not.
    let controlled = Rc::new(Cell::new(container.controller().is_some()));
    {
        let controlled = Rc::clone(&controlled);
        let on_news = Rc::clone(&on_news);
        let on_change = Closure::<dyn FnMut()>::new(move || {
            if controlled.replace(true) {
                on_news(WorkerNews::ControllerChanged);
            }
        });
        container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
        // Registered once, for the page's life.
        on_change.forget();
    }
    spawn_local(async move {
        // `ready` resolves once a worker is active: before that there is
        // nothing to update.
        let Ok(ready) = container.ready() else { return };
        let Ok(registration) = JsFuture::from(ready).await else { return };
        let Ok(registration) = registration.dyn_into::<ServiceWorkerRegistration>() else { return };
        if registration.waiting().is_some() && container.controller().is_some() {
            on_news(WorkerNews::Waiting);
        }
        if let Some(installing) = registration.installing() {
            follow_installing(installing, container.clone(), Rc::clone(&on_news));
        }
        let on_found = {
            let registration = registration.clone();
            let container = container.clone();
            let on_news = Rc::clone(&on_news);
            Closure::<dyn FnMut()>::new(move || {
                if let Some(installing) = registration.installing() {
                    follow_installing(installing, container.clone(), Rc::clone(&on_news));
                }
            })
        };
        registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
        on_found.forget();
        watch_for_updates(registration);
    });
}

/// Looks for a new version every hour, and when the tab comes back into view
/// or gets the focus (at most once a minute).
fn watch_for_updates(registration: ServiceWorkerRegistration) {
    let Some(window) = web_sys::window() else { return };
    let hourly = {
        let registration = registration.clone();
        Closure::<dyn FnMut()>::new(move || check_for_update(&registration))
    };
    let _ =
        window.set_interval_with_callback_and_timeout_and_arguments_0(hourly.as_ref().unchecked_ref(), CHECK_EVERY_MS);
    hourly.forget();
    let last = Rc::new(Cell::new(js_sys::Date::now()));
    let on_return = Closure::<dyn FnMut()>::new(move || {
        let visible = web_sys::window()
            .and_then(|window| window.document())
            .is_some_and(|document| document.visibility_state() == web_sys::VisibilityState::Visible);
        let now = js_sys::Date::now();
        if visible && now - last.get() >= CHECK_AT_MOST_EVERY_MS {
            last.set(now);
            check_for_update(&registration);
        }
    });
    if let Some(document) = window.document() {
        let _ = document.add_event_listener_with_callback("visibilitychange", on_return.as_ref().unchecked_ref());
    }
    let _ = window.add_event_listener_with_callback("focus", on_return.as_ref().unchecked_ref());
    on_return.forget();
}

/// Asks the waiting version to take over (it activates, and every tab hears
/// `controllerchange`). Returns whether a version was waiting: `false` when
/// none is (another tab let it take over already).
pub(crate) async fn let_waiting_take_over() -> bool {
    let Some(container) = container() else { return false };
    let Some(waiting) = registration(&container).await.and_then(|registration| registration.waiting()) else {
        return false;
    };
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"type".into(), &"SKIP_WAITING".into());
    waiting.post_message(&message).is_ok()
}

/// Reloads this tab (only ever on the user's request).
pub(crate) fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}
