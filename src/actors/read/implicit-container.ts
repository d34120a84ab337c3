/**
 * A non-presence container a node does not have still "exists" for
 * with-defaults report-all (RFC 6243 §3.1, RFC 7950 §7.5.1): it is read as
 * empty so the defaults below it show. Only where defaults exist below it,
 * and never for a container that a `when` or a choice could rule out: the
 * walk does not evaluate conditions, so it cannot know those are in effect.
 */
import { DataContainer } from '../../data/data-container.ts';
import type { ContainerMeta, SchemaNode } from '../../meta/meta.ts';
import { schemaChildren } from '../../meta/navigate.ts';
import type { Node } from '../node.ts';
import { DataContainerNode } from '../nodes/data-node.ts';
import type { ReadOptions } from './read-options.ts';

const known = new WeakMap<SchemaNode, boolean>();

/** A non-presence container no condition can rule out. */
const unconditional = (c: ContainerMeta): boolean => c.presence === undefined && c.when.length === 0 && c.parent?.kind !== 'case';

/** Whether a leaf with a default sits below, through non-presence containers and choices only. */
export const hasDefaultsBelow = (n: SchemaNode): boolean => {
  const k = known.get(n);
  if (k !== undefined) return k;
  let found = false;
  if (!n.recursive) {
    for (const c of schemaChildren(n)) {
      if ((c.kind === 'leaf' && c.default !== undefined && !c.isKey && c.when.length === 0) || (c.kind === 'container' && unconditional(c) && hasDefaultsBelow(c))) {
        found = true;
        break;
      }
    }
  }
  known.set(n, found);
  return found;
};

/** Whether an absent container is read as empty: report-all would show defaults in it. */
export const admitsImplicit = (meta: ContainerMeta, options: ReadOptions): boolean =>
  unconditional(meta) && (options.withDefaults === 'report-all' || options.withDefaults === 'report-all-tagged') && hasDefaultsBelow(meta);

/** An empty stand-in for an absent non-presence container, when report-all would show defaults in it. */
export const implicitContainer = (meta: ContainerMeta, options: ReadOptions): Node | undefined =>
  admitsImplicit(meta, options) ? new DataContainerNode(new DataContainer(meta)) : undefined;
