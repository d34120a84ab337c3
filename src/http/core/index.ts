/** The transport-neutral RESTCONF core (RFC 8040): `createRestconfCore(options)` is the Handler adapters serve. */
export { createRestconfCore } from './create-restconf-core.ts';
export type {
  CoreOptions, CoreHook, FilterAnswer, HookRequest, RequestFilter, StreamRequest, YangLibraryRequest,
} from './core-options.ts';
export { PLAIN_JSON, YANG_JSON, type JsonMediaType } from './media-type.ts';
export type { QueryParams } from './query/index.ts';
export { YANG_LIBRARY_REVISION } from './resources/index.ts';
export { errorAnswer, errorBody } from './response/index.ts';
export { requestIsStrict } from './compliance-mode.ts';
