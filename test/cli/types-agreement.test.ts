/**
 * The generated io-ts codecs and the server's decoder (src/data/json,
 * strict RFC 7951) agree on acceptance: on every corpus instance document,
 * and (fast-check) on random instances of the corpus modules, valid ones and
 * mutated ones, configuration and configuration-and-state documents.
 */
import test, { type ExecutionContext } from 'ava';
import fc from 'fast-check';
import { isRight } from 'fp-ts/lib/Either.js';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeWith, type YangModel } from '../../src/codegen/runtime/index.ts';
import { generateTypes } from '../../src/codegen/generate-types.ts';
import { decodeData, parseJsonText } from '../../src/data/json/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { corpusInstances, corpusPublic, sharedTest } from '../helpers/shared.ts';
import { InstanceGenerator, type Mode } from '../types-generated/random-instance.ts';

const root = join(import.meta.dirname, '..', '..');
const runtime = join(root, 'src', 'index.ts');
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
const out = mkdtempSync(join(root, 'node_modules', '.cache', 'rxconf-agree-'));
test.after.always(() => rmSync(out, { recursive: true, force: true }));

interface Row { readonly file: string; readonly modules: readonly string[]; readonly type: 'config' | 'data'; readonly valid: boolean }

const rows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => {
    const [file = '', modules = '', type = '', , verdict = ''] = line.split('\t');
    return { file, modules: modules.split(' '), type: type === 'data' ? 'data' : 'config', valid: verdict === 'valid' };
  });

interface Loaded { readonly schema: SchemaContext; readonly models: Map<string, YangModel> }

const loaded = new Map<string, Promise<Loaded>>();

/** The module set compiled, its generated files written and imported. */
const load = (files: readonly string[], dir = corpusPublic): Promise<Loaded> => {
  const key = files.join(' ');
  let l = loaded.get(key);
  if (l === undefined) {
    l = (async () => {
      const r = compileSchema({ searchPath: [dir], modules: files.map((f) => ({ file: join(dir, f) })) });
      if (!r.ok) throw new Error(`${key} does not compile`);
      const target = join(out, String(loaded.size));
      mkdirSync(target, { recursive: true });
      const models = new Map<string, YangModel>();
      for (const m of r.context.modules.values()) {
        if (!m.implemented) continue;
        const file = join(target, `${m.name}.ts`);
        writeFileSync(file, generateTypes(m, r.context, { runtimeImport: runtime }));
        models.set(m.name, ((await import(file)) as { model: YangModel }).model);
      }
      return { schema: r.context, models };
    })();
    loaded.set(key, l);
  }
  return l;
};

/** Both verdicts on the part of a document that belongs to `module`. */
const verdicts = (l: Loaded, module: ModuleMeta, part: Record<string, unknown>, config: boolean): { codec: boolean; runtime: boolean } => {
  const model = l.models.get(module.name);
  if (model === undefined) throw new Error(`no generated model for ${module.name}`);
  const codec = isRight(decodeWith(config ? model.configDocument : model.document, part));
  const runtime = decodeData(part, module, { strict: true, content: config ? 'config' : 'all', schema: l.schema }).ok;
  return { codec, runtime };
};

sharedTest('codec and decoder agree on every corpus instance document', async (t) => {
  let compared = 0;
  let rejected = 0;
  for (const row of rows()) {
    const l = await load(row.modules);
    const parsed = parseJsonText(readFileSync(join(corpusInstances, row.file), 'utf8'));
    if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) {
      t.log(`${row.file}: not a JSON object, not compared`);
      continue;
    }
    const doc = parsed.value as Record<string, unknown>;
    const parts = new Map<string, Record<string, unknown>>();
    const first = [...l.models.keys()][0] ?? '';
    for (const [k, v] of Object.entries(doc)) {
      const colon = k.indexOf(':');
      const m = colon > 0 ? k.slice(0, colon) : first;
      parts.set(m, { ...parts.get(m), [k]: v });
    }
    for (const [name, part] of parts) {
      const module = l.schema.modules.get(name);
      if (module === undefined) continue;
      const v = verdicts(l, module, part, row.type === 'config');
      t.is(v.codec, v.runtime, `${row.file} (${name}): codec ${v.codec}, decoder ${v.runtime}`);
      if (row.valid) t.true(v.codec, `${row.file} (${name}) is valid (yanglint): the codec takes it`);
      compared += 1;
      if (!v.runtime) rejected += 1;
    }
  }
  t.log(`${compared} documents compared, ${rejected} rejected by both`);
  t.true(rejected > 5, 'type-level invalid instances are among them');
});

/** Integers in [0, 2^31) drawn evenly (fast-check's default bias would make every choice take its first branch). */
const uniform = (): fc.Arbitrary<number> => fc.noBias(fc.integer({ min: 0, max: 0x7fffffff }));

const sets = (): string[][] => [...new Map(rows().map((r) => [r.modules.join(' '), [...r.modules]])).values()];

/** The project's own modules: the demo, and one with every built-in type, choices in choices and names of globals. */
const OWN: readonly (readonly [string, readonly string[]])[] = [
  [join(root, 'demo', 'yang'), ['rxconf-demo.yang']],
  [join(root, 'test', 'types-generated', 'yang'), ['tg-all.yang']],
];

for (const mode of ['valid', 'mutated'] as const satisfies readonly Mode[]) {
  const agree = async (t: ExecutionContext, dir: string, all: readonly (readonly string[])[]): Promise<void> => {
    const tally = { runs: 0, accepted: 0 };
    for (const files of all) {
      const l = await load(files, dir);
      const modules = [...l.models.keys()].map((n) => l.schema.modules.get(n)).filter((m): m is ModuleMeta => m !== undefined);
      let acceptedHere = 0;
      fc.assert(
        fc.property(fc.gen(), fc.boolean(), fc.nat({ max: modules.length - 1 }), (g, config, which) => {
          const module = modules[which];
          if (module === undefined) return true;
          const next = (): number => g(uniform) / 0x80000000;
          const doc = new InstanceGenerator(l.schema, mode, next).document(module, config);
          const v = verdicts(l, module, doc, config);
          tally.runs += 1;
          if (v.runtime) {
            tally.accepted += 1;
            acceptedHere += 1;
          }
          if (v.codec !== v.runtime) throw new Error(`${module.name} (${config ? 'config' : 'data'}): codec ${v.codec}, decoder ${v.runtime}: ${JSON.stringify(doc).slice(0, 2000)}`);
          return true;
        }),
        { numRuns: dir === corpusPublic ? 40 : 200 },
      );
      if (mode === 'valid') t.true(acceptedHere > 0, `${files.join(' ')}: some valid instances are accepted`);
    }
    t.log(`${tally.runs} ${mode} instances, ${tally.accepted} accepted by both`);
    t.pass();
  };
  test(`codec and decoder agree on random ${mode} instances of the demo and tg-all`, async (t) => {
    for (const [dir, files] of OWN) await agree(t, dir, [files]);
  });
  sharedTest(`codec and decoder agree on random ${mode} instances of the corpus modules`, (t) => agree(t, corpusPublic, sets()));
}
