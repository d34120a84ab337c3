/** Structural comparison of data trees, naming the first difference (for property tests). */
import { isDeepStrictEqual } from 'node:util';
import type { AnyValue, DataContainer, DataValue } from '../../../src/data/data-container.ts';
import type { DataNodeMeta } from '../../../src/meta/meta.ts';
import type { YangValue } from '../../../src/types/index.ts';

const show = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

const sameYang = (a: YangValue, b: YangValue): boolean =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;

function diffValue(node: DataNodeMeta, a: DataValue, b: DataValue, at: string): string | undefined {
  switch (node.kind) {
    case 'container': return treeDiff(a as DataContainer, b as DataContainer, at);
    case 'list': {
      const x = a as readonly DataContainer[];
      const y = b as readonly DataContainer[];
      if (x.length !== y.length) return `${at}: ${x.length} entries vs ${y.length}`;
      for (let i = 0; i < x.length; i++) {
        const d = treeDiff(x[i] as DataContainer, y[i] as DataContainer, `${at}[${i}]`);
        if (d !== undefined) return d;
      }
      return undefined;
    }
    case 'leaf-list': {
      const x = a as readonly YangValue[];
      const y = b as readonly YangValue[];
      return x.length === y.length && x.every((v, i) => sameYang(v, y[i] as YangValue)) ? undefined : `${at}: ${show(x)} vs ${show(y)}`;
    }
    case 'leaf':
      return sameYang(a as YangValue, b as YangValue) ? undefined : `${at}: ${show(a)} vs ${show(b)}`;
    default:
      return isDeepStrictEqual((a as AnyValue).any, (b as AnyValue).any) ? undefined : `${at}: ${show(a)} vs ${show(b)}`;
  }
}

/** Undefined when equal (same holder, same nodes, equal values; map order ignored). */
export function treeDiff(a: DataContainer, b: DataContainer, at = ''): string | undefined {
  if (a.meta !== b.meta) return `${at}: different holders`;
  for (const [node, value] of a.values) {
    const other = b.get(node);
    if (other === undefined) return `${at}/${node.name}: missing on the right`;
    const d = diffValue(node, value, other, `${at}/${node.name}`);
    if (d !== undefined) return d;
  }
  for (const node of b.values.keys()) if (a.get(node) === undefined) return `${at}/${node.name}: missing on the left`;
  return undefined;
}
