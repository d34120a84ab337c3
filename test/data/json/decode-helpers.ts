/** Shorthands for the decode tests: dx-data documents and their errors as [tag, path] pairs. */
import type { DataContainer } from '../../../src/data/data-container.ts';
import { decodeData, decodeDatastore, type DecodeOptions, type DecodeResult } from '../../../src/data/json/index.ts';
import type { RestconfError } from '../../../src/errors/index.ts';
import { dxSchema, moduleOf } from './fixtures.ts';

export const schema = dxSchema();
export const dx = moduleOf(schema, 'dx-data');
export const da = moduleOf(schema, 'dx-augment');

export type Problem = readonly [tag: string, path: string | undefined];

export const problems = (r: DecodeResult<unknown>): Problem[] => (r.ok ? [] : r.errors.map((e) => [e.tag, e.path] as const));

export const errorsOf = (r: DecodeResult<unknown>): readonly RestconfError[] => (r.ok ? [] : r.errors);

type Mode = Partial<Omit<DecodeOptions, 'schema'>>;

/** Decodes a document of dx-data's top level (strict, config, unless told). */
export const decodeDx = (json: unknown, mode: Mode = {}): DecodeResult<DataContainer> =>
  decodeData(json, dx, { strict: true, content: 'config', schema, ...mode });

/** Decodes `{"dx-data:top": top}` (strict, config, unless told). */
export const decodeTop = (top: Record<string, unknown>, mode: Mode = {}): DecodeResult<DataContainer> =>
  decodeDx({ 'dx-data:top': top }, mode);

export const decodeStore = (json: unknown, mode: Mode = {}): DecodeResult<Map<string, DataContainer>> =>
  decodeDatastore(json, schema, { strict: true, content: 'config', ...mode });

/** The decoded tree, or an exception naming the errors. */
export const valueOf = <T>(r: DecodeResult<T>): T => {
  if (!r.ok) throw new Error(r.errors.map((e) => `${e.tag} ${e.path ?? ''}: ${e.message}`).join('\n'));
  return r.value;
};
