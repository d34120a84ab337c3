/** What the server has answered, by status; read by the rxconf-server stats container. */
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
}
