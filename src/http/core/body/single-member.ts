/**
 * The one member of a PUT, PATCH or POST body (RFC 8040 §4.4-4.6: the
 * target, or the new child, as a member named after it). The name may be
 * plain or module-qualified in both modes (the spec's Versioning rule 4).
 */
import { bodyError } from './body-error.ts';

export interface Member {
  readonly module: string | undefined;
  readonly name: string;
  /** As written. */
  readonly label: string;
  readonly value: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const singleMember = (json: unknown, what: string, at: string | undefined): Member => {
  if (!isObject(json)) throw bodyError('invalid-value', `the body must be a JSON object holding ${what}`, at);
  const names = Object.keys(json);
  const [label] = names;
  if (label === undefined || names.length !== 1) {
    throw bodyError('invalid-value', `the body must hold ${what} as its only member; it has ${names.length === 0 ? 'none' : names.map((n) => `"${n}"`).join(', ')}`, at);
  }
  const colon = label.indexOf(':');
  return { module: colon < 0 ? undefined : label.slice(0, colon), name: colon < 0 ? label : label.slice(colon + 1), label, value: json[label] };
};

/** Checks that the member names `meta`: its name, and its module when qualified (a wrong qualifier is unknown-namespace). */
export const expectMember = (m: Member, meta: { readonly name: string; readonly module: { readonly name: string } }, at: string | undefined): void => {
  if (m.name !== meta.name) throw bodyError('unknown-element', `the body must hold "${meta.name}" (the target), not "${m.label}"`, at);
  if (m.module !== undefined && m.module !== meta.module.name) {
    throw bodyError('unknown-namespace', `"${m.label}": "${meta.name}" is in module ${meta.module.name}, not ${m.module}`, at);
  }
};
