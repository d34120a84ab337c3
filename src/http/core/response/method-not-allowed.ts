/** 405 (RFC 8040 §4, RFC 9110 §15.5.6): operation-not-supported with status 405, and the Allow header. */
import { restconfError, type RestconfError } from '../../../errors/index.ts';

export const methodNotAllowed = (method: string, what: string, allowed: readonly string[], path?: string): RestconfError =>
  restconfError('operation-not-supported', `${method} is not allowed on ${what}; it allows ${allowed.join(', ')}`, { type: 'protocol', status: 405, path });

export const allowHeader = (allowed: readonly string[]): Record<string, string> => ({ allow: allowed.join(', ') });
