/**
 * What the request head says about its body (RFC 9112 §6.3): a positive
 * content-length or any transfer-encoding means one follows.
 */
export const expectsBody = (headers: ReadonlyMap<string, string>): boolean => {
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== undefined && length !== '0';
};

/** The declared content-length, when it is a plain decimal number. */
export const declaredLength = (headers: ReadonlyMap<string, string>): number | undefined => {
  const length = headers.get('content-length');
  if (length === undefined || !/^\d+$/.test(length)) return undefined;
  return Number(length);
};
