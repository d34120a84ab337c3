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

/** DFA states kept per matcher before the cache is emptied (their ASCII transitions take 512 bytes each). */
export const MAX_DFA_STATES = 1024;
/** Transitions on characters above ASCII kept per DFA state. */
const MAX_OTHER_TRANSITIONS = 1024;

export interface XsdMatcherOptions {
  /** The most automaton states the pattern may expand to. Default `MAX_NFA_STATES` (100,000). */
  readonly maxStates?: number;
}

/** Parses and compiles an XSD regular expression to a linear-time matcher. */
export function compileXsdMatcher(pattern: string, options: XsdMatcherOptions = {}): XsdMatcherCompilation {
  const parsed = parseXsdRegex(pattern);
  if (!parsed.ok) return { ok: false, message: `invalid pattern "${pattern}": ${parsed.message}` };
  try {
    return { ok: true, matcher: new LazyDfa(pattern, buildNfa(parsed.regex, options.maxStates)) };
  } catch (error) {
    if (error instanceof NfaTooLarge) return { ok: false, message: `invalid pattern "${pattern}": ${error.message}` };
    throw error;
  }
}

/** A DFA state not made yet (in the transition table). */
const UNKNOWN = -1;

/**
 * The lazy DFA. States are numbered; `table` holds the transitions on
 * ASCII characters (row `state`, column the character), `other` those on
 * the rest, both filled as characters arrive.
 */
class LazyDfa implements XsdMatcher {
  private table = new Int32Array(16 * 128).fill(UNKNOWN);
  private accepting = new Uint8Array(16);
  /** CHAR states of the automaton in each DFA state, ascending. */
  private sets: Int32Array[] = [];
  private other: (Map<number, number> | undefined)[] = [];
  private readonly ids = new Map<string, number>();
  private start: number;
  /** The state no character leads out of and that does not accept: the match has failed. */
  private dead: number;
  /** Marks for the closure walk: a state is on the list when its mark is `generation`. */
  private readonly marks: Uint32Array;
  private generation = 0;
  private readonly stack: number[] = [];
  private readonly found: number[] = [];

  constructor(readonly source: string, private readonly nfa: Nfa) {
    this.marks = new Uint32Array(nfa.op.length);
    this.start = this.startState();
    this.dead = this.deadState();
  }

  test(text: string, meter?: WorkMeter): boolean {
    let table = this.table;
    let dead = this.dead;
    let s = this.start;
    const n = text.length;
    let work = 0;
    for (let i = 0; i < n; ) {
      let cp = text.charCodeAt(i++);
      let next: number;
      if (cp < 128) next = table[(s << 7) | cp] as number;
      else {
        if (cp >= 0xd800 && cp <= 0xdbff && i < n) {
          const low = text.charCodeAt(i);
          if (low >= 0xdc00 && low <= 0xdfff) {
            cp = ((cp - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
            i++;
          }
        }
        next = this.other[s]?.get(cp) ?? UNKNOWN;
      }
      if (next === UNKNOWN) {
        work += (this.sets[s] as Int32Array).length;
        if (meter !== undefined && work >= 1024) {
          meter.spend(work);
          work = 0;
        }
        next = this.step(s, cp);
        table = this.table;
        dead = this.dead;
      }
      if (next === dead) {
        meter?.spend(work + i);
        return false;
      }
      s = next;
    }
    meter?.spend(work + n);
    return this.accepting[s] === 1;
  }

  private startState(): number {
    this.generation++;
    this.found.length = 0;
    return this.intern(this.close(this.nfa.start));
  }

  private deadState(): number {
    this.found.length = 0;
    return this.intern(false);
  }

  /** The state after `s` reads `cp`, made and cached. */
  private step(s: number, cp: number): number {
    const from = this.sets[s] as Int32Array;
    let fresh = false;
    if (this.sets.length >= MAX_DFA_STATES) {
      // full: start afresh (the state in hand is read from `from`; only its transition goes uncached)
      this.ids.clear();
      this.sets = [];
      this.other = [];
      this.table.fill(UNKNOWN);
      this.start = this.startState();
      this.dead = this.deadState();
      fresh = true;
    }
    const { out, test, tests } = this.nfa;
    this.generation++;
    this.found.length = 0;
    let accepting = false;
    for (const t of from) {
      if ((tests[test[t] as number] as (cp: number) => boolean)(cp) && this.close(out[t] as number)) accepting = true;
    }
    const next = this.intern(accepting);
    if (fresh) return next;
    if (cp < 128) this.table[(s << 7) | cp] = next;
    else {
      const other = (this.other[s] ??= new Map());
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

  /** The number of the state for the CHAR states in `found`, made if new. */
  private intern(accepting: boolean): number {
    const states = Int32Array.from(this.found).sort();
    const key = `${accepting ? 1 : 0}${states.join(',')}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.sets.push(states) - 1;
      this.ids.set(key, id);
      if (id >= this.accepting.length) this.grow();
      this.accepting[id] = accepting ? 1 : 0;
    }
    return id;
  }

  private grow(): void {
    const capacity = this.accepting.length * 2;
    const table = new Int32Array(capacity * 128).fill(UNKNOWN);
    table.set(this.table);
    this.table = table;
    const accepting = new Uint8Array(capacity);
    accepting.set(this.accepting);
    this.accepting = accepting;
  }
}
