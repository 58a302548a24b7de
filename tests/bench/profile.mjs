// CPU profiles of the parts of a benchmark, for finding where their time goes: set
// HEARTH_BENCH_PROFILE=PREFIX and the benchmark profiles each part it measures through
// DevTools, writes each profile to PREFIX-<part>.cpuprofile (open it in Chromium's DevTools,
// Performance panel) and prints the functions with the most time of their own. Function
// names in the app's wasm need a build that keeps them (scripts/build.sh strips them);
// without one they read `wasm-function[N]`. Sampling every 200 µs slows the page: a profiled
// run's figures are for comparing, not for writing down.

import { writeFileSync } from 'node:fs';

const PREFIX = process.env.HEARTH_BENCH_PROFILE;

/** Whether this run profiles: sampling slows the page, so its figures are not to be written. */
export const PROFILING = Boolean(PREFIX);

/** Starts profiling through `cdp` when HEARTH_BENCH_PROFILE is set. */
export async function startProfile(cdp) {
  if (!PREFIX) return;
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Stops profiling (when started), writes the `part`'s profile and prints its `top` functions by own time. */
export async function stopProfile(cdp, part, top = 25) {
  if (!PREFIX) return;
  const { profile } = await cdp.send('Profiler.stop');
  const file = `${PREFIX}-${part}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const own = new Map();
  profile.samples.forEach((id, i) => {
    const name = (nodes.get(id).callFrame.functionName || '(anonymous)').replace(/\[[0-9a-f]{16}\]/g, '');
    own.set(name, (own.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  });
  console.log(`profile of ${part} written to ${file}; the functions with the most time of their own:`);
  for (const [name, ms] of [...own].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${ms.toFixed(0).padStart(7)} ms  ${name.slice(0, 200)}`);
  }
}
