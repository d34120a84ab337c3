/**
 * Prints an api-path (RFC 8040 §3.5.3) with everything that is not
 * unreserved percent-encoded, so parseApiPath gives the same segments back.
 */
import type { ApiPath, ApiPathSegment } from './ast.ts';

const printSegment = (s: ApiPathSegment): string => {
  const id = s.module === undefined ? encodeURIComponent(s.name) : `${encodeURIComponent(s.module)}:${encodeURIComponent(s.name)}`;
  return s.keys === undefined ? id : `${id}=${s.keys.map(encodeURIComponent).join(',')}`;
};

/** `''` for the datastore root, else `/seg/seg=key`. */
export const printApiPath = (path: ApiPath): string => path.segments.map((s) => `/${printSegment(s)}`).join('');
