/**
 * The rxconf-server stats container and /metrics are two views of one
 * counter: after answers of every kind (200, 401 without credentials, 404,
 * 400 of a bad Host), both give the same count for each status, also with
 * /metrics turned off for the stats.
 */
import test from 'ava';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parsePrometheus from 'parse-prometheus-text-format';
import { createServer } from '../../src/server/create-server.ts';
import { formatUsers, hashPassword } from '../../src/server/auth/password-file.ts';

const examples = join(import.meta.dirname, '..', '..', 'examples');
const alice = { authorization: `Basic ${Buffer.from('alice:alice-secret-1').toString('base64')}` };

/** A GET with the Host header given (fetch sets its own). */
const getWithHost = (url: string, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });

interface Stats { 'rxconf-server:stats': { requests: string; responses?: { status: number; count: string }[] } }

const statsOf = async (url: string): Promise<Map<number, number>> => {
  const r = await fetch(`${url}/restconf/data/rxconf-server:server/stats`, { headers: { ...alice, accept: 'application/yang-data+json' } });
  const body = (await r.json()) as Stats;
  const byStatus = new Map((body['rxconf-server:stats'].responses ?? []).map((e) => [e.status, Number(e.count)]));
  const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
  if (Number(body['rxconf-server:stats'].requests) !== total) throw new Error(`requests ${body['rxconf-server:stats'].requests} is not the sum ${total}`);
  return byStatus;
};

for (const metrics of [true, false]) {
  test.serial(`stats count what /metrics counts, 401s included${metrics ? '' : ' (with /metrics off)'}`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'rxconf-counts-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const usersFile = join(dir, 'users');
    writeFileSync(usersFile, formatUsers([{ name: 'alice', hash: await hashPassword('alice-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
    const server = createServer({
      searchPath: [examples], modules: ['hello'], host: '127.0.0.1', port: 0, logger: false, auth: { basic: { usersFile } },
      ...(metrics ? {} : { metrics: false as const }),
    });
    const { url } = await server.listen();
    t.teardown(() => server.close());
    for (let i = 0; i < 3; i++) t.is((await fetch(`${url}/restconf/data/hello:hello`)).status, 401);
    t.is((await fetch(`${url}/restconf/data/hello:hello`, { headers: alice })).status, 200);
    t.is((await fetch(`${url}/restconf/data/hello:nothing`, { headers: alice })).status, 400);
    t.is(await getWithHost(`${url}/restconf/data/hello:hello`, 'evil.example'), 403);

    const stats = await statsOf(url);
    t.is(stats.get(401), 3, 'the stats count the 401s');
    t.is(stats.get(403), 1, 'and the Host check\'s refusal');
    t.is(stats.get(200), 1);
    if (!metrics) return;
    const scrape = await fetch(`${url}/metrics`, { headers: alice });
    t.is(scrape.status, 200);
    const family = parsePrometheus(await scrape.text()).find((f) => f.name === 'rxconf_http_requests_total');
    const fromMetrics = new Map<number, number>();
    for (const m of family?.metrics ?? []) fromMetrics.set(Number(m.labels?.status), (fromMetrics.get(Number(m.labels?.status)) ?? 0) + Number(m.value));
    // the stats read itself (a 200) was answered before the scrape: both views hold the same answers
    t.deepEqual([...fromMetrics].sort(), [...(await withTheStatsRead(stats))].sort());
  });
}

/** The stats as they were plus the stats read that produced them (one more 200). */
const withTheStatsRead = (stats: Map<number, number>): Map<number, number> => {
  const out = new Map(stats);
  out.set(200, (out.get(200) ?? 0) + 1);
  return out;
};
