// @ts-check
/**
 * The demo application behind `npm start`: a sampler that reads every
 * enabled sensor at the configured interval (an RxJS pipeline restarted
 * when the configuration changes), live readings and uptime served from
 * Observables, an rpc, an action and a notification. Configuration lives in
 * the embedded datastore like any module's.
 *
 * Plain JavaScript importing only the package's public entry ('rxconf') and
 * rxjs, as an application of your own would.
 */
import { BehaviorSubject, distinctUntilChanged, interval, map, merge, mergeMap, of, share, Subject, switchMap, takeUntil } from 'rxjs';
import { DataContainer, decodeData, extendNode, findDataChild, observableLeaf, reflectNode, wrapDeep } from 'rxconf';

/** @typedef {import('rxconf').AppContext} AppContext */
/** @typedef {import('rxconf').ContainerMeta} ContainerMeta */
/** @typedef {import('rxconf').ListMeta} ListMeta */
/** @typedef {import('rxconf').LeafMeta} LeafMeta */
/** @typedef {{ value: string, samples: bigint, updated: string }} Reading */

const SEED = {
  sensors: {
    sensor: [
      { name: 'cpu', kind: 'temperature', threshold: '75.0' },
      { name: 'room', kind: 'temperature', threshold: '30.0' },
      { name: 'cellar', kind: 'humidity' },
    ],
  },
};

/** @param {AppContext} app */
export default (app) => {
  const module = app.schema.modules.get('rxconf-demo');
  if (module === undefined) throw new Error('the demo app serves rxconf-demo');
  const root = app.datastore.root(module);
  if (root.size === 0) {
    const seeded = decodeData(SEED, module, { strict: false, content: 'config', schema: app.schema });
    if (!seeded.ok) throw new Error(JSON.stringify(seeded.errors));
    for (const [m, v] of seeded.value.values) root.set(m, v);
  }

  const sensors = /** @type {ContainerMeta} */ (findDataChild(module, undefined, 'sensors'));
  const sensor = /** @type {ListMeta} */ (findDataChild(sensors, undefined, 'sensor'));
  const interval_ = /** @type {LeafMeta} */ (findDataChild(sensors, undefined, 'sample-interval-ms'));
  /** @param {string} name */
  const leaf = (name) => /** @type {LeafMeta} */ (findDataChild(sensor, undefined, name));
  const config = () => {
    const s = root.get(sensors);
    const c = s instanceof DataContainer ? s : undefined;
    const entries = /** @type {readonly DataContainer[]} */ (c?.get(sensor) ?? []);
    return {
      intervalMs: Number(c?.get(interval_) ?? 1000),
      list: entries.map((e) => ({
        name: String(e.get(leaf('name'))),
        enabled: e.get(leaf('enabled')) !== false,
        threshold: Number(e.get(leaf('threshold')) ?? '75.0'),
      })),
    };
  };

  const stop = new Subject();
  const readings = new BehaviorSubject(/** @type {ReadonlyMap<string, Reading>} */ (new Map()));
  /** @type {Map<string, number>} */
  const offsets = new Map();
  /** @type {Map<string, number>} */
  const level = new Map();
  /** @param {string} name */
  const sample = (name) => {
    const next = (level.get(name) ?? 20 + Math.random() * 40) + (Math.random() - 0.5) * 8;
    level.set(name, Math.min(Math.max(next, -50), 120));
    return Math.round(((level.get(name) ?? 0) + (offsets.get(name) ?? 0)) * 10) / 10;
  };

  // Restart the clock whenever the configuration (its interval) changes.
  const changes = app.device.browser('rxconf-demo')?.changes ?? of();
  const samples = merge(of(null), changes).pipe(
    map(() => config().intervalMs),
    distinctUntilChanged(),
    switchMap((ms) => interval(ms)),
    map(() => {
      const now = new Date().toISOString();
      const next = new Map(readings.value);
      const taken = config().list.filter((s) => s.enabled).map((s) => {
        const value = sample(s.name);
        next.set(s.name, { value: value.toFixed(1), samples: (next.get(s.name)?.samples ?? 0n) + 1n, updated: now });
        return { ...s, value };
      });
      readings.next(next);
      return taken;
    }),
    takeUntil(stop),
    share(),
  );
  const overheat = samples.pipe(
    mergeMap((taken) => taken.filter((s) => s.value > s.threshold)),
    map((s) => ({ sensor: s.name, value: s.value.toFixed(1), threshold: s.threshold.toFixed(1) })),
    share(),
  );
  const running = samples.subscribe();
  const started = Date.now();
  const uptime = observableLeaf(merge(of(0), interval(1000)).pipe(map(() => BigInt(Math.floor((Date.now() - started) / 1000))), takeUntil(stop)));

  // Live state through the stored configuration: each sensor's reading, and the uptime.
  app.serve('rxconf-demo', (_ctx, stored) =>
    wrapDeep(stored, (n) =>
      extendNode(n, {
        child: (base, r) => {
          if (r.meta.name === 'reading' && r.meta.module === module && !r.new && !r.delete) {
            const current = readings.value.get(String(r.selection.key?.[0]));
            return current === undefined ? undefined : reflectNode(current);
          }
          if (r.meta.name === 'uptime' && r.meta.module === module && !r.new && !r.delete) {
            return reflectNode({}, { fields: { seconds: uptime } });
          }
          return base.child?.(r);
        },
      })));

  app.operation('rxconf-demo:reset-counters', () => {
    const next = new Map([...readings.value].map(([k, v]) => [k, { ...v, samples: 0n }]));
    readings.next(next);
    return { reset: next.size };
  });

  app.operation('rxconf-demo:sensors/sensor/calibrate', ({ input, path }) => {
    const name = /name='([^']*)'/.exec(path)?.[1] ?? '';
    const offset = Number(input?.['offset']);
    offsets.set(name, offset);
    return { applied: offset.toFixed(1) };
  });

  app.notification('rxconf-demo:overheat', overheat);

  app.onClose(() => {
    stop.next(undefined);
    running.unsubscribe();
    uptime.close();
  });
};
