/**
 * What the server counts of its answers: by method and status, and a
 * histogram of the time to answer by method. /metrics exposes it, the
 * rxconf-server stats container reads it by status (http-stats.ts); it
 * counts with /metrics off too.
 */
import { clockAtAnswer, clockAtEntry } from './request-clock.ts';
import type { CoreRequest, CoreResponse, Handler } from '../http/exchange.ts';
import { countedStatus } from './access-log.ts';
import type { Family, Sample } from './prometheus-text.ts';

/** Upper bounds (seconds) of the duration histogram's buckets. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Histogram {
  readonly counts: number[];
  sum: number;
  count: number;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method an answer is counted under (any other is 'other'). */
const methodOf = (req: CoreRequest): string => (METHODS.has(req.method) ? req.method : 'other');

export class RequestMetrics {
  /** Answers by method, then by status (no key string made per answer). */
  private readonly answers = new Map<string, Map<number, number>>();
  private readonly durations = new Map<string, Histogram>();

  /** Counts every answer of `inner`. */
  wrap(inner: Handler): Handler {
    return (req) => {
      const started = clockAtEntry(req);
      let answer;
      try {
        answer = inner(req);
      } catch (e) {
        this.observe(methodOf(req), 500, (clockAtAnswer(req) - started) / 1000);
        throw e;
      }
      // an answer given at once is counted here: no closure made for it
      if (!(answer instanceof Promise)) return this.counted(req, answer, started);
      return answer.then((res) => this.counted(req, res, started), (e: unknown) => {
        this.observe(methodOf(req), 500, (clockAtAnswer(req) - started) / 1000);
        throw e;
      });
    };
  }

  private counted(req: CoreRequest, res: CoreResponse, started: number): CoreResponse {
    this.observe(methodOf(req), countedStatus(req, res), (clockAtAnswer(req) - started) / 1000);
    return res;
  }

  /** Answers by status, every method together. */
  byStatus(): Map<number, number> {
    const out = new Map<number, number>();
    for (const statuses of this.answers.values()) for (const [status, value] of statuses) out.set(status, (out.get(status) ?? 0) + value);
    return out;
  }

  observe(method: string, status: number, seconds: number): void {
    let statuses = this.answers.get(method);
    if (statuses === undefined) this.answers.set(method, (statuses = new Map()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let h = this.durations.get(method);
    if (h === undefined) this.durations.set(method, (h = { counts: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
    if (bucket < DURATION_BUCKETS.length) h.counts[bucket] = (h.counts[bucket] ?? 0) + 1;
    h.sum += seconds;
    h.count += 1;
  }

  families(): Family[] {
    const requests: Sample[] = [...this.answers].flatMap(([method, statuses]) => [...statuses].map(([status, value]) => ({ labels: { method, status: String(status) }, value })));
    const durations: Sample[] = [];
    for (const [method, h] of this.durations) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += h.counts[i] ?? 0;
        durations.push({ suffix: '_bucket', labels: { method, le: String(le) }, value: cumulative });
      });
      durations.push({ suffix: '_bucket', labels: { method, le: '+Inf' }, value: h.count });
      durations.push({ suffix: '_sum', labels: { method }, value: h.sum });
      durations.push({ suffix: '_count', labels: { method }, value: h.count });
    }
    return [
      { name: 'rxconf_http_requests_total', help: 'Requests answered, by method and status.', type: 'counter', samples: requests },
      { name: 'rxconf_http_request_duration_seconds', help: 'Time from the request to the start of its answer, by method.', type: 'histogram', samples: durations },
    ];
  }
}
