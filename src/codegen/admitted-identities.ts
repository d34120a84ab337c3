/** The identities an identityref admits: derived (strictly, transitively) from every one of its bases. */
import type { IdentityMeta } from '../meta/meta.ts';

const key = (i: IdentityMeta): string => `${i.module.name}:${i.name}`;

const descendants = (base: IdentityMeta): Map<string, IdentityMeta> => {
  const found = new Map<string, IdentityMeta>();
  const pending = [...base.derived];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (found.has(key(next))) continue;
    found.set(key(next), next);
    pending.push(...next.derived);
  }
  return found;
};

/** `module:name` of each admitted identity, sorted. */
export const admittedIdentities = (bases: readonly IdentityMeta[]): string[] => {
  const [first, ...rest] = bases;
  if (first === undefined) return [];
  const sets = rest.map(descendants);
  return [...descendants(first).keys()].filter((k) => sets.every((s) => s.has(k))).sort();
};
