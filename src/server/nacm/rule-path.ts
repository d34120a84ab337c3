/**
 * A NACM rule's `path` (node-instance-identifier, RFC 8341 §3.2): an
 * instance-identifier whose key predicates are optional, in the JSON form
 * (module names as prefixes, RFC 7951 §6.11), `/` for everything. Matched
 * against schema nodes and data paths: a path matches its node and every
 * descendant.
 */
import type { DataPath } from '../../data/data-path.ts';
import type { SchemaNode } from '../../meta/meta.ts';

export interface RuleStep {
  /** Module name (or prefix) when given; inherited from the step before otherwise. */
  readonly module: string | undefined;
  readonly name: string;
  /** Key (or `.` for a leaf-list entry) → value, as written. */
  readonly keys: ReadonlyMap<string, string>;
}

export type RulePath = readonly RuleStep[];

const STEP = /^(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)((?:\[[^\]]*\])*)$/;
const PREDICATE = /\[\s*(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*|\.)\s*=\s*(?:'([^']*)'|"([^"]*)")\s*\]/g;

/** Splits on `/` outside predicates and quotes. */
const steps = (text: string): string[] => {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let quote = '';
  for (const ch of text) {
    if (quote !== '') {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '[') depth += 1;
    else if (ch === ']') depth -= 1;
    else if (ch === '/' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
};

/** The parsed path, or a message saying why it is not one. */
export const parseRulePath = (text: string): RulePath | string => {
  const t = text.trim();
  if (t === '/' || t === '*') return [];
  if (!t.startsWith('/')) return `"${text}" is not an absolute path`;
  const parsed: RuleStep[] = [];
  for (const s of steps(t.slice(1))) {
    const m = STEP.exec(s.trim());
    if (m === null) return `"${s}" in "${text}" is not a node name with optional key predicates`;
    const keys = new Map<string, string>();
    for (const p of (m[3] ?? '').matchAll(PREDICATE)) keys.set(p[2] ?? '', p[3] ?? p[4] ?? '');
    parsed.push({ module: m[1], name: m[2] ?? '', keys });
  }
  return parsed;
};

/** The schema node and its ancestors that are data nodes, operations or notifications, root first. */
export const schemaLine = (n: SchemaNode): SchemaNode[] => {
  const line: SchemaNode[] = [];
  for (let c: SchemaNode | undefined = n; c !== undefined; c = c.parent as SchemaNode | undefined) {
    if (c.kind !== 'choice' && c.kind !== 'case' && c.kind !== 'input' && c.kind !== 'output') line.push(c);
  }
  return line.reverse();
};

const stepMatches = (step: RuleStep, node: SchemaNode, inherited: string | undefined): boolean => {
  if (step.name !== node.name) return false;
  const module = step.module ?? inherited;
  return module === undefined || module === node.module.name || module === node.module.prefix;
};

/**
 * How the path relates to the schema node: 'covers' (the node is the path's
 * node or below it), 'below' (the path names a node under this one),
 * or 'apart'.
 */
export const relate = (path: RulePath, line: readonly SchemaNode[]): 'covers' | 'below' | 'apart' => {
  let inherited: string | undefined;
  const n = Math.min(path.length, line.length);
  for (let i = 0; i < n; i += 1) {
    const step = path[i] as RuleStep;
    const node = line[i] as SchemaNode;
    if (!stepMatches(step, node, inherited)) return 'apart';
    inherited = step.module ?? inherited;
  }
  return path.length <= line.length ? 'covers' : 'below';
};

/** Whether the key predicates of the path hold for the data path's key values (predicates past the path's end are not looked at). */
export const keysMatch = (path: RulePath, data: DataPath): boolean => {
  let i = 0;
  for (const seg of data.segments) {
    const step = path[i];
    if (step === undefined) return true;
    i += 1;
    if (step.keys.size === 0) continue;
    if (seg.key === undefined) return false;
    const meta = seg.meta as SchemaNode;
    const names = meta.kind === 'list' ? meta.keys.map((k) => k.name) : ['.'];
    for (const [name, value] of step.keys) {
      const at = names.indexOf(name);
      const v = at < 0 ? undefined : seg.key[at];
      if (v === undefined || (Array.isArray(v) ? v.join(' ') : String(v)) !== value) return false;
    }
  }
  return true;
};

export const hasPredicates = (path: RulePath): boolean => path.some((s) => s.keys.size > 0);
