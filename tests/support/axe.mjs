// Accessibility checks with axe-core (from npm, served from node_modules, never a CDN).
// The page's CSP forbids inline script, so axe is evaluated through the DevTools protocol
// (`page.evaluate` with its source), which the page's policy does not apply to.

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let source;

/**
 * Runs axe-core on `page` (WCAG 2.x A and AA rules plus best practices), limited to `include`
 * (a CSS selector) when given, and returns its violations as short lines
 * (`rule: description (n nodes: target, …)`); a test asserts the array is empty.
 */
export async function axeViolations(page, { include } = {}) {
  source ??= await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) {
    await page.evaluate(source);
  }
  const violations = await page.evaluate(
    async ({ include }) => {
      const result = await window.axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      });
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { include },
  );
  return violations.map((v) => `${v.id}: ${v.help} (${v.targets.length} nodes: ${v.targets.slice(0, 4).join(', ')})`);
}
