/** Values a request carries to every node it reaches (user, roles...). Nothing in it is required. */
export interface RequestContext {
  readonly user?: string;
  readonly roles?: readonly string[];
  /** Fires when the client went away; nodes doing long work can stop. */
  readonly signal?: AbortSignal;
  readonly [key: string]: unknown;
}

export const emptyContext: RequestContext = Object.freeze({});

/** `into`'s values, with the signal read through from `from` when asked (a class: a getter in an object literal is slow to make). */
class KeptSignal implements RequestContext {
  readonly [key: string]: unknown;
  readonly #from: RequestContext;

  constructor(from: RequestContext, into: RequestContext) {
    Object.assign(this, into);
    this.#from = from;
  }

  get signal(): AbortSignal | undefined {
    return this.#from.signal;
  }
}

/**
 * `into` (a context a node or filter made, often by spreading `from`) with
 * `from`'s abort signal when it lost it: a request's first context reads
 * its signal through a getter (the AbortController is made on first use),
 * which spreading does not carry over. The signal stays a getter, so a
 * request nobody asks the signal of never makes one.
 */
export const keepSignal = (from: RequestContext, into: RequestContext): RequestContext =>
  'signal' in into || !('signal' in from) ? into : new KeptSignal(from, into);
