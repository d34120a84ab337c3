/** The pattern restriction of string types (RFC 7950 §9.4.5, §9.4.6). */
import type { PatternMeta, TypeMeta } from '../meta/meta.ts';
import { compileXsdRegex } from './xsd-regex.ts';
import { quote, type ValueError } from './value.ts';

/** Compiled once per PatternMeta: the RegExp, or why the pattern is invalid. */
const compiled = new WeakMap<PatternMeta, RegExp | string>();

/** The pattern's RegExp, or the message saying why it is not a valid XSD regular expression. */
export function patternRegex(pattern: PatternMeta): RegExp | string {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    const result = compileXsdRegex(pattern.source);
    regex = result.ok ? result.regex : result.message;
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Adds an error to `errors` for each pattern of the type the text fails. */
export function checkPatterns(type: TypeMeta, text: string, errors: ValueError[]): void {
  for (const pattern of type.patterns) {
    const regex = patternRegex(pattern);
    if (typeof regex === 'string') {
      errors.push({ tag: 'invalid-value', appTag: undefined, message: regex });
      continue;
    }
    if (regex.test(text) !== pattern.invertMatch) continue;
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
