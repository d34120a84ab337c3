/** What the conformance suite asks of a client, whatever the protocol. */
import type { Readable } from 'node:stream';

export interface ClientRequestInit {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  /** Written one after another, each once the previous was handed to the socket. Absent: no body. */
  readonly body?: readonly (string | Uint8Array)[];
  /** Told the size of each body chunk once the transport took it. */
  readonly onWritten?: (bytes: number) => void;
  /** Aborting it gives up on the request, answered or not: HTTP/1.1 destroys the connection, HTTP/2 resets the stream. */
  readonly signal?: AbortSignal;
}

export interface ClientResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  /** The body as it arrives (paused until read). */
  readonly body: Readable;
  /** Gives up on this answer: HTTP/1.1 destroys the connection, HTTP/2 resets the stream (CANCEL). */
  cancel(): void;
  /** The connection it came on (socket or session): the same object means the same connection. */
  readonly connection: object;
}

export interface Client {
  request(init: ClientRequestInit): Promise<ClientResponse>;
  close(): Promise<void>;
}

export const readAll = async (body: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export const fetchText = async (client: Client, init: ClientRequestInit): Promise<{ response: ClientResponse; text: string }> => {
  const response = await client.request(init);
  return { response, text: (await readAll(response.body)).toString('utf8') };
};
