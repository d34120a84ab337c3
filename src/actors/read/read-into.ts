/** Copies everything a selection holds into an in-memory data tree (operation output, events, snapshots). */
import { DataContainer, type HolderMeta } from '../../data/data-container.ts';
import type { Co } from '../co.ts';
import { DataContainerNode } from '../nodes/data-node.ts';
import { JsonBuffer } from '../nodes/json-writer.ts';
import type { Selection } from '../selection.ts';
import { NodeBudget } from './node-budget.ts';
import { defaultReadOptions, type ReadOptions } from './read-options.ts';
import { readChildren } from './read-walk.ts';

const everything: ReadOptions = { ...defaultReadOptions, withDefaults: 'explicit', maxNodes: Number.POSITIVE_INFINITY };

export function* readInto(from: Selection, into: DataContainer = new DataContainer(from.meta as HolderMeta), content: ReadOptions['content'] = 'all'): Co<DataContainer> {
  const options = content === 'all' ? everything : { ...everything, content };
  const st = { options, budget: new NodeBudget(options.maxNodes), buffer: new JsonBuffer(false), flushAt: Number.POSITIVE_INFINITY, holders: [], counting: false };
  yield* readChildren(from, new DataContainerNode(into), { level: 0, depth: 0, fields: undefined, xfields: undefined }, st);
  return into;
}
