/**
 * The RFC 8040 §7.1 errors document: `{"ietf-restconf:errors": {"error":
 * [...]}}` in the strict mode, `{"errors": {...}}` with the same members in
 * the simplified one (plain names, the spec's Versioning table).
 */
import type { RestconfError } from '../../../errors/index.ts';

/** One error's members (also what a YANG Patch status holds per edit, RFC 8072 §2.3). */
export const errorMember = (e: RestconfError): Record<string, unknown> => {
  const m: Record<string, unknown> = { 'error-type': e.type, 'error-tag': e.tag };
  if (e.appTag !== undefined) m['error-app-tag'] = e.appTag;
  if (e.path !== undefined) m['error-path'] = e.path;
  m['error-message'] = e.message;
  if (e.info !== undefined) m['error-info'] = e.info;
  return m;
};

export const errorBody = (errors: readonly RestconfError[], strict: boolean): string =>
  JSON.stringify({ [strict ? 'ietf-restconf:errors' : 'errors']: { error: errors.map(errorMember) } });
