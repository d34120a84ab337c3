/**
 * A dynamic subscription's event stream (RFC 8650 §3.2): GET of the `uri`
 * establish-subscription answered, `{+restconf}/subscriptions/<id>/<key>`,
 * as Server-Sent Events, by its owner only with its key (anyone else: 404,
 * its existence is not told), opened once (again: 409 in-use). The subscription ends
 * with its stream: a client that goes away deletes it (RFC 8650 §3.4), and
 * delete-, kill-subscription or stop-time end the stream.
 */
import { Buffer } from 'node:buffer';
import { timingSafeEqual } from 'node:crypto';
import { finalize, takeUntil, type Observable } from 'rxjs';
import type { EventHub, StreamEvent } from '../../streams/index.ts';
import { failOnClosing } from '../../streams/index.ts';
import { eventStreamResponse } from './event-stream-response.ts';
import type { DynamicSubscription, SubscriptionRegistry } from '../../streams/subscriptions/subscription-registry.ts';
import { requestIsStrict } from '../core/index.ts';
import type { CoreRequest, CoreResponse, Handler } from '../exchange.ts';
import { protocolError } from './protocol-error.ts';

/** Compares keys in a time that does not tell how much of a guess was right. */
const sameKey = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const SUBSCRIPTIONS_PREFIX = '/restconf/subscriptions/';
const ALLOW = 'GET, HEAD, OPTIONS';

export interface SubscriptionResourceOptions {
  readonly registry: SubscriptionRegistry;
  readonly hub: EventHub<StreamEvent>;
  /** The subscription's events, filtered and bounded by its policy. */
  readonly events: (s: DynamicSubscription) => Observable<StreamEvent>;
  /** The authenticated user of a request. */
  readonly ownerOf: (req: CoreRequest) => string | undefined;
  readonly closing: Observable<void>;
}

const answer = (o: SubscriptionResourceOptions, req: CoreRequest): CoreResponse => {
  if (req.method === 'OPTIONS') return { status: 204, headers: { allow: ALLOW }, body: undefined };
  if (req.method !== 'GET' && req.method !== 'HEAD') return protocolError(req, 'operation-not-supported', 'a subscription is read as an event stream', 405, { allow: ALLOW });
  const text = req.path.slice(SUBSCRIPTIONS_PREFIX.length);
  const m = /^([0-9]{1,10})\/([0-9a-f]{32})$/.exec(text);
  const s = m === null ? undefined : o.registry.get(Number(m[1]));
  if (s === undefined || m === null || !sameKey(s.key, m[2] as string) || s.owner !== o.ownerOf(req)) return protocolError(req, 'invalid-value', `no subscription at ${req.path}`, 404);
  if (req.method === 'HEAD') return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: undefined };
  if (s.opened) return protocolError(req, 'in-use', `subscription ${s.id} is already being received`);
  s.opened = true;
  const events = o.events(s).pipe(takeUntil(s.ended), finalize(() => o.registry.end(s.id)), failOnClosing(o.closing));
  return eventStreamResponse(o.hub, { key: `subscription ${s.id}`, open: () => events, strict: requestIsStrict(req), filter: undefined });
};

export const withSubscriptionResource = (core: Handler, o: SubscriptionResourceOptions | undefined): Handler =>
  o === undefined ? core : (req) => (req.path.startsWith(SUBSCRIPTIONS_PREFIX) ? answer(o, req) : core(req));
