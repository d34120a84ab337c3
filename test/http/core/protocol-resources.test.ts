/**
 * The protocol's own modules served as modules:
 * ietf-restconf-monitoring and ietf-yang-library answer every sub-path,
 * query parameter and method as any module does; the library lists itself
 * and every served module and submodule, and every location it gives
 * answers; every stream restconf-state lists can be subscribed to. Over
 * uWS and node:http, in both compliance modes.
 */
import test from 'ava';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';
import type { AppContext } from '../../../src/server/app-context.ts';
import { SseClient } from '../../helpers/sse-client.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures', 'yang');
const STRICT = { accept: 'application/yang-data+json' };
const PLAIN = { accept: 'application/json' };

interface Running {
  readonly server: RxconfServer;
  readonly url: string;
  readonly app: AppContext;
}

const start = async (transport: 'uws' | 'http1'): Promise<Running> => {
  let app: AppContext | undefined;
  const server = createServer({
    searchPath: [join(fixtures, 'server'), join(fixtures, 'features')],
    modules: ['sv-streams', 'fx-submodule'],
    data: false,
    logger: false,
    transport,
    port: 0,
    limits: { keepAliveSeconds: 1 },
    app: (a) => { app = a; },
  });
  const { url } = await server.listen();
  return { server, url, app: app as AppContext };
};

const get = async (url: string, headers: Record<string, string>) => {
  const r = await fetch(url, { headers });
  const text = await r.text();
  return { status: r.status, type: r.headers.get('content-type'), text, json: () => JSON.parse(text) as Record<string, any> };
};

/** Waits until `check` holds, polling (events, not timings, decide). */
const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

for (const transport of ['uws', 'http1'] as const) {
  const serial = test.serial;

  serial(`${transport}: restconf-state sub-paths answer as any module, in both modes`, async (t) => {
    const { server, url } = await start(transport);
    try {
      const base = `${url}/restconf/data/ietf-restconf-monitoring:restconf-state`;
      const caps = await get(`${base}/capabilities`, STRICT);
      t.is(caps.status, 200);
      t.true((caps.json()['ietf-restconf-monitoring:capabilities'].capability as string[]).includes('urn:ietf:params:restconf:capability:depth:1.0'));
      const plainCaps = await get(`${base}/capabilities/capability`, PLAIN);
      t.is(plainCaps.status, 200);
      t.true(Array.isArray(plainCaps.json()['capability']), plainCaps.text);

      const streams = await get(`${base}/streams`, STRICT);
      t.is(streams.status, 200);
      const names = (streams.json()['ietf-restconf-monitoring:streams'].stream as { name: string }[]).map((s) => s.name);
      t.true(names.includes('sv-streams:alarm') && names.includes('sv-streams:unsourced') && names.includes('sv-streams/changes'), names.join(','));

      const one = await get(`${base}/streams/stream=sv-streams%3Aalarm/access=json/location`, PLAIN);
      t.is(one.status, 200, one.text);
      t.is(one.json()['location'], `${url}/restconf/data/sv-streams:alarm`);

      const shallow = await get(`${base}?depth=2`, STRICT);
      t.is(shallow.status, 200);
      const state = shallow.json()['ietf-restconf-monitoring:restconf-state'] as Record<string, unknown>;
      t.deepEqual(Object.keys(state).sort(), ['capabilities', 'streams']);
      const fields = await get(`${base}?fields=streams/stream(name;replay-support)`, PLAIN);
      t.is(fields.status, 200, fields.text);
      const picked = fields.json()['restconf-state'].streams.stream as Record<string, unknown>[];
      t.deepEqual(Object.keys(picked[0] ?? {}).sort(), ['name', 'replay-support']);

      const missing = await get(`${base}/streams/stream=nope`, STRICT);
      t.is(missing.status, 404);
    } finally {
      await server.close();
    }
  });

  serial(`${transport}: the protocol modules are state: writes 405 with Allow, OPTIONS lists the read methods`, async (t) => {
    const { server, url } = await start(transport);
    try {
      for (const path of ['ietf-restconf-monitoring:restconf-state/capabilities', 'ietf-yang-library:yang-library', 'ietf-yang-library:modules-state/module-set-id']) {
        for (const method of ['PUT', 'PATCH', 'POST', 'DELETE']) {
          const r = await fetch(`${url}/restconf/data/${path}`, { method, headers: { 'content-type': 'application/yang-data+json', ...STRICT }, body: '{}' });
          t.is(r.status, 405, `${method} ${path}`);
          t.is(r.headers.get('allow'), 'GET, HEAD, OPTIONS');
          const body = (await r.json()) as { 'ietf-restconf:errors': { error: { 'error-tag': string }[] } };
          t.is(body['ietf-restconf:errors'].error[0]?.['error-tag'], 'operation-not-supported');
        }
        const o = await fetch(`${url}/restconf/data/${path}`, { method: 'OPTIONS' });
        t.is(o.status, 204);
        t.is(o.headers.get('allow'), 'GET, HEAD, OPTIONS');
      }
      const root = await fetch(`${url}/restconf/data/ietf-yang-library:`, { method: 'PATCH', headers: { 'content-type': 'application/yang-data+json' }, body: '{}' });
      t.is(root.status, 405, 'an edit of the module root is refused before anything changes');
      const still = await get(`${url}/restconf/data/ietf-yang-library:yang-library/content-id`, STRICT);
      t.is(still.status, 200);
    } finally {
      await server.close();
    }
  });

  serial(`${transport}: the library lists itself and every module and submodule, and each location answers (GET, HEAD, OPTIONS)`, async (t) => {
    const { server, url } = await start(transport);
    try {
      const lib = await get(`${url}/restconf/data/ietf-yang-library:yang-library/module-set=all`, STRICT);
      t.is(lib.status, 200, lib.text);
      const set = lib.json()['ietf-yang-library:module-set'][0] as { module: { name: string; location: string[]; submodule?: { name: string; location: string[] }[] }[]; 'import-only-module': { name: string; location: string[] }[] };
      const names = set.module.map((m) => m.name);
      for (const n of ['ietf-yang-library', 'ietf-restconf-monitoring', 'rxconf-server', 'sv-streams', 'fx-submodule']) t.true(names.includes(n), n);
      const sub = set.module.find((m) => m.name === 'fx-submodule')?.submodule?.[0];
      t.is(sub?.name, 'fx-submodule-part');
      const locations = [...set.module, ...set['import-only-module'], ...set.module.flatMap((m) => m.submodule ?? [])].flatMap((m) => m.location);
      t.true(locations.length >= 8);
      for (const loc of locations) {
        const r = await fetch(loc);
        t.is(r.status, 200, loc);
        t.is(r.headers.get('content-type'), 'application/yang');
        t.regex(await r.text(), /^\s*(sub)?module\s/, loc);
      }
      const subText = await (await fetch(sub?.location[0] ?? '')).text();
      t.regex(subText, /submodule fx-submodule-part/);
      const head = await fetch(locations[0] ?? '', { method: 'HEAD' });
      t.is(head.status, 200);
      const options = await fetch(locations[0] ?? '', { method: 'OPTIONS' });
      t.is(options.status, 204);
      t.is(options.headers.get('allow'), 'GET, HEAD, OPTIONS');
      const put = await fetch(locations[0] ?? '', { method: 'PUT', body: 'x' });
      t.is(put.status, 405);
      const none = await fetch(`${url}/restconf/schema/no-such-module`);
      t.is(none.status, 404);

      const legacy = await get(`${url}/restconf/data/ietf-yang-library:modules-state/module=ietf-yang-library,2019-01-04/schema`, PLAIN);
      t.is(legacy.status, 200, legacy.text);
      t.is(legacy.json()['schema'], `${url}/restconf/schema/ietf-yang-library@2019-01-04`);
      const subLegacy = await get(`${url}/restconf/data/ietf-yang-library:modules-state/module=fx-submodule,2024-03-01/submodule`, STRICT);
      t.is(subLegacy.status, 200, subLegacy.text);
      const subSchema = (subLegacy.json()['ietf-yang-library:submodule'] as { schema: string }[])[0]?.schema ?? '';
      t.is((await fetch(subSchema)).status, 200);
      const depth = await get(`${url}/restconf/data/ietf-yang-library:yang-library?depth=1`, STRICT);
      t.is(depth.status, 200);
      t.deepEqual(depth.json(), { 'ietf-yang-library:yang-library': {} });
    } finally {
      await server.close();
    }
  });

  serial(`${transport}: every listed stream can be subscribed to; one with no source yet keeps alive, then delivers once a source comes`, async (t) => {
    const { server, url, app } = await start(transport);
    try {
      const state = await get(`${url}/restconf/data/ietf-restconf-monitoring:restconf-state/streams`, STRICT);
      const listed = state.json()['ietf-restconf-monitoring:streams'].stream as { name: string; access: { location: string }[] }[];
      for (const s of listed) {
        const c = await SseClient.open(s.access[0]?.location ?? '');
        t.is(c.status, 200, s.name);
        c.close();
      }
      const c = await SseClient.open(`${url}/restconf/data/sv-streams:unsourced`, STRICT);
      t.is(c.status, 200);
      await until(() => c.comments.some((x) => x !== 'stream open'), 'a keep-alive');
      t.true(c.messages.length === 0 && !c.ended, 'open, with no event');
      const source = new Subject<Record<string, unknown>>();
      app.notification('sv-streams:unsourced', source);
      for (let i = 0; i < 200 && c.messages.length === 0; i++) {
        source.next({ x: 'now' });
        await new Promise((r) => setTimeout(r, 10));
      }
      const [m] = c.messages;
      t.deepEqual(JSON.parse(m?.data ?? '{}')['ietf-restconf:notification']?.['sv-streams:unsourced'], { x: 'now' });
      c.close();
    } finally {
      await server.close();
    }
  });
}

test('a server that does not listen yet (inject) answers the library and restconf-state with the URLs it will have', async (t) => {
  const server = createServer({ searchPath: [join(fixtures, 'server')], modules: ['sv-streams'], data: false, logger: false, host: '127.0.0.1', port: 18080 });
  try {
    for (const headers of [{ accept: 'application/json' }, STRICT]) {
      const lib = await server.inject({ method: 'GET', path: '/restconf/data/ietf-yang-library:modules-state/module=sv-streams,/schema', headers });
      t.is(lib.status, 200, String(lib.body));
      t.regex(String(lib.body), /"http:\/\/127\.0\.0\.1:18080\/restconf\/schema\/sv-streams/);
      const all = await server.inject({ method: 'GET', path: '/restconf/data', headers });
      t.is(all.status, 200, String(all.body).slice(0, 300));
      t.regex(String(all.body), /restconf-state/);
    }
  } finally {
    await server.close();
  }
});
