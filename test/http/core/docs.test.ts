/** docs/http.md documents every predefined error with the tag and status it answers. */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { statusOf } from '../../../src/errors/index.ts';
import { PREDEFINED_ERRORS } from '../../../src/errors/predefined.ts';

const doc = readFileSync(join(process.cwd(), 'docs', 'http.md'), 'utf8');

for (const [name, failure] of Object.entries(PREDEFINED_ERRORS)) {
  test(`docs/http.md lists ${name}`, (t) => {
    const e = failure.errors[0];
    if (e === undefined) return t.fail('no error');
    const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
    t.truthy(row, `a row for ${name}`);
    t.true(row?.includes(`| ${e.tag} |`), `${name}: its tag ${e.tag}`);
    t.true(row?.includes(`| ${statusOf(e.tag, e.status)}`), `${name}: its status`);
    return undefined;
  });
}
