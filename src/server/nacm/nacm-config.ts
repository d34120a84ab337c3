/**
 * The NACM configuration (RFC 8341 §3.2) as the access check uses it, read
 * from the ietf-netconf-acm module's data (its JSON form), with the RFC's
 * defaults for what is not set.
 */
import { parseRulePath, type RulePath } from './rule-path.ts';

export type AccessOperation = 'create' | 'read' | 'update' | 'delete' | 'exec';

export interface NacmRule {
  readonly name: string;
  /** '*' or a module name. */
  readonly module: string;
  readonly type:
    | { readonly kind: 'any' }
    | { readonly kind: 'rpc'; readonly name: string }
    | { readonly kind: 'notification'; readonly name: string }
    | { readonly kind: 'path'; readonly path: RulePath };
  /** '*' or the operations. */
  readonly operations: '*' | ReadonlySet<AccessOperation>;
  readonly permit: boolean;
}

export interface NacmRuleList {
  readonly name: string;
  /** Groups the list applies to ('*' is every group). */
  readonly groups: readonly string[];
  readonly rules: readonly NacmRule[];
}

export interface NacmConfig {
  readonly enabled: boolean;
  readonly readDefault: boolean;
  readonly writeDefault: boolean;
  readonly execDefault: boolean;
  readonly externalGroups: boolean;
  /** Group → its users. */
  readonly groups: ReadonlyMap<string, ReadonlySet<string>>;
  readonly ruleLists: readonly NacmRuleList[];
  /** Rules whose path could not be parsed: they match nothing (reported once). */
  readonly problems: readonly string[];
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Json : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown, d: string): string => (typeof v === 'string' ? v : d);
const member = (o: Json, name: string): unknown => o[name] ?? o[`ietf-netconf-acm:${name}`];

/** The leaf's default is '*'. */
const operations = (v: unknown): NacmRule['operations'] => {
  const text = typeof v === 'string' ? v : Array.isArray(v) ? v.join(' ') : '*';
  if (text.trim() === '*') return '*';
  return new Set(text.split(/\s+/).filter((x) => x !== '') as AccessOperation[]);
};

/** From `{ "nacm": {...} }` (plain or RFC 7951 names). */
export const readNacmConfig = (json: unknown): NacmConfig => {
  const nacm = obj(member(obj(json), 'nacm'));
  const problems: string[] = [];
  const groups = new Map<string, Set<string>>();
  for (const g of arr(member(obj(member(nacm, 'groups')), 'group'))) {
    const o = obj(g);
    groups.set(str(o.name, ''), new Set(arr(o['user-name']).map((u) => String(u))));
  }
  const ruleLists = arr(member(nacm, 'rule-list')).map((l): NacmRuleList => {
    const o = obj(l);
    return {
      name: str(o.name, ''),
      groups: arr(o.group).map(String),
      rules: arr(o.rule).map((r): NacmRule => {
        const ro = obj(r);
        let type: NacmRule['type'] = { kind: 'any' };
        if (typeof ro['rpc-name'] === 'string') type = { kind: 'rpc', name: ro['rpc-name'] };
        else if (typeof ro['notification-name'] === 'string') type = { kind: 'notification', name: ro['notification-name'] };
        else if (typeof ro.path === 'string') {
          const p = parseRulePath(ro.path);
          if (typeof p === 'string') {
            problems.push(`rule-list ${str(o.name, '')} rule ${str(ro.name, '')}: ${p}; the rule matches nothing`);
            type = { kind: 'path', path: [{ module: undefined, name: '\u0000', keys: new Map() }] };
          } else type = { kind: 'path', path: p };
        }
        return { name: str(ro.name, ''), module: str(ro['module-name'], '*'), type, operations: operations(ro['access-operations']), permit: ro.action === 'permit' };
      }),
    };
  });
  return {
    enabled: member(nacm, 'enable-nacm') !== false,
    readDefault: member(nacm, 'read-default') !== 'deny',
    writeDefault: member(nacm, 'write-default') === 'permit',
    execDefault: member(nacm, 'exec-default') !== 'deny',
    externalGroups: member(nacm, 'enable-external-groups') !== false,
    groups,
    ruleLists,
    problems,
  };
};
