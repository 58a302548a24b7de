// Benchmark of Hearth's stored sessions in real headless Chromium, printing numbers (it
// asserts only that the seeded data is there). It serves the release build (dist/, or
// $HEARTH_DIST), lets the app create its IndexedDB database, then seeds it directly with
// records in the format of Hearth 7 (search terms on each message, in a multi-entry index):
// 1,000 conversations of 50 messages of a few hundred characters, plus one conversation of
// 2,000 messages (both counts can be set, see Run). It measures:
//   - the move of every message into the search's postings after a reload, as after an
//     update (the storage used after it, and at the end);
// then, after another reload:
//   - first sidebar paint: navigation start → the first conversation button painted (Element
//     Timing; the median of 5 reloads);
//   - opening the 2,000-message conversation: click → its last message painted;
//   - scrolling it from end to end a viewport per frame: frame times, and how many
//     messages are in the page at most;
//   - searches over all the messages (~52,000 by default): typing a query → the result count shown (this
//     includes the app's 120 ms typing debounce), for a word in 20 messages, a common word,
//     a prefix, and two words where the longer one is common and the other rare;
//   - the JS heap after a garbage collection (DevTools), the WebAssembly memory, and the
//     storage used.
// After each search it also prints how many seeded messages match (computed here) and
// whether the results listed are the newest of them.
// Run: scripts/build.sh && (cd tests && npm run bench:sessions [-- --sessions N --long M]):
// N conversations of 50 messages (default 1,000) and one of M messages (default 2,000);
// issue 54's scale is `-- --sessions 2000 --long 5000` (105,000 messages, about 10 minutes).
// `-- --write FILE` also writes the figures into FILE (docs/performance.md) between its
// `<!-- bench:sessions -->` and `<!-- end of bench:sessions -->` lines; HEARTH_BENCH_PROFILE=PREFIX
// profiles the load up to the sidebar, the scrolling and each search (see profile.mjs).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { launchBrowser, screenshot } from '../support/browser.mjs';
import { readDatabase, searchTerms, seedRecords } from '../support/idb.mjs';
import { builtApp } from '../support/dist.mjs';
import { mulberry32 } from '../support/seeded-random.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { PROFILING, startProfile, stopProfile } from './profile.mjs';
import { writeFigures } from './write-figures.mjs';

const DIST = builtApp();

const { values: options } = parseArgs({
  options: { sessions: { type: 'string', default: '1000' }, long: { type: 'string', default: '2000' }, write: { type: 'string' } },
});
if (PROFILING && options.write) throw new Error('a profiled run is slowed by the sampling: run it without --write');
const started = new Date().toISOString();
/** The lines printed, for --write. */
const printed = [];
/** Prints a line of the results (and keeps it for --write). */
function report(line) {
  console.log(line);
  printed.push(line);
}
const SESSIONS = Number(options.sessions);
const MESSAGES_PER_SESSION = 50;
const LONG_SESSION_MESSAGES = Number(options.long);
for (const [name, value] of [['--sessions', SESSIONS], ['--long', LONG_SESSION_MESSAGES]]) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
}
const LONG_TITLE = 'Long project log';
/** Reloads whose first sidebar paint is measured (the median is reported). */
const SIDEBAR_RELOADS = 5;
const LONG_LAST = 'Final entry of the long project log: the archive is complete.';
const RARE = 'quetzalcoatl'; // in exactly RARE_COUNT messages
const RARE_COUNT = 20;
const SHORT_RARE = 'quoll'; // in exactly RARE_COUNT messages, each also holding the common LONG_COMMON
const LONG_COMMON = 'lighthouse';
const COMMON = 'kettle';
const DAY = 86_400_000;

// A small deterministic generator, so every run seeds the same text.
const random = mulberry32(0x5eed);
const pick = (list) => list[Math.floor(random() * list.length)];

const VOCABULARY = `the a of to and in is it that for on with as was at by this be from or have an they which one
you were her all she there would their we him been has when who will more no if out so said what up its about
into than them can only other new some could time these two may then do first any my now such like our over man
me even most made after also did many before must through back years where much your way well down should because
each just those people how too little state good very make world still own see men work long get here between both
life being under never day same another know while last might us great old year off come since against go came
right used take three garden river bread lantern window harbour forest morning evening winter summer letter
kitchen mountain village market bridge meadow orchard recipe journey station library engine story question answer
project budget schedule meeting design server database network browser message archive report draft chapter
${COMMON} ${LONG_COMMON} candle blanket chimney teapot`.split(/\s+/);

function sentence(extra = []) {
  const words = Array.from({ length: 8 + Math.floor(random() * 9) }, () => pick(VOCABULARY));
  for (const word of extra) words.splice(Math.floor(random() * words.length), 0, word);
  const text = words.join(' ');
  return `${text[0].toUpperCase()}${text.slice(1)}.`;
}

/** A message of 3–6 sentences (a few hundred characters), with `extra` words mixed in. */
function messageText(extra = []) {
  const count = 3 + Math.floor(random() * 4);
  return Array.from({ length: count }, (_, i) => sentence(i === 0 ? extra : [])).join(' ');
}

function messageRecord(sessionId, index, createdAt, content) {
  const role = index % 2 ? 'assistant' : 'user';
  return {
    id: randomUUID(),
    session_id: sessionId,
    role,
    content,
    reasoning: '',
    tool_calls: [],
    model: role === 'assistant' ? 'bench-model' : null,
    provider_id: role === 'assistant' ? 'default' : null,
    usage: null,
    finish: null,
    error: null,
    state: 'complete',
    created_at: createdAt,
    updated_at: createdAt,
    terms: searchTerms(content),
  };
}

function sessionRecord(id, title, createdAt, messages) {
  const last = messages.at(-1);
  return {
    id,
    title,
    title_source: 'first_message',
    agent_id: 'general',
    created_at: createdAt,
    updated_at: last.updated_at,
    message_count: messages.length,
    preview: last.content.split(/\s+/).join(' ').slice(0, 120),
    pinned: false,
    deleted_at: null,
  };
}

/** One ordinary conversation; `special[i]` holds extra words for its message `i`. */
function conversation(index, special) {
  const id = randomUUID();
  // Spread over the 375 days before the last 25 (9 hours apart at the default 1,000), so
  // the long conversation, a month old, is the newest whatever the count.
  const start = Date.now() - 400 * DAY + index * Math.floor((375 * DAY) / SESSIONS);
  const messages = Array.from({ length: MESSAGES_PER_SESSION }, (_, i) =>
    messageRecord(id, i, start + i * 60_000, messageText(special.get(i) ?? [])),
  );
  const title = messages[0].content.split(' ').slice(0, 6).join(' ');
  return { session: sessionRecord(id, title, start, messages), messages };
}

function longConversation() {
  const id = randomUUID();
  const start = Date.now() - 30 * DAY;
  const messages = Array.from({ length: LONG_SESSION_MESSAGES }, (_, i) =>
    messageRecord(id, i, start + i * 1_000, i === LONG_SESSION_MESSAGES - 1 ? LONG_LAST : messageText()),
  );
  messages[0].content = `${LONG_TITLE}\n${messages[0].content}`;
  messages[0].terms = searchTerms(messages[0].content);
  return { session: sessionRecord(id, LONG_TITLE, start, messages), messages };
}

// Installed before the app loads: when the first conversation button is first painted,
// as the browser's Element Timing reports it (the button is marked as it appears, before
// its frame). A task queued from the frame (an animation frame, then a timeout) would come
// after whatever the app queued before it, such as the rest of the list made after the paint.
function instrument() {
  window.__bench = { sidebarPaintMs: null, memory: null };
  addEventListener('hearth-started', (event) => (window.__bench.memory = event.detail?.memory ?? null));
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      if (entry.identifier === 'sidebar' && window.__bench.sidebarPaintMs === null) window.__bench.sidebarPaintMs = entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
  new MutationObserver((_, observer) => {
    const button = document.querySelector('nav[aria-label="Conversations"] li button');
    if (button) {
      button.setAttribute('elementtiming', 'sidebar');
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Runs in the page: resolves with ms from the next click to the paint after `text` appears in the log. */
function watchLog(text) {
  return new Promise((resolve) => {
    let clickedAt = null;
    document.addEventListener('click', () => (clickedAt = performance.now()), { capture: true, once: true });
    const log = document.querySelector('[role="log"]');
    const observer = new MutationObserver(() => {
      const articles = log.querySelectorAll('article');
      if (clickedAt !== null && articles.length && articles[articles.length - 1].textContent.includes(text)) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - clickedAt)));
      }
    });
    observer.observe(log, { childList: true, subtree: true, characterData: true });
  });
}

/** Runs in the page: ms from the next input in the search box to the paint after its status reads `N results`. */
function watchSearch() {
  return new Promise((resolve) => {
    const box = document.querySelector('input[type="search"]');
    let typedAt = null;
    box.addEventListener('input', () => (typedAt = performance.now()), { once: true });
    const nav = document.querySelector('nav[aria-label="Conversations"]');
    const observer = new MutationObserver(() => {
      const status = nav.querySelector('[role="status"]');
      const text = status?.textContent ?? '';
      if (typedAt !== null && /\bresults?($|;)|No messages match/.test(text)) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - typedAt, status: text })));
      }
    });
    observer.observe(nav, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Runs in the page: scrolls the conversation from its bottom to its top a viewport per
 * frame, then back down, timing every frame and counting the messages in the page.
 */
function scrollEndToEnd() {
  const scroller = document.querySelector('main[aria-label="Messages"]');
  const log = document.querySelector('[role="log"]');
  return new Promise((resolve) => {
    const gaps = [];
    let articles = 0;
    let direction = -1;
    let last = performance.now();
    const step = (now) => {
      gaps.push(now - last);
      last = now;
      articles = Math.max(articles, log.querySelectorAll('article').length);
      const before = scroller.scrollTop;
      scroller.scrollTop += direction * scroller.clientHeight;
      if (scroller.scrollTop === before || gaps.length > 5000) {
        if (direction === 1 || gaps.length > 5000) {
          gaps.shift();
          const sorted = [...gaps].sort((a, b) => a - b);
          resolve({
            frames: gaps.length,
            median: sorted[Math.floor(sorted.length / 2)],
            worst: sorted.at(-1),
            long: gaps.filter((gap) => gap > 50).length,
            over33: gaps.filter((gap) => gap > 33).length,
            articles,
          });
          return;
        }
        direction = 1;
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}

/** The JS heap in use after a full garbage collection, and the WebAssembly memory, in MB. */
async function memory(page, cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize').value / 1e6;
  const bytes = await page.evaluate(() => window.__bench.memory?.buffer.byteLength ?? null);
  if (bytes === null) throw new Error('the app did not say it started (boot.js dispatches hearth-started)');
  const wasm = bytes / 1e6;
  return `JS heap ${heap.toFixed(1)} MB (after GC), WebAssembly memory ${wasm.toFixed(1)} MB`;
}

const [app, browser] = await Promise.all([startStaticServer({ root: DIST }), launchBrowser()]);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(120_000);
  const page = await context.newPage();
  await page.addInitScript(instrument);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(app.url);
  await page.getByText('Your conversations will appear here', { exact: false }).waitFor();
  report(`memory with no conversations: ${await memory(page, cdp)}`);

  // Which ordinary messages get the rare words: RARE_COUNT distinct slots each.
  const slots = new Map(); // session index → Map(message index → extra words)
  const place = (words) => {
    for (let placed = 0; placed < RARE_COUNT; ) {
      const [s, m] = [Math.floor(random() * SESSIONS), Math.floor(random() * MESSAGES_PER_SESSION)];
      const bySession = slots.get(s) ?? new Map();
      if (bySession.has(m)) continue;
      bySession.set(m, words);
      slots.set(s, bySession);
      placed += 1;
    }
  };
  place([RARE]);
  place([SHORT_RARE, LONG_COMMON]);

  // Every seeded message's terms, time and conversation title, to know what a search should find.
  const seeded = [];
  let generateMs = 0;
  let writeMs = 0;
  let messageCount = 0;
  let contentChars = 0;
  const seedStarted = performance.now();
  const CHUNK = 100; // conversations per page.evaluate
  for (let start = 0; start <= SESSIONS; start += CHUNK) {
    const generated = performance.now();
    const batch = { sessions: [], messages: [] };
    for (let i = start; i < Math.min(start + CHUNK, SESSIONS); i++) {
      const { session, messages } = conversation(i, slots.get(i) ?? new Map());
      batch.sessions.push(session);
      batch.messages.push(...messages);
    }
    if (start + CHUNK > SESSIONS) {
      const { session, messages } = longConversation();
      batch.sessions.push(session);
      batch.messages.push(...messages);
    }
    const titles = new Map(batch.sessions.map((session) => [session.id, session.title]));
    for (const m of batch.messages) seeded.push({ terms: m.terms, at: m.created_at, title: titles.get(m.session_id) });
    generateMs += performance.now() - generated;
    messageCount += batch.messages.length;
    contentChars += batch.messages.reduce((sum, m) => sum + m.content.length, 0);
    writeMs += await seedRecords(page, batch, { batchSize: 1000 });
  }
  const seedWallMs = performance.now() - seedStarted;
  const { sessions } = await readDatabase(page, ['sessions']);
  assert.equal(sessions.length, SESSIONS + 1, 'every conversation was seeded');
  const { usage } = await page.evaluate(() => navigator.storage.estimate());
  report(
    `seeded ${SESSIONS + 1} conversations, ${messageCount} messages ` +
      `(${(contentChars / 1e6).toFixed(1)} M characters, ${Math.round(contentChars / messageCount)} per message): ` +
      `${(seedWallMs / 1000).toFixed(1)} s wall ` +
      `(IndexedDB writes in 1,000-record transactions ${(writeMs / 1000).toFixed(1)} s, ` +
      `generating in Node ${(generateMs / 1000).toFixed(1)} s); storage used ${(usage / 1e6).toFixed(0)} MB`,
  );

  // The records are seeded as Hearth 7 stored them (each with its `terms`, in the multi-entry
  // index): as after an update, the app moves them into its postings in the background after
  // the next start. Timed from the reload to the setting that says it is done.
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('hearth');
        open.onsuccess = () => {
          const tx = open.result.transaction('settings', 'readwrite');
          tx.objectStore('settings').put({ key: 'search_index', value: 2 });
          tx.oncomplete = () => resolve(open.result.close());
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  const moveStarted = performance.now();
  await page.reload();
  for (;;) {
    const { settings } = await readDatabase(page, ['settings']);
    if (settings.some((setting) => setting.key === 'search_index' && setting.value === 3)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const moveMs = performance.now() - moveStarted;
  const { usage: movedUsage } = await page.evaluate(() => navigator.storage.estimate());
  report(
    `moving the ${messageCount} messages from the multi-entry index to the postings (as after an update): ` +
      `${(moveMs / 1000).toFixed(1)} s from the reload; storage used then ${(movedUsage / 1e6).toFixed(0)} MB ` +
      `(${(movedUsage / contentChars).toFixed(1)}× the text)`,
  );

  // The median of a few reloads (one varies by tens of ms on a busy machine); when profiling,
  // one more reload comes first, profiled and not counted (the sampling slows it).
  const paints = [];
  for (let reload = PROFILING ? -1 : 0; reload < SIDEBAR_RELOADS; reload += 1) {
    if (reload < 0) await startProfile(cdp);
    await page.reload();
    // Waited for through the page's own note only: a locator polled meanwhile (its accessible
    // names computed) would take main-thread time from the load it measures.
    await page.waitForFunction(() => window.__bench.sidebarPaintMs !== null, null, { polling: 100 });
    if (reload < 0) await stopProfile(cdp, 'load');
    else paints.push(await page.evaluate(() => window.__bench.sidebarPaintMs));
  }
  const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
  const longButton = nav.getByRole('button', { name: LONG_TITLE, exact: true });
  await longButton.waitFor();
  const rows = await nav.getByRole('list', { name: 'Conversation list', exact: true }).getByRole('listitem').count();
  paints.sort((a, b) => a - b);
  report(
    `first sidebar paint after navigation: ${paints[paints.length >> 1].toFixed(0)} ms, the median of ${paints.length} reloads ` +
      `(${paints[0].toFixed(0)}–${paints.at(-1).toFixed(0)}; ${rows} rows once all are made)`,
  );
  report(`memory after load: ${await memory(page, cdp)}`);

  const opened = page.evaluate(watchLog, LONG_LAST);
  await longButton.click();
  const openMs = await opened;
  const log = page.getByRole('log', { name: 'Conversation', exact: true });
  const articles = await log.getByRole('article').count();
  report(
    `open the ${LONG_SESSION_MESSAGES}-message conversation: ${openMs.toFixed(0)} ms click → last message painted ` +
      `(${articles} messages rendered)`,
  );
  assert.ok(await log.getByText(LONG_LAST).isVisible(), 'the last message is visible');
  report(`memory with it open: ${await memory(page, cdp)}`);
  await screenshot(page, 'bench-long-session.png');
  await startProfile(cdp);
  const scrolled = await page.evaluate(scrollEndToEnd);
  await stopProfile(cdp, 'scroll');
  report(
    `scroll it end to end (a page up per frame, then back down): ${scrolled.frames} frames, ` +
      `median ${scrolled.median.toFixed(1)} ms, worst ${scrolled.worst.toFixed(0)} ms, ` +
      `${scrolled.over33} over 33 ms, ${scrolled.long} over 50 ms; at most ${scrolled.articles} messages in the page`,
  );
  report(`memory after scrolling: ${await memory(page, cdp)}`);

  const search = nav.getByRole('searchbox', { name: 'Search conversations', exact: true });
  const queries = [
    [RARE, `a word in ${RARE_COUNT} messages`],
    [RARE.slice(0, 6), `a prefix of it ("${RARE.slice(0, 6)}")`],
    [COMMON, 'a common word (in about a quarter of all messages)'],
    [`${LONG_COMMON} ${SHORT_RARE}`, `two words: a common long one and one in ${RARE_COUNT} messages`],
  ];
  for (const [query, what] of queries) {
    await search.fill('');
    await nav.getByRole('list', { name: 'Conversation list', exact: true }).waitFor();
    const watched = page.evaluate(watchSearch);
    await startProfile(cdp);
    await search.fill(query);
    const { ms, status } = await watched;
    await stopProfile(cdp, `search-${query.replace(/\W+/g, '-')}`);
    report(`search "${query}" (${what}): ${ms.toFixed(0)} ms typed → "${status}" painted (incl. debounce); ${await memory(page, cdp)}`);
    // What should match: every query word is a prefix of one of the message's terms.
    const words = searchTerms(query);
    const matching = seeded
      .filter((m) => words.every((word) => m.terms.some((term) => term.startsWith(word))))
      .sort((a, b) => b.at - a.at);
    const shown = [];
    const results = nav.getByRole('list', { name: 'Search results', exact: true }).getByRole('button');
    for (const result of await results.all()) {
      shown.push((await result.innerText()).split('\n')[0].trim());
    }
    const newest = matching.slice(0, shown.length).map((m) => m.title);
    const newestShown = JSON.stringify(newest) === JSON.stringify(shown);
    const complete = shown.length === Math.min(matching.length, 50);
    report(
      `  ${matching.length} messages match; ${shown.length} results listed` +
        (complete ? '' : ` — NOTE: expected ${Math.min(matching.length, 50)} (the app lists at most 50)`) +
        (shown.length ? `; they are the newest matches: ${newestShown ? 'yes' : 'NO'}` : ''),
    );
  }
  report(`memory after the searches: ${await memory(page, cdp)}`);
  const { usage: usageAfter } = await page.evaluate(() => navigator.storage.estimate());
  report(`storage used at the end: ${(usageAfter / 1e6).toFixed(0)} MB (${(usageAfter / contentChars).toFixed(1)}× the text)`);
} finally {
  await Promise.all([browser.close(), app.close()]);
}
if (options.write) {
  const flags = [['sessions', options.sessions], ['long', options.long]];
  writeFigures(options.write, 'sessions', ['```text', ...printed, '```'], { date: started, options: flags });
  console.log(`wrote the figures into ${options.write}`);
}
