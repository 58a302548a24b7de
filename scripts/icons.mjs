// Renders Hearth's PNG icons from the SVGs in icons/ with the system's headless Chromium
// (playwright-core from tests/node_modules, executablePath $CHROMIUM or /usr/bin/chromium):
// icon-192.png and icon-512.png from icons/icon.svg (purpose "any"), icon-maskable-512.png
// and apple-touch-icon.png (180 px, which iOS shows on its own rounded mask) from
// icons/icon-maskable.svg. The PNGs are committed; run this again after changing an SVG:
//
//   node scripts/icons.mjs

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const { chromium } = createRequire(path.join(root, 'tests', 'package.json'))('playwright-core');
const OUTPUTS = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['icon-maskable.svg', 'icon-maskable-512.png', 512],
  ['icon-maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const [source, target, size] of OUTPUTS) {
    const svg = await readFile(path.join(root, 'icons', source), 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="${dataUrl}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(root, 'icons', target), omitBackground: true });
    await page.close();
    console.log(`icons/${target}: ${size}×${size} from icons/${source}`);
  }
} finally {
  await browser.close();
}
