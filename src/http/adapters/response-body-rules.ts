import { Buffer } from 'node:buffer';
import type { CoreResponse } from '../exchange.ts';

/** Whether this answer carries body bytes (RFC 9110: never for HEAD, 1xx, 204, 304). */
export const bodyAllowed = (method: string, status: number): boolean =>
  method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304;

/**
 * The content-length to announce on an answer without body bytes: the
 * core's own, else for HEAD the size of the whole body it gave; none for
 * 1xx and 204, which must not carry one.
 */
export const bodylessLength = (response: CoreResponse): string | undefined => {
  if (response.status < 200 || response.status === 204) return undefined;
  const declared = response.headers['content-length'];
  if (declared !== undefined) return declared;
  const body = response.body;
  if (typeof body === 'string') return String(Buffer.byteLength(body));
  if (body instanceof Uint8Array) return String(body.byteLength);
  return undefined;
};
