// Hearth's diagram frame, the one script of `diagram-frame.html`. Hearth
// (src/io/diagram_frame.rs) loads the document in an `<iframe
// sandbox="allow-scripts">`, so it has an opaque origin: no storage, cookies,
// keys or DOM of Hearth, and its CSP allows no network. The protocol, every
// message an object with a `hearthDiagram` field:
//
// - frame → Hearth: `{hearthDiagram: 'ready'}` once loaded, or instead
//   `{hearthDiagram: 'refused', reason}` when this document is not sandboxed;
// - Hearth → frame: `{hearthDiagram: 'render', source, library}`: the diagram's
//   Mermaid source (a string) and the Mermaid library (a Blob of Hearth's own
//   vendored file). Only the first one counts;
// - frame → Hearth: `{hearthDiagram: 'drawn', height}` with the drawing's
//   height in CSS pixels, or `{hearthDiagram: 'error', message}`.
//
// The library runs from a blob: URL made here (the policy's only script
// source besides this script's hash), with `securityLevel: 'strict'` (labels
// are text, no click handlers), and its SVG is put into this document only.
(() => {
  'use strict';

  const hearth = window.parent;
  const send = (message) => hearth.postMessage(message, '*');
  if (self.origin !== 'null') {
    send({ hearthDiagram: 'refused', reason: 'The diagram frame is not sandboxed; it draws nothing.' });
    return;
  }

  const fail = (error) => {
    const message = String((error && error.message) || error || 'Unknown error').slice(0, 500);
    send({ hearthDiagram: 'error', message });
  };

  const draw = (source, library) => {
    const url = URL.createObjectURL(new Blob([library], { type: 'text/javascript' }));
    const script = document.createElement('script');
    script.src = url;
    script.onerror = () => fail('The diagram library did not load.');
    script.onload = async () => {
      URL.revokeObjectURL(url);
      try {
        const mermaid = window.mermaid;
        const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
        const { svg } = await mermaid.render('hearth-diagram', source);
        const target = document.getElementById('diagram');
        target.innerHTML = svg;
        const drawn = target.querySelector('svg');
        if (drawn) drawn.setAttribute('role', 'img');
        send({ hearthDiagram: 'drawn', height: Math.ceil(document.documentElement.scrollHeight) });
      } catch (error) {
        fail(error);
      }
    };
    document.head.append(script);
  };

  let started = false;
  addEventListener('message', (event) => {
    if (event.source !== hearth || started) return;
    const data = event.data;
    if (!data || data.hearthDiagram !== 'render' || typeof data.source !== 'string' || !(data.library instanceof Blob)) return;
    started = true;
    draw(data.source, data.library);
  });
  send({ hearthDiagram: 'ready' });
})();
