/**
 * An event stream's messages → each notification's content (the members
 * of the notification node) and its eventTime: RFC 8040 §6.4's
 * `{"ietf-restconf:notification": {"eventTime": …, "mod:name": {…}}}` in
 * the strict mode, the bare content in the simplified one. An `error` event, or an answer that is not a stream,
 * ends the Observable with its errors (RestconfFailure).
 */
import { Observable } from 'rxjs';
import { RestconfFailure, restconfError } from '../errors/index.ts';
import { answerFailure, errorsOfBody } from './answer-errors.ts';
import type { HttpAnswer } from './client-transport.ts';
import type { SseMessage } from './parse-sse.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const member = (o: Record<string, unknown>, name: string): unknown => {
  const key = Object.keys(o).find((k) => k === name || k.endsWith(`:${name}`));
  const v = key === undefined ? undefined : o[key];
  return Array.isArray(v) ? v[0] : v;
};

/** One event: the notification's content, and its eventTime when the server's form carries one (the strict mode's wrapper). */
export interface EventContent {
  readonly eventTime: string | undefined;
  readonly content: unknown;
}

/** The wrapper's eventTime (RFC 8040 §6.4), when the event has one. */
const eventTimeOf = (json: unknown): string | undefined => {
  const wrapped = isObject(json) ? json['ietf-restconf:notification'] : undefined;
  const time = isObject(wrapped) ? wrapped['eventTime'] : undefined;
  return typeof time === 'string' ? time : undefined;
};

/**
 * The notification's content in an event: inside the strict wrapper, down
 * through the ancestors a nested notification is wrapped in (`names`: the
 * node names from the top to the notification); the simplified form is
 * the content itself.
 */
export const eventContent = (json: unknown, names: readonly string[]): unknown => {
  if (!isObject(json)) return json;
  const wrapped = json['ietf-restconf:notification'];
  if (!isObject(wrapped)) return json;
  let at: unknown = wrapped;
  for (const name of names) {
    if (!isObject(at)) return undefined;
    at = member(at, name);
  }
  return at;
};

export const eventNodes = (messages: Observable<SseMessage | HttpAnswer>, target: string, names: readonly string[]): Observable<EventContent> =>
  new Observable<EventContent>((subscriber) =>
    messages.subscribe({
      next: (m) => {
        if ('status' in m) {
          subscriber.error(answerFailure(m, `GET ${target} (event stream)`));
          return;
        }
        if (m.event === 'error') {
          subscriber.error(new RestconfFailure(errorsOfBody(m.data, 500) ?? [restconfError('operation-failed', `the event stream ${target} failed: ${m.data}`)]));
          return;
        }
        let json: unknown;
        try {
          json = JSON.parse(m.data);
        } catch {
          subscriber.error(new RestconfFailure([restconfError('malformed-message', `an event of ${target} is not JSON: ${m.data.slice(0, 200)}`)]));
          return;
        }
        subscriber.next({ eventTime: eventTimeOf(json), content: eventContent(json, names) });
      },
      error: (e: unknown) => subscriber.error(e),
      complete: () => subscriber.complete(),
    }));
