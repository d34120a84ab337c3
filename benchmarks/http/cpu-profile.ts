/**
 * Reads a V8 CPU profile (`node --cpu-prof`) and ranks functions by self
 * time: where the server's CPU went, excluding idle time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber: number };
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly startTime: number;
  readonly timeDeltas: readonly number[];
}

/** A span of the monotonic clock in µs (`process.hrtime` and V8's profiles share it). */
export interface Window { readonly fromUs: number; readonly toUs: number }

/** Now on the clock V8's profiles use. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

export interface SelfTime {
  /** `function file:line` (file relative to the project). */
  readonly where: string;
  readonly selfMs: number;
  /** Share of the busy (non-idle) time. */
  readonly share: number;
}

export interface ProfileSummary {
  readonly busyMs: number;
  readonly top: readonly SelfTime[];
}

/** The profiles `node --cpu-prof-dir=dir` wrote. */
export const profilesIn = (dir: string): string[] =>
  readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(dir, f));

/** The top `count` functions by self time among the samples taken within `window`. */
export const summarizeProfile = (file: string, root: string, count: number, window: Window): ProfileSummary => {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const rootUrl = pathToFileURL(root).href + '/';
  const nameOf = new Map<number, string>();
  for (const n of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = n.callFrame;
    // (column too: code run through tsx arrives on one line)
    const at = url === '' ? '' : ` ${url.replace(rootUrl, '')}:${lineNumber + 1}:${columnNumber + 1}`;
    nameOf.set(n.id, `${functionName === '' ? '(anonymous)' : functionName}${at}`);
  }
  const self = new Map<string, number>();
  // a sample is taken at startTime + the deltas so far; its time is the delta to the next one
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window.fromUs || at > window.toUs) return;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const name = nameOf.get(id) ?? '?';
    self.set(name, (self.get(name) ?? 0) + us);
  });
  self.delete('(idle)');
  const busyUs = [...self.values()].reduce((a, b) => a + b, 0);
  const top = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([where, us]) => ({ where, selfMs: us / 1000, share: busyUs === 0 ? 0 : us / busyUs }));
  return { busyMs: busyUs / 1000, top };
};
