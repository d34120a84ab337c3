/** What every compile step shares: diagnostics, the modules and their scopes, caches. */
import type { Statement } from '../parser/statement.ts';
import type { FeatureMeta, IdentityMeta, ModuleMeta, TypeMeta } from '../meta/meta.ts';
import type { Diagnostics } from './diagnostics.ts';
import type { ModuleUnit } from './load-sources.ts';
import type { Mutable } from './mutable.ts';
import type { ParsedSource } from './parsed-source.ts';
import { splitQName, unitScopes, type Definition, type Scope } from './scope.ts';
import { VanishedNodes } from './vanished-nodes.ts';

/** Which features are enabled: per module, the enabled names; modules not listed have all enabled. */
export type FeatureChoice = ReadonlyMap<string, ReadonlySet<string>>;

export class CompileState {
  readonly modules = new Map<string, Mutable<ModuleMeta>>();
  readonly topScopes = new Map<ParsedSource, Scope>();
  readonly typedefTypes = new Map<Statement, TypeMeta>();
  readonly typedefsResolving = new Set<Statement>();
  /** Names if-feature left out, for refine, augment and deviation targets that vanish with them. */
  readonly vanished = new VanishedNodes();
  /** Work that needs the whole tree (leafref paths, defaults), run once it is built. */
  private readonly deferred: (() => void)[] = [];
  private treeComplete = false;

  constructor(
    readonly diag: Diagnostics,
    readonly units: ReadonlyMap<string, ModuleUnit>,
    readonly featureChoice: FeatureChoice,
  ) {
    for (const unit of units.values()) {
      for (const [src, scope] of unitScopes(unit, diag)) this.topScopes.set(src, scope);
    }
  }

  /** Runs `work` once the whole schema tree is built (at once if it already is). */
  defer(work: () => void): void {
    this.deferred.push(work);
  }

  /** The tree is complete: run deferred work, now and after each lazy expansion. */
  completeTree(): void {
    this.treeComplete = true;
    this.lateNodesCompiled();
  }

  lateNodesCompiled(): void {
    if (!this.treeComplete) return;
    while (this.deferred.length > 0) this.deferred.shift()?.();
  }

  topScope(source: ParsedSource): Scope {
    const s = this.topScopes.get(source);
    if (s === undefined) throw new Error(`no scope for ${source.name}`);
    return s;
  }

  /** Module name for a prefix as written in `source`, or undefined (and an error) when unknown. */
  moduleOfPrefix(prefix: string | undefined, source: ParsedSource, at: Statement): string | undefined {
    if (prefix === undefined) return source.kind === 'module' ? source.name : source.belongsTo;
    const m = source.prefixes.get(prefix);
    if (m === undefined) this.diag.error(at.loc, `unknown prefix "${prefix}" in "${at.arg ?? at.keyword}"`);
    return m;
  }

  private lookup(kind: 'typedefs' | 'groupings', qname: string, scope: Scope, at: Statement): Definition | undefined {
    const { prefix, name } = splitQName(qname);
    const module = this.moduleOfPrefix(prefix, scope.source, at);
    if (module === undefined) return undefined;
    if (module === scope.unit.main.name) {
      for (let s: Scope | undefined = scope; s !== undefined; s = s.parent) {
        const d = s[kind].get(name);
        if (d !== undefined) return d;
      }
      return undefined;
    }
    const unit = this.units.get(module);
    if (unit === undefined) return undefined;
    return this.topScope(unit.main)[kind].get(name);
  }

  typedef(qname: string, scope: Scope, at: Statement): Definition | undefined {
    return this.lookup('typedefs', qname, scope, at);
  }

  grouping(qname: string, scope: Scope, at: Statement): Definition | undefined {
    return this.lookup('groupings', qname, scope, at);
  }

  identity(qname: string, source: ParsedSource, at: Statement): IdentityMeta | undefined {
    const { prefix, name } = splitQName(qname);
    const module = this.moduleOfPrefix(prefix, source, at);
    return module === undefined ? undefined : this.modules.get(module)?.identities.get(name);
  }

  feature(qname: string, source: ParsedSource, at: Statement): FeatureMeta | undefined {
    const { prefix, name } = splitQName(qname);
    const module = this.moduleOfPrefix(prefix, source, at);
    return module === undefined ? undefined : this.modules.get(module)?.features.get(name);
  }
}
