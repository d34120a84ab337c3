/**
 * Definitions that if-feature removed (RFC 7950 §7.20.2). A node whose
 * feature is off is not in the schema, yet it stays a valid target for
 * refine, augment and deviation: those simply vanish with it, as they do in
 * libyang. The compiler notes every name it leaves out, by the array that
 * would have held the node (a holder's `children`, a choice's `cases`, or the
 * `children` of a uses being expanded), and a target path that reaches such
 * a name resolves to "vanished" instead of "not found".
 */
import type { Statement } from '../parser/statement.ts';
import type { SchemaHolder } from '../meta/navigate.ts';
import type { CompileState } from './compile-state.ts';
import { enterScope, type Scope } from './scope.ts';
import { argument } from './statements.ts';

/** The keywords whose argument names a schema node among its holder's children. */
const NAMED = new Set(['container', 'leaf', 'leaf-list', 'list', 'choice', 'anydata', 'anyxml', 'rpc', 'action', 'notification', 'case']);

export class VanishedNodes {
  readonly #names = new WeakMap<object, Set<string>>();

  /** Notes that `name` was left out of `holder` (see `childrenKey`). */
  add(holder: object, name: string): void {
    let names = this.#names.get(holder);
    if (names === undefined) {
      names = new Set();
      this.#names.set(holder, names);
    }
    names.add(name);
  }

  has(holder: object, name: string): boolean {
    return this.#names.get(holder)?.has(name) ?? false;
  }

  /** Notes every name left out of `from` as left out of `to` too (a uses' body moving into its parent). */
  merge(from: object, to: object): void {
    for (const name of this.#names.get(from) ?? []) this.add(to, name);
  }
}

/** The array a holder keeps its schema children in, which is the key of its vanished names. */
export const childrenKey = (holder: SchemaHolder): object => {
  switch (holder.kind) {
    case 'choice': return holder.cases;
    case 'module': case 'container': case 'list': case 'case': case 'input': case 'output': case 'notification':
      return holder.children;
    default: return holder;
  }
};

/**
 * Notes the names a statement's body defines (through nested uses too) as
 * vanished from `holder`: the body of a uses or augment whose if-feature is off.
 */
export const vanishBody = (body: Statement, scope: Scope, holder: object, st: CompileState, seen: readonly Statement[] = []): void => {
  for (const c of body.substatements) {
    if (c.prefix !== undefined) continue;
    if (NAMED.has(c.keyword)) st.vanished.add(holder, argument(c));
    else if (c.keyword === 'uses') {
      const def = st.grouping(argument(c), scope, c);
      if (def !== undefined && !seen.includes(def.stmt)) vanishBody(def.stmt, enterScope(def.scope, def.stmt, st.diag), holder, st, [...seen, def.stmt]);
    }
  }
};
