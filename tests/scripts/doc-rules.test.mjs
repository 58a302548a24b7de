// Tests of scripts/doc-rules.mjs, which checks the documents' layer lists against the rule
// scripts': it reads the layers the scripts print and lib.rs's `# Layers` list, finds each
// difference (a module missing or in the wrong layer, a layer out of order in ARCHITECTURE.md,
// a module the code map never names), and passes on the project's own documents.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { architectureLayers, libLayers, mapLayers, printedLayers, problems } from '../../scripts/doc-rules.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/doc-rules.mjs', import.meta.url));

const CORE = `hearth-core's layers (…), from the top down:
  turn: tools, agent
    tools uses contract
    agent uses tools
  model: contract
    contract uses (nothing)
`;
const SHELL = `No IO outside src/io/.
  an indented line: before the layers
The shell's layers (…), from the top down:
  state: chat::state
    chat::state uses io
  io: io
    io uses (nothing)
No import circle between files:
  chat: 12 files
`;
const LIB = `//! Hearth's core.
//!
//! # Layers
//!
//! The top-level modules form two layers, bottom first:
//!
//! 1. **model**: [\`contract\`]: the wire contract.
//! 2. **turn**: [\`tools\`], [\`agent\`](mod@agent): the decisions,
//!    which use \`contract\`.
//!
//! Later text naming [\`other\`].

pub mod agent;
`;
const ARCHITECTURE = `# Architecture

### \`hearth-core/src/\`

- **model**: \`contract\` (\`HttpRequest\`, with (nested \`sse\`) parentheses).
- **turn**: \`tools\` (\`ToolLoop\`), \`agent\`.

### \`src/\`

\`chat/\` and \`io\`.
\`hearth-core\`'s layers, bottom first: **model** < **turn**.
The shell's layers, bottom first: **io** < **state**.
`;

test('the printed layers, bottom first, and lib.rs\'s list are read', () => {
  assert.deepEqual(printedLayers(CORE), [
    { name: 'model', nodes: ['contract'] },
    { name: 'turn', nodes: ['agent', 'tools'] },
  ]);
  assert.deepEqual(printedLayers(SHELL), [
    { name: 'io', nodes: ['io'] },
    { name: 'state', nodes: ['chat::state'] },
  ]);
  assert.deepEqual(libLayers(LIB), printedLayers(CORE));
  assert.deepEqual(mapLayers(ARCHITECTURE), printedLayers(CORE), 'names inside parentheses are not members');
  assert.deepEqual(architectureLayers(ARCHITECTURE, "The shell's layers, bottom first:"), ['io', 'state']);
});

test('documents that say what the scripts print pass', () => {
  assert.deepEqual(problems({ core: printedLayers(CORE), shell: printedLayers(SHELL), lib: libLayers(LIB), architecture: ARCHITECTURE }), []);
});

test('each difference is found', () => {
  const found = problems({
    core: printedLayers(CORE.replace('turn: tools, agent', 'turn: tools, agent, compare')),
    shell: printedLayers(SHELL),
    lib: libLayers(LIB),
    architecture: ARCHITECTURE.replace('**io** < **state**', '**state** < **io**'),
  });
  assert.equal(found.length, 4, found.join('\n'));
  assert.match(found[0], /lib\.rs's "# Layers" list says model: contract; turn: agent, tools; scripts\/core-rules\.mjs checks .*agent, compare, tools/);
  assert.match(found[1], /code map of hearth-core\/src\/ says model: contract; turn: agent, tools;/);
  assert.match(found[2], /never names `compare`/);
  assert.match(found[3], /shell's layers are state < io; scripts\/shell-rules\.mjs checks io < state/);
});

test("the project's lib.rs and ARCHITECTURE.md name the rule scripts' layers", () => {
  const result = spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
});
