// Benchmark of scripts/dev.sh's edit loop, printing numbers (it asserts nothing): it starts
// dev.sh (its first build may take minutes), opens the page in headless Chromium, then
// edits a text of the interface in src/ (the Send button's label) RUNS times and prints how
// long each save took until the open page shows the new text: the rebuild, the reload and
// the app's start. The source file is put back as it was at the end, or on Ctrl+C.
// Run: (cd tests && npm run bench:dev)   (RUNS=3 by default; PORT and MOCK_PORT as dev.sh's)

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../support/browser.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FILE = `${ROOT}src/composer/composer.rs`;
const LABEL = '{tr("Send")}';
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = process.env.PORT ?? '8093';

const original = readFileSync(FILE, 'utf8');
if (!original.includes(LABEL)) throw new Error(`${FILE} no longer has ${LABEL}: point the benchmark at another text`);
const restore = () => writeFileSync(FILE, original);
process.on('SIGINT', () => {
  restore();
  process.exit(130);
});

const dev = spawn('bash', ['scripts/dev.sh'], {
  cwd: ROOT,
  env: { ...process.env, PORT, MOCK_PORT: process.env.MOCK_PORT ?? '8794' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
dev.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const browser = await launchBrowser();
try {
  while (!output.includes('rebuilds and reloads on save')) {
    if (dev.exitCode !== null) throw new Error('scripts/dev.sh ended');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 120_000 });
  const seconds = [];
  for (let run = 1; run <= RUNS; run++) {
    // The button's name is its label; the page shows the new one once it has reloaded.
    const label = `Send ${run}`;
    const saved = Date.now();
    writeFileSync(FILE, original.replace(LABEL, `{tr("${label}")}`));
    await page.getByRole('button', { name: label, exact: true }).waitFor({ timeout: 600_000 });
    seconds.push((Date.now() - saved) / 1000);
    console.log(`save to reload, edit ${run}: ${seconds.at(-1).toFixed(1)} s`);
  }
  const sorted = [...seconds].sort((a, b) => a - b);
  console.log(`save to reload: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} s over ${RUNS} edits (${sorted.map((s) => s.toFixed(1)).join(', ')})`);
} finally {
  restore();
  await browser.close();
  process.kill(-dev.pid, 'SIGTERM');
}
