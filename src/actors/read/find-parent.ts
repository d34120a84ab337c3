/**
 * The holder of a read's target: every step but the last followed from the
 * root, as navigate.ts follows them, except that a non-presence container
 * nobody created is read as empty where the mode shows defaults in it and
 * its case is in effect (RFC 8040 §3.5.4: a default is answered when
 * addressed directly, through containers that hold only defaults).
 */
import { childPath } from '../../data/data-path.ts';
import type { Co } from '../co.ts';
import { descend, type TargetStep } from '../navigate.ts';
import { OMITTED } from '../omitted.ts';
import type { Selection } from '../selection.ts';
import { inActiveCases } from './active-case.ts';
import { implicitContainer } from './implicit-container.ts';
import type { ReadOptions } from './read-options.ts';

/** The selection `step` names below `at`, an implicit container in its stead, or undefined. */
export function* stepOrImplicit(at: Selection, step: TargetStep, options: ReadOptions): Co<Selection | undefined> {
  const found = yield* descend(at, step);
  // a container the node leaves out (access control) is not there, not even as an implicit one
  if (found?.node === OMITTED) return undefined;
  if (found !== undefined || step.meta.kind !== 'container') return found;
  const meta = step.meta;
  const implicit = implicitContainer(meta, options);
  if (implicit === undefined || !(yield* inActiveCases(at, meta, options.withDefaults))) return undefined;
  return at.select(implicit, meta, childPath(at.path, meta));
}

/** Walks every step but the last; undefined when something on the way is missing. */
export function* findParent(root: Selection, steps: readonly TargetStep[], options: ReadOptions): Co<Selection | undefined> {
  let at: Selection | undefined = root;
  for (let i = 0; i < steps.length - 1; i++) {
    at = yield* stepOrImplicit(at, steps[i] as TargetStep, options);
    if (at === undefined) return undefined;
  }
  return at;
}
