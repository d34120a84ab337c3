/**
 * The body of an error answer (RFC 8040 §7.1) in each mode — strict
 * `{"ietf-restconf:errors": …}`, plain `{"errors": …}` — as schema
 * components, and one response component per status an error can have,
 * each naming the error-tags that give it (the tag decides the status).
 */
import { MEDIA_TYPE, type BodyMode } from './body-mode.ts';
import type { JsonSchema } from './json-schema.ts';

const ERROR_LIST: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['error-type', 'error-tag'],
        properties: {
          'error-type': { type: 'string', enum: ['transport', 'rpc', 'protocol', 'application'] },
          'error-tag': { type: 'string', description: 'The RFC 6241 Appendix A tag; it decides the status.' },
          'error-app-tag': { type: 'string' },
          'error-path': { type: 'string', description: 'RFC 7951 instance-identifier of the data concerned.' },
          'error-message': { type: 'string' },
          'error-info': { type: 'object' },
        },
      },
    },
  },
};

const wrapper = (mode: BodyMode): string => (mode === 'strict' ? 'ietf-restconf:errors' : 'errors');

/** The component name of the errors schema of a mode. */
const schemaName = (mode: BodyMode): string => (mode === 'strict' ? 'ietf-restconf.errors' : 'errors.plain');

export const ERRORS_SCHEMAS: Readonly<Record<string, JsonSchema>> = Object.fromEntries((['strict', 'plain'] as const).map((mode) => [
  schemaName(mode),
  { type: 'object', required: [wrapper(mode)], properties: { [wrapper(mode)]: ERROR_LIST } },
]));

/** The statuses an error answer may have, with the tags that give each. */
const STATUSES: Readonly<Record<number, string>> = {
  400: 'A bad request: the path, a query parameter or the body (invalid-value, unknown-element, unknown-namespace, bad-element, bad-attribute, missing-attribute, malformed-message, too-big).',
  401: 'No or wrong credentials (access-denied); the answer carries a WWW-Authenticate challenge.',
  403: 'Not permitted (access-denied): access control, or a Host or Origin this server does not accept.',
  404: 'No such instance (invalid-value); also what a reader gets for data access control hides.',
  406: 'The Accept header admits neither application/json nor application/yang-data+json.',
  409: 'The data does not allow it (data-exists, data-missing, in-use, lock-denied, resource-denied, and failed constraints).',
  415: 'The body is not application/json or application/yang-data+json (a body needs one of them as its Content-Type).',
  500: 'The server failed (operation-failed).',
  501: 'No handler for this operation (operation-not-supported).',
};

export type ErrorStatus = 400 | 401 | 403 | 404 | 406 | 409 | 415 | 500 | 501;

/** The response component of each error status, both modes. */
export const ERROR_RESPONSES: Readonly<Record<string, JsonSchema>> = Object.fromEntries(Object.entries(STATUSES).map(([status, description]) => [
  `error-${status}`,
  { description, content: Object.fromEntries((['plain', 'strict'] as const).map((mode) => [MEDIA_TYPE[mode], { schema: { $ref: `#/components/schemas/${schemaName(mode)}` } }])) },
]));

/** The responses entry of an operation for the error statuses it may answer. */
export const errorResponses = (statuses: readonly ErrorStatus[]): Record<string, JsonSchema> =>
  Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/error-${s}` }]));
