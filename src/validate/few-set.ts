/**
 * A set in the order its items came, kept in one array while it has up to
 * 8 items (found by a scan: no Set for the one or two an edit's validation
 * mostly holds), in a Set beyond that.
 */
const FEW = 8;

export class FewSet<T> {
  #few: T[] | undefined;
  #set: Set<T> | undefined;

  /** The set of one item (a set is made when there is something to put in it). */
  constructor(first: T) {
    this.#few = [first];
  }

  /** Adds the item: true when it was not there yet. */
  add(item: T): boolean {
    const few = this.#few;
    if (few === undefined) return addTo(this.#set as Set<T>, item);
    if (few.includes(item)) return false;
    if (few.length < FEW) {
      few.push(item);
      return true;
    }
    this.#set = new Set(few);
    this.#few = undefined;
    return addTo(this.#set, item);
  }

  /** The items in the order they came. */
  items(): Iterable<T> {
    return this.#few ?? (this.#set as Set<T>);
  }
}

const addTo = <T>(s: Set<T>, item: T): boolean => {
  if (s.has(item)) return false;
  s.add(item);
  return true;
};
