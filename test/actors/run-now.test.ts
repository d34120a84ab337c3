/**
 * runNow: a walk that never waits ends at once (its value, no Promise); one
 * that waits goes on from where it waited, with the answers and failures
 * of what it waited for, and the walk's own `finally` runs either way.
 */
import test from 'ava';
import { of, throwError } from 'rxjs';
import { ask, runNow, type Co } from '../../src/actors/co.ts';

test('a walk that never waits ends at once: its value, or its failure thrown', (t) => {
  function* walk(): Co<number> {
    const a = yield* ask(1);
    const b = yield* ask(2);
    return a + b;
  }
  t.is(runNow(walk()), 3);
  function* fails(): Co<number> {
    throw new Error('no');
  }
  t.throws(() => runNow(fails()), { message: 'no' });
});

test('a walk that waits goes on where it waited, with each answer (Promise or Observable), in order', async (t) => {
  const seen: string[] = [];
  function* walk(): Co<string> {
    seen.push(String(yield* ask(1)));
    seen.push(String(yield* ask(Promise.resolve(2))));
    seen.push(String(yield* ask(3)));
    seen.push(String(yield* ask(of(4))));
    return seen.join(',');
  }
  const r = runNow(walk());
  t.true(r instanceof Promise);
  t.deepEqual(seen, ['1'], 'ran at once up to the first wait');
  t.is(await r, '1,2,3,4');
});

test('a failure waited for is thrown into the walk where it waited: caught there, or the walk fails with it; its finally runs', async (t) => {
  const steps: string[] = [];
  function* caught(): Co<string> {
    try {
      yield* ask(Promise.reject(new Error('late')));
      return 'not here';
    } catch (e) {
      return `caught ${(e as Error).message}`;
    }
  }
  t.is(await runNow(caught()), 'caught late');
  function* uncaught(): Co<string> {
    try {
      yield* ask(throwError(() => new Error('stream')));
      return 'not here';
    } finally {
      steps.push('finally');
    }
  }
  await t.throwsAsync(Promise.resolve(runNow(uncaught())), { message: 'stream' });
  t.deepEqual(steps, ['finally']);
});
