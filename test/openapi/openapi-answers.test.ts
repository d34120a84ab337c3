/**
 * Real answers of both compliance modes fit the document's schemas: every
 * documented GET on the demo and the fixture (plain `application/json`
 * with plain names, strict `application/yang-data+json` with RFC 7951
 * names), and error answers with the status the document names for the
 * operation. Request bodies: what the document accepts, the server
 * accepts; a body that leaves out a mandatory node, or a POST that offers
 * an entry's key as a child, the document refuses as the server does.
 */
import test from 'ava';
import { DocumentCheck, fill, type Doc } from './document-check.ts';
import { serveDemo, serveShapes, type TestServer } from './openapi-servers.ts';

const MEDIA = { plain: 'application/json', strict: 'application/yang-data+json' } as const;
type Mode = keyof typeof MEDIA;

const call = async (s: TestServer, method: string, path: string, mode: Mode, body?: unknown, type?: string): Promise<{ status: number; media: string; json: unknown }> => {
  const headers: Record<string, string> = { 'x-remote-user': 'admin', accept: MEDIA[mode] };
  if (body !== undefined) headers['content-type'] = type ?? MEDIA[mode];
  const r = await fetch(`${s.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  const text = await r.text();
  return { status: r.status, media: (r.headers.get('content-type') ?? '').split(';')[0]!, json: text === '' ? undefined : JSON.parse(text) };
};

const documentOf = async (s: TestServer): Promise<DocumentCheck> =>
  new DocumentCheck(await (await fetch(`${s.url}/restconf/openapi.json`, { headers: { 'x-remote-user': 'admin' } })).json() as Doc);

/** GETs every documented data path of `module` in both modes; each answer fits the documented answer of its status. */
const everyGet = async (t: import('ava').ExecutionContext, s: TestServer, check: DocumentCheck, module: string): Promise<number> => {
  let ok = 0;
  for (const [template, item] of Object.entries(check.doc.paths)) {
    if (!template.startsWith(`/restconf/data/${module}:`) || item.get === undefined || item.get.responses['200'].content?.['text/event-stream'] !== undefined) continue;
    for (const mode of ['plain', 'strict'] as const) {
      const r = await call(s, 'GET', fill(template, s.values)!, mode);
      t.is(r.media, MEDIA[mode], `${template} ${mode}`);
      t.is(check.answer(template, 'GET', r.status, MEDIA[mode], r.json), undefined, `${template} ${mode}: ${r.status} ${JSON.stringify(r.json)}`);
      if (r.status === 200) ok++;
    }
  }
  return ok;
};

test('every GET of the demo document answers, in both modes, what its schema says', async (t) => {
  const s = await serveDemo();
  t.teardown(() => s.close());
  const check = await documentOf(s);
  t.true(await everyGet(t, s, check, 'rxconf-demo') >= 20);
  const sensors = '/restconf/data/rxconf-demo:sensors';
  t.is(check.answer(sensors, 'GET', 200, MEDIA.plain, { 'rxconf-demo:sensors': {} }) === undefined, false, 'plain answers have plain names');
  t.is(check.answer(sensors, 'GET', 200, MEDIA.strict, { sensors: {} }) === undefined, false, 'strict answers have qualified names');
  const uptime = await call(s, 'GET', '/restconf/data/rxconf-demo:uptime', 'plain');
  t.deepEqual(uptime.json, { uptime: { seconds: '12345678901234567890' } }, 'a uint64 beyond 2^53 is a string even in the plain mode');
});

test('every GET of the fixture document (leaf-lists, two keys, int64, decimal64, state) answers what its schema says, in both modes', async (t) => {
  const s = await serveShapes();
  t.teardown(() => s.close());
  t.true(await everyGet(t, s, await documentOf(s), 'openapi-shapes') >= 30);
});

test('error answers of both modes have a status the operation documents and fit its errors schema', async (t) => {
  const s = await serveDemo();
  t.teardown(() => s.close());
  const check = await documentOf(s);
  const entry = '/restconf/data/rxconf-demo:sensors/sensor={sensor-name}';
  const cases: [string, string, string, unknown, number, string?][] = [
    ['GET', entry, '/restconf/data/rxconf-demo:sensors/sensor=nope', undefined, 404],
    ['GET', entry, '/restconf/data/rxconf-demo:sensors/sensor=Bad%20Name', undefined, 400],
    ['POST', '/restconf/data/rxconf-demo:sensors', '/restconf/data/rxconf-demo:sensors', { sensor: [{ name: 'cpu', kind: 'temperature' }] }, 409],
    ['PUT', entry, '/restconf/data/rxconf-demo:sensors/sensor=cpu', 'name=cpu', 415, 'text/plain'],
    ['PATCH', entry, '/restconf/data/rxconf-demo:sensors/sensor=cpu', { sensor: [{ name: 'cpu', threshold: 'hot' }] }, 400],
    ['POST', '/restconf/operations/rxconf-demo:reset-counters', '/restconf/operations/rxconf-demo:reset-counters', undefined, 501],
  ];
  for (const mode of ['plain', 'strict'] as const) {
    for (const [method, template, path, body, status, type] of cases) {
      const strictBody = mode === 'strict' && typeof body === 'object' ? { [`rxconf-demo:${Object.keys(body as object)[0]}`]: Object.values(body as object)[0] } : body;
      const r = await call(s, method, path, mode, strictBody, type);
      t.is(r.status, status, `${method} ${path} ${mode}`);
      t.is(check.answer(template, method, r.status, MEDIA[mode], r.json), undefined, `${method} ${path} ${mode}: ${JSON.stringify(r.json)}`);
    }
  }
});

test('request bodies: what the document accepts the server takes; a missing mandatory node or a key offered as a new child both refuse', async (t) => {
  const s = await serveShapes();
  t.teardown(() => s.close());
  const check = await documentOf(s);
  const library = '/restconf/data/openapi-shapes:library';
  const shelf = `${library}/shelf={shelf-room},{shelf-number}`;
  for (const mode of ['plain', 'strict'] as const) {
    const q = (name: string): string => (mode === 'strict' ? `openapi-shapes:${name}` : name);
    const n = mode === 'strict' ? 'west' : 'south';
    const whole = { room: n, number: 2, label: 'poems', floor: [null], dimensions: { width: 1 }, size: mode === 'plain' ? 7 : '7' };
    // POST to the list's parent creates the entry, keys in the body (RFC 8040 §4.4.1)
    t.is(check.request(library, 'POST', MEDIA[mode], { [q('shelf')]: [whole] }), undefined);
    t.is((await call(s, 'POST', library, mode, { [q('shelf')]: [whole] })).status, 201, `POST shelf ${mode}`);
    // a body without a mandatory leaf: the document says so, the server too
    const { label: _l, ...noLabel } = { ...whole, number: 3 };
    t.regex(check.request(library, 'POST', MEDIA[mode], { [q('shelf')]: [noLabel] }) ?? '', /label/);
    t.is((await call(s, 'POST', library, mode, { [q('shelf')]: [noLabel] })).status, 409);
    // the mandatory choice and the mandatory leaf inside a non-presence container
    const { floor: _f, ...noPlace } = { ...whole, number: 4 };
    t.not(check.request(library, 'POST', MEDIA[mode], { [q('shelf')]: [noPlace] }), undefined);
    t.is((await call(s, 'POST', library, mode, { [q('shelf')]: [noPlace] })).status, 409);
    const noWidth = { ...whole, number: 5, dimensions: { depth: 2 } };
    t.not(check.request(library, 'POST', MEDIA[mode], { [q('shelf')]: [noWidth] }), undefined);
    t.is((await call(s, 'POST', library, mode, { [q('shelf')]: [noWidth] })).status, 409);
    // POST to an entry creates one of its children, never its key
    const entryPath = fill(shelf, { 'shelf-room': n, 'shelf-number': '2' })!;
    t.not(check.request(shelf, 'POST', MEDIA[mode], { [q('room')]: n }), undefined);
    t.is((await call(s, 'POST', entryPath, mode, { [q('room')]: n })).status, 409);
    t.is(check.request(shelf, 'POST', MEDIA[mode], { [q('book')]: [{ isbn: '1', title: 'T' }] }), undefined);
    t.is((await call(s, 'POST', entryPath, mode, { [q('book')]: [{ isbn: '1', title: 'T' }] })).status, 201);
    // PATCH merges: the mandatory nodes may be left out, the keys may not
    t.is(check.request(shelf, 'PATCH', MEDIA[mode], { [q('shelf')]: [{ room: n, number: 2, label: 'verse' }] }), undefined);
    t.is((await call(s, 'PATCH', entryPath, mode, { [q('shelf')]: [{ room: n, number: 2, label: 'verse' }] })).status, 204);
    // PUT replaces: the whole entry, mandatory nodes and all
    t.not(check.request(shelf, 'PUT', MEDIA[mode], { [q('shelf')]: [{ room: n, number: 2, label: 'verse' }] }), undefined);
    t.is((await call(s, 'PUT', entryPath, mode, { [q('shelf')]: [{ room: n, number: 2, label: 'verse' }] })).status, 409);
  }
});

test('insert and point are documented where an ordered-by user list or leaf-list takes the entry, and nowhere else', async (t) => {
  const s = await serveShapes();
  t.teardown(() => s.close());
  const check = await documentOf(s);
  const params = (path: string, method: string): string[] => ((check.operation(path, method).parameters ?? []) as { $ref: string }[]).map((p) => p.$ref.split('/').at(-1)!);
  const shelf = '/restconf/data/openapi-shapes:library/shelf={shelf-room},{shelf-number}';
  t.deepEqual(params(`${shelf}/book={book-isbn}`, 'PUT'), ['insert', 'point']);
  t.deepEqual(params(shelf, 'POST'), ['insert', 'point'], 'POST to the entry creates a book, an ordered-by user list');
  t.deepEqual(params(shelf, 'PUT'), [], 'shelf is ordered-by system');
  t.deepEqual(params('/restconf/data/openapi-shapes:library/playlist={playlist-value}', 'PUT'), ['insert', 'point']);
  t.deepEqual(params('/restconf/data/openapi-shapes:library/tags={tags-value}', 'PUT'), []);
  t.deepEqual(params(`${shelf}/dimensions`, 'POST'), []);
  // the server agrees: insert on the ordered-by system shelf is refused, on a book taken
  const at = fill(shelf, s.values)!;
  t.is((await call(s, 'POST', `${at}?insert=first`, 'plain', { book: [{ isbn: '2', title: 'First' }] })).status, 201);
  t.is((await call(s, 'PUT', `/restconf/data/openapi-shapes:library/shelf=east,9?insert=first`, 'plain', { shelf: [{ room: 'east', number: 9, label: 'x', wall: 'w', dimensions: { width: 1 } }] })).status, 400);
});
