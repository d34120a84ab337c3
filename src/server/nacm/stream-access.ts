/**
 * NACM on event streams. A subscriber may open a notification's stream only
 * with read access to it; what it receives is read through its access
 * rights, so leaves it may not read are left out of each event. Change
 * streams carry only changes to data the user may read, and the written
 * value only where the user may read all of it. Subscribers whose rights
 * make the same events are one access class: they share the source, the
 * reading and the encoding of each event (the hub's key holds the class).
 */
import { filter, map, type Observable } from 'rxjs';
import type { ChangeEvent } from '../../actors/change-event.ts';
import type { DataPath, PathSegment } from '../../data/data-path.ts';
import type { ModuleMeta, SchemaContext, SchemaNode } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import type { AccessRights } from './access-rights.ts';
import { parseRulePath } from './rule-path.ts';

export interface StreamAccess {
  /** False when the user may not read the notification at all. */
  readonly allowed: boolean;
  /** Appended to the hub key: '' for users who may read everything in it. */
  readonly classKey: string;
}

/** Where a change's target (an RFC 7951 instance-identifier) is, in the schema and as a data path. */
export const resolveTarget = (schema: SchemaContext, target: string): { meta: SchemaNode; path: DataPath } | undefined => {
  const steps = parseRulePath(target);
  if (typeof steps === 'string' || steps.length === 0) return undefined;
  let holder: ModuleMeta | SchemaNode | undefined;
  let module: string | undefined;
  const segments: PathSegment[] = [];
  for (const step of steps) {
    module = step.module ?? module;
    holder = holder === undefined ? schema.modules.get(module ?? '') : holder;
    if (holder === undefined) return undefined;
    const meta = findDataChild(holder as never, step.module, step.name) as SchemaNode | undefined;
    if (meta === undefined) return undefined;
    const key = meta.kind === 'list' ? meta.keys.map((k) => step.keys.get(k.name) ?? '') : undefined;
    segments.push(key === undefined || step.keys.size === 0 ? { meta: meta as PathSegment['meta'] } : { meta: meta as PathSegment['meta'], key });
    holder = meta;
  }
  return holder === undefined || holder.kind === 'module' ? undefined : { meta: holder, path: { segments } };
};

export const notificationAccess = (rights: AccessRights, meta: SchemaNode, path: DataPath): StreamAccess => {
  if (!rights.allows('read', meta, path)) return { allowed: false, classKey: '' };
  return { allowed: true, classKey: classOf(rights.readSignature(meta)) };
};

const classOf = (signature: string): string => (signature === '' ? '' : `#${signature}`);

/** The module's changes as this user may see them. */
export const changesFor = (rights: AccessRights, schema: SchemaContext, module: ModuleMeta) => (changes: Observable<ChangeEvent>): { events: Observable<ChangeEvent>; classKey: string } => {
  if (rights.unrestricted || rights.readSignature(module) === '') return { events: changes, classKey: '' };
  const seen = (ev: ChangeEvent): ChangeEvent | undefined => {
    const at = resolveTarget(schema, ev.target);
    if (at === undefined || !rights.allows('read', at.meta, at.path)) return undefined;
    if (ev.value === undefined || rights.readableBelow(at.meta, at.path)) return ev;
    const { value: _hidden, ...rest } = ev;
    return rest;
  };
  return {
    events: changes.pipe(map(seen), filter((ev): ev is ChangeEvent => ev !== undefined)),
    classKey: classOf(rights.readSignature(module)),
  };
};
