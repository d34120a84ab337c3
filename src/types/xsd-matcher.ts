/**
 * The linear-time matcher of XSD regular expressions, for YANG `pattern`
 * (RFC 7950 §9.4.5) and XPath `re-match()`: whole-value matching by a lazy
 * DFA over the Thompson automaton (xsd-nfa.ts). Each DFA state is a set of
 * automaton states, made the first time a character leads to it and then
 * cached, so a value costs one table look-up per character once the
 * matcher is warm, and at most one step of every automaton state per
 * character when it is not: time linear in the length of the value, never
 * exponential (`(a+)+b` on `aaaa…c` is as fast as `a+b`). XSD regular
 * expressions have no backreferences, which is what makes this possible.
 *
 * The cache is bounded (`MAX_DFA_STATES`); when full it is emptied and
 * rebuilt as needed, which keeps the bound on time and on memory.
 */
import { buildNfa, CHAR, MATCH, NfaTooLarge, SPLIT, type Nfa } from './xsd-nfa.ts';
import { parseXsdRegex } from './xsd-regex-parse.ts';

/** Told of the work a match does, so a caller can bound it (the XPath evaluation budget). */
export interface WorkMeter {
  /** Called with units of work: a character read, or an automaton state stepped while building the cache. */
  spend(units: number): void;
}

export interface XsdMatcher {
  /** The pattern as written. */
  readonly source: string;
  /** Whether the whole of `text` matches. */
  test(text: string, meter?: WorkMeter): boolean;
}

export type XsdMatcherCompilation =
  | { readonly ok: true; readonly matcher: XsdMatcher }
  | { readonly ok: false; readonly message: string };

/** DFA states kept per matcher before the cache is emptied. */
export const MAX_DFA_STATES = 4096;
/** Transitions on characters above ASCII kept per DFA state. */
const MAX_OTHER_TRANSITIONS = 1024;

/** Parses and compiles an XSD regular expression to a linear-time matcher. */
export function compileXsdMatcher(pattern: string): XsdMatcherCompilation {
  const parsed = parseXsdRegex(pattern);
  if (!parsed.ok) return { ok: false, message: `invalid pattern "${pattern}": ${parsed.message}` };
  try {
    return { ok: true, matcher: new LazyDfa(pattern, buildNfa(parsed.regex)) };
  } catch (error) {
    if (error instanceof NfaTooLarge) return { ok: false, message: `invalid pattern "${pattern}": ${error.message}` };
    throw error;
  }
}

class DState {
  /** Transitions on ASCII characters. */
  readonly ascii: (DState | undefined)[] = new Array<DState | undefined>(128).fill(undefined);
  other: Map<number, DState> | undefined;

  constructor(
    /** CHAR states of the automaton, ascending. */
    readonly states: Int32Array,
    readonly accepting: boolean,
  ) {}
}

class LazyDfa implements XsdMatcher {
  private readonly cache = new Map<string, DState>();
  private start: DState;
  /** Marks for the closure walk: a state is on the list when its mark is `generation`. */
  private readonly marks: Uint32Array;
  private generation = 0;
  private readonly stack: number[] = [];
  private readonly found: number[] = [];

  constructor(readonly source: string, private readonly nfa: Nfa) {
    this.marks = new Uint32Array(nfa.op.length);
    this.start = this.startState();
  }

  test(text: string, meter?: WorkMeter): boolean {
    let d = this.start;
    const n = text.length;
    let work = 0;
    for (let i = 0; i < n; ) {
      let cp = text.charCodeAt(i++);
      let next: DState | undefined;
      if (cp < 128) next = d.ascii[cp];
      else {
        if (cp >= 0xd800 && cp <= 0xdbff && i < n) {
          const low = text.charCodeAt(i);
          if (low >= 0xdc00 && low <= 0xdfff) {
            cp = ((cp - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
            i++;
          }
        }
        next = d.other?.get(cp);
      }
      if (next === undefined) {
        work += d.states.length;
        if (meter !== undefined && work >= 1024) {
          meter.spend(work);
          work = 0;
        }
        next = this.step(d, cp);
      }
      if (next.states.length === 0 && !next.accepting) {
        meter?.spend(work + i);
        return false;
      }
      d = next;
    }
    meter?.spend(work + n);
    return d.accepting;
  }

  private startState(): DState {
    this.generation++;
    this.found.length = 0;
    const accepting = this.close(this.nfa.start);
    return this.intern(accepting);
  }

  /** The state after `d` reads `cp`, made and cached. */
  private step(d: DState, cp: number): DState {
    if (this.cache.size >= MAX_DFA_STATES) {
      // full: start afresh (the state in hand stays valid; only the cache goes)
      this.cache.clear();
      this.start = this.startState();
    }
    const { out, test, tests } = this.nfa;
    this.generation++;
    this.found.length = 0;
    let accepting = false;
    for (const s of d.states) {
      if ((tests[test[s] as number] as (cp: number) => boolean)(cp) && this.close(out[s] as number)) accepting = true;
    }
    const next = this.intern(accepting);
    if (cp < 128) d.ascii[cp] = next;
    else {
      const other = (d.other ??= new Map());
      if (other.size < MAX_OTHER_TRANSITIONS) other.set(cp, next);
    }
    return next;
  }

  /** Adds the CHAR states reachable from `s` without reading to `found`; true when MATCH is reachable. */
  private close(s: number): boolean {
    const { op, out, alt } = this.nfa;
    const { marks, stack, found, generation } = this;
    let accepting = false;
    stack.push(s);
    while (stack.length > 0) {
      const t = stack.pop() as number;
      if (marks[t] === generation) continue;
      marks[t] = generation;
      switch (op[t]) {
        case CHAR: found.push(t); break;
        case SPLIT: stack.push(alt[t] as number, out[t] as number); break;
        case MATCH: accepting = true; break;
      }
    }
    return accepting;
  }

  /** The cached state for the CHAR states in `found`. */
  private intern(accepting: boolean): DState {
    const states = Int32Array.from(this.found).sort();
    const key = `${accepting ? 1 : 0}${states.join(',')}`;
    let d = this.cache.get(key);
    if (d === undefined) {
      d = new DState(states, accepting);
      this.cache.set(key, d);
    }
    return d;
  }
}
