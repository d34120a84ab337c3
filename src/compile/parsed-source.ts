/** A module or submodule file after reading: its statement tree and the facts the loader needs. */
import type { Statement } from '../parser/statement.ts';
import { argOf, argument, sub, subs } from './statements.ts';

export interface ImportDecl {
  readonly module: string;
  readonly prefix: string;
  readonly revision: string | undefined;
  readonly stmt: Statement;
}

export interface ParsedSource {
  readonly kind: 'module' | 'submodule';
  readonly name: string;
  readonly stmt: Statement;
  readonly file: string;
  readonly text: string;
  readonly yangVersion: '1' | '1.1';
  readonly revision: string | undefined;
  /** For a submodule, the module it belongs to. */
  readonly belongsTo: string | undefined;
  /** Own prefix (a submodule's is the belongs-to prefix). */
  readonly prefix: string;
  readonly imports: readonly ImportDecl[];
  readonly includes: readonly { readonly name: string; readonly revision: string | undefined; readonly stmt: Statement }[];
  /** Prefix → module name: own prefix plus every import; '' → the module itself. */
  readonly prefixes: ReadonlyMap<string, string>;
}

export const newestRevision = (s: Statement): string | undefined => {
  let best: string | undefined;
  for (const r of subs(s, 'revision')) if (r.arg !== undefined && (best === undefined || r.arg > best)) best = r.arg;
  return best;
};

export const toParsedSource = (stmt: Statement, file: string, text: string): ParsedSource => {
  const kind = stmt.keyword === 'submodule' ? 'submodule' : 'module';
  const belongs = sub(stmt, 'belongs-to');
  const belongsTo = belongs?.arg;
  const prefix = (kind === 'module' ? argOf(stmt, 'prefix') : belongs && argOf(belongs, 'prefix')) ?? '';
  const imports = subs(stmt, 'import').map((i) => ({
    module: argument(i),
    prefix: argOf(i, 'prefix') ?? '',
    revision: argOf(i, 'revision-date'),
    stmt: i,
  }));
  const prefixes = new Map<string, string>();
  const own = kind === 'module' ? argument(stmt) : belongsTo ?? '';
  // The empty prefix names the module that unprefixed names written here belong to.
  prefixes.set('', own);
  prefixes.set(prefix, own);
  for (const i of imports) prefixes.set(i.prefix, i.module);
  return {
    kind,
    name: argument(stmt),
    stmt,
    file,
    text,
    yangVersion: argOf(stmt, 'yang-version') === '1.1' ? '1.1' : '1',
    revision: newestRevision(stmt),
    belongsTo,
    prefix,
    imports,
    includes: subs(stmt, 'include').map((i) => ({ name: argument(i), revision: argOf(i, 'revision-date'), stmt: i })),
    prefixes,
  };
};
