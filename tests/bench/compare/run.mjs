// Hearth beside a bare baseline page, measured in one run, in real headless Chromium: the
// benchmark of issue 14. It prints numbers and asserts nothing, except that every streamed
// answer arrived whole (it exits non-zero if one did not).
//
// It serves the release build (dist/, or $HEARTH_DIST) with tests/support/static-server.mjs
// (which sends the pre-compressed .br/.gz files scripts/build.sh writes, and dist/_headers),
// the baseline page (baseline/index.html: appends the streamed text to a text node, no
// markdown: what the browser and the harness cost by themselves), and the mock (mock.mjs).
// Phases (measure.mjs says how each figure is taken):
//   load    cold loads: gzip -9 bytes of everything fetched, bytes transferred, input ready and
//           app started; and repeat visits with the service worker on (input ready, started)
//   fast    the 20,000-token mixed markdown answer, events as fast as possible: script, long
//           tasks, TBT (to the last token, and to 1 s after it: "incl. 1 s settle"), send →
//           last token, peak JS heap, and peak JS heap + wasm memory
//   paced   4,000 tokens, one event every 10 ms (~17 s): script as a share of the stream's
//           duration, and all main-thread task time against the baseline's
//   shapes  ~100 KB answers that are one ever-growing block (code, list, table, quote,
//           paragraph), paced: per-frame cost at 10–20 % vs 80–90 % of the first → last token
//           span (the first 10 % holds one-off start-up work)
// Before each phase it waits (up to --quiet-wait s) for the machine's CPU to be quiet, and
// prints how busy it was: absolute times drift on a shared machine, ratios less.
//
// Run: scripts/build.sh && (cd tests && npm run bench:compare -- [options])
//   --only load,fast,paced,shapes   phases to run (default: all)
//   --shape code,list,table,quote,paragraph,codeblocks   shapes to run (default: all)
//   --peers baseline,hearth         (default: both)
//   --runs N          cold loads and fast streams per peer, medians shown (default 3)
//   --paced-runs N    paced streams per peer (default 1)
//   --shape-runs N    streams per shape and peer (default 1, printed as "1 run: noisy"; 3 runs
//                     add ~5 min to the default run)
//   --tokens N --chunk A-B          the fast stream (default 20000, 1-4 tokens per event)
//   --paced-tokens N --paced-delay MS   the paced stream (default 4000, 10)
//   --shape-events N --shape-delay MS   events per shape stream and their pacing (default 1000, 10)
//   --quiet-busy F --quiet-wait S   CPU quiet check (default 0.3, 20)
//   --timeout S       per stream (default 300)
//   --json FILE       also write every run's figures as JSON
//   --write FILE      also write the tables into FILE (docs/performance.md) between its
//                     `<!-- bench:compare -->` and `<!-- end of bench:compare -->` lines, with
//                     the commit, the date and the options (../write-figures.mjs)
//   --cpu             time the streams' main-thread work (script, tasks, layout, style; per
//                     frame too) in CPU time, DevTools' thread ticks, instead of wall time:
//                     steadier on a busy or shared machine, where a task waiting for a core
//                     counts that wait in wall time (send → token times stay wall times)
//   --trace DIR       trace each fast and shape stream (DIR/<stream>-<peer>-<n>.json, for DevTools'
//                     Performance panel) and print the main thread's self time by event name;
//                     tracing slows the page, so its runs' figures are for finding where time goes
//                     (TRACE_EXTRA=categories,... adds trace categories, e.g. invalidation tracking)
//   --profile DIR     sample each fast and shape stream's script (DIR/<stream>-<peer>-<n>.cpuprofile)
//                     and print the time by function, alone and with its callees (the release
//                     build strips the wasm's function names, and the assembly drops what is left
//                     of them: build with HEARTH_WASM_NAMES=1 CARGO_PROFILE_RELEASE_STRIP=false
//                     scripts/build.sh, into another clone, to see them)
// The default run takes 4–6 minutes here (390 s with the CPU fully busy from other builds).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { builtApp } from '../../support/dist.mjs';
import { startStaticServer } from '../../support/static-server.mjs';
import { EARLY_WINDOW, LATE_WINDOW, LONG_IF, SETTLE_MS, coldLoad, repeatLoad, streamRun, waitCpuQuiet } from './measure.mjs';
import { SHAPES, answerTokens, startCompareMock } from './mock.mjs';
import { writeFigures } from '../write-figures.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const { values: o } = parseArgs({
  options: {
    only: { type: 'string', default: 'load,fast,paced,shapes' },
    shape: { type: 'string', default: SHAPES.filter((s) => s !== 'mixed').join(',') },
    peers: { type: 'string', default: 'baseline,hearth' },
    runs: { type: 'string', default: '3' },
    'paced-runs': { type: 'string', default: '1' },
    'shape-runs': { type: 'string', default: '1' },
    tokens: { type: 'string', default: '20000' },
    chunk: { type: 'string', default: '1-4' },
    'paced-tokens': { type: 'string', default: '4000' },
    'paced-delay': { type: 'string', default: '10' },
    'shape-events': { type: 'string', default: '1000' },
    'shape-delay': { type: 'string', default: '10' },
    'quiet-busy': { type: 'string', default: '0.3' },
    'quiet-wait': { type: 'string', default: '20' },
    timeout: { type: 'string', default: '300' },
    json: { type: 'string' },
    write: { type: 'string' },
    cpu: { type: 'boolean', default: false },
    trace: { type: 'string' },
    profile: { type: 'string' },
  },
});
const list = (s) => s.split(',').map((x) => x.trim()).filter(Boolean);
const phases = new Set(list(o.only));
const shapes = list(o.shape);
const peerNames = list(o.peers);
for (const s of shapes) if (!SHAPES.includes(s) || s === 'mixed') throw new Error(`--shape: unknown shape ${s} (one of ${SHAPES.slice(1).join(', ')})`);
const [chunkMin, chunkMax] = o.chunk.split('-').map(Number);

const DIST = builtApp();
const started = Date.now();
const [app, baseline, mock] = await Promise.all([
  startStaticServer({ root: DIST, headers: true }),
  startStaticServer({ root: path.join(HERE, 'baseline') }),
  startCompareMock(),
]);
const urls = { hearth: app.url, baseline: baseline.url };
const results = { dist: DIST, date: new Date().toISOString(), options: o, busy: {}, load: {}, fast: {}, paced: {}, shapes: {} };
const log = (s) => console.error(`[bench] ${s}`);
/** With --trace DIR: where the next run of `key` in `peer` writes its trace (a new file per run). */
const traceCount = {};
const outFile = (dir, kind, suffix) => (key, peer) => {
  if (!dir) return null;
  fs.mkdirSync(dir, { recursive: true });
  const n = (traceCount[`${kind}-${key}-${peer}`] = (traceCount[`${kind}-${key}-${peer}`] ?? 0) + 1);
  return path.join(dir, `${key}-${peer}-${n}${suffix}`);
};
const traceFile = outFile(o.trace, 'trace', '.json');
/** With --profile DIR: where the next run of `key` in `peer` writes its CPU profile. */
const profileFile = outFile(o.profile, 'profile', '.cpuprofile');

async function quiet(phase) {
  const busy = await waitCpuQuiet(Number(o['quiet-busy']), Number(o['quiet-wait']));
  results.busy[phase] = busy;
  if (busy !== null) log(`${phase}: CPU ${(busy * 100).toFixed(0)} % busy before the phase`);
}

/** Runs `fn` `n` times per peer, collecting the figures under results[phase][key][peer]. */
async function each(phase, key, n, fn) {
  results[phase][key] ??= {};
  for (const peer of peerNames) {
    const runs = (results[phase][key][peer] = []);
    for (let i = 0; i < n; i++) {
      const r = await fn(peer);
      runs.push(r);
      log(`${phase} ${key} ${peer} ${i + 1}/${n}: ${summary(r)}`);
      if (r.trace) log(`  main thread self time by event (ms, traced: the trace slows the run): ${JSON.stringify(r.trace)}`);
      if (r.profile) log(`  script self time by function (ms, sampled): ${JSON.stringify(r.profile.self)}\n  script time by function with its callees (ms): ${JSON.stringify(r.profile.total)}`);
      for (const e of r.errors ?? []) log(`  page error: ${e}`);
    }
  }
}
const summary = (r) => Object.entries(r).filter(([, v]) => typeof v === 'number').slice(0, 6).map(([k, v]) => `${k}=${Math.round(v)}`).join(' ');

try {
  if (phases.has('load')) {
    await quiet('load');
    await each('load', 'cold', Number(o.runs), (peer) => coldLoad({ peer, url: urls[peer], mock: mock.url }));
    await each('load', 'repeat', Number(o.runs), (peer) => repeatLoad({ peer, url: urls[peer], mock: mock.url }));
  }
  if (phases.has('fast')) {
    Object.assign(mock.config, { shape: 'mixed', tokens: Number(o.tokens), chunk_min: chunkMin, chunk_max: chunkMax ?? chunkMin, delay_ms: 0, long_if: LONG_IF });
    await quiet('fast');
    await each('fast', 'mixed', Number(o.runs), (peer) => streamRun({ peer, url: urls[peer], mock, timeoutS: Number(o.timeout), cpu: o.cpu, trace: traceFile('fast', peer), profile: profileFile('fast', peer) }));
  }
  if (phases.has('paced')) {
    Object.assign(mock.config, { shape: 'mixed', tokens: Number(o['paced-tokens']), chunk_min: chunkMin, chunk_max: chunkMax ?? chunkMin, delay_ms: Number(o['paced-delay']), long_if: LONG_IF });
    await quiet('paced');
    await each('paced', 'mixed', Number(o['paced-runs']), (peer) => streamRun({ peer, url: urls[peer], mock, timeoutS: Number(o.timeout), cpu: o.cpu }));
  }
  if (phases.has('shapes')) {
    await quiet('shapes');
    for (const shape of shapes) {
      // chunk sizes that spread this answer over about --shape-events events
      const perEvent = answerTokens({ ...mock.config, shape }).length / Number(o['shape-events']);
      Object.assign(mock.config, { shape, chunk_min: Math.max(1, Math.floor(perEvent * 0.75)), chunk_max: Math.max(1, Math.ceil(perEvent * 1.25)),
        delay_ms: Number(o['shape-delay']), long_if: LONG_IF });
      await each('shapes', shape, Number(o['shape-runs']), (peer) => streamRun({ peer, url: urls[peer], mock, timeoutS: Number(o.timeout), perFrame: true, cpu: o.cpu, trace: traceFile(shape, peer), profile: profileFile(shape, peer) }));
    }
  }
} finally {
  await Promise.all([app.close(), baseline.close(), mock.close()]);
}
if (o.json) fs.writeFileSync(o.json, JSON.stringify(results, null, 2));

// ---------- report ----------
function median(xs) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}
const med = (runs, get) => (runs ? median(runs.map(get)) : null);
const fmt = {
  ms: (x) => (x == null ? '–' : `${x.toFixed(0)} ms`),
  ms1: (x) => (x == null ? '–' : `${x.toFixed(2)} ms`),
  n: (x) => (x == null ? '–' : String(Math.round(x))),
  mib: (x) => (x == null ? '–' : `${x.toFixed(1)} MiB`),
  bytes: (x) => (x == null ? '–' : `${Math.round(x).toLocaleString('en-US')} B`),
  pct: (x) => (x == null ? '–' : `${(x * 100).toFixed(1)} %`),
  x: (x) => (x == null || !Number.isFinite(x) ? '–' : `${x.toFixed(2)}×`),
};
const SETTLE_S = `${SETTLE_MS / 1000} s`;
const ratio = (h, b) => (h == null || b == null || b === 0 ? null : h / b);
const out = [];
const table = (head, rows) => {
  out.push(`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`);
  for (const r of rows) out.push(`| ${r.join(' | ')} |`);
  out.push('');
};
const busy = Object.entries(results.busy).map(([k, v]) => `${k} ${v == null ? '?' : `${(v * 100).toFixed(0)} %`}`).join(', ');
out.push(`## Hearth beside the baseline (${results.date}, ${path.relative(process.cwd(), DIST) || DIST})`, '');
out.push(`CPU busy before each phase (whole machine): ${busy || '–'}. Medians; ratio = Hearth ÷ baseline.${o.cpu ? ' Main-thread times of the streams are CPU time (--cpu).' : ''}`, '');

/** One row per metric: name, baseline, Hearth, ratio. */
function compareRows(rows) {
  return rows.map(([name, runsOf, get, f]) => {
    const b = med(runsOf('baseline'), get);
    const h = med(runsOf('hearth'), get);
    return [name, f(b), f(h), fmt.x(ratio(h, b))];
  });
}
if (phases.has('fast') || phases.has('load')) {
  const fast = (p) => results.fast.mixed?.[p];
  const load = (p) => results.load.cold?.[p];
  out.push(`### Fast stream: ${o.tokens} tokens, ${o.chunk} per event, as fast as possible (${o.runs} runs) and cold load`, '');
  table(['', 'baseline', 'Hearth', 'ratio'], compareRows([
    ['main-thread script, send → last token', fast, (r) => r.scriptMs, fmt.ms],
    ['all main-thread tasks, send → last token', fast, (r) => r.taskMs, fmt.ms],
    ['long tasks (count)', fast, (r) => r.longTasks, fmt.n],
    ['long tasks (total)', fast, (r) => r.longTaskMs, fmt.ms],
    ['longest task', fast, (r) => r.longestTaskMs, fmt.ms],
    ['total blocking time, send → last token', fast, (r) => r.tbtMs, fmt.ms],
    [`main-thread script, send → last token, incl. ${SETTLE_S} settle`, fast, (r) => r.settle1sScriptMs, fmt.ms],
    [`long tasks (count), incl. ${SETTLE_S} settle`, fast, (r) => r.settle1sLongTasks, fmt.n],
    [`longest task, incl. ${SETTLE_S} settle`, fast, (r) => r.settle1sLongestTaskMs, fmt.ms],
    [`total blocking time, incl. ${SETTLE_S} settle`, fast, (r) => r.settle1sTbtMs, fmt.ms],
    ['send → first token', fast, (r) => r.sendToFirstMs, fmt.ms],
    ['send → last token', fast, (r) => r.sendToLastMs, fmt.ms],
    ['peak JS heap', fast, (r) => r.peakHeapMB, fmt.mib],
    ['peak JS heap + wasm memory', fast, (r) => r.peakHeapWasmMB, fmt.mib],
    ['wasm memory after', fast, (r) => r.wasmMB, fmt.mib],
    ['cold load, gzip -9 of every file', load, (r) => r.gzipBytes, fmt.bytes],
    ['cold load, bytes transferred (br/gzip files where the server has them)', load, (r) => r.wireBytes, fmt.bytes],
    ['cold load, requests', load, (r) => r.requests, fmt.n],
    ['first contentful paint', load, (r) => r.fcp, fmt.ms],
    ['load → input ready', load, (r) => r.inputReady, fmt.ms],
    ['load → app started (Hearth: its own UI, after the wasm)', load, (r) => r.started, fmt.ms],
    ['repeat visit (service worker on): load → input ready', (p) => results.load.repeat?.[p], (r) => r.inputReady, fmt.ms],
    ['repeat visit (service worker on): load → app started', (p) => results.load.repeat?.[p], (r) => r.started, fmt.ms],
  ]));
}
if (phases.has('paced')) {
  const paced = (p) => results.paced.mixed?.[p];
  const share = (r) => r.scriptMs / r.sendToLastMs;
  out.push(`### Paced stream: ${o['paced-tokens']} tokens, ${o.chunk} per event, one event every ${o['paced-delay']} ms (${o['paced-runs']} run(s))`, '');
  table(['', 'baseline', 'Hearth', 'ratio'], compareRows([
    ['send → last token (the stream\'s duration)', paced, (r) => r.sendToLastMs, fmt.ms],
    ['main-thread script', paced, (r) => r.scriptMs, fmt.ms],
    ['script share of the stream\'s duration', paced, share, fmt.pct],
    ['all main-thread tasks', paced, (r) => r.taskMs, fmt.ms],
    ['all tasks share of the stream\'s duration', paced, (r) => r.taskMs / r.sendToLastMs, fmt.pct],
    ['long tasks (count)', paced, (r) => r.longTasks, fmt.n],
    [`main-thread script, incl. ${SETTLE_S} settle`, paced, (r) => r.settle1sScriptMs, fmt.ms],
    [`long tasks (count), incl. ${SETTLE_S} settle`, paced, (r) => r.settle1sLongTasks, fmt.n],
    [`total blocking time, incl. ${SETTLE_S} settle`, paced, (r) => r.settle1sTbtMs, fmt.ms],
    ['peak JS heap', paced, (r) => r.peakHeapMB, fmt.mib],
    ['peak JS heap + wasm memory', paced, (r) => r.peakHeapWasmMB, fmt.mib],
  ]));
}
if (phases.has('shapes')) {
  const pct = ([a, b]) => `${a * 100}–${b * 100} %`;
  const shapeRuns = Number(o['shape-runs']) === 1 ? '1 run: noisy' : `${o['shape-runs']} runs, medians`;
  out.push(`### One ever-growing block, ~100 KB, ~${o['shape-events']} events ${o['shape-delay']} ms apart (${shapeRuns}): cost per updated frame, early = ${pct(EARLY_WINDOW)} vs late = ${pct(LATE_WINDOW)} of the first → last token span`, '');
  const rows = [];
  for (const shape of shapes) {
    for (const peer of peerNames) {
      const runs = results.shapes[shape]?.[peer];
      const g = (get) => med(runs, (r) => get(r.perFrame));
      rows.push([shape, peer, fmt.ms(med(runs, (r) => r.sendToLastMs)), `${fmt.n(g((p) => p.early.frames))} / ${fmt.n(g((p) => p.late.frames))}`,
        fmt.ms1(g((p) => p.early.taskPerFrame)), fmt.ms1(g((p) => p.late.taskPerFrame)), fmt.x(g((p) => p.taskRatio)),
        fmt.ms1(g((p) => p.early.scriptPerFrame)), fmt.ms1(g((p) => p.late.scriptPerFrame)), fmt.x(g((p) => p.scriptRatio)),
        fmt.ms(med(runs, (r) => r.scriptMs)), `${fmt.n(med(runs, (r) => r.longTasks))} / ${fmt.ms(med(runs, (r) => r.longestTaskMs))}`]);
    }
  }
  table(['shape', 'page', 'send → last', 'updated frames early / late', 'task/frame early', 'late', 'late/early', 'script/frame early', 'late', 'late/early', 'script total', 'long tasks / longest'], rows);
}
out.push(`(${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
process.stdout.write(out.join('\n') + '\n');
if (o.write) {
  const options = Object.entries(o).filter(([key, value]) => value !== undefined && value !== false && !['write', 'json', 'trace', 'profile'].includes(key));
  writeFigures(o.write, 'compare', out.slice(0, -1), { date: results.date, options });
  log(`wrote the tables into ${o.write}`);
}
