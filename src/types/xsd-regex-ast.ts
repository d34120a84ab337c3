/**
 * The parsed form of an XSD regular expression (XSD 1.0 Part 2, Appendix F),
 * shared by its two interpreters: the translation to JavaScript `RegExp`
 * source (xsd-regex.ts) and the linear-time matcher (xsd-matcher.ts).
 *
 * Character classes keep their sets as JavaScript class bodies (`u` flag),
 * so both interpreters test a character against the same Unicode tables
 * (JavaScript's `\p{..}`) and agree on every category and block.
 */

/** A set of characters as a JavaScript class: `[body]`, or `[^body]` when negated. */
export interface CharSet {
  readonly body: string;
  readonly negated: boolean;
}

export type XsdRegexNode =
  /** `a|b|c`: two or more branches. */
  | { readonly kind: 'choice'; readonly branches: readonly XsdRegexNode[] }
  /** Pieces one after the other; none for the empty branch. */
  | { readonly kind: 'sequence'; readonly items: readonly XsdRegexNode[] }
  /** `( regExp )`: groups only group (XSD has no captures). */
  | { readonly kind: 'group'; readonly inner: XsdRegexNode }
  /**
   * `atom?`, `atom*`, `atom+`, `atom{n}`, `atom{n,}`, `atom{n,m}`. `max` is
   * undefined when unbounded; `text` is the quantifier as written.
   */
  | { readonly kind: 'repeat'; readonly item: XsdRegexNode; readonly min: number; readonly max: number | undefined; readonly text: string }
  /** One given character (a code point). */
  | { readonly kind: 'char'; readonly cp: number }
  /** `.` or a multi-character or category escape outside a class: one character of `set`. */
  | { readonly kind: 'set'; readonly set: CharSet }
  /**
   * `[...]`: one character in the union of `sets` (or outside it when
   * `negated`), minus the characters of `subtracted`.
   */
  | { readonly kind: 'class'; readonly negated: boolean; readonly sets: readonly CharSet[]; readonly subtracted: XsdClassNode | undefined };

export type XsdClassNode = Extract<XsdRegexNode, { kind: 'class' }>;
