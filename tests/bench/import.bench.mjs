// Benchmark of importing a large backup in real headless Chromium, printing numbers (it
// asserts only that every message was stored). It writes a Hearth backup of 100,000
// messages of a few hundred characters in 2,000 conversations (both counts can be set),
// serves the release build (dist/, or $HEARTH_DIST) to a fresh profile and imports the file
// through Settings as a person would, then prints:
//   - reading: choosing the file → the review open (the file read and the import planned);
//   - writing: Import → "Imported: …" (the messages written in batches, then the rest);
//   - the page's responsiveness meanwhile: its long tasks (count, longest, total, then each
//     by when it began and how long it took) and the longest gap between two animation frames;
//   - the storage used afterwards, against the characters of text imported.
// Run: scripts/build.sh && (cd tests && npm run bench:import [-- --messages N --sessions M]);
// `-- --write FILE` also writes the figures into FILE (docs/performance.md) between its
// `<!-- bench:import -->` and `<!-- end of bench:import -->` lines; HEARTH_BENCH_PROFILE=PREFIX
// profiles the reading and the writing (see profile.mjs).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../support/browser.mjs';
import { builtApp } from '../support/dist.mjs';
import { openSettings } from '../support/dialogs.mjs';
import { mulberry32 } from '../support/seeded-random.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { PROFILING, startProfile, stopProfile } from './profile.mjs';
import { writeFigures } from './write-figures.mjs';

const DIST = builtApp();
const { values: options } = parseArgs({
  options: { messages: { type: 'string', default: '100000' }, sessions: { type: 'string', default: '2000' }, write: { type: 'string' } },
});
if (PROFILING && options.write) throw new Error('a profiled run is slowed by the sampling: run it without --write');
const MESSAGES = Number(options.messages);
const SESSIONS = Number(options.sessions);
for (const [name, value] of [['--messages', MESSAGES], ['--sessions', SESSIONS]]) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
}
const started = new Date().toISOString();
const printed = [];
/** Prints a line of the results (and keeps it for --write). */
function report(line) {
  console.log(line);
  printed.push(line);
}

// A small deterministic generator, so every run imports the same text.
const random = mulberry32(0x1a2b);
const VOCABULARY = `the a of to and in is it that for on with as was at by this be from or have an they which one
you were her all she there would their we him been has when who will more no if out so said what up its about garden
river bread lantern window harbour forest morning evening winter summer letter kitchen mountain village market bridge
meadow orchard recipe journey station library engine story question answer project budget schedule meeting design
server database network browser message archive report draft chapter kettle lighthouse candle blanket chimney teapot`.split(/\s+/);
const pick = () => VOCABULARY[Math.floor(random() * VOCABULARY.length)];
function text() {
  const sentences = 3 + Math.floor(random() * 4);
  return Array.from({ length: sentences }, () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 9) }, pick).join(' ');
    return `${words[0].toUpperCase()}${words.slice(1)}.`;
  }).join(' ');
}

/** The backup file's JSON and how many characters of text it holds. */
function backup() {
  const DAY = 86_400_000;
  const sessions = [];
  const messages = [];
  let characters = 0;
  const perSession = Math.ceil(MESSAGES / SESSIONS);
  for (let s = 0; s < SESSIONS && messages.length < MESSAGES; s++) {
    const id = randomUUID();
    const start = Date.UTC(2025, 0, 1) + s * DAY;
    let parent = null;
    const first = messages.length;
    for (let m = 0; m < perSession && messages.length < MESSAGES; m++) {
      const content = text();
      characters += content.length;
      const role = m % 2 ? 'assistant' : 'user';
      const at = start + m * 60_000;
      const message = { id: randomUUID(), session_id: id, parent, role, content, state: 'complete', created_at: at, updated_at: at };
      if (role === 'assistant') Object.assign(message, { model: 'bench-model', provider_id: 'default' });
      messages.push(message);
      parent = message.id;
    }
    const last = messages.at(-1);
    sessions.push({ id, title: `Imported conversation ${s + 1}`, title_source: 'user', agent_id: 'general', created_at: start, updated_at: last.updated_at, message_count: messages.length - first, preview: '', pinned: false, deleted_at: null });
  }
  // In the order Hearth's own backups list them (by id: StoreContents::canonicalize), a
  // conversation's messages scattered through the file.
  messages.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const file = { format: 'hearth-backup', backup_version: 1, schema_version: 3, exported_at: Date.now(), includes_api_keys: false, sessions, messages };
  return { json: JSON.stringify(file), characters, sessions: sessions.length, messages: messages.length };
}

/** Records the page's long tasks and the gaps between its animation frames. */
function watch() {
  window.benchWatch = { tasks: [], gap: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchWatch.tasks.push({ at: entry.startTime, ms: entry.duration });
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const frame = (now) => {
    window.benchWatch.gap = Math.max(window.benchWatch.gap, now - last);
    last = now;
    if (!window.benchWatch.stop) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const folder = await mkdtemp(path.join(tmpdir(), 'hearth-import-bench-'));
const [app, browser] = await Promise.all([startStaticServer({ root: DIST }), launchBrowser()]);
try {
  const made = performance.now();
  const { json, characters, sessions, messages } = backup();
  const file = path.join(folder, 'backup.json');
  await writeFile(file, json);
  const megabytes = (await stat(file)).size / 1e6;
  report(`backup: ${sessions} conversations, ${messages} messages, ${(characters / 1e6).toFixed(1)} M characters of text, ${megabytes.toFixed(1)} MB of JSON (made in ${((performance.now() - made) / 1000).toFixed(1)} s)`);

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(1_200_000);
  const page = await context.newPage();
  await page.goto(app.url);
  await page.getByText('Your conversations will appear here', { exact: false }).waitFor();
  const settings = await openSettings(page);
  await page.evaluate(watch);
  const cdp = await context.newCDPSession(page);
  await startProfile(cdp);
  const chosen = performance.now();
  const chosenInPage = await page.evaluate(() => performance.now());
  await settings.getByLabel('Import a backup or a ChatGPT export (.zip or conversations.json)', { exact: true }).setInputFiles(file);
  const review = page.getByRole('dialog', { name: 'Import this backup?' });
  await review.getByRole('button', { name: 'Import', exact: true }).waitFor();
  const reviewed = performance.now();
  const reviewedInPage = await page.evaluate(() => performance.now());
  await stopProfile(cdp, 'reading');
  await startProfile(cdp);
  await review.getByRole('button', { name: 'Import', exact: true }).click();
  await settings.getByRole('status').filter({ hasText: /^Imported: / }).waitFor();
  const written = performance.now();
  await stopProfile(cdp, 'writing');
  const watched = await page.evaluate(() => {
    window.benchWatch.stop = true;
    return window.benchWatch;
  });
  const stored = await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const opened = indexedDB.open('hearth');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const count = opened.result.transaction('messages').objectStore('messages').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
  assert.equal(stored, messages, 'every message was stored');
  const { usage } = await page.evaluate(() => navigator.storage.estimate());
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  report(`reading (file chosen → review open): ${seconds(reviewed - chosen)}`);
  report(`writing (Import → "Imported"): ${seconds(written - reviewed)}`);
  report(`whole import: ${seconds(written - chosen)}`);
  const tasks = watched.tasks.map((task) => task.ms);
  const total = tasks.reduce((sum, duration) => sum + duration, 0);
  report(
    `long tasks meanwhile: ${tasks.length}, longest ${Math.round(Math.max(0, ...tasks))} ms, ${Math.round(total)} ms in all; ` +
      `longest gap between animation frames ${Math.round(watched.gap)} ms`,
  );
  // Each long task, by when it began (from the file chosen, as the page's clock has it) and how long it took.
  const when = (task) => `${((task.at - chosenInPage) / 1000).toFixed(1)} s ${Math.round(task.ms)} ms`;
  const reading = watched.tasks.filter((task) => task.at < reviewedInPage).map(when);
  const writing = watched.tasks.filter((task) => task.at >= reviewedInPage).map(when);
  report(`  while reading: ${reading.join(', ') || 'none'}; while writing: ${writing.join(', ') || 'none'}`);
  report(`storage used afterwards: ${(usage / 1e6).toFixed(0)} MB for ${(characters / 1e6).toFixed(1)} M characters (${(usage / characters).toFixed(1)}×)`);
  if (options.write) {
    const flags = [['messages', MESSAGES], ['sessions', SESSIONS]];
    writeFigures(options.write, 'import', ['```text', ...printed, '```'], { date: started, options: flags });
  }
} finally {
  await Promise.all([browser.close(), app.close(), rm(folder, { recursive: true })]);
}
