/** Framing is the adapter's: a core's content-length or transfer-encoding is never copied as is. */
const framing = new Set(['content-length', 'transfer-encoding']);

/** Headers HTTP/2 forbids (RFC 9113 §8.2.2); node:http2 throws on them. */
const connectionSpecific = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'upgrade']);

/**
 * The headers node writes: the core's minus framing (and, over HTTP/2,
 * connection-specific) headers, plus what the adapter adds.
 */
export const outgoingHeaders = (
  core: Readonly<Record<string, string>>,
  h2: boolean,
  added: Readonly<Record<string, string | undefined>>,
): Record<string, string> => {
  const dropped = h2 ? connectionSpecific : framing;
  const out: Record<string, string> = {};
  for (const name in core) if (!dropped.has(name)) out[name] = core[name] ?? '';
  for (const name in added) {
    const value = added[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
};
