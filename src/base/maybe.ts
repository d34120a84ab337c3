/**
 * Values that are there now or later. The core stays synchronous while every
 * step is (the small-GET fast path the adapters answer without a tick), and
 * becomes a Promise only at the first step that waits.
 */
export type Maybe<T> = T | Promise<T>;

export const isPromise = <T>(m: Maybe<T>): m is Promise<T> => m instanceof Promise;

/** `f(m)`, now when `m` is here, else when it arrives. */
export const andThen = <T, U>(m: Maybe<T>, f: (value: T) => Maybe<U>): Maybe<U> =>
  isPromise(m) ? m.then(f) : f(m);

/** Runs `f`; a throw or a rejection becomes `recover(error)`. */
export const attempt = <T>(f: () => Maybe<T>, recover: (error: unknown) => T): Maybe<T> => {
  try {
    const m = f();
    return isPromise(m) ? m.catch(recover) : m;
  } catch (error) {
    return recover(error);
  }
};
