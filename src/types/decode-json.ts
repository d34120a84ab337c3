import type { TypeMeta } from '../meta/meta.ts';
import { codecFor } from './codec-for.ts';
import type { JsonDecodeOptions } from './options.ts';
import type { Result } from './value.ts';

/**
 * Decodes an RFC 7951 §6 JSON value (as parsed from JSON text) of the type
 * and checks every restriction. `options.strict` false accepts the
 * simplified forms (see `JsonDecodeOptions`).
 */
export const decodeJson = (type: TypeMeta, json: unknown, options: JsonDecodeOptions): Result =>
  codecFor(type.base).decodeJson(type, json, options);
