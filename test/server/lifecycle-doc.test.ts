/**
 * docs/lifecycle.md describes the request pipeline stage by stage, in the
 * order of PIPELINE (src/server/server-pipeline.ts): its `###` headings
 * under "## Stages" are the stages' names, in order, each once. A stage
 * added, removed, renamed or moved without the page fails here.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PIPELINE } from '../../src/server/server-pipeline.ts';

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'lifecycle.md'), 'utf8');

/** The `###` headings of the "## Stages" section, in order. */
const documentedStages = (text: string): string[] => {
  const start = text.indexOf('\n## Stages\n');
  if (start < 0) return [];
  const rest = text.slice(start + '\n## Stages\n'.length);
  const next = rest.search(/\n## /);
  const section = next < 0 ? rest : rest.slice(0, next);
  return [...section.matchAll(/^### (.+)$/gm)].map((m) => (m[1] ?? '').trim());
};

test('docs/lifecycle.md names every pipeline stage, in the pipeline\'s order', (t) => {
  t.deepEqual(documentedStages(doc), PIPELINE.map((s) => s.name));
});

test('every documented stage says what it does (a paragraph under its heading)', (t) => {
  for (const name of PIPELINE.map((s) => s.name)) {
    const at = doc.indexOf(`\n### ${name}\n`);
    const body = doc.slice(at + name.length + 6).split(/\n### |\n## /)[0] ?? '';
    t.true(body.trim().length > 40, name);
  }
});

test('the check itself: a page with a stage left out, or two stages swapped, does not match', (t) => {
  const names = PIPELINE.map((s) => s.name);
  const [first, second] = names;
  const without = doc.replace(`\n### ${first}\n`, '\n');
  t.notDeepEqual(documentedStages(without), names);
  const swapped = doc.replace(`\n### ${first}\n`, '\n### @@\n').replace(`\n### ${second}\n`, `\n### ${first}\n`).replace('\n### @@\n', `\n### ${second}\n`);
  t.notDeepEqual(documentedStages(swapped), names);
});

test('the stage names are unique', (t) => {
  const names = PIPELINE.map((s) => s.name);
  t.is(new Set(names).size, names.length);
});
