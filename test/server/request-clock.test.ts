/**
 * The access log and the request metrics read the clock once between them
 * per request: the outer stage's reading at entry serves the inner one, the
 * inner one's at the answer serves the outer one, for that request only.
 */
import test from 'ava';
import { performance } from 'node:perf_hooks';
import type { CoreRequest, CoreResponse } from '../../src/http/exchange.ts';
import { clockAtAnswer, clockAtEntry } from '../../src/server/request-clock.ts';
import { withAccessLog } from '../../src/server/access-log.ts';
import { jsonLogger } from '../../src/server/logger.ts';
import { RequestMetrics } from '../../src/server/request-metrics.ts';

const request = (): CoreRequest => ({
  method: 'GET', path: '/restconf/data/m:x', query: '', headers: new Map(), remoteAddress: '127.0.0.1', protocol: 'http/1.1', secure: false,
  signal: new AbortController().signal, body: (async function* () {})(),
} as CoreRequest);

/** Counts performance.now() calls while `f` runs. */
const reads = async (f: () => unknown): Promise<number> => {
  const now = performance.now.bind(performance);
  let n = 0;
  performance.now = () => { n += 1; return now(); };
  try {
    await f();
  } finally {
    performance.now = now;
  }
  return n;
};

test('a reading is taken over once, by the request it was made for', (t) => {
  const [a, b] = [request(), request()];
  const at = clockAtEntry(a);
  t.is(clockAtEntry(a), at);
  t.not(clockAtEntry(a), at, 'only once: a third stage reads anew');
  const answered = clockAtAnswer(a);
  clockAtAnswer(b);
  t.not(clockAtAnswer(a), answered, 'another request\'s reading came between');
});

test('the access log around the request metrics reads the clock twice a request, answered at once or later', async (t) => {
  const metrics = new RequestMetrics();
  const answer: CoreResponse = { status: 200, headers: {}, body: '{}' };
  const lines: string[] = [];
  const logger = jsonLogger((text) => lines.push(text));
  const now = withAccessLog(metrics.wrap(() => answer), logger);
  const later = withAccessLog(metrics.wrap(() => new Promise<CoreResponse>((done) => setTimeout(() => done(answer), 20))), logger);
  t.is(await reads(() => now(request())), 2);
  t.is(await reads(() => later(request())), 2);
  // alone, each stage reads its own
  t.is(await reads(() => metrics.wrap(() => answer)(request())), 2);
  t.is(await reads(() => withAccessLog(() => answer, logger)(request())), 2);
  // both still measure: the later answer took its 20 ms
  logger.flush();
  const durations = lines.join('').trim().split('\n').map((l) => (JSON.parse(l) as { durationMs: number }).durationMs);
  t.true((durations[1] ?? 0) >= 19, String(durations[1]));
  const histogram = metrics.families().find((f) => f.name === 'rxconf_http_request_duration_seconds');
  t.true((histogram?.samples.find((s) => s.suffix === '_sum')?.value ?? 0) >= 0.019);
});
