/**
 * The explorer never corrupts data: in headless Chromium (Debian's, driven
 * by puppeteer-core; never a browser download), on the demo's schema served
 * in this process with Basic users. The form always shows the entry its
 * path names, and a save sends exactly what the form shows for that entry.
 * One browser and one page for the file.
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
const artifacts = join(root, 'test-artifacts', 'explorer');
const ADMIN = `Basic ${Buffer.from('admin:admin-demo').toString('base64')}`;
const SENSORS = '/restconf/data/rxconf-demo:sensors';
const SEED = { sensors: { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '80.0' }, { name: 'room', kind: 'temperature' }, { name: 'cellar', kind: 'humidity', enabled: false }] } };

const skip = !existsSync(CHROMIUM);
if (skip) console.log(`note: ${CHROMIUM} not found (apt-get install chromium): the explorer editing browser tests are skipped`);
const browserTest = skip ? test.skip : test.serial;

let server: RxconfServer | undefined;
let browser: Browser | undefined;
let page: Page;
let url = '';
const problems: string[] = [];

const rest = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> => {
  const r = await fetch(`${url}${path}`, { method, headers: { authorization: ADMIN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, json: text === '' ? undefined : JSON.parse(text) as unknown };
};

const seed = async (): Promise<void> => {
  t0(await rest('PUT', SENSORS, SEED));
};
const t0 = (r: { status: number; json: unknown }): void => {
  if (r.status >= 300) throw new Error(`seeding failed: ${r.status} ${JSON.stringify(r.json)}`);
};

test.before(async () => {
  if (skip) return;
  server = createServer({
    searchPath: [join(root, 'demo', 'yang')], modules: ['rxconf-demo'], host: '127.0.0.1', port: 0, data: false, logger: false,
    auth: { basic: { usersFile: join(root, 'demo', 'users.txt') } }, explorer: true,
  });
  url = (await server.listen()).url;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.on('pageerror', (e) => problems.push(String(e)));
  // Refused requests are logged by Chromium as failed loads: expected. Anything else (a CSP violation, a script error) is not.
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${url}/explorer/`);
  await page.waitForSelector('#login:not([hidden])');
  await page.type('#user', 'admin');
  await page.type('#password', 'admin-demo');
  await page.click('#login-button');
  await page.waitForSelector('#tree button[data-schema="rxconf-demo:sensors/sensor"]', { timeout: 15_000 });
});

test.after.always(async () => {
  await browser?.close();
  await server?.close();
});

const shot = (name: string): Promise<unknown> => {
  mkdirSync(artifacts, { recursive: true });
  return page.screenshot({ path: join(artifacts, `${name}.png`) });
};
const text = (selector: string): Promise<string> => page.$eval(selector, (e) => e.textContent ?? '');
const waitText = (selector: string, pattern: RegExp): Promise<unknown> => page.waitForFunction(
  (s, p) => new RegExp(p).test(document.querySelector(s)?.textContent ?? ''), { timeout: 15_000 }, selector, pattern.source);
const value = (selector: string): Promise<string> => page.$eval(selector, (e) => (e as HTMLInputElement).value);

/** Types a path into the path field and reads it. */
const openPath = async (path: string): Promise<void> => {
  await page.$eval('#path', (e) => { (e as HTMLInputElement).value = ''; });
  await page.type('#path', path);
  await page.click('#read');
};

browserTest('the form shows the entry its path names: after reading another entry, a save never writes the first one\'s values into it', async (t) => {
  await seed();
  await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor"]');
  await page.waitForSelector('#path');
  await openPath('rxconf-demo:sensors/sensor=cpu');
  await page.waitForFunction(() => /"cpu"/.test(document.querySelector('#value')?.textContent ?? ''), { timeout: 15_000 });
  await page.waitForSelector('#edit [name="kind"]');
  t.is(await value('#edit [name="kind"]'), 'temperature');

  // A path typed but not read yet: nothing can be saved until it is.
  await page.$eval('#path', (e) => { (e as HTMLInputElement).value = ''; });
  await page.type('#path', 'rxconf-demo:sensors/sensor=cellar');
  t.true(await page.$eval('#edit button[type="submit"]', (b) => (b as HTMLButtonElement).disabled), 'Save waits for the new path to be read');
  t.false(await page.$eval('#path-changed', (e) => (e as HTMLElement).hidden));
  await page.click('#read');
  await page.waitForFunction(() => /"cellar"/.test(document.querySelector('#value')?.textContent ?? ''), { timeout: 15_000 });
  await page.waitForSelector('#edit [name="kind"]');
  t.is(await value('#edit [name="kind"]'), 'humidity', 'the form shows cellar, the entry the path names');
  t.is(await value('#edit [name="enabled"]'), 'false');

  await page.click('#edit button[type="submit"]');
  await page.waitForFunction(() => /saved|\d{3}/.test(document.querySelector('#edit-status')?.textContent ?? ''), { timeout: 15_000 });
  const cellar = await rest('GET', `${SENSORS}/sensor=cellar?with-defaults=explicit`);
  t.deepEqual(cellar.json, { sensor: [{ name: 'cellar', kind: 'humidity', enabled: false }] }, 'cellar keeps its own values');
  const cpu = await rest('GET', `${SENSORS}/sensor=cpu?with-defaults=explicit`);
  t.deepEqual(cpu.json, { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '80.0' }] }, 'cpu is untouched');
  t.deepEqual(problems, []);
});

browserTest('a list\'s entries in a table: create (never over an existing one), open and delete', async (t) => {
  await seed();
  await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor"]');
  await page.waitForSelector('#entries');
  t.is(await value('#path'), 'rxconf-demo:sensors/sensor');
  t.deepEqual(await page.$$eval('#entries tbody tr', (rows) => rows.map((r) => r.getAttribute('data-key'))), ['cpu', 'room', 'cellar']);
  t.deepEqual(await page.$$eval('#entries th', (h) => h.map((e) => e.textContent)).then((h) => h.slice(1, 5)), ['name', 'kind', 'enabled', 'threshold']);

  // Create an entry: the new one opens.
  await page.type('#create [name="name"]', 'attic');
  await page.select('#create [name="kind"]', 'humidity');
  await page.type('#create [name="threshold"]', '40.5');
  await shot('trust-1-list');
  await page.click('#create button[type="submit"]');
  await page.waitForFunction(() => (document.querySelector('#path') as HTMLInputElement | null)?.value === 'rxconf-demo:sensors/sensor=attic', { timeout: 15_000 });
  await page.waitForSelector('#edit [name="name"]');
  t.is(await value('#edit [name="name"]'), 'attic');
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=attic?with-defaults=explicit`)).json, { sensor: [{ name: 'attic', kind: 'humidity', threshold: '40.5' }] });

  // Creating one that exists is refused, and changes nothing.
  await page.click('#back-to-list');
  await page.waitForSelector('#create');
  await page.type('#create [name="name"]', 'cpu');
  await page.select('#create [name="kind"]', 'humidity');
  await page.click('#create button[type="submit"]');
  await waitText('#list-status', /^409/);
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=cpu?with-defaults=explicit`)).json, { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '80.0' }] });

  // Open a row.
  await page.click('#entries tr[data-key="room"] button.open');
  await page.waitForFunction(() => (document.querySelector('#path') as HTMLInputElement | null)?.value === 'rxconf-demo:sensors/sensor=room', { timeout: 15_000 });
  await page.waitForSelector('#edit [name="name"]');
  t.is(await value('#edit [name="name"]'), 'room');

  // Delete a row (after the confirmation the page asks for).
  await page.click('#back-to-list');
  await page.waitForSelector('#entries tr[data-key="attic"]');
  await page.click('#entries tr[data-key="attic"] button.delete');
  await page.waitForFunction(() => document.querySelector('#entries tr[data-key="attic"]') === null && document.querySelector('#entries') !== null, { timeout: 15_000 });
  t.is((await rest('GET', `${SENSORS}/sensor=attic`)).status, 404);
  t.deepEqual(problems, []);
});

browserTest('a leaf can be reset to its default, and clearing a number field then saving resets it too (no 400)', async (t) => {
  await seed();
  await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor"]');
  await page.waitForSelector('#entries');
  await openPath('rxconf-demo:sensors/sensor=cpu');
  await page.waitForSelector('#edit button.reset[data-leaf="threshold"]');
  t.is(await value('#edit [name="threshold"]'), '80.0');
  await page.click('#edit button.reset[data-leaf="threshold"]');
  await waitText('#edit-status', /reset to 75\.0/);
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=cpu?with-defaults=explicit`)).json, { sensor: [{ name: 'cpu', kind: 'temperature' }] });
  t.is(await value('#edit [name="threshold"]'), '75.0', 'the form shows the default now in effect');

  // The leaf on its own: set it, then clear the number field and save.
  await openPath('rxconf-demo:sensors/sensor=cpu/threshold');
  await page.waitForSelector('#edit [name="threshold"]');
  await page.$eval('#edit [name="threshold"]', (e) => { (e as HTMLInputElement).value = ''; });
  await page.type('#edit [name="threshold"]', '90.5');
  await page.click('#edit button[type="submit"]');
  await waitText('#edit-status', /^saved/);
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=cpu/threshold`)).json, { threshold: '90.5' });
  await page.waitForSelector('#edit button.reset[data-leaf="threshold"]');
  await page.$eval('#edit [name="threshold"]', (e) => { (e as HTMLInputElement).value = ''; });
  await page.$eval('#edit-status', (e) => { e.textContent = ''; });
  await page.click('#edit button[type="submit"]');
  await waitText('#edit-status', /^saved|^\d{3}/);
  t.regex(await text('#edit-status'), /^saved \(200\)/);
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=cpu?with-defaults=explicit`)).json, { sensor: [{ name: 'cpu', kind: 'temperature' }] }, 'the cleared leaf is gone: its default applies');

  // A leaf with no default is deleted.
  await openPath('rxconf-demo:sensors/sample-interval-ms');
  await page.waitForSelector('#edit [name="sample-interval-ms"]');
  t.regex(await text('#edit .constraint'), /^integer 100 to 60000; in milliseconds; default 1000/);
  t.deepEqual(problems, []);
});

browserTest('an empty list opens as itself with its create form, never as a placeholder key; hints are in words', async (t) => {
  await seed();
  for (const name of ['cpu', 'room', 'cellar']) t.is((await rest('DELETE', `${SENSORS}/sensor=${name}`)).status, 204);
  await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor/threshold"]');
  await page.waitForSelector('#no-entries');
  t.is(await value('#path'), 'rxconf-demo:sensors/sensor');
  t.regex(await text('#panel'), /sensor has no entries yet/);
  t.notRegex(await text('#request-list'), /\{name\}/, 'no request with a placeholder key');
  t.regex(await text('#create .field:has([name="name"]) .constraint'), /^string, 1 to 32 characters, matching \[a-z\]\[a-z0-9-\]\*; required/);
  t.regex(await text('#create .field:has([name="kind"]) .constraint'), /^one of: temperature, humidity; required/);
  t.regex(await text('#create .field:has([name="threshold"]) .constraint'), /^decimal -1000\.0 to 1000\.0 \(reading\), 1 fraction digit; in celsius; default 75\.0/);

  // A uint64 state leaf: no 18446744073709551615 in sight.
  await openPath('rxconf-demo:sensors/sensor=x/reading/samples');
  await waitText('#panel', /integer 0 or more/);
  t.notRegex(await text('#panel'), /18446744073709551615/);
  t.deepEqual(problems, []);
});

browserTest('every request the page makes is listed with a curl command that does the same', async (t) => {
  await seed();
  await openPath('rxconf-demo:sensors/sensor=room');
  await page.waitForSelector('#edit [name="threshold"]');
  await page.$eval('#edit [name="threshold"]', (e) => { (e as HTMLInputElement).value = ''; });
  await page.type('#edit [name="threshold"]', '55.5');
  await page.click('#edit button[type="submit"]');
  await waitText('#edit-status', /^saved/);
  const commands = await page.$$eval('#request-list button.copy-curl', (b) => b.map((e) => e.getAttribute('data-curl') ?? ''));
  const patch = commands.find((c) => / -X PATCH /.test(c));
  t.truthy(patch);
  t.regex(patch ?? '', /^curl -u 'admin' -X PATCH -H 'Content-Type: application\/yang-patch\+json' --data-binary '.*' 'http:\/\/127\.0\.0\.1:\d+\/restconf\/data\/rxconf-demo:sensors\/sensor=room'$/);
  t.notRegex(commands.join('\n'), /admin-demo|Basic /, 'no password in a command');
  // Undo the edit, then run the copied command (the password given as curl would ask for it).
  await rest('PATCH', `${SENSORS}/sensor=room`, { sensor: [{ name: 'room', threshold: '10.0' }] });
  // Run asynchronously: the server answering it lives in this process.
  await promisify(execFile)('sh', ['-c', (patch ?? '').replace("-u 'admin'", "-u 'admin:admin-demo' -s -f -o /dev/null")]);
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=room/threshold`)).json, { threshold: '55.5' }, 'the curl command made the same edit');

  // The OpenAPI document, read with the page's credentials.
  await page.click('#openapi');
  await waitText('#openapi-document', /"openapi": "3\.1/);
  t.regex(await page.$eval('#openapi', (e) => e.getAttribute('href') ?? ''), /^\/restconf\/openapi\.json$/);
  t.deepEqual(problems, []);
});

for (const width of [1280, 420]) {
  browserTest(`at ${width} px the tree and the panel scroll apart and nothing is wider than the window`, async (t) => {
    await seed();
    await page.setViewport({ width, height: width > 800 ? 800 : 760 });
    await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor"]');
    await page.waitForSelector('#entries');
    await shot(`trust-${width}-list`);
    t.false(await page.evaluate(() => document.documentElement.scrollWidth > innerWidth), 'the table scrolls inside its box');
    await openPath('rxconf-demo:sensors/sensor=cpu');
    await page.waitForSelector('#edit [name="threshold"]');
    await page.$eval('#requests', (e) => { (e as HTMLDetailsElement).open = true; });
    await shot(`trust-${width}-entry`);
    const layout = await page.evaluate(() => {
      const tree = document.querySelector('#tree') as HTMLElement;
      const panel = document.querySelector('#panel') as HTMLElement;
      panel.scrollTop = 10_000;
      const field = (document.querySelector('#edit [name="threshold"]') as HTMLElement).getBoundingClientRect();
      return {
        pageScrolls: document.documentElement.scrollHeight > innerHeight + 1,
        pageWider: document.documentElement.scrollWidth > innerWidth,
        treeScrollTop: tree.scrollTop,
        panelScrolled: panel.scrollTop > 0 || panel.scrollHeight <= panel.clientHeight,
        panelVisible: panel.getBoundingClientRect().height > 150,
        treeVisible: tree.getBoundingClientRect().height > 60,
        fieldWidth: field.width,
      };
    });
    t.false(layout.pageScrolls, 'the page itself does not scroll: the tree and the panel do, each on its own');
    t.false(layout.pageWider, 'nothing sticks out sideways');
    t.is(layout.treeScrollTop, 0, 'scrolling the panel leaves the tree where it was');
    t.true(layout.panelScrolled);
    t.true(layout.panelVisible && layout.treeVisible);
    t.true(layout.fieldWidth >= 150, `the fields are wide enough to type in (${layout.fieldWidth} px)`);
    await page.setViewport({ width: 1280, height: 900 });
    t.deepEqual(problems, []);
  });
}

browserTest('a save keeps what a form field cannot type: a union\'s number, a leaf-list value with a comma, a binary leaf', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-explorer-kinds-'));
  writeFileSync(join(dir, 'explorer-kinds.yang'), `module explorer-kinds {
  yang-version 1.1; namespace "urn:rxconf:test:explorer-kinds"; prefix ek;
  container items { list item { key id; leaf id { type string; } leaf-list tags { type string; } leaf n { type union { type int32; type string; } } leaf blob { type binary; } } }
}\n`);
  const other = createServer({ searchPath: [dir], modules: ['explorer-kinds'], host: '127.0.0.1', port: 0, data: false, logger: false, explorer: true });
  const { url: otherUrl } = await other.listen();
  try {
    const put = await fetch(`${otherUrl}/restconf/data/explorer-kinds:items`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: { item: [{ id: 'a', tags: ['x,y', 'z'], n: 5, blob: 'aGVsbG8=' }] } }) });
    t.true(put.status < 300);
    await page.goto(`${otherUrl}/explorer/`);
    await page.click('#login-button'); // a server without authentication: log in with nothing
    await page.waitForSelector('#tree button[data-schema="explorer-kinds:items/item"]', { timeout: 15_000 });
    await page.click('#tree button[data-schema="explorer-kinds:items/item"]');
    await page.waitForSelector('#entries');
    await openPath('explorer-kinds:items/item=a');
    await page.waitForSelector('#edit [name="tags"]');
    t.is(await value('#edit [name="tags"]'), 'x,y\nz');
    await page.$eval('#edit [name="tags"]', (e) => { (e as HTMLTextAreaElement).value = 'x,y'; });
    await page.click('#edit button[type="submit"]');
    await waitText('#edit-status', /^saved|^\d{3}/);
    t.regex(await text('#edit-status'), /^saved/);
    const item = await (await fetch(`${otherUrl}/restconf/data/explorer-kinds:items/item=a`)).json() as unknown;
    t.deepEqual(item, { item: [{ id: 'a', tags: ['x,y'], n: 5, blob: 'aGVsbG8=' }] }, 'only the removed tag changed');
  } finally {
    await page.goto(`${url}/explorer/`);
    await other.close();
  }
  t.deepEqual(problems, []);
});

browserTest('a save never overwrites another client\'s change made since the read: refused, typed values kept, Reload shows theirs', async (t) => {
  await seed();
  await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor"]');
  await page.waitForSelector('#path');
  await openPath('rxconf-demo:sensors/sensor=cpu');
  await page.waitForFunction(() => /"cpu"/.test(document.querySelector('#value')?.textContent ?? ''), { timeout: 15_000 });
  await page.waitForSelector('#edit [name="threshold"]');
  await page.$eval('#edit [name="threshold"]', (e) => { (e as HTMLInputElement).value = ''; });
  await page.type('#edit [name="threshold"]', '85.5');
  // Meanwhile another client changes the same entry.
  t.is((await rest('PATCH', `${SENSORS}/sensor=cpu`, { sensor: [{ name: 'cpu', threshold: '60.0' }] })).status, 204);
  await page.click('#edit button[type="submit"]');
  await waitText('#edit-status', /changed since you read it/);
  t.regex(await text('#edit-status'), /reload to see the current values/i);
  t.is(await value('#edit [name="threshold"]'), '85.5', 'the typed value stays visible for re-entry');
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=cpu?with-defaults=explicit`)).json, { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '60.0' }] }, 'the other client\'s value is intact');
  await page.click('#reload');
  await page.waitForFunction(() => (document.querySelector('#edit [name="threshold"]') as HTMLInputElement | null)?.value === '60.0', { timeout: 15_000 });

  // A row deleted meanwhile: its Delete says so and deletes nothing else.
  await page.click('#back-to-list');
  await page.waitForSelector('#entries tr[data-key="room"]');
  t.is((await rest('PATCH', `${SENSORS}/sensor=room`, { sensor: [{ name: 'room', kind: 'humidity' }] })).status, 204);
  await page.click('#entries tr[data-key="room"] button.delete');
  await waitText('#list-status', /changed since you read it/);
  t.deepEqual((await rest('GET', `${SENSORS}/sensor=room?with-defaults=explicit`)).json, { sensor: [{ name: 'room', kind: 'humidity' }] }, 'a row changed since the table was read is not deleted');
  t.deepEqual(problems, []);
});
