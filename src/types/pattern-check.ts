/**
 * The pattern restriction of string types (RFC 7950 §9.4.5, §9.4.6),
 * checked by the linear-time matcher: no value, however long, makes a
 * pattern take more than time linear in its length.
 */
import type { PatternMeta, TypeMeta } from '../meta/meta.ts';
import { compileXsdMatcher, type XsdMatcher } from './xsd-matcher.ts';
import { quote, type ValueError } from './value.ts';

/** Compiled once per PatternMeta: the matcher, or why the pattern is invalid. */
const compiled = new WeakMap<PatternMeta, XsdMatcher | string>();

/** The pattern's matcher, or the message saying why it is not a valid XSD regular expression. */
export function patternMatcher(pattern: PatternMeta): XsdMatcher | string {
  let matcher = compiled.get(pattern);
  if (matcher === undefined) {
    const result = compileXsdMatcher(pattern.source);
    matcher = result.ok ? result.matcher : result.message;
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** Adds an error to `errors` for each pattern of the type the text fails. */
export function checkPatterns(type: TypeMeta, text: string, errors: ValueError[]): void {
  for (const pattern of type.patterns) {
    const matcher = patternMatcher(pattern);
    if (typeof matcher === 'string') {
      errors.push({ tag: 'invalid-value', appTag: undefined, message: matcher });
      continue;
    }
    if (matcher.test(text) !== pattern.invertMatch) continue;
    errors.push({
      tag: 'invalid-value',
      appTag: pattern.errorAppTag,
      message:
        pattern.errorMessage ??
        (pattern.invertMatch
          ? `value ${quote(text)} matches the inverted pattern "${pattern.source}"`
          : `value ${quote(text)} does not match pattern "${pattern.source}"`),
    });
  }
}
