/** Identity derivation (RFC 7950 §7.18.2): strict and transitive through `bases`. */
import type { IdentityMeta } from '../meta/meta.ts';

/** `module:name` of an identity. */
export const identityKey = (identity: IdentityMeta): string => `${identity.module.name}:${identity.name}`;

const ancestorCache = new WeakMap<IdentityMeta, ReadonlySet<string>>();

/** The keys of every identity `identity` is derived from (not itself). */
function ancestors(identity: IdentityMeta): ReadonlySet<string> {
  let found = ancestorCache.get(identity);
  if (found === undefined) {
    const keys = new Set<string>();
    const pending = [...identity.bases];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const key = identityKey(next);
      if (keys.has(key)) continue;
      keys.add(key);
      pending.push(...next.bases);
    }
    found = keys;
    ancestorCache.set(identity, found);
  }
  return found;
}

/** True when `identity` is derived, directly or not, from `base`. An identity is not derived from itself. */
export const isDerivedFrom = (identity: IdentityMeta, base: IdentityMeta): boolean =>
  ancestors(identity).has(identityKey(base));
