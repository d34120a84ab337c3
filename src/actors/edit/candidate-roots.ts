/**
 * The module trees a candidate is validated on, made when validation first
 * looks at a module: the module's live tree when its root node exposes one
 * (the datastore), else a NodeTree reading its application nodes as it is
 * looked at. An edit of one module makes no root node of the modules its
 * validation never reaches (the server's own module, the protocol
 * modules...): their cost is not paid per edit.
 */
import { DataContainer } from '../../data/data-container.ts';
import type { Browser } from '../browser.ts';
import type { RequestContext } from '../request-context.ts';
import type { Device } from '../device.ts';
import { NodeTree } from './node-tree.ts';

/** A module's data tree when its root node exposes it (the datastore), else undefined. */
const liveTree = (browser: Browser, context: RequestContext): DataContainer | undefined => {
  const root = browser.root(context);
  try {
    const peeked = root.node.peek?.();
    return peeked instanceof DataContainer && peeked.meta === browser.module ? peeked : undefined;
  } finally {
    root.node.release?.();
  }
};

export class CandidateRoots extends Map<string, DataContainer> {
  /** The NodeTrees made so far (they are restarted, settled and released by the caller). */
  readonly trees: NodeTree[] = [];

  constructor(private readonly device: Device, private readonly context: RequestContext) {
    super();
  }

  override get(name: string): DataContainer | undefined {
    const made = super.get(name);
    if (made !== undefined) return made;
    const b = this.device.browser(name);
    if (b === undefined) return undefined;
    let tree = liveTree(b, this.context);
    if (tree === undefined) {
      const t = new NodeTree(b, this.context, this.device.schema);
      this.trees.push(t);
      tree = t.root;
    }
    super.set(name, tree);
    return tree;
  }

  override has(name: string): boolean {
    return super.has(name) || this.device.browser(name) !== undefined;
  }

  override get size(): number {
    let n = super.size;
    for (const name of this.device.modules) if (!super.has(name)) n++;
    return n;
  }

  /** Iterating means every module is looked at: each is made. */
  override entries(): MapIterator<[string, DataContainer]> {
    this.makeAll();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.makeAll();
    return super.keys();
  }

  override values(): MapIterator<DataContainer> {
    this.makeAll();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, DataContainer]> {
    return this.entries();
  }

  override forEach(f: (value: DataContainer, key: string, map: Map<string, DataContainer>) => void, thisArg?: unknown): void {
    this.makeAll();
    super.forEach(f, thisArg);
  }

  private makeAll(): void {
    for (const name of this.device.modules) this.get(name);
  }
}
