/**
 * `rxconf docs`, the binary spawned: Markdown and one HTML file per module,
 * for the demo and for corpus modules (ietf-access-control-list,
 * openconfig-interfaces). The HTML is parsed by Chromium (Debian's
 * `chromium`, driven by puppeteer-core) when it is installed, and its
 * sections and tables read back from the DOM.
 */
import test from 'ava';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPublic, sharedTest } from '../helpers/shared.ts';
import { runCli, type CliRun } from '../helpers/run-cli.ts';

const root = join(import.meta.dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const base = mkdtempSync(join(tmpdir(), 'rxconf-docs-'));
test.after.always(() => rmSync(base, { recursive: true, force: true }));

/** `rxconf docs` into `out` (one directory per test: tests run at once). */
const docs = async (out: string, path: string, ...modules: string[]): Promise<CliRun> => runCli(['docs', '--path', path, ...modules, '--out', out]);

/** A Markdown section's table as label → value (values without their backquotes). */
const section = (md: string, path: string): Map<string, string> => {
  const start = md.indexOf(`### \`${path}\`\n`);
  if (start < 0) return new Map();
  const end = md.indexOf('\n### ', start + 1);
  const rows = md.slice(start, end < 0 ? undefined : end).split('\n').filter((l) => /^\| [a-z]/.test(l));
  return new Map(rows.map((l) => {
    const m = /^\| ([^|]+) \| `(.*)` \|$/.exec(l);
    return [m?.[1] ?? l, m?.[2]?.replace(/\\\|/g, '|') ?? ''];
  }));
};

interface HtmlRead {
  readonly title: string;
  readonly sections: number;
  readonly facts: Record<string, Record<string, string>>;
  readonly tree: string;
}

/** The HTML parsed by Chromium: title, number of node sections, the fact tables of `paths`, the tree. */
const readHtml = async (html: string, paths: readonly string[]): Promise<HtmlRead | undefined> => {
  if (!existsSync(CHROMIUM)) return undefined;
  const puppeteer = (await import('puppeteer-core')).default;
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.evaluate((ps: readonly string[]) => {
      const facts: Record<string, Record<string, string>> = {};
      for (const p of ps) {
        const s = document.getElementById(p);
        if (s === null) continue;
        facts[p] = Object.fromEntries([...s.querySelectorAll('tr')].map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
      }
      return { title: document.title, sections: document.querySelectorAll('section').length, facts, tree: document.querySelector('pre')?.textContent ?? '' };
    }, paths);
  } finally {
    await browser.close();
  }
};

test('the demo: tree, every node with type, default, constraints and description, in Markdown and HTML', async (t) => {
  const out = join(base, 'demo');
  const r = await docs(out, join(root, 'demo', 'yang'), 'rxconf-demo');
  t.is(r.code, 0, r.stderr);
  t.deepEqual(r.stdout.trim().split('\n'), [join(out, 'rxconf-demo.md'), join(out, 'rxconf-demo.html')]);
  const md = readFileSync(join(out, 'rxconf-demo.md'), 'utf8');
  t.true(md.startsWith('# rxconf-demo\n'));
  t.regex(md, /## Tree\n\n```\nmodule: rxconf-demo\n {2}\+--rw sensors\n/);
  t.regex(md, /### `\/sensors`\n\nThe sensors the application samples\./);
  t.deepEqual(Object.fromEntries(section(md, '/sensors/sample-interval-ms')), { kind: 'leaf', type: 'uint32', range: '100..60000', default: '1000', units: 'milliseconds', config: 'true' });
  t.like(Object.fromEntries(section(md, '/sensors/sensor/name')), { type: 'string', length: '1..32', pattern: '[a-z][a-z0-9-]*', key: 'yes' });
  t.like(Object.fromEntries(section(md, '/sensors/sensor')), { kind: 'list', key: 'name' });
  t.like(Object.fromEntries(section(md, '/sensors/sensor/kind')), { type: 'identityref', base: 'rxconf-demo:sensor-kind', mandatory: 'true' });
  t.like(Object.fromEntries(section(md, '/sensors/sensor/threshold')), { type: 'rxconf-demo:reading (decimal64)', range: '-1000.0..1000.0', 'fraction-digits': '1', default: '75.0', units: 'celsius' });
  t.like(Object.fromEntries(section(md, '/sensors/sensor/reading/samples')), { type: 'uint64', config: 'false' });
  t.like(Object.fromEntries(section(md, '/sensors/sensor/calibrate/input/offset')), { mandatory: 'true' });
  t.like(Object.fromEntries(section(md, '/reset-counters/output/reset')), { type: 'uint32' });
  t.like(Object.fromEntries(section(md, '/overheat/value')), { kind: 'leaf' });

  const html = readFileSync(join(out, 'rxconf-demo.html'), 'utf8');
  t.regex(html, /^<!DOCTYPE html>\n<html lang="en">/);
  t.notRegex(html, /<script|<link|src=/, 'one file: nothing external, no script');
  const read = await readHtml(html, ['/sensors/sample-interval-ms', '/sensors/sensor/name']);
  if (read === undefined) {
    t.log(`note: ${CHROMIUM} is absent; the HTML is not parsed by a browser`);
    return;
  }
  t.is(read.title, 'rxconf-demo');
  t.is(read.sections, (md.match(/^### /gm) ?? []).length, 'one section per node, as in the Markdown');
  t.deepEqual(read.facts['/sensors/sample-interval-ms'], { kind: 'leaf', type: 'uint32', range: '100..60000', default: '1000', units: 'milliseconds', config: 'true' });
  t.like(read.facts['/sensors/sensor/name'], { pattern: '[a-z][a-z0-9-]*', length: '1..32', key: 'yes' });
  t.regex(read.tree, /\+--rw sensor\* \[name\]/);
});

sharedTest('corpus modules: must, unique, min/max-elements, ordered-by, presence, and augments documented by the augmenting module', async (t) => {
  const out = join(base, 'constraints');
  const r = await docs(out, corpusPublic, 'ietf-vrrp', 'ietf-system-tacacs-plus', 'ietf-alarms');
  t.is(r.code, 0, r.stderr);
  const vrrp = readFileSync(join(out, 'ietf-vrrp.md'), 'utf8');
  const v4 = '/ietf-interfaces:interfaces/ietf-interfaces:interface/ietf-ip:ipv4/vrrp/vrrp-instance';
  t.like(Object.fromEntries(section(vrrp, `${v4}/virtual-ipv4-addresses/virtual-ipv4-address`)), { kind: 'list', key: 'ipv4-address', 'max-elements': '16' });
  t.like(Object.fromEntries(section(vrrp, `${v4}/track/interfaces/interface/interface`)), { must: '/if:interfaces/if:interface[if:name=current()]/ip:ipv4' });
  const ifs = readFileSync(join(out, 'ietf-interfaces.md'), 'utf8');
  t.notRegex(ifs, /^### .*vrrp/m, 'ietf-interfaces has no section for the nodes ietf-vrrp augments in');
  const tacacs = readFileSync(join(out, 'ietf-system-tacacs-plus.md'), 'utf8');
  t.like(Object.fromEntries(section(tacacs, '/ietf-system:system/tacacs-plus/server')), { kind: 'list', unique: 'address port', 'ordered-by': 'user' });
  t.regex(section(tacacs, '/ietf-system:system/tacacs-plus').get('must') ?? '', /^not\(derived-from-or-self\(.*\(error: When 'tacacs-plus' is used as a system authentication method/);
  const alarms = readFileSync(join(out, 'ietf-alarms.md'), 'utf8');
  t.like(Object.fromEntries(section(alarms, '/alarms/alarm-list/alarm/status-change')), { kind: 'list', 'min-elements': '1', config: 'false' });
  t.like(Object.fromEntries(section(alarms, '/alarms/alarm-list/purge-alarms/input/older-than')), { kind: 'container', presence: 'Age specification' });
  t.like(Object.fromEntries(section(alarms, '/alarms/control/notify-severity-level')), { when: '../notify-status-changes = "severity-level"' });
});

sharedTest('corpus modules: ietf-access-control-list (when, pattern, length, keys) and openconfig-interfaces', async (t) => {
  const out = join(base, 'acl-openconfig');
  const r = await docs(out, corpusPublic, 'ietf-access-control-list', 'openconfig-interfaces');
  t.is(r.code, 0, r.stderr);
  const acl = readFileSync(join(out, 'ietf-access-control-list.md'), 'utf8');
  t.like(Object.fromEntries(section(acl, '/acls/acl')), { kind: 'list', key: 'name' });
  t.like(Object.fromEntries(section(acl, '/acls/acl/name')), { length: '1..64' });
  t.like(Object.fromEntries(section(acl, '/acls/acl/aces/ace/matches/l2/eth/eth')), { kind: 'container', when: "derived-from-or-self(/acls/acl/type, 'acl:eth-acl-type')" });
  t.like(Object.fromEntries(section(acl, '/acls/acl/aces/ace/matches/l2/eth/eth/destination-mac-address')), { pattern: '[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}' });
  const oc = readFileSync(join(out, 'openconfig-interfaces.md'), 'utf8');
  t.regex(oc, /```\nmodule: openconfig-interfaces\n/);
  t.like(Object.fromEntries(section(oc, '/interfaces/interface/config/mtu')), { type: 'uint16' });
  t.like(Object.fromEntries(section(oc, '/interfaces/interface/config/type')), { mandatory: 'true', type: 'identityref' });
  const html = readFileSync(join(out, 'openconfig-interfaces.html'), 'utf8');
  t.notRegex(oc, /### `\/interfaces\/interface\/openconfig-if-ethernet:/, 'nodes other modules augment in are theirs to document');
  const read = await readHtml(html, ['/interfaces/interface/config/mtu']);
  if (read === undefined) {
    t.log(`note: ${CHROMIUM} is absent; the HTML is not parsed by a browser`);
    return;
  }
  t.is(read.sections, (oc.match(/^### /gm) ?? []).length);
  t.like(read.facts['/interfaces/interface/config/mtu'], { kind: 'leaf', type: 'uint16' });
});

test('types and docs: usage errors exit 2, module errors exit 1, both listed in the help', async (t) => {
  const rxconf = (...args: string[]): Promise<CliRun> => runCli(args);

  const demo = join(root, 'demo', 'yang');
  const [noOut, noModule, missing, help, typesHelp] = await Promise.all([
    rxconf('types', '--path', demo, 'rxconf-demo'),
    rxconf('docs', '--out', join(base, 'x')),
    rxconf('docs', '--path', demo, 'no-such-module', '--out', join(base, 'x')),
    rxconf('--help'),
    rxconf('types', '--help'),
  ]);
  t.is(noOut.code, 2);
  t.regex(noOut.stderr, /^rxconf types: give the output directory with --out DIR\n/);
  t.is(noModule.code, 2);
  t.regex(noModule.stderr, /^rxconf docs: give at least one module/);
  t.is(missing.code, 1);
  t.regex(missing.stderr, /no-such-module/);
  t.regex(help.stdout, /\n {2}types {5}write TypeScript types and io-ts codecs of YANG modules\n {2}docs {6}write Markdown and HTML documentation/);
  t.regex(typesHelp.stdout, /^usage: rxconf types \[options\] MODULE\.\.\. --out DIR\n/);
});
