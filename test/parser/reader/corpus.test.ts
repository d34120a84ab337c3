/**
 * The public YANG corpus: every file reads without a diagnostic, agrees with
 * MANIFEST.tsv, and a hand-checked sample of arguments comes out exactly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readYang } from '../../../src/parser/index.ts';
import { formatDiagnostic } from '../../../src/parser/index.ts';
import type { Statement } from '../../../src/parser/index.ts';
import { yangVersion } from '../../../src/parser/report-escapes.ts';
import { corpusPublic, hasShared, sharedTest } from '../../helpers/shared.ts';

const files = hasShared ? readdirSync(corpusPublic).filter((f) => f.endsWith('.yang')).sort() : [];
const source = (file: string): string => readFileSync(join(corpusPublic, file), 'utf8');
const lineCount = (text: string): number =>
  (text.match(/\n/g)?.length ?? 0) + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);

/** MANIFEST.tsv rows by file name. */
const manifest = (): Map<string, Record<string, string>> => {
  const [header, ...rows] = readFileSync(join(corpusPublic, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const cols = (header ?? '').split('\t');
  return new Map(rows.map((r) => {
    const cells = r.split('\t');
    return [cells[0] ?? '', Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']))];
  }));
};

sharedTest('all public corpus files read with no diagnostic', (t) => {
  const texts = files.map((f) => [f, source(f)] as const);
  const lines = texts.reduce((n, [, text]) => n + lineCount(text), 0);
  const start = performance.now();
  const problems: string[] = [];
  for (const [file, text] of texts) problems.push(...readYang(text, file).diagnostics.map(formatDiagnostic));
  const ms = performance.now() - start;
  t.deepEqual(problems, []);
  t.is(files.length, 296);
  t.is(lines, 158_639);
  t.log(`${files.length} files, ${lines} lines in ${ms.toFixed(0)} ms: ${Math.round((lines / ms) * 1000)} lines/s (one cold pass)`);
});

sharedTest('module name, kind and yang-version agree with MANIFEST.tsv', (t) => {
  const rows = manifest();
  const kinds = { module: 0, submodule: 0 };
  for (const file of files) {
    const row = rows.get(file);
    const stmt = readYang(source(file), file).statement;
    t.deepEqual([stmt?.keyword, stmt?.arg, yangVersion(stmt)], [row?.['kind'], row?.['module'], row?.['yang_version']], file);
    if (stmt?.keyword === 'module' || stmt?.keyword === 'submodule') kinds[stmt.keyword] += 1;
  }
  t.deepEqual(kinds, { module: 235, submodule: 61 });
});

/** Every argument of `keyword` statements in a corpus file, in source order. */
const argsOf = (file: string, keyword: string): string[] => {
  const out: string[] = [];
  const walk = (s: Statement): void => {
    if (s.keyword === keyword && s.arg !== undefined) out.push(s.arg);
    s.substatements.forEach(walk);
  };
  const stmt = readYang(source(file), file).statement;
  if (stmt !== undefined) walk(stmt);
  return out;
};

sharedTest('a single-quoted pattern keeps its backslashes', (t) => {
  t.deepEqual(argsOf('ietf-netconf-time@2016-01-26.yang', 'pattern'), ['\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?']);
});

sharedTest('patterns concatenated from single-quoted parts', (t) => {
  const inet = argsOf('ietf-inet-types@2025-12-22.yang', 'pattern');
  const octet = '([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])';
  t.true(inet.includes(`(${octet}\\.){3}${octet}(%.+)?`));
  t.true(inet.includes('[0-9\\.]*'));
  t.true(argsOf('ietf-yang-types@2025-12-22.yang', 'pattern').includes(
    '[0-9]{4}-(1[0-2]|0[1-9])-(0[1-9]|[1-2][0-9]|3[0-1])'
      + 'T(0[0-9]|1[0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)'
      + '(\\.[0-9]+)?'
      + '(Z|[\\+\\-]((1[0-3]|0[0-9]):([0-5][0-9])|14:00))?',
  ));
});

sharedTest('a BBF licence block: \\"AS IS\\" becomes "AS IS", indentation stripped to the quote column', (t) => {
  const description = argsOf('bbf-hardware.yang', 'description')[0] ?? '';
  t.true(description.startsWith('This module contains a collection of YANG definitions for\nsupporting the Broadband Forum'));
  t.true(description.includes(
    '2. Redistributions in binary form must reproduce the above\n   copyright notice, this list of conditions and the following\n',
  ));
  t.true(description.includes(
    'THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND\nCONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES,\nINCLUDING,',
  ));
  t.false(description.includes('\\'));
});

sharedTest('a multi-line when expression', (t) => {
  t.is(argsOf('bbf-hardware.yang', 'when')[0],
    "derived-from-or-self (hw:class, 'ianahw:chassis') or\nderived-from-or-self (hw:class, 'ianahw:module')");
});

sharedTest('OpenConfig extension statements keep their prefix', (t) => {
  const stmt = readYang(source('openconfig-interfaces.yang'), 'openconfig-interfaces.yang').statement;
  const version = stmt?.substatements.find((s) => s.keyword === 'openconfig-version');
  t.deepEqual([version?.prefix, version?.arg, version?.loc.line, version?.loc.col], ['oc-ext', '3.8.1', 54, 3]);
});
