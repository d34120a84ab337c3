/**
 * JSON in and out of the data tree, in both forms the service speaks: strict
 * RFC 7951 and the simplified form; and request body text to JSON with
 * positioned syntax errors.
 */
export { parseJsonText, DEFAULT_MAX_DEPTH, type ParseJsonResult } from './parse-json-text.ts';
export { NumberTexts } from './number-texts.ts';
export { decodeData } from './decode-data.ts';
export { decodeDatastore, type DatastoreDecodeOptions } from './decode-datastore.ts';
export type { DecodeOptions, DecodeResult, DecodeTarget } from './decode-options.ts';
export { encodeData } from './encode-data.ts';
export { encodeDatastore } from './encode-datastore.ts';
export type { EncodeOptions } from './encode-options.ts';
export { memberLabel } from './member-label.ts';
