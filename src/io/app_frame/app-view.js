// app-view.html's script ("Open app in a new tab"). It runs in Hearth's origin
// and never runs the app's code here: it asks the Hearth tab that opened it for
// the app (`{hearthAppView: 'ready'}` to the opener, answered with
// `{hearthAppView: 'app', html, storage, network, title}`, both only at this
// origin), then runs it in the same sandboxed frame as the preview
// (app-frame.html, or app-frame-open.html when the user allowed the network)
// and hands it the app when that frame is ready: once per frame. A second
// `ready` from the same frame means the app replaced its document (a reload, or
// a navigation to app-frame-open.html): the frame is then built anew, so the
// app runs again only in the page its network permission names. Changes the
// app makes to its localStorage here stay in this tab; the preview in Hearth
// keeps its own.
//
// When Hearth's service worker controls this page, the frame also gets
// allow-same-origin so that its navigation reaches the worker (Chromium never
// hands a sandboxed frame's navigation without it to a worker, so offline the
// frame could not load): the worker answers app-frame*.html with their CSP
// header, whose `sandbox` keeps the document opaque-origin. The app is sent
// only after the frame's `ready` came from origin "null", as always; a frame
// that speaks from this page's origin first (the header was missing) is sent
// nothing and replaced by one without allow-same-origin, from the network.
// See src/io/app_frame.rs and src/io/service_worker/sw.js.
(() => {
  'use strict';
  const home = location.origin;
  const opener = window.opener;
  const status = () => document.getElementById('status');
  const say = (text) => {
    const element = status();
    if (element) element.textContent = text;
  };
  if (!opener) {
    addEventListener('DOMContentLoaded', () => say('Open this page with "Open app in a new tab" in Hearth.'));
    return;
  }
  let frame = null;
  let app = null;
  let answered = false;
  // Whether frames are loaded through the service worker (see above).
  let throughWorker = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
  let frameThroughWorker = false;
  // A new sandboxed frame for `app`, in place of the old one.
  const build = () => {
    const next = document.createElement('iframe');
    frameThroughWorker = throughWorker;
    next.setAttribute('sandbox', 'allow-scripts allow-forms allow-modals' + (throughWorker ? ' allow-same-origin' : ''));
    next.setAttribute('referrerpolicy', 'no-referrer');
    next.title = typeof app.title === 'string' && app.title ? app.title : 'App';
    next.src = app.network === true ? 'app-frame-open.html' : 'app-frame.html';
    answered = false;
    if (frame) frame.replaceWith(next);
    else document.body.append(next);
    frame = next;
  };
  addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if (event.source === opener && event.origin === home && data.hearthAppView === 'app' && !app) {
      if (typeof data.html !== 'string') return;
      app = data;
      document.title = (typeof data.title === 'string' && data.title ? data.title : 'App') + ' — Hearth';
      say('');
      build();
      return;
    }
    if (frame && event.source === frame.contentWindow && event.origin !== 'null' && !answered && frameThroughWorker) {
      throughWorker = false;
      build();
      return;
    }
    if (frame && event.source === frame.contentWindow && event.origin === 'null' && data.hearthApp === 'ready') {
      if (answered) {
        build();
        return;
      }
      answered = true;
      const storage = app.storage && typeof app.storage === 'object' ? app.storage : {};
      const network = app.network === true;
      frame.contentWindow.postMessage({ hearthApp: 'run', html: app.html, storage, network }, '*');
    }
  });
  opener.postMessage({ hearthAppView: 'ready' }, home);
})();
