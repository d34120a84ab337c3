/**
 * The client round-trips every valid configuration instance of the shared
 * corpus: a server on the instance's modules (both transports), the
 * client's Device PUTs each module's data through commitEdit (a replace of
 * the module root, modules after those they import), then reads it back
 * through the read walk; both, and the server's own GET, hold the
 * document's data. State-data instances (`data` rows) cannot be PUT and are
 * skipped with a note.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitEdit, defaultReadOptions, read, type Browser } from '../../src/actors/index.ts';
import { connect } from '../../src/client/index.ts';
import { decodeDatastore, encodeDatastore } from '../../src/data/json/index.ts';
import type { DataContainer } from '../../src/data/data-container.ts';
import type { SchemaContext } from '../../src/meta/meta.ts';
import { createServer } from '../../src/index.ts';
import { corpusInstances, corpusPublic, hasShared, sharedTest } from '../helpers/shared.ts';

interface Row {
  readonly file: string;
  readonly modules: readonly string[];
  readonly type: string;
}

const rows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[3] === 'valid')
    .map(([file = '', modules = '', type = '']) => ({ file, modules: modules.split(' '), type }));

/** Browsers after those whose modules they import. */
const importOrder = (browsers: readonly Browser[]): Browser[] => {
  const byName = new Map(browsers.map((b) => [b.module.name, b]));
  const out: Browser[] = [];
  const visit = (b: Browser): void => {
    if (out.includes(b)) return;
    for (const i of b.module.imports) {
      const dep = byName.get(i.module);
      if (dep !== undefined && dep !== b) visit(dep);
    }
    if (!out.includes(b)) out.push(b);
  };
  browsers.forEach(visit);
  return out;
};

/**
 * Drops non-presence containers that hold nothing: they mean nothing (RFC
 * 7950 §7.5.1), and the read walk writes one where a container has only
 * defaults, which 'explicit' leaves out.
 */
const prune = (c: DataContainer): boolean => {
  for (const [m, v] of [...c.values]) {
    if (m.kind === 'container' && prune(v as DataContainer) && m.presence === undefined) c.delete(m);
    if (m.kind === 'list') for (const e of v as DataContainer[]) prune(e);
  }
  return c.size === 0;
};

/** A document as RFC 7951, every module's data in one canonical form (schema order). */
const canonical = (json: unknown, schema: SchemaContext): unknown => {
  const r = decodeDatastore(json, schema, { strict: true, content: 'config' });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  for (const root of r.value.values()) prune(root);
  return encodeDatastore(new Map([...r.value.entries()].sort(([a], [b]) => a.localeCompare(b))), { strict: true, schema });
};

if (hasShared) {
  for (const row of rows()) {
    if (row.type !== 'config') {
      sharedTest(`corpus ${row.file}: skipped (state data cannot be PUT)`, (t) => {
        t.log(`${row.file} is a "${row.type}" instance (config false nodes): a client PUT carries configuration only`);
        t.pass();
      });
      continue;
    }
    for (const transport of ['uws', 'http1'] as const) {
      sharedTest.serial(`the client PUTs ${row.file} and GETs it back (${transport})`, async (t) => {
        const server = createServer({ searchPath: [corpusPublic], modules: row.modules.map((m) => join(corpusPublic, m)), transport, port: 0, logger: false, accessLog: false });
        const { url } = await server.listen();
        try {
          const device = await connect(url);
          const document = JSON.parse(readFileSync(join(corpusInstances, row.file), 'utf8')) as unknown;
          const decoded = decodeDatastore(document, device.schema, { strict: true, content: 'config' });
          if (!decoded.ok) return t.fail(JSON.stringify(decoded.errors));
          const browsers = importOrder([...decoded.value.keys()].map((name) => device.browser(name) as Browser));
          t.true(browsers.length > 0 && browsers.every((b) => b !== undefined), 'the server serves the document\'s modules');
          for (const b of browsers) {
            await commitEdit(device, b, { steps: [], operation: 'replace', input: decoded.value.get(b.module.name) as DataContainer, context: {} });
          }
          const back: Record<string, unknown> = {};
          for (const b of browsers) {
            const body = await read([b.root()], [], { ...defaultReadOptions, strict: true, content: 'config', withDefaults: 'explicit' });
            Object.assign(back, JSON.parse(body.kind === 'whole' ? body.text : '{}'));
          }
          const expected = canonical(document, device.schema);
          t.deepEqual(canonical(back, device.schema), expected, 'read back through the client');
          const get = await fetch(`${url}/restconf/data?content=config&with-defaults=explicit`, { headers: { accept: 'application/yang-data+json' } });
          const all = ((await get.json()) as Record<string, Record<string, unknown>>)['ietf-restconf:data'] ?? {};
          const mine = Object.fromEntries(Object.entries(all).filter(([k]) => browsers.some((b) => k.startsWith(`${b.module.name}:`))));
          t.deepEqual(canonical(mine, device.schema), expected, 'the server holds the document');
        } finally {
          await server.close();
        }
      });
    }
  }
} else {
  sharedTest('the corpus round trip', (t) => t.pass());
}
