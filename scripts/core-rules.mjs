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
  { name: 'text', nodes: ['format', 'app', 'markdown', 'window'] },
  { name: 'model', nodes: ['contract', 'sse', 'message'] },
  { name: 'providers', nodes: ['provider', 'reply', 'mcp'] },
  { name: 'turn', nodes: ['tools', 'compaction', 'failure', 'agent', 'compare'] },
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
