/** Small accessors over parsed statements. Extension uses (prefixed) are never matched by keyword. */
import type { Statement } from '../parser/statement.ts';

export const sub = (s: Statement, keyword: string): Statement | undefined => {
  for (const c of s.substatements) if (c.keyword === keyword && c.prefix === undefined) return c;
  return undefined;
};

export const subs = (s: Statement, keyword: string): Statement[] => {
  const out: Statement[] = [];
  for (const c of s.substatements) if (c.keyword === keyword && c.prefix === undefined) out.push(c);
  return out;
};

export const argOf = (s: Statement, keyword: string): string | undefined => sub(s, keyword)?.arg;

/** The argument, or '' when a statement that needs one has none (the reader reported that). */
export const argument = (s: Statement): string => s.arg ?? '';
