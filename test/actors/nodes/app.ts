/** The nd-app fixture served by a node under test: read and edit through the real runtime. */
import { Browser } from '../../../src/actors/browser.ts';
import { Device } from '../../../src/actors/device.ts';
import { commitEdit } from '../../../src/actors/edit/commit-edit.ts';
import type { EditOperation, EditOutcome } from '../../../src/actors/edit/apply-edit.ts';
import type { FieldValue } from '../../../src/data/field-value.ts';
import type { Node } from '../../../src/actors/node.ts';
import type { ReadOptions } from '../../../src/actors/read/read-options.ts';
import { emptyContext } from '../../../src/actors/request-context.ts';
import type { DataContainer, HolderMeta } from '../../../src/data/data-container.ts';
import { decodeData } from '../../../src/data/json/index.ts';
import type { YangValue } from '../../../src/types/value.ts';
import { readText } from '../../helpers/read-text.ts';
import { loadFixture, stepsTo } from '../../helpers/runtime.ts';

export const { schema, module } = loadFixture('nodes', 'nd-app.yang');

export interface App {
  readonly browser: Browser;
  readonly device: Device;
}

/** A device serving nd-app with `root` made afresh for every request. */
export const serve = (root: () => Node): App => {
  const browser = new Browser(module, schema, root);
  return { browser, device: new Device(schema).add(browser) };
};

export const steps = (path: string | undefined, keys: Record<string, readonly YangValue[]> = {}) =>
  path === undefined ? [] : stepsTo(module, path, keys);

/** The parsed JSON of a read of `path` (the module's top level when undefined). */
export const readJson = async (app: App, path?: string, keys: Record<string, readonly YangValue[]> = {}, options: Partial<ReadOptions> = {}): Promise<unknown> =>
  JSON.parse(await readText(app.browser.root(), steps(path, keys), options));

/** Decoded input for the holder a path ends at (the module for the root). */
const input = (json: unknown, holder: HolderMeta): DataContainer => {
  const r = decodeData(json, holder, { strict: false, content: 'config', schema });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

/** commitEdit of `json` (an object for nodes, a value for fields) at `path`. */
export const edit = (app: App, path: string | undefined, operation: EditOperation, json?: unknown, keys: Record<string, readonly YangValue[]> = {}): Promise<EditOutcome> => {
  const s = steps(path, keys);
  const last = s[s.length - 1]?.meta;
  let value: DataContainer | FieldValue | undefined;
  if (operation === 'delete' || json === undefined) value = undefined;
  else if (last === undefined) value = input(json, module);
  else if (last.kind === 'container' || last.kind === 'list') value = input(json, last);
  else value = json as FieldValue;
  return commitEdit(app.device, app.browser, { steps: s, operation, input: value, context: emptyContext });
};
