/**
 * Conformance cases as data: each a fixture (a fresh server state) and a
 * sequence of exchanges, each a request and what the answer must be. Every
 * transport runs the same cases (run-conformance.ts).
 */
import type { ExecutionContext } from 'ava';
import type { Client } from '../../adapters/client.ts';
import type { Fixture, FixtureName } from './fixtures.ts';

export interface ExpectedError {
  readonly tag: string;
  readonly type?: string;
  readonly path?: string;
  readonly appTag?: string;
  readonly message?: string | RegExp;
  /** The wrapper member: `ietf-restconf:errors` (strict) or `errors` (simplified). */
  readonly key?: 'ietf-restconf:errors' | 'errors';
}

export interface Expect {
  readonly status: number;
  /** By lower-case name: the exact value, a pattern, or null for "absent". */
  readonly headers?: Readonly<Record<string, string | RegExp | null>>;
  /** The body parsed as JSON equals this. */
  readonly json?: unknown;
  /** The body parsed as JSON has at least these members (ava's t.like). */
  readonly like?: Record<string, unknown>;
  /** The body is an RFC 8040 errors document whose first error is like this. */
  readonly error?: ExpectedError;
  /** The raw body. */
  readonly text?: string | RegExp;
}

export interface Exchange {
  readonly method?: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string or bytes are sent as they are; anything else as JSON. */
  readonly body?: unknown;
  readonly expect: Expect;
}

export interface DataCase {
  readonly title: string;
  readonly fixture: FixtureName;
  readonly exchanges: readonly Exchange[];
}

/** A case that needs code (streams, aborts, state checks); the fixture gives the server's insides. */
export interface CodeCase {
  readonly title: string;
  readonly fixture: FixtureName;
  readonly run: (t: ExecutionContext, client: Client, fixture: Fixture) => Promise<void>;
}

export type Case = DataCase | CodeCase;

/** Request headers of the strict mode: RFC 8040's own media type. */
export const STRICT = { accept: 'application/yang-data+json', 'content-type': 'application/yang-data+json' } as const;
/** Strict for a request without a body. */
export const STRICT_GET = { accept: 'application/yang-data+json' } as const;
