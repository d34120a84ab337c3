/**
 * Reads the requested modules and, transitively, everything they import and
 * include, through the search path. Every problem becomes a diagnostic.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { readYang } from '../parser/read-statements.ts';
import type { Statement } from '../parser/statement.ts';
import type { Diagnostics } from './diagnostics.ts';
import type { ModuleSearch } from './module-search.ts';
import { toParsedSource, type ParsedSource } from './parsed-source.ts';

export interface ModuleUnit {
  readonly main: ParsedSource;
  /** The module followed by all its submodules. */
  readonly sources: readonly ParsedSource[];
}

export interface LoadedSources {
  /** Every module loaded, in dependency order (imports before importers). */
  readonly units: Map<string, ModuleUnit>;
  /** Names of the modules asked for (file or name). */
  readonly requested: readonly string[];
}

/** A module asked for by file path or by name (optionally name@revision). */
export type ModuleRequest = { readonly file: string } | { readonly name: string; readonly revision?: string };

/** Parsed files by path, reused while the file's text is unchanged (statements are immutable). */
const parsed = new Map<string, { readonly text: string; readonly result: ReturnType<typeof readYang> }>();

const readCached = (text: string, file: string): ReturnType<typeof readYang> => {
  const hit = parsed.get(file);
  if (hit !== undefined && hit.text === text) return hit.result;
  const result = readYang(text, file);
  parsed.set(file, { text, result });
  return result;
};

export class SourceLoader {
  private readonly units = new Map<string, ModuleUnit>();
  private readonly loading: string[] = [];

  constructor(
    private readonly search: ModuleSearch,
    private readonly diag: Diagnostics,
  ) {}

  load(requests: readonly ModuleRequest[]): LoadedSources {
    const requested: string[] = [];
    for (const r of requests) {
      const unit = 'file' in r ? this.loadFile(r.file) : this.loadByName(r.name, r.revision, undefined);
      if (unit !== undefined && !requested.includes(unit.main.name)) requested.push(unit.main.name);
    }
    return { units: this.units, requested };
  }

  private read(file: string, at: Statement | undefined): ParsedSource | undefined {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      const loc = at?.loc ?? { file, line: 1, col: 1 };
      this.diag.error(loc, `cannot read ${file}: ${(e as Error).message}`);
      return undefined;
    }
    const { statement, diagnostics } = readCached(text, file);
    for (const d of diagnostics) this.diag.add(d);
    if (statement === undefined) return undefined;
    if (statement.keyword !== 'module' && statement.keyword !== 'submodule') {
      this.diag.error(statement.loc, `expected "module" or "submodule", found "${statement.keyword}"`);
      return undefined;
    }
    return toParsedSource(statement, file, text);
  }

  private loadFile(file: string): ModuleUnit | undefined {
    const src = this.read(file, undefined);
    if (src === undefined) return undefined;
    if (src.kind === 'submodule') {
      this.diag.error(src.stmt.loc, `"${src.name}" is a submodule of "${src.belongsTo ?? '?'}": load its module instead`);
      return undefined;
    }
    const existing = this.units.get(src.name);
    if (existing !== undefined) return existing;
    const stem = basename(file).replace(/(@[^@]*)?\.yang$/, '');
    if (stem !== src.name) this.diag.warn(src.stmt.loc, `file name "${basename(file)}" does not match module "${src.name}"`);
    return this.completeUnit(src);
  }

  private loadByName(name: string, revision: string | undefined, at: Statement | undefined): ModuleUnit | undefined {
    const existing = this.units.get(name);
    if (existing !== undefined) {
      if (revision !== undefined && existing.main.revision !== revision && at !== undefined) {
        this.diag.warn(at.loc, `revision ${revision} of "${name}" asked for, but revision ${existing.main.revision ?? '(none)'} is already loaded; using it`);
      }
      return existing;
    }
    if (this.loading.includes(name)) {
      if (at !== undefined) this.diag.error(at.loc, `circular import: ${[...this.loading, name].join(' -> ')}`);
      return undefined;
    }
    const file = this.search.find(name, revision);
    if (file === undefined) {
      const loc = at?.loc ?? { file: '<command line>', line: 1, col: 1 };
      const rev = revision === undefined ? '' : `@${revision}`;
      this.diag.error(loc, `cannot find module "${name}${rev}" on the search path (${this.search.dirs.join(':') || 'empty'})`);
      return undefined;
    }
    const src = this.read(file, at);
    if (src === undefined) return undefined;
    if (src.kind !== 'module' || src.name !== name) {
      this.diag.error(at?.loc ?? src.stmt.loc, `${file} holds ${src.kind} "${src.name}", not module "${name}"`);
      return undefined;
    }
    return this.completeUnit(src);
  }

  private completeUnit(main: ParsedSource): ModuleUnit | undefined {
    this.loading.push(main.name);
    const sources: ParsedSource[] = [main];
    this.includeAll(main, sources, [main.name]);
    for (const src of sources) {
      for (const imp of src.imports) {
        if (imp.module === main.name) {
          this.diag.error(imp.stmt.loc, `module "${main.name}" imports itself`);
          continue;
        }
        this.loadByName(imp.module, imp.revision, imp.stmt);
      }
    }
    this.loading.pop();
    const unit: ModuleUnit = { main, sources };
    this.units.set(main.name, unit);
    return unit;
  }

  private includeAll(from: ParsedSource, sources: ParsedSource[], chain: string[]): void {
    for (const inc of from.includes) {
      if (sources.some((s) => s.name === inc.name)) continue;
      if (chain.includes(inc.name)) {
        this.diag.error(inc.stmt.loc, `circular include: ${[...chain, inc.name].join(' -> ')}`);
        continue;
      }
      const file = this.search.find(inc.name, inc.revision);
      if (file === undefined) {
        this.diag.error(inc.stmt.loc, `cannot find submodule "${inc.name}" on the search path (${this.search.dirs.join(':') || 'empty'})`);
        continue;
      }
      const src = this.read(file, inc.stmt);
      if (src === undefined) continue;
      const owner = sources[0]?.name;
      if (src.kind !== 'submodule') {
        this.diag.error(inc.stmt.loc, `"${inc.name}" is a module, not a submodule: use import`);
        continue;
      }
      if (src.belongsTo !== owner) {
        this.diag.error(inc.stmt.loc, `submodule "${src.name}" belongs to "${src.belongsTo ?? '?'}", not to "${owner ?? '?'}"`);
        continue;
      }
      sources.push(src);
      this.includeAll(src, sources, [...chain, src.name]);
    }
  }
}
