/**
 * The body of a PUT or PATCH of the datastore (RFC 8040 §4.5, §4.6.1; B.2.3,
 * B.2.4): top-level members of any served modules, wrapped in
 * `ietf-restconf:data` (or, simplified, `data`) or not → a tree per module.
 */
import type { Device } from '../../../actors/index.ts';
import type { DataContainer } from '../../../data/data-container.ts';
import { decodeDatastore } from '../../../data/json/index.ts';
import { RestconfFailure } from '../../../errors/index.ts';
import { dataChildren } from '../../../meta/navigate.ts';
import { bodyError } from './body-error.ts';
import type { DecodeScope } from './decode-member.ts';

const unwrap = (json: unknown, device: Device): unknown => {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const names = Object.keys(json);
  if (names.length !== 1) return json;
  const [name] = names;
  const isWrapper = name === 'ietf-restconf:data'
    || (name === 'data' && !device.all.some((b) => dataChildren(b.module.children).some((c) => c.name === 'data')));
  return isWrapper ? (json as Record<string, unknown>)[name as string] : json;
};

export const decodeDatastoreBody = (json: unknown, device: Device, scope: DecodeScope): ReadonlyMap<string, DataContainer> => {
  const r = decodeDatastore(unwrap(json, device), scope.schema, { strict: scope.strict, content: 'config', numbers: scope.numbers });
  if (!r.ok) throw new RestconfFailure(r.errors);
  for (const name of r.value.keys()) {
    if (device.browser(name) === undefined) throw bodyError('unknown-namespace', `module ${name} is not served here`);
  }
  return r.value;
};
