// Tests of the test browser's command line (tests/support/browser.mjs): Chromium keeps only the
// last `--disable-features`, so ours repeats Playwright's own list, which must be the list of the
// playwright-core installed; and a page opened in it starts no address-bar popup page of its own
// (each such page cost about 1.3 s of CPU, for every page a test opened).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PLAYWRIGHT_DISABLED_FEATURES, launchBrowser } from '../support/browser.mjs';

test('the features Playwright disables are still disabled: its list is ours', async () => {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = await readFile(path.join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter\(Boolean\)/.exec(bundle);
  assert.ok(list, 'playwright-core lists the features it disables');
  // Every line of the list that is not a comment is one quoted feature: one of another shape
  // (a condition, a name read elsewhere) fails here rather than going unread.
  const lines = list[1].split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('//'));
  const theirs = lines.map((line) => {
    const feature = /^"([^"]+)",?$/.exec(line);
    assert.ok(feature, `a line of Playwright's list read as one feature: ${line}`);
    return feature[1];
  });
  assert.ok(theirs.length > 5, `read Playwright's list: ${theirs}`);
  assert.deepEqual(PLAYWRIGHT_DISABLED_FEATURES, theirs);
});

test('a page opens no address-bar popup of its own', async (t) => {
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('about:blank');
  const session = await browser.newBrowserCDPSession();
  // The popup's page started with the window (it was listed by now before the flags), but is
  // given a second to show before the list is trusted.
  let urls = [];
  for (let tries = 0; tries < 5; tries++) {
    await page.waitForTimeout(200);
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    urls = targetInfos.map((target) => `${target.type} ${target.url}`);
    if (urls.some((url) => url.includes('omnibox'))) break;
  }
  assert.ok(urls.includes('page about:blank'), `the page is listed: ${urls}`);
  assert.deepEqual(urls.filter((url) => url.includes('omnibox')), []);
});
