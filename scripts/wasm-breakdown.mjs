#!/usr/bin/env node
// Which code is in which part of the split wasm, by name: for finding what the first load
// pays for. The release wasm has no name section (Cargo.toml's `strip`), but the splitter
// needs the linker's relocations, and with them comes the symbol table, which names every
// function. This reads the names from the unsplit wasm that scripts/build.sh leaves in
// target/, asks the splitter which functions each output module holds (its trace), and
// prints each module's total and its largest functions, and the first load's code grouped by
// crate and module path. Sizes are the functions' body bytes before compression.
//
//   node scripts/wasm-breakdown.mjs                      the main module's largest 60 functions
//   node scripts/wasm-breakdown.mjs --module knowledge   another module's (a split's name)
//   node scripts/wasm-breakdown.mjs --top 200 --json out.json
//   node scripts/wasm-breakdown.mjs --diff before.json   what grew in the main module since
//
// Run it after scripts/build.sh (it reads target/, not dist/); it needs wasm-split-cli
// (scripts/setup.sh installs it).

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
};
const input = option('--wasm', path.join(root, 'target/wasm32-unknown-unknown/release/hearth.wasm'));
const wanted = option('--module', 'Main');
const top = Number(option('--top', '60'));

/** A reader of the wasm binary format's pieces. */
function reader(bytes, start = 0, end = bytes.length) {
  let at = start;
  const r = {
    get at() {
      return at;
    },
    set at(value) {
      at = value;
    },
    end,
    byte: () => bytes[at++],
    leb() {
      let result = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[at++];
        result += (b & 0x7f) * 2 ** shift;
        shift += 7;
        if ((b & 0x80) === 0) return result;
      }
    },
    name() {
      const length = r.leb();
      const text = Buffer.from(bytes.subarray(at, at + length)).toString('utf8');
      at += length;
      return text;
    },
  };
  return r;
}

/** The function names (from the linking section's symbol table) and body sizes, by function index. */
function readFunctions(bytes) {
  const top = reader(bytes, 8);
  let imported = 0;
  const sizes = [];
  const names = new Map();
  while (top.at < bytes.length) {
    const id = top.byte();
    const size = top.leb();
    const end = top.at + size;
    const s = reader(bytes, top.at, end);
    if (id === 2) {
      for (let n = s.leb(); n > 0; n--) {
        s.name();
        s.name();
        const kind = s.byte();
        if (kind === 0) {
          s.leb();
          imported += 1;
        } else if (kind === 1) {
          s.byte();
          const flags = s.byte();
          s.leb();
          if (flags & 1) s.leb();
        } else if (kind === 2) {
          const flags = s.byte();
          s.leb();
          if (flags & 1) s.leb();
        } else if (kind === 3) {
          s.byte();
          s.byte();
        } else if (kind === 4) {
          s.byte();
          s.leb();
        }
      }
    } else if (id === 10) {
      for (let n = s.leb(); n > 0; n--) {
        const body = s.leb();
        sizes.push(body);
        s.at += body;
      }
    } else if (id === 0 && s.name() === 'linking') {
      s.leb();
      while (s.at < end) {
        const kind = s.byte();
        const length = s.leb();
        const next = s.at + length;
        if (kind === 8) {
          for (let n = s.leb(); n > 0; n--) {
            const symbolKind = s.byte();
            const flags = s.leb();
            if (symbolKind === 1) {
              s.name();
              if (!(flags & 0x10)) {
                s.leb();
                s.leb();
                s.leb();
              }
            } else if (symbolKind === 3) {
              s.leb();
            } else {
              const index = s.leb();
              if (!(flags & 0x10) || flags & 0x40) {
                const name = s.name();
                if (symbolKind === 0 && !names.has(index)) names.set(index, name);
              }
            }
          }
        }
        s.at = next;
      }
    }
    top.at = end;
  }
  return { imported, sizes, names };
}

/**
 * The symbols `names` made readable, in order: through binutils' c++filt, which reads Rust's
 * v0 mangling (`_R…`), with the crates' hashes (`[1be1…]`) left out; as they are without it.
 */
function demangleAll(names) {
  try {
    const out = execFileSync('c++filt', [], { input: names.join('\n'), encoding: 'utf8', maxBuffer: 1 << 30 }).split('\n');
    return names.map((name, i) => (out[i] ?? name).replace(/\[[0-9a-f]{16}\]/g, ''));
  } catch {
    return names;
  }
}

/** The splitter's modules, each a list of function indices, from its trace. */
function splitModules(wasm) {
  const out = mkdtempSync(path.join(tmpdir(), 'hearth-split-'));
  try {
    const trace = execFileSync('wasm-split-cli', [wasm, out, '--out-name', 'hearth', '--verbose'], {
      env: { ...process.env, RUST_LOG: 'wasm_split_cli_support=trace' },
      maxBuffer: 1 << 30,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const modules = new Map();
    let current = null;
    // The trace goes to stdout (tracing_subscriber's default), with ANSI colours.
    for (const line of trace.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
      const head = /SPLIT: =+ (.+?)\s*$/.exec(line);
      if (head && !/total size/.test(line)) {
        current = [];
        modules.set(head[1], current);
        continue;
      }
      const func = /func\[(\d+)\]/.exec(line);
      if (current && func) current.push(Number(func[1]));
    }
    return modules;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The group a function counts in: its crate, and for this app's crates the module below it. */
function group(name) {
  const path = name.replace(/^[<&]+/, '').split(/::|\s|</);
  const crate = path[0] || name;
  if (['hearth', 'hearth_core'].includes(crate) && path.length > 2) return `${crate}::${path[1]}`;
  return crate;
}

function main() {
  const bytes = readFileSync(input);
  const { imported, sizes, names } = readFunctions(bytes);
  if (names.size === 0) throw new Error(`${input} has no symbol table: build it with scripts/build.sh`);
  const modules = splitModules(input);
  const key = [...modules.keys()].find((name) => name === wanted || name.includes(`"${wanted}"`) || name.includes(wanted));
  if (!key) throw new Error(`no module ${wanted}; the splitter made: ${[...modules.keys()].join(', ')}`);
  const indices = modules.get(key).filter((index) => index >= imported);
  const readable = demangleAll(indices.map((index) => names.get(index) ?? `func[${index}]`));
  const functions = indices.map((index, i) => ({ name: readable[i], size: sizes[index - imported] }));
  functions.sort((a, b) => b.size - a.size);
  const total = functions.reduce((sum, f) => sum + f.size, 0);
  const groups = new Map();
  for (const f of functions) groups.set(group(f.name), (groups.get(group(f.name)) ?? 0) + f.size);
  console.log(`${key}: ${functions.length} functions, ${total} bytes of code (before compression)`);
  console.log('\nby crate and module:');
  for (const [name, size] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${String(size).padStart(9)}  ${name}`);
  console.log(`\nthe largest ${top}:`);
  for (const f of functions.slice(0, top)) console.log(`${String(f.size).padStart(9)}  ${f.name}`);
  const json = option('--json', null);
  if (json) writeFileSync(json, JSON.stringify({ module: key, functions }, null, 1));
  const diff = option('--diff', null);
  if (diff) {
    const before = new Map();
    for (const f of JSON.parse(readFileSync(diff, 'utf8')).functions) before.set(f.name, (before.get(f.name) ?? 0) + f.size);
    const now = new Map();
    for (const f of functions) now.set(f.name, (now.get(f.name) ?? 0) + f.size);
    const changes = [...new Set([...before.keys(), ...now.keys()])]
      .map((name) => ({ name, change: (now.get(name) ?? 0) - (before.get(name) ?? 0) }))
      .filter((c) => c.change !== 0)
      .sort((a, b) => Math.abs(b.change) - Math.abs(a.change));
    const sum = changes.reduce((s, c) => s + c.change, 0);
    console.log(`\nsince ${diff}: ${sum >= 0 ? '+' : ''}${sum} bytes; the largest changes:`);
    for (const c of changes.slice(0, top)) console.log(`${(c.change > 0 ? '+' : '') + c.change}`.padStart(9) + `  ${c.name}`);
  }
}

main();
