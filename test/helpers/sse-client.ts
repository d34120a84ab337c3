/**
 * A plain Server-Sent Events client over node:http: no library, just the
 * wire format (`data:` lines, blank line between events, `:` comments).
 */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseMessage {
  readonly event: string | undefined;
  readonly data: string;
}

export class SseClient {
  readonly messages: SseMessage[] = [];
  readonly comments: string[] = [];
  private waiters: (() => void)[] = [];
  private buffer = '';
  ended = false;
  status = 0;
  headers: IncomingMessage['headers'] = {};

  private constructor(private readonly req: ClientRequest) {}

  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers } });
      const client = new SseClient(req);
      req.on('response', (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.feed(chunk));
        res.on('end', () => client.finish());
        res.on('error', () => client.finish());
        resolve(client);
      });
      req.on('error', (e) => (client.status === 0 ? reject(e) : client.finish()));
      req.end();
    });
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    let at: number;
    while ((at = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, at);
      this.buffer = this.buffer.slice(at + 2);
      let event: string | undefined;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
        else if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) this.messages.push({ event, data: data.join('\n') });
    }
    this.wake();
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  /** Resolves when `count` messages have arrived (or the stream ended: then it rejects). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<SseMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (this.ended) throw new Error(`stream ended after ${this.messages.length} of ${count} messages`);
      if (Date.now() > deadline) throw new Error(`timed out with ${this.messages.length} of ${count} messages`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return this.messages.slice(0, count);
  }

  /** The parsed JSON of each data message. */
  json(): unknown[] {
    return this.messages.map((m) => JSON.parse(m.data) as unknown);
  }

  /** Closes the stream as a client would. */
  close(): void {
    this.req.destroy();
  }

  /** Cuts the connection abruptly (no FIN handshake from the app's side: a reset). */
  cut(): void {
    this.req.socket?.resetAndDestroy();
  }
}
