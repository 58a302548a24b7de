// Hearth's frame for an MCP Apps view (a server's interactive HTML), the one
// script of `mcp-app-frame.html`. Hearth (src/io/mcp_app_frame.rs) loads that
// document in an `<iframe sandbox="allow-scripts allow-forms">`, so it has an
// opaque origin: no storage, cookies, keys or DOM of Hearth.
//
// The protocol before the view runs, each message an object with a
// `hearthMcpApp` field:
//
// - frame → Hearth: `{hearthMcpApp: 'ready'}` once loaded, or
//   `{hearthMcpApp: 'refused', reason}` when this document is not sandboxed;
// - Hearth → frame: `{hearthMcpApp: 'run', head, html}`: `head` is the
//   CSP meta element holding the policy the view's
//   resource declared (hearth_core::mcp::apps::app_csp), `html` the view.
//
// A view gets no frames and no WebRTC (frame-guard.js: WebRTC reaches the
// network whatever the policy says, and any frame, even about:blank, brings
// it); the frame sites a view declares are not honoured yet.
//
// This script then writes `head` and the view into this very document
// (`document.open/write/close`), the policy first (after the view's doctype,
// so the view keeps its standards mode): the view runs under this document's
// own policy and its declared one at once, so it gets no more than it
// declared. After that the view's own JSON-RPC goes straight to Hearth
// (its `window.parent`); this script is gone (`document.open` drops its listener).
//
// The document is a plain file served beside Hearth, so anyone can open or
// frame it without the sandbox attribute; it would then run in Hearth's
// origin. So this script runs nothing unless its own origin is opaque.
(() => {
  'use strict';

  const hearth = window.parent;
  if (hearth === window) return;
  // frame-guard.js, which runs before this script, made it.
  const closeFrames = window.hearthCloseFrames;
  if (self.origin !== 'null') {
    hearth.postMessage({ hearthMcpApp: 'refused', reason: 'This frame is not sandboxed, so it runs nothing.' }, '*');
    return;
  }
  let ran = false;
  addEventListener('message', (event) => {
    if (ran || event.source !== hearth) return;
    const job = event.data;
    if (!job || job.hearthMcpApp !== 'run' || typeof job.head !== 'string' || typeof job.html !== 'string') return;
    ran = true;
    closeFrames();
    // Up to the doctype (comments before it kept), so the view keeps its standards mode.
    const doctype = /^\uFEFF?(?:\s|<!-{2}[\s\S]*?-->)*<!doctype[^>]*>/i.exec(job.html);
    const rest = doctype ? job.html.slice(doctype[0].length) : job.html;
    const first = doctype ? doctype[0].replace(/^\uFEFF/, '') : '';
    document.open();
    document.write(first + job.head + rest);
    document.close();
  });
  hearth.postMessage({ hearthMcpApp: 'ready' }, '*');
})();
