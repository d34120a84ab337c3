/** The built-in YANG library is valid RFC 8525 data, judged by yanglint with the real ietf-yang-library module. */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileSchema } from '../../../src/compile/compile-schema.ts';
import { yangLibrary, yangLibraryDocument } from '../../../src/http/system/yang-library.ts';
import { corpusPublic, hasShared } from '../../helpers/shared.ts';
import { hasYanglint, yanglint } from '../../helpers/yanglint.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures', 'yang', 'features');
const location = (name: string, revision: string | undefined) => `http://127.0.0.1:8080/restconf/schema/${name}${revision === undefined ? '' : `@${revision}`}`;
const schema = compileSchema({
  searchPath: [fixtures],
  modules: [{ file: join(fixtures, 'fx-submodule.yang') }, { file: join(fixtures, 'fx-deviations.yang') }, { file: join(fixtures, 'fx-features.yang') }],
  features: new Map([['fx-features', new Set(['alpha'])]]),
}).context;

test('lists implemented modules with features, deviations and submodules, and import-only ones', (t) => {
  const lib = yangLibrary(schema, location) as { 'module-set': { module: { name: string; feature?: string[]; deviation?: string[]; submodule?: unknown[] }[]; 'import-only-module'?: { name: string }[] }[] };
  const set = lib['module-set'][0];
  const byName = new Map(set?.module.map((m) => [m.name, m]));
  t.deepEqual(byName.get('fx-features')?.feature, ['alpha']);
  t.deepEqual(byName.get('fx-submodule')?.submodule, [{ name: 'fx-submodule-part', revision: '2024-01-01', location: [location('fx-submodule-part', '2024-01-01')] }]);
  t.deepEqual(set?.['import-only-module']?.map((m) => m.name).sort(), ['fx-types'], 'a deviated module is implemented');
  const target = schema.modules.get('fx-deviation-target');
  t.deepEqual(target?.deviatedBy, ['fx-deviations']);
});

(hasShared && hasYanglint ? test : test.skip)('yanglint accepts the document against ietf-yang-library@2019-01-04', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-yl-'));
  const file = join(dir, 'library.json');
  writeFileSync(file, JSON.stringify(yangLibraryDocument(schema, location)));
  const r = yanglint(['-p', corpusPublic, '-t', 'data', join(corpusPublic, 'ietf-yang-library@2019-01-04.yang'), join(corpusPublic, 'ietf-datastores@2018-02-14.yang'), file]);
  t.true(r.ok, r.output);
});

(hasShared && hasYanglint ? test : test.skip)('yanglint accepts the restconf-state document against ietf-restconf-monitoring', async (t) => {
  const { restconfState } = await import('../../../src/http/system/restconf-state.ts');
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-rs-'));
  const file = join(dir, 'state.json');
  writeFileSync(file, JSON.stringify(restconfState([{ name: 'm:alarm', description: 'alarms', location: 'http://127.0.0.1:1/restconf/data/m:alarm' }])));
  const r = yanglint(['-p', corpusPublic, '-t', 'data', join(corpusPublic, 'ietf-restconf-monitoring@2017-01-26.yang'), file]);
  t.true(r.ok, r.output);
});
