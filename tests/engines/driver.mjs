// Firefox and WebKit for the cross-engine journeys, behind one small page API shaped like
// Playwright's (`getByRole`, `getByLabel`, `fill`, `click`, `waitFor`, …), so the journeys read
// like the Chromium suite and find controls the same way: by role and accessible name, decided
// in the page by Testing Library's queries (`@testing-library/dom`, injected on demand).
//
// - Firefox: Debian's `firefox-esr`, driven over WebDriver BiDi by puppeteer-core.
// - WebKit: Debian's WebKitGTK `MiniBrowser --automation`, driven by `WebKitWebDriver`
//   (classic WebDriver over HTTP, spoken here with `fetch`), under `xvfb-run`.
//
// An iframe's document is searched and used the same way (`contentFrame()` of the frame's
// locator): in Firefox through puppeteer's frame, in WebKit by switching WebDriver to the frame
// for each command and back to the page after it.
//
// Nothing is downloaded: both browsers are the machine's (scripts/setup.sh installs them).

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../support/ports.mjs';

const require = createRequire(import.meta.url);
const TESTING_LIBRARY = readFileSync(require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.js'), 'utf8');
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const FIREFOX = '/usr/bin/firefox-esr';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const WAIT_MS = 15_000;

/** What the point at the middle of an element hits instead of it, described for an error. */
const COVERING = `(element) => {
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  if (!hit) return 'nothing at ' + Math.round(x) + ',' + Math.round(y);
  const classes = typeof hit.className === 'string' && hit.className ? '.' + hit.className.trim().split(/\\s+/).join('.') : '';
  const text = (hit.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
  return hit.tagName.toLowerCase() + classes + ' "' + text + '" at ' + Math.round(x) + ',' + Math.round(y);
}`;

/** The engines the journeys run in. */
export const ENGINES = ['firefox', 'webkit'];

/** The engines this run tries: $HEARTH_ENGINES (a comma-separated list), else all. */
export const ENGINE_FILTER = process.env.HEARTH_ENGINES?.split(',') ?? ENGINES;

/**
 * The in-page search: `steps` from the document down (each a role and name, a label, or which
 * of the matches), each step searching inside the matches of the one before.
 */
const FIND = `(steps) => {
  const dom = window.TestingLibraryDom;
  const name = (given) => (given && given.source !== undefined ? new RegExp(given.source, given.flags) : given);
  let found = [document.body];
  for (const step of steps) {
    if (step.kind === 'nth') {
      const at = step.index < 0 ? found.length + step.index : step.index;
      found = found[at] ? [found[at]] : [];
      continue;
    }
    const next = [];
    for (const scope of found) {
      if (step.kind === 'role') {
        const options = { hidden: false };
        if (step.name !== undefined) options.name = name(step.name);
        next.push(...dom.queryAllByRole(scope, step.role, options));
      } else if (step.kind === 'label') {
        next.push(...dom.queryAllByLabelText(scope, name(step.name)));
      } else if (step.kind === 'text') {
        next.push(...dom.queryAllByText(scope, name(step.name), { exact: false }));
      } else if (step.kind === 'title') {
        next.push(...dom.queryAllByTitle(scope, name(step.name)));
      }
    }
    found = [...new Set(next)];
  }
  return found;
}`;

/** A name as the page rebuilds it: a string, or a regular expression's source and flags. */
function wireName(name) {
  return name instanceof RegExp ? { source: name.source, flags: name.flags } : name;
}

/** The elements a locator points at, as Playwright's: found afresh at each use. */
class Locator {
  constructor(page, steps) {
    this.page = page;
    this.steps = steps;
  }

  getByRole(role, { name } = {}) {
    return new Locator(this.page, [...this.steps, { kind: 'role', role, name: wireName(name) }]);
  }

  getByLabel(name) {
    return new Locator(this.page, [...this.steps, { kind: 'label', name: wireName(name) }]);
  }

  getByText(name) {
    return new Locator(this.page, [...this.steps, { kind: 'text', name: wireName(name) }]);
  }

  getByTitle(name) {
    return new Locator(this.page, [...this.steps, { kind: 'title', name: wireName(name) }]);
  }

  /** The document of this frame element (an iframe), searched as a page is: found afresh at each use. */
  contentFrame() {
    return new EngineFrame(this.page.backend.frame(this.steps), this.page.engine);
  }

  nth(index) {
    return new Locator(this.page, [...this.steps, { kind: 'nth', index }]);
  }

  first() {
    return this.nth(0);
  }

  last() {
    return this.nth(-1);
  }

  async count() {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return (await this.page.backend.find(this.steps)).length;
      } catch (error) {
        if (attempt >= 5 || !/stale|detached/i.test(String(error?.message))) throw error;
        await sleep(100);
      }
    }
  }

  /** The one element, waited for. */
  async element(timeout = WAIT_MS) {
    let found = [];
    for (let waited = 0; waited <= timeout; waited += 100) {
      found = await this.page.backend.find(this.steps);
      if (found.length === 1) return found[0];
      if (found.length > 1) throw new Error(`${found.length} elements match ${JSON.stringify(this.steps)}`);
      await sleep(100);
    }
    throw new Error(`no element matches ${JSON.stringify(this.steps)} after ${timeout} ms`);
  }

  async waitFor({ state = 'visible', timeout = WAIT_MS } = {}) {
    for (let waited = 0; waited <= timeout; waited += 100) {
      const count = await this.count();
      if (state === 'hidden' ? count === 0 : count > 0) return;
      await sleep(100);
    }
    // A page may say what it was doing meanwhile (journeys.mjs's diagnosis).
    const doing = (await this.page.diagnosis?.()) ?? '';
    throw new Error(`waited ${timeout} ms for ${JSON.stringify(this.steps)} to be ${state}${doing}`);
  }

  /**
   * Runs `action` on the element, found afresh if the page replaced it meanwhile (a view
   * re-rendered between finding and acting: WebDriver's "stale element").
   */
  async act(action) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await action(await this.element());
      } catch (error) {
        if (attempt >= 5 || !/stale|detached|no such element/i.test(String(error?.message))) throw error;
        await sleep(100);
      }
    }
  }

  /** Clicks the element once it receives the click (WebKit: waits up to `timeout` ms while something covers it). */
  async click({ timeout = WAIT_MS } = {}) {
    await this.act((element) => this.page.backend.click(element, timeout));
  }

  /** Replaces the field's text with `text`, typed. */
  async fill(text) {
    await this.act(async (element) => {
      await this.page.backend.clear(element);
      if (text !== '') await this.page.backend.type(element, text);
    });
  }

  /** Fills the field, then leaves it, so its change is committed (as `commit` does in Chromium). */
  async commit(text) {
    await this.fill(text);
    await this.evaluate((element) => element.blur());
  }

  /** Picks the option whose text is `label` and tells the page, as a user's choice would. */
  async selectOption({ label }) {
    await this.evaluate((element, wanted) => {
      const option = [...element.options].find((candidate) => candidate.textContent.trim() === wanted);
      if (!option) throw new Error(`no option ${wanted}`);
      element.value = option.value;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }, label);
  }

  /**
   * Chooses the files at `paths` in the picker this button opens (its file input, beside it),
   * as Playwright's file chooser does: synthetic paste and drop events carry no files in
   * Firefox.
   */
  async chooseFiles(paths) {
    await this.act((element) => this.page.backend.chooseFiles(element, paths));
  }

  /** Chooses the files at `paths` in this file input (found by its label). */
  async setInputFiles(paths) {
    await this.act((element) => this.page.backend.setFiles(element, paths));
  }

  async innerText() {
    return this.evaluate((element) => element.innerText);
  }

  async getAttribute(name) {
    return this.evaluate((element, attribute) => element.getAttribute(attribute), name);
  }

  /** Runs `fn(element, arg)` in the page. */
  async evaluate(fn, arg = null) {
    return this.act((element) => this.page.backend.callOn(element, fn.toString(), arg));
  }
}

/** A frame's document in a page of one engine (the page's own, or an iframe's). */
class EngineFrame extends Locator {
  constructor(backend, engine) {
    super(null, []);
    this.page = this;
    this.backend = backend;
    this.engine = engine;
  }

  /** Runs `fn(arg)` in the document; its JSON result. */
  evaluate(fn, arg = null) {
    return this.backend.call(fn.toString(), arg);
  }
}

/** A page of one engine. */
class EnginePage extends EngineFrame {
  goto(url) {
    return this.backend.goto(url);
  }

  reload() {
    return this.backend.reload();
  }

  screenshot(path) {
    return this.backend.screenshot(path);
  }

  close() {
    return this.backend.close();
  }
}

/**
 * Launches `engine`; `{ newPage({ width, height }), close() }` (1280 × 800 unless given). Each
 * page has storage of its own; one page at a time.
 */
export async function launch(engine) {
  if (engine === 'firefox') return launchFirefox();
  if (engine === 'webkit') return launchWebKit();
  throw new Error(`unknown engine ${engine}`);
}

async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: {
      // No first-run pages, no update or telemetry requests to a network this machine lacks.
      'browser.shell.checkDefaultBrowser': false,
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
  return {
    async newPage({ width = 1280, height = 800 } = {}) {
      // A context of its own: its storage starts empty, as a fresh profile's.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width, height });
      // The elements `steps` find in `target`, the page or one of its frames.
      const findIn = async (target, steps) => {
        const has = await target.evaluate('Boolean(window.TestingLibraryDom)');
        if (!has) await target.evaluate(TESTING_LIBRARY);
        const list = await target.evaluateHandle(`(${FIND})(${JSON.stringify(steps)})`);
        const properties = await list.getProperties();
        const elements = [];
        for (const [key, value] of properties) if (/^\d+$/.test(key)) elements[Number(key)] = value.asElement();
        await list.dispose();
        return elements.filter(Boolean);
      };
      // The frame of the one iframe `steps` find in `parent` (null while there is none).
      const frameIn = async (parent, steps) => {
        const found = parent && (await findIn(parent, steps));
        return found?.length === 1 ? found[0].contentFrame() : null;
      };
      // A frame's document, `target()`: elements found in it are acted on as the page's are.
      const framed = (target) => ({
        ...backend,
        async find(steps) {
          const frame = await target();
          return frame ? findIn(frame, steps) : [];
        },
        async call(source, arg) {
          const frame = await target();
          if (!frame) throw new Error('no such frame');
          return frame.evaluate(`(${source})(${JSON.stringify(arg)})`);
        },
        frame: (steps) => framed(async () => frameIn(await target(), steps)),
      });
      const backend = {
        goto: (url) => page.goto(url),
        reload: () => page.reload(),
        find: (steps) => findIn(page, steps),
        async click(element) {
          // In the middle of the view: scrolled only just into it, a dialog's sticky header
          // can sit over the element and take the click (WebKit says so; Firefox does not).
          await element.evaluate((target) => target.scrollIntoView({ block: 'center' }));
          await element.click();
        },
        clear: (element) => element.evaluate((field) => {
          field.value = '';
          field.dispatchEvent(new Event('input', { bubbles: true }));
        }),
        type: (element, text) => element.type(text),
        async chooseFiles(button, paths) {
          const input = (await button.evaluateHandle((element) => element.nextElementSibling)).asElement();
          await input.uploadFile(...paths);
        },
        setFiles: (input, paths) => input.uploadFile(...paths),
        call: (source, arg) => page.evaluate(`(${source})(${JSON.stringify(arg)})`),
        callOn: (element, source, arg) => element.evaluate(new Function('element', 'arg', `return (${source})(element, arg);`), arg),
        screenshot: (path) => page.screenshot({ path }),
        close: () => context.close(),
        frame: (steps) => framed(async () => frameIn(page, steps)),
      };
      return new EnginePage(backend, 'firefox');
    },
    close: () => browser.close(),
  };
}

/** How long WebKitWebDriver may take to start a browser, or to answer any other command. */
const SESSION_MS = 60_000;
const COMMAND_MS = 60_000;

/** A WebKitWebDriver under `xvfb-run` on a free port: `{ request(method, path, body, ms), stop() }`. */
async function startWebKitDriver() {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', 'WebKitWebDriver', `--port=${port}`], { stdio: 'ignore', detached: true });
  const base = `http://127.0.0.1:${port}`;
  const request = async (method, path, body, ms = COMMAND_MS) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(ms),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${answer.value?.error}: ${answer.value?.message}`);
    return answer.value;
  };
  const stop = () => {
    try {
      process.kill(-driver.pid);
    } catch {
      // Gone already.
    }
  };
  for (let waited = 0; ; waited += 100) {
    try {
      await request('GET', '/status');
      return { request, stop };
    } catch (error) {
      if (waited > 10_000) {
        stop();
        throw error;
      }
      await sleep(100);
    }
  }
}

/** Makes arguments[0] count the clicks it receives (itself or inside it) in `__clicks`. */
const CLICKS_COUNTED = `const element = arguments[0];
element.__clicks = 0;
if (!element.__counting) {
  element.__counting = true;
  element.addEventListener('click', () => { element.__clicks += 1; }, { capture: true });
}`;

async function launchWebKit() {
  let driver = await startWebKitDriver();
  const request = (...args) => driver.request(...args);
  const sessions = [];
  // A browser that does not start (seen once on a loaded 2-core machine: the driver held the
  // request for minutes) is given up on after SESSION_MS: the driver and its browsers are
  // stopped, and one more start is tried with a new driver.
  const startSession = async (capabilities) => {
    try {
      return await request('POST', '/session', { capabilities }, SESSION_MS);
    } catch (error) {
      console.log(`webkit: no session (${error.message}); starting WebKitWebDriver again`);
      driver.stop();
      driver = await startWebKitDriver();
      return request('POST', '/session', { capabilities }, SESSION_MS);
    }
  };
  return {
    async newPage({ width = 1280, height = 800 } = {}) {
      // One session at a time (the driver's limit): a new page ends the one before.
      for (const old of sessions.splice(0)) await request('DELETE', `/session/${old}`).catch(() => {});
      const session = await startSession({
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', `--geometry=${width}x${height}`] },
        },
      });
      const id = session.sessionId;
      sessions.push(id);
      const at = (path) => `/session/${id}${path}`;
      const run = (script, args) => request('POST', at('/execute/sync'), { script, args });
      // WebKitWebDriver answers "Could not parse script result" when the page is between two
      // documents (a reload it was told of, or one the app made): a script that only reads is
      // run again once the new document is there, a few times at most.
      const read = async (script, args) => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await request('POST', at('/execute/sync'), { script, args });
          } catch (error) {
            if (attempt >= 4 || !/Could not parse script result/.test(String(error?.message))) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
          }
        }
      };
      // The window's size, then once more by what its frame takes, so the viewport is the size asked.
      await request('POST', at('/window/rect'), { width, height }).catch(() => {});
      const [innerWidth, innerHeight] = await run('return [innerWidth, innerHeight];', []);
      if (innerWidth !== width || innerHeight !== height) {
        const rect = { width: width + (width - innerWidth), height: height + (height - innerHeight) };
        await request('POST', at('/window/rect'), rect).catch(() => {});
      }
      const injected = async () => {
        if (!(await read('return Boolean(window.TestingLibraryDom);', []))) {
          await run(`(function () { ${TESTING_LIBRARY}\n}).call(window);`, []);
        }
      };
      const backend = {
        goto: (url) => request('POST', at('/url'), { url }),
        reload: () => request('POST', at('/refresh'), {}),
        async find(steps) {
          await injected();
          const found = await read(`return (${FIND})(arguments[0]);`, [steps]);
          return found.map((element) => element[ELEMENT]);
        },
        async click(element, timeout = WAIT_MS) {
          // WebKit scrolls the element only just into view, where a dialog's sticky footer can
          // sit over it, and a view still settling (a list re-rendered, a section loaded) can put
          // something else under the point it clicks: as Playwright does, the click waits until
          // the element itself receives it, scrolled to the middle, and says what covered it if it
          // never does.
          const handle = { [ELEMENT]: element };
          const deadline = Date.now() + timeout;
          for (let lost = 0; ; ) {
            try {
              // WebKitWebDriver now and then answers a click whose events never reached the page
              // (seen about once in three runs of the journeys, on a different control each time,
              // the page idle and its requests answered): the element counts the clicks it gets,
              // and one that never came is made again, as a person whose click did nothing would.
              await run(CLICKS_COUNTED, [handle]);
              await request('POST', at(`/element/${element}/click`), {});
              // (Given half a second to arrive, so a click merely late is never made twice.)
              let got = 0;
              for (let waited = 0; got === 0 && waited <= 500; waited += 100) {
                got = await run('return arguments[0].isConnected ? arguments[0].__clicks : 1;', [handle]).catch(() => 1);
                if (got === 0) await sleep(100);
              }
              if (got > 0) return;
              lost += 1;
              console.log(`webkit: a click on ${await run('return arguments[0].outerHTML.slice(0, 120);', [handle]).catch(() => 'an element')} never reached it (${lost})`);
              if (lost >= 3) throw new Error(`three clicks on the element never reached it`);
              continue;
            } catch (error) {
              if (!/intercepted/.test(error.message)) throw error;
              if (Date.now() >= deadline) {
                const over = await run(`return (${COVERING})(arguments[0]);`, [handle]).catch(() => 'unknown');
                throw new Error(`${error.message} (for ${timeout} ms; over it: ${over})`);
              }
            }
            await run('arguments[0].scrollIntoView({ block: "center" });', [handle]);
            await sleep(100);
          }
        },
        clear: (element) => request('POST', at(`/element/${element}/clear`), {}),
        type: (element, text) => request('POST', at(`/element/${element}/value`), { text }),
        async chooseFiles(button, paths) {
          const input = await run('return arguments[0].nextElementSibling;', [{ [ELEMENT]: button }]);
          await request('POST', at(`/element/${input[ELEMENT]}/value`), { text: paths.join('\n') });
        },
        setFiles: (input, paths) => request('POST', at(`/element/${input}/value`), { text: paths.join('\n') }),
        call: (source, arg) => run(`return (${source})(arguments[0]);`, [arg]),
        callOn: (element, source, arg) => run(`return (${source})(arguments[0], arguments[1]);`, [{ [ELEMENT]: element }, arg]),
        frame: (steps) => framed(() => switchTo(steps)),
        async screenshot(path) {
          writeFileSync(path, Buffer.from(await request('GET', at('/screenshot')), 'base64'));
        },
        async close() {
          sessions.splice(sessions.indexOf(id), 1);
          await request('DELETE', `/session/${id}`).catch(() => {});
        },
      };
      // WebDriver's commands go to the browsing context switched to: into the one iframe
      // `steps` find in the current one (false while there is none).
      const switchTo = async (steps) => {
        const found = await backend.find(steps);
        if (found.length !== 1) return false;
        await request('POST', at('/frame'), { id: { [ELEMENT]: found[0] } });
        return true;
      };
      // A frame's document, entered by `enter()` for each command, and left for the page after it.
      const framed = (enter) => {
        const inside = async (action, absent) => {
          try {
            if (await enter()) return await action();
            if (absent) return absent();
            throw new Error('no such frame');
          } finally {
            await request('POST', at('/frame'), { id: null });
          }
        };
        const scope = { frame: (steps) => framed(async () => (await enter()) && switchTo(steps)) };
        for (const name of ['click', 'clear', 'type', 'chooseFiles', 'setFiles', 'call', 'callOn']) {
          scope[name] = (...args) => inside(() => backend[name](...args));
        }
        scope.find = (steps) => inside(() => backend.find(steps), () => []);
        // WebKit lets another origin's frame take the focus (which typing needs) only once it
        // has been interacted with: the field is clicked first, as a person would.
        scope.type = (element, text) => inside(async () => {
          await backend.click(element);
          await backend.type(element, text);
        });
        return scope;
      };
      return new EnginePage(backend, 'webkit');
    },
    async close() {
      for (const id of sessions) await request('DELETE', `/session/${id}`).catch(() => {});
      driver.stop();
    },
  };
}
