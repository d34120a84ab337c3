/**
 * The numeric state (config false) leaves of a served module as Prometheus
 * metrics, read through the module's nodes at scrape time: a leaf
 * `/sensors/sensor[name='cpu']/reading/value` of module `demo` becomes
 * `demo_sensors_sensor_reading_value{name="cpu"}`. Leaves typed as
 * ietf-yang-types counters (`counter32`, `counter64` and their zero-based
 * forms) are counters named with `_total`; the others gauges. HELP is the
 * leaf's YANG description. Opt-in per module.
 */
import { defaultReadOptions, read, type Browser, type RequestContext } from '../actors/index.ts';
import type { DataNodeMeta, LeafMeta, ListMeta, ModuleMeta, ContainerMeta } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { metricName, type Family, type Labels, type Sample } from './prometheus-text.ts';

const NUMERIC = new Set(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'decimal64']);

type Holder = ModuleMeta | ContainerMeta | ListMeta;

const COUNTERS = new Set(['counter32', 'counter64', 'zero-based-counter32', 'zero-based-counter64']);

/** Whether the leaf is typed as one of ietf-yang-types' counters. */
const isCounter = (leaf: LeafMeta): boolean => leaf.type.typedef?.module === 'ietf-yang-types' && COUNTERS.has(leaf.type.typedef.name);

interface Collected {
  readonly leaf: LeafMeta;
  readonly samples: Sample[];
}

const collect = (holder: Holder, json: Record<string, unknown>, prefix: string, labels: Labels, out: Map<string, Collected>): void => {
  for (const [name, value] of Object.entries(json)) {
    const meta = findDataChild(holder, undefined, name) as DataNodeMeta | undefined;
    if (meta === undefined) continue;
    const metric = `${prefix}_${metricName(name)}`;
    if (meta.kind === 'leaf') {
      const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
      if (!meta.config && NUMERIC.has(meta.type.base) && Number.isFinite(n)) push(out, isCounter(meta) && !metric.endsWith('_total') ? `${metric}_total` : metric, meta, { labels, value: n });
    } else if (meta.kind === 'container' && typeof value === 'object' && value !== null) {
      collect(meta, value as Record<string, unknown>, metric, labels, out);
    } else if (meta.kind === 'list' && Array.isArray(value)) {
      for (const entry of value as Record<string, unknown>[]) {
        const keyed: Record<string, string> = { ...labels };
        for (const k of meta.keys) keyed[labelName(k, keyed)] = String(entry[k.name] ?? '');
        collect(meta, entry, metric, keyed, out);
      }
    }
  }
};

const labelName = (key: LeafMeta, taken: Record<string, string>): string => {
  const base = metricName(key.name);
  let name = base;
  for (let i = 2; name in taken; i += 1) name = `${base}_${i}`;
  return name;
};

const push = (out: Map<string, Collected>, name: string, leaf: LeafMeta, s: Sample): void => {
  const known = out.get(name);
  if (known === undefined) out.set(name, { leaf, samples: [s] });
  else known.samples.push(s);
};

/** The leaf's description on one line, or where it is when it has none. */
const helpOf = (module: string, name: string, leaf: LeafMeta): string =>
  leaf.description?.replace(/\s+/g, ' ').trim() || `${module} state leaf ${name}`;

/** The module's numeric state leaves as counters and gauges, as the nodes answer now. */
export const moduleFamilies = async (browser: Browser, context?: RequestContext): Promise<Family[]> => {
  const body = await read([browser.root(context)], [], { ...defaultReadOptions, content: 'nonconfig', maxNodes: Number.MAX_SAFE_INTEGER });
  let text = body.kind === 'whole' ? body.text : body.first;
  if (body.kind === 'stream') for await (const chunk of body.rest) text += chunk;
  const json = JSON.parse(text) as Record<string, unknown>;
  const out = new Map<string, Collected>();
  collect(browser.module, json, metricName(browser.module.name), {}, out);
  return [...out].map(([name, { leaf, samples }]) => ({ name, help: helpOf(browser.module.name, name, leaf), type: isCounter(leaf) ? 'counter' : 'gauge', samples }));
};
