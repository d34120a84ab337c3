/**
 * A bare HTTP/2 client over one TCP connection that records, per stream,
 * how it ended: END_STREAM on a DATA or HEADERS frame, or RST_STREAM with
 * its code (RFC 9113 §6.1, §6.4). Node's http2 client ends a stream alike
 * either way; this one tells them apart. h2c by prior knowledge, or TLS
 * (ALPN h2) given the server's CA; it opens
 * its windows as it reads, as a browser does. Headers are sent as HPACK
 * literals without indexing (RFC 7541 §6.2.2); answers' headers are not
 * decoded (only their flags and lengths are read).
 */
import { connect, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface StreamEnd {
  readonly endStream: boolean;
  readonly rst?: number;
  readonly dataBytes: number;
}

const frame = (type: number, flags: number, stream: number, payload: Buffer): Buffer => {
  const head = Buffer.alloc(9);
  head.writeUIntBE(payload.length, 0, 3);
  head[3] = type;
  head[4] = flags;
  head.writeUInt32BE(stream, 5);
  return Buffer.concat([head, payload]);
};

const literal = (name: string, value: string): Buffer =>
  Buffer.concat([Buffer.from([0x00, name.length]), Buffer.from(name), Buffer.from([value.length]), Buffer.from(value)]);

const windowUpdate = (stream: number, increment: number): Buffer => {
  const p = Buffer.alloc(4);
  p.writeUInt32BE(increment, 0);
  return frame(8, 0, stream, p);
};

export class H2Frames {
  readonly #socket: Socket;
  #buffer = Buffer.alloc(0);
  #next = 1;
  readonly #streams = new Map<number, { end?: StreamEnd; bytes: number; done: (e: StreamEnd) => void }>();

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
  }

  static async open(port: number, ca?: Buffer): Promise<H2Frames> {
    const socket = ca === undefined ? connect(port, '127.0.0.1') : connectTls({ port, host: '127.0.0.1', ca, ALPNProtocols: ['h2'], servername: 'localhost' });
    await new Promise<void>((resolve, reject) => socket.once(ca === undefined ? 'connect' : 'secureConnect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    socket.write(Buffer.concat([Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), frame(4, 0, 0, Buffer.alloc(0))]));
    return new H2Frames(socket);
  }

  /** A GET of `path`; resolves with how its stream ended. */
  get(path: string): Promise<StreamEnd> {
    const id = this.#next;
    this.#next += 2;
    const block = Buffer.concat([literal(':method', 'GET'), literal(':scheme', 'http'), literal(':path', path), literal(':authority', '127.0.0.1')]);
    return new Promise((done) => {
      this.#streams.set(id, { bytes: 0, done });
      this.#socket.write(frame(1, 0x5, id, block)); // END_STREAM | END_HEADERS
    });
  }

  /** Reads nothing until `until` settles: the server's writes back up behind a busy connection, as behind a slow link. */
  stall(until: Promise<unknown>): void {
    this.#socket.pause();
    void until.finally(() => this.#socket.resume());
  }

  close(): void {
    this.#socket.destroy();
  }

  #read(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    while (this.#buffer.length >= 9) {
      const length = this.#buffer.readUIntBE(0, 3);
      if (this.#buffer.length < 9 + length) return;
      const type = this.#buffer[3] as number;
      const flags = this.#buffer[4] as number;
      const id = this.#buffer.readUInt32BE(5) & 0x7fffffff;
      const payload = this.#buffer.subarray(9, 9 + length);
      this.#buffer = this.#buffer.subarray(9 + length);
      this.#frame(type, flags, id, payload);
    }
  }

  #frame(type: number, flags: number, id: number, payload: Buffer): void {
    if (type === 4 && (flags & 1) === 0) this.#socket.write(frame(4, 1, 0, Buffer.alloc(0))); // SETTINGS ack
    if (type === 6 && (flags & 1) === 0) this.#socket.write(frame(6, 1, 0, payload)); // PING ack
    const s = this.#streams.get(id);
    if (s === undefined) return;
    if (type === 0) {
      s.bytes += length(payload, flags);
      if (payload.length > 0) this.#socket.write(Buffer.concat([windowUpdate(0, payload.length), windowUpdate(id, payload.length)]));
    }
    const ended = (type === 0 || type === 1) && (flags & 1) !== 0;
    if (ended) this.#end(id, { endStream: true, dataBytes: s.bytes });
    if (type === 3) this.#end(id, { endStream: false, rst: payload.readUInt32BE(0), dataBytes: s.bytes });
  }

  #end(id: number, end: StreamEnd): void {
    const s = this.#streams.get(id);
    if (s === undefined) return;
    this.#streams.delete(id);
    s.done(end);
  }
}

/** The data of a DATA frame, without its padding (RFC 9113 §6.1). */
const length = (payload: Buffer, flags: number): number => ((flags & 0x8) === 0 ? payload.length : payload.length - 1 - (payload[0] as number));
