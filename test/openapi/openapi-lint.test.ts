/**
 * An independent linter, Redocly CLI (`redocly lint`, its recommended
 * rules), finds no error in the document a server answers for the demo,
 * nor in the document of a large corpus model (where ../shared exists).
 */
import test from 'ava';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { openapiDocument } from '../../src/openapi/openapi-document.ts';
import { corpusPublic, sharedTest } from '../helpers/shared.ts';
import { serveDemo } from './openapi-servers.ts';

const REDOCLY = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'redocly');

type Problem = { severity: string; ruleId: string; message: string; location?: { pointer?: string }[] };

/** Redocly's problems with a document: the errors, and how many warnings. */
const lint = async (doc: unknown): Promise<{ errors: string[]; warnings: number }> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const run = await promisify(execFile)(REDOCLY, ['lint', file, '--format', 'json', '--max-problems', '10000'], {
      maxBuffer: 1 << 28, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    }).catch((e: { stdout: string }) => e);
    const problems = (JSON.parse(run.stdout) as { problems: Problem[] }).problems;
    return {
      errors: problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? ''}`),
      warnings: problems.filter((p) => p.severity !== 'error').length,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

test('Redocly finds no error in the document the demo server answers', async (t) => {
  const s = await serveDemo();
  t.teardown(() => s.close());
  const doc = await (await fetch(`${s.url}/restconf/openapi.json`, { headers: { 'x-remote-user': 'admin' } })).json() as { paths: Record<string, unknown> };
  const { errors, warnings } = await lint(doc);
  t.log(`${Object.keys(doc.paths).length} paths, ${warnings} warnings`);
  t.deepEqual(errors, []);
});

sharedTest('Redocly finds no error in the document of a large corpus model (OpenConfig interfaces, ethernet, IP)', async (t) => {
  const r = compileSchema({ searchPath: [corpusPublic], modules: ['openconfig-interfaces', 'openconfig-if-ethernet', 'openconfig-if-ip'].map((name) => ({ name })) });
  if (!r.ok) return t.fail('the corpus modules do not compile');
  const { errors, warnings } = await lint(openapiDocument(r.context, { auth: { basic: true }, url: 'https://device.example:8443' }));
  t.log(`${warnings} warnings`);
  t.deepEqual(errors.slice(0, 20), []);
});
