/**
 * The API root `{+restconf}` (RFC 8040 §3.3, B.1.1) and its
 * yang-library-version leaf (§3.3.3), as `ietf-restconf:` members (plain in
 * the simplified mode).
 */
import type { CoreResponse } from '../../exchange.ts';
import { json, type Call } from '../call.ts';
import { YANG_LIBRARY_REVISION } from './yang-library-revision.ts';

const name = (call: Call, local: string): string => (call.strict ? `ietf-restconf:${local}` : local);

export const apiRoot = (call: Call): CoreResponse =>
  json(call, 200, JSON.stringify({ [name(call, 'restconf')]: { data: {}, operations: {}, 'yang-library-version': YANG_LIBRARY_REVISION } }));

export const yangLibraryVersion = (call: Call): CoreResponse =>
  json(call, 200, JSON.stringify({ [name(call, 'yang-library-version')]: YANG_LIBRARY_REVISION }));
