/**
 * An address as a proxy header names a node (RFC 7239 §6: `192.0.2.43`,
 * `"[2001:db8:cafe::17]:4711"`, `unknown`, `_hidden`; X-Forwarded-For's
 * `192.0.2.43` or `192.0.2.43:4711`), in the form the transport reports a
 * peer: port and brackets removed, an IPv4-mapped IPv6 address as IPv4,
 * IPv6 in lower case. Identifiers (`unknown`, `_hidden`) stay as they are.
 */
export const nodeAddress = (text: string): string => {
  const t = text.trim();
  if (t.startsWith('[')) {
    const close = t.indexOf(']');
    return plainAddress((close < 0 ? t.slice(1) : t.slice(1, close)).toLowerCase());
  }
  const colon = t.indexOf(':');
  // one colon: IPv4 (or a name) with a port; more: a bare IPv6 address
  if (colon >= 0 && t.indexOf(':', colon + 1) < 0) return t.slice(0, colon);
  return plainAddress(colon >= 0 ? t.toLowerCase() : t);
};

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) as the IPv4 address it maps. */
export const plainAddress = (a: string): string => (a.startsWith('::ffff:') && a.includes('.') ? a.slice(7) : a);
