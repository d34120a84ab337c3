/**
 * One request as the core sees it once the preliminaries are done: query
 * parsed, compliance mode chosen, media type negotiated, scope made. And
 * the two ways every handler answers: JSON, or RFC 8040 errors.
 */
import type { RequestContext } from '../../actors/index.ts';
import type { RestconfError } from '../../errors/index.ts';
import type { CoreRequest, CoreResponse } from '../exchange.ts';
import type { CoreSettings, HookRequest } from './core-options.ts';
import { PLAIN_JSON, YANG_JSON, type JsonMediaType } from './media-type.ts';
import type { QueryParams } from './query/index.ts';
import { challengeHeaders } from './response/challenge-headers.ts';
import { errorAnswer } from './response/index.ts';

export interface Call extends HookRequest {
  readonly settings: CoreSettings;
  readonly mediaType: JsonMediaType;
  /** Accept admits text/event-stream but no JSON type: only an event stream can answer (anything else is 406). */
  readonly eventStreamOnly?: boolean;
}

/** A call before its scope is known (enough to answer an error). */
export type EarlyCall = Omit<Call, 'context'> & { readonly context?: RequestContext };

export const callOf = (
  request: CoreRequest, settings: CoreSettings, params: QueryParams, strict: boolean, mediaType: JsonMediaType,
): EarlyCall => ({ request, settings, params, strict, mediaType, context: undefined });

/** The call with the request's scope: completed in place (one object per request, the fast path). */
export const withContext = (call: EarlyCall, context: RequestContext): Call => {
  (call as { context?: RequestContext }).context = context;
  return call as Call;
};

export const fail = (call: EarlyCall, errors: readonly RestconfError[], headers?: Readonly<Record<string, string>>): CoreResponse => {
  const www = challengeHeaders(errors, call.settings.authenticate);
  return errorAnswer(errors, { strict: call.strict, mediaType: call.mediaType, headers: { ...headers, ...www } });
};

/** The headers of an answer that says only its media type: one frozen object per type, shared by every answer. */
const TYPE_ONLY: Readonly<Record<JsonMediaType, Readonly<Record<string, string>>>> = {
  [YANG_JSON]: Object.freeze({ 'content-type': YANG_JSON }),
  [PLAIN_JSON]: Object.freeze({ 'content-type': PLAIN_JSON }),
};

/** The headers of an answer in `mediaType` with nothing more to say. */
export const typeOnly = (mediaType: JsonMediaType): Readonly<Record<string, string>> => TYPE_ONLY[mediaType];

export const json = (call: EarlyCall, status: number, body: string, headers?: Readonly<Record<string, string>>): CoreResponse =>
  ({ status, headers: headers === undefined ? typeOnly(call.mediaType) : { 'content-type': call.mediaType, ...headers }, body });

export const noContent = (headers: Readonly<Record<string, string>> = {}): CoreResponse => ({ status: 204, headers, body: undefined });
