/**
 * The two compliance modes a document describes, each with its media type:
 * strict (`application/yang-data+json`, RFC 7951 names, `ietf-restconf:`
 * wrappers) and plain (`application/json`, bare names where unambiguous,
 * bare wrappers). Every request and answer body is documented in both.
 */
import type { JsonSchema } from './json-schema.ts';

export type BodyMode = 'strict' | 'plain';

export const BODY_MODES: readonly BodyMode[] = ['plain', 'strict'];

export const MEDIA_TYPE: Readonly<Record<BodyMode, string>> = { strict: 'application/yang-data+json', plain: 'application/json' };

/** An OpenAPI `content` map: each mode's media type with the schema `schema(mode)`. */
export const modalContent = (schema: (mode: BodyMode) => JsonSchema): JsonSchema =>
  Object.fromEntries(BODY_MODES.map((mode) => [MEDIA_TYPE[mode], { schema: schema(mode) }]));

/** A request or answer body in both modes. */
export const modalBody = (description: string, schema: (mode: BodyMode) => JsonSchema): JsonSchema => ({ description, content: modalContent(schema) });
