/**
 * What the request head says about its body (RFC 9112 §6.3): a positive
 * content-length or any transfer-encoding means one follows.
 */
export const expectsBody = (headers: ReadonlyMap<string, string>): boolean => {
  if (headers.has('transfer-encoding')) return true;
  const length = headers.get('content-length');
  return length !== undefined && length !== '0';
};

/**
 * The declared content-length, when it is a plain decimal number: read
 * digit by digit (every edit has one; a regular expression and Number()
 * cost several times this loop on a few digits).
 */
export const declaredLength = (headers: ReadonlyMap<string, string>): number | undefined => {
  const length = headers.get('content-length');
  if (length === undefined || length.length === 0) return undefined;
  let value = 0;
  for (let i = 0; i < length.length; i += 1) {
    const digit = length.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return value;
};
