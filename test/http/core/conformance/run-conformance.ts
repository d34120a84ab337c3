/**
 * The conformance suite over one transport: one server for the whole run,
 * whose handler is a fresh core on a fresh fixture for every case.
 */
import test from 'ava';
import type { CoreResponse, Handler } from '../../../../src/http/exchange.ts';
import { createRestconfCore } from '../../../../src/http/core/index.ts';
import type { Client } from '../../adapters/client.ts';
import { apiPathCases } from './api-path.cases.ts';
import type { Case } from './case.ts';
import { checkExchange } from './check-exchange.ts';
import { codeCases } from './code.cases.ts';
import { errorCases } from './errors.cases.ts';
import { fixture } from './fixtures.ts';
import { methodCases } from './methods.cases.ts';
import { modeCases } from './modes.cases.ts';
import { queryCases } from './query.cases.ts';
import { rfc8040Cases } from './rfc8040-examples.cases.ts';
import { routingCases } from './routing.cases.ts';

/** The adapters' request body limit in every run (errors.cases.ts sends more). */
export const MAX_BODY_BYTES = 256 * 1024;

export interface Running {
  readonly client: Client;
  stop(): Promise<void>;
}

export interface Transport {
  readonly name: string;
  start(handler: Handler, maxBodyBytes: number): Promise<Running>;
}

export const allCases: readonly Case[] = [
  ...routingCases, ...apiPathCases, ...modeCases, ...methodCases, ...queryCases, ...errorCases, ...rfc8040Cases, ...codeCases,
];

const idle: CoreResponse = { status: 503, headers: {}, body: undefined };

export const runConformance = (transport: Transport): void => {
  let handler: Handler = () => idle;
  let running: Running | undefined;
  const unexpected: unknown[] = [];
  test.before(async () => {
    running = await transport.start((request) => handler(request), MAX_BODY_BYTES);
  });
  test.after.always(async () => {
    await running?.client.close();
    await running?.stop();
  });
  for (const c of allCases) {
    test.serial(`${transport.name}: ${c.title}`, async (t) => {
      if (running === undefined) return t.fail('the server did not start');
      const f = fixture(c.fixture);
      unexpected.length = 0;
      handler = createRestconfCore({ ...f.options, onError: (e) => unexpected.push(e) });
      if ('run' in c) return c.run(t, running.client, f);
      for (const [i, x] of c.exchanges.entries()) await checkExchange(t, running.client, x, i);
      if (!c.exchanges.some((x) => x.expect.status === 500)) t.deepEqual(unexpected, [], 'no request failed unexpectedly (500)');
      return undefined;
    });
  }
};
