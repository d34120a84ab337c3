/**
 * Identifier uniqueness (RFC 7950 §6.2.1): the data nodes, choices, actions
 * and notifications of a parent share one namespace per module, looking
 * through choice and case.
 */
import type { ModuleMeta, SchemaNode } from '../meta/meta.ts';
import { schemaChildren, type SchemaHolder } from '../meta/navigate.ts';
import type { Diagnostics } from './diagnostics.ts';

const collect = (holder: SchemaHolder, seen: Map<string, SchemaNode>, diag: Diagnostics): void => {
  for (const c of schemaChildren(holder)) {
    if (c.kind === 'input' || c.kind === 'output') continue;
    const key = `${c.module.name}:${c.name}`;
    const prior = seen.get(key);
    if (prior !== undefined && prior !== c) {
      diag.error(c.loc, `duplicate definition "${c.name}" (also defined at ${prior.loc.file}:${prior.loc.line}:${prior.loc.col})`);
    } else if (c.kind !== 'case') {
      seen.set(key, c);
    }
    if (c.kind === 'choice') {
      const caseNames = new Map<string, SchemaNode>();
      for (const k of c.cases) {
        const kk = `${k.module.name}:${k.name}`;
        const p = caseNames.get(kk);
        if (p !== undefined) diag.error(k.loc, `duplicate case "${k.name}" in choice "${c.name}"`);
        caseNames.set(kk, k);
        if (!k.recursive) collect(k, seen, diag);
      }
    }
  }
};

const visit = (holder: SchemaHolder, diag: Diagnostics): void => {
  collect(holder, new Map(), diag);
  for (const c of schemaChildren(holder)) {
    if (c.recursive) continue;
    if (c.kind === 'choice') {
      for (const k of c.cases) if (!k.recursive) for (const kc of schemaChildren(k)) if (!kc.recursive) visit(kc, diag);
    } else if (c.kind === 'rpc' || c.kind === 'action') {
      visit(c.input, diag);
      visit(c.output, diag);
    } else {
      visit(c, diag);
    }
  }
};

export const checkNames = (modules: Iterable<ModuleMeta>, diag: Diagnostics): void => {
  for (const m of modules) visit(m, diag);
};
