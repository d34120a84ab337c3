/**
 * The core's `streams` hook: a notification path or a module's change
 * stream becomes a Server-Sent Events answer from the shared event hub.
 */
import { map, NEVER, type Observable } from 'rxjs';
import type { RequestContext } from '../actors/request-context.ts';
import type { AccessRights } from './nacm/access-rights.ts';
import { changesFor, notificationAccess } from './nacm/stream-access.ts';
import type { Device } from '../actors/index.ts';
import { runToEnd } from '../actors/co.ts';
import { navigate } from '../actors/navigate.ts';
import { stepsPath } from '../actors/steps-path.ts';
import { formatPath } from '../data/data-path.ts';
import type { NotificationMeta } from '../meta/meta.ts';
import { canNotify } from './app-handlers.ts';
import { restconfError, type RestconfError } from '../errors/index.ts';
import type { CoreResponse } from '../http/exchange.ts';
import type { StreamRequest } from '../http/core/index.ts';
import { errorAnswer } from '../http/core/index.ts';
import {
  changeEvent, changeSource, compileEventFilter, failOnClosing, notificationEvents, replayWindow, sharedNotification, sourceWhenAdded, type EventHub, type ReplayLog, type StreamEvent,
} from '../streams/index.ts';
import { eventStreamResponse } from '../http/system/event-stream-response.ts';

let replays = 0;

const CHANGES = /^\/?([A-Za-z_][A-Za-z0-9_.-]*)\/changes\/?$/;

/** The answer refusing a stream: the error's tag (and the status it allows) decides the status. */
const refuse = (r: StreamRequest, errors: RestconfError[]): CoreResponse => errorAnswer(errors, { strict: r.strict, mediaType: r.mediaType });

/**
 * `closing` ends every stream's source when the server closes; `rightsOf`
 * (NACM) decides who may subscribe and what each access class receives;
 * `added` tells of sources registered later (a notification without one
 * answers an open stream of keep-alives until then); `replay` keeps the
 * listed streams' events for `start-time` (RFC 8040 §6.3): a replaying
 * subscriber has a source of its own (its kept events, then the live ones).
 */
export const streamsHook = (
  device: Device,
  hub: EventHub<StreamEvent>,
  closing: Observable<void> = NEVER,
  rightsOf?: (context: RequestContext) => AccessRights,
  added: Observable<NotificationMeta> = NEVER,
  replay?: ReplayLog,
) => async (r: StreamRequest): Promise<CoreResponse> => {
  const window = replayWindow(r.params.get('start-time'), r.params.get('stop-time'), Date.now());
  if (typeof window === 'string') return refuse(r, [restconfError('invalid-value', window, { type: 'protocol', status: 400 })]);
  let stream: string | undefined;
  let restricted = false;
  const text = r.params.get('filter');
  let filter;
  if (text !== undefined) {
    const c = compileEventFilter(text, device.modules);
    if (!c.ok) return refuse(r, [restconfError('invalid-value', c.message, { type: 'protocol', status: 400 })]);
    filter = c.filter;
  }
  let key: string;
  let open: () => import('rxjs').Observable<StreamEvent>;
  if (r.notification !== undefined) {
    const { browser, steps } = r.notification;
    const root = browser.root(r.context);
    const parent = await runToEnd(navigate(root, steps)).finally(() => root.node.release?.());
    const path = formatPath(stepsPath(steps));
    if (parent === undefined) return refuse(r, [restconfError('invalid-value', `no data at ${path}`, { type: 'protocol', path, status: 404 })]);
    const meta = steps[steps.length - 1]?.meta as NotificationMeta;
    key = path;
    if (steps.length === 1) stream = `${browser.module.name}:${meta.name}`;
    if (rightsOf !== undefined) {
      const dataPath = stepsPath(steps);
      const access = notificationAccess(rightsOf(r.context), steps[steps.length - 1]?.meta as NotificationMeta, dataPath);
      if (!access.allowed) return refuse(r, [restconfError('access-denied', `access denied: read of ${path}`, { path, status: 403 })]);
      key += access.classKey;
      restricted = access.classKey !== '';
    }
    // on a replica, a client NACM shows part of the events reads the source here, as its rights allow
    const shared = !restricted && sharedNotification(browser, steps);
    open = notificationEvents(browser, steps, r.context, shared ? 'shared' : 'local');
    if (!shared && !canNotify(parent.node, meta)) open = sourceWhenAdded(meta, added, open);
  } else {
    const m = CHANGES.exec(r.path);
    const browser = m === null ? undefined : device.browser(m[1] ?? '');
    if (browser === undefined) {
      return refuse(r, [restconfError('invalid-value', `no event stream at ${r.path}: streams are notification paths and {module}/changes`, { type: 'protocol', status: 404 })]);
    }
    key = `${browser.module.name}/changes`;
    stream = key;
    open = changeSource(browser);
    if (rightsOf !== undefined) {
      const visible = changesFor(rightsOf(r.context), browser.module)(browser.feed);
      key += visible.classKey;
      restricted = visible.classKey !== '';
      open = () => visible.events.pipe(map(changeEvent));
    }
  }
  if (window !== undefined) {
    // a client NACM shows only part of the events replays nothing: the log keeps them whole
    const replayed = stream === undefined || restricted ? undefined : replay?.replay(stream, window);
    if (replayed === undefined) return refuse(r, [restconfError('invalid-value', restricted ? `start-time: replay of ${r.path} is not open to a client NACM shows part of its events` : `start-time: ${r.path} keeps no replay log`, { type: 'protocol', status: 400 })]);
    key = `${key} replay ${(replays += 1)}`;
    open = () => replayed;
  }
  if (r.request.method === 'HEAD') return { status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: undefined };
  const opened = open;
  // no signal: the transport returns the stream when the client goes away (reading it would make an AbortController per subscriber)
  return eventStreamResponse(hub, { key, open: () => opened().pipe(failOnClosing(closing)), strict: r.strict, filter });
};
