/**
 * The 415 answer (RFC 8040 §5.2). RFC 8040 maps no error-tag to 415, so this
 * is the one status set here rather than derived from the tag: the body says
 * invalid-value (the value of Content-Type is unacceptable).
 */
import { restconfError } from '../../../errors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import { errorAnswer } from './error-answer.ts';

export const unsupportedMediaType = (contentType: string, strict: boolean, mediaType: string): CoreResponse => ({
  ...errorAnswer([restconfError('invalid-value', `unsupported Content-Type "${contentType}": the server reads application/yang-data+json and application/json`, { type: 'protocol' })], { strict, mediaType, headers: { accept: 'application/yang-data+json, application/json' } }),
  status: 415,
});
