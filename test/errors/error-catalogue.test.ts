/**
 * The error catalogue (src/errors/error-tag.ts) against the RFC tables it
 * comes from, docs/errors.md against the catalogue, and every error the
 * source raises against both.
 */
import test from 'ava';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_TAGS, ERROR_TYPES, restconfError, statusOf, typeOf, type ErrorTag, type ErrorType } from '../../src/errors/index.ts';

/** RFC 8040 §7, the table of error-tags and status codes. */
const RFC8040: Readonly<Record<string, readonly number[]>> = {
  'in-use': [409],
  'invalid-value': [400, 404, 406],
  'too-big': [413, 400], // (request) 413, (response) 400
  'missing-attribute': [400],
  'bad-attribute': [400],
  'unknown-attribute': [400],
  'bad-element': [400],
  'unknown-element': [400],
  'unknown-namespace': [400],
  'access-denied': [401, 403],
  'lock-denied': [409],
  'resource-denied': [409],
  'rollback-failed': [500],
  'data-exists': [409],
  'data-missing': [409],
  'operation-not-supported': [405, 501],
  'operation-failed': [412, 500],
  'partial-operation': [500],
  'malformed-message': [400],
};

/** RFC 6241 Appendix A: the error-type(s) of each error-tag. */
const RFC6241: Readonly<Record<string, readonly ErrorType[]>> = {
  'in-use': ['protocol', 'application'],
  'invalid-value': ['protocol', 'application'],
  'too-big': ['transport', 'rpc', 'protocol', 'application'],
  'missing-attribute': ['rpc', 'protocol', 'application'],
  'bad-attribute': ['rpc', 'protocol', 'application'],
  'unknown-attribute': ['rpc', 'protocol', 'application'],
  'missing-element': ['protocol', 'application'],
  'bad-element': ['protocol', 'application'],
  'unknown-element': ['protocol', 'application'],
  'unknown-namespace': ['protocol', 'application'],
  'access-denied': ['protocol', 'application'],
  'lock-denied': ['protocol'],
  'resource-denied': ['transport', 'rpc', 'protocol', 'application'],
  'rollback-failed': ['protocol', 'application'],
  'data-exists': ['application'],
  'data-missing': ['application'],
  'operation-not-supported': ['protocol', 'application'],
  'operation-failed': ['rpc', 'protocol', 'application'],
  'partial-operation': ['application'],
  'malformed-message': ['rpc'],
};

const tags = Object.keys(ERROR_TAGS) as ErrorTag[];
const sorted = <T>(xs: readonly T[]): T[] => [...xs].sort();

/** Statuses rxconf adds to a tag: 503 (RFC 9110 §15.6.4) for a cluster replica whose commit log is unreachable. */
const ADDED: Readonly<Record<string, readonly number[]>> = { 'resource-denied': [503] };

test('the statuses are RFC 8040 §7\'s, plus missing-element (RFC 7950 §8.3.1) as 400 and resource-denied as 503', (t) => {
  t.deepEqual(sorted(tags), sorted([...Object.keys(RFC8040), 'missing-element']));
  for (const tag of tags) t.deepEqual(sorted(ERROR_TAGS[tag]), sorted([...RFC8040[tag] ?? [400], ...ADDED[tag] ?? []]), tag);
});

test('the error-types are RFC 6241 Appendix A\'s', (t) => {
  t.deepEqual(sorted(Object.keys(ERROR_TYPES)), sorted(Object.keys(RFC6241)));
  for (const tag of tags) t.deepEqual(sorted(ERROR_TYPES[tag]), sorted(RFC6241[tag] ?? []), tag);
});

test('an error takes its tag\'s default type, keeps a type its tag allows, and never carries one it does not', (t) => {
  for (const tag of tags) {
    const allowed: readonly ErrorType[] = ERROR_TYPES[tag];
    t.is(restconfError(tag, 'm').type, allowed[0], `${tag}: default`);
    for (const type of ['transport', 'rpc', 'protocol', 'application'] as const) {
      const e = restconfError(tag as 'too-big', 'm', { type });
      t.is(e.type, allowed.includes(type) ? type : allowed[0], `${tag} with ${type}`);
      t.is(typeOf(tag, type), e.type);
    }
  }
  t.is(restconfError('malformed-message', 'm').type, 'rpc');
  t.is(restconfError('data-exists', 'm').type, 'application');
  t.is(statusOf('missing-element'), 400);
});

// ---------------------------------------------------------------- docs/errors.md

const doc = readFileSync(join(process.cwd(), 'docs', 'errors.md'), 'utf8');
const rowOf = (tag: string): string[] | undefined =>
  doc.split('\n').find((l) => l.startsWith(`| \`${tag}\` |`))?.split('|').slice(2, -1).map((c) => c.trim());

for (const tag of tags) {
  test(`docs/errors.md: ${tag} with its statuses and types`, (t) => {
    const row = rowOf(tag);
    if (row === undefined) return t.fail(`no row for ${tag}`);
    t.is(row[0], ERROR_TAGS[tag].join(', '), 'statuses');
    t.is(row[1], ERROR_TYPES[tag].join(', '), 'error-types');
    return undefined;
  });
}

// ---------------------------------------------------------------- the source

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });

interface Raised {
  readonly where: string;
  readonly tag: string;
  readonly type: string | undefined;
}

/** Every call that raises an error with a written-out tag: restconfError, the helpers over it, the decoders' report. */
const CALL = /\b(?:restconfError|pathError|bodyError|errorResponse\(\s*req,|report\(\s*ctx,|fail)\(?\s*'([a-z-]+)'([^;]*)/g;
const raised: Raised[] = files(join(process.cwd(), 'src')).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(CALL)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    const type = /type: '([a-z]+)'/.exec(m[2] ?? '')?.[1];
    return { where: `${file.slice(process.cwd().length + 1)}:${line}`, tag: m[1] ?? '', type };
  });
});

test('every error the source raises has a catalogued tag and a type that tag allows', (t) => {
  t.true(raised.length > 50, `found ${raised.length} places`);
  const wrong = raised.filter((r) => !(r.tag in ERROR_TAGS) || (r.type !== undefined && !(ERROR_TYPES[r.tag as ErrorTag] as readonly string[]).includes(r.type)));
  t.deepEqual(wrong, []);
});

test('docs/errors.md says where rxconf gives each tag the source raises, and "not given" only for tags it never raises', (t) => {
  const used = new Set(raised.map((r) => r.tag));
  for (const tag of tags) {
    const said = rowOf(tag)?.[2] ?? '';
    if (used.has(tag)) t.false(said.startsWith('not given'), `${tag} is raised (${raised.find((r) => r.tag === tag)?.where ?? ''}) but documented as not given`);
    else t.true(said.startsWith('not given'), `${tag} is never raised but documented as given`);
  }
});
