/** Request body text → JSON: same values as JSON.parse, positioned errors, duplicate names, exact number texts. */
import test from 'ava';
import fc from 'fast-check';
import { parseJsonText } from '../../../src/data/json/index.ts';
import { soakRuns } from '../../helpers/soak.ts';

const errorOf = (text: string, maxDepth?: number) => {
  const r = parseJsonText(text, maxDepth === undefined ? {} : { maxDepth });
  if (r.ok) throw new Error(`accepted: ${text}`);
  if (r.errors.length !== 1) throw new Error('expected one error');
  return r.errors[0] as (typeof r.errors)[number];
};

test('valid JSON gives what JSON.parse gives', (t) => {
  t.notThrows(() =>
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        const r = parseJsonText(text);
        if (!r.ok) throw new Error(`refused ${text}: ${r.errors[0]?.message}`);
        if (JSON.stringify(r.value) !== JSON.stringify(JSON.parse(text))) throw new Error(`differs for ${text}`);
      }),
      { numRuns: 400 },
    ),
  );
});

test('accepts exactly what JSON.parse accepts (but for duplicate member names)', (t) => {
  const token = fc.constantFrom('{', '}', '[', ']', ',', ':', ' ', '\n', '"a"', '"b"', '"\\u00e9"', '"\\x"', '1', '-0', '01', '1.5e3', '1.', 'true', 'nul', 'null', '"\t"');
  t.notThrows(() =>
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (tokens) => {
        const text = tokens.join('');
        let native = true;
        try {
          JSON.parse(text);
        } catch {
          native = false;
        }
        const r = parseJsonText(text);
        if (r.ok !== native && !(native && !r.ok && r.errors[0]?.message.includes('twice'))) {
          throw new Error(`${JSON.stringify(text)}: JSON.parse ${native}, parseJsonText ${r.ok}`);
        }
      }),
      { numRuns: soakRuns(3000) },
    ),
  );
});

test('a trailing comma: malformed-message, error-type rpc (RFC 6241 Appendix A), with line and column', (t) => {
  const e = errorOf('{\n  "ietf-system:system": {\n    "hostname": "router1",\n  }\n}');
  t.is(e.tag, 'malformed-message');
  t.is(e.type, 'rpc');
  t.is(e.path, undefined);
  t.deepEqual(e.info, { line: 4, column: 3 });
  t.is(e.message, 'malformed JSON at line 4, column 3: expected a member name (a string) but found a trailing ","');
});

test('syntax errors say what and where', (t) => {
  t.is(errorOf('[1, 2,]').message, 'malformed JSON at line 1, column 7: expected a value but found a trailing ","');
  t.is(errorOf('{"a" 1}').message, 'malformed JSON at line 1, column 6: expected ":" after member name "a" but found "1"');
  t.is(errorOf('{"a": 1 "b": 2}').message, 'malformed JSON at line 1, column 9: expected "," or "}" but found "\\""');
  t.is(errorOf('{"a": "b').message, 'malformed JSON at line 1, column 7: unterminated string');
  t.is(errorOf('\n\n  tru').message, 'malformed JSON at line 3, column 3: invalid literal (expected true)');
  t.is(errorOf('[01]').message, 'malformed JSON at line 1, column 2: invalid number');
  t.is(errorOf('"a\u0001"').message, 'malformed JSON at line 1, column 3: control character in a string (it must be escaped)');
  t.is(errorOf('"\\q"').message, 'malformed JSON at line 1, column 2: invalid escape "\\q" in a string');
  t.is(errorOf('{} {}').message, 'malformed JSON at line 1, column 4: unexpected "{" after the JSON value');
  t.is(errorOf('  \n ').message, 'malformed JSON at line 2, column 2: the text is empty; expected a JSON value');
  t.is(errorOf('[1,\n  2,\n  x]').message, 'malformed JSON at line 3, column 3: expected a value but found "x"');
});

test('a member name given twice in one object is malformed (I-JSON), at the second name', (t) => {
  const e = errorOf('{"a": {"x": 1,\n "x": 2}}');
  t.is(e.tag, 'malformed-message');
  t.is(e.message, 'malformed JSON at line 2, column 2: member "x" is given twice in one object');
  t.true(parseJsonText('{"x": 1, "y": {"x": 2}}').ok);
});

test('nesting deeper than the limit is too-big', (t) => {
  const e = errorOf(`${'['.repeat(11)}${']'.repeat(11)}`, 10);
  t.is(e.tag, 'too-big');
  t.is(e.type, 'protocol');
  t.true(parseJsonText(`${'['.repeat(10)}${']'.repeat(10)}`, { maxDepth: 10 }).ok);
});

test('a byte order mark is ignored; "__proto__" is an ordinary member', (t) => {
  const r = parseJsonText('\ufeff{"__proto__": {"a": 1}}');
  t.true(r.ok);
  if (!r.ok) return;
  const value = r.value as Record<string, unknown>;
  t.deepEqual(Object.keys(value), ['__proto__']);
  t.is(Object.getPrototypeOf(value), Object.prototype);
});

test('the exact text of inexact numbers is kept, by holder and member', (t) => {
  const r = parseJsonText('{"a": 12345678901234567890, "b": 1.5, "c": [0.1234567890123456789, 7, 1e400, 1e-400, 100000000000000000000000]}');
  t.true(r.ok);
  if (!r.ok) return;
  const v = r.value as { a: number; b: number; c: number[] };
  t.is(v.a, 12345678901234567890);
  t.is(r.numbers.get(v, 'a'), '12345678901234567890');
  t.is(r.numbers.get(v, 'b'), undefined);
  t.is(r.numbers.get(v.c, 0), '0.1234567890123456789');
  t.is(r.numbers.get(v.c, 1), undefined);
  t.is(r.numbers.get(v.c, 2), '1e400');
  t.is(r.numbers.get(v.c, 3), '1e-400');
  t.is(r.numbers.get(v.c, 4), '100000000000000000000000', 'beyond 2^53 - 1');
});
