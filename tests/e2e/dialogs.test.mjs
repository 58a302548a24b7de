// Every dialog (issue 16, item 10 and the dialogs' part of item 4): Providers (empty and
// with the form), Settings, Agents and the agent editor, Tools, the import review, Unlock
// keys and Out of date pass axe-core in light and dark at 1280 px and 390 px, each saved as
// a screenshot; the Providers dialog has one way to add a provider, says "Saved" after
// each change, keeps Close in view at 390 px and at 200 % zoom, and every dialog gives the
// focus back where it was (or to the message box when that control is gone).
//
// Run against the build before issue 16 (`HEARTH_DIST=/work/dist-before`), the screenshots
// are named `before-dialog-*` and the axe findings are printed instead of asserted; the
// behaviour tests are skipped there unless `HEARTH_STRICT=1` (to see them fail on it).

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { addMockProvider, loadApp, openApp, openChatWithProvider, useHarness } from '../support/chat.mjs';
import { editAgent, importFile, lockKeys, openAgents, openSettings, openTools } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { closeProviders, commit, openProviders, providerForm } from '../support/providers.mjs';

const BEFORE = path.basename(path.resolve(process.env.HEARTH_DIST ?? 'dist')) === 'dist-before';
const PREFIX = BEFORE ? 'before-dialog' : 'after-dialog';
const BEHAVIOUR = !BEFORE || process.env.HEARTH_STRICT === '1';
const PASSPHRASE = 'correct horse battery staple';
const VIEWS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const SCHEMES = ['light', 'dark'];

/** The axe findings of the before build, printed at the end instead of failing. */
const findings = [];

/**
 * Saves `page` with its open dialog(s) as `<prefix>-<name>-<width>-<scheme>.png` at both
 * widths in light and dark, and runs axe-core on the open dialogs each time: no violation
 * (the before build's are collected and printed instead).
 */
async function shootAndCheck(page, name) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const view of VIEWS) {
      await page.setViewportSize(view);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await screenshot(page, `${PREFIX}-${name}-${view.width}-${scheme}.png`);
      const violations = await axeViolations(page, { include: 'dialog[open]' });
      const where = `${name} at ${view.width} px, ${scheme}`;
      if (BEFORE) findings.push(...violations.map((v) => `${where}: ${v}`));
      else assert.deepEqual(violations, [], `axe on ${where}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(VIEWS[0]);
}

/** The dialog named `name` on `page`. */
const dialogNamed = (page, name) => page.getByRole('dialog', { name, exact: true });

/** Whether `locator` has the focus. */
const focused = (locator) => locator.evaluate((el) => el === document.activeElement);

/** What has the focus: its role-ish tag and accessible text, for messages. */
const focusedName = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()} ${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}` : 'none';
  });

/**
 * Waits (up to 5 s) until `locator` has the focus after a dialog closed: the dialog's `close`
 * event, which gives the focus back, comes a task after it is hidden. Fails with `what` and
 * what has the focus instead.
 */
async function focusReturnsTo(page, locator, what) {
  await waitUntil(() => focused(locator), what, { timeout: 5_000 }).catch(async (error) => {
    assert.fail(`${error.message} (the focus is on ${await focusedName(page)})`);
  });
}

/**
 * Whether the centre of `locator` is inside the viewport and the element there is it (not
 * covered by the dialog's scrolled content).
 */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (box.x < 0 || box.y < 0 || box.x + box.width > viewport.width || box.y + box.height > viewport.height) return false;
  return locator.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), { x, y });
}

describe('dialogs', () => {
  const env = useHarness();
  let files;
  before(async () => {
    files = await mkdtemp(path.join(tmpdir(), 'hearth-dialogs-'));
  });
  after(async () => {
    await rm(files, { recursive: true, force: true });
    if (findings.length > 0) console.log(`axe findings on the before build (${findings.length}):\n${findings.join('\n')}`);
  });

  test('every dialog passes axe in light and dark at 1280 and 390 px (screenshots)', async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;

    // Providers before any provider exists.
    await openProviders(page);
    await shootAndCheck(page, 'providers-empty');
    await page.keyboard.press('Escape');
    await dialogNamed(page, 'Providers').waitFor({ state: 'hidden' });

    // Providers with the form of one provider (left open by addMockProvider).
    await addMockProvider(page, env.mock, { scenario: 'echo', keepOpen: true });
    await shootAndCheck(page, 'providers-form');
    await page.keyboard.press('Escape');

    await openSettings(page);
    await shootAndCheck(page, 'settings');
    await page.keyboard.press('Escape');

    await openTools(page);
    await shootAndCheck(page, 'tools');
    await page.keyboard.press('Escape');

    await openAgents(page);
    await shootAndCheck(page, 'agents');
    await page.keyboard.press('Escape');
    await editAgent(page);
    await shootAndCheck(page, 'agent-editor');
    await page.keyboard.press('Escape');
    await dialogNamed(page, 'Agents').waitFor({ state: 'hidden' });

    // The import review, over Settings.
    const file = path.join(files, 'review.json');
    await writeFile(
      file,
      JSON.stringify({
        format: 'hearth-backup',
        backup_version: 1,
        schema_version: 1,
        exported_at: 1_700_000_000_000,
        includes_api_keys: false,
        providers: [],
        model_configs: [],
        agents: [],
        sessions: [{ id: 'imported', title: 'Imported chat', created_at: 1_700_000_000_000, updated_at: 1_700_000_001_000 }],
        messages: [
          { id: 'i1', session_id: 'imported', role: 'user', content: 'Hello?', created_at: 1_700_000_000_000, updated_at: 1_700_000_000_000 },
        ],
        project_files: [],
        settings: [],
      }),
    );
    const settings = await openSettings(page);
    const field = settings.getByLabel('Import a backup or a ChatGPT export (.zip or conversations.json)', { exact: true });
    // As a person's click on it would, the field takes the focus before the file is chosen.
    await field.focus();
    await field.setInputFiles(file);
    const review = page.getByRole('dialog', { name: 'Import this backup?', exact: true });
    await review.getByRole('heading', { name: 'Import this backup?', exact: true }).waitFor();
    await shootAndCheck(page, 'import-review');
    await review.getByRole('button', { name: 'Cancel', exact: true }).click();
    await review.waitFor({ state: 'hidden' });
    if (BEHAVIOUR) {
      const back = await waitUntil(() => focused(field), 'the focus is back on the import field').catch(() => false);
      assert.ok(back, `the review gives the focus back to the import field (not ${await focusedName(page)})`);
    }
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    assert.deepEqual(chat.errors, []);
  });

  test('Providers: one way to add a provider, grouped and named; adding moves the focus to the first empty field', { skip: !BEHAVIOUR }, async (t) => {
    const chat = await openApp(t, env);
    const dialog = await openProviders(chat.page);
    const group = dialog.getByRole('group', { name: 'Add a provider', exact: true });
    const type = group.getByRole('combobox', { name: 'New provider type', exact: true });
    const add = group.getByRole('button', { name: 'Add provider', exact: true });
    assert.equal(await dialog.getByRole('button', { name: /add/i }).count(), 1, 'one button adds a provider');
    await type.selectOption({ label: 'Custom (OpenAI-compatible)' });
    await add.click();
    const form = providerForm(chat.page);
    await form.waitFor();
    const baseUrl = form.getByRole('textbox', { name: 'Base URL', exact: true });
    assert.ok(await focused(baseUrl), `the focus goes to the first field left to fill (on ${await focusedName(chat.page)})`);
    // The form names the provider it edits, apart from the adding group.
    await dialog.getByRole('heading', { name: 'Custom (OpenAI-compatible)', exact: true, level: 3 }).waitFor();
    assert.equal(await group.getByRole('textbox').count(), 0, 'the form is not inside the adding group');

    // Someone quicker than that (in a field of the new form before the next frame) keeps
    // the focus where they put it: what they type goes where they meant it to.
    await type.selectOption({ label: 'OpenAI' });
    const kept = await chat.page.evaluate(async () => {
      const named = (root, selector, name) => [...root.querySelectorAll(selector)].find((el) => el.textContent.trim().startsWith(name));
      const dialog = document.querySelector('dialog[open]');
      named(dialog, 'button', 'Add provider').click();
      // The new account's form (OpenAI's base URL filled in, its key left to fill), in this frame.
      let field = null;
      for (let tries = 0; tries < 100 && !field; tries++) {
        await Promise.resolve();
        const input = named(dialog, 'label', 'Base URL')?.querySelector('input');
        if (input?.value.startsWith('https://api.openai.com')) field = input;
      }
      if (!field) return 'the new form did not show before the next frame';
      field.focus();
      await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      return document.activeElement === field ? 'Base URL' : (document.activeElement?.closest('label')?.textContent ?? document.activeElement?.tagName);
    });
    assert.equal(kept, 'Base URL', 'the focus stays in the field the user went to');
    assert.deepEqual(chat.errors, []);
  });

  test('Providers: "Saved" is shown and announced after each change, and a refused value says it was not saved', { skip: !BEHAVIOUR }, async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;
    const { form } = await addMockProvider(page, env.mock, { scenario: 'echo', keepOpen: true });
    const dialog = dialogNamed(page, 'Providers');
    // The dialog's save state is its last status region (the form's own, Test connection's, comes first).
    const state = dialog.getByRole('status').last();
    const says = async (text) => waitUntil(async () => (await state.innerText()).trim() === text, `the save state says "${text}"`);
    await says('Saved');
    await commit(form.getByRole('textbox', { name: 'Temperature', exact: true }), 'hot');
    await says('Not saved: Temperature must be a number from 0 to 2, or empty for the default.');
    await commit(form.getByRole('textbox', { name: 'Temperature', exact: true }), '0.5');
    await says('Saved');
    const stored = await readDatabase(page, ['model_configs']);
    assert.equal(stored.model_configs[0].temperature, 0.5, '"Saved" is said once the value is stored');
    await commit(form.getByRole('textbox', { name: 'Name', exact: true }), 'Mock server');
    await says('Saved');
    assert.equal((await readDatabase(page, ['providers'])).providers[0].name, 'Mock server');
    assert.equal(await state.getAttribute('aria-live'), null, 'a status region (polite by its role)');
    assert.deepEqual(chat.errors, []);
  });

  test('Providers: a refused value stays "Not saved" while another field is saved; choosing and deleting a provider say "Saved"', { skip: !BEHAVIOUR }, async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;
    const { form } = await addMockProvider(page, env.mock, { scenario: 'echo', keepOpen: true });
    const dialog = dialogNamed(page, 'Providers');
    const state = dialog.getByRole('status').last();
    const text = async () => (await state.innerText()).trim();
    const says = async (want) => waitUntil(async () => (await text()) === want, `the save state says "${want}"`);
    const refused = 'Not saved: Temperature must be a number from 0 to 2, or empty for the default.';
    await says('Saved');
    await commit(form.getByRole('textbox', { name: 'Temperature', exact: true }), 'hot');
    await says(refused);
    // Another field is stored; the refused temperature is still unsaved, and the state says so.
    await commit(form.getByRole('textbox', { name: 'Name', exact: true }), 'First');
    await waitUntil(async () => (await readDatabase(page, ['providers'])).providers[0]?.name === 'First', 'the name is stored');
    await waitUntil(async () => (await text()) !== 'Saving…', 'the write has ended');
    assert.equal(await text(), refused, 'the refused value is still said to be unsaved');
    await commit(form.getByRole('textbox', { name: 'Temperature', exact: true }), '0.5');
    await says('Saved');

    // A second provider takes over; choosing the first again is a write the state follows.
    await closeProviders(page);
    await addMockProvider(page, env.mock, { scenario: 'echo', keepOpen: true });
    await says('Saved');
    const { providers } = await readDatabase(page, ['providers']);
    const first = providers.find((p) => p.name === 'First');
    assert.equal(providers.length, 2);
    const active = async () => (await readDatabase(page, ['settings'])).settings.find((s) => s.key === 'active_provider')?.value;
    await waitUntil(async () => (await active()) !== first.id, 'the new provider is in use');
    await closeProviders(page);
    await openProviders(page);
    assert.equal(await text(), '', 'nothing said when the dialog opens');
    await dialog.getByRole('list', { name: 'Your providers', exact: true }).getByRole('button', { name: /First/ }).click();
    await providerForm(page).getByRole('button', { name: 'Use this provider', exact: true }).click();
    await says('Saved');
    assert.equal(await active(), first.id, '"Saved" once the choice is stored');

    // Deleting a provider is a write the state follows too.
    await closeProviders(page);
    await openProviders(page);
    assert.equal(await text(), '');
    page.once('dialog', (question) => question.accept());
    await providerForm(page).getByRole('button', { name: 'Delete provider', exact: true }).click();
    await says('Saved');
    assert.equal((await readDatabase(page, ['providers'])).providers.length, 1, '"Saved" once the provider is deleted');
    assert.deepEqual(chat.errors, []);
  });

  for (const [label, view] of [
    ['390 px', { width: 390, height: 844 }],
    ['200 % zoom (1280 × 800)', { width: 640, height: 400 }],
  ]) {
    test(`Close stays in view at ${label}, at the top and the bottom of every dialog`, { skip: !BEHAVIOUR }, async (t) => {
      const chat = await openApp(t, env, { contextOptions: { viewport: view } });
      const { page } = chat;
      await addMockProvider(page, env.mock, { scenario: 'echo', keepOpen: true });
      const check = async (name) => {
        const dialog = dialogNamed(page, name);
        const close = dialog.getByRole('button', { name: 'Close', exact: true });
        for (const end of ['top', 'bottom']) {
          await dialog.evaluate((el, end) => {
            el.scrollTop = end === 'top' ? 0 : el.scrollHeight;
          }, end);
          assert.ok(await inView(page, close), `Close of ${name} is in view at the ${end}`);
        }
        const sideways = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
        assert.ok(sideways <= 0, `${name} does not scroll sideways (${sideways} px)`);
        await screenshot(page, `${PREFIX}-${name.toLowerCase()}-bottom-${view.width}x${view.height}.png`);
        await close.click();
        await dialog.waitFor({ state: 'hidden' });
      };
      await check('Providers');
      await openSettings(page);
      await check('Settings');
      await openAgents(page);
      await check('Agents');
      await openTools(page);
      await check('Tools');
      assert.deepEqual(chat.errors, []);
    });
  }

  test('every dialog gives the focus back to the control that opened it, or to the message box when it is gone', { skip: !BEHAVIOUR }, async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;
    // The empty conversation's "Set up a provider" is gone once a provider is added.
    await page.getByRole('button', { name: 'Set up a provider', exact: true }).click();
    const providers = dialogNamed(page, 'Providers');
    await providers.getByRole('combobox', { name: 'New provider type', exact: true }).selectOption({ label: 'Custom (OpenAI-compatible)' });
    await providers.getByRole('button', { name: 'Add provider', exact: true }).click();
    await commit(providerForm(page).getByRole('textbox', { name: 'Base URL', exact: true }), `${env.mock.url}/v1`);
    await page.getByRole('button', { name: 'Set up a provider', exact: true }).waitFor({ state: 'detached' });
    await providers.getByRole('button', { name: 'Close', exact: true }).click();
    await providers.waitFor({ state: 'hidden' });
    await focusReturnsTo(page, chat.message, 'the opener is gone: the message box has the focus');

    for (const [opener, name, how] of [
      ['Providers', 'Providers', 'Close'],
      ['Settings', 'Settings', 'Escape'],
      ['Agents', 'Agents', 'Close'],
      ['Tools', 'Tools', 'Escape'],
    ]) {
      const button = page.getByRole('button', { name: opener, exact: true });
      await button.click();
      const dialog = dialogNamed(page, name);
      await dialog.waitFor();
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await focusReturnsTo(page, button, `${how} on ${name} gives the focus back to ${opener}`);
    }

    // Tools → Open Agents → Close: back to Tools, which opened the first of the two.
    const tools = page.getByRole('button', { name: 'Tools', exact: true });
    await tools.click();
    await dialogNamed(page, 'Tools').getByRole('button', { name: 'Open Agents', exact: true }).click();
    await dialogNamed(page, 'Agents').waitFor();
    await dialogNamed(page, 'Agents').getByRole('button', { name: 'Close', exact: true }).click();
    await dialogNamed(page, 'Agents').waitFor({ state: 'hidden' });
    await focusReturnsTo(page, tools, 'Agents opened from Tools gives the focus back to Tools');
    assert.deepEqual(chat.errors, []);
  });

  test('a dialog closed and opened again at once (before its close event) stays open', { skip: !BEHAVIOUR }, async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;
    const agents = dialogNamed(page, 'Agents');
    for (const how of ['Close', 'Escape']) {
      await page.getByRole('button', { name: 'Agents', exact: true }).click();
      await agents.waitFor();
      // In one task, as a quick hand or a key repeat can: the browser queues the dialog's
      // close event behind it.
      const openAfter = await page.evaluate(async (how) => {
        const opener = document.querySelector('button[aria-label="Agents"]');
        const dialog = document.querySelector('dialog[open]');
        if (how === 'Close') [...dialog.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Close').click();
        else dialog.requestClose?.() ?? dialog.close(); // what Escape does
        opener.click();
        await new Promise((done) => setTimeout(done, 300));
        return dialog.open;
      }, how);
      assert.equal(openAfter, true, `${how} then Agents at once: the dialog is open`);
      await agents.waitFor();
      await agents.getByRole('button', { name: 'Close', exact: true }).click();
      await agents.waitFor({ state: 'hidden' });
    }
    assert.deepEqual(chat.errors, []);
  });

  test('the Unlock keys prompt passes axe in light and dark at 1280 and 390 px (screenshots)', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    await lockKeys(chat.page, PASSPHRASE);
    await chat.page.close();
    // A new browser session (every Hearth tab closed) asks for the passphrase.
    const next = await loadApp(chat.context, env.app.url);
    await dialogNamed(next.page, 'Unlock your API keys').waitFor();
    await shootAndCheck(next.page, 'unlock-keys');
    if (BEHAVIOUR) {
      // Asked at start, nothing had the focus: "Not now" leaves it in the message box.
      await dialogNamed(next.page, 'Unlock your API keys').getByRole('button', { name: 'Not now', exact: true }).click();
      await dialogNamed(next.page, 'Unlock your API keys').waitFor({ state: 'hidden' });
      await focusReturnsTo(next.page, next.message, 'the focus is in the message box');
    }
    assert.deepEqual(next.errors, []);
  });

  test('the Out of date dialog passes axe in light and dark at 1280 and 390 px (screenshots)', async (t) => {
    const chat = await openApp(t, env);
    const newer = await chat.context.newPage();
    await newer.goto(new URL('no-such-page.txt', env.app.url).href);
    await newer.evaluate(async () => {
      // The app opens its database as it starts: it may not be there the moment the page is.
      let found;
      while (!(found = (await indexedDB.databases()).find((db) => db.name === 'hearth'))) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const current = found.version;
      await new Promise((resolve, reject) => {
        const request = indexedDB.open('hearth', current + 1);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => resolve((window.upgraded = request.result));
      });
    });
    await dialogNamed(chat.page, 'This tab is out of date').waitFor();
    await shootAndCheck(chat.page, 'out-of-date');
    if (BEHAVIOUR) {
      const dialog = dialogNamed(chat.page, 'This tab is out of date');
      await dialog.getByRole('button', { name: 'Keep reading without saving', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await focusReturnsTo(chat.page, chat.message, 'the focus is in the message box');
    }
    assert.deepEqual(chat.errors, []);
  });
});
