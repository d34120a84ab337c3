/**
 * A filter over its evaluation budget: its subscribers (all that share its
 * text) get the `filter-budget` final frame after what came before and are
 * dropped; subscribers of other filters, and unfiltered ones, go on. And
 * compileEventFilter refuses filters over the size limits, naming the limit.
 */
import test from 'ava';
import {
  changeEvent, compileEventFilter, createEventHub, FILTER_LIMITS, FILTER_MAX_STEPS, filterBudgetFrame, type EventFilter,
} from '../../src/streams/index.ts';
import { rootPath } from '../../src/data/data-path.ts';
import { nestedCount } from '../helpers/stalling-filters.ts';
import { counted, framesOf, marbleScheduler } from './helpers.ts';

test('the filter-budget frame, byte for byte', (t) => {
  t.deepEqual(filterBudgetFrame(100_000), {
    kind: 'final',
    text: 'event: error\ndata: {"reason":"filter-budget","max-steps":100000}\n\n',
    count: 0,
  });
});

test('subscribers of a filter over its budget get the final frame and are dropped; the others go on', (t) => {
  const scheduler = marbleScheduler(t);
  const costly = compileEventFilter(nestedCount(5), ['m']);
  if (!costly.ok) throw new Error(costly.message);
  // the filter sees 'a' and 'b' as small events and 'c' as a large one
  const events = { a: 'a', b: 'b', c: 'c' };
  const content = (e: string) => (e === 'c' ? { 'm:x': { item: Array.from({ length: 40 }, (_, i) => ({ i })) } } : { 'm:x': { v: e } });
  const asEvent = (e: string) => ({ time: new Date(0), content: () => content(e), plain: () => e });
  const filter: EventFilter<string> = { text: costly.filter.text, test: (e) => costly.filter.test(asEvent(e)) };
  const X = filterBudgetFrame(FILTER_MAX_STEPS);
  let source!: ReturnType<typeof counted<string>>;
  scheduler.run(({ cold, expectObservable }) => {
    source = counted(cold('-a-b-c-a', events));
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0 });
    expectObservable(hub.frames({ key: '/x', open: source.open, filter })).toBe('-a-b-(X|)', framesOf('ab', { X }));
    expectObservable(hub.frames({ key: '/x', open: source.open, filter })).toBe('-a-b-(X|)', framesOf('ab', { X }));
    expectObservable(hub.frames({ key: '/x', open: source.open }), '^-------!').toBe('-a-b-c-a', framesOf('abc'));
  });
  t.is(source.opens(), 1, 'one source for all');
  t.is(source.closes(), 1);
});

test('an ordinary filter on an ordinary change event answers within its budget', (t) => {
  const c = compileEventFilter("datastore-changes/yang-patch/edit[operation = 'merge']", ['ietf-yang-push']);
  if (!c.ok) throw new Error(c.message);
  const time = new Date(0).toISOString();
  t.true(c.filter.test(changeEvent({ module: 'm', time, target: '/m:x', path: rootPath, operation: 'merge', value: { 'm:x': 1 } })));
  t.false(c.filter.test(changeEvent({ module: 'm', time, target: '/m:x', path: rootPath, operation: 'delete' })));
});

test('filters over the size limits are refused, naming the limit; the stalling ones are within them', (t) => {
  const refused = (text: string): string => {
    const c = compileEventFilter(text, ['m']);
    return c.ok ? '(accepted)' : c.message;
  };
  t.regex(refused(`x = '${'y'.repeat(FILTER_LIMITS['max-filter-length'])}'`), /more than max-filter-length \(1024\)/);
  t.regex(refused(`${'('.repeat(17)}1${')'.repeat(17)}`), /nests brackets and parentheses 17 deep: more than max-filter-nesting \(16\)/);
  t.regex(refused(`a${'[b'.repeat(17)}${']'.repeat(17)}`), /max-filter-nesting/);
  t.regex(refused(Array(33).fill('a').join('/')), /has a location path of 33 steps: more than max-filter-path-steps \(32\)/);
  t.regex(refused(`count(${Array(33).fill('a').join('/')}) > 0`), /max-filter-path-steps/);
  t.regex(refused("re-match(., '(a')"), /invalid regular expression/);
  t.is(refused(nestedCount(5)), '(accepted)');
  t.is(refused("re-match(., '(a+)+')"), '(accepted)');
  t.is(refused(`${'('.repeat(16)}1${')'.repeat(16)}`), '(accepted)');
  t.is(refused(Array(32).fill('a').join('/')), '(accepted)');
});
