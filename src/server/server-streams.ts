/**
 * Assembly step 3, the event streams: the hub every event stream is served
 * from (keep-alive and queue limits from the settings) and the replay log
 * (its size read from the settings when it is asked).
 */
import { createEventHub, ReplayLog, ServerClosing, type EventHub, type StreamEvent } from '../streams/index.ts';
import type { Logger } from './logger.ts';
import type { ServerSettings } from './server-settings.ts';

export interface ServerStreams {
  readonly hub: EventHub<StreamEvent>;
  readonly replay: ReplayLog;
}

export const createServerStreams = (settings: () => ServerSettings, logger: Logger): ServerStreams => ({
  hub: createEventHub<StreamEvent>({
    keepAliveMs: settings().keepAliveSeconds * 1000,
    maxQueuedEvents: settings().maxQueuedEvents,
    onError: (key, error) => {
      if (!(error instanceof ServerClosing)) logger.error({ stream: key, err: error }, 'event source failed');
    },
  }),
  replay: new ReplayLog(() => ({ maxEvents: settings().replayBufferEvents, maxAgeMs: settings().replayBufferSeconds * 1000 })),
});
