/**
 * A set of pairs (k, v), each kept once, listed grouped by k: keys in the
 * order they first came, each key's values in the order they came (as a
 * Map of Sets lists them). Up to 8 pairs live in one array, found by a
 * scan (an edit's validation mostly holds one or two: no Map and Set per
 * key); beyond that a Map of Sets holds them.
 */
const FEW = 8;

export class PairSet<K, V> {
  /** k0, v0, k1, v1, ... grouped by key; undefined once `map` holds the pairs. */
  #few: (K | V)[] | undefined;
  #map: Map<K, Set<V>> | undefined;

  /** The set of one pair (a set is made when there is something to put in it). */
  constructor(k: K, v: V) {
    this.#few = [k, v];
  }

  /** Adds the pair: true when it was not there yet. */
  add(k: K, v: V): boolean {
    const few = this.#few;
    if (few === undefined) return addTo(this.#map as Map<K, Set<V>>, k, v);
    let end = -1;
    for (let i = 0; i < few.length; i += 2) {
      if (few[i] !== k) continue;
      if (few[i + 1] === v) return false;
      end = i + 2;
    }
    if (few.length === 2 * FEW) {
      const map = new Map<K, Set<V>>();
      for (let i = 0; i < few.length; i += 2) addTo(map, few[i] as K, few[i + 1] as V);
      this.#map = map;
      this.#few = undefined;
      return addTo(map, k, v);
    }
    // after the key's last pair, keeping the pairs grouped
    if (end < 0 || end === few.length) few.push(k, v);
    else few.splice(end, 0, k, v);
    return true;
  }

  /** Calls `visit` with every pair, grouped by key. */
  forEach(visit: (k: K, v: V) => void): void {
    const few = this.#few;
    if (few !== undefined) {
      for (let i = 0; i < few.length; i += 2) visit(few[i] as K, few[i + 1] as V);
      return;
    }
    for (const [k, vs] of this.#map as Map<K, Set<V>>) for (const v of vs) visit(k, v);
  }
}

const addTo = <K, V>(m: Map<K, Set<V>>, k: K, v: V): boolean => {
  let s = m.get(k);
  if (s === undefined) m.set(k, (s = new Set()));
  if (s.has(v)) return false;
  s.add(v);
  return true;
};
