/**
 * XSD regular expressions (see xsd-regex-parse.ts) translated to JavaScript
 * `RegExp` source for the `u` flag: for tools that need a `RegExp` (value
 * generators in tests) and as the reference the linear-time matcher
 * (xsd-matcher.ts, what the server uses) is checked against.
 *
 * - The whole value must match: the result is anchored.
 * - Character class subtraction `[a-z-[aeiou]]`, and complement escapes
 *   inside classes (`[\S ]`), become lookaheads.
 * - Groups are non-capturing.
 *
 * A backtracking engine runs this source: some patterns (`(a+)+b`) take
 * time exponential in the length of the value. Never run it on values a
 * client sends.
 */
import type { CharSet, XsdClassNode, XsdRegexNode } from './xsd-regex-ast.ts';
import { literal, parseXsdRegex } from './xsd-regex-parse.ts';

export type XsdRegexTranslation =
  | { readonly ok: true; /** JavaScript source, anchored, for the `u` flag. */ readonly source: string }
  | { readonly ok: false; readonly message: string; /** In code points. */ readonly index: number };

export type XsdRegexCompilation =
  | { readonly ok: true; readonly regex: RegExp }
  | { readonly ok: false; readonly message: string };

/** Translates an XSD regular expression to anchored JavaScript `RegExp` source (`u` flag). */
export function translateXsdRegex(pattern: string): XsdRegexTranslation {
  const parsed = parseXsdRegex(pattern);
  return parsed.ok ? { ok: true, source: `^(?:${regexSource(parsed.regex)})$` } : parsed;
}

/** Translates and compiles an XSD regular expression (a backtracking `RegExp`: see above). */
export function compileXsdRegex(pattern: string): XsdRegexCompilation {
  const translated = translateXsdRegex(pattern);
  if (!translated.ok) return { ok: false, message: `invalid pattern "${pattern}": ${translated.message}` };
  try {
    return { ok: true, regex: new RegExp(translated.source, 'u') };
  } catch (error) {
    return { ok: false, message: `invalid pattern "${pattern}": ${(error as Error).message}` };
  }
}

/** JavaScript source (`u` flag, unanchored) of a parsed expression. */
export function regexSource(node: XsdRegexNode): string {
  switch (node.kind) {
    case 'choice': return node.branches.map(regexSource).join('|');
    case 'sequence': return node.items.map(regexSource).join('');
    case 'group': return `(?:${regexSource(node.inner)})`;
    case 'repeat': return regexSource(node.item) + node.text;
    case 'char': return literal(node.cp, false);
    case 'set': return setAtom(node.set);
    case 'class': return classSource(node);
  }
}

const setAtom = (set: CharSet): string => `[${set.negated ? '^' : ''}${set.body}]`;

/**
 * One character of a class: the union of its sets, or the complement of
 * that union, minus the subtracted class; a JavaScript class when it can be
 * one, else lookaheads before one.
 */
export function classSource({ negated, sets, subtracted }: XsdClassNode): string {
  let plain = '';
  const complements: string[] = [];
  for (const set of sets) {
    if (set.negated) complements.push(set.body);
    else plain += set.body;
  }
  let expr: string;
  if (negated) {
    expr = `${complements.map((body) => `(?=[${body}])`).join('')}[^${plain}]`;
    if (complements.length > 0) expr = `(?:${expr})`;
  } else {
    const alternatives = complements.map((body) => `[^${body}]`);
    if (plain !== '') alternatives.unshift(`[${plain}]`);
    expr = alternatives.length === 1 ? (alternatives[0] as string) : `(?:${alternatives.join('|')})`;
  }
  return subtracted === undefined ? expr : `(?:(?!${classSource(subtracted)})${expr})`;
}
