/**
 * The `filter` query parameter of an event stream: an XPath 1.0 expression
 * over the event content, with the notification element as the context node
 * (`status = 'stopped'`, `tire/wear < 20`). Unprefixed names match any
 * module; prefixes are module names. Compiled once per distinct text.
 */
import { parseXPath } from '../parser/expr/index.ts';
import { compileXPath, jsonXNode } from '../xpath/index.ts';
import type { EventFilter } from './shared-sources.ts';
import type { StreamEvent } from './stream-event.ts';

export const MAX_FILTER_LENGTH = 4096;

export type CompiledFilter = { readonly ok: true; readonly filter: EventFilter<StreamEvent> } | { readonly ok: false; readonly message: string };

export const compileEventFilter = (text: string, modules: Iterable<string>): CompiledFilter => {
  if (text.length > MAX_FILTER_LENGTH) return { ok: false, message: `filter is longer than ${MAX_FILTER_LENGTH} characters` };
  const parsed = parseXPath(text);
  if (!parsed.ok) return { ok: false, message: `filter "${text}" is not XPath: ${parsed.message}` };
  const prefixes = new Map([...modules].map((m) => [m, m]));
  const compiled = compileXPath(parsed.value, { prefixes, defaultModule: undefined });
  if (!compiled.ok) return { ok: false, message: `filter "${text}": ${compiled.message}` };
  const xpath = compiled.value;
  const test = (e: StreamEvent): boolean => {
    const element = jsonXNode(e.content()).children()[Symbol.iterator]().next().value;
    if (element === undefined) return false;
    const r = xpath.evaluateBoolean({ node: element });
    return r.ok && r.value;
  };
  return { ok: true, filter: { text, test } };
};
