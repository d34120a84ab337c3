/**
 * Walks over nodes are generators: a node that answers synchronously costs a
 * plain function call; one that answers with a Promise or Observable makes
 * the walk yield it, and the runner resumes the walk when it settles. A walk
 * may also yield FLUSH to hand buffered output to a consumer and pause until
 * more is wanted (backpressure).
 */
import { isObservable, type Observable, type Subscription } from 'rxjs';
import { isPending, type Answer } from '../base/answer.ts';

export const FLUSH: unique symbol = Symbol('flush');
export type Pending = PromiseLike<unknown> | Observable<unknown>;
export type Co<T> = Generator<Pending | typeof FLUSH, T, unknown>;

/** Resolves an answer inside a walk: `const v = yield* ask(node.child(r))`. */
export function* ask<T>(a: Answer<T>): Co<T> {
  if (!isPending(a)) return a as T;
  return (yield a) as T;
}

export type Step<T> = { readonly done: true; readonly value: T } | { readonly done: false };

/** The step of a walk that flushed (one for all). */
const FLUSHED: Step<never> = { done: false };

/** Runs a walk step by step; `cancel` ends it (its `finally` blocks run) and drops any pending answer. */
export class Runner<T> {
  private sub: Subscription | undefined;
  private cancelled = false;

  constructor(private readonly gen: Co<T>) {}

  /** Runs until the walk flushes ({done:false}) or ends ({done:true}). */
  step(): Promise<Step<T>> {
    return Promise.resolve(this.stepNow());
  }

  /**
   * As step, but answers synchronously when the walk did not have to wait.
   * A walk that ends or flushes at once costs one call of the generator (no
   * closure or result object per step: every small read takes this path).
   */
  stepNow(): Step<T> | Promise<Step<T>> {
    if (this.cancelled) return this.settled(undefined);
    const next = this.gen.next();
    if (next.done === true) return { done: true, value: next.value };
    if (next.value === FLUSH) return FLUSHED;
    return this.settled(next.value);
  }

  /** Runs the walk on (after waiting for `first`, what it yielded), synchronously as long as it does not wait. */
  private settled(first: Pending | undefined): Step<T> | Promise<Step<T>> {
    let result: { ok: true; step: Step<T> } | { ok: false; error: unknown } | undefined;
    let settle: ((r: { ok: true; step: Step<T> } | { ok: false; error: unknown }) => void) | undefined;
    this.advance(
      { ok: true, value: undefined },
      (step) => (settle === undefined ? (result = { ok: true, step }) : settle({ ok: true, step })),
      (error) => (settle === undefined ? (result = { ok: false, error }) : settle({ ok: false, error })),
      first,
    );
    if (result !== undefined) {
      if (result.ok) return result.step;
      throw result.error;
    }
    return new Promise((resolve, reject) => {
      settle = (r) => (r.ok ? resolve(r.step) : reject(r.error));
    });
  }

  /** Runs a walk that never flushes and never waits, synchronously; throws if it needs to wait. */
  runSync(): T {
    const r = this.gen.next();
    if (r.done === true) return r.value;
    this.cancel();
    throw new Error('walk did not complete synchronously');
  }

  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.sub?.unsubscribe();
    this.sub = undefined;
    try {
      this.gen.return(undefined as T);
    } catch {
      // finally blocks of an abandoned walk must not break the caller
    }
  }

  private advance(
    input: { ok: true; value: unknown } | { ok: false; error: unknown },
    resolve: (s: Step<T>) => void,
    reject: (e: unknown) => void,
    /** What the walk yielded already (then `input` is not given to it). */
    first?: Pending,
  ): void {
    let next: IteratorResult<Pending | typeof FLUSH, T>;
    let yielded = first;
    for (;;) {
      if (this.cancelled) return;
      let pending: Pending;
      if (yielded === undefined) {
        try {
          next = input.ok ? this.gen.next(input.value) : this.gen.throw(input.error);
        } catch (e) {
          reject(e);
          return;
        }
        if (next.done === true) {
          resolve({ done: true, value: next.value });
          return;
        }
        if (next.value === FLUSH) {
          resolve(FLUSHED);
          return;
        }
        pending = next.value;
      } else {
        pending = yielded;
        yielded = undefined;
      }
      let sync: { ok: true; value: unknown } | { ok: false; error: unknown } | undefined;
      let waiting = true;
      const settle = (r: { ok: true; value: unknown } | { ok: false; error: unknown }): void => {
        if (!waiting) return;
        waiting = false;
        this.sub?.unsubscribe();
        this.sub = undefined;
        if (sync === undefined && inLoop) sync = r;
        else this.advance(r, resolve, reject);
      };
      let inLoop = true;
      if (isObservable(pending)) {
        this.sub = pending.subscribe({
          next: (value) => settle({ ok: true, value }),
          error: (error: unknown) => settle({ ok: false, error }),
          complete: () => settle({ ok: true, value: undefined }),
        });
      } else {
        pending.then((value) => settle({ ok: true, value }), (error: unknown) => settle({ ok: false, error }));
      }
      inLoop = false;
      if (sync === undefined) return;
      input = sync;
    }
  }
}

/** The rest of a walk that paused on `first`: waits for it, then goes on where the walk stopped. */
function* after<T>(first: Pending, gen: Co<T>): Co<T> {
  let step: IteratorResult<Pending | typeof FLUSH, T> = { done: false, value: first };
  let finished = false;
  try {
    for (;;) {
      let input: unknown;
      let failure: { error: unknown } | undefined;
      try {
        input = yield step.value as Pending | typeof FLUSH;
      } catch (error) {
        failure = { error };
      }
      step = failure === undefined ? gen.next(input) : gen.throw(failure.error);
      if (step.done === true) {
        finished = true;
        return step.value;
      }
    }
  } finally {
    if (!finished) gen.return(undefined as T);
  }
}

/**
 * Runs a walk to its end (flushes are ignored): at once, with no Runner and
 * no Promise, when it never waits; else from where it first waited, as
 * runToEnd does.
 */
export const runNow = <T>(gen: Co<T>): T | Promise<T> => {
  for (;;) {
    const step = gen.next();
    if (step.done === true) return step.value;
    if (step.value !== FLUSH) return runToEnd(after(step.value, gen));
  }
};

/** Runs a walk to its end (flushes are ignored). */
export const runToEnd = async <T>(gen: Co<T>): Promise<T> => {
  const r = new Runner(gen);
  for (;;) {
    const s = await r.step();
    if (s.done) return s.value;
  }
};
