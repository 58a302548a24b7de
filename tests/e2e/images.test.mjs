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
import { addMockProvider, loadApp, newContext, openApp, openChatWithProvider, sendAndSettle, settled, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, importFile, openSettings, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { axeViolations } from '../support/axe.mjs';
import { unzip } from '../support/zip.mjs';
import { readDatabase, storedBlobs } from '../support/idb.mjs';
import { FAMILIES, mockRequests, readScenario, resetMock } from '../support/mock.mjs';
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

  test('Create an image asks the image model for pictures of what was written, kept after a reload; an attached picture is what it edits', async (t) => {
    await resetMock(env.mock);
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const { page } = chat;
    await turnOffGeneratedTitles(page);
    const imagesRequests = async () => (await mockRequests(env.mock)).filter((e) => e.method === 'POST' && e.path.startsWith('/v1/images/'));

    await chat.message.fill('A red square on white');
    await page.getByRole('button', { name: 'Create an image', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an image', exact: true });
    await dialog.waitFor();
    const prompt = dialog.getByRole('textbox', { name: 'What to draw', exact: true });
    assert.equal(await prompt.inputValue(), 'A red square on white', 'it starts from the message box');
    assert.equal(await dialog.getByRole('textbox', { name: 'Image model', exact: true }).inputValue(), 'gpt-image-1', 'a chat model: the image model of its family');
    await dialog.getByRole('combobox', { name: 'Size', exact: true }).selectOption({ label: 'Square' });
    await dialog.getByRole('combobox', { name: 'Quality', exact: true }).selectOption({ label: 'Quality: low' });
    await dialog.getByRole('combobox', { name: 'How many pictures', exact: true }).selectOption({ label: '2 pictures' });
    assert.deepEqual(await axeViolations(page), [], 'the dialog passes axe at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page), [], 'and at 390 px in dark mode');
    await screenshot(page, '49-create-image-narrow-dark.png');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await chat.message.inputValue(), '', 'the message box is emptied, as by Send');
    const reply = await settled(chat).then(() => chat.reply);
    const pictures = reply.getByRole('list', { name: 'Pictures', exact: true });
    await pictures.waitFor();
    assert.equal(await pictures.getByRole('button').count(), 2, 'the two pictures asked for');
    const second = pictures.getByRole('img', { name: 'Picture 2 the model made', exact: true });
    await waitOn(chat, () => second.evaluate((img) => img.complete && img.naturalWidth > 0), 'the second picture shows');
    await chat.log.getByText('A red square on white', { exact: true }).waitFor();
    await screenshot(page, '49-create-image.png');
    let [made] = await imagesRequests();
    assert.equal(made.path, '/v1/images/generations');
    assert.deepEqual(made.body, { model: 'gpt-image-1', prompt: 'A red square on white', n: 2, size: '1024x1024', quality: 'low' }, 'exactly what the dialog said');
    assert.equal((await storedBlobs(page)).length, 2, 'each picture stored once');

    await page.reload();
    await page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    await chat.reply.getByRole('list', { name: 'Pictures', exact: true }).waitFor();
    assert.equal(await chat.reply.getByRole('list', { name: 'Pictures', exact: true }).getByRole('button').count(), 2, 'kept after a reload');
    assert.equal(await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).count(), 0, 'pictures only: made again from the dialog, not by the chat model');

    // An image model is needed: an emptied field says so, and nothing is sent.
    await page.getByRole('button', { name: 'Create an image', exact: true }).click();
    await prompt.fill('Anything');
    await dialog.getByRole('textbox', { name: 'Image model', exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Name an image model first.' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await chat.assistant.count(), 1, 'nothing was sent');
    await chat.message.fill('');

    // An image attached in the message box is the picture the model edits.
    const { stream } = await readScenario('image');
    const png = Buffer.from(stream.find((frame) => frame.image && !frame.image.partial).image.data, 'base64');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('form', { name: 'Composer', exact: true }).getByRole('button', { name: 'Attach a file', exact: true }).click(),
    ]);
    await chooser.setFiles([{ name: 'sun.png', mimeType: 'image/png', buffer: png }]);
    await chat.message.fill('Make the sun blue');
    await page.getByRole('button', { name: 'Create an image', exact: true }).click();
    await dialog.getByText('The model edits the picture attached in the message box: sun.png.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitOn(chat, async () => (await chat.assistant.count()) === 2 && (await chat.reply.getAttribute('aria-busy')) === 'false', 'the edit is answered');
    await chat.reply.getByRole('list', { name: 'Pictures', exact: true }).waitFor();
    [, made] = await imagesRequests();
    assert.equal(made.path, '/v1/images/edits');
    assert.equal(made.body.prompt, 'Make the sun blue');
    assert.equal(made.body.n, 1);
    assert.equal(made.body.images.length, 1);
    assert.match(made.body.images[0].image_url, /^data:image\/(png|jpeg|webp);base64,/, 'the attached picture, as a data URL');
    const { messages } = await readDatabase(page, ['messages']);
    const asked = messages.find((m) => m.role === 'user' && m.content === 'Make the sun blue');
    assert.equal(asked.attachments.length, 1, 'the picture edited is kept with the message that asked');

    // A model that cannot edit says so on the error card, naming the way out; nothing is sent.
    const sent = (await imagesRequests()).length;
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('form', { name: 'Composer', exact: true }).getByRole('button', { name: 'Attach a file', exact: true }).click(),
    ]);
    await again.setFiles([{ name: 'sun.png', mimeType: 'image/png', buffer: png }]);
    await page.getByRole('button', { name: 'Create an image', exact: true }).click();
    await dialog.getByText('The model edits the picture attached in the message box: sun.png.', { exact: true }).waitFor();
    await prompt.fill('Make it night');
    await dialog.getByRole('textbox', { name: 'Image model', exact: true }).fill('dall-e-3');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await waitOn(chat, async () => (await chat.assistant.count()) === 3 && (await chat.reply.getAttribute('aria-busy')) === 'false', 'the third turn ended');
    await chat.reply.getByText(/cannot make this picture\. This model cannot edit a picture from Hearth; pick a GPT image model \(such as gpt-image-1\) to edit\. Nothing was sent\./).waitFor();
    assert.equal((await imagesRequests()).length, sent, 'no request went out');
    assert.equal(await chat.reply.getByRole('button', { name: 'Retry', exact: true }).count(), 0, 'no Retry: it would ask the chat model');
    assert.deepEqual(chat.errors, []);
  });
});
