/**
 * The `filter` query parameter of an event stream: an XPath 1.0 expression
 * over the event content, with the notification element as the context node
 * (`status = 'stopped'`, `tire/wear < 20`). Unprefixed names match any
 * module; prefixes are module names. Compiled once per distinct text.
 *
 * A client writes it and every event runs it, so its cost is bounded twice:
 * when the stream is opened, by limits on its size (`FILTER_LIMITS`; a
 * filter over one is refused with a message naming the limit), and for each
 * event, by an evaluation budget (`FILTER_MAX_STEPS`): a filter that exceeds
 * it throws `FilterBudgetExceeded`, which ends its subscribers' streams with
 * the `filter-budget` final frame (final-frames.ts).
 */
import { parseXPath } from '../parser/expr/index.ts';
import { bracketDepth, compileXPath, jsonXNode, longestPath } from '../xpath/index.ts';
import type { EventFilter } from './shared-sources.ts';
import type { StreamEvent } from './stream-event.ts';

/** Limits on a filter's text, checked when a stream is opened. */
export const FILTER_LIMITS = {
  /** Characters of the filter. */
  'max-filter-length': 1024,
  /** Brackets and parentheses (predicates, function calls, groups) nested in one another. */
  'max-filter-nesting': 16,
  /** Steps of one location path (`a/b/c` has 3; `//` is one more). */
  'max-filter-path-steps': 32,
} as const;

/** Steps one evaluation of a filter may spend, per event (see src/xpath/budget.ts). */
export const FILTER_MAX_STEPS = 100_000;

/** A filter's evaluation for one event exceeded its budget: its subscribers are dropped. */
export class FilterBudgetExceeded extends Error {
  override readonly name = 'FilterBudgetExceeded';

  constructor(readonly filter: string, readonly maxSteps: number) {
    super(`filter "${filter}" exceeded its budget of ${maxSteps} steps for one event`);
  }
}

export type CompiledFilter = { readonly ok: true; readonly filter: EventFilter<StreamEvent> } | { readonly ok: false; readonly message: string };

type Limit = keyof typeof FILTER_LIMITS;
const over = (limit: Limit, what: string): CompiledFilter =>
  ({ ok: false, message: `filter ${what}: more than ${limit} (${FILTER_LIMITS[limit]})` });

export const compileEventFilter = (text: string, modules: Iterable<string>): CompiledFilter => {
  if (text.length > FILTER_LIMITS['max-filter-length']) return over('max-filter-length', `is ${text.length} characters long`);
  const depth = bracketDepth(text);
  if (depth > FILTER_LIMITS['max-filter-nesting']) return over('max-filter-nesting', `nests brackets and parentheses ${depth} deep`);
  const parsed = parseXPath(text);
  if (!parsed.ok) return { ok: false, message: `filter "${text}" is not XPath: ${parsed.message}` };
  const steps = longestPath(parsed.value);
  if (steps > FILTER_LIMITS['max-filter-path-steps']) return over('max-filter-path-steps', `has a location path of ${steps} steps`);
  const prefixes = new Map([...modules].map((m) => [m, m]));
  const compiled = compileXPath(parsed.value, { prefixes, defaultModule: undefined }, { maxSteps: FILTER_MAX_STEPS });
  if (!compiled.ok) return { ok: false, message: `filter "${text}": ${compiled.message}` };
  const xpath = compiled.value;
  const test = (e: StreamEvent): boolean => {
    const element = jsonXNode(e.content()).children()[Symbol.iterator]().next().value;
    if (element === undefined) return false;
    const r = xpath.evaluateBoolean({ node: element });
    if (!r.ok && r.overBudget === true) throw new FilterBudgetExceeded(text, FILTER_MAX_STEPS);
    return r.ok && r.value;
  };
  return { ok: true, filter: { text, test } };
};
