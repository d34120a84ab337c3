/**
 * reflect: a node over an application's own objects, read and write.
 *
 * | YANG | JavaScript |
 * |---|---|
 * | container, list entry, module root, notification | an object (plain or a class instance) |
 * | member names | the YANG name, else its camelCase (`host-name` or `hostName`) |
 * | list | an array of entry objects, or (one key) a Map from key value to entry object |
 * | leaf-list | an array of values |
 * | leaf | number, bigint, string, boolean, or null for `empty` (see application-value.ts) |
 * | anydata, anyxml | any JSON-like value |
 *
 * Values are checked against their type when read, so a bad value is an
 * error naming its path. Edits change the objects in place: a created
 * container or entry is a new plain object, a created list a new array,
 * a removed member a deleted property. Names are not module-qualified,
 * except where an augment adds a node under a name its parent already has
 * (see member-name.ts).
 */
import type { DataPath } from '../../data/data-path.ts';
import type { LeafMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import type { Answer } from '../../base/answer.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { Node } from '../node.ts';
import type { ChildRequest, FieldRequest, NotifyRequest } from '../requests.ts';
import { throwError, type Observable } from 'rxjs';
import { fromApplication, identitiesOf, toApplication, type FieldMeta } from './application-value.ts';
import { mapAnswer } from './map-answer.ts';
import { badApplicationData, describeValue, notSupported } from './node-errors.ts';
import { memberName } from './member-name.ts';
import { findProperty, getProperty, isRecord, removeProperty, setProperty } from './object-property.ts';
import { overrideFor } from './override-for.ts';
import type { ReflectOptions } from './reflect-options.ts';
import { ReflectListNode, type KeyedEntry } from './reflect-list.ts';

export class ReflectNode implements KeyedEntry {
  constructor(
    readonly target: object,
    readonly options: ReflectOptions = {},
    /** The entry's key when it sits in a Map (the Map key stands for the key leaf). */
    private readonly mapKey?: YangValue,
  ) {}

  child(r: ChildRequest): Answer<Node | undefined> {
    const o = overrideFor(this.options.children, r.meta);
    if (o !== undefined) return o.child(this.target, r);
    if (r.delete) {
      removeProperty(this.target, memberName(r.meta));
      return undefined;
    }
    const value = this.raw(memberName(r.meta));
    if ((value === undefined || value === null) && r.new) {
      const made = r.meta.kind === 'list' ? [] : {};
      setProperty(this.target, memberName(r.meta), made, this.options.propertyNames);
      return reflectChild(made, r, this.options);
    }
    return reflectChild(value, r, this.options);
  }

  field(r: FieldRequest): Answer<FieldValue | undefined> {
    const o = overrideFor(this.options.fields, r.meta);
    if (r.write) {
      if (o?.set !== undefined) return mapAnswer(o.set(this.target, r.value, r), () => undefined);
      this.write(r.meta, r.value);
      return undefined;
    }
    const identity = identitiesOf(r.selection?.browser.schema);
    if (o?.get !== undefined) return mapAnswer(o.get(this.target, r), (raw) => fromApplication(r.meta, raw, r.path, identity));
    return fromApplication(r.meta, this.fieldRaw(r.meta), r.path, identity);
  }

  notify(r: NotifyRequest): Observable<Node> {
    const source = overrideFor(this.options.notifications, r.meta);
    if (source?.notify === undefined) return throwError(() => notSupported(r.path, `notification "${r.meta.name}"`));
    return source.notify(r);
  }

  peek(): object {
    return this.target;
  }

  keyValue(leaf: LeafMeta, path: DataPath): YangValue | undefined {
    return fromApplication(leaf, this.fieldRaw(leaf), path) as YangValue | undefined;
  }

  private raw(name: string): unknown {
    const p = findProperty(this.target, name);
    return p === undefined ? undefined : getProperty(this.target, p);
  }

  /** A field's raw value; a Map entry's key leaf is the Map key unless the object holds it too. */
  private fieldRaw(meta: FieldMeta): unknown {
    const v = this.raw(memberName(meta));
    return v === undefined && this.mapKey !== undefined && meta.kind === 'leaf' && meta.isKey ? this.mapKey : v;
  }

  private write(meta: FieldMeta, value: FieldValue | undefined): void {
    if (value === undefined) {
      removeProperty(this.target, memberName(meta));
      return;
    }
    const current = this.raw(memberName(meta));
    if (current === undefined && this.mapKey !== undefined && meta.kind === 'leaf' && meta.isKey) return;
    const v = toApplication(meta, value, current);
    if (meta.kind === 'leaf-list' && Array.isArray(current) && !Object.isFrozen(current)) {
      current.length = 0;
      for (const x of v as unknown[]) current.push(x);
      return;
    }
    setProperty(this.target, memberName(meta), v, this.options.propertyNames);
  }
}

/**
 * The node for a container or list's value: an object for a container, an
 * array or Map for a list (an empty one reads as absent). Undefined when the
 * value is absent. For ChildOverride implementations that find the value
 * elsewhere.
 */
export const reflectChild = (value: unknown, r: ChildRequest, options: ReflectOptions = {}): Node | undefined => {
  if (value === undefined || value === null) return undefined;
  if (r.meta.kind === 'container') {
    if (!isRecord(value)) throw badApplicationData(r.path, `a container needs an object, got ${describeValue(value)}`);
    return new ReflectNode(value, options);
  }
  if (!Array.isArray(value) && !(value instanceof Map)) throw badApplicationData(r.path, `a list needs an array or a Map, got ${describeValue(value)}`);
  if (!r.new && (Array.isArray(value) ? value.length : value.size) === 0) return undefined;
  return new ReflectListNode(value as unknown[] | Map<unknown, unknown>, (obj, mapKey) => new ReflectNode(obj, options, mapKey), options.propertyNames ?? 'yang');
};

/** A node over `target` (the module root's object, or any container's). */
export const reflectNode = (target: object, options: ReflectOptions = {}): Node => {
  if (!isRecord(target)) throw new TypeError(`reflectNode needs an object, got ${describeValue(target)}`);
  return new ReflectNode(target, options);
};
