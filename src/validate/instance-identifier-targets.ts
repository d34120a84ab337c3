/**
 * The nodes an instance-identifier value (RFC 7951 §6.11 form: module names
 * as prefixes, `[key='v']`, `[.='v']`, `[N]` predicates) selects in the
 * accessible tree. An unparsable value selects nothing.
 */
import type { XNode } from '../xpath/index.ts';

type Predicate =
  | { readonly kind: 'key'; readonly module: string; readonly name: string; readonly value: string }
  | { readonly kind: 'self'; readonly value: string }
  | { readonly kind: 'position'; readonly index: number };

interface Step {
  readonly module: string;
  readonly name: string;
  readonly predicates: readonly Predicate[];
}

const NAME = /\s*(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*)\s*/y;

function parse(text: string): Step[] | undefined {
  const steps: Step[] = [];
  let pos = 0;
  let module: string | undefined;
  const name = (): { module: string; name: string } | undefined => {
    NAME.lastIndex = pos;
    const m = NAME.exec(text);
    const mod = m?.[1] ?? module;
    if (m === null || mod === undefined) return undefined;
    pos = NAME.lastIndex;
    return { module: mod, name: m[2] as string };
  };
  while (pos < text.length) {
    if (text[pos++] !== '/') return undefined;
    const n = name();
    if (n === undefined) return undefined;
    module = n.module;
    const predicates: Predicate[] = [];
    while (text[pos] === '[') {
      const end = predicateEnd(text, pos);
      if (end < 0) return undefined;
      const p = predicate(text.slice(pos + 1, end).trim(), module);
      if (p === undefined) return undefined;
      predicates.push(p);
      pos = end + 1;
    }
    steps.push({ ...n, predicates });
  }
  return steps;
}

/** The index of the `]` closing the predicate that opens at `start`, skipping quoted text. */
function predicateEnd(text: string, start: number): number {
  let quote: string | undefined;
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) { if (c === quote) quote = undefined; } else if (c === "'" || c === '"') quote = c;
    else if (c === ']') return i;
  }
  return -1;
}

function predicate(body: string, module: string): Predicate | undefined {
  if (/^[1-9][0-9]*$/.test(body)) return { kind: 'position', index: Number(body) };
  const m = /^(?:\.|(?:([A-Za-z_][\w.-]*):)?([A-Za-z_][\w.-]*))\s*=\s*(?:'([^']*)'|"([^"]*)")$/.exec(body);
  if (m === null) return undefined;
  const value = m[3] ?? m[4] ?? '';
  return m[2] === undefined ? { kind: 'self', value } : { kind: 'key', module: m[1] ?? module, name: m[2], value };
}

function matches(node: XNode, p: Predicate): boolean {
  if (p.kind === 'self') return node.stringValue() === p.value;
  if (p.kind === 'position') return true;
  for (const c of node.children()) if (c.name === p.name && c.module === p.module && c.stringValue() === p.value) return true;
  return false;
}

const cache = new Map<string, Step[] | undefined>();

export function instanceIdentifierTargets(root: XNode, value: string): XNode[] {
  let steps = cache.get(value);
  if (steps === undefined && !cache.has(value)) {
    if (cache.size >= 4096) cache.clear();
    cache.set(value, (steps = parse(value)));
  }
  if (steps === undefined) return [];
  let current: XNode[] = [root];
  for (const step of steps) {
    const next: XNode[] = [];
    for (const parent of current) {
      let position = 0;
      for (const c of parent.children()) {
        if (c.name !== step.name || c.module !== step.module) continue;
        position++;
        if (step.predicates.every((p) => (p.kind === 'position' ? p.index === position : matches(c, p)))) next.push(c);
      }
    }
    current = next;
  }
  return current;
}
