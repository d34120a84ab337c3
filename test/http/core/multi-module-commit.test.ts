/**
 * An edit that spans modules is one transaction, over a real socket: a
 * datastore PATCH or PUT whose later module breaks a constraint changes
 * nothing in any module (read back over HTTP, and from the data file after
 * a restart); references from one module into another validate against the
 * same request's data, whatever the modules' order; a PUT of the datastore
 * replaces the configuration of every module and leaves state-only modules
 * alone.
 */
import test from 'ava';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';

const YANG = join(import.meta.dirname, '..', '..', 'fixtures', 'yang', 'one-commit');
const MODULES = ['oc-alpha', 'oc-zulu', 'oc-state'];
const JSON_TYPE = 'application/yang-data+json';

interface Running {
  readonly server: RxconfServer;
  readonly url: string;
}

const start = async (data: string): Promise<Running> => {
  const server = createServer({ searchPath: [YANG], modules: MODULES, data, host: '127.0.0.1', port: 0, logger: false, accessLog: false });
  const { port } = await server.listen();
  return { server, url: `http://127.0.0.1:${port}` };
};

const dataFile = (): { file: string; done: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-one-commit-'));
  return { file: join(dir, 'data.json'), done: () => rmSync(dir, { recursive: true, force: true }) };
};

const send = (url: string, method: string, path: string, body: unknown): Promise<Response> =>
  fetch(`${url}/restconf/data${path}`, { method, headers: { 'content-type': JSON_TYPE, accept: JSON_TYPE }, body: JSON.stringify(body) });

/** The configuration of both edited modules as GET answers them ({} when empty). */
const config = async (url: string): Promise<unknown> => {
  const read = async (path: string): Promise<unknown> => {
    const r = await fetch(`${url}/restconf/data/${path}?content=config`, { headers: { accept: JSON_TYPE } });
    return r.status === 404 ? {} : r.json();
  };
  return { alpha: await read('oc-alpha:settings'), zulu: await read('oc-zulu:ports') };
};

const seed = {
  'oc-zulu:ports': { port: [{ name: 'eth0', speed: 1000 }] },
  'oc-alpha:settings': { mtu: 1500, uplink: 'eth0' },
};

const before = { alpha: { 'oc-alpha:settings': { mtu: 1500, uplink: 'eth0' } }, zulu: { 'oc-zulu:ports': { port: [{ name: 'eth0', speed: 1000 }] } } };

/** Starts a server on a new data file holding `seed`, runs `f`, and checks the data file after a restart holds what `after` says. */
const withServer = async (f: (url: string) => Promise<void>, after: unknown): Promise<unknown> => {
  const { file, done } = dataFile();
  try {
    let s = await start(file);
    try {
      const seeded = await send(s.url, 'PATCH', '', seed);
      if (seeded.status !== 204) throw new Error(`seed: ${seeded.status} ${await seeded.text()}`);
      await f(s.url);
    } finally {
      await s.server.close();
    }
    s = await start(file);
    try {
      return { expected: after, restarted: await config(s.url) };
    } finally {
      await s.server.close();
    }
  } finally {
    done();
  }
};

test('a datastore PATCH whose later module breaks a must is refused and changes no module', async (t) => {
  const r = await withServer(async (url) => {
    // oc-zulu's change is valid, oc-alpha's breaks its must: whichever goes first, neither may stay
    const res = await send(url, 'PATCH', '', { 'oc-zulu:ports': { port: [{ name: 'eth1', speed: 10 }] }, 'oc-alpha:settings': { mtu: 10 } });
    t.is(res.status, 412);
    const body = await res.json() as { 'ietf-restconf:errors': { error: { 'error-tag': string; 'error-message'?: string; 'error-path'?: string }[] } };
    const [error] = body['ietf-restconf:errors'].error;
    t.is(error?.['error-tag'], 'operation-failed');
    t.is(error?.['error-message'], 'mtu must be at least 68');
    t.regex(error?.['error-path'] ?? '', /oc-alpha:settings\/mtu/);
    t.deepEqual(await config(url), before);
  }, before) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});

test('a datastore PATCH whose earlier module breaks a must is refused and changes no module', async (t) => {
  const r = await withServer(async (url) => {
    const res = await send(url, 'PATCH', '', { 'oc-alpha:settings': { mtu: 9000 }, 'oc-zulu:ports': { port: [{ name: 'eth0', speed: 900000 }] } });
    t.is(res.status, 412);
    t.deepEqual(await config(url), before);
  }, before) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});

test('a datastore PATCH that is valid changes every module it names, durably', async (t) => {
  const after = { alpha: { 'oc-alpha:settings': { mtu: 9000, uplink: 'eth1' } }, zulu: { 'oc-zulu:ports': { port: [{ name: 'eth0', speed: 1000 }, { name: 'eth1', speed: 10 }] } } };
  const r = await withServer(async (url) => {
    // oc-alpha (first by name) refers to a port the same request creates in oc-zulu
    const res = await send(url, 'PATCH', '', { 'oc-alpha:settings': { mtu: 9000, uplink: 'eth1' }, 'oc-zulu:ports': { port: [{ name: 'eth1', speed: 10 }] } });
    t.is(res.status, 204);
    t.deepEqual(await config(url), after);
  }, after) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});

test('a datastore PATCH with a dangling reference into another module is refused and changes nothing', async (t) => {
  const r = await withServer(async (url) => {
    const res = await send(url, 'PATCH', '', { 'oc-alpha:settings': { uplink: 'eth9' }, 'oc-zulu:ports': { port: [{ name: 'eth1' }] } });
    t.is(res.status, 409);
    const body = await res.json() as { 'ietf-restconf:errors': { error: { 'error-tag': string; 'error-app-tag'?: string }[] } };
    t.is(body['ietf-restconf:errors'].error[0]?.['error-tag'], 'data-missing');
    t.is(body['ietf-restconf:errors'].error[0]?.['error-app-tag'], 'instance-required');
    t.deepEqual(await config(url), before);
  }, before) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});

test('a PUT of the datastore replaces the configuration of every module and leaves state-only modules alone', async (t) => {
  const after = { alpha: {}, zulu: { 'oc-zulu:ports': { port: [{ name: 'eth7', speed: 7 }] } } };
  const r = await withServer(async (url) => {
    const res = await send(url, 'PUT', '', { 'oc-zulu:ports': { port: [{ name: 'eth7', speed: 7 }] } });
    t.is(res.status, 204, await res.clone().text());
    t.deepEqual(await config(url), after);
  }, after) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});

test('a PUT of the datastore naming every configuration module replaces them all (a state-only module is served)', async (t) => {
  const after = { alpha: { 'oc-alpha:settings': { mtu: 9000, uplink: 'eth0' } }, zulu: { 'oc-zulu:ports': { port: [{ name: 'eth0', speed: 5 }] } } };
  const r = await withServer(async (url) => {
    const res = await send(url, 'PUT', '', { 'oc-alpha:settings': { mtu: 9000, uplink: 'eth0' }, 'oc-zulu:ports': { port: [{ name: 'eth0', speed: 5 }] } });
    t.is(res.status, 204, await res.clone().text());
    t.deepEqual(await config(url), after);
  }, after) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});

test('a PUT of the datastore that breaks a must in one module changes no module', async (t) => {
  const r = await withServer(async (url) => {
    const res = await send(url, 'PUT', '', { 'oc-zulu:ports': { port: [{ name: 'eth7', speed: 7 }] }, 'oc-alpha:settings': { mtu: 1 } });
    t.is(res.status, 412);
    t.deepEqual(await config(url), before);
  }, before) as { expected: unknown; restarted: unknown };
  t.deepEqual(r.restarted, r.expected);
});
