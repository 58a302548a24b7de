// Starts Hearth without an inline script, which the page's Content-Security-Policy
// refuses. Trunk.toml's `pattern_script` makes Trunk write, instead of its inline
// loader, `<meta name="hearth-app" data-js=… data-wasm=…>` naming the hashed
// wasm-bindgen module and wasm file; Trunk copies this module into dist/ with a
// hash and an `integrity` attribute. It imports the one and starts the other,
// as Trunk's loader would. Trunk's modulepreload/preload links (with their
// integrity hashes) have already started fetching both.
const app = document.querySelector('meta[name="hearth-app"]');
if (!app?.dataset.js || !app.dataset.wasm) {
  throw new Error('index.html names no app to start (<meta name="hearth-app">): build it with Trunk');
}
const { default: init } = await import(app.dataset.js);
await init({ module_or_path: app.dataset.wasm });

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
