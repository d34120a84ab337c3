/**
 * Data paths in journal records, relative to a module's root: node names
 * (prefixed `module:` where the namespace changes, as RFC 7951 member names
 * are), each list entry followed by the array of its key values:
 * `["interfaces","interface",["eth0"],"mtu"]`.
 */
import type { DataPath, PathSegment } from '../data/data-path.ts';
import type { DataNodeMeta, ModuleMeta } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import type { YangValue } from '../types/value.ts';
import { decodeYangValue, encodeYangValue } from './record-value.ts';

/**
 * The record form of `path` as JSON text (what JSON.stringify writes for
 * the array of names and keys: built as text, once per committed edit);
 * undefined when a step cannot be named (an entry of a list without keys).
 */
export const encodeRecordPath = (path: DataPath, module: ModuleMeta): string | undefined => {
  const segments = path.segments;
  const last = segments[segments.length - 1]?.meta as DataNodeMeta | undefined;
  if (last === undefined || segments.some((s) => s.key !== undefined)) return writePath(path, module);
  // without keys, the text depends on the schema nodes alone: the same for every edit of that node
  let text = keyless.get(last);
  if (text === undefined) {
    text = writePath(path, module);
    if (text !== undefined) keyless.set(last, text);
  }
  return text;
};

/** The record path of a node reached without list keys, by the node (its ancestors are its schema parents). */
const keyless = new WeakMap<DataNodeMeta, string>();

const writePath = (path: DataPath, module: ModuleMeta): string | undefined => {
  let out = '[';
  let prev = module;
  const last = path.segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const s = path.segments[i] as PathSegment;
    const m = s.meta as DataNodeMeta;
    if (i > 0) out += ',';
    out += JSON.stringify(qualifiedName(m, prev));
    prev = m.module;
    if (s.key !== undefined && m.kind === 'list') out += `,${JSON.stringify(s.key.map(encodeYangValue))}`;
    else if (m.kind === 'list' && i < last) return undefined;
  }
  return `${out}]`;
};

/** A DataPath from its record form, or a message saying what does not resolve. */
export const decodeRecordPath = (json: unknown, module: ModuleMeta): DataPath | string => {
  if (!Array.isArray(json)) return 'a path must be an array';
  const segments: PathSegment[] = [];
  let holder: ModuleMeta | DataNodeMeta = module;
  let prev = module.name;
  for (let i = 0; i < json.length; i++) {
    const step: unknown = json[i];
    if (typeof step !== 'string') return `step ${i} is not a name`;
    const colon = step.indexOf(':');
    const mod = colon < 0 ? prev : step.slice(0, colon);
    const name = colon < 0 ? step : step.slice(colon + 1);
    if (!('children' in holder)) return `${holder.name} has no child ${step}`;
    const meta = findDataChild(holder as { children: ModuleMeta['children'] }, mod, name);
    if (meta === undefined) return `no data node ${mod}:${name} under ${holder.name}`;
    prev = mod;
    holder = meta;
    const next: unknown = json[i + 1];
    if (meta.kind === 'list' && Array.isArray(next)) {
      const key: YangValue[] = [];
      for (const k of next) {
        const v = decodeYangValue(k);
        if (v === undefined) return `a key of ${name} is not a value`;
        key.push(v);
      }
      if (key.length !== meta.keys.length) return `${name} has ${meta.keys.length} keys, the path gives ${key.length}`;
      segments.push({ meta, key });
      i += 1;
    } else {
      segments.push({ meta });
    }
  }
  return { segments };
};
