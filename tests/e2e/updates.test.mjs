// Safe updates (issue 15): a new version of Hearth waits until the user reloads, the reload
// waits for a streaming reply and for unsent input, a tab that did not ask is told it runs
// the old version, and a tab whose database a newer version takes over stops writing.
//
// Each worker test serves its own copy of dist/ from a temporary folder with a real service
// worker (the contexts here opt in: `serviceWorkers: 'allow'`). "A new build" is that copy's
// sw.js with another build id in its precache line: the browser sees new worker bytes on
// `registration.update()`, installs it (the listed files are unchanged, so their hashes still
// match) into a new cache `hearth-<id>`, and keeps it waiting until a page sends SKIP_WAITING.

import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import {
  chatLocators,
  loadApp,
  openChatWithProvider,
  sendAndSettle,
  sendMessage,
  useHarness,
} from '../support/chat.mjs';
import { builtApp } from '../support/dist.mjs';
import { readDatabase, wholeMessage } from '../support/idb.mjs';
import { chatRequests } from '../support/mock.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const WORKERS = { serviceWorkers: 'allow' };

/** Serves a copy of the built app from a temporary folder (removed after `t`): `{ dir, url }`. */
async function serveCopy(t) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-update-'));
  await cp(builtApp(), dir, { recursive: true });
  const server = await startStaticServer({ root: dir });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, url: server.url };
}

/** The build id in the served sw.js's precache line. */
async function buildId(dir) {
  const source = await readFile(path.join(dir, 'sw.js'), 'utf8');
  const found = source.match(/"build":"([0-9a-z-]+)"/);
  assert.ok(found, 'the built sw.js carries its precache line with a build id');
  return found[1];
}

/**
 * Makes the served copy "a new build": sw.js with another build id (and without its stale
 * pre-compressed copies). Returns the new id.
 */
async function publishNewBuild(dir) {
  const file = path.join(dir, 'sw.js');
  const old = await buildId(dir);
  const id = `${old}-next`;
  const source = await readFile(file, 'utf8');
  await writeFile(file, source.replace(`"build":"${old}"`, `"build":"${id}"`));
  await rm(`${file}.br`, { force: true });
  await rm(`${file}.gz`, { force: true });
  return id;
}

/** Waits until a service worker controls `page`; returns its cache names. */
async function waitForControl(page) {
  await waitUntil(
    () => page.evaluate(() => navigator.serviceWorker.controller !== null),
    'a service worker controls the page',
  );
  return page.evaluate(() => caches.keys());
}

/** Asks the browser to look for a new sw.js now, as Hearth does on focus and every hour. */
function checkForUpdate(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
  });
}

/** Whether a new version is installed and waiting (SKIP_WAITING not sent yet). */
function workerWaiting(page) {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

/**
 * Counts the documents `page` loads from now on (a reload is one; a change of the address's
 * fragment, as opening a conversation makes, is none).
 */
function countNavigations(page) {
  const seen = { count: 0 };
  page.on('load', () => {
    seen.count += 1;
  });
  return seen;
}

function updateRegion(page) {
  return page.getByRole('status', { name: 'Hearth updates', exact: true });
}

function reloadButton(page) {
  return page.getByRole('button', { name: 'Reload to use the new version', exact: true });
}

/** The prompt at 1280 px and 390 px in dark mode (saved and checked with axe-core). */
async function shoot(page, name, include) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, `${name}-1280-dark.png`);
  assert.deepEqual(await axeViolations(page, { include }), [], `axe on ${name}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390-dark.png`);
  assert.deepEqual(await axeViolations(page, { include }), [], `axe on ${name} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('updates', () => {
  const env = useHarness();

  test('a new version waits for Reload, the reload waits for unsent text and a streaming reply, then the new worker controls the page', async (t) => {
    const served = await serveCopy(t);
    const chat = await openChatWithProvider(t, env, { scenario: 'slow', url: served.url, contextOptions: WORKERS });
    const { page } = chat;
    const firstCaches = await waitForControl(page);
    assert.deepEqual(firstCaches, [`hearth-${await buildId(served.dir)}`]);
    const navigations = countNavigations(page);
    const region = updateRegion(page);
    assert.equal((await region.innerText()).trim(), '', 'no prompt while this is the newest version');

    const next = await publishNewBuild(served.dir);
    await checkForUpdate(page);
    await region.getByText('A new version of Hearth is ready.', { exact: true }).waitFor();
    assert.ok(await workerWaiting(page), 'the new worker waits');
    await shoot(page, 'update-prompt', '.update-region');

    // Nothing reloads by itself: not on another check, not when the tab comes back into view.
    await checkForUpdate(page);
    await page.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await sleep(1500);
    assert.equal(navigations.count, 0, 'the page did not reload without a click');
    assert.ok(await workerWaiting(page), 'the new worker still waits');

    // Unsent text holds the reload; cancelling keeps everything as it was.
    await chat.message.fill('A thought I have not sent yet');
    await reloadButton(page).click();
    await region.getByText('Your message is not sent yet', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Discard and reload', exact: true }).waitFor();
    await sleep(500);
    assert.equal(navigations.count, 0, 'no reload while a message is typed and not sent');
    assert.ok(await workerWaiting(page), 'SKIP_WAITING was not sent');
    await page.getByRole('button', { name: 'Cancel reload', exact: true }).click();
    await reloadButton(page).waitFor();
    assert.equal(await chat.message.inputValue(), 'A thought I have not sent yet');

    // A streaming reply holds the reload until it ends.
    await chat.message.fill('');
    await sendMessage(chat, 'Tell me the slow story');
    await waitUntil(async () => (await chat.reply.innerText()).length > 20, 'the reply is streaming');
    await reloadButton(page).click();
    await region.getByText('Reloading after the reply finishes…', { exact: true }).waitFor();
    await sleep(500);
    assert.equal(navigations.count, 0, 'no reload while the reply streams');
    assert.ok(await workerWaiting(page), 'SKIP_WAITING was not sent while the reply streams');
    const reloaded = page.waitForEvent('load');
    // The reply ends (Stop keeps what arrived); then the reload goes ahead.
    await chat.stop.click();
    await reloaded;
    assert.equal(navigations.count, 1, 'one reload, after the reply ended');

    await page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    await waitUntil(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting == null),
      'nothing waits any more',
    );
    await waitUntil(
      async () => JSON.stringify(await page.evaluate(() => caches.keys())) === JSON.stringify([`hearth-${next}`]),
      'only the new build’s cache is left',
    );
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'the new worker controls the page');
    const after = chatLocators(page);
    await after.reply.waitFor();
    assert.match(await after.you.last().innerText(), /Tell me the slow story/, 'the conversation is still there');
    assert.equal((await region.innerText()).trim(), '', 'no prompt once the new version runs');
    assert.deepEqual(chat.errors, []);
  });

  test('a reload waits for a reply streaming in another tab; that tab hears Hearth was updated, keeps its content and never reloads by itself', async (t) => {
    const served = await serveCopy(t);
    const a = await openChatWithProvider(t, env, { scenario: 'slow', url: served.url, contextOptions: WORKERS });
    await waitForControl(a.page);
    await sendMessage(a, 'Kept in both tabs');
    await waitUntil(async () => (await a.reply.innerText()).length > 20, 'the first reply is streaming');
    await a.stop.click();
    await waitUntil(async () => (await a.reply.getAttribute('aria-busy')) === 'false', 'the first reply stopped');
    // Tab B opens the same conversation (its address names it).
    const b = await loadApp(a.context, a.page.url());
    await waitForControl(b.page);
    await b.you.first().waitFor();
    const navigationsA = countNavigations(a.page);
    const navigationsB = countNavigations(b.page);

    await publishNewBuild(served.dir);
    await checkForUpdate(a.page);
    await updateRegion(a.page).getByText('A new version of Hearth is ready.', { exact: true }).waitFor();
    await updateRegion(b.page).getByText('A new version of Hearth is ready.', { exact: true }).waitFor();

    // Tab B streams a reply: tab A's reload waits for it (a new version may migrate the
    // database, which would end tab B's writing).
    await sendMessage(b, 'Another slow story');
    await waitUntil(async () => (await b.reply.innerText()).length > 20, 'tab B’s reply is streaming');
    await b.message.fill('Half a sentence in tab B');
    await reloadButton(a.page).click();
    await updateRegion(a.page).getByText('Reloading after the reply in another tab finishes…', { exact: true }).waitFor();
    await sleep(1500);
    assert.equal(navigationsA.count, 0, 'tab A waits while tab B streams');
    assert.ok(await workerWaiting(a.page), 'SKIP_WAITING was not sent');
    const reloaded = a.page.waitForEvent('load');
    await b.stop.click();
    await reloaded;
    assert.equal(navigationsA.count, 1);

    await updateRegion(b.page).getByText('Hearth was updated in another tab.', { exact: true }).waitFor();
    await reloadButton(b.page).waitFor();
    await sleep(1000);
    assert.equal(navigationsB.count, 0, 'tab B never reloads by itself');
    assert.equal(await b.message.inputValue(), 'Half a sentence in tab B', 'tab B keeps what was typed');
    assert.match(await b.you.first().innerText(), /Kept in both tabs/, 'tab B keeps its conversation');
    assert.match(await b.you.last().innerText(), /Another slow story/);
    assert.ok((await b.reply.innerText()).length > 20, 'tab B keeps its stopped reply');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test('an agent editor with unsaved changes holds the reload (closing the dialog keeps the draft); Cancel in the editor lets it go', async (t) => {
    const served = await serveCopy(t);
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', url: served.url, contextOptions: WORKERS });
    const { page } = chat;
    await waitForControl(page);
    const navigations = countNavigations(page);
    await publishNewBuild(served.dir);
    await checkForUpdate(page);
    const region = updateRegion(page);
    await region.getByText('A new version of Hearth is ready.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Agents', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Agents', exact: true });
    await dialog.getByRole('button', { name: 'Edit General Assistant', exact: true }).click();
    const editor = dialog.getByRole('form', { name: 'Edit General Assistant', exact: true });
    await editor.getByRole('textbox', { name: 'System prompt template', exact: true }).fill('Half-written prompt');
    // The dialog makes the page behind it inert: close it (the draft stays), then Reload.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await reloadButton(page).click();
    await region.getByText('There are unsaved changes in the agent editor', { exact: false }).waitFor();
    await sleep(500);
    assert.equal(navigations.count, 0, 'no reload while the editor holds changes');
    assert.ok(await workerWaiting(page), 'SKIP_WAITING was not sent');

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Agents', exact: true }).click();
    assert.equal(
      await editor.getByRole('textbox', { name: 'System prompt template', exact: true }).inputValue(),
      'Half-written prompt',
      'the draft is still there',
    );
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await reloaded;
    assert.equal(navigations.count, 1, 'the reload went ahead once the changes were dropped');
    assert.deepEqual(chat.errors, []);
  });

  test('a newer version taking the database over: the old tab closes it at once, says it is out of date, and writes nothing', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const { page } = chat;
    await sendAndSettle(chat, 'Written before the update');
    const before = await readDatabase(page, ['messages', 'sessions']);
    assert.equal(before.messages.length, 2);

    // A second page of the same origin plays the new version: it opens the database with
    // the next schema version, as a newer Hearth migrating its records would (no stores
    // change here: what matters is that the upgrade runs, once, unblocked).
    const newer = await chat.context.newPage();
    await newer.goto(new URL('no-such-page.txt', env.app.url).href);
    const opened = await newer.evaluate(async () => {
      const current = (await indexedDB.databases()).find((db) => db.name === 'hearth').version;
      return new Promise((resolve, reject) => {
        const events = [];
        const request = indexedDB.open('hearth', current + 1);
        request.onblocked = () => events.push('blocked');
        request.onupgradeneeded = () => events.push('upgradeneeded');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          window.upgraded = request.result;
          resolve({ events, from: current, version: request.result.version });
        };
      });
    });
    assert.deepEqual(opened.events, ['upgradeneeded'], 'the migration ran once, and the old tab did not block it');
    assert.equal(opened.version, opened.from + 1);

    const dialog = page.getByRole('dialog', { name: 'This tab is out of date', exact: true });
    await dialog.waitFor();
    await dialog.getByText('Hearth was updated in another tab', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Reload Hearth', exact: true }).waitFor();
    await shoot(page, 'out-of-date-dialog', 'dialog.out-of-date');

    // Keep reading: what is in memory stays visible; a write is refused and said.
    await dialog.getByRole('button', { name: 'Keep reading without saving', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.match(await chat.you.first().innerText(), /Written before the update/);
    // The banner said it at once; dismissed, it must come back for the refused send.
    const refusal = page.getByRole('alert').filter({ hasText: 'This tab is out of date and saves nothing' });
    await refusal.waitFor();
    await refusal.getByRole('button', { name: 'Dismiss', exact: true }).click();
    await refusal.waitFor({ state: 'detached' });
    const requestsBefore = (await chatRequests(env.mock, chat.family)).length;
    await sendMessage(chat, 'Written after the update');
    await refusal.waitFor();
    assert.equal(await chat.message.inputValue(), 'Written after the update', 'the composer keeps the text');
    assert.equal((await chatRequests(env.mock, chat.family)).length, requestsBefore, 'nothing was sent');

    // Nothing reached the upgraded database from the old tab.
    const stored = await newer.evaluate(async () => {
      const tx = window.upgraded.transaction(['messages', 'sessions']);
      const all = (name) =>
        new Promise((resolve) => {
          tx.objectStore(name).getAll().onsuccess = (event) => resolve(event.target.result);
        });
      return { messages: await all('messages'), sessions: await all('sessions') };
    });
    assert.deepEqual(
      stored.messages.map((m) => m.id).sort(),
      before.messages.map((m) => m.id).sort(),
      'the old tab wrote no message after the event',
    );
    assert.deepEqual({ messages: stored.messages.map(wholeMessage), sessions: stored.sessions }, { messages: before.messages, sessions: before.sessions });
    assert.deepEqual(chat.errors, []);
  });
});
