/**
 * The members of a DataContainer as JSON object members, in schema order
 * (list keys first, as libyang prints them), values through the type codecs'
 * encodeJson.
 */
import type { DataDef, DataNodeMeta, ModuleMeta } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import { encodeJson, type IdentityLookup, type JsonEncodeOptions, type YangValue } from '../../types/index.ts';
import type { AnyValue, DataContainer, DataValue, HolderMeta } from '../data-container.ts';
import type { EncodeOptions } from './encode-options.ts';
import { memberLabel } from './member-label.ts';
import { holderIndex, type NameIndex } from './name-index.ts';

const orders = new WeakMap<readonly DataDef[], readonly DataNodeMeta[]>();

/** A holder's data nodes in the order they are written. */
export const memberOrder = (holder: HolderMeta): readonly DataNodeMeta[] => {
  let order = orders.get(holder.children);
  if (order === undefined) {
    const nodes = dataChildren(holder.children);
    order = holder.kind === 'list' ? [...holder.keys, ...nodes.filter((n) => !holder.keys.includes(n as never))] : nodes;
    orders.set(holder.children, order);
  }
  return order;
};

/** Sets a member without touching the prototype (`__proto__` is a valid YANG identifier). */
const define = (out: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
};

const identityOf = (options: EncodeOptions): IdentityLookup | undefined => {
  const schema = options.schema;
  return schema === undefined ? undefined : (module, name) => schema.modules.get(module)?.identities.get(name);
};

export function encodeValue(node: DataNodeMeta, value: DataValue, options: EncodeOptions): unknown {
  if (node.kind === 'leaf' || node.kind === 'leaf-list') {
    const identity = identityOf(options);
    const valueOptions: JsonEncodeOptions = identity === undefined
      ? { strict: options.strict, leafModule: node.module.name }
      : { strict: options.strict, leafModule: node.module.name, identity };
    if (node.kind === 'leaf') return encodeJson(node.type, value as YangValue, valueOptions);
    return (value as readonly YangValue[]).map((v) => encodeJson(node.type, v, valueOptions));
  }
  if (node.kind === 'container') return encodeContainer(value as DataContainer, options);
  if (node.kind === 'list') return (value as readonly DataContainer[]).map((entry) => encodeContainer(entry, options));
  return (value as AnyValue).any;
}

/** Writes `container`'s members into `out`; `parentModule` undefined for a top level. */
export function encodeMembers(
  out: Record<string, unknown>, container: DataContainer, parentModule: ModuleMeta | undefined, index: NameIndex, options: EncodeOptions,
): void {
  for (const node of memberOrder(container.meta)) {
    const value = container.get(node);
    if (value !== undefined) define(out, memberLabel(node, parentModule, options.strict, index), encodeValue(node, value, options));
  }
}

/** The JSON object of a container, list entry, input/output or notification (or a module's top level). */
export function encodeContainer(container: DataContainer, options: EncodeOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const holder = container.meta;
  encodeMembers(out, container, holder.kind === 'module' ? undefined : holder.module, holderIndex(holder), options);
  return out;
}
