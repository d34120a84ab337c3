/** Values a request carries to every node it reaches (user, roles...). Nothing in it is required. */
export interface RequestContext {
  readonly user?: string;
  readonly roles?: readonly string[];
  /** Fires when the client went away; nodes doing long work can stop. */
  readonly signal?: AbortSignal;
  readonly [key: string]: unknown;
}

export const emptyContext: RequestContext = Object.freeze({});

/**
 * `into` (a context a node or filter made, often by spreading `from`) with
 * `from`'s abort signal when it lost it: a request's first context reads
 * its signal through a getter (the AbortController is made on first use),
 * which spreading does not carry over.
 */
export const keepSignal = (from: RequestContext, into: RequestContext): RequestContext =>
  'signal' in into || !('signal' in from) ? into : { ...into, signal: from.signal };
