/** Runs a fast-check property and fails the test with the counterexample and the error's own message. */
import type { ExecutionContext } from 'ava';
import fc from 'fast-check';

export function checkProperty<T>(t: ExecutionContext, property: fc.IProperty<T>, params: fc.Parameters<T> = {}): void {
  const details = fc.check(property, params);
  if (!details.failed) {
    t.pass();
    return;
  }
  const error = details.errorInstance;
  const why = error instanceof Error ? error.message : String(error);
  t.fail(`seed ${details.seed}, counterexample ${fc.stringify(details.counterexample)}\n${why}`);
}
