/**
 * The Location of a created data resource (RFC 8040 §4.4.1, §4.5): the
 * absolute URL of `/restconf/data` plus the api-path of the new resource,
 * key values in their canonical form, percent-encoded.
 */
import type { TargetStep } from '../../../actors/index.ts';
import type { ModuleMeta } from '../../../meta/meta.ts';
import { printApiPath, type ApiPathSegment } from '../../../parser/expr/index.ts';
import { encodeString } from '../../../types/index.ts';
import type { CoreRequest } from '../../exchange.ts';

const segmentOf = (step: TargetStep, previous: ModuleMeta | undefined): ApiPathSegment => {
  const meta = step.meta;
  const module = meta.module === previous ? undefined : meta.module.name;
  if (meta.kind === 'list' && 'key' in step && step.key !== undefined) {
    return { module, name: meta.name, keys: meta.keys.map((k, i) => encodeString(k.type, step.key?.[i] ?? '')) };
  }
  if (meta.kind === 'leaf-list' && 'value' in step && step.value !== undefined) {
    return { module, name: meta.name, keys: [encodeString(meta.type, step.value)] };
  }
  return { module, name: meta.name, keys: undefined };
};

export const dataUrl = (request: CoreRequest, steps: readonly TargetStep[]): string => {
  let previous: ModuleMeta | undefined;
  const segments = steps.map((s) => {
    const seg = segmentOf(s, previous);
    previous = s.meta.module;
    return seg;
  });
  const host = request.headers.get('host');
  const origin = host === undefined ? '' : `${request.secure ? 'https' : 'http'}://${host}`;
  return `${origin}/restconf/data${printApiPath({ segments })}`;
};
