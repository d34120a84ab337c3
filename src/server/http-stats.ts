/** What the server has answered, by status; read by the rxconf-server stats container. */
import type { Handler } from '../http/exchange.ts';
import { countedStatus } from './access-log.ts';

export class HttpStats {
  constructor(private readonly openConnections: () => number = () => 0) {}

  /** Client connections open now, on every transport. */
  get connections(): number {
    return this.openConnections();
  }

  requests = 0;
  readonly responses = new Map<number, number>();

  answered(status: number): void {
    this.requests += 1;
    this.responses.set(status, (this.responses.get(status) ?? 0) + 1);
  }

  /** Counts every answer of `inner` (a throw as 500). */
  wrap(inner: Handler): Handler {
    return (req) => {
      const answer = inner(req);
      if (answer instanceof Promise) return answer.then((r) => (this.answered(countedStatus(req, r)), r), (e: unknown) => {
        this.answered(500);
        throw e;
      });
      this.answered(countedStatus(req, answer));
      return answer;
    };
  }
}
