/**
 * The explorer page: off by default, served at /explorer/ when on (its
 * schema outline behind authentication), and used as a person would in
 * headless Chromium (Debian's, driven by puppeteer-core; never a browser
 * download) on the demo as `npm start` runs it (`--explorer`, Basic users,
 * NACM): log in, read a value, submit an edit, call an rpc and an action,
 * watch an event arrive. Screenshots go to test-artifacts/explorer/. And an
 * EventSource with credentials and the strict mode in its URL.
 */
import test from 'ava';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { Subject } from 'rxjs';
import { createServer } from '../../src/server/create-server.ts';
import { listeningUrl } from '../helpers/listening-url.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = join(import.meta.dirname, '..', '..');
const artifacts = join(root, 'test-artifacts', 'explorer');
const webYang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'web');
const ADMIN = `Basic ${Buffer.from('admin:admin-demo').toString('base64')}`;

test('the explorer is off by default; on, its files come with a strict CSP and its schema outline needs credentials', async (t) => {
  const off = createServer({ searchPath: [webYang], modules: ['web-forms'], host: '127.0.0.1', port: 0, data: false, logger: false });
  const { url: offUrl } = await off.listen();
  try {
    t.is((await fetch(`${offUrl}/explorer/`)).status, 404);
  } finally {
    await off.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-explorer-'));
  const on = createServer({
    searchPath: [webYang], modules: ['web-forms'], host: '127.0.0.1', port: 0, data: false, logger: false,
    auth: { basic: { usersFile: join(root, 'demo', 'users.txt') } }, explorer: { path: '/ui' },
  });
  const { url } = await on.listen();
  try {
    const page = await fetch(`${url}/ui/`);
    t.is(page.status, 200, 'the page itself needs no credentials: it holds no data');
    t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
    t.regex(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    t.regex(await page.text(), /<script type="module" src="explorer.js">/);
    t.regex((await fetch(`${url}/ui/explorer.js`)).headers.get('content-type') ?? '', /^text\/javascript/);
    t.is((await fetch(`${url}/ui`, { redirect: 'manual' })).headers.get('location'), '/ui/');
    t.is((await fetch(`${url}/ui/secret.txt`)).status, 404);
    t.is((await fetch(`${url}/ui/`, { method: 'POST', body: 'x' })).status, 405);
    t.is((await fetch(`${url}/ui/schema.json`)).status, 401);
    const outline = await fetch(`${url}/ui/schema.json`, { headers: { authorization: ADMIN } });
    t.is(outline.status, 200);
    const body = await outline.json() as { modules: { name: string; rpcs: { name: string; input: { name: string; type?: { base: string; range?: string[][] }; mandatory?: boolean }[] }[] }[] };
    const level = body.modules.find((m) => m.name === 'web-forms')?.rpcs.find((r) => r.name === 'configure')?.input.find((i) => i.name === 'level');
    t.deepEqual(level?.type?.range, [['0', '10']], 'constraints for the forms');
    t.true(level?.mandatory);
  } finally {
    await on.close();
  }
  t.truthy(dir);
});

const skip = !existsSync(CHROMIUM);
if (skip) console.log(`note: ${CHROMIUM} not found (apt-get install chromium): the explorer browser test is skipped`);
const browserTest = skip ? test.skip : test.serial;

/** Runs the demo as `npm start` does, from the sources (the app's `rxconf` import resolved to src/index.ts). */
const startDemo = async (dir: string): Promise<{ child: ChildProcess; url: string }> => {
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `export async function resolve(specifier, context, next) {
  if (specifier === 'rxconf') return next(${JSON.stringify(pathToFileURL(join(root, 'src', 'index.ts')).href)}, context);
  return next(specifier, context);
}\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const child = spawn(process.execPath, ['--import=tsx', `--import=${pathToFileURL(register).href}`, join(root, 'src', 'cli', 'main.ts'), 'serve',
    '--path', 'demo/yang', '--module', 'rxconf-demo', '--app', 'demo/app.js', '--data', join(dir, 'demo.json'), '--host', '127.0.0.1', '--port', '0',
    '--users', 'demo/users.txt', '--nacm', '--recovery-user', 'admin', '--explorer', '--quiet'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await listeningUrl(child, 60_000);
  return { child, url };
};

const text = (page: Page, selector: string): Promise<string> => page.$eval(selector, (e) => e.textContent ?? '');

browserTest('explorer in Chromium on the demo: log in, read a value, submit an edit, call an rpc and an action, see an event arrive', async (t) => {
  t.timeout(180_000);
  mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-explorer-demo-'));
  const { child, url } = await startDemo(dir);
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    // The refused log-in and the refused edit are logged by Chromium as failed loads: expected, not script errors.
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
    const shot = (name: string): Promise<unknown> => page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true });

    await page.goto(`${url}/explorer/`);
    await page.waitForSelector('#login:not([hidden])');
    await shot('1-login');
    await page.type('#user', 'operator');
    await page.type('#password', 'wrong');
    await page.click('#login-button');
    await page.waitForFunction(() => (document.querySelector('#login-error')?.textContent ?? '') !== '', { timeout: 15_000 });
    t.regex(await text(page, '#login-error'), /refused/, 'wrong credentials are told');
    await page.$eval('#user', (e) => { (e as HTMLInputElement).value = ''; });
    await page.$eval('#password', (e) => { (e as HTMLInputElement).value = ''; });
    await page.type('#user', 'admin');
    await page.type('#password', 'admin-demo');
    await page.click('#login-button');

    // The schema tree.
    const threshold = '#tree button[data-schema="rxconf-demo:sensors/sensor/threshold"]';
    await page.waitForSelector(threshold, { timeout: 15_000 });
    t.is(await text(page, '#who'), 'admin');
    await shot('2-tree');

    // Read a value: the path's key filled with the first entry's.
    await page.click(threshold);
    await page.waitForFunction(() => /threshold/.test(document.querySelector('#value')?.textContent ?? ''), { timeout: 15_000 });
    t.is(await page.$eval('#path', (e) => (e as HTMLInputElement).value), 'rxconf-demo:sensors/sensor=cpu/threshold');
    t.deepEqual(JSON.parse(await text(page, '#value')), { threshold: '75.0' });
    // The form carries the schema's constraints: decimal64 range -1000.0..1000.0, one fraction digit.
    const input = await page.$eval('#edit [name="threshold"]', (e) => ({ type: (e as HTMLInputElement).type, min: e.getAttribute('min'), max: e.getAttribute('max'), step: e.getAttribute('step'), value: (e as HTMLInputElement).value }));
    t.deepEqual(input, { type: 'number', min: '-1000', max: '1000', step: '0.1', value: '75.0' });
    await shot('3-read');

    // Submit an edit (a threshold every reading exceeds, so overheat events follow).
    await page.$eval('#edit [name="threshold"]', (e) => { (e as HTMLInputElement).value = ''; });
    await page.type('#edit [name="threshold"]', '-999.0');
    await page.click('#edit button[type="submit"]');
    await page.waitForFunction(() => /saved|\d{3}/.test(document.querySelector('#edit-status')?.textContent ?? ''), { timeout: 15_000 });
    t.regex(await text(page, '#edit-status'), /^saved \(20[04]\)/);
    const stored = await fetch(`${url}/restconf/data/rxconf-demo:sensors/sensor=cpu/threshold`, { headers: { authorization: ADMIN } });
    t.deepEqual(await stored.json(), { threshold: '-999.0' }, 'the edit reached the server');
    await page.waitForFunction(() => /-999\.0/.test(document.querySelector('#value')?.textContent ?? ''), { timeout: 15_000 });
    await shot('4-edit');

    // A value outside the schema's range: the server's error is shown, nothing changes.
    await page.$eval('#edit [name="threshold"]', (e) => { (e as HTMLInputElement).value = '5000'; e.removeAttribute('max'); });
    await page.click('#edit button[type="submit"]');
    await page.waitForFunction(() => /^4\d\d/.test(document.querySelector('#edit-status')?.textContent ?? ''), { timeout: 15_000 });
    t.regex(await text(page, '#edit-status'), /^400/);

    // A node inside an empty list (NACM's rule-list: no rules yet) opens the list itself, never a placeholder key.
    await page.$eval('#tree button[data-schema="ietf-netconf-acm:nacm/rule-list/group"]', (b) => (b as HTMLButtonElement).click());
    await page.waitForSelector('#no-entries', { timeout: 15_000 });
    t.is(await page.$eval('#path', (e) => (e as HTMLInputElement).value), 'ietf-netconf-acm:nacm/rule-list');
    t.notRegex(await text(page, '#request-list'), /\{name\}/);
    t.truthy(await page.$('#create [name="name"]'), 'with the form that creates the first entry');

    // Call an rpc (its output shown).
    await page.click('#tree button[data-schema="rxconf-demo:reset-counters"]');
    await page.waitForSelector('#invoke');
    await page.click('#invoke button[type="submit"]');
    await page.waitForFunction(() => /reset/.test(document.querySelector('#output')?.textContent ?? ''), { timeout: 15_000 });
    t.deepEqual(JSON.parse(await text(page, '#output')), { reset: 3 });
    await shot('5-rpc');

    // An action on a list entry, its input from the form (sent as multipart/form-data).
    await page.click('#tree button[data-schema="rxconf-demo:sensors/sensor/calibrate"]');
    await page.waitForSelector('#invoke [name="offset"]');
    t.is(await page.$eval('#path', (e) => (e as HTMLInputElement).value), 'rxconf-demo:sensors/sensor=cpu/calibrate');
    await page.type('#invoke [name="offset"]', '1.5');
    await page.click('#invoke button[type="submit"]');
    await page.waitForFunction(() => /applied/.test(document.querySelector('#output')?.textContent ?? ''), { timeout: 15_000 });
    t.deepEqual(JSON.parse(await text(page, '#output')), { applied: '1.5' });
    await shot('6-action');

    // Watch a notification: an event arrives over SSE.
    await page.click('#tree button[data-schema="rxconf-demo:overheat"]');
    await page.waitForSelector('#watch');
    await page.type('#filter', 'sensor="cpu"');
    await page.click('#watch');
    await page.waitForSelector('#events li', { timeout: 30_000 });
    const event = await text(page, '#events li');
    t.regex(event, /"sensor":\s*"cpu"/);
    t.regex(event, /"threshold":\s*"-999\.0"/);
    await shot('7-event');
    await page.click('#stop');
    t.deepEqual(problems, [], 'no script errors on the page');
    t.log(`screenshots in ${artifacts}`);
  } finally {
    await browser?.close();
    child.kill('SIGTERM');
  }
});

browserTest('an EventSource in Chromium: credentials and the strict mode in its URL (a server configured for URL credentials)', async (t) => {
  const ticks = new Subject<{ n: number }>();
  const server = createServer({
    searchPath: [webYang], modules: ['web-forms'], host: '127.0.0.1', port: 0, data: false, logger: false,
    auth: { basic: { usersFile: join(root, 'demo', 'users.txt') } }, web: { urlCredentials: true }, explorer: true,
    app: (app) => app.notification('web-forms:tick', ticks),
  });
  const { url } = await server.listen();
  const timer = setInterval(() => ticks.next({ n: 7 }), 200);
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const page = await browser.newPage();
    await page.goto(`${url}/explorer/`); // any page of this origin
    const data = await page.evaluate((auth) => new Promise<string>((resolve, reject) => {
      const events = new EventSource(`/restconf/streams/web-forms:tick?rx.mode=strict&authorization=${encodeURIComponent(auth)}`);
      events.onmessage = (m) => { events.close(); resolve(m.data as string); };
      events.onerror = () => { events.close(); reject(new Error('the event stream failed')); };
    }), ADMIN);
    const event = JSON.parse(data) as { 'ietf-restconf:notification'?: Record<string, unknown> };
    t.deepEqual(event['ietf-restconf:notification']?.['web-forms:tick'], { n: 7 }, 'strict: module-qualified names, as Accept: application/yang-data+json would give');
    // Without the credentials the stream is refused.
    const refused = await page.evaluate(() => fetch('/restconf/streams/web-forms:tick?rx.mode=strict', { headers: { accept: 'text/event-stream', 'x-requested-with': 'XMLHttpRequest' } }).then((r) => r.status));
    t.is(refused, 401);
  } finally {
    clearInterval(timer);
    await browser?.close();
    await server.close();
  }
});
