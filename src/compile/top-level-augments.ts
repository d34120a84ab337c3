/** Applies every module's top-level augments, repeating until targets added by other augments appear. */
import type { Statement } from '../parser/statement.ts';
import type { CompileState } from './compile-state.ts';
import { resolveAbsolute } from './absolute-path.ts';
import { augmentInto } from './augment.ts';
import type { ParsedSource } from './parsed-source.ts';
import { subs } from './statements.ts';

export const applyTopLevelAugments = (st: CompileState): void => {
  let pending: { aug: Statement; source: ParsedSource; module: string }[] = [];
  for (const [name, unit] of st.units) {
    for (const source of unit.sources) for (const aug of subs(source.stmt, 'augment')) pending.push({ aug, source, module: name });
  }
  let progress = true;
  while (progress && pending.length > 0) {
    progress = false;
    const rest: typeof pending = [];
    for (const p of pending) {
      const r = resolveAbsolute(p.aug, p.source, st);
      if ('vanished' in r) continue;
      if (!('node' in r)) {
        rest.push(p);
        continue;
      }
      const ns = st.modules.get(p.module);
      if (ns === undefined) continue;
      augmentInto(p.aug, r.node, {
        st,
        scope: st.topScope(p.source),
        ns,
        parent: undefined,
        config: true,
        inOperation: false,
        topLevel: false,
        groupings: [],
        groupingsHere: [],
      });
      progress = true;
    }
    pending = rest;
  }
  for (const p of pending) {
    const r = resolveAbsolute(p.aug, p.source, st);
    if ('error' in r) st.diag.error(p.aug.loc, r.error);
  }
};
