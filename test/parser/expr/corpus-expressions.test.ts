/**
 * Every expression written on one line in the shared YANG corpus parses:
 * when/must/path as XPath, if-feature, range/length, augment/deviation/refine
 * targets. Arguments are found with a regular expression (single-line, one
 * quoted string, no escapes) so this test does not depend on the statement
 * reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseIfFeature, parseRange, parseSchemaNodeId, parseXPath } from '../../../src/parser/expr/index.ts';
import type { ParseResult } from '../../../src/parser/expr/index.ts';
import { corpusPublic, hasShared, sharedTest } from '../../helpers/shared.ts';

const argument = /^\s*([a-z-]+)\s+(?:"([^"\\]*)"|'([^']*)')\s*[;{]\s*$/gm;

const parsers: Readonly<Record<string, (text: string) => ParseResult<unknown>>> = {
  when: parseXPath,
  must: parseXPath,
  path: parseXPath,
  'if-feature': parseIfFeature,
  range: parseRange,
  length: parseRange,
  augment: parseSchemaNodeId,
  deviation: parseSchemaNodeId,
  refine: parseSchemaNodeId,
};

const collect = (): Map<string, string[]> => {
  const found = new Map<string, string[]>();
  for (const file of readdirSync(corpusPublic).filter((f) => f.endsWith('.yang'))) {
    for (const m of readFileSync(join(corpusPublic, file), 'utf8').matchAll(argument)) {
      const keyword = m[1] ?? '';
      if (parsers[keyword] === undefined) continue;
      found.set(keyword, [...(found.get(keyword) ?? []), m[2] ?? m[3] ?? '']);
    }
  }
  return found;
};

sharedTest('every single-line expression argument in the corpus parses', (t) => {
  const found = hasShared ? collect() : new Map<string, string[]>();
  let count = 0;
  const failures: string[] = [];
  for (const [keyword, args] of found) {
    const parse = parsers[keyword];
    for (const arg of args) {
      count++;
      const r = parse?.(arg);
      if (r !== undefined && !r.ok) failures.push(`${keyword} ${JSON.stringify(arg)}: ${r.message}`);
    }
  }
  t.true((found.get('path')?.length ?? 0) > 100, 'expected many leafref paths in the corpus');
  t.true(count > 1000, `only ${count} arguments found`);
  t.deepEqual(failures, []);
});
