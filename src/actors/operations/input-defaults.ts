/**
 * The defaults of an operation's input, filled in (RFC 7950 §7.14.2: the
 * input is handed over as the server uses it). A leaf or leaf-list that is
 * absent takes its default (§7.6.1, §7.7.2) where its closest ancestor
 * that is not a non-presence container exists: at the input's top, in
 * non-presence containers at any depth (made when a default lands in
 * them), in the presence containers and list entries the client sent.
 * In a choice, only the case in effect takes defaults: the one that has
 * data, else the default case (§7.9.3). Keys never take defaults.
 *
 * Defaults are filled whatever their `when` says; `takeBack` then removes
 * those the validator finds under a false `when` (a default is not in use
 * there, §7.6.1).
 */
import { DataContainer } from '../../data/data-container.ts';
import { childPath, formatPath, type DataPath } from '../../data/data-path.ts';
import type { CaseMeta, DataDef, DataNodeMeta, ListMeta, SchemaContext } from '../../meta/meta.ts';
import { dataChildren } from '../../meta/navigate.ts';
import type { YangValue } from '../../types/index.ts';
import { defaultValues } from '../../validate/default-values.ts';

/** One value the filling added: where it sits, to take it back. */
export interface FilledDefault {
  readonly holder: DataContainer;
  readonly meta: DataNodeMeta;
  /** Its error-path, as the validator reports it. */
  readonly path: string;
}

const hasDataIn = (holder: DataContainer, c: CaseMeta): boolean => dataChildren(c.children).some((n) => holder.get(n) !== undefined);

function fill(holder: DataContainer, defs: readonly DataDef[], at: DataPath, schema: SchemaContext, filled: FilledDefault[]): void {
  for (const def of defs) {
    switch (def.kind) {
      case 'leaf': case 'leaf-list': {
        if (holder.get(def) !== undefined || (def.kind === 'leaf' && def.isKey)) break;
        const values = defaultValues(def, schema);
        if (values.length === 0) break;
        holder.set(def, def.kind === 'leaf' ? (values[0] as YangValue) : [...values]);
        filled.push({ holder, meta: def, path: formatPath(childPath(at, def)) });
        break;
      }
      case 'container': {
        const path = childPath(at, def);
        const present = holder.get(def);
        if (present instanceof DataContainer) {
          fill(present, def.children, path, schema, filled);
        } else if (def.presence === undefined && !def.recursive) {
          const made = new DataContainer(def);
          const mark = filled.length;
          fill(made, def.children, path, schema, filled);
          if (made.size > 0) {
            holder.set(def, made);
            filled.splice(mark, 0, { holder, meta: def, path: formatPath(path) });
          }
        }
        break;
      }
      case 'list': {
        for (const entry of (holder.get(def) as readonly DataContainer[] | undefined) ?? []) {
          fill(entry, def.children, childPath(at, def, keysOf(def, entry)), schema, filled);
        }
        break;
      }
      case 'choice': {
        const active = def.cases.find((c) => hasDataIn(holder, c)) ?? def.defaultCase;
        if (active !== undefined) fill(holder, active.children, at, schema, filled);
        break;
      }
      default:
        break;
    }
  }
}

const keysOf = (list: ListMeta, entry: DataContainer): YangValue[] => list.keys.map((k) => entry.get(k) as YangValue);

/**
 * Fills the defaults of `input` (in place) below the operation's path `at`;
 * what was added, outermost first.
 */
export const fillInputDefaults = (input: DataContainer, at: DataPath, schema: SchemaContext): FilledDefault[] => {
  const filled: FilledDefault[] = [];
  const holder = input.meta as { readonly children: readonly DataDef[] };
  fill(input, holder.children, at, schema, filled);
  return filled;
};

/**
 * Removes the filled values the error-paths name (a leaf-list by its path or
 * one of its entries', `…/name[.='v']`); true when any was.
 */
export const takeBack = (filled: readonly FilledDefault[], paths: readonly string[]): boolean => {
  let any = false;
  for (const f of filled) {
    const named = paths.some((p) => p === f.path || p.startsWith(`${f.path}[`));
    if (named && f.holder.delete(f.meta)) any = true;
  }
  return any;
};
