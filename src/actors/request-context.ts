/** Values a request carries to every node it reaches (user, roles...). Nothing in it is required. */
export interface RequestContext {
  readonly user?: string;
  readonly roles?: readonly string[];
  /** Fires when the client went away; nodes doing long work can stop. */
  readonly signal?: AbortSignal;
  readonly [key: string]: unknown;
}

export const emptyContext: RequestContext = Object.freeze({});
