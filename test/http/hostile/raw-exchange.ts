/**
 * One request as raw bytes over its own socket, and what came back: the
 * status of the answer, a close without one, or nothing within the bound
 * (a request without an answer). The answer's body is kept when it is a 500,
 * to tell a typed RFC 8040 error from an untyped one.
 */
import { connect } from 'node:net';

/** uWS closes idle sockets after 10 s, checked every 4 s: every request is answered or closed well within this. */
export const BOUND_MS = 20_000;

export type Outcome =
  | { readonly kind: 'status'; readonly status: number; readonly body: string }
  | { readonly kind: 'closed' }
  | { readonly kind: 'no answer' };

const HEAD = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n[\s\S]*?\r\n\r\n/;

export const rawExchange = (port: number, bytes: Buffer, boundMs = BOUND_MS): Promise<Outcome> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let settled = false;
    let status: number | undefined;
    let bodyAt = 0;
    const finish = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const withStatus = (): Outcome => ({ kind: 'status', status: status as number, body: received.subarray(bodyAt).toString('utf8') });
    const timer = setTimeout(() => finish(status === undefined ? { kind: 'no answer' } : withStatus()), boundMs);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (status === undefined) {
        const head = HEAD.exec(received.toString('latin1'));
        if (head === null) return;
        status = Number(head[1]);
        bodyAt = Buffer.byteLength(head[0], 'latin1');
      }
      // A 500's body tells whether it is a typed error: wait for it (the close, or a little while).
      if (status !== 500) finish(withStatus());
      else setTimeout(() => finish(withStatus()), 500);
    });
    socket.on('close', () => finish(status === undefined ? { kind: 'closed' } : withStatus()));
    socket.on('error', () => finish(status === undefined ? { kind: 'closed' } : withStatus()));
    socket.write(bytes);
  });

/** Whether a 500's body is an RFC 8040 error document (`errors` with an `error-tag`). */
export const isTypedError = (body: string): boolean => {
  const json = /\{[\s\S]*\}/.exec(body)?.[0];
  if (json === undefined) return false;
  try {
    const doc = JSON.parse(json) as Record<string, { error?: { 'error-tag'?: unknown }[] }>;
    const errors = doc['ietf-restconf:errors'] ?? doc['errors'];
    return typeof errors?.error?.[0]?.['error-tag'] === 'string';
  } catch {
    return false;
  }
};

/** Runs `count` tasks, at most `width` at a time. */
export const pool = async (count: number, width: number, task: (i: number) => Promise<void>): Promise<void> => {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
};

/** Active timers of this process (Timeout handles). */
export const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** Waits (up to `ms`) until `ok()` holds; answers whether it did. */
export const settles = async (ok: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ok();
};
