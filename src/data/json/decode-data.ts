/**
 * JSON → data tree, for one holder: the members of a module's top level, of
 * a container, of one list entry, of rpc/action input or output, or of a
 * notification. RFC 7951 in strict mode, the simplified form otherwise (see
 * `DecodeOptions`). Every error is collected, each an RFC 8040 error with
 * error-type 'application' and its error-path:
 *
 * | problem | error-tag | error-path |
 * |---|---|---|
 * | unknown member name | unknown-element | the object holding it |
 * | qualifier wrong, unknown, or missing where required | unknown-namespace | the object |
 * | unqualified name ambiguous (simplified mode) | bad-element | the object |
 * | one node given twice (`x` and `m:x`) | bad-element | the object |
 * | members of two cases of one choice | bad-element | the object |
 * | config false node in a config document | unknown-element | the node |
 * | wrong JSON shape for the node kind | invalid-value | the node |
 * | value refused by its type | invalid-value (+ the type's app-tag) | the leaf / leaf-list |
 * | list entry without a key | missing-element (RFC 7950 §8.3.1; error-info `bad-element`: the key) | the list (no predicates) |
 * | two list entries with the same keys | invalid-value | the second entry |
 * | a config leaf-list value twice | invalid-value | `…/leaf-list[.='v']` |
 * | metadata annotation (`@…`) | unknown-attribute | the object |
 *
 * Not checked here (tree-level, `src/validate/`): leafref and
 * instance-identifier targets, must, when, mandatory, min/max-elements, unique.
 */
import { DataContainer } from '../data-container.ts';
import { rootPath, type DataPath } from '../data-path.ts';
import { createContext, report } from './decode-context.ts';
import { decodeListEntry } from './decode-list-entry.ts';
import { decodeObject } from './decode-object.ts';
import type { DecodeOptions, DecodeResult, DecodeTarget } from './decode-options.ts';
import { describeJson, isJsonObject } from './json-shape.ts';
import { holderLabel } from './member-scope.ts';

/** The path of the list a list entry belongs to: `path` without a trailing segment for the list itself. */
const listParentPath = (path: DataPath, list: DecodeTarget): DataPath =>
  path.segments.at(-1)?.meta === list ? { segments: path.segments.slice(0, -1) } : path;

export function decodeData(json: unknown, target: DecodeTarget, options: DecodeOptions): DecodeResult<DataContainer> {
  const ctx = createContext(options);
  const path = options.path ?? rootPath;
  let container: DataContainer | undefined;
  if (target.kind === 'list') {
    container = decodeListEntry(target, json, listParentPath(path, target), ctx)?.container;
  } else if (isJsonObject(json)) {
    container = decodeObject(json, target, path, ctx);
  } else {
    report(ctx, 'invalid-value', `the data of ${holderLabel(target)} must be a JSON object, got ${describeJson(json)}`, path);
  }
  if (ctx.errors.length > 0 || container === undefined) return { ok: false, errors: ctx.errors };
  return { ok: true, value: container };
}
