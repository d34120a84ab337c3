/**
 * What `connect` is given: where the server's RESTCONF root is, who the
 * client is (HTTP Basic or a Bearer token, or any headers), which
 * compliance mode it speaks, and the CAs its TLS certificate is checked
 * against. Checked at run time with an io-ts codec (JavaScript callers
 * have no compiler to do it); every problem is reported at once.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';

export interface ConnectOptions {
  /** HTTP Basic (`{ user, password }`) or a Bearer token (`{ token }`). */
  readonly credentials?: { readonly user: string; readonly password: string } | { readonly token: string };
  /** Headers sent with every request (after the credentials, so they may override them). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * 'strict' (default): RFC 7951 JSON, `application/yang-data+json`.
   * 'simplified': the service's plain JSON, `application/json`.
   */
  readonly mode?: 'strict' | 'simplified';
  /** PEM CA certificates the server's certificate is checked against (https URLs). */
  readonly ca?: string | Buffer | readonly (string | Buffer)[];
  /** Client certificate and key (PEM) for servers that authenticate by certificate. */
  readonly cert?: string | Buffer;
  readonly key?: string | Buffer;
  /** Milliseconds a request (not an event stream) may take; default 30,000. */
  readonly timeoutMs?: number;
}

const pem = t.union([t.string, t.unknown as t.Type<unknown>]);
const codec = t.partial({
  credentials: t.union([t.type({ user: t.string, password: t.string }), t.type({ token: t.string })]),
  headers: t.record(t.string, t.string),
  mode: t.keyof({ strict: null, simplified: null }),
  ca: t.union([pem, t.readonlyArray(pem)]),
  cert: pem,
  key: pem,
  timeoutMs: t.refinement(t.number, (n) => Number.isInteger(n) && n > 0, 'a positive integer'),
});

/** The options' problems, `options.credentials: expected ..., got ...`; empty when they are fine. */
export const checkConnectOptions = (options: unknown): string[] => {
  const r = codec.decode(options ?? {});
  if (!isLeft(r)) return [];
  return r.left.map((e) => {
    const keys = e.context.map((c) => c.key).filter((k) => k !== '' && !/^\d+$/.test(k));
    const expected = e.context[e.context.length - 1]?.type.name ?? 'an object';
    return `options${keys.length > 0 ? `.${keys[0]}` : ''}: expected ${expected}, got ${JSON.stringify(e.value) ?? String(e.value)}`;
  }).filter((m, i, all) => all.indexOf(m) === i);
};
