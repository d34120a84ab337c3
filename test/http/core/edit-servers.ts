/**
 * Servers for the edit tests: the rx-edits
 * fixtures served by createServer over real sockets, on uWS and node:http,
 * in both compliance modes (plain names by default; RFC 7951 with
 * application/yang-data+json). Each case is a sequence of exchanges; cases
 * run one after another on one server per transport and mode, each starting
 * from the data it PUTs.
 */
import test from 'ava';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';
import type { Client } from '../adapters/client.ts';
import { http1Client } from '../adapters/http1-client.ts';
import type { Exchange } from './conformance/case.ts';
import { checkExchange } from './conformance/check-exchange.ts';

export const EDITS_YANG = join(import.meta.dirname, '..', '..', 'fixtures', 'yang', 'edits');
export const M = 'rx-edits';
export const B = 'rx-edits-b';
export const TOP = `/restconf/data/${M}:top`;

export type Json = Record<string, unknown>;
export type Mode = 'plain' | 'strict';

/** What a mode sends and expects. */
export interface Modal {
  readonly mode: Mode;
  readonly strict: boolean;
  /** Headers of a request with a JSON body. */
  readonly send: Readonly<Record<string, string>>;
  /** Headers of a request without a body. */
  readonly get: Readonly<Record<string, string>>;
  /** A member of module `module` (rx-edits by default) at the top of a document: qualified when strict. */
  readonly top: (name: string, value: unknown, module?: string) => Json;
  /** The errors wrapper member of the mode. */
  readonly errors: string;
}

export const modal = (mode: Mode): Modal => {
  const strict = mode === 'strict';
  return {
    mode,
    strict,
    send: strict ? { 'content-type': 'application/yang-data+json', accept: 'application/yang-data+json' } : { 'content-type': 'application/json' },
    get: strict ? { accept: 'application/yang-data+json' } : {},
    top: (name, value, module = M) => ({ [strict ? `${module}:${name}` : name]: value }),
    errors: strict ? 'ietf-restconf:errors' : 'errors',
  };
};

export interface EditCase {
  readonly title: string;
  readonly exchanges: (m: Modal) => readonly Exchange[];
}

interface Transport {
  readonly name: 'uws' | 'http1';
}

const transports: readonly Transport[] = [{ name: 'uws' }, { name: 'http1' }];

/** Registers every case on every transport and in both modes. */
export const runEditCases = (cases: readonly EditCase[]): void => {
  for (const transport of transports) {
    for (const mode of ['plain', 'strict'] as const) {
      const m = modal(mode);
      let server: RxconfServer | undefined;
      let client: Client | undefined;
      test.before(async () => {
        server = createServer({
          searchPath: [EDITS_YANG],
          modules: [M, B],
          data: false,
          host: '127.0.0.1',
          port: 0,
          transport: transport.name,
          logger: false,
          accessLog: false,
        });
        const { port } = await server.listen();
        client = http1Client(port);
      });
      test.after.always(async () => {
        await client?.close();
        await server?.close();
      });
      for (const c of cases) {
        test.serial(`${transport.name} ${mode}: ${c.title}`, async (t) => {
          if (client === undefined) return t.fail('the server did not start');
          for (const [i, x] of c.exchanges(m).entries()) await checkExchange(t, client, x, i);
          return undefined;
        });
      }
    }
  }
};
