/**
 * Who a request is from and how the client reached us, as the proxies in
 * front tell it. Only a peer that is a trusted proxy is believed: from
 * anyone else the forwarding headers are ignored, so a client cannot pick
 * its own address, scheme or host by sending them.
 *
 * The hops are read from the nearest (the last element, added by the peer)
 * towards the client: while the address a hop names is itself a trusted
 * proxy, its own hop is read too. The first hop that names an untrusted
 * address (or the farthest hop) gives the client's address, and the scheme
 * and host it used (`proto`, `host` of that element). The
 * `X-Forwarded-For`, `-Proto` and `-Host` headers are read when the proxy
 * sent any of them (each value of a list taken at the same hop, a single
 * value for any hop); else RFC 7239 `Forwarded`. The X- headers come first
 * because most proxies (nginx's usual `proxy_set_header` lines among them)
 * set those and pass a client's own `Forwarded` through untouched. A scheme other than http or
 * https, or a host that is not an RFC 3986 host[:port], is not believed.
 */
import type { CoreRequest } from '../exchange.ts';
import { parseForwarded, type ForwardedElement } from './forwarded-header.ts';
import { nodeAddress, plainAddress } from './node-address.ts';

export interface ForwardedClient {
  /** The client's address (the peer's, when nothing trusted tells another). */
  readonly address: string;
  /** `http` or `https` as the client used it, when a trusted proxy said so. */
  readonly proto?: string;
  /** The host (and port) the client asked for, when a trusted proxy said so. */
  readonly host?: string;
}

const HOST = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~!$&'()*+,;=%-]+)(:[0-9]{1,5})?$/;

/** A Host-like value fit to be put in a URL, or undefined. */
export const validHost = (text: string | undefined): string | undefined => {
  const t = text?.trim();
  return t !== undefined && t !== '' && HOST.test(t) ? t : undefined;
};

const validProto = (text: string | undefined): string | undefined => {
  const t = text?.trim().toLowerCase();
  return t === 'http' || t === 'https' ? t : undefined;
};

const list = (header: string | undefined): string[] => (header === undefined ? [] : header.split(',').map((v) => v.trim()).filter((v) => v !== ''));

/** The value at the hop `fromEnd` places before the last, or the only value. */
const atHop = (values: readonly string[], fromEnd: number): string | undefined =>
  values.length === 1 ? values[0] : values[values.length - 1 - fromEnd];

/** The index of the client's hop: the nearest one naming an untrusted address, or the farthest. */
const clientHop = (addresses: readonly (string | undefined)[], trusted: (address: string) => boolean): number => {
  let i = addresses.length - 1;
  while (i > 0) {
    const a = addresses[i];
    if (a === undefined || !trusted(a)) break;
    i--;
  }
  return i;
};

const fromForwarded = (elements: readonly ForwardedElement[], trusted: (address: string) => boolean, peer: string): ForwardedClient => {
  const i = clientHop(elements.map((e) => (e.for === undefined ? undefined : nodeAddress(e.for))), trusted);
  const e = elements[i] as ForwardedElement;
  const proto = validProto(e.proto);
  const host = validHost(e.host);
  return { address: e.for === undefined ? peer : nodeAddress(e.for), ...(proto === undefined ? {} : { proto }), ...(host === undefined ? {} : { host }) };
};

const fromXForwarded = (request: CoreRequest, addresses: readonly string[], trusted: (address: string) => boolean): ForwardedClient => {
  const i = clientHop(addresses, trusted);
  const fromEnd = addresses.length - 1 - i;
  const proto = validProto(atHop(list(request.headers.get('x-forwarded-proto')), fromEnd));
  const host = validHost(atHop(list(request.headers.get('x-forwarded-host')), fromEnd));
  return { address: addresses[i] as string, ...(proto === undefined ? {} : { proto }), ...(host === undefined ? {} : { host }) };
};

/** The client of `request` as trusted proxies tell it (`trusted` takes addresses as nodeAddress writes them). */
export const forwardedClient = (request: CoreRequest, trusted: (address: string) => boolean): ForwardedClient => {
  const peer = plainAddress(request.remoteAddress);
  if (!trusted(peer)) return { address: peer };
  const h = request.headers;
  if (h.has('x-forwarded-for') || h.has('x-forwarded-proto') || h.has('x-forwarded-host')) {
    const addresses = list(h.get('x-forwarded-for')).map(nodeAddress);
    // a proxy that names no client may still tell the scheme and host
    return addresses.length > 0 ? fromXForwarded(request, addresses, trusted) : fromXForwarded(request, [peer], () => false);
  }
  const forwarded = h.get('forwarded');
  const elements = forwarded === undefined ? [] : parseForwarded(forwarded);
  return elements.length > 0 ? fromForwarded(elements, trusted, peer) : { address: peer };
};
