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

// The file-level graph. A file uses another when its code names a path that resolves
// into the other's module: through `crate::`, `super::`, `self::` or one of its own
// child modules, in a `use` (grouped or not) or inline. A path names the module it
// reaches (the longest prefix that is a module), and, when it goes on through a name
// that module imports (`use a::B;`, `pub use b::*;`), the module that name comes from
// too. Declaring a module (`mod bar;`) is not a use, nor is re-exporting (`pub use
// bar::Baz;` whose name the file's own code never names): the files that name the
// re-exported item through it use where it comes from. A file and its own
// `#[cfg(test)]` child module (with the files below it) do not count as using each
// other: a test module uses its parent (`use super::*`) by nature.
// A method call (`chat.start()`) names no path, so the graph does not see it: the
// file that defines a type's methods is not used through them.

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*/;
const TEST_ATTRIBUTE = /#\[cfg\([^\]]*\btest\b[^\]]*\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?$/;

/** The offset of the bracket closing the one that opens at `at` in `source`. */
function closing(source, at) {
  const open = source[at];
  const close = { '{': '}', '(': ')' }[open];
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    if (source[i] === open) depth++;
    else if (source[i] === close && --depth === 0) return i;
  }
  return source.length;
}

/**
 * The leaves of the `use` tree that starts at `at` in `source` and ends before `end`:
 * `{ segments, name, glob, at }` (`name` is what the leaf brings into scope, `at` where
 * it is written).
 */
function useLeaves(source, at, end, prefix = []) {
  let i = at;
  const skip = () => {
    while (i < end && /\s/.test(source[i])) i++;
  };
  skip();
  if (source.startsWith('::', i)) {
    i += 2;
    skip();
  }
  if (source[i] === '{') {
    const close = Math.min(closing(source, i), end);
    const leaves = [];
    let part = i + 1;
    let depth = 0;
    for (let j = i + 1; j <= close; j++) {
      if (source[j] === '{') depth++;
      else if (source[j] === '}' && j < close) depth--;
      if (j === close || (source[j] === ',' && depth === 0)) {
        if (source.slice(part, j).trim()) leaves.push(...useLeaves(source, part, j, prefix));
        part = j + 1;
      }
    }
    return leaves;
  }
  if (source[i] === '*') return [{ segments: prefix, name: null, glob: true, at: i }];
  const ident = IDENT.exec(source.slice(i, end));
  if (!ident) return [];
  const start = i;
  i += ident[0].length;
  skip();
  if (source.startsWith('::', i)) return useLeaves(source, i + 2, end, [...prefix, ident[0]]);
  const alias = /^as\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(source.slice(i, end));
  if (ident[0] === 'self' && prefix.length) return [{ segments: prefix, name: alias?.[1] ?? prefix.at(-1), glob: false, at: start }];
  return [{ segments: [...prefix, ident[0]], name: alias?.[1] ?? ident[0], glob: false, at: start }];
}

/** The names `source` defines as items (functions, types, constants, modules, macros). */
function definitions(source) {
  const names = new Set();
  for (const match of source.matchAll(/\b(?:fn|struct|enum|trait|type|const|static|union|mod|macro_rules!)\s+([A-Za-z_][A-Za-z0-9_]*)/g)) names.add(match[1]);
  return names;
}

/**
 * Reads every file under `root`: its module path, the modules written inline in it,
 * its `use` declarations and the paths its other code names.
 */
function readTree(root) {
  // Every module (a file's, or one written inline) by its path: `{ file, test }`.
  const modules = new Map();
  const files = rustFiles(root).map((file) => {
    const text = readFileSync(file, 'utf8');
    return { name: relative(root, file), path: modulePath(root, file), text, source: code(text) };
  });
  for (const file of files) modules.set(file.path.join('::'), { file: file.name, test: false, defines: definitions(file.source) });
  for (const file of files) {
    const { source, path } = file;
    file.inline = [];
    for (const match of source.matchAll(/\bmod\s+([A-Za-z_][A-Za-z0-9_]*)\s*([;{])/g)) {
      const test = TEST_ATTRIBUTE.test(source.slice(Math.max(0, match.index - 300), match.index).replace(/\bpub(?:\([^)]*\))?\s+$/, ''));
      if (match[2] === '{') {
        const open = match.index + match[0].length - 1;
        file.inline.push({ name: match[1], start: open, end: closing(source, open), test });
      } else if (test) {
        const child = modules.get([...path, match[1]].join('::'));
        if (child) child.test = true;
      }
    }
    // The module path at each offset: the file's, or the inline module's around it.
    file.scopeAt = (at) => {
      const scope = [...path];
      for (const inline of file.inline) if (inline.start < at && at < inline.end) scope.push(inline.name);
      return scope;
    };
    for (const inline of file.inline) {
      const scope = [...file.scopeAt(inline.start), inline.name];
      modules.set(scope.join('::'), { file: file.name, test: inline.test, defines: definitions(source.slice(inline.start, inline.end)) });
    }
  }
  // The absolute path a path written in `scope` names; null for another crate's.
  const absolute = (segments, scope) => {
    let base = scope;
    let at = 0;
    if (segments[0] === 'crate') [base, at] = [[], 1];
    else if (segments[0] === 'self' || segments[0] === 'super') {
      while (segments[at] === 'self' || segments[at] === 'super') {
        if (segments[at] === 'super') base = base.slice(0, -1);
        at++;
      }
    } else if (!modules.has([...scope, segments[0]].join('::'))) return null;
    return [...base, ...segments.slice(at)];
  };
  // What each module imports: name -> absolute path, and its globs.
  const imports = new Map();
  const globs = new Map();
  for (const file of files) {
    const { source } = file;
    file.uses = [];
    let body = source;
    for (const match of source.matchAll(/(?<=(?:^|[;{}\]])\s*)(pub(?:\([^)]*\))?\s+)?use\s+/g)) {
      const end = source.indexOf(';', match.index);
      if (end < 0) continue;
      const scope = file.scopeAt(match.index);
      const key = scope.join('::');
      for (const leaf of useLeaves(source, match.index + match[0].length, end)) {
        const target = absolute(leaf.segments, scope);
        if (!target) continue;
        if (leaf.glob) globs.set(key, [...(globs.get(key) ?? []), target]);
        else {
          if (!imports.has(key)) imports.set(key, new Map());
          imports.get(key).set(leaf.name, target);
        }
        file.uses.push({ ...leaf, target, exported: Boolean(match[1]) });
      }
      body = body.slice(0, match.index) + body.slice(match.index, end + 1).replace(/[^\n]/g, ' ') + body.slice(end + 1);
    }
    // A visibility (`pub(in crate::a)`) names no path that is used.
    body = body.replace(/\bpub\s*\(\s*in\s[^)]*\)/g, (visibility) => ' '.repeat(visibility.length));
    // The paths the rest of the code names: from `crate`, `super`, `self` or a child module.
    file.named = [];
    for (const match of body.matchAll(/(?<![A-Za-z0-9_:.])[A-Za-z_][A-Za-z0-9_]*(?:\s*::\s*[A-Za-z_][A-Za-z0-9_]*)+/g)) {
      const target = absolute(match[0].split(/\s*::\s*/), file.scopeAt(match.index));
      if (target) file.named.push({ target, at: match.index });
    }
    file.body = body;
  }
  return { files, modules, imports, globs };
}

/**
 * The file-level graph of the tree at `root`: `edges` maps each file (its path under
 * `root`) to the set of files it uses, `why` maps `from -> to` to where the first use
 * is written (`{ line, text }`).
 */
export function fileGraph(root) {
  const { files, modules, imports, globs } = readTree(root);
  // The files `target` (an absolute path) resolves into.
  const resolve = (target, depth = 0) => {
    let at = target.length;
    while (at > 0 && !modules.has(target.slice(0, at).join('::'))) at--;
    const key = target.slice(0, at).join('::');
    const found = new Set(modules.has(key) ? [modules.get(key).file] : []);
    const [name, ...rest] = target.slice(at);
    if (name === undefined || depth > 8) return found;
    const imported = imports.get(key)?.get(name);
    const through = imported ? [[...imported, ...rest]] : [];
    if (!imported && !modules.get(key)?.defines.has(name)) {
      for (const glob of globs.get(key) ?? []) {
        const from = glob.join('::');
        if (modules.has(`${from}::${name}`) || imports.get(from)?.has(name) || modules.get(from)?.defines.has(name)) through.push([...glob, name, ...rest]);
      }
    }
    for (const next of through) for (const file of resolve(next, depth + 1)) found.add(file);
    return found;
  };
  // The files each file's test modules are in, to leave out edges to their parent.
  const testParents = new Map();
  for (const [key, module] of modules) {
    if (!module.test) continue;
    const parent = modules.get(key.split('::').slice(0, -1).join('::'));
    for (const [under, inner] of modules) {
      if (under === key || under.startsWith(`${key}::`)) testParents.set(inner.file, new Set([...(testParents.get(inner.file) ?? []), parent.file]));
    }
  }
  const edges = new Map(files.map((file) => [file.name, new Set()]));
  const why = new Map();
  for (const file of files) {
    const lines = file.text.split('\n');
    const lineOf = (at) => (file.source.slice(0, at).match(/\n/g) ?? []).length + 1;
    const used = [...file.named];
    for (const leaf of file.uses) {
      // A re-export is a use only when the file's own code names what it brings in.
      const names = leaf.glob ? [...(modules.get(leaf.target.join('::'))?.defines ?? [])] : [leaf.name];
      if (!leaf.exported || names.some((name) => new RegExp(`(?<![A-Za-z0-9_.]|::\\s*)${name}(?![A-Za-z0-9_])`).test(file.body))) used.push(leaf);
    }
    for (const { target, at } of used) {
      for (const to of resolve(target)) {
        if (to === file.name || testParents.get(file.name)?.has(to) || testParents.get(to)?.has(file.name)) continue;
        edges.get(file.name).add(to);
        const key = `${file.name} -> ${to}`;
        const line = lineOf(at);
        if (!why.has(key)) why.set(key, { line, text: lines[line - 1].trim() });
      }
    }
  }
  return { edges, why };
}

/**
 * The import circles among `edges`: one for each group of nodes that reach each other,
 * `{ circle, group }`: a shortest circle through the group's first node (a list of
 * nodes, first = last) and the whole group.
 */
export function findCircles(edges) {
  // Tarjan's strongly connected components.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const groups = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return groups
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map((group) => {
      // Breadth first from the group's first node back to it.
      const [first] = group;
      const before = new Map();
      const queue = [first];
      while (queue.length) {
        const node = queue.shift();
        for (const to of [...edges.get(node)].sort()) {
          if (!group.includes(to) || before.has(to)) continue;
          before.set(to, node);
          if (to === first) queue.length = 0;
          else queue.push(to);
          if (to === first) break;
        }
      }
      const circle = [first];
      for (let node = before.get(first); node !== first; node = before.get(node)) circle.unshift(node);
      return { circle: [first, ...circle], group };
    });
}

/** What to print for each circle of the file graph of `root` (empty when there is none). */
export function fileCircles(root, what) {
  const { edges, why } = fileGraph(root);
  return findCircles(edges).flatMap(({ circle, group }) => [
    `Import circle between ${what}'s files: ${circle.join(' -> ')}`,
    ...(group.length > circle.length - 1 ? [`  (one of several among ${group.join(', ')})`] : []),
    ...circle.slice(0, -1).map((from, at) => {
      const { line, text } = why.get(`${from} -> ${circle[at + 1]}`);
      return `  ${from} -> ${circle[at + 1]}, line ${line}: ${text}`;
    }),
  ]);
}
