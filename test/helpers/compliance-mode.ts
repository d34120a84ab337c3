/**
 * What a test sends and expects in each compliance mode: the headers that
 * select it, and the shape of top-level members, the datastore document and
 * operation input and output for module `module` (qualified and wrapped in
 * strict mode, bare in plain).
 */
type Json = Record<string, unknown>;

export type Mode = 'plain' | 'strict';

export interface Modal {
  readonly mode: Mode;
  readonly send: Readonly<Record<string, string>>;
  readonly get: Readonly<Record<string, string>>;
  /** A top-level member: `{"module:name": v}` strict, `{"name": v}` plain. */
  readonly top: (name: string, value: unknown) => Json;
  /** The datastore document's wrapper. */
  readonly data: (members: Json) => Json;
  /** An rpc or action body: wrapped in `<module>:input` strict, bare plain. */
  readonly input: (members: Json) => Json;
  /** An rpc or action answer: wrapped in `<module>:output` strict, bare plain. */
  readonly output: (members: Json) => Json;
}

export const modal = (mode: Mode, module: string): Modal => {
  const strict = mode === 'strict';
  return {
    mode,
    send: strict ? { 'content-type': 'application/yang-data+json', accept: 'application/yang-data+json' } : { 'content-type': 'application/json' },
    get: strict ? { accept: 'application/yang-data+json' } : {},
    top: (name, value) => ({ [strict ? `${module}:${name}` : name]: value }),
    data: (members) => ({ [strict ? 'ietf-restconf:data' : 'data']: members }),
    input: (members) => (strict ? { [`${module}:input`]: members } : members),
    output: (members) => (strict ? { [`${module}:output`]: members } : members),
  };
};
