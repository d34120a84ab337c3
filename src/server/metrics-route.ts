/** GET of the metrics path answers the Prometheus text exposition; every other request goes on. */
import { Buffer } from 'node:buffer';
import type { Browser } from '../actors/browser.ts';
import type { RequestContext } from '../actors/request-context.ts';
import type { CoreRequest, Handler } from '../http/exchange.ts';
import type { ReplicaStatus } from '../cluster/cluster-backend.ts';
import type { StreamCounters } from '../streams/index.ts';
import { clusterFamilies } from './cluster-metrics.ts';
import { requestError } from './request-error.ts';
import { moduleFamilies } from './module-metrics.ts';
import { formatFamilies, type Family } from './prometheus-text.ts';
import type { RequestMetrics } from './request-metrics.ts';

export interface MetricsSources {
  readonly path: string;
  readonly request: RequestMetrics;
  readonly streams: () => StreamCounters;
  readonly edits: () => number;
  readonly modules: readonly Browser[];
  /** A cluster replica's state (none: not a replica). */
  readonly replica?: () => ReplicaStatus | undefined;
  /** The context the modules' leaves are read in for a request (its user, for access control); none: read as the server. */
  readonly context?: (req: CoreRequest) => RequestContext;
}

export const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';

const serverFamilies = (s: MetricsSources): Family[] => {
  const c = s.streams();
  const replica = s.replica?.();
  return [
    ...s.request.families(),
    { name: 'rxconf_event_streams_open', help: 'Open event streams (SSE subscribers).', type: 'gauge', samples: [{ value: c.subscribers }] },
    { name: 'rxconf_event_sources_active', help: 'Notification sources being listened to.', type: 'gauge', samples: [{ value: c.sources }] },
    { name: 'rxconf_events_delivered_total', help: 'Events written to subscribers.', type: 'counter', samples: [{ value: c.eventsDelivered }] },
    { name: 'rxconf_events_dropped_total', help: 'Events discarded for slow subscribers.', type: 'counter', samples: [{ value: c.eventsDropped }] },
    { name: 'rxconf_edits_committed_total', help: 'Edits committed to the data of served modules.', type: 'counter', samples: [{ value: s.edits() }] },
    ...(replica === undefined ? [] : clusterFamilies(replica)),
  ];
};

export const withMetrics = (inner: Handler, s: MetricsSources): Handler => (req) => {
  if (req.path !== s.path) return inner(req);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return requestError(req, 'operation-not-supported', `${s.path} is read-only`, { status: 405, headers: { allow: 'GET, HEAD' } });
  }
  return (async () => {
    const families = serverFamilies(s);
    const context = s.context?.(req);
    for (const b of s.modules) families.push(...await moduleFamilies(b, context));
    const text = formatFamilies(families);
    return { status: 200, headers: { 'content-type': PROMETHEUS_TEXT, 'content-length': String(Buffer.byteLength(text)) }, body: req.method === 'HEAD' ? undefined : text };
  })();
};
