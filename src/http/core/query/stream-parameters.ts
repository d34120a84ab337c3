/**
 * RFC 8040 §4.8.4, 4.8.7-8 filter, start-time and stop-time: parameters of
 * event streams only. The core checks where they are given; the streams
 * handler reads their values.
 */
import { parsed, required, type QueryParameter } from './query-parameter.ts';

const streamParameter = (name: string): QueryParameter<string> => ({
  name,
  use: 'stream',
  parse: (value) => {
    const v = required(value);
    return v.ok ? parsed(v.value) : v;
  },
});

export const filter = streamParameter('filter');
export const startTime = streamParameter('start-time');
export const stopTime = streamParameter('stop-time');
