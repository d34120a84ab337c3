/**
 * The whole public corpus of ../shared/yang-corpus: every module yanglint
 * accepts must compile with no error, together in one context and each on
 * its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { formatDiagnostic } from '../../src/parser/statement.ts';
import { corpusPublic, hasShared, sharedTest } from '../helpers/shared.ts';

interface Row {
  readonly file: string;
  readonly kind: string;
  readonly yanglintOk: boolean;
  readonly checked: string;
}

const manifest = (): Row[] => {
  if (!hasShared) return [];
  const [head = '', ...lines] = readFileSync(join(corpusPublic, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const cols = head.split('\t');
  const at = (name: string): number => cols.indexOf(name);
  return lines.map((l) => l.split('\t')).map((c) => ({
    file: c[at('file')] ?? '',
    kind: c[at('kind')] ?? '',
    yanglintOk: c[at('yanglint_ok')] === 'yes',
    checked: c[at('yanglint_checked_file')] ?? '',
  }));
};

const rows = manifest();
const accepted = rows.filter((r) => r.kind === 'module' && r.yanglintOk).map((r) => r.file);
const rejected = rows.filter((r) => r.kind === 'module' && !r.yanglintOk).map((r) => r.file);

sharedTest('every module yanglint accepts compiles together in one context', (t) => {
  t.true(accepted.length > 200, `the manifest lists ${accepted.length} accepted modules`);
  const started = performance.now();
  const r = compileSchema({ searchPath: [corpusPublic], modules: accepted.map((f) => ({ file: join(corpusPublic, f) })) });
  const ms = performance.now() - started;
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  t.log(`corpus: ${accepted.length} modules (${r.context.modules.size} loaded with imports) in one context, ${errors.length} errors, ${ms.toFixed(0)} ms`);
  t.deepEqual(errors.map(formatDiagnostic), []);
  t.is(r.context.modules.size >= accepted.length, true);
});

sharedTest('every module yanglint accepts compiles on its own', (t) => {
  const failures: string[] = [];
  for (const f of accepted) {
    const r = compileSchema({ searchPath: [corpusPublic], modules: [{ file: join(corpusPublic, f) }] });
    if (!r.ok) failures.push(`${f}: ${r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic).slice(0, 3).join(' | ')}`);
  }
  t.log(`corpus: ${accepted.length - failures.length}/${accepted.length} accepted modules compile alone`);
  t.deepEqual(failures, []);
});

sharedTest('every submodule is reached through its module', (t) => {
  const subs = rows.filter((r) => r.kind === 'submodule');
  const r = compileSchema({ searchPath: [corpusPublic], modules: [...new Set(subs.map((s) => s.checked))].map((f) => ({ file: join(corpusPublic, f) })) });
  const loaded = new Set([...r.context.modules.values()].flatMap((m) => m.submodules.map((s) => s.name)));
  const missing = subs.map((s) => s.file.replace(/(@[^@]*)?\.yang$/, '')).filter((n) => !loaded.has(n));
  t.log(`corpus: ${subs.length - missing.length}/${subs.length} submodules compiled through their modules`);
  t.deepEqual(missing, []);
});

sharedTest('the two modules yanglint rejects (feature-policy artifact) compile with all features on', (t) => {
  t.deepEqual(rejected.sort(), ['ietf-tls-client@2024-10-10.yang', 'ietf-tls-server@2024-10-10.yang']);
  for (const f of rejected) {
    const r = compileSchema({ searchPath: [corpusPublic], modules: [{ file: join(corpusPublic, f) }] });
    t.deepEqual(r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic), [], f);
  }
});
