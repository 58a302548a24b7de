// The main journeys in Firefox and WebKit (see driver.mjs for how each is driven), against the
// built app (dist/, or $HEARTH_DIST) served with its headers and the mock server: controls are
// found by role and accessible name, as in the Chromium suite (tests/e2e/).
//
// - A provider of each family added in the Providers dialog, a reply streamed from each, and
//   the conversation there again after a reload (IndexedDB).
// - The API keys locked with a passphrase (WebCrypto): sealed in IndexedDB, asked for after a
//   reload, then the key goes to its server again; search finds the message.
// - Branches: a message edited becomes a second version with its own answer; the first is
//   there again with the arrows, and both after a reload.
// - A backup of one browser's conversation imported into a fresh one, reviewed, there.
// - Sync through pouchdb-server, end-to-end encrypted: one browser's conversation reaches the
//   server only sealed, and a fresh browser with the passphrase has it.
// - Offline: once the service worker has the app, it opens with the host gone.
// - Typing before the app starts (its main wasm held back): the text is in the app's box.
// - An image attached in the file picker, prepared by the media worker and stored (IndexedDB),
//   reaches the model.
// - A phone (390 × 844; WebKitGTK's MiniBrowser goes no narrower than 447): the conversation
//   keeps three quarters of the height, the top bar is
//   one row, the open conversation's actions are icons; Arabic chosen on the device makes
//   the page right to left.
// - Compare: one message answered side by side by models of two families; the answer picked
//   is the one the next message's history holds.
// - An app agent's app (the App Builder's to-do app) runs in its sandboxed frame, whose origin
//   is opaque: the app works, and its own probes find Hearth's storage, page and the network
//   out of reach (nothing reaches the mock).
// - MCP: the reference server (server-everything) added in Tools, its get-sum offered by the
//   agent; the call waits for Allow, runs on the server, and its result reaches the model.
// - MCP Apps: the basic example server's page shown under its call, in an opaque frame with
//   no storage or WebRTC; its own call of its server waits for the user.
// - A knowledge base: a Markdown file and a 40-page PDF read in the Knowledge dialog by the
//   worker (its wasm, IndexedDB, the PDF's streams inflated by DecompressionStream); a message
//   that picks the base with `#` carries the PDF's page-31 passage to the model.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../mock/server.mjs';
import { builtApp } from '../support/dist.mjs';
import { readDatabase } from '../support/idb.mjs';
import { APP_PROBES_BLOCKED } from '../support/app-probes.mjs';
import { startEverything } from '../support/mcp-everything.mjs';
import { startAppServer } from '../support/mcp-apps.mjs';
import { FAMILIES, isTitleRequest } from '../support/mock.mjs';
import { PDF_ANSWER, writeMarkdown, writePdf } from '../support/knowledge-files.mjs';
import { solidPng } from '../mock/png.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { ALICE, startSyncServer } from '../support/sync.mjs';
import { ENGINE_FILTER, launch } from './driver.mjs';

const SECRET = 'sk-engine-secret-42';
const PASSPHRASE = 'correct horse battery staple';
const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** The page of the journey running (for what a timeout says), set by openApp. */
let current = null;

/**
 * Installed in a page once the app is up: every fetch of the page (when it started, when its
 * answer's headers came, how it ended) and every gap of over a second between two turns of
 * its event loop, so a journey that times out can tell a request the network held from a
 * page that stopped running.
 */
function watch() {
  if (window.__watch) return;
  const log = { fetches: [], gaps: [] };
  window.__watch = log;
  const now = () => Math.round(performance.timeOrigin + performance.now());
  let last = now();
  setInterval(() => {
    const at = now();
    if (at - last > 1000) log.gaps.push({ at: last, ms: at - last });
    last = at;
  }, 100);
  const original = window.fetch;
  window.fetch = function (input, init) {
    const entry = { url: String(input?.url ?? input).slice(0, 120), start: now() };
    log.fetches.push(entry);
    const answer = original.call(this, input, init);
    answer.then((response) => { entry.headers = now() - entry.start; entry.status = response.status; }, (error) => { entry.error = String(error).slice(0, 120); });
    return answer;
  };
}

/** What the page was doing when a wait ran out: its fetches and event-loop gaps of the last minute. */
async function diagnosis(page) {
  if (!page) return '';
  try {
    const seen = await page.evaluate(() => {
      const log = window.__watch;
      if (!log) return {};
      const since = performance.timeOrigin + performance.now() - 60_000;
      const slow = performance.getEntriesByType('resource')
        .filter((entry) => entry.duration > 1000)
        .map((entry) => ({ url: entry.name.slice(0, 120), start: Math.round(performance.timeOrigin + entry.startTime), ms: Math.round(entry.duration) }));
      return { now: Math.round(performance.timeOrigin + performance.now()), fetches: log.fetches.filter((entry) => entry.start > since), gaps: log.gaps, slow };
    });
    // Whether IndexedDB answers now: the app's database read, within 3 s.
    const storage = await page.evaluate(() => new Promise((resolve) => {
      const start = performance.now();
      const took = () => Math.round(performance.now() - start);
      setTimeout(() => resolve(`no answer in ${took()} ms`), 3000);
      const request = indexedDB.open('hearth');
      // No database yet: none is made here (the app's own opening would then find one).
      request.onupgradeneeded = () => request.transaction.abort();
      request.onerror = () => resolve(`open failed: ${request.error}`);
      request.onblocked = () => resolve('open blocked');
      request.onsuccess = () => {
        const db = request.result;
        try {
          // How many records each store holds (what the app kept, beside what it shows).
          const names = [...db.objectStoreNames];
          const transaction = db.transaction(names, 'readonly');
          const counts = {};
          for (const name of names) {
            const count = transaction.objectStore(name).count();
            count.onsuccess = () => { counts[name] = count.result; };
          }
          transaction.oncomplete = () => { db.close(); resolve(`read in ${took()} ms: ${JSON.stringify(counts)}`); };
          transaction.onerror = () => resolve(`read failed: ${transaction.error}`);
        } catch (error) {
          resolve(`no transaction: ${error}`);
        }
      };
    })).catch((error) => `(${error.message})`);
    seen.indexedDB = storage;
    return `; the page (node's clock ${Date.now()}): ${JSON.stringify(seen)}`;
  } catch (error) {
    return `; the page did not answer (${error.message})`;
  }
}

/** Waits until `check()` is true (polled), or fails saying `what` (and what the page was doing). */
async function until(check, what, timeout = 20_000) {
  for (let waited = 0; waited <= timeout; waited += 150) {
    if (await check()) return;
    await sleep(150);
  }
  assert.fail(`waited ${timeout} ms for ${what}${await diagnosis(current)}`);
}

/**
 * A host in front of `target` that holds the main wasm back while `held` is true: `{ url,
 * release(), close() }`.
 */
async function holdingHost(target) {
  const waiting = [];
  let held = true;
  const server = createServer((req, res) => {
    const pass = () => {
      const upstream = httpRequest(new URL(req.url, target), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    };
    if (held && /\/hearth_bg\.wasm$/.test(req.url)) waiting.push(pass);
    else pass();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    release() {
      held = false;
      for (const pass of waiting.splice(0)) pass();
    },
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Adds a provider of `family` answering from the mock's scenario `model` (`echo`), in the Providers dialog. */
async function addProvider(page, mock, family, apiKey = 'sk-test', model = 'echo') {
  await page.getByRole('button', { name: 'Providers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Providers' });
  await dialog.waitFor();
  await dialog.getByRole('combobox', { name: 'New provider type' }).selectOption({ label: family.type });
  await dialog.getByRole('button', { name: 'Add provider' }).click();
  const form = dialog.getByRole('form', { name: 'Provider settings' });
  await form.getByRole('textbox', { name: 'Base URL' }).commit(family.baseUrl(mock));
  await form.getByLabel('API key').commit(apiKey);
  await form.getByRole('textbox', { name: 'Model' }).commit(model);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A new page of `browser` (storage of its own, `size` its viewport) with the app of `app` started in it. */
async function openApp(browser, app, size) {
  const page = await browser.newPage(size);
  await page.goto(app.url);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.evaluate(watch);
  page.diagnosis = () => diagnosis(page);
  // A reload's new document is watched too.
  const reload = page.reload.bind(page);
  page.reload = async () => {
    await reload();
    await page.evaluate(watch).catch(() => {});
  };
  current = page;
  return page;
}

/** Starts end-to-end encrypted sync with `couch`'s database `db` in Settings → Sync. */
async function startSync(page, couch, db, passphrase) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  const section = settings.getByRole('region', { name: 'Sync' });
  await section.getByRole('textbox', { name: 'Server address' }).fill(couch.url);
  await section.getByRole('textbox', { name: 'Database' }).fill(db);
  await section.getByRole('textbox', { name: 'User name' }).fill(ALICE.name);
  await section.getByLabel('Password').fill(ALICE.password);
  const encrypt = section.getByRole('checkbox', { name: 'Encrypt end to end with a sync passphrase' });
  if ((await encrypt.evaluate((box) => box.checked)) === false) await encrypt.click();
  await until(async () => (await encrypt.evaluate((box) => box.checked)) === true, 'encryption chosen');
  await section.getByLabel('Sync passphrase').fill(passphrase);
  await section.getByRole('button', { name: 'Start sync' }).click();
  await section.getByText(/Up to date/).first().waitFor({ timeout: 60_000 });
  await settings.getByRole('button', { name: 'Close' }).click();
}

/** Chooses, in the Compare panel's `select`, the model setting whose label starts with `model ·`. */
async function chooseModel(select, model) {
  const labels = await select.evaluate((element) => [...element.options].map((option) => option.textContent.trim()));
  const label = labels.find((text) => text.startsWith(`${model} ·`));
  assert.ok(label, `the model ${model} is offered among ${JSON.stringify(labels)}`);
  await select.selectOption({ label });
}

/** The chat requests (titles left out) the mock has had from any family, with `words` in them. */
function chatRequestsWith(mock, words) {
  return mock.requests.filter(
    (entry) => Object.values(FAMILIES).some((family) => family.isChat(entry)) && !isTitleRequest(entry) && JSON.stringify(entry.body ?? {}).includes(words),
  );
}

/** Sends `words` and waits for the whole echo of them. */
async function send(page, words) {
  const replies = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' });
  const before = await replies.count();
  await page.getByRole('textbox', { name: 'Message' }).fill(words);
  await page.getByRole('button', { name: 'Send' }).click();
  await until(async () => (await replies.count()) > before, `a reply to "${words}"`);
  await until(async () => (await replies.last().innerText()).includes(words), `the echo of "${words}"`).catch(async (error) => {
    // What the reply showed by then, to tell a stream that stalled from one that never rendered.
    const shown = await replies.last().innerText().catch((failure) => `(unreadable: ${failure.message})`);
    throw new Error(`${error.message}; the reply showed ${JSON.stringify(shown)}`);
  });
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
}

/**
 * The journeys in `engine` (one of driver.mjs's ENGINES), unless $HEARTH_ENGINES (a comma-separated
 * list) leaves it out. Each engine's file (firefox.test.mjs, webkit.test.mjs) calls it, so the
 * two engines run in processes of their own, side by side (`npm run test:engines`).
 */
/**
 * Adds the MCP server at `url` as `name` in Tools (waiting for the doctor's `works` line),
 * then offers its `tool` in the General Assistant; `beforeSave(editor)` may look at the
 * editor before the agent is saved.
 */
async function addMcpServer(page, { name, url, tool, works }, beforeSave = async () => {}) {
  await page.getByRole('banner').getByRole('button', { name: 'Tools' }).click();
  const tools = page.getByRole('dialog', { name: 'Tools' });
  const form = tools.getByRole('form', { name: 'Add an MCP server' });
  await form.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('button', { name: 'Add server' }).click();
  await tools.getByText(works).waitFor({ timeout: 30_000 });
  await tools.getByRole('button', { name: 'Close' }).click();
  await tools.waitFor({ state: 'hidden' });
  await page.getByRole('banner').getByRole('button', { name: 'Agents' }).click();
  const agents = page.getByRole('dialog', { name: 'Agents' });
  await agents.getByRole('button', { name: 'Edit General Assistant' }).click();
  const editor = agents.getByRole('form', { name: 'Edit General Assistant' });
  const offered = editor.getByRole('group', { name: `Tools from the MCP server ${name}` }).getByRole('checkbox', { name: `${tool} (${name})` });
  await offered.click();
  await until(async () => (await offered.evaluate((box) => box.checked)) === true, `${tool} offered`);
  await beforeSave(editor);
  await editor.getByRole('button', { name: 'Save agent' }).click();
  await editor.waitFor({ state: 'hidden' });
  await agents.getByRole('button', { name: 'Close' }).click();
  await agents.waitFor({ state: 'hidden' });
}

export function journeys(engine) {
  if (!ENGINE_FILTER.includes(engine)) return;
  describe(`journeys in ${engine}`, () => {
    let app;
    let mock;
    let browser;
    before(async () => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      app = await startStaticServer({ root: builtApp(), headers: true });
      mock = await startMockServer();
      browser = await launch(engine);
    });
    after(async () => {
      await browser?.close();
      await mock?.close();
      await app?.close();
    });

    test('a provider of each family streams a reply, and the conversation is there after a reload', async () => {
      const page = await openApp(browser, app);
      const message = page.getByRole('textbox', { name: 'Message' });
      const log = page.getByRole('log', { name: 'Conversation' });
      const replies = log.getByRole('article', { name: 'Assistant' });
      for (const family of [FAMILIES.openai, FAMILIES.anthropic, FAMILIES.gemini]) {
        await addProvider(page, mock, family);
        const words = `Hello from ${engine} to ${family.type}`;
        await send(page, words);
        const asked = mock.requests.filter((entry) => family.isChat(entry) && JSON.stringify(entry.body ?? {}).includes(words));
        assert.ok(asked.length >= 1, `${family.type} was asked (and perhaps for a title too)`);
      }
      await page.screenshot(path.join(SCREENSHOTS, `${engine}-three-families.png`));
      await page.reload();
      await message.waitFor();
      await until(async () => (await replies.count()) === 3, 'the three replies after the reload');
        // A stored reply is rendered once the reply chunk is in.
      await until(async () => (await replies.first().innerText()).includes(`Hello from ${engine}`), 'the first reply, rendered');
      await page.close();
    });

    test('locked API keys are sealed, asked for after a reload, then sent to their server; search finds the message', async () => {
      const page = await openApp(browser, app);
      await addProvider(page, mock, FAMILIES.openai, SECRET);
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      const section = settings.getByRole('region', { name: 'API key lock' });
      await section.getByRole('button', { name: 'Lock API keys with a passphrase' }).click();
      await section.getByLabel('Passphrase').fill(PASSPHRASE);
      await section.getByLabel('Confirm passphrase').fill(PASSPHRASE);
      await section.getByRole('button', { name: 'Lock API keys' }).click();
      await section.getByText('API keys locked with your passphrase.').waitFor({ timeout: 30_000 });
      await settings.getByRole('button', { name: 'Close' }).click();
      const stored = await readDatabase(page, ['providers']);
      assert.ok(!JSON.stringify(stored).includes(SECRET), 'no plain key in IndexedDB');
      assert.equal(stored.providers[0].api_key, '');
      await page.reload();
      const prompt = page.getByRole('dialog', { name: 'Unlock your API keys' });
      await prompt.waitFor();
      await prompt.getByLabel('Passphrase').fill(PASSPHRASE);
      await prompt.getByRole('button', { name: 'Unlock' }).click();
      await prompt.waitFor({ state: 'hidden', timeout: 30_000 });
      const words = `Locked in ${engine}, then opened`;
      await send(page, words);
      const asked = mock.requests.find((entry) => FAMILIES.openai.isChat(entry) && JSON.stringify(entry.body ?? {}).includes(words));
      assert.equal(asked.headers.authorization, `Bearer ${SECRET}`, 'the key, unsealed, to its own server');
      await page.getByRole('searchbox', { name: 'Search conversations' }).fill('opened');
      const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
      await until(async () => (await results.count()) > 0, 'a search result');
      await page.close();
    });

    test('text typed before the app started is in its message box once it starts', async () => {
      const host = await holdingHost(app.url);
      const page = await browser.newPage();
      try {
        await page.goto(host.url);
        const box = page.getByRole('textbox', { name: 'Message' });
        await box.waitFor();
        assert.equal(await page.getByRole('button', { name: 'Providers' }).count(), 0, 'the app has not started');
        await box.fill('Half a thought');
        host.release();
        await page.getByRole('button', { name: 'Providers' }).waitFor({ timeout: 30_000 });
        await until(async () => (await box.evaluate((field) => field.value)) === 'Half a thought', 'the app has the text');
      } finally {
        host.release();
        await page.close();
        await host.close();
      }
    });

    test('an image attached is prepared by the media worker, stored, and reaches the model', async () => {
      const page = await openApp(browser, app);
      await addProvider(page, mock, FAMILIES.openai);
      const square = path.join(mkdtempSync(path.join(tmpdir(), 'hearth-engines-')), 'square.png');
      writeFileSync(square, solidPng(2, 96));
      await page.getByRole('button', { name: 'Attach a file' }).chooseFiles([square]);
      const attached = page.getByRole('list', { name: 'Attached images, PDFs and voice notes' }).getByRole('listitem');
      await until(async () => (await attached.count()) === 1, 'the image attached');
      await until(async () => /Will be sent as/.test(await attached.first().innerText()), 'the image prepared', 30_000).catch(async (error) => {
        await page.screenshot(path.join(SCREENSHOTS, `${engine}-image-not-ready.png`));
        throw new Error(`${error.message}: ${await attached.first().innerText()}`);
      });
      const words = `A square from ${engine}`;
      await send(page, words);
      const asked = mock.requests.find((entry) => FAMILIES.openai.isChat(entry) && JSON.stringify(entry.body ?? {}).includes(words));
      const parts = asked.body.messages.at(-1).content;
      assert.ok(Array.isArray(parts), `the message has parts: ${JSON.stringify(asked.body.messages.at(-1)).slice(0, 300)}`);
      const image = parts.find((part) => part.type === 'image_url');
      assert.match(image.image_url.url, /^data:image\/(png|jpeg|webp);base64,/, 'the image, as data');
      await page.close();
    });

    test('an edited message is a second version with its own answer, and the first is a click away', async () => {
      const page = await openApp(browser, app);
      await addProvider(page, mock, FAMILIES.openai);
      await send(page, 'First question');
      await send(page, 'Second question');
      const log = page.getByRole('log', { name: 'Conversation' });
      const second = log.getByRole('article', { name: 'You' }).nth(1);
      await second.getByRole('button', { name: 'Edit' }).click();
      const box = second.getByRole('textbox', { name: 'Edit your message' });
      await box.fill('Second question, edited');
      await second.getByRole('button', { name: 'Send' }).click();
      const replies = log.getByRole('article', { name: 'Assistant' });
      await until(async () => (await replies.last().innerText()).includes('Second question, edited'), 'the answer to the edit');
      await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
      const versions = log.getByRole('article', { name: 'You' }).nth(1).getByRole('group', { name: 'Versions of this message' });
      await until(async () => /Version 2 of 2/.test(await versions.innerText()), 'version 2 of 2');
      await versions.getByRole('button', { name: 'Show the previous version' }).click();
      await until(async () => /Version 1 of 2/.test(await versions.innerText()), 'version 1 of 2');
      await until(async () => (await replies.last().innerText()).includes('Second question') && !(await replies.last().innerText()).includes('edited'), 'the first answer again');
      await page.reload();
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      await until(async () => /of 2/.test(await versions.innerText().catch(() => '')), 'both versions after a reload');
      await page.close();
    });

    test('a backup of a conversation, imported into a fresh browser after its review, is there', async () => {
      const first = await openApp(browser, app);
      await addProvider(first, mock, FAMILIES.openai);
      const words = `Carried by a backup in ${engine}`;
      await send(first, words);
      const stored = await readDatabase(first, ['sessions', 'messages']);
      await first.close();
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'hearth-engines-')), 'backup.json');
      const backup = { format: 'hearth-backup', backup_version: 1, schema_version: 1, exported_at: 1_700_000_000_000, includes_api_keys: false };
      const empty = { providers: [], model_configs: [], agents: [], project_files: [], settings: [] };
      writeFileSync(file, JSON.stringify({ ...backup, ...empty, ...stored }));
      const page = await openApp(browser, app);
      await page.getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByLabel('Import a backup or a ChatGPT export (.zip or conversations.json)').setInputFiles([file]);
      const review = page.getByRole('dialog', { name: 'Import this backup?' });
      await review.waitFor();
      await review.getByRole('button', { name: 'Import' }).click();
      await review.waitFor({ state: 'hidden' });
      await settings.getByRole('button', { name: 'Close' }).click();
      const listed = page.getByRole('list', { name: 'Conversation list' }).getByRole('listitem');
      await until(async () => (await listed.count()) === 1, 'the imported conversation listed');
      await listed.first().getByRole('button').first().click();
      const replies = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' });
      await until(async () => (await replies.count()) === 1 && (await replies.first().innerText()).includes(words), 'the imported reply');
      await page.close();
    });

    test('sync, end-to-end encrypted, carries a conversation sealed through the server to a fresh browser', async () => {
      const couch = await startSyncServer({ app });
      try {
        const db = `engines-${engine}`;
        await couch.createDb(db, { members: [ALICE.name] });
        const first = await openApp(browser, app);
        await addProvider(first, mock, FAMILIES.openai);
        const words = `Synced sealed from ${engine}`;
        await send(first, words);
        await startSync(first, couch, db, PASSPHRASE);
        await until(async () => (await couch.allDocs(db)).length > 0, 'documents on the server');
        assert.ok(!JSON.stringify(await couch.allDocs(db)).includes(words), 'the server holds no plain text');
        await first.close();
        const page = await openApp(browser, app);
        await startSync(page, couch, db, PASSPHRASE);
        const listed = page.getByRole('list', { name: 'Conversation list' }).getByRole('listitem');
        await until(async () => (await listed.count()) === 1, 'the synced conversation listed', 60_000);
        await listed.first().getByRole('button').first().click();
        const replies = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' });
        await until(async () => (await replies.count()) === 1 && (await replies.first().innerText()).includes(words), 'the synced reply');
        await page.close();
      } finally {
        await couch.stop();
      }
    });

    test('on a phone (390 × 844) the conversation keeps three quarters of the height; Arabic mirrors the page', async () => {
      const page = await openApp(browser, app, { width: 390, height: 844 });
      await addProvider(page, mock, FAMILIES.openai);
      await send(page, `A phone in ${engine}`);
      // What the conversation shows: its scroller's height.
      const measured = await page.getByRole('log', { name: 'Conversation' }).evaluate((log) => ({
        log: (() => {
          let scroller = log;
          while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
          return (scroller ?? log).getBoundingClientRect().height;
        })(),
        width: innerWidth,
        height: innerHeight,
        banner: document.querySelector('header').getBoundingClientRect().height,
      }));
      await page.screenshot(path.join(SCREENSHOTS, `${engine}-phone.png`));
      console.log(`${engine} at ${measured.width} × ${measured.height}: the conversation has ${((measured.log / measured.height) * 100).toFixed(1)} % of the height`);
      // WebKitGTK's MiniBrowser keeps its window at least about 447 px wide (its header bar):
      // there the viewport is 447 × 844, still a phone's layout (40rem or less); Firefox's is 390.
      assert.ok(measured.width <= (engine === 'webkit' ? 460 : 390), `a phone's width: ${measured.width}`);
      assert.ok(measured.log / measured.height >= 0.75, `the conversation's share: ${JSON.stringify(measured)}`);
      assert.ok(measured.banner <= 56, `the top bar is one row: ${measured.banner} px`);
      // The open conversation's actions are there, by name, as icons.
      await page.getByRole('region', { name: 'Open conversation' }).getByRole('button', { name: 'Export as Markdown' }).waitFor();
      // Arabic, chosen on this device: the page is right to left, in Arabic.
      await page.evaluate(() => localStorage.setItem('hearth-language', 'ar'));
      await page.reload();
      await page.getByRole('textbox', { name: 'الرسالة' }).waitFor();
      // The conversation is there again, as written (never translated).
      await page.getByRole('log').getByText(`A phone in ${engine}`).first().waitFor();
      const direction = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
      assert.deepEqual(direction, ['ar', 'rtl']);
      await page.screenshot(path.join(SCREENSHOTS, `${engine}-phone-ar.png`));
      await page.close();
    });

    test('a message compared side by side in two models of two families; the conversation follows the answer picked', async () => {
      const page = await openApp(browser, app);
      // Two models of two families: the mock's echo, and "twin" (no scenario of its own: the
      // mock's echo.json, which names the model it answers as).
      await addProvider(page, mock, FAMILIES.openai);
      await addProvider(page, mock, FAMILIES.anthropic, 'sk-test', 'twin');
      await page.getByRole('button', { name: 'Compare models' }).click();
      const panel = page.getByRole('group', { name: 'Compare models' });
      await chooseModel(panel.getByRole('combobox', { name: 'Model of column A' }), 'echo');
      await chooseModel(panel.getByRole('combobox', { name: 'Model of column B' }), 'twin');
      const words = `Side by side in ${engine}`;
      await page.getByRole('textbox', { name: 'Message' }).fill(words);
      await page.getByRole('button', { name: 'Send' }).click();
      const turn = page.getByRole('region', { name: 'Compared answers (2)' });
      await turn.getByRole('heading', { name: 'Answer A · echo' }).waitFor();
      await turn.getByRole('heading', { name: 'Answer B · twin' }).waitFor();
      await until(async () => {
        const text = await turn.innerText();
        return /replying as model echo\b/.test(text) && /replying as model twin\b/.test(text) && text.split(words).length === 3;
      }, 'both answers, each quoting the message');
      await until(async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'both columns have ended');
      for (const family of [FAMILIES.openai, FAMILIES.anthropic]) {
        assert.equal(chatRequestsWith(mock, words).filter((entry) => family.isChat(entry)).length, 1, `one request to ${family.name}`);
      }
      // Continue with B: the composer says so, and the next message's history holds B's answer, not A's.
      const pick = turn.getByRole('button', { name: 'Continue with Answer B' });
      await pick.click();
      await until(async () => (await pick.getAttribute('aria-pressed')) === 'true', 'B is picked');
      await page.getByText('Your next message follows answer B (twin).').waitFor();
      const next = `And after that, in ${engine}?`;
      await send(page, next);
      const [asked] = chatRequestsWith(mock, next);
      const history = JSON.stringify(asked.body.messages);
      assert.ok(history.includes('replying as model `twin`'), `the history has answer B: ${history.slice(0, 600)}`);
      assert.ok(!history.includes('replying as model `echo`'), 'and not answer A');
      await page.close();
    });

    test('an app agent’s app runs in an opaque-origin sandboxed frame: it works, and Hearth’s storage, page and the network are out of its reach', async () => {
      const page = await openApp(browser, app);
      await addProvider(page, mock, FAMILIES.openai, 'sk-test', 'app-todo');
      await page.getByRole('banner').getByRole('button', { name: 'Agents' }).click();
      const agents = page.getByRole('dialog', { name: 'Agents' });
      await agents.getByRole('button', { name: 'Chat with App Builder' }).click();
      await agents.waitFor({ state: 'hidden' });
      await page.getByRole('textbox', { name: 'Message' }).fill('Build me a to-do app.');
      await page.getByRole('button', { name: 'Send' }).click();
      const preview = page.getByRole('complementary', { name: /^App preview/ });
      await preview.getByRole('heading', { name: 'App preview · version 1 of 1' }).waitFor();
      const frame = page.getByTitle('App preview, version 1');
      // Sandboxed, never with popups or top navigation; with allow-same-origin only when the
      // service worker serves the document, whose CSP `sandbox` header keeps it opaque.
      const attributes = await frame.evaluate((element) => ({ sandbox: element.getAttribute('sandbox'), src: new URL(element.src).pathname }));
      assert.match(attributes.sandbox, /^allow-scripts allow-forms allow-modals( allow-same-origin)?$/);
      assert.equal(attributes.src, '/app-frame.html');
      // The app works, through its own controls.
      const todo = frame.contentFrame();
      await todo.getByRole('heading', { name: 'To-do list' }).waitFor();
      await todo.getByRole('textbox', { name: 'New to-do' }).fill('Buy milk');
      await todo.getByRole('button', { name: 'Add to-do' }).click();
      await todo.getByRole('list', { name: 'To-dos' }).getByText('Buy milk').waitFor();
      assert.equal(await todo.evaluate(() => self.origin), 'null', 'the app runs in an opaque origin');
      // Probes written inside the app: nothing of Hearth's is reachable, and nothing reaches the mock.
      await todo.getByText('Sandbox probes').click();
      await todo.getByRole('textbox', { name: 'Probe address' }).fill(mock.url);
      await todo.getByRole('button', { name: 'Run probes' }).click();
      const output = todo.getByRole('status', { name: 'Probe results' });
      await until(async () => (await output.innerText()).trim() !== '', 'the probes have run');
      const probes = JSON.parse(await output.innerText());
      // sendBeacon only says it queued the request; the mock's log below shows it never came.
      delete probes.beacon;
      // How a refused request or popup fails is the engine's own (a socket: Error in Chromium,
      // SecurityError in WebKit, NS_ERROR_CONTENT_BLOCKED in Firefox; a popup: null, or
      // InvalidAccessError in Firefox), so those are only said to be blocked.
      const network = ['fetch', 'image', 'stylesheet', 'script', 'websocket', 'popup'];
      for (const name of network) assert.match(probes[name], /^blocked: /, `${name}: ${probes[name]}`);
      assert.deepEqual(Object.fromEntries(Object.entries(probes).filter(([name]) => !network.includes(name))), {
        ...APP_PROBES_BLOCKED,
        // The closed app makes no frame at all (a frame would be a window with WebRTC).
        frameLocalStorage: 'blocked: NotSupportedError',
        webrtc: 'blocked: absent',
      });
      // A beacon would go out after the probes' task: a moment for one to arrive.
      await sleep(500);
      const reached = mock.requests.filter((entry) => entry.path.startsWith('/v1/probe'));
      assert.deepEqual(reached, [], `no probe reached the mock: ${JSON.stringify(reached.map((entry) => entry.path))}`);
      await page.close();
    });

    test('an MCP server (the reference server) added in Tools: its tool runs once allowed, and the result reaches the model', async () => {
      // The server starts while the app does.
      const started = await Promise.allSettled([startEverything(), openApp(browser, app)]);
      const [everything, page] = started.map((result) => result.value);
      try {
        for (const result of started) if (result.status === 'rejected') throw result.reason;
        await addProvider(page, mock, FAMILIES.openai, 'sk-test', 'tools-mcp-sum');
        // The General Assistant offers the server's get-sum, which asks before it runs.
        await addMcpServer(page, { name: 'everything', url: everything.url, tool: 'get-sum', works: /^It works: Everything Reference Server/ }, async (editor) => {
          const ask = editor.getByRole('checkbox', { name: 'Ask before running get-sum (everything)' });
          assert.equal(await ask.evaluate((box) => box.checked), true, 'an MCP tool asks before running by default');
        });

        const words = `What is 2 + 3, ${engine}?`;
        await page.getByRole('textbox', { name: 'Message' }).fill(words);
        await page.getByRole('button', { name: 'Send' }).click();
        const reply = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' }).last();
        const prompt = reply.getByRole('group', { name: 'Approve the get-sum call' });
        await prompt.waitFor().catch(async (error) => {
          const log = await page.getByRole('log', { name: 'Conversation' }).innerText().catch((e) => `(${e.message})`);
          const reqs = chatRequestsWith(mock, words).length;
          throw new Error(`${error.message}; the conversation: ${JSON.stringify(log)}; requests: ${reqs}; all mock: ${JSON.stringify(mock.requests.map((r) => r.path))}`);
        });
        assert.match(await prompt.innerText(), /wants to run get-sum from the MCP server everything with these arguments:\s*\{\s*"a": 2,\s*"b": 3\s*\}/);
        const [first, ...others] = chatRequestsWith(mock, words);
        assert.equal(others.length, 0, 'nothing runs before the call is allowed');
        assert.ok(FAMILIES.openai.toolNames(first.body).includes('everything__get-sum'), `the model is offered the tool: ${FAMILIES.openai.toolNames(first.body)}`);
        await prompt.getByRole('button', { name: 'Allow' }).click();
        await until(async () => (await reply.innerText()).includes('MCP says: The sum of 2 and 3 is 5.'), 'the answer from the tool’s result');
        await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
        const [, second] = chatRequestsWith(mock, words);
        assert.deepEqual(FAMILIES.openai.results(second.body), [{ id: 'call_sum', content: 'The sum of 2 and 3 is 5.', isError: false }]);
      } finally {
        await page?.close();
        await everything?.close();
      }
    });


    test('an MCP App (the basic example server) shows its page under its call, opaque, and its call of its server waits for the user', async () => {
      const started = await Promise.allSettled([startAppServer('basic'), openApp(browser, app)]);
      const [basic, page] = started.map((result) => result.value);
      try {
        for (const result of started) if (result.status === 'rejected') throw result.reason;
        await addProvider(page, mock, FAMILIES.openai, 'sk-test', 'tools-mcp-app-basic');
        await addMcpServer(page, { name: 'basic', url: basic.url, tool: 'get-time', works: /^It works: / });

        await page.getByRole('textbox', { name: 'Message' }).fill(`What time is it, ${engine}?`);
        await page.getByRole('button', { name: 'Send' }).click();
        const reply = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' }).last();
        await reply.getByRole('group', { name: 'Approve the get-time call' }).getByRole('button', { name: 'Allow' }).click();
        const region = reply.getByRole('region', { name: 'App of get-time from basic' });
        const frame = region.getByTitle('App of get-time');
        await frame.waitFor({ timeout: 30_000 });
        const view = frame.contentFrame();
        await view.getByText(/^\d{4}-\d\d-\d\dT\d\d:\d\d/).waitFor({ timeout: 30_000 });
        assert.equal(await view.evaluate(() => self.origin), 'null', 'the page runs in an opaque origin');
        const reach = await view.evaluate(() => {
          let storage;
          try {
            storage = `read ${localStorage.length}`;
          } catch (error) {
            storage = error.name;
          }
          return { storage, webrtc: typeof RTCPeerConnection };
        });
        assert.deepEqual(reach, { storage: 'SecurityError', webrtc: 'undefined' });
        await page.screenshot(path.join(SCREENSHOTS, `${engine}-mcp-app.png`));
        // Its own call of its server's tool waits for the user, with the arguments shown.
        await view.getByRole('button', { name: 'Get Server Time' }).click();
        const asked = region.getByRole('group', { name: 'The app asks to run get-time on basic' });
        await asked.waitFor();
        await asked.getByRole('button', { name: "Don't run" }).click();
        await view.getByText('[ERROR]').waitFor();
      } finally {
        await page?.close();
        await basic?.close();
      }
    });
    test('a knowledge base of a Markdown file and a PDF is read by its worker, and a message that picks it with # gets page 31', async () => {
      const page = await openApp(browser, app);
      await addProvider(page, mock, FAMILIES.openai);
      const dir = mkdtempSync(path.join(tmpdir(), 'hearth-engines-'));
      const guide = (await writeMarkdown(path.join(dir, 'harbour-guide.md'))).path;
      const manual = (await writePdf(path.join(dir, 'pump-manual.pdf'), { pages: 40 })).path;
      await page.getByRole('button', { name: 'Knowledge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Knowledge' });
      await dialog.getByRole('textbox', { name: 'New knowledge base' }).fill('Handbook');
      await dialog.getByRole('button', { name: 'Make' }).click();
      await dialog.getByRole('region', { name: 'Handbook' }).waitFor();
      await dialog.getByRole('button', { name: 'Add files to Handbook' }).chooseFiles([guide, manual]);
      const rows = dialog.getByRole('list', { name: 'Files of Handbook' }).getByRole('listitem');
      await until(async () => {
        const texts = await Promise.all([0, 1].map((n) => rows.nth(n).innerText().catch(() => '')));
        return texts.every((text) => /\d+ passages?/.test(text));
      }, 'both files read', 60_000).catch(async (error) => {
        await page.screenshot(path.join(SCREENSHOTS, `${engine}-knowledge-not-read.png`));
        throw error;
      });
      await page.screenshot(path.join(SCREENSHOTS, `${engine}-knowledge.png`));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const words = `#Handbook ${PDF_ANSWER.question}`;
      await send(page, words);
      const asked = chatRequestsWith(mock, PDF_ANSWER.question).at(-1);
      const sent = JSON.stringify(asked.body.messages);
      assert.ok(sent.includes('pump-manual.pdf — page 31'), `the page-31 passage is sent: ${sent.slice(0, 600)}`);
      assert.ok(sent.includes(PDF_ANSWER.sentence), 'with its sentence');
      await page.close();
    });

    test('once the service worker has the app, it opens with its host gone', async () => {
      const host = await startStaticServer({ root: builtApp(), headers: true });
      const page = await openApp(browser, host);
      await until(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), 'the service worker in control', 60_000);
      await host.close();
      await page.reload();
      await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 30_000 });
      await page.close();
    });
  });
}
