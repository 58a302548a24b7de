// The side-by-side benchmark's measurements, in headless Chromium (playwright-core driving
// /usr/bin/chromium, a fresh profile per run) with the DevTools protocol. Two kinds of run:
//
// coldLoad: navigation with an empty cache; what the page fetched (requests, bytes on the
//   wire as the server sent them, and gzip -9 of each body summed: comparable whatever the
//   server compresses), first contentful paint, and "input ready": the first animation frame
//   in which the message box exists and has a box (checked every frame from the first).
//
// streamRun: the page pointed at the mock (peers.mjs), a prompt typed, Enter pressed; until
//   the answer's last word (MOCKSTREAMEND) is in the DOM (a MutationObserver sees it):
//   - send → first / last token in the DOM, from the Enter keydown's timestamp;
//   - CDP Performance.getMetrics deltas from just before Enter to that moment:
//     ScriptDuration (main-thread script), TaskDuration (all main-thread tasks), layout, style
//     (wall time, or with `cpu` the main thread's CPU time: DevTools' thread ticks);
//   - long tasks (PerformanceObserver 'longtask') overlapping the window; TBT = Σ(task − 50 ms);
//   - the same script, long tasks and TBT from send to 1 s after the last token ("incl. 1 s
//     settle"), so work deferred past the last token (an end-of-answer re-render, a save)
//     cannot hide;
//   - peak JS heap: JSHeapUsedSize sampled every 100 ms over CDP (wasm memory is not in it and
//     is reported apart); and peak JS heap + wasm memory: at each of those samples (not in
//     perFrame runs) the page's wasm memories are also read with one tiny Runtime.evaluate,
//     on every peer alike, and the largest sum is kept;
//   - per-frame cost early vs late (option perFrame): the same metrics sampled every 25 ms
//     (getMetrics only: it is answered by the renderer between tasks without running script),
//     each sample stamped with the wall clock when CDP answered (so a sample is the state at
//     that moment), and in the page a requestAnimationFrame loop that records each frame's
//     time and whether the DOM changed since the frame before (an "updated frame"). The
//     stream's span runs from the first to the last token in the DOM; the early window is
//     10–20 % of it, the late window 80–90 % (not the very first 10 %, which catches one-off
//     start-up work such as the first render of the answer's container, nor the very end).
//     Per window: task and script time (metrics interpolated linearly at the window's edges)
//     divided by the updated frames in it. late/early is the growth of the per-frame cost
//     with the answer's length.
//   After the run it checks that the answer arrived whole (the mock sent every token, and the
//   rendered answer has all its blocks: see wholeAnswer), and throws if not: the only assertion.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { peers } from './peers.mjs';
import { SENTINEL, answerText } from './mock.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROME_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-default-apps', '--mute-audio',
  // other hosts unresolvable, so a stray third-party request fails at once
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];
const VIEWPORT = { width: 1280, height: 800 };
/** The prompt; the mock streams the long answer only to a last message containing LONG_IF. */
export const LONG_IF = 'very long answer';
const PROMPT = `Please write a ${LONG_IF} with lists, tables and code.`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `p`, or `dflt` after `ms`; the timer is cleared either way (a pending one kept node alive for up to --timeout s after the report). */
const withTimeout = (p, ms, dflt = null) => {
  let timer;
  const late = new Promise((r) => { timer = setTimeout(() => r(dflt), ms); });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
};

/** Share of the whole machine's CPU that was busy over `ms` (from /proc/stat; null elsewhere). */
export async function cpuBusy(ms = 2000) {
  const read = () => {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3] + (f[4] || 0), total: f.reduce((a, b) => a + b, 0) };
  };
  try {
    const a = read();
    await sleep(ms);
    const b = read();
    return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
  } catch {
    return null;
  }
}

/** Waits (at most `waitS` s) for two 2-s samples at most `busy` busy; returns the last busy share. */
export async function waitCpuQuiet(busy, waitS) {
  const t0 = Date.now();
  let ok = 0;
  let seen = null;
  while (Date.now() - t0 < waitS * 1000) {
    seen = await cpuBusy(2000);
    if (seen === null) return null;
    ok = seen <= busy ? ok + 1 : 0;
    if (ok >= 2) return seen;
  }
  return seen;
}

// In-page instrumentation, installed before any page script.
const instrument = ({ inputSel, startedSel, sentinel }) => {
  if (window.__perf) return;
  const now = () => performance.timeOrigin + performance.now(); // wall clock, comparable with node's Date.now()
  const P = (window.__perf = { longtasks: [], inputReady: null, started: null, armed: false, tSend: null, tFirst: null, tDone: null,
    mutations: 0, lastMutation: 0, frames: [], updatedFrames: [], wasmMemories: [] });
  // wasm linear memory is outside the JS heap: note each Memory an instance exports
  try {
    const W = WebAssembly;
    const grab = (inst) => { try { for (const v of Object.values(inst.exports)) if (v instanceof W.Memory && !P.wasmMemories.includes(v)) P.wasmMemories.push(v); } catch {} };
    const oi = W.instantiate, ois = W.instantiateStreaming;
    W.instantiate = function (...a) { return oi.apply(this, a).then((r) => { grab(r.instance || r); return r; }); };
    if (ois) W.instantiateStreaming = function (...a) { return ois.apply(this, a).then((r) => { grab(r.instance); return r; }); };
  } catch {}
  P.wasmBytes = () => P.wasmMemories.reduce((a, m) => a + m.buffer.byteLength, 0);
  try {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) P.longtasks.push([performance.timeOrigin + e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
  const t0 = performance.now();
  const tick = () => {
    const el = P.inputReady === null && document.querySelector(inputSel);
    if (el && el.getClientRects().length) P.inputReady = performance.now();
    const app = P.started === null && document.querySelector(startedSel || inputSel);
    if (app && app.getClientRects().length) P.started = performance.now();
    if ((P.inputReady === null || P.started === null) && performance.now() - t0 < 30000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const seen = (s) => {
    if (P.tFirst === null && s.includes('Mock')) P.tFirst = now();
    if (P.tDone === null && s.slice(-64).includes(sentinel)) {
      P.tDone = now();
      if (P.tFirst === null) P.tFirst = P.tDone;
      try { window.__perfSignal('done'); } catch {}
    }
  };
  const lastTexts = (n, k, out) => {
    for (let c = n.lastChild; c && out.length < k; c = c.previousSibling) {
      if (c.nodeType === 3) { if (c.data.trim()) out.push(c.data); } else if (c.nodeType === 1) lastTexts(c, k, out);
    }
    return out;
  };
  const firstTexts = (n, k, out) => {
    for (let c = n.firstChild; c && out.length < k; c = c.nextSibling) {
      if (c.nodeType === 3) { if (c.data.trim()) out.push(c.data); } else if (c.nodeType === 1) firstTexts(c, k, out);
    }
    return out;
  };
  P.arm = () => {
    P.armed = true;
    P.ltStart = P.longtasks.length;
    let dirty = false;
    const onSend = (e) => { if (P.tSend === null && e.key === 'Enter') P.tSend = performance.timeOrigin + e.timeStamp; };
    document.addEventListener('keydown', onSend, true);
    P.mo = new MutationObserver((recs) => {
      P.mutations += recs.length;
      P.lastMutation = performance.now();
      dirty = true;
      if (P.tDone !== null) return;
      for (const r of recs) {
        if (r.type === 'characterData') { seen(r.target.data || ''); continue; }
        for (const n of r.addedNodes) {
          if (n.nodeType === 3) seen(n.data);
          else if (n.nodeType === 1) { for (const t of firstTexts(n, 2, [])) seen(t); for (const t of lastTexts(n, 8, [])) seen(t); }
        }
      }
    });
    P.mo.observe(document.body, { childList: true, subtree: true, characterData: true });
    const frame = (t) => {
      const at = performance.timeOrigin + t;
      P.frames.push(at);
      if (dirty) { P.updatedFrames.push(at); dirty = false; }
      if (P.armed) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
};

async function launch({ serviceWorkers = 'block' } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-profile-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, headless: true, args: CHROME_ARGS, viewport: VIEWPORT, serviceWorkers,
  });
  const close = async () => {
    try { await ctx.close(); } catch { /* already gone */ }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { ctx, close };
}

async function metrics(cdp) {
  const { metrics: m } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(m.map((x) => [x.name, x.value]));
}

function trackNetwork(cdp) {
  const reqs = new Map();
  const state = { last: Date.now(), reqs };
  const get = (id) => { if (!reqs.has(id)) reqs.set(id, { id }); return reqs.get(id); };
  cdp.on('Network.requestWillBeSent', (e) => { Object.assign(get(e.requestId), { url: e.request.url }); state.last = Date.now(); });
  cdp.on('Network.responseReceived', (e) => { Object.assign(get(e.requestId), { status: e.response.status, encoding: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] }); state.last = Date.now(); });
  cdp.on('Network.loadingFinished', (e) => { Object.assign(get(e.requestId), { done: true, encoded: e.encodedDataLength }); state.last = Date.now(); });
  cdp.on('Network.loadingFailed', (e) => { Object.assign(get(e.requestId), { failed: e.errorText }); state.last = Date.now(); });
  return state;
}

async function waitNetworkQuiet(state, quietMs, maxMs) {
  const t0 = Date.now();
  while (Date.now() - t0 < maxMs) {
    const pending = [...state.reqs.values()].some((r) => r.url && /^https?:/.test(r.url) && !r.done && !r.failed);
    if (!pending && Date.now() - state.last >= quietMs) return;
    await sleep(100);
  }
}

/** One cold load of `url` as `peer`: bytes fetched and timings. */
export async function coldLoad({ peer, url, mock }) {
  const adapter = peers[peer];
  const { ctx, close } = await launch();
  try {
    const page = ctx.pages()[0] || (await ctx.newPage());
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable', { maxTotalBufferSize: 300e6, maxResourceBufferSize: 100e6 });
    await cdp.send('Performance.enable');
    const net = trackNetwork(cdp);
    await page.addInitScript(instrument, { inputSel: adapter.input, startedSel: adapter.started, sentinel: SENTINEL });
    await page.goto(new URL(adapter.path(mock), url).href, { waitUntil: 'load', timeout: 60000 });
    await page.waitForSelector(adapter.started ?? adapter.input, { state: 'visible', timeout: 30000 });
    await waitNetworkQuiet(net, 1000, 30000);
    const timing = await loadTiming(page);
    const files = [];
    for (const r of net.reqs.values()) {
      if (!r.url || !/^https?:/.test(r.url) || !r.done) continue;
      let raw = 0;
      let gzip = 0;
      try {
        const b = await cdp.send('Network.getResponseBody', { requestId: r.id });
        const buf = Buffer.from(b.body, b.base64Encoded ? 'base64' : 'utf8');
        raw = buf.length;
        gzip = raw ? zlib.gzipSync(buf, { level: 9 }).length : 0;
      } catch { /* no body */ }
      files.push({ url: r.url.replace(url, '/'), raw, gzip, wire: r.encoded ?? 0, encoding: r.encoding ?? null });
    }
    const sum = (k) => files.reduce((a, f) => a + f[k], 0);
    return { requests: files.length, rawBytes: sum('raw'), gzipBytes: sum('gzip'), wireBytes: sum('wire'), files, ...timing };
  } finally {
    await close();
  }
}

/** The page's load figures: first contentful paint, input ready and started (ms from navigation). */
async function loadTiming(page) {
  await page.waitForFunction(() => window.__perf.inputReady !== null && window.__perf.started !== null, undefined, { timeout: 30000 });
  return page.evaluate(() => {
    const p = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
    return { fcp: p['first-contentful-paint'] ?? null, inputReady: window.__perf.inputReady, started: window.__perf.started };
  });
}

/**
 * A repeat visit of `url` as `peer`, service workers on: a first visit (its worker installs
 * and takes control, and the browser may cache compiled wasm), a pause, one more visit, then
 * the measured one; its timings, and whether a service worker served the page.
 */
export async function repeatLoad({ peer, url, mock }) {
  const adapter = peers[peer];
  const { ctx, close } = await launch({ serviceWorkers: 'allow' });
  try {
    const page = ctx.pages()[0] || (await ctx.newPage());
    await page.addInitScript(instrument, { inputSel: adapter.input, startedSel: adapter.started, sentinel: SENTINEL });
    const address = new URL(adapter.path(mock), url).href;
    await page.goto(address, { waitUntil: 'load', timeout: 60000 });
    await page.waitForSelector(adapter.started ?? adapter.input, { state: 'visible', timeout: 30000 });
    // The worker (where the page has one) activates and controls the next loads.
    await page.waitForFunction(async () => !('serviceWorker' in navigator) || !(await navigator.serviceWorker.getRegistration()) || (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated', undefined, { timeout: 30000 }).catch(() => {});
    await sleep(2000);
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(address, { waitUntil: 'load', timeout: 60000 });
      await page.waitForSelector(adapter.started ?? adapter.input, { state: 'visible', timeout: 30000 });
      await sleep(1000);
    }
    return { ...(await loadTiming(page)), worker: await page.evaluate(() => Boolean(navigator.serviceWorker?.controller)) };
  } finally {
    await close();
  }
}

/** Linear interpolation of metric `key` at wall time `t` over `samples` ([{ t, m }], sorted). */
function at(samples, key, t) {
  if (!samples.length) return null;
  if (t <= samples[0].t) return samples[0].m[key];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    if (t <= b.t) return a.m[key] + ((b.m[key] - a.m[key]) * (t - a.t)) / Math.max(1, b.t - a.t);
  }
  return samples[samples.length - 1].m[key];
}

/** The early and late windows of the per-frame cost, as shares of the first → last token span. */
export const EARLY_WINDOW = [0.1, 0.2];
export const LATE_WINDOW = [0.8, 0.9];
/** How long after the last token the "incl. settle" figures run. */
export const SETTLE_MS = 1000;

/** Task and script ms per updated frame in [t0, t1]. */
function windowCost(samples, updatedFrames, t0, t1) {
  const frames = updatedFrames.filter((t) => t >= t0 && t < t1).length;
  const taskMs = (at(samples, 'TaskDuration', t1) - at(samples, 'TaskDuration', t0)) * 1000;
  const scriptMs = (at(samples, 'ScriptDuration', t1) - at(samples, 'ScriptDuration', t0)) * 1000;
  return { frames, taskMs, scriptMs, taskPerFrame: frames ? taskMs / frames : null, scriptPerFrame: frames ? scriptMs / frames : null };
}

// ---------- optional trace (--trace): where the main thread's time goes ----------
// TRACE_EXTRA=cat1,cat2 adds categories, e.g. disabled-by-default-devtools.timeline.invalidationTracking
// (which style, layout and paint invalidations each frame made, and why).
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'cc',
  ...(process.env.TRACE_EXTRA ? process.env.TRACE_EXTRA.split(',') : [])];

async function startTrace(cdp) {
  await cdp.send('Tracing.start', { transferMode: 'ReturnAsStream', traceConfig: { includedCategories: TRACE_CATEGORIES } });
}

/**
 * Stops the trace started by startTrace, writes it to `file` (open it in DevTools' Performance
 * panel) and returns the renderer main thread's self time by event name, largest first (ms).
 */
async function endTrace(cdp, file) {
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  const { stream } = await complete;
  let text = '';
  for (;;) {
    const { data, eof, base64Encoded } = await cdp.send('IO.read', { handle: stream, size: 1 << 20 });
    text += base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data;
    if (eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  fs.writeFileSync(file, text);
  const parsed = JSON.parse(text);
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain'
    && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'FunctionCall'));
  if (!main) return {};
  const own = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // self time: an event's duration less its children's (events nest on one thread)
  const self = {};
  const stack = [];
  for (const e of own) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    if (stack.length) self[stack.at(-1).name] -= e.dur;
    self[e.name] = (self[e.name] ?? 0) + e.dur;
    stack.push(e);
  }
  return Object.fromEntries(Object.entries(self).map(([k, v]) => [k, Math.round(v / 10) / 100]).sort((a, b) => b[1] - a[1]).slice(0, 25));
}

// ---------- optional CPU profile (--profile): which functions the script time goes to ----------
async function startProfile(cdp) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
}

/**
 * Stops the profile started by startProfile, writes it to `file` (a .cpuprofile DevTools opens)
 * and returns the sampled self time by function (name and file), and the time of each
 * function with its callees, largest first (ms).
 */
async function endProfile(cdp, file) {
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${path.basename(n.callFrame.url || '')}`.trim();
  const self = {};
  const total = {};
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node || ['(idle)', '(program)', '(garbage collector)'].includes(node.callFrame.functionName)) return;
    self[label(node)] = (self[label(node)] ?? 0) + ms;
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at));
      if (!seen.has(name)) total[name] = (total[name] ?? 0) + ms;
      seen.add(name);
    }
  });
  const top = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 100) / 100]).sort((a, b) => b[1] - a[1]).slice(0, 30));
  return { self: top(self), total: top(total) };
}

/**
 * One streamed answer in `peer`: the mock must already be configured (shape, pacing). Returns
 * the figures described at the top of this file; throws if the answer did not arrive whole.
 */
export async function streamRun({ peer, url, mock, timeoutS = 300, perFrame = false, cpu = false, trace = null, profile = null }) {
  const adapter = peers[peer];
  const { ctx, close } = await launch();
  try {
    await ctx.addInitScript(instrument, { inputSel: adapter.input, sentinel: SENTINEL });
    let onDone;
    const donePromise = new Promise((r) => { onDone = r; });
    await ctx.exposeBinding('__perfSignal', () => onDone(Date.now()));
    const page = ctx.pages()[0] || (await ctx.newPage());
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e).slice(0, 300)));
    const cdp = await ctx.newCDPSession(page);
    // With `cpu`, the duration metrics count the main thread's CPU time (thread ticks).
    await cdp.send('Performance.enable', cpu ? { timeDomain: 'threadTicks' } : {});
    await cdp.send('Network.enable');
    const net = trackNetwork(cdp);
    await page.goto(new URL(adapter.path(mock.url), url).href, { waitUntil: 'load', timeout: 60000 });
    await page.waitForSelector(adapter.input, { state: 'visible', timeout: 30000 });
    if (adapter.prepare) await adapter.prepare(page, mock.url);
    await waitNetworkQuiet(net, 1000, 20000);
    await page.fill(adapter.input, PROMPT);
    await sleep(300);
    mock.stats.length = 0;

    // ---- the measured window ----
    await page.evaluate(() => window.__perf.arm());
    const m0 = await metrics(cdp);
    const samples = [{ t: Date.now(), m: m0 }];
    let peakHeap = m0.JSHeapUsedSize;
    let peakHeapWasm = null;
    /** Reads the wasm memories (outside perFrame runs) and keeps the largest heap + wasm sum. */
    const withWasm = async (m) => {
      if (perFrame) return;
      try {
        const { result } = await cdp.send('Runtime.evaluate', { expression: 'window.__perf.wasmBytes()', returnByValue: true });
        const sum = m.JSHeapUsedSize + (Number(result.value) || 0);
        if (peakHeapWasm === null || sum > peakHeapWasm) peakHeapWasm = sum;
      } catch { /* page gone */ }
    };
    await withWasm(m0);
    let sampling = true;
    let mDone = null;
    const sampleMs = perFrame ? 25 : 100;
    const sampler = (async () => {
      while (sampling) {
        try {
          const m = await metrics(cdp);
          samples.push({ t: Date.now(), m });
          if (m.JSHeapUsedSize > peakHeap) peakHeap = m.JSHeapUsedSize;
          await withWasm(m);
        } catch { break; }
        await sleep(sampleMs);
      }
    })();
    let doneAt = null;
    const doneWithMetrics = donePromise.then(async (t) => { doneAt = t; mDone = await metrics(cdp); samples.push({ t: Date.now(), m: mDone }); });
    if (trace) await startTrace(cdp);
    if (profile) await startProfile(cdp);
    await page.press(adapter.input, 'Enter');
    const finished = await withTimeout(doneWithMetrics.then(() => true), timeoutS * 1000, false);
    const traced = trace ? await endTrace(cdp, trace) : null;
    const profiled = profile ? await endProfile(cdp, profile) : null;
    sampling = false;
    await withTimeout(sampler, 60000);
    if (!finished) throw new Error(`${peer}: the answer's last word was not rendered within ${timeoutS} s`);
    // send → last token + SETTLE_MS: what the page does right after the answer counts too
    await sleep(Math.max(0, doneAt + SETTLE_MS - Date.now()));
    const mSettle1s = await metrics(cdp);
    if (mSettle1s.JSHeapUsedSize > peakHeap) peakHeap = mSettle1s.JSHeapUsedSize;
    await withWasm(mSettle1s);
    // settle: until no DOM change for 1 s (max 15 s), then stop the frame loop
    const t0 = Date.now();
    while (Date.now() - t0 < 15000) {
      const quiet = await page.evaluate(() => performance.now() - window.__perf.lastMutation);
      if (quiet > 1000) break;
      await sleep(200);
    }
    const mSettle = await metrics(cdp);
    const P = await page.evaluate(() => {
      const p = window.__perf;
      p.armed = false;
      p.mo.disconnect();
      return { tSend: p.tSend, tFirst: p.tFirst, tDone: p.tDone, longtasks: p.longtasks.slice(p.ltStart), updatedFrames: p.updatedFrames,
        frames: p.frames.length, wasmMB: p.wasmBytes() / 1048576 };
    });
    const whole = await wholeAnswer(page, adapter, mock);
    if (!whole.ok) throw new Error(`${peer}: the answer did not arrive whole: ${whole.why}`);
    const lts = P.longtasks.filter(([s, d]) => s + d >= P.tSend && s <= P.tDone);
    const ltsSettle = P.longtasks.filter(([s, d]) => s + d >= P.tSend && s <= P.tDone + SETTLE_MS);
    const d = (k) => (mDone[k] - m0[k]) * 1000;
    const run = {
      ...(traced ? { trace: traced } : {}),
      ...(profiled ? { profile: profiled } : {}),
      sendToFirstMs: P.tFirst - P.tSend,
      sendToLastMs: P.tDone - P.tSend,
      scriptMs: d('ScriptDuration'),
      taskMs: d('TaskDuration'),
      layoutMs: d('LayoutDuration'),
      styleMs: d('RecalcStyleDuration'),
      settleScriptMs: (mSettle.ScriptDuration - m0.ScriptDuration) * 1000,
      // send → last token + SETTLE_MS (the script figure up to when node measured it, ≥ SETTLE_MS)
      settle1sScriptMs: (mSettle1s.ScriptDuration - m0.ScriptDuration) * 1000,
      settle1sTaskMs: (mSettle1s.TaskDuration - m0.TaskDuration) * 1000,
      settle1sLongTasks: ltsSettle.length,
      settle1sLongestTaskMs: ltsSettle.reduce((a, [, x]) => Math.max(a, x), 0),
      settle1sTbtMs: ltsSettle.reduce((a, [, x]) => a + Math.max(0, x - 50), 0),
      longTasks: lts.length,
      longTaskMs: lts.reduce((a, [, x]) => a + x, 0),
      longestTaskMs: lts.reduce((a, [, x]) => Math.max(a, x), 0),
      tbtMs: lts.reduce((a, [, x]) => a + Math.max(0, x - 50), 0),
      peakHeapMB: peakHeap / 1048576,
      peakHeapWasmMB: peakHeapWasm === null ? null : peakHeapWasm / 1048576,
      wasmMB: P.wasmMB,
      domNodes: mSettle.Nodes,
      frames: P.frames,
      errors,
    };
    if (perFrame) {
      const span = P.tDone - P.tFirst;
      const win = ([a, b]) => windowCost(samples, P.updatedFrames, P.tFirst + span * a, P.tFirst + span * b);
      const early = win(EARLY_WINDOW);
      const late = win(LATE_WINDOW);
      run.perFrame = { spanMs: span, samples: samples.length, early, late,
        taskRatio: early.taskPerFrame && late.taskPerFrame != null ? late.taskPerFrame / early.taskPerFrame : null,
        scriptRatio: early.scriptPerFrame && late.scriptPerFrame != null ? late.scriptPerFrame / early.scriptPerFrame : null };
    }
    return run;
  } finally {
    await close();
  }
}

/** How many code spans, strong and emphasised words and links the mock's markdown has. */
function inlineCount(md) {
  const code = (md.match(/`/g) || []).length / 2;
  const strong = (md.match(/\*\*/g) || []).length / 2;
  const em = (md.replace(/\*\*/g, '').match(/\*/g) || []).length / 2;
  const links = (md.match(/\]\(/g) || []).length;
  return code + strong + em + links;
}

/**
 * Whether the streamed answer arrived whole: the mock sent every token of it, and the page's
 * last answer element holds it all: the baseline the exact text; Hearth every block of the
 * shape (sections, code lines, list items, table rows, quote paragraphs, the paragraph's
 * inline code, strong, emphasis and links).
 */
async function wholeAnswer(page, adapter, mock) {
  const rec = mock.stats.find((s) => s.stream && s.long);
  if (!rec) return { ok: false, why: 'the mock saw no streamed request for the long answer' };
  if (rec.aborted || !rec.t_end) return { ok: false, why: 'the stream was aborted' };
  const text = answerText({ ...mock.config, shape: rec.shape });
  const got = await page.evaluate((sel) => {
    const all = document.querySelectorAll(sel);
    const root = all[all.length - 1];
    if (!root) return null;
    const pres = root.querySelectorAll('pre');
    const quotes = root.querySelectorAll('blockquote');
    const longest = [...root.querySelectorAll('p')].reduce((a, p) => (a && a.textContent.length >= p.textContent.length ? a : p), null);
    return {
      text: root.textContent,
      h2: root.querySelectorAll('h2').length,
      codeLines: pres.length ? pres[pres.length - 1].textContent.replace(/\n$/, '').split('\n').length : 0,
      pres: pres.length,
      li: root.querySelectorAll('li').length,
      tr: root.querySelectorAll('tr').length,
      quoteParas: quotes.length ? quotes[quotes.length - 1].querySelectorAll('p').length : 0,
      // inline elements of the longest paragraph (its text gains the links' hosts in Hearth)
      paraInline: longest ? longest.querySelectorAll('code, strong, em, a').length : 0,
    };
  }, adapter.answer);
  if (!got) return { ok: false, why: `no element matches ${adapter.answer}` };
  if (adapter.answer === '#log > .answer') return got.text === text ? { ok: true } : { ok: false, why: `text of ${got.text.length} characters, ${text.length} sent` };
  const lines = text.split('\n');
  const body = lines.slice(2, lines.length - 3); // between the heading and the sentinel
  const expected = {
    mixed: ['h2', (text.match(/^## /gm) || []).length],
    code: ['codeLines', body.length - 2], // without the fences
    list: ['li', body.filter((l) => l.startsWith('- ')).length],
    table: ['tr', body.filter((l) => l.startsWith('|')).length - 1], // the delimiter row is no row
    quote: ['quoteParas', body.join('\n').split('\n>\n').filter((q) => /^> /m.test(q)).length],
    paragraph: ['paraInline', inlineCount(body.join('\n'))],
    codeblocks: ['pres', (text.match(/^```\w+$/gm) || []).length], // every finished block
  }[rec.shape];
  if (got[expected[0]] !== expected[1]) return { ok: false, why: `${expected[0]} ${got[expected[0]]}, expected ${expected[1]}` };
  if (!got.text.includes(SENTINEL)) return { ok: false, why: 'no sentinel' };
  return { ok: true };
}
