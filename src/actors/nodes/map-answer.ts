/** Applies a function to an answer, keeping its kind: a value stays a value (the synchronous fast path). */
import { isObservable, map } from 'rxjs';
import { isPromiseLike, type Answer } from '../../base/answer.ts';

export const mapAnswer = <T, U>(a: Answer<T>, f: (value: T) => U): Answer<U> => {
  if (isPromiseLike(a)) return Promise.resolve(a).then(f);
  if (isObservable(a)) return a.pipe(map(f));
  return f(a);
};
