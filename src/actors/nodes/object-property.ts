/**
 * Properties of application objects, by YANG name: the exact name first,
 * then its camelCase (`host-name` → `hostName`). Only the object's own
 * properties and those of its own prototypes count (a getter on a class),
 * never Object.prototype's, so a leaf named `constructor` or `__proto__` is
 * an ordinary property. New properties are defined, not assigned, for the
 * same reason.
 */

export type PropertyNames = 'yang' | 'camelCase';

const camelCache = new Map<string, string>();

/** `host-name` → `hostName`, `a.b` → `aB`. */
export const camelCase = (name: string): string => {
  let c = camelCache.get(name);
  if (c === undefined) {
    c = name.replace(/[-.]+([A-Za-z0-9])/g, (_m, ch: string) => ch.toUpperCase());
    camelCache.set(name, c);
  }
  return c;
};

const has = (obj: object, p: string): boolean => Object.hasOwn(obj, p) || (p in obj && !(p in Object.prototype));

/** The property holding `name` in `obj`, or undefined when there is none. */
export const findProperty = (obj: object, name: string): string | undefined => {
  if (has(obj, name)) return name;
  const camel = camelCase(name);
  return camel !== name && has(obj, camel) ? camel : undefined;
};

export const getProperty = (obj: object, p: string): unknown => (obj as Record<string, unknown>)[p];

/** Sets `name` (where it is, else as a new property named by `names`). */
export const setProperty = (obj: object, name: string, value: unknown, names: PropertyNames = 'yang'): void => {
  const p = findProperty(obj, name);
  if (p !== undefined) {
    (obj as Record<string, unknown>)[p] = value;
    return;
  }
  Object.defineProperty(obj, names === 'camelCase' ? camelCase(name) : name, { value, writable: true, enumerable: true, configurable: true });
};

/** Removes `name`: deletes an own data property, sets an accessor to undefined. */
export const removeProperty = (obj: object, name: string): void => {
  const p = findProperty(obj, name);
  if (p === undefined) return;
  const own = Object.getOwnPropertyDescriptor(obj, p);
  if (own !== undefined && 'value' in own) delete (obj as Record<string, unknown>)[p];
  else (obj as Record<string, unknown>)[p] = undefined;
};

/** A plain object or class instance that can stand for a container or list entry. */
export const isRecord = (v: unknown): v is object =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof Set);
