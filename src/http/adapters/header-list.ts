/**
 * A request's header fields as the core reads them (`ReadonlyMap`, names in
 * lower case, repeats joined with ', '), kept as the flat list the transport
 * handed over: [name, value, name, value, ...]. Building it costs one push
 * per field and no hashing; a request has a handful of fields and the core
 * looks up fewer, so a scan is cheaper than a Map made for every request.
 */
export class HeaderList implements ReadonlyMap<string, string> {
  /** Names (lower case) at even indexes, their values after them. */
  readonly #fields: string[];
  #map: Map<string, string> | undefined;

  constructor(fields: string[] = []) {
    this.#fields = fields;
  }

  /** Adds a field as received (`name` in lower case). */
  add(name: string, value: string): void {
    this.#fields.push(name, value);
    this.#map = undefined;
  }

  get(name: string): string | undefined {
    const fields = this.#fields;
    let found: string | undefined;
    for (let i = 0; i < fields.length; i += 2) {
      if (fields[i] !== name) continue;
      const value = fields[i + 1] as string;
      found = found === undefined ? value : `${found}, ${value}`;
    }
    return found;
  }

  has(name: string): boolean {
    const fields = this.#fields;
    for (let i = 0; i < fields.length; i += 2) if (fields[i] === name) return true;
    return false;
  }

  get size(): number {
    return this.#joined().size;
  }

  forEach(callback: (value: string, key: string, map: ReadonlyMap<string, string>) => void, thisArg?: unknown): void {
    this.#joined().forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[string, string]> {
    return this.#joined().entries();
  }

  keys(): MapIterator<string> {
    return this.#joined().keys();
  }

  values(): MapIterator<string> {
    return this.#joined().values();
  }

  [Symbol.iterator](): MapIterator<[string, string]> {
    return this.#joined().entries();
  }

  /** The fields as a Map (repeats joined), made once, on the first walk over all of them. */
  #joined(): Map<string, string> {
    if (this.#map !== undefined) return this.#map;
    const map = new Map<string, string>();
    const fields = this.#fields;
    for (let i = 0; i < fields.length; i += 2) {
      const name = fields[i] as string;
      const value = fields[i + 1] as string;
      const seen = map.get(name);
      map.set(name, seen === undefined ? value : `${seen}, ${value}`);
    }
    this.#map = map;
    return map;
  }
}
