/** The event the streams benchmark sends, and one round of sending it. */
import { encodePlainEvent } from '../../src/streams/index.ts';
import { epochNow } from './sse-sockets.ts';

const payload = 'x'.repeat(64);

/** The notification's leaves (bench-streams:tick): sequence, send time, 64 bytes of payload. */
export const tickEvent = (seq: number) => ({ seq, sent: String(epochNow()), payload });

/** The SSE frame rxconf writes for that event in default mode: what the raw baselines write. */
export const tickFrame = (seq: number): string =>
  `data: ${encodePlainEvent({ time: new Date(), content: () => ({}), plain: () => tickEvent(seq) })}\n\n`;

export interface SentRound {
  /** When the round began (epoch ms). */
  readonly started: number;
  /** When each event was sent (epoch ms). */
  readonly sentAt: number[];
}

/** Sends `events` through `send` in bursts of 50, one event-loop turn each. */
export const sendRound = async (send: (seq: number) => void, events: number): Promise<SentRound> => {
  const sentAt: number[] = [];
  const started = epochNow();
  for (let seq = 0; seq < events; seq++) {
    sentAt.push(epochNow());
    send(seq);
    if (seq % 50 === 49) await new Promise((r) => setImmediate(r));
  }
  return { started, sentAt };
};
