import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findGrammars, staleGrammars } from '../../../scripts/lib/compile-grammar.ts';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

test('every committed .grammar.ts is what npm run grammars makes from its .ne', (t) => {
  t.true(findGrammars(projectRoot).some((p) => p.endsWith('xpath.ne')), 'no grammars found');
  t.deepEqual(staleGrammars(projectRoot), [], 'run npm run grammars and commit the result');
});
