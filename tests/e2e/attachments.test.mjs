// Images and PDFs in a message, in real headless Chromium against the mock server: a
// 12 MP phone photo with EXIF GPS (made here, by the browser's canvas, with an EXIF
// segment written by this file) is chosen in the file picker, a screenshot pasted and a
// PDF dropped; the composer shows what will be sent and each can be removed with the
// keyboard; every family's request carries the master (long edge 2000 px, no EXIF,
// within Anthropic's 5 MB of base64) in its own shape; a reload and a Regenerate send the
// very same bytes; a text-only model gets a note instead; the bytes are stored once in
// the blob store and freed with the last conversation that uses them.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { unzip, zipArchive } from '../support/zip.mjs';
import { addMockProvider, loadApp, newContext, openApp, openChatWithProvider, sendAndSettle, settled, useHarness, waitOn } from '../support/chat.mjs';
import { closeProviders, openProviders, providerForm } from '../support/providers.mjs';
import { closeSettings, importFile, openSettings, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { readDatabase, storedBlobs } from '../support/idb.mjs';
import { chatRequests, FAMILIES, waitForChatRequests } from '../support/mock.mjs';

/** The composer (a form named "Composer") and its parts these tests use. */
function composer(page) {
  const form = page.getByRole('form', { name: 'Composer', exact: true });
  return {
    form,
    media: form.getByRole('list', { name: 'Attached images, PDFs and voice notes', exact: true }),
    alert: form.getByRole('alert'),
    attach: form.getByRole('button', { name: 'Attach a file', exact: true }),
  };
}

/**
 * An image of `width` × `height` drawn by the page's canvas (gradients and shapes), with a
 * sensor's fine grain when `grain` (so a 12 MP JPEG weighs what a phone's does).
 */
async function canvasImage(page, width, height, type = 'image/jpeg', { grain = false, transparent = false } = {}) {
  const bytes = await page.evaluate(
    async ([width, height, type, grain, transparent]) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d');
      const sky = context.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, '#5b8bd6');
      sky.addColorStop(1, '#f3d9a4');
      context.fillStyle = sky;
      context.fillRect(0, 0, width, height);
      for (let i = 0; i < 40; i += 1) {
        context.fillStyle = `hsl(${(i * 37) % 360} 60% 45%)`;
        context.beginPath();
        context.arc(((i * 797) % width), ((i * 431) % height), (width / 30) * (1 + (i % 4)), 0, 2 * Math.PI);
        context.fill();
      }
      context.fillStyle = '#222';
      context.font = `${Math.round(height / 12)}px sans-serif`;
      context.fillText('Hearth test photo', width / 10, height / 2);
      // A cut-out corner, as a rendered logo or a screenshot of a window has.
      if (transparent) context.clearRect(0, 0, width / 4, height / 4);
      if (grain) {
        const pixels = context.getImageData(0, 0, width, height);
        let seed = 7;
        for (let i = 0; i < pixels.data.length; i += 1) {
          if (i % 4 === 3) continue;
          seed = (seed * 1103515245 + 12345) & 0x7fffffff;
          pixels.data[i] += (seed >> 16) % 25 - 12;
        }
        context.putImageData(pixels, 0, 0);
      }
      const blob = await canvas.convertToBlob(type === 'image/jpeg' ? { type, quality: 0.92 } : { type });
      // Base64 crosses to the test far faster than an array of numbers.
      const url = await new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.readAsDataURL(blob);
      });
      return url.slice(url.indexOf(',') + 1);
    },
    [width, height, type, grain, transparent],
  );
  return Buffer.from(bytes, 'base64');
}

/**
 * `jpeg` with an EXIF segment after its start marker, as a phone writes it: orientation 6
 * (the camera was turned: shown rotated a quarter turn clockwise) and a GPS position.
 */
function withExif(jpeg) {
  const tiff = Buffer.alloc(92);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(8, 4);
  // IFD0: orientation, then the pointer to the GPS IFD (at 38).
  tiff.writeUInt16LE(2, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(6, 18);
  tiff.writeUInt16LE(0x8825, 22);
  tiff.writeUInt16LE(4, 24);
  tiff.writeUInt32LE(1, 26);
  tiff.writeUInt32LE(38, 30);
  tiff.writeUInt32LE(0, 34);
  // GPS IFD: latitude ref "N", latitude 48° 51' 24" (rationals at 68).
  tiff.writeUInt16LE(2, 38);
  tiff.writeUInt16LE(0x0001, 40);
  tiff.writeUInt16LE(2, 42);
  tiff.writeUInt32LE(2, 44);
  tiff.write('N\0', 48, 'latin1');
  tiff.writeUInt16LE(0x0002, 52);
  tiff.writeUInt16LE(5, 54);
  tiff.writeUInt32LE(3, 56);
  tiff.writeUInt32LE(68, 60);
  tiff.writeUInt32LE(0, 64);
  [48, 1, 51, 1, 2400, 100].forEach((n, i) => tiff.writeUInt32LE(n, 68 + 4 * i));
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]);
  return Buffer.concat([jpeg.subarray(0, 2), header, body, jpeg.subarray(2)]);
}

/** A JPEG's size from its first frame header, `[width, height]`. */
function jpegSize(bytes) {
  assert.equal(bytes.readUInt16BE(0), 0xffd8, 'a JPEG');
  let at = 2;
  while (at + 9 < bytes.length) {
    const marker = bytes[at + 1];
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
    }
    at += 2 + length;
  }
  assert.fail('no frame header');
}

/** A small valid PDF of `pages` empty pages. */
function pdf(pages) {
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  const objects = [
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    `2 0 obj <</Type /Pages /Kids [${kids}] /Count ${pages}>> endobj`,
    ...Array.from({ length: pages }, (_, i) => `${3 + i} 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj`),
  ];
  return Buffer.from(`%PDF-1.4\n${objects.join('\n')}\ntrailer <</Root 1 0 R>>\n%%EOF\n`, 'latin1');
}

/** The images and PDFs of the last user message of a logged request, as `{ mime, data }`, and its text. */
const LAST_USER = {
  'OpenAI-compatible': (body) => {
    const content = body.messages.findLast((m) => m.role === 'user').content;
    if (typeof content === 'string') return { parts: [], text: content };
    const parts = content.flatMap((part) => {
      if (part.type === 'image_url') return [dataUrl(part.image_url.url)];
      if (part.type === 'file') return [dataUrl(part.file.file_data)];
      return [];
    });
    return { parts, text: content.filter((p) => p.type === 'text').map((p) => p.text).join('\n') };
  },
  Anthropic: (body) => {
    const content = body.messages.findLast((m) => m.role === 'user').content;
    if (typeof content === 'string') return { parts: [], text: content };
    const parts = content
      .filter((block) => block.type === 'image' || block.type === 'document')
      .map((block) => ({ mime: block.source.media_type, data: block.source.data, type: block.type }));
    return { parts, text: content.filter((b) => b.type === 'text').map((b) => b.text).join('\n') };
  },
  Gemini: (body) => {
    const parts = body.contents.findLast((c) => c.role === 'user').parts;
    return {
      parts: parts.filter((p) => p.inlineData).map((p) => ({ mime: p.inlineData.mimeType, data: p.inlineData.data })),
      text: parts.filter((p) => typeof p.text === 'string').map((p) => p.text).join('\n'),
    };
  },
};

/** `data:<mime>;base64,<data>` as `{ mime, data }`. */
function dataUrl(url) {
  const found = url.match(/^data:([^;]+);base64,(.*)$/s);
  assert.ok(found, `a data URL: ${url.slice(0, 40)}`);
  return { mime: found[1], data: found[2] };
}

/** Chooses `files` (paths, or Playwright file payloads) in the picker the Attach button opens. */
async function choose(page, files) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), composer(page).attach.click()]);
  await chooser.setFiles(files);
}

/** Pastes `bytes` as a file named `name` of type `mime` into the message box, as a screenshot paste does. */
async function paste(page, name, mime, bytes) {
  await page.getByRole('textbox', { name: 'Message', exact: true }).evaluate(
    (box, [name, mime, bytes]) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], name, { type: mime }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [name, mime, [...bytes]],
  );
}

/** Drops `bytes` as a file named `name` on the conversation, as dragging it from the desktop does. */
async function drop(page, name, bytes) {
  const target = page.getByRole('log', { name: 'Conversation', exact: true });
  const data = await page.evaluateHandle(
    ([name, bytes]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name));
      return transfer;
    },
    [name, [...bytes]],
  );
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

/** The composer's item for `name` once it is ready ("Will be sent as …"); its detail text. */
async function ready(page, name) {
  const item = composer(page).media.getByRole('listitem').filter({ hasText: name });
  await item
    .filter({ hasText: 'Will be sent as' })
    .or(item.filter({ hasText: 'only Gemini' }))
    .or(item.filter({ hasText: 'goes instead' }))
    .waitFor();
  return item.innerText();
}

const PHOTO = 'IMG_2041.JPG';

describe('images and PDFs in a message', () => {
  const env = useHarness();
  /** The phone photo, made once: 4000 × 3000 (12 MP) with EXIF orientation and GPS. */
  let photo;

  for (const family of Object.values(FAMILIES)) {
    test(`${family.name}: a 12 MP photo with GPS is sent as a 2000 px master without EXIF`, async (t) => {
      const chat = await openChatWithProvider(t, env, { family, scenario: 'echo' });
      const { page } = chat;
      photo ??= withExif(await canvasImage(page, 4000, 3000, 'image/jpeg', { grain: true }));
      assert.ok(photo.includes(Buffer.from('Exif\0\0', 'latin1')), 'the original carries EXIF');

      const started = Date.now();
      await choose(page, [{ name: PHOTO, mimeType: 'image/jpeg', buffer: photo }]);
      const detail = await ready(page, PHOTO);
      const attachMs = Date.now() - started;
      // Orientation 6: the 4000 × 3000 sensor image is shown (and stored) upright.
      assert.match(detail, /Will be sent as JPEG, 1500 × 2000, \d+ KB/, detail);
      const thumbnail = composer(page).media.getByRole('img', { name: PHOTO, exact: true });
      assert.ok(await thumbnail.evaluate((img) => img.complete && img.naturalWidth === 1500), 'the thumbnail shows');

      await sendAndSettle(chat, 'What is in this photo?');
      const [request] = await waitForChatRequests(env.mock, family, 1);
      const sent = LAST_USER[family.name](request.body);
      assert.equal(sent.text, 'What is in this photo?');
      assert.equal(sent.parts.length, 1, 'one image');
      const [{ mime, data }] = sent.parts;
      assert.equal(mime, 'image/jpeg');
      const bytes = Buffer.from(data, 'base64');
      assert.deepEqual(jpegSize(bytes), [1500, 2000], 'the master, upright, long edge 2000');
      assert.ok(!bytes.includes(Buffer.from('Exif', 'latin1')), 'no EXIF (and so no GPS) is sent');
      assert.ok(data.length <= 5 * 1024 * 1024, `within Anthropic's 5 MB of base64: ${data.length}`);

      // Stored once, as the master; the message refers to it and holds no bytes.
      const blobs = await storedBlobs(page);
      assert.equal(blobs.length, 1);
      assert.deepEqual([blobs[0].mime, blobs[0].size, blobs[0].held], ['image/jpeg', bytes.length, true]);
      const { messages } = await readDatabase(page, ['messages']);
      const user = messages.find((m) => m.role === 'user');
      assert.deepEqual(user.blobs, [blobs[0].id]);
      assert.equal(user.attachments[0].original_bytes, photo.length);
      assert.ok(!JSON.stringify(user).includes(data.slice(0, 100)), 'no base64 in the record');
      t.diagnostic(
        `${family.name}: original ${photo.length} B, stored ${bytes.length} B (${((100 * bytes.length) / photo.length).toFixed(1)} %), attached in ${attachMs} ms`,
      );

      // The sent message shows it, read back from the blob store.
      const shown = chat.you.last().getByRole('img', { name: PHOTO, exact: true });
      await waitOn(chat, () => shown.evaluate((img) => img.complete && img.naturalWidth > 0), 'the sent photo shows');
      if (family === FAMILIES.anthropic) await screenshot(page, 'attachments-sent.png');
      assert.deepEqual(chat.errors, []);
    });
  }

  test('Anthropic: an image over 5 MB of base64 goes as a derived copy that fits, the same on every turn', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'echo' });
    const { page } = chat;
    // A large grainy PNG with transparency: its master stays a PNG, over Anthropic's limit.
    const render = await canvasImage(page, 2000, 2000, 'image/png', { grain: true, transparent: true });
    await choose(page, [{ name: 'render.png', mimeType: 'image/png', buffer: render }]);
    assert.match(await ready(page, 'render.png'), /Will be sent as PNG, 2000 × 2000, \d+\.\d MB/);
    await sendAndSettle(chat, 'What is this?');
    const [request] = await waitForChatRequests(env.mock, FAMILIES.anthropic, 1);
    const [part] = LAST_USER.Anthropic(request.body).parts;
    const [stored] = await storedBlobs(page);
    assert.equal(stored.mime, 'image/png');
    assert.ok(Math.ceil(stored.size / 3) * 4 > 5 * 1024 * 1024, `the master is over the limit: ${stored.size} B`);
    assert.equal(part.mime, 'image/jpeg', 'a derived JPEG is sent');
    assert.ok(part.data.length <= 5 * 1024 * 1024, `within 5 MB of base64: ${part.data.length}`);
    assert.deepEqual(jpegSize(Buffer.from(part.data, 'base64')), [1568, 1568]);
    // The next turn sends the very same copy (prompt caching needs identical bytes).
    await sendAndSettle(chat, 'And now?');
    const [, next] = await waitForChatRequests(env.mock, FAMILIES.anthropic, 2);
    const again = next.body.messages.find((m) => m.role === 'user').content.find((b) => b.type === 'image');
    assert.equal(again.source.data, part.data);
    assert.deepEqual(chat.errors, []);
  });

  test('paste, drop and removal by keyboard; a reload and a Regenerate send the same bytes', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'echo' });
    const { page } = chat;
    const { media, form } = composer(page);
    const screenshotPng = await canvasImage(page, 1200, 800, 'image/png');

    await paste(page, 'image.png', 'image/png', screenshotPng);
    assert.match(await ready(page, 'image.png'), /Will be sent as (PNG|JPEG), 1200 × 800/);
    await drop(page, 'menu.pdf', pdf(2));
    assert.match(await ready(page, 'menu.pdf'), /Will be sent as PDF, 2 pages, \d+ B/);
    // An iPhone photo this browser cannot convert (Chromium reads no HEIC): kept as it came, for Gemini.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(2000, 7),
    ]);
    await drop(page, 'IMG_0001.HEIC', heic);
    assert.match(await ready(page, 'IMG_0001.HEIC'), /HEIC, 2 KB · This browser cannot convert HEIC photos: it is kept as it is, and only Gemini models can read it\./);
    await drop(page, 'notes.bin', Buffer.from([0, 1, 2, 3]));
    await composer(page).alert.filter({ hasText: '“notes.bin” was not attached: Hearth takes images, PDFs, audio and .md or .txt files.' }).waitFor();
    await paste(page, 'spare.png', 'image/png', await canvasImage(page, 300, 200, 'image/png'));
    await ready(page, 'spare.png');
    assert.deepEqual(await axeViolations(page, { include: 'form' }), [], 'axe on the composer with attachments');
    await screenshot(page, 'attachments-composer.png');

    // Shift+Tab from the message box reaches the last Remove button; Enter removes it and
    // the focus goes back to the message box.
    await chat.message.focus();
    await page.keyboard.press('Shift+Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Remove spare.png');
    await page.keyboard.press('Enter');
    await media.getByRole('listitem').filter({ hasText: 'spare.png' }).waitFor({ state: 'detached' });
    assert.equal(await chat.message.evaluate((box) => box === document.activeElement), true, 'focus is back in the box');
    assert.equal(await media.getByRole('listitem').count(), 3);

    await sendAndSettle(chat, 'Compare them.');
    await media.waitFor({ state: 'detached' });
    const [first] = await waitForChatRequests(env.mock, FAMILIES.anthropic, 1);
    const sent = LAST_USER.Anthropic(first.body);
    assert.deepEqual(sent.parts.map((p) => [p.type, p.mime]), [['image', sent.parts[0].mime], ['document', 'application/pdf']]);
    assert.ok(['image/png', 'image/jpeg'].includes(sent.parts[0].mime));
    assert.ok(Buffer.from(sent.parts[1].data, 'base64').equals(pdf(2)), 'the PDF is sent as it came');
    assert.equal(
      sent.text,
      'Compare them.\n\n[The user attached the image “IMG_0001.HEIC”; this provider does not take its type (image/heic), so it is not sent.]',
    );
    assert.equal((await storedBlobs(page)).length, 3, 'the removed image was never stored');

    // Reload, then Regenerate: the same bytes go out again.
    await page.reload();
    await loadApp(chat.context, page.url(), { page });
    await chat.you.last().getByRole('img', { name: 'image.png', exact: true }).waitFor();
    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await settled(chat);
    const [, again] = await waitForChatRequests(env.mock, FAMILIES.anthropic, 2);
    assert.deepEqual(LAST_USER.Anthropic(again.body).parts, sent.parts, 'identical bytes after a reload and Regenerate');

    // A model switch: Gemini answers the next turn, and gets the same bytes (and the HEIC, which it reads).
    await addMockProvider(page, env.mock, { family: FAMILIES.gemini, scenario: 'echo' });
    await sendAndSettle(chat, 'And what do you make of them?');
    const [switched] = await waitForChatRequests(env.mock, FAMILIES.gemini, 1);
    const earlier = switched.body.contents.find((c) => c.role === 'user').parts.filter((p) => p.inlineData);
    assert.deepEqual(
      earlier.slice(0, 2).map((p) => [p.inlineData.mimeType, p.inlineData.data]),
      sent.parts.map((p) => [p.mime, p.data]),
      'identical bytes after a model switch',
    );
    assert.equal(earlier[2]?.inlineData.mimeType, 'image/heic', 'Gemini gets the HEIC as it came');
    assert.ok(Buffer.from(earlier[2].inlineData.data, 'base64').equals(heic));
    assert.deepEqual(chat.errors, []);
    void form;
  });

  test('a text-only model gets a note instead; deleting a conversation frees only the blobs no other one uses', async (t) => {
    // An OpenAI-compatible server with a DeepSeek model: text only.
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'deepseek-chat' });
    const { page } = chat;
    const image = await canvasImage(page, 640, 480);

    await choose(page, [{ name: 'shared.jpg', mimeType: 'image/jpeg', buffer: image }]);
    await ready(page, 'shared.jpg');
    await sendAndSettle(chat, 'First conversation.');
    const [request] = await waitForChatRequests(env.mock, FAMILIES.openai, 1);
    const sent = LAST_USER['OpenAI-compatible'](request.body);
    assert.deepEqual(sent.parts, [], 'no image part for a text-only model');
    assert.equal(
      sent.text,
      'First conversation.\n\n[The user attached the image “shared.jpg”; this model cannot read images, so it is not sent.]',
    );
    assert.match(await chat.reply.innerText(), /You said/, 'the reply came, no error');

    // A second conversation with the same image and another one.
    await page.getByRole('button', { name: 'New chat', exact: true }).click();
    await choose(page, [
      { name: 'shared.jpg', mimeType: 'image/jpeg', buffer: image },
      { name: 'own.png', mimeType: 'image/png', buffer: await canvasImage(page, 320, 240, 'image/png') },
    ]);
    await ready(page, 'shared.jpg');
    await ready(page, 'own.png');
    await sendAndSettle(chat, 'Second conversation.');
    const blobs = await storedBlobs(page);
    assert.equal(blobs.length, 2, 'the shared image is stored once');

    // Deleting the second frees its own image, not the shared one.
    const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
    const row = (title) =>
      nav.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
    await row('Second conversation.').hover();
    await row('Second conversation.').getByRole('button', { name: 'Delete', exact: true }).click();
    const { messages } = await readDatabase(page, ['messages']);
    const shared = messages.find((m) => m.content === 'First conversation.').blobs[0];
    await waitUntil(async () => {
      const left = await storedBlobs(page);
      return left.length === 1 && left[0].id === shared;
    }, 'the deleted conversation’s own image is freed after the undo time', { timeout: 20_000 });
    assert.deepEqual(chat.errors, []);
  });

  test('a model that reads no PDFs gets their text, extracted in the browser page by page', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'deepseek-chat' });
    const { page } = chat;
    // Chromium's print to PDF of a two-page document (hearth-core/test_data/pdf/README.md).
    const printed = await readFile(fileURLToPath(new URL('../../hearth-core/test_data/pdf/chromium.pdf', import.meta.url)));
    await drop(page, 'guide.pdf', printed);
    assert.match(await ready(page, 'guide.pdf'), /PDF, 2 pages, 26 KB · this model reads no PDFs, so its text goes instead/);
    await sendAndSettle(chat, 'Summarise the PDF.');
    const [request] = await waitForChatRequests(env.mock, FAMILIES.openai, 1);
    const sent = LAST_USER['OpenAI-compatible'](request.body);
    assert.deepEqual(sent.parts, [], 'no file part');
    assert.ok(
      sent.text.startsWith(
        'Summarise the PDF.\n\n[The user attached the PDF “guide.pdf”; this model cannot read PDFs, so here is its text, extracted by Hearth',
      ),
      sent.text.slice(0, 300),
    );
    for (const phrase of [
      '[Page 1]\nHearth test document',
      'First item: café and Müller',
      'Second item: “quoted words” cost 12 €',
      'Third item: 日本語 means Japanese',
      '[Page 2]\nSecond page',
      'sentence with naïve accents.\n\n[End of “guide.pdf”.]',
    ]) {
      assert.ok(sent.text.includes(phrase), `${phrase} in ${sent.text}`);
    }
    // The next turn sends the same text again, without extracting it again.
    await sendAndSettle(chat, 'Shorter, please.');
    const [, next] = await waitForChatRequests(env.mock, FAMILIES.openai, 2);
    const first = next.body.messages.find((m) => m.role === 'user').content;
    assert.equal(first, sent.text);
    assert.deepEqual(chat.errors, []);
  });

  test('a model that reads no images: learned from the refusal, set in Providers, or read from the model list', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'no-image-input' });
    const { page } = chat;
    await choose(page, [{ name: 'chart.jpg', mimeType: 'image/jpeg', buffer: await canvasImage(page, 640, 480) }]);
    await ready(page, 'chart.jpg');

    // The route refuses the image with a 404: a card that says what happened and what to do.
    await sendAndSettle(chat, 'What does the chart show?');
    const card = chat.reply.getByRole('alert');
    await card.getByText('The provider refused an image or PDF').waitFor();
    assert.match(
      await card.innerText(),
      /No endpoints found that support image input\. This model reads no images; Hearth remembers it and sends a short note in their place from now on\./,
    );
    // Retry: the same message, now with a note in the image's place, and an answer.
    await card.getByRole('button', { name: 'Retry', exact: true }).click();
    await chat.reply.getByText('Read without the image.').waitFor();
    const requests = await waitForChatRequests(env.mock, FAMILIES.openai, 2);
    const [refused, retried] = requests.map((r) => LAST_USER['OpenAI-compatible'](r.body));
    assert.equal(refused.parts.length, 1, 'the first request carried the image');
    assert.deepEqual(retried.parts, [], 'the retry carries none');
    assert.match(retried.text, /\[The user attached the image “chart\.jpg”; this model cannot read images, so it is not sent\.\]/);

    // The Attach button says why images are off (its title, also its accessible description).
    const attach = composer(page).attach;
    const reason =
      'no-image-input reads no images or PDFs (the provider refused one earlier): an image goes as a note, a PDF as its text.';
    assert.equal(await attach.getAttribute('title'), `Attach images, PDFs, audio or text files (.md, .txt). ${reason}`);
    await paste(page, 'again.png', 'image/png', await canvasImage(page, 200, 100, 'image/png'));
    await composer(page).media.getByText(/this model reads no images, so a note goes instead/).waitFor();

    // Providers: the form says what the model reads and who says so; the user can say otherwise.
    await openProviders(page);
    const form = providerForm(page);
    const reads = form.getByRole('combobox', { name: 'Reads besides text', exact: true });
    const hint = (text) => form.getByText(text, { exact: true });
    await hint('no-image-input reads text only, the provider refused one earlier.').waitFor();
    await reads.selectOption({ label: 'Images' });
    await hint('no-image-input reads images, as set in Providers.').waitFor();
    await waitUntil(async () => {
      const { model_configs: [config] } = await readDatabase(page, ['model_configs']);
      return JSON.stringify(config.inputs) === JSON.stringify({ model: 'no-image-input', accepts: { images: true, pdfs: false, audio: false }, from: 'user' });
    }, 'the user’s word is stored with the model');
    // "As known", then Test connection: the model list (OpenRouter's architecture) says text only.
    await reads.selectOption({ label: 'As known' });
    await hint('no-image-input reads images, as its provider documents.').waitFor();
    await form.getByRole('button', { name: 'Test connection', exact: true }).click();
    await hint('no-image-input reads text only, as the provider’s model list says.').waitFor();
    assert.equal(await reads.inputValue(), 'known');
    await closeProviders(page);
    assert.deepEqual(chat.errors, []);
  });

  test('a ChatGPT export chosen as its .zip brings its images along; one not in it leaves a reference', async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;
    // Made by hearth-core/test_data/zip/make_fixtures.py: a deflated conversations.json, an
    // upload, a generated image found only by its size, a newer upload, and one image missing.
    const exportZip = fileURLToPath(new URL('../../hearth-core/test_data/zip/chatgpt_export.zip', import.meta.url));
    const { review } = await importFile(page, exportZip);
    assert.ok(review.some((line) => /^3 new attachments: images, PDFs and voice notes \(\d+ B\)\.$/.test(line)), review.join(' | '));
    assert.ok(review.some((line) => line.includes('3 images were attached from the export')), review.join(' | '));
    assert.equal((await storedBlobs(page)).length, 3);
    await closeSettings(page);
    await page.getByRole('button', { name: 'Photos and drawings', exact: true }).click();
    const upload = chat.you.first().getByRole('img', { name: 'red square.png', exact: true });
    await waitOn(chat, () => upload.evaluate((img) => img.complete && img.naturalWidth === 3), 'the uploaded image shows');
    // A generated image, on the reply that holds the tool's output.
    const log = page.getByRole('log', { name: 'Conversation', exact: true });
    const generated = log.getByRole('img', { name: '68df2bfe-98a2-4495-9679-f0a4fb69eb61.png', exact: true });
    await waitOn(chat, () => generated.evaluate((img) => img.complete && img.naturalWidth === 4), 'the generated image shows');
    await log.getByText('[Image not included in this import: file_00000000deadbeef00000000deadbeef (800 × 600)]').waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('a hostile ChatGPT .zip is refused before it is unpacked: an entry that unpacks past its size, and more than 1 GiB in all', async (t) => {
    const chat = await openApp(t, env);
    const { page } = chat;
    const dir = await mkdtemp(path.join(tmpdir(), 'hearth-zip-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const exportZip = fileURLToPath(new URL('../../hearth-core/test_data/zip/chatgpt_export.zip', import.meta.url));
    const fixture = await readFile(exportZip);
    // The fixture's conversations.json, read back out of its archive.
    const at = fixture.indexOf(Buffer.from('conversations.json'));
    const deflatedAt = at + 'conversations.json'.length + fixture.readUInt16LE(at - 2);
    const conversations = inflateRawSync(fixture.subarray(deflatedAt, deflatedAt + fixture.readUInt32LE(at - 12)));
    assert.ok(conversations.toString().startsWith('['), 'the fixture conversations.json');
    const stores = ['sessions', 'messages', 'blobs'];
    const before = await readDatabase(page, stores);

    // 1. conversations.json declares its true size, but its bytes unpack to 64 MB more
    // (JSON spaces after the array). It is stopped at the size it declares.
    const padded = Buffer.concat([conversations, Buffer.alloc(64 * 1024 * 1024, 0x20)]);
    const lying = path.join(dir, 'lying.zip');
    await writeFile(lying, zipArchive([{ name: 'conversations.json', data: padded, size: conversations.length }]));
    let { review, status } = await importFile(page, lying);
    assert.equal(review, null, 'no review opens');
    assert.match(status, /^Nothing was imported: .*conversations\.json is damaged \(it unpacks to more than it says\)/);

    // 2. Twenty images of 60 MB each, every one under the 64 MB an image may be, all named by
    // the conversation: 1.2 GB in all, refused before any is unpacked, with a way on.
    const images = Array.from({ length: 20 }, (_, n) => `file-Big${String(n).padStart(4, '0')}`);
    const parts = images.map((id) => ({ content_type: 'image_asset_pointer', asset_pointer: `file-service://${id}`, size_bytes: 60 * 1024 * 1024, width: 8000, height: 8000 }));
    const big = [{
      title: 'Large photos', create_time: 1719835200.0, update_time: 1719835210.0,
      mapping: {
        root: { id: 'root', message: null, parent: null, children: ['u1'] },
        u1: { id: 'u1', parent: 'root', children: [], message: { id: 'u1', author: { role: 'user', metadata: {} }, create_time: 1719835201.0, content: { content_type: 'multimodal_text', parts: [...parts, 'Which is best?'] }, status: 'finished_successfully', weight: 1.0, metadata: {}, recipient: 'all' } },
      },
    }];
    const png = Buffer.alloc(60 * 1024 * 1024);
    Buffer.from('89504e470d0a1a0a', 'hex').copy(png);
    const deflated = deflateRawSync(png);
    const crc = crc32(png);
    const tooMuch = path.join(dir, 'too-much.zip');
    await writeFile(tooMuch, zipArchive([
      { name: 'conversations.json', data: Buffer.from(JSON.stringify(big)) },
      ...images.map((id) => ({ name: `${id}-photo.png`, deflated, size: png.length, crc })),
    ]));
    ({ review, status } = await importFile(page, tooMuch));
    assert.equal(review, null, 'no review opens');
    assert.match(status, /^Nothing was imported: .*This archive would unpack to 1201 MB, more than the 1024 MB Hearth imports at once\. Unzip it and choose conversations\.json/);
    assert.deepEqual(await readDatabase(page, stores), before, 'nothing changed');
    assert.deepEqual(chat.errors, []);
  });

  test('a backup carries the images into a fresh profile; Markdown exports a zip; a 30 MB PDF is refused before sending', async (t) => {
    const downloads = await mkdtemp(path.join(tmpdir(), 'hearth-attachments-'));
    t.after(() => rm(downloads, { recursive: true, force: true }));
    const save = async (page, click) => {
      const [file] = await Promise.all([page.waitForEvent('download'), click()]);
      const saved = path.join(downloads, file.suggestedFilename());
      await file.saveAs(saved);
      return { name: file.suggestedFilename(), path: saved, bytes: await readFile(saved) };
    };
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'echo' });
    const { page } = chat;
    // The conversation is found by its first message in the fresh profile.
    await turnOffGeneratedTitles(page);
    const image = await canvasImage(page, 800, 600);
    await choose(page, [
      { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: image },
      { name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf(3) },
    ]);
    await ready(page, 'garden.jpg');
    await ready(page, 'plan.pdf');
    await sendAndSettle(chat, 'Where should the bench go?');
    const stored = await storedBlobs(page);
    assert.equal(stored.length, 2);

    // Clicking a sent image opens it large, with its text alternative and Download.
    const open = chat.you.last().getByRole('button', { name: /^Open garden\.jpg \(JPEG, 800 × 600, \d+ KB\)$/ });
    await open.click();
    const viewer = page.getByRole('dialog', { name: 'garden.jpg', exact: true });
    const large = viewer.getByRole('img', { name: /^garden\.jpg, attached to the message \(JPEG, 800 × 600, \d+ KB\)$/ });
    await waitOn(chat, () => large.evaluate((img) => img.complete && img.naturalWidth === 800), 'the large image shows');
    assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), [], 'axe on the image viewer');
    await screenshot(page, 'attachments-viewer.png');
    const downloaded = await save(page, () => viewer.getByRole('button', { name: 'Download', exact: true }).click());
    assert.equal(downloaded.name, 'garden.jpg');
    const jpeg = stored.find((b) => b.mime === 'image/jpeg');
    assert.equal(downloaded.bytes.length, jpeg.size, 'the stored master is downloaded');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    assert.equal(await open.evaluate((button) => button === document.activeElement), true, 'the focus is back on the image');
    // A PDF opens too, with its details and Download.
    await chat.you.last().getByRole('button', { name: /^Open plan\.pdf \(PDF, 3 pages/ }).click();
    const pdfViewer = page.getByRole('dialog', { name: 'plan.pdf', exact: true });
    await pdfViewer.getByText(/^PDF, 3 pages, \d+ B$/).waitFor();
    const pdfFile = await save(page, () => pdfViewer.getByRole('button', { name: 'Download', exact: true }).click());
    assert.ok(pdfFile.bytes.equals(pdf(3)), 'the PDF as it came');
    await pdfViewer.getByRole('button', { name: 'Close', exact: true }).click();

    // On a phone in dark mode, and at 200 % zoom of a 1280 × 900 window (a 640 × 450
    // viewport), the image fits the window, Download and Close are in view, and axe passes.
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [look, size] of [['390 px, dark', { width: 390, height: 844 }], ['200 % zoom', { width: 640, height: 450 }]]) {
      await page.setViewportSize(size);
      await open.click();
      await large.waitFor();
      for (const [what, element] of [
        ['the image', large],
        ['Download', viewer.getByRole('button', { name: 'Download', exact: true })],
        ['Close', viewer.getByRole('button', { name: 'Close', exact: true })],
      ]) {
        const box = await element.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5,
          `${look}: ${what} is in view (${JSON.stringify(box)})`,
        );
      }
      assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), [], `${look}: axe on the image viewer`);
      await screenshot(page, `attachments-viewer-${size.width}.png`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });

    // Markdown: a zip of the document, which links them, and the files themselves.
    const markdown = await save(page, () => page.getByRole('button', { name: 'Export as Markdown', exact: true }).click());
    assert.match(markdown.name, /\.zip$/);
    const entries = unzip(markdown.bytes);
    const document = entries.find((e) => e.name.endsWith('.md'));
    assert.ok(document, `a Markdown document in ${entries.map((e) => e.name)}`);
    const links = [...document.data.toString('utf8').matchAll(/\]\((attachments\/[^)]+)\)/g)].map((m) => m[1]);
    assert.equal(links.length, 2, 'the image and the PDF are linked');
    for (const link of links) assert.ok(entries.some((e) => e.name === link), `${link} is in the zip`);
    assert.ok(entries.find((e) => e.name.endsWith('plan.pdf')).data.equals(pdf(3)), 'the PDF as it came');

    // A backup carries them; imported into a fresh profile, the conversation shows them again.
    const settings = await openSettings(page);
    const backup = await save(page, () => settings.getByRole('button', { name: 'Export backup', exact: true }).click());
    await settings.getByRole('status').filter({ hasText: '2 attachments' }).waitFor();
    const file = JSON.parse(backup.bytes.toString('utf8'));
    assert.equal(file.schema_version, 3);
    assert.deepEqual(file.blobs.map((b) => b.id).sort(), stored.map((b) => b.id).sort());
    await closeSettings(page);

    const fresh = await newContext(t, env.browser);
    const other = await loadApp(fresh, env.app.url);
    const { review } = await importFile(other.page, backup.path);
    assert.ok(review.some((line) => /^2 new attachments: images, PDFs and voice notes \(\d+ KB\)\.$/.test(line)), review.join(' | '));
    assert.deepEqual((await storedBlobs(other.page)).map((b) => [b.id, b.size]).sort(), stored.map((b) => [b.id, b.size]).sort());
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('button', { name: 'Where should the bench go?', exact: true }).click();
    const shown = other.you.last().getByRole('img', { name: 'garden.jpg', exact: true });
    await waitOn(other, () => shown.evaluate((img) => img.complete && img.naturalWidth === 800), 'the imported photo shows');
    await other.you.last().getByText('PDF, 3 pages').waitFor();

    // A 30 MB PDF is over what Anthropic takes in one request: a clear card, nothing sent.
    const before = (await chatRequests(env.mock, FAMILIES.anthropic)).length;
    // From a file on disk, which the browser reads itself: as a buffer, Playwright sends its
    // 30 MB through the DevTools protocol, which took over 20 s on a busy 2-core machine.
    const big = path.join(downloads, 'scan.pdf');
    await writeFile(big, Buffer.concat([pdf(2), Buffer.alloc(30 * 1024 * 1024, 0x20)]));
    await choose(page, big);
    await ready(page, 'scan.pdf');
    await sendAndSettle(chat, 'Summarise the scan.');
    const card = chat.reply.getByRole('alert');
    await card.getByText('An attachment is too large for this provider').waitFor();
    assert.match(await card.innerText(), /“scan\.pdf” cannot be sent to this provider: With its attachments the request would be 40\.\d MB once encoded; Anthropic takes at most 32\.0 MB per request\./);
    assert.equal((await chatRequests(env.mock, FAMILIES.anthropic)).length, before, 'nothing was sent');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });
});

