/**
 * A non-presence container a node does not have still "exists" where
 * defaults show (RFC 6243 §3.1, RFC 7950 §7.5.1): it is read as empty so
 * the defaults below it show — report-all and report-all-tagged, and
 * explicit for the defaults of state leaves. Only where such defaults exist
 * below it (through non-presence containers and the default case of
 * choices), and never for a container a `when` could rule out: the walk
 * does not evaluate conditions, so it cannot know those are in effect. A
 * container in a case is read so only where its case is in effect: the
 * callers ask only there (active-case.ts).
 */
import { DataContainer } from '../../data/data-container.ts';
import type { ContainerMeta, SchemaNode } from '../../meta/meta.ts';
import { schemaChildren } from '../../meta/navigate.ts';
import type { Node } from '../node.ts';
import { DataContainerNode } from '../nodes/data-node.ts';
import type { ReadOptions } from './read-options.ts';
import type { WithDefaults } from './with-defaults.ts';

/** Answers of hasDefaultsBelow: every default, and state defaults only. */
const known = [new WeakMap<SchemaNode, boolean>(), new WeakMap<SchemaNode, boolean>()] as const;

/** A non-presence container no `when` can rule out. */
const unconditional = (c: ContainerMeta): boolean => c.presence === undefined && c.when.length === 0;

const shows = (c: SchemaNode, stateOnly: boolean): boolean => {
  switch (c.kind) {
    case 'leaf': return c.default !== undefined && !c.isKey && c.when.length === 0 && (!stateOnly || !c.config);
    case 'leaf-list': return c.defaults.length > 0 && c.when.length === 0 && (!stateOnly || !c.config);
    case 'container': return unconditional(c) && hasDefaultsBelow(c, stateOnly);
    case 'choice': return c.when.length === 0 && c.defaultCase !== undefined && c.defaultCase.when.length === 0 && hasDefaultsBelow(c.defaultCase, stateOnly);
    default: return false;
  }
};

/**
 * Whether a leaf or leaf-list with a default sits below `n` when nothing
 * below it exists: through non-presence containers and default cases
 * (`stateOnly`: a state one).
 */
export const hasDefaultsBelow = (n: SchemaNode, stateOnly = false): boolean => {
  const cache = known[stateOnly ? 1 : 0];
  const k = cache.get(n);
  if (k !== undefined) return k;
  let found = false;
  if (!n.recursive) {
    for (const c of schemaChildren(n)) {
      if (shows(c, stateOnly)) {
        found = true;
        break;
      }
    }
  }
  cache.set(n, found);
  return found;
};

/** Whether `mode` shows defaults below `n` when nothing below it exists. */
export const showsDefaultsBelow = (n: SchemaNode, mode: WithDefaults): boolean =>
  mode !== 'trim' && hasDefaultsBelow(n, mode === 'explicit');

/** Whether an absent container is read as empty: the mode would show defaults in it. */
export const admitsImplicit = (meta: ContainerMeta, options: ReadOptions): boolean =>
  unconditional(meta) && showsDefaultsBelow(meta, options.withDefaults);

/** An empty stand-in for an absent non-presence container, when the mode would show defaults in it. */
export const implicitContainer = (meta: ContainerMeta, options: ReadOptions): Node | undefined =>
  admitsImplicit(meta, options) ? new DataContainerNode(new DataContainer(meta)) : undefined;
