// Checks the shell's (`src/`) rules, as ARCHITECTURE.md states them:
//
// 1. IO happens only behind `src/io/`: no other file names the browser APIs that reach
//    outside the page (storage, network, other tabs, locks, the clock, the address,
//    dialogs, Intl, randomness, the clipboard).
// 2. The shell is feature folders (`src/<feature>.rs` with `src/<feature>/`): each holds
//    its components, and the state it owns (its context) in `<feature>/state`. The nodes
//    of the module graph are `io`, `store`, `ui` (shared UI primitives), `app` (the page),
//    each feature's state (`<feature>::state`) and each feature's views (`<feature>`).
//    They form the layers below, bottom first: a node uses only nodes of its own layer
//    or of layers below, and there is no import cycle. So state never imports a view,
//    and a feature's views can be loaded on their own. Nor is there an import circle
//    between files, within a module or across: each is printed with the lines that make it.
// 3. Components (`#[component]`) live only in views (a feature's folder, `ui`, `app`),
//    one component per file, and every prop has a `///` doc comment.
// 4. No function is over 160 lines (`MAX_FUNCTION_LINES`), counted from its `fn` line to
//    its closing brace (a component's `view!` included): a longer one is carved into
//    named parts (sub-components, helpers).
//
// Exits non-zero when a rule is broken, else prints the layers. Run: `node scripts/shell-rules.mjs`.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { checkLayers, code, fileCircles, findCycle, graph, modulePath, printLayers, rustFiles } from './rust-modules.mjs';

// The tree to check: the argument (tests give a made-up one), else the project's.
const root = process.argv[2] ? `${process.argv[2].replace(/\/$/, '')}/` : new URL('../src/', import.meta.url).pathname;

/** The features, each a folder of components with (maybe) its own state. */
const FEATURES = ['agents', 'apps', 'chat', 'composer', 'knowledge', 'mcp', 'offline', 'providers', 'sessions', 'settings', 'shortcuts', 'sync', 'tools', 'voice'];

// Bottom first. `i18n` (the interface's language: `tr`, `tr_with`) is below every user of a text.
const layers = [
  { name: 'io', nodes: ['io'] },
  { name: 'i18n', nodes: ['i18n'] },
  { name: 'store', nodes: ['store'] },
  { name: 'state', nodes: FEATURES.map((feature) => `${feature}::state`).filter(exists) },
  { name: 'ui', nodes: ['ui'] },
  { name: 'views', nodes: FEATURES },
  { name: 'app', nodes: ['app'] },
];

function exists(node) {
  const [feature] = node.split('::');
  return rustFiles(root).some((file) => {
    const path = modulePath(root, file);
    return path[0] === feature && path[1] === 'state';
  });
}

/** The node of a module path (a file's, or a path its code names); null for the crate root. */
function nodeOf(path) {
  if (path.length === 0) return null;
  const [top, second] = path;
  if (FEATURES.includes(top) && second === 'state') return `${top}::state`;
  return top;
}

/** The most lines a function may have (rule 4). */
const MAX_FUNCTION_LINES = 160;

const isState = (node) => node === 'io' || node === 'store' || node.endsWith('::state');

const broken = [];
const io = [
  [/indexed_db_futures|IdbDatabase/, 'IndexedDB'],
  [/BroadcastChannel/, 'tab sync'],
  [/gloo_net|fetch_with_(request|str)|XmlHttpRequest|send_beacon/, 'fetch'],
  [/WebSocket|EventSource/, 'a socket or event stream'],
  [/open_with_url/, 'opening a window'],
  [/\.locks\(\)/, 'Web Locks'],
  [/js_sys::Date|Date::now|\.performance\(\)/, 'the clock'],
  [/\.(history|location)\(\)\s*[.?]/, 'the address'],
  [/confirm_with_message|alert_with_message|prompt_with_message/, 'dialogs'],
  [/"Intl"/, 'Intl'],
  [/\.storage\(\)|local_storage|session_storage/, 'browser storage'],
  [/random_uuid|Math::random|get_random_values/, 'randomness'],
  [/\.clipboard\(\)/, 'the clipboard'],
];
for (const file of rustFiles(root)) {
  const path = modulePath(root, file);
  const name = relative(root, file);
  const text = readFileSync(file, 'utf8');
  const node = nodeOf(path);
  // Rule 1: IO only in io/ (the patterns are read with comments left out, strings kept).
  const withStrings = code(text, { keepStrings: true });
  if (node !== 'io') {
    for (const [pattern, what] of io) if (pattern.test(withStrings)) broken.push(`${name} reaches ${what} outside src/io/`);
  }
  // Rule 3: components in views, one a file, props documented.
  const components = [...code(text).matchAll(/#\[component\]/g)].length;
  if (components > 0 && node !== null && isState(node)) broken.push(`${name} defines a component in ${node}, which is state: move it to a feature's folder`);
  if (components > 1) broken.push(`${name} defines ${components} components: one a file`);
  for (const params of componentParams(text)) {
    const lines = params.split('\n');
    for (let at = 0; at < lines.length; at++) {
      const param = /^\s*([a-z_][a-z0-9_]*)\s*:/.exec(lines[at]);
      if (!param) continue;
      let before = at - 1;
      while (before >= 0 && /^\s*#\[/.test(lines[before])) before--;
      if (before < 0 || !/^\s*\/\/\//.test(lines[before])) broken.push(`${name}: the prop \`${param[1]}\` has no /// doc comment`);
    }
  }
  // Rule 4: no long function.
  for (const { fn, line, length } of functionLengths(text)) {
    if (length > MAX_FUNCTION_LINES) broken.push(`${name}:${line}: the function \`${fn}\` is ${length} lines (at most ${MAX_FUNCTION_LINES}): carve it into named parts`);
  }
}

/**
 * Every function with a body in `text`: its name, the line of its `fn` (from 1) and
 * its length in lines, from that line to the line of its closing brace. Comments and
 * strings are left out first (a brace in them does not count); a declaration without
 * a body (`fn f();` in a trait) is no function here.
 */
function functionLengths(text) {
  const source = code(text);
  const found = [];
  for (const match of source.matchAll(/\bfn\s+([A-Za-z_][A-Za-z0-9_]*)/g)) {
    // The body opens at the first `{` outside the parameters' parentheses (a `;` first: none).
    let at = match.index + match[0].length;
    let depth = 0;
    for (; at < source.length; at++) {
      const char = source[at];
      if (char === '(' || char === '[') depth++;
      else if (char === ')' || char === ']') depth--;
      else if (depth === 0 && (char === '{' || char === ';')) break;
    }
    if (source[at] !== '{') continue;
    let end = at;
    for (let open = 0; end < source.length; end++) {
      if (source[end] === '{') open++;
      else if (source[end] === '}' && --open === 0) break;
    }
    const line = lineAt(source, match.index);
    found.push({ fn: match[1], line, length: lineAt(source, end) - line + 1 });
  }
  return found;
}

/** The line (from 1) of the offset `at` of `text`. */
function lineAt(text, at) {
  let line = 1;
  for (let index = text.indexOf('\n'); index >= 0 && index < at; index = text.indexOf('\n', index + 1)) line++;
  return line;
}

/**
 * The parameter lists of the `#[component]` functions of `text`, as written (doc comments
 * included): from each `fn Name(` after `#[component]` to its matching parenthesis, not
 * counting parentheses in comments or strings (a prop type such as `impl Fn() -> String`
 * does not end the list).
 */
function componentParams(text) {
  const lists = [];
  for (const match of text.matchAll(/#\[component\][^]*?fn\s+\w+\s*(?:<[^>]*>)?\s*\(/g)) {
    const open = match.index + match[0].length;
    let depth = 1;
    let at = open;
    while (at < text.length && depth > 0) {
      if (text.startsWith('//', at)) at = text.indexOf('\n', at);
      else if (text[at] === '"') at = text.indexOf('"', at + 1);
      else if (text[at] === '(') depth++;
      else if (text[at] === ')') depth--;
      if (at < 0) break;
      at++;
    }
    lists.push(text.slice(open, at - 1));
  }
  return lists;
}

// Rule 2: layers, no cycle.
const { edges, why } = graph(root, nodeOf, nodeOf);
const cycle = findCycle(edges);
if (cycle) {
  broken.push(`Import cycle among the shell's modules: ${cycle.join(' -> ')}`);
  for (let at = 0; at + 1 < cycle.length; at++) broken.push(`  ${cycle[at]} -> ${cycle[at + 1]} in ${why.get(`${cycle[at]} -> ${cycle[at + 1]}`)}`);
}
broken.push(...checkLayers(edges, layers, why));
broken.push(...fileCircles(root, 'the shell'));
for (const feature of FEATURES) if (!edges.has(feature)) broken.push(`the feature ${feature} has no folder`);

if (broken.length) {
  console.error(broken.join('\n'));
  process.exit(1);
}
console.log(`No IO outside src/io/. Components only in views, one a file, every prop documented. No function over ${MAX_FUNCTION_LINES} lines.`);
printLayers("The shell's layers (no import cycle; each uses only its own layer and those below)", edges, layers);
