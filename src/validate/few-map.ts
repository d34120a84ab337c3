/**
 * A map kept in two arrays while it has up to 8 entries (found by a scan:
 * no Map for the one or two entries an edit's validation mostly holds), in
 * a Map beyond that.
 */
const FEW = 8;

export class FewMap<K, V> {
  #keys: K[] | undefined;
  #values: V[] | undefined;
  #map: Map<K, V> | undefined;

  /** The map of one entry (a map is made when there is something to put in it). */
  constructor(k: K, v: V) {
    this.#keys = [k];
    this.#values = [v];
  }

  get(k: K): V | undefined {
    const keys = this.#keys;
    if (keys === undefined) return (this.#map as Map<K, V>).get(k);
    const i = keys.indexOf(k);
    return i < 0 ? undefined : (this.#values as V[])[i];
  }

  set(k: K, v: V): void {
    const keys = this.#keys;
    const values = this.#values as V[];
    if (keys === undefined) {
      (this.#map as Map<K, V>).set(k, v);
      return;
    }
    const i = keys.indexOf(k);
    if (i >= 0) values[i] = v;
    else if (keys.length < FEW) {
      keys.push(k);
      values.push(v);
    } else {
      const map = new Map<K, V>();
      for (let j = 0; j < keys.length; j++) map.set(keys[j] as K, values[j] as V);
      map.set(k, v);
      this.#map = map;
      this.#keys = undefined;
      this.#values = undefined;
    }
  }
}
