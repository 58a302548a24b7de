// Browser helpers for Hearth's end-to-end tests: launching the system's headless Chromium
// (never a downloaded one), saving screenshots, catching page crashes, and polling until a
// condition on the page holds (playwright-core has no `expect`).

import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const SCREENSHOT_DIR = fileURLToPath(new URL('../e2e/screenshots/', import.meta.url));

/**
 * Launches headless Chromium ($CHROMIUM or /usr/bin/chromium) with a fresh temporary profile.
 *
 * Its contexts (`browser.newContext`) block service workers unless the options say
 * `serviceWorkers: 'allow'` (tests/e2e/pwa.test.mjs and the update tests do). Hearth registers
 * its worker (dist/sw.js) once the app is mounted, and the worker's install fetches and hashes
 * every built file and then answers the page's requests from its cache: in the other tests
 * that would be background work competing for the CPU with what they measure, requests the
 * static server logs that the test did not cause, and a reload that does not reach the server
 * a test serves a changed build from. Blocked (Playwright makes `register()` resolve to
 * nothing), the app runs as it does in a browser without service workers.
 *
 * `args` are added to Chromium's command line (e.g. `--host-resolver-rules=…`).
 */
export async function launchBrowser({ args = [] } = {}) {
  return blockingServiceWorkers(await launchChromium(args));
}

/**
 * Launches headless Chromium as `launchBrowser` does, as a server that other processes
 * connect to (`connectBrowser`, at its `wsEndpoint()`): one browser for many short runs,
 * such as the conformance suite's (tests/conformance/), which would otherwise start one each.
 * The caller closes it.
 */
export function launchBrowserServer({ args = [] } = {}) {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
}

/**
 * The browser a `launchBrowserServer` serves at `wsEndpoint`, with `launchBrowser`'s contexts;
 * its `close()` closes the contexts this process made and leaves the browser running.
 */
export async function connectBrowser(wsEndpoint) {
  return blockingServiceWorkers(await chromium.connect(wsEndpoint));
}

/** `browser`, its contexts blocking service workers unless their options say otherwise. */
function blockingServiceWorkers(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/**
 * Launches headless Chromium as `launchBrowser` does but with the profile folder
 * `userDataDir` on disk, and returns its one context (Playwright's `launchPersistentContext`,
 * service workers allowed). Chromium calls an app installable only outside incognito-like
 * contexts, which `browser.newContext` makes. The caller closes it and removes the folder.
 */
export function launchPersistentBrowser(userDataDir, options = {}) {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

/**
 * Playwright's own `--disable-features` list (playwright-core 1.65's chromiumSwitches.ts),
 * repeated here because Chromium keeps only the last `--disable-features` of its command line,
 * and ours comes after Playwright's.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium's address bar popup, a page of its own (chrome://omnibox-popup, Lit and a dozen
 * modules) that every new window loads in a renderer of its own: about 1.3 s of CPU for each
 * page a test opens, most of what a test costs on a 2-core machine. A headless test never
 * shows it.
 */
const NO_ADDRESS_BAR_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** The system's Chromium (never a downloaded one), or `$CHROMIUM`. */
const CHROMIUM_PATH = process.env.CHROMIUM || '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--headless',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_ADDRESS_BAR_POPUP].join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function launchChromium(args = []) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...args] });
}

/** Saves a PNG of the page (all of it, or with `fullPage: false` what is in view) as tests/e2e/screenshots/<name> and returns its path. */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, name);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Collects the page's uncaught errors and Rust panics; a test asserts the returned array is
 * still empty at its end. How a panic shows depends on the build: where the wasm keeps the
 * unwinding panic machinery, console_error_panic_hook logs it with "panicked at" (caught by
 * the console listener); a release build on the Debian route (scripts/setup.sh builds std
 * with `-Cpanic=immediate-abort`) traps at once, without a message or hook, and the trap
 * surfaces only as an uncaught `RuntimeError: unreachable` (caught as `uncaught: …`).
 */
export function collectPageErrors(page) {
  const errors = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('panicked at')) {
      errors.push(`panic: ${message.text()}`);
    }
  });
  return errors;
}

/**
 * Polls `check` until it returns a truthy value, which it returns; fails with `description`
 * after `timeout` ms. A `check` that throws fails at once.
 */
export async function waitUntil(check, description, { timeout = 20_000, interval = 50 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) assert.fail(`timed out after ${timeout} ms waiting until ${description}`);
    await sleep(interval);
  }
}

/**
 * What a reader sees of `locator`'s element once they scroll to it: its innerText, read after
 * scrolling it into view (a page of a reply's finished blocks off screen is not rendered, and
 * the innerText of what is not rendered is empty).
 */
export async function shownText(locator) {
  await locator.scrollIntoViewIfNeeded();
  return locator.innerText();
}

/**
 * Records the Content-Security-Policy violations of `page` (in every frame, across reloads):
 * `securitypolicyviolation` events as `{ directive, blocked, sample, frame }`, where `directive`
 * is the effective directive (`script-src-elem`, `style-src-attr`, …), `blocked` the blocked
 * URL (or `inline`, `eval`), and `frame` the URL of the frame it happened in. A test asserts
 * the returned array is still empty at its end (events arrive asynchronously; wait with
 * `waitUntil` for one that must come). Call it before `page.goto`.
 *
 * The listener is a Playwright init script and reports through a binding: both go through the
 * DevTools protocol, which the page's CSP does not apply to (tests/e2e/csp.test.mjs checks that
 * the recorder sees a violation the page's own script element causes).
 */
export async function collectCspViolations(page) {
  const violations = [];
  await page.exposeBinding('__hearthCspViolation', ({ frame }, violation) => {
    violations.push({ ...violation, frame: frame.url() });
  });
  await page.addInitScript(() => {
    addEventListener(
      'securitypolicyviolation',
      (event) => {
        window.__hearthCspViolation({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          sample: event.sample,
        });
      },
      true,
    );
  });
  return violations;
}
