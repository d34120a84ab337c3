/**
 * A throw anywhere in the pipeline, over a real socket, is answered 500
 * operation-failed with an RFC 8040 errors document in the request's
 * compliance mode, and what was thrown is logged with its stack (in the
 * core and in the application's filters a plain Error's message is the
 * error-message, as docs/http.md says; what the server's own stages threw
 * is not sent): an application filter that throws or rejects, an
 * operation handler that throws, and a stage in front of the core (the
 * access log's logger) that throws. The server keeps answering.
 */
import test from 'ava';
import { join } from 'node:path';
import type { RequestFilter } from '../../src/http/core/index.ts';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import type { Logger } from '../../src/server/logger.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const logged: { fields: Record<string, unknown>; message: string }[] = [];
let infoThrows = false;

const logger: Logger = {
  info: () => {
    if (infoThrows) throw new Error('the log sink broke: secret-detail-3');
  },
  warn: () => undefined,
  error: (fields: unknown, message?: unknown) => {
    logged.push({ fields: fields as Record<string, unknown>, message: String(message ?? '') });
  },
};

const filters: RequestFilter[] = [
  (req) => {
    if (req.headers.get('x-fail') === 'filter') throw new Error('filter broke: secret-detail-1');
    if (req.headers.get('x-fail') === 'async-filter') return Promise.reject(new Error('async filter broke: secret-detail-2'));
    return undefined;
  },
];

let s: { server: RxconfServer; url: string };
test.before(async () => {
  const server = createServer({
    searchPath: [yang], modules: ['cs-nacm'], host: '127.0.0.1', port: 0, data: false, logger, filters,
    app: (app) => {
      app.operation('cs-nacm:ping', () => {
        throw new Error('handler broke: secret-detail-4');
      });
    },
  });
  const { url } = await server.listen();
  s = { server, url };
});
test.after.always(async () => {
  await s.server.close();
});

const get = async (headers: Record<string, string>, method = 'GET', path = 'cs-nacm:system'): Promise<{ status: number; type: string | null; text: string }> => {
  const r = await fetch(`${s.url}/restconf/${method === 'POST' ? 'operations' : 'data'}/${path}`, { method, headers });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
};

const operationFailed = (t: import('ava').ExecutionContext, r: { status: number; type: string | null; text: string }, strict: boolean, secret: string, sent: boolean): void => {
  t.is(r.status, 500);
  t.is(r.type, strict ? 'application/yang-data+json' : 'application/json');
  const body = JSON.parse(r.text) as Record<string, { error: { 'error-tag': string; 'error-type': string; 'error-message': string }[] }>;
  const error = body[strict ? 'ietf-restconf:errors' : 'errors']?.error[0];
  t.is(error?.['error-tag'], 'operation-failed');
  t.is(r.text.includes(secret), sent, sent ? 'an Error\'s message is the error-message in the core' : 'what a stage in front of the core threw is not sent');
  const line = logged.find((l) => JSON.stringify(l.fields.err instanceof Error ? { m: l.fields.err.message, s: l.fields.err.stack } : l.fields).includes(secret));
  t.truthy(line, 'what was thrown is logged');
  t.true(line?.fields.err instanceof Error && (line.fields.err.stack ?? '').includes('thrown-errors.test.ts'), 'with its stack');
};

for (const strict of [false, true]) {
  const accept: Record<string, string> = strict ? { accept: 'application/yang-data+json' } : {};
  const mode = strict ? 'strict' : 'plain';

  test.serial(`${mode}: an application filter that throws is 500 operation-failed with an errors body`, async (t) => {
    operationFailed(t, await get({ ...accept, 'x-fail': 'filter' }), strict, 'secret-detail-1', true);
  });

  test.serial(`${mode}: an application filter that rejects is 500 operation-failed with an errors body`, async (t) => {
    operationFailed(t, await get({ ...accept, 'x-fail': 'async-filter' }), strict, 'secret-detail-2', true);
  });

  test.serial(`${mode}: an operation handler that throws is 500 operation-failed with an errors body`, async (t) => {
    operationFailed(t, await get(accept, 'POST', 'cs-nacm:ping'), strict, 'secret-detail-4', true);
  });

  test.serial(`${mode}: a stage in front of the core that throws (the access log) is 500 operation-failed with an errors body`, async (t) => {
    infoThrows = true;
    try {
      operationFailed(t, await get(accept), strict, 'secret-detail-3', false);
    } finally {
      infoThrows = false;
    }
  });
}

test.serial('the server keeps answering', async (t) => {
  const r = await get({}, 'GET', 'ietf-restconf-monitoring:restconf-state/capabilities');
  t.is(r.status, 200);
});
