// Benchmark of Hearth in real headless Chromium, printing numbers (it asserts nothing).
// It serves the release build (dist/, or $HEARTH_DIST) and the mock server, then:
//   - load: when the Message box is ready after navigation, and the bytes transferred;
//   - stream: a ~20k-token markdown answer (mock scenario `long`) streamed to the end,
//     with the main thread's script, layout and style time over the whole stream (from
//     the DevTools Performance domain) and long tasks (> 50 ms). That chunks cost the same
//     late in an answer as early is shown natively by hearth-core's bench_stream example.
// Run: scripts/build.sh && (cd tests && npm run bench); HEARTH_BENCH_PROFILE=PREFIX also
// profiles the stream (see profile.mjs).

import { startMockServer } from '../mock/server.mjs';
import { launchBrowser, screenshot } from '../support/browser.mjs';
import { builtApp } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { addProvider } from '../support/providers.mjs';
import { startProfile, stopProfile } from './profile.mjs';

const DIST = builtApp();

// Installed before the app loads: records when the Message box appears, and long tasks.
function instrument() {
  window.__bench = { inputReadyMs: null, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('textarea[aria-label="Message"]')) {
      window.__bench.inputReadyMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map(({ name, value }) => [name, value]));
}

const ms = (seconds) => `${(seconds * 1000).toFixed(1)} ms`;

const [app, mock, browser] = await Promise.all([startStaticServer({ root: DIST }), startMockServer(), launchBrowser()]);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(instrument);
  let transferred = 0;
  page.on('response', async (response) => {
    const length = Number((await response.allHeaders())['content-length'] ?? 0);
    if (response.url().startsWith(app.url)) transferred += length;
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');

  await page.goto(app.url);
  const message = page.getByRole('textbox', { name: 'Message', exact: true });
  await message.waitFor();
  const inputReadyMs = await page.evaluate(() => window.__bench.inputReadyMs);
  console.log(`input ready after navigation: ${inputReadyMs?.toFixed(0)} ms (app files transferred: ${transferred} bytes, brotli where scripts/build.sh wrote a .br copy)`);

  await addProvider(page, { baseUrl: `${mock.url}/v1`, model: 'long' });
  await page.evaluate(() => { window.__bench.longTasks = []; });
  const before = await metrics(cdp);
  await startProfile(cdp);
  const started = Date.now();
  await message.fill('Write a long answer.');
  await message.press('Enter');
  const reply = page.getByRole('log', { name: 'Conversation' }).getByRole('article', { name: 'Assistant' }).last();
  await page.waitForFunction(() => {
    const articles = document.querySelectorAll('article[aria-label="Assistant"]');
    return articles.length > 0 && articles[articles.length - 1].getAttribute('aria-busy') === 'false';
  }, null, { timeout: 120_000, polling: 100 });
  const after = await metrics(cdp);
  const wallMs = Date.now() - started;
  await stopProfile(cdp, 'stream');
  const chars = (await reply.innerText()).length;
  const longTasks = await page.evaluate(() => window.__bench.longTasks);

  console.log(`streamed answer: ${chars} characters shown in ${wallMs} ms wall time`);
  console.log(`main-thread script during the stream: ${ms(after.ScriptDuration - before.ScriptDuration)}`);
  console.log(`main-thread tasks during the stream: ${ms(after.TaskDuration - before.TaskDuration)} (layout ${ms(after.LayoutDuration - before.LayoutDuration)}, style ${ms(after.RecalcStyleDuration - before.RecalcStyleDuration)})`);
  console.log(`long tasks (> 50 ms) during the stream: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ''}`);
  console.log(`JS heap used after the stream: ${(after.JSHeapUsedSize / 1e6).toFixed(1)} MB`);
  await screenshot(page, 'bench-long-answer.png');
} finally {
  await Promise.all([browser.close(), app.close(), mock.close()]);
}
