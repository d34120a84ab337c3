/**
 * The configuration of a module as an in-memory tree, for validating a
 * candidate: a clone when the module's root node exposes its data tree
 * (peek), else a read of its config through the nodes.
 */
import { DataContainer } from '../../data/data-container.ts';
import type { Browser } from '../browser.ts';
import { runToEnd, type Co } from '../co.ts';
import { readInto } from '../read/read-into.ts';
import type { RequestContext } from '../request-context.ts';

function* copyConfig(browser: Browser, context: RequestContext, into: DataContainer): Co<void> {
  const root = browser.root(context);
  try {
    const peeked = root.node.peek?.();
    if (peeked instanceof DataContainer) {
      for (const [m, v] of peeked.clone().values) into.values.set(m, v);
      return;
    }
    yield* readInto(root, into, 'config');
  } finally {
    root.node.release?.();
  }
}

export const snapshotConfig = async (browser: Browser, context: RequestContext): Promise<DataContainer> => {
  const into = new DataContainer(browser.module);
  await runToEnd(copyConfig(browser, context, into));
  return into;
};
