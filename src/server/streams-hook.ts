/**
 * The core's `streams` hook: a notification path or a module's change
 * stream becomes a Server-Sent Events answer from the shared event hub.
 */
import { NEVER, takeUntil, type Observable } from 'rxjs';
import type { Device } from '../actors/index.ts';
import { runToEnd } from '../actors/co.ts';
import { navigate } from '../actors/navigate.ts';
import { formatPath } from '../data/data-path.ts';
import type { NotificationMeta } from '../meta/meta.ts';
import { canNotify } from './app-handlers.ts';
import { restconfError, type RestconfError } from '../errors/index.ts';
import type { CoreResponse } from '../http/exchange.ts';
import type { StreamRequest } from '../http/core/index.ts';
import { errorBody } from '../http/core/index.ts';
import {
  changeSource, compileEventFilter, eventStreamResponse, notificationSource, type EventHub, type StreamEvent,
} from '../streams/index.ts';

const CHANGES = /^\/?([A-Za-z_][A-Za-z0-9_.-]*)\/changes\/?$/;

const refuse = (r: StreamRequest, errors: RestconfError[], status: number): CoreResponse => ({
  status,
  headers: { 'content-type': r.mediaType },
  body: errorBody(errors, r.strict),
});

/** `closing` ends every stream's source when the server closes (its subscribers' streams end cleanly). */
export const streamsHook = (device: Device, hub: EventHub<StreamEvent>, closing: Observable<void> = NEVER) => async (r: StreamRequest): Promise<CoreResponse> => {
  for (const p of ['start-time', 'stop-time']) {
    if (r.params.has(p)) return refuse(r, [restconfError('invalid-value', `${p}: this server keeps no event replay`, { type: 'protocol' })], 400);
  }
  const text = r.params.get('filter');
  let filter;
  if (text !== undefined) {
    const c = compileEventFilter(text, device.modules);
    if (!c.ok) return refuse(r, [restconfError('invalid-value', c.message, { type: 'protocol' })], 400);
    filter = c.filter;
  }
  let key: string;
  let open: () => import('rxjs').Observable<StreamEvent>;
  if (r.notification !== undefined) {
    const { browser, steps } = r.notification;
    const root = browser.root(r.context);
    const parent = await runToEnd(navigate(root, steps)).finally(() => root.node.release?.());
    const path = formatPath({ segments: steps.map((s) => ({ meta: s.meta as never, ...('key' in s && s.key !== undefined ? { key: s.key } : {}) })) });
    if (parent === undefined) return refuse(r, [restconfError('invalid-value', `no data at ${path}`, { type: 'protocol', path })], 404);
    if (!canNotify(parent.node, steps[steps.length - 1]?.meta as NotificationMeta)) return refuse(r, [restconfError('operation-not-supported', `${path} has no event source`, { path })], 501);
    key = path;
    open = notificationSource(browser, steps, r.context);
  } else {
    const m = CHANGES.exec(r.path);
    const browser = m === null ? undefined : device.browser(m[1] ?? '');
    if (browser === undefined) {
      return refuse(r, [restconfError('invalid-value', `no event stream at ${r.path}: streams are notification paths and {module}/changes`, { type: 'protocol' })], 404);
    }
    key = `${browser.module.name}/changes`;
    open = changeSource(browser);
  }
  if (r.request.method === 'HEAD') return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: undefined };
  const opened = open;
  // no signal: the transport returns the stream when the client goes away (reading it would make an AbortController per subscriber)
  return eventStreamResponse(hub, { key, open: () => opened().pipe(takeUntil(closing)), strict: r.strict, filter });
};
