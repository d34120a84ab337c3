/**
 * Observable-backed leaves, containers and notifications: reads answer the
 * latest value at once (marble tests), one subscription per source shared
 * by every request, and every subscription ends (close, release, closer).
 */
import test from 'ava';
import { map, Observable, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import {
  extendNode, notificationSource, observableContainer, observableLeaf, reflectNode,
} from '../../../src/actors/nodes/index.ts';
import { notifications } from '../../../src/actors/operations/index.ts';
import { read } from '../../../src/actors/read/read.ts';
import { defaultReadOptions } from '../../../src/actors/read/read-options.ts';
import { emptyContext } from '../../../src/actors/request-context.ts';
import { encodeData } from '../../../src/data/json/index.ts';
import { RestconfFailure } from '../../../src/errors/index.ts';
import { readText } from '../../helpers/read-text.ts';
import { edit, serve, steps, type App } from './app.ts';

/** A read that must answer synchronously (reads of Observable sources never wait). */
const readNow = (app: App, path: string): unknown => {
  const body = read([app.browser.root()], steps(path), defaultReadOptions);
  if (body instanceof Promise || body.kind !== 'whole') throw new Error('the read waited');
  return JSON.parse(body.text);
};

const attempt = (f: () => unknown): unknown => {
  try {
    return f();
  } catch (e) {
    return e instanceof RestconfFailure ? e.errors[0]?.message : 'unexpected';
  }
};

const marbles = (t: { deepEqual: (a: unknown, b: unknown) => void }) => new TestScheduler((actual, expected) => t.deepEqual(actual, expected));

test('observableLeaf: absent before the first value, then the latest, kept after completion; one subscription for all requests', (t) => {
  marbles(t).run(({ cold, expectObservable, expectSubscriptions }) => {
    const source = cold('--a---b--|', { a: '21.5', b: '22.0' });
    const temperature = observableLeaf(source);
    const app = serve(() => reflectNode({ system: { mtu: 1500 } }, { fields: { temperature } }));
    const reads = cold('r--r-r--r--r|').pipe(map(() => readNow(app, 'system')));
    expectObservable(reads).toBe('x--y-y--z--z|', {
      x: { system: { mtu: 1500 } },
      y: { system: { mtu: 1500, temperature: '21.5' } },
      z: { system: { mtu: 1500, temperature: '22.0' } },
    });
    expectSubscriptions(source.subscriptions).toBe('^--------!');
  });
});

test('observableLeaf: nothing is subscribed until a read; close() unsubscribes and the leaf is absent again', (t) => {
  marbles(t).run(({ hot, cold, expectObservable, expectSubscriptions }) => {
    const source = hot('-a--b--c--d', { a: '1.0', b: '2.0', c: '3.0', d: '4.0' });
    const temperature = observableLeaf(source);
    const app = serve(() => reflectNode({ system: {} }, { fields: { temperature } }));
    const actions = cold('---r--rc-r|').pipe(map((_v, i) => {
      if (i === 2) {
        temperature.close();
        return 'closed';
      }
      return readNow(app, 'system');
    }));
    expectObservable(actions).toBe('---x--yc-x|', { x: { system: {} }, y: { system: { temperature: '2.0' } }, c: 'closed' });
    expectSubscriptions(source.subscriptions).toBe('---^---!');
  });
});

test('observableLeaf: a value of the wrong type and a failed source are errors naming the path', (t) => {
  marbles(t).run(({ cold, expectObservable }) => {
    const temperature = observableLeaf(cold('-a-b-#', { a: '1.0', b: '1.25' }, new Error('sensor lost')));
    const app = serve(() => reflectNode({ system: {} }, { fields: { temperature } }));
    const reads = cold('r-r-r-r|').pipe(map(() => attempt(() => readNow(app, 'system/temperature'))));
    expectObservable(reads).toBe('a-b-c-d|', {
      a: 'no data at /nd-app:system/temperature',
      b: { temperature: '1.0' },
      c: `the application's data at /nd-app:system/temperature is invalid: the string "1.25": "1.25" has more than 1 fraction digit for type decimal64`,
      d: `the application's data at /nd-app:system/temperature is invalid: its source failed: sensor lost`,
    });
  });
});

test('observableLeaf: a leaf backed by an Observable cannot be written', async (t) => {
  const name = observableLeaf(new Subject<string>());
  const app = serve(() => reflectNode({ system: {} }, { fields: { 'host-name': name } }));
  const e = await t.throwsAsync(edit(app, 'system', 'merge', { 'host-name': 'h' }), { instanceOf: RestconfFailure });
  t.like((e as RestconfFailure).errors[0], { tag: 'operation-not-supported', path: '/nd-app:system/host-name' });
  name.close();
});

test('observableContainer: a config false container, then a list, from the latest emitted object', (t) => {
  const environment = new Subject<object>();
  const log = new Subject<object[]>();
  const env = observableContainer(environment);
  const logs = observableContainer(log);
  const app = serve(() => reflectNode({ system: { mtu: 1500 } }, { children: { environment: env, log: logs } }));
  t.deepEqual(readNow(app, 'system'), { system: { mtu: 1500 } });
  t.true(env.latest.subscribed);
  environment.next({ fanSpeed: 1200, sensor: [{ id: 'cpu', celsius: 61 }] });
  t.deepEqual(readNow(app, 'system/environment'), { environment: { 'fan-speed': 1200, sensor: [{ id: 'cpu', celsius: 61 }] } });
  environment.next({ fanSpeed: 900, sensor: new Map([['cpu', { celsius: 40 }]]) });
  t.deepEqual(readNow(app, 'system/environment'), { environment: { 'fan-speed': 900, sensor: [{ id: 'cpu', celsius: 40 }] } });
  t.throws(() => readNow(app, 'log'), { message: /no data/ });
  log.next([{ message: 'boot' }]);
  t.deepEqual(readNow(app, 'log'), { log: [{ message: 'boot' }] });
  t.is(environment.observers.length, 1);
  env.close();
  logs.close();
  t.false(environment.observed);
  t.false(log.observed);
});

test('a source made per request is released with the request root', async (t) => {
  let active = 0;
  let made = 0;
  const perRequest = new Observable<string>((subscriber) => {
    active += 1;
    subscriber.next(`${++made}.0`);
    return () => {
      active -= 1;
    };
  });
  const app = serve(() => {
    const temperature = observableLeaf(perRequest);
    return extendNode(reflectNode({ system: {} }, { fields: { temperature } }), {
      release: (base) => {
        temperature.close();
        base.release?.();
      },
    });
  });
  for (const expected of ['1.0', '2.0']) {
    const root = app.browser.root();
    t.deepEqual(JSON.parse(await readText(root, steps('system'))), { system: { temperature: expected } });
    t.is(active, 0, 'the read released its root, which closed the per-request source');
  }
});

test('notificationSource: each object is an event read through reflect; leaving runs the source teardown', async (t) => {
  const alarms = new Subject<object>();
  let tornDown = 0;
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  const source = new Observable<object>((subscriber) => {
    const s = alarms.subscribe(subscriber);
    subscribed();
    return () => {
      tornDown += 1;
      s.unsubscribe();
    };
  });
  const app = serve(() => reflectNode({}, { notifications: { alarm: notificationSource(source) } }));
  const events: unknown[] = [];
  const sub = notifications(app.browser, steps('alarm'), emptyContext).subscribe((e) => events.push(encodeData(e.data, { strict: false })));
  await ready;
  alarms.next({ severity: 'major', text: 'fan failed', source: { interface: 'eth0' } });
  alarms.next({ severity: 'minor' });
  t.deepEqual(events, [{ severity: 'major', text: 'fan failed', source: { interface: 'eth0' } }, { severity: 'minor' }]);
  t.is(tornDown, 0);
  sub.unsubscribe();
  t.is(tornDown, 1);
  t.false(alarms.observed);
});

test('notificationSource: a bad event ends the stream with an error naming the path, and the source is released', async (t) => {
  const alarms = new Subject<unknown>();
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  const source = new Observable<unknown>((subscriber) => {
    const s = alarms.subscribe(subscriber);
    subscribed();
    return () => s.unsubscribe();
  });
  const app = serve(() => reflectNode({}, { notifications: { alarm: notificationSource(source) } }));
  const failed = new Promise<unknown>((resolve) => {
    notifications(app.browser, steps('alarm'), emptyContext).subscribe({ error: resolve });
  });
  await ready;
  alarms.next({ severity: 'critical' });
  t.regex(String(await failed), /\/nd-app:alarm\/severity is invalid/);
  t.false(alarms.observed);
});

test('a notification with no source is operation-not-supported', async (t) => {
  const app = serve(() => reflectNode({}));
  const e = await new Promise<unknown>((resolve) => {
    notifications(app.browser, steps('alarm'), emptyContext).subscribe({ error: resolve });
  });
  t.like((e as RestconfFailure).errors[0], { tag: 'operation-not-supported', path: '/nd-app:alarm' });
});

test('events keep their order when some event nodes answer later than others (a waiting read holds back the ones after it)', async (t) => {
  const later = (node: ReturnType<typeof reflectNode>) =>
    extendNode(node, { field: (base, r) => new Promise((resolve) => setTimeout(() => resolve(base.field?.(r) as never), 5)) });
  const nodes = new Subject<ReturnType<typeof reflectNode>>();
  const app = serve(() => extendNode(reflectNode({}), { notify: () => nodes.asObservable() }));
  const events: unknown[] = [];
  const done = new Promise<void>((resolve) => {
    notifications(app.browser, steps('alarm'), emptyContext).subscribe({
      next: (e) => events.push(encodeData(e.data, { strict: false })),
      complete: resolve,
    });
  });
  await new Promise((r) => setImmediate(r));
  nodes.next(later(reflectNode({ severity: 'major', text: 'first' })));
  nodes.next(reflectNode({ severity: 'minor', text: 'second' }));
  nodes.next(later(reflectNode({ severity: 'minor', text: 'third' })));
  nodes.next(reflectNode({ severity: 'major', text: 'fourth' }));
  t.deepEqual(events, [], 'the first read waits, so nothing goes ahead of it');
  nodes.complete();
  await done;
  t.deepEqual(events.map((e) => (e as { text: string }).text), ['first', 'second', 'third', 'fourth']);
});

test('observableLeaf and observableContainer: the browser that read them holds their subscriptions; releasing ends them, and a later read subscribes again', (t) => {
  const environment = new Subject<object>();
  const temperature$ = new Subject<string>();
  const env = observableContainer(environment);
  const temperature = observableLeaf(temperature$);
  const app = serve(() => reflectNode({ system: { mtu: 1500 } }, { fields: { temperature }, children: { environment: env } }));
  t.false(environment.observed || temperature$.observed, 'nothing subscribed before a read');
  readNow(app, 'system');
  temperature$.next('21.5');
  environment.next({ fanSpeed: 1200 });
  t.deepEqual(readNow(app, 'system'), { system: { mtu: 1500, temperature: '21.5', environment: { 'fan-speed': 1200 } } });
  t.true(environment.observed && temperature$.observed);
  app.browser.holdings.releaseAll();
  t.false(environment.observed, 'the container\'s source is released');
  t.false(temperature$.observed, 'the leaf\'s source is released');
  t.deepEqual(readNow(app, 'system'), { system: { mtu: 1500 } }, 'a read after the release subscribes again, with no value yet');
  t.true(environment.observed && temperature$.observed);
  temperature$.next('22.0');
  t.deepEqual(readNow(app, 'system'), { system: { mtu: 1500, temperature: '22.0' } });
  app.browser.holdings.releaseAll();
  t.false(environment.observed || temperature$.observed);
});
