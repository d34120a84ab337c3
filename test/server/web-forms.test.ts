/**
 * Web interfaces over real sockets, on uWS and node:http: rpc and action
 * input from urlencoded and multipart forms (text fields, JSON parts for
 * lists and anydata, a file streamed into a binary leaf — 100 MB with the
 * server's memory staying flat), the compliance mode and credentials as URL
 * parameters (credentials only when configured, never in the access log).
 */
import test from 'ava';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Subject } from 'rxjs';
import { hashPassword, formatUsers } from '../../src/server/auth/password-file.ts';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';
import type { FormUpload, FormUploads } from '../../src/http/core/body/index.ts';
import { SseClient } from '../helpers/sse-client.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'web');
const TRANSPORTS = ['uws', 'http1'] as const;
const MB = 1024 * 1024;

interface Seen { input?: unknown; upload?: { field: string; filename: string; mediaType: string; same: boolean; members: readonly string[] | undefined }; error?: string }

interface Served { server: RxconfServer; url: string; seen: Seen[]; ticks: Subject<{ n: number }>; logs: unknown[] }

const serve = async (transport: 'uws' | 'http1', extra: Partial<ServerOptions> = {}): Promise<Served> => {
  const seen: Seen[] = [];
  const logs: unknown[] = [];
  const ticks = new Subject<{ n: number }>();
  const log = (...args: unknown[]): void => { logs.push(args); };
  const server = createServer({
    searchPath: [yang], modules: ['web-forms'], host: '127.0.0.1', port: 0, transport, data: false,
    logger: { info: log, warn: log, error: log },
    limits: { maxBodyBytes: 64 * MB },
    ...extra,
    app: (app) => {
      app.operation('web-forms:configure', ({ input }) => {
        seen.push({ input });
        return { summary: JSON.stringify(input) };
      });
      app.operation('web-forms:avatar', async ({ context }) => {
        const file = context['uploads'] as FormUploads | undefined;
        let bytes = 0;
        try {
          for await (const chunk of file?.upload ?? []) bytes += chunk.byteLength;
        } catch (e) {
          seen.push({ error: String(e) });
          throw e;
        }
        return { bytes };
      });
      app.operation('web-forms:devices/device/upload', async ({ input, context }) => {
        // The file at its leaf in the input, and in the context (its node's path with it).
        const image = input?.['image'] as FormUpload | undefined;
        const file = context['uploads'] as FormUploads | undefined;
        const entry: Seen = { input: { ...input, image: image === undefined ? undefined : 'upload' } };
        seen.push(entry);
        const hash = createHash('sha256');
        let bytes = 0;
        if (image !== undefined) {
          entry.upload = { field: image.field, filename: image.filename, mediaType: image.mediaType, same: file?.upload === image, members: file?.members };
          try {
            for await (const chunk of image) {
              hash.update(chunk);
              bytes += chunk.byteLength;
            }
          } catch (e) {
            entry.error = String(e);
            throw e;
          }
        }
        const i = input as { label?: string; tags?: string[]; part?: unknown[]; meta?: unknown; verify?: boolean };
        return { label: i.label, bytes: String(bytes), sha256: hash.digest('hex'), summary: JSON.stringify({ tags: i.tags, part: i.part, meta: i.meta, verify: i.verify }) };
      });
      app.notification('web-forms:tick', ticks);
    },
  });
  const { url } = await server.listen();
  const r = await fetch(`${url}/restconf/data/web-forms:devices`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ devices: { device: [{ name: 'd1' }] } }) });
  if (r.status >= 300) throw new Error(`seeding: ${r.status} ${await r.text()}`);
  return { server, url, seen, ticks, logs };
};

const ACTION = '/restconf/data/web-forms:devices/device=d1/upload';
const RPC = '/restconf/data/web-forms:configure';

/** A multipart/form-data body of small parts, whole. */
const multipart = (boundary: string, parts: readonly { name: string; value: string | Buffer; filename?: string; type?: string }[]): Uint8Array<ArrayBuffer> => {
  const bytes = Buffer.concat([...parts.flatMap((p) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}\r\n${p.type === undefined ? '' : `Content-Type: ${p.type}\r\n`}\r\n`),
    typeof p.value === 'string' ? Buffer.from(p.value) : p.value,
    Buffer.from('\r\n'),
  ]), Buffer.from(`--${boundary}--\r\n`)]);
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
};

const json = async (r: Response): Promise<Record<string, unknown>> => JSON.parse(await r.text()) as Record<string, unknown>;

const errorsOf = (body: Record<string, unknown>): { 'error-tag': string; 'error-path'?: string; 'error-message'?: string }[] =>
  ((body['ietf-restconf:errors'] ?? body['errors']) as { error: [] } | undefined)?.error ?? [];

for (const transport of TRANSPORTS) {
  test(`${transport}: an urlencoded form runs an rpc; its fields in their types; the answer in the request's mode`, async (t) => {
    const s = await serve(transport);
    try {
      const r = await fetch(`${s.url}${RPC}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'level=7&mode=safe&dry-run=on' });
      t.is(r.status, 200);
      t.deepEqual(await json(r), { summary: JSON.stringify({ level: 7, mode: 'safe', 'dry-run': [null] }) });
      t.deepEqual(s.seen[0]?.input, { level: 7, mode: 'safe', 'dry-run': [null] });
      // URLSearchParams as a browser form sends it (+ for space, percent-encoding), strict answer by Accept.
      const strict = await fetch(`${s.url}/restconf/operations/web-forms:configure`, { method: 'POST', headers: { accept: 'application/yang-data+json' }, body: new URLSearchParams({ level: '3', mode: '' }) });
      t.is(strict.status, 200);
      t.deepEqual(await json(strict), { 'web-forms:output': { summary: JSON.stringify({ level: 3 }) } }, 'an empty field is not given');
    } finally {
      await s.server.close();
    }
  });

  test(`${transport}: a form's bad fields answer 400 with every error located, and nothing runs`, async (t) => {
    const s = await serve(transport);
    try {
      const r = await fetch(`${s.url}${RPC}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'level=11&colour=red' });
      t.is(r.status, 400);
      const errors = errorsOf(await json(r));
      t.true(errors.some((e) => e['error-tag'] === 'unknown-element' && /colour/.test(e['error-message'] ?? '')), JSON.stringify(errors));
      t.true(errors.some((e) => e['error-tag'] === 'invalid-value' && /11/.test(e['error-message'] ?? '')), 'the range error too: all collected');
      const missing = await fetch(`${s.url}${RPC}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'mode=fast' });
      const asJson = await fetch(`${s.url}${RPC}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"fast"}' });
      t.is(missing.status, asJson.status, 'a missing mandatory field answers as in a JSON body');
      t.deepEqual(errorsOf(await json(missing)), errorsOf(await json(asJson)));
      t.regex(JSON.stringify(errorsOf(await json(await fetch(`${s.url}${RPC}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'mode=fast' })))), /level/);
      const range = await fetch(`${s.url}${RPC}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'level=11' });
      t.is(range.status, 400);
      t.regex(errorsOf(await json(range))[0]?.['error-path'] ?? '', /web-forms:configure/);
      t.is(s.seen.length, 0, 'the handler never ran');
      // Form types are operation input only: a data resource still answers 415.
      const put = await fetch(`${s.url}/restconf/data/web-forms:devices`, { method: 'PATCH', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'device=x' });
      t.is(put.status, 415);
    } finally {
      await s.server.close();
    }
  });

  test(`${transport}: multipart fields, repeated values for a leaf-list, JSON parts for list entries and anydata, a small file`, async (t) => {
    const s = await serve(transport);
    try {
      const boundary = 'rxconf-test-boundary';
      const body = multipart(boundary, [
        { name: 'label', value: 'firmware' },
        { name: 'verify', value: 'on' },
        { name: 'tags', value: 'a' },
        { name: 'tags', value: 'b' },
        { name: 'part', value: '{"id":1,"note":"one"}', type: 'application/json' },
        { name: 'part', value: '[{"id":2},{"id":3}]', type: 'application/json' },
        { name: 'meta', value: '{"origin":{"build":42}}', type: 'application/json' },
        { name: 'image', value: Buffer.from('hello file'), filename: 'x.bin', type: 'application/octet-stream' },
      ]);
      const r = await fetch(`${s.url}${ACTION}`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });
      t.is(r.status, 200);
      const out = await json(r);
      t.is(out['label'], 'firmware');
      t.is(String(out['bytes']), '10');
      t.is(out['sha256'], createHash('sha256').update('hello file').digest('hex'));
      t.deepEqual(JSON.parse(out['summary'] as string), { tags: ['a', 'b'], part: [{ id: 1, note: 'one' }, { id: 2 }, { id: 3 }], meta: { origin: { build: 42 } }, verify: true });
      t.deepEqual(s.seen[0]?.upload, { field: 'image', filename: 'x.bin', mediaType: 'application/octet-stream', same: true, members: ['image'] });
      t.is((s.seen[0]?.input as { image?: string }).image, 'upload', "the file in the handler's input at its leaf");
      // FormData as a browser (or fetch) builds it.
      const data = new FormData();
      data.append('label', 'again');
      data.append('image', new Blob([new Uint8Array([1, 2, 3])]), 'b.bin');
      const again = await fetch(`${s.url}${ACTION}`, { method: 'POST', body: data });
      t.is(again.status, 200);
      t.is(String((await json(again))['bytes']), '3');
    } finally {
      await s.server.close();
    }
  });

  test(`${transport}: a file goes only to a binary or anydata node, comes last, and keeps to its leaf's length`, async (t) => {
    const s = await serve(transport);
    try {
      const boundary = 'b0undary';
      const post = (path: string, parts: Parameters<typeof multipart>[1]): Promise<Response> =>
        fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: multipart(boundary, parts) });
      const wrongNode = await post(ACTION, [{ name: 'label', value: 'x' }, { name: 'tags', value: 'data', filename: 't.txt' }]);
      t.is(wrongNode.status, 400);
      t.regex(JSON.stringify(await json(wrongNode)), /binary leaves and anydata/);
      const after = await post(ACTION, [{ name: 'label', value: 'x' }, { name: 'image', value: 'abc', filename: 'i.bin' }, { name: 'verify', value: 'on' }]);
      t.is(after.status, 400);
      t.regex(JSON.stringify(await json(after)), /after the file part/);
      t.regex(s.seen.at(-1)?.error ?? '', /after the file part/, "the handler's read failed: it never takes a cut form for whole");
      const tooLong = await post('/restconf/data/web-forms:avatar', [{ name: 'picture', value: Buffer.alloc(2000, 7), filename: 'p.png' }]);
      t.is(tooLong.status, 400);
      t.regex(JSON.stringify(await json(tooLong)), /length/);
      const fits = await post('/restconf/data/web-forms:avatar', [{ name: 'picture', value: Buffer.alloc(1000, 7), filename: 'p.png' }]);
      t.is(fits.status, 200);
      t.deepEqual(await json(fits), { bytes: 1000 });
      const broken = await fetch(`${s.url}${ACTION}`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=zzz' }, body: '--zzz\r\nContent-Disposition: form-data; name="label"\r\n\r\nx' });
      t.is(broken.status, 400);
    } finally {
      await s.server.close();
    }
  });
}

/** Streams a multipart body of `label` and a `size`-byte file made as it is sent; answers status, body and the file's hash. */
const streamUpload = (url: string, size: number, chunked = false): Promise<{ status: number; body: string; sha256: string }> => new Promise((resolve, reject) => {
  const boundary = 'rxconf-upload-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\nbig\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  const req = request(url, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(chunked ? {} : { 'content-length': String(head.length + size + tail.length) }) } });
  const chunk = Buffer.alloc(64 * 1024);
  let sent = 0;
  let n = 0;
  const pump = (): void => {
    while (sent < size) {
      const len = Math.min(chunk.length, size - sent);
      chunk.fill(n++ % 251, 0, len);
      const piece = chunk.subarray(0, len);
      hash.update(piece);
      sent += len;
      if (!req.write(Buffer.from(piece))) {
        req.once('drain', pump);
        return;
      }
    }
    req.end(tail);
  };
  req.on('response', (res) => {
    let body = '';
    res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body, sha256: hash.digest('hex') }));
  });
  req.on('error', reject);
  req.write(head);
  pump();
});

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Peak growth while `work` runs, sampled every 50 ms right after a garbage
 * collection (transports allocate a buffer per chunk read: garbage, not
 * held): of the RSS, and of what JavaScript holds (heap and ArrayBuffers).
 */
const growthDuring = async <T>(work: () => Promise<T>): Promise<{ result: T; rss: number; held: number }> => {
  gc();
  const m0 = process.memoryUsage();
  let rss = 0;
  let held = 0;
  const sample = (): void => {
    gc();
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss - m0.rss);
    held = Math.max(held, m.heapUsed + m.arrayBuffers - m0.heapUsed - m0.arrayBuffers);
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await work();
    sample();
    return { result, rss, held };
  } finally {
    clearInterval(timer);
  }
};

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: a 100 MB file streams into the action's binary leaf with memory staying flat`, async (t) => {
    const s = await serve(transport, { limits: { maxBodyBytes: 128 * MB } });
    try {
      const size = 100 * MB;
      // Warm-up with 20 MB: code paths, socket and allocator buffers. A server holding the 100 MB file
      // would then still grow by 80 MB or more (what the warm-up freed is reused first). What the
      // allocator and the transports keep moves by up to ~30 MB from run to run (seen: 0–28 MB of RSS,
      // 0–24 MB of heap and buffers, whatever the file's size): the file is 100 MB so that the two never meet.
      await streamUpload(`${s.url}${ACTION}`, 20 * MB);
      const { result, rss, held } = await growthDuring(() => streamUpload(`${s.url}${ACTION}`, size));
      t.is(result.status, 200, result.body);
      const out = JSON.parse(result.body) as { bytes: string; sha256: string; label: string };
      t.is(String(out.bytes), String(size));
      t.is(out.sha256, result.sha256, 'every byte arrived in order');
      t.is(out.label, 'big');
      t.log(`${transport}: during a ${size / MB} MB upload (client and server in this process) RSS grew ${(rss / MB).toFixed(1)} MB, JavaScript heap and buffers ${(held / MB).toFixed(1)} MB`);
      t.true(rss < size * 0.5, `RSS grew ${(rss / MB).toFixed(1)} MB: well below the file's ${size / MB} MB`);
      t.true(held < size * 0.5, `heap and buffers grew ${(held / MB).toFixed(1)} MB: the file is never held`);
    } finally {
      await s.server.close();
    }
  });
}

test.serial('http1: a form declared over max-body-bytes answers 413 before the operation runs', async (t) => {
  const s = await serve('http1', { limits: { maxBodyBytes: 2 * MB } });
  try {
    const r = await streamUpload(`${s.url}${ACTION}`, 4 * MB).catch((e: unknown) => ({ status: 0, body: String(e), sha256: '' }));
    t.true(r.status === 413 || r.status === 0, `413 (or the connection closed once the answer was sent): ${r.status} ${r.body}`);
    if (r.status === 413) t.regex(r.body, /too-big|exceeds/);
    t.is(s.seen.length, 0, 'the handler never ran');
  } finally {
    await s.server.close();
  }
});

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: a chunked form that grows over max-body-bytes mid-file fails the handler's read and answers 413`, async (t) => {
    const s = await serve(transport, { limits: { maxBodyBytes: 2 * MB } });
    try {
      const r = await streamUpload(`${s.url}${ACTION}`, 4 * MB, true).catch((e: unknown) => ({ status: 0, body: String(e), sha256: '' }));
      t.true(r.status === 413 || r.status === 0, `413 (or the connection closed once the answer was sent): ${r.status} ${r.body}`);
      t.log(`answer: ${r.status} ${r.body.slice(0, 200)}`);
      t.is(s.seen.length, 1, 'the operation ran as the file began');
      t.regex(s.seen[0]?.error ?? '', /exceeds|too/i, "the handler's read failed");
      t.is((s.seen[0]?.input as { label?: string }).label, 'big');
    } finally {
      await s.server.close();
    }
  });
}

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: a client gone mid-file fails the handler's read (nothing left waiting)`, async (t) => {
    const s = await serve(transport);
    try {
      const boundary = 'gone-boundary';
      const req = request(`${s.url}${ACTION}`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10 * MB) } });
      req.on('error', () => undefined);
      req.write(`--${boundary}\r\nContent-Disposition: form-data; name="label"\r\n\r\ngone\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="g.bin"\r\n\r\n`);
      req.write(Buffer.alloc(MB, 1));
      for (let i = 0; i < 100 && s.seen.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      t.is(s.seen.length, 1, 'the operation began with the file');
      req.destroy();
      for (let i = 0; i < 100 && s.seen[0]?.error === undefined; i++) await new Promise((r) => setTimeout(r, 50));
      t.truthy(s.seen[0]?.error, "the handler's for-await threw");
    } finally {
      await s.server.close();
    }
  });
}

// ---------------------------------------------------------------- URL parameters

for (const transport of TRANSPORTS) {
  test(`${transport}: rx.mode in the URL selects the compliance mode, for reads and for an EventSource's stream`, async (t) => {
    const s = await serve(transport);
    try {
      const plain = await json(await fetch(`${s.url}/restconf/data/web-forms:devices`));
      t.deepEqual(Object.keys(plain), ['devices']);
      const strict = await fetch(`${s.url}/restconf/data/web-forms:devices?rx.mode=strict`);
      t.is(strict.headers.get('content-type'), 'application/yang-data+json');
      t.deepEqual(Object.keys(await json(strict)), ['web-forms:devices']);
      const simplified = await fetch(`${s.url}/restconf/data/web-forms:devices?rx.mode=simplified`, { headers: { accept: 'application/yang-data+json' } });
      t.deepEqual(Object.keys(await json(simplified)), ['devices']);
      const bad = await fetch(`${s.url}/restconf/data/web-forms:devices?rx.mode=loose`);
      t.is(bad.status, 400);
      t.regex(JSON.stringify(await json(bad)), /strict or simplified/);

      // An EventSource sends `Accept: text/event-stream` and nothing else.
      const events = await SseClient.open(`${s.url}/restconf/streams/web-forms:tick?rx.mode=strict`);
      const simple = await SseClient.open(`${s.url}/restconf/data/web-forms:tick`);
      t.is(events.status, 200);
      t.is(simple.status, 200);
      await new Promise((r) => setTimeout(r, 200));
      s.ticks.next({ n: 5 });
      const [strictEvent] = await events.waitFor(1);
      const [simpleEvent] = await simple.waitFor(1);
      t.regex(strictEvent?.data ?? '', /"web-forms:tick"/, strictEvent?.data);
      t.notRegex(simpleEvent?.data ?? '', /web-forms:/, simpleEvent?.data);
      events.close();
      simple.close();
    } finally {
      await s.server.close();
    }
  });
}

const authDir = mkdtempSync(join(tmpdir(), 'rxconf-web-'));
const usersFile = join(authDir, 'users');
const basic = `Basic ${Buffer.from('alice:alice-secret-1').toString('base64')}`;

test.before(async () => {
  writeFileSync(usersFile, formatUsers([{ name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
});

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: credentials in the URL of an event stream when configured, never logged`, async (t) => {
    const logs: unknown[] = [];
    const ticks = new Subject<{ n: number }>();
    const server = createServer({
      searchPath: [yang], modules: ['web-forms'], host: '127.0.0.1', port: 0, transport, data: false,
      auth: { basic: { usersFile } }, web: { urlCredentials: true },
      logger: { info: (...a: unknown[]) => logs.push(a), warn: (...a: unknown[]) => logs.push(a), error: (...a: unknown[]) => logs.push(a) },
      app: (app) => app.notification('web-forms:tick', ticks),
    });
    const { url } = await server.listen();
    try {
      const none = await SseClient.open(`${url}/restconf/data/web-forms:tick`);
      t.is(none.status, 401);
      none.close();
      const stream = await SseClient.open(`${url}/restconf/data/web-forms:tick?authorization=${encodeURIComponent(basic)}`);
      t.is(stream.status, 200);
      await new Promise((r) => setTimeout(r, 200));
      ticks.next({ n: 1 });
      const [event] = await stream.waitFor(1);
      t.regex(event?.data ?? '', /"n":\s*1/);
      stream.close();
      const read = await fetch(`${url}/restconf/yang-library-version?rx.mode=strict&authorization=${encodeURIComponent(basic)}`);
      t.is(read.status, 200, 'a read');
      t.is(read.headers.get('content-type'), 'application/yang-data+json');
      const wrong = await fetch(`${url}/restconf/data/web-forms:devices?authorization=${encodeURIComponent('Basic d3Jvbmc6d3Jvbmc=')}`);
      t.is(wrong.status, 401);
      const write = await fetch(`${url}/restconf/data/web-forms:configure?authorization=${encodeURIComponent(basic)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'level=1' });
      t.is(write.status, 400, 'credentials in the URL are for GET only');
      const twice = await fetch(`${url}/restconf/data/web-forms:devices?authorization=${encodeURIComponent(basic)}`, { headers: { authorization: basic } });
      t.is(twice.status, 400);
      const logged = JSON.stringify(logs);
      t.regex(logged, /authorization=\[redacted\]/, 'the access log shows the parameter, not its value');
      t.false(logged.includes(basic.slice(6)), 'the credentials are nowhere in the log');
      t.false(logged.includes(encodeURIComponent(basic.slice(6))));
    } finally {
      await server.close();
    }
  });
}

test.serial('a server not configured for URL credentials refuses them (400) and logs no value', async (t) => {
  const logs: unknown[] = [];
  const server = createServer({
    searchPath: [yang], modules: ['web-forms'], host: '127.0.0.1', port: 0, data: false,
    auth: { basic: { usersFile } },
    logger: { info: (...a: unknown[]) => logs.push(a), warn: (...a: unknown[]) => logs.push(a), error: (...a: unknown[]) => logs.push(a) },
  });
  const { url } = await server.listen();
  try {
    const r = await fetch(`${url}/restconf/data/web-forms:devices?access_token=eyJhbGciOiJFUzI1NiJ9.secret.sig`, { headers: { accept: 'text/event-stream' } });
    t.is(r.status, 400);
    t.regex(await r.text(), /no credentials in URLs/);
    t.false(JSON.stringify(logs).includes('eyJhbGciOiJFUzI1NiJ9'), 'never logged');
  } finally {
    await server.close();
  }
});
