(() => {
  'use strict';

  // Takes WebRTC away from a sandboxed frame document before untrusted code
  // runs in it, for the app previews without network (app-frame.html) and the
  // MCP Apps views (mcp-app-frame.html): it defines `window.hearthCloseFrames`,
  // which the document's own script calls once, before it writes the untrusted
  // HTML. The document's policy must require Trusted Types (`require-trusted-types-for
  // 'script'`) and allow the `default` policy, which this makes; where it lets
  // libraries name policies of their own too (the views'), their markup is
  // renamed as the default's.
  //
  // WebRTC reaches the network whatever the CSP says (no browser enforces a
  // directive for it, and no Permissions-Policy covers it), so the closed page
  // takes it away before the app runs: from this window, and from every window
  // the app could make, by letting it make none. A child frame, even an
  // about:blank one that frame-src does not cover, is a fresh window with its
  // own RTCPeerConnection. The ways to make an element that holds a frame:
  // - markup parsed from a string (innerHTML, outerHTML, insertAdjacentHTML,
  //   document.write, DOMParser, createContextualFragment, setHTMLUnsafe):
  //   the closed page's policy requires Trusted Types and allows only the
  //   `default` policy, made here first, which renames frame tags so they parse
  //   as unknown elements, and writes a tag left unfinished at a string's end
  //   (`<ifr`, which a second document.write could finish) as text. DOMParser
  //   reads HTML only (an XML document's entities could spell a tag the
  //   renaming never sees); execCommand's insertHTML is renamed the same way;
  // - document.createElement(NS) with a frame's name: refused;
  // - XSLT, the Sanitizer's setHTML and the frame elements' interfaces
  //   (a customized built-in extends one): removed.
  const FRAME_TAGS = 'iframe|frameset|frame|object|embed|fencedframe|portal';
  const FRAME_TAG = new RegExp('<(/?)([^\\s/>:<]*:)?(' + FRAME_TAGS + ')(?=[\\s/>]|$)', 'gi');
  const FRAME_NAME = new RegExp('^(' + FRAME_TAGS + ')$', 'i');
  const UNFINISHED = /<[^\s>]*$/;
  function renameFrames(html) {
    let text = String(html).replace(FRAME_TAG, '<$1hearth-no-$3');
    const end = UNFINISHED.exec(text);
    if (end) text = text.slice(0, end.index) + '&lt;' + text.slice(end.index + 1);
    return text;
  }
  function remove(owner, name) {
    if (!owner) return;
    delete owner[name];
    Object.defineProperty(owner, name, { value: undefined, configurable: false, writable: false, enumerable: false });
  }
  function replace(owner, name, wrap) {
    const original = owner && owner[name];
    if (typeof original !== 'function') return;
    Object.defineProperty(owner, name, { value: wrap(original), configurable: false, writable: false, enumerable: false });
  }
  function closeWebRtc() {
    if (window.trustedTypes) {
      window.trustedTypes.createPolicy('default', {
        createHTML: renameFrames,
        createScript: (text) => text,
        createScriptURL: (text) => text,
      });
      // A document whose policy lets libraries name policies of their own
      // (an MCP Apps view's): their markup is renamed as the default's.
      replace(Object.getPrototypeOf(window.trustedTypes), 'createPolicy', (original) => function (name, rules) {
        const own = rules && typeof rules.createHTML === 'function' ? rules.createHTML : null;
        const renamed = own ? { ...rules, createHTML: (...args) => renameFrames(own(...args)) } : rules;
        return original.call(this, name, renamed);
      });
    }
    // A frame parsed where no policy runs (an XML or an XHR's document) and
    // moved in: refused at the move, and XHR parses no documents.
    const holdsFrame = (node) =>
      node && (FRAME_NAME.test(String(node.localName || '')) || (typeof node.querySelector === 'function' && node.querySelector(FRAME_TAGS.split('|').join(',')) !== null));
    for (const method of ['importNode', 'adoptNode']) {
      replace(Document.prototype, method, (original) => function (node, ...rest) {
        if (holdsFrame(node)) throw new DOMException('An app makes no frames.', 'NotSupportedError');
        return original.call(this, node, ...rest);
      });
    }
    const xhr = window.XMLHttpRequest && XMLHttpRequest.prototype;
    const type = xhr && Object.getOwnPropertyDescriptor(xhr, 'responseType');
    if (type && type.set) {
      Object.defineProperty(xhr, 'responseType', {
        configurable: false,
        enumerable: true,
        get: type.get,
        set(value) {
          if (String(value) === 'document') throw new DOMException('An app parses no documents here.', 'NotSupportedError');
          type.set.call(this, value);
        },
      });
    }
    if (xhr) Object.defineProperty(xhr, 'responseXML', { configurable: false, enumerable: true, get: () => null });
    const refuse = (name) => {
      if (FRAME_NAME.test(name.split(':').pop())) {
        throw new DOMException('An app makes no frames.', 'NotSupportedError');
      }
    };
    replace(Document.prototype, 'createElement', (original) => function (name, options) {
      name = String(name);
      refuse(name);
      return original.call(this, name, options);
    });
    replace(Document.prototype, 'createElementNS', (original) => function (namespace, name, options) {
      name = String(name);
      refuse(name);
      return original.call(this, namespace, name, options);
    });
    replace(DOMParser.prototype, 'parseFromString', (original) => function (text, type) {
      type = String(type);
      if (type !== 'text/html') {
        throw new DOMException('An app without network access parses HTML only.', 'NotSupportedError');
      }
      return original.call(this, text, type);
    });
    replace(Document.prototype, 'execCommand', (original) => function (command, ui, value) {
      command = String(command);
      if (command.toLowerCase() === 'inserthtml') value = renameFrames(value);
      return original.call(this, command, ui, value);
    });
    remove(Element.prototype, 'setHTML');
    remove(window.ShadowRoot && ShadowRoot.prototype, 'setHTML');
    remove(Document, 'parseHTML');
    for (const name of [
      'RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'XSLTProcessor',
      'HTMLIFrameElement', 'HTMLFrameElement', 'HTMLFrameSetElement', 'HTMLObjectElement',
      'HTMLEmbedElement', 'HTMLFencedFrameElement', 'HTMLPortalElement',
    ]) {
      remove(window, name);
    }
  }

  window.hearthCloseFrames = closeWebRtc;

})();
