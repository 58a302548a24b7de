// End-to-end tests of the split wasm (scripts/build.sh, src/ui/lazy.rs), in real headless
// Chromium against the built app:
//
// - a chunk loads on first use: the first load fetches no chunk, and start-up none either;
//   the first text typed fetches the send path's and renderer's chunk (`reply`, with the code
//   it needs, in a few files: scripts/packs.mjs), once; opening Settings fetches the dialogs' chunk
//   (and what it shares with other chunks: the shared pack, larger chunks) once; then
//   Providers, from the same chunk, fetches nothing (app-preview.test.mjs shows the app
//   preview's chunk at work);
// - offline from the precache: with the service worker in control, a reload and a first
//   Settings offline (the static server stopped, the browser offline) load the chunk from
//   the worker's cache;
// - a failed chunk fetch: Settings shows why, announced, with Retry and Close, changes
//   nothing else, and Retry loads it once the network is back;
// - a send path that cannot load: the message is kept and its reply ends with a card that
//   says why, nothing reaches the provider, and Retry answers once the chunk loads.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.mjs';
import { waitUntil } from '../support/browser.mjs';
import { loadApp, openApp, openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { builtApp } from '../support/dist.mjs';
import { readDatabase } from '../support/idb.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { sendPathFiles } from '../../scripts/size-budget.mjs';

/** Whether a URL is one of the chunks of a split wasm or a pack of them (not the main wasm). */
const isChunk = (url) => /\/(split_[^/]*|chunk_[^/]*|pack_[^/]*)\.wasm$/.test(new URL(url).pathname);

/** The pack of the `reply` chunk and the code it needs, fetched once there is text to send. */
const START_PACK = 'pack_start.wasm';

/** Collects the URLs of the chunks `page` requests, in order. */
function chunkRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    if (isChunk(request.url())) seen.push(new URL(request.url()).pathname.split('/').pop());
  });
  return seen;
}

describe('the wasm in chunks', () => {
  const env = useHarness();

  test('start-up loads no chunk; the first text typed loads the reply chunk, the first dialog opened the dialogs’ chunk, each once', async (t) => {
    let chunks;
    const { page, errors } = await openApp(t, env, {
      beforeLoad: (_context, page) => {
        chunks = chunkRequests(page);
      },
    });
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.waitFor();
    // The first load itself is counted by walking-skeleton.test.mjs; a visit that sends
    // nothing fetches nothing more.
    await page.waitForTimeout(1000);
    assert.deepEqual(chunks, [], 'no chunk before anything is typed');
    // Once there is something to send, the send path and the renderer come, so that Enter
    // does not wait for them; more typing asks for nothing more.
    await message.pressSequentially('Hi');
    await waitUntil(() => chunks.includes(START_PACK), 'the reply chunk is fetched without a send');
    await message.pressSequentially(' there');
    const sendPath = new Set(sendPathFiles(builtApp()).map((f) => f.name.split('/').pop()));
    await page.waitForTimeout(500);
    assert.deepEqual([...chunks].sort(), [...sendPath].sort(), 'one request for each file of the reply chunk and the code it needs, before a dialog opens');
    const started = chunks.length;
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.waitFor();
    assert.ok(chunks.includes('split_dialogs.wasm'), 'opening Settings loads the dialogs’ chunk');
    assert.deepEqual(
      chunks.slice(started).filter((name) => name !== 'split_dialogs.wasm' && !/^(chunk_\d+|pack_shared)\.wasm$/.test(name)),
      [],
      'and nothing but the code it shares with other chunks',
    );
    const loaded = chunks.length;
    // The browser puts the focus in the dialog, on its first control, as before the split.
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest('dialog')?.getAttribute('aria-labelledby') != null),
      true,
      'the focus is in the dialog',
    );
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Providers', exact: true }).click();
    await page.getByRole('dialog', { name: 'Providers' }).waitFor();
    assert.equal(chunks.length, loaded, 'another dialog of the chunk loads nothing more');
    assert.deepEqual(errors, []);
  });

  test('offline, the chunk comes from the service worker’s precache', async (t) => {
    const site = await startStaticServer({ root: builtApp(), headers: true });
    let closed = false;
    t.after(() => (closed ? undefined : site.close()));
    const context = await env.browser.newContext({ serviceWorkers: 'allow' });
    t.after(() => context.close());
    const { page } = await loadApp(context, site.url);
    await waitUntil(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'),
      'the service worker is active',
    );
    // Nothing of the chunk was fetched by the page yet: only the worker's install has it.
    await site.close();
    closed = true;
    await context.setOffline(true);
    const chunks = chunkRequests(page);
    await page.reload();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    assert.ok(chunks.includes('split_dialogs.wasm'), 'the chunk was asked for, offline');
    assert.equal(await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).count(), 0);
  });

  test('a chunk that fails to load says so with Retry and Close; Retry loads it once it can', async (t) => {
    let refuse = true;
    const { page, context, errors } = await openApp(t, env, {
      beforeLoad: (context) =>
        context.route(
          (url) => isChunk(url.href),
          (route) => (refuse ? route.abort('internetdisconnected') : route.continue()),
        ),
    });
    const message = page.getByRole('textbox', { name: 'Message' });
    await message.fill('Still here');
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This part of Hearth could not be loaded' });
    await alert.waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Settings' }).count(), 0, 'no dialog');
    assert.deepEqual(await axeViolations(page, { include: '.chunk-error' }), [], 'axe on the message');
    // Close takes the message away; nothing else changed.
    await alert.getByRole('button', { name: 'Close', exact: true }).click();
    await alert.waitFor({ state: 'detached' });
    assert.equal(await message.inputValue(), 'Still here', 'the draft is untouched');
    // Asked again, it fails again; once the chunk can be fetched, Retry opens the dialog.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await alert.waitFor();
    refuse = false;
    await alert.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    assert.equal(await alert.count(), 0, 'the message is gone');
    await context.unrouteAll();
    // The loader logs each failed fetch to the console; nothing was thrown, nothing panicked.
    assert.deepEqual(errors, []);
  });

  test('a send path that cannot load keeps the message, says why with Retry, and sends nothing', async (t) => {
    let refuse = true;
    let asked = 0;
    // The provider is set up first: the dialogs share code with the send path, which the
    // start pack carries. Then the page starts again without it.
    const chat = await openChatWithProvider(t, env, { scenario: 'markdown' });
    await chat.context.route(
      (url) => url.pathname.endsWith(`/${START_PACK}`),
      (route) => {
        asked += 1;
        return refuse ? route.abort('internetdisconnected') : route.continue();
      },
    );
    await chat.page.reload();
    await sendMessage(chat, 'Kept while the code is missing');
    const card = chat.reply.getByRole('alert');
    await card.waitFor();
    // Typing asks for the chunk, and Playwright's handler may run after Enter: counted once
    // the card says the load failed (only the handler fails it).
    assert.ok(asked > 0, 'the reply chunk was asked for');
    assert.match(await card.innerText(), /This part of Hearth could not be loaded/);
    await settled(chat);
    assert.equal(
      await chat.log.getByRole('article', { name: 'You' }).filter({ hasText: 'Kept while the code is missing' }).count(),
      1,
      'the message is shown',
    );
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 0, 'nothing reached the provider');
    assert.deepEqual(await axeViolations(chat.page, { include: 'article[aria-label="Assistant"]' }), []);
    // Both were stored: after a reload (the chunk still refused) the message and the card are back.
    await chat.page.reload();
    await card.waitFor();
    assert.match(await card.innerText(), /This part of Hearth could not be loaded/);
    assert.equal(await chat.log.getByRole('article', { name: 'You' }).count(), 1);
    refuse = false;
    await card.getByRole('button', { name: 'Retry', exact: true }).click();
    await waitUntil(async () => (await chat.reply.getByRole('heading', { name: 'Hearth mock reply' }).count()) === 1, 'Retry answers');
    await settled(chat);
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 1, 'one request, on Retry');
    // The question was stored while the search's postings could not be written (their code is
    // in the chunk): with its terms, as an older Hearth stored a message, and no number.
    const question = (await readDatabase(chat.page, ['messages'])).messages.find((m) => m.role === 'user');
    assert.ok(question.terms.includes('missing') && question.number === undefined, 'stored for the older index');
    const nav = chat.page.getByRole('navigation', { name: 'Conversations', exact: true });
    const search = nav.getByRole('searchbox', { name: 'Search conversations', exact: true });
    const found = nav.getByRole('status').filter({ hasText: /^1 result$/ });
    await search.fill('missing');
    await found.waitFor();
    // The next start moves it into the postings; it is still found.
    await chat.page.reload();
    await waitUntil(async () => {
      const { messages } = await readDatabase(chat.page, ['messages']);
      return messages.every((m) => Number.isInteger(m.number) && m.terms === undefined);
    }, 'every message is in the postings');
    await search.fill('missing');
    await found.waitFor();
    assert.deepEqual(chat.errors, []);
  });
});
