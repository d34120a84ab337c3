/**
 * Filters that stalled the server before evaluations had a budget (issue
 * 12, item 3), for the XPath and the event-stream tests.
 */

/**
 * The nested `count(ancestor-or-self::* / descendant-or-self::*[...]) > 0`
 * filter, `levels` deep: its cost is the size of the tree to the power
 * `levels`. Five levels are 276 characters (the one that made a PATCH take
 * 104 s had 275).
 */
export const nestedCount = (levels: number): string =>
  levels === 0 ? 'true()' : `count(ancestor-or-self::*/descendant-or-self::*[${nestedCount(levels - 1)}]) > 0`;

/** A catastrophic pattern for a backtracking engine: `(a+)+` on 29 `a` and a `!` took 3.3 s. */
export const CATASTROPHIC_PATTERN = '(a+)+';
export const CATASTROPHIC_VALUE = `${'a'.repeat(29)}!`;
