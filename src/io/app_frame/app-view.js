// app-view.html's script ("Open app in a new tab"). It runs in Hearth's origin
// and never runs the app's code here: it asks the Hearth tab that opened it for
// the app (`{hearthAppView: 'ready'}` to the opener, answered with
// `{hearthAppView: 'app', html, storage, network, title}`, both only at this
// origin), then runs it in the same sandboxed frame as the preview
// (app-frame.html, or app-frame-open.html when the user allowed the network)
// and hands it the app when that frame is ready. Changes the app makes to its
// localStorage here stay in this tab; the preview in Hearth keeps its own.
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
  addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if (event.source === opener && event.origin === home && data.hearthAppView === 'app' && !app) {
      if (typeof data.html !== 'string') return;
      app = data;
      document.title = (typeof data.title === 'string' && data.title ? data.title : 'App') + ' — Hearth';
      frame = document.createElement('iframe');
      frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-modals');
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.title = typeof data.title === 'string' && data.title ? data.title : 'App';
      frame.src = data.network === true ? 'app-frame-open.html' : 'app-frame.html';
      say('');
      document.body.append(frame);
      return;
    }
    if (frame && event.source === frame.contentWindow && data.hearthApp === 'ready') {
      const storage = app.storage && typeof app.storage === 'object' ? app.storage : {};
      frame.contentWindow.postMessage({ hearthApp: 'run', html: app.html, storage }, '*');
    }
  });
  opener.postMessage({ hearthAppView: 'ready' }, home);
})();
