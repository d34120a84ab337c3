/**
 * Root resource discovery (RFC 8040 §3.1): `/.well-known/host-meta` as XRD
 * (RFC 6415 §2) and `/.well-known/host-meta.json` as JRD (RFC 6415 §3), each
 * with the `restconf` link to `/restconf`.
 */
import type { CoreResponse } from '../../exchange.ts';

const XRD = "<?xml version='1.0' encoding='UTF-8'?>\n<XRD xmlns='http://docs.oasis-open.org/ns/xri/xrd-1.0'>\n  <Link rel='restconf' href='/restconf'/>\n</XRD>\n";
const JRD = JSON.stringify({ links: [{ rel: 'restconf', href: '/restconf' }] });

export const HOST_META_PATHS = ['/.well-known/host-meta', '/.well-known/host-meta.json'] as const;

export const isHostMeta = (path: string): boolean => path === HOST_META_PATHS[0] || path === HOST_META_PATHS[1];

export const hostMeta = (path: string): CoreResponse =>
  path.endsWith('.json')
    ? { status: 200, headers: { 'content-type': 'application/json' }, body: JRD }
    : { status: 200, headers: { 'content-type': 'application/xrd+xml' }, body: XRD };
