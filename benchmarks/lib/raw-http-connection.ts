/**
 * One keep-alive HTTP/1.1 connection on a bare socket, for load generation
 * cheaper than node:http's client: writes a GET, reads the answer's head,
 * skips `content-length` bytes of body. Answers without content-length
 * (chunked) are not supported and count as failures.
 */
import { connect, type Socket } from 'node:net';

interface Pending {
  resolve(status: number): void;
}

const headEnd = Buffer.from('\r\n\r\n');

export class RawHttpConnection {
  readonly #socket: Socket;
  readonly #request: Buffer;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: Pending | undefined;

  private constructor(socket: Socket, host: string, path: string) {
    this.#socket = socket;
    this.#request = Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${host}\r\n\r\n`);
    socket.setNoDelay(true);
    socket.on('data', (data: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? data : Buffer.concat([this.#buffer, data]);
      this.#parse();
    });
    socket.on('error', () => this.#settle(0));
    socket.on('close', () => this.#settle(0));
  }

  static open(host: string, port: number, path: string): Promise<RawHttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host, () => resolve(new RawHttpConnection(socket, host, path)));
      socket.once('error', reject);
    });
  }

  /** Sends one GET; resolves with the status (0 when the connection failed or the answer was unreadable). */
  get(): Promise<number> {
    return new Promise((resolve) => {
      this.#pending = { resolve };
      this.#socket.write(this.#request);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #parse(): void {
    const end = this.#buffer.indexOf(headEnd);
    if (end < 0) return;
    const head = this.#buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const match = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (match === null) {
      this.#settle(0);
      this.close();
      return;
    }
    const total = end + headEnd.length + Number(match[1]);
    if (this.#buffer.length < total) return;
    this.#buffer = this.#buffer.subarray(total);
    this.#settle(status);
  }

  #settle(status: number): void {
    const pending = this.#pending;
    this.#pending = undefined;
    pending?.resolve(status);
  }
}
