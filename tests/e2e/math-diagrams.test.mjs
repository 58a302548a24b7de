// Math and diagrams in real headless Chromium, against the built app (dist/, or
// $HEARTH_DIST). The mock server echoes the user's message as the answer (no scenario
// has the model's name), so the reply's markdown is what the test sends.
//
// - Math: `$…$`, `$$…$$`, `\(…\)` and `\[…\]` become MathML elements (role "math",
//   `<mfrac>`, `<msup>`…) in light and dark, money (`$5 and $10`) stays text, a formula
//   in a code span stays code, and axe-core finds no violation in the conversation
//   (screenshots math-light.png, math-dark.png).
// - Diagrams: a ```mermaid block shows its code and a "Show diagram" button; before the
//   click nothing is fetched for it (no frame document, no library) and no frame exists;
//   after it, the diagram is drawn as SVG inside a sandboxed frame (diagram-frame.html),
//   never in Hearth's page; inside that frame self.origin is "null", Hearth's page,
//   IndexedDB and localStorage throw, and `fetch` to the mock server fails without
//   reaching it. "Hide diagram" removes the frame (screenshots diagram-light.png,
//   diagram-dark.png). No timing is asserted.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';
import { openChatWithProvider, sendMessage, settled, useHarness, waitOn } from '../support/chat.mjs';

// No scenario has this name, so the mock echoes the message back.
const ECHO_MODEL = 'echo-math-diagrams';

const MATH = [
  'Pythagoras: $a^2 + b^2 = c^2$, and the root \\(x_1 = \\sqrt{2}\\).',
  '',
  '$$\\frac{1}{n} \\sum_{i=1}^{n} x_i$$',
  '',
  '\\[',
  '\\int_0^1 x\\,dx = \\tfrac{1}{2}',
  '\\]',
  '',
  'It costs $5 and $10, and `$x$` stays code.',
].join('\n');

const DIAGRAM = ['A flow:', '', '```mermaid', 'graph TD', '  Start[Ask] --> Think{Clear?}', '  Think -->|yes| Answer', '  Think -->|no| Start', '```', ''].join('\n');

/** Runs in a frame (Playwright's main world): what it can reach of Hearth's and the network. */
async function probeFrame(mockUrl) {
  const reach = (read) => {
    try {
      read();
      return 'reached';
    } catch (error) {
      return `blocked: ${error.name}`;
    }
  };
  let network;
  try {
    await fetch(mockUrl, { method: 'POST', body: '{}' });
    network = 'reached';
  } catch (error) {
    network = `blocked: ${error.name}`;
  }
  return {
    origin: self.origin,
    parentDocument: reach(() => parent.document.title),
    indexedDB: reach(() => indexedDB.open('hearth')),
    localStorage: reach(() => Storage.prototype.getItem.call(window.localStorage, 'x')),
    network,
  };
}

describe('math and diagrams', () => {
  const env = useHarness();

  for (const colorScheme of ['light', 'dark']) {
    test(`math renders as MathML and money stays text (${colorScheme})`, async (t) => {
      const chat = await openChatWithProvider(t, env, { scenario: ECHO_MODEL, contextOptions: { colorScheme } });
      await sendMessage(chat, MATH);
      await settled(chat);
      const reply = chat.reply;
      const formulas = reply.locator('math');
      await waitOn(chat, async () => (await formulas.count()) === 4, 'four formulas are shown').catch(async (error) =>
        assert.fail(`${error.message}: ${await reply.innerHTML()}`),
      );
      const shape = await reply.evaluate((article) => ({
        block: article.querySelectorAll('math[display="block"]').length,
        fractions: article.querySelectorAll('math mfrac').length,
        powers: article.querySelectorAll('math msup').length,
        roots: article.querySelectorAll('math msqrt').length,
        sums: article.querySelectorAll('math munderover, math msubsup').length,
        // MathML elements are in the MathML namespace, so the browser renders them as math.
        namespaces: [...new Set([...article.querySelectorAll('math, math *')].map((e) => e.namespaceURI))],
        code: [...article.querySelectorAll('code')].map((c) => c.textContent),
      }));
      assert.equal(shape.block, 2, 'the two display formulas are blocks');
      assert.ok(shape.fractions >= 2 && shape.powers >= 1 && shape.roots === 1 && shape.sums >= 2, JSON.stringify(shape));
      assert.deepEqual(shape.namespaces, ['http://www.w3.org/1998/Math/MathML']);
      assert.equal(shape.code[0], '$x$', 'math in a code span stays code');
      const text = await reply.innerText();
      assert.match(text, /It costs \$5 and \$10/, 'money stays text');
      // Rendered natively: a fraction is taller than a line of text.
      const box = await reply.locator('math[display="block"]').first().boundingBox();
      assert.ok(box && box.height > 20, `the display fraction has height (${box?.height})`);
      assert.deepEqual(await axeViolations(chat.page, { include: '[role="log"]' }), [], `the conversation, ${colorScheme}`);
      await screenshot(chat.page, `math-${colorScheme}.png`);
    });
  }

  for (const colorScheme of ['light', 'dark']) {
    test(`a mermaid diagram is drawn on request in an opaque frame without network (${colorScheme})`, async (t) => {
      const requested = [];
      const chat = await openChatWithProvider(t, env, {
        scenario: ECHO_MODEL,
        contextOptions: { colorScheme },
        beforeLoad: (context) => context.on('request', (request) => requested.push(new URL(request.url()).pathname)),
      });
      const { page } = chat;
      await sendMessage(chat, DIAGRAM);
      await settled(chat);
      const show = chat.reply.getByRole('button', { name: 'Show diagram', exact: true });
      await show.waitFor();
      assert.match(await chat.reply.locator('pre').innerText(), /graph TD/, 'the block shows its code');

      // Nothing before the click.
      const diagramRequests = () => requested.filter((p) => /diagram-frame|mermaid/.test(p));
      assert.deepEqual(diagramRequests(), [], 'nothing was fetched for the diagram before the click');
      assert.equal(await page.locator('iframe').count(), 0, 'no frame before the click');

      await show.click();
      const status = chat.reply.locator('[aria-live="polite"]').filter({ hasText: /Diagram shown|could not be drawn/ });
      await status.waitFor();
      assert.equal(await status.innerText(), 'Diagram shown');
      assert.deepEqual(
        [...new Set(diagramRequests())].sort(),
        ['/diagram-frame.html', '/mermaid-12.3.0.min.js'],
        'the frame and the vendored library, from Hearth itself',
      );

      const iframe = chat.reply.getByTitle('Diagram', { exact: true });
      assert.equal(await iframe.getAttribute('sandbox'), 'allow-scripts', 'sandboxed, scripts only');
      const frame = page.frames().find((f) => f.url().endsWith('/diagram-frame.html'));
      assert.ok(frame, 'the diagram frame is loaded');
      const drawn = await frame.evaluate(() => {
        const svg = document.querySelector('#diagram svg');
        return { svg: Boolean(svg), role: svg?.getAttribute('role'), labels: svg?.textContent ?? '' };
      });
      assert.ok(drawn.svg, 'the diagram is an SVG inside the frame');
      assert.equal(drawn.role, 'img');
      assert.match(drawn.labels, /Ask/);
      assert.match(drawn.labels, /Answer/);
      assert.equal(
        await page.evaluate(() => document.querySelectorAll('svg[aria-roledescription], svg[id^="hearth-diagram"]').length),
        0,
        "the diagram's SVG is never in Hearth's page",
      );

      const mockUrl = `${env.mock.url}/v1/chat/completions`;
      const before = env.mock.requests.length;
      const reach = await frame.evaluate(probeFrame, mockUrl);
      assert.deepEqual(reach, {
        origin: 'null',
        parentDocument: 'blocked: SecurityError',
        indexedDB: 'blocked: SecurityError',
        localStorage: 'blocked: SecurityError',
        network: 'blocked: TypeError',
      });
      assert.equal(env.mock.requests.length, before, 'the mock server got nothing from the frame');

      await screenshot(page, `diagram-${colorScheme}.png`);
      assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], `the conversation with its diagram, ${colorScheme}`);

      const hide = chat.reply.getByRole('button', { name: 'Hide diagram', exact: true });
      assert.equal(await hide.getAttribute('aria-expanded'), 'true');
      await hide.click();
      await waitUntil(async () => (await page.locator('iframe').count()) === 0, 'the frame is removed');
      assert.equal(await show.getAttribute('aria-expanded'), 'false');
    });
  }
});
