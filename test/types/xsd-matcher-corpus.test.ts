/**
 * Property: on every pattern of the shared YANG corpus, the linear-time
 * matcher and the RegExp translation agree, on values the pattern accepts
 * (generated from it), on those values with one character changed,
 * inserted or deleted, and on random strings over the pattern's own
 * characters. Values are short, so the backtracking RegExp always finishes.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { corpusPublic, hasShared, sharedTest } from '../helpers/shared.ts';
import { compileXsdMatcher, translateXsdRegex } from '../../src/types/index.ts';
import { patternsOf, type CorpusPattern } from './yang-patterns.ts';

const files = hasShared ? readdirSync(corpusPublic).filter((f) => f.endsWith('.yang')).sort() : [];
const all: CorpusPattern[] = files.flatMap((f) => patternsOf(join(corpusPublic, f)));
const distinct = [...new Set(all.map((p) => p.source))];

/** Characters worth trying against a pattern: its own, and a few of every kind. */
const alphabetOf = (pattern: string): string[] =>
  [...new Set([...Array.from(pattern), ...Array.from('aZ09.:-_/ \t\nαé١😀\u00a0')])];

/** `s` with one character replaced, inserted or removed. */
const mutated = (s: string): fc.Arbitrary<string> => {
  const chars = Array.from(s);
  const at = fc.nat({ max: chars.length });
  const char = fc.constantFrom(...alphabetOf(s), 'x', '%');
  return fc.oneof(
    fc.tuple(at, char).map(([i, c]) => [...chars.slice(0, i), c, ...chars.slice(i + 1)].join('')),
    fc.tuple(at, char).map(([i, c]) => [...chars.slice(0, i), c, ...chars.slice(i)].join('')),
    at.map((i) => [...chars.slice(0, i), ...chars.slice(i + 1)].join('')),
  );
};

sharedTest('matcher and RegExp agree on every corpus pattern', (t) => {
  t.true(distinct.length > 80, `found ${distinct.length} distinct patterns`);
  let checked = 0;
  for (const pattern of distinct) {
    const translated = translateXsdRegex(pattern);
    const compiled = compileXsdMatcher(pattern);
    if (!translated.ok || !compiled.ok) {
      t.fail(`${pattern} does not compile`);
      continue;
    }
    const re = new RegExp(translated.source, 'u');
    const m = compiled.matcher;
    const agree = (s: string): boolean => m.test(s) === re.test(s);
    const random = fc.string({ unit: fc.constantFrom(...alphabetOf(pattern)), maxLength: 24 });
    const accepted = fc.stringMatching(re).filter((s) => s.length <= 48);
    const values = fc.oneof(random, accepted, accepted.chain(mutated));
    fc.assert(fc.property(values, agree), { numRuns: 150, examples: [[''], [pattern]] });
    checked += 1;
  }
  t.is(checked, distinct.length);
});
