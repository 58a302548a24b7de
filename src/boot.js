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
