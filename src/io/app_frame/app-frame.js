// Hearth's app preview, the one script of `app-frame.html` and
// `app-frame-open.html` (which differ only in their CSP's network sources).
// Hearth (src/io/app_frame.rs, or app-view.js in a tab of its own) loads one of
// them in an `<iframe sandbox="allow-scripts allow-forms allow-modals">`, so
// this document has an opaque origin: no storage, cookies, keys or DOM of
// Hearth. The protocol, every message an object with a `hearthApp` field:
//
// - frame → Hearth: `{hearthApp: 'ready'}` once loaded;
// - Hearth → frame: `{hearthApp: 'run', html, storage, network}`: the app's
//   document, its stored `localStorage` items (an object of strings) and
//   whether it may use the network. Only the first one counts; Reload makes a
//   new frame. The frame runs nothing when `network` is not exactly what its
//   own page allows (`true` only in app-frame-open.html), so an app that
//   navigates its frame to the open page cannot get itself run there;
// - frame → Hearth: `{hearthApp: 'storage', items}` after the app changed its
//   `localStorage` (all items, once per task), `{hearthApp: 'error', message,
//   line, column}` for an uncaught error or unhandled rejection, and,
//   instead of `ready`, `{hearthApp: 'refused', reason}` when this document is
//   not sandboxed.
//
// Hearth answers only the first `ready` of a frame: a second one means the
// app's document was replaced (a reload, or a navigation to one of these
// pages), and Hearth then builds a new frame with the current stored items.
//
// Before the app runs, this script replaces `localStorage` and
// `sessionStorage` (the real ones throw in an opaque origin) with in-memory
// ones, the first filled from `storage` and reporting its changes, and listens
// for errors. Then it writes the app's HTML into this very document
// (`document.open/write/close`), which keeps this document's CSP.
//
// The documents are plain files served beside Hearth, so anyone can open or
// frame them without the sandbox attribute; they would then run in Hearth's
// origin. So this script runs nothing unless its own origin is opaque.
(() => {
  'use strict';

  // Taken before the app runs: it shares this realm and may replace globals.
  const hearth = window.parent;
  const send = (message) => hearth.postMessage(message, '*');
  const home = window.location.origin;
  const entriesOf = Object.entries;
  const fromEntries = Object.fromEntries;
  const later = queueMicrotask.bind(window);
  const listen = addEventListener.bind(window);
  const LIMIT = 5000000;
  // Whether this page lets the app use the network (its CSP's sources).
  const OPEN = /\/app-frame-open\.html$/.test(window.location.pathname);
  // frame-guard.js, which runs before this script, made it (see there).
  const closeFrames = window.hearthCloseFrames;

  // A Storage-like object over a Map: `getItem`, `setItem`, `removeItem`,
  // `clear`, `key`, `length`, and items as properties (`localStorage.todos`).
  function storageArea(initial, changed) {
    const items = new Map();
    let size = 0;
    for (const [key, value] of entriesOf(initial || {})) {
      if (typeof value === 'string') {
        items.set(key, value);
        size += key.length + value.length;
      }
    }
    const api = {
      key(index) {
        const keys = [...items.keys()];
        return index >= 0 && index < keys.length ? keys[index] : null;
      },
      getItem(key) {
        key = String(key);
        return items.has(key) ? items.get(key) : null;
      },
      setItem(key, value) {
        key = String(key);
        value = String(value);
        const old = items.has(key) ? key.length + items.get(key).length : 0;
        const next = size - old + key.length + value.length;
        if (next > LIMIT) {
          throw new DOMException("Setting the value of '" + key + "' exceeded the quota.", 'QuotaExceededError');
        }
        if (items.get(key) === value) return;
        items.set(key, value);
        size = next;
        changed(items);
      },
      removeItem(key) {
        key = String(key);
        if (!items.has(key)) return;
        size -= key.length + items.get(key).length;
        items.delete(key);
        changed(items);
      },
      clear() {
        if (items.size === 0) return;
        items.clear();
        size = 0;
        changed(items);
      },
    };
    const own = (name) => name === 'length' || Object.prototype.hasOwnProperty.call(api, name);
    return new Proxy({}, {
      get(_, name) {
        if (typeof name === 'symbol') return undefined;
        if (name === 'length') return items.size;
        if (own(name)) return api[name];
        return items.has(name) ? items.get(name) : undefined;
      },
      set(_, name, value) {
        if (typeof name !== 'symbol' && !own(name)) api.setItem(name, value);
        return true;
      },
      deleteProperty(_, name) {
        if (typeof name !== 'symbol') api.removeItem(name);
        return true;
      },
      has(_, name) {
        return typeof name !== 'symbol' && (own(name) || items.has(name));
      },
      ownKeys() {
        return [...items.keys()];
      },
      getOwnPropertyDescriptor(_, name) {
        if (typeof name === 'symbol' || !items.has(name)) return undefined;
        return { value: items.get(name), writable: true, enumerable: true, configurable: true };
      },
    });
  }

  // Scripts written with `document.write` count their lines from their own
  // start, so each inline script of the app gets a `sourceURL` naming the
  // line of the app's document where its text starts; `place` adds it back.
  // Only scripts that run are named: no type, a JavaScript MIME type or
  // `module` (data blocks such as `application/json`, `importmap` or
  // templates keep their text as written).
  const NAME = 'hearth-app-line-';
  const RUNS = /^((text|application)\/(x-)?(java|ecma)script|text\/javascript1\.[0-5]|text\/(jscript|livescript)|module)?$/;
  function runs(open) {
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(open);
    if (!type) return true;
    return RUNS.test((type[1] ?? type[2] ?? type[3] ?? '').trim().toLowerCase());
  }
  function nameScripts(html) {
    return html.replace(/(<script\b[^>]*>)([\s\S]*?)(<\/script\s*>)/gi, (whole, open, body, close, offset) => {
      if (/\ssrc\s*=/i.test(open) || !runs(open) || body.trim() === '') return whole;
      const start = html.slice(0, offset + open.length).split('\n').length;
      return open + body + '\n//# sourceURL=' + NAME + start + '.js\n' + close;
    });
  }
  // The line and column of an error in the app's document, from the event or
  // the error's stack; 0 when unknown.
  function place(event, error) {
    const stack = error && typeof error.stack === 'string' ? error.stack : '';
    let file = event && event.filename ? String(event.filename) : '';
    let line = event && event.lineno ? event.lineno : 0;
    let column = event && event.colno ? event.colno : 0;
    if (!line) {
      const found = /([^\s(]*):(\d+):(\d+)\)?\s*$/m.exec(stack);
      if (found) [file, line, column] = [found[1], Number(found[2]), Number(found[3])];
    }
    const named = new RegExp(NAME + '(\\d+)\\.js').exec(file || stack);
    if (named && line) line += Number(named[1]) - 1;
    return [line, column];
  }
  function describe(value) {
    try {
      if (value instanceof Error) return String(value);
      if (typeof value === 'string') return value;
      return JSON.stringify(value) ?? String(value);
    } catch {
      return 'Uncaught exception';
    }
  }
  function onError(event) {
    const [line, column] = place(event, event.error);
    send({ hearthApp: 'error', message: String(event.message || describe(event.error)).slice(0, 2000), line, column });
  }
  function onRejection(event) {
    const [line, column] = place(null, event.reason);
    send({ hearthApp: 'error', message: ('Unhandled rejection: ' + describe(event.reason)).slice(0, 2000), line, column });
  }
  function watchErrors() {
    listen('error', onError);
    listen('unhandledrejection', onRejection);
  }

  function run(job) {
    let pending = false;
    const changed = (items) => {
      if (pending) return;
      pending = true;
      later(() => {
        pending = false;
        send({ hearthApp: 'storage', items: fromEntries(items) });
      });
    };
    const stored = job.storage && typeof job.storage === 'object' ? job.storage : {};
    const local = storageArea(stored, changed);
    const session = storageArea({}, () => {});
    for (const [name, value] of [['localStorage', local], ['sessionStorage', session]]) {
      Object.defineProperty(window, name, { value, configurable: true, enumerable: true, writable: false });
    }
    if (!OPEN) closeFrames();
    document.open();
    // `document.open` removes the window's listeners, so they are added again
    // before the app's code runs.
    watchErrors();
    document.write(nameScripts(job.html));
    document.close();
  }

  let started = false;
  function onMessage(event) {
    if (started || event.source !== hearth || event.origin !== home) return;
    const job = event.data;
    if (!job || job.hearthApp !== 'run' || typeof job.html !== 'string') return;
    started = true;
    // Hearth says which page the app belongs in; any other runs nothing.
    if (job.network !== OPEN) return;
    run(job);
  }
  if (hearth === window) return;
  if (self.origin !== 'null') {
    send({ hearthApp: 'refused', reason: 'the app frame is not in an opaque-origin sandbox, so it runs nothing' });
    return;
  }
  listen('message', onMessage);
  watchErrors();
  send({ hearthApp: 'ready' });
})();
