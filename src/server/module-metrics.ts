/**
 * The numeric state (config false) leaves of a served module as Prometheus
 * gauges, read through the module's nodes at scrape time: a leaf
 * `/sensors/sensor[name='cpu']/reading/value` of module `demo` becomes
 * `demo_sensors_sensor_reading_value{name="cpu"}`. Opt-in per module.
 */
import { defaultReadOptions, read, type Browser } from '../actors/index.ts';
import type { DataNodeMeta, LeafMeta, ListMeta, ModuleMeta, ContainerMeta } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { metricName, type Family, type Labels, type Sample } from './prometheus-text.ts';

const NUMERIC = new Set(['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'decimal64']);

type Holder = ModuleMeta | ContainerMeta | ListMeta;

const collect = (holder: Holder, json: Record<string, unknown>, prefix: string, labels: Labels, out: Map<string, Sample[]>): void => {
  for (const [name, value] of Object.entries(json)) {
    const meta = findDataChild(holder, undefined, name) as DataNodeMeta | undefined;
    if (meta === undefined) continue;
    const metric = `${prefix}_${metricName(name)}`;
    if (meta.kind === 'leaf') {
      const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
      if (!meta.config && NUMERIC.has(meta.type.base) && Number.isFinite(n)) push(out, metric, { labels, value: n });
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

const push = (out: Map<string, Sample[]>, name: string, s: Sample): void => {
  const list = out.get(name);
  if (list === undefined) out.set(name, [s]);
  else list.push(s);
};

/** Gauges of the module's numeric state leaves, as the nodes answer now. */
export const moduleFamilies = async (browser: Browser): Promise<Family[]> => {
  const body = await read([browser.root()], [], { ...defaultReadOptions, content: 'nonconfig', maxNodes: Number.MAX_SAFE_INTEGER });
  let text = body.kind === 'whole' ? body.text : body.first;
  if (body.kind === 'stream') for await (const chunk of body.rest) text += chunk;
  const json = JSON.parse(text) as Record<string, unknown>;
  const out = new Map<string, Sample[]>();
  collect(browser.module, json, metricName(browser.module.name), {}, out);
  return [...out].map(([name, samples]) => ({ name, help: `${browser.module.name} state leaf ${name}`, type: 'gauge', samples }));
};
