/**
 * The `start-time` and `stop-time` query parameters of an event stream
 * (RFC 8040 §4.8.7, §4.8.8), checked: each an RFC 3339 date-and-time,
 * start-time not in the future, stop-time only with start-time and not
 * before it. Each problem is an invalid-value error (400).
 */
export interface ReplayWindow {
  readonly start: number;
  readonly stop: number | undefined;
}

const DATE_AND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

const parseTime = (name: string, text: string): number | string => {
  const t = DATE_AND_TIME.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(t) ? `${name}: "${text}" is not an RFC 3339 date-and-time` : t;
};

/** undefined when neither parameter is given; a message when they are wrong. */
export const replayWindow = (startText: string | undefined, stopText: string | undefined, now: number): ReplayWindow | string | undefined => {
  if (startText === undefined) return stopText === undefined ? undefined : 'stop-time is given only with start-time (RFC 8040 §4.8.8)';
  const start = parseTime('start-time', startText);
  if (typeof start === 'string') return start;
  if (start > now) return 'start-time is in the future (RFC 8040 §4.8.7)';
  if (stopText === undefined) return { start, stop: undefined };
  const stop = parseTime('stop-time', stopText);
  if (typeof stop === 'string') return stop;
  if (stop < start) return 'stop-time is before start-time (RFC 8040 §4.8.8)';
  return { start, stop };
};
