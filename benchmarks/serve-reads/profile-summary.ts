/**
 * Prints where a V8 .cpuprofile spent its time, from `skipSeconds` after it
 * started (to leave start-up out): by source folder, by function (self), and
 * by function inclusive of what it called (recursion counted once).
 * Shares are of the busy samples (idle left out; idle also holds the time
 * uWS spends in the kernel outside JavaScript).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const nameOf = (n: ProfileNode): string => {
  const f = n.callFrame;
  const file = f.url === '' ? '' : ` ${basename(f.url.split('?')[0] ?? '')}:${f.lineNumber + 1}`;
  return `${f.functionName === '' ? '(anonymous)' : f.functionName}${file}`;
};

/** The source folder a function is in (src/http/core, src/actors/read...), or what V8 calls it. */
const areaOf = (n: ProfileNode): string => {
  const url = n.callFrame.url;
  if (url === '') return n.callFrame.functionName.startsWith('(') ? n.callFrame.functionName : '(native)';
  const nm = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm !== null) return `node_modules/${nm[1] ?? ''}`;
  const m = /\/src\/(.*)\/[^/]+$/.exec(url);
  if (m !== null) return `src/${(m[1] ?? '').split('/').slice(0, 2).join('/')}`;
  return url.startsWith('node:') ? 'node:*' : url;
};

export interface ProfileSummary {
  readonly busySamples: number;
  readonly idleShare: number;
  readonly byArea: ReadonlyMap<string, number>;
  readonly self: ReadonlyMap<string, number>;
  readonly inclusive: ReadonlyMap<string, number>;
}

export const readProfile = (file: string, skipSeconds = 0): ProfileSummary => {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const hits = new Map<number, number>();
  let t = p.startTime;
  const from = p.startTime + skipSeconds * 1e6;
  let all = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t < from) continue;
    const id = p.samples[i] as number;
    hits.set(id, (hits.get(id) ?? 0) + 1);
    all += 1;
  }
  const self = new Map<string, number>();
  const byArea = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let idle = 0;
  for (const [id, h] of hits) {
    const n = byId.get(id) as ProfileNode;
    if (n.callFrame.functionName === '(idle)') {
      idle += h;
      continue;
    }
    const name = nameOf(n);
    self.set(name, (self.get(name) ?? 0) + h);
    const area = areaOf(n);
    byArea.set(area, (byArea.get(area) ?? 0) + h);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const nm = nameOf(byId.get(at) as ProfileNode);
      if (seen.has(nm)) continue;
      seen.add(nm);
      inclusive.set(nm, (inclusive.get(nm) ?? 0) + h);
    }
  }
  return { busySamples: all - idle, idleShare: all === 0 ? 0 : idle / all, byArea, self, inclusive };
};

export const summarizeProfile = (file: string, top = 40, skipSeconds = 0): void => {
  const s = readProfile(file, skipSeconds);
  const pct = (x: number): string => `${((100 * x) / s.busySamples).toFixed(1).padStart(5)} %`;
  console.log(`${s.busySamples} busy samples; idle (and uWS in the kernel) ${(100 * s.idleShare).toFixed(1)} % of the time`);
  const print = (title: string, m: ReadonlyMap<string, number>, n: number): void => {
    console.log(`\n${title}`);
    for (const [name, h] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${pct(h)}  ${name}`);
  };
  print('self time by area', s.byArea, 20);
  print('self time', s.self, top);
  print('inclusive time', s.inclusive, top);
};

if (process.argv[1] !== undefined && import.meta.url.endsWith(basename(process.argv[1]))) {
  summarizeProfile(process.argv[2] ?? '', Number(process.argv[3] ?? 40), Number(process.argv[4] ?? 0));
}
