/**
 * Root resource discovery (RFC 8040 §3.1): the `restconf` link of the
 * server's `/.well-known/host-meta`, else `/restconf`.
 */
import type { ClientTransport } from './client-transport.ts';

const LINK = /<Link\s[^>]*rel=['"]restconf['"][^>]*href=['"]([^'"]+)['"]|<Link\s[^>]*href=['"]([^'"]+)['"][^>]*rel=['"]restconf['"]/i;

/** The `restconf` link of the server's host-meta, or `/restconf`. */
export const discoverRoot = async (transport: ClientTransport): Promise<string> => {
  try {
    const a = await transport.request('GET', '/.well-known/host-meta', undefined, { accept: 'application/xrd+xml' });
    const m = a.status === 200 ? LINK.exec(a.text) : null;
    const href = m?.[1] ?? m?.[2];
    if (href !== undefined) return new URL(href, transport.origin).pathname.replace(/\/+$/, '');
  } catch {
    // a server that answers nothing here is asked again below, and fails there with its reason
  }
  return '/restconf';
};
