// Checks two rules of the shell (`src/`), as ARCHITECTURE.md states them:
//
// 1. Its top-level modules (`src/<name>.rs` with its `src/<name>/` folder)
//    import each other without a cycle: every `crate::<module>` path in a
//    module's files is an edge, and the graph must have a topological order.
//    Prints the order (lowest first), or the cycle.
// 2. IO happens only behind `src/io/`: no other file names the browser APIs
//    that reach outside the page (storage, network, other tabs, locks, the
//    clock, the address, dialogs, Intl, randomness).
//
// Exits non-zero when a rule is broken. Run: `node scripts/shell-rules.mjs`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = new URL('../src/', import.meta.url).pathname;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.rs') ? [path] : [];
  });
}

const io = [
  [/indexed_db_futures|IdbDatabase/, 'IndexedDB'],
  [/BroadcastChannel/, 'tab sync'],
  [/gloo_net|fetch_with_(request|str)/, 'fetch'],
  [/\.locks\(\)/, 'Web Locks'],
  [/js_sys::Date|Date::now/, 'the clock'],
  [/\.(history|location)\(\)\s*[.?]/, 'the address'],
  [/confirm_with_message|alert_with_message|prompt_with_message/, 'dialogs'],
  [/"Intl"/, 'Intl'],
  [/\.storage\(\)|local_storage|session_storage/, 'browser storage'],
  [/random_uuid|Math::random|get_random_values/, 'randomness'],
  [/\.clipboard\(\)/, 'the clipboard'],
];
const broken = [];

const moduleOf = (path) => relative(root, path).split(sep)[0].replace(/\.rs$/, '');
const edges = new Map();
for (const path of files(root)) {
  const from = moduleOf(path);
  if (from === 'main') continue;
  const uses = edges.get(from) ?? new Set();
  const text = readFileSync(path, 'utf8').replace(/\/\/.*$/gm, '');
  if (from !== 'io') {
    for (const [pattern, what] of io) {
      if (pattern.test(text)) broken.push(`${relative(root, path)} reaches ${what} outside src/io/`);
    }
  }
  // `crate::x::…` and grouped `use crate::{x::…, y}` imports.
  for (const [, name] of text.matchAll(/crate::([a-z_]+)/g)) uses.add(name);
  for (const [, group] of text.matchAll(/crate::\{([^}]*)\}/g)) {
    for (const [, name] of group.matchAll(/(?:^|,)\s*([a-z_]+)/g)) uses.add(name);
  }
  uses.delete(from);
  edges.set(from, uses);
}

// Depth-first search for a cycle, collecting a topological order.
const order = [];
const state = new Map();
function visit(node, path) {
  if (state.get(node) === 'done') return null;
  if (state.get(node) === 'active') return [...path.slice(path.indexOf(node)), node];
  state.set(node, 'active');
  for (const next of [...(edges.get(node) ?? [])].filter((n) => edges.has(n)).sort()) {
    const cycle = visit(next, [...path, node]);
    if (cycle) return cycle;
  }
  state.set(node, 'done');
  order.push(node);
  return null;
}
for (const node of [...edges.keys()].sort()) {
  const cycle = visit(node, []);
  if (cycle) {
    console.error(`Import cycle among the shell's modules: ${cycle.join(' -> ')}`);
    process.exit(1);
  }
}
if (broken.length) {
  console.error(broken.join('\n'));
  process.exit(1);
}
console.log('No IO outside src/io/.');
console.log(`No import cycle among the shell's modules. From the bottom up: ${order.join(', ')}`);
for (const node of order) console.log(`  ${node} uses: ${[...(edges.get(node) ?? [])].filter((n) => edges.has(n)).sort().join(', ') || '(nothing)'}`);
