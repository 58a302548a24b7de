// The engine driver's click in WebKit, whose WebDriver refuses a click that something else
// would take ("element click intercepted"): like Playwright's, the click waits until the
// element itself receives it, and says what covered it when it never does. (A journey failed
// on a busy machine when the click was tried only twice, a few milliseconds apart.)
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { ENGINE_FILTER, launch } from './driver.mjs';

// A button, and a script that covers it for `ms` milliseconds (for ever when `ms` is null);
// the page counts the button's clicks.
const PAGE = `<!doctype html><title>Covered</title>
<button type="button" onclick="document.body.dataset.clicks = Number(document.body.dataset.clicks || 0) + 1">Go</button>`;
const COVER = `(button, ms) => {
  const cover = document.createElement('div');
  cover.className = 'cover sheet';
  cover.textContent = 'A cover';
  cover.style.cssText = 'position: fixed; inset: 0; background: rgb(0 0 0 / 0.2)';
  document.body.append(cover);
  if (ms !== null) setTimeout(() => cover.remove(), ms);
}`;

describe('the engine driver in webkit', { skip: !ENGINE_FILTER.includes('webkit') && 'WebKit is left out' }, () => {
  let server;
  let url;
  let browser;
  before(async () => {
    server = createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${server.address().port}/`;
    browser = await launch('webkit');
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve) ?? resolve());
  });

  const clicks = (page) => page.getByRole('button', { name: 'Go' }).evaluate(() => Number(document.body.dataset.clicks || 0));

  /** A fresh page whose button is covered from now on, for `ms` milliseconds or for ever. */
  async function covered(ms) {
    const page = await browser.newPage();
    await page.goto(url);
    // Found once before (the in-page search injected), so the click comes right after the cover.
    assert.equal(await clicks(page), 0);
    await page.getByRole('button', { name: 'Go' }).evaluate(COVER, ms);
    return page;
  }

  test('a click on an element covered for a moment waits for it, and it gets the click once', async () => {
    const page = await covered(1_500);
    await page.getByRole('button', { name: 'Go' }).click();
    assert.equal(await clicks(page), 1);
    await page.close();
  });

  test('a click on an element that stays covered fails, saying what covers it', async () => {
    const page = await covered(null);
    await assert.rejects(page.getByRole('button', { name: 'Go' }).click({ timeout: 1_000 }), /intercepted.*over it: div\.cover\.sheet "A cover"/);
    assert.equal(await clicks(page), 0);
    await page.close();
  });
});
