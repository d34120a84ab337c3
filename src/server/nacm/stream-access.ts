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
import type { DataPath } from '../../data/data-path.ts';
import type { ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import type { AccessRights } from './access-rights.ts';

export interface StreamAccess {
  /** False when the user may not read the notification at all. */
  readonly allowed: boolean;
  /** Appended to the hub key: '' for users who may read everything in it. */
  readonly classKey: string;
}

export const notificationAccess = (rights: AccessRights, meta: SchemaNode, path: DataPath): StreamAccess => {
  if (!rights.allows('read', meta, path)) return { allowed: false, classKey: '' };
  return { allowed: true, classKey: classOf(rights.readSignature(meta)) };
};

const classOf = (signature: string): string => (signature === '' ? '' : `#${signature}`);

/** The module's changes as this user may see them. */
export const changesFor = (rights: AccessRights, module: ModuleMeta) => (changes: Observable<ChangeEvent>): { events: Observable<ChangeEvent>; classKey: string } => {
  if (rights.unrestricted || rights.readSignature(module) === '') return { events: changes, classKey: '' };
  const seen = (ev: ChangeEvent): ChangeEvent | undefined => {
    const at = ev.path.segments[ev.path.segments.length - 1];
    if (at === undefined || !rights.allows('read', at.meta as SchemaNode, ev.path)) return undefined;
    if (ev.value === undefined || rights.readableBelow(at.meta as SchemaNode, ev.path)) return ev;
    const { value: _hidden, plainValue: _alsoHidden, ...rest } = ev;
    return rest;
  };
  return {
    events: changes.pipe(map(seen), filter((ev): ev is ChangeEvent => ev !== undefined)),
    classKey: classOf(rights.readSignature(module)),
  };
};
