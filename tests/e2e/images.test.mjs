// End-to-end tests of pictures models make, in real headless Chromium against the mock LLM
// server: a Responses model draws (a partial picture, then the final one), the final picture
// is stored once in the blob store and shown in the conversation with the image viewer; it
// is there after a reload, in the Markdown export (linked and in the zip), in a backup that a
// fresh profile imports, and it goes back to the model as an image when the conversation goes
// on. axe checks the pictures at 1280 px and at 390 px in dark mode. Elements are found by
// role and accessible name; blobs are read from IndexedDB and requests from the mock's log.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screenshot } from '../support/browser.mjs';
import { addMockProvider, loadApp, newContext, openApp, sendAndSettle, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, importFile, openSettings, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { axeViolations } from '../support/axe.mjs';
import { unzip } from '../support/zip.mjs';
import { readDatabase, storedBlobs } from '../support/idb.mjs';
import { mockRequests, readScenario, resetMock } from '../support/mock.mjs';
import { closeProviders, editProvider, providerForm } from '../support/providers.mjs';


/** The Responses requests the mock logged (the background title requests left out). */
async function responsesRequests(mock) {
  return (await mockRequests(mock)).filter((e) => e.method === 'POST' && e.path === '/v1/responses' && !JSON.stringify(e.body).includes('Write a title'));
}

describe('pictures from models', () => {
  const env = useHarness();

  test('a picture made is stored once, shown, reloaded, exported, carried into a fresh profile and sent back to the model', async (t) => {
    const downloads = await mkdtemp(path.join(tmpdir(), 'hearth-images-'));
    t.after(() => rm(downloads, { recursive: true, force: true }));
    const save = async (page, click) => {
      const [file] = await Promise.all([page.waitForEvent('download'), click()]);
      const saved = path.join(downloads, file.suggestedFilename());
      await file.saveAs(saved);
      return { name: file.suggestedFilename(), path: saved, bytes: await readFile(saved) };
    };
    await resetMock(env.mock);
    const chat = await openApp(t, env);
    const { page } = chat;
    await addMockProvider(page, env.mock, { family: { type: 'Custom (OpenAI-compatible)', baseUrl: (mock) => `${mock.url}/v1` }, scenario: 'image', keepOpen: true });
    await providerForm(page).getByRole('combobox', { name: 'API', exact: true }).selectOption({ label: 'Responses' });
    await closeProviders(page);
    await waitOn(chat, async () => (await readDatabase(page, ['providers'])).providers[0]?.api === 'responses', 'the API choice is stored');
    await turnOffGeneratedTitles(page);

    const reply = await sendAndSettle(chat, 'Draw a sun over a field.');
    const pictures = reply.getByRole('list', { name: 'Pictures', exact: true });
    await pictures.waitFor();
    const open = pictures.getByRole('button', { name: 'Open picture 1 the model made', exact: true });
    const shown = open.getByRole('img', { name: 'Picture 1 the model made', exact: true });
    await waitOn(chat, () => shown.evaluate((img) => img.complete && img.naturalWidth === 64), 'the picture shows');
    assert.equal(await pictures.getByRole('button').count(), 1, 'only the final picture is kept; the partial is not');

    // Stored once, by the hash of its bytes, as the scenario's final picture.
    const scenario = await readScenario('image');
    const final = scenario.stream.find((frame) => frame.image && !frame.image.partial).image;
    const blobs = await storedBlobs(page);
    assert.equal(blobs.length, 1, 'one blob');
    assert.equal(blobs[0].mime, 'image/png');
    assert.equal(blobs[0].size, Buffer.from(final.data, 'base64').length);
    const { messages } = await readDatabase(page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.equal(stored.images.length, 1);
    assert.equal(stored.images[0].blob, blobs[0].id, 'the record keeps the reference');
    assert.equal(stored.images[0].data, undefined, 'not the bytes');

    await screenshot(page, '49-picture.png');
    assert.deepEqual(await axeViolations(page), [], 'the pictures pass axe at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'and at 390 px in dark mode');
    await screenshot(page, '49-picture-narrow-dark.png');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });

    // The viewer opens it large, with Download.
    await open.click();
    const viewer = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Download', exact: true }) });
    await viewer.waitFor();
    const downloaded = await save(page, () => viewer.getByRole('button', { name: 'Download', exact: true }).click());
    assert.ok(downloaded.bytes.equals(Buffer.from(final.data, 'base64')), 'the picture as it was made');
    await page.keyboard.press('Escape');

    // After a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    const again = chat.reply.getByRole('img', { name: 'Picture 1 the model made', exact: true });
    await waitOn(chat, () => again.evaluate((img) => img.complete && img.naturalWidth === 64), 'the picture shows after a reload');

    // Markdown: linked, and in the zip.
    const markdown = await save(page, () => page.getByRole('button', { name: 'Export as Markdown', exact: true }).click());
    const entries = unzip(markdown.bytes);
    const document = entries.find((e) => e.name.endsWith('.md'));
    assert.ok(document, `a Markdown document in ${entries.map((e) => e.name)}`);
    const links = [...document.data.toString('utf8').matchAll(/!\[[^\]]*\]\((attachments\/[^)]+)\)/g)].map((m) => m[1]);
    assert.equal(links.length, 1, `the picture is linked: ${document.data.toString('utf8')}`);
    const file = entries.find((e) => e.name === links[0]);
    assert.ok(file?.data.equals(Buffer.from(final.data, 'base64')), `${links[0]} is the picture`);

    // A backup carries it into a fresh profile.
    const settings = await openSettings(page);
    const backup = await save(page, () => settings.getByRole('button', { name: 'Export backup', exact: true }).click());
    await closeSettings(page);
    const fresh = await newContext(t, env.browser);
    const other = await loadApp(fresh, env.app.url);
    await importFile(other.page, backup.path);
    assert.deepEqual((await storedBlobs(other.page)).map((b) => b.id), [blobs[0].id]);
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('button', { name: 'Draw a sun over a field.', exact: true }).click();
    const imported = other.reply.getByRole('img', { name: 'Picture 1 the model made', exact: true });
    await waitOn(other, () => imported.evaluate((img) => img.complete && img.naturalWidth === 64), 'the imported picture shows');

    // Going on, the picture goes back to the model as an image.
    await editProvider(page, { model: 'echo' });
    await sendAndSettle(chat, 'What colour is the sun?');
    const requests = await responsesRequests(env.mock);
    const last = requests.at(-1).body;
    const user = last.input.filter((item) => item.role === 'user').at(-1);
    const parts = Array.isArray(user.content) ? user.content : [];
    const image = parts.find((part) => part.type === 'input_image');
    assert.ok(image, `the next user message carries the picture: ${JSON.stringify(user).slice(0, 400)}`);
    assert.equal(image.image_url, `data:image/png;base64,${final.data}`);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });
});
