/**
 * The heaviest functions of a V8 CPU profile (`node --cpu-prof`), by self time and by total time
 * (with everything they called), as a share of the time the process was busy (idle left out).
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A function and its share of the busy time. */
export interface FunctionTime {
  name: string;
  ms: number;
  percent: number;
}

const ROOT = new URL('../../', import.meta.url).pathname;

function nameOf({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  if (!url) return functionName || '(anonymous)';
  const file = url.startsWith('file://') ? relative(ROOT, new URL(url).pathname) : url;
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
}

/** A stretch of the process's monotonic clock, µs (`process.hrtime.bigint() / 1000n`). */
export type Window = readonly [fromUs: number, toUs: number];

/**
 * The `count` heaviest functions of the profile in `file`, by self and by total time; with
 * `windows`, of the samples taken within them only (the profile's clock is the monotonic one of
 * `process.hrtime`, shared by processes of one machine).
 */
export function heaviestFunctions(
  file: string,
  count: number,
  windows?: readonly Window[],
): { totalMs: number; self: FunctionTime[]; total: FunctionTime[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busyUs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const us = profile.timeDeltas[index] ?? 0;
    at += us;
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) return;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busyUs += us;
    const name = nameOf(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + us);
    // A recursive function counts once per sample in its total.
    const seen = new Set<string>();
    for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
      const frame = byId.get(up)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      seen.add(nameOf(frame));
    }
    for (const each of seen) total.set(each, (total.get(each) ?? 0) + us);
  });
  const top = (times: Map<string, number>) =>
    [...times]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ name, ms: us / 1000, percent: (100 * us) / Math.max(1, busyUs) }));
  return { totalMs: busyUs / 1000, self: top(self), total: top(total) };
}
