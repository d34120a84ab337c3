/** BENCH_CLUSTER_PROFILE: the top self-time functions of each rxconf serve's CPU profile while the rows ran (`window`, not start-up). */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { profilesIn, summarizeProfile, type Window } from '../http/cpu-profile.ts';

export const printProfiles = (dir: string, root: string, top: number, window: Window): void => {
  for (const name of readdirSync(dir).sort()) {
    const [file] = profilesIn(join(dir, name));
    if (file === undefined) {
      console.log(`\n${name}: no CPU profile written`);
      continue;
    }
    const p = summarizeProfile(file, root, top, window);
    console.log(`\nCPU profile of ${name}: ${p.busyMs.toFixed(0)} ms busy`);
    for (const t of p.top) console.log(`  ${t.selfMs.toFixed(1).padStart(9)} ms ${(t.share * 100).toFixed(1).padStart(5)} %  ${t.where}`);
  }
};
