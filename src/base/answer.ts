/**
 * What a node method may answer with: a value (the synchronous fast path),
 * a Promise, or an Observable (its first value is taken).
 */
import { isObservable, type Observable } from 'rxjs';

export type Answer<T> = T | PromiseLike<T> | Observable<T>;

export const isPromiseLike = <T>(a: Answer<T>): a is PromiseLike<T> =>
  typeof a === 'object' && a !== null && typeof (a as { then?: unknown }).then === 'function';

/** True when the answer needs waiting for (not a plain value). */
export const isPending = <T>(a: Answer<T>): a is PromiseLike<T> | Observable<T> =>
  isPromiseLike(a) || isObservable(a);
