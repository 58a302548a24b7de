// Checks that the documents name the layers the rule scripts check: runs
// scripts/core-rules.mjs and scripts/shell-rules.mjs, reads the layers they print, and fails
// when `hearth-core/src/lib.rs`'s `# Layers` list or ARCHITECTURE.md's code map of the core
// (`- **layer**: `module` (…), `module` (…)` lines: each layer's name and modules, bottom
// first) or its two "layers, bottom first" lines (the names, in order) say otherwise, or when
// ARCHITECTURE.md never names one of the modules or features the scripts print.
// The rule scripts are the source of truth: a change to a layer is made there, then here.
//
// Run: `node scripts/doc-rules.mjs`.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The layers a rule script prints: after its line ending "from the top down:", the indented
 * block whose `  <layer>: a, b` lines (two spaces in) name each layer, top first; deeper lines
 * (what each node uses) are skipped. `[{ name, nodes }]`, bottom first, each `nodes` sorted.
 */
export function printedLayers(output) {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => /from the top down:\s*$/.test(line));
  if (start < 0) return [];
  const layers = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith(' ')) break;
    const match = /^ {2}([\w:]+): (.+)$/.exec(line);
    if (match) layers.push({ name: match[1], nodes: match[2].split(',').map((n) => n.trim()).sort() });
  }
  return layers.reverse();
}

/**
 * The layers of lib.rs's `# Layers` section (`N. **name**: [`module`](…), [`module`]…`, items
 * possibly over several lines): `[{ name, nodes }]` in the order written, each `nodes` sorted.
 */
export function libLayers(source) {
  const docs = source
    .split('\n')
    .filter((line) => line.startsWith('//!'))
    .map((line) => line.replace(/^\/\/! ?/, ''));
  const start = docs.findIndex((line) => /^# Layers\b/.test(line));
  if (start < 0) return [];
  const section = [];
  for (const line of docs.slice(start + 1)) {
    if (/^# /.test(line)) break;
    section.push(line);
  }
  const layers = [];
  for (const line of section) {
    const item = /^\d+\.\s+\*\*(\w+)\*\*:(.*)$/.exec(line);
    if (item) layers.push({ name: item[1], text: item[2] });
    else if (layers.length && /^\s+\S/.test(line)) layers[layers.length - 1].text += ` ${line.trim()}`;
    else if (layers.length && line.trim() === '') layers.push(null);
  }
  return layers
    .slice(0, layers.includes(null) ? layers.indexOf(null) : layers.length)
    .map(({ name, text }) => ({ name, nodes: [...new Set([...text.matchAll(/\[`(\w+)`\]/g)].map((m) => m[1]))].sort() }));
}

/**
 * The layers of ARCHITECTURE.md's code map of the core, under the heading `### \`hearth-core/src/\``:
 * each `- **layer**: …` line's modules are the backquoted names outside parentheses.
 */
export function mapLayers(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('### `hearth-core/src/`'));
  if (start < 0) return [];
  const layers = [];
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    const item = /^- \*\*(\w+)\*\*:(.*)$/.exec(line);
    if (!item) continue;
    let outside = item[2];
    for (let before = ''; before !== outside; ) {
      before = outside;
      outside = outside.replace(/\([^()]*\)/g, '');
    }
    layers.push({ name: item[1], nodes: [...new Set([...outside.matchAll(/`(\w+)`/g)].map((m) => m[1]))].sort() });
  }
  return layers;
}

/** The layer names of the ARCHITECTURE.md line that starts with `lead` (`**a** < **b**`), in order. */
export function architectureLayers(text, lead) {
  const line = text.split('\n').find((l) => l.startsWith(lead));
  return line ? [...line.matchAll(/\*\*([\w:]+)\*\*/g)].map((m) => m[1]) : null;
}

/** What differs between the layers the scripts print and what the documents say: sentences. */
export function problems({ core, shell, lib, architecture }) {
  const found = [];
  const show = (layers) => layers.map((l) => `${l.name}: ${l.nodes.join(', ')}`).join('; ');
  if (show(lib) !== show(core)) {
    found.push(`hearth-core/src/lib.rs's "# Layers" list says ${show(lib) || 'nothing'}; scripts/core-rules.mjs checks ${show(core)}`);
  }
  const map = mapLayers(architecture);
  if (show(map) !== show(core)) {
    found.push(`ARCHITECTURE.md's code map of hearth-core/src/ says ${show(map) || 'nothing'}; scripts/core-rules.mjs checks ${show(core)}`);
  }
  for (const [what, lead, layers] of [
    ['core', "`hearth-core`'s layers, bottom first:", core],
    ['shell', "The shell's layers, bottom first:", shell],
  ]) {
    const names = architectureLayers(architecture, lead);
    const script = what === 'core' ? 'core-rules' : 'shell-rules';
    if (!names) found.push(`ARCHITECTURE.md has no line starting "${lead}" naming the ${what}'s layers`);
    else if (names.join(' < ') !== layers.map((l) => l.name).join(' < ')) {
      found.push(`ARCHITECTURE.md says the ${what}'s layers are ${names.join(' < ')}; scripts/${script}.mjs checks ${layers.map((l) => l.name).join(' < ')}`);
    }
    for (const node of new Set(layers.flatMap((l) => l.nodes).map((n) => n.replace(/::state$/, '')))) {
      if (!architecture.includes(`\`${node}\``) && !architecture.includes(`\`${node}/\``)) {
        found.push(`ARCHITECTURE.md's code map never names \`${node}\` (scripts/${script}.mjs prints it)`);
      }
    }
  }
  return found;
}

/** Runs a rule script of this checkout; exits with its error when it fails. */
function ruleOutput(script) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', script)], { encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`doc rules: scripts/${script} fails, so the documents cannot be checked against it:\n${result.stderr}`);
    process.exit(1);
  }
  return result.stdout;
}

function main() {
  const found = problems({
    core: printedLayers(ruleOutput('core-rules.mjs')),
    shell: printedLayers(ruleOutput('shell-rules.mjs')),
    lib: libLayers(readFileSync(path.join(ROOT, 'hearth-core', 'src', 'lib.rs'), 'utf8')),
    architecture: readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8'),
  });
  if (found.length) {
    console.error(`doc rules: the documents' layers differ from the rule scripts':\n${found.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log("The documents' layers are the rule scripts' (lib.rs, ARCHITECTURE.md).");
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
