// Checks that hearth-core's top-level modules form layers, as ARCHITECTURE.md
// states them: each module uses only modules of its own layer or of the layers
// below, with no import cycle. Tests count: a test that needs a higher layer
// lives in that layer. Nor is there an import circle between files (a file's own
// `#[cfg(test)]` module may use it). Prints the layers, top first, or what breaks them.
//
// Run: `node scripts/core-rules.mjs`.
import { readFileSync } from 'node:fs';
import { checkLayers, code, fileCircles, findCycle, graph, printLayers } from './rust-modules.mjs';

// The tree to check: the argument (tests give a made-up one), else the project's.
const root = process.argv[2] ? `${process.argv[2].replace(/\/$/, '')}/` : new URL('../hearth-core/src/', import.meta.url).pathname;

// Bottom first. A new top-level module goes into one of these.
const layers = [
  { name: 'text', nodes: ['format', 'app', 'markdown', 'window', 'i18n'] },
  { name: 'model', nodes: ['contract', 'sse', 'message'] },
  { name: 'providers', nodes: ['provider', 'reply', 'mcp'] },
  { name: 'turn', nodes: ['tools', 'compaction', 'failure', 'agent', 'compare', 'knowledge'] },
  { name: 'storage', nodes: ['storage', 'replication'] },
];

// A file's node is its top-level module; the crate root (lib.rs) is in none.
const nodeOf = (path) => (path.length ? path[0] : null);
const { edges, why } = graph(root, nodeOf, nodeOf);

// The crate root is in no layer, so it may hold only what every layer may share: module
// declarations, attributes, and the time type `Millis`.
const rootCode = code(readFileSync(`${root}lib.rs`, 'utf8'))
  .replace(/#!?\[[^\]]*\]/g, '')
  .replace(/\bpub\s+mod\s+\w+\s*;/g, '')
  .replace(/\bpub\s+type\s+Millis\s*=\s*i64\s*;/g, '')
  .trim();
if (rootCode) {
  console.error(`lib.rs holds more than module declarations and Millis: ${rootCode.slice(0, 120)}; put it in a module of the lowest layer that needs it`);
  process.exit(1);
}

const cycle = findCycle(edges);
if (cycle) {
  console.error(`Import cycle among hearth-core's modules: ${cycle.join(' -> ')}`);
  for (let at = 0; at + 1 < cycle.length; at++) console.error(`  ${cycle[at]} -> ${cycle[at + 1]} in ${why.get(`${cycle[at]} -> ${cycle[at + 1]}`)}`);
  process.exit(1);
}
const problems = [...checkLayers(edges, layers, why), ...fileCircles(root, 'hearth-core')];
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
printLayers("hearth-core's layers (no import cycle; each uses only its own layer and those below)", edges, layers);

// One test layout: every unit test module is `foo/tests.rs` beside `foo.rs` (declared
// `#[cfg(test)] mod tests;` in foo.rs) or a file under that `tests/` folder, none sits
// inline in a code file or is named like code (`foo_tests.rs`, `test_support.rs`), and
// each test file starts with a `//!` header that says what it tests.
import { rustFiles } from './rust-modules.mjs';

const layout = [];
const testFiles = new Set();
const sources = rustFiles(root);
for (const file of sources) {
  const name = file.slice(root.length);
  const here = name.replace(/(^|\/)(lib|mod)\.rs$/, '$1').replace(/\.rs$/, '/');
  for (const [, module, end] of code(readFileSync(file, 'utf8')).matchAll(/#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])/g)) {
    if (end === '{') layout.push(`${name}: the test module \`${module}\` is inline; move it to ${here}tests.rs`);
    else if (module !== 'tests') layout.push(`${name}: the test module \`${module}\` is named like code; make it ${here}tests.rs or a file under ${here}tests/`);
  }
}
for (const file of sources) {
  const name = file.slice(root.length);
  const underTests = name.split('/').slice(0, -1).includes('tests');
  if (underTests || name.endsWith('/tests.rs') || name === 'tests.rs') testFiles.add(name);
  else if (/test/.test(name.split('/').pop())) layout.push(`${name}: a test file is named tests.rs or sits under a tests/ folder`);
}
for (const name of testFiles) {
  if (!readFileSync(`${root}${name}`, 'utf8').startsWith('//!')) layout.push(`${name}: a test file starts with a \`//!\` header saying what it tests`);
}
if (layout.length) {
  console.error(`hearth-core's tests break the one test layout:\n${layout.join('\n')}`);
  process.exit(1);
}
console.log(`One test layout: ${testFiles.size} test files, each tests.rs or under tests/, each with a //! header.`);
