/**
 * The server's strict-mode answers judged by yanglint: every valid instance
 * document of the shared corpus is PUT into /restconf/data of a server on
 * its modules (documents with state data are loaded into the datastore
 * instead: PUT carries configuration only), read back with GET in the
 * strict mode, and the answer must be valid RFC 7951 for yanglint and hold
 * the same data as the document, defaults included (both printed
 * canonically by yanglint with every default filled in).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser, Datastore, Device } from '../../../src/actors/index.ts';
import { decodeDatastore } from '../../../src/data/json/index.ts';
import { listenUws } from '../../../src/http/adapters/index.ts';
import { createRestconfCore } from '../../../src/http/core/index.ts';
import { compileSchema } from '../../../src/compile/compile-schema.ts';
import type { ModuleMeta } from '../../../src/meta/meta.ts';
import { corpusInstances, corpusPublic, hasShared, sharedTest, skipWithoutShared } from '../../helpers/shared.ts';
import { hasYanglint, yanglint } from '../../helpers/yanglint.ts';

interface Row {
  readonly file: string;
  readonly modules: readonly string[];
  readonly type: 'config' | 'data';
}

const validRows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[3] === 'valid')
    .map(([file = '', modules = '', type = '']) => ({ file, modules: modules.split(' '), type: type === 'data' ? 'data' : 'config' }));

const moduleName = (file: string): string => file.replace(/(@[0-9-]+)?\.yang$/, '');

/** yanglint's canonical JSON of a document with every default filled in, or its complaint. */
const canonical = (row: Row, file: string): { ok: boolean; output: string } =>
  yanglint(['-i', '-p', corpusPublic, '-t', row.type, '-f', 'json', '-d', 'all', ...row.modules.map((m) => join(corpusPublic, m)), file]);

const test = hasShared && hasYanglint ? sharedTest : sharedTest.skip;

skipWithoutShared('yanglint accepts the strict GET of every valid corpus document and finds its data in it');

for (const row of hasShared ? validRows() : []) {
  test(`yanglint accepts the strict GET of ${row.file} (${row.type}) and finds the document's data in it`, async (t) => {
    const compiled = compileSchema({ searchPath: [corpusPublic], modules: row.modules.map((f) => ({ file: join(corpusPublic, f) })) });
    t.true(compiled.ok, 'the modules compile');
    const schema = compiled.context;
    const store = Datastore.load(schema);
    const device = new Device(schema);
    for (const name of row.modules.map(moduleName)) {
      const module = schema.modules.get(name) as ModuleMeta;
      device.add(new Browser(module, schema, () => store.node(module)));
    }
    const document = readFileSync(join(corpusInstances, row.file), 'utf8');
    if (row.type === 'data') {
      const decoded = decodeDatastore(JSON.parse(document), schema, { strict: true, content: 'all' });
      if (!decoded.ok) return t.fail(JSON.stringify(decoded.errors));
      for (const [name, tree] of decoded.value) for (const [m, v] of tree.values) store.root(schema.modules.get(name) as ModuleMeta).set(m, v);
    }
    const server = await listenUws(createRestconfCore({ device }), { host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${server.port}/restconf/data`;
      if (row.type === 'config') {
        const put = await fetch(base, { method: 'PUT', headers: { 'content-type': 'application/yang-data+json' }, body: document });
        t.is(put.status, 204, await put.text());
      }
      const get = await fetch(`${base}${row.type === 'config' ? '?content=config' : ''}`, { headers: { accept: 'application/yang-data+json' } });
      t.is(get.status, 200);
      t.is(get.headers.get('content-type'), 'application/yang-data+json');
      const answer = (await get.json()) as Record<string, unknown>;
      t.deepEqual(Object.keys(answer), ['ietf-restconf:data']);
      const dir = mkdtempSync(join(tmpdir(), 'rxconf-corpus-'));
      const answerFile = join(dir, 'answer.json');
      writeFileSync(answerFile, JSON.stringify(answer['ietf-restconf:data'], null, 2));
      const judged = canonical(row, answerFile);
      t.true(judged.ok, judged.output);
      const original = canonical(row, join(corpusInstances, row.file));
      t.true(original.ok, original.output);
      t.is(judged.output, original.output, 'the answer holds the document\'s data (yanglint -f json of both)');
    } finally {
      await server.close();
    }
    return undefined;
  });
}
