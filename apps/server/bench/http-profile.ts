/**
 * Where the listening process spent its CPU during each load of bench:http --cpu-prof: node's .cpuprofile of
 * that process, cut to each load's window on the monotonic clock.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** The listening process's profile (node names it CPU.<date>.<time>.<pid>.0.<seq>.cpuprofile). */
function profileOf(dir: string, pid: number): CpuProfile | null {
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.0.`) && f.endsWith('.cpuprofile'));
  return file ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile) : null;
}

/** The top functions by self time among the samples inside `window` (µs on the monotonic clock). */
function topFunctions(profile: CpuProfile, window: [number, number], n = 12): string[] {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const counts = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    if (t < window[0] || t > window[1]) continue;
    const frame = frames.get(profile.samples[i]!)!;
    const where = frame.url
      .replace(/.*node_modules\//, '')
      .replace(/^file:\/\/.*?\/apps\/server\//, '')
      .replace(/^node:/, 'node:');
    const key = `${frame.functionName || '(anonymous)'}${where ? ` ${where}:${frame.lineNumber + 1}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    total++;
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, count]) => `${((100 * count) / Math.max(total, 1)).toFixed(1).padStart(5)} %  ${key}`);
}

/** For each load, the top functions by self time inside its window; then where the profiles are kept. */
export function printProfiles(dir: string, pid: number, runs: Map<string, { window: [number, number] }>) {
  const profile = profileOf(dir, pid);
  if (profile)
    for (const [name, run] of runs) {
      console.log(`\nwhere the CPU went: ${name} (self time, samples of its load)`);
      for (const line of topFunctions(profile, run.window)) console.log(`  ${line}`);
    }
  console.log(`\nprofiles kept in ${dir}`);
}
