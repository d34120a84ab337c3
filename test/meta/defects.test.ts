/** Modules with one deliberate defect each: rejected with the right message at the right place. */
import test from 'ava';
import { join } from 'node:path';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang', 'defects');

/** file → [line, col, message pattern] of the first error. */
const EXPECTED: Record<string, readonly [number, number, RegExp]> = {
  'unknown-type.yang': [4, 12, /unknown type "strin"/],
  'unresolved-import.yang': [4, 3, /cannot find module "no-such-module"/],
  'bad-leafref.yang': [7, 22, /bad leafref path "\.\.\/nmae".*no node "nmae"/],
  'duplicate-definition.yang': [6, 5, /duplicate definition "a" \(also defined at .*:5:5\)/],
  'rpc-in-container.yang': [5, 5, /rpc "go" is only allowed directly in a module/],
  'action-in-module.yang': [5, 3, /action "go" is not allowed directly in a module/],
  'invalid-range.yang': [4, 25, /invalid range "10\.\.300": not within the base type's range/],
  'reversed-range.yang': [4, 25, /invalid range "5\.\.1": lower bound is above upper bound/],
  'unknown-grouping.yang': [4, 17, /unknown grouping "nothing"/],
  'unknown-base.yang': [4, 20, /unknown base identity "parent"/],
  'unknown-feature.yang': [4, 12, /unknown feature "nope"/],
  'bad-augment-target.yang': [5, 3, /augment target "\/d:c\/d:missing" not found: no node "missing"/],
  'bad-key.yang': [4, 3, /key "id" of list "l" is not a leaf of the list/],
  'unknown-prefix.yang': [4, 12, /unknown prefix "x"/],
  'circular-typedef.yang': [4, 3, /typedef "a" is defined in terms of itself/],
  'unterminated-string.yang': [4, 37, /unterminated double-quoted string/],
  'unknown-statement.yang': [4, 3, /unknown statement "contianer"/],
  'bad-default.yang': [6, 3, /invalid default "50" of leaf "a": "50" is out of range 0\.\.10/],
  'config-under-state.yang': [6, 5, /"x" is config true inside config false data/],
  'missing-type.yang': [4, 3, /leaf "a" has no type/],
  'duplicate-enum.yang': [4, 39, /duplicate enum "x"/],
  'config-list-no-key.yang': [4, 3, /list "l" is configuration but has no key/],
  'grouping-loop.yang': [4, 16, /grouping "g" uses itself with no data definition in between/],
  'missing-brace.yang': [6, 1, /unexpected end of file/],
};

for (const [file, [line, col, message]] of Object.entries(EXPECTED)) {
  test(`defect ${file} is rejected at ${line}:${col}`, (t) => {
    const r = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, file) }] });
    t.false(r.ok);
    const first = r.diagnostics.find((d) => d.severity === 'error');
    t.truthy(first);
    t.is(first?.loc.file, join(dir, file));
    t.is(`${first?.loc.line}:${first?.loc.col}`, `${line}:${col}`, first?.message);
    t.regex(first?.message ?? '', message);
  });
  yanglintTest(`yanglint rejects defect ${file} too`, (t) => {
    t.false(yanglint(['-p', dir, join(dir, file)]).ok);
  });
}

test('all problems of a module are reported, not just the first', (t) => {
  const r = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, 'unknown-prefix.yang') }, { file: join(dir, 'unknown-type.yang') }, { file: join(dir, 'bad-key.yang') }] });
  t.true(r.diagnostics.filter((d) => d.severity === 'error').length >= 3);
});

test('a missing file is a diagnostic, not an exception', (t) => {
  const r = compileSchema({ searchPath: [dir], modules: [{ file: join(dir, 'nope.yang') }, { name: 'also-missing' }] });
  t.false(r.ok);
  t.is(r.diagnostics.length, 2);
  t.regex(r.diagnostics[0]?.message ?? '', /cannot read/);
  t.regex(r.diagnostics[1]?.message ?? '', /cannot find module "also-missing"/);
});
