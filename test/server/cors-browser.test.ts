/**
 * CORS as a browser enforces it: a page served from another origin reads,
 * writes (with a preflight) and opens an EventSource on rxconf in headless
 * Chromium (Debian's, driven by puppeteer-core); a server that does not
 * allow the origin is closed to the same page.
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

/** What the page does, reported in `window.results`. */
const PAGE = `<!doctype html><title>rxconf CORS</title><script>
window.results = {};
const api = new URLSearchParams(location.search).get('api');
(async () => {
  try {
    const r = await fetch(api + '/restconf/data/cs-hello:settings');
    window.results.get = { status: r.status, body: await r.json() };
  } catch (e) { window.results.get = { error: String(e) }; }
  try {
    const r = await fetch(api + '/restconf/data/cs-hello:settings', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ settings: { count: 7 } }) });
    window.results.patch = { status: r.status, requestId: r.headers.get('x-request-id') };
  } catch (e) { window.results.patch = { error: String(e) }; }
  const events = new EventSource(api + '/restconf/data/cs-hello:tick');
  events.onopen = () => { window.results.open = true; };
  events.onmessage = (m) => { window.results.event = JSON.parse(m.data); events.close(); };
  events.onerror = () => { window.results.eventError = true; events.close(); };
})();
</script>`;

const skip = !existsSync(CHROMIUM);
if (skip) console.log(`note: ${CHROMIUM} not found (apt-get install chromium): the browser CORS tests are skipped`);
const browserTest = skip ? test.skip : test.serial;

let page: Server;
let pageOrigin = '';
let browser: Browser;

test.before(async () => {
  if (skip) return;
  page = createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
  pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

test.after.always(async () => {
  await browser?.close();
  await new Promise((r) => (page === undefined ? r(undefined) : page.close(r)));
});

const serve = (origins: readonly string[]): { server: RxconfServer; ticks: Subject<{ n: number }> } => {
  const ticks = new Subject<{ n: number }>();
  const server = createServer({
    searchPath: [yang], modules: ['cs-hello'], host: '127.0.0.1', port: 0,
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    cors: { origins },
    app: (app) => app.notification('cs-hello:tick', ticks),
  });
  return { server, ticks };
};

interface Results { get?: { status?: number; body?: unknown; error?: string }; patch?: { status?: number; requestId?: string | null; error?: string }; open?: boolean; event?: unknown; eventError?: boolean }

const visit = async (api: string, until: (r: Results) => boolean, whileWaiting: () => void = () => undefined): Promise<Results> => {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${pageOrigin}/?api=${encodeURIComponent(api)}`);
    const timer = setInterval(whileWaiting, 100);
    try {
      await tab.waitForFunction(`(${until.toString()})(window.results)`, { timeout: 10_000 });
    } finally {
      clearInterval(timer);
    }
    return await tab.evaluate('window.results') as Results;
  } finally {
    await tab.close();
  }
};

browserTest('a page from an allowed origin reads, writes after a preflight, and receives events', async (t) => {
  const { server, ticks } = serve([pageOrigin]);
  const { url } = await server.listen();
  try {
    let n = 0;
    const results = await visit(url, (r) => r.event !== undefined || r.eventError === true, () => ticks.next({ n: (n += 1) }));
    t.deepEqual(results.get, { status: 200, body: { settings: { greeting: 'hello' } } });
    t.is(results.patch?.status, 204);
    t.truthy(results.patch?.requestId, 'exposed headers reach the page');
    t.true(results.open);
    t.true(typeof (results.event as { n?: unknown }).n === 'number');
    const stored = await server.inject({ path: '/restconf/data/cs-hello:settings/count' });
    t.deepEqual(stored.json(), { count: 7 });
  } finally {
    await server.close();
  }
});

browserTest('a page from an origin that is not allowed can neither read nor write', async (t) => {
  const { server } = serve(['http://other.example']);
  const { url } = await server.listen();
  try {
    const results = await visit(url, (r) => r.patch !== undefined && (r.open === true || r.eventError === true));
    t.regex(results.get?.error ?? '', /TypeError/, 'the browser hides the answer');
    t.regex(results.patch?.error ?? '', /TypeError/);
    t.true(results.eventError);
    const stored = await server.inject({ path: '/restconf/data/cs-hello:settings' });
    t.deepEqual(stored.json(), { settings: { greeting: 'hello' } }, 'nothing was written');
  } finally {
    await server.close();
  }
});
