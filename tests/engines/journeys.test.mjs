// The main journeys in Firefox and WebKit (see driver.mjs for how each is driven), against the
// built app (dist/, or $HEARTH_DIST) served with its headers and the mock server: controls are
// found by role and accessible name, as in the Chromium suite (tests/e2e/).
//
// - A provider of each family added in the Providers dialog, a reply streamed from each, and
//   the conversation there again after a reload (IndexedDB).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '../mock/server.mjs';
import { builtApp } from '../support/dist.mjs';
import { FAMILIES } from '../support/mock.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { ENGINES, launch } from './driver.mjs';

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));
const ENGINE_FILTER = process.env.HEARTH_ENGINES?.split(',') ?? ENGINES;

/** Waits until `check()` is true (polled), or fails saying `what`. */
async function until(check, what, timeout = 20_000) {
  for (let waited = 0; waited <= timeout; waited += 150) {
    if (await check()) return;
    await sleep(150);
  }
  assert.fail(`waited ${timeout} ms for ${what}`);
}

for (const engine of ENGINES.filter((name) => ENGINE_FILTER.includes(name))) {
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
      const page = await browser.newPage();
      await page.goto(app.url);
      const message = page.getByRole('textbox', { name: 'Message' });
      await message.waitFor();
      const log = page.getByRole('log', { name: 'Conversation' });
      const replies = log.getByRole('article', { name: 'Assistant' });
      for (const family of [FAMILIES.openai, FAMILIES.anthropic, FAMILIES.gemini]) {
        await page.getByRole('button', { name: 'Providers' }).click();
        const dialog = page.getByRole('dialog', { name: 'Providers' });
        await dialog.waitFor();
        await dialog.getByRole('combobox', { name: 'New provider type' }).selectOption({ label: family.type });
        await dialog.getByRole('button', { name: 'Add provider' }).click();
        const form = dialog.getByRole('form', { name: 'Provider settings' });
        await form.getByRole('textbox', { name: 'Base URL' }).commit(family.baseUrl(mock));
        await form.getByLabel('API key').commit('sk-test');
        await form.getByRole('textbox', { name: 'Model' }).commit('echo');
        await dialog.getByRole('button', { name: 'Close' }).click();
        await dialog.waitFor({ state: 'hidden' });
        const before = await replies.count();
        const words = `Hello from ${engine} to ${family.type}`;
        await message.fill(words);
        await page.getByRole('button', { name: 'Send' }).click();
        await until(async () => (await replies.count()) > before, `a reply from ${family.type}`);
        await until(async () => (await replies.last().innerText()).includes(words), `the echo of "${words}"`);
        await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
        const asked = mock.requests.filter((entry) => family.isChat(entry) && JSON.stringify(entry.body ?? {}).includes(words));
        assert.ok(asked.length >= 1, `${family.type} was asked (and perhaps for a title too)`);
      }
      await page.screenshot(path.join(SCREENSHOTS, `${engine}-three-families.png`));
      await page.reload();
      await message.waitFor();
      await until(async () => (await replies.count()) === 3, 'the three replies after the reload');
        // A stored reply is rendered once the reply chunk is in.
      await until(async () => (await replies.first().innerText()).includes(`Hello from ${engine}`), 'the first reply, rendered');
    });
  });
}
