// Reads a Rust source tree the way the module rules need it: each file's module
// path, and the paths its code names through `crate::`, `super::` and `self::`
// (in `use` trees, grouped or not, and inline). Comments are left out, so a doc
// link is not an import. Shared by scripts/shell-rules.mjs and
// scripts/core-rules.mjs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every `.rs` file under `dir`, sorted. */
export function rustFiles(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? rustFiles(path) : path.endsWith('.rs') ? [path] : [];
    });
}

/**
 * The module path of `file` under the crate root `root`: `src/agents/state/prompt.rs`
 * is `['agents', 'state', 'prompt']`; the crate root files (`lib.rs`, `main.rs`) are `[]`.
 */
export function modulePath(root, file) {
  const parts = relative(root, file).split(sep);
  const last = parts.pop().replace(/\.rs$/, '');
  if (parts.length === 0 && (last === 'lib' || last === 'main')) return [];
  return last === 'mod' ? parts : [...parts, last];
}

const CHAR_LITERAL = /^'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])'/u;

/**
 * `text` without comments (line comments, doc comments and block comments) or
 * the contents of string and character literals, read in one pass from the
 * start: a string continued over lines (`\` at a line's end), a quote inside a
 * comment or a `//` inside a string never makes quotes pair across code and
 * hide the paths in between. Line breaks are kept. With `keepStrings`, the
 * literals stay as they are (for rules that look for a string, such as `"Intl"`).
 */
export function code(text, { keepStrings = false } = {}) {
  let out = '';
  let at = 0;
  const lines = (from, to) => '\n'.repeat((text.slice(from, to).match(/\n/g) ?? []).length);
  while (at < text.length) {
    const rest = text.slice(at, at + 40);
    if (rest.startsWith('//')) {
      const end = text.indexOf('\n', at);
      at = end < 0 ? text.length : end;
    } else if (rest.startsWith('/*')) {
      // Block comments nest in Rust.
      let depth = 0;
      let end = at;
      do {
        if (text.startsWith('/*', end)) {
          depth++;
          end += 2;
        } else if (text.startsWith('*/', end)) {
          depth--;
          end += 2;
        } else end++;
      } while (depth > 0 && end < text.length);
      out += ` ${lines(at, end)}`;
      at = end;
    } else if (/^b?r#*"/.test(rest) && !/[A-Za-z0-9_]/.test(text[at - 1] ?? '')) {
      // A raw string ends at the quote followed by as many `#` as it opened with.
      const [open] = /^b?r#*"/.exec(rest);
      const close = `"${open.slice(open.indexOf('r') + 1, -1)}`;
      const end = text.indexOf(close, at + open.length);
      const stop = end < 0 ? text.length : end + close.length;
      out += keepStrings ? text.slice(at, stop) : `""${lines(at, stop)}`;
      at = stop;
    } else if (rest[0] === '"') {
      let end = at + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += keepStrings ? text.slice(at, end + 1) : `""${lines(at, end)}`;
      at = end + 1;
    } else if (CHAR_LITERAL.test(rest)) {
      // A character literal (`'"'`, `'\''`); a lifetime (`'a`) has no closing quote.
      out += keepStrings ? CHAR_LITERAL.exec(rest)[0] : "' '";
      at += CHAR_LITERAL.exec(rest)[0].length;
    } else {
      out += text[at];
      at++;
    }
  }
  return out;
}

/**
 * The absolute module paths (arrays of segments) that `text`, the code of the
 * module at `path`, names through `crate::`, `super::` or `self::`. A grouped
 * `use` tree gives one path per leaf. Paths are cut after three segments, enough
 * to tell which module an item lives in.
 */
export function references(text, path) {
  const source = code(text);
  const found = [];
  const start = /(?<![A-Za-z0-9_:])(crate|super|self)::/g;
  for (let match; (match = start.exec(source)); ) {
    const at = match.index;
    const base = [];
    // `super::super::x`, `self::x`: resolve against the module's own path.
    // (An inline `mod tests { use super::… }` is read as if it were its own
    // file: a `super::` there lands one level too high, on a sibling at worst.)
    let scope = [...path];
    let consumed = 0;
    while (true) {
      const head = /^(crate|super|self)::/.exec(source.slice(at + consumed));
      if (!head) break;
      if (head[1] === 'crate') scope = [];
      else if (head[1] === 'super') scope = scope.slice(0, -1);
      consumed += head[0].length;
    }
    base.push(...scope);
    for (const tail of useTree(source, at + consumed)) found.push([...base, ...tail].slice(0, base.length + 3));
    start.lastIndex = at + consumed;
  }
  return found;
}

/** The leaf paths of the use tree (or plain path) that starts at `at` in `source`. */
function useTree(source, at) {
  const paths = [];
  const segments = [];
  let i = at;
  while (true) {
    const ident = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (ident) {
      segments.push(ident[0]);
      i += ident[0].length;
      if (source.startsWith('::', i)) {
        i += 2;
        continue;
      }
      paths.push(segments);
      return paths;
    }
    if (source[i] === '{') {
      // A group: split its top level at commas, each part a tree of its own.
      let depth = 0;
      let partStart = i + 1;
      for (let j = i; j < source.length; j++) {
        const c = source[j];
        if (c === '{') depth++;
        else if (c === '}') depth--;
        if ((c === ',' && depth === 1) || depth === 0) {
          const part = source.slice(partStart, j).trim();
          if (part && part !== 'self') {
            for (const tail of useTree(part, 0)) paths.push([...segments, ...tail]);
          } else if (part === 'self') {
            paths.push([...segments]);
          }
          partStart = j + 1;
          if (depth === 0) break;
        }
      }
      return paths;
    }
    if (source[i] === '*') {
      paths.push(segments);
      return paths;
    }
    if (segments.length) paths.push(segments);
    return paths;
  }
}

/**
 * The graph of `nodes`: `edges` maps each node to the set of nodes it uses,
 * `why` maps `from -> to` to the first file that makes the edge.
 */
export function graph(root, nodeOf, nodeOfPath) {
  const edges = new Map();
  const why = new Map();
  for (const file of rustFiles(root)) {
    const path = modulePath(root, file);
    const from = nodeOf(path);
    if (from === null) continue;
    const uses = edges.get(from) ?? new Set();
    edges.set(from, uses);
    for (const target of references(readFileSync(file, 'utf8'), path)) {
      const to = nodeOfPath(target);
      if (to === null || to === from) continue;
      uses.add(to);
      const key = `${from} -> ${to}`;
      if (!why.has(key)) why.set(key, relative(root, file));
    }
  }
  for (const uses of edges.values()) for (const to of [...uses]) if (!edges.has(to)) uses.delete(to);
  return { edges, why };
}

/** A cycle among `edges` (a list of nodes, first = last), or null. */
export function findCycle(edges) {
  const state = new Map();
  function visit(node, path) {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'active') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'active');
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      const cycle = visit(next, [...path, node]);
      if (cycle) return cycle;
    }
    state.set(node, 'done');
    return null;
  }
  for (const node of [...edges.keys()].sort()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * Checks `edges` against `layers` (bottom first: `[{ name, nodes: [...] }]`):
 * every node is in exactly one layer, and a node uses only nodes of its own
 * layer or of layers below. Returns the list of what is wrong.
 */
export function checkLayers(edges, layers, why) {
  const problems = [];
  const level = new Map();
  layers.forEach((layer, at) => {
    for (const node of layer.nodes) {
      if (level.has(node)) problems.push(`${node} is in two layers`);
      level.set(node, at);
    }
  });
  for (const node of edges.keys()) if (!level.has(node)) problems.push(`${node} is in no layer: add it to the layer list`);
  for (const node of level.keys()) if (!edges.has(node)) problems.push(`the layer list names ${node}, which does not exist`);
  for (const [from, uses] of edges) {
    for (const to of uses) {
      if (level.has(from) && level.has(to) && level.get(to) > level.get(from)) {
        problems.push(
          `${from} (layer ${layers[level.get(from)].name}) uses ${to} (layer ${layers[level.get(to)].name}, above it), in ${why.get(`${from} -> ${to}`)}`,
        );
      }
    }
  }
  return problems;
}

/** Prints the layers, top first, with what each node uses. */
export function printLayers(title, edges, layers) {
  console.log(`${title}, from the top down:`);
  // Within a layer, a node comes after the nodes it uses (and by name otherwise).
  const order = [];
  const seen = new Set();
  const visit = (node) => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) visit(next);
    order.push(node);
  };
  for (const node of [...edges.keys()].sort()) visit(node);
  for (const layer of [...layers].reverse()) {
    const nodes = [...layer.nodes].sort((a, b) => order.indexOf(b) - order.indexOf(a));
    console.log(`  ${layer.name}: ${nodes.join(', ')}`);
    for (const node of nodes) {
      const uses = [...(edges.get(node) ?? [])].sort();
      console.log(`    ${node} uses ${uses.length ? uses.join(', ') : '(nothing)'}`);
    }
  }
}
