/**
 * The body of a POST that creates a resource (RFC 8040 §4.4.1): the new
 * child of the target as its only member — a container, one list entry (a
 * one-element array), a leaf, one leaf-list value, or anydata — and the
 * steps to it.
 */
import type { Browser, Device, FieldValue, TargetStep } from '../../../actors/index.ts';
import { DataContainer } from '../../../data/data-container.ts';
import { childPath, formatPath } from '../../../data/data-path.ts';
import type { DataNodeMeta, ModuleMeta } from '../../../meta/meta.ts';
import { dataChildren } from '../../../meta/navigate.ts';
import type { YangValue } from '../../../types/index.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { bodyError } from './body-error.ts';
import { decodeMember, type DecodeScope } from './decode-member.ts';
import { singleMember, type Member } from './single-member.ts';

export interface NewChild {
  readonly browser: Browser;
  readonly steps: readonly TargetStep[];
  readonly input: DataContainer | FieldValue;
}

const childrenOf = (parent: ResolvedTarget, device: Device): DataNodeMeta[] => {
  const meta = parent.meta;
  if (meta === undefined) return device.all.flatMap((b) => dataChildren(b.module.children));
  if (meta.kind === 'module' || meta.kind === 'container' || meta.kind === 'list') return dataChildren(meta.children);
  return [];
};

const pick = (member: Member, parent: ResolvedTarget, device: Device, at: string): DataNodeMeta => {
  const found = childrenOf(parent, device).filter((c) => c.name === member.name);
  const where = parent.meta === undefined ? 'the datastore' : `${parent.meta.kind} "${parent.meta.name}"`;
  if (member.module !== undefined) {
    const hit = found.find((c) => c.module.name === member.module);
    if (hit !== undefined) return hit;
    if (found.length > 0) throw bodyError('unknown-namespace', `"${member.label}": "${member.name}" is in module ${found.map((c) => c.module.name).join(', ')}, not ${member.module}`, at);
    throw bodyError('unknown-element', `${where} has no data node "${member.label}"`, at);
  }
  const parentModule: ModuleMeta | undefined = parent.meta === undefined ? undefined : parent.meta.kind === 'module' ? parent.meta : parent.meta.module;
  const own = found.find((c) => c.module === parentModule);
  if (own !== undefined) return own;
  const [only] = found;
  if (only === undefined) throw bodyError('unknown-element', `${where} has no data node "${member.name}"`, at);
  if (found.length > 1) throw bodyError('bad-element', `"${member.name}" is ambiguous in ${where}: qualify it with its module`, at);
  return only;
};

export const decodeChildBody = (json: unknown, parent: ResolvedTarget, device: Device, scope: DecodeScope): NewChild => {
  const at = formatPath(parent.path);
  const member = singleMember(json, 'the new resource', at);
  const child = pick(member, parent, device, at);
  const browser = parent.browser ?? device.browser(child.module.name);
  if (browser === undefined) throw bodyError('unknown-namespace', `module ${child.module.name} is not served here`, at);
  const path = childPath(parent.path, child);
  const input = decodeMember(child, member.value, path, scope);
  let step: TargetStep;
  if (child.kind === 'list') {
    const entry = input as DataContainer;
    step = { meta: child, key: child.keys.map((k) => entry.get(k) as YangValue) };
  } else if (child.kind === 'leaf-list') {
    const values = input as readonly YangValue[];
    if (values.length !== 1) throw bodyError('invalid-value', `a POST creates one leaf-list entry; "${child.name}" holds ${values.length} values`, formatPath(path));
    step = { meta: child, value: values[0] as YangValue };
  } else {
    step = { meta: child } as TargetStep;
  }
  return { browser, steps: [...parent.steps, step], input };
};
