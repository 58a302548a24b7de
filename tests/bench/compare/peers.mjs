// The two pages the benchmark measures, and the only code that knows their UI: where the
// message box is, how to point the page at the mock before the measured window, and where the
// streamed answer is rendered (for the check that it arrived whole).
//
//   path(mock)      the address to open, relative to the page's server
//   input           selector of the message box (also watched in the page for "input ready")
//   started         selector that shows once the app itself has started (default: input);
//                   Hearth's message box works before its app does (index.html's own box)
//   prepare(page, mock)   after load, before typing (not measured)
//   answer          selector whose LAST match holds the streamed answer once it is done

import { addProvider } from '../../support/providers.mjs';

export const peers = {
  baseline: {
    title: 'baseline (tests/bench/compare/baseline: text nodes, no markdown)',
    path: (mock) => `/?mock=${encodeURIComponent(mock)}`,
    input: 'textarea#input',
    answer: '#log > .answer',
  },
  hearth: {
    title: 'Hearth (release build)',
    path: () => '/',
    input: 'textarea[aria-label="Message"]',
    started: 'button[aria-label="Settings"], nav[aria-label="Conversations"]',
    // Settings live in IndexedDB: add the mock as a provider through the Providers dialog,
    // as a person (and the e2e tests) would.
    prepare: (page, mock) => addProvider(page, { baseUrl: `${mock}/v1`, apiKey: 'sk-mock', model: 'mock-model' }),
    answer: 'article[aria-label="Assistant"]',
  },
};
