/**
 * The README's library section shows examples/hello-world.mjs verbatim
 *: the file the package test runs is the one a
 * reader copies, and it stays within 25 lines.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = readFileSync(join(root, 'examples', 'hello-world.mjs'), 'utf8');

/** The first ```js block after the "## The library" heading. */
const libraryBlock = (readme: string): string | undefined => {
  const section = readme.slice(readme.indexOf('\n## The library\n'));
  return /\n```js\n([\s\S]*?)```\n/.exec(section)?.[1];
};

test('the README library section is examples/hello-world.mjs, verbatim', (t) => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  t.true(readme.includes('\n## The library\n'));
  t.is(libraryBlock(readme), example);
});

test('examples/hello-world.mjs is 25 lines or fewer and imports only rxconf and rxjs', (t) => {
  t.true(example.trimEnd().split('\n').length <= 25, `${example.trimEnd().split('\n').length} lines`);
  const imports = [...example.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
  t.deepEqual(imports.sort(), ['rxconf', 'rxjs']);
});

test('the demo app imports only rxconf and rxjs (no deep import, no TypeScript loader)', (t) => {
  const demo = readFileSync(join(root, 'demo', 'app.js'), 'utf8');
  const imports = [...demo.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
  t.deepEqual(imports.sort(), ['rxconf', 'rxjs']);
});

test('the README library section shows examples/hello.yang, verbatim', (t) => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## The library\n'));
  t.is(/\n```yang\n([\s\S]*?)```\n/.exec(section)?.[1], readFileSync(join(root, 'examples', 'hello.yang'), 'utf8'));
});

test('the README stays a front door: about 200 lines', (t) => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
  t.true(lines <= 240, `${lines} lines; move detail into docs/`);
});
