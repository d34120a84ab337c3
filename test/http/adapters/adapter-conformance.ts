/**
 * One behaviour suite for every transport adapter. Each `*.test.ts` beside
 * this file calls `adapterConformance` with a Transport: how to start a
 * server on 127.0.0.1 (port 0) around a handler, and a client for it.
 */
import test, { type ExecutionContext } from 'ava';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { CoreRequest, CoreResponse, Handler } from '../../../src/http/exchange.ts';
import { BodyTooLarge } from '../../../src/http/adapters/index.ts';
import { type Client, type ClientResponse, fetchText, readAll } from './client.ts';
import { CountingStream, IdleStream, deferred } from './probes.ts';

export interface StartOptions {
  readonly maxBodyBytes?: number;
  readonly onError: (error: unknown) => void;
}

export interface Running {
  readonly client: Client;
  stop(): Promise<void>;
}

export interface Transport {
  readonly name: string;
  readonly protocol: 'http/1.1' | 'h2';
  readonly secure: boolean;
  /**
   * Request body bytes the transport still delivers after it was told to
   * pause (a property of the build, measured by its own test): the request
   * body bound is `aheadBound` plus this.
   */
  readonly readAfterPause?: number;
  start(handler: Handler, options: StartOptions): Promise<Running>;
}

type Routes = Readonly<Record<string, Handler>>;

const route = (routes: Routes): Handler => (request) => {
  const handler = routes[request.path];
  return handler === undefined ? { status: 404, headers: {}, body: 'no route' } : handler(request);
};

const text = (body: string, status = 200): CoreResponse => ({ status, headers: { 'content-type': 'text/plain' }, body });

export const adapterConformance = (transport: Transport): void => {
  const it = (title: string, run: (t: ExecutionContext) => Promise<void>): void => {
    test.serial(`${transport.name}: ${title}`, run);
  };
  const h2 = (title: string, run: (t: ExecutionContext) => Promise<void>): void => {
    if (transport.protocol === 'h2') it(title, run);
  };

  /** Runs `use` against a fresh server; returns what the adapter reported to onError. */
  const serve = async (handler: Handler, use: (client: Client) => Promise<void>, maxBodyBytes?: number): Promise<unknown[]> => {
    const errors: unknown[] = [];
    const options: StartOptions = maxBodyBytes === undefined
      ? { onError: (error) => errors.push(error) }
      : { maxBodyBytes, onError: (error) => errors.push(error) };
    const running = await transport.start(handler, options);
    try {
      await use(running.client);
    } finally {
      await running.client.close();
      await running.stop();
    }
    return errors;
  };

  it('status, headers and the request head round trip', async (t) => {
    const seen: CoreRequest[] = [];
    const remote: string[] = [];
    await serve((request) => {
      seen.push(request);
      remote.push(request.remoteAddress);
      return { status: 201, headers: { 'content-type': 'text/plain', 'x-answer': 'yes' }, body: 'created' };
    }, async (client) => {
      const first = await fetchText(client, { path: '/a/b%20c?x=1&y=two', headers: { 'x-one': '1', 'x-dup': ['a', 'b'] } });
      t.is(first.response.status, 201);
      t.is(first.response.headers['x-answer'], 'yes');
      t.is(first.response.headers['content-type'], 'text/plain');
      t.is(first.text, 'created');
      t.is((await fetchText(client, { method: 'DELETE', path: '/plain' })).response.status, 201);
    });
    const [first, second] = seen;
    if (first === undefined || second === undefined) return t.fail('the handler saw fewer than two requests');
    t.is(first.method, 'GET');
    t.is(first.path, '/a/b%20c');
    t.is(first.query, 'x=1&y=two');
    t.is(first.headers.get('x-one'), '1');
    t.is(first.headers.get('x-dup'), 'a, b');
    t.true(first.headers.has('host'));
    t.deepEqual([...first.headers.keys()].filter((name) => name !== name.toLowerCase() || name.startsWith(':')), []);
    t.is(first.protocol, transport.protocol);
    t.is(first.secure, transport.secure);
    t.is(remote[0], '127.0.0.1', 'read while the request is being answered');
    t.false(first.signal.aborted, 'a finished answer does not fire the signal');
    t.is(second.method, 'DELETE');
    t.is(second.path, '/plain');
    t.is(second.query, '');
  });

  it('a response\'s request id is sent as the x-request-id field, whole and streamed answers alike', async (t) => {
    async function* one(): AsyncGenerator<string> {
      yield 'streamed';
    }
    const shared = Object.freeze({ 'content-type': 'text/plain' });
    await serve(route({
      '/whole': () => ({ status: 200, headers: shared, body: 'whole', requestId: 'id-1' }),
      '/none': () => ({ status: 204, headers: shared, body: undefined, requestId: 'id-2' }),
      '/stream': () => ({ status: 200, headers: shared, body: one(), requestId: 'id-3' }),
      '/without': () => ({ status: 200, headers: shared, body: 'whole' }),
    }), async (client) => {
      const whole = await fetchText(client, { path: '/whole' });
      t.is(whole.response.headers['x-request-id'], 'id-1');
      t.is(whole.response.headers['content-type'], 'text/plain');
      t.is(whole.text, 'whole');
      t.is((await fetchText(client, { path: '/none' })).response.headers['x-request-id'], 'id-2');
      const streamed = await fetchText(client, { path: '/stream' });
      t.is(streamed.response.headers['x-request-id'], 'id-3');
      t.is(streamed.text, 'streamed');
      t.is((await fetchText(client, { path: '/without' })).response.headers['x-request-id'], undefined);
    });
  });

  it('string, bytes, empty and streamed bodies', async (t) => {
    async function* parts(): AsyncGenerator<string | Uint8Array> {
      yield 'ab';
      yield Buffer.from('cd');
      yield '';
      yield 'é';
    }
    await serve(route({
      '/string': () => text('héllo wörld'),
      '/bytes': () => ({ status: 200, headers: {}, body: Uint8Array.of(0, 1, 2, 255) }),
      '/none': () => ({ status: 200, headers: {}, body: undefined }),
      '/stream': async () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: parts() }),
    }), async (client) => {
      const string = await client.request({ path: '/string' });
      t.is(string.headers['content-length'], '13');
      t.is((await readAll(string.body)).toString('utf8'), 'héllo wörld');
      t.deepEqual([...(await readAll((await client.request({ path: '/bytes' })).body))], [0, 1, 2, 255]);
      const none = await client.request({ path: '/none' });
      t.is(none.status, 200);
      t.is((await readAll(none.body)).length, 0);
      t.is((await fetchText(client, { path: '/stream' })).text, 'abcdé');
    });
  });

  it('HEAD and 204 answers carry no body; an unsent stream is released', async (t) => {
    const unsent = new CountingStream(Buffer.from('never'));
    await serve(route({
      '/whole': () => text('hello'),
      '/stream': () => ({ status: 200, headers: {}, body: unsent }),
      '/nothing': () => ({ status: 204, headers: {}, body: 'dropped' }),
    }), async (client) => {
      const whole = await client.request({ method: 'HEAD', path: '/whole' });
      t.is(whole.status, 200);
      t.is(whole.headers['content-length'], '5');
      t.is((await readAll(whole.body)).length, 0);
      const stream = await client.request({ method: 'HEAD', path: '/stream' });
      t.is((await readAll(stream.body)).length, 0);
      const nothing = await client.request({ path: '/nothing' });
      t.is(nothing.status, 204);
      t.is((await readAll(nothing.body)).length, 0);
      t.is((await fetchText(client, { path: '/whole' })).text, 'hello', 'the connection is still in step');
    });
    t.is(unsent.pulls, 0);
    t.true(unsent.returned.settled);
  });

  it('a request body sent in several chunks arrives complete', async (t) => {
    const chunks = Array.from({ length: 6 }, (_, i) => Buffer.alloc(10_000, i + 1));
    const expected = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
    await serve(async (request) => {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of request.body) {
        hash.update(chunk);
        bytes += chunk.byteLength;
      }
      return text(JSON.stringify({ bytes, sha: hash.digest('hex') }));
    }, async (client) => {
      const variants: Record<string, string>[] = [{}, { 'content-length': '60000' }];
      for (const headers of variants) {
        const { response, text: answer } = await fetchText(client, { method: 'POST', path: '/upload', headers, body: chunks });
        t.is(response.status, 200);
        t.deepEqual(JSON.parse(answer), { bytes: 60_000, sha: expected });
      }
    });
  });

  it('a 20 MB request body pulled slowly is not read far ahead of the handler', async (t) => {
    const chunks = Array.from({ length: 320 }, () => Buffer.alloc(64 * 1024, 121));
    let written = 0;
    let pulled = 0;
    let maxAhead = 0;
    await serve(async (request) => {
      for await (const chunk of request.body) {
        pulled += chunk.byteLength;
        maxAhead = Math.max(maxAhead, written - pulled);
        await delay(1); // a slow consumer: the point is what the client gets to send meanwhile
      }
      return text(`read ${pulled}`);
    }, async (client) => {
      const { text: answer } = await fetchText(client, {
        method: 'POST',
        path: '/upload',
        body: chunks,
        onWritten: (bytes) => { written += bytes; },
      });
      t.is(answer, `read ${20 * 1024 * 1024}`);
    }, 32 * 1024 * 1024);
    t.log(`most written ahead of the handler: ${maxAhead} bytes`);
    const bound = aheadBound + (transport.readAfterPause ?? 0);
    t.true(maxAhead <= bound, `the client wrote ${maxAhead} bytes ahead of the handler (bound ${bound})`);
  });

  it('a request body over maxBodyBytes throws BodyTooLarge to the handler', async (t) => {
    const refusals: unknown[] = [];
    await serve(async (request) => {
      try {
        let bytes = 0;
        for await (const chunk of request.body) bytes += chunk.byteLength;
        return text(`read ${bytes}`);
      } catch (error) {
        refusals.push(error);
        return text('too large', 413);
      }
    }, async (client) => {
      const declared = await fetchText(client, { method: 'POST', path: '/', headers: { 'content-length': '5000' }, body: [Buffer.alloc(5000)] });
      t.is(declared.response.status, 413);
      const streamed = await fetchText(client, { method: 'POST', path: '/', body: Array.from({ length: 5 }, () => Buffer.alloc(1000)) });
      t.is(streamed.response.status, 413);
      const small = await fetchText(client, { method: 'POST', path: '/', body: [Buffer.alloc(1000)] });
      t.is(small.text, 'read 1000', 'exactly maxBodyBytes is allowed, and the server still serves');
    }, 1000);
    t.is(refusals.length, 2);
    for (const error of refusals) {
      t.true(error instanceof BodyTooLarge);
      t.is((error as BodyTooLarge).limit, 1000);
    }
  });

  it('a 20 MB answer read slowly is pulled only a bounded amount ahead of the client', async (t) => {
    const chunk = Buffer.alloc(64 * 1024, 120);
    const total = 20 * 1024 * 1024;
    let received = 0;
    let maxAhead = 0;
    const stream = new CountingStream(chunk, total, (s) => {
      maxAhead = Math.max(maxAhead, s.pulledBytes - received);
    });
    await serve(() => ({ status: 200, headers: { 'content-type': 'application/octet-stream' }, body: stream }), async (client) => {
      const response = await client.request({ path: '/big' });
      for await (const piece of response.body) {
        received += (piece as Buffer).length;
        await delay(1); // a slow reader: the point is what the server pulls meanwhile
      }
    });
    t.is(received, total);
    t.is(stream.pulledBytes, total);
    t.log(`most pulled ahead of the client: ${maxAhead} bytes (${Math.ceil(maxAhead / chunk.length)} chunks)`);
    t.true(maxAhead <= aheadBound, `pulled ${maxAhead} bytes ahead of the client (bound ${aheadBound})`);
  });

  it('a client that goes away mid-answer fires the signal and returns the stream', async (t) => {
    const stream = new CountingStream(Buffer.alloc(64 * 1024, 97));
    const aborted = deferred();
    await serve((request) => {
      request.signal.addEventListener('abort', () => aborted.resolve());
      return { status: 200, headers: {}, body: stream };
    }, async (client) => {
      const response = await client.request({ path: '/endless' });
      await once(response.body, 'readable');
      response.cancel();
      await Promise.all([aborted.promise, stream.returned.promise]);
    });
    t.true(aborted.settled);
    t.true(stream.returned.settled);
  });

  it('a client that goes away while the stream waits for its next event: return() is called at once', async (t) => {
    const stream = new IdleStream('data: first\n\n');
    const aborted = deferred();
    await serve(async (request) => {
      request.signal.addEventListener('abort', () => aborted.resolve());
      return { status: 200, headers: { 'content-type': 'text/event-stream' }, body: stream, flushEachChunk: true };
    }, async (client) => {
      const response = await client.request({ path: '/events' });
      t.is(response.headers['content-type'], 'text/event-stream');
      await once(response.body, 'readable');
      t.is(String(response.body.read()), 'data: first\n\n');
      response.cancel();
      await Promise.all([aborted.promise, stream.returned.promise]);
    });
    t.true(aborted.settled);
    t.true(stream.returned.settled);
  });

  it('a client that goes away while its answer is still to come fires the signal', async (t) => {
    const arrived = [deferred(), deferred()];
    const aborted = deferred();
    let readLater: boolean | undefined;
    await serve(route({
      // the signal listened to while the handler runs
      '/listening': (request) => {
        const { signal } = request;
        arrived[0]?.resolve();
        return new Promise((resolve) => signal.addEventListener('abort', () => {
          aborted.resolve();
          resolve(text('too late'));
        }));
      },
      // the signal first read once the client has gone
      '/reading-later': async (request) => {
        arrived[1]?.resolve();
        await delay(200);
        readLater = request.signal.aborted;
        return text('too late');
      },
    }), async (client) => {
      for (const [i, path] of ['/listening', '/reading-later'].entries()) {
        const leave = new AbortController();
        const pending = client.request({ path, signal: leave.signal }).catch(() => undefined);
        await arrived[i]?.promise;
        leave.abort();
        await pending;
      }
      // bounded: a transport that never tells fails here rather than hanging
      await Promise.race([aborted.promise, delay(5000)]);
      for (let i = 0; i < 500 && readLater === undefined; i++) await delay(10);
    });
    t.true(aborted.settled, 'the signal listened to fired');
    t.true(readLater, 'a signal made after the client left is aborted');
  });

  it('a handler that throws or rejects gives 500 and the server stays up', async (t) => {
    async function* broken(): AsyncGenerator<string> {
      yield 'partial';
      throw new Error('stream boom');
    }
    const errors = await serve(route({
      '/throw': () => { throw new Error('sync boom'); },
      '/reject': () => Promise.reject(new Error('async boom')),
      '/broken': async () => ({ status: 200, headers: {}, body: broken() }),
      '/ok': () => text('fine'),
    }), async (client) => {
      t.is((await fetchText(client, { path: '/throw' })).response.status, 500);
      t.is((await fetchText(client, { path: '/reject' })).response.status, 500);
      await t.throwsAsync(async () => readAll((await client.request({ path: '/broken' })).body));
      const ok = await fetchText(client, { path: '/ok' });
      t.is(ok.response.status, 200);
      t.is(ok.text, 'fine');
    });
    t.deepEqual(errors.map((error) => (error as Error).message), ['sync boom', 'async boom', 'stream boom']);
  });

  it('an answer whose head cannot be written as given becomes a 500', async (t) => {
    const errors = await serve(route({
      '/split': () => ({ status: 200, headers: { 'x-evil': 'a\r\nset-cookie: b=c' }, body: 'x' }),
      '/name': () => ({ status: 200, headers: { 'bad name': 'x' }, body: 'x' }),
      '/status': () => ({ status: 42, headers: {}, body: 'x' }),
      '/ok': () => text('fine'),
    }), async (client) => {
      for (const path of ['/split', '/name', '/status']) {
        const { response, text: answer } = await fetchText(client, { path });
        t.is(response.status, 500, path);
        // the RFC 8040 error body every thrown answer gets, nothing of the answer that failed
        t.is(((JSON.parse(answer) as { errors: { error: { 'error-tag': string }[] } }).errors.error[0] as { 'error-tag': string })['error-tag'], 'operation-failed');
        t.false(answer.includes('b=c'));
        t.is(response.headers['set-cookie'], undefined);
      }
      t.is((await fetchText(client, { path: '/ok' })).text, 'fine');
    });
    t.is(errors.length, 3);
    t.true(errors.every((error) => error instanceof TypeError));
  });

  it('many requests on one keep-alive connection', async (t) => {
    const responses: ClientResponse[] = [];
    await serve(route({
      '/sync': () => text('sync'),
      '/async': async () => text('async'),
      '/echo': async (request) => {
        let bytes = 0;
        for await (const chunk of request.body) bytes += chunk.byteLength;
        return text(`echo ${bytes}`);
      },
    }), async (client) => {
      for (let i = 0; i < 30; i += 1) {
        const kind = ['sync', 'async', 'echo'][i % 3] ?? 'sync';
        const body = kind === 'echo' ? { method: 'POST', body: [Buffer.alloc(i)] } : {};
        const { response, text: answer } = await fetchText(client, { path: `/${kind}`, ...body });
        t.is(answer, kind === 'echo' ? `echo ${i}` : kind);
        responses.push(response);
      }
    });
    t.is(new Set(responses.map((response) => response.connection)).size, 1);
  });

  it('closing the server ends unfinished answers: their signal fires and their stream is returned', async (t) => {
    const stream = new IdleStream('data: first\n\n');
    const aborted = deferred();
    const running = await transport.start((request) => {
      request.signal.addEventListener('abort', () => aborted.resolve());
      return { status: 200, headers: {}, body: stream, flushEachChunk: true };
    }, { onError: () => {} });
    try {
      const response = await running.client.request({ path: '/events' });
      await once(response.body, 'readable');
      await running.stop();
      await Promise.all([aborted.promise, stream.returned.promise]);
    } finally {
      await running.client.close();
    }
    t.true(aborted.settled);
    t.true(stream.returned.settled);
  });

  h2('10 concurrent streams on one session', async (t) => {
    const allIn = deferred();
    let arrived = 0;
    const responses: ClientResponse[] = [];
    await serve(async (request) => {
      arrived += 1;
      if (arrived === 10) allIn.resolve();
      await allIn.promise; // answers only once all ten are in flight together
      return text(request.path);
    }, async (client) => {
      const answers = await Promise.all(Array.from({ length: 10 }, async (_, i) => {
        const { response, text: answer } = await fetchText(client, { path: `/s${i}` });
        responses.push(response);
        return answer;
      }));
      t.deepEqual(answers, Array.from({ length: 10 }, (_, i) => `/s${i}`));
    });
    t.is(new Set(responses.map((response) => response.connection)).size, 1);
  });

  h2('closing one stream mid-answer cancels only that one', async (t) => {
    const chunk = Buffer.alloc(16 * 1024, 98);
    const endless = new CountingStream(chunk);
    const finite = new CountingStream(chunk, 1024 * 1024);
    const endlessAborted = deferred();
    let finiteSignal: AbortSignal | undefined;
    await serve(route({
      '/endless': (request) => {
        request.signal.addEventListener('abort', () => endlessAborted.resolve());
        return { status: 200, headers: {}, body: endless };
      },
      '/finite': (request) => {
        finiteSignal = request.signal;
        return { status: 200, headers: {}, body: finite };
      },
      '/ok': () => text('fine'),
    }), async (client) => {
      const [a, b] = await Promise.all([client.request({ path: '/endless' }), client.request({ path: '/finite' })]);
      await Promise.all([once(a.body, 'readable'), once(b.body, 'readable')]);
      a.cancel();
      await Promise.all([endlessAborted.promise, endless.returned.promise]);
      t.is((await readAll(b.body)).length, 1024 * 1024);
      t.is((await fetchText(client, { path: '/ok' })).text, 'fine');
    });
    t.false(finiteSignal?.aborted ?? true);
    t.false(finite.returned.settled, 'a stream that ran out is not returned');
  });
};

/**
 * How far one side may run ahead of the other: the adapter holds at most a
 * chunk or two, but the kernel's socket buffers on both ends (auto-tuned, a
 * few MB on loopback) and the peer library's own buffer sit in between.
 * Without backpressure the whole 20 MB would run ahead at once.
 */
const aheadBound = 8 * 1024 * 1024;
