/**
 * Whether one character is in an atom of an XSD regular expression: a given
 * character, `.`, an escape such as `\d` or `\p{Lu}`, or a class. Sets are
 * tested with JavaScript's own Unicode tables (a one-character `RegExp` of
 * the class source xsd-regex.ts writes, which cannot backtrack beyond the
 * one character), so the matcher agrees with the translation on every
 * category, block and subtraction. Answers for ASCII are tabled up front.
 */
import type { XsdRegexNode } from './xsd-regex-ast.ts';
import { regexSource } from './xsd-regex.ts';

export type CharTest = (cp: number) => boolean;

export type CharAtom = Extract<XsdRegexNode, { kind: 'char' | 'set' | 'class' }>;

/** A key equal for atoms written alike (their JavaScript source). */
export const charAtomKey = (atom: CharAtom): string => regexSource(atom);

export function charTest(atom: CharAtom): CharTest {
  if (atom.kind === 'char') {
    const only = atom.cp;
    return (cp) => cp === only;
  }
  const one = new RegExp(`^(?:${regexSource(atom)})$`, 'u');
  const ascii = new Uint8Array(128);
  for (let cp = 0; cp < 128; cp++) ascii[cp] = one.test(String.fromCharCode(cp)) ? 1 : 0;
  return (cp) => (cp < 128 ? ascii[cp] === 1 : one.test(String.fromCodePoint(cp)));
}
