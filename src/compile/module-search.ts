/**
 * Finds a module's file on the search path: `name.yang` or
 * `name@YYYY-MM-DD.yang`. The newest revision wins unless one is pinned.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const FILE = /^([A-Za-z_][A-Za-z0-9_.-]*?)(?:@(\d{4}-\d{2}-\d{2}))?\.yang$/;

interface Candidate {
  readonly path: string;
  readonly revision: string | undefined;
}

export class ModuleSearch {
  private readonly index = new Map<string, Candidate[]>();

  constructor(readonly dirs: readonly string[]) {
    for (const dir of dirs) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const n of names.sort()) {
        const m = FILE.exec(n);
        if (m === null) continue;
        const name = m[1] ?? '';
        const list = this.index.get(name) ?? [];
        list.push({ path: join(dir, n), revision: m[2] });
        this.index.set(name, list);
      }
    }
  }

  /**
   * The file for `name`: the pinned revision if asked (a file without a
   * revision in its name is a candidate too; the caller checks its content),
   * else the newest. Earlier directories win ties.
   */
  find(name: string, revision?: string): string | undefined {
    const list = this.index.get(name);
    if (list === undefined) return undefined;
    if (revision !== undefined) {
      return (list.find((c) => c.revision === revision) ?? list.find((c) => c.revision === undefined))?.path;
    }
    let best: Candidate | undefined;
    for (const c of list) {
      if (best === undefined || (c.revision ?? '') > (best.revision ?? '')) best = c;
    }
    return best?.path;
  }
}
