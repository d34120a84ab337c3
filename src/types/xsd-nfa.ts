/**
 * Thompson's construction: a parsed XSD regular expression as a
 * non-deterministic automaton whose states read one character (CHAR), fork
 * without reading (SPLIT) or accept (MATCH). Counted repetitions are
 * expanded (`a{2,4}` is `aa(a(a)?)?`), so the automaton's size is bounded
 * (`MAX_NFA_STATES` unless told otherwise): a larger pattern is refused,
 * never built.
 */
import { charAtomKey, charTest, type CharAtom, type CharTest } from './xsd-char-test.ts';
import type { XsdRegexNode } from './xsd-regex-ast.ts';

export const CHAR = 0;
export const SPLIT = 1;
export const MATCH = 2;

/** States an expression may expand to: 100,000 (`[a-z]{1,63}` takes 64, `ipv6-address` about 400). */
export const MAX_NFA_STATES = 100_000;

export interface Nfa {
  /** CHAR, SPLIT or MATCH per state. */
  readonly op: Uint8Array;
  /** The next state (CHAR, SPLIT). */
  readonly out: Int32Array;
  /** SPLIT: the other next state. */
  readonly alt: Int32Array;
  /** CHAR: index into `tests`. */
  readonly test: Int32Array;
  /** One test per distinct atom. */
  readonly tests: readonly CharTest[];
  readonly start: number;
}

export class NfaTooLarge extends Error {
  constructor(maxStates: number) {
    super(`the pattern expands to more than ${maxStates} automaton states (counted repetitions are expanded)`);
  }
}

export function buildNfa(regex: XsdRegexNode, maxStates = MAX_NFA_STATES): Nfa {
  const b = new Builder(maxStates);
  const match = b.add(MATCH, -1, -1, -1);
  const start = b.compile(regex, match);
  return {
    op: Uint8Array.from(b.op),
    out: Int32Array.from(b.out),
    alt: Int32Array.from(b.alt),
    test: Int32Array.from(b.test),
    tests: b.tests,
    start,
  };
}

class Builder {
  readonly op: number[] = [];
  readonly out: number[] = [];
  readonly alt: number[] = [];
  readonly test: number[] = [];
  readonly tests: CharTest[] = [];
  /** Atoms written alike share a test. */
  private readonly testIds = new Map<string, number>();
  /** An atom repeated by expansion is looked up once. */
  private readonly atomIds = new Map<CharAtom, number>();

  constructor(private readonly maxStates: number) {}

  add(op: number, out: number, alt: number, test: number): number {
    if (this.op.length >= this.maxStates) throw new NfaTooLarge(this.maxStates);
    this.op.push(op);
    this.out.push(out);
    this.alt.push(alt);
    this.test.push(test);
    return this.op.length - 1;
  }

  /** The start state of `node` followed by the state `next`. */
  compile(node: XsdRegexNode, next: number): number {
    switch (node.kind) {
      case 'char': case 'set': case 'class':
        return this.add(CHAR, next, -1, this.testOf(node));
      case 'group':
        return this.compile(node.inner, next);
      case 'sequence': {
        let start = next;
        for (let i = node.items.length - 1; i >= 0; i--) start = this.compile(node.items[i] as XsdRegexNode, start);
        return start;
      }
      case 'choice': {
        const n = node.branches.length;
        let start = this.compile(node.branches[n - 1] as XsdRegexNode, next);
        for (let i = n - 2; i >= 0; i--) start = this.add(SPLIT, this.compile(node.branches[i] as XsdRegexNode, next), start, -1);
        return start;
      }
      case 'repeat':
        return this.repeat(node.item, node.min, node.max, next);
    }
  }

  private repeat(item: XsdRegexNode, min: number, max: number | undefined, next: number): number {
    let start: number;
    if (max === undefined) {
      // the loop: item, then back to the fork, or on
      const loop = this.add(SPLIT, -1, next, -1);
      const body = this.compile(item, loop);
      this.out[loop] = body;
      start = min === 0 ? loop : body;
      for (let i = 1; i < min; i++) start = this.compile(item, start);
      return start;
    }
    start = next;
    for (let i = min; i < max; i++) start = this.add(SPLIT, this.compile(item, start), next, -1);
    for (let i = 0; i < min; i++) start = this.compile(item, start);
    return start;
  }

  private testOf(atom: CharAtom): number {
    let id = this.atomIds.get(atom);
    if (id !== undefined) return id;
    const key = charAtomKey(atom);
    id = this.testIds.get(key);
    if (id === undefined) {
      id = this.tests.push(charTest(atom)) - 1;
      this.testIds.set(key, id);
    }
    this.atomIds.set(atom, id);
    return id;
  }
}
