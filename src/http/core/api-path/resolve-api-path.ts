/**
 * A data resource path (the part of the URL after `{+restconf}/data`,
 * still percent-encoded) → the resource it names, checked against the
 * served modules. See docs/http.md "Paths" for the statuses:
 *
 * | problem | error-tag | status |
 * |---|---|---|
 * | not api-path syntax, bad percent-encoding | invalid-value | 400 |
 * | first segment without its module, module not served, wrong qualifier | unknown-namespace | 400 |
 * | no such node | unknown-element | 400 |
 * | key count or key value wrong, key on a non-list, path going below a leaf or an operation | invalid-value | 400 |
 *
 * Every name is checked against the schema here; whether the instance
 * exists is for the method to find out (404, RFC 8040 §4.3).
 */
import type { Device, TargetStep } from '../../../actors/index.ts';
import { childPath, formatPath, rootPath, type DataPath } from '../../../data/data-path.ts';
import type { RestconfError } from '../../../errors/index.ts';
import type { ListMeta } from '../../../meta/meta.ts';
import { parseApiPath, type ApiPathSegment } from '../../../parser/expr/index.ts';
import type { YangValue } from '../../../types/index.ts';
import { childNamed, type StepHolder, type StepNode } from './child-named.ts';
import { decodeKey } from './decode-key.ts';
import { pathError } from './path-error.ts';
import { datastoreTarget, type ResolvedTarget, type ResourceKind } from './resolved-target.ts';

export type Resolution = { readonly ok: true; readonly target: ResolvedTarget } | { readonly ok: false; readonly error: RestconfError };

/** The service's module root form: `/restconf/data/<module>:`. */
const MODULE_ROOT = /^\/([A-Za-z_][A-Za-z0-9_.-]*):\/?$/;

const fail = (error: RestconfError): Resolution => ({ ok: false, error });


const listKeys = (list: ListMeta, texts: readonly string[], device: Device, at: () => string): YangValue[] | RestconfError => {
  const names = list.keys.map((k) => k.name).join(', ');
  if (list.keys.length === 0) return pathError('invalid-value', `list "${list.name}" has no keys, so its entries cannot be named in a path`, at());
  if (texts.length !== list.keys.length) {
    return pathError('invalid-value', `list "${list.name}" has ${list.keys.length} key${list.keys.length > 1 ? 's' : ''} (${names}), the path gives ${texts.length} value${texts.length === 1 ? '' : 's'}`, at());
  }
  const values: YangValue[] = [];
  for (const [i, leaf] of list.keys.entries()) {
    const r = decodeKey(leaf, texts[i] ?? '', device.schema);
    if (!r.ok) return pathError('invalid-value', `bad key value for list "${list.name}": ${r.message}`, at());
    values.push(r.value);
  }
  return values;
};

interface Step {
  readonly step: TargetStep;
  readonly path: DataPath;
  readonly kind: ResourceKind;
  /** Where the next segment is looked up; undefined when nothing can follow. */
  readonly holder: StepHolder | undefined;
}

/** The resource a node names when the segment gives no key or value (lists aside). */
const KINDS: Record<Exclude<StepNode['kind'], 'list'>, ResourceKind> = {
  container: 'container', leaf: 'leaf', 'leaf-list': 'leaf-list', anydata: 'anydata', anyxml: 'anydata', rpc: 'operation', action: 'operation', notification: 'notification',
};

const listStep = (list: ListMeta, keys: readonly string[] | undefined, last: boolean, from: DataPath, device: Device): Step | RestconfError => {
  const at = (): string => formatPath(childPath(from, list));
  if (keys === undefined) {
    if (!last) return pathError('invalid-value', `list "${list.name}" needs its key values (${list.keys.map((k) => k.name).join(', ')}) to go below it`, at());
    return { step: { meta: list, key: undefined }, path: childPath(from, list), kind: 'list', holder: undefined };
  }
  const key = listKeys(list, keys, device, at);
  if (!Array.isArray(key)) return key as RestconfError;
  return { step: { meta: list, key }, path: childPath(from, list, key), kind: 'list-entry', holder: list };
};

const stepFor = (node: StepNode, segment: ApiPathSegment, last: boolean, from: DataPath, device: Device): Step | RestconfError => {
  const keys = segment.keys;
  if (node.kind === 'list') return listStep(node, keys, last, from, device);
  if (keys === undefined) return { step: { meta: node } as TargetStep, path: childPath(from, node), kind: KINDS[node.kind], holder: node.kind === 'container' ? node : undefined };
  const at = formatPath(childPath(from, node));
  if (node.kind !== 'leaf-list') return pathError('invalid-value', `${node.kind} "${node.name}" takes no value in the path`, at);
  if (keys.length !== 1) return pathError('invalid-value', `leaf-list "${node.name}" takes one value in the path, got ${keys.length} (encode a comma as %2C)`, at);
  const r = decodeKey(node, keys[0] ?? '', device.schema);
  if (!r.ok) return pathError('invalid-value', `bad value for leaf-list "${node.name}": ${r.message}`, at);
  return { step: { meta: node, value: r.value }, path: childPath(from, node, [r.value]), kind: 'leaf-list-entry', holder: undefined };
};

export const resolveApiPath = (raw: string, device: Device, strict: boolean): Resolution => {
  if (raw === '' || raw === '/') return { ok: true, target: datastoreTarget };
  const root = MODULE_ROOT.exec(raw);
  const parsed = root === null ? parseApiPath(raw) : undefined;
  if (parsed !== undefined && !parsed.ok) return fail(pathError('invalid-value', `the path is not an api-path (RFC 8040 §3.5.3): ${parsed.message}`));
  const segments = parsed?.value.segments ?? [];
  const moduleName = root?.[1] ?? segments[0]?.module;
  if (moduleName === undefined) {
    return fail(pathError('unknown-namespace', `the first segment of a data path names its module, as "<module>:${segments[0]?.name ?? ''}"`));
  }
  const browser = device.browser(moduleName);
  if (browser === undefined) return fail(pathError('unknown-namespace', `"${moduleName}" is not a module served here`));
  if (root !== null) return { ok: true, target: { kind: 'module', browser, steps: [], path: rootPath, meta: browser.module } };
  const steps: TargetStep[] = [];
  let holder: StepHolder | undefined = browser.module;
  let path = rootPath;
  let kind: ResourceKind = 'module';
  let meta: StepNode | undefined;
  for (const [i, segment] of segments.entries()) {
    if (holder === undefined) {
      return fail(pathError('invalid-value', `${meta?.kind ?? 'node'} "${meta?.name ?? ''}" has nothing below it, but the path goes on to "${segment.name}"`, formatPath(path)));
    }
    const from = path;
    const found = childNamed(holder, segment, device.schema, strict, () => formatPath(from));
    if (!found.ok) return fail(found.error);
    const s = stepFor(found.node, segment, i === segments.length - 1, path, device);
    if (!('step' in s)) return fail(s);
    steps.push(s.step);
    ({ path, kind, holder } = s);
    meta = found.node;
  }
  return { ok: true, target: { kind, browser, steps, path, meta } };
};
