/** Hub sources: a notification of a module (nested ones inside their ancestors) and a module's change stream. */
import { map, type Observable } from 'rxjs';
import type { Browser } from '../actors/browser.ts';
import type { TargetStep } from '../actors/navigate.ts';
import { notifications } from '../actors/operations/index.ts';
import type { RequestContext } from '../actors/request-context.ts';
import type { NotificationMeta, SchemaNode } from '../meta/meta.ts';
import { encodeJson } from '../types/index.ts';
import { changeEvent, notificationEvent, type StreamEvent } from './stream-event.ts';

const qualified = (m: SchemaNode): string => `${m.module.name}:${m.name}`;

/** Puts the notification element inside its ancestors, with list keys (RFC 7950 §7.16.2, RFC 7951 names). */
export const nestIn = (steps: readonly TargetStep[]) => (element: Record<string, unknown>): Record<string, unknown> => {
  let out = element;
  for (let i = steps.length - 2; i >= 0; i--) {
    const step = steps[i] as TargetStep;
    const meta = step.meta as SchemaNode;
    const inner = (steps[i + 1] as TargetStep).meta as SchemaNode;
    const [entry] = Object.entries(out);
    const innerName = inner.module === meta.module ? inner.name : qualified(inner);
    let body: Record<string, unknown> = { [innerName]: entry?.[1] };
    if (meta.kind === 'list' && 'key' in step && step.key !== undefined) {
      const keys: Record<string, unknown> = {};
      meta.keys.forEach((k, j) => {
        const v = step.key?.[j];
        if (v !== undefined) keys[k.name] = encodeJson(k.type, v, { strict: true, leafModule: k.module.name });
      });
      body = { ...keys, ...body };
      out = { [qualified(meta)]: [body] };
    } else {
      out = { [qualified(meta)]: body };
    }
  }
  return out;
};

/**
 * The events of a notification: from its source (`local`), or on a replica
 * of a cluster a top-level one's as the cluster shares them (`shared`;
 * `history`: the kept ones first).
 */
export const notificationEvents = (browser: Browser, steps: readonly TargetStep[], context: RequestContext, from: 'shared' | 'history' | 'local' = 'shared') => (): Observable<StreamEvent> => {
  const meta = steps[steps.length - 1]?.meta as NotificationMeta;
  const wrap = steps.length > 1 ? nestIn(steps) : undefined;
  const shared = from !== 'local' && steps.length === 1 ? browser.notified?.(meta, from === 'history') : undefined;
  return (shared ?? notifications(browser, steps, context)).pipe(map((ev) => notificationEvent(ev, meta, wrap)));
};

/** Whether a notification's events come from the cluster rather than a source here. */
export const sharedNotification = (browser: Browser, steps: readonly TargetStep[]): boolean => steps.length === 1 && browser.notified !== undefined;

export const changeSource = (browser: Browser) => (): Observable<StreamEvent> => browser.feed.pipe(map(changeEvent));
