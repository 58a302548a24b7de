// Starts Hearth without an inline script, which the page's Content-Security-Policy
// refuses. scripts/assemble.mjs writes `<meta name="hearth-app" data-js=… data-wasm=…>`
// into index.html, naming this build's wasm-bindgen module and main wasm (in its
// app-<hash>/ folder, beside the chunks loaded on first use), and a modulepreload link
// (with an integrity hash) for the module.
//
// The wasm's fetch starts first, before the module is imported, and wasm-bindgen compiles
// it while it arrives (instantiateStreaming). It is a plain fetch on purpose: a
// `<link rel="preload" as="fetch">` for it keeps Chromium from ever reading back its
// compiled-code cache, so every load compiled the code again (issue 29).
// The message box of index.html works before the app does: typing needs nothing, and an
// Enter (without Shift) is held here: the text stays as typed, read-only, until the app
// takes it over (src/io/early_input.rs reads `data-send`) and sends it once, when ready.
const early = document.getElementById('boot-message');
early?.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
  event.preventDefault();
  if (!early.value.trim()) return;
  early.dataset.send = 'pending';
  early.readOnly = true;
  const status = document.getElementById('boot-status');
  if (status) status.textContent = 'Hearth is starting; your message is sent as soon as it is ready.';
});

const app = document.querySelector('meta[name="hearth-app"]');
if (!app?.dataset.js || !app.dataset.wasm) {
  throw new Error('index.html names no app to start (<meta name="hearth-app">): build it with scripts/build.sh');
}
const wasm = fetch(app.dataset.wasm, { credentials: 'same-origin' });
const { default: init } = await import(app.dataset.js);
// The page paints its message box first: starting the app (instantiating and mounting,
// tens of ms of main thread) waits for the frame after the first one, so a wasm that
// arrives early (a fast network, the cache) never delays the first paint. The fetch runs
// on meanwhile, and compiling the wasm as it arrives starts a frame later at most.
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
// The rest of the styles (index.html loads them as media="print" so that they do not hold
// the first paint) apply from here, and the app starts once they have loaded: it never
// shows unstyled. A sheet that failed to load does not stop it.
const styles = document.getElementById('main-style');
if (styles instanceof HTMLLinkElement && styles.media !== 'all') {
  const loaded = styles.sheet
    ? Promise.resolve()
    : new Promise((done) => {
        styles.addEventListener('load', done, { once: true });
        styles.addEventListener('error', done, { once: true });
      });
  styles.media = 'all';
  await loaded;
}
const started = await init({ module_or_path: wasm });
// For measuring (tests/bench/sessions.bench.mjs): the app's WebAssembly memory, to size it.
dispatchEvent(new CustomEvent('hearth-started', { detail: { memory: started?.memory } }));

// The app is mounted: only now register the service worker (src/io/service_worker/sw.js,
// copied to sw.js), once the page's `load` has come, so its install (which fetches and
// caches every built file) never competes with the first load. Relative URL and scope:
// Hearth works from any folder of a host. A browser without service workers, or a refused
// registration (a host that does not serve sw.js, a private mode), leaves Hearth working
// online only; that is logged, never thrown.
if ('serviceWorker' in navigator) {
  const register = () =>
    navigator.serviceWorker.register('sw.js', { scope: './' }).catch((error) => {
      console.warn('Hearth works online only: its service worker could not be registered.', error);
    });
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}
