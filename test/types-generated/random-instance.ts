/**
 * Random RFC 7951 instance documents of a module, from its compiled schema:
 * `valid` ones (every value one the server's type codec takes, list keys
 * present and unique, at most one case per choice, no unknown member) and
 * `mutated` ones, where values come from a pool of right and wrong ones and
 * the structure is broken now and then (an unknown member, a missing key, a
 * repeated entry or leaf-list value, two cases of one choice, a wrong JSON
 * shape). Driven by a source of numbers in [0, 1): fast-check's, so that it
 * can replay and shrink a failure.
 */
import type { DataDef, ModuleMeta, SchemaContext, TypeMeta } from '../../src/meta/meta.ts';
import { decodeJson } from '../../src/types/decode-json.ts';
import { formatDecimal } from '../../src/types/decimal-literal.ts';
import { leafrefTargetType } from '../../src/types/leafref.ts';
import { admittedIdentities } from '../../src/codegen/admitted-identities.ts';

export type Mode = 'valid' | 'mutated';

const STRINGS = ['a', '', 'eth0', 'x-1', '10.0.0.1', '192.0.2.1/24', '2001:db8::1', '00:11:22:33:44:55', '2026-01-01T00:00:00Z', 'abc', 'x'.repeat(300), '1', 'AAAA'];

/** Candidate JSON values for a type, right and wrong. */
const candidates = (type: TypeMeta, leafModule: string, depth = 0): unknown[] => {
  const t = type.base === 'leafref' ? (leafrefTargetType(type) ?? type) : type;
  const out: unknown[] = [null, {}, 'nope'];
  switch (t.base) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
    case 'int64': case 'uint64': {
      const wide = t.base === 'int64' || t.base === 'uint64';
      for (const { min, max } of t.range?.value ?? []) {
        for (const v of [min, max, min - 1n, max + 1n, (min + max) / 2n]) out.push(wide ? v.toString() : Number(v));
      }
      out.push(0, '0', 7, '7', 1.5);
      break;
    }
    case 'decimal64': {
      const fd = t.fractionDigits ?? 1;
      for (const { min, max } of t.range?.value ?? []) for (const v of [min, max, min - 1n, max + 1n]) out.push(formatDecimal(v, fd));
      out.push('0.0', '1.5', 1.5, '1.123456789');
      break;
    }
    case 'boolean': out.push(true, false, 'true'); break;
    case 'empty': out.push([null], true); break;
    case 'enumeration': out.push(...(t.enums ?? []).map((e) => e.name)); break;
    case 'bits': {
      const names = (t.bits ?? []).map((b) => b.name);
      out.push('', ...names, names.slice(0, 2).join(' '), names.slice(0, 2).reverse().join(' '));
      break;
    }
    case 'identityref': {
      for (const id of admittedIdentities(t.bases ?? []).slice(0, 6)) {
        out.push(id);
        if (id.startsWith(`${leafModule}:`)) out.push(id.slice(leafModule.length + 1));
      }
      out.push('nope:x', `${leafModule}:nope`);
      break;
    }
    case 'union':
      if (depth < 3) for (const m of t.members ?? []) out.push(...candidates(m, leafModule, depth + 1));
      break;
    case 'binary': out.push('AAAA', 'abc', '!!', ''); break;
    case 'instance-identifier': out.push('not a path', ''); break;
    default: out.push(...STRINGS);
  }
  return out;
};

export class InstanceGenerator {
  private readonly validCache = new Map<object, unknown[]>();
  private readonly allCache = new Map<object, unknown[]>();

  constructor(private readonly schema: SchemaContext, private readonly mode: Mode, private readonly next: () => number) {}

  private chance(p: number): boolean {
    return this.next() < p;
  }

  private pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[Math.floor(this.next() * list.length)];
  }

  private values(type: TypeMeta, module: ModuleMeta): unknown[] {
    const cache = this.mode === 'valid' ? this.validCache : this.allCache;
    let list = cache.get(type);
    if (list === undefined) {
      list = candidates(type, module.name);
      if (this.mode === 'valid') {
        const identity = (m: string, n: string) => this.schema.modules.get(m)?.identities.get(n);
        list = list.filter((v) => decodeJson(type, v, { strict: true, leafModule: module.name, identity, schema: this.schema }).ok);
      }
      cache.set(type, list);
    }
    return list;
  }

  /** A document of `module`: its top-level members qualified. */
  document(module: ModuleMeta, config: boolean): Record<string, unknown> {
    return this.members(module.children, undefined, config, 0);
  }

  private members(defs: readonly DataDef[], parent: ModuleMeta | undefined, config: boolean, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const add = (d: DataDef, required: boolean): boolean => {
      if (d.kind === 'choice') {
        const cases = d.cases.filter((k) => !config || k.config);
        const chosen = this.pick(cases);
        if (chosen !== undefined && this.chance(0.6)) for (const c of chosen.children) add(c, false);
        if (this.mode === 'mutated' && this.chance(0.05)) {
          const other = this.pick(cases);
          if (other !== undefined) for (const c of other.children) add(c, false);
        }
        return true;
      }
      if (config && !d.config) return true;
      if (!required && !this.chance(depth === 0 ? 0.8 : 0.4)) return true;
      const key = parent === undefined || d.module !== parent ? `${d.module.name}:${d.name}` : d.name;
      const value = this.value(d, config, depth);
      if (value === undefined) return !required;
      out[key] = value;
      return true;
    };
    for (const d of defs) if (!add(d, false)) return out;
    if (this.mode === 'mutated' && this.chance(0.05)) out['zz-unknown'] = 1;
    return out;
  }

  private value(d: Exclude<DataDef, { kind: 'choice' }>, config: boolean, depth: number): unknown {
    const wrongShape = this.mode === 'mutated' && this.chance(0.02);
    if (wrongShape) return this.pick(['x', 1, [], {}, null]);
    switch (d.kind) {
      case 'leaf':
        return this.pick(this.values(d.type, d.module));
      case 'leaf-list': {
        const vs: unknown[] = [];
        const n = Math.floor(this.next() * 3);
        for (let i = 0; i < n; i += 1) {
          const v = this.pick(this.values(d.type, d.module));
          if (v === undefined) break;
          if (this.mode === 'valid' && vs.some((x) => JSON.stringify(x) === JSON.stringify(v))) continue;
          vs.push(v);
        }
        return vs.length === 0 ? undefined : vs;
      }
      case 'anydata': return { any: 1 };
      case 'anyxml': return this.pick([1, 'x', { a: [1] }]);
      case 'container':
        if (d.recursive || depth > 8) return undefined;
        return this.members(d.children, d.module, config, depth + 1);
      case 'list': {
        if (d.recursive || depth > 8) return undefined;
        const entries: Record<string, unknown>[] = [];
        const n = Math.floor(this.next() * 3);
        for (let i = 0; i < n; i += 1) {
          const entry = this.members(d.children.filter((c) => !(c.kind === 'leaf' && c.isKey)), d.module, config, depth + 1);
          let ok = true;
          for (const k of d.keys) {
            if (this.mode === 'mutated' && this.chance(0.03)) continue;
            const v = this.pick(this.values(k.type, k.module));
            if (v === undefined) ok = false;
            else entry[k.name] = v;
          }
          if (!ok) continue;
          const same = entries.some((e) => d.keys.length > 0 && d.keys.every((k) => JSON.stringify(e[k.name]) === JSON.stringify(entry[k.name])));
          if (same && this.mode === 'valid') continue;
          entries.push(entry);
        }
        if (this.mode === 'mutated' && entries.length > 0 && this.chance(0.05)) entries.push({ ...entries[0] });
        return entries.length === 0 ? undefined : entries;
      }
    }
  }
}
