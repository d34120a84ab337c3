/**
 * A module's mailbox runs edits one at a time in arrival order; an edit
 * that finds it empty runs at once (no turn of microtasks), and one that
 * answers later keeps it taken until it settles.
 */
import test from 'ava';
import { Mailbox, noEditRunning } from '../../src/actors/edit/mailbox.ts';

test('an edit that finds the mailbox empty runs at once and answers at once', (t) => {
  const box = new Mailbox();
  const ran: string[] = [];
  const answer = box.runSoon(() => {
    ran.push('a');
    t.false(noEditRunning());
    return 1;
  });
  t.is(answer, 1);
  t.deepEqual(ran, ['a']);
  t.is(box.depth, 0);
  t.true(noEditRunning());
});

test('an edit that answers later keeps the mailbox taken: the next waits for it, in order', async (t) => {
  const box = new Mailbox();
  const ran: string[] = [];
  let finish!: () => void;
  const first = box.runSoon(() => new Promise<string>((resolve) => {
    ran.push('first began');
    finish = () => {
      ran.push('first ended');
      resolve('first');
    };
  }));
  const second = box.runSoon(() => {
    ran.push('second');
    return 'second';
  });
  t.true(second instanceof Promise);
  t.is(box.depth, 2);
  await Promise.resolve();
  t.deepEqual(ran, ['first began']);
  finish();
  t.deepEqual(await Promise.all([first, second]), ['first', 'second']);
  t.deepEqual(ran, ['first began', 'first ended', 'second']);
  await Promise.resolve();
  t.is(box.depth, 0);
});

test('an edit that throws at once leaves the mailbox free for the next', (t) => {
  const box = new Mailbox();
  t.throws(() => box.runSoon(() => {
    throw new Error('refused');
  }), { message: 'refused' });
  t.is(box.depth, 0);
  t.is(box.runSoon(() => 'next'), 'next');
});

test('a mailbox behind a gate queues even when empty', async (t) => {
  const box = new Mailbox();
  let left = 0;
  box.gate = { enter: () => undefined, leave: () => { left += 1; } };
  const answer = box.runSoon(() => 'gated');
  t.true(answer instanceof Promise);
  t.is(await answer, 'gated');
  await Promise.resolve();
  t.is(left, 1);
});
