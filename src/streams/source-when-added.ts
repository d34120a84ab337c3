/**
 * The source of a notification that has none yet (RFC 8040 §6: every
 * stream the server lists can be subscribed to): nothing, so the hub's
 * keep-alives flow, until a source for it is added; then its events.
 */
import { filter, switchMap, take, type Observable } from 'rxjs';
import type { StreamEvent } from './stream-event.ts';

export const sourceWhenAdded = <M>(meta: M, added: Observable<M>, open: () => Observable<StreamEvent>) => (): Observable<StreamEvent> =>
  added.pipe(filter((m) => m === meta), take(1), switchMap(() => open()));
