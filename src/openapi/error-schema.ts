/** The body of an error answer: `ietf-restconf:errors` (RFC 8040 §7.1), as a schema and a response component. */
import type { JsonSchema } from './json-schema.ts';

export const ERRORS_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['ietf-restconf:errors'],
  properties: {
    'ietf-restconf:errors': {
      type: 'object',
      properties: {
        error: {
          type: 'array',
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
    },
  },
};

export const ERROR_RESPONSE: JsonSchema = {
  description: 'An error (RFC 8040 §7): the error-tag decides the status.',
  content: {
    'application/yang-data+json': { schema: { $ref: '#/components/schemas/ietf-restconf.errors' } },
  },
};
